"""Which files of Pyodide's standard library the rules' worker uses: run inside the pinned Pyodide by
tools/snapshot.mjs (``--used``), after the rules' archive is unpacked and its IMPORTS run; answers their names in the
runtime's ``python_stdlib.zip`` as one JSON text. build.py ships only those (a smaller zip: fewer bytes before the
first start, every visit, either start path).

Used is what is imported after Python's start, the rules' archive unpacked (the ordinary start's ``unpackArchive``),
every module of the rules imported, and every request the page makes played against every registered system's
examples (/examples.json, which snapshot.mjs writes from tools/snapshot.py's example_fights: the page's pack leaves
the systems' examples out), in every language: each op of ``pyrules.api``, the odds and the reviews, the simulation,
and refusals.
Never from the imports' text alone: the standard library imports much more in functions
that never run here (doctest, pdb, email).
"""

import json
import sys
import zipfile

import pyrules
import pyrules.api
from pyrules.systems import SYSTEMS

# Every module of the rules is imported already: snapshot.mjs runs its IMPORTS, the snapshot's own, before this.
with open("/examples.json", encoding="utf-8") as given:
    EXAMPLES = json.load(given)


def ask(op: str, **fields: object) -> dict:
    return json.loads(pyrules.api.call(json.dumps({"op": op, **fields})))


def play(record: dict, lang: str) -> None:
    """A fight of the rules' examples, played through the boundary as the page plays it: legal actions, their random
    part drawn from the seed, then everything the page asks of a fight."""
    system = SYSTEMS[record["system"]]
    opened = ask("start", record=record, form=True, lang=lang)
    if not opened["ok"]:
        return
    session = opened["session"]
    fight = pyrules.Fight.from_record(record)
    for _ in range(12):
        legal = system.legal_actions(fight.setup, fight.state)
        if not legal:
            break
        action = system.action_json(legal[0])
        fight.apply(action)
        ask("act", session=session, action=action, lang=lang)
    done = fight.record()
    for op, fields in (("odds", {"record": record}), ("odds", {"record": record, "ms": 50}),
                       ("review", {"record": done}), ("replay", {"record": done}), ("restore", {"record": done}),
                       ("check_saves", {"records": [json.dumps(done), "{"]}), ("hero_after", {"record": done}),
                       ("undo", {"session": session})):
        ask(op, **fields, lang=lang)
    link = ask("share", session=session, lang=lang)
    ask("open_link", code=link.get("code", ""), lang=lang)
    book = ask("adventure", adventure=done, form=True, lang=lang)
    shared = ask("share_adventure", adventure=book.get("adventure"), lang=lang)
    ask("open_link", code=shared.get("code", ""), lang=lang)
    ask("open_link", code="not a link", lang=lang)
    started = ask("mc_start", record=record, lang=lang)
    if started.get("ok"):
        ask("mc_run", mc=started.get("mc"), n=20, lang=lang)


for language in pyrules.i18n.LANGUAGES:
    ask("hello", describe=True, lang=language)
    for key in SYSTEMS:
        for example in EXAMPLES[key].values():
            record = {"format": "pyrules-fight", "version": 1, "system": key, **example, "seed": 7, "actions": []}
            play(record, language)
        for numbers in ({}, {"skill": 5}):
            ask("new_hero", system=key, numbers=numbers, seed=3, lang=language)
for refused in ("", "[", '{"op": "start", "record": {"format": "pyrules-fight"}}', "9" * 2000):
    pyrules.api.call(refused)
pyrules.api.call(None)  # not a text at all

archive = next(path for path in sys.path if path.endswith(".zip"))
names = set(zipfile.ZipFile(archive).namelist())


def entry(module: str) -> str | None:
    path = module.replace(".", "/")
    return next((name for name in (f"{path}/__init__.py", f"{path}.py") if name in names), None)


json.dumps(sorted({name for name in map(entry, list(sys.modules)) if name}))  # the value runPython answers
