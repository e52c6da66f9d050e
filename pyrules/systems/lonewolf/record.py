"""The Lone Wolf family's part of a fight record: the setup (hero, enemies, the section's rules, seed), the state a
fight is in, the actions, and reading and writing them.

Reading refuses anything the record does not allow, naming the field, in the book's words:

>>> from pyrules.systems.lonewolf import GreyStar
>>> setup = GreyStar.parse_setup({"hero": {"skill": 15, "endurance": 25, "willpower": 23},
...                               "enemies": [{"name": "Deathgaunt", "skill": 20, "endurance": 30}]})
>>> setup.hero.weapon, setup.enemies[0].endurance, GreyStar.setup_json(setup)["rules"]
('staff', 30, {})
>>> GreyStar.parse_action({"do": "round", "willpower": 2, "number": 6}, 0)
Action(do='round', number=6, willpower=2)
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar

from ... import rng
from ...contract import Outcome, System
from ...fields import MAX_NAME, Reader, changed_rules
from ...i18n import tr

MAX_SKILL, MAX_ENDURANCE, MAX_WILLPOWER, MAX_ENEMIES = 99, 999, 999, 20
MAX_ROUNDS_RULE = 999


@dataclass(frozen=True)
class Weapon:
    key: str
    name: str  # in the book's words
    adjustment: int  # added to the skill on the Action Chart
    magic: bool = False  # Grey Star's Staff: WILLPOWER multiplies the enemy's loss
    bonus_shown: bool = False  # the name is shown with its bonus, "Machete (+3)"

    def title(self) -> str:
        """The name on screen, in the player's language."""
        return f"{tr(self.name)} (+{self.adjustment})" if self.bonus_shown else tr(self.name)


@dataclass(frozen=True)
class Hero:
    skill: int
    endurance: int
    willpower: int | None = None
    weapon: str = ""
    weapon_bonus: int = 0  # a weapon the catalogue lacks ("other"): its printed bonus
    modifiers: tuple[tuple[str, int], ...] = ()  # (item or spell, skill bonus)
    name: str = ""
    endurance_max: int | None = None  # starting ENDURANCE on the Action Chart (None: not given, ``endurance``)
    willpower_max: int | None = None  # Grey Star: starting WILLPOWER (None: not given, ``willpower``)

    @property
    def starting_endurance(self) -> int:
        return self.endurance if self.endurance_max is None else self.endurance_max

    @property
    def starting_willpower(self) -> int | None:
        return self.willpower if self.willpower_max is None else self.willpower_max


@dataclass(frozen=True)
class Enemy:
    name: str
    skill: int
    endurance: int


@dataclass(frozen=True)
class Rules:
    """Per-fight exceptions printed in a section (../shared/reference/FIGHT-EXCEPTIONS.md). All optional."""

    evade_after: int | None = None  # may evade once this many rounds have been fought (0: from the start)
    evade_until: int | None = None  # may evade only in the first N rounds
    evade_when_enemy_at_most: int | None = None  # may evade once the enemy's ENDURANCE is at most N
    evade_before_round: bool = False  # evading before any round is fought ends the fight at once, nothing lost
    skill_modifier: int = 0  # +-N to the hero's skill for this fight
    skill_modifier_rounds: int = 0  # ... only for the first N rounds (0: the whole fight)
    unarmed_rounds: int = 0  # the first N rounds are fought without a weapon
    enemy_immune_rounds: int = 0  # the enemy's table losses in the first N rounds are ignored
    hero_immune_rounds: int = 0  # the hero's table losses in the first N rounds are ignored
    enemy_loss_multiplier: Fraction = Fraction(1)  # "double all ENDURANCE points lost by the enemy"
    hero_loss_multiplier: Fraction = Fraction(1)
    enemy_extra_loss: int = 0  # extra ENDURANCE lost by the enemy every round
    hero_extra_loss: int = 0  # extra ENDURANCE lost by the hero every round ("poisonous fumes")
    hero_extra_loss_when_wounded: int = 0  # extra loss in each round the table wounds the hero
    max_rounds: int | None = None  # the fight stops after N rounds ("if you are still alive after four rounds")
    end_when_enemy_at_most: int | None = None  # the fight stops when the enemy is at or below N ENDURANCE
    end_when_hero_at_most: int | None = None
    restore_endurance: bool = False  # not a fight to the death: the hero's losses are restored when it ends
    restore_part: Fraction = Fraction(0)  # ... or this share of them (rounded down)
    restore_points: int = 0  # ... or this many points of them
    vigour: bool = True  # Banedon may cast Vigour in this fight

    @property
    def evasion_possible(self) -> bool:
        return (self.evade_after, self.evade_until, self.evade_when_enemy_at_most) != (None, None, None)


