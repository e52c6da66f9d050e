"""The odds whatever the system (pyrules.odds, pyrules.api): the Monte Carlo's reproducibility and its interval, the
command line, the API's odds and simulation requests, a request's one deadline, and the odds reply's shape
(pyrules.contract.OddsReply). Each system's own odds: tests/unit/<system>/."""

from __future__ import annotations

import json
import re
import sys

import pytest
from conftest import make_record, play

from pyrules import Fight, api
from pyrules.__main__ import main
from pyrules.budget import TooLarge
from pyrules.contract import ODDS_KEYS
from pyrules.i18n import LANGUAGES, language
from pyrules.odds import MonteCarlo, odds, wilson
from pyrules.systems import SYSTEMS

# ---- Monte Carlo ----------------------------------------------------------------------------------------------


def test_monte_carlo_is_reproducible_and_wilson_is_sane():
    fight = play(hero={"skill": 15, "endurance": 12}, enemies=[{"name": "G", "skill": 15, "endurance": 12}], seed=7)
    a = MonteCarlo(fight.system, fight.setup, fight.state).run(30)
    b = MonteCarlo(fight.system, fight.setup, fight.state).run(30)
    assert a == b
    low, high = wilson(0, 10)
    assert low == 0 and 0.2 < high < 0.35
    assert wilson(0, 0) == (0.0, 1.0)


# ---- the command line and the API -----------------------------------------------------------------------------

needs_files = pytest.mark.skipif(sys.platform == "emscripten", reason="writes files")


