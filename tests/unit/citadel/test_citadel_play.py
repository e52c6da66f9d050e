"""Citadel of Blood as played: the record, the tables, the page's requests and the command line; a whole combat with
reorganizations; properties of random play."""

from __future__ import annotations

import io
import json
import sys

import pytest
from citadel_cases import (
    SYSTEM,
    THREE,
    attack,
    cob,
    hero,
    legal_actions,
    mon,
    random_fights,
    record,
)
from conftest import make_record
from hypothesis import given, settings

from pyrules import Fight, RecordError, api
from pyrules.__main__ import main
from pyrules.fields import Reader
from pyrules.i18n import language
from pyrules.systems.citadel import CitadelOfBlood
from pyrules.systems.citadel.record import DEFAULT_TABLE

# ---- the record, the tables, the page, the CLI --------------------------------------------------------------


def test_an_edited_combat_results_table_lives_in_the_record():
    rows = [list(r) for r in DEFAULT_TABLE.rows]
    rows[3][3] = 3  # the Sword column at 6-9
    tables = {"crt": {"rows": rows, "row_starts": list(DEFAULT_TABLE.row_starts)}, "blast": {"blasts": 2}}
    fight = cob([{"hero": "almuric", "pos": [0, 1]}], [mon("m", wp=40)], [attack("A", "1", die=4)], tables=tables)
    assert fight.log[-1]["wounds"] == 3 and fight.view()["table"]["edited"] is True
    saved = fight.record()
    assert saved["tables"]["crt"]["rows"][3][3] == 3 and saved["tables"]["blast"]["blasts"] == 2
    assert Fight.from_record(saved).state == fight.state
    plain = cob([{"hero": "almuric"}], [mon("m")])
    assert "tables" not in plain.record() and plain.view()["table"]["edited"] is False


def test_a_bad_table_is_refused_naming_its_cell():
    with pytest.raises(RecordError, match=r"tables.crt.rows\[2\].sword \(Sword\)"):
        rows = [list(r) for r in DEFAULT_TABLE.rows]
        rows[2][3] = -1
        cob(THREE, [mon("m")], tables={"crt": {"rows": rows}})
    with pytest.raises(RecordError, match="tables.crt.row_starts"):
        cob(THREE, [mon("m")], tables={"crt": {"row_starts": [1, 4]}})
    with pytest.raises(RecordError, match="tables.colour"):
        cob(THREE, [mon("m")], tables={"colour": 1})
    with pytest.raises(RecordError, match="tables"):
        Fight.from_record({**make_record("lone-wolf"), "tables": {}})  # other systems keep their keys


def test_the_view_gives_the_page_everything():
    view = cob([{"hero": "almuric"}], [{"monster": "orcs"}]).view()
    assert view["verified"] is False and view["table"]["verified"] is False
    assert "FoolAntony" in view["table"]["source"] and "6-9" in view["table"]["note"]
    assert [c["key"] for c in view["table"]["columns"]][-1] == "monster"
    assert view["phase"] == "party" and view["round"] == 1 and view["outcome"] == "ongoing"
    assert view["board"] == {"party": [["A", None, None]], "monsters": [[None, "1", None]]}
    assert view["targets"] == {"A": ["1"]} and view["moves"] == {}
    unit = view["units"][0]
    assert {"id", "side", "name", "wound_points", "wounds", "alive", "row", "col", "weapons", "weapon", "acted"} <= set(
        unit
    )


def test_summary_and_result():
    fight = cob([{"hero": "almuric"}, hero("Bo")], [{"monster": "orcs"}, {"monster": "troll"}])
    summary = fight.summary()
    assert summary["book"] == "Citadel of Blood" and summary["hero"] == "Almuric and Bo"
    assert summary["enemies"] == ["Orcs", "Troll"] and summary["rounds"] == 1
    result = fight.result()
    assert [u["id"] for u in result["party"]] == ["A", "B"] and result["monsters"][1]["wound_points"] == 16


