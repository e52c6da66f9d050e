"""Fuzzing every request type of the boundary (hypothesis): plausible and hostile requests alike must come back as a
reply, a clean error naming a field, never ``"internal": true``; a reply is strict JSON and valid Unicode (the page's
``JSON.parse`` and the worker's string conversion take it as it is). Runs on CPython and inside Pyodide."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fuzzing import (
    SYSTEM_KEYS,
    adventures,
    any_text,
    as_form,
    hostile,
    hostile_catalogs,
    huge_numbers,
    legal_move,
    mutated,
    odd_strings,
    played_records,
    records,
    wishes,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from translatable import texts

from pyrules import RecordError, api, i18n, share
from pyrules.systems import SYSTEMS

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
TEMPLATES = sorted(texts())  # every text of the rules, as a catalog has them


def send(request: Any) -> dict:
    """One call across the boundary; fails on anything but a clean reply."""
    text = request if isinstance(request, str) else json.dumps(request)
    reply_text = api.call(text)
    reply_text.encode("utf-8")  # no lone surrogate goes back to the page
    reply = json.loads(reply_text, parse_constant=lambda name: pytest.fail(f"{name} in a reply to {text[:300]}"))
    assert "internal" not in reply, (text[:2000], reply)
    assert reply["ok"] in (True, False)
    if not reply["ok"]:
        assert isinstance(reply["error"]["field"], str) and reply["error"]["message"], reply
    return reply


def either(data: st.DataObject, plausible: st.SearchStrategy, rate: int = 6) -> Any:
    """Mostly the plausible value; one time in ``rate`` a hostile one."""
    return data.draw(st.one_of(*[plausible] * (rate - 1), hostile))


def open_session(data: st.DataObject) -> tuple[Any, dict]:
    """An open fight's session id (and its record), or a hostile id."""
    record = data.draw(played_records())
    started = send({"op": "start", "record": record})
    session = started["session"] if started["ok"] else 0
    return either(data, st.just(session), rate=8), record


def fight_of(data: st.DataObject, strategy: st.SearchStrategy | None = None) -> dict:
    """The fight an odds request is about: a record (maybe as the form types it) or an open session."""
    if data.draw(st.booleans()):
        session, _ = open_session(data)
        return {"session": session}
    record = data.draw(records() if strategy is None else strategy)
    if data.draw(st.booleans()):
        return {"record": as_form(record), "form": True}
    return {"record": record}


