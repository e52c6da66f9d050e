"""What `test`, `quick`, `bench` and `screenshots` run, step by step, once build.py has put itself inside .venv:
the tooling and browsers set up, the site built, then the checks (lint, types, the test suites) or the benchmark's
and the screenshots' scripts of tests/ against dist/."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time

from tools.environment import CHROMIUM, CHROMIUM_ARGS, ENGINE_PACKAGES, ensure_chromium, ensure_engines, node_tools
from tools.paths import BUILD, DIST, ROOT, log
from tools.runtime import PYODIDE_DIR, fetch_pyodide_test_wheels
from tools.server import make_server
from tools.site import build


def test(extra: list[str], quick: bool = False) -> int:
    """Every test (`test`), or the inner loop (`quick`: lint, types and the CPython tests): no browser, no build, no
    Pyodide. The checks run first, then the CPython tests on every core; then two lanes side by side, as the browser
    suite leaves part of the second core idle (docs/testing.md): the Chromium suite, and beside it the Pyodide suite
    and the Chromium suite's start-up, keeping and accessibility tests; then, alone, the longest fights' browser tests;
    last the cross-engine suite, Firefox beside WebKit."""
    chromium = CHROMIUM
    if not quick:
        ensure_engines(list(ENGINE_PACKAGES))
        build()
    test_wheels = None if quick else fetch_pyodide_test_wheels()
    tsc = node_tools() / "node_modules" / ".bin" / "tsc"
    first: list[Step] = [
        ("lint", [sys.executable, "-m", "ruff", "check", ROOT]),
        ("types (mypy)", [sys.executable, "-m", "mypy"]),
        (
            # the page's JavaScript checked against its JSDoc types (tsc --checkJs --noEmit, strict): the page's
            # modules, then the two workers (another global scope)
            "JavaScript types (tsc)",
            [tsc, "-b", ROOT / "tsconfig.json", ROOT / "tsconfig.workers.json"],
        ),
        ("unit tests on CPython", [sys.executable, "-m", "pytest", "-q", "-n", "auto", "--dist", "worksteal", *extra]),
    ]
    browser = ROOT / "tests" / "browser"
    chromium_lane: list[Step] = [
        (
            "browser tests (Playwright, Chromium)",
            browser_pytest(browser, *(f"--ignore={browser / name}"
                                      for name in SECOND_LANE_BROWSER_TESTS + ALONE_BROWSER_TESTS)),
        ),
    ]
    other_lane: list[Step] = [
        (
            # against the wheel the page ships (docstrings stripped): the package's own doctests run on CPython
            "unit tests inside Pyodide (Node.js)",
            ["node", ROOT / "tests" / "pyodide" / "run.mjs", PYODIDE_DIR, test_wheels, BUILD / "browser-wheel",
             "-q", "tests/unit", "README.md"],
        ),
        (
            "browser tests of the start, the keeping and accessibility (Playwright, Chromium)",
            browser_pytest(*(browser / name for name in SECOND_LANE_BROWSER_TESTS)),
        ),
    ]
    alone: list[Step] = [
        (
            "browser tests of the longest fights, alone (Playwright, Chromium)",
            browser_pytest(*(browser / name for name in ALONE_BROWSER_TESTS)),
        ),
    ]
    # PYRULES_RUN: the tests that need what only the full run fetches (the pinned Pyodide) skip in quick's, not there
    env = {**os.environ, "PYRULES_CHROMIUM": chromium, "PYRULES_DIST": str(DIST),
           "PYRULES_RUN": "quick" if quick else "test"}
    # Bytecode, pytest's rewritten test modules included, kept under build/ between runs (even where the environment
    # says not to write it beside the sources): each test process otherwise compiles every module again, about 4 s of
    # each CPython worker's collection here.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(BUILD / "pycache")
    began = time.monotonic()
    failed = run_steps(first, env)
    if not quick:
        failed += side_by_side([(chromium_lane, env), (other_lane, env)])
        failed += run_steps(alone, env)
        # one set of scenarios (tests/engines/conftest.py), Firefox beside WebKit once the lanes are done: beside the
        # lanes WebKitGTK's page process crashed once in a run (docs/design.md, known problems)
        engines = ROOT / "tests" / "engines"
        failed += side_by_side([([(f"cross-engine tests in {name}", browser_pytest(engines))],
                                 {**env, "PYRULES_ENGINES": name.lower()}) for name in ("Firefox", "WebKit")])
    log(f"--- the whole run: {time.monotonic() - began:.0f} s")
    if failed:
        log("FAILED: " + "; ".join(failed))
        return 1
    log("all tests passed")
    return 0


Step = tuple[str, list]
# The Chromium suite's files run in the second lane after the Pyodide suite, so that the lanes end together (about
# 15 minutes each here; docs/testing.md): the first lane runs every other file of tests/browser.
SECOND_LANE_BROWSER_TESTS = ("test_boot.py", "test_keep.py", "test_a11y.py")
# Run after the lanes, alone: a shared 5,000-round fight is replayed within one request's budget (pyrules.budget), a
# wall clock that the lanes' load stretched past it once in a clean-clone run (its length is the bench's to measure).
ALONE_BROWSER_TESTS = ("test_long_fight.py",)
# s: the longest one browser test may take, its fixtures' set-up counted (pytest-timeout), so that a hang fails that
# test by name, with its stack, well within CI's limit. The slowest here: a set-up's build of a copy, 50 s in a quiet
# run, 147 s with two runs side by side (load 8 to 13) (each lane's log ends with its three slowest).
BROWSER_TEST_BOUND = 900
_printing = threading.Lock()


def browser_pytest(*args: object) -> list:
    """The command of a browser suite's pytest (no cache of its own between runs), each test bounded."""
    return [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--timeout={BROWSER_TEST_BOUND}",
            "--durations=3", *args]


