"""Forward: the distribution of where the fight ends, under a spend plan or a policy (:func:`lone_wolf_odds`)."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from functools import partial
from itertools import zip_longest
from operator import add
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ....budget import Budget
from ....contract import Outcome
from ....odds import finished
from ..record import Setup, State
from ..rules import Landing
from .chain import DEAD, SCAN, Chain, Fates

if TYPE_CHECKING:  # the engine the solvers ask (each book's class is one): named in the types only
    from ..rules import Engine

ONGOING, WON, LOST, ENDED = Outcome.ONGOING, Outcome.WON, Outcome.LOST, Outcome.ENDED


def _fixed(spend: int, willpower: int | None) -> int:
    """The plan of a hero who spends ``spend`` a round, whatever he has."""
    return spend


class Step(NamedTuple):
    """A layer's round at one spend, ready to apply: its outcome table (self-loops aside), where its mass goes."""

    spent: int
    moves: list[tuple[int, int, int]]  # (hero's loss, enemy's loss, count of ``den``), self-loops left out
    den: int
    stay: int  # the count of the self-loop (a round in which nothing changes, in a layer that leads to itself)
    target: list  # the grid of the layer the round leads to (the same grid for a self-loop layer)
    after: list | None  # the grid of the next enemy's layer (None: the last enemy)
    w2: int | None  # WILLPOWER after the round
    cell_moves: list[tuple[int, int, float]]  # the moves with their probabilities, for one cell at a time


def _push(heap: list, layers: dict, key: tuple, chain: Chain) -> list:
    """The grid of layer ``key`` (made, and queued, on first use), by columns:
    ``grid[enemy's ENDURANCE][ENDURANCE]``."""
    grid = layers.get(key)
    if grid is None:
        height = chain.state.endurance + 1
        grid = [[0.0] * height for _ in range(chain.state.enemies[key[2]] + 1)]
        layers[key] = grid
        heapq.heappush(heap, (key[0], -(key[1] or 0), key[2], key))
    return grid


def _end(ends: dict, landing: Landing, w2: int | None, mass: float) -> None:
    key = (landing.outcome, landing.endurance, w2)
    ends[key] = ends.get(key, 0.0) + mass


def _stopped(arrived: list[float], first: int, e2: int, runs: list[tuple[int, int, int]], stopped: list[float]) -> None:
    """Mass arriving in column ``e2`` at rows ``first``.. where the fight cannot go on (the rows' ``goes`` above
    ``e2``): moved from ``arrived`` to ``stopped`` (indexed by row)."""
    last = first + len(arrived)
    for lo, hi, goes in runs:
        lo, hi = max(lo, first), min(hi, last)
        if goes > e2 and lo < hi:
            stopped[lo:hi] = map(add, stopped[lo:hi], arrived[lo - first : hi - first])
            arrived[lo - first : hi - first] = [0.0] * (hi - lo)


