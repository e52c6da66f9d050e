"""The slowest heavy request of each op on CPython (not a test): ``python3 tests/bench_heavy.py [--update-readme]``.

Each request of tests/unit/heavy.py (the heaviest the format accepts) is timed once through ``pyrules.api.call``; the
table lists, for each op, the slowest of its requests, how long it took against the request's budget, and what it
answered. ``python3 build.py bench`` runs it too."""

from __future__ import annotations

import json
import pathlib
import platform
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "unit")]

import heavy  # noqa: E402
from bench import write_readme  # noqa: E402

from pyrules import api, budget  # noqa: E402


def table() -> str:
    slowest: dict[str, tuple[float, str, str, int]] = {}
    for what, request in heavy.requests():
        text = json.dumps(request)
        started = time.perf_counter()
        reply = json.loads(api.call(text))
        seconds = time.perf_counter() - started
        said = "answered" if reply["ok"] else "too large" if reply.get("too_large") else "refused"
        print(f"bench: {seconds:6.2f} s {said:9} {what}", file=sys.stderr, flush=True)
        if seconds >= slowest.get(request["op"], (-1.0, "", "", 0))[0]:
            slowest[request["op"]] = (seconds, what, said, len(text))
    lines = [
        f"CPython {platform.python_version()}, one request's budget {budget.REQUEST_SECONDS:g} s.",
        "",
        "| Op | Its slowest heavy request | Request size | Time | Answer |",
        "|---|---|---|---|---|",
    ]
    for op in api.HANDLERS:
        seconds, what, said, size = slowest[op]
        lines.append(f"| `{op}` | {what} | {size / 1000:,.1f} KB | {seconds:.2f} s | {said} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = table()
    print(text)
    return write_readme(text, "heavy") if "--update-readme" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
