"""One glossary for the words the page and the rules share (pyrules/locales/ru/glossary.json), and Russian that does
not depend on a name's gender or number: the same English says the same Russian on one screen."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

if sys.platform == "emscripten":  # the Pyodide run copies tests/ and README.md only, not web/ or docs/
    pytest.skip("reads the page's catalog and the glossary, not in the page's archive", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
RU = ROOT / "pyrules" / "locales" / "ru"
GLOSSARY = json.loads((RU / "glossary.json").read_text(encoding="utf-8"))["terms"]
CATALOGS = {name: json.loads((RU / name).read_text(encoding="utf-8")) for name in ("page.json", "rules.json")}
TEXTS = sorted({(english, russian) for catalog in CATALOGS.values() for english, russian in catalog.items()})
# A name's field, then (within its clause) a word whose form says the name is of one gender and number: a short
# participle or adjective, or a past-tense verb. «{name}: выбывает из боя», «{name} погибает» are neutral.
GENDERED = r"(убит|мёртв|мертва|ранен|повержен|сражён|побеждён|уничтожен|погиб|пал|выбыл|упал|умер)(а|о)?"
NAME_THEN_GENDERED = re.compile(r"\{\w+\}[^.;!?{}]{0,30}?(?<!\w)" + GENDERED + r"(?!\w)")
# The same forms on their own: a code that writes a name next to such a text (``${name} ${t("dead")}``) makes «Крыса
# убит». Only plural forms (чудовища мертвы) or nouns of a fixed gender (Отряд погиб) stay, and not these.
SHORT_FORM = re.compile(r"(?<!\w)(убит|мёртв|ранен|повержен|сражён|побеждён|уничтожен)(а)?(?!\w)")


def english_pattern(term: str) -> re.Pattern[str]:
    """The term as whole words, singular or plural; in capitals only when the books write it so."""
    flags = 0 if term.isupper() else re.IGNORECASE
    return re.compile(r"(?<![\w])" + re.escape(term) + r"(s|es)?(?![\w])", flags)


def russian_has(russian: str, stem: str, capitals: bool) -> bool:
    flags = 0 if capitals else re.IGNORECASE
    return re.search(r"(?<![\w])" + re.escape(stem), russian, flags) is not None


def terms_in(english: str) -> list[dict]:
    """The glossary's terms in an English text, the longer first (CLOSE COMBAT SKILL is not COMBAT SKILL too)."""
    found = []
    for term in sorted(GLOSSARY, key=lambda t: -len(t["en"])):
        pattern = english_pattern(term["en"])
        if pattern.search(english):
            found.append(term)
            english = pattern.sub(" ", english)
    return found


def test_the_glossary_is_well_formed():
    assert len({term["en"].lower() for term in GLOSSARY}) == len(GLOSSARY)
    for term in GLOSSARY:
        assert term["stems"], term
        for stem in term["stems"]:  # each stem begins a word of the term's Russian
            assert russian_has(term["ru"], stem, term["en"].isupper()), (term["en"], stem)


def test_the_matching_prefers_the_longer_term_and_keeps_capitals():
    assert [t["en"] for t in terms_in("Enemy CLOSE COMBAT SKILL")] == ["CLOSE COMBAT SKILL"]
    assert [t["en"] for t in terms_in("9.2.3: up to {n} {n|Blast spell|Blast spells}")] == ["Blast spell"]
    assert [t["en"] for t in terms_in("Your skill with a bow")] == []  # not the book's SKILL


@pytest.mark.parametrize("english,russian", TEXTS, ids=[english[:60] for english, _ in TEXTS])
def test_a_text_with_a_glossary_term_says_it_in_the_glossarys_russian(english, russian):
    missing = [
        f"{term['en']} → {term['ru']} (no «{stem}…»)"
        for term in terms_in(english)
        for stem in term["stems"]
        if not russian_has(russian, stem, term["en"].isupper())
    ]
    assert missing == [], f"{english!r} → {russian!r}"


def test_a_text_in_both_catalogs_has_one_translation():
    page, rules = CATALOGS.values()
    differ = {
        english: (page[english], rules[english])
        for english in page.keys() & rules.keys()
        if page[english] != rules[english]
    }
    assert differ == {}


@pytest.mark.parametrize("english,russian", TEXTS, ids=[english[:60] for english, _ in TEXTS])
def test_russian_does_not_give_a_name_a_gender(english, russian):
    assert NAME_THEN_GENDERED.search(russian) is None, russian
    assert SHORT_FORM.search(russian) is None, russian


@pytest.mark.parametrize("russian", ["{name} убит", "{name}: мертва", "Крыса {name} ранена.", "убит"])
def test_the_gender_check_finds_the_slips(russian):
    assert NAME_THEN_GENDERED.search(russian) or SHORT_FORM.search(russian)


@pytest.mark.parametrize("russian", ["{name}: выбывает из боя", "{name} погибает", "чудовища мертвы", "Отряд погиб."])
def test_the_gender_check_lets_neutral_russian_pass(russian):
    assert not NAME_THEN_GENDERED.search(russian) and not SHORT_FORM.search(russian)