def _spread(grid: list[list[float]], step: Step, fates: Fates, ends: dict) -> tuple[float, float, int]:
    """One round from every cell of a layer at once, its outcome table being the same for every cell: each
    column of the grid the round leads to (an enemy's ENDURANCE) pulls, whole, from the columns its mass comes
    from, within the band of columns and rows that hold mass. In a self-loop layer the grid becomes its visits
    column by column (a column's mass from its own column, where the enemy loses nothing, in slices no taller than
    the least such loss of the hero). Then the kills, deaths and stops are taken from the layer's totals row by row
    and landed as the engine's ending says. Returns (visits, mass that stays for ever, cells holding mass)."""
    width, height = len(grid), len(grid[0])
    held = [e for e in range(1, width) if any(grid[e])]
    if step.stay == step.den:  # nobody can be hurt: every cell stays for ever
        return 0.0, sum(map(sum, grid)), sum(height - grid[e].count(0.0) for e in held)
    scale, inv = 1.0 / step.den, step.den / (step.den - step.stay)
    target, same = step.target, step.target is grid
    rows = list(map(any, zip(*grid[held[0] : held[-1] + 1])))  # rows holding mass
    top = len(rows) - rows[::-1].index(True)  # above the highest row holding mass (mass only goes down)
    left = 1 if same else held[0]  # the lowest column that holds mass, or will (visits spread leftwards)
    landing = [(hl, el, k) for hl, el, k in step.moves if hl < top - 1 and el < DEAD]  # on a cell, from some row
    cross = [move for move in landing if not (same and move[1] == 0)]
    inner = [move for move in landing if same and move[1] == 0]  # within a column of a self-loop layer
    tall = min((hl for hl, _, _ in inner), default=height)
    bottom = 1 if same else max(1, rows.index(True) - max((hl for hl, _, _ in cross), default=0))  # lowest row
    lowest = max(1, left - max((el for _, el, _ in cross), default=0))  # the lowest column the round reaches
    stops = max(goes for _, _, goes in fates.runs)  # columns below this may hold rows where the fight stops
    stopped = [0.0] * height
    for e2 in range(held[-1], lowest - 1, -1):
        parts = []
        for hl, el, k in cross:
            if left <= e2 + el <= held[-1] and bottom + hl < top:
                parts += [grid[e2 + el][bottom + hl : top]] * k  # landing on rows from ``bottom`` on
        arrived = [x * scale for x in map(sum, zip_longest(*parts, fillvalue=0.0))] if parts else []
        if not same:
            if e2 < stops:
                _stopped(arrived, bottom, e2, fates.runs, stopped)
            column = target[e2]
            column[bottom : bottom + len(arrived)] = map(add, column[bottom : bottom + len(arrived)], arrived)
            continue
        column = grid[e2]
        if not inner:
            if e2 < stops:
                _stopped(arrived, 1, e2, fates.runs, stopped)
            column[1 : 1 + len(arrived)] = map(add, column[1 : 1 + len(arrived)], arrived)
            if inv != 1.0:
                column[1:top] = [x * inv for x in column[1:top]]
            continue
        arrived += [0.0] * (top - 1 - len(arrived))
        high = top
        while high > 1:  # rows [low, high): their sources in this column are at or above ``high``, done
            low = max(1, high - tall)
            parts = [arrived[low - 1 : high - 1]]
            for hl, _, k in inner:
                parts += [[x * scale for x in column[low + hl : high + hl]]] * k
            incoming = list(map(sum, zip_longest(*parts, fillvalue=0.0)))
            if e2 < stops:
                _stopped(incoming, low, e2, fates.runs, stopped)
            column[low:high] = [(x + y) * inv for x, y in zip(column[low:high], incoming)]
            high = low
    band = grid[left : held[-1] + 1]  # the columns holding mass (in a self-loop layer, visits)
    cells = sum(height - column.count(0.0) for column in band)
    totals = list(map(sum, zip(*band)))  # per row, the mass (visits) of the layer
    killed_parts = []
    prefix: dict[int, list[float]] = {}  # the mass of columns up to n, per row
    running, done = [0.0] * height, left - 1
    for n in sorted({min(el, width - 1) for hl, el, _ in step.moves if el > 0 and hl < height - 1}):
        while done < min(n, held[-1]):
            done += 1
            running = list(map(add, running, grid[done]))
        prefix[n] = running
    lost = 0.0
    for hl, el, k in step.moves:
        lost += k * sum(totals[1 : min(hl, height - 1) + 1])  # rows the loss kills the hero in
        if el > 0 and hl < height - 1:
            killed_parts += [prefix[min(el, width - 1)][1 + hl :]] * k
    if lost:
        _end(ends, fates.stop[0], step.w2, lost * scale)
    for row, mass in enumerate(map(sum, zip_longest(*killed_parts, fillvalue=0.0)), 1):
        if mass:
            kill = fates.kill[row]
            if kill.outcome == ONGOING:
                cast(list, step.after)[kill.enemy][row] += mass * scale
            else:
                _end(ends, kill, step.w2, mass * scale)
    for row, mass in enumerate(stopped):
        if mass:
            _end(ends, fates.stop[row], step.w2, mass)
    return sum(totals), 0.0, cells


