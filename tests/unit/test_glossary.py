"""One glossary per language for the words the page and the rules share (pyrules/locales/<code>/glossary.json), and
grammar that does not depend on a name's gender or number: the same English says the same words on one screen, in
every language the app has."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from pyrules import i18n

if sys.platform == "emscripten":  # the Pyodide run copies tests/ and README.md only, not web/ or docs/
    pytest.skip("reads the page's catalog and the glossary, not in the page's archive", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "pyrules" / "locales"
CODES = [code for code in i18n.LANGUAGES if code != "en"]


def read(code: str, name: str):
    return json.loads((LOCALES / code / name).read_text(encoding="utf-8"))


GLOSSARIES = {code: read(code, "glossary.json")["terms"] for code in CODES}
CATALOGS = {code: {name: read(code, name) for name in ("page.json", "rules.json")} for code in CODES}
TEXTS = [(code, english, translated) for code in CODES
         for english, translated in sorted({pair for catalog in CATALOGS[code].values() for pair in catalog.items()})]
# Each language's grammar checks are data in its own folder (pyrules/locales/<code>/grammar.json: each pattern with
# what it means). "gendered": a word whose form says a name is of one gender and number, checked after a name's field
# within its clause; "short_form": such a form on its own; "gender_examples": the slips these two must find and the
# texts they must let pass; "term_after_number" (Russian): a term after a number in the wrong case, any of its
# patterns, with its slips and right cases; "latin_words" or "same_as_english": how English left untranslated is found
# in the language's script (below). The pseudo-locale has no grammar.
GRAMMARS = {code: read(code, "grammar.json") for code in CODES if (LOCALES / code / "grammar.json").exists()}
GENDERED = {code: grammar["gendered"]["pattern"] for code, grammar in GRAMMARS.items()}
NAME_THEN_GENDERED = {code: re.compile(r"\{\w+\}[^.;!?{}]{0,30}?(?<!\w)" + words + r"(?!\w)")
                      for code, words in GENDERED.items()}  # fmt: skip
SHORT_FORM = {
    code: re.compile(grammar["short_form"]["pattern"], re.IGNORECASE if grammar["short_form"]["ignore_case"] else 0)
    for code, grammar in GRAMMARS.items()
}


def english_pattern(term: str) -> re.Pattern[str]:
    """The term as whole words, singular or plural; in capitals only when the books write it so."""
    flags = 0 if term.isupper() else re.IGNORECASE
    return re.compile(r"(?<![\w])" + re.escape(term) + r"(s|es)?(?![\w])", flags)


def has_stem(translated: str, stem: str, capitals: bool) -> bool:
    flags = 0 if capitals else re.IGNORECASE
    return re.search(r"(?<![\w])" + re.escape(stem), translated, flags) is not None


def terms_in(english: str, code: str = "ru") -> list[dict]:
    """The glossary's terms in an English text, the longer first (CLOSE COMBAT SKILL is not COMBAT SKILL too)."""
    found = []
    for term in sorted(GLOSSARIES[code], key=lambda t: -len(t["en"])):
        pattern = english_pattern(term["en"])
        if pattern.search(english):
            found.append(term)
            english = pattern.sub(" ", english)
    return found


@pytest.mark.parametrize("code", CODES)
def test_the_glossary_is_well_formed(code):
    glossary = GLOSSARIES[code]
    assert len({term["en"].lower() for term in glossary}) == len(glossary)
    for term in glossary:
        assert term["stems"], term
        for stem in term["stems"]:  # each stem begins a word of the term in the language
            assert has_stem(term[code], stem, term["en"].isupper()), (term["en"], stem)


def test_each_spanish_term_says_where_it_comes_from():
    for term in GLOSSARIES["es"]:
        assert term["source"].strip(), term  # a Spanish edition's, or "ours"


def test_the_matching_prefers_the_longer_term_and_keeps_capitals():
    assert [t["en"] for t in terms_in("Enemy CLOSE COMBAT SKILL")] == ["CLOSE COMBAT SKILL"]
    assert [t["en"] for t in terms_in("9.2.3: up to {n} {n|Blast spell|Blast spells}")] == ["Blast spell"]
    assert [t["en"] for t in terms_in("Your skill with a bow")] == []  # not the book's SKILL


@pytest.mark.parametrize("code,english,translated", TEXTS, ids=[f"{c}-{e[:60]}" for c, e, _ in TEXTS])
def test_a_text_with_a_glossary_term_says_it_in_the_glossarys_words(code, english, translated):
    missing = [
        f"{term['en']} → {term[code]} (no «{stem}…»)"
        for term in terms_in(english, code)
        for stem in term["stems"]
        if not has_stem(translated, stem, term["en"].isupper())
    ]
    assert missing == [], f"{english!r} → {translated!r}"


