"""Test oracles for the Lone Wolf family's exact odds: the straightforward forms the fast solvers are checked against
(moved out of the package: the page never needs them)."""

from __future__ import annotations

import heapq
import math
from dataclasses import replace
from typing import Any

from pyrules.contract import Outcome
from pyrules.odds import Budget, finished
from pyrules.systems.lonewolf.odds import DEAD, POLICY_CELLS, Chain, _kill_limits, _layer_keys, _policy_work, _summary
from pyrules.systems.lonewolf.rules import Action, LoneWolf, State

ONGOING, WON = Outcome.ONGOING, Outcome.WON


# ---- the slow reference: the engine's own step, every random number --------------------------------------


def reference_odds(
    system: type[LoneWolf], setup: Any, state: State, spend: int = 1, limit: int = 200_000
) -> dict[str, Any]:
    """The same answer by enumerating ``system.step`` over all ten random numbers each round (tiny fights only).

    Self-loops (a round that changes nothing but the round counter beyond every threshold) are solved as in the
    fast path; the states are compared with the draw counter left out. Budget: ``limit`` states."""
    if state.outcome != ONGOING:
        return finished(state)
    chain = Chain(system, setup, state, Budget(limit))

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
    while heap:
        _, _, s = heapq.heappop(heap)
        m = mass.pop(s)
        chain.budget.spend(1)
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


def grey_star_policy_reference(
    system: type[LoneWolf], setup: Any, state: State, lam: float = 0.0, budget: Budget | None = None
) -> dict[str, Any]:
    """(The straightforward form of :func:`grey_star_policy`, cell by cell: kept to test the fast one.)

    The adaptive spend that maximizes P(win) − λ·E[WILLPOWER spent], by DP over (rounds, WILLPOWER, enemy,
    ENDURANCE, enemy's ENDURANCE). Returns the spend to make now, P(win), E[spent] and the objective.

    Each layer's grids hold the value of *landing* in a cell after a round: 0 where the fight ends there by a
    rule, and in column 0 the value of killing the enemy with the hero at that ENDURANCE."""
    if state.outcome != ONGOING:
        return {"spend": None, "win": 1.0 if state.outcome == WON else 0.0, "willpower_spent": 0.0, "objective": 0.0}
    chain = Chain(system, setup, state, budget or Budget(POLICY_CELLS))
    chain.budget.plan(_policy_work(chain))

    keys = _layer_keys(chain, chain.choices)
    E0 = state.endurance
    values: dict[tuple, tuple] = {}
    start_key, start_e = chain.key0(), state.enemies[state.current]
    answer: dict[str, Any] = {}
    n = chain.n
    end_hero, end_enemy = chain.end_hero, chain.end_enemy
    for key in keys:
        r, w, c = key
        width = state.enemies[c] + 1
        chain.budget.spend(0)  # the clock
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
        options = chain.choices(r, w, c)
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