def _walk(grid: list[list[float]], fates: Fates, ends: dict, one: Step | None, step_of: Callable | None) -> tuple:
    """One round from each cell holding mass in turn, with the layer's ``one`` step (where few cells hold mass) or
    each with its own (``step_of(ENDURANCE, enemy's)``: a policy's spend): columns from the highest, each from its
    highest row, so that mass moving within the grid is pushed on after it arrives. Returns (visits, mass that stays
    for ever, WILLPOWER spent, cells holding mass)."""
    goes, kill = fates.goes, fates.kill
    keys: dict[int | None, tuple[list, list]] = {}  # WILLPOWER left -> where the fight ends, row by row
    visits = never = spent_total = 0.0
    cells = 0
    for e in range(len(grid) - 1, 0, -1):
        column = grid[e]
        for E in range(len(column) - 1, 0, -1):
            m = column[E]
            if m == 0.0:
                continue
            cells += 1
            step = one or cast(Callable, step_of)(E, e)
            if step.stay:
                if step.stay == step.den:
                    never += m
                    continue
                m *= step.den / (step.den - step.stay)
            visits += m
            spent_total += step.spent * m
            found = keys.get(step.w2)
            if found is None:
                found = keys[step.w2] = _end_keys(fates, step.w2)
            stopped, killed = found
            for hl, el, p in step.cell_moves:
                q = m * p
                E2 = E - hl
                if E2 <= 0:
                    key = stopped[0]
                elif e <= el:
                    key = killed[E2]
                    if key is None:
                        cast(list, step.after)[kill[E2].enemy][E2] += q
                        continue
                elif e - el < goes[E2]:
                    key = stopped[E2]
                else:
                    step.target[e - el][E2] += q
                    continue
                ends[key] = ends.get(key, 0.0) + q
    return visits, never, spent_total, cells


def _end_keys(fates: Fates, w2: int | None) -> tuple[list, list]:
    """Where the fight ends, row by row, as keys of the ends' distribution: with the enemy living where it cannot
    go on, and with the enemy killed (None where the next enemy fights on)."""
    stopped = [(landing.outcome, landing.endurance, w2) for landing in fates.stop]
    killed = [
        None if landing.outcome == ONGOING else (landing.outcome, landing.endurance, w2) for landing in fates.kill
    ]
    return stopped, killed


DENSE = 8  # cells holding mass per column holding mass, from which a layer is pushed whole rather than cell by cell


def _dense(grid: list[list[float]]) -> bool:
    """Whether a layer's columns that hold mass hold enough of it to be pushed whole (a self-loop layer always is:
    its visits fill its grid)."""
    height = len(grid[0])
    held = [height - column.count(0.0) for column in grid]
    return sum(held) >= DENSE * (len(held) - held.count(0))


def _chosen(plan: Callable[[int], Step], spends: list, E: int, e: int) -> Step:
    """The step at a policy's spend for the cell."""
    return plan(spends[E][e])


