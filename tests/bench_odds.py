"""Timings of the exact odds on CPython (not a test).

``python3 tests/bench_odds.py [MC_FIGHTS]``: the benchmark cases (:mod:`pyrules.benchmark`, which the page can call
in Pyodide through the API's ``benchmark`` op, one case a request): Lone Wolf ENDURANCE 50 vs 100 (plain rules); Grey
Star ENDURANCE 35, WILLPOWER 50, skill 18 vs an enemy of skill 20, ENDURANCE 60, every fixed spend 1-50; the same
fight's optimal adaptive spend for λ = 0.01; Monte Carlos of these fights (100,000 fights by default; through the API,
what fits in a request's budget) with their time and their error against the exact answer; and how fast the issue's
giant fights are refused.

``python3 tests/bench_odds.py --limits [--update-readme]``: the largest fight each exact solver accepts under its
budget (``pyrules.systems.lonewolf.odds.ODDS_CELLS`` …), found by growing N on a symmetric fight until the solver
answers TooLarge, with its time (best of 3) and its peak memory (tracemalloc, in a separate run); a Markdown table,
written into
docs/benchmark.md between the ``limits`` markers with ``--update-readme``.
"""

from __future__ import annotations

import json
import pathlib
import platform
import re
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pyrules.odds as odds  # noqa: E402
import pyrules.systems.fighting_fantasy.odds as ff_odds  # noqa: E402
import pyrules.systems.lonewolf.odds as lw_odds  # noqa: E402
from pyrules import (  # noqa: E402
    Fight,  # noqa: E402
    benchmark,
    budget,
)

START, END = "<!-- limits:start -->", "<!-- limits:end -->"
TOP = 999  # the largest ENDURANCE / ВЫНОСЛИВОСТЬ a record may hold


def fight(system: str, hero: dict, enemies: list, rules: dict | None = None) -> Fight:
    return Fight.from_record(
        {"format": "pyrules-fight", "version": 1, "system": system, "hero": hero, "enemies": enemies,
         "rules": rules or {}}
    )  # fmt: skip


def lw(n: int, enemies: int = 1, rules: dict | None = None) -> Fight:
    return fight("lone-wolf", {"skill": 15, "endurance": n}, [{"skill": 15, "endurance": n}] * enemies, rules)


def gs(n: int) -> Fight:
    return fight("grey-star", {"skill": 18, "endurance": n, "willpower": n}, [{"skill": 20, "endurance": n}])


def ff(n: int) -> Fight:
    return fight("fighting-fantasy", {"skill": 12, "stamina": n, "luck": 9}, [{"skill": 10, "stamina": n}] * 3)


def args(f: Fight) -> tuple:
    return f.system, f.setup, f.state


# (solver, the fight as it grows, what it computes)
CASES: list[tuple[str, str, Callable[[int], Fight], Callable[[Fight], Any]]] = [
    ("lone_wolf_odds", "Lone Wolf, ENDURANCE N against N (COMBAT SKILL 15 each)", lw,
     lambda f: lw_odds.lone_wolf_odds(*args(f))),
    ("lone_wolf_odds", "Lone Wolf, ENDURANCE N against 20 enemies of N", lambda n: lw(n, 20),
     lambda f: lw_odds.lone_wolf_odds(*args(f))),
    ("spend_table", "Grey Star, ENDURANCE and WILLPOWER N (skill 18) against N (skill 20), every spend 1-N", gs,
     lambda f: lw_odds.spend_table(*args(f))),
    ("grey_star_policy", "Grey Star, the same fight, optimal spending for λ = 0.01", gs,
     lambda f: lw_odds.grey_star_policy(*args(f), 0.01)),
    ("trade_off", "Grey Star, the same fight, the 5-point trade-off curve", gs,
     lambda f: lw_odds.trade_off(*args(f))),
    ("fighting_fantasy_odds", "Fighting Fantasy, ВЫНОСЛИВОСТЬ N against 3 at once of N (МАСТЕРСТВО 12 vs 10)", ff,
     lambda f: ff_odds.fighting_fantasy_odds(f.setup, f.state)),
]  # fmt: skip


