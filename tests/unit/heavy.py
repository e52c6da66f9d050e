"""The heaviest requests the format accepts, one or more for each op of the API: the largest records
(5,000 actions), a request of almost 1 MB of saved fights or adventure, the longest link, odds with every option,
simulations of fights that hardly end. ``tests/unit/test_heavy.py`` checks that each is answered within the request's
budget (an answer or "too large", never an internal error); ``python3 tests/bench_heavy.py`` times them on CPython
and lists the slowest of each op (the table in docs/benchmark.md, by ``python3 build.py bench``)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from pyrules import RecordError, api, share
from pyrules.api import MAX_REQUEST
from pyrules.fight import MAX_ACTIONS, Fight, system_of
from pyrules.journal import MAX_JOURNAL, acted

FORMAT = {"format": "pyrules-fight", "version": 1}


def lone_wolf_endless(actions: int = MAX_ACTIONS) -> dict:
    """Nobody loses ENDURANCE (both loss multipliers 0): the fight never ends, every round is replayed."""
    return {**FORMAT, "system": "lone-wolf", "hero": {"skill": 15, "endurance": 20},
            "enemies": [{"name": "Giak", "skill": 15, "endurance": 20}],
            "rules": {"enemy_loss_multiplier": 0, "hero_loss_multiplier": 0}, "seed": 1,
            "actions": [{"do": "round"}] * actions}  # fmt: skip


def fighting_fantasy_typed(enemies: int = 20, actions: int = MAX_ACTIONS) -> dict:
    """``enemies`` at once, every round's dice typed alike for all (a tie: nobody is hurt), as many rounds as a fight
    holds: the longest log and record a fight makes (21 fighters' dice a round; the page saved one of 807 KB)."""
    return {**FORMAT, "system": "fighting-fantasy", "hero": {"skill": 10, "stamina": 999, "luck": 9},
            "enemies": [{"name": f"Orc {i}", "skill": 10, "stamina": 999} for i in range(enemies)], "seed": 1,
            "actions": [{"do": "round", "dice": [[3, 3]] * (enemies + 1)}] * actions}  # fmt: skip


def linkable_typed() -> dict:
    """The longest Fighting Fantasy fight with typed dice a share link carries: 5,000 rounds, as many enemies at once
    as the link's limits allow."""
    for enemies in range(20, 0, -1):
        record = fighting_fantasy_typed(enemies)
        try:
            share.encode(record)
        except RecordError:
            continue
        return record
    raise AssertionError("no 5,000-round fight fits a link")


def counted_rounds(system: str = "lone-wolf", **rules: Any) -> dict:
    """20 enemies, and a section whose rules count every round up to 999 (unarmed for 999 rounds, …): the exact
    odds' estimate alone asks the engine for an outcome table per round and enemy, 20,000 of them."""
    hero = {"skill": 15, "endurance": 20, **({"willpower": 999} if system == "grey-star" else {})}
    return {**FORMAT, "system": system, "hero": hero, "enemies": [{"skill": 15, "endurance": 20}] * 20,
            "rules": {"unarmed_rounds": 999, **rules}}  # fmt: skip


def fighting_fantasy_crowd() -> dict:
    """999 STAMINA against 20 enemies of 999, all at once: a simulated fight of thousands of rounds."""
    return {**FORMAT, "system": "fighting-fantasy", "hero": {"skill": 12, "stamina": 999, "luck": 12},
            "enemies": [{"name": f"Orc {i}", "skill": 1, "stamina": 999} for i in range(20)], "seed": 1}  # fmt: skip


def citadel_long(seed: int = 1) -> dict:
    """Six knights of 99 Wound Points against eighteen trolls of 99, played at random as long as the record allows."""
    party = [{"name": f"Knight {i}", "wound_points": 99, "resistance": 2, "combat_bonus": 0, "weapons": ["sword"]}
             for i in range(6)]  # fmt: skip
    record = {**FORMAT, "system": "citadel-of-blood", "hero": {"party": party},
              "enemies": [{"monster": "troll", "wound_points": 99} for _ in range(18)], "seed": seed}  # fmt: skip
    fight = Fight.from_record(record)
    rng = random.Random(seed)
    while len(fight.actions) < MAX_ACTIONS and fight.state.outcome == "ongoing":
        legal = fight.system.legal_actions(fight.setup, fight.state)
        fight.apply(fight.system.action_json(rng.choice(legal)))
    return fight.record()


def grey_star(n: int, **rules: Any) -> dict:
    return {**FORMAT, "system": "grey-star", "hero": {"skill": 18, "endurance": n, "willpower": n},
            "enemies": [{"name": "Shadakine", "skill": 20, "endurance": n}], "rules": rules}  # fmt: skip


def filled(item: str, room: int = MAX_REQUEST - 200) -> list[str]:
    """As many copies of a JSON-encoded item as a request can hold."""
    return [item] * (room // (len(json.dumps(item)) + 2))


def session(record: dict) -> int:
    """An open fight of ``record``, opened outside any request's deadline (a replay of 5,000 rounds against 20 may take
    longer than a request, in Pyodide or on a busy machine)."""
    return api._open(Fight.from_record(record))["session"]


def requests() -> Iterator[tuple[str, dict]]:
    """(what, request): the heavy requests, made on demand (some open sessions)."""
    endless, citadel, typed = lone_wolf_endless(), citadel_long(), fighting_fantasy_typed()
    yield "hello, every system described", {"op": "hello", "describe": True}
    texts = {str(n): "x" * 60 for n in range((MAX_REQUEST - 1000) // 80)}
    yield "words, as many texts as 1 MB holds", {"op": "words", "language": "ru", "catalog": texts}
    filled_in = {f"{{a}} {n} {{b|x|y}}": "{a}{a} {b|x|y|z}" + "y" * 984 for n in range((MAX_REQUEST - 1000) // 1030)}
    yield "words, 1 MB of the longest texts with placeholders", {"op": "words", "language": "es", "catalog": filled_in}
    yield "new_hero, Fighting Fantasy", {"op": "new_hero", "system": "fighting-fantasy", "seed": 2**53 - 1}
    long_fights = (("Lone Wolf, 5,000 rounds", endless), ("Citadel, a long party fight", citadel),
                   ("Fighting Fantasy, 5,000 rounds against 20, dice typed", typed))  # fmt: skip
    for what, record in long_fights:
        yield f"start, {what}", {"op": "start", "record": record}
        yield f"restore, {what}", {"op": "restore", "record": record}
        yield f"replay, {what}", {"op": "replay", "record": record}
        yield f"hero_after, {what}", {"op": "hero_after", "record": record}
        yield f"share, {what}", {"op": "share", "session": session(record)}
        *played, last = record["actions"]
        yield f"act, {what} (its last action)", {"op": "act", "session": session({**record, "actions": played}),
                                                 "action": last}  # fmt: skip
        yield f"undo, {what}", {"op": "undo", "session": session(record)}
        saves = filled(json.dumps(record))  # none where one record's text is past a request's size
        if saves:
            yield f"check_saves, {what}, 1 MB of them", {"op": "check_saves", "records": saves}
    small = json.dumps(Fight.from_record(lone_wolf_endless(40)).record())
    yield "check_saves, 1 MB of short fights", {"op": "check_saves", "records": filled(small)}
    medium = Fight.from_record(lone_wolf_endless(90)).record()
    fight = {"name": "x", "section": "1", "when": 0, "record": medium}
    fights = [fight] * min(500, (MAX_REQUEST - 1000) // (len(json.dumps(fight)) + 2))
    document = {"format": "pyrules-adventure", "version": 1, "system": "lone-wolf", "hero": {"skill": 15,
                "endurance": 20}, "fights": fights}  # fmt: skip
    yield "adventure, as many fights as 1 MB holds", {"op": "adventure", "adventure": document}
    yield "share_adventure, as many fights as 1 MB holds", {"op": "share_adventure", "adventure": document}
    # a full journal after the fights it leaves room for in 1 MB: gold found and spent, as the rules write it (its
    # entries are acted again when the adventure is read)
    sheet = {"hero": Fight.from_record(medium).system.hero_after(*_ended(medium)), "section": "1",
             "fights": fights[:-40]}  # fmt: skip
    for n in range(MAX_JOURNAL):
        sheet = acted(sheet, {"do": "count", "part": "gold", "change": 1 - 2 * (n % 2)}, system_of("lone-wolf"))[0]
    journaled = {**document, **sheet}
    meal = {"do": "count", "part": "meals", "change": 1}
    yield "sheet, an action on an adventure of as many fights as 1 MB holds", {"op": "sheet", "adventure": document,
                                                                            "action": meal}  # fmt: skip
    yield "sheet, the lines of a full journal", {"op": "sheet", "adventure": journaled}
    yield "sheet, undo in a full journal", {"op": "sheet", "adventure": journaled, "undo": True}
    yield "log, the first events of a 5,000-round fight against 20", {"op": "log", "session": session(typed),
                                                                     "end": 5000}  # fmt: skip
    yield "adventure, a 5,000-round fight against 20", {"op": "adventure", "adventure": typed}
    yield "open_link, a 5,000-round fight", {"op": "open_link", "code": share.encode(endless)}
    yield (
        "open_link, the longest fight with typed dice a link holds",
        {"op": "open_link", "code": share.encode(linkable_typed())},
    )
    yield "open_link, a long Citadel fight", {"op": "open_link", "code": share.encode(citadel)}
    curve = [0, 0.003, 0.01, 0.02, 0.03, 0.05, 0.1, 0.3, 0.5, 1]
    yield "odds, Grey Star 59/59 with λ and a 10-point curve", {"op": "odds", "record": grey_star(59),
                                                                  "lambda": 0.01, "curve": curve}  # fmt: skip
    yield "odds, the same evading from round 1", {"op": "odds", "record": grey_star(59, evade_after=0),
                                                  "lambda": 0.01, "curve": curve}  # fmt: skip
    yield "odds, Fighting Fantasy 999 against 20 of 999", {"op": "odds", "record": fighting_fantasy_crowd()}
    yield "odds, Lone Wolf against 20, 999 rounds unarmed, within 50 ms", {"op": "odds", "ms": 50,
                                                                          "record": counted_rounds()}  # fmt: skip
    yield "odds, Lone Wolf against 20, 999 rounds unarmed", {"op": "odds", "record": counted_rounds()}
    every_round = {"enemy_immune_rounds": 999, "hero_immune_rounds": 999, "skill_modifier": 99,
                   "skill_modifier_rounds": 999, "evade_after": 0, "evade_until": 999}  # fmt: skip
    yield (
        "odds, Grey Star of 999 WILLPOWER against 20, every round rule 999, λ and a curve",
        {"op": "odds", "record": counted_rounds("grey-star", **every_round), "lambda": 0.01, "curve": curve},
    )
    yield (
        "odds, Banedon against 20, every round rule 999, Vigour and evasion",
        {"op": "odds", "record": counted_rounds("lone-wolf", **every_round)},
    )
    yield "odds, Fighting Fantasy, 5,000 rounds against 20, dice typed", {"op": "odds", "record": typed}
    twelve = {
        **FORMAT,
        "system": "fighting-fantasy",
        "hero": {"skill": 12, "stamina": 24, "luck": 12},
        "enemies": [{"name": f"Orc {i}", "skill": 12 - 11 * (i % 2), "stamina": 1} for i in range(12)],
    }
    yield "odds, Fighting Fantasy against 12 at once, each wound a kill", {"op": "odds", "record": twelve}
    yield "review, Lone Wolf, 5,000 rounds", {"op": "review", "record": endless}
    yield "review, Grey Star 59/59 with λ", {"op": "review", "record": grey_star(59), "lambda": 0.01}
    yield "review, a long Citadel fight (simulated, in parts)", {"op": "review", "record": citadel}
    yield "review, a long Citadel fight, a part of 3,000 ms", {"op": "review", "record": citadel, "ms": 3000}
    yield "review, Fighting Fantasy, 5,000 rounds against 20, dice typed", {"op": "review", "record": typed}
    yield (
        "review, Grey Star against 20, every round rule 999",
        {"op": "review", "record": {**counted_rounds("grey-star", **every_round), "actions": [{"do": "round"}] * 3}},
    )
    yield "mc_start, a long Citadel fight", {"op": "mc_start", "record": {**citadel, "actions": []}}
    yield "mc_start, Fighting Fantasy after 5,000 rounds against 20", {"op": "mc_start", "record": typed}
    endless_fights = (("Lone Wolf nobody hurt", lone_wolf_endless(0)), ("FF 999 against 20", fighting_fantasy_crowd()),
                      ("Citadel 6 against 18", {**citadel, "actions": []}))  # fmt: skip
    for what, record in endless_fights:
        started = json.loads(api.call(json.dumps({"op": "mc_start", "record": record})))
        yield f"mc_run, {what}, 100,000 fights asked", {"op": "mc_run", "mc": started["mc"], "n": 100_000}
    yield "benchmark, the optimal policy's Monte Carlo", {"op": "benchmark", "case": "gs_optimal_mc", "mc": 100_000}


def _ended(record: dict) -> tuple[Any, Any]:
    """A fight record's setup and the state it ends in."""
    fight = Fight.from_record(record)
    return fight.setup, fight.state
