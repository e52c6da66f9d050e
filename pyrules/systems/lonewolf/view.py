"""What the page, the list of saved fights and the command line see of a Lone Wolf-family fight, in the book's
words and the player's language: the screen before the next action, one line for a saved fight, the command line's
result, the labels, and what the page needs to know of the system.

>>> from pyrules.systems.lonewolf import FreewayWarrior
>>> FreewayWarrior.labels()["skill"], FreewayWarrior.describe()["table"]
('CLOSE COMBAT SKILL', 'Close Combat Results Table')
"""

from __future__ import annotations

from typing import Any, ClassVar

from ... import params
from ...i18n import tr
from . import words
from .record import Setup, State
from .rules import ONGOING, Engine, dead


class View(Engine):
    """The Lone Wolf family's views of a fight."""

    skill_label: ClassVar[str]  # the hero's skill in the book's words

    @classmethod
    def labels(cls) -> dict[str, str]:
        return {
            "skill": cls.skill_label,
            "endurance": "ENDURANCE",
            "endurance_max": "Starting ENDURANCE",
            "willpower": "WILLPOWER",
            "willpower_max": "Starting WILLPOWER",
            "weapon": "Weapon",
            "weapon_bonus": "Weapon bonus",
            "modifiers": "Bonuses from items or spells",
            "name": "Name",
        }

    @classmethod
    def enemy_labels(cls) -> dict[str, str]:
        return {"name": "Enemy name", "skill": f"Enemy {cls.skill_label}", "endurance": "Enemy ENDURANCE"}

    @classmethod
    def view(cls, setup: Setup, state: State) -> dict:
        """What the screen needs before the next action."""
        can_evade, evade_why = cls.evasion(setup, state)
        can_vigour, vigour_why = cls.vigour_allowed(setup, state)
        current = setup.enemies[min(state.current, len(setup.enemies) - 1)]
        spend = cls.spend_range(setup, state) if state.outcome == ONGOING else None
        skill = cls.skill_total(setup, state)
        at_once = cls.evades_at_once(setup, state)
        costs = words.costs_said(cls, at_once, spend)
        hero = {
            "endurance": state.endurance,
            "willpower": state.willpower,
            "skill": skill,
            "weapon": cls.weapon(setup, state).title(),
            "vigour": state.vigour,
            "dead": dead(state.endurance),
        }
        # While the fight goes on: the starting values. A finished fight shows them only where its record gives
        # them, so old records read exactly as before.
        ongoing = state.outcome == ONGOING
        if ongoing or setup.hero.endurance_max is not None:
            hero["endurance_max"] = setup.hero.starting_endurance
        if cls.has_willpower and (ongoing or setup.hero.willpower_max is not None):
            hero["willpower_max"] = setup.hero.starting_willpower
        uses: list[dict[str, str]] = []  # the items usable now, each with its button's words (none without a chart)
        if setup.hero.chart is not None:
            from .chart import use_buttons

            uses = use_buttons(cls, setup, state)
        return {
            "outcome": state.outcome,
            "rounds": state.rounds,
            "hero": hero,
            "enemies": [
                {"name": e.name, "skill": e.skill, "endurance": n, "dead": dead(n)}
                for e, n in zip(setup.enemies, state.enemies)
            ],
            "current": state.current,
            "combat_ratio": skill - current.skill,
            "evade": {
                "allowed": can_evade,
                "possible": setup.rules.evasion_possible,
                "why": evade_why,
                "at_once": at_once,  # no round fought: nothing is lost, no number drawn
                "cost": costs["evade"],  # under its button, in words
            },
            "vigour": {
                "allowed": can_vigour,
                "possible": cls.has_vigour and setup.rules.vigour,
                "why": vigour_why,
                "cost": costs["vigour"],
            },
            "can": {"use": uses},
            "willpower_spend": list(spend) if spend else None,
            "rules_said": params.said(cls.rule_params(), setup.rules),  # this section's rules, as the screen's chips
            "next_draw": state.draws,
            "said": {"outcome": words.outcome_said(cls, setup, state)},  # the outcome in words ("" while it goes on)
        }

    @classmethod
    def said(cls, setup: Setup, event: dict) -> dict[str, Any]:
        """A log event in words (:mod:`.words`): what its card and a screen reader say."""
        return words.said(cls, event)

    @classmethod
    def probes(cls, setup: Setup, state: State) -> dict[str, Any]:
        """Evade and Cast Vigour: their refusal by ``step`` is the reason the screen writes beside them, as for every
        system (an evasion probed with the least spend the Staff takes, so that only the evasion's own rules
        refuse it)."""
        spend = cls.spend_range(setup, state) if state.outcome == ONGOING else None
        evade = {"do": "evade", **({"willpower": spend[0]} if spend else {})}
        return {"evade": evade, **({"vigour": {"do": "vigour"}} if cls.has_vigour else {})}

    @classmethod
    def summary(cls, setup: Setup, state: State) -> dict:
        """One line for a list of saved fights."""
        return {
            "book": tr(cls.book),
            "hero": setup.hero.name or tr(cls.hero_name),
            "enemies": [e.name for e in setup.enemies],
            "rounds": state.rounds,
            "outcome": state.outcome,
            "stats": [[tr(label), value] for label, value in cls.stats(state)],
        }

    @classmethod
    def sides(cls, setup: Setup, state: State) -> list[list]:
        """The hero's numbers, and each enemy's ENDURANCE."""
        hero = setup.hero.name or tr(cls.hero_name)
        found = [[hero, tr(label), value] for label, value in cls.stats(state)]
        return found + [[enemy.name, tr("ENDURANCE"), n] for enemy, n in zip(setup.enemies, state.enemies)]

    @classmethod
    def stats(cls, state: State) -> list[tuple[str, int]]:
        """The hero's numbers a list of saved fights shows, by their labels."""
        found = [("ENDURANCE", state.endurance)]
        if state.willpower is not None:
            found.append(("WILLPOWER", state.willpower))
        return found

    @classmethod
    def result(cls, setup: Setup, state: State) -> dict:
        """The CLI's answer (without the log)."""
        hero = {"endurance": state.endurance}
        if state.willpower is not None:
            hero["willpower"] = state.willpower
        return {
            "outcome": state.outcome,
            "rounds": state.rounds,
            "hero": hero,
            "enemies": [{"name": e.name, "endurance": n} for e, n in zip(setup.enemies, state.enemies)],
        }

    @classmethod
    def describe(cls) -> dict:
        """What the page needs to know of this system, in the current language."""
        return {
            "kind": cls.kind,
            "book": tr(cls.book),
            "hero": tr(cls.hero_name),
            "labels": {name: tr(label) for name, label in cls.labels().items()},
            "enemy_labels": {name: tr(label) for name, label in cls.enemy_labels().items()},
            "has_willpower": cls.has_willpower,
            "has_vigour": cls.has_vigour,
            "weapons": [{"key": w.key, "name": w.title()} for w in cls.weapons.values()],
            "default_weapon": cls.default_weapon,
            "other_weapon_bonus": cls.other_weapon_bonus,
            "table": tr(cls.table.title),
            "rules": params.page(cls.rule_params()),  # the set-up form's fields, from the declarations
        }
