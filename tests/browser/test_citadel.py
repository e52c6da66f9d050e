"""Citadel of Blood in the browser: three heroes against four monsters on the march-order board, to the end."""

from __future__ import annotations

import re

from conftest import plain_latin_words, play_on, wait_for
from playwright.sync_api import expect

from pyrules import share

PARTY = [
    # name, wound points, resistance, combat bonus, weapons, skill with the first, row, space
    ("Gislan", "7", "2", "2", ("axe", "throwing_dagger"), "1", "0", "0"),
    ("Elwen", "6", "3", "1", ("bow", "dagger"), "2", "1", "1"),
]


def set_up_party(page):
    add_from_roster(page, "Almuric")
    almuric = page.get_by_role("group", name="Character A")
    expect(almuric.get_by_label("Name", exact=True)).to_have_value("Almuric")
    expect(almuric.get_by_label("Wound Points")).to_have_value("8")
    almuric.get_by_label("Space").select_option(label="middle")
    for i, (name, points, resistance, bonus, weapons, skill, row, space) in enumerate(PARTY):
        page.get_by_role("button", name="Add a character of your own").click()
        group = page.get_by_role("group", name=f"Character {'BC'[i]}")
        group.get_by_label("Name", exact=True).fill(name)
        group.get_by_label("Wound Points").fill(points)
        group.get_by_label("Resistance Value").fill(resistance)
        group.get_by_label("Combat Bonus").fill(bonus)
        group.get_by_label("First weapon", exact=True).select_option(weapons[0])
        group.get_by_label("Weapon Skill with the first weapon").fill(skill)
        group.get_by_label("Second weapon", exact=True).select_option(weapons[1])
        group.get_by_label("Row").select_option(row)
        group.get_by_label("Space").select_option(space)
    add_from_roster(page, monsters=["Orcs", "Skeletons", "Harpies", "Dire Wolves"])
    page.get_by_role("button", name="Start fight").click()
    expect(page.get_by_text("Round 1: Party Combat")).to_be_visible()


def add_from_roster(page, hero=None, monsters=()):
    """Citadel of Blood chosen; a hero from the roster and monsters from the chart added to the lists."""
    page.get_by_role("radio", name="Citadel of Blood").check()
    if hero:
        page.get_by_label("Hero from the roster").select_option(label=hero)
        page.get_by_role("button", name="Add this hero").click()
    for monster in monsters:
        page.get_by_label("Monster from the chart").select_option(label=monster)
        page.get_by_role("button", name="Add this monster").click()


def unit(page, label):
    """A unit's space on the board, by its id and name ("A Almuric", "3 Harpies")."""
    return page.get_by_role("group", name="March order").get_by_role("button", name=re.compile(f"^{label}:"))


def rows(page, name="Combat log"):
    """The log's cards, one an action, the newest first."""
    return page.get_by_role("list", name=name).locator(":scope > li")


def attack(page, who, target, die):
    before = rows(page).count()
    unit(page, who).click()
    expect(unit(page, target)).to_have_class(re.compile(r"\blegal\b"))
    page.get_by_label("Die", exact=True).fill(str(die))
    unit(page, target).click()
    expect(rows(page)).to_have_count(before + 1)


def press(page, button, die=None, target_die=None):
    before = rows(page).count()
    if die is not None:
        page.get_by_label("Die", exact=True).fill(str(die))
    if target_die is not None:
        page.get_by_label("Die for the target", exact=True).fill(str(target_die))
    page.get_by_role("button", name=button, exact=True).click()
    expect(rows(page)).to_have_count(before + 1)


def monsters(page, *dice):
    for die in dice:
        if isinstance(die, tuple):
            press(page, "Monster attack", *die)
        else:
            press(page, "Monster attack", die)


