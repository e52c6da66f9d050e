"""The Lone Wolf family's part of a fight record: the setup (hero, enemies, the section's rules, seed), the state a
fight is in, the actions, and reading and writing them.

Reading refuses anything the record does not allow, naming the field, in the book's words:

>>> from pyrules.systems.lonewolf import GreyStar
>>> setup = GreyStar.parse_setup({"hero": {"skill": 15, "endurance": 25, "willpower": 23},
...                               "enemies": [{"name": "Deathgaunt", "skill": 20, "endurance": 30}]})
>>> setup.hero.weapon, setup.enemies[0].endurance, GreyStar.setup_json(setup)["rules"]
('staff', 30, {})
>>> GreyStar.parse_action({"do": "round", "willpower": 2, "number": 6}, 0)
Action(do='round', number=6, willpower=2, item=None)
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ... import params, rng
from ...contract import Outcome, System
from ...fields import MAX_NAME, Reader, changed_rules
from ...i18n import tr
from ...params import flag, multiplier, whole

if TYPE_CHECKING:
    from .chart import Chart

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
    # the Action Chart carried through the book (``chart.py``, in the rules' second pack: read only where a record
    # has one); None where none is kept
    chart: Chart | None = None

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


def rounds(label: str, default: int | None = 0, **more: Any) -> Any:
    """A rule's number of rounds (or of ENDURANCE points the enemy or the hero is at), 0 to 999."""
    return whole(label, low=0, high=MAX_ROUNDS_RULE, default=default, **more)


def points(label: str) -> Any:
    """A rule's number of ENDURANCE points, 0 by default."""
    return whole(label, low=0, high=MAX_ENDURANCE, default=0)


@dataclass(frozen=True)
class Rules:
    """Per-fight exceptions printed in a section (the kinds the Kai Chronicles player's ``Combat`` model catalogues
    and the books' own, e.g. *Dawn of the Darklords* sect. 44 and 64 in Project Aon's text), declared once
    (:mod:`pyrules.params`): the record's reading, the set-up form, the labels, the fight's chips and the records
    document (each rule's comment) follow. All optional."""

    # the hero may evade once N rounds have been fought (0: from the first round). Without any evasion rule there is no
    # evading
    evade_after: int | None = rounds("Evasion allowed after round", None, placeholder="no evasion")
    # evasion only in the first N rounds
    evade_until: int | None = rounds("Evasion allowed only in the first rounds", None)
    # evasion once the enemy's ENDURANCE is N or less
    evade_when_enemy_at_most: int | None = rounds("Evasion allowed when the enemy's ENDURANCE is at most", None)
    # evading before any round has been fought ends the fight at once: `evaded`, no round, no random number, nothing
    # lost (Grey Star spends no WILLPOWER). The seeds speak only of evading after a round ("If you have already engaged
    # in a round of combat and decide to evade…"), so players differ; without this rule (the default, as before) such an
    # evasion is fought as a round like any other: the hero's losses stand, the enemy's are ignored, and the log says
    # so. Refused where evasion is never allowed before round 1
    evade_before_round: bool = flag(
        "Evading before the first round: no round is fought, nothing is lost",
        hint="Unchecked, an evasion before the first round is fought as a round: the hero's losses stand, the "
        "enemy's are ignored.",
    )
    # "deduct 2 points from your COMBAT SKILL for the duration of this combat"
    skill_modifier: int = whole("Skill modifier for this fight", low=-MAX_SKILL, high=MAX_SKILL, default=0)
    # the `skill_modifier` lasts only the first N rounds ("for the first two rounds of combat"); 0 or left out: the
    # whole fight. Refused without a `skill_modifier`
    skill_modifier_rounds: int = rounds("Skill modifier only for the first rounds", placeholder="the whole fight")
    # the first N rounds without a weapon (the system's unarmed penalty)
    unarmed_rounds: int = rounds("Rounds fought without a weapon")
    # the enemy's table losses (a `K` too) ignored in the first N rounds
    enemy_immune_rounds: int = rounds("Enemy unharmed for the first rounds")
    # the hero's table losses (a `K` too) ignored in the first N rounds
    hero_immune_rounds: int = rounds("Hero unharmed for the first rounds")
    # "double all ENDURANCE points lost by the enemy": ×2, ×0.5 … (rounded down; a `K` stays a kill, ×0 cancels it)
    enemy_loss_multiplier: Fraction = multiplier("Enemy's losses multiplied by", low=0, high=10, default=Fraction(1))
    # the same for the hero's losses
    hero_loss_multiplier: Fraction = multiplier("Hero's losses multiplied by", low=0, high=10, default=Fraction(1))
    # extra ENDURANCE lost by the enemy every round
    enemy_extra_loss: int = points("Enemy loses extra ENDURANCE each round")
    # extra ENDURANCE lost by the hero every round ("poisonous fumes")
    hero_extra_loss: int = points("Hero loses extra ENDURANCE each round")
    # extra loss in each round the table wounds the hero
    hero_extra_loss_when_wounded: int = points("Hero loses extra ENDURANCE when wounded")
    # the fight stops after N rounds (outcome `ended`: "if you are still alive after four rounds"); at least 1
    max_rounds: int | None = rounds("Fight stops after round", None)
    # the fight stops (outcome `ended`) when the enemy's ENDURANCE is N or less
    end_when_enemy_at_most: int | None = rounds("Fight stops when the enemy's ENDURANCE is at most", None)
    # the fight stops (outcome `ended`) when the hero's ENDURANCE is N or less
    end_when_hero_at_most: int | None = rounds("Fight stops when the hero's ENDURANCE is at most", None)
    # not a fight to the death: the hero's ENDURANCE is restored when it ends, whatever the outcome (a lost bout too)
    restore_endurance: bool = flag("Not a fight to the death (losses restored afterwards)")
    # restored in part: that share of the ENDURANCE he lost in the fight (rounded down: half of 5 is 2), as for
    # `restore_endurance`. At most one of the three
    restore_part: Fraction = multiplier(
        "Not a fight to the death: share of the losses restored afterwards", low=0, high=1, default=Fraction(0)
    )
    # restored in part: N of the points he lost (never more than he lost), as for `restore_endurance`
    restore_points: int = points("Not a fight to the death: ENDURANCE points restored afterwards")
    # Banedon may cast Vigour in this fight (Lone Wolf)
    vigour: bool = flag("Vigour allowed", default=True, needs="has_vigour")

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
    used: tuple[str, ...] = ()  # the Action Chart's items used in this fight, by name, in the order used
    bonus: int = 0  # the COMBAT SKILL they add for the rest of it


