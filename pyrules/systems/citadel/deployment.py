"""Citadel of Blood's 9.1 deployment: the party's march order as the players arrange it (the characters not placed
fill the rows front first; someone must stand in the first row) and the monsters' (checked where the record places
them, else placed: the three with the most Wound Points in front). The record (:mod:`.record`) deploys the units it
reads, which this module knows only as :class:`Placed`: the record imports it, not the other way round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Protocol, TypeVar

from ...fields import RecordError
from ...i18n import tr
from .geometry import MAX_ROWS, WIDTH, Pos


class Placed(Protocol):
    """A unit as deployment reads it (the record's characters and monsters, frozen dataclasses): its place, its
    Wound Points."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def pos(self) -> Pos: ...

    @property
    def wound_points(self) -> int: ...


Unit = TypeVar("Unit", bound=Placed)
UNPLACED: Pos = (-1, -1)  # a unit the record does not place (9.1 places it)


def deploy_party(party: list[Unit]) -> list[Unit]:
    """9.1: the party's march order as the players arrange it; characters not placed fill the rows front first,
    left to right. Someone must stand in the first row (9.2: only it is attacked; 9.0: combat cannot stop)."""
    placed = list(party)
    taken: dict[Pos, int] = {}
    for i, character in enumerate(placed):
        if character.pos == UNPLACED:
            free = next((r, c) for r in range(MAX_ROWS) for c in range(WIDTH) if (r, c) not in taken)
            placed[i] = character = replace(character, pos=free)
        if character.pos in taken:
            raise RecordError(
                f"hero.party[{i}].pos", tr("9.1: this space is already taken"), tr("Place in the march order")
            )
        taken[character.pos] = i
    if placed and not any(c.pos[0] == 0 for c in placed):  # (none: refused as the record's party is)
        i = min(range(len(placed)), key=lambda k: placed[k].pos)
        raise RecordError(
            f"hero.party[{i}].pos",
            tr(
                "9.1, 9.2: no character stands in the first row of the party's march order (row 1): "
                "the monsters attack only the first row, so at least one character must stand there"
            ),
            tr("Place in the march order"),
        )
    return placed


def deploy_monsters(monsters: list[Unit]) -> list[Unit]:
    """9.1: the monsters' march order: checked when the record places them, else placed in listed order."""
    label = tr("Monster place in the march order")
    given = [m.pos != UNPLACED for m in monsters]
    if any(given) and not all(given):
        i = given.index(False)
        raise RecordError(f"enemies[{i}].pos", tr("9.1: place every monster, or none"), label)
    n = len(monsters)
    if not any(given):
        strongest = sorted(sorted(range(n), key=lambda i: -monsters[i].wound_points)[:3])
        order = strongest + [i for i in range(n) if i not in strongest]  # otherwise in listed order
        placed = list(monsters)
        for k, i in enumerate(order):
            row, left = divmod(k, 3)
            count = min(3, n - row * 3)
            col = {1: (1,), 2: (0, 2), 3: (0, 1, 2)}[count][left]
            placed[i] = replace(monsters[i], pos=(row, col))
        return placed
    seen: dict[Pos, int] = {}
    for i, m in enumerate(monsters):
        if m.pos in seen:
            raise RecordError(f"enemies[{i}].pos", tr("9.1: this space is already taken"), label)
        seen[m.pos] = i
    rows: dict[int, list[int]] = {}
    for i, m in enumerate(monsters):
        rows.setdefault(m.pos[0], []).append(i)
    front = rows.get(0, [])
    if n == 1 and monsters[0].pos != (0, 1):
        raise RecordError("enemies[0].pos", tr("9.1: a single monster stands in the middle space [0, 1]"), label)
    if n == 2 and {m.pos for m in monsters} != {(0, 0), (0, 2)}:
        raise RecordError(
            "enemies[0].pos", tr("9.1: two monsters stand in the first and third spaces, [0, 0] and [0, 2]"), label
        )
    if n >= 3 and len(front) != 3:
        i = next(i for i, m in enumerate(monsters) if m.pos[0] != 0)
        raise RecordError(
            f"enemies[{i}].pos", tr("9.1: with three monsters or more, three stand in the first row"), label
        )
    if n > 3:
        weakest_front = min(monsters[i].wound_points for i in front)
        for i, m in enumerate(monsters):
            if m.pos[0] and m.wound_points > weakest_front:
                raise RecordError(
                    f"enemies[{i}].pos",
                    tr("9.1: the three monsters with the most Wound Points stand in the first row"),
                    label,
                )
        last = max(rows)
        for row in range(1, last):
            if len(rows.get(row, [])) != 3:
                i = rows[last][0]
                raise RecordError(
                    f"enemies[{i}].pos",
                    tr(
                        '9.1 as this app reads it (the text says only "the second and third rows, more if '
                        'necessary"): the monsters behind fill the second row, then the third, and so on'
                    ),
                    label,
                )
    return monsters