@needs_files
def test_cli_odds(tmp_path, capsys):
    record = make_record(hero={"skill": 15, "endurance": 4}, enemies=[{"name": "G", "skill": 15, "endurance": 3}])
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["odds", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["win"] == pytest.approx(0.7) and out["lose"] == pytest.approx(0.3)
    assert out["ended"] == 0 and out["rounds"] == pytest.approx(1)
    assert out["endurance"]["4"] == pytest.approx(0.3)


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def test_api_odds_grey_star_and_fighting_fantasy():
    record = make_record("grey-star", {"skill": 15, "endurance": 10, "willpower": 4},
                         [{"name": "D", "skill": 17, "endurance": 14}])  # fmt: skip
    reply = call(op="odds", record=record, willpower=2, **{"lambda": 0.01})
    assert [row["spend"] for row in reply["spends"]] == [1, 2, 3, 4]
    assert reply["policy"]["spend"] in (1, 2, 3, 4) and reply["spend"] == 2
    assert call(op="odds", record=record, **{"lambda": "x"})["error"]["field"] == "lambda"
    curve = call(op="odds", record=record, table=False, curve=[0, 0.5])["curve"]
    assert [point["lambda"] for point in curve] == [0, 0.5] and curve[0]["win"] >= curve[1]["win"]
    assert call(op="odds", record=record, curve=[2])["error"]["field"] == "curve"
    enemies = [{"name": "A", "skill": 9, "stamina": 6}, {"name": "B", "skill": 6, "stamina": 2}]
    record = make_record("fighting-fantasy", {"skill": 10, "stamina": 10, "luck": 7}, enemies)
    reply = call(op="odds", record=record)
    assert reply["ok"] and reply["target"] == 1 and reply["win"] >= reply["win_in_order"]


def test_api_monte_carlo_in_steps():
    record = make_record(hero={"skill": 15, "endurance": 12}, enemies=[{"name": "G", "skill": 15, "endurance": 12}])
    started = call(op="mc_start", record=record)
    assert started["runs"] == 0 and started["win"] is None
    step = call(op="mc_run", mc=started["mc"], n=20)
    step = call(op="mc_run", mc=started["mc"], n=20)
    assert step["runs"] == 40 and 0 <= step["low"] <= step["high"] <= 1
    assert call(op="mc_run", mc=99999, n=1)["error"]["field"] == "mc"


def test_api_says_when_a_fight_is_too_large(monkeypatch):
    from pyrules import odds
    from pyrules.systems.fighting_fantasy import odds as ff_odds

    def too_large(*args, **kwargs):
        raise odds.TooLarge("too many states")

    monkeypatch.setattr(ff_odds, "fighting_fantasy_odds", too_large)
    record = make_record("fighting-fantasy", {"skill": 10, "stamina": 10, "luck": 7}, [{"skill": 9, "stamina": 6}])
    error = call(op="odds", record=record)["error"]
    assert error["field"] == "record" and "simulation" in error["message"]


def test_odds_of_a_form_record_read_numbers_typed_as_text():
    hero = {"skill": "15", "endurance": "20"}
    record = {
        "format": "pyrules-fight",
        "version": 1,
        "system": "lone-wolf",
        "hero": hero,
        "enemies": [{"name": "Giak", "skill": "16", "endurance": "20"}],
        "rules": {},
        "seed": 1,
        "actions": [],
    }
    strict = json.loads(api.call(json.dumps({"op": "odds", "record": record})))
    assert strict["ok"] is False and strict["error"]["field"] == "hero.skill"
    typed = json.loads(api.call(json.dumps({"op": "odds", "record": record, "form": True})))
    numbers = {
        **record,
        "hero": {"skill": 15, "endurance": 20},
        "enemies": [{"name": "Giak", "skill": 16, "endurance": 20}],
    }
    exact = json.loads(api.call(json.dumps({"op": "odds", "record": numbers})))
    assert typed["ok"] is True and 0 < typed["win"] < 1 and typed["win"] == exact["win"]


def test_a_request_deadline_bounds_every_computation_of_the_request():
    """`ms`: one deadline for the whole request (the page's rules' worker answers the cheap odds within 50 ms before
    the odds' own worker is up): a plain Lone Wolf fight answers within it, a Grey Star best-spend curve (about
    130 ms on CPython) does not within 1 ms, and says "too large" rather than running on."""
    small = json.loads(api.call(json.dumps({"op": "odds", "record": make_record(), "ms": 500})))
    assert small["ok"] and 0 < small["win"] < 1 and small["ms"] < 500
    hero, enemies = {"skill": 15, "endurance": 25, "willpower": 12}, [{"name": "D", "skill": 20, "endurance": 30}]
    big = {"op": "odds", "record": make_record("grey-star", hero, enemies), "lambda": 0.005,
           "curve": [0, 0.01, 0.03, 0.1, 0.3, 1], "ms": 1}
    reply = json.loads(api.call(json.dumps(big)))
    assert not reply["ok"] and reply["too_large"]
    slow = {**big, "ms": 3000}
    assert json.loads(api.call(json.dumps(slow)))["ok"]  # the same request, given time, is answered
    refused = json.loads(api.call(json.dumps({**big, "ms": 0})))
    assert not refused["ok"] and refused["error"]["field"] == "ms"


# ---- the odds reply's shape, whatever the system (pyrules.contract.OddsReply) ----------------------------------------

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _advised(key: str) -> list[Fight]:
    """Fights of a registered system from its examples, and the states where its advice has something to say (Lone
    Wolf's Vigour and evasion, Grey Star's spends, a best target, a luck test)."""
    system = SYSTEMS[key]
    fights = [Fight.from_record({"format": "pyrules-fight", "version": 1, "system": key, **example, "seed": 3,
                                 "actions": []}) for use, example in system.examples.items()
              if use in ("small", "typical")]  # fmt: skip
    if key == "lone-wolf":
        fights.append(play(key, {"skill": 15, "endurance": 20}, [{"name": "G", "skill": 15, "endurance": 20}],
                           {"evade_after": 0, "vigour": True}))  # fmt: skip
    if key == "fighting-fantasy":  # a wound just dealt, with luck in combat: a luck test offered
        fights.append(Fight.from_record(make_record(key, {"skill": 12, "stamina": 12, "luck": 9},
            [{"name": "O", "skill": 5, "stamina": 9}], {"luck_in_combat": True},
            [{"do": "round", "target": 0, "dice": [[6, 6], [1, 1]]}])))  # fmt: skip
    return fights


@pytest.mark.parametrize("key", sorted(SYSTEMS))
def test_every_systems_odds_reply_is_typed_and_its_advice_is_said_in_every_language(key):
    """Every registered system's odds reply has the contract's fields, its main statistic's distribution under that
    statistic's own name, and advice items whose words fill from their own numbers, whose action is one the fight
    takes now, and which are said in each language (not the English left as it was); a system without exact odds is
    refused as too large. Its odds options are declared with their words in each language too."""
    system = SYSTEMS[key]
    said: dict[str, list[str]] = {}
    for code in LANGUAGES:
        with language(code):
            options = system.odds_choices()
            said[code] = [option["legend"] for option in options]
            said[code] += [choice["label"] for option in options for choice in option["choices"]]
            for fight in _advised(key):
                if "exact_odds" not in system.capabilities:
                    with pytest.raises(TooLarge):
                        odds(fight)
                    continue
                reply = odds(fight, {"lambda": 0.005})  # the older request's key, as a caller gives it
                assert set(ODDS_KEYS) <= set(reply) and reply["main_stat"] == system.main_stat
                assert all(len(pair) == 2 and 0 <= pair[1] <= 1 for pair in reply[system.main_stat])
                items = [*reply["advice"], *([reply["policy"]["advice"]] if reply.get("policy") else [])]
                for item in items:
                    assert set(item) <= {"text", "chances", "numbers", "act"}
                    numbers = {**item.get("chances", {}), **item.get("numbers", {})}
                    assert set(PLACEHOLDER.findall(item["text"])) <= set(numbers), item
                    if "act" in item:  # the action the advice suggests: one the fight takes now
                        action = system.parse_action(item["act"], 0)
                        system.step(fight.setup, fight.state, action)
                said[code] += [item["text"] for item in items]
    assert len(said["en"]) == len(said["ru"]) == len(said["es"])
    if key != "citadel-of-blood":
        assert len(said["en"]) >= 3, said["en"]  # its options' words, or its advice somewhere
    for code in ("ru", "es"):
        assert [text for en, text in zip(said["en"], said[code], strict=True) if en == text] == []
