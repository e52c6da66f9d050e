"""The Fighting Fantasy record («Подземелья Чёрного замка», 1991): the hero's adventure sheet, the enemies of a
paragraph, the per-fight rules and the actions, as immutable values; reading them from JSON (every bad value a
:class:`~pyrules.fields.RecordError` naming its field) and writing them back.

>>> setup = parse_setup({"hero": {"skill": 10, "stamina": 18, "luck": 9, "spells": {"strength": 1}},
...                      "enemies": [{"name": "ШПИОН", "skill": 10, "stamina": 12}], "rules": {"escape": True}})
>>> setup.hero.spells, setup.rules.escape, setup_json(setup)["hero"]
((('strength', 1),), True, {'skill': 10, 'stamina': 18, 'luck': 9, 'gold': 15, 'flask': 2, 'spells': {'strength': 1}})
>>> action_json(parse_action({"do": "round", "target": 0, "dice": [[6, 5], None]}, 0))
{'do': 'round', 'target': 0, 'dice': [[6, 5], None]}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ... import params, rng
from ...contract import Outcome, System
from ...fields import MAX_NAME, Reader, RecordError, changed_rules, show
from ...i18n import tr
from ...params import Param, flag, whole

BACKPACK_SLOTS = 7
MAX_TYPED_THINGS = 99  # lines of the backpack read before a full one is refused by its count
MAX_FLASK = 9  # the book gives two drinks; a paragraph may refill the flask
MAX_WEAPONS = 10  # weapons carried besides the trusty sword: kept apart, not in the backpack
MAX_SPELL_USES = 10
MAX_STAT = 99
MAX_STAMINA = 999
MAX_GOLD = 999_999  # the sheet's gold: an action that would pass it is refused, so every hero a fight leaves reads back
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
TARGETED_SPELLS = ("weakness", "copy")  # cast on an enemy still in the fight

HERO_LABELS = {
    "skill": "SKILL",
    "stamina": "STAMINA",
    "luck": "LUCK",
    "max_skill": "Initial SKILL",
    "max_stamina": "Initial STAMINA",
    "max_luck": "Initial LUCK",
    "gold": "Gold",
    "backpack": "Backpack",
    "weapons": "Weapons",
    "food": "Food",
    "flask": "Drinks left in the flask",
    "spells": "Spells",
    "name": "Name",
}
ENEMY_LABELS = {"name": "Enemy name", "skill": "Enemy SKILL", "stamina": "Enemy STAMINA"}
ACTION_KIND_LABELS = {
    "round": "Fight round",
    "escape": "Escape",
    "luck": "Test your luck",
    "drink": "Drink from the flask",
    "eat": "Eat",
    "take": "Put in the backpack",
    "drop": "Take out of the backpack",
    "arm": "Take a weapon",
    "disarm": "Leave a weapon",
    "gold": "Gold",
    "spell": "Cast a spell",
    "adjust": "Change by the paragraph",
}
ACTION_LABELS = {
    "do": "Action",
    "target": "Target",
    "dice": "Dice",
    "decline": "Decline the test",
    "luck": "Test your luck",
    "item": "Thing",
    "weapon": "Weapon",
    "food": "Food",
    "amount": "Gold",
    "spell": "Spell",
    "stamina": "STAMINA",
    "skill": "SKILL",
    "luck_change": "LUCK",
    "max_stamina": "Initial STAMINA",
    "copy_dice": "Dice",
}

Dice = tuple[int, int]
Pending = tuple[str, int]  # luck in combat: ("hit" | "hurt", enemy) of the last round


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
    weapons: tuple[str, ...] = ()  # besides the trusty sword («с вами только ваш испытанный меч»): not in the backpack


@dataclass(frozen=True)
class FFEnemy:
    name: str
    skill: int
    stamina: int


@dataclass(frozen=True)
class FFRules:
    """The paragraph's rules for this fight, declared once (:mod:`pyrules.params`): the record's reading, the set-up
    form, the labels and the records document (each rule's comment) follow. A hint names the numbers
    ``view.describe`` gives it, a chip (said) those ``view.rules_said`` gives."""

    # the paragraph allows escape
    escape: bool = flag(
        "Escape allowed",
        hint="Only where the paragraph allows it. The enemy has the last blow: {wound} STAMINA lost.",
    )
    # several opponents come one after another instead of all at once
    one_by_one: bool = flag(
        "Opponents come one after another",
        hint="Off: they all fight at once and you choose whom to strike each round. Between opponents you are not in "
        "a fight: the adventure sheet and luck tests are open.",
    )
    # the optional Fighting Fantasy rule, not in this book: off by default
    luck_in_combat: bool = flag(
        "Using luck in combat (optional rule, not in this book)",
        said="Luck in combat",
        hint="After a wound between you and your target you may test your luck: a wound you deal takes {hit_lucky} if "
        "you are lucky, {hit} if not; a wound you take costs {hurt_lucky} if you are lucky, {hurt} if not. A killing "
        "blow ends the enemy: there is no test on it.",
    )
    # a declined test costs 1 УДАЧА, as the book's «Каждый раз, когда вам будет предлагаться ПРОВЕРИТЬ СВОЮ УДАЧУ, вы
    # должны вычитать 1» reads: the set-up form starts with it ticked, and the record then names it; a record that does
    # not name it, as every one made before, keeps the gentler reading it was played with: the decline costs nothing
    decline_costs_luck: bool = flag(
        "Declining a luck test costs 1 LUCK too (every test offered costs 1)",
        form_default=True,
        said="A declined test costs {cost} {luck}",
        hint="The book: each time you are offered to TEST YOUR LUCK you must subtract {cost}, and a declined test "
        "counts as unlucky. Off: a declined test is unlucky but costs no LUCK.",
    )
    # a drink between rounds: the seed keeps only the backpack shut in a battle; off: the flask waits for the fight's
    # end
    flask_in_combat: bool = flag(
        "The flask may be drunk between rounds (only the backpack is shut in a fight)",
        said="Flask between rounds",
        hint="The book shuts only the backpack during a fight; the flask hangs at the belt. Off: no drink until the "
        "fight is over.",
    )
    # Spell of Strength: + СИЛА УДАРА (the remake's +2, since the 1991 text gives no number)
    strength_bonus: int = whole(
        "Spell of Strength: + to ATTACK STRENGTH (2, as in the remake; the 1991 text gives no number)",
        low=0,
        high=MAX_SPELL_POINTS,
        default=2,
        said="{strength}: +{value}",
        hint="The 1991 text says only that the spell raises your ATTACK STRENGTH; the remake gives +{default}. Blank: "
        "{default}.",
    )
    # Spell of Weakness: − the enemy's СИЛА УДАРА (the remake's −2)
    weakness_penalty: int = whole(
        "Spell of Weakness: − to the enemy's ATTACK STRENGTH (2, as in the remake; the 1991 text gives no number)",
        low=0,
        high=MAX_SPELL_POINTS,
        default=2,
        said="{weakness}: −{value}",
        hint="The 1991 text says only that the spell weakens the enemy's ATTACK STRENGTH; the remake gives −{default}. "
        "Blank: {default}.",
    )


RULE_PARAMS = params.declared(FFRules)
RULE_LABELS = params.labels(RULE_PARAMS)


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
    outcome: str = Outcome.ONGOING
    strength: bool = False  # Spell of Strength active for this fight
    weakened: tuple[int, ...] = ()  # enemies under the Spell of Weakness
    pending_luck: Pending | None = None  # luck in combat: ("hit" | "hurt", enemy) of the last round
    engaged: bool = False  # rounds fought against the opponents in the fight now (one by one: the current one)
    weapons: tuple[str, ...] = ()  # the hero's, besides the trusty sword

    @property
    def fighting(self) -> bool:
        """A fight is in progress: the opponents in it have been fought and it is not over. Between opponents who
        come one after another (one dead, the next not yet fought) the hero is not in a fight."""
        return self.engaged and self.outcome == Outcome.ONGOING


@dataclass(frozen=True)
class FFAction:
    do: str
    target: int | None = None
    dice: tuple[Dice | None, ...] | None = None  # round: hero's, then each enemy's; a luck test: one pair
    decline: bool = False
    luck: bool = False  # escape: test luck on the last blow (with luck in combat)
    item: str | None = None
    weapon: str | None = None
    food: int | None = None
    amount: int | None = None
    spell: str | None = None
    stamina: int | None = None
    skill: int | None = None
    luck_change: int | None = None
    max_stamina: int | None = None
    copy_dice: tuple[tuple[Dice, Dice], ...] | None = None


# ---- reading ---------------------------------------------------------------------------------------------------


def _dice_pair(value: Any, path: str, label: str) -> Dice:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in value)
    ):
        raise RecordError(
            path, tr("must be two dice, each from 1 to 6, such as [3, 5], not {value}", value=show(value)), tr(label)
        )
    return value[0], value[1]


def parse_setup(data: dict, lenient: bool = False) -> FFSetup:
    hero = parse_hero(data.get("hero"), lenient)
    enemy_list = Reader(data, "", {"enemies": "Enemies"}, lenient).items("enemies", low=0, high=20, default=[])
    enemies = tuple(parse_enemy(item, i, lenient) for i, item in enumerate(enemy_list))
    rules = FFRules(**params.read(RULE_PARAMS, data.get("rules", {}), lenient))
    seed = Reader(data, "", {"seed": "Seed"}, lenient).integer("seed", low=0, high=rng.MAX_SEED, default=0)
    return FFSetup(hero, enemies, rules, seed)


def parse_hero(data: Any, lenient: bool = False, fallen: bool = False) -> FFHero:
    """The adventure sheet; ``fallen``: an adventure's hero, whom a lost fight leaves at 0 ВЫНОСЛИВОСТЬ."""
    r = Reader(data, "hero", HERO_LABELS, lenient)
    skill = r.integer("skill", low=0, high=MAX_STAT)
    stamina = r.integer("stamina", low=0 if fallen else 1, high=MAX_STAMINA)
    luck = r.integer("luck", low=0, high=MAX_STAT)
    max_skill = r.integer("max_skill", low=skill, high=MAX_STAT, default=skill)
    max_stamina = r.integer("max_stamina", low=max(1, stamina), high=MAX_STAMINA, default=max(1, stamina))
    max_luck = r.integer("max_luck", low=luck, high=MAX_STAT, default=luck)
    gold = r.integer("gold", low=0, high=MAX_GOLD, default=15)
    food = r.integer("food", low=0, high=BACKPACK_SLOTS, default=0)
    flask = r.integer("flask", low=0, high=MAX_FLASK, default=2)
    listed = r.items("backpack", low=0, high=MAX_TYPED_THINGS, default=[])
    used = len(listed) + food
    if used > BACKPACK_SLOTS:
        # The limit is in the field's label ("at most 7, food included"), shown before this: the count, not it again.
        over = used - BACKPACK_SLOTS
        message = tr("has {used} {used|thing|things} counting the food, {over} too many", used=used, over=over)
        raise r.error("backpack", message)
    things = Reader(dict(enumerate(listed)), "hero.backpack", dict.fromkeys(range(len(listed)), "Backpack"))
    items = [things.text(i, max_length=60) for i in range(len(listed))]  # named hero.backpack[i]
    spells_data = r.get("spells", {})
    s = Reader(spells_data, "hero.spells", {key: name for key, (name, _) in SPELLS.items()}, lenient)
    spells = tuple((key, s.integer(key, low=0, high=MAX_SPELL_USES, default=0)) for key in SPELLS)
    s.done()
    spells = tuple((key, n) for key, n in spells if n)
    if sum(n for _, n in spells) > MAX_SPELL_USES:
        raise r.error("spells", tr("may hold at most {n} uses in all", n=MAX_SPELL_USES))
    name = r.text("name", default="", max_length=MAX_NAME)  # the adventure sheet's name
    carried = r.items("weapons", low=0, high=MAX_WEAPONS, default=[])
    arms = Reader(dict(enumerate(carried)), "hero.weapons", dict.fromkeys(range(len(carried)), "Weapons"))
    weapons = tuple(arms.text(i, max_length=60) for i in range(len(carried)))  # named hero.weapons[i]
    r.done()
    return FFHero(
        skill, stamina, luck, max_skill, max_stamina, max_luck, gold, tuple(items), food, flask, spells, name, weapons
    )


def parse_enemy(data: Any, index: int, lenient: bool = False) -> FFEnemy:
    r = Reader(data, f"enemies[{index}]", ENEMY_LABELS, lenient)
    name = r.text("name", default=tr("Enemy {n}", n=index + 1))
    enemy = FFEnemy(name, r.integer("skill", low=0, high=MAX_STAT), r.integer("stamina", low=1, high=MAX_STAMINA))
    r.done()
    return enemy


ROUND_KEYS = frozenset(("do", "target", "dice"))  # what a round may hold (the careful reader's done() refuses others)


def parse_action(data: Any, index: int, lenient: bool = False) -> FFAction:
    """One action; a round as a long record holds thousands of them is read at once (:func:`_plain_round`), and any
    other action, or a round that fails a check, by the careful reader, whose errors name the field."""
    if type(data) is dict and data.get("do") == "round":
        action = _plain_round(data)
        if action is not None:
            return action
    return _read_action(data, index, lenient)


def _plain_round(data: dict) -> FFAction | None:
    """A well-formed round, read as :func:`_read_action` reads it (a target 0-19, up to 21 pairs of dice 1-6 or
    None, nothing else), without building a field's name or a message; None where anything differs (a number as text
    of a form too), and then the careful reader reads it and says why."""
    if not data.keys() <= ROUND_KEYS:
        return None
    target = data.get("target")
    if target is not None and (type(target) is not int or not 0 <= target <= 19):
        return None
    dice = data.get("dice")
    if dice is None:
        return FFAction("round", target)
    if type(dice) is not list or len(dice) > 21:
        return None
    pairs: list[Dice | None] = []
    for pair in dice:
        if pair is None:
            pairs.append(None)
            continue
        if type(pair) is not list or len(pair) != 2:
            return None
        a, b = pair
        if type(a) is not int or type(b) is not int or not (1 <= a <= 6 and 1 <= b <= 6):
            return None
        pairs.append((a, b))
    return FFAction("round", target, tuple(pairs))


def _read_action(data: Any, index: int, lenient: bool) -> FFAction:
    path = f"actions[{index}]"
    r = Reader(data, path, ACTION_LABELS, lenient)
    do = r.choice("do", ACTION_KIND_LABELS)
    fields: dict[str, Any] = {}
    if do in ("round", "spell"):
        fields["target"] = r.integer("target", low=0, high=19, default=None)
    if do == "round":
        dice = r.items("dice", low=0, high=21, default=None)
        if dice is not None:
            fields["dice"] = tuple(
                None if d is None else _dice_pair(d, f"{path}.dice[{i}]", "Dice") for i, d in enumerate(dice)
            )
    if do == "escape":
        fields["luck"] = r.flag("luck")
    if do == "luck" or fields.get("luck"):  # a luck test's two dice (an escape's, on its last blow)
        dice = r.get("dice", None)
        if dice is not None:
            fields["dice"] = (_dice_pair(dice, f"{path}.dice", "Dice"),)
    if do == "luck":
        fields["decline"] = r.flag("decline")
    if do in ("take", "drop"):
        fields["item"] = r.text("item", default=None)
        fields["food"] = r.integer("food", low=1, high=BACKPACK_SLOTS, default=None)
        if (fields["item"] is None) == (fields["food"] is None):
            raise RecordError(path, tr("name one thing, or an amount of food"), tr("Backpack"))
    if do in ("arm", "disarm"):
        fields["weapon"] = r.text("weapon")
    if do == "gold":
        fields["amount"] = r.integer("amount", low=-MAX_GOLD, high=MAX_GOLD)
    if do == "eat":
        fields["stamina"] = r.integer("stamina", low=0, high=99, default=0)
    if do == "spell":
        fields["spell"] = r.choice("spell", SPELLS)
        copy_dice = r.items("copy_dice", low=0, high=200, default=None)
        if copy_dice is not None:
            rounds = []
            for i, pair in enumerate(copy_dice):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise RecordError(f"{path}.copy_dice[{i}]", tr("must be [copy's dice, enemy's dice]"), tr("Dice"))
                copy, enemy = (_dice_pair(d, f"{path}.copy_dice[{i}]", "Dice") for d in pair)
                rounds.append((copy, enemy))
            fields["copy_dice"] = tuple(rounds)
    if do == "adjust":
        fields["skill"] = r.integer("skill", low=-MAX_STAT, high=MAX_STAT, default=None)
        fields["stamina"] = r.integer("stamina", low=-MAX_STAMINA, high=MAX_STAMINA, default=None)
        fields["luck_change"] = r.integer("luck_change", low=-MAX_STAT, high=MAX_STAT, default=None)
        fields["max_stamina"] = r.integer("max_stamina", low=-MAX_STAMINA, high=MAX_STAMINA, default=None)
    r.done()
    return FFAction(do, **fields)


# ---- writing ---------------------------------------------------------------------------------------------------


def action_json(action: FFAction) -> dict:
    data: dict[str, Any] = {"do": action.do}
    keys = ("target", "item", "weapon", "food", "amount", "spell", "stamina", "skill", "luck_change", "max_stamina")
    for key in keys:
        value = getattr(action, key)
        if value is not None:
            data[key] = value
    if action.dice is not None:
        pairs = [None if d is None else list(d) for d in action.dice]
        data["dice"] = pairs if action.do == "round" else pairs[0]
    if action.decline:
        data["decline"] = True
    if action.luck:
        data["luck"] = True
    if action.copy_dice is not None:
        data["copy_dice"] = [[list(a), list(b)] for a, b in action.copy_dice]
    return data


def setup_json(setup: FFSetup) -> dict:
    enemies = [{"name": e.name, "skill": e.skill, "stamina": e.stamina} for e in setup.enemies]
    return {"hero": hero_json(setup.hero), "enemies": enemies, "rules": changed_rules(setup.rules), "seed": setup.seed}


def hero_json(hero: FFHero, sheet: bool = False) -> dict:
    """The adventure sheet in the record's form: the initial values where they differ from the current ones, or
    always (``sheet``: an adventure's, where both are always shown)."""
    h: dict[str, Any] = {"skill": hero.skill, "stamina": hero.stamina, "luck": hero.luck}
    for key in ("max_skill", "max_stamina", "max_luck"):
        if sheet or getattr(hero, key) != getattr(hero, key[4:]):
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
    if hero.weapons:
        h["weapons"] = list(hero.weapons)
    return h


BOOK = "Dungeons of the Black Castle"  # in English; shown through tr()
HERO_NAME = "Hero"


def hero_name(setup: FFSetup) -> str:
    """The hero as the page names him: the sheet's name, or the book's hero in the current language."""
    return setup.hero.name or tr(HERO_NAME)


class Record(System):
    """The record of a Fighting Fantasy fight as the contract reads and writes it (:class:`pyrules.contract.System`'s
    hooks): the engine (:class:`.engine.Engine`) and what is shown (:class:`.view.View`) build on it."""

    rule_labels: ClassVar[dict[str, str]] = RULE_LABELS

    @classmethod
    def rule_params(cls) -> tuple[Param, ...]:
        return RULE_PARAMS

    @classmethod
    def labels(cls) -> dict[str, str]:
        return dict(HERO_LABELS)

    @classmethod
    def enemy_labels(cls) -> dict[str, str]:
        return dict(ENEMY_LABELS)

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        return dict(ACTION_KIND_LABELS)

    @classmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> FFSetup:
        return parse_setup(data, lenient)

    @classmethod
    def setup_json(cls, setup: FFSetup) -> dict:
        return setup_json(setup)

    @classmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> FFAction:
        return parse_action(data, index, lenient)

    @classmethod
    def action_json(cls, action: FFAction) -> dict:
        return action_json(action)

    @classmethod
    def hero_after(cls, setup: FFSetup, state: FFState) -> dict:
        """The adventure sheet as the fight leaves it: МАСТЕРСТВО, ВЫНОСЛИВОСТЬ and УДАЧА now, their initial values
        kept, gold, flask, food, backpack, weapons and the spells left."""
        hero = FFHero(state.skill, state.stamina, state.luck, state.max_skill, state.max_stamina, state.max_luck,
                      state.gold, state.backpack, state.food, state.flask, state.spells, setup.hero.name,
                      state.weapons)  # fmt: skip
        return hero_json(hero, sheet=True)

    @classmethod
    def read_hero(cls, data: Any, lenient: bool = False) -> dict:
        return hero_json(parse_hero(data, lenient, fallen=True), sheet=True)
