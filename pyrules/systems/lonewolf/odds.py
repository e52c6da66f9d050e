"""Exact odds of a Lone Wolf-family fight, from any state, fought to the end; the evade advisor; Grey Star's WILLPOWER
spends (every fixed spend, the optimal adaptive spend and its trade-off curve); the plain policy the Monte Carlo plays.

The fight is a Markov chain over (rounds fought, WILLPOWER, enemy fought, ENDURANCE, enemy's ENDURANCE), split into
layers (rounds fought, up to the last the rules count, WILLPOWER, enemy), each a grid of (ENDURANCE, enemy's
ENDURANCE). Nothing here knows a rule: a layer asks the engine once for its outcome table (the engine's ``chance``
for the random number, its ``round_losses`` for each: :meth:`Chain.outcomes`) and for how its rounds end (the
engine's ``ending``, row by row of the grid: :meth:`Chain.fates`), and applies them. Rounds where nobody loses
anything are self-loops, solved exactly.

A one-round fight where only the random number matters (the enemy has 1 ENDURANCE; the hero loses at most 5):

>>> from pyrules import Fight
>>> fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": "lone-wolf",
...     "hero": {"skill": 15, "endurance": 30}, "enemies": [{"name": "Giak", "skill": 15, "endurance": 1}]})
>>> result = lone_wolf_odds(fight.system, fight.setup, fight.state)
>>> round(result["win"], 12), result["lose"], round(result["rounds"], 12)
(1.0, 0.0, 1.0)
"""

from __future__ import annotations

import bisect
import heapq
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from itertools import zip_longest
from operator import add
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ...budget import Budget, TooLarge
from ...contract import Outcome, Policy
from ...odds import finished
from .record import Action, Setup, State
from .rules import Ending, Landing
from .tables import Loss

if TYPE_CHECKING:  # the system reaches its odds (lazily); its odds name it only in their types
    from .system import LoneWolf

ONGOING, WON, LOST, ENDED = Outcome.ONGOING, Outcome.WON, Outcome.LOST, Outcome.ENDED

# What one exact computation may do, in its own unit of work (pyrules.budget.Budget). Calibrated on CPython with
# ``python3 tests/bench_odds.py --limits`` (docs/benchmark.md, "Largest fight each exact solver accepts") so that the
# largest accepted computation of each kind took about a second there (2-3 s in Pyodide) and the benchmark cases stay
# far inside; anything larger is refused from an estimate before the work starts. Since layers are pushed whole
# the Lone Wolf ones take a quarter to a third of that: the budgets are kept, so the same fights are accepted.
ODDS_CELLS = 800_000  # lone_wolf_odds, and a spend table in all: cells (ENDURANCE x enemy's ENDURANCE) pushed
EVADE_CELLS = 150_000  # evade_advice: cells valued (each weighs a fight round and an evasion round)
POLICY_CELLS = 3_000_000  # grey_star_policy: (cell, spend) pairs weighed, and the cells of its forward evaluation

SCAN = 16  # looking at a cell without mass costs about this fraction of pushing one on
DEAD = 10**9  # a KILL, as a loss of ENDURANCE points

Moves = list[tuple[int, int, Fraction]]  # (hero's loss, enemy's loss, probability); DEAD for a KILL


def points(loss: Loss) -> int:
    """A loss in ENDURANCE points, a KILL as more than anyone has."""
    return loss if isinstance(loss, int) else DEAD


def counts(moves: Moves) -> tuple[int, list[tuple[int, int, int]]]:
    """The moves' probabilities as whole counts over one denominator: (denominator, [(hero, enemy, count)])."""
    den = math.lcm(*(p.denominator for _, _, p in moves))
    return den, [(hl, el, int(p * den)) for hl, el, p in moves]


def worth(outcome: str) -> tuple[float, float]:
    """(survived, won) of a fight that ended so: survived is any end but death."""
    return (0.0 if outcome == LOST else 1.0), (1.0 if outcome == WON else 0.0)


class Fates(NamedTuple):
    """How the rounds fought from a layer (rounds, enemy) end, by the engine's :class:`Ending`, asked once for
    each ENDURANCE the hero may be left with (0 .. his ENDURANCE now): a layer's grid applies them row by row."""

    ending: Ending
    goes: list[int]  # the least ENDURANCE the enemy may be left with for the fight to go on
    kill: list[Landing]  # the enemy killed (the next one fights on, or the fight is won or ends)
    stop: list[Landing]  # the enemy left living where the fight cannot go on (ended; lost at 0)
    runs: list[tuple[int, int, int]]  # the rows [lo, hi) from 1 with the same ``goes``, and that ``goes``


# ---- the Lone Wolf family: the chain ------------------------------------------------------------------------


