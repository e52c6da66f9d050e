"""What a fight's review (:mod:`pyrules.review`) and the odds panel's advice ask of a Fighting Fantasy fight: each
state's worth under the player's :class:`~pyrules.contract.Worth` (a win 1, death 0, an escape ``escape``) with the
best play from there (the best targets, with luck in combat the best luck tests, and where the paragraph allows it
an escape at any round), the player's choices and what each is worth before its dice.

The worth is :class:`.odds.FFChain`'s, one chain for each set of fighting strengths met (a spell or a weapon that
changes them starts another), each chain's memo shared by every state the fight reaches with those strengths.

Each chain has the odds' budget twice over (work and states), so the review of a state answers wherever the odds of
the record cut there do. One budget is for fighting on from the record's states: a later state reaches only states an
earlier one reaches too, so what the later ones put in the memo is work the odds from the earlier one would do, and
this budget runs out no sooner than theirs. The other is for weighing the choices that lead away from the fight the
odds count (a luck test outside a round costs УДАЧА, where the odds fight on with the sheet as it stands), so that
they do not eat into the first.

Judged: the target of a round, a luck test taken or declined, an escape (worth what coming through alive is).
Not judged: the adventure sheet's actions (drinking, eating, a spell, things taken or dropped): the odds fight on
with the sheet as it stands, so they have no worth for those; the review shows the change such an action made apart.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...budget import Budget, TooLarge
from ...contract import Outcome, Worth
from ...i18n import tr
from ...odds import best_now
from . import odds, rules
from .odds import FF_STATES, FF_WORK, FFChain
from .record import ACTION_KIND_LABELS, FFAction, FFSetup, FFState

if TYPE_CHECKING:
    from ...contract import OddsReply

JUDGED = ("round", "luck", "escape")


class FightingFantasyValues:
    """The review's questions, answered for one Fighting Fantasy fight (see :class:`pyrules.contract.ReviewValues`)."""

    def __init__(self, system: Any, setup: FFSetup, worth: Worth | None = None):
        self.system, self.setup, self.worth = system, setup, worth or Worth()
        # what an escape is worth to the chains (None: never worth taking, or not allowed here)
        self.escape = self.worth.escape if setup.rules.escape and self.worth.escape > 0 else None
        self.chains: dict[tuple, FFChain] = {}
        self.plain: dict[tuple, FFChain] = {}  # fought to the end, for the chance to win (:meth:`win`)
        self.budgets: dict[tuple, tuple[Budget, Budget]] = {}  # each chain's: (fighting on, the other choices)
        self.aside = False  # weighing a choice other than a round: the chains' second budget

    def _chain(self, state: FFState) -> FFChain:
        """The chain of the state's fighting strengths (the engine's key for them), made the first time they are met,
        spending the budget of what is being weighed."""
        key = (rules.strengths_key(state), state.max_stamina)
        chain = self.chains.get(key)
        if chain is None:
            chain = self.chains[key] = FFChain(self.setup, state, "best", limit=2 * FF_STATES, escape=self.escape)
            self.budgets[key] = (chain.budget, Budget(FF_WORK))
        chain.budget = self.budgets[key][self.aside]
        return chain

    def value(self, state: FFState) -> float:
        """The state's worth: an ended fight its end's (a win 1, an escape the worth's ``escape``, death 0); with a
        luck test offered, the better of taking it or not."""
        if state.outcome != Outcome.ONGOING:
            return self.worth.end(state.outcome)
        chain = self._chain(state)
        try:
            return chain.after(state.stamina, state.enemies, state.luck, state.pending_luck)
        except TooLarge:  # past the chain's budget: a later, smaller state starts a chain of its own
            key = (rules.strengths_key(state), state.max_stamina)
            del self.chains[key], self.budgets[key]
            raise

    def decision(self, state: FFState, action: FFAction) -> FFAction:
        """The choice an action made, without its dice (a round with no target named: the engine's, the first
        enemy in the fight)."""
        if action.do == "round" and action.target is None:
            living = rules.fighting(self.setup, state.enemies)
            action = replace(action, target=living[0] if living else None)
        return replace(action, dice=None, copy_dice=None)

    def choices(self, state: FFState) -> list[FFAction]:
        """The judged choices the engine allows now: each target, the escape, the luck test on a round's wound and its
        refusal (a luck test outside a round is the paragraph's, not a choice of the fight's)."""
        found: list[FFAction] = []
        for action in self.system.legal_actions(self.setup, state):
            if action.do == "luck" and state.pending_luck is None:
                continue
            if action.do in JUDGED and action not in found:
                found.append(action)
        return found

    def reward(self, state: FFState, choice: FFAction) -> float:
        return 0.0

    def q(self, state: FFState, choice: FFAction) -> float | None:
        """The choice's worth before its dice; None for an action the odds do not weigh (the sheet's)."""
        if choice.do not in JUDGED:
            return None
        if choice.do == "round" and choice.target is not None and state.outcome == Outcome.ONGOING:
            # the round's outcomes, grouped as the odds count them: a round that changes nothing leaves the state as
            # it was (an offered luck test lapses), any other goes where its wounds lead
            chain = self._chain(state)
            living = tuple(rules.fighting(self.setup, state.enemies))
            stay, moves = chain.moves(state.stamina, state.enemies, living, choice.target)
            total = stay * chain.value(state.stamina, state.enemies, state.luck)
            for p, hero, foes, pending in moves:
                total += p * chain.after(hero, foes, state.luck, pending)
            return total
        total = 0.0
        aside, self.aside = self.aside, True
        try:
            for p, outcome in self.system.chance(self.setup, state, choice):
                total += float(p) * self.value(self.system.step(self.setup, state, outcome)[0])
        finally:
            self.aside = aside
        return total

    def words(self, choice: FFAction) -> str:
        if choice.do == "round":
            return tr("strike {name}", name=self.setup.enemies[choice.target or 0].name)
        if choice.do == "luck":
            return tr("decline the luck test") if choice.decline else tr("test your luck")
        if choice.do == "escape":
            return tr("escape, testing your luck") if choice.luck else tr("escape")
        return tr(ACTION_KIND_LABELS[choice.do])

    def win(self, state: FFState) -> float:
        """The odds panel's chance to win from ``state``, fought to the end without an escape (the ``odds`` op's
        ``win``), which the story draws beside the worth where the paragraph allows escape."""
        if state.outcome != Outcome.ONGOING:
            return 1.0 if state.outcome == Outcome.WON else 0.0
        key = (rules.strengths_key(state), state.max_stamina)
        chain = self.plain.get(key)
        if chain is None:
            chain = self.plain[key] = FFChain(self.setup, state, "best")
        return min(1.0, max(0.0, chain.after(state.stamina, state.enemies, state.luck, state.pending_luck)))

    def measure(self) -> str:
        """What the worth is a chance of: coming through alive where the paragraph allows escape, else a win."""
        return "alive" if self.setup.rules.escape else "win"


def exact(fight: Any, options: dict) -> OddsReply:
    """The odds panel's answer (:func:`.odds.exact`: fought to the end) and, where the paragraph allows escape, what
    an escape is worth to the player asked (``asks``) and the advice under that worth (``best``: each choice now with
    the best play after it, the story's own values)."""
    reply = odds.exact(fight, options)
    if not fight.setup.rules.escape or fight.state.outcome != Outcome.ONGOING:
        return reply
    told: dict[str, Any] = reply  # type: ignore[assignment]
    told["asks"] = ["escape"]
    worth = options.get("worth") or Worth()  # judged already (pyrules.odds.judged)
    try:
        values = FightingFantasyValues(fight.system, fight.setup, worth)
        told["best"], _, said = best_now(values, fight.state, worth, fight.system.action_json)
    except TooLarge:
        told["left_out"] = ["best"]
    else:
        told["advice"] = said + told["advice"]
    return reply
