"""Citadel of Blood's story, simulated (pyrules.review_simulated): the change of every action adds up to the result
less the start; a review made in many small parts is the very review made at once; no choice is judged, and no change
is called luck; each chance has its Wilson interval; the op answers in parts and refuses a bad ``ms`` by name; the words
are in both languages."""

from __future__ import annotations

import json

import pytest
from citadel_cases import played

from pyrules import api, review_simulated
from pyrules.i18n import language
from pyrules.odds import wilson
from pyrules.systems import SYSTEMS

CITADEL = SYSTEMS["citadel-of-blood"]


SHORT = 0.3  # a part far shorter than the whole story, yet long enough for a fight on a busy machine inside Pyodide


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
    beyond = [row for row in rows if abs(row["luck"]) > row["luck_error"]]  # 12 fights a state: none beyond its error
    assert not beyond and answer["turning"] is None and "turned" not in answer["summary"]


def test_no_choice_is_judged_and_every_value_has_its_error():
    answer = review_simulated.review(played())
    for row in answer["rows"]:
        assert (row["judged"], row["choice"], row["best"], row["mark"]) == (False, None, None, None)
        assert 0 <= row["error"] <= 0.5 and row["luck_error"] >= row["error"]
        assert "\u00a0±\u00a0" in row["words"]  # each change with its error, on one line
    assert answer["worst"] is None and answer["choices"] == 0.0
    assert "Choices are not judged" in answer["summary"]


def test_each_chance_is_shown_with_its_wilson_interval_and_no_change_is_called_luck():
    """The interval is Wilson's, not the raw estimate ± its half-width (a chance of 12 wins in 12 is not "100 % ±
    12 %"); the rows carry its ends, and "error" (its half-width) as before. Choices are not judged, so neither the
    rows nor the summary call what an action changed luck: the dice and the choices are not told apart."""
    fight = played()
    answer = review_simulated.review(fight)
    runs = answer["simulated"]["runs"]
    for row, state in zip(answer["rows"], fight.states):
        if state.outcome != "ongoing":
            assert row["low"] == row["high"] == row["before"]
            continue
        low, high = wilson(round(row["before"] * runs), runs)
        assert (row["low"], row["high"]) == (pytest.approx(low), pytest.approx(high))
        assert row["error"] == pytest.approx((high - low) / 2)
        shown = f"{round(100 * row['before'])}\u00a0%\u00a0({round(100 * low)}–{round(100 * high)}\u00a0%)"
        assert row["words"].startswith(f"Chance to win before: {shown}. Not judged; the chance changed by ")
        assert "uck" not in row["words"]
    summary = answer["summary"]
    assert "the dice and the choices together changed it by −" in summary and "uck" not in summary
    assert "95 % interval" in answer["simulated"]["words"]
    assert review_simulated.with_interval(1.0, 0.9905, 1.0) == "100\u00a0%\u00a0(99–100\u00a0%)"
    assert review_simulated.with_interval(1.0, 0.998, 1.0) == "100\u00a0%"  # the interval rounds to the chance
    # each side's Wound Points, every unit named as on the board
    names = [name for name, _, _ in answer["rows"][0]["sides"]]
    assert names[:2] == ["A Almuric", "B Brom"] and names[2] == "1 Orcs"


def test_a_review_made_in_small_parts_is_the_review_made_at_once():
    fight = played()
    whole = review_simulated.review(fight)
    review_simulated._kept.clear()
    parts, answer, seconds = 0, None, 0.1  # a longer part where not one fight fitted
    while answer is None or answer["simulated"]["pending"]:
        try:
            answer = review_simulated.review(fight, seconds)
        except review_simulated.TooLarge:  # a machine so busy that not one fight fitted: a longer part next
            seconds *= 2
            assert seconds < 5
            continue
        parts += 1
        assert parts < 1_000
    assert parts > 3
    assert [row["before"] for row in answer["rows"]] == [row["before"] for row in whole["rows"]]
    assert answer["summary"] == whole["summary"]


def test_a_part_answers_what_is_known_and_the_next_goes_on_from_there():
    fight = played()
    first = review_simulated.review(fight, SHORT)
    progress = first["simulated"]
    assert progress["pending"] and 0 < progress["played"] < progress["total"]
    assert progress["words"].startswith("The story is being simulated")
    second = review_simulated.review(fight, SHORT)
    assert second["simulated"]["played"] > progress["played"]
    known = [row for row in first["rows"] if row["known"]]
    assert all(row["before"] is not None for row in known)
    unknown = [row for row in first["rows"] if not row["known"]]
    assert all(row["words"] == "Not simulated yet." for row in unknown)


def test_a_part_too_short_for_one_fight_says_too_large_instead_of_going_round():
    fight = played()
    first = review_simulated.review(fight, 0.0)  # it makes each row's words, which the next parts keep: pending
    assert first["simulated"]["pending"] and first["simulated"]["played"] == 0
    with pytest.raises(review_simulated.TooLarge):  # a next part with no time for one fight either
        review_simulated.review(fight, 0.0)


def test_a_long_fight_plays_fewer_fights_from_each_state_and_still_ends(monkeypatch):
    """However long the fight, its story ends: past STEPS of the engine's steps (counted from the first pass, the
    same on every machine) each state gets fewer fights, never fewer than the first pass; the review made in parts
    through the op is the review made at once, with no error."""
    fight = played()
    first = review_simulated.review(fight)["simulated"]["full"]
    review_simulated._kept.clear()
    monkeypatch.setattr(review_simulated, "LEAST", 10)
    monkeypatch.setattr(review_simulated, "MOST", 10)
    whole = review_simulated.review(fight)
    steps = sum(sim.steps for sim in review_simulated._kept.popitem()[1][0] if sim is not None)
    assert whole["simulated"]["full"] == 10 == review_simulated.full(len(fight.states))
    monkeypatch.setattr(review_simulated, "STEPS", steps // 2)  # room for about half the fights past the first
    short = review_simulated.review(fight)
    assert review_simulated.FIRST < short["simulated"]["full"] < 10 and first == 12
    assert not short["simulated"]["pending"] and short["simulated"]["runs"] == short["simulated"]["full"]
    monkeypatch.setattr(review_simulated, "STEPS", 1)
    review_simulated._kept.clear()
    answers = []
    while not answers or answers[-1]["simulated"]["pending"]:
        request = {"op": "review", "record": fight.record(), "ms": round(SHORT * 1000)}
        answers.append(json.loads(api.call(json.dumps(request))))
        assert answers[-1]["ok"] and len(answers) < 1_000
    assert answers[-1]["simulated"]["full"] == review_simulated.FIRST
    review_simulated._kept.clear()
    at_once = review_simulated.review(fight)
    assert [row["before"] for row in answers[-1]["rows"]] == [row["before"] for row in at_once["rows"]]


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
    assert "шанс изменился на" in answer["rows"][0]["words"] and "изменили его на" in answer["summary"]
    assert "езени" not in answer["summary"] + answer["rows"][0]["words"]  # no «везение»: nothing is called luck
    assert answer["rows"][0]["sides"][0][1] == "Очки ранений"
