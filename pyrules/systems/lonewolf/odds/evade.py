"""Evasion: P(survive) if the hero evades now, and under the best evade-later policy (:func:`evade_advice`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ....budget import Budget
from ....contract import Outcome
from ..record import Setup, State
from . import budgets
from .chain import Chain, worth

if TYPE_CHECKING:  # the engine the solvers ask (each book's class is one): named in the types only
    from ..rules import Engine

ONGOING = Outcome.ONGOING


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
    system: type[Engine], setup: Setup, state: State, spend: int = 1, budget: Budget | None = None
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
    chain = Chain(system, setup, state, budget or Budget(budgets.EVADE_CELLS))

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