def accepted(make: Callable[[int], Fight], compute: Callable[[Fight], Any], n: int) -> bool:
    try:
        compute(make(n))
        return True
    except (odds.TooLarge, RecursionError):
        return False


def largest(make: Callable[[int], Fight], compute: Callable[[Fight], Any]) -> int:
    """The largest N (1..999) accepted, by bisection (acceptance shrinks as N grows); 0 if none."""
    if accepted(make, compute, TOP):
        return TOP
    low, high = 0, TOP  # accepted at low (or low = 0), refused at high
    while high - low > 1:
        mid = (low + high) // 2
        if accepted(make, compute, mid):
            low = mid
        else:
            high = mid
    return low


def measure(make: Callable[[int], Fight], compute: Callable[[Fight], Any], n: int) -> tuple[float, float]:
    """(seconds, best of 3; peak MB of Python allocations, tracemalloc, in a run of its own)."""
    best = float("inf")
    for _ in range(3):
        f = make(n)
        t = time.perf_counter()
        compute(f)
        best = min(best, time.perf_counter() - t)
    f = make(n)
    seconds, budget.SECONDS = budget.SECONDS, 1e9  # tracemalloc slows the run down: no deadline for this one
    tracemalloc.start()
    try:
        compute(f)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        budget.SECONDS = seconds
    return best, peak / 2**20


def refusal(make: Callable[[int], Fight], compute: Callable[[Fight], Any], n: int) -> float:
    """Seconds to refuse the fight of size n (best of 3)."""
    best = float("inf")
    for _ in range(3):
        f = make(n)
        t = time.perf_counter()
        try:
            compute(f)
        except (odds.TooLarge, RecursionError):
            pass
        best = min(best, time.perf_counter() - t)
    return best


def limits() -> str:
    rows = []
    for solver, what, make, compute in CASES:
        n = largest(make, compute)
        seconds, peak = measure(make, compute, n) if n else (0.0, 0.0)
        refused = refusal(make, compute, min(TOP, n + 1)) if n < TOP else None
        rows.append((solver, what, n, seconds, peak, refused))
        print(f"bench: {solver}: N = {n}, {seconds:.2f} s, {peak:.0f} MB", file=sys.stderr, flush=True)
    budgets = (
        f"budgets: ODDS_CELLS {lw_odds.ODDS_CELLS:,}, POLICY_CELLS"
        f" {lw_odds.POLICY_CELLS:,}, FF_WORK {ff_odds.FF_WORK:,}, SECONDS {budget.SECONDS:g}"
    )
    lines = [
        f"CPython {platform.python_version()}, {budgets}.",
        "",
        "| Solver | Fight (growing N) | Largest N accepted | Time (best of 3) | Peak memory (tracemalloc)"
        " | N + 1 refused in |",
        "|---|---|---|---|---|---|",
    ]
    for solver, what, n, seconds, peak, refused in rows:
        shown = "—" if refused is None else f"{refused * 1000:.1f} ms"
        lines.append(f"| `{solver}` | {what} | {n} | {seconds:.2f} s | {peak:.1f} MB | {shown} |")
    return "\n".join(lines)


def update_readme(table: str) -> int:
    readme = ROOT / "docs" / "benchmark.md"
    text = readme.read_text(encoding="utf-8")
    block = f"{START}\n{table}\n{END}"
    text, count = re.subn(re.escape(START) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    if count != 1:
        print("bench: docs/benchmark.md has no limits markers; table not written", file=sys.stderr)
        return 1
    readme.write_text(text, encoding="utf-8")
    print("bench: docs/benchmark.md updated", file=sys.stderr)
    return 0


def main(argv: list[str]) -> int:
    if "--limits" in argv:
        table = limits()
        print(table)
        return update_readme(table) if "--update-readme" in argv else 0
    numbers = [a for a in argv if not a.startswith("-")]
    fights = int(numbers[0]) if numbers else 100_000
    print(json.dumps({case: benchmark.run(case, fights) for case in benchmark.CASES}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
