"""Fights saved, exported and shared by the version before the code moved into one package per system
(tests/fixtures, made by tests/fixtures/make_fixtures.py and never remade): every later version opens them and
replays them to the same state."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from pyrules import Fight, api, share
from pyrules.systems import REGISTRY

FIXTURES = sorted((pathlib.Path(__file__).resolve().parent.parent / "fixtures").glob("*.json"))


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def test_every_system_has_fixtures():
    """Every system of the registry (a new one: its fixtures made by tests/fixtures' script) and none else."""
    systems = {json.loads(json.loads(path.read_text(encoding="utf-8"))["export"])["system"] for path in FIXTURES}
    assert systems == set(REGISTRY) and len(systems) >= 5


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_an_exported_file_replays_to_the_same_state(path):
    fixture = json.loads(path.read_text(encoding="utf-8"))
    record = json.loads(fixture["export"])
    fight = Fight.from_record(record)
    assert len(fight.actions) == fixture["replay"]["actions"]
    assert fight.record() == record
    result = fight.result()
    assert {**result, "log": unsaid(result["log"])} == reworded(fixture["replay"]["result"])
    assert same_view(fight.view(), fixture["replay"]["view"], record)


# What the view has gained since the fixtures were made (the Braslavsky hero's weapons, kept apart from the
# backpack, and what a declined luck test costs under the record's rules; whether a Lone Wolf-family evasion now is
# one with no round fought, and what its costly actions cost, in words).
ADDED = ("decline_cost", "decline_costs_luck")


# The log's notes reworded since the fixtures were made (a name may be plural: "Orcs is dead" was not
# English): the same events, in today's words.
REWORDED = [
    (re.compile(r"^(.*) is dead; (.*) fights on$"), r"\1: out of the fight; the next enemy: \2"),
    (re.compile(r"^(.*) is dead$"), r"\1: off the board"),
]


def reworded(result: dict) -> dict:
    """The fixture's result with its log's notes in today's words."""

    def note(text: str) -> str:
        for old, new in REWORDED:
            if old.match(text):
                return old.sub(new, text)
        return text

    log = [{**row, "notes": [note(n) for n in row["notes"]]} if "notes" in row else row for row in result["log"]]
    return {**result, "log": log}


def unsaid(events: list[dict]) -> list[dict]:
    """The events without their words (``said``, added as they leave the rules since: checked by each system's
    tests), as the fixtures hold them."""
    return [without_losses({k: v for k, v in event.items() if k != "said"}) for event in events]


def without_losses(event: dict) -> dict:
    """A Fighting Fantasy round without what it took from each side (``hero_loss``, each enemy's ``loss``: added since,
    for its words), a Lone Wolf-family round without the ENDURANCE each side lost (``hero_lost``, ``enemy_lost``:
    added since, for its words), as the fixtures hold them."""
    if "enemy_lost" in event:
        return {k: v for k, v in event.items() if k not in ("hero_lost", "enemy_lost")}
    if "hero_strength" not in event or "hero_loss" not in event:  # not one
        return event
    rows = [{k: v for k, v in row.items() if k != "loss"} for row in event["enemies"]]
    return {**{k: v for k, v in event.items() if k != "hero_loss"}, "enemies": rows}


def without_decided(view: dict) -> dict:
    """The view without what it gained since to say what can be done now (test_view_decides checks each against the
    rules), each checked here as the fight the fixture holds stands: who is dead, by his points or off the board;
    Citadel's characters to choose and spaces, none once the fight is over, its weapon's lock after the first round,
    each unit's loss in the round at most its wounds; Fighting Fantasy's declinable luck test."""
    points = {"fighting-fantasy": "stamina", "citadel-of-blood": None}.get(view["system"], "endurance")
    if points:
        for fighter in [view["hero"], *view["enemies"]]:
            assert fighter.pop("dead") is (fighter[points] <= 0)
    if "luck" in view.get("can", {}):
        assert view["can"].pop("decline") is (view["can"]["luck"] and not view["can"]["combat_luck"])
    if "units" in view:
        choosable, cells = view.pop("choosable"), view.pop("cells")
        assert (choosable, cells) == ([], {}) or view["outcome"] == "ongoing"
        assert view.pop("weapon_locked") is (view["round"] > 1)
        assert all(0 <= unit.pop("round_wounds") <= unit["wounds"] for unit in view["units"])
    return view


def same_view(view: dict, made: dict, record: dict) -> bool:
    """The view is the fixture's, but for the keys added since, which hold what the record says (and its words,
    ``said`` and Citadel's ``help``, checked by each system's tests)."""
    view = without_decided({k: v for k, v in view.items() if k not in ("said", "help")})
    if view.get("system") == "fighting-fantasy":
        costs = record.get("rules", {}).get("decline_costs_luck", False)
        assert (view["decline_costs_luck"], view["decline_cost"]) == (costs, int(costs and view["hero"]["luck"] > 0))
        assert view["hero"]["weapons"] == []
        view = {k: v for k, v in view.items() if k not in ADDED}
        view["hero"] = {k: v for k, v in view["hero"].items() if k != "weapons"}
    elif "evade" in view and "at_once" in view["evade"]:
        before = view["rounds"] == 0 and record.get("rules", {}).get("evade_before_round") is True
        assert view["evade"]["at_once"] is before  # the book's "before the first round"
        assert view.pop("can") == {"use": []}  # the Action Chart's items usable now: these fixtures carry no chart
        # and each costly action's cost in words (test_said.py)
        view = {**view, "evade": {k: v for k, v in view["evade"].items() if k not in ("at_once", "cost")},
                "vigour": {k: v for k, v in view["vigour"].items() if k != "cost"}}
    # added since: the fight's rules in words (the screen's chips: test_params.py) and the Spell of Weakness's penalty
    assert view.get("weakness", 2) == record.get("rules", {}).get("weakness_penalty", 2)
    view = {k: v for k, v in view.items() if k not in ("rules_said", "weakness")}
    return view == made


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_a_share_link_and_a_save_open_to_the_same_fight(path):
    fixture = json.loads(path.read_text(encoding="utf-8"))
    record = json.loads(fixture["export"])
    assert share.decode(fixture["link"].removeprefix("#f=")) == record
    opened = call(op="open_link", code=fixture["link"].removeprefix("#f="))
    assert opened["ok"] and opened["record"] == record and same_view(opened["view"], fixture["replay"]["view"], record)
    save = fixture["save"]
    checked = call(op="check_saves", records=[json.dumps(save["record"])])["results"][0]
    assert checked["ok"] and checked["dropped"] is None
    restored = call(op="restore", record=save["record"])
    assert restored["ok"] and restored["dropped"] is None
    assert same_view(restored["view"], fixture["replay"]["view"], record)
    assert unsaid(restored["log"]) == reworded(fixture["replay"]["result"])["log"]
