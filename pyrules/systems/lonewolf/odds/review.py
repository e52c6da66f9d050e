"""What a fight's review (:mod:`pyrules.review`) and the odds panel's advice ask of a Lone Wolf-family fight: each
state's worth under the player's :class:`~pyrules.contract.Worth` with the best play from there (:mod:`.best`:
every later round, spend, evasion and Vigour still open), the player's choices in a state and what each is worth
before its random number.

The worth of a state is read from the tables :func:`.best.solve` makes once from the fight's first state, which
cover every state the fight can reach. Where those are past their budget (a large WILLPOWER), a later state is
solved from itself, so the end of a long fight is still judged.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ....budget import TooLarge
from ....contract import Outcome, Worth
from ....i18n import tr
from ..record import Action, Setup, State
from .best import Tables, ends_alive, solve, vigour_cost
from .forward import lone_wolf_odds

if TYPE_CHECKING:  # the engine the solvers ask (each book's class is one): named in the types only
    from ..rules import Engine

ONGOING = Outcome.ONGOING


class LoneWolfValues:
    """The review's questions, answered for one Lone Wolf-family fight (see :class:`pyrules.contract.ReviewValues`)."""

    def __init__(self, system: type[Engine], setup: Setup, first: State, worth: Worth | None = None):
        self.system, self.setup, self.first = system, setup, first
        self.worth = worth or Worth()
        self.lam = self.worth.willpower
        self.solved: list[dict[bool, Tables]] = []  # the first state's tables, then later states' own, newest last
        self.failed: set[State] = set()  # starts whose tables are past their budget

    def value(self, state: State) -> float:
        """The state's worth with the best play from there (an ended fight: its end's worth)."""
        if state.outcome != ONGOING:
            return self.worth.end(state.outcome)
        cell = self._cell(state, 1)
        if cell is None:
            raise TooLarge("this state's best play is past the exact odds' budget")
        return float(cell)

    def _cell(self, state: State, which: int) -> float | int | None:
        """The state's cell in the first table that holds it: its worth (``which`` 1) or the best round's spend there
        (2); None where no table holds it within the budget."""
        for tables in self._tables(state):
            if self._holds(tables, state):
                chain, *grids = tables[state.vigour]
                key = (min(state.rounds, chain.cap), state.willpower, state.current)
                return grids[which - 1][key][state.endurance][state.enemies[state.current]]
        return None

    def _tables(self, state: State) -> list[dict[bool, Tables]]:
        """The tables to look in for ``state``, the newest first: the first state's, and where those are past the
        budget or do not hold it, ``state``'s own."""
        if not self.solved and self.first not in self.failed:
            self._solve(self.first)
        if state not in self.failed and not any(self._holds(tables, state) for tables in self.solved):
            self._solve(state)
        return self.solved[::-1]

    def _solve(self, start: State) -> None:
        try:
            self.solved.append(solve(self.system, self.setup, start, self.worth))
        except TooLarge:
            self.failed.add(start)

    @staticmethod
    def _holds(tables: dict[bool, Tables], state: State) -> bool:
        """Whether the tables hold the state's cell."""
        if state.vigour not in tables:
            return False
        chain, values, _ = tables[state.vigour]
        if chain.state.used != state.used:  # an item used since: another COMBAT SKILL, other tables
            return False
        grid = values.get((min(state.rounds, chain.cap), state.willpower, state.current))
        return grid is not None and state.endurance < len(grid) and state.enemies[state.current] < len(grid[0])

    def decision(self, state: State, action: Action) -> Action:
        """The player's choice in an action: what is done and the WILLPOWER the engine takes, not the number."""
        system, setup = self.system, self.setup
        if action.do == "use":
            return Action("use", item=action.item)
        if action.do == "vigour" or (action.do == "evade" and system.evades_at_once(setup, state)):
            return Action(action.do)
        spent = system.spend(setup, state, Action(action.do, None, action.willpower), "action")
        return Action(action.do, None, spent or None)

    def choices(self, state: State) -> list[Action]:
        """The choices the engine allows now (its legal actions, each once) that may be the best: of the rounds, only
        the one with the best play's spend, and of the evasions the one at the least spend (an evasion ignores the
        enemy's loss: more WILLPOWER buys nothing); the others need not be weighed (the review weighs the one chosen
        on its own)."""
        found: list[Action] = []
        for action in self.system.legal_actions(self.setup, state):
            choice = self.decision(state, action)
            if choice not in found:
                found.append(choice)
        evasions = [c for c in found if c.do == "evade"]
        if len(evasions) > 1:
            least = min(evasions, key=lambda c: c.willpower or 0)
            found = [c for c in found if c.do != "evade" or c == least]
        best = self._cell(state, 2) if self.system.has_willpower else None
        rounds = [c for c in found if c.do == "round"]
        if best is None or not any((c.willpower or 0) == best for c in rounds):
            return found
        return [c for c in found if c.do != "round" or (c.willpower or 0) == best]

    def reward(self, state: State, choice: Action) -> float:
        """What the choice costs in the worth at once: each point of WILLPOWER spent, Vigour's ENDURANCE."""
        if choice.do == "vigour":
            return -vigour_cost(self.setup, self.worth)
        return -self.lam * (choice.willpower or 0)

    def q(self, state: State, choice: Action) -> float | None:
        """The choice's worth before its random number: its cost, and the worth of where each number leads; None for
        an item used, which the worth does not weigh (its change is the chart's: the odds fight on with it as it
        stands)."""
        if choice.do == "use":
            return None
        landings = [float(p) * self.value(self.system.step(self.setup, state, outcome)[0])
                    for p, outcome in self.system.chance(self.setup, state, choice)]  # fmt: skip
        return self.reward(state, choice) + math.fsum(landings)  # ten wins of 1/10 are 1.0, not 0.9999999999999999

    def words(self, choice: Action) -> str:
        if choice.do == "use":
            return tr("use {item}", item=choice.item)
        if choice.do == "vigour":
            return tr("cast Vigour")
        if choice.do == "evade":
            return tr("evade") if not choice.willpower else tr("evade, spending {n} WILLPOWER", n=choice.willpower)
        if choice.willpower:
            return tr("fight on, spending {n} WILLPOWER", n=choice.willpower)
        return tr("fight on")

    def win(self, state: State) -> float:
        """The odds panel's chance to win from ``state`` (fought to the end with plain rounds, Grey Star spending 1
        a round: the ``odds`` op's ``win`` at its defaults), which the story draws beside the worth where the fight
        has a way out."""
        return min(1.0, max(0.0, lone_wolf_odds(self.system, self.setup, state)["win"]))

    def measure(self) -> str:
        """What the worth is a chance of: coming through alive where the fight can end so without a win (an
        evasion, a section that stops it), else a win."""
        return "alive" if ends_alive(self.setup) else "win"
