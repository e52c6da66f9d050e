"""The Fighting Fantasy system of «Подземелья Чёрного замка» (1991), as the contract
(:class:`pyrules.contract.System`) states it: the record (:mod:`.record`), the fight (:mod:`.rules`), the adventure
sheet (:mod:`.sheet`), the spells (:mod:`.spells`), what is shown (:mod:`.view`) and the odds (:mod:`.odds`, imported
when asked for), joined here.

>>> setup = FightingFantasy.parse_setup({"hero": {"skill": 10, "stamina": 18, "luck": 9},
...                                      "enemies": [{"name": "ШПИОН", "skill": 10, "stamina": 12}]})
>>> state = FightingFantasy.initial(setup)
>>> [action.do for action in FightingFantasy.legal_actions(setup, state)]  # no fight yet: the sheet is open
['round', 'luck', 'luck', 'take', 'take', 'arm', 'gold', 'gold', 'adjust']
>>> chances = FightingFantasy.chance(setup, state, FFAction("round", target=0))
>>> len(chances), sum(p for p, _ in chances), FightingFantasy.action_json(chances[7][1])
(36, Fraction(1, 1), {'do': 'round', 'target': 0, 'dice': [[2, 2], None]})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ...contract import Outcome, Policy, System
from ...fields import Reader, RecordError
from ...i18n import tr
from ...params import Param
from . import record, rules, sheet, spells, words
from . import view as display
from .record import RULE_LABELS, TARGETED_SPELLS, FFAction, FFSetup, FFState
from .rules import ONGOING, PAIRS, Event

if TYPE_CHECKING:
    from ...contract import OddsReply

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


class FightingFantasy(System):
    """The 1991 rules of «Подземелья Чёрного замка»."""

    key: ClassVar[str] = "fighting-fantasy"
    book: ClassVar[str] = display.BOOK
    hero_name: ClassVar[str] = display.HERO_NAME
    note: ClassVar[str] = "(D. Braslavsky, 1991)"
    kind: ClassVar[str] = "ff"
    named_hero: ClassVar[bool] = True  # hero.name
    rule_labels: ClassVar[dict[str, str]] = RULE_LABELS
    capabilities: ClassVar[frozenset[str]] = frozenset({"exact_odds", "roll_hero", "review"})
    main_stat: ClassVar[str] = "stamina"
    terms: ClassVar[tuple[tuple[str, str], ...]] = (
        ("skill", "how well one fights: added to two dice each round, the higher total wounds"),
        ("stamina", "strength: each wound takes some, and at 0 one dies"),
        ("luck", "tested to make a wound worse or lighter: each test lowers it"),
    )
    examples: ClassVar[dict[str, dict]] = {
        "small": {"hero": {"skill": 9, "stamina": 8, "luck": 7},
                  "enemies": [{"skill": 7, "stamina": 4}, {"skill": 8, "stamina": 4}]},
        "typical": {"hero": {"skill": 10, "stamina": 18, "luck": 9, "backpack": ["верёвка"], "food": 2,
                             "spells": {"strength": 1, "healing": 1}},
                    "enemies": [{"name": "ГОБЛИН", "skill": 5, "stamina": 5},
                                {"name": "ОРК", "skill": 7, "stamina": 8}],
                    "rules": {"escape": True, "decline_costs_luck": True}},
    }  # fmt: skip

    # ---- the record ------------------------------------------------------------------------------------------

    @classmethod
    def rule_params(cls) -> tuple[Param, ...]:
        return record.RULE_PARAMS

    @classmethod
    def labels(cls) -> dict[str, str]:
        return dict(record.HERO_LABELS)

    @classmethod
    def enemy_labels(cls) -> dict[str, str]:
        return dict(record.ENEMY_LABELS)

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        return dict(record.ACTION_KIND_LABELS)

    @classmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> FFSetup:
        return record.parse_setup(data, lenient)

    @classmethod
    def setup_json(cls, setup: FFSetup) -> dict:
        return record.setup_json(setup)

    @classmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> FFAction:
        return record.parse_action(data, index, lenient)

    @classmethod
    def action_json(cls, action: FFAction) -> dict:
        return record.action_json(action)

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        return sheet.roll_hero(seed, given)

    @classmethod
    def hero_after(cls, setup: FFSetup, state: FFState) -> dict:
        """The adventure sheet as the fight leaves it: МАСТЕРСТВО, ВЫНОСЛИВОСТЬ and УДАЧА now, their initial values
        kept, gold, flask, food, backpack, weapons and the spells left."""
        hero = record.FFHero(state.skill, state.stamina, state.luck, state.max_skill, state.max_stamina,
                             state.max_luck, state.gold, state.backpack, state.food, state.flask, state.spells,
                             setup.hero.name, state.weapons)  # fmt: skip
        return record.hero_json(hero, sheet=True)

    @classmethod
    def read_hero(cls, data: Any, lenient: bool = False) -> dict:
        return record.hero_json(record.parse_hero(data, lenient, fallen=True), sheet=True)

    # ---- the rules -------------------------------------------------------------------------------------------

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
        return HANDLERS[action.do](setup, state, action, path)

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

    # ---- what the page, the list and the CLI see -------------------------------------------------------------

    @classmethod
    def view(cls, setup: FFSetup, state: FFState) -> dict:
        shown = display.view(setup, state)
        return {**shown, "said": words.view_words(setup, state, shown)}

    @classmethod
    def said(cls, setup: FFSetup, event: dict) -> dict[str, Any]:
        return words.said(setup, event)

    @classmethod
    def summary(cls, setup: FFSetup, state: FFState) -> dict:
        return display.summary(setup, state)

    @classmethod
    def result(cls, setup: FFSetup, state: FFState) -> dict:
        return display.result(setup, state)

    @classmethod
    def sides(cls, setup: FFSetup, state: FFState) -> list[list]:
        return display.sides(setup, state)

    @classmethod
    def describe(cls) -> dict:
        return display.describe(cls.kind)

    # ---- odds ------------------------------------------------------------------------------------------------

    @classmethod
    def simulation_policy(cls, options: Mapping[str, Any] | None = None) -> Policy:
        from .odds import fighting_fantasy_policy

        return fighting_fantasy_policy

    @classmethod
    def exact_odds(cls, fight: Any, options: dict) -> OddsReply:
        from .odds import exact

        return exact(fight, options)

    @classmethod
    def review_values(cls, setup: Any, state: Any, options: dict) -> Any:
        from .review import FightingFantasyValues

        if not setup.enemies:  # a paragraph's record: no fight to review
            raise RecordError("enemies", tr("there is no enemy in this paragraph"), tr("Enemies"))
        return FightingFantasyValues(cls, setup)
