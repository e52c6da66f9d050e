"""The Lone Wolf family's exact odds (pyrules.systems.lonewolf.odds): hand-computed cases, the fast DP against the
engine's own step, the evasion's advice and Grey Star's spends."""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import play, rounds
from lonewolf_odds_cases import CASES, EXACT, evade_advice, odds_of
from oracles import grey_star_policy_reference, reference_odds

from pyrules.systems.lonewolf import Action
from pyrules.systems.lonewolf.odds import grey_star_policy, spend_table, trade_off

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
