"""Property tests (hypothesis): invariants of every fight, replay determinism, and a boundary that never raises."""

from __future__ import annotations

import json
from collections import Counter

from conftest import play_wishes
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pyrules import Fight, RecordError, api, rng
from pyrules.systems.lonewolf import LONE_WOLF_FAMILY as SYSTEMS
from pyrules.systems.lonewolf import Action

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


RULE_VALUES = {
    "evade_after": st.integers(0, 4),
    "evade_until": st.integers(1, 4),
    "evade_when_enemy_at_most": st.integers(0, 30),
    "evade_before_round": st.just(True),
    "skill_modifier": st.integers(-10, 10),
    "skill_modifier_rounds": st.integers(0, 4),
    "unarmed_rounds": st.integers(0, 4),
    "enemy_immune_rounds": st.integers(0, 4),
    "hero_immune_rounds": st.integers(0, 4),
    "enemy_loss_multiplier": st.sampled_from([0, 0.5, 1, 2]),
    "hero_extra_loss_when_wounded": st.integers(0, 2),
    "max_rounds": st.integers(1, 6),
    "end_when_enemy_at_most": st.integers(0, 10),
    "end_when_hero_at_most": st.integers(0, 10),
    "restore_part": st.sampled_from([0, 0.5]),
}
# a few rules at a time, so that each combination (a rule alone with the one it needs) comes up often
every_rule = st.lists(st.sampled_from(sorted(RULE_VALUES)), max_size=3, unique=True).flatmap(
    lambda keys: st.fixed_dictionaries({key: RULE_VALUES[key] for key in keys})
)


@SETTINGS
@given(fights(), every_rule, st.integers(1, 4), st.integers(0, 60), st.integers(0, 60))
def test_beyond_the_rounds_the_rules_count_the_round_count_changes_nothing(case, rules, more, endurance, enemy):
    """The exact odds count rounds only as far as the engine's ``rounds_counted`` says its rules do: beyond the
    first number a round's losses, beyond the second everything the engine decides, must not depend on the count."""
    from dataclasses import replace

    record, _ = case
    try:
        fight = Fight.from_record({**record, "rules": rules})
    except RecordError:
        assume(False)  # rules that contradict each other: refused
        return
    system, setup = fight.system, fight.setup
    enemies = (max(1, enemy), *fight.state.enemies[1:])
    state = replace(fight.state, endurance=max(1, endurance), enemies=enemies)
    losses_at, everything_at = system.rounds_counted(setup)

    def losses(rounds, spent, evade):
        at = replace(state, rounds=rounds)
        return [system.round_losses(setup, at, number, spent, evade)[:2] for number in range(10)]

    spends = [0] if system.spend_range(setup, state) is None else [1, max(1, state.willpower or 0)]
    for counted in (losses_at, everything_at):
        for later in (counted + more, counted + 5):  # 5: beyond every threshold drawn
            for spent in spends:
                for evade in (False, True):
                    assert losses(counted, spent, evade) == losses(later, spent, evade)
    now = replace(state, rounds=everything_at)
    for later in (replace(state, rounds=everything_at + more), replace(state, rounds=everything_at + 5)):
        assert system.legal_actions(setup, now) == system.legal_actions(setup, later)
        assert system.evasion(setup, now) == system.evasion(setup, later)
        assert system.chance(setup, now, Action("evade")) == system.chance(setup, later, Action("evade"))
        assert replace(system.ending(setup, now), restore=None) == replace(system.ending(setup, later), restore=None)
        for left in (0, 1, state.endurance):
            for enemy_left in (0, 1, enemies[0]):
                assert system.ending(setup, now).land(left, enemy_left) == system.ending(setup, later).land(
                    left, enemy_left
                )
