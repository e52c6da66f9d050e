"""Citadel of Blood's board as pure functions of the units' positions: the rows, who faces whom and whom an attacker
may strike (9.3), and where a character or a monster may move (9.8).

A board is ``(pos, party)``: ``pos`` holds every unit's place, the characters' first, as (row, column), or None once
the unit is dead; the first ``party`` units are the characters, the rest the monsters. Each side's row 0 faces the
other side's row 0, and columns 0, 1, 2 run left to right on both sides, column facing column. Nothing here knows a
unit's numbers, weapons, a phase or a die: what depends on them is in :mod:`.combat` and :mod:`.rules`.

>>> pos = ((0, 0), (0, 1), (0, 0), (0, 1), (0, 2))  # characters A B against monsters 1 2 3 (units 2, 3, 4)
>>> targets(pos, 2, 0), targets(pos, 2, 1)  # 9.3: A strikes 1; B chooses between 2 and 3
(([2], False), ([3, 4], False))
>>> targets(pos, 2, 2), targets(pos, 2, 3), targets(pos, 2, 4)  # 1 strikes A; 2 and 3 strike B (3: the nearest)
(([0], False), ([1], False), ([1], True))
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

Pos = tuple[int, int]
Positions = tuple[Pos | None, ...]  # every unit, the characters first; None: dead

MAX_ROWS = 6  # no side stands deeper than this
WIDTH = 3  # spaces in a row (9.1: "rows of three")


def spaces() -> list[Pos]:
    """Every space of a side's march order, front row first, left to right."""
    return [(row, col) for row in range(MAX_ROWS) for col in range(WIDTH)]


def place(pos: Positions, i: int) -> Pos:
    """Where living unit ``i`` stands (a dead unit has no place: asking for it is a bug)."""
    p = pos[i]
    if p is None:
        raise ValueError(f"unit {i} is dead: it has no place on the board")
    return p


def side(pos: Positions, party: int, characters: bool) -> list[int]:
    """The living units of one side, in the order of the record."""
    span = range(party) if characters else range(party, len(pos))
    return [i for i in span if pos[i] is not None]


def row_of(pos: Positions, party: int, characters: bool, row: int) -> list[int]:
    """The living units of one side's ``row``, left to right (asked for many times a step: read in one pass)."""
    found = []  # (column, unit): sorted, the units of a column in the record's order
    for i in range(party) if characters else range(party, len(pos)):
        p = pos[i]
        if p is not None and p[0] == row:
            found.append((p[1], i))
    return [i for _, i in sorted(found)]


def split(die: int, n: int) -> int:
    """Which of n equally likely choices a die picks, as in 9.3: two: 1-3, 4-6; three: 1-2, 3-4, 5-6."""
    return (die - 1) * n // 6


def facing(attacker_col: int, attacker_cols: list[int], enemies: list[tuple[int, int]]) -> tuple[list[int], bool]:
    """9.3: the enemies (col, index) a front-row attacker may strike, in column order, and whether none of them stands
    in front of it (the attacker then strikes the nearest: this app's reading).

    Each enemy stands "in front of" the attacker(s) of the attacking row nearest to its column; an attacker strikes
    the enemy in front of it, choosing (a character) or rolling (a monster) when several are. An attacker with no
    enemy in front strikes the nearest. This gives every example of 9.3: three facing three strike straight across;
    1 2 3 against A B: A strikes 1, B strikes 2 or 3; 1 strikes A, 2 and 3 strike B; A alone faces 1, 2 and 3."""
    mine = [i for col, i in enemies if abs(col - attacker_col) == min(abs(col - a) for a in attacker_cols)]
    if mine:
        return mine, False
    nearest = min(abs(col - attacker_col) for col, _ in enemies)
    return [i for col, i in enemies if abs(col - attacker_col) == nearest], True


def targets(pos: Positions, party: int, i: int) -> tuple[list[int], bool]:
    """9.3: whom unit ``i`` may strike from where it stands (whatever its weapon), in column order, and whether no
    enemy stands directly in front of it (it strikes the nearest). Only the enemy's first row is struck; from the
    second row any of it (with a bow or a thrown weapon, :func:`.combat.usable`); from further back no one."""
    found, unfaced = _targets(pos, party, i)
    return list(found), unfaced


