"""Between sections: what the book asks of the hero's Action Chart, one action at a time, each a pure function of the
hero (the record's hero part, chart.py's chart inside it) and the action, refused by field in the book's words where
it passes a limit the book prints (book.py):

- ``{"do": "take", "part", "item"}``, ``{"do": "drop", "part", "index"}``: an item put in or taken out of a box;
- ``{"do": "count", "part", "change"}``: Meals, gold, a Medi-Kit's units, rounds found or spent (``name``: the
  Survival Skill whose points change);
- ``{"do": "eat"}``, ``{"do": "hungry"}`` (no Meal: the ENDURANCE the book takes), ``drink`` and ``thirsty`` the same
  for Freeway Warrior's Water;
- ``{"do": "use", "part", "index"}``: a consumable (its ENDURANCE restored, never above the starting value; at 0 uses
  it leaves the chart), or a Medi-Kit unit;
- ``{"do": "endurance" | "willpower", "change"}``: a section's gain or loss; ``{"do": "section", "section"}``.

>>> from pyrules.systems.lonewolf import LoneWolf
>>> hero = {"skill": 15, "endurance": 20, "chart": {"backpack": ["Rope"], "meals": 7}}
>>> act(LoneWolf, hero, read_action(LoneWolf, {"do": "take", "part": "backpack", "item": "Torch"}))
Traceback (most recent call last):
...
pyrules.fields.RecordError: action.item (Backpack Items): the Backpack holds 8 items: it has 1 and 7 Meals
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...fields import Reader, RecordError
from ...i18n import tr
from .book import Book, Part, actions, of
from .chart import MAX_COUNT, MAX_EFFECT, MAX_ITEMS, Chart, Item, item_json, read_item
from .record import MAX_WILLPOWER, hero_json

MAX_SECTION = 20  # as the adventure's section
LABELS = {"do": "Action", "part": "Box", "item": "Item", "index": "Item", "change": "Change", "name": "Skill",
          "section": "Section"}  # fmt: skip
PATH = "action"
EATEN = {"eat": "meals", "drink": "water"}  # the box a Meal or a drink is taken from


def _boxes(book: Book, do: str) -> dict[str, Part]:
    """The boxes an action ``do`` may name: items (and the powers) to take, drop or use; counts (and the skills)."""
    if do == "count":
        return {p.key: p for p in book.parts if p.kind in ("count", "skills")}
    boxes = {p.key: p for p in book.parts if p.kind == "items"}
    if book.powers and do != "use":
        boxes["powers"] = Part("powers", book.powers.label, "items", book.powers.choose)
    if do == "use" and book.unit_gives:
        boxes["medikit"] = book.part("medikit")
    return boxes


def read_action(cls: Any, data: Any, path: str = PATH) -> dict:
    """The action ``data`` holds, normalized; a refusal names the field."""
    book = of(cls.key)
    r = Reader(data, path, LABELS)
    do = r.choice("do", actions(cls.key, cls.has_willpower))
    action: dict[str, Any] = {"do": do}
    if do in ("take", "drop", "use", "count"):
        boxes = _boxes(book, do)
        part = boxes[r.choice("part", boxes)]
        action["part"] = part.key
        if do == "take":
            action["item"] = item_json(read_item(r.get("item"), f"{path}.item"))
        elif part.kind == "items":
            action["index"] = r.integer("index", low=0, high=MAX_ITEMS - 1)
        elif part.kind == "skills":
            action["name"] = r.choice("name", {name: name for name in part.names})
    if do in ("count", "endurance", "willpower"):
        action["change"] = r.integer("change", low=-MAX_COUNT, high=MAX_COUNT)
    if do == "section":
        action["section"] = r.text("section", max_length=MAX_SECTION)
    r.done()
    return action


def act(cls: Any, data: dict, action: dict) -> dict:
    """The hero ``data`` (the record's hero part) after ``action`` (as :func:`read_action` gives it)."""
    book = of(cls.key)
    hero = cls.parse_hero(cls.read_hero(data), fallen=True)
    chart, do = hero.chart or Chart(), action["do"]  # none kept yet: an empty one
    endurance, willpower = hero.endurance, hero.willpower
    part = _boxes(book, do).get(action.get("part", ""), book.parts[0])  # every action naming a box was read so
    if do == "take":
        chart = _taken(book, chart, part, read_item(action["item"], f"{PATH}.item"))
    elif do == "drop":
        _index(chart, part, action["index"])
        items = _items(chart, part)
        chart = _put(chart, part.key, items[: action["index"]] + items[action["index"] + 1 :])
    elif do == "count":
        chart = _counted(book, chart, part, action)
    elif do in ("eat", "drink"):
        key = EATEN[do]
        if not getattr(chart, key):
            other = actions(cls.key, cls.has_willpower)["hungry" if do == "eat" else "thirsty"]
            why = tr("{part}: none left, choose “{other}”", part=tr(book.part(key).label), other=tr(other))
            raise RecordError(f"{PATH}.do", why, tr("Action"))
        chart = _put(chart, key, getattr(chart, key) - 1)
    elif do in ("hungry", "thirsty"):
        endurance = max(0, endurance + (book.eat_costs if do == "hungry" else book.drink_costs))
    elif do == "use":
        chart, gives = _used(book, chart, part, action)
        endurance = min(hero.starting_endurance, endurance + gives)
    elif do == "endurance":
        endurance = min(hero.starting_endurance, max(0, endurance + action["change"]))
    elif do == "willpower":
        willpower = min(MAX_WILLPOWER, max(0, (willpower or 0) + action["change"]))
    return hero_json(replace(hero, chart=chart, endurance=endurance, willpower=willpower))


def _items(chart: Chart, part: Part) -> tuple[Item, ...]:
    items: tuple[Item, ...] = getattr(chart, part.key)
    return items


def _put(chart: Chart, key: str, value: Any) -> Chart:
    """The chart with its box ``key`` holding ``value``."""
    changed: dict[str, Any] = {key: value}
    return replace(chart, **changed)


def _index(chart: Chart, part: Part, index: int) -> Item:
    items = _items(chart, part)
    if index >= len(items):
        raise RecordError(
            f"{PATH}.index",
            tr("the {part} box has {n} {n|item|items}: there is no item {index}", part=tr(part.label), n=len(items),
               index=index + 1),
            tr(part.label),
        )  # fmt: skip
    return items[index]


def _full(part: Part, has: int, meals: int = 0) -> str:
    """Why a box refuses one more, in the book's words."""
    label = tr("Backpack") if part.label == "Backpack Items" else tr(part.label)  # the rules' name for it
    if part.meals:
        return tr("the {part} holds {n} {n|item|items}: it has {has} and {meals} {meals|Meal|Meals}", part=label,
                  n=part.most, has=has, meals=meals)  # fmt: skip
    if part.kind == "items":
        return tr("the {part} box holds {n} {n|item|items}: it has {has}", part=label, n=part.most, has=has)
    return tr("the {part} holds {amount}: it has {has}", part=label, amount=amount(part, part.most), has=has)


def amount(part: Part, n: int) -> str:
    """``n`` of what the box holds, in the book's words: 50 Gold Crowns, 4 drinks, 40 rounds of 9mm."""
    if part.key == "meals":
        return tr("{n} {n|Meal|Meals}", n=n)
    if part.holds == "Gold Crowns":
        return tr("{n} {n|Gold Crown|Gold Crowns}", n=n)
    if part.holds == "Nobles":
        return tr("{n} {n|Noble|Nobles}", n=n)
    if part.holds == "units":
        return tr("{n} {n|unit|units}", n=n)
    if part.holds.startswith("drinks"):
        return tr("{n} {n|drink|drinks} of half a pint", n=n)
    if part.holds:
        return tr("{n} {n|round|rounds} of {calibre}", n=n, calibre=tr(part.holds))
    return str(n)


def _taken(book: Book, chart: Chart, part: Part, item: Item) -> Chart:
    items = _items(chart, part)
    field, label = f"{PATH}.item", tr(part.label)
    if part.key == "powers":
        assert book.powers is not None
        if item.name not in book.powers.names:
            known = ", ".join(tr(name) for name in book.powers.names)
            raise RecordError(field, tr("must be one of {known}, not {value}", known=known, value=item.name), label)
        if any(had.name == item.name for had in items):
            raise RecordError(field, tr("{item} is already chosen", item=tr(item.name)), label)
        if len(items) >= book.powers.choose:
            raise RecordError(
                field,
                tr("{n} of the {of} {part} are chosen at the start: {has} already are", n=book.powers.choose,
                   of=len(book.powers.names), part=label, has=len(items)),
                label,
            )  # fmt: skip
    if part.needs and not any(power.name == part.needs for power in chart.powers):
        raise RecordError(field, tr("the {part} is carried only with {power}", part=label, power=tr(part.needs)), label)
    meals = chart.meals if part.meals else 0
    if len(items) + meals >= part.most:
        raise RecordError(field, _full(part, len(items), meals), label)
    return _put(chart, part.key, (*items, item))


def _counted(book: Book, chart: Chart, part: Part, action: dict) -> Chart:
    change, field, label = action["change"], f"{PATH}.change", tr(part.label)
    if part.kind == "skills":
        points = dict(chart.skills)
        name = action["name"]
        now = points.get(name, 0) + change
        if not 0 <= now <= MAX_EFFECT:  # the skill's points as the record reads them
            why = tr("must be from {low} to {high}, not {value}", low=0, high=MAX_EFFECT, value=now)
            raise RecordError(field, why, tr(name))
        points[name] = now
        return replace(chart, skills=tuple(points.items()))
    has = getattr(chart, part.key)
    now = has + change
    if now < 0:
        raise RecordError(field, tr("the {part} has only {amount}", part=label, amount=amount(part, has)), label)
    if part.key == "meals":
        spaces = book.spaces()
        if len(chart.backpack) + now > spaces.most:
            raise RecordError(field, _full(spaces, len(chart.backpack), has), tr(spaces.label))
    elif now > part.most:
        raise RecordError(field, _full(part, has), label)
    return _put(chart, part.key, now)


def _used(book: Book, chart: Chart, part: Part, action: dict) -> tuple[Chart, int]:
    """The chart after a use, and the ENDURANCE it restores."""
    if part.kind == "count":  # a Medi-Kit unit
        if not chart.medikit:
            why = tr("the {part} has only {amount}", part=tr(part.label), amount=amount(part, 0))
            raise RecordError(f"{PATH}.part", why, tr(part.label))
        return replace(chart, medikit=chart.medikit - 1), book.unit_gives
    item = _index(chart, part, action["index"])
    if not item.uses:
        why = tr("{item} is not used up: only an item with uses left is used", item=item.name)
        raise RecordError(f"{PATH}.index", why, tr(part.label))
    items = list(_items(chart, part))
    if item.uses > 1:
        items[action["index"]] = replace(item, uses=item.uses - 1)
    else:
        del items[action["index"]]
    return _put(chart, part.key, tuple(items)), item.endurance


def said(cls: Any, action: dict, was: dict, now: dict) -> str:
    """The log line of ``action``, from the hero's values it changed (``was``, ``now``: the journal's, see
    :mod:`pyrules.journal`), in the current language. A journal is read from a file or a link: a value that is not
    what the action left is said as "?", never refused here."""
    book = of(cls.key)
    do = action["do"]
    part = _boxes(book, do).get(action.get("part", ""))
    label = tr(part.label) if part else ""
    before, after = was.get("chart") or {}, now.get("chart") or {}
    if do == "section":
        return tr("Section {section}.", section=action["section"])
    if do == "take":
        name = action["item"] if isinstance(action["item"], str) else action["item"]["name"]
        return tr("Taken: {item} ({part}).", item=tr(name) if part and part.key == "powers" else name, part=label)
    if do == "drop":
        return tr("Dropped: {item} ({part}).", item=_name(before, action), part=label)
    if do in ("count", "eat", "drink"):  # a count found or spent, a Meal or a drink taken from its box
        key = EATEN.get(do) or action["part"]
        n = after.get(key)
        if "name" in action:  # a Survival Skill's points
            label, n = tr(action["name"]), n.get(action["name"]) if isinstance(n, dict) else 0
        elif do != "count":
            label = tr(book.part(key).label)
        elif part and part.holds and sum(p.label == part.label for p in book.parts) > 1:  # a calibre's own pouch
            label = f"{label} ({tr(part.holds)})"
        return tr("{part}: {change}, now {n}.", part=label, change=_signed(action.get("change", -1)), n=_number(n))
    score = "willpower" if do == "willpower" else "endurance"
    stands = _number(now.get(score, was.get(score)))
    change = _signed(stands - _number(was.get(score, stands)))
    if do in ("endurance", "willpower"):
        label = tr("WILLPOWER") if do == "willpower" else tr("ENDURANCE")
        return tr("{part}: {change}, now {n}.", part=label, change=change, n=stands)
    if do == "use":  # what was used: the item, or a unit of the Medi-Kit
        what = label if part and part.kind == "count" else _name(before, action)
    else:  # a Meal or a drink missed
        what = tr(actions(cls.key, cls.has_willpower)[do])
    return tr("{what}: ENDURANCE {change}, now {n}.", what=what, change=change, n=stands)


def _name(chart: dict, action: dict) -> str:
    """The name of the item ``action`` names in ``chart`` (a box's values as they were), "?" where it has none."""
    items: Any = chart.get(action["part"])
    index = action["index"]
    if isinstance(items, dict) and isinstance(items.get("at"), int):  # the run of the list that changed
        items, index = items.get("items"), index - items["at"]
    item = items[index] if isinstance(items, list) and 0 <= index < len(items) else None
    item = item.get("name") if isinstance(item, dict) else item
    return item if isinstance(item, str) else "?"


def _number(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"
