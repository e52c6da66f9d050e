"""Property tests (hypothesis): invariants of every fight, replay determinism, and a boundary that never raises."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyrules import Fight, RecordError, api, rng
from pyrules.systems.lonewolf import LONE_WOLF_FAMILY as SYSTEMS

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_strategy = st.fixed_dictionaries(
    {},
    optional={
        "evade_after": st.integers(0, 5),
        "evade_until": st.integers(1, 5),
        "evade_when_enemy_at_most": st.integers(0, 30),
        "skill_modifier": st.integers(-10, 10),
        "unarmed_rounds": st.integers(0, 3),
        "enemy_immune_rounds": st.integers(0, 3),
        "hero_immune_rounds": st.integers(0, 3),
        "enemy_loss_multiplier": st.sampled_from([0, 0.5, 1, 1.5, 2, 3]),
        "hero_loss_multiplier": st.sampled_from([0, 0.5, 1, 2]),
        "enemy_extra_loss": st.integers(0, 3),
        "hero_extra_loss": st.integers(0, 3),
        "hero_extra_loss_when_wounded": st.integers(0, 3),
        "max_rounds": st.integers(1, 20),
    },
)


@st.composite
def fights(draw):
    system = draw(st.sampled_from(sorted(SYSTEMS)))
    cls = SYSTEMS[system]
    hero = {
        "skill": draw(st.integers(0, 40)),
        "endurance": draw(st.integers(1, 60)),
        "weapon": draw(st.sampled_from(sorted(cls.weapons))),
    }
    if cls.has_willpower:
        hero["willpower"] = draw(st.integers(0, 40))
    enemies = [
        {"name": f"E{i}", "skill": draw(st.integers(0, 40)), "endurance": draw(st.integers(1, 60))}
        for i in range(draw(st.integers(1, 3)))
    ]
    record = {
        "format": "pyrules-fight",
        "version": 1,
        "system": system,
        "hero": hero,
        "enemies": enemies,
        "rules": draw(rules_strategy),
        "seed": draw(st.integers(0, rng.MAX_SEED)),
        "actions": [],
    }
    wishes = draw(
        st.lists(
            st.fixed_dictionaries(
                {"do": st.sampled_from(["round", "round", "round", "evade", "vigour"])},
                optional={"number": st.integers(0, 9), "willpower": st.integers(0, 6)},
            ),
            max_size=30,
        )
    )
    return record, wishes


def play_wishes(record, wishes):
    """Apply each wished action; refused ones must leave the fight untouched. Yields (before, after, event)."""
    fight = Fight.from_record(record)
    for wish in wishes:
        before = fight.state
        try:
            event = fight.apply(wish)
        except RecordError:
            assert fight.state == before
            continue
        yield fight, before, fight.state, event


@SETTINGS
@given(fights())
def test_endurance_never_rises_in_a_round(case):
    record, wishes = case
    for _, before, after, _ in play_wishes(record, wishes):
        assert after.endurance <= before.endurance
        assert all(a <= b for a, b in zip(after.enemies, before.enemies))
        assert after.endurance >= 0 and min(after.enemies) >= 0


@SETTINGS
@given(fights())
def test_willpower_spend_bounds(case):
    record, wishes = case
    for _, before, after, event in play_wishes(record, wishes):
        if before.willpower is None:
            assert after.willpower is None
            continue
        spent = event.get("willpower_spent") or 0
        assert after.willpower == before.willpower - spent >= 0
        if spent:
            assert 1 <= spent <= before.willpower
            assert record["hero"]["weapon"] == "staff"


@SETTINGS
@given(fights())
def test_outcomes_are_consistent(case):
    record, wishes = case
    for _, _, after, event in play_wishes(record, wishes):
        if after.outcome == "lost":
            assert after.endurance == 0
        if after.outcome == "won":
            assert set(after.enemies) == {0} and after.endurance > 0
        if after.outcome == "ongoing":
            assert after.endurance > 0 and after.enemies[after.current] > 0
        assert event["kind"] in ("round", "evade", "vigour")


@SETTINGS
@given(fights())
def test_replay_is_deterministic(case):
    record, wishes = case
    played = list(play_wishes(record, wishes))
    final = played[-1][0] if played else Fight.from_record(record)
    again = Fight.from_record(json.loads(json.dumps(final.record())))
    assert again.log == final.log and again.state == final.state
    assert again.record() == final.record()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["start", "act", "undo", "replay", "new_hero", "hello", "nope"]), json_values, json_values)
def test_the_boundary_never_raises(op, a, b):
    for request in (
        {"op": op, "record": a, "action": b, "session": 1},
        {"op": op, "record": a},
        {"op": op, "system": a, "numbers": b},
        a,
    ):
        reply = json.loads(api.call(json.dumps(request)))
        assert reply["ok"] in (True, False)
        assert "internal" not in reply, reply
        if not reply["ok"]:
            assert reply["error"]["message"]


@settings(max_examples=200, deadline=None)
@given(fights(), st.data())
def test_mutated_records_give_a_fight_or_a_named_error(case, data):
    record, _ = case
    path = data.draw(
        st.sampled_from(
            [
                ("hero", "skill"),
                ("hero", "endurance"),
                ("enemies", 0, "skill"),
                ("seed",),
                ("rules", "max_rounds"),
                ("version",),
                ("system",),
            ]
        )
    )
    value = data.draw(json_values)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        Fight.from_record(record)
    except RecordError as error:
        assert error.field and error.message


def test_random_numbers_are_uniform_enough():
    counts = Counter(rng.random_number(12345, n) for n in range(100_000))
    assert set(counts) == set(range(10))
    assert all(9_700 <= c <= 10_300 for c in counts.values()), counts
    dice = Counter(rng.die(1, n) for n in range(60_000))
    assert set(dice) == set(range(1, 7)) and all(9_700 <= c <= 10_300 for c in dice.values()), dice


def test_random_numbers_are_pinned():
    """The generator is part of the record format: changing it would change every saved fight."""
    assert [rng.random_number(0, n) for n in range(12)] == [rng.uniform(0, n, 10) for n in range(12)]
    assert rng.mix64(0, 0) == 0xE220A8397B1DCDAF
    assert [rng.random_number(7, n) for n in range(10)] == [3, 0, 9, 5, 4, 2, 4, 3, 1, 4]
