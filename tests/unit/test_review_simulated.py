"""Citadel of Blood's story, simulated (pyrules.review_simulated): the luck of every action adds up to the result less
the start; a review made in many small parts is the very review made at once; no choice is judged; the op answers
in parts and refuses a bad ``ms`` by name; the words are in both languages."""

from __future__ import annotations

import json

import pytest

from pyrules import Fight, api, review_simulated
from pyrules.i18n import language
from pyrules.systems import SYSTEMS

CITADEL = SYSTEMS["citadel-of-blood"]


def played(seed: int = 1) -> Fight:
    """The typical Citadel set-up played to its end by the simulation's own policy (seed 1: a fight of 52 actions,
    lost, that starts near even)."""
    record = {"format": "pyrules-fight", "version": 1, "system": CITADEL.key, "seed": seed,
              **CITADEL.examples["typical"], "actions": []}  # fmt: skip
    fight = Fight.from_record(record)
    policy = CITADEL.simulation_policy()
    while fight.state.outcome == "ongoing":
        fight.apply(CITADEL.action_json(policy(CITADEL, fight.setup, fight.state, len(fight.actions))))
    return fight


@pytest.fixture(autouse=True)
def small(monkeypatch):
    """Few fights from each state (the mechanics are the same; the suite stays quick), nothing kept from before."""
    monkeypatch.setattr(review_simulated, "FIRST", 3)
    monkeypatch.setattr(review_simulated, "LEAST", 12)
    monkeypatch.setattr(review_simulated, "MOST", 12)
    review_simulated._kept.clear()


def test_the_luck_of_every_action_adds_up_to_the_result_less_the_start():
    fight = played()
    answer = review_simulated.review(fight)
    rows = answer["rows"]
    assert len(rows) == len(fight.actions) > 20
    assert not answer["simulated"]["pending"] and answer["simulated"]["runs"] == 12
    assert answer["result"] == 0.0 and answer["outcome"] == "lost"
    assert 0 < answer["start"] < 1  # a story with something to tell
    for row, following in zip(rows, rows[1:]):
        assert row["after"] == following["before"]
    assert answer["luck"] == pytest.approx(answer["result"] - answer["start"], abs=1e-12)
    assert sum(row["luck"] for row in rows) == pytest.approx(answer["luck"], abs=1e-12)
    assert answer["unknown"] == 0
    assert any(abs(row["luck"]) > 0.05 for row in rows)  # the dice moved it somewhere
    turning = rows[answer["turning"]]
    assert abs(turning["luck"]) == max(abs(row["luck"]) for row in rows)


def test_no_choice_is_judged_and_every_value_has_its_error():
    answer = review_simulated.review(played())
    for row in answer["rows"]:
        assert (row["judged"], row["choice"], row["best"], row["mark"]) == (False, None, None, None)
        assert 0 <= row["error"] <= 0.5 and row["luck_error"] >= row["error"]
        assert "\u00a0±\u00a0" in row["words"]  # each value with its error, on one line
    assert answer["worst"] is None and answer["choices"] == 0.0
    assert "Choices are not judged" in answer["summary"]
    # each side's Wound Points, every unit named as on the board
    names = [name for name, _, _ in answer["rows"][0]["sides"]]
    assert names[:2] == ["A Almuric", "B Brom"] and names[2] == "1 Orcs"


def test_a_review_made_in_small_parts_is_the_review_made_at_once():
    fight = played()
    whole = review_simulated.review(fight)
    review_simulated._kept.clear()
    parts, answer = 0, None
    while answer is None or answer["simulated"]["pending"]:
        answer = review_simulated.review(fight, 0.2)  # parts long enough for a fight in Pyodide too
        parts += 1
        assert parts < 1_000
    assert parts > 3
    assert [row["before"] for row in answer["rows"]] == [row["before"] for row in whole["rows"]]
    assert answer["summary"] == whole["summary"]


def test_a_part_answers_what_is_known_and_the_next_goes_on_from_there():
    fight = played()
    first = review_simulated.review(fight, 0.1)
    progress = first["simulated"]
    assert progress["pending"] and 0 < progress["played"] < progress["total"]
    assert progress["words"].startswith("The story is being simulated")
    second = review_simulated.review(fight, 0.1)
    assert second["simulated"]["played"] > progress["played"]
    known = [row for row in first["rows"] if row["known"]]
    assert all(row["before"] is not None for row in known)
    unknown = [row for row in first["rows"] if not row["known"]]
    assert all(row["words"] == "Not simulated yet." for row in unknown)


def test_a_part_too_short_for_one_fight_says_too_large_instead_of_going_round():
    fight = played()
    with pytest.raises(review_simulated.TooLarge):
        review_simulated.review(fight, 0.0)


def test_a_review_that_would_take_minutes_says_so_after_its_first_part(monkeypatch):
    monkeypatch.setattr(review_simulated, "LONGEST", 0.001)
    reply = json.loads(api.call(json.dumps({"op": "review", "record": played().record(), "ms": 50})))
    assert not reply["ok"] and reply["too_large"] and reply["error"]["field"] == "record"
    assert "too long for its story: simulating it would take about" in reply["error"]["message"]
    assert not review_simulated._kept  # nothing kept for a review that will not be asked again


def test_the_op_reviews_a_citadel_fight_and_names_a_bad_time_budget():
    record = played().record()
    for _ in range(100):  # a part of review_simulated.PART a request, as the page asks them
        reply = json.loads(api.call(json.dumps({"op": "review", "record": record})))
        assert reply["ok"]
        if not reply["simulated"]["pending"]:
            break
    assert not reply["simulated"]["pending"]
    assert reply["simulated"]["words"].startswith("The chance to win is simulated")
    for ms in (0, -5, "soon", 10**9):
        reply = json.loads(api.call(json.dumps({"op": "review", "record": record, "ms": ms})))
        assert not reply["ok"] and reply["error"]["field"] == "ms", reply


def test_the_story_in_russian():
    fight = played()
    with language("ru"):
        answer = review_simulated.review(fight)
    assert answer["summary"].startswith("Поражение") or "Проигр" in answer["summary"], answer["summary"]
    assert "Решения не оцениваются" in answer["summary"]
    assert answer["rows"][0]["words"].startswith("Шанс на победу до этого:")
    assert answer["rows"][0]["sides"][0][1] == "Очки ранений"
