"""Fighting Fantasy's escape weighed as the Lone Wolf family's evasion is: its worth declared (``escape``, a win's
by default), the odds' best play escaping now or at any later round, checked by hand and against the engine's own
steps; the advice and the story agreeing; and the cards after an escape in the rules' words."""

from __future__ import annotations

import itertools
import json
import pathlib
import random

import pytest
from conftest import make_record

from pyrules import Fight, api
from pyrules.contract import Outcome, Worth
from pyrules.review import review
from pyrules.systems import SYSTEMS
from pyrules.systems.fighting_fantasy import FightingFantasy
from pyrules.systems.fighting_fantasy.odds import FFChain
from pyrules.systems.fighting_fantasy.record import FFAction
from pyrules.systems.fighting_fantasy.review import FightingFantasyValues

ESCAPE = {"escape": True}


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def record(stamina, enemy, actions=(), **worth):
    """The hero at МАСТЕРСТВО 9 against one enemy of the same МАСТЕРСТВО (a hit and a wound equally likely), in a
    paragraph that allows escape."""
    made = make_record("fighting-fantasy", {"skill": 9, "stamina": stamina, "luck": 7},
                       [{"name": "ОРК", "skill": 9, "stamina": enemy}], ESCAPE, actions)  # fmt: skip
    return {**made, "worth": worth} if worth else made


def test_fighting_fantasy_declares_its_escape_as_the_lone_wolf_family_its_evasion():
    lone_wolf, ff = (SYSTEMS[key].description()["odds_options"][0] for key in ("lone-wolf", "fighting-fantasy"))
    assert ff["name"] == lone_wolf["name"] == "escape" and ff["default"] == lone_wolf["default"] == Worth().escape
    assert ff["choices"] == lone_wolf["choices"] and ff["legend"] == "An escape is worth"
    assert FightingFantasy.worth_parts == ("escape",)


PARRY, EACH = 146 / 1296, 575 / 1296  # equal МАСТЕРСТВО: a parry (equal СИЛА УДАРА), and a hit or a wound each


@pytest.mark.parametrize(("escape", "best", "mark"), [(1.0, "escape", None), (0.5, "strike ОРК", "blunder"),
                                                      (0.0, "strike ОРК", "blunder")])  # fmt: skip
def test_an_escape_advised_and_taken_is_not_marked_and_one_worth_nothing_is(escape, best, mark):
    """ВЫНОСЛИВОСТЬ 3 against 2, by hand: escaping now leaves 1 (alive, worth ``escape``); a round is a hit (won) or
    a wound as likely, or a parry (as before, the choice again), and after the wound, at 1, an escape kills: fought
    on, an even chance. Fought to the end: (1 + 1/2) / 2 = 3/4; a round, then the best: the parry's share worth the
    better of escaping and 3/4."""
    round_ = PARRY * max(escape, 0.75) + EACH * (1 + 0.5)
    fight = Fight.from_record(record(3, 2))
    values = FightingFantasyValues(FightingFantasy, fight.setup, Worth(escape=escape))
    assert values.q(fight.state, FFAction("escape")) == pytest.approx(escape, abs=1e-12)
    assert values.q(fight.state, FFAction("round", target=0)) == pytest.approx(round_, abs=1e-12)
    panel = call(op="odds", record=record(3, 2), worth={"escape": escape})
    assert panel["asks"] == ["escape"] and panel["win"] == pytest.approx(0.75, abs=1e-12)  # fought to the end
    assert panel["best"]["choices"][0]["did"] == best and panel["advice"][0]["text"] == f"Advice: {best}."
    story = review(Fight.from_record(record(3, 2, [{"do": "escape"}], escape=escape)))
    (row,) = story["rows"]
    assert row["mark"] == mark and row["best"] == (None if mark is None else best)
    assert row["choice"] == pytest.approx(min(0.0, escape - 0.75), abs=1e-12)
    assert story["result"] == escape and story["outcome"] == Outcome.ESCAPED


