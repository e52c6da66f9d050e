"""Timings of Fighting Fantasy's exact odds and engine on CPython (not a test).

``python3 tests/bench_ff.py [--src DIR] [--runs N]``: each case's exact odds (``fighting_fantasy_odds``), best and
median of N runs (7 by default) in CPU time (``time.process_time``: another process on a shared machine does not
count), with its P(win) printed to 15 digits so that two versions can be compared value for value; then the engine's
own speed: rounds through ``FightingFantasy.step`` and a Monte Carlo of 2,000 fights. ``--src DIR`` times the
``pyrules`` package found in DIR instead of this checkout's (e.g. an older commit unpacked by ``git archive COMMIT
pyrules | tar -x -C DIR``), so that before and after run the same script on the same machine.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--src", default=str(pathlib.Path(__file__).resolve().parent.parent), help="the pyrules checkout")
parser.add_argument("--runs", type=int, default=7)
options = parser.parse_args()
sys.path.insert(0, options.src)

from pyrules import Fight  # noqa: E402
from pyrules.odds import MonteCarlo, TooLarge  # noqa: E402
from pyrules.systems.fighting_fantasy.odds import fighting_fantasy_odds  # noqa: E402

HERO = {"skill": 11, "stamina": 20, "luck": 9}
THREE = [{"name": "A", "skill": 9, "stamina": 8}, {"name": "B", "skill": 9, "stamina": 10},
         {"name": "C", "skill": 9, "stamina": 12}]  # fmt: skip


def fight(hero: dict, enemies: list, rules: dict | None = None, actions: list | None = None) -> Fight:
    return Fight.from_record(
        {"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy", "hero": hero, "enemies": enemies,
         "rules": rules or {}, "actions": actions or []}
    )  # fmt: skip


SPELLS = {**HERO, "spells": {"strength": 1, "weakness": 1}}
CAST = [{"do": "spell", "spell": "strength"}, {"do": "spell", "spell": "weakness", "target": 2}]
CASES: list[tuple[str, Fight]] = [
    ("3 at once, ВЫНОСЛИВОСТЬ 8, 10, 12 (МАСТЕРСТВО 11 vs 9)", fight(HERO, THREE)),
    ("the same, one by one", fight(HERO, THREE, {"one_by_one": True})),
    ("the same, one by one, luck in combat", fight(HERO, THREE, {"one_by_one": True, "luck_in_combat": True})),
    ("2 at once, ВЫНОСЛИВОСТЬ 8, 10, luck in combat", fight(HERO, THREE[:2], {"luck_in_combat": True})),
    ("3 at once, luck in combat (refused: too many states)", fight(HERO, THREE, {"luck_in_combat": True})),
    ("the same, Strength and Weakness cast", fight(SPELLS, THREE, {}, CAST)),
    ("3 at once of 22, hero 22 (the limit in docs/benchmark.md)",
     fight({"skill": 12, "stamina": 22, "luck": 9}, [{"name": "E", "skill": 10, "stamina": 22}] * 3)),
    ("1 against 1, ВЫНОСЛИВОСТЬ 24 vs 24, luck in combat",
     fight({"skill": 10, "stamina": 24, "luck": 11}, [{"name": "E", "skill": 10, "stamina": 24}],
           {"luck_in_combat": True})),
]  # fmt: skip


def timed(compute: Callable[[], Any], runs: int) -> tuple[float, float, Any]:
    times, answer = [], None
    for _ in range(runs):
        started = time.process_time()
        try:
            answer = compute()
        except TooLarge as error:
            answer = {"win": float("nan"), "target": f"TooLarge({error})"}
        times.append((time.process_time() - started) * 1000)
    return min(times), statistics.median(times), answer


def main() -> None:
    print(
        f"pyrules from {options.src}; Python {sys.version.split()[0]}; best / median of {options.runs} runs, CPU time"
    )
    total = 0.0
    for name, f in CASES:
        best, median, answer = timed(lambda f=f: fighting_fantasy_odds(f.setup, f.state), options.runs)
        total += median
        print(f"{best:9.1f} ms {median:9.1f} ms  win {answer['win']:.15f}  target {answer['target']}  {name}")
    print(f"{'':9}    {total:9.1f} ms  (sum of the medians)")
    f = CASES[0][1]
    step = f.system.step
    action = f.system.parse_action({"do": "round", "target": 0, "dice": [[3, 4], [2, 5], [6, 6], [1, 1]]}, 0)

    def rounds() -> None:
        for _ in range(5000):
            step(f.setup, f.state, action)

    best, median, _ = timed(rounds, options.runs)
    print(f"{best:9.1f} ms {median:9.1f} ms  5,000 rounds through step, three at once")
    best, median, answer = timed(lambda: MonteCarlo(f.system, f.setup, f.state).run(2000), 3)
    print(f"{best:9.1f} ms {median:9.1f} ms  Monte Carlo, 2,000 fights (win {answer['win']:.4f})")


if __name__ == "__main__":
    main()
