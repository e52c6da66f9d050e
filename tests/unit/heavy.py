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

from pyrules import api, share
from pyrules.api import MAX_REQUEST
from pyrules.fight import MAX_ACTIONS, Fight

FORMAT = {"format": "pyrules-fight", "version": 1}


def lone_wolf_endless(actions: int = MAX_ACTIONS) -> dict:
    """Nobody loses ENDURANCE (both loss multipliers 0): the fight never ends, every round is replayed."""
    return {**FORMAT, "system": "lone-wolf", "hero": {"skill": 15, "endurance": 20},
            "enemies": [{"name": "Giak", "skill": 15, "endurance": 20}],
            "rules": {"enemy_loss_multiplier": 0, "hero_loss_multiplier": 0}, "seed": 1,
            "actions": [{"do": "round"}] * actions}  # fmt: skip


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
    return json.loads(api.call(json.dumps({"op": "start", "record": record})))["session"]


def requests() -> Iterator[tuple[str, dict]]:
    """(what, request): the heavy requests, made on demand (some open sessions)."""
    endless, citadel = lone_wolf_endless(), citadel_long()
    yield "hello, every system described", {"op": "hello", "describe": True}
    texts = {str(n): "x" * 60 for n in range((MAX_REQUEST - 1000) // 80)}
    yield "words, as many texts as 1 MB holds", {"op": "words", "language": "ru", "catalog": texts}
    yield "new_hero, Fighting Fantasy", {"op": "new_hero", "system": "fighting-fantasy", "seed": 2**53 - 1}
    for what, record in (("Lone Wolf, 5,000 rounds", endless), ("Citadel, a long party fight", citadel)):
        yield f"start, {what}", {"op": "start", "record": record}
        yield f"restore, {what}", {"op": "restore", "record": record}
        yield f"replay, {what}", {"op": "replay", "record": record}
        yield f"hero_after, {what}", {"op": "hero_after", "record": record}
        yield f"share, {what}", {"op": "share", "session": session(record)}
        *played, last = record["actions"]
        yield f"act, {what} (its last action)", {"op": "act", "session": session({**record, "actions": played}),
                                                 "action": last}  # fmt: skip
        yield f"undo, {what}", {"op": "undo", "session": session(record)}
        yield f"check_saves, {what}, 1 MB of them", {"op": "check_saves", "records": filled(json.dumps(record))}
    small = json.dumps(Fight.from_record(lone_wolf_endless(40)).record())
    yield "check_saves, 1 MB of short fights", {"op": "check_saves", "records": filled(small)}
    medium = Fight.from_record(lone_wolf_endless(90)).record()
    fight = {"name": "x", "section": "1", "when": 0, "record": medium}
    fights = [fight] * min(500, (MAX_REQUEST - 1000) // (len(json.dumps(fight)) + 2))
    document = {"format": "pyrules-adventure", "version": 1, "system": "lone-wolf", "hero": {"skill": 15,
                "endurance": 20}, "fights": fights}  # fmt: skip
    yield "adventure, as many fights as 1 MB holds", {"op": "adventure", "adventure": document}
    yield "share_adventure, as many fights as 1 MB holds", {"op": "share_adventure", "adventure": document}
    yield "open_link, a 5,000-round fight", {"op": "open_link", "code": share.encode(endless)}
    yield "open_link, a long Citadel fight", {"op": "open_link", "code": share.encode(citadel)}
    curve = [0, 0.003, 0.01, 0.02, 0.03, 0.05, 0.1, 0.3, 0.5, 1]
    yield "odds, Grey Star 59/59 with λ and a 10-point curve", {"op": "odds", "record": grey_star(59),
                                                                  "lambda": 0.01, "curve": curve}  # fmt: skip
    yield "odds, the same evading from round 1", {"op": "odds", "record": grey_star(59, evade_after=0),
                                                  "lambda": 0.01, "curve": curve}  # fmt: skip
    yield "odds, Fighting Fantasy 999 against 20 of 999", {"op": "odds", "record": fighting_fantasy_crowd()}
    yield "review, Lone Wolf, 5,000 rounds", {"op": "review", "record": endless}
    yield "review, Grey Star 59/59 with λ", {"op": "review", "record": grey_star(59), "lambda": 0.01}
    yield "review, a long Citadel fight (simulated, in parts)", {"op": "review", "record": citadel}
    yield "mc_start, a long Citadel fight", {"op": "mc_start", "record": {**citadel, "actions": []}}
    endless_fights = (("Lone Wolf nobody hurt", lone_wolf_endless(0)), ("FF 999 against 20", fighting_fantasy_crowd()),
                      ("Citadel 6 against 18", {**citadel, "actions": []}))  # fmt: skip
    for what, record in endless_fights:
        started = json.loads(api.call(json.dumps({"op": "mc_start", "record": record})))
        yield f"mc_run, {what}, 100,000 fights asked", {"op": "mc_run", "mc": started["mc"], "n": 100_000}
    yield "benchmark, the optimal policy's Monte Carlo", {"op": "benchmark", "case": "gs_optimal_mc", "mc": 100_000}
