"""The best play of a Lone Wolf-family fight under the player's :class:`~pyrules.contract.Worth`: every choice the
book gives at every step (a round and Grey Star's spend, an evasion from the round the section allows, Banedon's
Vigour once a fight), each valued with the later choices still open. The odds panel's advice and the story's
judgments both read it (:mod:`.review`), so following the advice never costs anything in the story.

It is the DP of :func:`.willpower.policy_values`, fought with the worth's ends and, cell by cell, the better of the
round and the other choices (:func:`alternatives`): an evasion is worth what its landing is (at once, or after an
evasion round whose enemy's loss is ignored), Vigour what the same cell is worth with Vigour cast, less its
ENDURANCE at the worth's rate. With Vigour still to cast, the regime where it is cast is solved first; its table is
the one the cast leads to.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from ....contract import Worth
from ..record import State
from ..rules import VIGOUR_COST
from .chain import Chain
from .willpower import Extra, policy_values

if TYPE_CHECKING:  # the engine the solvers ask (each book's class is one): named in the types only
    from ..record import Setup
    from ..rules import Engine

Tables = tuple[Chain, dict[tuple, list], dict[tuple, list]]  # policy_values' answer: chain, worths, best spends


def vigour_cost(setup: Setup, worth: Worth) -> float:
    """What casting Vigour costs in the worth: its ENDURANCE at the worth's rate (nothing where the section gives
    all ENDURANCE back after the fight)."""
    return 0.0 if setup.rules.restore_endurance else worth.endurance * VIGOUR_COST


def ends_alive(setup: Setup) -> bool:
    """Whether the fight may end with the hero alive and no win (an evasion, a section that stops it): then its worth
    is not its chance to win."""
    rules = setup.rules
    ends = (rules.evasion_possible, rules.max_rounds, rules.end_when_hero_at_most, rules.end_when_enemy_at_most)
    return any(x is not None and x is not False for x in ends)


def may_cast(system: type[Engine], setup: Setup, state: State) -> bool:
    """Whether Vigour may still be cast in this fight, now or later (the engine's rule, at the state's ENDURANCE)."""
    return system.has_vigour and not state.vigour and system.vigour_allowed(setup, state)[0]


def solve(system: type[Engine], setup: Setup, start: State, worth: Worth) -> dict[bool, Tables]:
    """The worth of every state the fight can reach from ``start`` under the best play, by regime (Vigour cast or
    not): the tables of :func:`.willpower.policy_values`, each within its own budget (``POLICY_CELLS``)."""
    tables: dict[bool, Tables] = {}
    if may_cast(system, setup, start):
        cast = replace(start, vigour=True)  # every ENDURANCE up to the start's: the cast costs some
        tables[True] = _regime(system, setup, cast, worth, None)
    tables[start.vigour] = _regime(system, setup, start, worth, tables.get(True))
    return tables


def _regime(system: type[Engine], setup: Setup, start: State, worth: Worth, cast: Tables | None) -> Tables:
    # where neither an evasion nor Vigour is ever open, the rounds are all there is: the plain DP
    extra = alternatives(system, setup, worth, cast) if setup.rules.evasion_possible or cast is not None else None
    return policy_values(system, setup, start, worth.willpower, None, worth.end, extra, worth.escape)


def alternatives(system: type[Engine], setup: Setup, worth: Worth, cast: Tables | None) -> Extra:
    """The row function :func:`.willpower.policy_values` asks (``extra``): in layer (r, w, c) with ENDURANCE E, for
    each enemy ENDURANCE, the best of an evasion (where the engine allows it) and Vigour (``cast``: the regime it
    leads to), -inf where neither; None where the row has no other choice."""
    rules = setup.rules
    limit = rules.evade_when_enemy_at_most
    lam = worth.willpower
    evasions: dict[tuple, list[float]] = {}
    allowed: dict[tuple, bool] = {}
    cost = vigour_cost(setup, worth)

    def evasion(chain: Chain, key: tuple, E: int) -> float:
        """An evasion's worth from layer ``key`` with ENDURANCE E (at once, or through its round at the least spend)."""
        r, w, c = key
        found = evasions.get(key)
        if found is None:
            fake = chain.fake(r, w, c)
            ending = chain.fates(r, c).ending
            height = chain.state.endurance + 1
            if system.evades_at_once(setup, fake):
                found = [worth.end(system.evade_at_once(setup, replace(fake, endurance=E))[0].outcome)
                         for E in range(height)]  # fmt: skip
            else:
                spent = chain.spent(r, w, c, 0) if w is not None else 0
                den, outs = chain.counted(r, w, c, spent, evade=True)
                ends = [worth.end(ending.land(E2, 1, evade=True).outcome) for E2 in range(height)]
                found = [(sum(k * ends[max(0, E - hl)] for hl, _, k in outs) - lam * spent * den) / den
                         for E in range(height)]  # fmt: skip
            evasions[key] = found
        return found[E]

    def evadable(chain: Chain, key: tuple, e: int) -> bool:
        """The engine's own answer; the enemy's ENDURANCE matters only against evade_when_enemy_at_most."""
        r, w, c = key
        found = (key, None if limit is None else e <= limit)
        if found not in allowed:
            allowed[found] = system.evasion(setup, chain.fake(r, w, c, e))[0]
        return allowed[found]

    def row(chain: Chain, key: tuple, E: int) -> list[float] | None:
        width = chain.state.enemies[key[2]] + 1
        best: list[float] | None = None
        if cast is not None and E >= 1:
            r, w, c = key
            state = replace(chain.fake(r, w, c), endurance=E, vigour=False)
            grid = cast[1].get(key)
            if grid is not None and system.vigour_allowed(setup, state)[0]:
                best = [x - cost for x in grid[E - VIGOUR_COST][:width]]
                best[0] = -math.inf
        if rules.evasion_possible:
            value = evasion(chain, key, E)
            for e in range(1, width):
                if evadable(chain, key, e):
                    best = best or [-math.inf] * width
                    best[e] = max(best[e], value)
        return best

    return row
