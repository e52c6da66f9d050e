"""Fighting Fantasy's exact odds (pyrules.systems.fighting_fantasy.odds): against the engine with fractions, spells,
several enemies at once, luck in combat, Monte Carlo against the exact answer, ended fights and refusals, the odds
taking every rule from the engine, and the budget."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import pytest
from conftest import check_monte_carlo, make_record, play, refused_from_its_estimate

from pyrules import api
from pyrules.odds import MonteCarlo
from pyrules.systems.fighting_fantasy import FightingFantasy
from pyrules.systems.fighting_fantasy.odds import fighting_fantasy_odds
from pyrules.systems.fighting_fantasy.record import FFAction

EXACT = 1e-12

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
    from pyrules.systems.fighting_fantasy.odds import FFChain

    exact = FFChain(fight.setup, fight.state, "order").value(fight.state.stamina, fight.state.enemies, 0)
    mc = MonteCarlo(fight.system, fight.setup, fight.state)
    check_monte_carlo(mc, exact)


def call(**request):
    return json.loads(api.call(json.dumps(request)))


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
