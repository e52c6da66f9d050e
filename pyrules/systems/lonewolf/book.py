"""Each book's Action Chart as the book prints it, read from ``data/action_charts.json`` (its facts and their
Project Aon sources; the page's pack keeps only what is read here): the boxes the hero fills between sections, their
printed names and limits, the powers or skills chosen at the start, what a Meal missed or a Medi-Kit unit does.
A box whose book states no limit has none but the record's own maximum: the player keeps it.

>>> book = of("lone-wolf")
>>> [(part.key, part.limit) for part in book.parts][:3]
[('weapons', 2), ('gold', 50), ('meals', None)]
>>> book.spaces().key, book.eat_costs, book.powers.choose
('backpack', -3, 5)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ... import i18n
from ...i18n import read_json, tr
from .chart import MAX_COUNT, MAX_ITEMS

# the data's box keys that the record names otherwise (chart.py): the gold's box is the Belt Pouch or the Robe Pocket
KEYS = {"belt_pouch": "gold", "robe_pocket": "gold", "special_items": "special", "herb_pouch": "herbs",
        "water_canteen": "water", "missile_weapons": "missile", "survival_skills": "skills"}  # fmt: skip
AMMO = {"9mm": "ammo_9mm", "7.62mm": "ammo_762", "12 gauge": "ammo_12"}  # the Ammo Pouch's calibres' boxes
HUNGRY, THIRSTY, UNIT = "told to eat with no Meal", "told to drink with no Water", "each unit used"


@dataclass(frozen=True)
class Part:
    key: str  # the chart's key (chart.py)
    label: str  # the printed name, in English (shown through ``tr``)
    kind: str  # "items" | "count" | "skills"
    limit: int | None  # the book's; None: it states none (the record's own maximum holds)
    holds: str = ""  # what a count holds, in the book's words ("Gold Crowns"; a calibre for the Ammo Pouch)
    meals: bool = False  # Meals take its spaces (the Backpack)
    needs: str = ""  # the power it is carried with (the Herb Pouch: Alchemy)
    names: tuple[str, ...] = ()  # a skills box's skills

    @property
    def most(self) -> int:
        """What it may hold at most: the book's limit, else the record's."""
        if self.limit is not None:
            return self.limit
        return MAX_ITEMS if self.kind == "items" else MAX_COUNT


@dataclass(frozen=True)
class Powers:
    label: str  # "Brotherhood Spells"
    choose: int  # chosen at the start
    names: tuple[str, ...]


@dataclass(frozen=True)
class Book:
    parts: tuple[Part, ...]
    powers: Powers | None
    eat_costs: int  # ENDURANCE a Meal missed costs (negative)
    drink_costs: int  # ENDURANCE a drink of Water missed costs (negative; 0: the book asks for none)
    unit_gives: int  # ENDURANCE a Medi-Kit unit restores (0: no Medi-Kit)

    def part(self, key: str) -> Part:
        """The box ``key`` (one the book has)."""
        return next(part for part in self.parts if part.key == key)

    def spaces(self) -> Part:
        """The box whose spaces the Meals take (the Backpack)."""
        return next(part for part in self.parts if part.meals)


def _effect(part: dict, when: str) -> int:
    return next((e["change"] for e in part.get("effects", ()) if e["when"].startswith(when)), 0)


def _parts(data: dict) -> tuple[Part, ...]:
    parts = []
    for part in data["parts"]:
        kind, key, label = part["kind"], KEYS.get(part["key"], part["key"]), part["printed"]
        if kind == "ammunition":
            parts += [Part(AMMO[each["calibre"]], label, "count", each["limit"], each["calibre"])
                      for each in part["limits"]]  # fmt: skip
        elif kind == "skills":
            parts.append(Part(key, label, kind, None, names=tuple(part["names"])))
        elif kind in ("items", "count"):
            holds = part.get("holds", "") if kind == "count" else ""
            parts.append(Part(key, label, kind, part.get("limit"), holds,
                              bool(part.get("counts_meals")), part.get("needs_power", "")))  # fmt: skip
    if not any(part.key == "meals" for part in parts):  # Freeway Warrior counts Meals in the BACKPACK, no box of theirs
        parts.append(Part("meals", "Meals", "count", None))
    return tuple(parts)


@functools.cache
def of(key: str) -> Book:
    """The book of the system ``key`` (every Lone Wolf-family book's is in the data: test_action_charts.py)."""
    data = _books()[key]
    powers = data["powers"]
    chosen = None
    if powers.get("chosen_at_start"):
        chosen = Powers(powers["printed"], powers["chosen_at_start"], tuple(p["name"] for p in powers["list"]))
    effects = {when: next((_effect(part, when) for part in data["parts"] if _effect(part, when)), 0)
               for when in (HUNGRY, THIRSTY, UNIT)}  # fmt: skip
    return Book(_parts(data), chosen, effects[HUNGRY], effects[THIRSTY], effects[UNIT])


@functools.cache
def _books() -> dict[str, Any]:
    return dict(read_json(__file__, "action_charts.json")["books"])


def declared(key: str, willpower: bool, labels: dict[str, str]) -> dict:
    """The book's chart as describe() declares it, in the current language: its boxes (``parts``: ``key``, the
    printed ``label``, ``kind``, ``limit``, or null with a ``note``: the player keeps it; a count's ``holds``; the
    Backpack's ``meals``: the Meals take its spaces; the Herb Pouch's ``needs``; a Medi-Kit's ``use``: the words of
    using one unit), the ``powers`` chosen at the start
    and the ``actions`` between sections, each with its label; an item's ``effects`` (:func:`effects`; ``labels``:
    the hero's values in the book's words). A list of names (``names``: the powers', the skills') is the record's, in
    English, with ``labels`` as the page shows them."""
    book = of(key)
    parts = []
    for part in book.parts:
        told: dict[str, Any] = {"key": part.key, "label": tr(part.label), "kind": part.kind, "limit": part.limit}
        if part.key == "meals":
            told["note"] = tr("each Meal takes a space of the {part}", part=tr(book.spaces().label))
        elif part.limit is None:
            told["note"] = tr("the book states no limit: the player keeps it")
        if part.holds:
            told["holds"] = tr(part.holds)
        if part.meals:
            told["meals"] = True
        if part.needs:
            told["needs"] = tr(part.needs)
        if part.key == "medikit" and book.unit_gives:  # a unit used between sections: its button's words
            told["use"] = tr("Use a unit: +{n} {stat}", n=book.unit_gives, stat=tr("ENDURANCE"))
        if part.names:  # the record's names (English), and as the page shows them
            told["names"], told["labels"] = list(part.names), [tr(name) for name in part.names]
        parts.append(told)
    told_book: dict[str, Any] = {"parts": parts, "actions": [
        {"do": do, "label": tr(label)} for do, label in actions(key, willpower).items()],
        "effects": effects(labels)}  # fmt: skip
    if book.powers:
        told_book["powers"] = {"key": "powers", "label": tr(book.powers.label), "choose": book.powers.choose,
                               "names": list(book.powers.names),
                               "labels": [tr(name) for name in book.powers.names]}  # fmt: skip
    return told_book


def effects(labels: dict[str, str]) -> list[dict]:
    """What an item may do (chart.Item's fields but its name), in the current language: as the form adding one asks
    (``label``; ``check``: a box, else a whole number) and as a carried item says it (``said``: its ``{n}`` is the
    item's value, with its sign where ``signed``)."""
    skill, endurance = tr(labels["skill"]), tr(labels["endurance"])
    return [
        {"key": "skill", "label": tr("Bonus to {skill}", skill=skill), "signed": True,
         "said": tr("{change} {stat}", change="{n}", stat=skill)},
        {"key": "endurance", "label": tr("{stat} restored", stat=endurance), "signed": True,
         "said": tr("{change} {stat}", change="{n}", stat=endurance)},
        {"key": "uses", "label": tr("Uses (empty: not used up)"), "said": unfilled("{n} {n|use|uses} left")},
        {"key": "in_fight", "label": tr("May be used in a fight"), "said": tr("in a fight"), "check": True},
    ]  # fmt: skip


def unfilled(template: str) -> str:
    """``template`` in the current language with its fields left for the page to fill (a count's plural form is
    chosen where the count is known); the English where the language's text does not fit it (:func:`i18n.fault`)."""
    code = i18n.current()
    own = i18n.CATALOGS.get(code, {}).get(i18n.short_key(template) if code in i18n.SHORT else template)
    return own if own is not None and i18n.fault(template, own, short=False) is None else template


def actions(key: str, willpower: bool) -> dict[str, str]:
    """The book's actions between sections and their labels, in English (shown through ``tr``); ``willpower``: its
    hero has WILLPOWER."""
    book = of(key)
    kinds = {"take": "Take", "drop": "Drop", "count": "Found or spent", "eat": "Eat a Meal",
             "hungry": "No Meal to eat", "use": "Use", "endurance": "ENDURANCE gained or lost"}  # fmt: skip
    if book.drink_costs:
        kinds.update({"drink": "Drink Water", "thirsty": "No Water to drink"})
    if willpower:
        kinds["willpower"] = "WILLPOWER gained or lost"
    kinds["section"] = "Section"
    return kinds
