"""Every hero a fight leaves is one the next fight and the adventure accept (the record's own limits hold
through every action), and every number typed as text is refused by its shape before any conversion."""

from __future__ import annotations

import json
import time

import pytest
from fuzzing import SYSTEM_KEYS, played_records, wishes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyrules import RecordError, adventure, api
from pyrules.fields import MAX_DIGITS, Reader
from pyrules.fight import Fight
from pyrules.systems import SYSTEMS

# Actions that push a sheet's numbers to their limits (a paragraph's "you find 999,999 gold"), beside plausible ones.
EXTREMES = {
    "fighting-fantasy": st.one_of(
        st.fixed_dictionaries({"do": st.just("gold"), "amount": st.sampled_from([1, 999_999, -999_999])}),
        st.fixed_dictionaries({"do": st.just("adjust")}, optional={
            "max_stamina": st.sampled_from([1, 999, -999]), "stamina": st.sampled_from([999, -999]),
            "skill": st.sampled_from([99, -99]), "luck_change": st.sampled_from([99, -99])}),
    ),
}  # fmt: skip
played = {key: 0 for key in SYSTEM_KEYS}  # fights played into an adventure, by system: each must have some


@pytest.mark.parametrize("system", SYSTEM_KEYS)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_hero_a_fight_leaves_goes_on_into_the_adventure_and_the_next_fight(system, data):
    record = data.draw(played_records([system]))
    try:
        fight = Fight.from_record(record)
    except RecordError:
        return  # a set-up the rules refuse (the fuzz's own): no fight, no hero left by one
    for wish in data.draw(st.lists(EXTREMES.get(system, st.nothing()) | wishes(system), max_size=10)):
        try:  # then the sheet's own changes, pushed to their limits, kept where the rules accept them
            fight.apply(wish)
        except RecordError:
            continue
    record = fight.record()
    hero, outcome = adventure.hero_after(record)
    assert SYSTEMS[system].read_hero(hero) == hero  # reads back to itself: within every limit of the record
    document = {"format": "pyrules-adventure", "version": 1, "system": system, "hero": hero,
                "fights": [{"name": "x", "when": 0, "record": record}]}  # fmt: skip
    assert adventure.read(document)["hero"] == hero
    if outcome != "lost" and fight.state.outcome != "lost":
        following = {**record, "hero": hero, "actions": []}
        try:
            Fight.from_record(following)
        except RecordError as error:  # only for a reason of the fight's own, never the hero's numbers
            assert not error.field.startswith("hero"), (hero, error)
    played[system] += 1


def test_the_adventure_test_played_fights_of_every_system():
    assert all(played.values()), played  # runs after the test above (pytest keeps the file's order)


def ff(actions, **hero):
    return {"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy",
            "hero": {"skill": 10, "stamina": 20, "luck": 9, **hero}, "enemies": [], "actions": actions}  # fmt: skip


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (ff([{"do": "gold", "amount": 1}], gold=999_999), "actions[0].amount"),
        (ff([{"do": "gold", "amount": 999_999}, {"do": "gold", "amount": 999_999}], gold=0), "actions[1].amount"),
        (ff([{"do": "adjust", "max_stamina": 999}]), "actions[0].max_stamina"),
    ],
)
def test_an_action_that_would_pass_the_sheets_limit_is_refused_by_name(record, field):
    with pytest.raises(RecordError) as refused:
        Fight.from_record(record)
    assert refused.value.field == field


@pytest.mark.parametrize("text", ["--5", "+-1", "++2", "-", "+", "1-", "5" * (MAX_DIGITS + 1), "9" * 5000, "0x10",
                                  "1e3", "١٢", "1 2", "1_000"])  # fmt: skip
def test_a_typed_number_of_the_wrong_shape_is_refused_naming_its_field(text):
    request = {"op": "new_hero", "system": "freeway-warrior", "numbers": {"endurance": text}}
    reply = json.loads(api.call(json.dumps(request)))
    assert reply["ok"] is False and "internal" not in reply
    assert reply["error"]["field"] == "numbers.endurance"
    record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf",
              "hero": {"skill": "15", "endurance": text},
              "enemies": [{"name": "Giak", "skill": "12", "endurance": "10"}]}  # fmt: skip
    reply = json.loads(api.call(json.dumps({"op": "start", "record": record, "form": True})))
    assert reply["ok"] is False and reply["error"]["field"] == "hero.endurance", reply


@pytest.mark.parametrize("text", ["1e10000000", "1e100000000", "9" * 4000, "1/" + "9" * 50, "0." + "5" * 100])
def test_a_multiplier_of_a_huge_size_is_refused_before_it_is_built(text):
    started = time.perf_counter()
    with pytest.raises(RecordError) as refused:
        Reader({"x": text}, "rules", lenient=True).fraction("x", low=0, high=10)
    assert refused.value.field == "rules.x"
    assert time.perf_counter() - started < 1.0  # a bound, not a timing: it took 14 s when Fraction() came first


@pytest.mark.parametrize(("text", "value"), [("2", 2), ("0.5", 0.5), (".25", 0.25), ("1/2", 0.5), ("1.50", 1.5),
                                             ("\u22120", 0), (" 3 ", 3), ("5e-1", 0.5)])  # fmt: skip
def test_multipliers_of_every_usual_shape_still_read(text, value):
    assert Reader({"x": text}, "rules", lenient=True).fraction("x", low=0, high=10) == value
