"""The Action Chart a Lone Wolf-family hero carries through the book (``hero.chart`` of a fight record and of an
adventure's hero): weapons, Backpack items, Meals, gold, Special Items, the powers or skills chosen at the start,
Grey Star's Herb Pouch and Freeway Warrior's own boxes (Missile Weapons, Medi-Kit units, Water Canteen drinks,
the Ammo Pouch's rounds of each calibre, Survival Skills' points). A fight carries it whole to the hero it leaves; an
item used in the fight is gone from it.

An item is a name, with the effect the player typed or the book states: a COMBAT SKILL bonus while it is carried
(``skill``), ENDURANCE restored when it is used (``endurance``), its uses left (``uses``) and whether it may be used
in a fight (``in_fight``). A chart left out is an empty one: old saves and links read as they did.

What only a hero with a chart needs lives here, in the rules' second pack (tools/package.py), which the page
downloads on first need: the chart read and written, the COMBAT SKILL its items give, an item used in a fight
(:func:`use_item`, its button's and its log line's words). The record, the engine and the view import it only where a
hero has a chart (``hero.chart`` is None where none is kept), so a fight without one never needs the pack.

>>> chart = read({"backpack": ["Rope", {"name": "Laumspur", "endurance": 4, "uses": 1, "in_fight": True}],
...               "meals": 2, "gold": 12}, "hero.chart")
>>> chart.backpack[1].endurance, chart_json(chart)["backpack"][0]
(4, 'Rope')
>>> chart_json(Chart())
{}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from ...fields import MAX_NAME, Reader, RecordError
from ...i18n import tr

if TYPE_CHECKING:
    from .record import Setup, State
    from .rules import Engine

MAX_ITEMS, MAX_COUNT, MAX_EFFECT = 40, 999, 99
LABELS = {
    "weapons": "Weapons",
    "backpack": "Backpack Items",
    "meals": "Meals",
    "gold": "Gold",
    "special": "Special Items",
    "powers": "Powers",
    "herbs": "Herb Pouch",
    "missile": "MISSILE WEAPONS",
    "medikit": "MEDI-KIT",
    "water": "WATER CANTEEN",
    "ammo_9mm": "9mm",
    "ammo_762": "7.62mm",
    "ammo_12": "12 gauge",
    "skills": "SURVIVAL SKILLS",
}
ITEM_LABELS = {"name": "Item", "skill": "COMBAT SKILL bonus", "endurance": "ENDURANCE restored", "uses": "Uses",
               "in_fight": "Used in a fight"}  # fmt: skip
LISTS = ("weapons", "backpack", "special", "powers", "herbs", "missile")
COUNTS = ("meals", "gold", "medikit", "water", "ammo_9mm", "ammo_762", "ammo_12")
ORDER = ("weapons", "backpack", "meals", "gold", "special", "powers", "herbs", "missile", *COUNTS[2:], "skills")
MAX_SKILLS = 10  # Survival Skills held, each with its points


@dataclass(frozen=True)
class Item:
    name: str
    skill: int = 0  # COMBAT SKILL while carried (a Special Item's bonus)
    endurance: int = 0  # ENDURANCE restored when used
    uses: int | None = None  # uses left (None: not used up)
    in_fight: bool = False  # may be used before or between rounds of a fight

    @property
    def plain(self) -> bool:
        return (self.skill, self.endurance, self.uses, self.in_fight) == (0, 0, None, False)


@dataclass(frozen=True)
class Chart:
    weapons: tuple[Item, ...] = ()
    backpack: tuple[Item, ...] = ()
    meals: int = 0
    gold: int = 0
    special: tuple[Item, ...] = ()
    powers: tuple[Item, ...] = ()
    herbs: tuple[Item, ...] = ()
    missile: tuple[Item, ...] = ()
    medikit: int = 0
    water: int = 0
    ammo_9mm: int = 0
    ammo_762: int = 0
    ammo_12: int = 0
    skills: tuple[tuple[str, int], ...] = ()  # (Survival Skill, its points), in the order given

    def lacks(self, power: str) -> str:
        """Why a power chosen at the start may not be used, in the rules' words: not among the chart's (dotd.xml
        sect44, sect64: "If you have the spell Vigour"); "" where it is. Here, in the rules' second pack, with
        the chart (the first pack's rules ask it only of a hero who has one)."""
        return "" if power in [p.name for p in self.powers] else tr("the Action Chart has no {power}", power=tr(power))


def read_item(data: Any, path: str, lenient: bool = False) -> Item:
    """An item: its name alone (text) or ``{"name", "skill", "endurance", "uses", "in_fight"}``."""
    if isinstance(data, str):
        data = {"name": data}
    r = Reader(data, path, ITEM_LABELS, lenient)
    item = Item(
        r.text("name", max_length=MAX_NAME),
        r.integer("skill", low=-MAX_EFFECT, high=MAX_EFFECT, default=0),
        r.integer("endurance", low=0, high=MAX_EFFECT, default=0),
        r.integer("uses", low=0, high=MAX_COUNT, default=None),
        r.flag("in_fight"),
    )
    r.done()
    return item


def read(data: Any, path: str = "hero.chart", lenient: bool = False, system: Any = None, modifiers: Any = ()) -> Chart:
    """The chart ``data`` holds; a refusal names the field. Read from a form (``lenient``), the set-up's bonuses
    beside it (``modifiers``: (name, bonus)) are checked too (:func:`counted_twice`): a record reads as played."""
    r = Reader(data if data is not None else {}, path, LABELS, lenient)
    lists: dict[str, Any] = {
        key: tuple(
            read_item(item, f"{path}.{key}[{i}]", lenient)
            for i, item in enumerate(r.items(key, low=0, high=MAX_ITEMS, default=[]))
        )
        for key in LISTS
    }
    counts = {key: r.integer(key, low=0, high=MAX_COUNT, default=0) for key in COUNTS}
    s = Reader(r.get("skills", {}), f"{path}.skills", {}, lenient)  # {Survival Skill: its points}
    if len(s.data) > MAX_SKILLS:
        raise r.error("skills", tr("must hold from {low} to {high} {high|entry|entries}, not {n}", low=0,
                                   high=MAX_SKILLS, n=len(s.data)))  # fmt: skip
    for name in s.data:
        if len(name) > MAX_NAME:
            raise s.error(name, tr("must be at most {n} {n|character|characters} long", n=MAX_NAME))
    points = tuple((name, s.integer(name, low=0, high=MAX_EFFECT)) for name in s.data)
    s.done()
    r.done()
    chart = Chart(**lists, **counts, skills=points)
    if lenient and modifiers:
        counted_twice(system, chart, modifiers)
    return chart


def item_json(item: Item) -> str | dict:
    if item.plain:
        return item.name
    data: dict[str, Any] = {"name": item.name}
    if item.skill:
        data["skill"] = item.skill
    if item.endurance:
        data["endurance"] = item.endurance
    if item.uses is not None:
        data["uses"] = item.uses
    if item.in_fight:
        data["in_fight"] = True
    return data


def chart_json(chart: Chart) -> dict:
    """The chart in the record's form, empty parts left out."""
    data: dict[str, Any] = {}
    for key in ORDER:
        value = getattr(chart, key)
        if value and key == "skills":
            data[key] = dict(value)
        elif value:
            data[key] = [item_json(item) for item in value] if isinstance(value, tuple) else value
    return data


@cache
def carried_skill(chart: Chart) -> int:
    """The COMBAT SKILL the chart's items give while carried: each item's ``skill`` that is not used up (a Special
    Item's), in every fight."""
    return sum(item.skill for key in LISTS for item in getattr(chart, key) if item.uses is None)


def counted_twice(system: Any, chart: Chart, modifiers: Any) -> None:
    """Refuses a set-up bonus (``hero.modifiers``) named as a carried item whose COMBAT SKILL the chart counts
    already, whatever its case (both names are read with their spaces made single): typed in the form beside the
    chart, it would count twice."""
    carried = {item.name.casefold(): item for part in LISTS for item in getattr(chart, part)
               if item.skill and item.uses is None}  # fmt: skip
    for i, (name, _) in enumerate(modifiers):
        item = carried.get(name.casefold())
        if item is not None:
            raise RecordError(f"hero.modifiers[{i}].name",
                              tr("{item} is on the Action Chart, which counts its {effect} already", item=item.name,
                                 effect=effect(system, "skill", item.skill)), tr("Item or weapon"))  # fmt: skip


def effect(system: Any, stat: str, n: int) -> str:
    """A change to one of the hero's values in the book's words ("+4 ENDURANCE", "−1 COMBAT SKILL")."""
    return tr("{change} {stat}", change=f"{'+' if n > 0 else '−'}{abs(n)}", stat=tr(system.labels()[stat]))


def usable(chart: Chart) -> list[Item]:
    """The items that may be used in a fight now: ``in_fight`` with uses left, each name once (the first found)."""
    found: dict[str, Item] = {}
    for key in LISTS:
        for item in getattr(chart, key):
            if item.in_fight and item.uses and item.name not in found:
                found[item.name] = item
    return list(found.values())


@cache
def after_uses(chart: Chart, used: tuple[str, ...]) -> Chart:
    """The chart once the items named in ``used`` have been used, one use each time (the first item of that name with
    uses left): an item at 0 uses leaves it."""
    for name in used:
        for key in LISTS:
            items = list(getattr(chart, key))
            at = next((i for i, item in enumerate(items) if item.name == name and item.in_fight and item.uses), None)
            if at is not None:
                left = (items[at].uses or 0) - 1
                items[at : at + 1] = [replace(items[at], uses=left)] if left else []
                changed: dict[str, Any] = {key: tuple(items)}
                chart = replace(chart, **changed)
                break
    return chart


def use_item(system: type[Engine], setup: Setup, state: State, name: str, path: str) -> tuple[State, dict]:
    """An item of the Action Chart used before a round or between rounds: its ENDURANCE restored (never above the
    starting ENDURANCE), its COMBAT SKILL added for the rest of the fight, one use gone."""
    chart = after_uses(setup.hero.chart or Chart(), state.used)
    found = [item for key in LISTS for item in getattr(chart, key) if item.name == name]
    item = next((item for item in found if item.in_fight and item.uses), None)
    if item is None:  # why not, the first the item meets
        why = tr("{item} has no uses left", item=name)
        if not any(item.in_fight for item in found):
            why = tr("{item} cannot be used in a fight", item=name)
        if not found:
            why = tr("{item} is not on the Action Chart", item=name)
        raise RecordError(f"{path}.item", why, tr("Item"))
    endurance = max(state.endurance, min(setup.hero.starting_endurance, state.endurance + item.endurance))
    restored = endurance - state.endurance
    state = replace(state, endurance=endurance, used=(*state.used, name), bonus=state.bonus + item.skill)
    event = {"kind": "use", "item": name, "restored": restored, "endurance": endurance,
             "skill": system.skill_total(setup, state)}  # fmt: skip
    return state, event


def use_buttons(system: type[Engine], setup: Setup, state: State) -> list[dict[str, str]]:
    """The items that may be used now (``usable_now``), each with its button's words: its name and what using it
    gives, in the book's words ("Use Laumspur: +4 ENDURANCE")."""
    buttons = []
    for item in system.usable_now(setup, state):
        gives = [effect(system, key, n) for key, n in (("endurance", item.endurance), ("skill", item.skill)) if n]
        name = tr("Use {item}", item=item.name)
        buttons.append({"item": item.name, "label": f"{name}: {', '.join(gives)}" if gives else name})
    return buttons


def use_said(system: Any, event: dict) -> dict[str, Any]:
    """An item's use in the log, in the book's words."""
    labels = system.labels()
    text = tr("{item} used: {endurance_label} {left}, {skill_label} {n}.", item=event["item"],
              endurance_label=tr(labels["endurance"]), left=event["endurance"], skill_label=tr(labels["skill"]),
              n=event["skill"])  # fmt: skip
    return {"text": text, "title": event["item"]}
