"""A ten-fight adventure in each Lone Wolf-family book with an Action Chart, played through ``pyrules.api.call`` as
the page plays it: a new hero, items found, used and dropped, Meals eaten and missed, gold spent, a fight every few
sections, an adventure link made and opened in between. After each section and each fight the hero's sheet equals a
small oracle written here from the books' rules on plain dicts (nothing of pyrules' code), a refused action is one
the oracle refuses too, and the opened link shows the same sheet.

The books' rules (Project Aon's text): Dawn of the Darklords: 2 Weapons, 8 Backpack Items with each Meal taking a
space, 50 Gold Crowns in the Belt Pouch, Special Items without a maximum, 5 of the 10 Brotherhood Spells, 3 ENDURANCE
lost for a Meal missed. Grey Star the Wizard: the same, Nobles in the Robe Pocket without a maximum, a Herb Pouch of 8
carried with Alchemy, 5 of the 7 Lesser Magicks, WILLPOWER that may pass its starting score. Freeway Warrior: a
BACKPACK of 10 with the Meals, a MEDI-KIT of 12 units each restoring 3 ENDURANCE, a WATER CANTEEN of 4 drinks (3
ENDURANCE lost for a drink missed), 40 rounds of 9mm in the AMMO POUCH, 2 CLOSE COMBAT WEAPONS and 3 MISSILE
WEAPONS. ENDURANCE never passes its starting score; a potion restores its points."""

from __future__ import annotations

import json
import random

import pytest

from pyrules import api

SPELLS = ["Lightning Hand", "Mind Charm", "Invisible Shield", "Net", "Vigour", "Counterspell", "Levitation",
          "Sense Evil", "Mend", "Silence"]  # fmt: skip
MAGICKS = ["Sorcery", "Enchantment", "Elementalism", "Alchemy", "Prophecy", "Psychomancy", "Evocation"]
BOOKS = {
    "lone-wolf": {"items": {"weapons": 2, "backpack": 8, "special": None, "powers": 5},
                  "counts": {"gold": 50, "meals": None}, "powers": SPELLS, "hungry": 3, "skill": 17},
    "grey-star": {"items": {"weapons": 2, "backpack": 8, "special": None, "powers": 5, "herbs": 8},
                  "counts": {"gold": None, "meals": None}, "powers": MAGICKS, "hungry": 3, "skill": 17},
    "freeway-warrior": {"items": {"weapons": 2, "missile": 3, "backpack": 10},
                        "counts": {"meals": None, "medikit": 12, "water": 4, "ammo_9mm": 40}, "hungry": 3,
                        "thirsty": 3, "unit": 3, "skill": 17},
}  # fmt: skip
FOUND = ["Rope", "Torch", "Blanket", "Tinderbox", "Bottle of Wine", "Map", "Key", "Dagger", "Comb", "Mirror"]
RECORD_MAX = 40  # the record's own maximum of a box whose book states none


def call(**request):
    reply = json.loads(api.call(json.dumps(request)))
    return reply


