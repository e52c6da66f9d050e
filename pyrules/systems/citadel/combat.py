"""Citadel of Blood's attacks and wounds (9.3-9.7) on the board as the state stands: who may strike, in which
column of the Combat Results Table, whom (9.3), the die (typed, or drawn from the seed), the wounds and who dies.
The action handlers of :mod:`.rules` strike through it; :mod:`.geometry` answers for the board alone.

Readings where the text is silent (each is tested, and each is written in the log where it is used): targets by 9.3
-- an enemy stands "in front of" the attacker(s) of the front row nearest its column, an attacker strikes one of the
enemies in front of it (none: the nearest, a monster rolling among equally near ones; a note in the log), which
reproduces every example of 9.3; a bow fires only from the second row, for monsters too (a bow-armed monster in the
first row strikes in the Monster column; a note in the log); the Hellgate's Blasts strike the party's first row (9.3,
last sentence), a target die typed where there is one target is ignored.
"""

from __future__ import annotations

from typing import Any

from ... import rng
from ...i18n import tr
from . import geometry
from .geometry import place, row_of, side, split
from .record import COLUMNS, Character, CitadelSetup, CitadelState, unit_id

MISSILES = ("bow", "throwing_dagger")  # what a character may use from the second row (9.2.1)
Event = dict[str, Any]


def board(setup: CitadelSetup, state: CitadelState) -> tuple[geometry.Positions, int]:
    """The state's board for :mod:`.geometry`: every unit's place, and how many of them are characters."""
    return state.pos, len(setup.party)


def living(setup: CitadelSetup, state: CitadelState, characters: bool) -> list[int]:
    return side(state.pos, len(setup.party), characters)


def front_row(setup: CitadelSetup, state: CitadelState, characters: bool) -> list[int]:
    return row_of(state.pos, len(setup.party), characters, 0)


def weapon_locked(state: CitadelState) -> bool:
    """9.4: in the first Combat Round a character attacks with any weapon he carries; after it, with the one in his
    hand (he changes it only by not attacking: change_weapon)."""
    return state.round > 1


def usable(setup: CitadelSetup, state: CitadelState, i: int, weapon: int) -> str | None:
    """Why character i may not strike with his weapon number ``weapon`` now (None: he may)."""
    key = setup.party[i].weapons[weapon]
    row = place(state.pos, i)[0]
    if row > 1:
        return tr("9.2: only the first and second rows of the march order fight")
    if key == "throwing_dagger" and state.thrown[i]:
        return tr("9.5: a throwing dagger is thrown only once per combat; it is recovered after the combat")
    if key == "bow" and row != 1:
        return tr("9.5: a bow fires only from the second row of the march order")
    if row == 1 and key not in MISSILES:
        return tr("9.2: from the second row a character may only fire a bow or throw a dagger")
    return None


def monster_column(setup: CitadelSetup, state: CitadelState, i: int) -> str | None:
    """9.6: the column a monster strikes in from where it stands, or None when it cannot strike."""
    m = setup.monsters[i - len(setup.party)]
    row = place(state.pos, i)[0]
    if row == 0:
        return m.weapon if m.weapon and m.weapon != "bow" else "monster"
    if row == 1 and m.weapon == "bow":  # 9.2.2: monsters in the second row fire bows
        return "bow"
    return None


def next_monster(setup: CitadelSetup, state: CitadelState) -> int | None:
    """The next monster to strike in the Monster Combat Phase: the front row left to right, then archers. The
    monsters yet to strike are tried in that order, so only the one that strikes has its targets found."""
    waiting = sorted((place(state.pos, i), i) for i in living(setup, state, False) if not state.acted[i])
    for _, i in waiting:
        if monster_column(setup, state, i) and geometry.targets(*board(setup, state), i)[0]:
            return i
    return None


def monster_attack(setup: CitadelSetup, state: CitadelState) -> tuple[int, list[int], bool] | None:
    """The next monster to strike, whom it may strike (9.3), and whether no one stands directly in front of it."""
    i = next_monster(setup, state)
    return None if i is None else (i, *geometry.targets(*board(setup, state), i))


def rolled_among(setup: CitadelSetup, state: CitadelState, kind: str) -> list[int]:
    """9.3: whom the target die of a monster's attack or of the Hellgate's Blast picks among (the Blasts strike the
    party's first row); a die is rolled only among several."""
    if kind == "hellgate":
        return front_row(setup, state, True)
    attack = monster_attack(setup, state)
    return [] if attack is None else attack[1]


def roll(setup: CitadelSetup, draws: int, given: int | None) -> tuple[int, int, bool]:
    """A die: the one typed, or the seed's next draw; (die, draws after it, typed)."""
    if given is not None:
        return given, draws, True
    return rng.die(setup.seed, draws), draws + 1, False


def wound(setup: CitadelSetup, state: CitadelState, target: int, wounds: int) -> tuple[CitadelState, bool]:
    """9.7: damage at once; wounds reaching the Wound Points kill."""
    total = list(state.wounds)
    total[target] += wounds
    pos = list(state.pos)
    killed = total[target] >= setup.unit(target).wound_points
    if killed:
        pos[target] = None
    return state.but(wounds=tuple(total), pos=tuple(pos)), killed


def acted(state: CitadelState, i: int) -> CitadelState:
    """Unit i has acted in this phase."""
    flags = list(state.acted)
    flags[i] = True
    return state.but(acted=tuple(flags))


def strike(
    setup: CitadelSetup, state: CitadelState, i: int, target: int, column: str, given: int | None
) -> tuple[CitadelState, Event]:
    """9.5: 1D6 + Weapon Skill + Combat Bonus on the Combat Results Table, damage at once."""
    attacker = setup.unit(i)
    die, draws, typed = roll(setup, state.draws, given)
    skill = attacker.skill(column) if isinstance(attacker, Character) else 0
    total = die + skill + attacker.combat_bonus
    row = setup.table.row(total)
    wounds = setup.table.rows[row][COLUMNS.index(column)]
    state, killed = wound(setup, state.but(draws=draws), target, wounds)
    state = acted(state, i)
    defender = setup.unit(target)
    notes = [tr("{name}: off the board", name=defender.name)] if killed else []
    return state, {
        "unit": unit_id(setup, i),
        "name": attacker.name,
        "target": unit_id(setup, target),
        "target_name": defender.name,
        "die": die,
        "typed": typed,
        "skill": skill,
        "combat_bonus": attacker.combat_bonus,
        "total": total,
        "column": column,
        "row": row,
        "wounds": wounds,
        "target_wounds": state.wounds[target],
        "target_wound_points": defender.wound_points,
        "killed": killed,
        "notes": notes,
    }


def pick(
    setup: CitadelSetup, state: CitadelState, choices: list[int], given: int | None
) -> tuple[int, int | None, int, bool]:
    """9.3: a monster rolls 1D6 for its target among several, split evenly in column order."""
    if len(choices) == 1:
        return choices[0], None, state.draws, False
    die, draws, typed = roll(setup, state.draws, given)
    return choices[split(die, len(choices))], die, draws, typed


def unfaced_note(name: str, rolled: bool) -> str:
    """The log's note where 9.3 is read for an attacker with no enemy in front of it."""
    if rolled:
        return tr(
            "9.3 as this app reads it: no enemy stands directly in front of {name}: a die picks among the nearest",
            name=name,
        )
    return tr(
        "9.3 as this app reads it: no enemy stands directly in front of {name}, who strikes the nearest", name=name
    )