def legal_spends(system: type[LoneWolf], setup: Setup, state: State) -> range:
    """The WILLPOWER spends the engine accepts for a round in ``state``: its own limits (``spend_range``, which its
    legal actions list and its ``step`` enforces), empty outside Grey Star's magic Staff. The only spends the odds
    weigh or propose."""
    limits = system.spend_range(setup, state)
    return range(0) if limits is None else range(limits[0], limits[1] + 1)


def within(spends: Sequence[int], want: int) -> int:
    """The spend made by a hero who wants to spend ``want`` a round: the most of ``spends`` (the engine's) up to
    ``want``, their least when ``want`` is less (all he has left when that is less), 0 when there are none."""
    found = bisect.bisect_right(spends, want)
    return spends[found - 1] if found else spends[0] if spends else 0


class Chain:
    """A Lone Wolf-family fight from a given state, as layers: their outcome tables and endings, from the engine.

    The fight's state is (rounds, WILLPOWER, enemy, ENDURANCE, enemy's ENDURANCE) where the round count stops at
    the last the rules count (:meth:`LoneWolf.rounds_counted`). A layer's outcome table depends on the state
    through the Combat Ratio (WILLPOWER through the Staff), the round count and the enemy fought; it is asked of
    the engine once per such key."""

    def __init__(self, system: type[LoneWolf], setup: Setup, state: State, budget: Budget | None = None):
        self.system, self.setup, self.state = system, setup, state
        self.budget = budget or Budget(ODDS_CELLS)
        self.cap = system.rounds_counted(setup)[1]
        self.n = len(setup.enemies)
        self._facts: dict[tuple, tuple[int, range]] = {}
        self._rounds: dict[tuple, list[tuple[Fraction, int, int]]] = {}
        self._outcomes: dict[tuple, Moves] = {}
        self._counted: dict[tuple, tuple[int, list]] = {}
        self._endings: dict[tuple, Ending] = {}
        self._fates: dict[tuple, Fates] = {}
        self._limits: dict[tuple, list[int]] = {}

    def key0(self) -> tuple:
        s = self.state
        return (min(s.rounds, self.cap), s.willpower, s.current)

    def fake(self, r: int, w: int | None, c: int, enemy: int = 1) -> State:
        enemies = list(self.state.enemies)
        enemies[c] = enemy
        return State(1, w, tuple(enemies), c, r, 0, self.state.vigour)

    def facts(self, r: int, w: int | None, c: int) -> tuple[int, range]:
        """The engine's Combat Ratio and WILLPOWER spends (:func:`legal_spends`) in layer (r, w, c), asked once per
        layer."""
        found = self._facts.get((r, w, c))
        if found is None:
            state = self.fake(r, w, c)
            found = (self.system.combat_ratio(self.setup, state), legal_spends(self.system, self.setup, state))
            self._facts[(r, w, c)] = found
        return found

    def choices(self, r: int, w: int | None, c: int) -> list[int]:
        """The spends the hero may choose between (the engine's legal rounds), or only 0 where none is spent."""
        spends = [] if w is None else self.facts(r, w, c)[1]
        return list(spends) or [0]

    def spent(self, r: int, w: int | None, c: int, want: int) -> int:
        """WILLPOWER the hero spends this round when he wants to spend ``want``: the most the engine accepts up to
        ``want`` (its least when ``want`` is less), 0 where none is spent."""
        return within(self.facts(r, w, c)[1], want)

    def key(self, r: int, w: int | None, c: int, spent: int, evade: bool) -> tuple:
        """What a layer's outcome table depends on: the round count, the enemy, the Combat Ratio, the spend, an
        evasion."""
        return (r, c, self.facts(r, w, c)[0], spent, evade)

    def round(self, r: int, w: int | None, c: int, spent: int, evade: bool = False) -> list[tuple[Fraction, int, int]]:
        """The round from layer (r, w, c) spending ``spent``, as the engine plays it: for each random outcome of
        its ``chance``, (probability, the hero's loss, the enemy's loss) from its ``round_losses``."""
        key = self.key(r, w, c, spent, evade)
        found = self._rounds.get(key)
        if found is None:
            system, setup, state = self.system, self.setup, self.fake(r, w, c)
            found = []
            for p, action in system.chance(setup, state, Action("evade" if evade else "round")):
                assert action.number is not None, "a round draws its random number"
                losses = system.round_losses(setup, state, action.number, spent, evade)
                found.append((p, points(losses.hero), points(losses.enemy)))
            self._rounds[key] = found
        return found

    def outcomes(self, r: int, w: int | None, c: int, spent: int, evade: bool = False) -> Moves:
        """The layer's outcome table: [(hero's loss, enemy's loss, probability)], the random outcomes that give
        the same losses taken together."""
        key = self.key(r, w, c, spent, evade)
        found = self._outcomes.get(key)
        if found is None:
            merged: dict[tuple[int, int], Fraction] = {}
            for p, hl, el in self.round(r, w, c, spent, evade):
                merged[hl, el] = merged.get((hl, el), Fraction(0)) + p
            found = self._outcomes[key] = [(hl, el, p) for (hl, el), p in merged.items()]
        return found

    def counted(self, r: int, w: int | None, c: int, spent: int, evade: bool = False) -> tuple[int, list]:
        """The outcome table with whole counts over one denominator (see :func:`counts`)."""
        key = self.key(r, w, c, spent, evade)
        found = self._counted.get(key)
        if found is None:
            found = self._counted[key] = counts(self.outcomes(r, w, c, spent, evade))
        return found

    def next_key(self, r: int, w: int | None, c: int, spent: int) -> tuple:
        return (min(r + 1, self.cap), None if w is None else w - spent, c)

    def ending(self, r: int, c: int) -> Ending:
        """How a round fought from a layer with ``r`` rounds fought against enemy ``c`` ends (the engine's)."""
        found = self._endings.get((r, c))
        if found is None:
            found = self._endings[(r, c)] = self.system.ending(self.setup, self.fake(r, self.state.willpower, c))
        return found

    def fates(self, r: int, c: int) -> Fates:
        """The engine's ending of a round from layer (r, c), row by row (see :class:`Fates`)."""
        found = self._fates.get((r, c))
        if found is None:
            ending = self.ending(r, c)
            rows = range(self.state.endurance + 1)
            goes = [ending.goes_on_from(E) for E in rows]
            runs: list[tuple[int, int, int]] = []
            for E in rows[1:]:
                if runs and runs[-1][2] == goes[E]:
                    runs[-1] = (runs[-1][0], E + 1, goes[E])
                else:
                    runs.append((E, E + 1, goes[E]))
            kill = [ending.land(E, 0) for E in rows]
            stop = [ending.land(E, 1) for E in rows]
            found = self._fates[(r, c)] = Fates(ending, goes, kill, stop, runs)
        return found

    # ---- estimates, for the budgets ------------------------------------------------------------------------

    def cells(self, keys: Any) -> int:
        """The cells of these layers' grids, (ENDURANCE + 1) x (that enemy's ENDURANCE + 1) each."""
        rows = self.state.endurance + 1
        return sum(rows * (self.state.enemies[c] + 1) for _, _, c in keys)

    def path(self, want: Callable[[int | None], int]) -> list[tuple[int, int | None]]:
        """The (rounds, WILLPOWER) of the layers a fight goes through when the hero wants to spend ``want(w)`` a
        round, in order, until they no longer change (the enemy fought aside: it does not change them)."""
        r, w, c = self.key0()
        path = [(r, w)]
        while True:
            nr, nw, _ = self.next_key(r, w, c, self.spent(r, w, c, want(w)) if w is not None else 0)
            if (nr, nw) == (r, w):
                return path
            r, w = nr, nw
            path.append((r, w))

    def most_rounds(self, path: list[tuple[int, int | None]], want: Callable[[int | None], int]) -> float:
        """At most how many more rounds the fight can last (``math.inf`` if it may go on for ever): no further
        than the engine's last round, and once the round count no longer matters (the last layers of ``path``),
        every round costs the hero at least the least loss the table and rules give him, and the enemy his."""
        state = self.state
        bound = math.inf
        for r in range(state.rounds, self.cap + 1):
            if self.ending(r, state.current).last_round:
                bound = r - state.rounds + 1
                break
        steady = [(r, w) for r, w in path if r == self.cap]
        enemy_rounds, hero_least = 0.0, DEAD
        for c in range(state.current, self.n):
            enemy_least = DEAD
            for r, w in steady:
                spent = self.spent(r, w, c, want(w)) if w is not None else 0
                for hl, el, _ in self.outcomes(r, w, c, spent):
                    hero_least, enemy_least = min(hero_least, hl), min(enemy_least, el)
            enemy_rounds += math.ceil(state.enemies[c] / enemy_least) if enemy_least else math.inf
        hero_rounds = math.ceil(state.endurance / hero_least) if hero_least else math.inf
        return min(bound, (path[-1][0] - path[0][0]) + min(enemy_rounds, hero_rounds))

    def forward_cells(self, want: Callable[[int | None], int]) -> float:
        """An upper bound on the work of :func:`lone_wolf_odds` with a fixed spend: the cells that may hold mass,
        plus each layer's whole grid at ``1 / SCAN`` (a cell without mass is only looked at).

        Along the path, no further than the fight can last rounds: after d rounds the hero has lost between the
        sums of d least and d greatest losses, and so has the enemy fought now (later enemies: anything). The last
        layer holds every round from its own on, so the cells up to the least losses."""
        state = self.state
        E0, c0, e0 = state.endurance, state.current, state.enemies[state.current]
        path = self.path(want)
        bound = self.most_rounds(path, want)
        grids = self.cells((0, 0, c) for c in range(c0, self.n)) / SCAN
        later = sum(state.enemies[c0 + 1 :])
        total = 0.0
        hero = [0, 0]  # the least and the most the hero has lost
        enemy = [0, 0]  # the same for the enemy fought now
        for depth, (r, w) in enumerate(path):
            if depth > bound or hero[0] >= E0:
                break
            last = depth == len(path) - 1  # this layer holds every round from its own on
            # ENDURANCE from E0 - the most lost (at least 1) to E0 - the least lost; the same for the enemy
            rows = E0 - hero[0] - (1 if last else max(1, E0 - hero[1])) + 1
            now = max(0, e0 - enemy[0] - (1 if last else max(1, e0 - enemy[1])) + 1)
            total += rows * (now + later) + grids
            losses = []  # the hero's, against any enemy
            for c in range(c0, self.n):
                outs = self.outcomes(r, w, c, self.spent(r, w, c, want(w)) if w is not None else 0)
                losses += [hl for hl, _, _ in outs]
                if c == c0:
                    enemy = [enemy[0] + min(el for _, el, _ in outs), enemy[1] + max(el for _, el, _ in outs)]
            hero = [hero[0] + min(losses), hero[1] + max(losses)]
        return total


