"""The odds' benchmark cases, timed by Python where it runs (CPython, or Pyodide in a page through the API's
``benchmark`` op): each case is one request, so each has the whole of a request's budget (:mod:`pyrules.budget`), and
a Monte Carlo plays what fits in the rest of it (its count is in the answer).

The fights whose odds are timed are the registry's (:data:`pyrules.systems.SYSTEMS`), each system's own examples
(``System.examples``, as the contract test reads them): every system's "small" and "typical" exact odds (``examples``);
Lone Wolf's and Grey Star's "large" (ENDURANCE 50 against 100; Grey Star's spends, his best policy, each beside a
Monte Carlo), and each "large" made giant (:func:`giant`), refused as too large.

>>> sorted(CASES)
['examples', 'giants', 'gs_mc', 'gs_optimal', 'gs_optimal_mc', 'gs_spends', 'lw', 'lw_mc', 'review_gs', 'review_lw']
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any, cast

from . import budget
from .fight import Fight
from .odds import MonteCarlo, odds
from .review import review
from .systems import SYSTEMS
from .systems.lonewolf import odds as lw_odds
from .systems.lonewolf.system import LoneWolf


def _record(system: str, hero: dict, enemies: list, **extra: Any) -> dict:
    return {"format": "pyrules-fight", "version": 1, "system": system, "hero": hero, "enemies": enemies, **extra}


def example(key: str, use: str) -> dict:
    """A registered system's example of a use, as a fight record."""
    return {"format": "pyrules-fight", "version": 1, "system": key, **SYSTEMS[key].examples[use]}


LW = example("lone-wolf", "large")
GS = example("grey-star", "large")
def giant(key: str) -> dict:
    """A registered system's large example made giant: 999 of every number but the skill, on both sides, with an
    evasion allowed from the start (the format accepts it; its exact odds are refused as too large)."""
    large = example(key, "large")
    grown = [{name: value if name == "skill" else 999 for name, value in part.items()}
             for part in (large["hero"], large["enemies"][0])]  # fmt: skip
    return {**large, "hero": grown[0], "enemies": [grown[1]], "rules": {"evade_after": 0}}


# Fights the format accepts whose odds are refused as too large: timed to show the refusal is quick (with Grey Star's
# best spend and trade-off asked too, where the book spends WILLPOWER).
GIANTS: list[tuple[dict, dict]] = [(giant(key), {"options": {"lambda": 0.01}, "curve": [0, 0.003, 0.03, 0.1, 0.3, 1],
                                                  "table": False})
                                   for key, system in SYSTEMS.items() if "large" in system.examples]  # fmt: skip


# Fights to review, played from their seeds: Lone Wolf even (ENDURANCE 250 each, 30 rounds, still going on); Grey Star
# spending 1 WILLPOWER a round until it is gone where the Staff's best spends are more (20 rounds, lost); Citadel of
# Blood, simulated: Almuric against the Medusa, lost from about 91 % (18 actions, the plain policy's), reviewed in
# parts as the page asks them, one request each (tests/bench.py).
REVIEW_LW = _record("lone-wolf", {"skill": 15, "endurance": 250}, [{"skill": 15, "endurance": 250}], seed=1,
                    actions=[{"do": "round"}] * 30)
REVIEW_GS = _record("grey-star", {"skill": 18, "endurance": 60, "willpower": 10}, [{"skill": 18, "endurance": 150}],
                    seed=4, actions=[{"do": "round", "willpower": 1}] * 10 + [{"do": "round"}] * 10)
REVIEW_CITADEL = _record("citadel-of-blood", {"party": [{"hero": "almuric"}]}, [{"monster": "medusa"}], seed=1,
                         actions=[{"do": "attack", "unit": "A", "target": "1"}, {"do": "monster"}] * 9)