def fields(op: str, data: st.DataObject) -> dict:
    """The plausible fields of a request of each type (each may still turn hostile)."""
    if op == "hello":
        return {}
    if op == "new_hero":
        typed = st.integers(0, 9) | st.integers(0, 9).map(str) | odd_strings  # as typed: "--5", "1e10000000", …
        numbers = st.dictionaries(st.sampled_from(["skill", "endurance", "willpower"]), typed, max_size=3)
        return {
            "system": either(data, st.sampled_from(SYSTEM_KEYS)),
            "seed": either(data, st.integers(0, 99)),
            "numbers": either(data, numbers),
        }
    if op in ("adventure", "share_adventure"):
        return {"adventure": data.draw(adventures())}
    if op == "hero_after":
        return {"record": data.draw(records())}
    if op == "sheet":  # an action between sections on an adventure, its undo, or its journal's lines
        kinds = ["take", "drop", "count", "eat", "hungry", "use", "endurance", "willpower", "section", "thirsty"]
        boxes = ["backpack", "weapons", "gold", "meals", "powers", "herbs", "medikit", "skills", "special", "ammo_12"]
        action = st.fixed_dictionaries({"do": st.sampled_from(kinds)}, optional={
            "part": st.sampled_from(boxes), "item": st.sampled_from(["Rope", "Vigour", {"name": "Potion", "uses": 1}]),
            "index": st.integers(-1, 3), "change": st.integers(-60, 60), "name": st.sampled_from(["Stealth", "x"]),
            "section": any_text})  # fmt: skip
        request = {"adventure": data.draw(adventures())}
        if data.draw(st.booleans()):
            request["action"] = either(data, action)
        elif data.draw(st.booleans()):
            request["undo"] = either(data, st.booleans())
        return request
    if op in ("start", "restore", "replay"):
        request = {"record": data.draw(records())}
        if op == "start" and data.draw(st.booleans()):
            request = {"record": as_form(request["record"]), "form": either(data, st.booleans())}
        return request
    if op == "check_saves":
        text = records().map(json.dumps) | any_text | st.just("{oops")
        return {"records": either(data, st.lists(text | hostile, max_size=3))}
    if op in ("share", "undo"):
        return {"session": open_session(data)[0]}
    if op == "log":
        return {"session": open_session(data)[0], "end": either(data, st.integers(-1, 600))}
    if op == "act":
        session, record = open_session(data)
        wish = wishes(record["system"])
        move = legal_move(record)
        plausible = wish | mutated(data.draw(wish)) | (st.just(move) if move else wish) | st.just(move or {})
        return {"session": session, "action": either(data, plausible)}
    if op == "open_link":
        try:
            code = share.encode(data.draw(played_records()))  # a setup the rules refused may hold anything
        except RecordError:
            code = share.encode({})
        cut = data.draw(st.integers(0, len(code)))
        one = data.draw(st.sampled_from("ABCabc012_-"))  # one character changed: refused by the link's check
        variants = [code, code[:cut], code[:cut] + data.draw(any_text) + code[cut:], "#f=" + code,
                    code[:cut] + one + code[cut + 1 :]]  # fmt: skip
        variants += [data.draw(st.sampled_from(["1" * 4301, "0" * 50 + "1", "2", "1e3", ""])) + code[1:]]
        return {"code": either(data, st.sampled_from(variants))}
    if op == "review":
        request = fight_of(data)
        request.update(data.draw(st.fixed_dictionaries({}, optional={"lambda": st.sampled_from([0, 0.01, 1, 2, -1])})))
        return request
    if op in ("odds", "mc_start"):
        request = fight_of(data)
        request.update(data.draw(st.fixed_dictionaries({}, optional={"willpower": st.integers(1, 4)})))
        if op == "odds":
            options = {"lambda": st.sampled_from([0, 0.01, 1]), "curve": st.lists(st.just(0.1), min_size=1, max_size=2)}
            request.update(data.draw(st.fixed_dictionaries({}, optional={**options, "table": st.booleans()})))
        return request
    if op == "mc_run":
        started = send({"op": "mc_start", **fight_of(data, played_records())})
        simulation = started["mc"] if started["ok"] else 0
        budget = st.fixed_dictionaries({}, optional={"ms": st.integers(1, 20)})
        return {"mc": either(data, st.just(simulation)), "n": either(data, st.integers(1, 5)), **data.draw(budget)}
    if op == "words":
        languages = st.sampled_from([code for code in i18n.LANGUAGES if code != "en"])
        texts = st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=3) | hostile_catalogs(TEMPLATES)
        return {"language": either(data, languages), "catalog": either(data, texts)}
    assert op == "benchmark"  # a valid case takes up to a request's budget: here its name or its number is refused
    refused_mc = hostile.filter(lambda x: x is not None and not (type(x) is int and 1 <= x <= 100_000))
    if data.draw(st.booleans()):
        return {"case": data.draw(st.sampled_from(["lw", "lw_mc"])), "mc": data.draw(refused_mc)}
    return {"case": data.draw(hostile.filter(lambda x: x is not None)), "mc": 1}


def spoil(request: dict, data: st.DataObject) -> Any:
    """Sometimes a request's keys or its text are spoiled too."""
    how = data.draw(st.sampled_from(["as is"] * 10 + ["field", "drop", "unknown", "lang", "text"]))
    keys = sorted(request)
    if how == "field" and keys:
        request[data.draw(st.sampled_from(keys))] = data.draw(hostile | huge_numbers)
    elif how == "drop" and keys:
        del request[data.draw(st.sampled_from(keys))]
    elif how == "unknown":
        request[data.draw(any_text)] = data.draw(hostile)
    elif how == "lang":
        request["lang"] = data.draw(st.sampled_from(i18n.LANGUAGES) | hostile)
    elif how == "text":
        text = json.dumps(request)  # its length depends on the session's id: cut it at a drawn fraction
        return text[: int(len(text) * data.draw(st.floats(0, 1)))]
    return request


