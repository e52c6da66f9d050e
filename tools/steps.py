"""What `test`, `quick`, `bench` and `screenshots` run, step by step, once build.py has put itself inside .venv:
the tooling and browsers set up, the site built, then the checks (lint, types, the test suites) or the benchmark's
and the screenshots' scripts of tests/ against dist/."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tools.environment import CHROMIUM, CHROMIUM_ARGS, ENGINE_PACKAGES, ensure_chromium, ensure_engines, node_tools
from tools.paths import BUILD, DIST, ROOT, log
from tools.runtime import PYODIDE_DIR, fetch_pyodide_test_wheels
from tools.server import make_server
from tools.site import build


def test(extra: list[str], quick: bool = False) -> int:
    """Every test (`test`), or the inner loop (`quick`: lint, types and the CPython tests, about a minute and a half
    here): no browser, no build, no Pyodide."""
    chromium = CHROMIUM
    if not quick:
        ensure_engines(list(ENGINE_PACKAGES))
        build()
    test_wheels = None if quick else fetch_pyodide_test_wheels()
    tsc = node_tools() / "node_modules" / ".bin" / "tsc"
    steps = [
        ("lint", [sys.executable, "-m", "ruff", "check", ROOT]),
        ("types (mypy)", [sys.executable, "-m", "mypy"]),
        (
            # the page's JavaScript checked against its JSDoc types (tsc --checkJs --noEmit, strict): the page's
            # modules, then the two workers (another global scope)
            "JavaScript types (tsc)",
            [tsc, "-b", ROOT / "tsconfig.json", ROOT / "tsconfig.workers.json"],
        ),
        ("unit tests on CPython", [sys.executable, "-m", "pytest", "-q", "-n", "auto", *extra]),
    ]
    steps += [] if quick else [
        (
            # against the wheel the page ships (docstrings stripped): the package's own doctests run on CPython
            "unit tests inside Pyodide (Node.js)",
            ["node", ROOT / "tests" / "pyodide" / "run.mjs", PYODIDE_DIR, test_wheels, BUILD / "browser-wheel",
             "-q", "tests/unit", "README.md"],
        ),
        (
            "browser tests (Playwright, Chromium)",
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", ROOT / "tests" / "browser"],
        ),
        (
            # one set of scenarios, driven in each of the other engines (tests/engines/conftest.py)
            "cross-engine tests (Firefox, WebKit)",
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", ROOT / "tests" / "engines"],
        ),
    ]
    env = {**os.environ, "PYRULES_CHROMIUM": chromium, "PYRULES_DIST": str(DIST)}
    failed = []
    for name, cmd in steps:
        log(f"--- {name}")
        began = time.monotonic()
        code = subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env).returncode
        log(f"--- {name}: exit {code} in {time.monotonic() - began:.0f} s")
        if code != 0:  # pytest's 5 ("no tests ran") is a failure too
            failed.append(f"{name} (exit {code})")
    if failed:
        log("FAILED: " + "; ".join(failed))
        return 1
    log("all tests passed")
    return 0


def bench(runs: int, update_readme: bool, engines: list[str], engines_only: bool) -> int:
    """The benchmark (tests/bench.py, bench_heavy.py, bench_lighthouse.py, bench_engines.py) against a fresh build:
    its tables printed, and written into docs/benchmark.md with `update_readme`."""
    ensure_engines(list(ENGINE_PACKAGES))
    build()
    sys.path.insert(0, str(ROOT / "tests"))
    from bench import run_bench, site, write_readme
    from bench_engines import run_engines

    if not engines_only:
        code = run_bench(DIST, make_server, CHROMIUM, CHROMIUM_ARGS, runs, update_readme)
        if code:
            return code
        from bench_heavy import main as heavy  # the slowest heavy request of each op, on CPython

        code = heavy(["--update-readme"] if update_readme else [])
        if code:
            return code
        from bench_lighthouse import main as lighthouse  # Lighthouse's own scores (installed on first use)

        code = lighthouse(["--update-readme"] if update_readme else [])
        if code:
            return code
    if engines:
        table = run_engines(site(DIST), runs=runs, engines=engines)
        print(table)
        if update_readme:
            return write_readme(table, "bench-engines")
    return 0


def screenshots() -> None:
    """The README's pictures taken from a fresh build (tests/screenshots.py)."""
    ensure_chromium()
    build()
    sys.path.insert(0, str(ROOT / "tests"))
    from screenshots import take

    take(DIST, make_server, CHROMIUM, CHROMIUM_ARGS)
