"""The Lone Wolf family's exact odds at their edges: the command line and the API, the budgets of every exact
computation (a fight too large refused before the work, the clock watched during it), and the spends the odds
propose, each accepted by the engine."""

from __future__ import annotations

import json
import math
import sys

import pytest
from conftest import make_record, play, refused_from_its_estimate, rounds
from lonewolf_odds_cases import CASES, EXACT, call, odds_of

from pyrules.__main__ import main
from pyrules.fields import RecordError
from pyrules.systems.lonewolf import Action
from pyrules.systems.lonewolf.odds import grey_star_policy, lone_wolf_odds, spend_table, trade_off

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