def test_heroes_are_not_rolled():
    with pytest.raises(RecordError, match="roster"):
        CitadelOfBlood.roll_hero(0, Reader({}, "numbers"))
    reply = json.loads(api.call(json.dumps({"op": "new_hero", "system": SYSTEM})))
    assert reply["ok"] is False and "roster" in reply["error"]["message"]


def test_the_api_plays_a_citadel_fight_in_russian():
    data = record([{"hero": "almuric"}], [{"monster": "orcs"}])
    started = json.loads(api.call(json.dumps({"op": "start", "record": data, "lang": "ru"})))
    assert started["ok"] and started["view"]["phase_name"] == "Бой отряда"
    # the chart's monster and the roster's hero in the request's language; the record keeps its key and English
    assert [unit["name"] for unit in started["view"]["units"]] == ["Альмурик", "Орки"]
    assert [(m["monster"], m["name"]) for m in started["record"]["enemies"]] == [("orcs", "Orcs")]
    typed = record([{"hero": "almuric", "name": "Ал"}], [{"monster": "orcs", "name": "Грыз"}])
    named = json.loads(api.call(json.dumps({"op": "start", "record": typed, "lang": "ru"})))
    assert [unit["name"] for unit in named["view"]["units"]] == ["Ал", "Грыз"]  # a name typed stays as typed
    reply = json.loads(
        api.call(
            json.dumps(
                {"op": "act", "session": started["session"], "lang": "ru", "action": {"do": "monster", "die": 1}}
            )
        )
    )
    assert reply["error"]["message"] == "9.2: сейчас фаза «Бой отряда», а не «Бой чудовищ»"
    hello = json.loads(api.call(json.dumps({"op": "hello", "lang": "ru", "describe": True})))
    assert hello["systems"][SYSTEM]["book"] == "Цитадель крови" and hello["systems"][SYSTEM]["verified"] is False


def test_messages_in_russian():
    with language("ru"), pytest.raises(RecordError) as error:
        cob(THREE, [mon("m", (0, 0))])
    assert "9.1: единственное чудовище стоит в средней клетке" in str(error.value)