@pytest.mark.parametrize("op", sorted(api.HANDLERS))
@FUZZ
@given(data=st.data())
def test_no_request_of_any_type_gives_an_internal_error(op, data):
    request = {"op": op, **fields(op, data)}
    if data.draw(st.booleans()):
        request["lang"] = "ru"
    session = api._sessions.get(request["session"]) if op == "act" and type(request["session"]) is int else None
    before = session and session.record()
    reply = send(spoil(request, data) if op != "benchmark" else request)
    if session and not reply["ok"]:  # a refused action leaves the fight as it was
        assert session.record() == before


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(api.HANDLERS) + ["", "nope", "\ud800"]), hostile, hostile)
def test_hostile_values_in_every_field_of_every_request(op, a, b):
    for request in (
        {"op": op, "record": a, "action": b, "session": a},
        {"op": op, "code": a, "mc": b, "n": a, "ms": b},
        {"op": op, "system": a, "numbers": b, "seed": a, "records": b},
        {"op": op, "adventure": a, "record": b},
        {"op": op, "willpower": a, "lambda": b, "curve": a, "table": b, "form": a},
        {"op": a, "lang": b},
        a,
    ):
        send(request)


def ordinary(lang: str) -> list[dict]:
    """What a player asks, in ``lang``, refusals included (their messages fill the most texts in): every book's
    example opened and a move of it, a move refused, the odds and the story of a short fight, a damaged link and
    save, a hero typed wrong. Answered at once, each."""
    asked = [{"op": "hello", "describe": True}, {"op": "new_hero", "system": "grey-star", "numbers": {"skill": "x"}},
             {"op": "check_saves", "records": ["{oops", json.dumps({"format": "pyrules-fight", "version": 9})]},
             {"op": "open_link", "code": share.encode({"format": "pyrules-fight"})[:-3] + "xyz"}]  # fmt: skip
    for system in SYSTEM_KEYS:
        record = {"format": "pyrules-fight", "version": 1, "system": system, **SYSTEMS[system].examples["small"]}
        opened = send({"op": "start", "record": record, "lang": lang})
        move = legal_move(record)
        asked += [{"op": "act", "session": opened["session"], "action": move or {"do": "nope"}},
                  {"op": "act", "session": opened["session"], "action": {"do": "nope", "target": 99}},
                  {"op": "review", "session": opened["session"]}, {"op": "odds", "session": opened["session"]},
                  {"op": "start", "record": {**record, "hero": {"skill": "many"}}}]  # fmt: skip
    return [{**request, "lang": lang} for request in asked]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_catalog_given_makes_a_later_request_an_internal_error(data):
    """A language's texts given as the page gives them (its copy of the rules holds none): a catalog refused names
    its text; one kept never makes a later reply an internal error, shows an object's insides, or grows without
    bound."""
    code = data.draw(st.sampled_from([code for code in i18n.LANGUAGES if code != "en"]))
    catalog = data.draw(hostile_catalogs(TEMPLATES))
    kept, short = i18n.CATALOGS.get(code), code in i18n.SHORT
    i18n.CATALOGS[code] = {}  # as in the page's copy of the rules: no texts until the page gives them
    try:
        given = send({"op": "words", "language": code, "catalog": catalog})
        assert given["ok"] or given["error"]["field"].startswith("catalog."), given
        for request in ordinary(code):
            answer = json.dumps(send(request), ensure_ascii=False)
            assert "<class" not in answer and " object at 0x" not in answer, answer[:2000]
            assert len(answer) < 200_000
    finally:
        if kept is None:
            del i18n.CATALOGS[code]
        else:
            i18n.CATALOGS[code] = kept
        (i18n.SHORT.add if short else i18n.SHORT.discard)(code)
