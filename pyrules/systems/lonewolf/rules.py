"""The Lone Wolf family: one Combat Results Table engine, three books as variants.

:class:`LoneWolf` is *Dawn of the Darklords* (Banedon) and the standard Lone Wolf rules. :class:`GreyStar` and
:class:`FreewayWarrior` subclass it and override a few hooks (table, skill name, weapons, WILLPOWER), the way
python-chess's variants subclass its Board. Everything here is a pure function of immutable values:
``step(setup, state, action) -> (state, event)``.

The Grey Star worked example (01gstw, Rules for Combat): Combat Ratio -5, random number 6, 2 WILLPOWER:

>>> setup = GreyStar.parse_setup({"hero": {"skill": 15, "endurance": 25, "willpower": 23},
...                               "enemies": [{"name": "Deathgaunt", "skill": 20, "endurance": 30}]})
>>> state, event = GreyStar.step(setup, GreyStar.initial(setup), Action("round", number=6, willpower=2))
>>> event["combat_ratio"], event["hero_loss"], event["enemy_loss"], event["enemy_loss_text"]
(-5, 4, 10, '5 × 2')
>>> state.endurance, state.enemies, state.willpower
(21, (20,), 21)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar

from ... import rng
from ...contract import Outcome, System
from ...fields import Reader, RecordError, changed_rules, show
from ...i18n import tr
from .tables import FREEWAY_WARRIOR, KILL, LONE_WOLF, Loss, ResultsTable

ONGOING, WON, LOST, EVADED, ENDED = Outcome.ONGOING, Outcome.WON, Outcome.LOST, Outcome.EVADED, Outcome.ENDED
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
    outcome: str = ONGOING


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


def floor_times(points: int, factor: Fraction | int) -> int:
    if isinstance(factor, int) or factor.denominator == 1:  # the usual case, without Fraction arithmetic
        return points * int(factor)
    return math.floor(points * factor)


class LoneWolf(System):
    """Standard Lone Wolf combat, as in *Dawn of the Darklords* (hero Banedon)."""

    key: ClassVar[str] = "lone-wolf"
    kind: ClassVar[str] = "crt"
    rule_labels: ClassVar[dict[str, str]] = RULE_LABELS
    book: ClassVar[str] = "Dawn of the Darklords"
    hero_name: ClassVar[str] = "Banedon"
    table: ClassVar[ResultsTable] = LONE_WOLF
    skill_label: ClassVar[str] = "COMBAT SKILL"
    has_willpower: ClassVar[bool] = False
    has_vigour: ClassVar[bool] = True
    weapons: ClassVar[dict[str, Weapon]] = {
        "armed": Weapon("armed", "Short Sword or another Weapon", 0),
        "none": Weapon("none", "No Weapon (−4)", -4),
    }
    default_weapon: ClassVar[str] = "armed"
    other_weapon_bonus: ClassVar[bool] = False  # "other" weapon takes its printed bonus from hero.weapon_bonus
    unarmed: ClassVar[str] = "none"
    # New hero: COMBAT SKILL = RN + 10, ENDURANCE = RN + 20 ("If you pick 0 it counts as zero").
    creation: ClassVar[dict[str, int]] = {"skill": 10, "endurance": 20}

    # ---- labels (the book's words) -------------------------------------------------------------------------

    @classmethod
    def labels(cls) -> dict[str, str]:
        return {
            "skill": cls.skill_label,
            "endurance": "ENDURANCE",
            "willpower": "WILLPOWER",
            "weapon": "Weapon",
            "weapon_bonus": "Weapon bonus",
            "modifiers": "Bonuses from items or spells",
            "name": "Name",
        }

    @classmethod
    def enemy_labels(cls) -> dict[str, str]:
        return {"name": "Enemy name", "skill": f"Enemy {cls.skill_label}", "endurance": "Enemy ENDURANCE"}

    # ---- parsing a setup -----------------------------------------------------------------------------------

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
    def parse_hero(cls, data: Any, lenient: bool = False) -> Hero:
        r = Reader(data, "hero", cls.labels(), lenient)
        skill = r.integer("skill", low=0, high=MAX_SKILL)
        endurance = r.integer("endurance", low=1, high=MAX_ENDURANCE)
        willpower = None
        if cls.has_willpower:
            willpower = r.integer("willpower", low=0, high=MAX_WILLPOWER)
        weapon = r.choice("weapon", cls.weapons, default=cls.default_weapon)
        weapon_bonus = 0
        if weapon == "other" and cls.other_weapon_bonus:
            weapon_bonus = r.integer("weapon_bonus", low=0, high=20, default=0)
        modifiers = []
        for i, item in enumerate(r.items("modifiers", low=0, high=20, default=[])):
            m = Reader(item, f"hero.modifiers[{i}]", {"name": "Item or spell", "skill": "Bonus"}, lenient)
            modifiers.append((m.text("name", default="Bonus"), m.integer("skill", low=-MAX_SKILL, high=MAX_SKILL)))
            m.done()
        name = r.text("name", default="")
        r.done()
        return Hero(skill, endurance, willpower, weapon, weapon_bonus, tuple(modifiers), name)

    @classmethod
    def parse_enemy(cls, data: Any, index: int, lenient: bool = False) -> Enemy:
        r = Reader(data, f"enemies[{index}]", cls.enemy_labels(), lenient)
        name = r.text("name", default=f"Enemy {index + 1}" if index else "Enemy")
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

    # ---- rule hooks ----------------------------------------------------------------------------------------

    @classmethod
    def initial(cls, setup: Setup) -> State:
        return State(setup.hero.endurance, setup.hero.willpower, tuple(e.endurance for e in setup.enemies))

    @classmethod
    def armed(cls, setup: Setup, state: State) -> bool:
        """Whether the hero fights with his weapon in the coming round (``unarmed_rounds``)."""
        return state.rounds >= setup.rules.unarmed_rounds

    @classmethod
    def weapon(cls, setup: Setup, state: State) -> Weapon:
        return cls.weapons[setup.hero.weapon if cls.armed(setup, state) else cls.unarmed]

    @classmethod
    def weapon_adjustment(cls, setup: Setup, state: State) -> int:
        weapon = cls.weapon(setup, state)
        return weapon.adjustment + (setup.hero.weapon_bonus if weapon.key == "other" else 0)

    @classmethod
    def skill_total(cls, setup: Setup, state: State) -> int:
        """The hero's skill for the coming round: Action Chart + weapon + items and spells + this fight's rules."""
        rules = setup.rules
        total = setup.hero.skill + cls.weapon_adjustment(setup, state)
        total += sum(bonus for _, bonus in setup.hero.modifiers)
        if not rules.skill_modifier_rounds or state.rounds < rules.skill_modifier_rounds:
            total += rules.skill_modifier
        return total + (3 if state.vigour else 0)

    @classmethod
    def combat_ratio(cls, setup: Setup, state: State) -> int:
        return cls.skill_total(setup, state) - setup.enemies[state.current].skill

    @classmethod
    def spend_range(cls, setup: Setup, state: State) -> tuple[int, int] | None:
        """(least, most) WILLPOWER the hero may spend this round, or None where none is spent."""
        return None

    @classmethod
    def spend(cls, setup: Setup, state: State, action: Action, path: str) -> int:
        """WILLPOWER spent this round (0 outside Grey Star's Staff); checks the action's ``willpower``."""
        if action.willpower:
            raise RecordError(
                f"{path}.willpower", tr("only Grey Star spends WILLPOWER in combat"), tr("WILLPOWER to spend")
            )
        return 0

    @classmethod
    def evasion(cls, setup: Setup, state: State) -> tuple[bool, str]:
        """Whether the hero may evade now, and why (not)."""
        rules = setup.rules
        if state.outcome != ONGOING:
            return False, tr("the fight is over ({outcome})", outcome=tr(state.outcome))
        if not rules.evasion_possible:
            return False, tr("this fight does not allow evasion")
        if rules.evade_after is not None and state.rounds < rules.evade_after:
            return False, tr("evasion is allowed only after round {n}", n=rules.evade_after)
        if rules.evade_until is not None and state.rounds >= rules.evade_until:
            return False, tr("evasion was allowed only in the first {n} {n|round|rounds}", n=rules.evade_until)
        limit = rules.evade_when_enemy_at_most
        if limit is not None and state.enemies[state.current] > limit:
            return False, tr("evasion is allowed only once the enemy's ENDURANCE is {n} or less", n=limit)
        if cls.evades_at_once(setup, state):
            return True, tr("evasion is allowed: before the first round, no round is fought and nothing is lost")
        return True, tr("evasion is allowed")

    @classmethod
    def evades_at_once(cls, setup: Setup, state: State) -> bool:
        """Whether evading now ends the fight with no round fought (``evade_before_round``, before any round).
        Otherwise an evasion is resolved as a round in which the enemy's losses are ignored."""
        return setup.rules.evade_before_round and state.rounds == 0

    @classmethod
    def restored(cls, setup: Setup, endurance: int) -> int:
        """The hero's ENDURANCE once a fight that is not to the death ends: all his losses back, a share of them
        (rounded down) or some points, never more than he lost."""
        rules = setup.rules
        if not (rules.restore_endurance or rules.restore_part or rules.restore_points):
            return endurance  # a fight to the death
        lost = max(0, setup.hero.endurance - endurance)
        if rules.restore_endurance:
            return endurance + lost
        return endurance + min(lost, floor_times(lost, rules.restore_part) + rules.restore_points)

    @classmethod
    def vigour_allowed(cls, setup: Setup, state: State) -> tuple[bool, str]:
        if not cls.has_vigour:
            return False, tr("Vigour is a spell of Banedon's")
        if state.outcome != ONGOING:
            return False, tr("the fight is over ({outcome})", outcome=tr(state.outcome))
        if not setup.rules.vigour:
            return False, tr("this fight does not allow Vigour")
        if state.vigour:
            return False, tr("Vigour is already cast for this fight")
        if state.endurance < 10:
            return False, tr("Vigour cannot be used when ENDURANCE is below 10")
        return True, tr("Vigour adds 3 to COMBAT SKILL for this fight and costs 3 ENDURANCE")

    # ---- the contract: legal actions, chance, outcome, odds ---------------------------------------------------

    @classmethod
    def legal_actions(cls, setup: Setup, state: State) -> list[Action]:
        """A round (Grey Star: one per WILLPOWER spend the Staff allows), an evasion where allowed, Vigour."""
        if state.outcome != ONGOING:
            return []
        limits = cls.spend_range(setup, state)
        spends: list[int | None] = [None] if limits is None else list(range(limits[0], limits[1] + 1))
        actions = [Action("round", willpower=w) for w in spends]
        if cls.evasion(setup, state)[0]:
            at_once = cls.evades_at_once(setup, state)
            actions += [Action("evade")] if at_once else [Action("evade", willpower=w) for w in spends]
        if cls.vigour_allowed(setup, state)[0]:
            actions.append(Action("vigour"))
        return actions

    @classmethod
    def chance(cls, setup: Setup, state: State, action: Action) -> list[tuple[Fraction, Action]]:
        """A round's random number, 0-9, each 1 in 10 (unless the player typed it); Vigour and an evasion with no
        round fought draw nothing."""
        draws = action.do == "round" or (action.do == "evade" and not cls.evades_at_once(setup, state))
        if not draws or action.number is not None:
            return [(Fraction(1), action)]
        return [(Fraction(1, 10), replace(action, number=n)) for n in range(10)]

    @classmethod
    def outcome(cls, state: State) -> Outcome:
        return Outcome(state.outcome)

    @classmethod
    def simulation_policy(cls, spend: int = 1):
        from .odds import lone_wolf_policy

        return lone_wolf_policy(spend)

    @classmethod
    def exact_odds(cls, fight: Any, options: dict) -> dict:
        from .odds import exact

        return exact(fight, options)

    # ---- one step ------------------------------------------------------------------------------------------

    @classmethod
    def step(cls, setup: Setup, state: State, action: Action, path: str = "action") -> tuple[State, dict]:
        """Apply one action. Raises RecordError (naming ``path``) if the action is not allowed now."""
        if state.outcome != ONGOING:
            raise RecordError(
                path, tr("the fight is already over ({outcome}): no more actions", outcome=tr(state.outcome))
            )
        if action.do == "vigour":
            allowed, why = cls.vigour_allowed(setup, state)
            if not allowed:
                raise RecordError(path, why, tr("Cast Vigour"))
            state = replace(state, vigour=True, endurance=state.endurance - 3)
            return state, {"kind": "vigour", "endurance": state.endurance, "skill": cls.skill_total(setup, state)}
        evade = action.do == "evade"
        if evade:
            allowed, why = cls.evasion(setup, state)
            if not allowed:
                raise RecordError(path, why, tr("Evade"))
            if cls.evades_at_once(setup, state):
                return cls.evade_at_once(setup, state)
        return cls.fight_round(setup, state, action, path, evade)

    @classmethod
    def evade_at_once(cls, setup: Setup, state: State) -> tuple[State, dict]:
        """Evasion before any round, where the section's rule says no round is fought: nothing is lost, no random
        number is used (a typed one and a WILLPOWER spend are ignored)."""
        notes = [tr("evasion before the first round: no round is fought, nothing is lost")]
        endurance = cls.restored(setup, state.endurance)
        if endurance != state.endurance:  # Vigour's cost, where the section restores ENDURANCE
            notes.append(restore_note(endurance - state.endurance))
        new = replace(state, endurance=endurance, outcome=EVADED)
        event = {
            "kind": "evade_no_round",
            "round": 0,
            "enemy": setup.enemies[state.current].name,
            "enemy_index": state.current,
            "endurance": endurance,
            "enemy_endurance": state.enemies[state.current],
            "willpower": state.willpower,
            "outcome": EVADED,
            "notes": notes,
        }
        return new, event

    @classmethod
    def fight_round(cls, setup: Setup, state: State, action: Action, path: str, evade: bool) -> tuple[State, dict]:
        rules = setup.rules
        enemy = setup.enemies[state.current]
        spent = cls.spend(setup, state, action, path)
        skill = cls.skill_total(setup, state)
        ratio = skill - enemy.skill
        draws = state.draws
        if action.number is None:
            number = rng.random_number(setup.seed, draws)
            draws += 1
        else:
            number = action.number
        round_no = state.rounds + 1
        enemy_base, hero_base = cls.table.lookup(ratio, number)

        notes = []
        if round_no <= rules.enemy_immune_rounds:
            enemy_base = 0
            notes.append(tr("enemy unharmed this round"))
        if round_no <= rules.hero_immune_rounds:
            hero_base = 0
            notes.append(tr("hero unharmed this round"))
        enemy_factor = (spent or 1) * rules.enemy_loss_multiplier
        enemy_loss, enemy_text = cls.loss(enemy_base, enemy_factor, rules.enemy_extra_loss)
        hero_extra = rules.hero_extra_loss + (rules.hero_extra_loss_when_wounded if hero_base != 0 else 0)
        hero_loss, hero_text = cls.loss(hero_base, rules.hero_loss_multiplier, hero_extra)
        if evade:
            enemy_loss, enemy_text = 0, tr("{loss} ignored: evasion", loss=enemy_text)
            if state.rounds == 0:
                notes.append(tr("evasion before the first round: the round is fought and the hero's losses stand"))

        endurance = 0 if hero_loss == KILL else max(0, state.endurance - hero_loss)
        enemies = list(state.enemies)
        enemies[state.current] = 0 if enemy_loss == KILL else max(0, enemies[state.current] - enemy_loss)
        willpower = state.willpower - spent if state.willpower is not None else None

        current, outcome = state.current, ONGOING
        if endurance <= 0:
            outcome = LOST
        elif evade:
            outcome = EVADED
        elif enemies[current] <= 0:
            if current + 1 < len(enemies):
                current += 1
                notes.append(tr("{dead} is dead; {next} fights on", dead=enemy.name, next=setup.enemies[current].name))
            else:
                outcome = WON
        if outcome == ONGOING:
            if rules.end_when_hero_at_most is not None and endurance <= rules.end_when_hero_at_most:
                outcome = ENDED
            elif rules.end_when_enemy_at_most is not None and enemies[current] <= rules.end_when_enemy_at_most:
                outcome = ENDED
            elif rules.max_rounds is not None and round_no >= rules.max_rounds:
                outcome = ENDED
        if outcome != ONGOING:
            back = cls.restored(setup, endurance) - endurance
            if rules.restore_endurance:
                notes.append(tr("not a fight to the death: ENDURANCE restored"))
            elif back:
                notes.append(restore_note(back))
            endurance += back

        new = State(endurance, willpower, tuple(enemies), current, round_no, draws, state.vigour, outcome)
        event = {
            "kind": "evade" if evade else "round",
            "round": round_no,
            "enemy": enemy.name,
            "enemy_index": state.current,
            "skill": skill,
            "combat_ratio": ratio,
            "number": number,
            "typed": action.number is not None,
            "willpower_spent": spent if cls.has_willpower else None,
            "armed": cls.armed(setup, state),
            "enemy_loss": enemy_loss,
            "enemy_loss_text": enemy_text,
            "hero_loss": hero_loss,
            "hero_loss_text": hero_text,
            "endurance": endurance,
            "enemy_endurance": enemies[state.current],
            "willpower": willpower,
            "outcome": outcome,
            "notes": notes,
        }
        return new, event

    @staticmethod
    def loss(base: Loss, factor: Fraction | int, extra: int) -> tuple[Loss, str]:
        """Final loss and how it was reached: table result x multiplier (rounded down) + extra; K stays K
        unless the multiplier is 0."""
        if factor == 0:
            return extra, f"{base} × 0" + (f" + {extra}" if extra else "")
        if base == KILL:
            return KILL, KILL
        total = floor_times(base, factor) + extra
        text = str(base)
        if factor != 1:
            text += f" × {_number(factor)}"
        if extra:
            text += f" + {extra}"
        return total, text

    # ---- what the page, the saved-fights list and the CLI see -----------------------------------------------

    @classmethod
    def view(cls, setup: Setup, state: State) -> dict:
        """What the screen needs before the next action."""
        can_evade, evade_why = cls.evasion(setup, state)
        can_vigour, vigour_why = cls.vigour_allowed(setup, state)
        current = setup.enemies[min(state.current, len(setup.enemies) - 1)]
        spend = cls.spend_range(setup, state) if state.outcome == ONGOING else None
        skill = cls.skill_total(setup, state)
        return {
            "outcome": state.outcome,
            "rounds": state.rounds,
            "hero": {
                "endurance": state.endurance,
                "willpower": state.willpower,
                "skill": skill,
                "weapon": cls.weapon(setup, state).title(),
                "vigour": state.vigour,
            },
            "enemies": [
                {"name": e.name, "skill": e.skill, "endurance": n} for e, n in zip(setup.enemies, state.enemies)
            ],
            "current": state.current,
            "combat_ratio": skill - current.skill,
            "evade": {"allowed": can_evade, "possible": setup.rules.evasion_possible, "why": evade_why},
            "vigour": {"allowed": can_vigour, "possible": cls.has_vigour and setup.rules.vigour, "why": vigour_why},
            "willpower_spend": list(spend) if spend else None,
            "next_draw": state.draws,
        }

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
        hero = setup.hero
        h: dict[str, Any] = {"skill": hero.skill, "endurance": hero.endurance}
        if hero.willpower is not None:
            h["willpower"] = hero.willpower
        h["weapon"] = hero.weapon
        if hero.weapon_bonus:
            h["weapon_bonus"] = hero.weapon_bonus
        if hero.modifiers:
            h["modifiers"] = [{"name": n, "skill": s} for n, s in hero.modifiers]
        if hero.name:
            h["name"] = hero.name
        enemies = [{"name": e.name, "skill": e.skill, "endurance": e.endurance} for e in setup.enemies]
        return {"hero": h, "enemies": enemies, "rules": changed_rules(setup.rules), "seed": setup.seed}

    # ---- new hero ------------------------------------------------------------------------------------------

    @classmethod
    def new_hero(cls, numbers: dict[str, int]) -> dict[str, int]:
        """The book's creation rules: one random number (0-9, 0 counts as zero) plus a base, per attribute."""
        return {key: base + numbers[key] for key, base in cls.creation.items()}

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        """A new hero from the player's picks from the Random Number Table, or drawn ones."""
        numbers = {}
        for i, key in enumerate(cls.creation):
            numbers[key] = given.integer(key, low=0, high=9, default=rng.random_number(seed, i))
        given.done()
        return cls.new_hero(numbers), numbers

    @classmethod
    def describe(cls) -> dict:
        """What the page needs to know of this system, in the current language."""
        return {
            "kind": "crt",
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
        }


def restore_note(points: int) -> str:
    return tr("not a fight to the death: {n} ENDURANCE {n|point|points} restored", n=points)


def _number(value: Fraction | int) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


class GreyStar(LoneWolf):
    """*Grey Star the Wizard*: the same table; WILLPOWER spent through the Staff multiplies the enemy's loss."""

    key = "grey-star"
    book = "Grey Star the Wizard"
    hero_name = "Grey Star"
    has_willpower = True
    has_vigour = False
    weapons = {
        "staff": Weapon("staff", "Wizard's Staff", 0, magic=True),
        "jewelled-dagger": Weapon("jewelled-dagger", "Jewelled Dagger (+1, without the Staff −6)", -5),
        "other": Weapon("other", "Another weapon (without the Staff −6)", -6),
        "none": Weapon("none", "No weapon at all (−8)", -8),
    }
    default_weapon = "staff"
    # "If your WILLPOWER falls to zero or below ... You can still use your Wizard's Staff in combat as a normal
    # weapon, but you must deduct 6 points from your COMBAT SKILL."
    plain_staff = Weapon("staff", "Wizard's Staff, its magic gone (−6)", -6)
    creation = {"skill": 10, "endurance": 20, "willpower": 20}

    @classmethod
    def weapon(cls, setup: Setup, state: State) -> Weapon:
        weapon = super().weapon(setup, state)
        if weapon.magic and (state.willpower or 0) <= 0:
            return cls.plain_staff
        return weapon

    @classmethod
    def weapon_adjustment(cls, setup: Setup, state: State) -> int:
        return cls.weapon(setup, state).adjustment

    @classmethod
    def spend_range(cls, setup: Setup, state: State) -> tuple[int, int] | None:
        if cls.weapon(setup, state).magic:
            return 1, state.willpower  # type: ignore[return-value]
        return None

    @classmethod
    def spend(cls, setup: Setup, state: State, action: Action, path: str) -> int:
        limits = cls.spend_range(setup, state)
        field = f"{path}.willpower"
        label = tr("WILLPOWER to spend")
        if limits is None:
            if action.willpower:
                why = (
                    tr("his WILLPOWER is 0: the Staff's magic is gone until it is above 0 again")
                    if setup.hero.weapon == "staff" and cls.armed(setup, state)
                    else tr("WILLPOWER is spent only through the Wizard's Staff")
                )
                raise RecordError(field, tr("Grey Star cannot spend WILLPOWER now: {why}", why=why), label)
            return 0
        spent = 1 if action.willpower is None else action.willpower
        low, high = limits
        if spent < low:
            raise RecordError(field, tr("must be at least 1: the Staff always takes at least 1 WILLPOWER point"), label)
        if spent > high:
            raise RecordError(
                field, tr("is {n}, more than Grey Star's WILLPOWER ({high})", n=show(spent), high=high), label
            )
        return spent


class FreewayWarrior(LoneWolf):
    """*Freeway Warrior* (Cal Phoenix): close combat on its own Close Combat Results Table."""

    key = "freeway-warrior"
    book = "Freeway Warrior"
    hero_name = "Cal Phoenix"
    table = FREEWAY_WARRIOR
    skill_label = "CLOSE COMBAT SKILL"
    has_vigour = False
    # Close combat weapons with their printed bonuses (RULES.md 3.4, read from the Project Aon texts).
    weapons = {
        key: Weapon(key, name, bonus, bonus_shown=True)
        for key, name, bonus in (
            ("hunting-knife", "Hunting Knife", 2),
            ("machete", "Machete", 3),
            ("meat-cleaver", "Meat Cleaver", 3),
            ("fire-axe", "Fire Axe", 3),
            ("bowie-knife", "Bowie Knife", 3),
            ("flick-knife", "Flick Knife", 2),
            ("knife", "Knife", 2),
            ("dagger", "Dagger", 2),
            ("bread-knife", "Bread Knife", 2),
            ("club", "Club", 2),
            ("crowbar", "Crowbar", 2),
            ("hammer", "Hammer", 2),
            ("meat-hook", "Meat Hook", 2),
            ("baseball-bat", "Baseball Bat", 2),
        )
    }
    weapons["other"] = Weapon("other", "Another weapon (its printed bonus)", 0)
    weapons["none"] = Weapon("none", "No weapon (+0)", 0)
    default_weapon = "hunting-knife"
    other_weapon_bonus = True


LONE_WOLF_FAMILY: dict[str, type[LoneWolf]] = {cls.key: cls for cls in (LoneWolf, GreyStar, FreewayWarrior)}