@pytest.mark.parametrize("code", CODES)
def test_a_text_in_both_catalogs_has_one_translation(code):
    page, rules = CATALOGS[code].values()
    differ = {
        english: (page[english], rules[english])
        for english in page.keys() & rules.keys()
        if page[english] != rules[english]
    }
    assert differ == {}


@pytest.mark.parametrize("code,english,translated", TEXTS, ids=[f"{c}-{e[:60]}" for c, e, _ in TEXTS])
def test_a_name_is_given_no_gender(code, english, translated):
    assert NAME_THEN_GENDERED[code].search(translated) is None, translated
    assert SHORT_FORM[code].search(translated) is None, translated


TERM_AFTER_NUMBER = {code: re.compile("|".join(grammar["term_after_number"]["patterns"]))
                     for code, grammar in GRAMMARS.items() if "term_after_number" in grammar}  # fmt: skip


@pytest.mark.parametrize("code,english,translated", TEXTS, ids=[f"{c}-{e[:60]}" for c, e, _ in TEXTS])
def test_a_number_is_never_followed_by_a_term_in_the_wrong_case(code, english, translated):
    if code in TERM_AFTER_NUMBER:
        assert TERM_AFTER_NUMBER[code].search(translated) is None, translated


# Each check's own test, from its language's grammar.json: the slips it must find, the texts it must let pass.
CASE_CHECKS = {code: grammar["term_after_number"] for code, grammar in GRAMMARS.items()
               if "term_after_number" in grammar}
CASE_SLIPS = [(code, text) for code, check in CASE_CHECKS.items() for text in check["slips"]]
CASE_RIGHT = [(code, text) for code, check in CASE_CHECKS.items() for text in check["right"]]


@pytest.mark.parametrize(("code", "text"), CASE_SLIPS)
def test_the_case_check_finds_the_slips(code, text):
    assert TERM_AFTER_NUMBER[code].search(text)


@pytest.mark.parametrize(("code", "text"), CASE_RIGHT)
def test_the_case_check_lets_the_right_cases_pass(code, text):
    assert not TERM_AFTER_NUMBER[code].search(text)


def test_every_language_has_its_gender_check():
    assert set(CODES) <= set(GENDERED) | {"en-XA"}  # a new language brings its own (the pseudo-locale has no grammar)


GENDER_EXAMPLES = {code: grammar.get("gender_examples", {}) for code, grammar in GRAMMARS.items()}
SLIPS = [(code, text) for code, examples in GENDER_EXAMPLES.items() for text in examples.get("slips", [])]
NEUTRAL = [(code, text) for code, examples in GENDER_EXAMPLES.items() for text in examples.get("neutral", [])]


def test_every_grammar_check_comes_with_its_own_test():
    """Each language's gender checks, and its case check where it has one, with slips to find and texts to pass."""
    assert {code for code, examples in GENDER_EXAMPLES.items() if examples.get("slips") and examples.get("neutral")} \
        == set(GRAMMARS) >= {"ru", "es"}
    assert all(check["slips"] and check["right"] for check in CASE_CHECKS.values()) and "ru" in CASE_CHECKS


@pytest.mark.parametrize(("code", "text"), SLIPS)
def test_the_gender_check_finds_the_slips(code, text):
    assert NAME_THEN_GENDERED[code].search(text) or SHORT_FORM[code].search(text)


@pytest.mark.parametrize(("code", "text"), NEUTRAL)
def test_the_gender_check_lets_neutral_words_pass(code, text):
    assert not NAME_THEN_GENDERED[code].search(text) and not SHORT_FORM[code].search(text)


# English left untranslated in the rules' texts, found as each language's script allows (its grammar.json): in a
# language written in another script, a word in Latin letters but the few its "latin_words" allows; in one written in
# Latin letters, a text the same as its English but those its "same_as_english" lists.
FIELD = re.compile(r"\{(\w+)\}")
PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")
RULES_TEXTS = [(code, english, translated)
               for code in CODES for english, translated in sorted(i18n.CATALOGS[code].items())]  # fmt: skip
LATIN = [text for text in RULES_TEXTS if "latin_words" in GRAMMARS.get(text[0], {})]


@pytest.mark.parametrize("code,english,translated", LATIN, ids=[f"{c}-{e[:60]}" for c, e, _ in LATIN])
def test_no_english_left_in_a_language_of_another_script(code, english, translated):
    text = PLURAL.sub("", FIELD.sub("", translated))
    words = set(re.findall(r"[A-Za-z]{2,}", text)) - set(GRAMMARS[code]["latin_words"]["allowed"])
    assert words == set(), translated


@pytest.mark.parametrize("code", [code for code in CODES if "same_as_english" in GRAMMARS.get(code, {})])
def test_no_english_left_as_it_was_in_a_language_of_latin_letters(code):
    same = {english for english, translated in i18n.CATALOGS[code].items() if english == translated}
    assert same == set(GRAMMARS[code]["same_as_english"]["texts"])
