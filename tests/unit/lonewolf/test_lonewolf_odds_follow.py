"""The Lone Wolf family's exact odds follow the engine: a rule broken in the engine is followed by every exact solver,
and Monte Carlo of the engine's own steps agrees with the exact answer."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import check_monte_carlo, make_record, play
from lonewolf_odds_cases import ENEMY, EXACT, SMALL, evade_advice, odds_of
from oracles import grey_star_policy_reference, reference_odds

from pyrules.odds import MonteCarlo
from pyrules.systems.lonewolf import Action
from pyrules.systems.lonewolf.odds import grey_star_policy, lone_wolf_policy, spend_table

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
