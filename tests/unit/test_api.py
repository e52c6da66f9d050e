"""The JSON boundary the Web Worker calls: requests and errors cross as data, never as exceptions."""

from __future__ import annotations

import json

import pytest
from conftest import make_record

from pyrules import api
from pyrules.systems import REGISTRY


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def test_hello_describes_the_systems_in_the_books_words():
    reply = call(op="hello", describe=True)
    assert reply["ok"] and list(reply["systems"]) == list(REGISTRY)  # every system, in the registry's order
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
        "at_once": False,
        "cost": "a round: only your losses count",
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
        ('{"op": "hello", "": 1}', "''"),  # an empty key is named, as its repr
        ('{"op": "hello", "\\u200b": 1}', "'\\u200b'"),
        ('{"op": "start", "record": {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": '
         '{"skill": 15, "endurance": 20, " ": 1}, "enemies": [{"skill": 1, "endurance": 1}]}}', "hero.' '"),
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


# ---- internal errors across the boundary, named instead ----------------------------------------------


@pytest.mark.parametrize(
    "request_data,field",
    [
        ({"op": "undo", "session": [0]}, "session"),  # a list is unhashable: was "internal error: TypeError"
        ({"op": "act", "session": {"a": 1}, "action": {"do": "round"}}, "session"),
        ({"op": "share", "session": [[]]}, "session"),
        ({"op": "mc_run", "mc": {}, "n": 1}, "mc"),  # the same for a simulation's id
        ({"op": "mc_run", "mc": [1], "n": 1}, "mc"),
    ],
)
def test_ids_of_the_wrong_type_name_their_field(request_data, field):
    reply = call(**request_data)
    assert "internal" not in reply, reply
    assert reply["ok"] is False and reply["error"]["field"] == field and reply["error"]["message"]


def test_a_session_id_is_a_whole_number_not_a_float():
    session = call(op="start", record=make_record())["session"]
    assert call(op="undo", session=session)["ok"]
    reply = call(op="undo", session=float(session))  # 1.0 == 1 and hashes alike: not session 1
    assert reply["ok"] is False and reply["error"]["field"] == "session"
    simulation = call(op="mc_start", record=make_record())["mc"]
    assert call(op="mc_run", mc=simulation, n=1)["ok"]
    reply = call(op="mc_run", mc=float(simulation), n=1)
    assert reply["ok"] is False and reply["error"]["field"] == "mc"


def test_replies_are_strict_json_even_for_non_finite_numbers_in_a_request():
    """Python reads NaN and Infinity (and 1e999 as inf); JSON has neither, so they are refused as not JSON."""
    for text in (
        '{"op": "hello", "x": NaN}',
        '{"op": "undo", "session": Infinity}',
        '{"op": "undo", "session": 1e999}',
    ):
        reply = json.loads(api.call(text), parse_constant=lambda name: pytest.fail(f"{name} in a reply"))
        assert (
            reply["ok"] is False and reply["error"]["field"] == "request" and "not valid JSON" in reply["error"]["text"]
        )


# ---- the simulation ---------------------------------------------------------------------------------------------


FF_NO_ENEMIES = {
    "format": "pyrules-fight",
    "version": 1,
    "system": "fighting-fantasy",
    "hero": {"skill": 10, "stamina": 20, "luck": 9},
    "enemies": [],
}


def test_a_simulation_of_a_fight_without_enemies_is_refused_with_a_message():
    reply = call(op="mc_start", record=FF_NO_ENEMIES)  # refused here, not an IndexError in mc_run
    assert reply["ok"] is False and "internal" not in reply
    assert reply["error"]["field"] == "record" and "no enemy" in reply["error"]["message"]
    ru = call(op="mc_start", record=FF_NO_ENEMIES, lang="ru")
    assert ru["error"]["message"] != reply["error"]["message"]


@pytest.mark.parametrize(
    "record",
    [
        make_record(actions=[{"do": "round", "number": 0}] * 3),  # won
        {
            **FF_NO_ENEMIES,
            "enemies": [{"skill": 1, "stamina": 1}],
            "actions": [{"do": "round", "dice": [[6, 6], [1, 1]]}],
        },
    ],
)
def test_a_simulation_of_a_fight_already_over_is_refused_with_a_message(record):
    reply = call(op="mc_start", record=record)
    assert reply["ok"] is False and reply["error"]["field"] == "record" and "over" in reply["error"]["message"]