# ---- forward: the distribution of where the fight ends ----------------------------------------------------------


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
    system: type[LoneWolf],
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
        return finished(state, system.main_stat)
    chain = Chain(system, setup, state, budget)
    want = spend if callable(spend) else partial(_fixed, spend)
    chain.budget.plan(chain.cells(policy) if policy is not None else chain.forward_cells(want))
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


# ---- evasion -------------------------------------------------------------------------------------------------


def _layer_keys(
    chain: Chain, spends: Callable[[int, int | None, int], list[int]], depth: float = math.inf
) -> list[tuple]:
    """Every layer (rounds, WILLPOWER, enemy) reachable from the start within ``depth`` rounds, latest first (the
    backward order)."""
    start = chain.key0()
    seen = {start}
    level = [start]
    while level and depth > 0:
        depth -= 1
        following = []
        for r, w, c in level:
            for s in spends(r, w, c):
                nr, w2, _ = chain.next_key(r, w, c, s)
                for key in ((nr, w2, c), (nr, w2, c + 1)) if c + 1 < chain.n else ((nr, w2, c),):
                    if key not in seen:
                        seen.add(key)
                        following.append(key)
        level = following
    return sorted(seen, key=lambda k: (k[0], -(k[1] or 0), k[2]), reverse=True)