def test_three_heroes_against_four_monsters_to_the_end_with_a_reorganization(page):
    set_up_party(page)
    # 9.1: the three monsters with the most Wound Points in front, the fourth behind.
    board = page.get_by_role("group", name="March order")
    expect(unit(page, "2 Skeletons")).to_have_accessible_name(re.compile("monsters, row 2, middle"))
    expect(unit(page, "1 Orcs")).to_have_accessible_name(re.compile("monsters, row 1, left"))
    expect(page.get_by_text("The Combat Results Table and the monsters' numbers are unverified")).to_be_visible()

    # Round 1. 9.5: Almuric, die 5 + Sword 2 + Combat Bonus 3 = 10 in the Sword column.
    attack(page, "A Almuric", "3 Harpies", 5)
    first = rows(page).first.locator("p").all_inner_texts()
    assert first[0] == "Round 1 · Party Combat"
    assert first[1] == "Almuric → Harpies"
    assert " ".join(first[2].split()).startswith("die 5 + Weapon Skill 2 + Combat Bonus 3 = 10 (Sword)")
    assert first[3] == "2 wounds — Wound Points 3 of 5"
    attack(page, "B Gislan", "1 Orcs", 3)
    attack(page, "C Elwen", "3 Harpies", 6)
    expect(page.get_by_text("Round 1: Monster Combat")).to_be_visible()
    monsters(page, 2, 1, 3)
    expect(page.get_by_text("Round 1: Party Reorganization")).to_be_visible()
    press(page, "Move no one")

    # Round 2: the Harpies die; Elwen moves up into the empty right-hand space; the Skeletons come forward.
    attack(page, "A Almuric", "3 Harpies", 6)
    expect(rows(page).first).to_contain_text("Harpies: out of the fight")
    expect(unit(page, "3 Harpies")).to_have_count(0)
    attack(page, "B Gislan", "1 Orcs", 5)
    attack(page, "C Elwen", "1 Orcs", 6)
    monsters(page, (5, 3), 5)
    unit(page, "C Elwen").click()
    space = board.get_by_role("button", name="empty space: party, row 1, right")
    expect(space).to_have_class(re.compile(r"\blegal\b"))
    before = rows(page).count()
    space.click()
    expect(rows(page)).to_have_count(before + 1)
    expect(unit(page, "C Elwen")).to_have_accessible_name(re.compile("party, row 1, right"))
    expect(rows(page).first).to_contain_text("Elwen: moves from row 2, middle to row 1, right")
    press(page, "Move a monster")
    expect(unit(page, "2 Skeletons")).to_have_accessible_name(re.compile("monsters, row 1, middle"))

    # Round 3: Elwen changes to her dagger instead of attacking (9.4).
    attack(page, "A Almuric", "2 Skeletons", 5)
    attack(page, "B Gislan", "1 Orcs", 6)
    unit(page, "C Elwen").click()
    press(page, "Change weapon")
    expect(unit(page, "C Elwen")).to_have_accessible_name(re.compile(", Dagger; party"))
    monsters(page, 6, 2, 4)
    press(page, "Move no one")

    # Rounds 4-6, keyboard only for one attack: focus the character, Enter, then the target, Enter.
    attack(page, "A Almuric", "2 Skeletons", 6)
    page.get_by_label("Die", exact=True).fill("4")
    unit(page, "B Gislan").focus()
    page.keyboard.press("Enter")
    unit(page, "1 Orcs").focus()
    before = rows(page).count()
    page.keyboard.press("Enter")
    expect(rows(page)).to_have_count(before + 1)
    attack(page, "C Elwen", "4 Dire Wolves", 5)
    monsters(page, (6, 5), (6, 2))
    press(page, "Move no one")
    attack(page, "A Almuric", "1 Orcs", 3)
    attack(page, "B Gislan", "4 Dire Wolves", 2)
    attack(page, "C Elwen", "4 Dire Wolves", 6)
    monsters(page, (6, 5))
    press(page, "Move no one")
    attack(page, "A Almuric", "4 Dire Wolves", 6)
    attack(page, "B Gislan", "4 Dire Wolves", 2)

    expect(page.get_by_role("status").filter(has_text="Victory in round 6")).to_be_visible()
    expect(page.locator("#outcome")).to_have_text(re.compile("Standing: Almuric, Gislan and Elwen"))
    for name in ("Monster attack", "Move no one", "End the party's attacks"):
        expect(page.get_by_role("button", name=name)).to_be_hidden()
    # Undo steps back into the fight; the saved fight is kept across a reload.
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_text("Round 6: Party Combat")).to_be_visible()
    page.reload()
    expect(page.get_by_text("Round 6: Party Combat")).to_be_visible(timeout=120_000)


def test_a_bad_die_is_refused_by_name_and_the_combat_is_kept(page):
    set_up_party(page)
    attack(page, "A Almuric", "3 Harpies", 5)
    unit(page, "B Gislan").click()
    page.get_by_label("Die", exact=True).fill("9")
    unit(page, "1 Orcs").click()
    expect(page.get_by_role("alert").filter(has_text="Die")).to_contain_text("9")
    expect(rows(page)).to_have_count(1)
    expect(page.get_by_text("Round 1: Party Combat")).to_be_visible()


