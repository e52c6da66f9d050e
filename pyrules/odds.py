"""Exact odds of a fight, from any state, fought to the end; an evade advisor; Grey Star's WILLPOWER spends;
Fighting Fantasy targets and luck; and an incremental Monte Carlo that plays the engine's own ``step``.

The Lone Wolf family is a Markov chain over (rounds fought, WILLPOWER, enemy fought, ENDURANCE, enemy's
ENDURANCE). Rules that depend on the round number are followed with a round counter up to the largest threshold;
after it the chain is stationary. Rounds where nobody loses anything are self-loops, solved exactly. The per-round
outcomes (at most 10: one per random number) come from the engine's own table lookup, skill and loss functions.

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
from dataclasses import replace
from typing import Any

from . import rng
from .fighting_fantasy import WOUND, FFAction, FFSetup, FFState, FightingFantasy
from .lonewolf import ENDED, EVADED, KILL, LOST, ONGOING, WON, Action, GreyStar, LoneWolf, State

DEAD = 10**9  # a KILL, as a loss of ENDURANCE points
NEVER = "never"  # the fight goes on for ever (no one can be hurt)


# ---- the Lone Wolf family: the chain ------------------------------------------------------------------------


class Chain:
    """The per-round outcomes of a Lone Wolf family fight, from a given state."""

    def __init__(self, system: type[LoneWolf], setup: Any, state: State):
        self.system, self.setup, self.state = system, setup, state
        rules = setup.rules
        self.rules = rules
        self.cap = max(
            rules.unarmed_rounds,
            rules.enemy_immune_rounds,
            rules.hero_immune_rounds,
            rules.max_rounds or 0,
            rules.evade_after or 0,
            rules.evade_until or 0,
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

    def spent(self, r: int, w: int | None, c: int, want: int) -> int:
        """WILLPOWER the hero spends this round when he wants to spend ``want`` (all he has when less)."""
        if self.system.spend_range(self.setup, self.fake(r, w, c)) is None:
            return 0
        return max(1, min(want, w))  # type: ignore[type-var]

    def outcomes(self, r: int, w: int | None, c: int, spent: int, evade: bool = False) -> list[tuple[int, int, int]]:
        """[(hero loss, enemy loss, count of random numbers out of 10)] for a round from layer (r, w, c)."""
        key = (r, w, c, spent, evade)
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
        return self.setup.hero.endurance if self.rules.restore_endurance else endurance


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
    system: type[LoneWolf], setup: Any, state: State, spend: int | Callable[[int], int] = 1
) -> dict[str, Any]:
    """Exact odds from ``state`` fought to the end with plain rounds (Grey Star spending ``spend`` WILLPOWER a
    round, or all he has left when that is less; ``spend`` may be a function of his WILLPOWER).

    Returns win, lose, ended (max_rounds, end_when_*), never (no one can ever be hurt), rounds (expected, over the
    fights that end), willpower_spent (expected), endurance ({value: p}) and willpower ({value: p}) at the end.
    """
    if state.outcome != ONGOING:
        return _finished(state)
    chain = Chain(system, setup, state)
    want = spend if callable(spend) else (lambda w, s=spend: s)
    layers: dict[tuple, list] = {}
    heap: list = []
    start = chain.key0()
    _push(heap, layers, start, chain)[state.endurance][state.enemies[state.current]] = 1.0
    ends: dict[tuple, float] = {}
    never = visits = spent_total = 0.0
    final = chain.final_endurance
    end_hero, end_enemy, n, enemies0 = chain.end_hero, chain.end_enemy, chain.n, state.enemies
    while heap:
        key = heapq.heappop(heap)[3]
        grid = layers.pop(key)
        r, w, c = key
        spent = chain.spent(r, w, c, want(w)) if w is not None else 0
        outs = chain.outcomes(r, w, c, spent)
        nkey = chain.next_key(r, w, c, spent)
        same = nkey == key
        stay = sum(k for h, e, k in outs if h == 0 and e == 0) if same else 0
        moves = [(h, e, k / 10) for h, e, k in outs if not (same and h == 0 and e == 0)]
        inv = 1.0 / (1.0 - stay / 10) if stay < 10 else 0.0
        ngrid = grid if same else _push(heap, layers, nkey, chain)
        w2 = None if w is None else w - spent
        timed_out = chain.max_rounds is not None and r + 1 >= chain.max_rounds
        last = c + 1 >= n
        before = visits
        for E in range(len(grid) - 1, 0, -1):
            row = grid[E]
            for e in range(len(row) - 1, 0, -1):
                m = row[e]
                if m == 0.0:
                    continue
                if stay:
                    if stay == 10:
                        never += m
                        continue
                    m *= inv
                visits += m
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
                        _push(heap, layers, (nkey[0], w2, c + 1), chain)[E2][e2] += q
                        continue
                    if E2 <= end_hero or e2 <= end_enemy or timed_out:
                        k2 = (ENDED, final(E2), w2)
                        ends[k2] = ends.get(k2, 0.0) + q
                        continue
                    ngrid[E2][e2] += q
        spent_total += spent * (visits - before)
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
    ended_total = 1.0 - never
    return {
        "win": result[WON],
        "lose": result[LOST],
        "ended": result[ENDED],
        "never": never,
        "rounds": visits / ended_total if ended_total > 0 else math.inf,
        "willpower_spent": spent,
        "endurance": dict(sorted(endurance.items())),
        "willpower": dict(sorted(willpower.items())) if willpower else None,
    }


def _finished(state: Any) -> dict[str, Any]:
    endurance = getattr(state, "endurance", getattr(state, "stamina", 0))
    willpower = getattr(state, "willpower", None)
    return {
        "win": 1.0 if state.outcome == WON else 0.0,
        "lose": 1.0 if state.outcome == LOST else 0.0,
        "ended": 0.0 if state.outcome in (WON, LOST) else 1.0,
        "never": 0.0,
        "rounds": 0.0,
        "willpower_spent": 0.0,
        "endurance": {endurance: 1.0},
        "willpower": None if willpower is None else {willpower: 1.0},
    }


# ---- the slow reference: the engine's own step, every random number --------------------------------------


def reference_odds(
    system: type[LoneWolf], setup: Any, state: State, spend: int = 1, limit: int = 200_000
) -> dict[str, Any]:
    """The same answer by enumerating ``system.step`` over all ten random numbers each round (tiny fights only).

    Self-loops (a round that changes nothing but the round counter beyond every threshold) are solved as in the
    fast path; the states are compared with the draw counter left out."""
    if state.outcome != ONGOING:
        return _finished(state)
    chain = Chain(system, setup, state)

    def norm(s: State) -> State:
        return replace(s, draws=0, rounds=min(s.rounds, chain.cap))

    def order(s: State) -> tuple:
        return (s.rounds, -(s.willpower or 0), s.current, -s.endurance, -s.enemies[s.current])

    start = norm(state)
    mass = {start: 1.0}
    heap = [(order(start), 0, start)]
    tie = 1
    ends: dict[tuple, float] = {}
    never = visits = spent_total = 0.0
    seen = 0
    while heap:
        _, _, s = heapq.heappop(heap)
        m = mass.pop(s)
        seen += 1
        if seen > limit:
            raise ValueError("fight too large for the reference path")
        nexts: dict[State, int] = {}
        for number in range(10):
            willpower = None
            if system.spend_range(setup, s) is not None:
                willpower = min(spend, s.willpower)
            new, event = system.step(setup, s, Action("round", number=number, willpower=willpower))
            spent = event["willpower_spent"] or 0
            new = norm(new)
            nexts[new] = nexts.get(new, 0) + 1
        stay = nexts.pop(s, 0)
        if stay == 10:
            never += m
            continue
        m /= 1 - stay / 10
        visits += m
        spent_total += m * spent
        for new, k in nexts.items():
            q = m * k / 10
            if new.outcome != ONGOING:
                key = (new.outcome, new.endurance, new.willpower)
                ends[key] = ends.get(key, 0.0) + q
            elif new in mass:
                mass[new] += q
            else:
                mass[new] = q
                heapq.heappush(heap, (order(new), tie, new))
                tie += 1
    return _summary(ends, never, visits, spent_total)


# ---- evasion -------------------------------------------------------------------------------------------------


def _layer_keys(chain: Chain, spends: Callable[[int, int | None, int], list[int]]) -> list[tuple]:
    """Every layer (rounds, WILLPOWER, enemy) reachable from the start, latest first (the backward order)."""
    start = chain.key0()
    seen = {start}
    todo = [start]
    while todo:
        r, w, c = todo.pop()
        for s in spends(r, w, c):
            nr, w2, _ = chain.next_key(r, w, c, s)
            for key in ((nr, w2, c), (nr, w2, c + 1)) if c + 1 < chain.n else ((nr, w2, c),):
                if key not in seen:
                    seen.add(key)
                    todo.append(key)
    return sorted(seen, key=lambda k: (k[0], -(k[1] or 0), k[2]), reverse=True)


def evade_advice(system: type[LoneWolf], setup: Any, state: State, spend: int = 1) -> dict[str, Any] | None:
    """Where evasion is or will become allowed: P(survive) if the hero evades now, and if he fights this round and
    then follows the evade-later policy that maximizes P(survive) (and P(win) under that policy).

    "Survive" is any end but death (won, evaded, ended, or a fight that never ends). None when this fight does not
    allow evasion at all or is over."""
    if state.outcome != ONGOING or not setup.rules.evasion_possible:
        return None
    chain = Chain(system, setup, state)

    def spends(r, w, c):
        return [chain.spent(r, w, c, spend) if w is not None else 0]

    keys = _layer_keys(chain, spends)
    values: dict[tuple, list] = {}
    E0 = state.endurance
    start_key, start_e = chain.key0(), state.enemies[state.current]
    answer: dict[str, Any] = {}
    for key in keys:
        r, w, c = key
        s = spends(r, w, c)[0]
        outs = chain.outcomes(r, w, c, s)
        evade_outs = chain.outcomes(r, w, c, s, evade=True)
        nkey = chain.next_key(r, w, c, s)
        same = nkey == key
        width = state.enemies[c] + 1
        grid = [[(0.0, 0.0)] * width for _ in range(E0 + 1)]
        values[key] = grid
        here = values[nkey] if not same else grid
        after = values.get((nkey[0], nkey[1], c + 1))
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
                allowed = system.evasion(setup, chain.fake(r, w, c, e))[0]
                if allowed:
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


def spend_table(system: type[LoneWolf], setup: Any, state: State) -> list[dict[str, Any]]:
    """For every fixed spend 1..WILLPOWER: P(win), P(lose), E[WILLPOWER spent], E[rounds]."""
    top = max(1, state.willpower or 0)
    table = []
    for s in range(1, top + 1):
        odds = lone_wolf_odds(system, setup, state, s)
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
        losses = [chain.system.loss(b, s * rules.enemy_loss_multiplier, rules.enemy_extra_loss)[0] for b in bases]
        least = DEAD if all(x == KILL for x in losses) else min(x for x in losses if x != KILL)
        while e < width and least >= e:
            limits[e] = s
            e += 1
    return limits


def grey_star_policy(system: type[LoneWolf], setup: Any, state: State, lam: float = 0.0) -> dict[str, Any]:
    """The adaptive spend that maximizes P(win) − λ·E[WILLPOWER spent], by DP over (rounds, WILLPOWER, enemy,
    ENDURANCE, enemy's ENDURANCE). Returns the spend to make now, P(win), E[spent] and the objective.

    Each layer's grids hold the value of *landing* in a cell after a round: 0 where the fight ends there by a
    rule, and in column 0 the value of killing the enemy with the hero at that ENDURANCE."""
    if state.outcome != ONGOING:
        return {"spend": None, "win": 1.0 if state.outcome == WON else 0.0, "willpower_spent": 0.0, "objective": 0.0}
    chain = Chain(system, setup, state)

    def spends(r, w, c):
        if w is None or system.spend_range(setup, chain.fake(r, w, c)) is None:
            return [0]
        return list(range(1, w + 1))

    keys = _layer_keys(chain, spends)
    E0 = state.endurance
    values: dict[tuple, tuple] = {}
    start_key, start_e = chain.key0(), state.enemies[state.current]
    answer: dict[str, Any] = {}
    n = chain.n
    end_hero, end_enemy = chain.end_hero, chain.end_enemy
    for key in keys:
        r, w, c = key
        width = state.enemies[c] + 1
        grids = tuple([[0.0] * width for _ in range(E0 + 1)] for _ in range(3))  # objective, win, spent
        values[key] = grids
        ended_here = chain.max_rounds is not None and r >= chain.max_rounds
        # column 0: the enemy was just killed, landing in this layer
        after = values.get((r, w, c + 1)) if c + 1 < n else None
        next_e = state.enemies[c + 1] if c + 1 < n else 0
        for E in range(1, E0 + 1):
            if c + 1 < n and after is None:
                continue
            if after is None:
                grids[0][E][0] = grids[1][E][0] = 1.0
            elif not (E <= end_hero or next_e <= end_enemy or ended_here):
                for g, a in zip(grids, after):
                    g[E][0] = a[E][next_e]
        options = spends(r, w, c)
        magic = options != [0]
        nr = min(r + 1, chain.cap)
        prepared = []
        for s in options:
            outs = chain.outcomes(r, w, c, s)
            nkey = (nr, None if w is None else w - s, c)
            same = nkey == key
            stay = sum(k for hl, el, k in outs if same and hl == 0 and el == 0)
            moves = [(hl, el, k / 10) for hl, el, k in outs if not (same and hl == 0 and el == 0) and hl < DEAD]
            prepared.append((s, moves, stay, grids if same else values[nkey]))
        limits = _kill_limits(chain, r, w, c, width) if magic else [0] * width
        obj_grid, win_grid, spent_grid = grids
        for E in range(1, E0 + 1):
            per_spend = []
            for s, moves, stay, landing in prepared:
                terms = [(p, E - hl, el) for hl, el, p in moves if E - hl > 0]
                rows = [(p, landing[0][E2], el) for p, E2, el in terms if el < DEAD]
                kill = sum(p * landing[0][E2][0] for p, E2, el in terms if el >= DEAD)
                per_spend.append((s, rows, terms, stay, landing, s * lam - kill))
            obj_row = obj_grid[E]
            for e in range(1, width):
                limit = limits[e]
                best = -math.inf
                choice = None
                for option in per_spend:
                    s = option[0]
                    if magic and s > limit:
                        break
                    obj = 0.0
                    for p, row, el in option[1]:
                        obj += p * row[e - el] if e > el else p * row[0]
                    stay = option[3]
                    if stay:
                        obj = 0.0 if stay == 10 else (obj - option[5] + s * lam) / (1.0 - stay / 10) - s * lam
                    else:
                        obj -= option[5]
                    if obj > best + 1e-15:
                        best, choice = obj, option
                s, _, terms, stay, landing, _ = choice  # type: ignore[misc]
                win = spent = 0.0
                for p, E2, el in terms:
                    e2 = e - el if e > el else 0
                    win += p * landing[1][E2][e2]
                    spent += p * landing[2][E2][e2]
                if stay:
                    f = 0.0 if stay == 10 else 1.0 / (1.0 - stay / 10)
                    win, spent = win * f, spent * f
                spent += s
                if key == start_key and E == E0 and e == start_e:
                    answer = {"spend": s if magic else None, "win": win, "willpower_spent": spent, "objective": best}
                if E <= end_hero or e <= end_enemy or ended_here:
                    continue  # landing here ends the fight
                obj_row[e] = best
                win_grid[E][e] = win
                spent_grid[E][e] = spent
    return answer


def trade_off(system: type[LoneWolf], setup: Any, state: State, lams=(0.0, 0.001, 0.003, 0.01, 0.03)) -> list:
    """The trade-off curve: for each λ, the optimal policy's (E[WILLPOWER spent], P(win))."""
    points = []
    for lam in lams:
        best = grey_star_policy(system, setup, state, lam)
        points.append({"lambda": lam, "willpower_spent": best["willpower_spent"], "win": best["win"]})
    return points
