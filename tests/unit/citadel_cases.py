"""What the Citadel of Blood tests build their fights with: heroes, monsters, records, attacks."""

from __future__ import annotations

import pytest
from conftest import make_record
from hypothesis import strategies as st

from pyrules import Fight, RecordError
from pyrules.systems import SYSTEMS

SYSTEM = "citadel-of-blood"


def hero(name, pos=None, wp=10, rv=1, cb=0, weapons=("sword", "dagger"), skills=None, **extra):
    data = {"name": name, "wound_points": wp, "resistance": rv, "combat_bonus": cb, "weapons": list(weapons)}
    if skills:
        data["skills"] = skills
    if pos is not None:
        data["pos"] = list(pos)
    return {**data, **extra}


def mon(name, pos=None, wp=10, rv=1, cb=0, weapon=None):
    data = {"name": name, "wound_points": wp, "resistance": rv, "combat_bonus": cb}
    if weapon:
        data["weapon"] = weapon
    if pos is not None:
        data["pos"] = list(pos)
    return data


def record(party, enemies, actions=(), rules=None, seed=0, tables=None):
    data = make_record(SYSTEM, {"party": party}, enemies, rules, actions, seed)
    if tables is not None:
        data["tables"] = tables
    return data


def cob(party, enemies, actions=(), rules=None, seed=0, tables=None):
    return Fight.from_record(record(party, enemies, actions, rules, seed, tables))


def refused(fight, action, *words):
    with pytest.raises(RecordError) as error:
        fight.apply(action)
    for word in words:
        assert word in str(error.value)
    return error.value


def attack(unit, target=None, die=1, **extra):
    action = {"do": "attack", "unit": unit, "die": die, **extra}
    if target is not None:
        action["target"] = target
    return action


THREE = [hero("A0", (0, 0)), hero("B0", (0, 1)), hero("C0", (0, 2))]
TWO = [hero("A0", (0, 0)), hero("B0", (0, 1))]


def targets_of(fight):
    return fight.view()["targets"]


def to_monster_phase(fight):
    fight.apply({"do": "end_phase"})
    assert fight.state.phase == "monster"
    return fight


def reorg(party, enemies=None):
    """The party against a monster that cannot hurt it, brought to the Party Reorganization phase (9.8)."""
    fight = cob(party, enemies or [mon("m", wp=40, cb=-9)])
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1, "target_die": 1})
    assert fight.state.phase == "party_reorg"
    return fight


def kill_front(front_hp, behind, die=6):
    """Three monsters in front (the middle one with ``front_hp``), ``behind`` after; the hero kills the middle."""
    party = [hero("a", (0, 0), cb=-9), hero("b", (0, 1), cb=20), hero("c", (0, 2), cb=-9)]
    front = [mon("x", (0, 0), cb=-9, wp=30), mon("y", (0, 1), cb=-9, wp=front_hp), mon("z", (0, 2), cb=-9, wp=30)]
    fight = cob(party, [*front, *behind])
    fight.apply(attack("B", "2", die=die))
    fight.apply({"do": "end_phase"})
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    return fight


def front_monster_killed():
    """Three against a full first row, three behind and one more: B kills the middle monster in round 1."""
    party = [hero("a", (0, 0), cb=-9), hero("b", (0, 1), cb=20), hero("c", (0, 2), cb=-9)]
    front = [mon("x", (0, 0), cb=-9, wp=30), mon("y", (0, 1), cb=-9, wp=5), mon("z", (0, 2), cb=-9, wp=30)]
    behind = [mon(n, (1, c), cb=-9, wp=5) for c, n in enumerate("pqr")] + [mon("s", (2, 1), cb=-9, wp=5)]
    fight = cob(party, [*front, *behind])
    fight.apply(attack("B", "2", die=6))
    fight.apply({"do": "end_phase"})
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    return fight


@st.composite
def random_fights(draw):
    party = [
        hero("A0", wp=draw(st.integers(1, 12)), cb=draw(st.integers(-2, 5))),
        hero("B0", wp=draw(st.integers(1, 12)), weapons=["axe", "throwing_dagger"]),
        hero("C0", wp=draw(st.integers(1, 12)), weapons=["bow", "dagger"]),
        hero("D0", wp=draw(st.integers(1, 12)), weapons=["bow"]),
    ][: draw(st.integers(1, 4))]
    enemies = [
        mon(
            f"m{i}",
            wp=draw(st.integers(1, 12)),
            cb=draw(st.integers(-1, 4)),
            weapon=draw(st.sampled_from([None, "bow", "sword"])),
        )
        for i in range(draw(st.integers(1, 8)))
    ]
    fight = cob(party, enemies, rules={"hellgate": draw(st.booleans())}, seed=draw(st.integers(0, 10**6)))
    picks = draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
    return fight, picks


def legal_actions(view):
    if view["phase"] == "party":
        actions = [{"do": "end_phase"}]
        for unit in view["units"]:
            if unit["side"] == "party" and unit["alive"] and not unit["acted"]:
                actions += [{"do": "hold", "unit": unit["id"]}, {"do": "change_weapon", "unit": unit["id"]}]
                actions += [
                    {"do": "attack", "unit": unit["id"], "target": t} for t in view["targets"].get(unit["id"], [])
                ]
        return actions
    if view["phase"] == "party_reorg":
        moves = [{"do": "move", "unit": u, "to": to} for u, spaces in view["moves"].items() for to in spaces]
        return moves + [{"do": "pass"}]
    if view["phase"] == "monster_reorg":  # any monster allowed, the default one, or (9.8.2) none
        return [{"do": "monster_move", "unit": u} for u in view["monster_moves"]] + [
            {"do": kind} for kind in view["next"]["kinds"]
        ]
    return [{"do": kind} for kind in view["next"]["kinds"]]  # the next monster's attack or Blast, or the Hellgate ends


def played(seed: int = 1) -> Fight:
    """The typical Citadel set-up played to its end by the simulation's own policy (seed 1: a fight of 52 actions,
    lost, that starts near even)."""
    citadel = SYSTEMS[SYSTEM]
    record = {"format": "pyrules-fight", "version": 1, "system": SYSTEM, "seed": seed, **citadel.examples["typical"],
              "actions": []}  # fmt: skip
    fight = Fight.from_record(record)
    policy = citadel.simulation_policy()
    while fight.state.outcome == "ongoing":
        fight.apply(citadel.action_json(policy(citadel, fight.setup, fight.state, len(fight.actions))))
    return fight
