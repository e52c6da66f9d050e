"""Exact odds (pyrules.odds): hand-computed cases, the fast DP against the engine's own step, Grey Star's spends,
Fighting Fantasy, Monte Carlo against the exact answer, the CLI and the API."""

from __future__ import annotations

import itertools
import json
import math
import re
import sys
from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace

import pytest
from conftest import make_record, play, rounds
from oracles import grey_star_policy_reference, reference_odds

from pyrules import Fight, api
from pyrules.__main__ import main
from pyrules.budget import TooLarge
from pyrules.contract import ODDS_KEYS
from pyrules.fields import RecordError
from pyrules.i18n import LANGUAGES, language
from pyrules.odds import MonteCarlo, odds, wilson
from pyrules.systems import SYSTEMS
from pyrules.systems.fighting_fantasy import FightingFantasy
from pyrules.systems.fighting_fantasy.odds import fighting_fantasy_odds
from pyrules.systems.fighting_fantasy.record import FFAction
from pyrules.systems.lonewolf import Action
from pyrules.systems.lonewolf.odds import exact as lone_wolf_exact
from pyrules.systems.lonewolf.odds import (
    grey_star_policy,
    lone_wolf_odds,
    lone_wolf_policy,
    spend_table,
    trade_off,
)

EXACT = 1e-12


def odds_of(fight, spend=1):
    return lone_wolf_odds(fight.system, fight.setup, fight.state, spend)


# ---- hand-computed -----------------------------------------------------------------------------------------


def test_one_round_where_only_the_random_number_matters():
    # Combat Ratio 0, hero ENDURANCE 4, enemy 3: every number kills the enemy; numbers 1-3 also kill the hero
    # (3/5, 4/4, 5/4): mutual death is a loss. 4 (6/3) leaves 1; 5, 6 (x/2) leave 2; 7 (9/1) leaves 3; 8, 9, 0: 4.
    fight = play(hero={"skill": 15, "endurance": 4}, enemies=[{"name": "Giak", "skill": 15, "endurance": 3}])
    result = odds_of(fight)
    assert Fraction(result["win"]).limit_denominator(100) == Fraction(7, 10)
    assert Fraction(result["lose"]).limit_denominator(100) == Fraction(3, 10)
    assert result["ended"] == 0 and result["never"] == 0
    assert result["rounds"] == pytest.approx(1, abs=EXACT)
    expected = {0: Fraction(3, 10), 1: Fraction(1, 10), 2: Fraction(2, 10), 3: Fraction(1, 10), 4: Fraction(3, 10)}
    assert {k: Fraction(v).limit_denominator(100) for k, v in result["endurance"].items()} == expected


def test_self_loop_solved_exactly():
    # Combat Ratio 0 against an enemy of 1 ENDURANCE whose losses are halved (rounded down): numbers 1, 2 (3, 4 ->
    # 1, 2) ... every table loss is at least 3, so halved at least 1: he dies in round 1. With the hero's losses
    # multiplied by 0 and the enemy's by 0, nobody is ever hurt: the fight never ends.
    fight = play(rules={"hero_loss_multiplier": 0, "enemy_loss_multiplier": 0})
    result = odds_of(fight)
    assert result["never"] == 1.0 and result["win"] == 0 and result["rounds"] is None
    # hero unhurt; the enemy loses only on 8, 9, 0 (K at CR >= 11 ... here 0/x multiplied by 1/4 rounds down):
    # a round that changes nothing is a self-loop: P(win) = 1 exactly, rounds = 1 / P(progress)
    fight = play(
        hero={"skill": 15, "endurance": 10},
        enemies=[{"name": "Giak", "skill": 15, "endurance": 1}],
        rules={"hero_loss_multiplier": 0, "enemy_loss_multiplier": 0.1},
    )
    # enemy losses at CR 0: 3..12, times 0.1 rounded down: only 10, 11, 12 (numbers 8, 9, 0) give 1
    result = odds_of(fight)
    assert result["win"] == pytest.approx(1, abs=EXACT)
    assert result["rounds"] == pytest.approx(10 / 3, abs=EXACT)


def test_finished_fight_is_certain():
    fight = play(hero={"skill": 15, "endurance": 30}, enemies=[{"name": "G", "skill": 15, "endurance": 3}])
    fight.apply({"do": "round", "number": 0})
    assert fight.state.outcome == "won"
    result = odds_of(fight)
    assert (result["win"], result["lose"], result["rounds"]) == (1.0, 0.0, 0.0)


# ---- the fast DP against the engine's own step ------------------------------------------------------------