def lone_wolf_odds(
    system: type[Engine],
    setup: Setup,
    state: State,
    spend: int | Callable[[int | None], int] = 1,
    policy: dict[tuple, list] | None = None,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """Exact odds from ``state`` fought to the end with plain rounds (Grey Star spending ``spend`` WILLPOWER a
    round, or all he has left when that is less; ``spend`` may be a function of his WILLPOWER; ``policy`` maps a
    layer (rounds, WILLPOWER, enemy) to a grid [ENDURANCE][enemy's ENDURANCE] of spends, as grey_star_policy
    finds them).

    Returns win, lose, ended (max_rounds, end_when_*), never (no one can ever be hurt), rounds (expected; None when
    the fight may never end), willpower_spent (expected), endurance ({value: p}) and willpower ({value: p}) at the
    end.

    Budget (default ``ODDS_CELLS``): the cells it may push on, estimated before (:meth:`Chain.forward_cells`, or the
    policy's layers) and counted layer by layer.
    """
    if state.outcome != ONGOING:
        return finished(state, system.main_stat, ("willpower",))
    chain = Chain(system, setup, state, budget)
    want = spend if callable(spend) else partial(_fixed, spend)
    chain.budget.plan(chain.cells(policy) if policy is not None else chain.forward_cells(want, chain.budget.room()))
    return _forward(chain, want, policy)


def _forward(chain: Chain, want: Callable[[int | None], int], policy: dict[tuple, list] | None = None) -> dict:
    """The layers in order (rounds, then WILLPOWER from the most, then the enemies), each pushed on through one
    round: whole (:func:`_spread`) where one spend holds for the layer, cell by cell (:func:`_walk`) where a
    policy chooses the spend cell by cell."""
    state = chain.state
    layers: dict[tuple, list] = {}
    heap: list = []
    _push(heap, layers, chain.key0(), chain)[state.enemies[state.current]][state.endurance] = 1.0
    ends: dict[tuple, float] = {}
    never = visits = spent_total = 0.0
    done = 0  # cells holding mass, pushed on
    while heap:
        key = heapq.heappop(heap)[3]
        grid = layers.pop(key)
        if not any(map(any, grid)):  # made ready for a round's mass that all went elsewhere: nothing follows it
            continue
        chain.budget.spend(done + len(grid) * len(grid[0]) // SCAN)  # the layer before, this grid; the clock
        r, w, c = key
        steps: dict[int, Step] = {}

        def plan(wanted: int, key=key, grid=grid, r=r, w=w, c=c, steps=steps) -> Step:
            found = steps.get(wanted)
            if found is None:
                spent = chain.spent(r, w, c, wanted) if w is not None else 0
                nkey = chain.next_key(r, w, c, spent)
                same = nkey == key
                den, outs = chain.counted(r, w, c, spent)
                stay = sum(k for hl, el, k in outs if same and hl == el == 0)
                moves = [(hl, el, k) for hl, el, k in outs if not (same and hl == el == 0)]
                target = grid if same else _push(heap, layers, nkey, chain)
                after = None if c + 1 >= chain.n else _push(heap, layers, (nkey[0], nkey[1], c + 1), chain)
                cell_moves = [(hl, el, k / den) for hl, el, k in moves]
                found = steps[wanted] = Step(spent, moves, den, stay, target, after, nkey[1], cell_moves)
            return found

        fates = chain.fates(r, c)
        table = policy.get(key) if policy is not None else None
        if table is None or chain.choices(r, w, c) == [0]:  # one spend for the whole layer
            step = plan(want(w) if table is None else 0)
            if step.target is grid or _dense(grid):
                layer_visits, layer_never, done = _spread(grid, step, fates, ends)
                layer_spent = step.spent * layer_visits
            else:
                layer_visits, layer_never, layer_spent, done = _walk(grid, fates, ends, step, None)
        else:
            layer_visits, layer_never, layer_spent, done = _walk(grid, fates, ends, None, partial(_chosen, plan, table))
        visits += layer_visits
        never += layer_never
        spent_total += layer_spent
    chain.budget.spend(done)
    return _summary(ends, never, visits, spent_total)


def _summary(ends: dict, never: float, visits: float, spent: float) -> dict[str, Any]:
    result = {WON: 0.0, LOST: 0.0, ENDED: 0.0}
    endurance: dict[int, float] = {}
    willpower: dict[int, float] = {}
    for (outcome, E, w), p in ends.items():
        result[outcome] += p
        endurance[E] = endurance.get(E, 0.0) + p
        if w is not None:
            willpower[w] = willpower.get(w, 0.0) + p
    return {
        "win": result[WON],
        "lose": result[LOST],
        "ended": result[ENDED],
        "never": never,
        "rounds": visits if never == 0 else None,  # expected rounds; None when the fight may never end
        "willpower_spent": spent,
        "endurance": dict(sorted(endurance.items())),
        "willpower": dict(sorted(willpower.items())) if willpower else None,
    }