def test_mc_run_stops_at_its_time_budget_after_the_fight_in_progress():
    simulation = call(op="mc_start", record=make_record(hero={"skill": 15, "endurance": 99}))["mc"]
    reply = call(op="mc_run", mc=simulation, n=100_000, ms=1)  # 100,000 fights cannot be played in 1 ms
    assert reply["ok"] and 1 <= reply["runs"] < 100_000
    more = call(op="mc_run", mc=simulation, n=5)  # without a budget: all the fights asked for
    assert more["runs"] == reply["runs"] + 5
    bad = call(op="mc_run", mc=simulation, n=5, ms=0)
    assert bad["ok"] is False and bad["error"]["field"] == "ms"


# ---- a fight cannot outgrow its own record ------------------------------------------------------------------------


def test_act_refuses_the_action_past_the_records_limit(monkeypatch):
    from pyrules import fight as fight_module

    monkeypatch.setattr(fight_module, "MAX_ACTIONS", 3)
    session = call(
        op="start", record=make_record(hero={"skill": 15, "endurance": 99}, enemies=[{"skill": 1, "endurance": 99}])
    )["session"]
    for _ in range(3):
        assert call(op="act", session=session, action={"do": "round", "number": 5})["ok"]
    reply = call(op="act", session=session, action={"do": "round", "number": 5})
    assert (
        reply["ok"] is False
        and reply["error"]["field"] == "actions[3]"
        and "at most 3 actions" in reply["error"]["message"]
    )
    record = call(op="share", session=session)
    assert record["ok"]  # the fight stays whole and shareable


def test_odds_refused_as_too_large_say_so_as_data_for_the_page_to_offer_the_simulation():
    enemies = [{"name": f"Orc {i}", "skill": 5, "stamina": 20} for i in range(4)]
    record = {**FF_NO_ENEMIES, "hero": {"skill": 12, "stamina": 24, "luck": 9}, "enemies": enemies}
    reply = call(op="odds", record=record)
    assert reply["ok"] is False and reply["too_large"] is True and "too large" in reply["error"]["message"]
    assert call(op="mc_start", record=record)["ok"]  # the simulation takes it
    refused = call(op="odds", record={**record, "hero": {"skill": "x"}})
    assert refused["ok"] is False and "too_large" not in refused


# ---- a long fight's log, a page at a time ----------------------------------------------------------------------------


def lines(events: list[dict]) -> int:
    return sum(1 + len(event.get("enemies") or ()) for event in events)


@pytest.mark.parametrize("kind", ["lone-wolf", "fighting-fantasy"])
def test_a_long_fights_log_comes_in_pages_that_put_together_are_the_whole_log(kind):
    """An opened fight's reply carries its log's last events, the op log the ones before, each answer bounded in
    events and in lines (a round against 20 opponents draws 21): put together, the fight's log, in order."""
    from heavy import fighting_fantasy_typed, lone_wolf_endless

    from pyrules import Fight

    record = lone_wolf_endless() if kind == "lone-wolf" else fighting_fantasy_typed()
    fight = Fight.from_record(record)
    whole = json.loads(json.dumps([fight.told(event) for event in fight.log]))  # each with its words
    opened = call(op="start", record=record)
    pages = [opened["log"]]
    start = opened["log_from"]
    assert start + len(opened["log"]) == len(whole) == 5000
    while start > 0:
        page = call(op="log", session=opened["session"], end=start)
        assert page["ok"] and page["log_from"] + len(page["log"]) == start
        pages.insert(0, page["log"])
        start = page["log_from"]
    for page in pages:
        assert 1 <= len(page) <= api.LOG_TAIL and (len(page) == 1 or lines(page) <= api.LOG_LINES)
    assert [event for page in pages for event in page] == whole
    per_page = api.LOG_TAIL if kind == "lone-wolf" else api.LOG_LINES // 21  # a round against 20: 21 lines
    assert len(pages) == -(-5000 // per_page)


def test_the_log_op_refuses_an_end_outside_the_log_by_name():
    opened = call(op="start", record=make_record())
    assert call(op="log", session=opened["session"], end=1)["error"]["field"] == "end"  # no event yet
    call(op="act", session=opened["session"], action={"do": "round"})
    for end in (0, 2, -1, "1", None):
        assert call(op="log", session=opened["session"], end=end)["error"]["field"] == "end"
    assert call(op="log", session=opened["session"], end=1)["log_from"] == 0