@dataclass(frozen=True)
class Setup:
    hero: Hero
    enemies: tuple[Enemy, ...]
    rules: Rules = field(default_factory=Rules)
    seed: int = 0


@dataclass(frozen=True)
class State:
    endurance: int
    willpower: int | None
    enemies: tuple[int, ...]  # each enemy's ENDURANCE
    current: int = 0  # index of the enemy being fought (one after another, in the order given)
    rounds: int = 0  # rounds fought, the evasion round included
    draws: int = 0  # random numbers drawn from the seeded generator so far
    vigour: bool = False
    outcome: str = Outcome.ONGOING


@dataclass(frozen=True)
class Action:
    do: str  # "round" | "evade" | "vigour"
    number: int | None = None  # the player's own pick from the Random Number Table
    willpower: int | None = None  # Grey Star: WILLPOWER to spend through the Staff this round


RULE_LABELS = {
    "evade_after": "Evasion allowed after round",
    "evade_until": "Evasion allowed only in the first rounds",
    "evade_when_enemy_at_most": "Evasion allowed when the enemy's ENDURANCE is at most",
    "evade_before_round": "Evading before the first round: no round is fought, nothing is lost",
    "skill_modifier": "Skill modifier for this fight",
    "skill_modifier_rounds": "Skill modifier only for the first rounds",
    "unarmed_rounds": "Rounds fought without a weapon",
    "enemy_immune_rounds": "Enemy unharmed for the first rounds",
    "hero_immune_rounds": "Hero unharmed for the first rounds",
    "enemy_loss_multiplier": "Enemy's losses multiplied by",
    "hero_loss_multiplier": "Hero's losses multiplied by",
    "enemy_extra_loss": "Enemy loses extra ENDURANCE each round",
    "hero_extra_loss": "Hero loses extra ENDURANCE each round",
    "hero_extra_loss_when_wounded": "Hero loses extra ENDURANCE when wounded",
    "max_rounds": "Fight stops after round",
    "end_when_enemy_at_most": "Fight stops when the enemy's ENDURANCE is at most",
    "end_when_hero_at_most": "Fight stops when the hero's ENDURANCE is at most",
    "restore_endurance": "Not a fight to the death (losses restored afterwards)",
    "restore_part": "Not a fight to the death: share of the losses restored afterwards",
    "restore_points": "Not a fight to the death: ENDURANCE points restored afterwards",
    "vigour": "Vigour allowed",
}


