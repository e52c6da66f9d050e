"""Fighting Fantasy rules as in D. Braslavsky's «Подземелья Чёрного замка» (Moscow, 1991).

The book's words: МАСТЕРСТВО (skill), ВЫНОСЛИВОСТЬ (stamina), УДАЧА (luck), СИЛА УДАРА (attack strength).
A round: 2d6 + МАСТЕРСТВО for each side; the higher СИЛА УДАРА wounds the other for 2; equal is a parry.
Against several opponents at once the player picks a target each round; every other opponent whose СИЛА УДАРА
beats the hero's wounds him, and he can wound only his target. Escape (where a paragraph allows it) costs 2
ВЫНОСЛИВОСТИ: the enemy has the last blow. A luck test is 2d6 ≤ УДАЧА, and every test costs 1 УДАЧА.

A record of this system is one encounter: the adventure sheet (gold, backpack, flask, food, spells), the enemies
of a paragraph, and every action taken, in combat or around it. Everything is pure: ``step(setup, state, action)``.

>>> setup = FightingFantasy.parse_setup({"hero": {"skill": 10, "stamina": 18, "luck": 9},
...                                      "enemies": [{"name": "ШПИОН", "skill": 10, "stamina": 12}]})
>>> state, event = FightingFantasy.step(setup, FightingFantasy.initial(setup),
...                                     FFAction("round", dice=((6, 5), (2, 3))))
>>> event["hero_strength"], event["enemies"][0]["strength"], event["enemies"][0]["result"], state.enemies
(21, 15, 'hit', (10,))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from ... import rng
from ...contract import Outcome, System
from ...fields import Reader, RecordError, changed_rules, show
from ...i18n import tr

ONGOING, WON, LOST, ESCAPED = Outcome.ONGOING, Outcome.WON, Outcome.LOST, Outcome.ESCAPED
BACKPACK_SLOTS = 7
MAX_SPELL_USES = 10
WOUND = 2
MAX_STAT = 99
MAX_STAMINA = 999
PAIRS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))  # two dice, in order
MAX_SPELL_POINTS = 12  # the players' number for the Spells of Strength and Weakness

# Майлин's spells (the 1991 rules): which act in combat, which only outside it. The 1991 text gives no number for
# Силы and Слабости; the remake's +2 and −2 are the defaults of ``rules.strength_bonus`` / ``weakness_penalty``.
SPELLS = {
    "strength": ("Spell of Strength", "combat"),  # Силы: + СИЛА УДАРА for the rest of the fight
    "weakness": ("Spell of Weakness", "combat"),  # Слабости: the enemy's СИЛА УДАРА − for the fight
    "copy": ("Spell of the Copy", "combat"),  # Копии: a copy of the enemy, with its stats, fights it first
    "healing": ("Spell of Healing", "peace"),  # Исцеления: +8 ВЫНОСЛИВОСТИ, not in a fight
    "levitation": ("Spell of Levitation", "any"),
    "fire": ("Spell of Fire", "any"),
    "illusion": ("Spell of Illusion", "any"),
    "swimming": ("Spell of Swimming", "any"),
}


@dataclass(frozen=True)
class FFHero:
    skill: int
    stamina: int
    luck: int
    max_skill: int
    max_stamina: int
    max_luck: int
    gold: int = 15
    backpack: tuple[str, ...] = ()
    food: int = 0
    flask: int = 2
    spells: tuple[tuple[str, int], ...] = ()
    name: str = ""


@dataclass(frozen=True)
class FFEnemy:
    name: str
    skill: int
    stamina: int


@dataclass(frozen=True)
class FFRules:
    escape: bool = False  # the paragraph allows escape
    one_by_one: bool = False  # several opponents come one after another instead of all at once
    luck_in_combat: bool = False  # the optional Fighting Fantasy rule (not in this book): off by default
    decline_costs_luck: bool = False  # the seed: every test offered costs 1 УДАЧА, declined or not
    flask_in_combat: bool = False  # the flask hangs at the belt: a drink between rounds
    strength_bonus: int = 2  # Spell of Strength: + СИЛА УДАРА (the remake's 2; the 1991 text gives no number)
    weakness_penalty: int = 2  # Spell of Weakness: − the enemy's СИЛА УДАРА (the remake's 2)


@dataclass(frozen=True)
class FFSetup:
    hero: FFHero
    enemies: tuple[FFEnemy, ...]
    rules: FFRules = FFRules()
    seed: int = 0


@dataclass(frozen=True)
class FFState:
    skill: int
    stamina: int
    luck: int
    max_skill: int
    max_stamina: int
    max_luck: int
    gold: int
    backpack: tuple[str, ...]
    food: int
    flask: int
    spells: tuple[tuple[str, int], ...]
    enemies: tuple[int, ...]  # each enemy's ВЫНОСЛИВОСТЬ
    current: int = 0  # one after another: the enemy being fought
    rounds: int = 0
    draws: int = 0
    outcome: str = ONGOING
    strength: bool = False  # Spell of Strength active for this fight
    weakened: tuple[int, ...] = ()  # enemies under the Spell of Weakness
    pending_luck: tuple[str, int] | None = None  # luck in combat: ("hit" | "hurt", enemy) of the last round
    engaged: bool = False  # rounds fought against the opponents in the fight now (one by one: the current one)

    @property
    def fighting(self) -> bool:
        """A fight is in progress: the opponents in it have been fought and it is not over. Between opponents who
        come one after another (one dead, the next not yet fought) the hero is not in a fight."""
        return self.engaged and self.outcome == ONGOING


@dataclass(frozen=True)
class FFAction:
    do: str
    target: int | None = None
    dice: tuple[tuple[int, int] | None, ...] | None = None  # round: hero's, then each enemy's; luck: one pair
    decline: bool = False
    luck: bool = False  # escape: test luck on the last blow (with luck in combat)
    item: str | None = None
    food: int | None = None
    amount: int | None = None
    spell: str | None = None
    stamina: int | None = None
    skill: int | None = None
    luck_change: int | None = None
    max_stamina: int | None = None
    copy_dice: tuple[tuple[tuple[int, int], tuple[int, int]], ...] | None = None


def _dice_pair(value: Any, path: str, label: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in value)
    ):
        raise RecordError(
            path, tr("must be two dice, each from 1 to 6, such as [3, 5], not {value}", value=show(value)), tr(label)
        )
    return value[0], value[1]


RULE_LABELS = {
    "escape": "Escape allowed",
    "one_by_one": "Opponents come one after another",
    "luck_in_combat": "Using luck in combat (optional rule, not in this book)",
    "decline_costs_luck": "Declining a luck test costs 1 LUCK too (every test offered costs 1)",
    "flask_in_combat": "The flask may be drunk between rounds (only the backpack is shut in a fight)",
    "strength_bonus": "Spell of Strength: + to ATTACK STRENGTH (2, as in the remake; the 1991 text gives no number)",
    "weakness_penalty": (
        "Spell of Weakness: − to the enemy's ATTACK STRENGTH (2, as in the remake; the 1991 text gives no number)"
    ),
}


class FightingFantasy(System):
    """The 1991 rules of «Подземелья Чёрного замка»."""

    key: ClassVar[str] = "fighting-fantasy"
    book: ClassVar[str] = "Dungeons of the Black Castle"
    hero_name: ClassVar[str] = "Hero"
    kind: ClassVar[str] = "ff"
    rule_labels: ClassVar[dict[str, str]] = RULE_LABELS

    @classmethod
    def labels(cls) -> dict[str, str]:
        return {
            "skill": "SKILL",
            "stamina": "STAMINA",
            "luck": "LUCK",
            "max_skill": "Initial SKILL",
            "max_stamina": "Initial STAMINA",
            "max_luck": "Initial LUCK",
            "gold": "Gold",
            "backpack": "Backpack",
            "food": "Food",
            "flask": "Drinks left in the flask",
            "spells": "Spells",
            "name": "Name",
        }

    @classmethod
    def enemy_labels(cls) -> dict[str, str]:
        return {"name": "Enemy name", "skill": "Enemy SKILL", "stamina": "Enemy STAMINA"}

    # ---- parsing ---------------------------------------------------------------------------------------------

    @classmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> FFSetup:
        hero = cls.parse_hero(data.get("hero"), lenient)
        enemy_list = Reader(data, "", lenient=lenient).items("enemies", low=0, high=20, default=[])
        enemies = tuple(cls.parse_enemy(item, i, lenient) for i, item in enumerate(enemy_list))
        r = Reader(data.get("rules", {}), "rules", RULE_LABELS, lenient)
        rules = FFRules(
            r.flag("escape"),
            r.flag("one_by_one"),
            r.flag("luck_in_combat"),
            r.flag("decline_costs_luck"),
            r.flag("flask_in_combat"),
            r.integer("strength_bonus", low=0, high=MAX_SPELL_POINTS, default=2),
            r.integer("weakness_penalty", low=0, high=MAX_SPELL_POINTS, default=2),
        )
        r.done()
        seed = Reader(data, "", {"seed": "Seed"}, lenient).integer("seed", low=0, high=rng.MAX_SEED, default=0)
        return FFSetup(hero, enemies, rules, seed)

    @classmethod
    def parse_hero(cls, data: Any, lenient: bool = False) -> FFHero:
        r = Reader(data, "hero", cls.labels(), lenient)
        skill = r.integer("skill", low=0, high=MAX_STAT)
        stamina = r.integer("stamina", low=1, high=MAX_STAMINA)
        luck = r.integer("luck", low=0, high=MAX_STAT)
        max_skill = r.integer("max_skill", low=skill, high=MAX_STAT, default=skill)
        max_stamina = r.integer("max_stamina", low=stamina, high=MAX_STAMINA, default=stamina)
        max_luck = r.integer("max_luck", low=luck, high=MAX_STAT, default=luck)
        gold = r.integer("gold", low=0, high=999_999, default=15)
        food = r.integer("food", low=0, high=BACKPACK_SLOTS, default=0)
        flask = r.integer("flask", low=0, high=9, default=2)
        items = []
        for i, item in enumerate(r.items("backpack", low=0, high=BACKPACK_SLOTS, default=[])):
            items.append(
                Reader({"item": item}, f"hero.backpack[{i}]", {"item": "Backpack"}).text("item", max_length=60)
            )
        if len(items) + food > BACKPACK_SLOTS:
            raise r.error("backpack", tr("holds at most {n} {n|thing|things}, food included", n=BACKPACK_SLOTS))
        spells_data = r.get("spells", {})
        s = Reader(spells_data, "hero.spells", {key: name for key, (name, _) in SPELLS.items()}, lenient)
        spells = tuple((key, s.integer(key, low=0, high=MAX_SPELL_USES, default=0)) for key in SPELLS)
        s.done()
        spells = tuple((key, n) for key, n in spells if n)
        if sum(n for _, n in spells) > MAX_SPELL_USES:
            raise r.error("spells", tr("may hold at most {n} uses in all", n=MAX_SPELL_USES))
        name = r.text("name", default="")
        r.done()
        return FFHero(
            skill, stamina, luck, max_skill, max_stamina, max_luck, gold, tuple(items), food, flask, spells, name
        )

    @classmethod
    def parse_enemy(cls, data: Any, index: int, lenient: bool = False) -> FFEnemy:
        r = Reader(data, f"enemies[{index}]", cls.enemy_labels(), lenient)
        name = r.text("name", default=tr("Enemy {n}", n=index + 1))
        enemy = FFEnemy(name, r.integer("skill", low=0, high=MAX_STAT), r.integer("stamina", low=1, high=MAX_STAMINA))
        r.done()
        return enemy

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        return {
            "round": "Fight round",
            "escape": "Escape",
            "luck": "Test your luck",
            "drink": "Drink from the flask",
            "eat": "Eat",
            "take": "Put in the backpack",
            "drop": "Take out of the backpack",
            "gold": "Gold",
            "spell": "Cast a spell",
            "adjust": "Change by the paragraph",
        }

    @classmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> FFAction:
        path = f"actions[{index}]"
        labels = {
            "do": "Action",
            "target": "Target",
            "dice": "Dice",
            "decline": "Decline the test",
            "luck": "Test your luck",
            "item": "Thing",
            "food": "Food",
            "amount": "Gold",
            "spell": "Spell",
            "stamina": "STAMINA",
            "skill": "SKILL",
            "luck_change": "LUCK",
            "max_stamina": "Initial STAMINA",
            "copy_dice": "Dice",
        }
        r = Reader(data, path, labels, lenient)
        do = r.choice("do", cls.action_kinds())
        fields: dict[str, Any] = {}
        if do in ("round", "spell"):
            fields["target"] = r.integer("target", low=0, high=19, default=None)
        if do == "round":
            dice = r.items("dice", low=0, high=21, default=None)
            if dice is not None:
                fields["dice"] = tuple(
                    None if d is None else _dice_pair(d, f"{path}.dice[{i}]", "Dice") for i, d in enumerate(dice)
                )
        if do == "luck":
            dice = r.get("dice", None)
            if dice is not None:
                fields["dice"] = (_dice_pair(dice, f"{path}.dice", "Dice"),)
            fields["decline"] = r.flag("decline")
        if do == "escape":
            fields["luck"] = r.flag("luck")
        if do in ("take", "drop"):
            fields["item"] = r.text("item", default=None)
            fields["food"] = r.integer("food", low=1, high=BACKPACK_SLOTS, default=None)
            if (fields["item"] is None) == (fields["food"] is None):
                raise RecordError(path, tr("name one thing, or an amount of food"), tr("Backpack"))
        if do == "gold":
            fields["amount"] = r.integer("amount", low=-999_999, high=999_999)
        if do == "eat":
            fields["stamina"] = r.integer("stamina", low=0, high=99, default=0)
        if do == "spell":
            fields["spell"] = r.choice("spell", SPELLS)
            copy_dice = r.items("copy_dice", low=0, high=200, default=None)
            if copy_dice is not None:
                rounds = []
                for i, pair in enumerate(copy_dice):
                    if not isinstance(pair, list) or len(pair) != 2:
                        raise RecordError(
                            f"{path}.copy_dice[{i}]", tr("must be [copy's dice, enemy's dice]"), tr("Dice")
                        )
                    rounds.append(tuple(_dice_pair(d, f"{path}.copy_dice[{i}]", "Dice") for d in pair))
                fields["copy_dice"] = tuple(rounds)
        if do == "adjust":
            fields["skill"] = r.integer("skill", low=-MAX_STAT, high=MAX_STAT, default=None)
            fields["stamina"] = r.integer("stamina", low=-MAX_STAMINA, high=MAX_STAMINA, default=None)
            fields["luck_change"] = r.integer("luck_change", low=-MAX_STAT, high=MAX_STAT, default=None)
            fields["max_stamina"] = r.integer("max_stamina", low=-MAX_STAMINA, high=MAX_STAMINA, default=None)
        r.done()
        return FFAction(do, **fields)

    @classmethod
    def action_json(cls, action: FFAction) -> dict:
        data: dict[str, Any] = {"do": action.do}
        for key in ("target", "item", "food", "amount", "spell", "stamina", "skill", "luck_change", "max_stamina"):
            value = getattr(action, key)
            if value is not None:
                data[key] = value
        if action.dice is not None:
            pairs = [None if d is None else list(d) for d in action.dice]
            data["dice"] = pairs[0] if action.do == "luck" else pairs
        if action.decline:
            data["decline"] = True
        if action.luck:
            data["luck"] = True
        if action.copy_dice is not None:
            data["copy_dice"] = [[list(a), list(b)] for a, b in action.copy_dice]
        return data

    @classmethod
    def setup_json(cls, setup: FFSetup) -> dict:
        hero = setup.hero
        h: dict[str, Any] = {"skill": hero.skill, "stamina": hero.stamina, "luck": hero.luck}
        for key in ("max_skill", "max_stamina", "max_luck"):
            if getattr(hero, key) != getattr(hero, key[4:]):
                h[key] = getattr(hero, key)
        h["gold"] = hero.gold
        h["flask"] = hero.flask
        if hero.backpack:
            h["backpack"] = list(hero.backpack)
        if hero.food:
            h["food"] = hero.food
        if hero.spells:
            h["spells"] = dict(hero.spells)
        if hero.name:
            h["name"] = hero.name
        enemies = [{"name": e.name, "skill": e.skill, "stamina": e.stamina} for e in setup.enemies]
        return {"hero": h, "enemies": enemies, "rules": changed_rules(setup.rules), "seed": setup.seed}

    # ---- state -----------------------------------------------------------------------------------------------

    @classmethod
    def initial(cls, setup: FFSetup) -> FFState:
        h = setup.hero
        return FFState(
            h.skill,
            h.stamina,
            h.luck,
            h.max_skill,
            h.max_stamina,
            h.max_luck,
            h.gold,
            h.backpack,
            h.food,
            h.flask,
            h.spells,
            tuple(e.stamina for e in setup.enemies),
        )

    @staticmethod
    def _roll(setup: FFSetup, draws: int, given: tuple[int, int] | None) -> tuple[tuple[int, int], int, bool]:
        """Two dice: the player's own, or drawn from the seed. Returns (dice, draws used so far, typed)."""
        if given is not None:
            return given, draws, True
        return (rng.die(setup.seed, draws), rng.die(setup.seed, draws + 1)), draws + 2, False

    @classmethod
    def living(cls, setup: FFSetup, state: FFState) -> list[int]:
        """The enemies in the fight now: all the living at once, or the current one."""
        alive = [i for i, n in enumerate(state.enemies) if n > 0]
        if setup.rules.one_by_one:
            return alive[:1]
        return alive

    @classmethod
    def check(cls, path: str, allowed: bool, why: str, label: str = "") -> None:
        if not allowed:
            raise RecordError(path, why, tr(label) if label else "")

    # ---- the contract: legal actions, chance, outcome, odds ---------------------------------------------------

    @classmethod
    def candidates(cls, setup: FFSetup, state: FFState) -> list[FFAction]:
        """Every action of the kinds this book has, with the player's choices spelled out (a target, a thing, a
        spell): the engine's own ``step`` decides which are legal now."""
        actions = [FFAction("round", target=i) for i in range(len(setup.enemies))]
        actions += [FFAction("escape"), FFAction("escape", luck=True), FFAction("luck"), FFAction("luck", decline=True)]
        actions += [FFAction("drink"), FFAction("eat", stamina=0), FFAction("take", food=1), FFAction("drop", food=1)]
        actions += [FFAction("take", item=tr("a thing"))]
        actions += [FFAction("drop", item=item) for item in dict.fromkeys(state.backpack)]
        actions += [FFAction("gold", amount=1), FFAction("gold", amount=-1), FFAction("adjust", stamina=-1)]
        for spell, _ in state.spells:
            targets = range(len(setup.enemies)) if spell in ("weakness", "copy") else [None]
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
        test's; a Copy's fight is left to the seed. ``[(1, action)]`` when the action needs no roll."""
        if action.do == "round":
            given = list(action.dice or ())
            given += [None] * (1 + len(setup.enemies) - len(given))
            rollers = [0] + [1 + i for i in cls.living(setup, state)] if state.outcome == ONGOING else []
            for roller in rollers:
                if given[roller] is None:
                    return [
                        (Fraction(1, 36), replace(action, dice=tuple(given[:roller] + [pair] + given[roller + 1 :])))
                        for pair in PAIRS
                    ]
        if action.do == "luck" and not action.decline and not action.dice and state.luck > 0:
            return [(Fraction(1, 36), replace(action, dice=(pair,))) for pair in PAIRS]
        return [(Fraction(1), action)]

    @classmethod
    def outcome(cls, state: FFState) -> Outcome:
        return Outcome(state.outcome)

    @classmethod
    def simulation_policy(cls, spend: int = 1):
        from .odds import fighting_fantasy_policy

        return fighting_fantasy_policy

    @classmethod
    def exact_odds(cls, fight: Any, options: dict) -> dict:
        from .odds import exact

        return exact(fight, options)

    @classmethod
    def step(cls, setup: FFSetup, state: FFState, action: FFAction, path: str = "action") -> tuple[FFState, dict]:
        if state.outcome == LOST:
            raise RecordError(path, tr("the hero is dead: the adventure is over"))
        handler = getattr(cls, f"_do_{action.do}")
        return handler(setup, state, action, path)

    # ---- combat --------------------------------------------------------------------------------------------

    @classmethod
    def _in_encounter(cls, setup: FFSetup, state: FFState, path: str, label: str) -> None:
        cls.check(path, bool(setup.enemies), tr("there is no enemy in this paragraph"), label)
        cls.check(path, state.outcome == ONGOING, tr("the fight is over ({outcome})", outcome=tr(state.outcome)), label)

    @classmethod
    def _do_round(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        cls._in_encounter(setup, state, path, "Fight round")
        fighting = cls.living(setup, state)
        target = fighting[0] if action.target is None else action.target
        if target not in fighting:
            raise RecordError(f"{path}.target", tr("must be an enemy still in the fight"), tr("Target"))
        given = list(action.dice or ())
        if len(given) > 1 + len(setup.enemies):
            raise RecordError(f"{path}.dice", tr("holds more dice than there are fighters"), tr("Dice"))
        given += [None] * (1 + len(setup.enemies) - len(given))
        hero_dice, draws, typed = cls._roll(setup, state.draws, given[0])
        hero_strength = sum(hero_dice) + state.skill + (setup.rules.strength_bonus if state.strength else 0)
        stamina = state.stamina
        enemies = list(state.enemies)
        rows = []
        pending = None
        for i in fighting:
            dice, draws, enemy_typed = cls._roll(setup, draws, given[1 + i])
            typed = typed and enemy_typed
            strength = sum(dice) + setup.enemies[i].skill - (setup.rules.weakness_penalty if i in state.weakened else 0)
            if i == target:
                if hero_strength > strength:
                    result = "hit"
                    enemies[i] = max(0, enemies[i] - WOUND)
                    pending = ("hit", i) if enemies[i] > 0 else None  # a killing blow ends that enemy: no test
                elif hero_strength < strength:
                    result = "hurt"
                    stamina = max(0, stamina - WOUND)
                    pending = ("hurt", i)
                else:
                    result = "parry"
            elif strength > hero_strength:
                result = "wounds"
                stamina = max(0, stamina - WOUND)
            else:
                result = "misses"
            rows.append(
                {"index": i, "name": setup.enemies[i].name, "dice": list(dice), "strength": strength, "result": result}
            )
        state = replace(
            state, stamina=stamina, enemies=tuple(enemies), rounds=state.rounds + 1, draws=draws, engaged=True
        )
        state = cls._settle(setup, state)
        if not (setup.rules.luck_in_combat and state.outcome == ONGOING):
            pending = None
        state = replace(state, pending_luck=pending)
        event = {
            "kind": "round",
            "round": state.rounds,
            "target": target,
            "hero_dice": list(hero_dice),
            "hero_strength": hero_strength,
            "enemies": rows,
            "typed": typed,
            **cls._after(state),
        }
        return state, event

    @classmethod
    def _settle(cls, setup: FFSetup, state: FFState) -> FFState:
        """Who is dead, who fights next, how the fight ends."""
        if state.stamina <= 0:
            return replace(state, outcome=LOST, pending_luck=None)
        alive = [i for i, n in enumerate(state.enemies) if n > 0]
        if setup.enemies and not alive:
            return replace(state, outcome=WON, pending_luck=None, current=len(setup.enemies))
        current = alive[0] if alive else 0
        # one after another: the next opponent has not been fought yet
        engaged = state.engaged and not (setup.rules.one_by_one and current != state.current)
        return replace(state, current=current, engaged=engaged)

    @staticmethod
    def _after(state: FFState) -> dict:
        return {
            "stamina": state.stamina,
            "luck": state.luck,
            "enemy_stamina": list(state.enemies),
            "outcome": state.outcome,
        }

    @classmethod
    def _do_escape(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        cls._in_encounter(setup, state, path, "Escape")
        cls.check(path, setup.rules.escape, tr("this paragraph does not allow escape"), "Escape")
        loss, test = WOUND, None
        draws, luck = state.draws, state.luck
        if action.luck:
            cls.check(path, setup.rules.luck_in_combat, tr("luck in combat is not a rule of this fight"), "Escape")
            test, draws, luck = cls._test(setup, state, None, False)
            loss = 1 if test["lucky"] else 3
        stamina = max(0, state.stamina - loss)
        state = replace(state, stamina=stamina, luck=luck, draws=draws, outcome=ESCAPED, pending_luck=None)
        if stamina <= 0:
            state = replace(state, outcome=LOST)
        return state, {"kind": "escape", "loss": loss, "test": test, **cls._after(state)}

    # ---- luck ----------------------------------------------------------------------------------------------

    @classmethod
    def _test(cls, setup: FFSetup, state: FFState, given: tuple[int, int] | None, decline: bool):
        """One luck test: (event part, draws, luck after). Declined: unlucky, and it costs 1 УДАЧА only with the
        ``decline_costs_luck`` rule (the seed: every test offered costs 1)."""
        if decline:
            cost = 1 if setup.rules.decline_costs_luck and state.luck > 0 else 0
            part = {"declined": True, "lucky": False, "dice": None, "luck_before": state.luck, "cost": cost}
            return part, state.draws, state.luck - cost
        if state.luck <= 0:
            return (
                {"declined": False, "lucky": False, "dice": None, "luck_before": 0, "no_luck": True, "cost": 0},
                state.draws,
                0,
            )
        dice, draws, typed = cls._roll(setup, state.draws, given)
        lucky = sum(dice) <= state.luck
        part = {
            "declined": False,
            "lucky": lucky,
            "dice": list(dice),
            "typed": typed,
            "luck_before": state.luck,
            "cost": 1,
        }
        return part, draws, state.luck - 1

    @classmethod
    def _do_luck(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        given = action.dice[0] if action.dice else None
        if state.fighting:
            cls.check(
                path,
                setup.rules.luck_in_combat,
                tr("in this fight luck is tested only where a paragraph says, outside the rounds"),
                "Test your luck",
            )
            cls.check(
                path,
                state.pending_luck is not None,
                tr(
                    "luck in combat is tested once, on the wound of the round just fought: a parry wounds no one, "
                    "and a killing blow ends that enemy"
                ),
                "Test your luck",
            )
            test, draws, luck = cls._test(setup, state, given, action.decline)
            kind, enemy = state.pending_luck  # type: ignore[misc]
            enemies = list(state.enemies)
            stamina = state.stamina
            if kind == "hit":  # lucky: 4 in all; unlucky: 1 in all
                change = -2 if test["lucky"] else 1
                enemies[enemy] = max(0, min(setup.enemies[enemy].stamina, enemies[enemy] + change))
            else:  # wounded: lucky: 1 in all; unlucky: 3 in all
                change = 1 if test["lucky"] else -1
                stamina = max(0, min(state.max_stamina, stamina + change))
            state = replace(state, luck=luck, draws=draws, stamina=stamina, enemies=tuple(enemies), pending_luck=None)
            state = cls._settle(setup, state)
            return state, {"kind": "luck", "combat": kind, "enemy": enemy, **test, **cls._after(state)}
        test, draws, luck = cls._test(setup, state, given, action.decline)
        state = replace(state, luck=luck, draws=draws)
        return state, {"kind": "luck", "combat": None, **test, **cls._after(state)}

    # ---- the adventure sheet -------------------------------------------------------------------------------

    @classmethod
    def _at_peace(cls, state: FFState, path: str, label: str) -> None:
        cls.check(path, not state.fighting, tr("not during a fight"), label)

    @classmethod
    def _do_drink(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        in_combat = state.fighting
        cls.check(
            path,
            not in_combat or setup.rules.flask_in_combat,
            tr("not during a fight (a drink between rounds is a choice in this section's combat rules)"),
            "Drink from the flask",
        )
        cls.check(path, state.flask > 0, tr("the flask is empty"), "Drink from the flask")
        cls.check(
            path,
            state.stamina < state.max_stamina,
            tr("STAMINA is already at its initial value ({n}), which it may not exceed", n=state.max_stamina),
            "Drink from the flask",
        )
        stamina = min(state.max_stamina, state.stamina + 2)
        gained = stamina - state.stamina
        state = replace(state, stamina=stamina, flask=state.flask - 1)
        event = {"kind": "drink", "gained": gained, "flask": state.flask, "in_combat": in_combat}
        return state, {**event, **cls._after(state)}

    @classmethod
    def _do_eat(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        cls._at_peace(state, path, "Eat")
        cls.check(path, state.food > 0, tr("there is no food in the backpack"), "Eat")
        stamina = min(state.max_stamina, state.stamina + (action.stamina or 0))
        gained = stamina - state.stamina
        state = replace(state, stamina=stamina, food=state.food - 1)
        return state, {"kind": "eat", "gained": gained, "food": state.food, **cls._after(state)}

    @classmethod
    def _do_take(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        cls._at_peace(state, path, "Put in the backpack")
        used = len(state.backpack) + state.food
        adding = action.food or 1
        cls.check(
            path,
            used + adding <= BACKPACK_SLOTS,
            tr("the backpack holds only {n} {n|thing|things} and has {used} already", n=BACKPACK_SLOTS, used=used),
            "Put in the backpack",
        )
        if action.item is not None:
            state = replace(state, backpack=state.backpack + (action.item,))
        else:
            state = replace(state, food=state.food + adding)
        return state, {
            "kind": "take",
            "item": action.item,
            "food": action.food,
            "backpack": list(state.backpack),
            "food_left": state.food,
            **cls._after(state),
        }

    @classmethod
    def _do_drop(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        cls._at_peace(state, path, "Take out of the backpack")
        if action.item is not None:
            cls.check(
                f"{path}.item", action.item in state.backpack, tr("is not in the backpack"), "Take out of the backpack"
            )
            items = list(state.backpack)
            items.remove(action.item)
            state = replace(state, backpack=tuple(items))
        else:
            cls.check(
                f"{path}.food",
                action.food <= state.food,  # type: ignore[operator]
                tr("there is only {n} food in the backpack", n=state.food),
                "Take out of the backpack",
            )
            state = replace(state, food=state.food - action.food)  # type: ignore[operator]
        return state, {
            "kind": "drop",
            "item": action.item,
            "food": action.food,
            "backpack": list(state.backpack),
            "food_left": state.food,
            **cls._after(state),
        }

    @classmethod
    def _do_gold(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        gold = state.gold + action.amount  # type: ignore[operator]
        cls.check(f"{path}.amount", gold >= 0, tr("the hero has only {n} gold", n=state.gold), "Gold")
        state = replace(state, gold=gold)
        return state, {"kind": "gold", "amount": action.amount, "gold": gold, **cls._after(state)}

    @classmethod
    def _do_adjust(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        """A paragraph changes the hero: "lose 2 STAMINA", "add 1 to your LUCK", a new initial value."""
        cls._at_peace(state, path, "Change by the paragraph")
        max_stamina = max(1, state.max_stamina + (action.max_stamina or 0))
        skill = min(state.max_skill, max(0, state.skill + (action.skill or 0)))
        luck = min(state.max_luck, max(0, state.luck + (action.luck_change or 0)))
        stamina = min(max_stamina, max(0, state.stamina + (action.stamina or 0)))
        state = replace(state, skill=skill, luck=luck, stamina=stamina, max_stamina=max_stamina)
        if stamina <= 0:
            state = replace(state, outcome=LOST)
        return state, {"kind": "adjust", "skill": skill, **cls._after(state)}

    # ---- spells --------------------------------------------------------------------------------------------

    @classmethod
    def _do_spell(cls, setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, dict]:
        spell = action.spell
        name, where = SPELLS[spell]  # type: ignore[index]
        uses = dict(state.spells)
        cls.check(f"{path}.spell", uses.get(spell, 0) > 0, tr("no uses of this spell are left"), name)
        if where == "combat":
            cls._in_encounter(setup, state, path, name)
        if where == "peace":
            cls._at_peace(state, path, name)
        uses[spell] -= 1  # type: ignore[index]
        state = replace(state, spells=tuple((k, n) for k, n in uses.items() if n))
        event: dict[str, Any] = {"kind": "spell", "spell": spell}
        if spell == "strength":
            cls.check(path, not state.strength, tr("the Spell of Strength is already cast for this fight"), name)
            state = replace(state, strength=True)
            event["bonus"] = setup.rules.strength_bonus
        elif spell in ("weakness", "copy"):
            fighting = [i for i, n in enumerate(state.enemies) if n > 0]
            target = fighting[0] if action.target is None else action.target
            if target not in fighting:
                raise RecordError(f"{path}.target", tr("must be an enemy still in the fight"), tr("Target"))
            event["target"] = target
            if spell == "weakness":
                cls.check(path, target not in state.weakened, tr("this enemy is already weakened"), name)
                state = replace(state, weakened=state.weakened + (target,))
                event["penalty"] = setup.rules.weakness_penalty
            else:
                state, event["copy_rounds"] = cls._copy_fight(setup, state, target, action.copy_dice or ())
                state = cls._settle(setup, state)
        elif spell == "healing":
            stamina = min(state.max_stamina, state.stamina + 8)
            event["gained"] = stamina - state.stamina
            state = replace(state, stamina=stamina)
        return state, {**event, "spells": dict(state.spells), **cls._after(state)}

    @classmethod
    def _copy_fight(cls, setup: FFSetup, state: FFState, target: int, given) -> tuple[FFState, list]:
        """The Spell of the Copy: a copy with the enemy's МАСТЕРСТВО and ВЫНОСЛИВОСТЬ fights it to the end."""
        enemy = setup.enemies[target]
        weakness = setup.rules.weakness_penalty if target in state.weakened else 0
        copy_stamina, enemy_stamina, draws = state.enemies[target], state.enemies[target], state.draws
        rounds = []
        while copy_stamina > 0 and enemy_stamina > 0 and len(rounds) < 500:
            pair = given[len(rounds)] if len(rounds) < len(given) else (None, None)
            copy_dice, draws, _ = cls._roll(setup, draws, pair[0])
            enemy_dice, draws, _ = cls._roll(setup, draws, pair[1])
            copy_strength, enemy_strength = sum(copy_dice) + enemy.skill, sum(enemy_dice) + enemy.skill - weakness
            if copy_strength > enemy_strength:
                enemy_stamina = max(0, enemy_stamina - WOUND)
            elif copy_strength < enemy_strength:
                copy_stamina = max(0, copy_stamina - WOUND)
            rounds.append(
                {
                    "copy_dice": list(copy_dice),
                    "enemy_dice": list(enemy_dice),
                    "copy": copy_strength,
                    "enemy": enemy_strength,
                    "copy_stamina": copy_stamina,
                    "enemy_stamina": enemy_stamina,
                }
            )
        enemies = list(state.enemies)
        enemies[target] = enemy_stamina
        return replace(state, enemies=tuple(enemies), draws=draws), rounds

    # ---- what the page, the list and the CLI see -----------------------------------------------------------

    @classmethod
    def view(cls, setup: FFSetup, state: FFState) -> dict:
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
            "fighting": cls.living(setup, state) if setup.enemies and not over else [],
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
            "next_draw": state.draws,
        }

    @classmethod
    def summary(cls, setup: FFSetup, state: FFState) -> dict:
        return {
            "book": tr(cls.book),
            "hero": setup.hero.name or tr(cls.hero_name),
            "enemies": [e.name for e in setup.enemies],
            "rounds": state.rounds,
            "outcome": state.outcome,
            "stats": [[tr("STAMINA"), state.stamina], [tr("LUCK"), state.luck]],
        }

    @classmethod
    def result(cls, setup: FFSetup, state: FFState) -> dict:
        return {
            "outcome": state.outcome,
            "rounds": state.rounds,
            "hero": {
                "skill": state.skill,
                "stamina": state.stamina,
                "luck": state.luck,
                "gold": state.gold,
                "backpack": list(state.backpack),
                "food": state.food,
                "flask": state.flask,
                "spells": dict(state.spells),
            },
            "enemies": [{"name": e.name, "stamina": n} for e, n in zip(setup.enemies, state.enemies)],
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
            "spells": [{"key": key, "name": tr(name), "when": when} for key, (name, when) in SPELLS.items()],
            "backpack_slots": BACKPACK_SLOTS,
            "spell_uses": MAX_SPELL_USES,
        }

    # ---- a new hero ----------------------------------------------------------------------------------------

    DICE: ClassVar[dict[str, tuple[int, int]]] = {"skill": (1, 6), "stamina": (2, 12), "luck": (1, 6)}

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        """МАСТЕРСТВО 1d6+6, ВЫНОСЛИВОСТЬ 2d6+12, УДАЧА 1d6+6: the player's dice, or drawn."""
        hero, numbers, draw = {}, {}, 0
        for key, (count, base) in cls.DICE.items():
            typed = given.get(key, None)
            if typed is None:
                dice = [rng.die(seed, draw + i) for i in range(count)]
            else:
                if isinstance(typed, int) and not isinstance(typed, bool):
                    typed = [typed]
                if (
                    not isinstance(typed, list)
                    or len(typed) != count
                    or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in typed)
                ):
                    raise given.error(key, tr("must be {n} {n|die|dice} from 1 to 6", n=count))
                dice = typed
            draw += count
            numbers[key] = dice
            hero[key] = base + sum(dice)
        given.done()
        return hero, numbers
