"""Rules as the books write them. The Braslavsky book's weapons kept out of the backpack and its declined
luck test, Grey Star's WILLPOWER above its starting total, and an adventure's fight that starts from other values than
the last one left. (Citadel's 9.8 gap and its readings of 9.1, 9.2.2 and 9.3 are in test_citadel.py.)"""

from __future__ import annotations

import json

import pytest

from pyrules import Fight, RecordError, adventure, api
from pyrules.i18n import language, tr
from pyrules.systems import SYSTEMS

FF = SYSTEMS["fighting-fantasy"]


def ff(actions=(), rules=None, **hero):
    return {"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy",
            "hero": {"skill": 10, "stamina": 20, "luck": 9, **hero}, "enemies": [], "rules": rules or {},
            "actions": list(actions)}  # fmt: skip


SEVEN = ["верёвка", "факел", "ключ", "фляга", "кольцо", "зеркало", "свеча"]


def test_a_weapon_is_not_put_in_the_backpack_it_takes_none_of_the_seven_places():
    """«деньги и оружие в заплечный мешок не кладутся»: a full backpack still lets the hero take a weapon."""
    fight = Fight.from_record(ff([{"do": "arm", "weapon": "кинжал"}, {"do": "arm", "weapon": "топор"}], backpack=SEVEN))
    view = fight.view()
    assert view["hero"]["weapons"] == ["кинжал", "топор"] and view["hero"]["slots_free"] == 0
    assert view["hero"]["backpack"] == SEVEN
    with pytest.raises(RecordError, match="backpack holds only 7"):
        Fight.from_record(ff([{"do": "take", "item": "меч"}], backpack=SEVEN))  # as a thing, it would need a place
    fight.apply({"do": "disarm", "weapon": "топор"})
    assert fight.view()["hero"]["weapons"] == ["кинжал"]
    with pytest.raises(RecordError) as refused:
        fight.apply({"do": "disarm", "weapon": "топор"})
    assert refused.value.field == "actions[3].weapon"


def test_the_weapons_go_on_into_the_adventure_and_read_back():
    record = ff([{"do": "arm", "weapon": "кинжал"}])
    hero, _ = adventure.hero_after(record)
    assert hero["weapons"] == ["кинжал"] and FF.read_hero(hero) == hero
    following = Fight.from_record({**record, "hero": hero, "actions": []})
    assert following.view()["hero"]["weapons"] == ["кинжал"]


def test_weapons_are_taken_only_at_peace_and_at_most_ten():
    in_fight = ff([{"do": "round", "dice": [[6, 6], [1, 1]]}, {"do": "arm", "weapon": "кинжал"}])
    in_fight["enemies"] = [{"name": "ОРК", "skill": 5, "stamina": 20}]
    with pytest.raises(RecordError, match="actions\\[1\\]"):
        Fight.from_record(in_fight)
    with pytest.raises(RecordError) as refused:
        Fight.from_record(ff([{"do": "arm", "weapon": f"нож {i}"} for i in range(11)]))
    assert refused.value.field == "actions[10].weapon"
    with pytest.raises(RecordError) as refused:
        Fight.from_record(ff(weapons=[f"нож {i}" for i in range(11)]))
    assert refused.value.field == "hero.weapons"


@pytest.mark.parametrize(("rules", "cost"), [({"decline_costs_luck": True}, 1), ({"decline_costs_luck": False}, 0),
                                             ({}, 0)])  # fmt: skip
def test_a_declined_luck_test_costs_what_the_record_says_and_the_view_says_it(rules, cost):
    """The book's reading is what the page's form starts with (a browser test); a record that does not name the rule,
    as every record made before, keeps the meaning it was played with: the decline costs nothing."""
    before = Fight.from_record(ff(rules=rules))
    assert before.view()["decline_cost"] == cost and before.view()["decline_costs_luck"] == bool(cost)
    after = Fight.from_record(ff([{"do": "luck", "decline": True}], rules=rules))
    assert after.state.luck == 9 - cost


def test_grey_star_willpower_may_pass_its_starting_total_and_endurance_may_not():
    hero = {"skill": 15, "endurance": 20, "endurance_max": 25, "willpower": 27, "willpower_max": 25}
    document = {"format": "pyrules-adventure", "version": 1, "system": "grey-star", "hero": hero, "fights": []}
    assert adventure.read(document)["hero"]["willpower"] == 27  # the Magic Talisman's +2
    record = {"format": "pyrules-fight", "version": 1, "system": "grey-star", "hero": hero,
              "enemies": [{"name": "Deathgaunt", "skill": 20, "endurance": 30}]}  # fmt: skip
    assert Fight.from_record(record).state.willpower == 27
    with pytest.raises(RecordError) as refused:
        adventure.read({**document, "hero": {**hero, "endurance": 27}})
    assert refused.value.field == "hero.endurance_max"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_fight_that_starts_from_other_values_than_the_last_one_left_is_said(lang):
    last = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": {"skill": 15, "endurance": 20},
            "enemies": [{"name": "Giak", "skill": 10, "endurance": 6}], "actions": [{"do": "round", "number": 1}]}
    left, _ = adventure.hero_after(last)
    assert left["endurance"] < 20
    following = {**last, "hero": {"skill": "15", "endurance": "30", "endurance_max": "30"}, "actions": []}
    request = {"op": "start", "record": following, "form": True, "left": left, "lang": lang}
    reply = json.loads(api.call(json.dumps(request)))
    with language(lang):
        label = tr(SYSTEMS["lone-wolf"].labels()["endurance"])
    assert {"label": label, "now": "30", "left": str(left["endurance"])} in reply["changed"]
    same = json.loads(api.call(json.dumps({**request, "record": {**last, "hero": left, "actions": []}})))
    assert same["changed"] == []  # started from what the last fight left: nothing to say
    assert "changed" not in json.loads(api.call(json.dumps({"op": "start", "record": last})))
