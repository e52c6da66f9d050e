"""What a fight's review (:mod:`pyrules.review`) asks of a Lone Wolf-family fight: each state's worth under the odds
panel's objective, the player's choices in a state and what each is worth before its random number.

A state's worth is P(win) − λ·E[WILLPOWER spent], fought to the end with the best spends from there (the DP of
:func:`.willpower.policy_values`; λ = 0 where no WILLPOWER is spent: P(win)), read from one table per regime (Vigour
cast or not), each made once from the fight's first state, which covers every state the fight can reach. An evasion
wins nothing, as the advice says ("you survive … and win nothing"): it is worth 0 win, less any WILLPOWER it costs.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from ....contract import Outcome
from ....i18n import tr
from ..record import Action, Setup, State
from .chain import Chain, worth
from .willpower import policy_values

if TYPE_CHECKING:  # the engine the solvers ask (each book's class is one): named in the types only
    from ..rules import Engine

ONGOING = Outcome.ONGOING


class LoneWolfValues:
    """The review's questions, answered for one Lone Wolf-family fight (see :class:`pyrules.contract.ReviewValues`)."""

    def __init__(self, system: type[Engine], setup: Setup, first: State, lam: float = 0.0):
        self.system, self.setup, self.first, self.lam = system, setup, first, float(lam)
        self.tables: dict[bool, tuple[Chain, dict[tuple, list], dict[tuple, list]]] = {}

    def value(self, state: State) -> float:
        """The state's worth fought to the end with the best spends (an ended fight: won 1, anything else 0)."""
        if state.outcome != ONGOING:
            return worth(state.outcome)[1]
        cell = self._cell(state, 1)
        if cell is None:  # outside the table (not met in play): its own
            chain, values, _ = policy_values(self.system, self.setup, state, self.lam)
            return float(values[chain.key0()][state.endurance][state.enemies[state.current]])
        return float(cell)

    def _cell(self, state: State, which: int) -> float | int | None:
        """The state's cell in its regime's table: its worth (``which`` 1) or the DP's best spend there (2); None
        outside the table."""
        chain, *grids = self._table(state.vigour)
        grid = grids[which - 1].get((min(state.rounds, chain.cap), state.willpower, state.current))
        E, e = state.endurance, state.enemies[state.current]
        if grid is None or E >= len(grid) or e >= len(grid[E]):
            return None
        return grid[E][e]

    def _table(self, vigour: bool) -> tuple[Chain, dict[tuple, list], dict[tuple, list]]:
        if vigour not in self.tables:
            # the fight's first state in this regime: its ENDURANCE bounds every later one (Vigour only costs some)
            start = self.first if self.first.vigour == vigour else replace(self.first, vigour=vigour)
            self.tables[vigour] = policy_values(self.system, self.setup, start, self.lam)
        return self.tables[vigour]

    def decision(self, state: State, action: Action) -> Action:
        """The player's choice in an action: what is done and the WILLPOWER the engine takes, not the number."""
        system, setup = self.system, self.setup
        if action.do == "vigour" or (action.do == "evade" and system.evades_at_once(setup, state)):
            return Action(action.do)
        spent = system.spend(setup, state, Action(action.do, None, action.willpower), "action")
        return Action(action.do, None, spent or None)

    def choices(self, state: State) -> list[Action]:
        """The choices the engine allows now (its legal actions, each once) that may be the best: of the rounds, only
        the one with the DP's best spend, which is the best of them (the other spends need not be weighed: the
        review weighs the one chosen on its own)."""
        found: list[Action] = []
        for action in self.system.legal_actions(self.setup, state):
            choice = self.decision(state, action)
            if choice not in found:
                found.append(choice)
        best = self._cell(state, 2) if self.system.has_willpower else None
        rounds = [c for c in found if c.do == "round"]
        if best is None or not any((c.willpower or 0) == best for c in rounds):
            return found
        return [c for c in found if c.do != "round" or (c.willpower or 0) == best]

    def reward(self, state: State, choice: Action) -> float:
        """What the choice costs in the objective at once: λ for each point of WILLPOWER spent."""
        return -self.lam * (choice.willpower or 0)

    def q(self, state: State, choice: Action) -> float:
        """The choice's worth before its random number: its cost, and the worth of where each number leads."""
        landings = [float(p) * self.value(self.system.step(self.setup, state, outcome)[0])
                    for p, outcome in self.system.chance(self.setup, state, choice)]  # fmt: skip
        return self.reward(state, choice) + math.fsum(landings)  # ten wins of 1/10 are 1.0, not 0.9999999999999999

    def words(self, choice: Action) -> str:
        if choice.do == "vigour":
            return tr("cast Vigour")
        if choice.do == "evade":
            return tr("evade") if not choice.willpower else tr("evade, spending {n} WILLPOWER", n=choice.willpower)
        if choice.willpower:
            return tr("fight on, spending {n} WILLPOWER", n=choice.willpower)
        return tr("fight on")
