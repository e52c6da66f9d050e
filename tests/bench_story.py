"""Citadel of Blood's whole simulated story, timed (not a test): ``python3 tests/bench_story.py [--runs N]
[--against DIR] [--pyodide] [--update-readme]``.

Each story (the two Citadel fixtures, and the typical set-up played to its end by the plain policy: a fight that
starts near even, where few states stop early) is asked through ``pyrules.api.call`` part after part as the page asks
it (op ``review``, each part the default's time) until it is no longer pending, in a fresh process, its CPU time
counted (``time.process_time``: another process on a shared machine does not count). ``--against DIR`` times the
``pyrules`` package found in DIR too (e.g. ``git archive COMMIT pyrules | tar -x -C DIR``), alternating with this
checkout's run by run, so that before and after stand side by side; ``--pyodide`` times this checkout's inside
Pyodide under Node.js as well (tests/pyodide/bench_story.mjs, Node.js's CPU clock), after ``python3 build.py build``.
Each time is the median of ``--runs`` runs (3). ``python3 build.py bench`` runs it with ``--pyodide``."""

from __future__ import annotations

import json
import pathlib
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"
TARGET = 5.0  # CPU seconds a whole story of this size may take on CPython


def texts() -> Iterator[tuple[str, str]]:
    """(what, the review request's JSON text) of each story timed."""
    from pyrules import Fight
    from pyrules.systems import SYSTEMS

    for name in ("citadel-plain", "citadel-hellgate"):
        record = json.loads(json.loads((FIXTURES / f"{name}.json").read_text())["export"])
        yield f"{name}.json", json.dumps({"op": "review", "record": record})
    citadel = SYSTEMS["citadel-of-blood"]
    fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": citadel.key, "seed": 1,
                               **citadel.examples["typical"], "actions": []})  # fmt: skip
    policy = citadel.simulation_policy()
    while fight.state.outcome == "ongoing":
        fight.apply(citadel.action_json(policy(citadel, fight.setup, fight.state, len(fight.actions))))
    yield "the typical set-up, seed 1", json.dumps({"op": "review", "record": fight.record()})


def whole(text: str) -> dict:
    """The whole story of one request, part after part: how many parts, fights and actions."""
    from pyrules import api

    parts = 0
    while True:
        reply = json.loads(api.call(text))
        parts += 1
        if not reply["ok"]:
            raise SystemExit(f"bench: the story was refused: {reply['error']['text']}")
        if not reply["simulated"]["pending"]:
            return {"parts": parts, "fights": reply["simulated"]["played"], "actions": len(reply["rows"])}


def child() -> None:
    """One run in this process: a JSON line a story, its CPU seconds."""
    for what, text in texts():
        started = time.process_time()
        found = whole(text)
        print(json.dumps({"what": what, "seconds": time.process_time() - started, **found}), flush=True)


def runs_of(cmd: list[str], env_path: str | None = None) -> Iterator[dict]:
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, cwd=env_path) as process:
        assert process.stdout is not None
        for line in process.stdout:
            found = json.loads(line)
            if "what" in found:
                yield found
    if process.returncode:
        raise SystemExit(f"bench: {' '.join(cmd[:2])} failed (exit {process.returncode})")


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 3
    sources = {"after": str(ROOT)}
    if "--against" in argv:
        sources = {"before": argv[argv.index("--against") + 1], **sources}
    commands = {name: [sys.executable, __file__, "--child", "--src", src] for name, src in sources.items()}
    if "--pyodide" in argv:
        from tools.paths import BUILD
        from tools.runtime import PYODIDE_DIR

        script = ROOT / "tests" / "pyodide" / "bench_story.mjs"
        commands["Pyodide"] = ["node", str(script), str(PYODIDE_DIR), str(BUILD / "browser-wheel")]
    results: dict[str, dict[str, list[dict]]] = {name: {} for name in commands}
    for run in range(runs):
        for name, cmd in commands.items():  # alternating, run by run: the machine's load falls on each alike
            for found in runs_of(cmd):
                results[name].setdefault(found["what"], []).append(found)
                print(f"bench: {name:7} run {run} {found['seconds']:6.2f} s {found['what']}", file=sys.stderr)
    text = table(results, runs)
    print(text)
    if "--update-readme" not in argv:
        return 0
    from bench import write_readme

    return write_readme(text, "story")


def table(results: dict[str, dict[str, list[dict]]], runs: int) -> str:
    names = list(results)
    lines = [f"CPU seconds of the whole story, asked part after part as the page asks it; the median of {runs} runs "
             f"(their spread). Target: {TARGET:g} s on CPython.", "",
             "| Story | Actions | " + " | ".join(f"CPython {n}" if n != "Pyodide" else n for n in names)
             + " | Parts, fights (CPython) |", "|---|---|" + "---|" * len(names) + "---|"]  # fmt: skip
    for what, found in results[names[-1] if names[-1] != "Pyodide" else names[-2]].items():
        cells = []
        for name in names:
            times = [one["seconds"] for one in results[name].get(what, [])]
            cells.append(f"{statistics.median(times):.2f} s ({min(times):.2f}–{max(times):.2f})" if times else "–")
        lines.append(f"| {what} | {found[0]['actions']} | {' | '.join(cells)} | "
                     f"{found[0]['parts']}, {found[0]['fights']:,} |")  # fmt: skip
    return "\n".join(lines)


if __name__ == "__main__":
    if "--child" in sys.argv:
        sys.path.insert(0, sys.argv[sys.argv.index("--src") + 1])
        child()
    else:
        sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
        sys.exit(main(sys.argv[1:]))
