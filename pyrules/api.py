"""The one boundary between the page and the rules: JSON in, JSON out.

The Web Worker calls :func:`call` with a JSON text ``{"op": ..., ...}`` and gets a JSON text back:
``{"ok": true, ...}`` or ``{"ok": false, "error": {"field", "label", "message", "text"}}``. Nothing raises
across the boundary.

>>> import json
>>> numbers = '{"skill": 5, "endurance": 0, "willpower": 3}'
>>> reply = json.loads(call('{"op": "new_hero", "system": "grey-star", "numbers": ' + numbers + '}'))
>>> reply["hero"]
{'skill': 15, 'endurance': 20, 'willpower': 23}
>>> json.loads(call('{"op": "start", "record": {"format": "pyrules-fight"}}'))["error"]["field"]
'version'
"""

from __future__ import annotations

import json
from typing import Any

from . import __version__, i18n, rng, share
from .citadel import RULE_LABELS as CITADEL_RULES
from .fields import Reader, RecordError, check_depth, show
from .fight import FORMAT, VERSION, Fight, system_of
from .fighting_fantasy import RULE_LABELS as FF_RULES
from .i18n import tr
from .lonewolf import RULE_LABELS as LONE_WOLF_RULES
from .systems import SYSTEMS

MAX_REQUEST = 1_000_000  # characters
MAX_SESSIONS = 16
_sessions: dict[int, Fight] = {}
_next_id = [1]


def call(request: str) -> str:
    """Handle one request (a JSON text); always returns a JSON text."""
    try:
        if not isinstance(request, str) or len(request) > MAX_REQUEST:
            raise RecordError("request", tr("must be a JSON text of at most {n} characters", n=MAX_REQUEST))
        check_depth(request, "request")
        try:
            data = json.loads(request)
        except ValueError as exc:
            raise RecordError("request", tr("is not valid JSON ({detail})", detail=exc)) from None
        reader = Reader(data, "", {"op": "Operation", "lang": "Language"})
        op = reader.choice("op", HANDLERS)
        lang = reader.choice("lang", dict.fromkeys(i18n.LANGUAGES), default="en")
        with i18n.language(lang):
            reply = HANDLERS[op]({key: value for key, value in data.items() if key not in ("op", "lang")})
        return json.dumps({"ok": True, **reply}, ensure_ascii=False)
    except RecordError as exc:
        return json.dumps({"ok": False, "error": exc.as_dict()}, ensure_ascii=False)
    except Exception as exc:  # a bug: still crosses the boundary as data
        error = {
            "field": "",
            "label": "",
            "message": f"internal error: {type(exc).__name__}: {exc}",
            "text": f"internal error: {type(exc).__name__}: {exc}",
        }
        return json.dumps({"ok": False, "error": error, "internal": True}, ensure_ascii=False)


def _hello(data: dict) -> dict:
    Reader(data, "").done()
    return {
        "version": __version__,
        "format": FORMAT,
        "format_version": VERSION,
        "systems": {key: cls.describe() for key, cls in SYSTEMS.items()},
        "rule_labels": {key: tr(label) for key, label in {**LONE_WOLF_RULES, **FF_RULES, **CITADEL_RULES}.items()},
    }


def _new_hero(data: dict) -> dict:
    r = Reader(data, "")
    system = system_of(r.get("system"))
    seed = r.integer("seed", low=0, high=rng.MAX_SEED, default=0)
    given = r.get("numbers", {})
    r.done()
    labels = {key: tr("Random number for {label}", label=tr(label)) for key, label in system.labels().items()}
    hero, numbers = system.roll_hero(seed, Reader(given, "numbers", labels, lenient=True))
    return {"hero": hero, "numbers": numbers}


def _open(fight: Fight, **extra: Any) -> dict:
    """Keep the fight as a session; the reply the page needs to show it."""
    session = _next_id[0]
    _next_id[0] += 1
    _sessions[session] = fight
    while len(_sessions) > MAX_SESSIONS:
        del _sessions[min(_sessions)]
    return {
        "session": session,
        "record": fight.record(),
        "view": fight.view(),
        "log": fight.log,
        "summary": fight.summary(),
        **extra,
    }


def _start(data: dict) -> dict:
    r = Reader(data, "")
    record = r.get("record")
    lenient = r.flag("form")
    r.done()
    return _open(Fight.from_record(record, lenient=lenient))


def _restore(data: dict) -> dict:
    """A saved fight: keep what is valid and say what was dropped."""
    r = Reader(data, "")
    record = r.get("record")
    r.done()
    fight, dropped = Fight.restore(record)
    return _open(fight, dropped=dropped)


def _check_saves(data: dict) -> dict:
    """Check many saved records at once (at start-up): a summary for each, or the reason it cannot be read.

    Each record comes as its own JSON text, so that one damaged beyond parsing fails alone."""
    r = Reader(data, "")
    records = r.items("records", low=0, high=10_000)
    r.done()
    results = []
    for index, text in enumerate(records):
        try:
            if not isinstance(text, str):
                raise RecordError(f"records[{index}]", tr("must be the JSON text of a fight record"))
            check_depth(text, "record")
            try:
                record = json.loads(text)
            except ValueError as exc:
                raise RecordError("record", tr("is not valid JSON ({detail})", detail=exc)) from None
            fight, dropped = Fight.restore(record)
        except RecordError as error:
            results.append({"ok": False, "error": error.as_dict()})
            continue
        results.append(
            {"ok": True, "summary": fight.summary(), "dropped": dropped, "record": fight.record() if dropped else None}
        )
    return {"results": results}


def _share(data: dict) -> dict:
    r = Reader(data, "")
    fight = _fight(r)
    r.done()
    code = share.encode(fight.record())
    return {"code": code, "length": len(code)}


def _open_link(data: dict) -> dict:
    """A share link is untrusted: decoded and checked whole; any fault is refused with a message."""
    r = Reader(data, "")
    code = r.get("code")
    r.done()
    record = share.decode(code)
    try:
        fight = Fight.from_record(record)
    except RecordError as error:
        raise RecordError(
            "link", tr("holds a fight this app cannot play ({error})", error=error), tr("Share link")
        ) from None
    return _open(fight)


def _fight(r: Reader) -> Fight:
    session = r.get("session")
    if session not in _sessions or isinstance(session, bool):
        raise r.error("session", tr("no open fight {n}: start it again from its record", n=show(session)))
    return _sessions[session]


def _act(data: dict) -> dict:
    r = Reader(data, "")
    fight = _fight(r)
    action = r.get("action")
    r.done()
    event = fight.apply(action)
    return {"event": event, "action": fight.actions[-1], "view": fight.view()}


def _undo(data: dict) -> dict:
    r = Reader(data, "")
    fight = _fight(r)
    r.done()
    undone = fight.undo()
    return {"undone": undone, "view": fight.view(), "log": fight.log}


def _replay(data: dict) -> dict:
    r = Reader(data, "")
    record = r.get("record")
    r.done()
    return Fight.from_record(record).result()


HANDLERS: dict[str, Any] = {
    "hello": _hello,
    "new_hero": _new_hero,
    "start": _start,
    "restore": _restore,
    "check_saves": _check_saves,
    "share": _share,
    "open_link": _open_link,
    "act": _act,
    "undo": _undo,
    "replay": _replay,
}