@functools.lru_cache(maxsize=4096)  # a board changes only as units fall or move: asked again many times a fight
def _targets(pos: Positions, party: int, i: int) -> tuple[tuple[int, ...], bool]:
    me = i < party
    row, col = place(pos, i)
    enemies = row_of(pos, party, not me, 0)
    if not enemies:
        return (), False
    if row == 0:
        friends = [place(pos, j)[1] for j in row_of(pos, party, me, 0)]
        mine, unfaced = facing(col, friends, [(place(pos, j)[1], j) for j in enemies])
        return tuple(mine), unfaced
    if row == 1:
        return tuple(enemies), False
    return (), False


def party_moves(pos: Positions, party: int) -> dict[int, list[Pos]]:
    """9.8 Party Reorganization: every legal move of one character (his index: the spaces he may move to)."""
    living = side(pos, party, True)
    taken = {place(pos, i) for i in living}
    front = row_of(pos, party, True, 0)
    moves: dict[int, list[Pos]] = {}
    for i in living:
        row, col = place(pos, i)
        spaces = []
        for c in range(WIDTH):  # 9.8.1: along the row, not over another character
            between = range(min(c, col) + 1, max(c, col))
            if c != col and (row, c) not in taken and not any((row, b) in taken for b in between):
                spaces.append((row, c))
        for r in (row - 1, row + 1):  # 9.8.2: one row forward or back; 9.8.3: straight or diagonally
            if 0 <= r < MAX_ROWS:
                spaces += [(r, c) for c in (col - 1, col, col + 1) if 0 <= c < WIDTH and (r, c) not in taken]
        if row == 0 and len(front) == 2:  # 9.8.5: neither of two in the first row moves back
            spaces = [s for s in spaces if s[0] == 0]
        if spaces:
            moves[i] = sorted(spaces)
    if not front:  # 9.0: the combat cannot stop: with no one in the first row, a character moves forward
        forward = {i: [s for s in spaces if s[0] < place(pos, i)[0]] for i, spaces in moves.items()}
        return {i: s for i, s in forward.items() if s}
    if len(front) == 1:  # 9.8.4: one character in the first row: the only move is up from the second row
        forced = {i: [s for s in spaces if s[0] == 0] for i, spaces in moves.items() if place(pos, i)[0] == 1}
        return {i: s for i, s in forced.items() if s}
    return moves


def monster_moves(pos: Positions, party: int) -> dict[int, list[Pos]]:
    """9.8 Monster Reorganization: the monsters that may move now and where (one will, 9.2.5).

    The gap to fill is in the row nearest the party that has a gap and a monster behind it able to reach it
    (9.8.1: a short first row is filled from the second; 9.8.2: with a full first row, a monster moves up one
    row); monsters move one row forward, straight or diagonally (9.8.3), never sideways or back (9.8.4)."""
    taken = {place(pos, i) for i in side(pos, party, False)}
    for row in range(MAX_ROWS - 1):
        moves = {}
        for i in row_of(pos, party, False, row + 1):
            col = place(pos, i)[1]
            spaces = [(row, c) for c in (col - 1, col, col + 1) if 0 <= c < WIDTH and (row, c) not in taken]
            if spaces:
                moves[i] = spaces
        if moves:
            return moves
    return {}


def fills_past_the_first_row(pos: Positions, party: int) -> bool:
    """The monsters' move fills a row behind the first although the first row is short: no second-row monster can
    reach its gap (9.8.1 has no move, 9.8.2 needs a full first row). The app's reading of 9.2.5 ("one monster (only)
    must be moved forward to fill a space in the march order closest to the character march order") moves one up to
    the nearest space it can reach, so that the monsters behind still come forward."""
    moves = monster_moves(pos, party)
    short = len(row_of(pos, party, False, 0)) < WIDTH
    return short and bool(moves) and all(space[0] > 0 for spaces in moves.values() for space in spaces)


def monsters_may_stay(pos: Positions, party: int) -> bool:
    """9.8.2: with three monsters in the first row one *may* move up a row, so the monsters may also stay."""
    return len(row_of(pos, party, False, 0)) == WIDTH and bool(monster_moves(pos, party))


def leftmost(pos: Positions, units: Iterable[int]) -> int | None:
    """The left-most of ``units`` (None if there are none): the monster that moves when the record names none."""
    return min(units, key=lambda j: place(pos, j)[1], default=None)
