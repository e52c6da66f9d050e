"""The adventure's journal: what the player did to the hero's sheet between sections (a Meal eaten, an item found,
gold spent...), one entry per action, so that undo takes back the last one exactly and a friend's link shows them
all. Each entry is ``{"at": <the adventure's fights before it>, "action": <the system's action, as
read by System.sheet()>, "was": <the values it changed, as they were>, "now": <the same, as it left them>}``;
the values are the hero's (a record's hero part, its ``chart`` one level further) and the adventure's ``section``, a
value absent being null. The adventure's ``hero`` stays the hero the next fight starts from.

>>> from pyrules.systems.lonewolf import LoneWolf
>>> before = {"skill": 15, "endurance": 20, "chart": {"meals": 2}, "section": "12"}
>>> after = {"skill": 15, "endurance": 20, "chart": {"meals": 1}, "section": "12"}
>>> changes(before, after)
({'chart': {'meals': 2}}, {'chart': {'meals': 1}})
>>> patched(after, {"chart": {"meals": 2}}) == before
True
"""

from __future__ import annotations

from typing import Any

from .contract import System
from .fields import Reader, RecordError, show
from .i18n import tr

MAX_SECTION = 20  # the adventure's section's (pyrules.adventure)
MAX_JOURNAL = 200  # entries: an adventure's link carries them all (tests/unit/lonewolf/test_journal.py)
LABELS = {"action": "Action"}


def read(data: Any, system: type[System], fights: list[dict], left: list[dict], sheet: dict) -> list[dict]:
    """The journal ``data`` holds, each action read by the system (a book without a sheet refuses one) and each entry
    checked by acting again (:func:`_checked`), so that a link's journal can tell only what its actions did:
    ``fights`` are the adventure's, read, ``left`` the hero each of them leaves (its record replayed) and ``sheet``
    the adventure's hero and section as they are now."""
    r = Reader({"journal": data}, "", {"journal": "Journal"})
    entries = r.items("journal", low=0, high=MAX_JOURNAL)
    journal, last = [], 0
    for i, item in enumerate(entries):
        e = Reader(item, f"journal[{i}]", LABELS)
        at = e.integer("at", low=last, high=len(fights))
        path = f"journal[{i}].action"
        action = system.sheet(path).read_action(system, e.get("action"), path)
        was, now = (_values(e, key) for key in ("was", "now"))
        e.done()
        journal.append({"at": at, "action": action, "was": was, "now": now})
        last = at
    _checked(journal, system, fights, left, sheet)
    return journal


def _checked(journal: list[dict], system: type[System], fights: list[dict], left: list[dict], sheet: dict) -> None:
    """Each entry's ``was`` and ``now`` are what its action changes, acted again on the sheet as it then was: after
    the fight before it (the hero that fight leaves, replayed), or, before the first fight, the sheet that fight
    started from (the adventure's sheet now, before any fight) with the entries taken back. The values an entry says
    it changed are taken as they were (the player may have edited the sheet by hand between), the rest of the sheet
    as it then stood. A mismatch is refused by the entry's field: a journal says only what its actions did."""
    for at in sorted({entry["at"] for entry in journal}):
        run = [(i, entry) for i, entry in enumerate(journal) if entry["at"] == at]
        if at:
            state = {**left[at - 1], "section": fights[at - 1]["section"]}
        else:
            state = (
                {**system.read_hero(fights[0]["record"]["hero"]), "section": fights[0]["section"]} if fights else sheet
            )
            for _, entry in reversed(run):
                state = patched(state, entry["was"])
        for i, entry in run:
            before = patched(state, entry["was"])
            try:
                after = _after(before, entry["action"], system)
            except RecordError as error:
                why = tr(
                    "gives an Action Chart the book does not allow ({why})",
                    why=f"{error.label}: {error.message}" if error.label else error.message,
                )
                raise RecordError(f"journal[{i}].was", why, tr("Journal")) from None
            done = changes(before, after)
            if done != (entry["was"], entry["now"]):
                line = system.sheet().said(system, entry["action"], *done)
                why = tr("is not what its action does: {line}", line=line)
                raise RecordError(f"journal[{i}].now", why, tr("Journal"))
            state = after


def _after(before: dict, action: dict, system: type[System]) -> dict:
    """The sheet (the hero's values and the ``section``) after ``action``."""
    if action["do"] == "section":
        return {**before, "section": action["section"]}
    hero = {key: value for key, value in before.items() if key != "section"}
    return {**system.sheet().act(system, hero, action), "section": before.get("section", "")}


def _values(r: Reader, key: str) -> dict:
    values = r.get(key)
    if not isinstance(values, dict) or not isinstance(values.get("chart", {}), (dict, type(None))):
        raise r.error(key, tr("must be a JSON object {{...}}, not {value}", value=show(values)))
    return values


def _state(document: dict) -> dict:
    return {**document["hero"], "section": document.get("section", "")}


def changes(before: dict, after: dict) -> tuple[dict, dict]:
    """The values ``after`` changed: as they were, as they are (the chart's one level further, a list of items
    changed in part as its changed run alone: :func:`_spliced`)."""
    was: dict[str, Any] = {}
    now: dict[str, Any] = {}
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        if key == "chart":
            old, new = old or {}, new or {}
            inner = [k for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]
            was[key], now[key] = {k: old.get(k) for k in inner}, {k: new.get(k) for k in inner}
            for k in inner:
                if isinstance(old.get(k), list) and isinstance(new.get(k), list):
                    was[key][k], now[key][k] = _spliced(old[k], new[k])
        else:
            was[key], now[key] = old, new
    return was, now


