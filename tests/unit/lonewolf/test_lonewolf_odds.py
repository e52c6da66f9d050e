"""The Lone Wolf family's exact odds (pyrules.systems.lonewolf.odds): hand-computed cases, the fast DP against the
engine's own step, the evasion's advice, Grey Star's spends, the odds following a rule broken in the engine, Monte
Carlo against the exact answer, the command line and the API, the budgets of every exact computation, and the
spends the odds propose."""

from __future__ import annotations

import json
import math
import sys
from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace

import pytest
from conftest import check_monte_carlo, make_record, play, refused_from_its_estimate, rounds
from oracles import grey_star_policy_reference, reference_odds

from pyrules import api
from pyrules.__main__ import main
from pyrules.fields import RecordError
from pyrules.odds import MonteCarlo
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
]


@pytest.mark.parametrize("system,hero,enemies,rules,spend", MC_CASES)
def test_monte_carlo_agrees_with_the_exact_odds(system, hero, enemies, rules, spend):
    fight = play(system, hero, enemies, rules, seed=12345)
    exact = odds_of(fight, spend)["win"]
    mc = MonteCarlo(fight.system, fight.setup, fight.state, lone_wolf_policy(spend))
    check_monte_carlo(mc, exact)


# ---- the command line and the API ---------------------------------------------------------------------------

needs_files = pytest.mark.skipif(sys.platform == "emscripten", reason="writes files")


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
