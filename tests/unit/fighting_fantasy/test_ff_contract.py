"""Braslavsky's «Подземелья Чёрного замка» (1991) as the contract sees it: seeded and typed dice, the record's round
trip, bad actions named, invariants of random play, legal actions and chance nodes, the review's budget."""

from __future__ import annotations

import random

import pytest
from conftest import make_record, play_wishes
from ff_cases import HERO, SPIDER, SPY, ff, rnd
from hypothesis import given, settings
from hypothesis import strategies as st

from pyrules import Fight, RecordError
from pyrules.systems.fighting_fantasy import FightingFantasy
from pyrules.systems.fighting_fantasy.record import BACKPACK_SLOTS, FFAction
from pyrules.systems.fighting_fantasy.spells import COPY_ROUNDS

# ---- dice, records, determinism ---------------------------------------------------------------------------


def test_drawn_dice_are_seeded_and_typed_dice_use_no_draw():
    one = ff(enemies=[dict(SPY, stamina=99)], actions=[{"do": "round"}] * 4, seed=11)
    two = ff(enemies=[dict(SPY, stamina=99)], actions=[{"do": "round"}] * 4, seed=11)
    assert one.log == two.log and one.state.draws == 16
    mixed = ff(enemies=[dict(SPY, stamina=99)], actions=[rnd([2, 2], [3, 3]), {"do": "round"}], seed=11)
    assert mixed.log[1]["hero_dice"] == one.log[0]["hero_dice"] and mixed.log[0]["typed"] is True


def test_record_round_trip():
    fight = ff(
        {"backpack": ["фонарь"], "food": 2, "spells": {"copy": 2}, "name": "Витязь"},
        [SPY, SPIDER],
        {"escape": True},
        [rnd([6, 6], [1, 1], None, target=0), {"do": "escape"}],
        seed=5,
    )
    again = Fight.from_record(fight.record())
    assert again.record() == fight.record() and again.log == fight.log


@pytest.mark.parametrize(
    "action,field",
    [
        ({"do": "round", "dice": [[7, 1]]}, "actions[0].dice[0]"),
        ({"do": "round", "dice": [[1]]}, "actions[0].dice[0]"),
        ({"do": "round", "target": 5}, "actions[0].target"),
        ({"do": "take"}, "actions[0]"),
        ({"do": "spell", "spell": "teleport"}, "actions[0].spell"),
        ({"do": "luck", "dice": [0, 3]}, "actions[0].dice"),
    ],
)
def test_bad_actions_name_the_field(action, field):
    with pytest.raises(RecordError) as error:
        ff(actions=[action])
    assert error.value.field == field


actions_strategy = st.lists(
    st.one_of(
        st.fixed_dictionaries({"do": st.just("round")}, optional={"target": st.integers(0, 2)}),
        st.fixed_dictionaries({"do": st.sampled_from(["escape", "luck", "drink", "eat"])}),
        st.fixed_dictionaries({"do": st.just("luck"), "decline": st.just(True)}),
        st.fixed_dictionaries({"do": st.just("take"), "item": st.sampled_from(["меч", "ключ", "фонарь"])}),
        st.fixed_dictionaries(
            {"do": st.just("spell"), "spell": st.sampled_from(["strength", "weakness", "copy", "healing"])}
        ),
    ),
    max_size=40,
)


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**40), st.booleans(), st.booleans(), st.booleans(), st.booleans(), actions_strategy)
def test_invariants(seed, together, escape, luck_rule, choices, wishes):
    record = make_record(
        "fighting-fantasy",
        {**HERO, "food": 1, "spells": {"strength": 1, "weakness": 1, "copy": 1, "healing": 2}},
        [SPY, SPIDER, dict(SPY, name="C")],
        {
            "one_by_one": not together,
            "escape": escape,
            "luck_in_combat": luck_rule,
            "decline_costs_luck": choices,
            "flask_in_combat": choices,
            "strength_bonus": 3 if choices else 2,
        },
        seed=seed,
    )
    fight = Fight.from_record(record)
    for _, before, after, event in play_wishes(fight, wishes):
        if event["kind"] == "round":
            assert after.stamina <= before.stamina and all(a <= b for a, b in zip(after.enemies, before.enemies))
        assert after.luck <= before.luck and 0 <= after.stamina <= after.max_stamina
        assert len(after.backpack) + after.food <= BACKPACK_SLOTS
        assert sum(n for _, n in after.spells) <= sum(n for _, n in before.spells)
    assert Fight.from_record(fight.record()).state == fight.state


# ---- the contract: legal actions and chance nodes ------------------------------------------------------------


