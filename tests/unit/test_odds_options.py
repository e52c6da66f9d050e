"""The odds options every system declares (pyrules.contract.OddsOption) and the ``odds`` request's ``options``:
each choice accepted, each bad value refused by its field, the older keys (``worth``'s parts, each option's
``legacy``) read into the same options, and the generic files naming no book's option."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyrules import api
from pyrules.contract import Worth
from pyrules.systems import SYSTEMS, legacy_options, worth_parts

ROOT = Path(__file__).resolve().parents[2]


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def example(key: str) -> dict:
    """A fight of the system's own small example, as a record."""
    return {"format": "pyrules-fight", "version": 1, "system": key, "seed": 3, "actions": [],
            **SYSTEMS[key].examples["small"]}  # fmt: skip


def declared():
    return [(key, option) for key in SYSTEMS for option in SYSTEMS[key].odds_options]


def test_every_declared_option_is_well_formed():
    assert {option["name"] for _, option in declared()} >= {"escape", "endurance", "willpower", "spend"}
    for key, option in declared():
        names = [o["name"] for o in SYSTEMS[key].odds_options]
        assert len(names) == len(set(names)), key
        values = [value for value, _, _ in option["choices"]]
        if "whole" in option:  # a number the fight's screen gives: no choices to draw
            low, high = option["whole"]
            assert not values and low <= option["default"] <= high, (key, option["name"])
        else:
            assert values and option["default"] in values and all(0 <= v <= 1 for v in values), (key, option["name"])
        # a worth's part is an option of its book: the panel asks for it by that name
        assert all(part == "escape" or part in names for part in SYSTEMS[key].worth_parts), key


@pytest.mark.parametrize(("key", "option"), declared(), ids=lambda x: x if isinstance(x, str) else x["name"])
def test_each_choice_is_accepted_and_a_bad_value_refused_by_its_field(key, option):
    name = option["name"]
    record = example(key)
    # a whole number: its default and its least (its most is the request's bound; the fight refuses a spend past the
    # hero's, by the action's own field)
    good = [value for value, _, _ in option["choices"]] or [option["default"], option["whole"][0]]
    for value in good:
        reply = call(op="odds", record=record, options={name: value}, table=False)
        assert reply["ok"] or reply.get("too_large"), (key, name, value, reply)
        if "exact_odds" in SYSTEMS[key].capabilities:
            assert reply["ok"], (key, name, value)
    bad = [-1, 1.5, "x", True, None] if "whole" not in option else [0, 1000, 1.5, "2x"]
    for value in bad:
        if value is None:
            continue
        reply = call(op="odds", record=record, options={name: value})
        assert not reply["ok"] and reply["error"]["field"] == f"options.{name}", (key, name, value, reply)
        assert reply["error"]["label"], (key, name)


@pytest.mark.parametrize("key", list(SYSTEMS))
def test_an_option_the_system_does_not_declare_is_refused_by_name(key):
    for options, field in (({"luck": 1}, "options.luck"), ([1], "options"), ("x", "options")):
        reply = call(op="odds", record=example(key), options=options)
        assert not reply["ok"] and reply["error"]["field"] == field, (key, options, reply)
    other = [name for name in ("endurance", "willpower", "spend")
             if name not in {o["name"] for o in SYSTEMS[key].odds_options}]  # fmt: skip
    for name in other:
        reply = call(op="odds", record=example(key), options={name: 1})
        assert not reply["ok"] and reply["error"]["field"] == f"options.{name}", (key, name)


def test_the_older_keys_are_read_into_the_same_options():
    legacy = legacy_options()
    assert {key: option["name"] for key, option in legacy.items()} == {"lambda": "willpower", "willpower": "spend"}
    record = example("grey-star")
    new = call(op="odds", record=record, options={"spend": 2, "willpower": 0.03}, table=False)
    old = call(op="odds", record=record, willpower=2, table=False, **{"lambda": 0.03})
    older = call(op="odds", record=record, willpower=2, table=False, worth={"willpower": 0.03})
    for reply in (new, old, older):
        assert reply["ok"] and reply["spend"] == 2 and reply["policy"]["lambda"] == 0.03
    assert {k: v for k, v in new.items() if k != "ms"} == {k: v for k, v in old.items() if k != "ms"}
    # options over the older form; an older key where the book has no such option: read, checked, dropped
    both = call(op="odds", record=record, options={"willpower": 0.0}, table=False, **{"lambda": 0.03})
    assert both["policy"]["lambda"] == 0.0
    banedon = call(op="odds", record=example("lone-wolf"), willpower=3, **{"lambda": 0.01})
    assert banedon["ok"] and "policy" not in banedon
    for key, value in (("lambda", 3), ("willpower", 0), ("willpower", "x")):
        reply = call(op="odds", record=example("lone-wolf"), **{key: value})
        assert not reply["ok"] and reply["error"]["field"] == key, (key, value)


def test_a_review_and_a_share_take_the_options_as_the_odds_do():
    record = {**example("grey-star"), "actions": [{"do": "round", "number": 4, "willpower": 2}]}
    new = call(op="review", record=record, options={"willpower": 0.03})
    old = call(op="review", record=record, **{"lambda": 0.03})
    assert new["ok"] and new["worth"] == old["worth"] == {"willpower": 0.03} and new["summary"] == old["summary"]
    reply = call(op="review", record=record, options={"willpower": 2})
    assert not reply["ok"] and reply["error"]["field"] == "options.willpower"
    session = call(op="start", record=record)["session"]
    shared = call(op="share", session=session, options={"willpower": 0.03}, judged={"options": {"willpower": 0.03}})
    older = call(op="share", session=session, judged={"lambda": 0.03}, **{"lambda": 0.03})
    assert shared["code"] == older["code"]


def test_the_worth_names_only_what_the_systems_declare():
    assert set(worth_parts()) == {"escape", "endurance", "willpower"}
    assert Worth(escape=0.5, willpower=0.0) == Worth(escape=0.5) and Worth(endurance=0.01).costs
    assert Worth(willpower=0.02).json() == {"willpower": 0.02} and Worth().json() == {}


GENERIC = ["pyrules/contract.py", "pyrules/odds.py", "pyrules/api.py", "pyrules/review.py", "pyrules/fight.py"]


@pytest.mark.skipif(not (ROOT / "pyrules" / "api.py").exists(), reason="the package's source is not here (Pyodide)")
@pytest.mark.parametrize("path", GENERIC)
def test_the_generic_files_name_no_books_option(path):
    """A book's options and their older keys are its package's: the contract, the odds, the API and the review read
    them from the declarations."""
    text = (ROOT / path).read_text(encoding="utf-8")
    assert not re.findall(r"(?i)willpower|\blambda\b(?!\s*\w*\s*:)|\bλ", text)
