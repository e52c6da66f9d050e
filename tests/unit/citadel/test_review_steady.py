"""Citadel of Blood's story, fast and steady (pyrules.review_simulated with its own numbers of fights): the start's
chance is the odds panel's estimator, so the two agree within their intervals; each row's final chance lies inside
the interval its first fights gave; a change and the turning round are named only beyond their error; fights shared
by two states (the policy's own action, no random number drawn) are played once and tell the same."""

from __future__ import annotations

import json
import pathlib

import pytest
from citadel_cases import played

from pyrules import Fight, api, review_simulated
from pyrules.odds import MonteCarlo, wilson
from pyrules.review import points
from pyrules.systems import SYSTEMS

CITADEL = SYSTEMS["citadel-of-blood"]
FIXTURES = pathlib.Path(__file__).resolve().parent.parent.parent / "fixtures"


def fixture(name: str) -> Fight:
    return Fight.from_record(json.loads(json.loads((FIXTURES / f"{name}.json").read_text())["export"]))


STORIES: dict[str, tuple[dict, dict, int]] = {}  # each fight's first and whole story, and the start's fights


def story(name: str, fight: Fight) -> tuple[dict, dict, int]:
    """The story after its first pass (each state's first fights: what the page shows first), the whole story, and
    how many fights the whole played from the start; made once for the module."""
    if name not in STORIES:
        review_simulated._kept.clear()
        least, most = review_simulated.LEAST, review_simulated.MOST
        review_simulated.LEAST = review_simulated.MOST = review_simulated.FIRST
        try:
            first = review_simulated.review(fight)
        finally:
            review_simulated.LEAST, review_simulated.MOST = least, most
        review_simulated._kept.clear()
        whole = review_simulated.review(fight)
        sims = review_simulated._kept[next(reversed(review_simulated._kept))][0]
        STORIES[name] = first, whole, sims[0].runs if sims[0] is not None else 0
    return STORIES[name]


def inside(chance: float, low: float, high: float) -> bool:
    return low - 1e-12 <= chance <= high + 1e-12


def test_the_story_s_start_is_the_panel_s_estimate_of_the_same_start():
    """The same estimator: the story's first fights from the start are the panel's first (the same MonteCarlo, policy
    and seeds), and the panel's 1,000 fights agree with the story's start within both intervals."""
    fight = played(2)
    _, whole, runs = story("typical 2", fight)
    assert whole["start"] is not None and runs >= review_simulated.FIRST
    start = {**fight.record(), "actions": []}
    panel = json.loads(api.call(json.dumps({"op": "mc_start", "record": start})))
    replies = [panel]

    def played_to(fights: int) -> dict:  # as the panel asks: again while a request's budget ends a run short
        while replies[-1]["runs"] < fights:
            request = {"op": "mc_run", "mc": panel["mc"], "n": fights - replies[-1]["runs"]}
            replies.append(json.loads(api.call(json.dumps(request))))
        return replies[-1]

    first = played_to(runs)
    assert first["runs"] == runs and first["win"] == whole["start"]
    more = played_to(1000)
    assert more["runs"] == 1000
    row = whole["rows"][0]
    assert row["low"] <= more["high"] and more["low"] <= row["high"], (row, more)  # the intervals meet
    assert inside(more["win"], row["low"], row["high"])


def test_each_row_s_final_chance_lies_inside_its_first_interval():
    """A property over fixed fights and seeds (deterministic: the same rows every run). The final chance shares the
    first fights, and each first interval is a 95 % one, so a row falls outside with a chance of about 5 % at most:
    measured over the typical set-up's seeds 1-8, 5 rows of 488 (1 %). Asserted: at most 5 % of the rows, and none
    of the fixtures', whose states are all but decided."""
    outside, total = 0, 0
    fights = {"citadel-plain": fixture("citadel-plain"), "citadel-hellgate": fixture("citadel-hellgate"),
              "typical 2": played(2)}  # fmt: skip
    for name, fight in fights.items():
        first, whole, _ = story(name, fight)
        assert first["simulated"]["runs"] == review_simulated.FIRST and not whole["simulated"]["pending"]
        out = 0
        for early, late in zip(first["rows"], whole["rows"], strict=True):
            out += not inside(late["before"], early["low"], early["high"])
            assert early["error"] > 0 and late["error"] <= early["error"]  # every estimate with its interval
        assert out == 0 or not name.startswith("citadel-")
        outside, total = outside + out, total + len(whole["rows"])
    assert total > 150 and outside <= 0.05 * total, (outside, total)


def test_a_change_or_a_turning_round_is_named_only_beyond_its_error():
    fight = played(2)
    review_simulated._kept.clear()
    answers = []
    while not answers or answers[-1]["simulated"]["pending"]:
        answers.append(review_simulated.review(fight, 0.3))
        assert len(answers) < 1_000
    assert len(answers) > 1
    for answer in answers:  # every part, as the page shows it: no turning round until every state has its fights
        assert (answer["turning"] is None) == ("turned" not in answer["summary"])
        if answer["simulated"]["pending"]:
            assert answer["turning"] is None
        if answer["start"] is not None:  # the change: the result less the start, named beyond its error, with it
            change = answer["result"] - answer["start"]
            named = review_simulated.within_error(points(change), answer["luck_error"])
            assert (named in answer["summary"]) == (abs(change) > answer["luck_error"])
    whole = answers[-1]
    row = whole["rows"][whole["turning"]]
    beyond = [other for other in whole["rows"] if abs(other["luck"]) > other["luck_error"]]
    assert abs(row["luck"]) == max(abs(other["luck"]) for other in beyond) and "turned" in whole["summary"]
    assert abs(whole["luck"]) > whole["luck_error"] and "±" in whole["summary"]


def test_fights_shared_by_two_states_tell_the_same_as_fights_played_from_each():
    """Where the policy's own action was played and drew no random number, the state before shares the fights of the
    state after: the same outcomes as a simulation of its own (checked fight by fight on the first 30)."""
    fight = fixture("citadel-hellgate")
    sims = review_simulated.simulations(fight)
    shared = [index for index in range(len(sims) - 1) if sims[index] is not None and sims[index] is sims[index + 1]]
    assert len(shared) >= 10
    for index in shared[:4]:
        own = MonteCarlo(fight.system, fight.setup, fight.states[index])
        later = MonteCarlo(fight.system, fight.setup, fight.states[index + 1])
        assert [own.one(i)[0] for i in range(30)] == [later.one(i)[0] for i in range(30)]
    assert wilson(30, 30) == (pytest.approx(0.886, abs=1e-3), 1.0)  # every fight won: the interval ends at 1 exactly