def test_an_edited_table_is_used_and_travels_in_the_record(page):
    add_from_roster(page, "Almuric", ["Orcs"])
    page.get_by_text("Combat Results Table 9.9 (unverified").click()
    cell = page.get_by_label("Sword, roll 10", exact=True)
    expect(cell).to_have_value("2")
    cell.fill("5")
    page.get_by_role("button", name="Start fight").click()
    attack(page, "A Almuric", "1 Orcs", 5)  # 5 + 2 + 3 = 10: the edited cell
    expect(rows(page).first).to_contain_text("5 wounds — Wound Points 1 of 6")
    page.get_by_role("button", name="Share").click()
    expect(page.get_by_label("Share link")).to_have_value(re.compile(r"#f=3\."))
    # The link carries the edited table: opened in a fresh page, the same attack reads the same cell.
    link = page.get_by_label("Share link").input_value()
    other = page.context.new_page()
    other.goto(link)
    expect(other.get_by_text("Round 1: Monster Combat")).to_be_visible(timeout=120_000)
    expect(rows(other).last).to_contain_text("5 wounds — Wound Points 1 of 6")  # the first of the fight
    other.close()


def test_the_citadel_screens_in_russian_have_no_english_left(page):
    # The lists are filled in English, then the language changes: every row is rebuilt in Russian, values kept.
    page.get_by_role("radio", name="Citadel of Blood").check()
    page.get_by_role("button", name="Add this hero").click()
    page.get_by_role("button", name="Add this monster").click()
    page.get_by_role("group", name="Character A").get_by_label("Combat Bonus").fill("4")
    page.get_by_label("Language").select_option("ru")
    character = page.get_by_role("group", name="Персонаж A")
    expect(character.get_by_label("Владение первым оружием")).to_have_value("2")
    expect(character.get_by_label("Первое оружие", exact=True)).to_have_value("sword")
    expect(character.get_by_label("Боевой бонус", exact=True)).to_have_value("4")  # as typed before the switch
    character.get_by_label("Боевой бонус", exact=True).fill("3")
    # The names taken from the roster in English are the player's data now, and stay as they are.
    allowed = {"pyrules", "README", "json", "English", "SPI", "Almuric", "Chimaera"}
    # the odds panel's words follow once the rules have read the form in Russian (on a busy machine, after the form's)
    english = lambda: plain_latin_words(page.locator("body").inner_text()) - allowed  # noqa: E731
    try:
        wait_for(page, lambda: not english(), "the page in Russian only", 60_000)
    except AssertionError:
        raise AssertionError(f"English left: {english()}") from None
    page.get_by_role("button", name="Начать бой").click()
    expect(page.get_by_text("Раунд 1: Бой отряда")).to_be_visible()
    page.get_by_role("group", name="Походный порядок").get_by_role("button", name=re.compile("^A ")).click()
    page.get_by_label("Кубик", exact=True).fill("4")
    page.get_by_role("group", name="Походный порядок").get_by_role("button", name=re.compile("^1 ")).click()
    row = rows(page, "Журнал боя").first
    expect(row).to_contain_text("кубик 4 + владение оружием 2 + боевой бонус 3 = 9 (Меч)")
    expect(row).to_contain_text("1 ранение")
    assert plain_latin_words(page.locator("body").inner_text()) <= allowed


def test_the_players_choose_who_faces_whom_within_9_1(page):
    add_from_roster(page, "Almuric", ["Orcs"])
    orcs = page.get_by_role("group", name="Monster 1")
    # every row the rules accept (describe()'s rows), the deployment's choice first
    expect(orcs.get_by_label("Row").locator("option")).to_have_text(["by 9.1", *(f"row {n}" for n in range(1, 7))])
    orcs.get_by_label("Row").select_option(label="row 1")
    orcs.get_by_label("Space").select_option(label="left")
    page.get_by_role("button", name="Start fight").click()
    expect(page.get_by_role("alert").filter(has_text="9.1: a single monster stands in the middle")).to_be_visible()
    add_from_roster(page, monsters=["Troll"])
    orcs.get_by_label("Space").select_option(label="right")
    troll = page.get_by_role("group", name="Monster 2")
    troll.get_by_label("Row").select_option(label="row 1")
    troll.get_by_label("Space").select_option(label="left")
    page.get_by_role("button", name="Start fight").click()
    expect(unit(page, "1 Orcs")).to_have_accessible_name(re.compile("monsters, row 1, right"))
    expect(unit(page, "2 Troll")).to_have_accessible_name(re.compile("monsters, row 1, left"))