def test_the_odds_weigh_an_escape_later_as_well_as_now():
    """ВЫНОСЛИВОСТЬ 5 against 2, an escape worth 0.9: escaping now is 0.9; striking wins on a hit and, after a wound
    (at 3), escapes then (0.9 against 3/4 fighting on), a parry the same again: (1 + 0.9) / 2 = 0.95. Fought to the
    end, (1 + 3/4) / 2."""
    fight = Fight.from_record(record(5, 2))
    values = FightingFantasyValues(FightingFantasy, fight.setup, Worth(escape=0.9))
    assert values.q(fight.state, FFAction("escape")) == pytest.approx(0.9, abs=1e-12)
    assert values.q(fight.state, FFAction("round", target=0)) == pytest.approx(0.95, abs=1e-12)
    assert FFChain(fight.setup, fight.state).value(5, (2,), 7) == pytest.approx(0.875, abs=1e-12)
    story = review(Fight.from_record(record(5, 2, [{"do": "round", "dice": [[1, 1], [6, 6]]}, {"do": "escape"}],
                                            escape=0.9)))  # fmt: skip
    assert [row["mark"] for row in story["rows"]] == [None, None] and story["result"] == pytest.approx(0.9)


def brute(setup, state, escape, memo):
    """The best play's worth by plain search over the engine's own steps: every throw of a round (a throw that
    changes no one's ВЫНОСЛИВОСТЬ a self-loop, divided out) or the escape, as the engine allows it."""
    if state.outcome != Outcome.ONGOING:
        return Worth(escape=escape).end(state.outcome)
    key = (state.stamina, state.enemies)
    if key not in memo:
        landed: dict = {}
        for a, b, c, d in itertools.product(range(1, 7), repeat=4):
            new, _ = FightingFantasy.step(setup, state, FFAction("round", target=0, dice=((a, b), (c, d))))
            landed.setdefault((new.stamina, new.enemies), [new, 0])[1] += 1
        stay = landed.pop(key, [None, 0])[1]
        fight = sum(k * brute(setup, new, escape, memo) for new, k in landed.values()) / (1296 - stay)
        fled, _ = FightingFantasy.step(setup, state, FFAction("escape"))
        memo[key] = max(fight, brute(setup, fled, escape, memo))
    return memo[key]


def test_the_best_play_with_an_escape_is_the_engines_own_by_plain_search():
    rng = random.Random(52)
    for trial in range(6):
        escape = (1.0, 0.5, 0.0)[trial % 3]
        fight = Fight.from_record(make_record("fighting-fantasy", {"skill": rng.randint(7, 10), "stamina":
                                  rng.randint(2, 7), "luck": 7}, [{"skill": rng.randint(7, 10), "stamina":
                                  rng.randint(2, 5)}], ESCAPE))  # fmt: skip
        values = FightingFantasyValues(FightingFantasy, fight.setup, Worth(escape=escape))
        expected = brute(fight.setup, fight.state, escape, {})
        assert values.value(fight.state) == pytest.approx(expected, abs=1e-9), (trial, escape)


def test_an_old_record_without_a_worth_judges_its_escape_alive_as_an_evasion_is():
    """The escape fixture, saved before an escape was weighed: it replays the same, and its escape (at 8 against a
    ТРОЛЛЬ of МАСТЕРСТВО 11) is judged by the default worth, an escape alive as much as a win: not marked."""
    fixture = pathlib.Path(__file__).parents[2] / "fixtures" / "fighting-fantasy-escape.json"
    saved = json.loads(fixture.read_text(encoding="utf-8"))["save"]["record"]
    assert "worth" not in saved
    rows = review(Fight.from_record(saved))["rows"]
    assert rows[-1]["did"] == "escape" and rows[-1]["mark"] is None and rows[-1]["choice"] == 0.0
    nothing = review(Fight.from_record({**saved, "worth": {"escape": 0}}))["rows"][-1]  # the little chance to win
    assert nothing["best"] == "strike ТРОЛЛЬ" and nothing["choice"] < 0


def test_the_cards_after_an_escape_say_the_hero_fled_and_the_fight_is_over():
    made = make_record("fighting-fantasy", {"skill": 12, "stamina": 10, "luck": 7},
                       [{"name": "ГОБЛИН", "skill": 5, "stamina": 2}, {"name": "ОРК", "skill": 7, "stamina": 8}],
                       ESCAPE, [{"do": "round", "target": 0, "dice": [[6, 6], [1, 1], [1, 1]]}])  # fmt: skip
    said = Fight.from_record(made).view()["said"]
    assert said["foes"] == ["out of the fight", "in the fight"] and said["hero"] == ""
    view = Fight.from_record({**made, "actions": [*made["actions"], {"do": "escape"}]}).view()
    assert view["said"]["foes"] == ["out of the fight", "the fight is over: Hero fled"]
    assert view["said"]["hero"] == "fled the fight" and not view["can"]["round"] and view["fighting"] == []