def _spliced(old: list, new: list) -> tuple[dict, dict]:
    """A list changed in part as ``{"at": <items kept before the run>, "end": <items kept after it>, "items": <the
    run>}``, as it was and as it is: a Backpack's one item taken or dropped is one item in the journal, not two
    Backpacks."""
    at = 0
    while at < min(len(old), len(new)) and old[at] == new[at]:
        at += 1
    end = 0
    while end < min(len(old), len(new)) - at and old[-1 - end] == new[-1 - end]:
        end += 1
    return ({"at": at, "end": end, "items": old[at : len(old) - end]},
            {"at": at, "end": end, "items": new[at : len(new) - end]})  # fmt: skip


def _splice(items: Any, run: Any) -> Any:
    """``items`` with its run (:func:`_spliced`) put back; ``run`` itself where it is a box's whole value."""
    if not (isinstance(items, list) and isinstance(run, dict) and set(run) == {"at", "end", "items"}):
        return run
    at, end = run["at"], run["end"]
    if not (isinstance(at, int) and isinstance(end, int) and isinstance(run["items"], list)) or min(at, end) < 0:
        return None  # a forged run: the box as if emptied, which the check of the state (undo) then refuses
    return items[:at] + run["items"] + items[len(items) - end :]


def patched(state: dict, values: dict) -> dict:
    """``state`` with ``values`` set (a null one taken out)."""
    result = dict(state)
    for key, value in values.items():
        if key == "chart" and isinstance(value, dict):
            chart = dict(result.get("chart") or {})
            chart.update({k: _splice(chart.get(k), v) for k, v in value.items()})
            value = {k: v for k, v in chart.items() if v is not None} or None
        if value is None:
            result.pop(key, None)
        else:
            result[key] = value
    return result


def _matches(state: dict, values: dict) -> bool:
    return patched(state, values) == state


def acted(document: dict, given: Any, system: type[System]) -> tuple[dict, str, dict]:
    """The adventure after the action ``given``, its log line and its event (``do``, ``was``, ``now``)."""
    journal = document.get("journal", [])
    if len(journal) >= MAX_JOURNAL:
        n = len(journal) + 1  # the Reader's words for a list past its limit
        why = tr("must hold from {low} to {high} {high|entry|entries}, not {n}", low=0, high=MAX_JOURNAL, n=n)
        raise RecordError("adventure.journal", why, tr("Journal"))
    sheet = system.sheet()
    action = sheet.read_action(system, given, "action")
    before = _state(document)
    after = _after(before, action, system)
    was, now = changes(before, after)
    entry = {"at": len(document["fights"]), "action": action, "was": was, "now": now}
    return _with(document, after, [*journal, entry]), sheet.said(system, action, was, now), {**action, "was": was,
                                                                                           "now": now}  # fmt: skip


def undone(document: dict, system: type[System]) -> tuple[dict, str]:
    """The adventure as it was before its journal's last action, and the line saying what was undone."""
    journal = document.get("journal", [])
    if not journal:
        raise RecordError("undo", tr("there is nothing to undo between sections"), tr("Undo"))
    last, state = journal[-1], _state(document)
    if last["at"] != len(document["fights"]):
        why = tr("a fight has started from the sheet since: the actions before it stay")
        raise RecordError("undo", why, tr("Undo"))
    if not _matches(state, last["now"]):
        raise RecordError("undo", tr("the sheet was changed since: change it back by hand"), tr("Undo"))
    before = patched(state, last["was"])
    section = Reader(before, "", {"section": "Section"}).text("section", default="", max_length=MAX_SECTION)
    hero = system.read_hero({key: value for key, value in before.items() if key != "section"})
    line = tr("Undone: {line}", line=system.sheet().said(system, last["action"], last["was"], last["now"]))
    return _with(document, {**hero, "section": section}, journal[:-1]), line


def _with(document: dict, state: dict, journal: list[dict]) -> dict:
    hero = {key: value for key, value in state.items() if key != "section"}
    changed = {**document, "hero": hero, "section": state["section"], "journal": journal}
    if not journal:
        del changed["journal"]
    return changed


def lines(document: dict, system: type[System]) -> list[str]:
    """Each entry's log line, in the journal's order (what a friend's link shows of it)."""
    sheet = system.sheet()
    return [sheet.said(system, e["action"], e["was"], e["now"]) for e in document.get("journal", [])]


def answer(document: dict, system: type[System], undo: bool, given: Any) -> dict:
    """The ``sheet`` op's answer: the adventure after the action ``given`` (a book keeping no sheet refuses it by
    field), its log ``line`` and ``event``; with ``undo``, the adventure before its last action and the line saying
    it; with neither, each line of its journal (``lines``: what the page's log shows, in its language)."""
    if undo:
        document, line = undone(document, system)
        return {"adventure": document, "line": line}
    if given is None:
        return {"adventure": document, "lines": lines(document, system)}
    document, line, event = acted(document, given, system)
    return {"adventure": document, "line": line, "event": event}
