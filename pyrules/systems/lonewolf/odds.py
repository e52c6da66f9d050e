"""Exact odds of a Lone Wolf-family fight, from any state, fought to the end; the evade advisor; Grey Star's WILLPOWER
spends (every fixed spend, the optimal adaptive spend and its trade-off curve); the plain policy the Monte Carlo plays.

The fight is a Markov chain over (rounds fought, WILLPOWER, enemy fought, ENDURANCE, enemy's ENDURANCE). Rules that
depend on the round number are followed with a round counter up to the largest threshold; after it the chain is
stationary. Rounds where nobody loses anything are self-loops, solved exactly. The per-round outcomes (at most 10:
one per random number) come from the engine's own table lookup, skill and loss functions.

A one-round fight where only the random number matters (the enemy has 1 ENDURANCE; the hero loses at most 5):

>>> from pyrules import Fight
>>> fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": "lone-wolf",
...     "hero": {"skill": 15, "endurance": 30}, "enemies": [{"name": "Giak", "skill": 15, "endurance": 1}]})
>>> result = lone_wolf_odds(fight.system, fight.setup, fight.state)
>>> round(result["win"], 12), result["lose"], round(result["rounds"], 12)
(1.0, 0.0, 1.0)
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Callable
from functools import partial
from typing import Any, cast

from ...contract import Outcome, Policy
from ...odds import Budget, MonteCarlo, TooLarge, finished
from .rules import KILL, Action, LoneWolf, State

ONGOING, WON, LOST, ENDED = Outcome.ONGOING, Outcome.WON, Outcome.LOST, Outcome.ENDED

# What one exact computation may do, in its own unit of work (pyrules.odds.Budget). Calibrated on CPython with
# ``python3 tests/bench_odds.py --limits`` (README, "Largest fight each exact solver accepts") so that the largest
# accepted computation of each kind takes about a second there (2-3 s in Pyodide) and the README's benchmark cases
# stay far inside; anything larger is refused from an estimate before the work starts.
ODDS_CELLS = 800_000  # lone_wolf_odds, and a spend table in all: cells (ENDURANCE x enemy's ENDURANCE) pushed
EVADE_CELLS = 150_000  # evade_advice: cells valued (each weighs a fight round and an evasion round)
POLICY_CELLS = 3_000_000  # grey_star_policy: (cell, spend) pairs weighed, and the cells of its forward evaluation

SCAN = 16  # looking at a cell without mass costs about this fraction of pushing one on
DEAD = 10**9  # a KILL, as a loss of ENDURANCE points
NEVER = "never"  # the fight goes on for ever (no one can be hurt)


# ---- the Lone Wolf family: the chain ------------------------------------------------------------------------


class Chain:
    """The per-round outcomes of a Lone Wolf family fight, from a given state."""

    def __init__(self, system: type[LoneWolf], setup: Any, state: State, budget: Budget | None = None):
        self.system, self.setup, self.state = system, setup, state
        self.budget = budget or Budget(ODDS_CELLS)
        rules = setup.rules
        self.rules = rules
        self.cap = max(
            rules.unarmed_rounds,
            rules.enemy_immune_rounds,
            rules.hero_immune_rounds,
            rules.max_rounds or 0,
            rules.evade_after or 0,
            rules.evade_until or 0,
            rules.skill_modifier_rounds,
            1 if rules.evade_before_round else 0,  # "no round fought yet" is a layer of its own
        )
        self.n = len(setup.enemies)
        self.end_hero = -1 if rules.end_when_hero_at_most is None else rules.end_when_hero_at_most
        self.end_enemy = -1 if rules.end_when_enemy_at_most is None else rules.end_when_enemy_at_most
        self.max_rounds = rules.max_rounds
        self._rounds: dict = {}

    def key0(self) -> tuple:
        s = self.state
        return (min(s.rounds, self.cap), s.willpower, s.current)

    def fake(self, r: int, w: int | None, c: int, enemy: int = 1) -> State:
        enemies = list(self.state.enemies)
        enemies[c] = enemy
        return State(1, w, tuple(enemies), c, r, 0, self.state.vigour)

    def choices(self, r: int, w: int | None, c: int) -> list[int]:
        """The spends the hero may choose between: 1 to all his WILLPOWER through the magic Staff, else only 0."""
        if w is None or self.system.spend_range(self.setup, self.fake(r, w, c)) is None:
            return [0]
        return list(range(1, w + 1))

    def spent(self, r: int, w: int | None, c: int, want: int) -> int:
        """WILLPOWER the hero spends this round when he wants to spend ``want`` (all he has when less)."""
        if self.system.spend_range(self.setup, self.fake(r, w, c)) is None:
            return 0
        return max(1, min(want, w))  # type: ignore[type-var]

    def outcomes(self, r: int, w: int | None, c: int, spent: int, evade: bool = False) -> list[tuple[int, int, int]]:
        """[(hero loss, enemy loss, count of random numbers out of 10)] for a round from layer (r, w, c)."""
        key = (r, None if w is None else w > 0, c, spent, evade)  # WILLPOWER matters only as > 0 (the Staff)
        found = self._rounds.get(key)
        if found is not None:
            return found
        system, setup, rules = self.system, self.setup, self.rules
        ratio = system.combat_ratio(setup, self.fake(r, w, c))
        round_no = r + 1
        counts: dict[tuple[int, int], int] = {}
        for number in range(10):
            enemy_base, hero_base = system.table.lookup(ratio, number)
            if round_no <= rules.enemy_immune_rounds:
                enemy_base = 0
            if round_no <= rules.hero_immune_rounds:
                hero_base = 0
            enemy_loss, _ = system.loss(enemy_base, (spent or 1) * rules.enemy_loss_multiplier, rules.enemy_extra_loss)
            hero_extra = rules.hero_extra_loss + (rules.hero_extra_loss_when_wounded if hero_base != 0 else 0)
            hero_loss, _ = system.loss(hero_base, rules.hero_loss_multiplier, hero_extra)
            if evade:
                enemy_loss = 0
            pair = (DEAD if hero_loss == KILL else hero_loss, DEAD if enemy_loss == KILL else enemy_loss)
            counts[pair] = counts.get(pair, 0) + 1
        found = [(h, e, k) for (h, e), k in counts.items()]
        self._rounds[key] = found
        return found

    def next_key(self, r: int, w: int | None, c: int, spent: int) -> tuple:
        return (min(r + 1, self.cap), None if w is None else w - spent, c)

    def land(self, r: int, c: int, E: int, e: int, hl: int, el: int) -> tuple[str, int, int, int]:
        """Where a round lands: (outcome, endurance, enemy index, enemy endurance), as ``fight_round`` decides."""
        E2 = E - hl
        if E2 <= 0:
            return LOST, 0, c, max(0, e - el)
        e2 = e - el
        if e2 <= 0:
            if c + 1 < self.n:
                c += 1
                e2 = self.state.enemies[c]
            else:
                return WON, E2, c, 0
        if E2 <= self.end_hero or e2 <= self.end_enemy or (self.max_rounds is not None and r + 1 >= self.max_rounds):
            return ENDED, E2, c, e2
        return ONGOING, E2, c, e2

    def final_endurance(self, endurance: int) -> int:
        return self.system.restored(self.setup, endurance)

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
        """At most how many more rounds the fight can last (``math.inf`` if it may go on for ever): once the round
        count no longer matters (the last layers of ``path``), every round costs the hero at least the least loss
        the table and rules give him, and the enemy his."""
        state = self.state
        bound = math.inf if self.max_rounds is None else self.max_rounds - state.rounds
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


def _push(heap: list, layers: dict, key: tuple, chain: Chain) -> list:
    grid = layers.get(key)
    if grid is None:
        E0 = chain.state.endurance
        width = chain.state.enemies[key[2]] + 1
        grid = [[0.0] * width for _ in range(E0 + 1)]
        layers[key] = grid
        heapq.heappush(heap, (key[0], -(key[1] or 0), key[2], key))
    return grid


def lone_wolf_odds(
    system: type[LoneWolf],
    setup: Any,
    state: State,
    spend: int | Callable[[int], int] = 1,
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
        return finished(state)
    chain = Chain(system, setup, state, budget)
    want = spend if callable(spend) else (lambda w, s=spend: s)
    chain.budget.plan(chain.cells(policy) if policy is not None else chain.forward_cells(want))
    layers: dict[tuple, list] = {}
    heap: list = []
    start = chain.key0()
    _push(heap, layers, start, chain)[state.endurance][state.enemies[state.current]] = 1.0
    ends: dict[tuple, float] = {}
    never = visits = spent_total = 0.0
    final = chain.final_endurance
    end_hero, end_enemy, n, enemies0 = chain.end_hero, chain.end_enemy, chain.n, state.enemies
    done = 0  # cells holding mass, pushed on
    while heap:
        key = heapq.heappop(heap)[3]
        grid = layers.pop(key)
        if not any(map(any, grid)):  # made ready for a round's mass that all went elsewhere: nothing follows it
            continue
        chain.budget.spend(done + len(grid) * len(grid[0]) / SCAN)  # the layer before, this grid; the clock
        done = 0
        r, w, c = key
        timed_out = chain.max_rounds is not None and r + 1 >= chain.max_rounds
        last = c + 1 >= n
        plans: dict[int, tuple] = {}

        def plan(wanted: int, key=key, grid=grid, r=r, w=w, c=c, plans=plans, last=last) -> tuple:
            found = plans.get(wanted)
            if found is None:
                spent = chain.spent(r, w, c, wanted) if w is not None else 0
                outs = chain.outcomes(r, w, c, spent)
                nkey = chain.next_key(r, w, c, spent)
                same = nkey == key
                stay = sum(k for h, e, k in outs if h == 0 and e == 0) if same else 0
                moves = [(h, e, k / 10) for h, e, k in outs if not (same and h == 0 and e == 0)]
                inv = 1.0 / (1.0 - stay / 10) if stay < 10 else 0.0
                ngrid = grid if same else _push(heap, layers, nkey, chain)
                after = None if last else _push(heap, layers, (nkey[0], nkey[1], c + 1), chain)  # the next enemy
                found = plans[wanted] = (spent, moves, stay, inv, ngrid, after, nkey[1])
            return found

        cells = policy.get(key) if policy is not None else None
        chosen = None if cells is not None else want(w)
        spent, moves, stay, inv, ngrid, after, w2 = plan(chosen if chosen is not None else 0)
        for E in range(len(grid) - 1, 0, -1):
            row = grid[E]
            if not any(row):
                continue
            choices = cells[E] if cells is not None else None
            for e in range(len(row) - 1, 0, -1):
                m = row[e]
                if m == 0.0:
                    continue
                done += 1
                if choices is not None and choices[e] != chosen:
                    chosen = choices[e]
                    spent, moves, stay, inv, ngrid, after, w2 = plan(chosen)
                if stay:
                    if stay == 10:
                        never += m
                        continue
                    m *= inv
                visits += m
                spent_total += spent * m
                for hl, el, p in moves:
                    q = m * p
                    E2 = E - hl
                    if E2 <= 0:
                        k2 = (LOST, final(0), w2)
                        ends[k2] = ends.get(k2, 0.0) + q
                        continue
                    e2 = e - el
                    if e2 <= 0:
                        if last:
                            k2 = (WON, final(E2), w2)
                            ends[k2] = ends.get(k2, 0.0) + q
                            continue
                        e2 = enemies0[c + 1]
                        if E2 <= end_hero or e2 <= end_enemy or timed_out:
                            k2 = (ENDED, final(E2), w2)
                            ends[k2] = ends.get(k2, 0.0) + q
                            continue
                        after[E2][e2] += q
                        continue
                    if E2 <= end_hero or e2 <= end_enemy or timed_out:
                        k2 = (ENDED, final(E2), w2)
                        ends[k2] = ends.get(k2, 0.0) + q
                        continue
                    ngrid[E2][e2] += q
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
    system: type[LoneWolf], setup: Any, state: State, spend: int = 1, budget: Budget | None = None
) -> dict[str, Any] | None:
    """Where evasion is or will become allowed: P(survive) if the hero evades now, and if he fights this round and
    then follows the evade-later policy that maximizes P(survive) (and P(win) under that policy).

    "Survive" is any end but death (won, evaded, ended, or a fight that never ends). None when this fight does not
    allow evasion at all or is over.

    Budget (default ``EVADE_CELLS``): the cells of every layer the fight can reach (no deeper than it can last
    rounds), counted before the work and layer by layer."""
    if state.outcome != ONGOING or not setup.rules.evasion_possible:
        return None
    chain = Chain(system, setup, state, budget or Budget(EVADE_CELLS))

    def spends(r, w, c):
        return [chain.spent(r, w, c, spend) if w is not None else 0]

    def want(w):
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

    def at_once(r: int, w: int | None, c: int) -> bool:
        """Evading ends the fight with no round fought (evade_before_round, before any round)."""
        return system.evades_at_once(setup, chain.fake(r, w, c))

    for key in keys:
        r, w, c = key
        s = spends(r, w, c)[0]
        outs = chain.outcomes(r, w, c, s)
        evade_outs = chain.outcomes(r, w, c, s, evade=True)
        nkey = chain.next_key(r, w, c, s)
        same = nkey == key
        width = state.enemies[c] + 1
        chain.budget.spend(width * (E0 + 1))
        grid = [[(0.0, 0.0)] * width for _ in range(E0 + 1)]
        values[key] = grid
        here = layer(nkey) if not same else grid
        after = layer((nkey[0], nkey[1], c + 1)) if c + 1 < chain.n else None
        for E in range(1, E0 + 1):
            for e in range(1, width):
                survive = win = 0.0
                stay = 0
                for hl, el, k in outs:
                    if same and hl == 0 and el == 0:
                        stay += k
                        continue
                    outcome, E2, c2, e2 = chain.land(r, c, E, e, hl, el)
                    if outcome == ONGOING:
                        sv, wv = (here if c2 == c else after)[E2][e2]
                    else:
                        sv, wv = (0.0 if outcome == LOST else 1.0), (1.0 if outcome == WON else 0.0)
                    survive += k * sv
                    win += k * wv
                fight = (1.0, 0.0) if stay == 10 else (survive / (10 - stay), win / (10 - stay))
                best = fight
                allowed = evasion(r, w, c, e)
                if allowed:
                    if at_once(r, w, c):
                        evade = 1.0
                    else:
                        evade = sum(k for hl, el, k in evade_outs if E - hl > 0) / 10
                    if evade > fight[0] + 1e-12:
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
    system: type[LoneWolf], setup: Any, state: State, budget: Budget | None = None
) -> list[dict[str, Any]]:
    """For every fixed spend 1..WILLPOWER: P(win), P(lose), E[WILLPOWER spent], E[rounds].

    One budget (default ``ODDS_CELLS``) for the whole table, planned for every spend before the first."""
    top = max(1, state.willpower or 0)
    budget = budget or Budget(ODDS_CELLS)
    if state.outcome == ONGOING:
        chain = Chain(system, setup, state, budget)
        total = 0.0
        for s in range(1, top + 1):  # refused as soon as the spends so far are too many
            total += chain.forward_cells(lambda w, s=s: s)
            budget.plan(total)
    table = []
    for s in range(1, top + 1):
        odds = lone_wolf_odds(system, setup, state, s, budget=budget)
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


def _kill_limits(chain: Chain, r: int, w: int, c: int, width: int) -> list[int]:
    """For each enemy ENDURANCE e: the least spend that kills him on every random number that hurts him at all
    (or ``w``). Any larger spend gives the same rounds for less WILLPOWER: pruned."""
    key = ("limits", r, c, width)
    if key not in chain._rounds:
        chain._rounds[key] = _kill_limits_full(chain, r, c, width)
    return [min(limit, w) for limit in chain._rounds[key]]


def _kill_limits_full(chain: Chain, r: int, c: int, width: int) -> list[int]:
    w = chain.state.willpower or 1
    rules = chain.rules
    ratio = chain.system.combat_ratio(chain.setup, chain.fake(r, w, c))
    bases = []
    for number in range(10):
        base = chain.system.table.lookup(ratio, number)[0]
        if base != 0 and r + 1 > rules.enemy_immune_rounds:
            bases.append(base)
    limits = [w] * width
    if not bases or rules.enemy_loss_multiplier == 0:
        return [1] * width
    e = 1
    for s in range(1, w + 1):
        if e >= width:
            break
        losses = [chain.system.loss(b, s * rules.enemy_loss_multiplier, rules.enemy_extra_loss)[0] for b in bases]
        least = DEAD if all(x == KILL for x in losses) else min(x for x in losses if x != KILL)
        while e < width and least >= e:
            limits[e] = s
            e += 1
    return limits


def _policy_work(chain: Chain) -> float:
    """An upper bound on the work of :func:`grey_star_policy`: for every layer it may reach (each round layer,
    each WILLPOWER, each enemy), each (ENDURANCE, enemy's ENDURANCE) cell weighed once per spend short of the
    least that kills (``_kill_limits``), and the cells of the forward evaluation that follows."""
    state, rules = chain.state, chain.rules
    E0, w0 = state.endurance, state.willpower or 0
    r0 = chain.key0()[0]
    # the round count changes a layer's numbers only up to the last round-numbered rule: beyond, layers repeat
    last = min(chain.cap, max(rules.unarmed_rounds, rules.enemy_immune_rounds, rules.skill_modifier_rounds, r0))
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
    setup: Any,
    state: State,
    lam: float = 0.0,
    detail: bool = False,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """The adaptive spend that maximizes P(win) − λ·E[WILLPOWER spent], by DP over (rounds, WILLPOWER, enemy,
    ENDURANCE, enemy's ENDURANCE), the spend being the decision. Returns the spend to make now, the objective, and
    P(win), E[WILLPOWER spent], E[rounds] of that policy (evaluated forward, with the endurance distribution when
    ``detail``).

    Spends above the least that kills the enemy on every random number that hurts him are pruned (same rounds, less
    WILLPOWER). Each layer's grid holds the value of *landing* in a cell after a round: 0 where the fight ends
    there by a rule, and in column 0 the value of killing the enemy with the hero at that ENDURANCE. Where the
    Staff is magic, each spend's values are computed for a whole row of enemy ENDURANCE at once.

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
    start = (0.0, 0)
    n = chain.n
    end_hero, end_enemy = chain.end_hero, chain.end_enemy
    for key in keys:
        r, w, c = key
        width = state.enemies[c] + 1
        grid = [[0.0] * width for _ in range(E0 + 1)]
        chosen = [[0] * width for _ in range(E0 + 1)]
        values[key] = grid
        policy[key] = chosen
        ended_here = chain.max_rounds is not None and r >= chain.max_rounds
        after = values.get((r, w, c + 1)) if c + 1 < n else None
        next_e = state.enemies[c + 1] if c + 1 < n else 0
        for E in range(1, E0 + 1):
            if c + 1 >= n:
                grid[E][0] = 1.0
            elif after is not None and not (E <= end_hero or next_e <= end_enemy or ended_here):
                grid[E][0] = after[E][next_e]
        options = chain.choices(r, w, c)
        nr = min(r + 1, chain.cap)
        best_rows = []
        if options == [0]:  # the plain Staff, or no Staff: no decision; a round may change nothing (a self-loop)
            chain.budget.spend(E0 * width)
            outs = chain.outcomes(r, w, c, 0)
            nkey = (nr, w, c)
            same = nkey == key
            stay = sum(k for hl, el, k in outs if same and hl == 0 and el == 0)
            moves = [(hl, el, k / 10) for hl, el, k in outs if not (same and hl == 0 and el == 0) and hl < DEAD]
            landing = grid if same else values[nkey]
            for E in range(1, E0 + 1):
                row = [0.0] * width
                terms = [(p, landing[E - hl], el) for hl, el, p in moves if E - hl > 0]
                for e in range(1, width):
                    obj = 0.0
                    for p, lrow, el in terms:
                        obj += p * lrow[e - el] if e > el else p * lrow[0]
                    if stay:
                        obj = 0.0 if stay == 10 else obj / (1.0 - stay / 10)
                    row[e] = obj
                    if not (E <= end_hero or e <= end_enemy or ended_here):
                        grid[E][e] = obj  # the same row is read for losses of 0 (landing values)
                best_rows.append(row)
        else:
            limits = _kill_limits(chain, r, w, c, width)
            first = {}
            for e in range(width - 1, 0, -1):
                first[limits[e]] = e
            lows, low = [], width
            for s in range(w, 0, -1):  # the least enemy ENDURANCE at which spend s is worth trying
                low = first.get(s, low)
                lows.append(low)
            lows.reverse()
            prepared = []
            for s in options:
                if lows[s - 1] >= width:
                    break
                outs = chain.outcomes(r, w, c, s)
                moves = [(hl, el, k) for hl, el, k in outs if hl < DEAD]
                prepared.append((s, lows[s - 1], moves, values[(nr, w - s, c)]))
            chain.budget.spend(E0 * sum(width - lo for _, lo, _, _ in prepared))
            for E in range(1, E0 + 1):
                best = [-math.inf] * width
                arg = chosen[E]
                for s, lo, moves, landing in prepared:
                    const = -float(lam) * s
                    parts = []  # each outcome's landing values along the row, once per random number
                    for hl, el, k in moves:
                        if E - hl <= 0:
                            continue
                        lrow = landing[E - hl]
                        if el >= DEAD or el >= width:
                            const += k * 0.1 * lrow[0]
                            continue
                        dead = max(0, el + 1 - lo)  # cells where this loss kills
                        seg = [lrow[0]] * dead + lrow[lo + dead - el : width - el] if el else lrow[lo:]
                        parts.extend([seg] * k)
                    if parts:
                        acc = [x * 0.1 + const for x in map(sum, zip(*parts))]
                    else:
                        acc = [const] * (width - lo)
                    for i, v in enumerate(acc, lo):
                        if v > best[i] + 1e-15:
                            best[i] = v
                            arg[i] = s
                row = grid[E]
                for e in range(1, width):
                    if not (E <= end_hero or e <= end_enemy or ended_here):
                        row[e] = best[e]
                best_rows.append(best)
        if key == start_key:
            start = (best_rows[state.endurance - 1][start_e], chosen[state.endurance][start_e])
    result = lone_wolf_odds(system, setup, state, policy=policy, budget=chain.budget)
    answer = {
        "spend": start[1] or None,
        "objective": start[0],
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


def trade_off(system: type[LoneWolf], setup: Any, state: State, lams=(0.0, 0.001, 0.003, 0.01, 0.03)) -> list:
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

    def policy(system: type, setup: Any, state: Any, counter: int) -> Action:
        willpower = None
        if system.spend_range(setup, state) is not None:
            willpower = min(spend, state.willpower)
        return Action("round", willpower=willpower)

    return policy


MAX_SPEND_TABLE = 100  # the fixed-spend table is computed up to this much WILLPOWER




def exact(fight: Any, options: dict) -> dict[str, Any]:
    """The odds panel's answer (pyrules.odds.odds): fought to the end with Grey Star spending ``spend`` a round;
    his fixed-spend table, best adaptive spend (``lambda``) and trade-off curve (``curve``); the evade advice."""
    system, setup, state = fight.system, fight.setup, fight.state
    spend = options.get("spend", 1)
    result = lone_wolf_odds(system, setup, state, spend)
    reply: dict[str, Any] = {
        "win": result["win"],
        "lose": result["lose"],
        "ended": result["ended"],
        "never": result["never"],
        "rounds": result["rounds"],
        "endurance": [[k, p] for k, p in result["endurance"].items()],
    }
    if system.has_willpower:
        reply["willpower_spent"] = result["willpower_spent"]
        reply["willpower"] = [[k, p] for k, p in (result["willpower"] or {}).items()]
        reply["spend"] = spend
        ongoing = state.outcome == ONGOING
        if ongoing and options.get("table", True) and (state.willpower or 0) <= MAX_SPEND_TABLE:
            try:  # the table is an extra: left out, as above MAX_SPEND_TABLE, when it is too large
                reply["spends"] = [
                    {"spend": row["spend"], "win": row["win"], "willpower_spent": row["willpower_spent"]}
                    for row in spend_table(system, setup, state)
                ]
            except TooLarge:
                pass
        if options.get("lambda") is not None:
            reply["policy"] = {"lambda": options["lambda"], **grey_star_policy(system, setup, state, options["lambda"])}
        if options.get("curve") is not None and ongoing:
            reply["curve"] = trade_off(system, setup, state, [float(x) for x in options["curve"]])
    reply["evade"] = evade_advice(system, setup, state, spend)
    return reply


# ---- the benchmark's cases -----------------------------------------------------------------------------------

# The issue's giant fights (records the format accepts): the odds requests the page makes for them are refused.
GIANTS = [
    {"op": "odds", "record": {"format": "pyrules-fight", "version": 1, "system": "lone-wolf",
     "hero": {"skill": 15, "endurance": 999}, "enemies": [{"skill": 15, "endurance": 999}] * 20,
     "rules": {"evade_after": 0}}},
    {"op": "odds", "record": {"format": "pyrules-fight", "version": 1, "system": "grey-star",
     "hero": {"skill": 15, "endurance": 999, "willpower": 999}, "enemies": [{"skill": 15, "endurance": 999}]},
     "lambda": 0.01, "curve": [0, 0.003, 0.03, 0.1, 0.3, 1], "table": False},
]  # fmt: skip


def _refused(request: dict) -> None:
    import json

    from ...api import call

    reply = json.loads(call(json.dumps(request)))
    if reply["ok"]:
        raise AssertionError("a giant fight got exact odds")


def benchmark_cases(mc_fights: int = 100_000) -> dict[str, Any]:
    """Timings (ms, time.perf_counter) of the benchmark cases, callable in Pyodide through the API."""
    from ...fight import Fight

    def record(system: str, hero: dict, enemies: list) -> dict:
        return {"format": "pyrules-fight", "version": 1, "system": system, "hero": hero, "enemies": enemies}

    lw = Fight.from_record(record("lone-wolf", {"skill": 15, "endurance": 50}, [{"skill": 15, "endurance": 100}]))
    gs = Fight.from_record(
        record("grey-star", {"skill": 18, "endurance": 35, "willpower": 50}, [{"skill": 20, "endurance": 60}])
    )
    times: dict[str, Any] = {}

    def median_ms(compute: Callable[[], Any], repeat: int) -> tuple[float, Any]:
        runs = []
        for _ in range(repeat):
            t = time.perf_counter()
            answer = compute()
            runs.append((time.perf_counter() - t) * 1000)
        return sorted(runs)[repeat // 2], answer

    lone_wolf, grey_star = cast(type[LoneWolf], lw.system), cast(type[LoneWolf], gs.system)
    times["lw_50_vs_100_ms"], exact = median_ms(lambda: lone_wolf_odds(lone_wolf, lw.setup, lw.state), 5)
    times["gs_all_spends_ms"], _ = median_ms(lambda: spend_table(grey_star, gs.setup, gs.state), 3)
    t = time.perf_counter()
    optimal = grey_star_policy(grey_star, gs.setup, gs.state, 0.01, detail=True)
    times["gs_optimal_ms"] = (time.perf_counter() - t) * 1000  # with the policy evaluated forward
    times["gs_optimal_win"] = optimal["win"]
    times["exact_win"] = exact["win"]
    times["giant_refusal_ms"] = max(median_ms(partial(_refused, r), 3)[0] for r in GIANTS)
    if mc_fights:
        t = time.perf_counter()
        estimate = MonteCarlo(lw.system, lw.setup, lw.state).run(mc_fights)
        times["mc_ms"] = (time.perf_counter() - t) * 1000
        times["mc_fights"] = mc_fights
        times["mc_win"] = estimate["win"]
        times["mc_error"] = estimate["win"] - exact["win"]
        # Grey Star: the fixed spend of 1 a round (the CLI's default), exact beside a Monte Carlo of the same spend.
        best = spend_table(grey_star, gs.setup, gs.state)[0]
        t = time.perf_counter()
        estimate = MonteCarlo(gs.system, gs.setup, gs.state, lone_wolf_policy(best["spend"])).run(mc_fights)
        times["gs_mc_ms"] = (time.perf_counter() - t) * 1000
        times["gs_spend"] = best["spend"]
        times["gs_exact_win"] = best["win"]
        times["gs_mc_win"] = estimate["win"]
        times["gs_mc_error"] = estimate["win"] - best["win"]
        t = time.perf_counter()
        estimate = MonteCarlo(gs.system, gs.setup, gs.state, optimal["policy"]).run(mc_fights)
        times["gs_optimal_mc_ms"] = (time.perf_counter() - t) * 1000
        times["gs_optimal_mc_win"] = estimate["win"]
        times["gs_optimal_mc_error"] = estimate["win"] - optimal["win"]
    return times
