"""The Fighting Fantasy fight as the contract plays it (:class:`Engine`): the hooks that start, step and list a
fight, over the modules its steps live in: the round, escape and luck (:mod:`.rules`), the adventure sheet
(:mod:`.sheet`) and the spells (:mod:`.spells`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any, ClassVar

from ...contract import Outcome
from ...fields import RecordError
from ...i18n import tr
from . import rules, sheet, spells
from .record import TARGETED_SPELLS, FFAction, FFSetup, FFState, Record
from .rules import ONGOING, PAIRS, Event

Handler = Callable[[FFSetup, FFState, FFAction, str], tuple[FFState, Event]]
HANDLERS: dict[str, Handler] = {
    "round": rules.do_round,
    "escape": rules.do_escape,
    "luck": rules.do_luck,
    "drink": sheet.do_drink,
    "eat": sheet.do_eat,
    "take": sheet.do_take,
    "drop": sheet.do_drop,
    "arm": sheet.do_arm,
    "disarm": sheet.do_disarm,
    "gold": sheet.do_gold,
    "spell": spells.do_spell,
    "adjust": sheet.do_adjust,
}


class Engine(Record):
    """The steps of a Fighting Fantasy fight, by the kind of action (:data:`HANDLERS`)."""

    handlers: ClassVar[dict[str, Handler]] = HANDLERS

    @classmethod
    def initial(cls, setup: FFSetup) -> FFState:
        return rules.initial(setup)

    @classmethod
    def living(cls, setup: FFSetup, state: FFState) -> list[int]:
        """The enemies in the fight now: all the living at once, or the current one."""
        return rules.fighting(setup, state.enemies)

    @classmethod
    def step(cls, setup: FFSetup, state: FFState, action: FFAction, path: str = "action") -> tuple[FFState, Event]:
        if state.outcome == Outcome.LOST:
            raise RecordError(path, tr("the hero is dead: the adventure is over"))
        return cls.handlers[action.do](setup, state, action, path)

    @classmethod
    def probes(cls, setup: FFSetup, state: FFState) -> dict[str, Any]:
        """The sheet's controls the page disables, and why (the flask, food, the backpack, each spell the hero
        has, the Spell of Weakness on an enemy not weakened yet): their refusal by :meth:`step` is the reason written
        beside them."""
        probes: dict[str, Any] = {"drink": {"do": "drink"}, "eat": {"do": "eat"}, "take": {"do": "take", "item": "?"},
                                  "arm": {"do": "arm", "weapon": "?"}}
        for key, _uses in state.spells:
            probes[f"spell:{key}"] = {"do": "spell", "spell": key}
            untouched = [i for i, n in enumerate(state.enemies) if n > 0 and i not in state.weakened]
            if key == "weakness" and untouched:  # weakened already: another enemy may be
                probes[f"spell:{key}"]["target"] = untouched[0]
        return probes

    @classmethod
    def candidates(cls, setup: FFSetup, state: FFState) -> list[FFAction]:
        """Every action of the kinds this book has, with the player's choices spelled out (a target, a thing, a
        spell): the engine's own ``step`` decides which are legal now."""
        actions = [FFAction("round", target=i) for i in range(len(setup.enemies))]
        actions += [FFAction("escape"), FFAction("escape", luck=True), FFAction("luck"), FFAction("luck", decline=True)]
        actions += [FFAction("drink"), FFAction("eat", stamina=0), FFAction("take", food=1), FFAction("drop", food=1)]
        actions += [FFAction("take", item=tr("a thing"))]
        actions += [FFAction("drop", item=item) for item in dict.fromkeys(state.backpack)]
        actions += [FFAction("arm", weapon=tr("a weapon"))]
        actions += [FFAction("disarm", weapon=weapon) for weapon in dict.fromkeys(state.weapons)]
        actions += [FFAction("gold", amount=1), FFAction("gold", amount=-1), FFAction("adjust", stamina=-1)]
        for spell, _ in state.spells:
            targets: list[int | None] = list(range(len(setup.enemies))) if spell in TARGETED_SPELLS else [None]
            actions += [FFAction("spell", spell=spell, target=i) for i in targets]
        return actions

    @classmethod
    def legal_actions(cls, setup: FFSetup, state: FFState) -> list[FFAction]:
        legal = []
        for action in cls.candidates(setup, state):
            try:
                cls.step(setup, state, action)
            except RecordError:
                continue
            legal.append(action)
        return legal

    @classmethod
    def chance(cls, setup: FFSetup, state: FFState, action: FFAction) -> list[tuple[Fraction, FFAction]]:
        """The next roll left to chance, as OpenSpiel's chance nodes are sequential: two dice (36 pairs, each 1 in
        36) for the first roller whose dice are not given — a round's hero, then each enemy in the fight; a luck
        test's, an escape's on its last blow among them (none with no УДАЧА left); the Copy's fight, one round at a
        time (the copy's and the enemy's dice, 1,296 pairs of pairs) until the dice given end it. ``[(1, action)]``
        when the action needs no roll."""
        if action.do == "round":
            given = list(action.dice or ())
            given += [None] * (1 + len(setup.enemies) - len(given))
            rollers = [0] + [1 + i for i in rules.fighting(setup, state.enemies)] if state.outcome == ONGOING else []
            for roller in rollers:
                if given[roller] is None:
                    return [
                        (Fraction(1, 36), replace(action, dice=tuple(given[:roller] + [pair] + given[roller + 1 :])))
                        for pair in PAIRS
                    ]
        if action.do == "spell" and action.spell == "copy":
            living = [i for i, n in enumerate(state.enemies) if n > 0]
            target = action.target if action.target is not None else (living[0] if living else None)
            if target in living:
                copy_dice = action.copy_dice or ()
                fought, _ = spells.copy_fight(setup, state, target, copy_dice)
                if fought.draws != state.draws:  # the dice given do not end the Copy's fight: its next round
                    return [
                        (Fraction(1, 1296), replace(action, copy_dice=(*copy_dice, (mine, theirs))))
                        for mine in PAIRS
                        for theirs in PAIRS
                    ]
        tests_luck = (action.do == "luck" and not action.decline) or (action.do == "escape" and action.luck)
        if tests_luck and not action.dice and rules.rolls_for_luck(state.luck):
            return [(Fraction(1, 36), replace(action, dice=(pair,))) for pair in PAIRS]
        return [(Fraction(1), action)]

    @classmethod
    def outcome(cls, state: FFState) -> Outcome:
        return Outcome(state.outcome)
