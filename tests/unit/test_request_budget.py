"""Every request within its budget, whole: for every op of the API, its heaviest requests (tests/unit/heavy.py: the
largest records the limits allow, 20 enemies, rules of 999 rounds, requests of 1,000,000 characters) are answered,
never with an internal error: an answer, or a refusal that names its field (too large, or too long for a link). On
CPython each takes, from reading the request to the reply's last character, less than ``budget.REQUEST_SECONDS``.

The suite's one measure of wall time, as the promise is one of wall time ("no request over 3 s"): skipped in Pyodide,
where the same clock gives 2-3 times less work (there the answers are still checked). ``python3 tests/bench_heavy.py``
prints the slowest request of each op."""

from __future__ import annotations

import json
import sys
import time

import heavy
import pytest

from pyrules import api, budget


def timed(text: str) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, the answer) of one request, from its text to its reply's."""
    started, working = time.perf_counter(), time.process_time()
    answer = api.call(text)
    return time.perf_counter() - started, time.process_time() - working, answer


def test_the_heaviest_requests_of_every_op_are_answered_within_the_budget_whole():
    timings: dict[str, list[tuple[float, float, str]]] = {op: [] for op in api.HANDLERS}
    for what, request in heavy.requests():
        text = json.dumps(request)
        seconds, cpu, answer = timed(text)
        if seconds >= budget.REQUEST_SECONDS and sys.platform != "emscripten":
            # timed again: a machine busy with other work (the suite's other worker, a browser) stretches the wall
            # clock of the work after the deadline; over the budget twice, it is the request's
            seconds, cpu, answer = min(timed(text), (seconds, cpu, answer))
        reply = json.loads(answer)
        assert "internal" not in reply, (what, reply)
        # a fight or an adventure past a link's limits is refused naming the link: too large for a link
        named = not reply["ok"] and (reply.get("too_large") or reply["error"]["field"] == "link")
        assert reply["ok"] or named, (what, reply["error"])
        timings[request["op"]].append((seconds, cpu, what))
    assert [op for op, cases in timings.items() if not cases] == []  # every op has its heaviest requests here
    if sys.platform == "emscripten":
        pytest.skip("Pyodide is 2-3 times slower than CPython: the budget's 3 s are CPython's on this machine")
    slowest = {op: max(cases) for op, cases in timings.items()}
    over = {op: found for op, found in slowest.items() if found[0] >= budget.REQUEST_SECONDS}
    assert over == {}, slowest  # (wall, CPU) seconds: a wall time far above its CPU time is a busy machine's