def side_by_side(lanes: list[tuple[list[Step], dict[str, str]]]) -> list[str]:
    """Runs each lane's steps (with its environment) in a thread of its own, the lanes side by side; the failed steps
    of all of them, once every lane has ended."""
    failed: list[str] = []
    threads = [threading.Thread(target=lambda steps=steps, env=env: failed.extend(run_steps(steps, env, logged=True)))
               for steps, env in lanes]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failed


def run_steps(steps: list[Step], env: dict[str, str], logged: bool = False) -> list[str]:
    """Runs the steps one after another, whatever their exit; the failed ones named, with their exit status (pytest's
    5, "no tests ran", is a failure too). A step run beside another (`logged`) writes its output to
    build/test-logs/, printed whole when it ends, so that the two lanes' outputs do not interleave."""
    failed = []
    for name, cmd in steps:
        began = time.monotonic()
        if logged:
            logs = BUILD / "test-logs"
            logs.mkdir(parents=True, exist_ok=True)
            out = logs / (re.sub(r"\W+", "-", name.split(" (")[0]) + ".log")
            with _printing:
                log(f"--- {name}: started beside another lane, its output in {out.relative_to(ROOT)}")
            with out.open("w") as file:
                code = subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env, stdout=file,
                                      stderr=subprocess.STDOUT).returncode
            with _printing:
                log(f"--- {name}")
                sys.stdout.write(out.read_text(errors="replace"))
                log(f"--- {name}: exit {code} in {time.monotonic() - began:.0f} s")
        else:
            log(f"--- {name}")
            code = subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env).returncode
            log(f"--- {name}: exit {code} in {time.monotonic() - began:.0f} s")
        if code != 0:
            failed.append(f"{name} (exit {code})")
    return failed


def bench(runs: int, update_readme: bool, engines: list[str], engines_only: bool) -> int:
    """The benchmark (tests/bench.py, bench_heavy.py, bench_story.py, bench_lighthouse.py, bench_engines.py) against a
    fresh build:
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
        from bench_heavy import main as heavy  # the slowest heavy request of each op, on CPython and in Pyodide

        code = heavy(["--update-readme"] if update_readme else [])
        if code:
            return code
        from bench_story import main as story  # Citadel's whole simulated story, CPU time on CPython and in Pyodide

        code = story(["--pyodide", *(["--update-readme"] if update_readme else [])])
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