class Oracle:
    """The hero's sheet on plain dicts, by the book's rules alone."""

    def __init__(self, book: dict, endurance: int, willpower: int | None):
        self.book, self.endurance, self.start, self.willpower = book, endurance, endurance, willpower
        self.items: dict[str, list] = {key: [] for key in book["items"]}
        self.counts = {key: 0 for key in book["counts"]}

    def space(self, part: str) -> int:
        limit = self.book["items"][part]
        used = len(self.items[part]) + (self.counts["meals"] if part == "backpack" else 0)
        return (RECORD_MAX if limit is None else limit) - used

    def take(self, part: str, item) -> bool:
        name = item if isinstance(item, str) else item["name"]
        if part == "powers" and any(had == name for had in self.items[part]):
            return False
        if part == "herbs" and "Alchemy" not in self.items["powers"]:
            return False
        if self.space(part) <= 0:
            return False
        self.items[part].append(item)
        return True

    def drop(self, part: str, index: int) -> bool:
        if index >= len(self.items[part]):
            return False
        del self.items[part][index]
        return True

    def count(self, part: str, change: int) -> bool:
        now = self.counts[part] + change
        limit = self.book["counts"][part]
        if now < 0 or (limit is not None and now > limit):
            return False
        if part == "meals" and len(self.items["backpack"]) + now > self.book["items"]["backpack"]:
            return False
        self.counts[part] = now
        return True

    def eat(self, key: str = "meals") -> bool:
        return self.count(key, -1)

    def miss(self, what: str) -> bool:
        self.endurance = max(0, self.endurance - self.book[what])
        return True

    def use(self, part: str, index: int) -> bool:
        if part == "medikit":
            if not self.count("medikit", -1):
                return False
            self.endurance = min(self.start, self.endurance + self.book["unit"])
            return True
        if index >= len(self.items[part]) or isinstance(self.items[part][index], str):
            return False
        potion = dict(self.items[part][index])
        self.endurance = min(self.start, self.endurance + potion["endurance"])
        potion["uses"] -= 1
        if potion["uses"]:
            self.items[part][index] = potion
        else:
            del self.items[part][index]
        return True

    def change(self, score: str, n: int) -> bool:
        if score == "willpower":
            self.willpower = max(0, (self.willpower or 0) + n)
        else:
            self.endurance = min(self.start, max(0, self.endurance + n))
        return True

    def chart(self) -> dict:
        return {**{k: v for k, v in self.items.items() if v}, **{k: v for k, v in self.counts.items() if v}}


def random_action(rng: random.Random, oracle: Oracle, system: str) -> tuple[dict, bool]:
    """An action a section might ask for, and whether the book allows it (the oracle's sheet then changed)."""
    book = oracle.book
    kind = rng.choice(["take", "take", "take", "drop", "count", "count", "eat", "miss", "use", "score"])
    if kind == "take":
        part = rng.choice(list(book["items"]))
        if part == "powers":
            item = rng.choice(book["powers"])
        elif rng.random() < 0.3:
            item = {"name": "Potion", "endurance": rng.randint(2, 5), "uses": rng.randint(1, 2)}
        else:
            item = rng.choice(FOUND)
        return {"do": "take", "part": part, "item": item}, oracle.take(part, item)
    if kind == "drop":
        part = rng.choice(list(book["items"]))
        index = rng.randint(0, len(oracle.items[part]))  # one past the end now and then: refused
        return {"do": "drop", "part": part, "index": index}, oracle.drop(part, index)
    if kind == "count":
        part = rng.choice(list(book["counts"]))
        change = rng.choice([-20, -3, -1, 1, 2, 5, 30])
        return {"do": "count", "part": part, "change": change}, oracle.count(part, change)
    if kind == "eat":
        if system == "freeway-warrior" and rng.random() < 0.5:
            return {"do": "drink"}, oracle.eat("water")
        return {"do": "eat"}, oracle.eat()
    if kind == "miss":
        if system == "freeway-warrior" and rng.random() < 0.5:
            return {"do": "thirsty"}, oracle.miss("thirsty")
        return {"do": "hungry"}, oracle.miss("hungry")
    if kind == "use":
        if system == "freeway-warrior" and rng.random() < 0.5:
            return {"do": "use", "part": "medikit"}, oracle.use("medikit", 0)
        part = "herbs" if system == "grey-star" and rng.random() < 0.3 else "backpack"
        index = rng.randint(0, max(0, len(oracle.items[part]) - 1))
        return {"do": "use", "part": part, "index": index}, oracle.use(part, index)
    score = "willpower" if oracle.willpower is not None and rng.random() < 0.5 else "endurance"
    n = rng.choice([-4, -2, 3, 6])
    return {"do": score, "change": n}, oracle.change(score, n)


def fight(document: dict, rng: random.Random) -> tuple[dict, int, int | None]:
    """One fight from the adventure's hero to its end, as the page plays it: its record, and the ENDURANCE and
    WILLPOWER the fight's own view leaves the hero at."""
    record = {"format": "pyrules-fight", "version": 1, "system": document["system"], "hero": document["hero"],
              "enemies": [{"name": "Giak", "skill": 8, "endurance": rng.randint(4, 9)}], "seed": rng.randint(0, 999)}
    opened = call(op="start", record=record)
    assert opened["ok"], opened
    view, actions = opened["view"], []
    while view["outcome"] == "ongoing":
        reply = call(op="act", session=opened["session"], action={"do": "round", "number": rng.randint(5, 9)})
        assert reply["ok"], reply
        view = reply["view"]
        actions.append(reply["action"])
    assert view["outcome"] == "won"
    return {**record, "actions": actions}, view["hero"]["endurance"], view["hero"]["willpower"]


