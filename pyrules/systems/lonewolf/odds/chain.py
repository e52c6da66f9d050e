"""The chain a Lone Wolf-family fight is, from a given state: its layers, their outcome tables and endings,
asked of the engine; the helpers every solver shares."""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from ....budget import Budget
from ....contract import Outcome
from ..record import Action, Setup, State
from ..rules import Ending, Landing
from ..tables import Loss
from . import budgets

if TYPE_CHECKING:  # the engine the solvers ask (each book's class is one): named in the types only
    from ..rules import Engine

WON, LOST = Outcome.WON, Outcome.LOST


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


def legal_spends(system: type[Engine], setup: Setup, state: State) -> range:
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

    def __init__(self, system: type[Engine], setup: Setup, state: State, budget: Budget | None = None):
        self.system, self.setup, self.state = system, setup, state
        self.budget = budget or Budget(budgets.ODDS_CELLS)
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
        return State(1, w, tuple(enemies), c, r, 0, self.state.vigour, used=self.state.used, bonus=self.state.bonus)

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

    # ---- estimates, for the budgets: each watches the clock as it goes (Budget.check) ---------------------

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
            self.budget.check()  # as long as the rules count rounds (999 and more): the clock as it goes
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
            self.budget.check()
            if self.ending(r, state.current).last_round:
                bound = r - state.rounds + 1
                break
        steady = [(r, w) for r, w in path if r == self.cap]
        enemy_rounds, hero_least = 0.0, DEAD
        for c in range(state.current, self.n):
            enemy_least = DEAD
            for r, w in steady:
                self.budget.check()
                spent = self.spent(r, w, c, want(w)) if w is not None else 0
                for hl, el, _ in self.outcomes(r, w, c, spent):
                    hero_least, enemy_least = min(hero_least, hl), min(enemy_least, el)
            enemy_rounds += math.ceil(state.enemies[c] / enemy_least) if enemy_least else math.inf
        hero_rounds = math.ceil(state.endurance / hero_least) if hero_least else math.inf
        return min(bound, (path[-1][0] - path[0][0]) + min(enemy_rounds, hero_rounds))

    def forward_cells(self, want: Callable[[int | None], int], room: float = math.inf) -> float:
        """An upper bound on the work of :func:`lone_wolf_odds` with a fixed spend: the cells that may hold mass,
        plus each layer's whole grid at ``1 / SCAN`` (a cell without mass is only looked at); or, as soon as the
        layers counted pass ``room`` (the work a budget still allows), their count: refused either way, without
        asking the engine for the rest of the layers' tables (999 rounds against 20: 20,000 of them).

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
            self.budget.check()  # each layer asks the engine for every enemy's outcome table: 20 of them a round
            last = depth == len(path) - 1  # this layer holds every round from its own on
            # ENDURANCE from E0 - the most lost (at least 1) to E0 - the least lost; the same for the enemy
            rows = E0 - hero[0] - (1 if last else max(1, E0 - hero[1])) + 1
            now = max(0, e0 - enemy[0] - (1 if last else max(1, e0 - enemy[1])) + 1)
            total += rows * (now + later) + grids
            if total > room:
                break
            losses = []  # the hero's, against any enemy
            for c in range(c0, self.n):
                outs = self.outcomes(r, w, c, self.spent(r, w, c, want(w)) if w is not None else 0)
                losses += [hl for hl, _, _ in outs]
                if c == c0:
                    enemy = [enemy[0] + min(el for _, el, _ in outs), enemy[1] + max(el for _, el, _ in outs)]
            hero = [hero[0] + min(losses), hero[1] + max(losses)]
        return total


def layer_keys(
    chain: Chain, spends: Callable[[int, int | None, int], list[int]], depth: float = math.inf
) -> list[tuple]:
    """Every layer (rounds, WILLPOWER, enemy) reachable from the start within ``depth`` rounds, latest first (the
    backward order)."""
    start = chain.key0()
    seen = {start}
    level = [start]
    while level and depth > 0:
        chain.budget.check()
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
