"""English and Russian: every text the rules produce has a Russian version, with the same fields and plurals."""

from __future__ import annotations

import json
import re

import pytest
from conftest import make_record
from translatable import names, texts

from pyrules import Fight, RecordError, api
from pyrules.i18n import CATALOGS, language, plural, tr

RUSSIAN = CATALOGS["ru"]
FIELD = re.compile(r"\{(\w+)\}")
PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")
LATIN_ALLOWED = {"JSON", "pyrules", "true", "false", "SPI"}  # SPI: the publisher of Citadel of Blood


def test_every_text_of_the_rules_has_a_russian_version():
    found = texts()
    # the scan reaches every system's package (a text of each)
    assert {"the flask is empty", "9.8: this move is not allowed", "Vigour is already cast for this fight"} <= found
    missing = sorted((found | names()) - set(RUSSIAN))
    assert missing == []


@pytest.mark.parametrize("english", sorted(RUSSIAN))
def test_translation_keeps_fields_and_plural_forms(english):
    russian = RUSSIAN[english]
    assert set(FIELD.findall(english)) == set(FIELD.findall(russian))
    english_plurals = {name: forms.split("|") for name, forms in PLURAL.findall(english)}
    russian_plurals = {name: forms.split("|") for name, forms in PLURAL.findall(russian)}
    # Russian may need a plural where English has none ("{n} gold" / "{n} золотых"), never the other way round
    assert set(english_plurals) <= set(russian_plurals) <= set(FIELD.findall(english)) | set(english_plurals)
    assert all(len(forms) == 2 for forms in english_plurals.values())
    assert all(len(forms) == 3 for forms in russian_plurals.values())


@pytest.mark.parametrize("english", sorted(RUSSIAN))
def test_no_english_left_in_russian(english):
    text = PLURAL.sub("", FIELD.sub("", RUSSIAN[english]))
    words = set(re.findall(r"[A-Za-z]{2,}", text)) - LATIN_ALLOWED
    assert words == set(), RUSSIAN[english]


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
        assert Fight.from_record(record).log[0]["notes"] == ["Гоблин погибает; в бой вступает Орк"]
    assert Fight.from_record(record).log[0]["notes"] == ["Гоблин is dead; Орк fights on"]


def test_the_pages_copy_of_the_catalog_keyed_short_translates_every_text_the_same(monkeypatch):
    """build.py ships the Russian catalog keyed by each English text's CRC-32 (the English is in the code already):
    every text looks up the same Russian through it, a template still fills its fields and plural forms, and
    English is untouched."""
    from pyrules import i18n

    full = dict(RUSSIAN)
    short, is_short = i18n._catalog(i18n.keyed_short(full))
    assert is_short and len(short) == len(full) and all(len(key) <= 8 for key in short)
    monkeypatch.setitem(i18n.CATALOGS, "ru", short)
    monkeypatch.setattr(i18n, "SHORT", True)
    assert all(short[i18n.short_key(text)] == russian for text, russian in full.items())
    with language("ru"):
        said = tr("must be from {low} to {high}, not {value}", low=0, high=9, value=12)
        assert said == "должно быть от 0 до 9, а не 12"
        assert [tr("{n} {n|point|points}", n=n) for n in (1, 3, 7)] == ["1 очко", "3 очка", "7 очков"]
        assert tr("a text no catalog has") == "a text no catalog has"
    assert tr("must be from {low} to {high}, not {value}", low=0, high=9, value=12) == "must be from 0 to 9, not 12"
