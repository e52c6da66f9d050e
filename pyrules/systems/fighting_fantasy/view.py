"""What the page, the saved-fights list and the command line see of a Fighting Fantasy fight, in the player's
language: the view before the next action, one line for a list, the result, and the system's own words."""

from __future__ import annotations

from typing import Any

from ... import params
from ...i18n import tr
from . import words
from .engine import Engine
from .record import (
    BACKPACK_SLOTS,
    BOOK,
    ENEMY_LABELS,
    HERO_LABELS,
    HERO_NAME,
    MAX_FLASK,
    MAX_SPELL_USES,
    RULE_PARAMS,
    SPELLS,
    FFHero,
    FFSetup,
    FFState,
    hero_name,
)
from .rules import (
    HIT,
    HURT,
    LOST,
    LUCK_TEST_COST,
    ONGOING,
    WOUND,
    decline_cost,
    fallen,
    fighting,
    lucky_wound,
)


def view(setup: FFSetup, state: FFState) -> dict:
    over = state.outcome != ONGOING
    at_peace = not state.fighting and state.outcome != LOST
    luck = state.outcome != LOST and (not state.fighting or state.pending_luck is not None)
    return {
        "outcome": state.outcome,
        "rounds": state.rounds,
        "hero": {
            "skill": state.skill,
            "stamina": state.stamina,
            "luck": state.luck,
            "max_skill": state.max_skill,
            "max_stamina": state.max_stamina,
            "max_luck": state.max_luck,
            "gold": state.gold,
            "backpack": list(state.backpack),
            "weapons": list(state.weapons),
            "food": state.food,
            "flask": state.flask,
            "spells": dict(state.spells),
            "strength": state.strength,
            "slots_free": BACKPACK_SLOTS - len(state.backpack) - state.food,
            "dead": fallen(state.stamina),
        },
        "enemies": [
            {"name": e.name, "skill": e.skill, "stamina": n, "weakened": i in state.weakened, "dead": fallen(n)}
            for i, (e, n) in enumerate(zip(setup.enemies, state.enemies))
        ],
        "fighting": fighting(setup, state.enemies) if setup.enemies and not over else [],
        "together": not setup.rules.one_by_one,
        "can": {
            "round": bool(setup.enemies) and not over,
            "escape": setup.rules.escape and bool(setup.enemies) and not over,
            "luck": luck,
            "combat_luck": state.pending_luck is not None,
            # a paragraph's test may be declined (the book: unlucky); a wound's test in combat is left by fighting on
            "decline": luck and state.pending_luck is None,
            "sheet": at_peace,
            "drink": at_peace or (setup.rules.flask_in_combat and state.fighting),
        },
        "pending_luck": list(state.pending_luck) if state.pending_luck else None,
        "luck_in_combat": setup.rules.luck_in_combat,
        # What a declined luck test costs now (the book: 1, as every test offered; 0 with the gentler reading).
        "decline_cost": decline_cost(setup, state),
        "decline_costs_luck": setup.rules.decline_costs_luck,
        "next_draw": state.draws,
        "rules_said": rules_said(setup),  # this paragraph's rules, as the screen's chips
        "weakness": setup.rules.weakness_penalty,  # what the Spell of Weakness takes from an enemy's ATTACK STRENGTH
    }


def rules_said(setup: FFSetup) -> list[str]:
    """The paragraph's rules in words: how several opponents fight, then each rule set (pyrules.params.said)."""
    together = [tr("One after another") if setup.rules.one_by_one else tr("All at once")]
    others = tuple(p for p in RULE_PARAMS if p.key != "one_by_one")  # said with the opponents, where several
    names = {key: tr(SPELLS[key][0]) for key in ("strength", "weakness")}
    words = params.said(others, setup.rules, cost=LUCK_TEST_COST, luck=tr(HERO_LABELS["luck"]), **names)
    return (together if len(setup.enemies) > 1 else []) + words


def summary(setup: FFSetup, state: FFState) -> dict:
    return {
        "book": tr(BOOK),
        "hero": hero_name(setup),
        "enemies": [e.name for e in setup.enemies],
        "rounds": state.rounds,
        "outcome": state.outcome,
        "stats": [[tr("STAMINA"), state.stamina], [tr("LUCK"), state.luck]],
    }


def sides(setup: FFSetup, state: FFState) -> list[list]:
    """The hero's STAMINA and LUCK, and each enemy's STAMINA."""
    hero = hero_name(setup)
    found = [[hero, tr("STAMINA"), state.stamina], [hero, tr("LUCK"), state.luck]]
    return found + [[enemy.name, tr("STAMINA"), n] for enemy, n in zip(setup.enemies, state.enemies)]


def result(setup: FFSetup, state: FFState) -> dict:
    return {
        "outcome": state.outcome,
        "rounds": state.rounds,
        "hero": {
            "skill": state.skill,
            "stamina": state.stamina,
            "luck": state.luck,
            "gold": state.gold,
            "backpack": list(state.backpack),
            **({"weapons": list(state.weapons)} if state.weapons else {}),  # besides the sword, if any
            "food": state.food,
            "flask": state.flask,
            "spells": dict(state.spells),
        },
        "enemies": [{"name": e.name, "stamina": n} for e, n in zip(setup.enemies, state.enemies)],
    }


def luck_wounds() -> dict[str, int]:
    """What a wound takes or costs after a luck test in combat, lucky or not."""
    return {"hit_lucky": lucky_wound(HIT, True), "hit": lucky_wound(HIT, False),
            "hurt_lucky": lucky_wound(HURT, True), "hurt": lucky_wound(HURT, False)}  # fmt: skip


def describe(kind: str) -> dict:
    """What the page needs to know of this system (its screen ``kind``), in the current language."""
    return {
        "kind": kind,
        "book": tr(BOOK),
        "hero": tr(HERO_NAME),
        "labels": {name: tr(label) for name, label in HERO_LABELS.items()},
        "enemy_labels": {name: tr(label) for name, label in ENEMY_LABELS.items()},
        "spells": [{"key": key, "name": tr(name)} for key, (name, _when) in SPELLS.items()],
        "backpack_slots": BACKPACK_SLOTS,
        "spell_uses": MAX_SPELL_USES,
        "flask_max": MAX_FLASK,  # beside the field: the book's two drinks, and a refill a paragraph gives
        "sheet_defaults": {"gold": FFHero.gold, "flask": FFHero.flask},  # a new sheet's: the book's 15 gold, 2 drinks
        # the set-up form's fields, from the declarations; their hints say the book's numbers: what a wound takes (an
        # escape's last blow), a luck test's cost and its wounds in combat, the spells' defaults
        "rules": params.page(RULE_PARAMS, wound=WOUND, cost=LUCK_TEST_COST, **luck_wounds()),
    }


class View(Engine):
    """What the page, the saved list and the command line see of a Fighting Fantasy fight, and its words
    (:mod:`.words`)."""

    @classmethod
    def view(cls, setup: FFSetup, state: FFState) -> dict:
        shown = view(setup, state)
        return {**shown, "said": words.view_words(setup, state, shown)}

    @classmethod
    def said(cls, setup: FFSetup, event: dict) -> dict[str, Any]:
        return words.said(setup, event)

    @classmethod
    def summary(cls, setup: FFSetup, state: FFState) -> dict:
        return summary(setup, state)

    @classmethod
    def result(cls, setup: FFSetup, state: FFState) -> dict:
        return result(setup, state)

    @classmethod
    def sides(cls, setup: FFSetup, state: FFState) -> list[list]:
        return sides(setup, state)

    @classmethod
    def describe(cls) -> dict:
        return describe(cls.kind)