def evade_advice(
    system: type[LoneWolf], setup: Setup, state: State, spend: int = 1, budget: Budget | None = None
) -> dict[str, Any] | None:
    """Where evasion is or will become allowed: P(survive) if the hero evades now, and if he fights this round and
    then follows the evade-later policy that maximizes P(survive) (and P(win) under that policy).

    "Survive" is any end but death (won, evaded, ended, or a fight that never ends). None when this fight does not
    allow evasion at all or is over. Each cell's value: (survive, win) before a round there; a round's landings
    are the engine's (its outcome tables, its ending), an evasion's too (it leaves the enemy as he is, so its
    landing is asked once per row).

    Budget (default ``EVADE_CELLS``): the cells of every layer the fight can reach (no deeper than it can last
    rounds), counted before the work and layer by layer."""
    if state.outcome != ONGOING or not setup.rules.evasion_possible:
        return None
    chain = Chain(system, setup, state, budget or Budget(EVADE_CELLS))

    def spends(r: int, w: int | None, c: int) -> list[int]:
        return [chain.spent(r, w, c, spend) if w is not None else 0]

    def want(w: int | None) -> int:
        return spend

    keys = _layer_keys(chain, spends, chain.most_rounds(chain.path(want), want))
    chain.budget.plan(chain.cells(keys))
    values: dict[tuple, list] = {}
    E0 = state.endurance
    empty: dict[int, list] = {}  # a layer beyond the last round the fight can reach: never landed in

    def layer(key: tuple) -> list:
        found = values.get(key)
        if found is None:
            c = key[2]
            found = empty.get(c) or empty.setdefault(c, [[(0.0, 0.0)] * (state.enemies[c] + 1)] * (E0 + 1))
        return found

    start_key, start_e = chain.key0(), state.enemies[state.current]
    answer: dict[str, Any] = {}
    allowed_cache: dict[tuple, bool] = {}
    limit = setup.rules.evade_when_enemy_at_most

    def evasion(r: int, w: int | None, c: int, e: int) -> bool:
        """The engine's own answer; the enemy's ENDURANCE matters only against evade_when_enemy_at_most."""
        key = (r, w, c, None if limit is None else e <= limit)
        if key not in allowed_cache:
            allowed_cache[key] = system.evasion(setup, chain.fake(r, w, c, e))[0]
        return allowed_cache[key]

    for key in keys:
        r, w, c = key
        s = spends(r, w, c)[0]
        fates = chain.fates(r, c)
        den, outs = chain.counted(r, w, c, s)
        nkey = chain.next_key(r, w, c, s)
        same = nkey == key
        width = state.enemies[c] + 1
        chain.budget.spend(width * (E0 + 1))
        grid = [[(0.0, 0.0)] * width for _ in range(E0 + 1)]
        values[key] = grid
        here = layer(nkey) if not same else grid
        after = layer((nkey[0], nkey[1], c + 1)) if c + 1 < chain.n else None
        stay = sum(k for hl, el, k in outs if same and hl == el == 0)
        moves = [(hl, el, k) for hl, el, k in outs if not (same and hl == el == 0)]
        goes = fates.goes
        stopped = [worth(landing.outcome) for landing in fates.stop]
        killed = [
            cast(list, after)[E2][landing.enemy] if landing.outcome == ONGOING else worth(landing.outcome)
            for E2, landing in enumerate(fates.kill)
        ]
        fake = chain.fake(r, w, c)
        if system.evades_at_once(setup, fake):  # no round fought: the evasion lands at once
            fled = [worth(system.evade_at_once(setup, fake)[0].outcome)[0]] * (E0 + 1)
        else:  # the evasion round, number by number; the enemy is left as he is (1 stands for his ENDURANCE)
            evade_den, evade_outs = chain.counted(r, w, c, s, evade=True)
            survived = [worth(fates.ending.land(E2, 1, evade=True).outcome)[0] for E2 in range(E0 + 1)]
            fled = [sum(k * survived[max(0, E - hl)] for hl, _, k in evade_outs) / evade_den for E in range(E0 + 1)]
        for E in range(1, E0 + 1):
            evade = fled[E]
            for e in range(1, width):
                survive = win = 0.0
                for hl, el, k in moves:
                    E2 = E - hl
                    if E2 <= 0:
                        sv, wv = stopped[0]
                    elif e <= el:
                        sv, wv = killed[E2]
                    elif e - el < goes[E2]:
                        sv, wv = stopped[E2]
                    else:
                        sv, wv = here[E2][e - el]
                    survive += k * sv
                    win += k * wv
                fight = (1.0, 0.0) if stay == den else (survive / (den - stay), win / (den - stay))
                best = fight
                allowed = evasion(r, w, c, e)
                if allowed and evade > fight[0] + 1e-12:
                    best = (evade, 0.0)
                grid[E][e] = best
                if key == start_key and E == E0 and e == start_e:
                    answer = {
                        "allowed": allowed,
                        "evade_now": evade if allowed else None,
                        "fight_on": fight[0],
                        "fight_on_win": fight[1],
                        "advice": "evade" if allowed and evade > fight[0] + 1e-12 else "fight",
                    }
    return answer


