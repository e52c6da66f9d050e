"""The story's second line: where a fight has a way out (an evasion the section allows), its review carries the odds
panel's chance to win beside the worth it judges by, row by row, its summary says both, and a share link's preview
carries the line (an old link, without it, keeps its one line and its meaning)."""

from __future__ import annotations

import json

import pytest

from pyrules import Fight, api, i18n, preview, review, share
from pyrules.__main__ import main
from pyrules.budget import TooLarge
from pyrules.systems.lonewolf.odds.review import LoneWolfValues

# Banedon (COMBAT SKILL 15, ENDURANCE 24) against a Doomwolf (20/30), evasion allowed after round 3: a coin flip to win
# fought to the end, and safe with the evasion open. Won in round 7, having fought on where the evasion was best.
NUMBERS = (9, 2, 3, 4, 7, 8, 8)


def doomwolf(actions=None, evasion=True, worth=None) -> dict:
    record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 7,
              "hero": {"skill": 15, "endurance": 24}, "enemies": [{"name": "Doomwolf", "skill": 20, "endurance": 30}],
              "rules": {"evade_after": 3} if evasion else {},
              "actions": [{"do": "round", "number": n} for n in NUMBERS] if actions is None else actions}  # fmt: skip
    return {**record, **({"worth": worth} if worth else {})}


def call(**request):
    return json.loads(api.call(json.dumps(request)))


@pytest.mark.parametrize("actions", [None, [{"do": "vigour"}, *({"do": "round", "number": n} for n in (3, 9, 2, 1)),
                                            {"do": "evade", "number": 4}]], ids=["won", "vigour-evaded"])  # fmt: skip
def test_each_rows_chance_to_win_is_the_odds_win_on_the_record_cut_there(actions):
    record = doomwolf(actions)
    story = call(op="review", record=record)
    assert story["ok"] and story["measure"]["kind"] == "alive"
    assert story["win_line"]["name"] == "chance to win"
    rows = story["rows"]
    assert len(rows) == len(record["actions"])
    for index, row in enumerate(rows):
        cut = call(op="odds", record={**record, "actions": record["actions"][:index]})
        after = call(op="odds", record={**record, "actions": record["actions"][: index + 1]})
        assert row["win"] == cut["win"] and row["win_after"] == after["win"], index  # exactly: the same numbers
    assert [row["before"] for row in rows][:3] == [1.0] * 3  # the worth the choices are judged by: flat, safe
    assert min(row["win"] for row in rows) < 0.5 < max(row["win"] for row in rows)  # the fight it was: a tense one



def ff_escape(actions) -> dict:
    """A Braslavsky paragraph that allows escape: hero 10/8 against 10/10 (the escape a blunder by its full chance to
    win while the book declared no worth for it), fought and then escaped."""
    return {"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy", "seed": 5,
            "hero": {"skill": 10, "stamina": 8, "luck": 9}, "enemies": [{"name": "ОРК", "skill": 10, "stamina": 10}],
            "rules": {"escape": True}, "actions": actions}  # fmt: skip


@pytest.mark.parametrize("actions", [[{"do": "round"}] * 2 + [{"do": "escape"}], [{"do": "round"}] * 3],
                         ids=["escaped", "fought"])  # fmt: skip
def test_a_fighting_fantasy_escapes_chance_to_win_is_the_odds_win_on_the_record_cut_there(actions):
    record = ff_escape(actions)
    story = call(op="review", record=record)
    assert story["ok"] and story["measure"]["kind"] == "alive" and "win_line" in story, story
    rows = story["rows"]
    assert len(rows) == len(actions)
    for index, row in enumerate(rows):
        cut = call(op="odds", record={**record, "actions": actions[:index]})
        after = call(op="odds", record={**record, "actions": actions[: index + 1]})
        assert row["win"] == cut["win"] and row["win_after"] == after["win"], index
    assert 0 < rows[0]["win"] < rows[0]["before"] <= 1  # the way out is worth more than fighting on

def test_the_summary_tells_both_lines_in_each_language():
    fight = Fight.from_record(doomwolf())
    said = {
        "en": "At the start, the chance to win fighting on to the end was 46\u00a0%; the chance to come through "
              "alive (a win or a way out), 100\u00a0%.",
        "ru": "В начале шанс на победу, если биться до конца, был 46\u00a0%; шанс выжить (победа или уход из боя) — "
              "100\u00a0%.",
        "es": "Al principio, la probabilidad de ganar luchando hasta el final era del 46\u00a0%; probabilidad de "
              "salir con vida (una victoria o una retirada), del 100\u00a0%.",
    }  # fmt: skip
    for code, words in said.items():
        with i18n.language(code):
            assert words in review.review(fight)["summary"], code


@pytest.mark.parametrize("record", [doomwolf(evasion=False), doomwolf(worth={"escape": 0.0})],
                         ids=["no-way-out", "evasion-worth-nothing"])  # fmt: skip
def test_a_fight_without_a_way_out_worth_anything_keeps_its_one_line(record):
    """No evasion, or one worth nothing: the worth is the chance to win, and the story draws it alone, as before."""
    story = call(op="review", record=record)
    assert story["ok"] and "win_line" not in story
    assert all("win" not in row for row in story["rows"])
    assert "Fighting on to the end" not in story["summary"]


def test_a_chance_to_win_past_the_budget_is_left_out_of_its_row(monkeypatch):
    """The chances are counted from the last state back; where one is too large (or past the request's deadline),
    it and the earlier ones are None, the rest of the story as it was."""
    fight = Fight.from_record(doomwolf())
    whole = review.review(fight)
    win = LoneWolfValues.win

    def larger(self, state):
        if state.rounds < 3:
            raise TooLarge("past the budget")
        return win(self, state)

    monkeypatch.setattr(LoneWolfValues, "win", larger)
    cut = review.review(fight)
    assert [row["win"] for row in cut["rows"][:3]] == [None] * 3
    assert [row["win"] for row in cut["rows"][3:]] == [row["win"] for row in whole["rows"][3:]]
    assert [row["before"] for row in cut["rows"]] == [row["before"] for row in whole["rows"]]
    assert "Fighting on to the end" not in cut["summary"]


def test_the_link_carries_the_second_line_and_an_old_link_without_it_opens_the_same():
    record = doomwolf()
    session = call(op="restore", record=record)["session"]
    code = call(op="share", session=session)["code"]
    opened, carried = share.decode_shared(code)
    chart = carried[5]
    story = call(op="review", record=opened)
    assert len(chart) == 7 and chart[5] == "alive"
    wins = [row["win"] for row in story["rows"]] + [story["rows"][-1]["win_after"]]
    assert chart[6] == preview.worth_text(wins)  # the very line the rules draw, round trip
    assert call(op="review", record=opened, preview=carried)["preview"] == preview.SAME
    # a link made before the second line was carried: its chart's six parts, its one line, the same story
    old = [*carried[:5], chart[:6]]
    told = call(op="review", record=opened, preview=old)
    assert told["preview"] == preview.SAME and told["summary"] == story["summary"]
    assert call(op="open_link", code=share.encode(opened, preview=old))["ok"]
    changed = [*carried[:5], [*chart[:6], preview.worth_text([0.5] * len(wins))]]
    assert call(op="review", record=opened, preview=changed)["preview"] == preview.DIFFERS


def test_the_command_line_prints_the_chance_to_win_beside_the_worth(tmp_path, capsys):
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(doomwolf()), encoding="utf-8")
    assert main(["review", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["round", "before", "win", "done", "choice", "luck", "mark"]
    assert lines[1].split()[:5] == ["1", "100", "%", "46", "%"]
