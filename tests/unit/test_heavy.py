"""One budget per request. With no time left, every one of the heaviest requests the format accepts
(tests/unit/heavy.py) that does long work stops at the deadline instead of running to its end (so the budget reaches
into every long loop: a replay, a list of saves, a simulation, each exact solver); the saved fights past the budget
are checked in parts. Each heavy request answered within the budget, whole: tests/unit/test_request_budget.py."""

from __future__ import annotations

import json

import heavy
import pytest

from pyrules import api, budget

# no loop over a record, a list or a fight (a language's texts are copied once)
QUICK_BY_NATURE = {"hello", "new_hero", "share", "undo", "mc_start", "words", "log"}


def answer(request: dict) -> dict:
    reply = json.loads(api.call(json.dumps(request)))
    assert "internal" not in reply, reply
    return reply


@pytest.fixture  # made again for each test: its sessions are played by it
def requests():
    return list(heavy.requests())


def test_with_no_time_left_every_long_request_stops_at_the_deadline(requests, monkeypatch):
    monkeypatch.setattr(budget, "REQUEST_SECONDS", 0.0)
    stopped = 0
    for what, request in requests:
        reply = answer(request)
        if request["op"] in QUICK_BY_NATURE and not request.get("record", {}).get("actions"):  # none to replay
            assert reply["ok"] or reply["error"]["field"] == "link", (what, reply)  # a fight too long for a link
            continue
        if request.get("ms") and reply["error"]["field"] == "ms":  # its own deadline past the request's: refused
            continue
        assert not reply["ok"] and reply.get("too_large"), (what, reply)
        assert "0 s" in reply["error"]["text"] or "too large" in reply["error"]["text"], reply["error"]
        stopped += 1
    assert stopped >= 20


def test_saved_fights_past_the_budget_are_checked_in_parts_and_none_is_lost(monkeypatch):
    records = heavy.filled(json.dumps(heavy.lone_wolf_endless(300)), room=200_000)
    clock = iter(range(10**9))
    monkeypatch.setattr(budget.time, "perf_counter", lambda: next(clock) * 0.001)  # 1 ms a look at the clock
    results, parts = [], 0
    while len(results) < len(records):
        reply = answer({"op": "check_saves", "records": records[len(results):]})
        assert reply["ok"] and reply["results"], reply
        results += reply["results"]
        parts += 1
        assert reply["next"] == (None if len(results) == len(records) else len(reply["results"]))
    assert parts > 1 and all(result["ok"] and not result["dropped"] for result in results)