# ---- an empty first row, the monsters that stay, the Hellgate that stops ------------------------------


def notes(page):
    return page.locator("#cob-log > li").first.locator(".note")  # the newest card's notes, in either language


def own_character(page, letter, name, points, row, space):
    page.get_by_role("button", name="Add a character of your own").click()
    group = page.get_by_role("group", name=f"Character {letter}")
    for label, value in (("Name", name), ("Wound Points", points), ("Resistance Value", "1"), ("Combat Bonus", "0")):
        group.get_by_label(label, exact=True).fill(value)
    group.get_by_label("Row").select_option(label=row)
    group.get_by_label("Space").select_option(label=space)


def test_a_front_row_that_dies_leaves_the_party_coming_forward_until_it_fights(page):
    # 9.1, 9.2: a party with no one in the first row is refused at set-up, naming the place
    add_from_roster(page, monsters=["Troll"])
    own_character(page, "A", "Rearguard", "8", "row 3", "middle")
    page.get_by_role("button", name="Start fight").click()
    expect(page.get_by_role("alert").filter(has_text="9.1, 9.2: no character stands in the first row")).to_be_visible()
    # the case: B (1 Wound Point) alone in front dies to the troll; A stepped back to the third row
    own_character(page, "B", "Scout", "1", "row 1", "left")
    page.get_by_role("button", name="Start fight").click()
    expect(page.get_by_text("Round 1: Party Combat")).to_be_visible()
    press(page, "End the party's attacks")
    press(page, "Monster attack", 6)
    expect(unit(page, "B Scout")).to_have_count(0)
    expect(page.get_by_text("Round 1: Party Reorganization")).to_be_visible()
    # 9.0: the combat cannot stop: "Move no one" is shown refused, with the rule that refuses it
    expect(page.get_by_role("button", name="Move no one")).to_be_disabled()
    expect(page.locator("#cob-cost-pass")).to_contain_text("no character stands in the first row")
    expect(page.locator("#cob-help")).to_contain_text("no character stands in the first row")
    for row in (2, 1):  # one row a round, by the keyboard: the character, then a highlighted space
        unit(page, "A Rearguard").focus()
        page.keyboard.press("Enter")  # a new phase: no one is chosen yet
        expect(unit(page, "A Rearguard")).to_have_attribute("aria-pressed", "true")
        space = page.get_by_role("group", name="March order").get_by_role(
            "button", name=f"empty space: party, row {row}, middle"
        )
        expect(space).to_have_class(re.compile(r"\blegal\b"))
        before = rows(page).count()
        space.focus()
        page.keyboard.press("Enter")
        expect(rows(page)).to_have_count(before + 1)
        expect(notes(page).last).to_contain_text("9.0, 9.8 as this app reads them")
        if row == 2:
            expect(page.get_by_text("Round 2: Party Combat")).to_be_visible()
            press(page, "End the party's attacks")  # nothing else to do from the second row with a sword
    expect(page.get_by_text("Round 3: Party Combat")).to_be_visible()
    attack(page, "A Rearguard", "1 Troll", 4)
    expect(rows(page).first).to_contain_text("Rearguard → Troll")


def record_with_the_hellgate(actions):
    """Three facing three and four behind, in the Hellgate's Segment; B kills the middle monster in round 1."""
    party = [
        {"name": name, "wound_points": 30, "resistance": 1, "combat_bonus": bonus, "weapons": ["sword"], "pos": [0, c]}
        for c, (name, bonus) in enumerate((("Ava", -9), ("Bors", 20), ("Cai", -9)))
    ]
    enemies = [
        {"name": name, "wound_points": points, "resistance": 1, "combat_bonus": -9, "pos": [0, c]}
        for c, (name, points) in enumerate((("Xul", 30), ("Yth", 5), ("Zog", 30)))
    ]
    enemies += [
        {"name": name, "wound_points": 5, "resistance": 1, "combat_bonus": -9, "pos": pos}
        for name, pos in (("Pik", [1, 0]), ("Quo", [1, 1]), ("Rho", [1, 2]), ("Sis", [2, 1]))
    ]
    return {
        "format": "pyrules-fight",
        "version": 1,
        "system": "citadel-of-blood",
        "hero": {"party": party},
        "enemies": enemies,
        "rules": {"hellgate": True},
        "seed": 3,
        "actions": actions,
    }


