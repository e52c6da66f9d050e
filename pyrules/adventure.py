"""The adventure: one hero going through one book, fight after fight, as a versioned JSON document like the fight
record. The hero part is exactly a fight record's ``hero`` (a fight starts from it), read by the system's own
record reader; each fight is a fight record, replayed, with its outcome worked out again from it:

``{"format": "pyrules-adventure", "version": 1, "system": <key>, "name": <hero's name>, "hero": <the record's hero
part>, "section": <the book's section, text>, "notes": <text>, "fights": [{"name", "section", "outcome", "when": <ms
since the epoch>, "record": <fight record>}], "journal": <what was done to the sheet between sections:
pyrules.journal; left out where nothing was>}``

A plain fight record, or a fight saved by the page before adventures (``pyrules-save``), reads as a one-fight
adventure whose hero is the hero the fight left (:meth:`pyrules.contract.System.hero_after`).

>>> adventure = read({"format": "pyrules-fight", "version": 1, "system": "lone-wolf",
...                   "hero": {"skill": 15, "endurance": 20}, "enemies": [{"name": "Giak", "skill": 10,
...                   "endurance": 6}], "actions": [{"do": "round", "number": 5}]})
>>> adventure["hero"], adventure["fights"][0]["outcome"]
({'skill': 15, 'endurance': 18, 'endurance_max': 20, 'weapon': 'armed'}, 'won')
>>> read({**adventure, "hero": {"skill": 15, "endurance": -1}})
Traceback (most recent call last):
...
pyrules.fields.RecordError: hero.endurance (ENDURANCE): must be from 0 to 999, not -1
"""

from __future__ import annotations

from typing import Any

from . import fight as records
from . import rng
from .contract import System
from .fields import MAX_NAME, Reader, RecordError, show
from .fight import Fight, check_format, system_of
from .i18n import tr

FORMAT = "pyrules-adventure"
VERSION = 1
# a fight saved by the page before adventures: web/base/storage.js's SAVE_FORMAT entries (keep.js then, split since into
# storage.js, adventures.js and saved.js), still written by the page for each saved fight
SAVE_FORMAT = "pyrules-save"
MAX_SECTION, MAX_NOTES, MAX_FIGHTS = 20, 2000, 500
LABELS = {
    "name": "Hero's name",
    "section": "Section",
    "notes": "Notes",
    "fights": "Saved fights",
    "journal": "Journal",
}
FIGHT_LABELS = {"name": "Fight", "section": "Section", "when": "Date", "record": "Fight record"}
SAVE_LABELS = {"name": "Fight", "created": "Date", "updated": "Date", "record": "Fight record"}


def read(data: Any, lenient: bool = False, seen: list[dict] | None = None) -> dict:
    """The adventure ``data`` holds, normalized; a RecordError names the field of anything refused (``lenient``: its
    hero's numbers may be typed as text, as the set-up form sends its sheet; ``seen``: each fight's line of the
    adventure's overview is added to it, see :func:`overview`)."""
    if isinstance(data, dict) and data.get("format") in (records.FORMAT, SAVE_FORMAT):
        return from_fight(data)
    _check_envelope(data)
    r = Reader(data, "", LABELS)
    r.seen.update(("format", "version"))
    system = system_of(r.get("system"))
    hero = system.read_hero(r.get("hero"), lenient)
    left: list[dict] = []  # the hero each fight leaves, which the journal's entries after it acted on
    adventure = {
        "format": FORMAT,
        "version": VERSION,
        "system": system.key,
        "name": r.text("name", default="", max_length=MAX_NAME),
        "hero": hero,
        "section": r.text("section", default="", max_length=MAX_SECTION),
        "notes": _notes(r),
        "fights": [
            _fight(item, f"fights[{i}]", system, seen, left)
            for i, item in enumerate(r.items("fights", low=0, high=MAX_FIGHTS, default=[]))
        ],
    }
    given = r.get("journal", [])
    if given != []:  # the journal's reader is in the rules' second pack (tools/package.py): none to read, none needed
        from .journal import read

        journal = read(given, system, adventure["fights"], left, {**hero, "section": adventure["section"]})
        if journal:
            adventure["journal"] = journal
    r.done()
    return adventure


def from_fight(data: dict) -> dict:
    """A one-fight adventure from a fight record or an old save: its hero is the hero the fight left. Actions that
    no longer replay are dropped, as when a save is opened."""
    name, when, record, path = "", 0, data, ""
    if data.get("format") == SAVE_FORMAT:
        r = Reader(data, "", SAVE_LABELS)
        r.seen.update(("format", "id"))
        r.integer("version", low=1, high=1)  # the page's save format has had one version
        name = r.text("name", default="", max_length=MAX_NAME)
        when = r.integer("updated", low=0, high=rng.MAX_SEED, default=None)
        created = r.integer("created", low=0, high=rng.MAX_SEED, default=0)
        when = created if when is None else when
        record, path = r.get("record"), "record"
        r.done()
    fight, _ = _within(path, Fight.restore, record)
    hero = fight.system.hero_after(fight.setup, fight.state)
    return {
        "format": FORMAT,
        "version": VERSION,
        "system": fight.system.key,
        "name": hero.get("name", ""),  # none typed: the page says so in its language (not this request's hero, kept)
        "hero": hero,
        "section": "",
        "notes": "",
        "fights": [_entry(fight, name, "", when)],
    }