SMALL = {"skill": 15, "endurance": 9}
ENEMY = [{"name": "Giak", "skill": 14, "endurance": 8}]
CASES = [
    ("lone-wolf", SMALL, ENEMY, {}, []),
    ("lone-wolf", SMALL, ENEMY, {"max_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"enemy_immune_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"hero_immune_rounds": 1}, []),
    ("lone-wolf", SMALL, ENEMY, {"unarmed_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"enemy_loss_multiplier": 0.5, "hero_loss_multiplier": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"enemy_loss_multiplier": 0.25, "hero_loss_multiplier": 0.5}, []),
    ("lone-wolf", SMALL, ENEMY, {"enemy_extra_loss": 1, "hero_extra_loss": 1}, []),
    ("lone-wolf", SMALL, ENEMY, {"hero_extra_loss_when_wounded": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"end_when_enemy_at_most": 3}, []),
    ("lone-wolf", SMALL, ENEMY, {"end_when_hero_at_most": 4}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_endurance": True, "max_rounds": 3}, []),
    ("lone-wolf", SMALL, ENEMY, {"skill_modifier": -6, "evade_after": 1}, []),
    ("lone-wolf", {"skill": 30, "endurance": 6}, ENEMY, {}, []),  # K for the enemy
    ("lone-wolf", {"skill": 5, "endurance": 9}, ENEMY, {}, []),  # K for the hero
    ("lone-wolf", {"skill": 15, "endurance": 12}, ENEMY, {}, [{"do": "vigour"}, {"do": "round", "number": 3}]),
    (
        "lone-wolf",
        SMALL,
        [{"name": "A", "skill": 12, "endurance": 4}, {"name": "B", "skill": 16, "endurance": 5}],
        {"end_when_enemy_at_most": 4, "max_rounds": 4},
        [],
    ),
    (
        "lone-wolf",
        SMALL,
        [{"name": "A", "skill": 12, "endurance": 4}, {"name": "B", "skill": 16, "endurance": 5}],
        {"enemy_immune_rounds": 1, "unarmed_rounds": 1},
        [{"do": "round", "number": 4}],
    ),
    ("freeway-warrior", {"skill": 15, "endurance": 9}, ENEMY, {"hero_loss_multiplier": 0.5}, []),
    ("grey-star", {"skill": 15, "endurance": 9, "willpower": 3}, ENEMY, {}, []),
    ("grey-star", {"skill": 15, "endurance": 9, "willpower": 0}, ENEMY, {}, []),  # the plain Staff, -6
    ("grey-star", {"skill": 15, "endurance": 9, "willpower": 5}, ENEMY, {"unarmed_rounds": 1, "max_rounds": 5}, []),
    # a skill modifier for the first rounds only, ENDURANCE restored in part
    ("lone-wolf", SMALL, ENEMY, {"skill_modifier": -4, "skill_modifier_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"skill_modifier": 5, "skill_modifier_rounds": 1, "unarmed_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_part": 0.5, "max_rounds": 3}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_part": 0.25}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_points": 2, "end_when_enemy_at_most": 3}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_points": 3, "skill_modifier": -3, "skill_modifier_rounds": 1}, rounds(2)),
    (
        "grey-star",
        {"skill": 15, "endurance": 9, "willpower": 4},
        ENEMY,
        {"skill_modifier": -3, "skill_modifier_rounds": 2, "restore_part": 0.5, "max_rounds": 4},
        [],
    ),
]


@pytest.mark.parametrize(
    "system,hero,enemies,rules,actions,spend",
    [(*case, 1) for case in CASES] + [(*case, 2) for case in CASES if case[0] == "grey-star"],
)
def test_fast_dp_agrees_with_the_engine(system, hero, enemies, rules, actions, spend):
    fight = play(system, hero, enemies, rules, actions)
    fast = odds_of(fight, spend)
    slow = reference_odds(fight.system, fight.setup, fight.state, spend)
    for key in ("win", "lose", "ended", "never", "rounds", "willpower_spent"):
        assert fast[key] == pytest.approx(slow[key], abs=EXACT), key
    for key in ("endurance", "willpower"):
        a, b = fast[key] or {}, slow[key] or {}
        assert set(a) == set(b), key
        assert all(a[k] == pytest.approx(b[k], abs=EXACT) for k in a), key
    assert fast["win"] + fast["lose"] + fast["ended"] + fast["never"] == pytest.approx(1, abs=EXACT)


MEDIUM = [  # grids large enough for slices: the enemy unhurt on some numbers (a column's own mass), thresholds
    ("lone-wolf", {"skill": 10, "endurance": 25}, [{"name": "A", "skill": 16, "endurance": 18}],
     {"end_when_hero_at_most": 4}, []),
    ("lone-wolf", {"skill": 15, "endurance": 22}, [{"name": "A", "skill": 15, "endurance": 20},
     {"name": "B", "skill": 13, "endurance": 9}], {"enemy_loss_multiplier": 0.25, "end_when_enemy_at_most": 2}, []),
    ("freeway-warrior", {"skill": 15, "endurance": 20}, [{"name": "A", "skill": 17, "endurance": 20}],
     {"hero_loss_multiplier": 0.5, "max_rounds": 6, "enemy_immune_rounds": 1}, []),
    ("grey-star", {"skill": 15, "endurance": 18, "willpower": 6}, [{"name": "A", "skill": 17, "endurance": 22}],
     {"restore_part": 0.5, "end_when_enemy_at_most": 3}, []),
    ("lone-wolf", {"skill": 12, "endurance": 16}, [{"name": "A", "skill": 15, "endurance": 14}],
     {"hero_loss_multiplier": 0, "enemy_loss_multiplier": 0.5}, []),
]  # fmt: skip


@pytest.mark.parametrize("dense", [0, 10**9], ids=["whole", "cell-by-cell"])
@pytest.mark.parametrize("system,hero,enemies,rules,actions", CASES + MEDIUM)
def test_layers_pushed_whole_or_cell_by_cell_agree_with_the_engine(monkeypatch, dense, system, hero, enemies, rules,
                                                                   actions):  # fmt: skip
    """A layer with one spend is pushed whole where its cells holding mass are many, cell by cell where they are
    few (a self-loop layer always whole): both ways, everywhere, give the engine's own answer."""
    from pyrules.systems.lonewolf import odds as lw

    monkeypatch.setattr(lw.forward, "DENSE", dense)
    fight = play(system, hero, enemies, rules, actions)
    fast = odds_of(fight)
    slow = reference_odds(fight.system, fight.setup, fight.state)
    for key in ("win", "lose", "ended", "never", "rounds", "willpower_spent"):
        assert fast[key] == pytest.approx(slow[key], abs=EXACT), key
    assert set(fast["endurance"]) == set(slow["endurance"])
    assert fast["endurance"] == pytest.approx(slow["endurance"], abs=EXACT)


def test_benchmark_fight_is_quick_and_sums_to_one():
    fight = play(hero={"skill": 15, "endurance": 50}, enemies=[{"name": "G", "skill": 15, "endurance": 100}])
    result = odds_of(fight)
    assert sum(result["endurance"].values()) == pytest.approx(1, abs=EXACT)
    assert 0.9 < result["win"] < 1


# ---- evasion -------------------------------------------------------------------------------------------------


def evade_advice(system, setup, state):
    """The odds panel's evasion advice: whether an evasion is allowed now, and of its ``best`` the worths of evading
    now and of fighting on under the best play (with the default worth, the chances to come through alive) and the
    advice; None where the fight allows no evasion."""
    reply = lone_wolf_exact(SimpleNamespace(system=system, setup=setup, state=state), {"table": False})
    if reply["evade"] is None:
        return None
    worths = {choice["do"]: choice["worth"] for choice in reply["best"]["choices"]}
    return {**reply["evade"], "evade_now": worths.get("evade"), "fight_on": worths["round"],
            "advice": "evade" if reply["best"]["do"] == "evade" else "fight"}  # fmt: skip


def test_evade_before_the_first_round_follows_the_rule():
    # CR -7 (column -8/-7): the hero loses 8, 7, 6, 6, 5, 5, 4, 3, 2, 0 on numbers 1-9, 0
    enemy = [{"name": "G", "skill": 20, "endurance": 30}]
    for free, evade_now in ((False, 0.6), (True, 1.0)):  # ENDURANCE 6: numbers 1-4 kill him in an evasion round
        fight = play(hero={"skill": 13, "endurance": 6}, enemies=enemy,
                     rules={"evade_after": 0, "evade_before_round": free})  # fmt: skip
        advice = evade_advice(fight.system, fight.setup, fight.state)
        assert advice["evade_now"] == pytest.approx(evade_now, abs=EXACT) and advice["advice"] == "evade"
    # after a round (number 9: 7/2) the option changes nothing: the evasion round is fought
    for endurance, evade_now in ((30, 1.0), (9, 0.8)):  # ENDURANCE 7 left: numbers 1, 2 kill him
        fight = play(hero={"skill": 13, "endurance": endurance}, enemies=enemy,
                     rules={"evade_after": 0, "evade_before_round": True}, actions=rounds(9))  # fmt: skip
        advice = evade_advice(fight.system, fight.setup, fight.state)
        assert fight.state.rounds == 1 and advice["evade_now"] == pytest.approx(evade_now, abs=EXACT)


def test_evade_now_is_the_chance_of_surviving_the_evasion_round():
    fight = play(hero={"skill": 10, "endurance": 6}, enemies=[{"name": "G", "skill": 20, "endurance": 30}],
                 rules={"evade_after": 0})  # fmt: skip
    advice = evade_advice(fight.system, fight.setup, fight.state)
    survive = sum(
        fight.system.step(fight.setup, fight.state, Action("evade", number=n))[0].outcome != "lost" for n in range(10)
    )
    assert advice["allowed"] and advice["evade_now"] == pytest.approx(survive / 10, abs=EXACT)
    assert advice["advice"] == "evade"


@pytest.mark.parametrize("rules", [{"evade_after": 2}, {"evade_until": 2}, {"evade_when_enemy_at_most": 6}])
def test_evade_later_is_never_worse_than_never_evading(rules):
    fight = play(hero={"skill": 14, "endurance": 10}, enemies=[{"name": "G", "skill": 16, "endurance": 12}],
                 rules=rules)  # fmt: skip
    advice = evade_advice(fight.system, fight.setup, fight.state)
    plain = odds_of(fight)
    assert advice["fight_on"] >= 1 - plain["lose"] - EXACT
    assert evade_advice(*(lambda f: (f.system, f.setup, f.state))(play())) is None


def evade_reference(system, setup, state, memo):
    """P(coming through alive) with the best play (a round, an evasion where allowed, Vigour while it may be cast),
    through the engine's own step (no self-loops)."""
    if state.outcome != "ongoing":
        return float(state.outcome != "lost")
    key = (state.endurance, state.enemies, state.current, state.rounds, state.vigour)
    if key not in memo:
        fight = [system.step(setup, state, Action("round", number=n))[0] for n in range(10)]
        best = sum(evade_reference(system, setup, new, memo) for new in fight) / 10
        if system.evasion(setup, state)[0]:
            evaded = [system.step(setup, state, Action("evade", number=n))[0] for n in range(10)]
            best = max(best, sum(new.outcome != "lost" for new in evaded) / 10)
        if system.vigour_allowed(setup, state)[0]:
            best = max(best, evade_reference(system, setup, system.step(setup, state, Action("vigour"))[0], memo))
        memo[key] = best
    return memo[key]


@pytest.mark.parametrize(
    "rules",
    [
        {"evade_after": 1},
        {"evade_until": 2},
        {"evade_when_enemy_at_most": 4},
        {"evade_after": 2, "max_rounds": 5},
        {"evade_after": 0, "evade_before_round": True},
        {"evade_until": 2, "evade_before_round": True, "restore_part": 0.5},
        {"evade_when_enemy_at_most": 4, "evade_before_round": True, "skill_modifier": -5, "skill_modifier_rounds": 1},
    ],
)
@pytest.mark.parametrize("skill", [12, 17])
@pytest.mark.parametrize("endurance", [9, 11])  # 11: Vigour may be cast
def test_evade_advice_agrees_with_the_engine(rules, skill, endurance):
    hero = {"skill": skill, "endurance": endurance}
    enemies = [{"name": "A", "skill": 15, "endurance": 6}, {"name": "B", "skill": 16, "endurance": 5}]
    fight = play(hero=hero, enemies=enemies, rules=rules)
    advice = evade_advice(fight.system, fight.setup, fight.state)
    # fighting this round, then the best play
    memo: dict = {}
    rounds = [fight.system.step(fight.setup, fight.state, Action("round", number=n))[0] for n in range(10)]
    values = [evade_reference(fight.system, fight.setup, new, memo) for new in rounds]
    assert advice["fight_on"] == pytest.approx(sum(values) / 10, abs=EXACT)
    now = evade_reference(fight.system, fight.setup, fight.state, memo)
    assert max(advice["fight_on"], advice["evade_now"] or 0.0) <= now + EXACT  # Vigour now may be better still


# ---- Grey Star ---------------------------------------------------------------------------------------------

GREY = [
    ({"skill": 15, "endurance": 8, "willpower": 5}, [{"name": "D", "skill": 17, "endurance": 14}], {}),
    ({"skill": 18, "endurance": 12, "willpower": 6}, [{"name": "D", "skill": 20, "endurance": 20}], {}),
    (
        {"skill": 16, "endurance": 9, "willpower": 4},
        [{"name": "A", "skill": 14, "endurance": 6}, {"name": "B", "skill": 18, "endurance": 7}],
        {"enemy_immune_rounds": 1, "max_rounds": 8},
    ),
]


@pytest.mark.parametrize("hero,enemies,rules", GREY)
def test_optimal_spend_is_never_worse_than_a_fixed_spend(hero, enemies, rules):
    fight = play("grey-star", hero, enemies, rules)
    table = spend_table(fight.system, fight.setup, fight.state)
    assert [row["spend"] for row in table] == list(range(1, hero["willpower"] + 1))
    for lam in (0.0, 0.02, 0.1):
        best = grey_star_policy(fight.system, fight.setup, fight.state, lam)
        assert 1 <= best["spend"] <= hero["willpower"]
        for row in table:
            assert best["objective"] >= row["win"] - lam * row["willpower_spent"] - EXACT
        assert best["objective"] == pytest.approx(best["win"] - lam * best["willpower_spent"], abs=1e-9)


@pytest.mark.parametrize("hero,enemies,rules", GREY + [
    ({"skill": 16, "endurance": 12, "willpower": 6}, [{"name": "A", "skill": 18, "endurance": 13}],
     {"skill_modifier": 4, "skill_modifier_rounds": 2, "restore_points": 2, "max_rounds": 6}),
    ({"skill": 16, "endurance": 14, "willpower": 7}, [{"name": "A", "skill": 14, "endurance": 9},
     {"name": "B", "skill": 18, "endurance": 11}], {"end_when_enemy_at_most": 3, "enemy_loss_multiplier": 0.5}),
    ({"skill": 16, "endurance": 14, "willpower": 7}, [{"name": "A", "skill": 24, "endurance": 19}],
     {"unarmed_rounds": 2, "end_when_hero_at_most": 3, "hero_extra_loss": 1}),
])  # fmt: skip
def test_fast_optimal_policy_agrees_with_the_cell_by_cell_one(hero, enemies, rules):
    fight = play("grey-star", hero, enemies, rules)
    for lam in (0.0, 0.05):
        fast = grey_star_policy(fight.system, fight.setup, fight.state, lam)
        slow = grey_star_policy_reference(fight.system, fight.setup, fight.state, lam)
        assert fast["spend"] == slow["spend"]
        for key in ("objective", "win", "willpower_spent"):
            assert fast[key] == pytest.approx(slow[key], abs=1e-12), key


def test_optimal_policy_agrees_with_its_own_fixed_spend_when_one_spend_is_best():
    # WILLPOWER 1: the only spend there is is 1, then the plain Staff
    fight = play(
        "grey-star", {"skill": 15, "endurance": 8, "willpower": 1}, [{"name": "D", "skill": 16, "endurance": 9}]
    )
    best = grey_star_policy(fight.system, fight.setup, fight.state, 0.0)
    fixed = odds_of(fight, 1)
    assert best["win"] == pytest.approx(fixed["win"], abs=EXACT)
    assert best["willpower_spent"] == pytest.approx(fixed["willpower_spent"], abs=EXACT)


def test_trade_off_curve_is_monotone():
    fight = play(
        "grey-star", {"skill": 18, "endurance": 12, "willpower": 6}, [{"name": "D", "skill": 20, "endurance": 20}]
    )
    points = trade_off(fight.system, fight.setup, fight.state, (0.0, 0.01, 0.05, 0.5))
    spent = [p["willpower_spent"] for p in points]
    wins = [p["win"] for p in points]
    assert spent == sorted(spent, reverse=True) and wins == sorted(wins, reverse=True)


# ---- the odds follow the engine: a rule broken in the engine is followed by every exact solver ---------------
# The solvers ask the engine for a round's random part (chance), its losses (round_losses) and how it ends (ending);
# none writes a rule of its own. So a rule broken in the engine must change the exact odds, and they must still agree
# with the engine's own steps (enumerated by the reference, and played by a Monte Carlo): a rule restated in a
# solver would not follow the break, and these tests would fail.


def break_k(monkeypatch):
    """A K no longer kills: it takes nothing."""
    from pyrules.systems.lonewolf import LoneWolf
    from pyrules.systems.lonewolf.tables import KILL

    loss = LoneWolf.loss
    monkeypatch.setattr(
        LoneWolf, "loss", staticmethod(lambda base, f, more: loss(0 if base == KILL else base, f, more))
    )


def break_unharmed(monkeypatch):
    """An unharmed round (enemy_immune_rounds, hero_immune_rounds) is no longer ignored."""
    from pyrules.systems.lonewolf import LoneWolf

    monkeypatch.setattr(LoneWolf, "unharmed", classmethod(lambda cls, setup, state: (False, False)))


def break_stop(monkeypatch):
    """Every fight stops once the enemy fought is at 3 ENDURANCE or less."""
    from pyrules.systems.lonewolf.rules import Ending

    goes_on_from = Ending.goes_on_from
    monkeypatch.setattr(Ending, "goes_on_from", lambda self, endurance: max(goes_on_from(self, endurance), 4))


def break_restore(monkeypatch):
    """A fight that ends gives the hero 2 ENDURANCE back, to the death or not."""
    from pyrules.systems.lonewolf import LoneWolf

    monkeypatch.setattr(LoneWolf, "restored", classmethod(lambda cls, setup, endurance: endurance + 2))


def break_chance(monkeypatch):
    """A loaded Random Number Table: 0 comes twice as often as any other number."""
    from pyrules.systems.lonewolf import LoneWolf

    chance = LoneWolf.chance.__func__

    def loaded(cls, setup, state, action):
        fair = chance(cls, setup, state, action)
        if len(fair) == 1:
            return fair
        return [(Fraction(2 if a.number == 0 else 1, 11), a) for _, a in fair]

    monkeypatch.setattr(LoneWolf, "chance", classmethod(loaded))


TWO = [{"name": "A", "skill": 14, "endurance": 7}, {"name": "B", "skill": 16, "endurance": 6}]
BROKEN = [  # (the break, the fight it changes: system, hero, enemies, rules)
    (break_k, ("lone-wolf", {"skill": 30, "endurance": 9}, TWO, {"evade_after": 1})),
    (break_k, ("lone-wolf", {"skill": 5, "endurance": 12}, ENEMY, {})),
    (break_k, ("grey-star", {"skill": 28, "endurance": 9, "willpower": 4}, TWO, {})),
    (break_unharmed, ("lone-wolf", SMALL, TWO, {"enemy_immune_rounds": 2, "hero_immune_rounds": 1, "evade_until": 3})),
    (break_unharmed, ("grey-star", {"skill": 15, "endurance": 9, "willpower": 4}, ENEMY, {"enemy_immune_rounds": 2})),
    (break_stop, ("lone-wolf", SMALL, TWO, {"evade_when_enemy_at_most": 5})),
    (break_stop, ("grey-star", {"skill": 16, "endurance": 9, "willpower": 4}, TWO, {"max_rounds": 6})),
    (break_restore, ("lone-wolf", SMALL, TWO, {"max_rounds": 3, "evade_after": 2})),
    (break_chance, ("lone-wolf", SMALL, TWO, {"evade_after": 0})),
    (break_chance, ("grey-star", {"skill": 15, "endurance": 9, "willpower": 4}, ENEMY, {})),
]


def every_answer(fight):
    """What every exact solver says of the fight: its odds (each fixed spend), the evade advice, the best spend."""
    args = (fight.system, fight.setup, fight.state)
    answers = {"odds": odds_of(fight)}
    if fight.setup.rules.evasion_possible:
        answers["evade"] = evade_advice(*args)
    if fight.system.has_willpower:
        answers["spends"] = spend_table(*args)
        answers["policy"] = grey_star_policy(*args, 0.02)
    return answers


def numbers(answer):
    """The numbers of an answer (a distribution's keys too), flattened, for comparing."""
    if isinstance(answer, dict):
        return [x for key in sorted(answer) for x in numbers(key) + numbers(answer[key])]
    if isinstance(answer, list):
        return [x for item in answer for x in numbers(item)]
    return [float(answer)] if isinstance(answer, (int, float)) and not isinstance(answer, bool) else []


@pytest.mark.parametrize("broken,case", BROKEN, ids=[f"{b.__name__}-{i}" for i, (b, _) in enumerate(BROKEN)])
def test_a_rule_broken_in_the_engine_is_followed_by_the_exact_odds(monkeypatch, broken, case):
    fight = play(*case)
    args = (fight.system, fight.setup, fight.state)
    before = every_answer(fight)
    broken(monkeypatch)
    after = every_answer(fight)
    changed = [key for key in before if numbers(before[key]) != pytest.approx(numbers(after[key]), abs=1e-6)]
    assert "odds" in changed, "the odds do not follow the engine"
    # ... and they agree with the broken engine's own steps
    slow = reference_odds(*args)
    for key in ("win", "lose", "ended", "never", "rounds", "willpower_spent"):
        assert after["odds"][key] == pytest.approx(slow[key], abs=EXACT), key
    assert after["odds"]["endurance"] == pytest.approx(slow["endurance"], abs=EXACT)
    if "evade" in after:  # fighting this round, then the best play (an evasion later, Vigour)
        memo: dict = {}
        chances = fight.system.chance(fight.setup, fight.state, Action("round"))
        landed = [(p, fight.system.step(fight.setup, fight.state, a)[0]) for p, a in chances]
        values = [(p, evade_reference_chance(fight.system, fight.setup, new, memo)) for p, new in landed]
        assert after["evade"]["fight_on"] == pytest.approx(sum(float(p) * v for p, v in values), abs=EXACT)
    if "spends" in after:
        for row in after["spends"]:
            assert row["win"] == pytest.approx(reference_odds(*args, row["spend"])["win"], abs=EXACT)
        slow_policy = grey_star_policy_reference(*args, 0.02)
        assert after["policy"]["spend"] == slow_policy["spend"]
        assert after["policy"]["win"] == pytest.approx(slow_policy["win"], abs=1e-12)


def evade_reference_chance(system, setup, state, memo):
    """P(coming through alive) with the best play (a round, an evasion where allowed, Vigour while it may be cast),
    through the engine's own chance and step; the round count kept only as far as the rules count it, a round that
    changes nothing else solved as a self-loop."""
    if state.outcome != "ongoing":
        return float(state.outcome != "lost")
    cap = system.rounds_counted(setup)[1]
    state = replace(state, rounds=min(state.rounds, cap), draws=0)
    if state not in memo:
        stay, survive = Fraction(0), 0.0
        for p, action in system.chance(setup, state, Action("round")):
            new = system.step(setup, state, action)[0]
            if new.outcome == "ongoing" and replace(new, rounds=min(new.rounds, cap), draws=0) == state:
                stay += p
                continue
            survive += float(p) * evade_reference_chance(system, setup, new, memo)
        best = 1.0 if stay == 1 else survive / (1 - float(stay))
        if system.evasion(setup, state)[0]:
            evaded = system.chance(setup, state, Action("evade"))
            best = max(best, sum(float(p) * (system.step(setup, state, a)[0].outcome != "lost") for p, a in evaded))
        if system.vigour_allowed(setup, state)[0]:
            cast = system.step(setup, state, Action("vigour"))[0]
            best = max(best, evade_reference_chance(system, setup, cast, memo))
        memo[state] = best
    return memo[state]


MC_BROKEN = [  # breaks that move the chance to win far more than a Monte Carlo of 2,000 fights can miss
    (break_k, ("lone-wolf", {"skill": 26, "endurance": 3}, [{"name": "G", "skill": 14, "endurance": 30}], {})),
    (break_k, ("lone-wolf", {"skill": 8, "endurance": 20}, [{"name": "G", "skill": 19, "endurance": 12}], {})),
    (break_unharmed, ("lone-wolf", SMALL, TWO, {"enemy_immune_rounds": 2, "hero_immune_rounds": 1})),
    (break_stop, ("lone-wolf", SMALL, TWO, {})),
]


@pytest.mark.parametrize("broken,case", MC_BROKEN, ids=[b.__name__ for b, _ in MC_BROKEN])
def test_exact_odds_of_a_broken_engine_agree_with_a_monte_carlo_of_its_own_steps(monkeypatch, broken, case):
    fight = play(*case, seed=2024)
    plain = odds_of(fight)["win"]
    broken(monkeypatch)
    exact = odds_of(fight)["win"]
    n = 2000
    estimate = MonteCarlo(fight.system, fight.setup, fight.state, lone_wolf_policy(1)).run(n)
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(exact - plain) > 6 * se  # the Monte Carlo tells the broken engine from the sound one
    assert abs(estimate["win"] - exact) < 4.5 * se, (estimate["win"], exact, plain)


# ---- Fighting Fantasy ------------------------------------------------------------------------------------------


def ff(hero, enemies, rules=None, actions=()):
    return play("fighting-fantasy", hero, enemies, rules, actions)


def ff_reference(setup, state, memo):
    """P(win), one enemy, the first target: every pair of dice through FightingFantasy.step; parry a self-loop."""
    if state.outcome != "ongoing":
        return Fraction(int(state.outcome == "won"))
    key = (state.stamina, state.enemies)
    if key not in memo:
        landed: dict = {}
        for a, b, c, d in itertools.product(range(1, 7), repeat=4):
            new, _ = FightingFantasy.step(setup, state, FFAction("round", dice=((a, b), (c, d))))
            landed[new] = landed.get(new, 0) + 1
        total, stay = Fraction(0), Fraction(0)
        for new, ways in landed.items():
            if (new.stamina, new.enemies, new.outcome) == (state.stamina, state.enemies, "ongoing"):
                stay += Fraction(ways, 1296)
            else:
                total += Fraction(ways, 1296) * ff_reference(setup, new, memo)
        memo[key] = total / (1 - stay)
    return memo[key]


def test_ff_one_enemy_against_the_engine_with_fractions():
    fight = ff({"skill": 9, "stamina": 4, "luck": 7}, [{"name": "O", "skill": 8, "stamina": 4}])
    exact = ff_reference(fight.setup, fight.state, {})
    result = fighting_fantasy_odds(fight.setup, fight.state)
    assert result["win"] == pytest.approx(float(exact), abs=EXACT)
    assert sum(result["stamina"].values()) == pytest.approx(1, abs=EXACT)
    assert result["stamina"][0] == pytest.approx(result["lose"], abs=EXACT)
    # equal skill and stamina: a fair fight, one wound decides it; a parry (146 of 1296 dice) is a self-loop
    fight = ff({"skill": 9, "stamina": 2, "luck": 7}, [{"name": "O", "skill": 9, "stamina": 2}])
    result = fighting_fantasy_odds(fight.setup, fight.state)
    assert result["win"] == pytest.approx(0.5, abs=EXACT)
    assert result["rounds"] == pytest.approx(1296 / (1296 - 146), abs=EXACT)
    assert result["stamina"] == {0: pytest.approx(0.5), 2: pytest.approx(0.5)}


def test_ff_spells_as_they_stand_in_the_state():
    hero = {"skill": 9, "stamina": 6, "luck": 7, "spells": {"strength": 1, "weakness": 1}}
    fight = ff(hero, [{"name": "O", "skill": 10, "stamina": 6}])
    before = fighting_fantasy_odds(fight.setup, fight.state)["win"]
    fight.apply({"do": "spell", "spell": "strength"})
    stronger = fighting_fantasy_odds(fight.setup, fight.state)["win"]
    fight.apply({"do": "spell", "spell": "weakness"})
    both = fighting_fantasy_odds(fight.setup, fight.state)["win"]
    assert before < stronger < both


def test_ff_several_at_once_best_target_and_listed_order():
    enemies = [{"name": "A", "skill": 9, "stamina": 6}, {"name": "B", "skill": 6, "stamina": 2}]
    fight = ff({"skill": 10, "stamina": 10, "luck": 7}, enemies)
    result = fighting_fantasy_odds(fight.setup, fight.state)
    assert result["win_in_order"] <= result["win"] + EXACT
    assert result["target"] in (0, 1)
    assert result["win"] > result["win_in_order"]  # killing the weak one first is better
    one_by_one = ff({"skill": 10, "stamina": 10, "luck": 7}, enemies, {"one_by_one": True})
    alone = fighting_fantasy_odds(one_by_one.setup, one_by_one.state)
    assert alone["win"] > result["win"]  # one at a time is easier than both at once


def test_ff_luck_in_combat_never_hurts_and_advises_after_a_round():
    hero, enemies = {"skill": 9, "stamina": 8, "luck": 10}, [{"name": "O", "skill": 9, "stamina": 8}]
    plain = fighting_fantasy_odds(*(lambda f: (f.setup, f.state))(ff(hero, enemies)))["win"]
    lucky = ff(hero, enemies, {"luck_in_combat": True})
    with_luck = fighting_fantasy_odds(lucky.setup, lucky.state)
    assert with_luck["win"] > plain
    lucky.apply({"do": "round", "dice": [[6, 6], [1, 1]]})  # a hit: test luck for 2 more?
    advice = fighting_fantasy_odds(lucky.setup, lucky.state)
    assert advice["luck"]["win_if_tested"] == pytest.approx(max(advice["win"], advice["luck"]["win_if_tested"]))
    assert advice["luck"]["test"] is True  # УДАЧА 10: lucky 33/36 of the time


# ---- Monte Carlo ----------------------------------------------------------------------------------------------

MC_CASES = [
    ("lone-wolf", {"skill": 15, "endurance": 12}, [{"name": "G", "skill": 15, "endurance": 12}], {}, 1),
    ("lone-wolf", {"skill": 12, "endurance": 10}, [{"name": "G", "skill": 15, "endurance": 8}], {"max_rounds": 3}, 1),
    (
        "lone-wolf",
        {"skill": 15, "endurance": 15},
        [{"name": "A", "skill": 13, "endurance": 5}, {"name": "B", "skill": 16, "endurance": 6}],
        {},
        1,
    ),
    ("freeway-warrior", {"skill": 15, "endurance": 10}, [{"name": "G", "skill": 17, "endurance": 10}], {}, 1),
    ("grey-star", {"skill": 15, "endurance": 10, "willpower": 6}, [{"name": "D", "skill": 17, "endurance": 14}], {}, 2),
    ("grey-star", {"skill": 15, "endurance": 10, "willpower": 2}, [{"name": "D", "skill": 14, "endurance": 10}], {}, 1),
    ("fighting-fantasy", {"skill": 9, "stamina": 8, "luck": 7}, [{"name": "O", "skill": 9, "stamina": 6}], {}, 1),
    (
        "fighting-fantasy",
        {"skill": 10, "stamina": 10, "luck": 7},
        [{"name": "A", "skill": 8, "stamina": 4}, {"name": "B", "skill": 7, "stamina": 4}],
        {},
        1,
    ),  # fmt: skip
    (
        "fighting-fantasy",
        {"skill": 10, "stamina": 8, "luck": 7},
        [{"name": "A", "skill": 8, "stamina": 4}, {"name": "B", "skill": 9, "stamina": 4}],
        {"one_by_one": True},
        1,
    ),  # fmt: skip
]


@pytest.mark.parametrize("system,hero,enemies,rules,spend", MC_CASES)
def test_monte_carlo_agrees_with_the_exact_odds(system, hero, enemies, rules, spend):
    fight = play(system, hero, enemies, rules, seed=12345)
    if system == "fighting-fantasy":
        from pyrules.systems.fighting_fantasy.odds import FFChain

        exact = FFChain(fight.setup, fight.state, "order").value(fight.state.stamina, fight.state.enemies, 0)
        mc = MonteCarlo(fight.system, fight.setup, fight.state)
    else:
        exact = odds_of(fight, spend)["win"]
        mc = MonteCarlo(fight.system, fight.setup, fight.state, lone_wolf_policy(spend))
    first = mc.run(150)
    assert first["runs"] == 150
    estimate = mc.run(250)  # incremental: 400 in all
    assert estimate["runs"] == 400
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / 400)
    assert abs(estimate["win"] - exact) <= 4 * se + 1e-9
    assert estimate["low"] <= estimate["win"] <= estimate["high"]


def test_monte_carlo_is_reproducible_and_wilson_is_sane():
    fight = play(hero={"skill": 15, "endurance": 12}, enemies=[{"name": "G", "skill": 15, "endurance": 12}], seed=7)
    a = MonteCarlo(fight.system, fight.setup, fight.state).run(30)
    b = MonteCarlo(fight.system, fight.setup, fight.state).run(30)
    assert a == b
    low, high = wilson(0, 10)
    assert low == 0 and 0.2 < high < 0.35
    assert wilson(0, 0) == (0.0, 1.0)


# ---- the command line and the API -----------------------------------------------------------------------------

needs_files = pytest.mark.skipif(sys.platform == "emscripten", reason="writes files")


@needs_files
def test_cli_odds(tmp_path, capsys):
    record = make_record(hero={"skill": 15, "endurance": 4}, enemies=[{"name": "G", "skill": 15, "endurance": 3}])
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["odds", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["win"] == pytest.approx(0.7) and out["lose"] == pytest.approx(0.3)
    assert out["ended"] == 0 and out["rounds"] == pytest.approx(1)
    assert out["endurance"]["4"] == pytest.approx(0.3)


@needs_files
def test_cli_odds_grey_star_and_errors(tmp_path, capsys):
    record = make_record("grey-star", {"skill": 15, "endurance": 10, "willpower": 6},
                         [{"name": "D", "skill": 17, "endurance": 14}])  # fmt: skip
    path = tmp_path / "gs.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["odds", str(path), "--willpower", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    fight = play("grey-star", record["hero"], record["enemies"])
    assert out["win"] == pytest.approx(odds_of(fight, 2)["win"], abs=EXACT)
    assert "willpower" in out and out["spend"] == 2
    record["hero"]["endurance"] = "x"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["odds", str(path)]) == 2
    assert "hero.endurance" in capsys.readouterr().err


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def test_api_odds_lone_wolf_from_a_session_and_from_a_record():
    record = make_record(hero={"skill": 15, "endurance": 4}, enemies=[{"name": "G", "skill": 15, "endurance": 3}],
                         rules={"evade_after": 0})  # fmt: skip
    session = call(op="start", record=record)["session"]
    reply = call(op="odds", session=session)
    assert reply["ok"] and reply["win"] == pytest.approx(0.7) and reply["ms"] >= 0
    assert [4, pytest.approx(0.3)] in reply["endurance"]
    assert reply["evade"]["allowed"] is True
    assert call(op="odds", record=record)["win"] == reply["win"]
    assert call(op="odds", session=-5)["error"]["field"] == "session"


def test_api_odds_grey_star_and_fighting_fantasy():
    record = make_record("grey-star", {"skill": 15, "endurance": 10, "willpower": 4},
                         [{"name": "D", "skill": 17, "endurance": 14}])  # fmt: skip
    reply = call(op="odds", record=record, willpower=2, **{"lambda": 0.01})
    assert [row["spend"] for row in reply["spends"]] == [1, 2, 3, 4]
    assert reply["policy"]["spend"] in (1, 2, 3, 4) and reply["spend"] == 2
    assert call(op="odds", record=record, **{"lambda": "x"})["error"]["field"] == "lambda"
    curve = call(op="odds", record=record, table=False, curve=[0, 0.5])["curve"]
    assert [point["lambda"] for point in curve] == [0, 0.5] and curve[0]["win"] >= curve[1]["win"]
    assert call(op="odds", record=record, curve=[2])["error"]["field"] == "curve"
    enemies = [{"name": "A", "skill": 9, "stamina": 6}, {"name": "B", "skill": 6, "stamina": 2}]
    record = make_record("fighting-fantasy", {"skill": 10, "stamina": 10, "luck": 7}, enemies)
    reply = call(op="odds", record=record)
    assert reply["ok"] and reply["target"] == 1 and reply["win"] >= reply["win_in_order"]


def test_api_monte_carlo_in_steps():
    record = make_record(hero={"skill": 15, "endurance": 12}, enemies=[{"name": "G", "skill": 15, "endurance": 12}])
    started = call(op="mc_start", record=record)
    assert started["runs"] == 0 and started["win"] is None
    step = call(op="mc_run", mc=started["mc"], n=20)
    step = call(op="mc_run", mc=started["mc"], n=20)
    assert step["runs"] == 40 and 0 <= step["low"] <= step["high"] <= 1
    assert call(op="mc_run", mc=99999, n=1)["error"]["field"] == "mc"


def test_api_says_when_a_fight_is_too_large(monkeypatch):
    from pyrules import odds
    from pyrules.systems.fighting_fantasy import odds as ff_odds

    def too_large(*args, **kwargs):
        raise odds.TooLarge("too many states")

    monkeypatch.setattr(ff_odds, "fighting_fantasy_odds", too_large)
    record = make_record("fighting-fantasy", {"skill": 10, "stamina": 10, "luck": 7}, [{"skill": 9, "stamina": 6}])
    error = call(op="odds", record=record)["error"]
    assert error["field"] == "record" and "simulation" in error["message"]


# ---- Citadel of Blood: simulation only ------------------------------------------------------------------------


def _citadel_record(actions=()):
    from test_citadel_play import EXAMPLE

    return {**EXAMPLE, "actions": list(actions)}


def test_citadel_has_no_exact_odds_and_says_to_simulate():
    reply = json.loads(api.call(json.dumps({"op": "odds", "record": _citadel_record()})))
    assert reply["ok"] is False
    assert reply["error"]["field"] == "record"
    assert "simulation" in reply["error"]["message"]


def test_citadel_simulation_plays_every_fight_to_its_end_reproducibly():
    from pyrules import Fight, odds

    fight = Fight.from_record(_citadel_record())
    first = odds.MonteCarlo(fight.system, fight.setup, fight.state).run(40)
    again = odds.MonteCarlo(fight.system, fight.setup, fight.state).run(40)
    assert first == again
    assert first["runs"] == 40 and first["wins"] + round(first["lose"] * 40) == 40  # every fight ended
    assert 1 <= first["rounds"] < 30  # Combat Rounds, not actions
    assert first["low"] <= first["win"] <= first["high"]


def test_citadel_simulation_from_a_state_late_in_the_combat_and_in_steps_through_the_api():
    from test_citadel_play import EXAMPLE

    record = _citadel_record(EXAMPLE["actions"][:-1])  # one blow from victory: B's last attack, die 2
    start = json.loads(api.call(json.dumps({"op": "mc_start", "record": record})))
    assert start["runs"] == 0 and start["win"] is None
    step = json.loads(api.call(json.dumps({"op": "mc_run", "mc": start["mc"], "n": 30})))
    more = json.loads(api.call(json.dumps({"op": "mc_run", "mc": start["mc"], "n": 30})))
    assert step["runs"] == 30 and more["runs"] == 60
    assert more["win"] > 0.9  # the party stands 3 against a wounded Dire Wolves pack


def test_odds_of_a_form_record_read_numbers_typed_as_text():
    hero = {"skill": "15", "endurance": "20"}
    record = {
        "format": "pyrules-fight",
        "version": 1,
        "system": "lone-wolf",
        "hero": hero,
        "enemies": [{"name": "Giak", "skill": "16", "endurance": "20"}],
        "rules": {},
        "seed": 1,
        "actions": [],
    }
    strict = json.loads(api.call(json.dumps({"op": "odds", "record": record})))
    assert strict["ok"] is False and strict["error"]["field"] == "hero.skill"
    typed = json.loads(api.call(json.dumps({"op": "odds", "record": record, "form": True})))
    numbers = {
        **record,
        "hero": {"skill": 15, "endurance": 20},
        "enemies": [{"name": "Giak", "skill": 16, "endurance": 20}],
    }
    exact = json.loads(api.call(json.dumps({"op": "odds", "record": numbers})))
    assert typed["ok"] is True and 0 < typed["win"] < 1 and typed["win"] == exact["win"]


def test_monte_carlo_following_the_optimal_grey_star_policy_agrees_with_its_exact_value():
    from pyrules import Fight, odds

    fight = Fight.from_record(
        make_record("grey-star", {"skill": 15, "endurance": 18, "willpower": 8}, [{"skill": 19, "endurance": 24}])
    )
    best = grey_star_policy(fight.system, fight.setup, fight.state, 0.02, detail=True)
    assert 0.2 < best["win"] < 0.95
    n = 3000
    estimate = odds.MonteCarlo(fight.system, fight.setup, fight.state, best["policy"]).run(n)
    error = math.sqrt(best["win"] * (1 - best["win"]) / n)
    assert abs(estimate["win"] - best["win"]) < 4 * error


# ---- Fighting Fantasy ---------------------------------------------------------------------------------


def test_ff_no_luck_test_is_considered_on_a_dead_target(monkeypatch):
    from pyrules.systems.fighting_fantasy.odds import FFChain

    enemies = [{"name": "A", "skill": 6, "stamina": 2}, {"name": "B", "skill": 8, "stamina": 6}]
    fight = ff({"skill": 12, "stamina": 10, "luck": 9}, enemies, {"luck_in_combat": True})
    chain = FFChain(fight.setup, fight.state)
    considered = []

    def tested(stamina, enemies, luck, pending):
        kind, enemy = pending
        assert not (kind == "hit" and enemies[enemy] == 0), f"a luck test considered on a killing blow: {pending}"
        considered.append(pending)
        return FFChain.tested(chain, stamina, enemies, luck, pending)

    monkeypatch.setattr(chain, "tested", tested)
    chain.value(10, (2, 6), 9)  # every round from here, A's killing blows among them
    assert ("hit", 1) in considered and ("hurt", 0) in considered  # the other wounds are weighed
    fight.apply({"do": "round", "target": 0, "dice": [[6, 6], [1, 1], [1, 1]]})
    reply = call(op="odds", record=fight.record())
    assert reply["ok"] and reply["luck"] is None and reply["target"] == 1
    assert reply["win"] == pytest.approx(FFChain(fight.setup, fight.state).value(10, (0, 6), 9), abs=EXACT)


@pytest.mark.parametrize("outcome", ["won", "lost", "escaped"])
def test_ff_odds_of_a_fight_that_has_ended(outcome):
    enemy = [{"name": "O", "skill": 8, "stamina": 2}]
    dice = {"won": [[6, 6], [1, 1]], "lost": [[1, 1], [6, 6]]}
    action = {"do": "escape"} if outcome == "escaped" else {"do": "round", "dice": dice[outcome]}
    hero = {"skill": 9, "stamina": 4 if outcome == "escaped" else 2, "luck": 7}  # an escape costs 2
    record = make_record("fighting-fantasy", hero, enemy, {"escape": True}, [action])
    reply = call(op="odds", record=record)
    assert reply["ok"], reply
    assert reply["outcome"] == outcome and reply["rounds"] == 0 and reply["target"] is None
    assert (reply["win"], reply["lose"], reply["ended"]) == {
        "won": (1, 0, 0),
        "lost": (0, 1, 0),
        "escaped": (0, 0, 1),
    }[outcome]
    assert reply["main_stat"] == "stamina" and reply["stamina"] == [[0 if outcome == "lost" else 2, 1.0]]
    session = call(op="start", record=record)["session"]
    assert call(op="odds", session=session)["win"] == reply["win"]


def test_ff_odds_of_a_paragraph_without_enemies_is_a_clear_refusal():
    hero = {"skill": 9, "stamina": 8, "luck": 7}
    record = make_record("fighting-fantasy", hero, [], actions=[{"do": "gold", "amount": 5}])
    reply = call(op="odds", record=record, lang="ru")
    assert reply["ok"] is False and "internal" not in reply
    assert reply["error"]["field"] == "enemies" and reply["error"]["message"] == "в этом параграфе нет врага"


def test_ff_odds_follow_the_strength_and_weakness_numbers():
    from pyrules.systems.fighting_fantasy.odds import FFChain

    hero = {"skill": 9, "stamina": 4, "luck": 7, "spells": {"strength": 1, "weakness": 1}}
    cast = [{"do": "spell", "spell": "strength"}, {"do": "spell", "spell": "weakness"}]
    enemy = [{"name": "O", "skill": 10, "stamina": 4}]
    wins = {}
    for bonus, penalty in ((0, 0), (2, 2), (3, 1), (1, 3), (4, 4)):
        fight = ff(hero, enemy, {"strength_bonus": bonus, "weakness_penalty": penalty}, cast)
        wins[bonus, penalty] = fighting_fantasy_odds(fight.setup, fight.state)["win"]
        assert wins[bonus, penalty] == pytest.approx(float(ff_reference(fight.setup, fight.state, {})), abs=EXACT)
    plain = ff({**hero, "spells": {}}, enemy)
    assert wins[0, 0] == pytest.approx(fighting_fantasy_odds(plain.setup, plain.state)["win"], abs=EXACT)
    assert wins[3, 1] == pytest.approx(wins[1, 3], abs=EXACT) == pytest.approx(wins[2, 2], abs=EXACT)
    assert wins[0, 0] < wins[2, 2] < wins[4, 4]
    chain = FFChain(fight.setup, fight.state)  # МАСТЕРСТВО 9 + 4 against 10 − 4, from the engine's own strengths
    assert [s for s, _ in chain.hero_ways] == list(range(2 + 13, 12 + 13 + 1))
    assert [s for s, _ in chain.enemy_ways[0]] == list(range(2 + 6, 12 + 6 + 1))


# ---- Fighting Fantasy: the odds take every rule from the engine ----------------------------------------


def resolved(setup, state, action, p=Fraction(1)):
    """Every way the engine's chance nodes fill in an action's dice: [(probability, action with every die)]."""
    chances = FightingFantasy.chance(setup, state, action)
    if chances == [(1, action)]:
        return [(p, action)]
    return [found for q, each in chances for found in resolved(setup, state, each, p * q)]


def engine_reference(setup, state, memo):
    """P(win) as a Fraction from the engine alone, fought to the end: each round with the best of its legal
    targets (``legal_actions``), every throw from its chance nodes and the round from its ``step``; after a round,
    the luck test it offers (its own luck action) taken or not, as is best. A round that changes nothing is
    divided out."""
    if state.outcome != "ongoing":
        return Fraction(state.outcome == "won")
    key = (state.stamina, state.enemies, state.luck)
    if key not in memo:
        values = []
        for action in FightingFantasy.legal_actions(setup, state):
            if action.do != "round":
                continue
            stay = rest = Fraction(0)
            for p, each in resolved(setup, state, action):
                new, _ = FightingFantasy.step(setup, state, each)
                if (new.stamina, new.enemies, new.luck, new.outcome, new.pending_luck) == (*key, "ongoing", None):
                    stay += p
                else:
                    rest += p * engine_reference_after(setup, new, memo)
            values.append(rest / (1 - stay))
        memo[key] = max(values)
    return memo[key]


def engine_reference_after(setup, state, memo):
    plain = engine_reference(setup, state, memo)
    if state.pending_luck is None:
        return plain
    tested = sum(
        p * engine_reference(setup, FightingFantasy.step(setup, state, each)[0], memo)
        for p, each in resolved(setup, state, FFAction("luck"))
    )
    return max(plain, tested)


def break_ff_engine(monkeypatch, rule):
    """Break one rule in the engine's own module (pyrules.systems.fighting_fantasy.rules), which its step and the
    exact odds both read: a rule restated in the solver would not follow."""
    from pyrules.systems.fighting_fantasy import rules as engine

    compare, lucky_wound = engine.compare, engine.lucky_wound
    if rule == "a parry wounds the hero":
        monkeypatch.setattr(
            engine,
            "compare",
            lambda hero, enemy, target: engine.HURT if target and hero == enemy else compare(hero, enemy, target),
        )
    elif rule == "a lucky hit no longer doubles the wound":
        monkeypatch.setattr(
            engine, "lucky_wound", lambda kind, lucky: 2 if kind == "hit" and lucky else lucky_wound(kind, lucky)
        )
    elif rule == "a wound is 3":
        monkeypatch.setattr(
            engine, "LOSSES", {key: (3 if a else 0, 3 if b else 0) for key, (a, b) in engine.LOSSES.items()}
        )
    elif rule == "no luck test is offered":
        monkeypatch.setattr(engine, "luck_offered", lambda *args: None)
    else:
        assert rule is None


LUCKY = ({"skill": 9, "stamina": 2, "luck": 12},
         [{"name": "A", "skill": 8, "stamina": 1}, {"name": "B", "skill": 9, "stamina": 3}],
         {"one_by_one": True, "luck_in_combat": True})  # fmt: skip
PLAIN = ({"skill": 9, "stamina": 4, "luck": 7},
         [{"name": "A", "skill": 8, "stamina": 2}, {"name": "B", "skill": 9, "stamina": 3}],
         {"one_by_one": True})  # fmt: skip


@pytest.mark.parametrize(
    "rule,fight",
    [
        (None, LUCKY),
        ("a parry wounds the hero", LUCKY),
        ("a lucky hit no longer doubles the wound", LUCKY),
        ("no luck test is offered", LUCKY),
        ("a wound is 3", PLAIN),
    ],
)
def test_ff_exact_odds_follow_a_broken_engine(monkeypatch, rule, fight):
    """Each rule broken in the engine moves the exact odds, and they still agree with the engine's own steps."""
    fight = ff(*fight)
    sound = fighting_fantasy_odds(fight.setup, fight.state)["win"]
    break_ff_engine(monkeypatch, rule)
    broken = fighting_fantasy_odds(fight.setup, fight.state)
    if rule is not None:
        assert abs(broken["win"] - sound) > 0.05, rule
    assert broken["win"] == pytest.approx(float(engine_reference(fight.setup, fight.state, {})), abs=EXACT)
    assert sum(broken["stamina"].values()) == pytest.approx(1, abs=EXACT)
    assert broken["stamina"].get(0, 0.0) == pytest.approx(broken["lose"], abs=EXACT)


def test_ff_odds_against_three_at_once_follow_a_broken_engine(monkeypatch):
    """Three at once, where only a Monte Carlo of the engine's own steps is quick: a parry that wounds the hero
    moves the exact odds (striking in the listed order, as the simulation does) by 8 standard errors or more, and
    the broken engine's simulation agrees with its exact odds."""
    from pyrules.systems.fighting_fantasy.odds import FFChain

    enemies = [{"name": name, "skill": 10, "stamina": 4} for name in "ABC"]
    fight = play("fighting-fantasy", {"skill": 11, "stamina": 10, "luck": 7}, enemies, seed=5)
    args = (fight.state.stamina, fight.state.enemies, fight.state.luck)
    sound = FFChain(fight.setup, fight.state, "order").value(*args)
    break_ff_engine(monkeypatch, "a parry wounds the hero")
    broken = FFChain(fight.setup, fight.state, "order").value(*args)
    n = 3000
    se = math.sqrt(broken * (1 - broken) / n)
    assert sound - broken > 8 * se
    estimate = MonteCarlo(fight.system, fight.setup, fight.state).run(n)
    assert abs(estimate["win"] - broken) <= 4 * se


# ---- budgets: every exact computation refuses a fight too large for it, before the work ---------------

LW_GIANT = ("lone-wolf", {"skill": 15, "endurance": 999}, [{"name": "G", "skill": 15, "endurance": 999}] * 20,
            {"evade_after": 0})  # fmt: skip
GS_GIANT_ENEMY = [{"name": "G", "skill": 15, "endurance": 999}]
GS_GIANTS = [
    ("grey-star", {"skill": 15, "endurance": 999, "willpower": 999}, GS_GIANT_ENEMY, {}),
    ("grey-star", {"skill": 25, "endurance": 999, "willpower": 999}, GS_GIANT_ENEMY, {"evade_after": 0}),
]
GS_BENCH = ({"skill": 18, "endurance": 35, "willpower": 50}, [{"name": "D", "skill": 20, "endurance": 60}])


def budget_of(kind):
    from pyrules import odds
    from pyrules.systems.lonewolf import odds as lw

    return odds.Budget({"odds": lw.ODDS_CELLS, "policy": lw.POLICY_CELLS}[kind])


def refused_before_the_work(compute, budget):
    """The computation raises TooLarge having done no cell of work (its estimate refused it)."""
    from pyrules.odds import TooLarge

    with pytest.raises(TooLarge):
        compute(budget)
    assert budget.used == 0


def refused_from_its_estimate(compute, monkeypatch):
    """``compute``, with the budgets it makes itself, raises TooLarge having done no cell of work: every budget's
    ``spend`` is counted (its time is the bench's row of giant fights, not a test's)."""
    from pyrules.odds import Budget, TooLarge

    spent = []
    spend = Budget.spend
    monkeypatch.setattr(Budget, "spend", lambda self, cells: (spent.append(cells), spend(self, cells))[1])
    with pytest.raises(TooLarge):
        compute()
    assert sum(spent) == 0, spent


def test_lone_wolf_giant_is_refused_before_any_cell(monkeypatch):
    fight = play(*LW_GIANT)
    args = (fight.system, fight.setup, fight.state)
    refused_before_the_work(lambda b: lone_wolf_odds(*args, budget=b), budget_of("odds"))
    refused_from_its_estimate(lambda: lone_wolf_odds(*args), monkeypatch)


@pytest.mark.parametrize("giant", GS_GIANTS)
def test_grey_star_giant_is_refused_before_any_cell(giant, monkeypatch):
    fight = play(*giant)
    args = (fight.system, fight.setup, fight.state)
    refused_before_the_work(lambda b: lone_wolf_odds(*args, budget=b), budget_of("odds"))
    refused_before_the_work(lambda b: spend_table(*args, budget=b), budget_of("odds"))
    refused_before_the_work(lambda b: grey_star_policy(*args, 0.01, budget=b), budget_of("policy"))

    for compute in (lambda: spend_table(*args), lambda: grey_star_policy(*args, 0.01), lambda: trade_off(*args)):
        refused_from_its_estimate(compute, monkeypatch)


@pytest.mark.parametrize("giant", [LW_GIANT, *GS_GIANTS])
def test_api_refuses_a_giant_fight_with_the_simulation_message(giant):
    record = make_record(*giant)
    for extra in ({}, {"lambda": 0.01, "curve": [0, 0.1], "table": False}):
        error = call(op="odds", record=record, **extra)["error"]
        assert error["field"] == "record" and "use the simulation" in error["message"]


def test_fighting_fantasy_giant_is_refused_before_any_state(monkeypatch):
    from pyrules.odds import Budget, TooLarge
    from pyrules.systems.fighting_fantasy.odds import FF_WORK, FFChain

    fight = ff({"skill": 12, "stamina": 999, "luck": 12}, [{"name": "E", "skill": 12, "stamina": 999}] * 20)
    chain = FFChain(fight.setup, fight.state, budget=Budget(FF_WORK))
    assert chain.least_work() > FF_WORK
    with pytest.raises(TooLarge):
        fighting_fantasy_odds(fight.setup, fight.state)
    # six at once of ВЫНОСЛИВОСТЬ 20: refused from the estimate, before seconds of work
    fight = ff({"skill": 12, "stamina": 24, "luck": 12}, [{"name": "E", "skill": 8, "stamina": 20}] * 6)
    refused_from_its_estimate(lambda: fighting_fantasy_odds(fight.setup, fight.state), monkeypatch)


def test_fighting_fantasy_work_is_counted_during_the_computation():
    from pyrules.odds import Budget, TooLarge
    from pyrules.systems.fighting_fantasy.odds import FFChain

    fight = ff({"skill": 12, "stamina": 24, "luck": 12}, [{"name": "E", "skill": 8, "stamina": 10}] * 3)
    chain = FFChain(fight.setup, fight.state, budget=Budget(1e12))
    chain.value(fight.state.stamina, fight.state.enemies, 0)
    assert chain.budget.used >= chain.least_work() > 0
    small = FFChain(fight.setup, fight.state, budget=Budget(chain.budget.used // 2))
    with pytest.raises(TooLarge):
        small.value(fight.state.stamina, fight.state.enemies, 0)
    late = FFChain(fight.setup, fight.state, budget=Budget(1e12, seconds=0))
    with pytest.raises(TooLarge):
        late.value(fight.state.stamina, fight.state.enemies, 0)


@pytest.mark.parametrize("system,hero,enemies,rules,actions", CASES)
def test_estimates_bound_the_work_done(system, hero, enemies, rules, actions):
    from pyrules.odds import Budget
    from pyrules.systems.lonewolf.odds import Chain, legal_spends
    from pyrules.systems.lonewolf.odds.willpower import _policy_work

    fight = play(system, hero, enemies, rules, actions)
    args = (fight.system, fight.setup, fight.state)
    budget = Budget(1e12)
    lone_wolf_odds(*args, budget=budget)
    assert 0 < budget.used <= Chain(*args).forward_cells(lambda w: 1)
    if system == "grey-star":
        budget = Budget(1e12)
        grey_star_policy(*args, 0.01, budget=budget)
        assert 0 < budget.used <= _policy_work(Chain(*args))
        budget = Budget(1e12)
        table = spend_table(*args, budget=budget)
        spends = legal_spends(*args)  # none where the Staff takes no WILLPOWER now: no table, no work
        assert [row["spend"] for row in table] == list(spends)
        assert (0 < budget.used if spends else budget.used == 0)
        assert budget.used <= sum(Chain(*args).forward_cells(lambda w, s=s: s) for s in spends)


@pytest.mark.parametrize("kind", ["odds", "policy", "table"])
def test_the_clock_is_watched_during_the_work(kind):
    from pyrules.odds import Budget, TooLarge

    hero, enemies = {"skill": 15, "endurance": 20, "willpower": 6}, [{"name": "D", "skill": 16, "endurance": 20}]
    fight = play("grey-star", hero, enemies, {"evade_after": 1})
    args = (fight.system, fight.setup, fight.state)
    compute = {
        "odds": lambda b: lone_wolf_odds(*args, budget=b),
        "policy": lambda b: grey_star_policy(*args, 0.01, budget=b),
        "table": lambda b: spend_table(*args, budget=b),
    }[kind]
    compute(Budget(1e12))  # within its budget

    class OutOnceBegun(Budget):
        """A clock that runs out as the work is first counted: the work itself must look at it."""

        def spend(self, cells: int) -> None:
            self.deadline = -math.inf
            super().spend(cells)

    late = OutOnceBegun(1e12)
    with pytest.raises(TooLarge, match="more than"):
        compute(late)
    assert late.used > 0  # refused during the work, by the clock
    out = Budget(1e12, seconds=0)  # out before the estimate: the estimate looks at the clock too
    with pytest.raises(TooLarge):
        compute(out)
    assert out.used == 0


def test_the_benchmark_cases_are_well_inside_their_budgets():
    from pyrules.systems.lonewolf.odds import ODDS_CELLS, POLICY_CELLS, Chain
    from pyrules.systems.lonewolf.odds.willpower import _policy_work

    lw = play(hero={"skill": 15, "endurance": 50}, enemies=[{"name": "G", "skill": 15, "endurance": 100}])
    assert Chain(lw.system, lw.setup, lw.state).forward_cells(lambda w: 1) * 20 < ODDS_CELLS
    gs = play("grey-star", *GS_BENCH)
    chain = Chain(gs.system, gs.setup, gs.state)
    assert sum(chain.forward_cells(lambda w, s=s: s) for s in range(1, 51)) * 3 < ODDS_CELLS
    assert _policy_work(chain) * 2 < POLICY_CELLS


def test_a_spend_table_too_large_is_left_out_of_the_odds(monkeypatch):
    from pyrules import odds
    from pyrules.systems.lonewolf import odds as lw_odds

    monkeypatch.setattr(lw_odds.budgets, "ODDS_CELLS", 60_000)  # the fight's own odds fit; its 40 spends do not
    fight = play("grey-star", {**GS_BENCH[0], "willpower": 40}, GS_BENCH[1])
    reply = odds.odds(fight)
    assert "spends" not in reply and 0 < reply["win"] < 1
    assert reply["left_out"] == ["spends"]  # said: a page that asked within a short deadline asks again
    small = play("grey-star", {**GS_BENCH[0], "willpower": 3}, GS_BENCH[1])
    assert "left_out" not in odds.odds(small) and odds.odds(small)["spends"]  # nothing left out: nothing said


def test_estimates_bound_the_work_done_on_random_fights():
    """A seeded sample of small fights with random rules: the work counted never exceeds the estimate."""
    import random

    from pyrules.odds import Budget
    from pyrules.systems.lonewolf.odds import Chain
    from pyrules.systems.lonewolf.odds.willpower import _policy_work

    rnd = random.Random(10)
    optional = {
        "max_rounds": lambda: rnd.randint(1, 6),
        "enemy_immune_rounds": lambda: rnd.randint(0, 3),
        "hero_immune_rounds": lambda: rnd.randint(0, 3),
        "unarmed_rounds": lambda: rnd.randint(0, 3),
        "enemy_loss_multiplier": lambda: rnd.choice([0, 0.5, 2, 0.25]),
        "hero_loss_multiplier": lambda: rnd.choice([0, 0.5, 2]),
        "enemy_extra_loss": lambda: rnd.randint(0, 2),
        "hero_extra_loss": lambda: rnd.randint(0, 2),
        "end_when_enemy_at_most": lambda: rnd.randint(0, 3),
        "skill_modifier": lambda: rnd.randint(1, 5) * rnd.choice([-1, 1]),
    }
    for _ in range(120):
        system = rnd.choice(["lone-wolf", "grey-star", "freeway-warrior"])
        hero = {"skill": rnd.randint(5, 30), "endurance": rnd.randint(1, 14)}
        if system == "grey-star":
            hero["willpower"] = rnd.randint(0, 7)
        enemies = [{"name": "E", "skill": rnd.randint(5, 30), "endurance": rnd.randint(1, 12)} for _ in range(3)]
        rules = {key: value() for key, value in optional.items() if rnd.random() < 0.25}
        if rules.get("skill_modifier") and rnd.random() < 0.5:
            rules["skill_modifier_rounds"] = rnd.randint(1, 3)
        fight = play(system, hero, enemies[: rnd.randint(1, 3)], rules)
        args = (fight.system, fight.setup, fight.state)
        for spend in (1, 2) if system == "grey-star" else (1,):
            budget = Budget(1e12)
            lone_wolf_odds(*args, spend, budget=budget)
            assert budget.used <= Chain(*args).forward_cells(lambda w, s=spend: s), (system, hero, enemies, rules)
        if system == "grey-star":
            budget = Budget(1e12)
            grey_star_policy(*args, 0.01, budget=budget)
            assert budget.used <= _policy_work(Chain(*args)), (hero, enemies, rules)


# ---- the odds never propose a spend the rules refuse ----------------------------------------------------

SPENDERS = [
    ({"skill": 15, "endurance": 12, "willpower": 40}, {}, []),  # more WILLPOWER than any spend needs
    ({"skill": 15, "endurance": 12, "willpower": 6}, {}, rounds(3, 7, willpower=2)),  # WILLPOWER left: 2
    ({"skill": 15, "endurance": 12, "willpower": 20, "weapon": "other"}, {}, []),  # no Staff: nothing to spend
    ({"skill": 15, "endurance": 12, "willpower": 0}, {}, []),  # the Staff's magic is gone
    ({"skill": 15, "endurance": 12, "willpower": 5}, {"unarmed_rounds": 1}, []),  # not in hand this round
    ({"skill": 15, "endurance": 12, "willpower": 5}, {"unarmed_rounds": 1}, rounds(4)),  # in hand again
]


@pytest.mark.parametrize("hero,rules,actions", SPENDERS)
def test_every_spend_the_odds_propose_is_accepted_by_the_engine(hero, rules, actions):
    """The assumed spend, each row of the fixed-spend table and the best spend now: each one a round ``step``
    accepts, for every random number; and the fight's refusal of a spend is the odds' refusal too."""
    record = make_record("grey-star", hero, [{"name": "D", "skill": 17, "endurance": 25}], rules, actions)
    fight = play("grey-star", hero, [{"name": "D", "skill": 17, "endurance": 25}], rules, actions)
    reply = call(op="odds", record=record, **{"lambda": 0.005})
    proposed = [row["spend"] for row in reply["spends"]] + [reply["spend"], reply["policy"]["spend"]]
    accepted = {a.willpower for a in fight.system.legal_actions(fight.setup, fight.state) if a.do == "round"}
    for spend in proposed:
        assert spend in accepted  # None: a round spending nothing
        for number in range(10):
            fight.system.step(fight.setup, fight.state, Action("round", number=number, willpower=spend))
    assert sorted(row["spend"] for row in reply["spends"]) == sorted(s for s in accepted if s)
    too_many = (fight.state.willpower or 0) + 1
    refused = call(op="odds", record=record, willpower=too_many)
    if None in accepted:  # nothing may be spent now: the odds assume nothing is (the spend wanted counts later)
        assert refused["ok"] and refused["spend"] is None
    else:
        with pytest.raises(RecordError) as engine:
            fight.system.step(fight.setup, fight.state, Action("round", number=0, willpower=too_many))
        assert not refused["ok"] and refused["error"]["field"] == "action.willpower"
        assert refused["error"]["message"] == engine.value.message


def test_a_request_deadline_bounds_every_computation_of_the_request():
    """`ms`: one deadline for the whole request (the page's rules' worker answers the cheap odds within 50 ms before
    the odds' own worker is up): a plain Lone Wolf fight answers within it, a Grey Star best-spend curve (about
    130 ms on CPython) does not within 1 ms, and says "too large" rather than running on."""
    small = json.loads(api.call(json.dumps({"op": "odds", "record": make_record(), "ms": 500})))
    assert small["ok"] and 0 < small["win"] < 1 and small["ms"] < 500
    hero, enemies = {"skill": 15, "endurance": 25, "willpower": 12}, [{"name": "D", "skill": 20, "endurance": 30}]
    big = {"op": "odds", "record": make_record("grey-star", hero, enemies), "lambda": 0.005,
           "curve": [0, 0.01, 0.03, 0.1, 0.3, 1], "ms": 1}
    reply = json.loads(api.call(json.dumps(big)))
    assert not reply["ok"] and reply["too_large"]
    slow = {**big, "ms": 3000}
    assert json.loads(api.call(json.dumps(slow)))["ok"]  # the same request, given time, is answered
    refused = json.loads(api.call(json.dumps({**big, "ms": 0})))
    assert not refused["ok"] and refused["error"]["field"] == "ms"


# ---- the odds reply's shape, whatever the system (pyrules.contract.OddsReply) ----------------------------------------

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _advised(key: str) -> list[Fight]:
    """Fights of a registered system from its examples, and the states where its advice has something to say (Lone
    Wolf's Vigour and evasion, Grey Star's spends, a best target, a luck test)."""
    system = SYSTEMS[key]
    fights = [Fight.from_record({"format": "pyrules-fight", "version": 1, "system": key, **example, "seed": 3,
                                 "actions": []}) for use, example in system.examples.items()
              if use in ("small", "typical")]  # fmt: skip
    if key == "lone-wolf":
        fights.append(play(key, {"skill": 15, "endurance": 20}, [{"name": "G", "skill": 15, "endurance": 20}],
                           {"evade_after": 0, "vigour": True}))  # fmt: skip
    if key == "fighting-fantasy":  # a wound just dealt, with luck in combat: a luck test offered
        fights.append(Fight.from_record(make_record(key, {"skill": 12, "stamina": 12, "luck": 9},
            [{"name": "O", "skill": 5, "stamina": 9}], {"luck_in_combat": True},
            [{"do": "round", "target": 0, "dice": [[6, 6], [1, 1]]}])))  # fmt: skip
    return fights


@pytest.mark.parametrize("key", sorted(SYSTEMS))
def test_every_systems_odds_reply_is_typed_and_its_advice_is_said_in_every_language(key):
    """Every registered system's odds reply has the contract's fields, its main statistic's distribution under that
    statistic's own name, and advice items whose words fill from their own numbers, whose action is one the fight
    takes now, and which are said in each language (not the English left as it was); a system without exact odds is
    refused as too large. Its odds options are declared with their words in each language too."""
    system = SYSTEMS[key]
    said: dict[str, list[str]] = {}
    for code in LANGUAGES:
        with language(code):
            options = system.odds_choices()
            said[code] = [option["legend"] for option in options]
            said[code] += [choice["label"] for option in options for choice in option["choices"]]
            for fight in _advised(key):
                if "exact_odds" not in system.capabilities:
                    with pytest.raises(TooLarge):
                        odds(fight)
                    continue
                reply = odds(fight, lam=0.005)
                assert set(ODDS_KEYS) <= set(reply) and reply["main_stat"] == system.main_stat
                assert all(len(pair) == 2 and 0 <= pair[1] <= 1 for pair in reply[system.main_stat])
                items = [*reply["advice"], *([reply["policy"]["advice"]] if reply.get("policy") else [])]
                for item in items:
                    assert set(item) <= {"text", "chances", "numbers", "act"}
                    numbers = {**item.get("chances", {}), **item.get("numbers", {})}
                    assert set(PLACEHOLDER.findall(item["text"])) <= set(numbers), item
                    if "act" in item:  # the action the advice suggests: one the fight takes now
                        action = system.parse_action(item["act"], 0)
                        system.step(fight.setup, fight.state, action)
                said[code] += [item["text"] for item in items]
    assert len(said["en"]) == len(said["ru"]) == len(said["es"])
    if key != "citadel-of-blood":
        assert len(said["en"]) >= 3, said["en"]  # its options' words, or its advice somewhere
    for code in ("ru", "es"):
        assert [text for en, text in zip(said["en"], said[code], strict=True) if en == text] == []
