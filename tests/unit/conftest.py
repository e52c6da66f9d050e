"""Shared helpers for the unit suite (runs on CPython and, unchanged, inside Pyodide)."""

from __future__ import annotations

import math
import pathlib
import re
import sys
import time

import pytest

from pyrules import Fight, RecordError

REFERENCE = pathlib.Path(__file__).resolve().parent.parent / "reference"
ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOLING = pytest.mark.skipif(not (ROOT / "tools" / "package.py").exists(), reason="the tooling is not here")


@pytest.fixture(scope="module")
def package():
    """tools/package.py, the build's packing of the rules (where the tooling is: not inside Pyodide)."""
    sys.path.insert(0, str(ROOT))
    from tools import package

    return package


def cpu_clock():
    """This process's CPU clock in seconds: on CPython its own; inside Pyodide, Node.js's (the process that runs the
    suite there), read through the ``js`` module. None where there is none."""
    if sys.platform != "emscripten":
        return time.process_time
    try:
        from js import process  # type: ignore[import-not-found]
    except ImportError:
        return None
    usage = getattr(process, "cpuUsage", None)
    if usage is None:
        return None

    def clock() -> float:
        used = usage()
        return (used.user + used.system) / 1e6

    return clock


@pytest.fixture(autouse=True)
def budgets_on_the_cpu_clock(monkeypatch):
    """Every request's budget (pyrules.budget, and the deadlines the odds and reviews derive from it) counts this
    process's CPU seconds in the unit suites, not the wall clock's: another load on a busy machine stretches neither
    what a test asks for nor when its request is refused. The wall clock's promise (3 s a request, on CPython and
    inside Pyodide) is the bench's to measure (tests/bench_heavy.py), never a test's."""
    clock = cpu_clock()
    if clock is not None:
        monkeypatch.setattr(time, "perf_counter", clock)


def make_record(system="lone-wolf", hero=None, enemies=None, rules=None, actions=(), seed=0):
    return {
        "format": "pyrules-fight",
        "version": 1,
        "system": system,
        "hero": hero or {"skill": 15, "endurance": 25},
        "enemies": enemies if enemies is not None else [{"name": "Giak", "skill": 15, "endurance": 30}],
        "rules": rules or {},
        "seed": seed,
        "actions": list(actions),
    }


def play(system="lone-wolf", hero=None, enemies=None, rules=None, actions=(), seed=0) -> Fight:
    return Fight.from_record(make_record(system, hero, enemies, rules, actions, seed))


def rounds(*numbers, do="round", **extra):
    """Round actions with typed random numbers."""
    return [{"do": do, "number": n, **extra} for n in numbers]


def parse_markdown_tables(text: str) -> dict[str, dict[int, list[tuple]]]:
    """The tables in tests/reference/rules-tables.md: {section: {random number: [(enemy, hero), ...13]}}."""
    tables: dict[str, dict[int, list[tuple]]] = {}
    section = None
    for line in text.splitlines():
        heading = re.match(r"## (\S+)", line)
        if heading:
            section = heading.group(1)
            tables[section] = {}
            continue
        cells = [c.strip().strip("*") for c in line.strip().strip("|").split("|")]
        if section and line.startswith("|") and cells[0].isdigit():
            parsed = []
            for cell in cells[1:]:
                enemy, hero = cell.split("/")
                parsed.append(tuple(part if part == "K" else int(part) for part in (enemy, hero)))
            tables[section][int(cells[0])] = parsed
    return tables


@pytest.fixture(scope="session")
def reference_tables():
    return parse_markdown_tables((REFERENCE / "rules-tables.md").read_text(encoding="utf-8"))


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


def check_monte_carlo(mc, exact: float) -> None:
    """A Monte Carlo run in two parts (150 fights, then 250 more: it goes on where it stopped) agrees with the exact
    win chance within four standard errors, and its interval holds its estimate."""
    first = mc.run(150)
    assert first["runs"] == 150
    estimate = mc.run(250)  # incremental: 400 in all
    assert estimate["runs"] == 400
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / 400)
    assert abs(estimate["win"] - exact) <= 4 * se + 1e-9
    assert estimate["low"] <= estimate["win"] <= estimate["high"]


def play_wishes(record, wishes):
    """Apply each wished action to the fight of `record` (a record, or a Fight played on); refused ones must leave
    the fight untouched. Yields (fight, before, after, event)."""
    fight = record if isinstance(record, Fight) else Fight.from_record(record)
    for wish in wishes:
        before = fight.state
        try:
            event = fight.apply(wish)
        except RecordError:
            assert fight.state == before
            continue
        yield fight, before, fight.state, event
