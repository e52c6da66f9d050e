"""Test oracles for the Lone Wolf family's exact odds: the straightforward forms the fast solvers are checked against
(moved out of the package: the page never needs them)."""

from __future__ import annotations

import heapq
from dataclasses import replace
from fractions import Fraction
from typing import Any

from pyrules.contract import Outcome
from pyrules.odds import Budget, finished
from pyrules.systems.lonewolf import Action, LoneWolf, State
from pyrules.systems.lonewolf.odds import POLICY_CELLS, Chain
from pyrules.systems.lonewolf.odds.chain import layer_keys
from pyrules.systems.lonewolf.odds.forward import _summary
from pyrules.systems.lonewolf.odds.willpower import _kill_limits, _policy_work

ONGOING, WON = Outcome.ONGOING, Outcome.WON


# ---- the slow reference: the engine's own step, every outcome of its chance ----------------------------------


def reference_odds(
    system: type[LoneWolf], setup: Any, state: State, spend: int = 1, limit: int = 200_000
) -> dict[str, Any]:
    """The same answer by enumerating ``system.step`` over every outcome of ``system.chance`` (the ten random
    numbers, each 1 in 10) each round (tiny fights only).

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
        nexts: dict[State, Fraction] = {}
        willpower = None
        if system.spend_range(setup, s) is not None:
            willpower = min(spend, s.willpower)
        for p, action in system.chance(setup, s, Action("round", willpower=willpower)):
            new, event = system.step(setup, s, action)
            spent = event["willpower_spent"] or 0
            new = norm(new)
            nexts[new] = nexts.get(new, Fraction(0)) + p
        stay = nexts.pop(s, Fraction(0))
        if stay == 1:
            never += m
            continue
        m /= 1 - float(stay)
        visits += m
        spent_total += m * spent
        for new, p in nexts.items():
            q = m * float(p)
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
    """(The straightforward form of :func:`grey_star_policy`, cell by cell, every landing asked of the engine's
    ``ending``: kept to test the fast one.)

    The adaptive spend that maximizes P(win) − λ·E[WILLPOWER spent], by DP over (rounds, WILLPOWER, enemy,
    ENDURANCE, enemy's ENDURANCE). Returns the spend to make now, P(win), E[spent] and the objective.

    Each layer's grids hold (objective, P(win), E[spent]) before a round in each cell."""
    if state.outcome != ONGOING:
        return {"spend": None, "win": 1.0 if state.outcome == WON else 0.0, "willpower_spent": 0.0, "objective": 0.0}
    chain = Chain(system, setup, state, budget or Budget(POLICY_CELLS))
    chain.budget.plan(_policy_work(chain))

    keys = layer_keys(chain, chain.choices)
    E0 = state.endurance
    values: dict[tuple, tuple] = {}
    start_key, start_e = chain.key0(), state.enemies[state.current]
    answer: dict[str, Any] = {}
    for key in keys:
        r, w, c = key
        width = state.enemies[c] + 1
        chain.budget.spend(0)  # the clock
        grids = tuple([[0.0] * width for _ in range(E0 + 1)] for _ in range(3))  # objective, win, spent
        values[key] = grids
        ending = system.ending(setup, chain.fake(r, w, c))
        options = chain.choices(r, w, c)
        magic = options != [0]
        limits = _kill_limits(chain, r, w, c, width) if magic else [0] * width
        for E in range(1, E0 + 1):
            for e in range(1, width):
                best: tuple | None = None
                for s in options:
                    if magic and s > limits[e]:
                        break
                    nkey = chain.next_key(r, w, c, s)
                    stay, obj, win, spent = 0.0, 0.0, 0.0, 0.0
                    for hl, el, p in chain.outcomes(r, w, c, s):
                        if nkey == key and hl == el == 0:
                            stay += float(p)
                            continue
                        landing = ending.land(E - hl, e - el)
                        if landing.outcome == ONGOING:
                            grids_there = values[(nkey[0], nkey[1], landing.current)]
                            o, v, x = (g[landing.endurance][landing.enemy] for g in grids_there)
                        else:
                            o = v = 1.0 if landing.outcome == WON else 0.0
                            x = 0.0
                        obj, win, spent = obj + float(p) * o, win + float(p) * v, spent + float(p) * x
                    f = 0.0 if stay == 1 else 1.0 / (1.0 - stay)
                    obj, win, spent = (obj - lam * s) * f, win * f, (spent + s) * f
                    if best is None or obj > best[0] + 1e-15:
                        best = (obj, win, spent, s)
                assert best is not None
                obj, win, spent, s = best
                grids[0][E][e], grids[1][E][e], grids[2][E][e] = obj, win, spent
                if key == start_key and E == E0 and e == start_e:
                    answer = {"spend": s if magic else None, "win": win, "willpower_spent": spent, "objective": obj}
    return answer
