"""The Action Chart of each Lone Wolf-family book (data/action_charts.json): every book the app registers has one,
every fact names where the book says it, a limit the book does not state is the player's, and the chart agrees
with the rules the app already plays."""

from __future__ import annotations

import re
import sys

import pytest

from pyrules.i18n import read_json
from pyrules.systems import SYSTEMS
from pyrules.systems.lonewolf import LoneWolf, rules
from pyrules.systems.lonewolf import tables as tables_module

CHARTS = read_json(tables_module.__file__, "action_charts.json")
BOOKS = CHARTS["books"]
FAMILY = [key for key in SYSTEMS if issubclass(SYSTEMS[key], LoneWolf)]
# "<file>#<element id>" in Project Aon's XML: the three books and the Readers' Handbook
SOURCE = re.compile(r"(dotd|01gstw|01hh|rh)\.xml#[A-Za-z][\w-]*")
# Keys that state a fact of the book: a dict holding one needs a source, its own or its parent's
FACTS = ("limit", "skill", "change", "start", "printed", "name", "chosen_at_start", "count")
PLAYER_SETS = "the player sets it"


def walk(value, path="", inherited=None):
    """Every dict of the data with its path and the source in scope for it (its own, else its nearest parent's)."""
    if isinstance(value, dict):
        own = value.get("source") or inherited
        yield path, value, own
        for key, item in value.items():
            yield from walk(item, f"{path}.{key}", own)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, f"{path}[{i}]", inherited)


def part(key, name):
    (found,) = [p for p in BOOKS[key]["parts"] if p["key"] == name]
    return found


def weapon(key, name):
    (found,) = [w for w in BOOKS[key]["weapons"] if w["name"] == name]
    return found


def effect(item, what):
    (found,) = [e for e in item["effects"] if e["what"] == what]
    return found["change"]


def test_the_file_is_this_format_with_its_note_for_readers():
    assert CHARTS["format"] == "pyrules-action-charts"
    if sys.platform != "emscripten":  # the browser wheel leaves data files' notes for people out
        assert "the player sets it" in CHARTS["about"]


def test_every_book_of_the_family_the_app_registers_has_a_chart():
    assert FAMILY == ["lone-wolf", "grey-star", "freeway-warrior"]
    assert set(BOOKS) == set(FAMILY)
    for key in FAMILY:
        system = SYSTEMS[key]
        assert BOOKS[key]["book"].startswith(system.book)
        assert BOOKS[key]["hero"] == system.hero_name
        assert {"combat_skill", "endurance", "weapons", "backpack"} <= {p["key"] for p in BOOKS[key]["parts"]}


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_every_limit_is_a_whole_number_or_the_players_with_a_note(key):
    limits = [(path, d) for path, d, _ in walk(BOOKS[key]) if "limit" in d or "value" in d]
    assert limits
    for path, found in limits:
        value = found.get("limit", found.get("value"))
        if value is None:
            assert PLAYER_SETS in found.get("note", ""), path
        else:
            assert isinstance(value, int) and not isinstance(value, bool) and value > 0, path


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_every_fact_names_the_book_file_and_element_it_comes_from(key):
    book = BOOKS[key]
    checked = 0
    for path, found, source in walk(book, key):
        for name in ("source", "searched", "differs_from"):
            where_all = found.get(name, ())
            for where in [where_all] if isinstance(where_all, str) else where_all:
                assert SOURCE.fullmatch(where), f"{path}.{name}: {where}"
                checked += 1
        if any(fact in found for fact in FACTS) and "value" not in found:
            assert source, f"{path} states a fact without a source"
    own = {where.partition("#")[0] for _, found, _ in walk(book) for where in found.get("source", ())}
    assert book["file"] in own and own <= {book["file"], "rh.xml"}
    assert checked > 20


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_what_the_book_leaves_to_the_player_says_where_it_was_looked_for(key):
    left = BOOKS[key]["not_stated"]
    assert any(item["fact"] == "the section the hero is at" for item in left)
    for item in left:
        assert item["value"] is None and PLAYER_SETS in item["note"] and item["searched"]


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_a_new_heros_scores_are_the_apps_creation_rules(key):
    system = SYSTEMS[key]
    printed = {"combat_skill": "skill", "endurance": "endurance", "willpower": "willpower"}
    starts = {printed[p["key"]]: p["start"] for p in BOOKS[key]["parts"] if p["key"] in printed}
    assert {name: start["plus"] for name, start in starts.items()} == system.creation
    assert all(start["random_number"] == "0-9" for start in starts.values())
    assert part(key, "combat_skill")["printed"].upper() == system.skill_label