# The longest fight a share link carries, drawn by the page (tests/bench.py, tests/browser/test_long_fight.py): 5,000
# rounds of Fighting Fantasy against 20 at once, the dice drawn from the seed; the hero (SKILL 12 against 0) wounds
# the one he aims at every round and is never wounded, and each enemy's 999 STAMINA lasts 500 rounds.
LONG_LINK = _record("fighting-fantasy", {"skill": 12, "stamina": 20, "luck": 9},
                    [{"name": f"Enemy {i + 1}", "skill": 0, "stamina": 999} for i in range(20)], seed=1,
                    actions=[{"do": "round", "target": k // 500} for k in range(5000)])


def _median_ms(compute: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    runs, answer = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        answer = compute()
        runs.append((time.perf_counter() - t) * 1000)
    return sorted(runs)[repeat // 2], answer


def _system(fight: Fight) -> type[LoneWolf]:
    return cast(type[LoneWolf], fight.system)


def _lw(_fights: int) -> dict[str, Any]:
    lw = Fight.from_record(LW)
    ms, exact = _median_ms(lambda: lw_odds.lone_wolf_odds(_system(lw), lw.setup, lw.state), 5)
    return {"lw_50_vs_100_ms": ms, "exact_win": exact["win"]}


def _gs_spends(_fights: int) -> dict[str, Any]:
    gs = Fight.from_record(GS)
    ms, table = _median_ms(lambda: lw_odds.spend_table(_system(gs), gs.setup, gs.state), 3)
    return {"gs_all_spends_ms": ms, "gs_spend": table[0]["spend"], "gs_exact_win": table[0]["win"]}


def _optimal(gs: Fight) -> dict[str, Any]:
    return lw_odds.grey_star_policy(_system(gs), gs.setup, gs.state, 0.01, detail=True)


def _gs_optimal(_fights: int) -> dict[str, Any]:
    ms, optimal = _median_ms(lambda: _optimal(Fight.from_record(GS)), 1)  # with the policy evaluated forward
    return {"gs_optimal_ms": ms, "gs_optimal_win": optimal["win"]}


def _refused(record: dict, options: dict) -> None:
    try:
        odds(Fight.from_record(record), **options)
    except budget.TooLarge:
        return
    raise AssertionError("a giant fight got exact odds")


def _giants(_fights: int) -> dict[str, Any]:
    return {"giant_refusal_ms": max(_median_ms(partial(_refused, *giant), 3)[0] for giant in GIANTS)}


def _examples(_fights: int) -> dict[str, Any]:
    """Every registered system's exact odds of its small and typical examples (the panel's answer, table and all)."""
    timed = {}
    for key, system in SYSTEMS.items():
        if "exact_odds" not in system.capabilities:
            continue
        for use in ("small", "typical"):
            fight = Fight.from_record(example(key, use))
            timed[f"{key}_{use}_ms"] = _median_ms(partial(odds, fight), 3)[0]
    return timed


def _simulated(prefix: str, fight: Fight, exact: float, fights: int, policy: Any = None) -> dict[str, Any]:
    t = time.perf_counter()
    estimate = MonteCarlo(fight.system, fight.setup, fight.state, policy).run(fights)
    return {f"{prefix}_ms": (time.perf_counter() - t) * 1000, f"{prefix}_fights": estimate["runs"],
            f"{prefix}_win": estimate["win"], f"{prefix}_error": estimate["win"] - exact}  # fmt: skip


def _lw_mc(fights: int) -> dict[str, Any]:
    lw = Fight.from_record(LW)
    return _simulated("mc", lw, lw_odds.lone_wolf_odds(_system(lw), lw.setup, lw.state)["win"], fights)


def _gs_mc(fights: int) -> dict[str, Any]:
    """Grey Star with the best fixed spend, exact beside a Monte Carlo of the same spend."""
    gs = Fight.from_record(GS)
    best = lw_odds.spend_table(_system(gs), gs.setup, gs.state)[0]
    return _simulated("gs_mc", gs, best["win"], fights, lw_odds.lone_wolf_policy(best["spend"]))


def _gs_optimal_mc(fights: int) -> dict[str, Any]:
    gs = Fight.from_record(GS)
    optimal = _optimal(gs)
    return _simulated("gs_optimal_mc", gs, optimal["win"], fights, optimal["policy"])


def _review(prefix: str, record: dict) -> dict[str, Any]:
    fight = Fight.from_record(record)
    ms, answer = _median_ms(lambda: review(fight), 3)
    return {f"{prefix}_ms": ms, f"{prefix}_rounds": len(answer["rows"])}


CASES: dict[str, Callable[[int], dict[str, Any]]] = {
    "lw": _lw,
    "gs_spends": _gs_spends,
    "gs_optimal": _gs_optimal,
    "giants": _giants,
    "examples": _examples,
    "lw_mc": _lw_mc,
    "gs_mc": _gs_mc,
    "gs_optimal_mc": _gs_optimal_mc,
    "review_lw": lambda _fights: _review("review_lw", REVIEW_LW),
    "review_gs": lambda _fights: _review("review_gs", REVIEW_GS),
}


def run(case: str, fights: int = 100_000) -> dict[str, Any]:
    """The timings (ms, time.perf_counter) of one case; a Monte Carlo case plays ``fights``, or what fits its budget."""
    return CASES[case](fights)