def hero_after(record: Any) -> tuple[dict, str]:
    """The hero a fight record leaves, and the fight's outcome."""
    fight = Fight.from_record(record)
    return fight.system.hero_after(fight.setup, fight.state), str(fight.system.outcome(fight.state))


def changed(system: type[System], left: Any, hero: Any, lenient: bool = False) -> list[dict]:
    """What a new fight's hero starts from other than what the last fight left: ``[{"label", "now", "left"}]`` in
    the book's words, for each number or list of the sheet that differs (the name aside). A ``left`` that does not
    read (an old or damaged sheet) compares as nothing."""
    try:
        before = system.read_hero(left)
    except RecordError:
        return []
    now = system.read_hero(hero, lenient)  # read already by the fight: its refusal came first
    labels = system.labels()
    differs = []
    for key, value in now.items():
        old = before.get(key)
        if key == "name" or value == old or not all(_plain(v) for v in (value, old)):
            continue
        differs.append({"label": tr(labels.get(key, key)), "now": _shown(value), "left": _shown(old)})
    return differs


def _plain(value: Any) -> bool:
    return (
        value is None
        or isinstance(value, (int, str))
        or (isinstance(value, list) and all(isinstance(v, str) for v in value))
    )


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    return ", ".join(value) if isinstance(value, list) else str(value)


def _check_envelope(data: Any) -> None:
    value = show(data.get("format")) if isinstance(data, dict) else ""
    check_format(
        data,
        "adventure",
        FORMAT,
        VERSION,
        tr('must be "{format}", not {value}: this is not an adventure', format=FORMAT, value=value),
    )


def _notes(r: Reader) -> str:
    """The player's notes: any text (lines kept) of at most MAX_NOTES characters."""
    notes = r.get("notes", "")
    if not isinstance(notes, str):
        raise r.error("notes", tr("must be text, not {value}", value=show(notes)))
    try:
        notes.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = f"U+{ord(notes[exc.start]):04X}"
        raise r.error("notes", tr("holds a broken character ({code}) that is not text: type it again", code=code))
    if len(notes) > MAX_NOTES:
        raise r.error("notes", tr("must be at most {n} {n|character|characters} long", n=MAX_NOTES))
    return notes.strip()


def overview(data: Any) -> tuple[dict, dict]:
    """The adventure ``data`` holds (as :func:`read`) and what a friend sees of it before opening any fight: the
    hero's main statistic in the book's words (``stat``), and each fight's line: its summary (hero, enemies, rounds,
    outcome), the statistic at its start and as it left it (``start``, ``left``: :meth:`System.standing`), its
    ``name`` and ``section``; in the adventure's order."""
    seen: list[dict] = []
    document = read(data, seen=seen)
    system = system_of(document["system"])
    return document, {"stat": tr(system.labels().get(system.main_stat, system.main_stat)), "fights": seen}


def _fight(
    data: Any, path: str, system: type[System], seen: list[dict] | None = None, heroes: list[dict] | None = None
) -> dict:
    """One fight of the adventure: its record replayed whole (a refusal names the field inside it); ``heroes``: the
    hero it leaves is added to them."""
    r = Reader(data, path, FIGHT_LABELS)
    r.seen.add("outcome")  # worked out again from the record
    name = r.text("name", default="", max_length=MAX_NAME)
    section = r.text("section", default="", max_length=MAX_SECTION)
    when = r.integer("when", low=0, high=rng.MAX_SEED)
    fight = _within(f"{path}.record", Fight.from_record, r.get("record"))
    if fight.system is not system:
        raise RecordError(
            f"{path}.record.system",
            tr(
                "is {value}: an adventure's fights are all of its book ({known})",
                value=show(fight.system.key),
                known=system.key,
            ),
            tr("Rules"),
        )
    r.done()
    if heroes is not None:
        heroes.append(system.hero_after(fight.setup, fight.state))
    if seen is not None:
        start, left = (system.standing(fight.setup, state) for state in (fight.states[0], fight.state))
        seen.append({**fight.summary(), "name": name, "section": section, "start": start, "left": left})
    return _entry(fight, name, section, when)


def _entry(fight: Fight, name: str, section: str, when: int) -> dict:
    outcome = str(fight.system.outcome(fight.state))
    return {"name": name, "section": section, "outcome": outcome, "when": when, "record": fight.record()}


def _within(path: str, read_record: Any, record: Any) -> Any:
    """``read_record(record)``, its refusal naming the field inside the adventure (``fights[2].record.seed``)."""
    try:
        return read_record(record)
    except RecordError as error:
        if not path:
            raise
        field = path if error.field in ("", "record") else f"{path}.{error.field}"
        raise RecordError(field, error.message, error.label) from None