def test_the_hellgate_may_stop_and_the_monsters_may_stay_or_send_the_one_the_players_pick(page, base_url):
    actions = [{"do": "attack", "unit": "B", "target": "2", "die": 6}, {"do": "end_phase"}]
    actions += [{"do": "monster", "die": 1}] * 2
    page.goto(base_url + "#f=" + share.encode(record_with_the_hellgate(actions)))
    expect(page.get_by_text("Round 1: Hellgate Combat")).to_be_visible(timeout=120_000)
    play_on(page)
    expect(page.locator("#cob-help")).to_contain_text("9.2.3")
    press(page, "Hellgate Blast spell", 1, 1)
    press(page, "The Hellgate casts no more")  # 9.2.3: "may cast 3"
    expect(notes(page).last).to_contain_text("9.2.3: the Hellgate may cast up to 3 Blast spells")
    press(page, "Move no one")

    # 9.8.1: the first row has a gap: one of three must fill it; the left-most by default, or the one picked
    expect(page.get_by_text("Round 1: Monster Reorganization")).to_be_visible()
    # refused now, and said so on the screen, not hidden
    expect(page.get_by_role("button", name="The monsters stay")).to_be_disabled()
    expect(page.get_by_role("button", name="The monsters stay")).to_have_accessible_description(
        "Not now: one of them must move forward."
    )
    expect(page.locator("#cob-help")).to_contain_text("4 Pik")
    for label in ("4 Pik", "5 Quo", "6 Rho"):
        expect(unit(page, label)).to_have_class(re.compile(r"\blegal\b"))
        expect(unit(page, label)).to_have_accessible_name(re.compile("may move forward"))
    expect(unit(page, "4 Pik")).to_have_accessible_name(re.compile("moves by default"))
    before = rows(page).count()
    unit(page, "6 Rho").focus()
    page.keyboard.press("Enter")
    expect(rows(page)).to_have_count(before + 1)
    expect(unit(page, "6 Rho")).to_have_accessible_name(re.compile("monsters, row 1, middle"))

    # Round 2: the Hellgate casts nothing; 9.8.2: the first row is full, so the monsters may stay
    press(page, "End the party's attacks")
    monsters(page, 1, 1, 1)
    press(page, "The Hellgate casts no more")
    press(page, "Move no one")
    expect(page.get_by_text("Round 2: Monster Reorganization")).to_be_visible()
    expect(page.locator("#cob-help")).to_contain_text("9.8.2")
    expect(unit(page, "7 Sis")).to_have_accessible_name(re.compile("may move forward"))
    press(page, "The monsters stay")
    expect(notes(page).last).to_contain_text("9.8.2")
    expect(page.get_by_text("Round 3: Party Combat")).to_be_visible()
    expect(unit(page, "7 Sis")).to_have_accessible_name(re.compile("monsters, row 3, middle"))


def test_the_new_buttons_and_notes_in_russian(page, base_url):
    actions = [{"do": "attack", "unit": "B", "target": "2", "die": 6}, {"do": "end_phase"}]
    actions += [{"do": "monster", "die": 1}] * 2
    page.get_by_label("Language").select_option("ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")  # its words downloaded and the choice kept
    page.goto(base_url + "#f=" + share.encode(record_with_the_hellgate(actions)))
    expect(page.locator("#cob-board button").first).to_be_visible(timeout=120_000)
    play_on(page)
    expect(page.get_by_role("button", name="Адские врата больше не колдуют")).to_be_visible()
    page.get_by_role("button", name="Адские врата больше не колдуют").click()
    expect(notes(page).last).to_contain_text("Адские врата могут наслать до 3 заклинаний «Удар»")
    allowed = {"Ava", "Bors", "Cai", "Xul", "Yth", "Zog", "Pik", "Quo", "Rho", "Sis", "pyrules", "README", "json"}
    allowed |= {"English", "SPI"}
    assert plain_latin_words(page.locator("#fight").inner_text()) <= allowed
