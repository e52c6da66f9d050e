"""Every language: every text the rules produce has a version in it, with the same fields and its own plural forms;
Russian's plural forms and words in detail. English left untranslated is found by each language's grammar checks
(tests/unit/test_glossary.py)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from conftest import make_record
from fuzzing import keyed_short
from translatable import names, texts

from pyrules import Fight, RecordError, api
from pyrules.fields import key_name
from pyrules.i18n import CATALOGS, LANGUAGE_DATA, LANGUAGES, language, plural, tr
from pyrules.systems import SYSTEMS

RUSSIAN = CATALOGS["ru"]
OTHERS = [code for code in LANGUAGES if code != "en"]
PAIRS = [(code, english) for code in OTHERS for english in sorted(CATALOGS[code])]
FIELD = re.compile(r"\{(\w+)\}")
PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")


@pytest.mark.parametrize("code", OTHERS)
def test_every_text_of_the_rules_has_a_version_in_every_language(code):
    found = texts()
    # the scan reaches every system's package (a text of each)
    assert {"the flask is empty", "9.8: this move is not allowed", "Vigour is already cast for this fight"} <= found
    missing = sorted((found | names()) - set(CATALOGS[code]))
    assert missing == []


@pytest.mark.parametrize(("code", "english"), PAIRS)
def test_translation_keeps_fields_and_plural_forms(code, english):
    translated = CATALOGS[code][english]
    assert set(FIELD.findall(english)) == set(FIELD.findall(translated))
    english_plurals = {name: forms.split("|") for name, forms in PLURAL.findall(english)}
    own_plurals = {name: forms.split("|") for name, forms in PLURAL.findall(translated)}
    # a language may need a plural where English has none ("{n} gold" / "{n} золотых"), never the other way round
    assert set(english_plurals) <= set(own_plurals) <= set(FIELD.findall(english)) | set(english_plurals)
    assert all(len(forms) == 2 for forms in english_plurals.values())
    assert all(len(forms) == len(LANGUAGE_DATA[code]["forms"]) for forms in own_plurals.values())


@pytest.mark.parametrize(
    "n,form",
    [
        (0, "очков"),
        (1, "очко"),
        (2, "очка"),
        (4, "очка"),
        (5, "очков"),
        (11, "очков"),
        (12, "очков"),
        (14, "очков"),
        (21, "очко"),
        (22, "очка"),
        (25, "очков"),
        (101, "очко"),
        (111, "очков"),
        (112, "очков"),
        (1001, "очко"),
    ],
)
def test_russian_plural_forms(n, form):
    with language("ru"):
        assert tr("{n} {n|point|points}", n=n) == f"{n} {form}"


def test_english_plural_forms():
    assert [tr("{n} {n|point|points}", n=n) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert plural("en", 1) == "one" and plural("en", 21) == "other"


def test_errors_in_russian_name_the_field_in_the_books_words():
    with language("ru"), pytest.raises(RecordError) as error:
        Fight.from_record(make_record("fighting-fantasy", {"skill": "десять", "stamina": 18, "luck": 9}, []))
    assert str(error.value) == "hero.skill (МАСТЕРСТВО): должно быть целым числом от 0 до 99, а не 'десять'"


@pytest.mark.parametrize("system", ["lone-wolf", "grey-star", "freeway-warrior", "citadel-of-blood"])
def test_a_fight_with_no_enemy_is_refused_naming_them_in_the_books_words(system):
    record = {**make_record(system), **SYSTEMS[system].examples["typical"], "enemies": []}
    said = {"lone-wolf": "Враги", "grey-star": "Враги", "freeway-warrior": "Враги", "citadel-of-blood": "Чудовища"}
    with language("ru"), pytest.raises(RecordError) as error:
        Fight.from_record(record)
    assert str(error.value).startswith(f"enemies ({said[system]}): должно содержать от 1 до ")


def test_the_boundary_answers_in_the_language_asked():
    reply = json.loads(api.call(json.dumps({"op": "hello", "lang": "ru", "describe": True})))
    assert reply["systems"]["fighting-fantasy"]["labels"]["skill"] == "МАСТЕРСТВО"
    assert reply["systems"]["grey-star"]["labels"]["willpower"] == "СИЛА ВОЛИ"
    assert reply["systems"]["lone-wolf"]["book"] == "Рассвет Тёмных Владык"
    english = json.loads(api.call(json.dumps({"op": "hello", "describe": True})))
    assert english["systems"]["fighting-fantasy"]["labels"]["skill"] == "SKILL"
    bad = json.loads(api.call(json.dumps({"op": "hello", "lang": "fr"})))
    assert bad["ok"] is False and bad["error"]["field"] == "lang"


def test_a_full_backpack_in_russian():
    record = make_record(
        "fighting-fantasy",
        {"skill": 10, "stamina": 18, "luck": 9, "food": 2, "backpack": ["a", "b", "c", "d", "e"]},
        [],
    )
    session = json.loads(api.call(json.dumps({"op": "start", "record": record, "lang": "ru"})))["session"]
    reply = json.loads(
        api.call(
            json.dumps({"op": "act", "session": session, "lang": "ru", "action": {"do": "take", "item": "верёвка"}})
        )
    )
    assert reply["error"]["message"] == "в заплечный мешок можно положить только 7 предметов, а в нём уже 7"
    assert reply["error"]["label"] == "Положить в мешок"


def test_log_notes_follow_the_language():
    record = make_record(
        enemies=[{"name": "Гоблин", "skill": 10, "endurance": 2}, {"name": "Орк", "skill": 10, "endurance": 9}],
        actions=[{"do": "round", "number": 0}],
    )
    with language("ru"):
        assert Fight.from_record(record).log[0]["notes"] == ["Гоблин: вне боя; следующий противник — Орк"]
    assert Fight.from_record(record).log[0]["notes"] == ["Гоблин: out of the fight; the next enemy: Орк"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="tools/ is not in Pyodide")
def test_the_builds_catalog_keyed_short_is_the_tests_and_refuses_two_texts_with_one_key(monkeypatch):
    """tools/words.py keys the page's copy of a catalog as the tests' copy does, and refuses two texts one key."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from pyrules import i18n
    from tools.words import keyed_short as built

    assert built(RUSSIAN) == keyed_short(RUSSIAN) and len(built(RUSSIAN)) == len(RUSSIAN) + 1
    monkeypatch.setattr(i18n, "short_key", lambda text: "same")
    with pytest.raises(ValueError, match="same short key"):
        built({"one": "1", "two": "2"})