def resolve(setup, state, action, pick):
    """Follow the engine's chance nodes to an action with every die given, taking ``pick(len)`` each time; the
    probabilities of each node sum to 1."""
    while True:
        chances = FightingFantasy.chance(setup, state, action)
        assert sum(p for p, _ in chances) == 1 and all(p > 0 for p, _ in chances)
        if chances == [(1, action)]:
            return action
        action = chances[pick(len(chances))][1]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**40), st.booleans(), st.booleans(), st.booleans(), st.lists(st.integers(0, 10**6), max_size=30))
def test_legal_actions_are_accepted_and_chance_fills_every_roll(seed, together, escape, luck_rule, picks):
    """Random legal play: every legal action is accepted by step and every other candidate refused; chance fills
    in every die a round or a luck test rolls (36 throws, each 1 in 36), so stepping the resolved action draws
    nothing from the seed (the Copy's fight alone is left to it)."""
    record = make_record(
        "fighting-fantasy",
        {**HERO, "food": 1, "backpack": ["фонарь"], "spells": {"strength": 1, "weakness": 1, "copy": 1, "healing": 1}},
        [SPY, SPIDER, dict(SPY, name="C", stamina=4)],
        {"one_by_one": not together, "escape": escape, "luck_in_combat": luck_rule, "flask_in_combat": True},
        seed=seed,
    )
    fight = Fight.from_record(record)
    setup, state = fight.setup, fight.state
    for n in picks:
        legal = FightingFantasy.legal_actions(setup, state)
        for action in FightingFantasy.candidates(setup, state):
            if action not in legal:
                with pytest.raises(RecordError):
                    FightingFantasy.step(setup, state, action)
        if not legal:
            assert state.outcome != "ongoing" or not setup.enemies
            break
        draw = random.Random(n)  # each chance node its own pick: a tie is not drawn again and again
        action = resolve(setup, state, legal[n % len(legal)], draw.randrange)
        new, event = FightingFantasy.step(setup, state, action)
        if action.do != "spell" or action.spell != "copy":
            assert new.draws == state.draws, action
        state = new
    assert FightingFantasy.outcome(state) == state.outcome


def test_the_copys_fight_stops_after_its_last_round_and_chance_then_asks_no_more():
    """Two equal fighters may tie round after round: the Copy's fight stops after COPY_ROUNDS, the enemy unhurt, and
    the dice given for every round leave chance nothing to roll."""
    record = make_record("fighting-fantasy", {**HERO, "spells": {"copy": 1}}, [SPY], {}, seed=1)
    fight = Fight.from_record(record)
    action = FFAction("spell", target=0, spell="copy", copy_dice=(((3, 3), (3, 3)),) * COPY_ROUNDS)
    assert FightingFantasy.chance(fight.setup, fight.state, action) == [(1, action)]
    after, event = FightingFantasy.step(fight.setup, fight.state, action)
    assert len(event["copy_rounds"]) == COPY_ROUNDS and after.enemies == fight.state.enemies
    assert after.draws == fight.state.draws  # every die given: nothing drawn from the seed


# ---- the review -------------------------------------------------------------------------------------------------


def test_the_review_knows_every_state_whose_odds_answer(monkeypatch):
    """The review's budget for a state is no tighter than the odds' for the record cut there: weighing the luck test
    a paragraph may ask for before the first round (another УДАЧА, another fight to count) does not take the budget
    of fighting on. The budget is made small here, so that a small fight stands for a large one."""
    from pyrules.budget import TooLarge
    from pyrules.review import review
    from pyrules.systems.fighting_fantasy import odds
    from pyrules.systems.fighting_fantasy import review as ff_review

    monkeypatch.setattr(odds, "FF_WORK", 20_000)
    monkeypatch.setattr(ff_review, "FF_WORK", 20_000)
    enemies = [{"name": "ОРК", "skill": 7, "stamina": 12}, {"name": "ГОБЛИН", "skill": 10, "stamina": 6},
               {"name": "КРЫСА", "skill": 6, "stamina": 12}]  # fmt: skip
    fight = ff({"skill": 11, "stamina": 8, "luck": 8}, enemies, seed=836, actions=[{"do": "round"}] * 3)
    rows = review(fight)["rows"]
    answered = 0
    for row, state in zip(rows, fight.states):
        try:
            win = odds.fighting_fantasy_odds(fight.setup, state)["win"]
        except TooLarge:
            continue
        answered += 1
        assert row["known"] and row["before"] == pytest.approx(win, abs=1e-12), row["index"]
    assert answered == len(rows)  # the start too, where the luck test is a choice the odds do not weigh
