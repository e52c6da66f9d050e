"""The JSON boundary the Web Worker calls: requests and errors cross as data, never as exceptions."""

from __future__ import annotations

import json

import pytest
from conftest import make_record

from pyrules import api


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def test_hello_describes_the_systems_in_the_books_words():
    reply = call(op="hello")
    assert reply["ok"] and set(reply["systems"]) == {
        "lone-wolf",
        "grey-star",
        "freeway-warrior",
        "fighting-fantasy",
        "citadel-of-blood",
    }
    assert reply["systems"]["freeway-warrior"]["labels"]["skill"] == "CLOSE COMBAT SKILL"
    assert reply["systems"]["grey-star"]["default_weapon"] == "staff"
    assert reply["systems"]["lone-wolf"]["has_vigour"] and not reply["systems"]["grey-star"]["has_vigour"]


def test_start_act_undo():
    started = call(op="start", record=make_record(rules={"evade_after": 1}))
    assert started["ok"] and started["view"]["combat_ratio"] == 0 and started["log"] == []
    assert started["view"]["evade"] == {
        "allowed": False,
        "possible": True,
        "why": "evasion is allowed only after round 1",
    }
    session = started["session"]
    acted = call(op="act", session=session, action={"do": "round", "number": 6})
    assert acted["event"]["enemy_loss"] == 8 and acted["action"] == {"do": "round", "number": 6}
    assert acted["view"]["evade"]["allowed"] and acted["view"]["enemies"][0]["endurance"] == 22
    assert (acted["summary"]["rounds"], acted["summary"]["outcome"]) == (1, "ongoing")  # the saved-fights line
    undone = call(op="undo", session=session)
    assert undone["undone"] == {"do": "round", "number": 6} and undone["view"]["enemies"][0]["endurance"] == 30
    assert undone["summary"]["rounds"] == 0


def test_start_from_a_form_normalises_numbers():
    record = make_record(hero={"skill": "15", "endurance": "20"})
    reply = call(op="start", record=record, form=True)
    assert reply["ok"] and reply["record"]["hero"]["skill"] == 15
    reply = call(op="start", record={**record, "hero": {"skill": "fifteen", "endurance": "20"}}, form=True)
    assert not reply["ok"]
    assert reply["error"]["field"] == "hero.skill" and reply["error"]["label"] == "COMBAT SKILL"


def test_a_refused_action_keeps_the_fight():
    session = call(op="start", record=make_record())["session"]
    call(op="act", session=session, action={"do": "round", "number": 6})
    reply = call(op="act", session=session, action={"do": "evade"})
    assert not reply["ok"] and reply["error"]["field"] == "actions[1]"
    view = call(op="act", session=session, action={"do": "round", "number": 6})["view"]
    assert view["rounds"] == 2 and view["enemies"][0]["endurance"] == 14


def test_new_hero_from_typed_or_drawn_numbers():
    typed = call(op="new_hero", system="lone-wolf", numbers={"skill": 0, "endurance": 9})
    assert typed["hero"] == {"skill": 10, "endurance": 29}
    drawn = call(op="new_hero", system="grey-star", seed=99)
    again = call(op="new_hero", system="grey-star", seed=99)
    assert drawn == again and set(drawn["hero"]) == {"skill", "endurance", "willpower"}
    assert 10 <= drawn["hero"]["skill"] <= 19 and 20 <= drawn["hero"]["willpower"] <= 29
    assert drawn["hero"]["skill"] == 10 + drawn["numbers"]["skill"]
    bad = call(op="new_hero", system="lone-wolf", numbers={"skill": 10})
    assert not bad["ok"] and bad["error"]["field"] == "numbers.skill"


def test_replay_matches_the_cli_result():
    record = make_record(actions=[{"do": "round", "number": 0}] * 3)
    reply = call(op="replay", record=record)
    assert reply["outcome"] == "won" and reply["hero"] == {"endurance": 25}


@pytest.mark.parametrize(
    "request_text,field",
    [
        ("not json", "request"),
        ("[1, 2]", "record"),
        ('{"op": "explode"}', "op"),
        ('{"op": "act", "session": 99999, "action": {}}', "session"),
        ('{"op": "act", "session": true, "action": {}}', "session"),
        ('{"op": "start"}', "record"),
        ('{"op": "hello", "x": 1}', "x"),
    ],
)
def test_bad_requests_come_back_as_data(request_text, field):
    reply = json.loads(api.call(request_text))
    assert reply["ok"] is False and reply["error"]["field"] == field and reply["error"]["message"]


def test_internal_errors_also_come_back_as_data(monkeypatch):
    def broken(data):
        raise ZeroDivisionError("oops")

    monkeypatch.setitem(api.HANDLERS, "hello", broken)
    reply = json.loads(api.call('{"op": "hello"}'))
    assert reply["ok"] is False and reply["internal"] and "ZeroDivisionError" in reply["error"]["message"]


def test_oversized_request_is_refused():
    reply = json.loads(api.call(" " * (api.MAX_REQUEST + 1)))
    assert reply["ok"] is False and reply["error"]["field"] == "request"


def test_old_sessions_are_dropped():
    first = call(op="start", record=make_record())["session"]
    for _ in range(api.MAX_SESSIONS):
        call(op="start", record=make_record())
    assert not call(op="act", session=first, action={"do": "round"})["ok"]


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"op": "start", "record": ' + "[" * 50_000 + "]" * 50_000 + "}",
        '{"op": "hello"' + ', "x": {"y": ' * 40 + "1" + "}" * 41,
    ],
)
def test_deeply_nested_requests_are_refused_before_parsing(text):
    """In WebAssembly the JSON parser's own stack overflows on deep nesting: a fatal error for Pyodide."""
    reply = json.loads(api.call(text))
    assert reply["ok"] is False and reply["error"]["field"] == "request" and "nested" in reply["error"]["message"]


def test_nesting_inside_strings_does_not_count():
    reply = json.loads(api.call(json.dumps({"op": "new_hero", "system": "lone-wolf", "numbers": {"skill": "[" * 50}})))
    assert reply["error"]["field"] == "numbers.skill"