def sheet_of(document: dict) -> tuple[dict, int, int | None]:
    hero = document["hero"]
    return hero.get("chart", {}), hero["endurance"], hero.get("willpower")


@pytest.mark.parametrize("system", list(BOOKS))
def test_ten_fights_and_the_sections_between_them_keep_the_sheet_the_books_way(system):
    rng = random.Random(system)
    book = BOOKS[system]
    numbers = {"skill": 7, "endurance": 9} | ({"willpower": 5} if system == "grey-star" else {})
    hero = call(op="new_hero", system=system, numbers=numbers)["hero"]
    assert hero["skill"] == book["skill"]
    oracle = Oracle(book, hero["endurance"], hero.get("willpower"))
    document = call(op="adventure", adventure={"format": "pyrules-adventure", "version": 1, "system": system,
                                               "hero": hero, "fights": []})["adventure"]  # fmt: skip
    refused = accepted = 0
    for number in range(10):
        for _ in range(rng.randint(3, 8)):  # a few sections, each with its action
            section = str(rng.randint(1, 350))
            document = call(op="sheet", adventure=document, action={"do": "section", "section": section})["adventure"]
            action, allowed = random_action(rng, oracle, system)
            reply = call(op="sheet", adventure=document, action=action)
            assert reply["ok"] is allowed, (action, reply)
            if allowed:
                document = reply["adventure"]
                accepted += 1
            else:
                refused += 1
                assert reply["error"]["field"].startswith("action")
            assert sheet_of(document) == (oracle.chart(), oracle.endurance, oracle.willpower), action
            if oracle.endurance < 12:  # the section's healing before the next fight
                document = call(op="sheet", adventure=document, action={"do": "endurance", "change": 10})["adventure"]
                oracle.change("endurance", 10)
        record, endurance, willpower = fight(document, rng)
        after = call(op="hero_after", record=record)
        assert after["ok"] and after["outcome"] == "won"
        oracle.endurance, oracle.willpower = endurance, willpower  # the fight's own numbers; the chart untouched
        entry = {"name": f"Fight {number + 1}", "section": document["section"], "when": number, "record": record}
        document = {**document, "hero": after["hero"], "fights": [*document["fights"], entry]}
        assert sheet_of(document) == (oracle.chart(), oracle.endurance, oracle.willpower)
        assert document["hero"]["endurance_max"] == oracle.start
        if number % 3 == 1:  # an adventure link made and opened in between
            code = call(op="share_adventure", adventure=document)["code"]
            opened = call(op="open_link", code=code)["adventure"]
            assert sheet_of(opened) == (oracle.chart(), oracle.endurance, oracle.willpower)
            assert opened["journal"] == document["journal"] and len(opened["fights"]) == number + 1
            document = opened
    assert accepted > 20 and refused > 3  # the script went through the books' limits, not around them
    final = call(op="adventure", adventure=document)["adventure"]
    assert sheet_of(final) == (oracle.chart(), oracle.endurance, oracle.willpower)
    assert len(final["fights"]) == 10


@pytest.mark.parametrize("system", list(BOOKS))
def test_a_fight_starts_from_the_adventures_hero_and_leaves_its_chart_whole(system):
    chart = {"weapons": ["Knife"], "backpack": ["Rope", {"name": "Potion", "endurance": 4, "uses": 2}],
             "meals": 2, "special": ["Pendant"]} if system != "freeway-warrior" else {
             "weapons": ["Machete"], "missile": ["Pistol"], "backpack": ["Compass"], "meals": 1, "medikit": 6,
             "water": 3, "ammo_9mm": 8, "skills": {"Driving": 4, "Stealth": 3}}  # fmt: skip
    hero = {"skill": 16, "endurance": 24, "chart": chart} | ({"willpower": 12} if system == "grey-star" else {})
    record, _, _ = fight({"system": system, "hero": hero}, random.Random(system))
    after = call(op="hero_after", record=record)
    assert after["ok"] and after["hero"]["chart"] == chart