@dataclass(frozen=True)
class Action:
    do: str  # "round" | "evade" | "vigour" | "use"
    number: int | None = None  # the player's own pick from the Random Number Table
    willpower: int | None = None  # Grey Star: WILLPOWER to spend through the Staff this round
    item: str | None = None  # "use": the name of the Action Chart's item used


RULE_PARAMS = params.declared(Rules)  # every book of the family's (a book reads those it has)
RULE_LABELS = params.labels(RULE_PARAMS)


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
        enemy_list = Reader(data, "", {"enemies": "Enemies"}, lenient).items("enemies", low=1, high=MAX_ENEMIES)
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
            m = Reader(item, f"hero.modifiers[{i}]", {"name": "Item or weapon", "skill": "Bonus"}, lenient)
            modifiers.append((m.text("name", default="Bonus"), m.integer("skill", low=-MAX_SKILL, high=MAX_SKILL)))
            m.done()
        name = r.text("name", default="", max_length=MAX_NAME)  # the adventure sheet's name
        given, chart = r.get("chart", None), None
        if given not in (None, {}):  # the chart's reader comes with the rules' second pack (tools/package.py)
            from .chart import read

            chart = read(given, "hero.chart", lenient, cls, modifiers)
        r.done()
        return Hero(
            skill, endurance, willpower, weapon, weapon_bonus, tuple(modifiers), name, endurance_max, willpower_max,
            chart,
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
    def rule_params(cls) -> tuple[params.Param, ...]:
        return params.of(cls, RULE_PARAMS)

    @classmethod
    def parse_rules(cls, data: Any, lenient: bool = False) -> Rules:
        counts = params.read(cls.rule_params(), data, lenient)
        r = params.reader(cls.rule_params(), data, lenient)  # the checks across rules name their field as reading does
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
        labels = {"do": "Action", "number": "Random number", "willpower": "WILLPOWER to spend", "item": "Item"}
        r = Reader(data, f"actions[{index}]", labels, lenient)
        do = r.choice("do", cls.action_kinds())
        number = willpower = item = None
        if do in ("round", "evade"):
            number = r.integer("number", low=0, high=9, default=None)
            if cls.has_willpower:
                willpower = r.integer("willpower", low=0, high=MAX_WILLPOWER, default=None)
        if do == "use":
            item = r.text("item", max_length=MAX_NAME)
        r.done()
        return Action(do, number, willpower, item)

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        kinds = {"round": "Fight round", "evade": "Evade"}
        if cls.has_vigour:
            kinds["vigour"] = "Cast Vigour"
        kinds["use"] = "Use an item"
        return kinds

    @classmethod
    def action_json(cls, action: Action) -> dict:
        data: dict[str, Any] = {"do": action.do}
        if action.number is not None:
            data["number"] = action.number
        if action.willpower is not None:
            data["willpower"] = action.willpower
        if action.item is not None:
            data["item"] = action.item
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
        stand, the starting values kept (0 ENDURANCE after a lost fight), the items used in the fight gone from his
        Action Chart."""
        hero = setup.hero
        chart = hero.chart
        if chart is not None and state.used:  # an item used: the chart's rules are here (chart.py)
            from .chart import after_uses

            chart = after_uses(chart, state.used)
        return hero_json(
            replace(
                hero,
                endurance=state.endurance,
                endurance_max=hero.starting_endurance,
                willpower=state.willpower,
                willpower_max=hero.starting_willpower,
                chart=chart,
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
    if hero.chart is not None:  # none kept: chart.py, in the rules' second pack, not needed
        from .chart import chart_json

        if chart := chart_json(hero.chart):
            h["chart"] = chart
    return h
