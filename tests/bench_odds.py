"""Timings of the exact odds on CPython (not a test): ``python tests/bench_odds.py [MC_FIGHTS]``.

The cases (also in :func:`pyrules.odds.benchmark_cases`, which the page can call in Pyodide through the API's
``benchmark`` op): Lone Wolf ENDURANCE 50 vs 100 (plain rules); Grey Star ENDURANCE 35, WILLPOWER 50, skill 18 vs
an enemy of skill 20, ENDURANCE 60, every fixed spend 1-50; the same fight's optimal adaptive spend for λ = 0.01;
and a Monte Carlo of the Lone Wolf fight (100,000 fights by default) with its time and its error against the exact
answer.
"""

from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pyrules.odds import benchmark_cases  # noqa: E402

if __name__ == "__main__":
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    print(json.dumps(benchmark_cases(fights), indent=1))