def test_the_pages_copy_of_the_catalog_keyed_short_translates_every_text_the_same(monkeypatch):
    """build.py ships the Russian catalog keyed by each English text's CRC-32 (the English is in the code already):
    every text looks up the same Russian through it, a template still fills its fields and plural forms, and
    English is untouched."""
    from pyrules import i18n

    full = dict(RUSSIAN)
    short, is_short = i18n._catalog(keyed_short(full))
    assert is_short and len(short) == len(full) and all(len(key) <= 8 for key in short)
    monkeypatch.setitem(i18n.CATALOGS, "ru", short)
    monkeypatch.setattr(i18n, "SHORT", {"ru"})
    assert all(short[i18n.short_key(text)] == russian for text, russian in full.items())
    with language("ru"):
        said = tr("must be from {low} to {high}, not {value}", low=0, high=9, value=12)
        assert said == "должно быть от 0 до 9, а не 12"
        assert [tr("{n} {n|point|points}", n=n) for n in (1, 3, 7)] == ["1 очко", "3 очка", "7 очков"]
        assert tr("a text no catalog has") == "a text no catalog has"
    assert tr("must be from {low} to {high}, not {value}", low=0, high=9, value=12) == "must be from 0 to 9, not 12"


def russian_by_hand(n: int) -> str:
    """CLDR's Russian categories for whole numbers, written out as its chart states them (the reference the rule in
    languages.json is checked against)."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "few"
    return "many"


def test_the_plural_rules_in_the_language_list_give_cldrs_categories():
    assert [plural("ru", n) for n in range(1000)] == [russian_by_hand(n) for n in range(1000)]
    assert [plural("en", n) for n in range(5)] == ["other", "one", "other", "other", "other"]
    assert plural("ru", -21) == "one"  # a loss counts as its size


@pytest.mark.parametrize("rule", ["n is 1", "i = 1", "n % 10 = 1 or", "n = one"])
def test_a_plural_rule_outside_cldrs_whole_number_forms_is_refused(rule):
    from pyrules.i18n import _plural_rule

    with pytest.raises(ValueError, match="plural rule"):
        _plural_rule(rule)(1)


def test_a_new_language_is_its_folder_and_its_line(tmp_path, monkeypatch):
    """What README's "Adding a language" promises: a copy of the locales with one more folder and one more line in
    languages.json, and nothing else, gives the rules (their API), the plural choices and the page's build that
    language."""
    import shutil
    import sys
    from pathlib import Path

    from pyrules import i18n

    root = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES, root)
    (root / "xx").mkdir()
    (root / "xx" / "rules.json").write_text(json.dumps({
        "must be from {low} to {high}, not {value}": "from-xx {low}..{high} not {value}",
        "{n} {n|point|points}": "{n} {n|un|deux|plus}",
    }), encoding="utf-8")
    (root / "xx" / "page.json").write_text(json.dumps({"Language": "Lingo-xx"}), encoding="utf-8")
    (root / "xx" / "glossary.json").write_text(json.dumps({"about": "", "terms": []}), encoding="utf-8")
    listed = json.loads((root / "languages.json").read_text(encoding="utf-8"))
    listed["languages"].append(
        {"code": "xx", "name": "Xx-ish", "plural": [["one", "n = 1"], ["two", "n = 2"], ["other", ""]]}
    )
    (root / "languages.json").write_text(json.dumps(listed), encoding="utf-8")

    data, catalogs, short = i18n.read_locales(str(root))
    assert list(data)[-1] == "xx" and data["xx"]["forms"] == ("one", "two", "other")
    for name, value in [("LOCALES", str(root)), ("LANGUAGE_DATA", data), ("CATALOGS", catalogs), ("SHORT", short),
                        ("LANGUAGES", tuple(data))]:
        monkeypatch.setattr(i18n, name, value)
    with language("xx"):
        assert tr("must be from {low} to {high}, not {value}", low=0, high=9, value=12) == "from-xx 0..9 not 12"
        assert [tr("{n} {n|point|points}", n=n) for n in (1, 2, 7)] == ["1 un", "2 deux", "7 plus"]
    reply = json.loads(api.call(json.dumps({"op": "hello", "lang": "xx"})))
    assert reply["ok"], reply

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    if sys.platform == "emscripten":
        return  # build.py is not in the Pyodide run's copy
    from tools.words import language_options, languages, opening_css, ui_catalogs

    assert [lang["code"] for lang in languages()] == [*i18n.LANGUAGES[:-1], "xx"]
    assert '<option value="xx" lang="xx">Xx-ish</option>' in language_options()
    words = json.loads(ui_catalogs()["xx"])  # the page's and the rules' texts, one download, packed

    assert len(words["keys"]) == 4 * (len(words["page"]) + len(words["rules"]))  # the page's keys, then the rules'

    def unpacked(texts: list, start: int) -> dict:  # as i18n.js reads it
        assert texts == sorted(texts)  # ordered by text (tools/words.py's packed)
        return {words["keys"][4 * (start + i) : 4 * (start + i) + 4]: text for i, text in enumerate(texts)}

    assert unpacked(words["page"], 0)[i18n.short_key("Language")] == "Lingo-xx"
    rules = unpacked(words["rules"], len(words["page"]))
    assert rules[i18n.short_key("{n} {n|point|points}")] == "{n} {n|un|deux|plus}"
    assert 'html:not([lang="xx"]) #opening-link [lang="xx"]' in opening_css()


TEMPLATE = "must be from {low} to {high}, not {value}"


@pytest.mark.parametrize("short", [False, True])
@pytest.mark.parametrize(
    "text,message",
    [
        ("{0}", "holds '{0}', which is not a placeholder such as {name}"),
        ("от {low} {", "holds '{', which is not a placeholder such as {name}"),
        ("} {low}", "holds '}', which is not a placeholder such as {name}"),
        ("{value.__class__}", "holds '{value.__class__}', which is not a placeholder such as {name}"),
        ("{value[0]}", "holds '{value[0]}', which is not a placeholder such as {name}"),
        ("{value!r}", "holds '{value!r}', which is not a placeholder such as {name}"),
        ("{value:>999999999}", "holds '{value:>999999999}', which is not a placeholder such as {name}"),
        ("{low|", "holds '{', which is not a placeholder such as {name}"),
        ("{value}{value}{value}", "fills in {value} more than 2 times"),
        ("x" * 1001, "must be at most 1000 characters long"),
        ("\ud800 {low}", "holds a broken character (U+D800) that is not text"),
    ],
)
def test_a_catalog_given_at_run_time_is_refused_whole_naming_the_text_that_breaks(text, message, short):
    """The words op's catalog is data (the page's copy of the rules holds none until the page gives it): a text that
    str.format would fail on, show an object's insides by, or blow up with is refused, the whole catalog with it,
    naming the text; the language keeps what it had."""
    from pyrules import i18n

    catalog = {TEMPLATE: text, "is missing": "отсутствует"}
    given = keyed_short(catalog) if short else catalog
    before = dict(CATALOGS["ru"])
    reply = json.loads(api.call(json.dumps({"op": "words", "language": "ru", "catalog": given})))
    assert reply["ok"] is False and reply["error"]["message"] == message
    assert reply["error"]["field"] == "catalog." + key_name(i18n.short_key(TEMPLATE) if short else TEMPLATE)
    assert CATALOGS["ru"] == before


def test_a_catalogs_names_are_its_english_ones_checked_when_added_or_when_first_used(monkeypatch):
    """Keyed by the English, a text with a name its English has not is refused when given; keyed short (the page's
    download: the English is not in it), it is found out when first used, and the English said instead. A plural
    chosen by a name that is not a count gives the English too."""
    from pyrules import i18n

    keyed = {TEMPLATE: "от {low} до {high}, а не {x}"}
    reply = json.loads(api.call(json.dumps({"op": "words", "language": "ru", "catalog": keyed})))
    assert reply["error"]["field"] == "catalog." + key_name(TEMPLATE)
    assert reply["error"]["message"] == "uses {x}, which its English text does not"
    monkeypatch.setitem(CATALOGS, "ru", {})
    monkeypatch.setattr(i18n, "SHORT", set(i18n.SHORT))
    short = keyed_short({**keyed, "is missing": "{value|a|b|c}", "{n} {n|point|points}": "{{n|x.__class__|y}}"})
    reply = json.loads(api.call(json.dumps({"op": "words", "language": "ru", "catalog": short})))
    assert reply == {"ok": True, "texts": 3, "kept": False}
    with language("ru"):
        assert tr(TEMPLATE, low=0, high=9, value=12) == "must be from 0 to 9, not 12"
        assert tr("is missing", value="abc") == "is missing"
        # a doubled brace is a brace, never a choice; one its English has not is found out when used: the English
        assert tr("{n} {n|point|points}", n=3) == "3 points"


@pytest.mark.parametrize("text", ["{{x}}", "{{", "}}", "от {low} {{до}} {high}", "{{{low}}}"])
def test_a_brace_written_as_itself_where_its_english_has_none_is_refused_or_never_used(text, monkeypatch):
    """What a text makes may be given to tr() again (a label inside an error's words), so a catalog's text writes a
    brace as itself only where its English does: keyed by the English, the catalog is refused naming the text; keyed
    short, the English is said instead. A later error in that language is never an internal one."""
    from pyrules import i18n

    reply = json.loads(api.call(json.dumps({"op": "words", "language": "ru", "catalog": {TEMPLATE: text}})))
    assert reply["ok"] is False and reply["error"]["field"] == "catalog." + key_name(TEMPLATE)
    assert reply["error"]["message"] == "holds '{{', which is not a placeholder such as {name}"
    monkeypatch.setitem(CATALOGS, "ru", {})
    monkeypatch.setattr(i18n, "SHORT", set(i18n.SHORT))
    every = {english: text for english in texts()}
    reply = json.loads(api.call(json.dumps({"op": "words", "language": "ru", "catalog": keyed_short(every)})))
    assert reply["ok"], reply
    with language("ru"):
        assert tr(TEMPLATE, low=0, high=9, value=12) == "must be from 0 to 9, not 12"
    refused = json.loads(api.call(json.dumps({"op": "new_hero", "system": "grey-star", "numbers": {"skill": "x"},
                                              "lang": "ru"})))  # fmt: skip
    assert refused["ok"] is False and "internal" not in refused and refused["error"]["field"] == "numbers.skill"
