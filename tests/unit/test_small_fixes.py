"""Small fixes a player asked for: the backpack's refusal says the limit once (the form's label says it), and the
hero's name typed on the adventure sheet goes into the fight record's hero of the systems whose hero has one."""

from __future__ import annotations

import json

import pytest
from conftest import make_record

from pyrules import Fight, RecordError, api
from pyrules.i18n import language

FF_HERO = {"skill": 10, "stamina": 18, "luck": 9}
# The set-up form's label of the backpack (web/screen-ff.js), in each language (pyrules/locales/ru/page.json).
BACKPACK_LABEL = {
    "en": "Backpack: one thing per line (at most 7, food included)",
    "ru": "Заплечный мешок: по предмету в строке (не больше 7, вместе с едой)",
}


@pytest.mark.parametrize(
    "lang,things,food,message",
    [
        ("en", 5, 3, "has 8 things counting the food, 1 too many"),
        ("ru", 5, 3, "в нём 8 предметов с учётом еды, 1 лишний"),
        ("en", 9, 0, "has 9 things counting the food, 2 too many"),  # typed lines: the same words, not a list's
        ("ru", 6, 5, "в нём 11 предметов с учётом еды, 4 лишних"),
    ],
)
def test_a_full_backpack_at_the_set_up_is_refused_without_saying_the_limit_twice(lang, things, food, message):
    hero = {**FF_HERO, "backpack": [f"x{i}" for i in range(things)], "food": food}
    with language(lang), pytest.raises(RecordError) as error:
        Fight.from_record(make_record("fighting-fantasy", hero, [], actions=()), lenient=True)
    assert error.value.field == "hero.backpack"
    assert error.value.message == message
    shown = f"{BACKPACK_LABEL[lang]}: {error.value.message}"  # as the page shows it (dom.js showError)
    assert shown.count("7") == 1  # the label's limit; the message says what was typed


def test_the_systems_say_whether_their_hero_takes_the_sheets_name():
    systems = json.loads(api.call(json.dumps({"op": "hello", "describe": True})))["systems"]
    named = {key: system["named_hero"] for key, system in systems.items()}
    assert named == {
        "lone-wolf": True,
        "grey-star": True,
        "freeway-warrior": True,
        "fighting-fantasy": True,
        "citadel-of-blood": False,  # a party: each character is named in its own row
    }


@pytest.mark.parametrize(
    "system,hero,enemy",
    [
        ("lone-wolf", {"skill": 15, "endurance": 20}, {"name": "Giak", "skill": 10, "endurance": 6}),
        ("fighting-fantasy", FF_HERO, {"name": "ОРК", "skill": 5, "stamina": 5}),
    ],
)
def test_the_hero_of_the_sheet_as_long_as_the_sheet_allows_names_the_fight(system, hero, enemy):
    name = "Ю" * 80  # the sheet's "Hero's name" takes 80 characters (pyrules.adventure.MAX_NAME)
    record = make_record(system, {**hero, "name": name}, [enemy])
    reply = json.loads(api.call(json.dumps({"op": "start", "record": record, "form": True, "lang": "ru"})))
    assert reply["ok"], reply
    assert reply["summary"]["hero"] == name and reply["record"]["hero"]["name"] == name