def test_willpower_is_a_part_of_grey_stars_chart_only_as_the_app_has_it():
    for key in FAMILY:
        has = "willpower" in {p["key"] for p in BOOKS[key]["parts"]}
        assert has == SYSTEMS[key].has_willpower, key
    willpower = part("grey-star", "willpower")
    assert willpower["printed"] == "Willpower" and willpower["may_fall_below_zero"]


def test_the_herb_pouch_is_grey_stars_with_alchemy_and_holds_eight():
    pouch = part("grey-star", "herb_pouch")
    assert (pouch["printed"], pouch["limit"], pouch["needs_power"]) == ("Herb Pouch", 8, "Alchemy")
    assert "Alchemy" in {power["name"] for power in BOOKS["grey-star"]["powers"]["list"]}
    assert all("herb_pouch" not in {p["key"] for p in BOOKS[key]["parts"]} for key in ("lone-wolf", "freeway-warrior"))


@pytest.mark.parametrize(
    "key,backpack,weapons,powers",
    [("lone-wolf", 8, 2, (5, 10)), ("grey-star", 8, 2, (5, 7)), ("freeway-warrior", 10, 2, (None, 5))],
)
def test_the_printed_limits_and_the_powers_chosen_at_the_start(key, backpack, weapons, powers):
    assert part(key, "backpack")["limit"] == backpack
    assert part(key, "weapons")["limit"] == weapons
    chosen = BOOKS[key]["powers"]
    assert (chosen["chosen_at_start"], chosen["of"] if "of" in chosen else len(chosen["list"])) == powers
    assert len(chosen["list"]) == powers[1]


def test_banedons_weapons_and_vigour_are_the_apps():
    assert weapon("lone-wolf", "No Weapon")["skill"] == LoneWolf.weapons[LoneWolf.unarmed].adjustment
    assert weapon("lone-wolf", "Short Sword")["skill"] == LoneWolf.weapons[LoneWolf.default_weapon].adjustment
    (vigour,) = [p for p in BOOKS["lone-wolf"]["powers"]["list"] if p["name"] == "Vigour"]
    found = (effect(vigour, "skill"), -effect(vigour, "endurance"), effect(vigour, "endurance_at_least"))
    assert found == (rules.VIGOUR_SKILL, rules.VIGOUR_COST, rules.VIGOUR_FLOOR)
    for key in FAMILY:
        names = {p["name"] for p in BOOKS[key]["powers"]["list"]}
        assert ("Vigour" in names) == SYSTEMS[key].has_vigour, key


def test_grey_stars_staff_and_weapons_are_the_apps():
    grey_star = SYSTEMS["grey-star"]
    staff = weapon("grey-star", "Wizard's Staff")
    assert staff["magic"] and grey_star.weapons["staff"].magic
    assert staff["skill"] == grey_star.weapons["staff"].adjustment
    assert effect(staff, "skill") == grey_star.plain_staff.adjustment  # its magic gone at WILLPOWER 0 or below
    assert effect(staff, "willpower_spent_at_least") == 1  # the app's spend_range starts at 1
    dagger = weapon("grey-star", "Jewelled Dagger")  # the footnote's first reading, which the app plays
    assert dagger["skill"] + effect(dagger, "skill") == grey_star.weapons["jewelled-dagger"].adjustment
    assert weapon("grey-star", "Another weapon")["skill"] == grey_star.weapons["other"].adjustment
    assert weapon("grey-star", "No weapon")["skill"] == grey_star.weapons["none"].adjustment


def test_freeway_warriors_close_combat_weapons_are_the_apps_bonuses():
    by_name = {w.name: w.adjustment for w in SYSTEMS["freeway-warrior"].weapons.values()}
    printed = BOOKS["freeway-warrior"]["weapons"]
    assert len(printed) >= 9
    for found in printed:
        assert by_name[found["name"]] == found["skill"], found["name"]
    default = SYSTEMS["freeway-warrior"].weapons[SYSTEMS["freeway-warrior"].default_weapon]
    starting = {item["name"] for item in BOOKS["freeway-warrior"]["starting_equipment"]["given"]}
    assert default.name in starting and weapon("freeway-warrior", default.name)["skill"] == default.adjustment


def test_each_starting_choice_names_parts_of_its_own_chart():
    for key in FAMILY:
        parts = {p["key"] for p in BOOKS[key]["parts"]}
        equipment = BOOKS[key]["starting_equipment"]
        items = [*equipment["given"], *(item for choice in equipment["choose"] for item in choice["from"])]
        assert all(item["part"] in parts for item in items if item.get("part")), key
        assert all(0 < choice["count"] <= len(choice["from"]) for choice in equipment["choose"]), key
