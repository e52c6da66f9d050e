#!/usr/bin/env python3
"""Build, serve, test and benchmark pyrules.

    python3 build.py            build dist/ (fetches the pinned Pyodide runtime, builds the wheel)
    python3 build.py serve      build, then serve dist/ on http://localhost:8000 with the production headers
    python3 build.py test       set everything up on a fresh machine, then run every test
    python3 build.py quick      the inner loop: lint, types (mypy, tsc) and the CPython tests
    python3 build.py bench      run the benchmark (headless Chromium, and CPython's heavy requests) and print the
                                tables of docs/benchmark.md
    python3 build.py screenshots    build, then take the README's pictures into docs/screenshots/ (tests/screenshots.py)

This file is the command line only: the work is in tools/ (paths, runtime, environment, snapshot, words, site,
server, steps), which never imports it. Only the standard library is used until `test`/`bench` create the tooling
environment (.venv).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tools import server, site, steps  # noqa: E402
from tools.environment import ensure_venv  # noqa: E402
from tools.paths import DIST, VENV  # noqa: E402


def in_venv(argv: list[str]) -> None:
    """Re-run this script inside .venv (created and filled if needed)."""
    python = ensure_venv()
    if Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(python), [str(python), str(Path(__file__).resolve()), *argv])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = ["build", "serve", "test", "quick", "bench", "screenshots"]
    parser.add_argument("command", nargs="?", default="build", choices=commands)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--runs", type=int, default=5, help="bench: cold loads of each page")
    parser.add_argument("--update-readme", action="store_true", help="bench: write the tables into docs/benchmark.md")
    parser.add_argument("--engines", default="chromium,firefox,webkit", help="bench: the per-engine table's engines")
    parser.add_argument("--engines-only", action="store_true", help="bench: only the per-engine table")
    args, extra = parser.parse_known_args(argv)
    if args.command == "build":
        site.build()
    elif args.command == "serve":
        site.build()
        server.serve(DIST, args.port)
    elif args.command in ("test", "quick"):
        in_venv(argv)
        return steps.test(extra, quick=args.command == "quick")
    elif args.command == "bench":
        in_venv(argv)
        engines = [e for e in args.engines.split(",") if e]
        return steps.bench(args.runs, args.update_readme, engines, args.engines_only)
    elif args.command == "screenshots":
        in_venv(argv)
        steps.screenshots()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