# ---- Grey Star's WILLPOWER ---------------------------------------------------------------------------------


def spend_table(
    system: type[LoneWolf], setup: Setup, state: State, budget: Budget | None = None
) -> list[dict[str, Any]]:
    """For every fixed spend the engine accepts now (:func:`legal_spends`): P(win), P(lose), E[WILLPOWER spent],
    E[rounds]; empty where none may be spent.

    One budget (default ``ODDS_CELLS``) for the whole table, planned for every spend before the first; one chain
    (its outcome tables and endings asked of the engine once) for every spend."""
    spends = legal_spends(system, setup, state)
    budget = budget or Budget(ODDS_CELLS)
    chain = Chain(system, setup, state, budget)
    if state.outcome == ONGOING:
        total = 0.0
        for s in spends:  # refused as soon as the spends so far are too many
            total += chain.forward_cells(partial(_fixed, s))
            budget.plan(total)
    table = []
    for s in spends:
        odds = _forward(chain, partial(_fixed, s)) if state.outcome == ONGOING else finished(state, system.main_stat)
        table.append(
            {
                "spend": s,
                "win": odds["win"],
                "lose": odds["lose"],
                "willpower_spent": odds["willpower_spent"],
                "rounds": odds["rounds"],
            }
        )
    return table


def _fixed(spend: int, willpower: int | None) -> int:
    return spend


