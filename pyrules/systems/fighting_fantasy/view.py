"""What the page, the saved-fights list and the command line see of a Fighting Fantasy fight, in the player's
language: the view before the next action, one line for a list, the result, and the system's own words."""

from __future__ import annotations

from ...i18n import tr
from .record import (
    BACKPACK_SLOTS,
    ENEMY_LABELS,
    HERO_LABELS,
    MAX_FLASK,
    MAX_SPELL_USES,
    SPELLS,
    FFHero,
    FFRules,
    FFSetup,
    FFState,
)
from .rules import HIT, HURT, LOST, LUCK_TEST_COST, ONGOING, WOUND, fighting, lucky_wound

BOOK = "Dungeons of the Black Castle"  # in English; shown through tr()
HERO_NAME = "Hero"


def hero_name(setup: FFSetup) -> str:
    """The hero as the page names him: the sheet's name, or the book's hero in the current language."""
    return setup.hero.name or tr(HERO_NAME)


def view(setup: FFSetup, state: FFState) -> dict:
    over = state.outcome != ONGOING
    at_peace = not state.fighting and state.outcome != LOST
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
        },
        "enemies": [
            {"name": e.name, "skill": e.skill, "stamina": n, "weakened": i in state.weakened}
            for i, (e, n) in enumerate(zip(setup.enemies, state.enemies))
        ],
        "fighting": fighting(setup, state.enemies) if setup.enemies and not over else [],
        "together": not setup.rules.one_by_one,
        "can": {
            "round": bool(setup.enemies) and not over,
            "escape": setup.rules.escape and bool(setup.enemies) and not over,
            "luck": state.outcome != LOST and (not state.fighting or state.pending_luck is not None),
            "combat_luck": state.pending_luck is not None,
            "sheet": at_peace,
            "drink": at_peace or (setup.rules.flask_in_combat and state.fighting),
        },
        "pending_luck": list(state.pending_luck) if state.pending_luck else None,
        "luck_in_combat": setup.rules.luck_in_combat,
        # What a declined luck test costs now (the book: 1, as every test offered; 0 with the gentler reading).
        "decline_cost": 1 if setup.rules.decline_costs_luck and state.luck > 0 else 0,
        "decline_costs_luck": setup.rules.decline_costs_luck,
        "next_draw": state.draws,
    }


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
        "wound": WOUND,  # what a wound takes, and an escape's last blow
        "sheet_defaults": {"gold": FFHero.gold, "flask": FFHero.flask},  # a new sheet's: the book's 15 gold, 2 drinks
        # the numbers the set-up's hints say: a luck test's cost and its wounds, the spells' defaults (the Spell of
        # Weakness's also where a section gives no number)
        "luck_test_cost": LUCK_TEST_COST,
        "luck_wounds": {"hit_lucky": lucky_wound(HIT, True), "hit": lucky_wound(HIT, False),
                        "hurt_lucky": lucky_wound(HURT, True), "hurt": lucky_wound(HURT, False)},
        "rule_defaults": {"strength_bonus": FFRules.strength_bonus, "weakness_penalty": FFRules.weakness_penalty},
    }
