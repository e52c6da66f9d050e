"""Citadel of Blood's odds: no exact odds, a simulation only (pyrules.odds.MonteCarlo over the engine's steps)."""

from __future__ import annotations

import json

from pyrules import api

# ---- Citadel of Blood: simulation only ------------------------------------------------------------------------


def _citadel_record(actions=()):
    from test_citadel_play import EXAMPLE

    return {**EXAMPLE, "actions": list(actions)}


def test_citadel_has_no_exact_odds_and_says_to_simulate():
    reply = json.loads(api.call(json.dumps({"op": "odds", "record": _citadel_record()})))
    assert reply["ok"] is False
    assert reply["error"]["field"] == "record"
    assert "simulation" in reply["error"]["message"]


def test_citadel_simulation_plays_every_fight_to_its_end_reproducibly():
    from pyrules import Fight, odds

    fight = Fight.from_record(_citadel_record())
    first = odds.MonteCarlo(fight.system, fight.setup, fight.state).run(40)
    again = odds.MonteCarlo(fight.system, fight.setup, fight.state).run(40)
    assert first == again
    assert first["runs"] == 40 and first["wins"] + round(first["lose"] * 40) == 40  # every fight ended
    assert 1 <= first["rounds"] < 30  # Combat Rounds, not actions
    assert first["low"] <= first["win"] <= first["high"]


def test_citadel_simulation_from_a_state_late_in_the_combat_and_in_steps_through_the_api():
    from test_citadel_play import EXAMPLE

    record = _citadel_record(EXAMPLE["actions"][:-1])  # one blow from victory: B's last attack, die 2
    start = json.loads(api.call(json.dumps({"op": "mc_start", "record": record})))
    assert start["runs"] == 0 and start["win"] is None
    step = json.loads(api.call(json.dumps({"op": "mc_run", "mc": start["mc"], "n": 30})))
    more = json.loads(api.call(json.dumps({"op": "mc_run", "mc": start["mc"], "n": 30})))
    assert step["runs"] == 30 and more["runs"] == 60
    assert more["win"] > 0.9  # the party stands 3 against a wounded Dire Wolves pack