def test_the_command_line_plays_a_citadel_record(monkeypatch, capsys):
    data = record([{"hero": "almuric"}], [mon("m", wp=1)], [attack("A", "1", die=6)])
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(data)))
    assert main(["play", "-"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "won" and out["monsters"][0]["alive"] is False and out["log"][0]["column"] == "sword"


# ---- a whole combat: three heroes against four monsters, with reorganizations --------------------------------

EXAMPLE = {
    "format": "pyrules-fight",
    "version": 1,
    "system": SYSTEM,
    "hero": {
        "party": [
            {"hero": "almuric", "pos": [0, 1]},
            {
                "name": "Gislan",
                "wound_points": 7,
                "resistance": 2,
                "combat_bonus": 2,
                "weapons": ["axe", "throwing_dagger"],
                "skills": {"axe": 1},
                "pos": [0, 0],
            },
            {
                "name": "Elwen",
                "wound_points": 6,
                "resistance": 3,
                "combat_bonus": 1,
                "weapons": ["bow", "dagger"],
                "skills": {"bow": 2},
                "pos": [1, 1],
            },
        ]
    },
    "enemies": [{"monster": "orcs"}, {"monster": "skeletons"}, {"monster": "harpies"}, {"monster": "dire_wolves"}],
    "rules": {},
    "seed": 1980,
    "actions": [
        {"do": "attack", "unit": "A", "target": "3", "die": 5},
        {"do": "attack", "unit": "B", "target": "1", "die": 3},
        {"do": "attack", "unit": "C", "target": "3", "die": 6},
        {"do": "monster", "die": 2},
        {"do": "monster", "die": 1},
        {"do": "monster", "die": 3},
        {"do": "pass"},
        {"do": "attack", "unit": "A", "target": "3", "die": 6},
        {"do": "attack", "unit": "B", "target": "1", "die": 5},
        {"do": "attack", "unit": "C", "target": "1", "die": 6},
        {"do": "monster", "die": 5, "target_die": 3},
        {"do": "monster", "die": 5},
        {"do": "move", "unit": "C", "to": [0, 2]},
        {"do": "monster_move"},
        {"do": "attack", "unit": "A", "target": "2", "die": 5},
        {"do": "attack", "unit": "B", "target": "1", "die": 6},
        {"do": "change_weapon", "unit": "C"},
        {"do": "monster", "die": 6},
        {"do": "monster", "die": 2},
        {"do": "monster", "die": 4},
        {"do": "pass"},
        {"do": "attack", "unit": "A", "target": "2", "die": 6},
        {"do": "attack", "unit": "B", "target": "1", "die": 4},
        {"do": "attack", "unit": "C", "target": "4", "die": 5},
        {"do": "monster", "die": 6, "target_die": 5},
        {"do": "monster", "die": 6, "target_die": 2},
        {"do": "pass"},
        {"do": "attack", "unit": "A", "target": "1", "die": 3},
        {"do": "attack", "unit": "B", "target": "4", "die": 2},
        {"do": "attack", "unit": "C", "target": "4", "die": 6},
        {"do": "monster", "die": 6, "target_die": 5},
        {"do": "pass"},
        {"do": "attack", "unit": "A", "target": "4", "die": 6},
        {"do": "attack", "unit": "B", "target": "4", "die": 2},
    ],
}


def test_a_whole_combat_three_heroes_against_four_monsters():
    fight = Fight.from_record(EXAMPLE)
    # 9.1: Skeletons (4 WP, the weakest) stand behind; the others in listed order in front
    assert Fight.from_record({**EXAMPLE, "actions": []}).view()["board"] == {
        "party": [["B", "A", None], [None, "C", None]],
        "monsters": [["1", "3", "4"], [None, "2", None]],
    }
    assert fight.state.outcome == "won" and fight.state.round == 6
    moves = [row for row in fight.log if row["kind"] in ("move", "monster_move")]
    assert [(row["kind"], row["unit"], row["from"], row["to"]) for row in moves] == [
        ("move", "C", [1, 1], [0, 2]),
        ("monster_move", "2", [1, 1], [0, 1]),
    ]
    assert [row["column"] for row in fight.log if row.get("unit") == "C" and row["kind"] == "attack"] == [
        "bow",
        "bow",
        "dagger",
        "dagger",
    ]
    result = fight.result()
    assert [u["alive"] for u in result["monsters"]] == [False] * 4
    assert [(u["name"], u["wounds"]) for u in result["party"]] == [("Almuric", 3), ("Gislan", 2), ("Elwen", 1)]
    assert fight.record() == Fight.from_record(fight.record()).record()


# ---- properties -------------------------------------------------------------------------------------------


@given(random_fights())
@settings(max_examples=60, deadline=None)
def test_properties_wounds_never_decrease_dead_never_act_rows_hold_three_replay_is_the_same(case):
    fight, picks = case
    for pick in picks:
        if fight.state.outcome != "ongoing":
            break
        before = fight.state
        view = fight.view()
        options = legal_actions(view)
        action = options[pick % len(options)]
        try:
            event = fight.apply(action)
        except RecordError:
            continue  # a refused action (a weapon that cannot be used from there) changes nothing
        after = fight.state
        assert all(b <= a for b, a in zip(before.wounds, after.wounds))
        if event.get("unit") not in (None, "hellgate"):
            index = next(u for u, item in enumerate(view["units"]) if item["id"] == event["unit"])
            assert before.pos[index] is not None  # the unit was alive when it acted
        places = [p for p in after.pos if p is not None]
        assert all(0 <= r and 0 <= c <= 2 for r, c in places)
        n = len(fight.setup.party)
        for side in (after.pos[:n], after.pos[n:]):
            living = [p for p in side if p is not None]
            assert len(living) == len(set(living))  # one unit a space: at most 3 a row
        for i, p in enumerate(after.pos):
            assert (p is None) == (after.wounds[i] >= fight.setup.unit(i).wound_points)
    again = Fight.from_record(json.loads(json.dumps(fight.record())))
    assert again.state == fight.state and again.log == fight.log