def _kill_limits(chain: Chain, r: int, w: int, c: int, width: int) -> list[int]:
    """For each enemy ENDURANCE e: the least spend from which every random number kills him or gives a loss no
    spend changes (or ``w``). Any larger spend gives the same rounds for less WILLPOWER: pruned."""
    key = (r, c, width)
    if key not in chain._limits:
        chain._limits[key] = _kill_limits_full(chain, r, c, width)
    return [min(limit, w) for limit in chain._limits[key]]


def _kill_limits_full(chain: Chain, r: int, c: int, width: int) -> list[int]:
    """The engine's enemy losses spend by spend, random number by random number: those the spend changes (it
    multiplies them: they grow with it, from the least spend to the most, or never change) must kill."""
    w = chain.state.willpower or 1

    def losses(s: int) -> list[int]:
        return [el for _, _, el in chain.round(r, w, c, s)]

    changing = [i for i, (low, high) in enumerate(zip(losses(1), losses(w))) if low != high]
    if not changing:
        return [1] * width
    limits = [w] * width
    e = 1
    for s in range(1, w + 1):
        if e >= width:
            break
        row = losses(s)
        least = min(row[i] for i in changing)
        while e < width and least >= e:
            limits[e] = s
            e += 1
    return limits


def _policy_work(chain: Chain) -> float:
    """An upper bound on the work of :func:`grey_star_policy`: for every layer it may reach (each round layer,
    each WILLPOWER, each enemy), each (ENDURANCE, enemy's ENDURANCE) cell weighed once per spend short of the
    least that kills (``_kill_limits``), and the cells of the forward evaluation that follows."""
    state = chain.state
    E0, w0 = state.endurance, state.willpower or 0
    r0 = chain.key0()[0]
    # a layer's numbers change with the round count only until the rules no longer count rounds for the losses
    last = min(chain.cap, max(chain.system.rounds_counted(chain.setup)[0], r0))
    work = 0.0
    for c in range(state.current, chain.n):
        width = state.enemies[c] + 1
        cells = E0 * width
        for r in range(r0, last + 1):
            if w0 and chain.choices(r, 1, c) != [0]:  # the magic Staff: spends 1..w at WILLPOWER w
                # the sum over w = 1..w0 of min(limit, w), per enemy ENDURANCE
                limits = _kill_limits(chain, r, w0, c, width)[1:]
                layer = E0 * sum(L * (L + 1) // 2 + (w0 - L) * L for L in limits)
                layer += cells  # WILLPOWER 0: the plain Staff
            else:
                layer = cells * (w0 + 1)
            repeats = chain.cap - last + 1 if r == last else 1
            work += layer * repeats
            work += (E0 + 1) * width * (w0 + 1) * repeats  # the forward evaluation's grids
    return work


def grey_star_policy(
    system: type[LoneWolf],
    setup: Setup,
    state: State,
    lam: float = 0.0,
    detail: bool = False,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """The adaptive spend that maximizes P(win) − λ·E[WILLPOWER spent], by DP over (rounds, WILLPOWER, enemy,
    ENDURANCE, enemy's ENDURANCE), the spend being the decision. Returns the spend to make now, the objective, and
    P(win), E[WILLPOWER spent], E[rounds] of that policy (evaluated forward, with the endurance distribution when
    ``detail``).

    Spends above the least that kills the enemy on every random number a spend changes are pruned (same rounds,
    less WILLPOWER). Each layer's grid holds the value of a cell before a round there; a round's landings are the
    engine's (its outcome tables and ending): a kill is worth what the next enemy's layer says at his ENDURANCE, or
    the win, a landing where the fight stops nothing. Where the Staff is magic, each spend's values are computed
    for a whole row of enemy ENDURANCE at once.

    Budget (default ``POLICY_CELLS``): (cell, spend) pairs, estimated by :func:`_policy_work` before the layers
    are even listed, counted layer by layer, then the forward evaluation's cells."""
    if state.outcome != ONGOING:
        return {"spend": None, "win": 1.0 if state.outcome == WON else 0.0, "willpower_spent": 0.0, "objective": 0.0}
    chain = Chain(system, setup, state, budget or Budget(POLICY_CELLS))
    chain.budget.plan(_policy_work(chain))

    keys = _layer_keys(chain, chain.choices)
    E0 = state.endurance
    values: dict[tuple, list] = {}
    policy: dict[tuple, list] = {}
    start_key, start_e = chain.key0(), state.enemies[state.current]
    n = chain.n
    kills_of: dict[tuple, list[float]] = {}
    for key in keys:
        r, w, c = key
        width = state.enemies[c] + 1
        grid = [[0.0] * width for _ in range(E0 + 1)]
        chosen = [[0] * width for _ in range(E0 + 1)]
        values[key] = grid
        policy[key] = chosen
        fates = chain.fates(r, c)
        goes = fates.goes
        stopped = [worth(landing.outcome)[1] for landing in fates.stop]  # what landing where it stops is worth

        def killed(w2: int | None, r=r, c=c, fates=fates) -> list[float]:
            """What killing the enemy is worth, the hero left with each ENDURANCE (WILLPOWER ``w2`` left)."""
            after = (min(r + 1, chain.cap), w2, c + 1) if c + 1 < n else None
            found = kills_of.get((r, c, after))
            if found is None:
                later = values[after] if after is not None else None
                found = kills_of[(r, c, after)] = [
                    cast(list, later)[E2][landing.enemy] if landing.outcome == ONGOING else worth(landing.outcome)[1]
                    for E2, landing in enumerate(fates.kill)
                ]
            return found

        options = chain.choices(r, w, c)
        nr = min(r + 1, chain.cap)
        if options == [0]:  # the plain Staff, or no Staff: no decision; a round may change nothing (a self-loop)
            chain.budget.spend(E0 * width)
            den, outs = chain.counted(r, w, c, 0)
            nkey = (nr, w, c)
            same = nkey == key
            stay = sum(k for hl, el, k in outs if same and hl == el == 0)
            moves = [(hl, el, k / den) for hl, el, k in outs if not (same and hl == el == 0)]
            landing_grid = grid if same else values[nkey]
            kills = killed(w)
            for E in range(1, E0 + 1):
                row = grid[E]
                for e in range(1, width):
                    obj = 0.0
                    for hl, el, p in moves:
                        E2 = E - hl
                        if E2 <= 0:
                            obj += p * stopped[0]
                        elif e <= el:
                            obj += p * kills[E2]
                        elif e - el < goes[E2]:
                            obj += p * stopped[E2]
                        else:
                            obj += p * landing_grid[E2][e - el]
                    if stay:
                        obj = 0.0 if stay == den else obj / (1.0 - stay / den)
                    row[e] = obj  # the same row is read for losses of 0
        else:
            limits = _kill_limits(chain, r, w, c, width)
            first = {}
            for e in range(width - 1, 0, -1):
                first[limits[e]] = e
            lows, low = {}, width
            for s in range(max(options), 0, -1):  # the least enemy ENDURANCE at which spend s is worth trying
                low = lows[s] = first.get(s, low)
            prepared = []
            for s in options:  # the engine's own spends (Chain.choices), from the least
                if lows[s] >= width:
                    break
                den, outs = chain.counted(r, w, c, s)
                prepared.append((s, lows[s], den, outs, values[(nr, w - s, c)], killed(w - s)))
            chain.budget.spend(E0 * sum(width - lo for _, lo, _, _, _, _ in prepared))
            for E in range(1, E0 + 1):
                best = [-math.inf] * width
                arg = chosen[E]
                for s, lo, den, outs, landing, kills in prepared:
                    const = -float(lam) * s * den  # in counts of 1 / den; scaled below
                    parts = []  # each outcome's landing values along the row, once per count
                    for hl, el, k in outs:
                        E2 = E - hl
                        if E2 <= 0:
                            const += k * stopped[0]
                            continue
                        if el >= width - 1:  # every enemy ENDURANCE of the row dies
                            const += k * kills[E2]
                            continue
                        # cells e in [lo, width): killed (e <= el), stopped (e - el < goes), or landing
                        dead = el + 1 - lo
                        if goes[E2] == 1:  # every living enemy goes on (the usual case)
                            seg = (
                                [kills[E2]] * dead + landing[E2][1 : width - el]
                                if dead > 0
                                else landing[E2][lo - el : width - el]
                            )
                        else:
                            on = min(width, max(lo, el + goes[E2]))  # the first cell that lands living, going on
                            stop = max(0, on - max(lo, el + 1))
                            seg = [kills[E2]] * max(0, dead) + [stopped[E2]] * stop + landing[E2][on - el : width - el]
                        if k == 1:
                            parts.append(seg)
                        else:
                            parts.extend([seg] * k)
                    scale = 1.0 / den
                    if parts:
                        acc = [(x + const) * scale for x in map(sum, zip(*parts))]
                    else:
                        acc = [const * scale] * (width - lo)
                    for i, v in enumerate(acc, lo):
                        if v > best[i] + 1e-15:
                            best[i] = v
                            arg[i] = s
                grid[E][1:] = best[1:]
    start = values[start_key][state.endurance][start_e]
    chosen_now = policy[start_key][state.endurance][start_e]
    chain.budget.plan(chain.cells(policy))
    result = _forward(chain, partial(_fixed, 1), policy)
    answer = {
        "spend": chosen_now or None,
        "objective": start,
        "win": result["win"],
        "lose": result["lose"],
        "willpower_spent": result["willpower_spent"],
        "rounds": result["rounds"],
    }
    if detail:
        answer["odds"] = result
        answer["policy"] = optimal_spender(chain, policy)
    return answer


def optimal_spender(chain: Chain, table: dict[tuple, list]) -> Policy:
    """A DP's chosen spends as a Monte Carlo policy: the spend for the engine's state, read from the table."""

    def policy(system: type, setup: Any, state: Any, counter: int) -> Action:
        key = (min(state.rounds, chain.cap), state.willpower, state.current)
        chosen = table.get(key)
        spend = chosen[state.endurance][state.enemies[state.current]] if chosen else 0
        return Action("round", willpower=spend or None)

    return policy


def trade_off(
    system: type[LoneWolf], setup: Setup, state: State, lams: Any = (0.0, 0.001, 0.003, 0.01, 0.03)
) -> list[dict[str, Any]]:
    """The trade-off curve: for each λ, the optimal policy's (E[WILLPOWER spent], P(win)).

    Each point is one :func:`grey_star_policy` with its own budget; the work does not depend on λ, so a curve
    too large for its first point is refused before any work."""
    points = []
    for lam in lams:
        best = grey_star_policy(system, setup, state, lam)
        points.append({"lambda": lam, "willpower_spent": best["willpower_spent"], "win": best["win"]})
    return points


def lone_wolf_policy(spend: int = 1) -> Policy:
    """Plain rounds; Grey Star spends ``spend`` WILLPOWER a round (all he has left when that is less)."""

    def policy(system: Any, setup: Any, state: Any, counter: int) -> Action:
        return Action("round", willpower=within(legal_spends(system, setup, state), spend) or None)

    return policy


MAX_SPEND_TABLE = 100  # the fixed-spend table is computed up to this much WILLPOWER


def exact(fight: Any, options: dict) -> dict[str, Any]:
    """The odds panel's answer (pyrules.odds.odds): fought to the end with Grey Star spending ``spend`` a round;
    his fixed-spend table, best adaptive spend (``lambda``) and trade-off curve (``curve``); the evade advice."""
    system, setup, state = fight.system, fight.setup, fight.state
    spend = options.get("spend", 1)
    legal = legal_spends(system, setup, state) if state.outcome == ONGOING else []
    if legal and spend not in legal:  # the odds of a round the fight would refuse: the engine's own refusal
        system.spend(setup, state, Action("round", willpower=spend), "action")
    result = lone_wolf_odds(system, setup, state, spend)
    reply: dict[str, Any] = {
        "win": result["win"],
        "lose": result["lose"],
        "ended": result["ended"],
        "never": result["never"],
        "rounds": result["rounds"],
        "endurance": [[k, p] for k, p in result["endurance"].items()],
        "combat_ratio": system.combat_ratio(setup, state) if state.outcome == ONGOING else None,
    }
    if system.has_willpower:
        reply["willpower_spent"] = result["willpower_spent"]
        reply["willpower"] = [[k, p] for k, p in (result["willpower"] or {}).items()]
        reply["spend"] = within(legal, spend) or None  # None: nothing can be spent now
        ongoing = state.outcome == ONGOING
        if options.get("lambda") is not None:
            reply["policy"] = {"lambda": options["lambda"], **grey_star_policy(system, setup, state, options["lambda"])}
        if options.get("curve") is not None and ongoing:
            reply["curve"] = trade_off(system, setup, state, [float(x) for x in options["curve"]])
    reply["evade"] = evade_advice(system, setup, state, spend)
    if reply["evade"] is not None:  # the engine's words for when the book allows an evasion (why not now)
        reply["evade"]["why"] = system.evasion(setup, state)[1]
    # The table of fixed spends is an extra, computed last so that it never takes the time of what was asked (under
    # a request's deadline): left out, as above MAX_SPEND_TABLE, when it is too large.
    table = options.get("table", True) and (state.willpower or 0) <= MAX_SPEND_TABLE
    if system.has_willpower and state.outcome == ONGOING and table:
        try:
            reply["spends"] = [
                {"spend": row["spend"], "win": row["win"], "willpower_spent": row["willpower_spent"]}
                for row in spend_table(system, setup, state)
            ]
        except TooLarge:  # said, so that a page asking within a short deadline asks again with more time
            reply["left_out"] = ["spends"]
    return reply