class Record(System):
    """Reading and writing the Lone Wolf family's record. Each book's class (``system.py``, ``variants.py``)
    gives the facts declared here."""

    rule_labels: ClassVar[dict[str, str]] = RULE_LABELS
    named_hero: ClassVar[bool] = True  # hero.name
    has_willpower: ClassVar[bool]  # Grey Star: WILLPOWER, spent through the Staff
    has_vigour: ClassVar[bool]  # Banedon's Vigour
    weapons: ClassVar[dict[str, Weapon]]  # the book's weapons, by their record keys
    default_weapon: ClassVar[str]
    other_weapon_bonus: ClassVar[bool]  # "other" weapon takes its printed bonus from hero.weapon_bonus

    @classmethod
    @abstractmethod
    def enemy_labels(cls) -> dict[str, str]:
        """The enemy's fields and their labels in the book's words (``view.py``)."""

    @classmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> Setup:
        """The system-specific part of a fight record: hero, enemies, rules, seed."""
        hero = cls.parse_hero(data.get("hero"), lenient)
        enemy_list = Reader(data, "", lenient=lenient).items("enemies", low=1, high=MAX_ENEMIES)
        enemies = tuple(cls.parse_enemy(item, i, lenient) for i, item in enumerate(enemy_list))
        rules = cls.parse_rules(data.get("rules", {}), lenient)
        seed = Reader(data, "", {"seed": "Seed"}, lenient).integer("seed", low=0, high=rng.MAX_SEED, default=0)
        return Setup(hero, enemies, rules, seed)

    @classmethod
    def parse_hero(cls, data: Any, lenient: bool = False, fallen: bool = False) -> Hero:
        """The hero's part of a record; ``fallen``: an adventure's hero, whom a lost fight leaves at 0 ENDURANCE.
        ENDURANCE never passes its starting value (``endurance_max``); WILLPOWER may (the books: the Magic Talisman
        gives +2 WILLPOWER above the starting total), so ``willpower_max`` is only the starting total."""
        r = Reader(data, "hero", cls.labels(), lenient)
        skill = r.integer("skill", low=0, high=MAX_SKILL)
        endurance = r.integer("endurance", low=0 if fallen else 1, high=MAX_ENDURANCE)
        endurance_max = r.integer("endurance_max", low=max(1, endurance), high=MAX_ENDURANCE, default=None)
        willpower = willpower_max = None
        if cls.has_willpower:
            willpower = r.integer("willpower", low=0, high=MAX_WILLPOWER)
            willpower_max = r.integer("willpower_max", low=0, high=MAX_WILLPOWER, default=None)
        weapon = r.choice("weapon", cls.weapons, default=cls.default_weapon)
        weapon_bonus = 0
        if weapon == "other" and cls.other_weapon_bonus:
            weapon_bonus = r.integer("weapon_bonus", low=0, high=20, default=0)
        modifiers = []
        for i, item in enumerate(r.items("modifiers", low=0, high=20, default=[])):
            m = Reader(item, f"hero.modifiers[{i}]", {"name": "Item or spell", "skill": "Bonus"}, lenient)
            modifiers.append((m.text("name", default="Bonus"), m.integer("skill", low=-MAX_SKILL, high=MAX_SKILL)))
            m.done()
        name = r.text("name", default="", max_length=MAX_NAME)  # the adventure sheet's name
        r.done()
        return Hero(
            skill, endurance, willpower, weapon, weapon_bonus, tuple(modifiers), name, endurance_max, willpower_max
        )

    @classmethod
    def parse_enemy(cls, data: Any, index: int, lenient: bool = False) -> Enemy:
        r = Reader(data, f"enemies[{index}]", cls.enemy_labels(), lenient)
        name = r.text("name", default=tr("Enemy {n}", n=index + 1) if index else tr("Enemy"))
        enemy = Enemy(
            name, r.integer("skill", low=0, high=MAX_SKILL), r.integer("endurance", low=1, high=MAX_ENDURANCE)
        )
        r.done()
        return enemy

    @classmethod
    def parse_rules(cls, data: Any, lenient: bool = False) -> Rules:
        r = Reader(data, "rules", RULE_LABELS, lenient)
        counts = {}
        for key in (
            "evade_after",
            "evade_until",
            "evade_when_enemy_at_most",
            "max_rounds",
            "end_when_enemy_at_most",
            "end_when_hero_at_most",
        ):
            counts[key] = r.integer(key, low=0, high=MAX_ROUNDS_RULE, default=None)
        for key in ("unarmed_rounds", "enemy_immune_rounds", "hero_immune_rounds", "skill_modifier_rounds"):
            counts[key] = r.integer(key, low=0, high=MAX_ROUNDS_RULE, default=0)
        for key in ("enemy_extra_loss", "hero_extra_loss", "hero_extra_loss_when_wounded", "restore_points"):
            counts[key] = r.integer(key, low=0, high=MAX_ENDURANCE, default=0)
        counts["skill_modifier"] = r.integer("skill_modifier", low=-MAX_SKILL, high=MAX_SKILL, default=0)
        for key in ("enemy_loss_multiplier", "hero_loss_multiplier"):
            counts[key] = r.fraction(key, low=0, high=10, default=Fraction(1))
        counts["restore_part"] = r.fraction("restore_part", low=0, high=1, default=Fraction(0))
        counts["restore_endurance"] = r.flag("restore_endurance")
        counts["evade_before_round"] = r.flag("evade_before_round")
        if cls.has_vigour:
            counts["vigour"] = r.flag("vigour", default=True)
        r.done()
        rules = Rules(**counts)
        if rules.max_rounds == 0:
            raise r.error("max_rounds", tr("must be at least 1: a fight that stops after round 0 never starts"))
        if rules.skill_modifier_rounds and not rules.skill_modifier:
            raise r.error("skill_modifier_rounds", tr("has no effect without a skill modifier for this fight"))
        restores = [key for key in ("restore_endurance", "restore_part", "restore_points") if counts[key]]
        if len(restores) > 1:
            raise r.error(
                restores[1],
                tr("choose one way of restoring ENDURANCE: {other} is already set", other=tr(RULE_LABELS[restores[0]])),
            )
        if rules.evade_before_round and (
            not rules.evasion_possible or (rules.evade_after is not None and rules.evade_after > 0)
        ):
            raise r.error(
                "evade_before_round", tr("has no effect: this fight does not allow evasion before the first round")
            )
        return rules

    @classmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> Action:
        labels = {"do": "Action", "number": "Random number", "willpower": "WILLPOWER to spend"}
        r = Reader(data, f"actions[{index}]", labels, lenient)
        do = r.choice("do", cls.action_kinds())
        number = willpower = None
        if do in ("round", "evade"):
            number = r.integer("number", low=0, high=9, default=None)
            if cls.has_willpower:
                willpower = r.integer("willpower", low=0, high=MAX_WILLPOWER, default=None)
        r.done()
        return Action(do, number, willpower)

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        kinds = {"round": "Fight round", "evade": "Evade"}
        if cls.has_vigour:
            kinds["vigour"] = "Cast Vigour"
        return kinds

    @classmethod
    def action_json(cls, action: Action) -> dict:
        data: dict[str, Any] = {"do": action.do}
        if action.number is not None:
            data["number"] = action.number
        if action.willpower is not None:
            data["willpower"] = action.willpower
        return data

    @classmethod
    def setup_json(cls, setup: Setup) -> dict:
        """The setup in the record's own form, keys left out where they hold the plain case."""
        enemies = [{"name": e.name, "skill": e.skill, "endurance": e.endurance} for e in setup.enemies]
        return {
            "hero": hero_json(setup.hero),
            "enemies": enemies,
            "rules": changed_rules(setup.rules),
            "seed": setup.seed,
        }

    @classmethod
    def hero_after(cls, setup: Setup, state: State) -> dict:
        """The hero as the fight leaves him: ENDURANCE (restored where the section says so) and WILLPOWER as they
        stand, the starting values kept (0 ENDURANCE after a lost fight)."""
        hero = setup.hero
        return hero_json(
            replace(
                hero,
                endurance=state.endurance,
                endurance_max=hero.starting_endurance,
                willpower=state.willpower,
                willpower_max=hero.starting_willpower,
            )
        )

    @classmethod
    def read_hero(cls, data: Any, lenient: bool = False) -> dict:
        hero = cls.parse_hero(data, lenient, fallen=True)
        starting = max(1, hero.starting_endurance)  # a fallen hero's sheet still has a starting ENDURANCE
        return hero_json(replace(hero, endurance_max=starting, willpower_max=hero.starting_willpower))


def hero_json(hero: Hero) -> dict:
    """The hero's part of the record: the starting values where given, other keys left out in the plain case."""
    h: dict[str, Any] = {"skill": hero.skill, "endurance": hero.endurance}
    if hero.endurance_max is not None:
        h["endurance_max"] = hero.endurance_max
    if hero.willpower is not None:
        h["willpower"] = hero.willpower
        if hero.willpower_max is not None:
            h["willpower_max"] = hero.willpower_max
    h["weapon"] = hero.weapon
    if hero.weapon_bonus:
        h["weapon_bonus"] = hero.weapon_bonus
    if hero.modifiers:
        h["modifiers"] = [{"name": n, "skill": s} for n, s in hero.modifiers]
    if hero.name:
        h["name"] = hero.name
    return h
