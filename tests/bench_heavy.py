"""The slowest heavy request of each op on CPython and inside Pyodide (not a test): ``python3 tests/bench_heavy.py
[--runs N] [--update-readme]``, after ``python3 build.py build`` (the pinned runtime and the wheel the page ships, in
build/).

Each request of tests/unit/heavy.py (the heaviest the format accepts) is timed whole through ``pyrules.api.call``,
from its JSON text to its reply's, on CPython here and inside Pyodide under Node.js (tests/pyodide/bench_heavy.mjs:
as the rules' worker calls it, the request a JavaScript string), the runtimes alternating run by run. The table lists,
for each op, the request slowest inside Pyodide, its median time and spread over the runs in each runtime, against
the request's budget, and what it answered. ``python3 build.py bench`` runs it too."""

from __future__ import annotations

import json
import pathlib
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "unit")]

import heavy  # noqa: E402

from pyrules import api, budget  # noqa: E402

NEAR = 0.9  # a time past this share of the budget is marked: too near it for a slower machine


def texts() -> Iterator[tuple[str, str, str]]:
    """(what, op, the request's JSON text) of each heavy request, made anew (some open sessions and play them)."""
    for what, request in heavy.requests():
        yield what, request["op"], json.dumps(request)


def said(answer: str) -> str:
    reply = json.loads(answer)
    return "answered" if reply["ok"] else "too large" if reply.get("too_large") else "refused"


def cpython(run: int) -> Iterator[dict]:
    for what, op, text in texts():
        started = time.perf_counter()
        answer = api.call(text)
        seconds = time.perf_counter() - started
        yield {"run": run, "what": what, "op": op, "size": len(text), "seconds": seconds, "said": said(answer)}


def pyodide(run: int, versions: dict) -> Iterator[dict]:
    """One run inside Pyodide (its own Node.js process); ``versions`` gets the runtime's."""
    from tools.paths import BUILD
    from tools.runtime import PYODIDE_DIR

    script = ROOT / "tests" / "pyodide" / "bench_heavy.mjs"
    cmd = ["node", str(script), str(PYODIDE_DIR), str(BUILD / "browser-wheel"), "1"]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True) as node:
        assert node.stdout is not None
        for line in node.stdout:
            found = json.loads(line)
            if "what" in found:
                yield {**found, "run": run}
            else:
                versions.update(found)
    if node.returncode:
        raise SystemExit(f"bench: {script.name} failed (exit {node.returncode})")


def measure(runs: int) -> tuple[dict[str, dict[str, list[dict]]], dict]:
    """{runtime: {what: its runs}}, and the versions of Pyodide's Python and Node.js."""
    results: dict[str, dict[str, list[dict]]] = {"CPython": {}, "Pyodide": {}}
    versions: dict = {}
    for run in range(runs):
        for runtime, timed in (("CPython", cpython(run)), ("Pyodide", pyodide(run, versions))):
            for found in timed:
                results[runtime].setdefault(found["what"], []).append(found)
                print(f"bench: {runtime:7} {found['seconds']:6.2f} s {found['said']:9} {found['what']}",
                      file=sys.stderr, flush=True)  # fmt: skip
    return results, versions


def spread(found: list[dict]) -> str:
    times = [one["seconds"] for one in found]
    text = f"{statistics.median(times):.2f} s ({min(times):.2f}–{max(times):.2f})"
    return f"**{text}**" if max(times) >= NEAR * budget.REQUEST_SECONDS else text


def table(results: dict[str, dict[str, list[dict]]], versions: dict, runs: int) -> str:
    inside = results["Pyodide"]
    lines = [
        f"CPython {platform.python_version()}; Pyodide (Python {versions.get('python', '?')}) under Node.js "
        f"{versions.get('node', '?')}. One request's budget {budget.REQUEST_SECONDS:g} s, whole: each time is the "
        f"median of {runs} runs (their spread), in bold past {NEAR:.0%} of the budget.",
        "",
        "| Op | Its slowest heavy request inside Pyodide | Request size | CPython | Pyodide | Answer |",
        "|---|---|---|---|---|---|",
    ]
    for op in api.HANDLERS:
        what = max((w for w, found in inside.items() if found[0]["op"] == op),
                   key=lambda w: statistics.median(one["seconds"] for one in inside[w]))  # fmt: skip
        answers = {one["said"] for runtime in results.values() for one in runtime[what]}
        size = inside[what][0]["size"]
        lines.append(f"| `{op}` | {what} | {size / 1000:,.1f} KB | {spread(results['CPython'][what])} | "
                     f"{spread(inside[what])} | {' or '.join(sorted(answers))} |")  # fmt: skip
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 3
    results, versions = measure(runs)
    text = table(results, versions, runs)
    print(text)
    if "--update-readme" not in argv:
        return 0
    from bench import write_readme

    return write_readme(text, "heavy")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
