"""The Braslavsky book's declined luck test as the book says (the form's box starts ticked),
weapons kept apart from the backpack, the flask's refill said beside its field, Grey Star's Staff on the Evade
button's cost, and a fight that starts from other values than the adventure's last one left, said above it."""

from __future__ import annotations

import re

from conftest import play_on, set_up
from playwright.sync_api import expect
from test_adventure import actions_kept, enemy, fill, lone_wolf_round, new_fight, start

FF = "Dungeons of the Black Castle"
DECLINE = "Declining a luck test costs 1 LUCK too (every test offered costs 1)"


def ff_paragraph(page, untick=False):
    """A paragraph of the Braslavsky book with no enemy: a luck test offered, the sheet open."""
    page.get_by_role("radio", name=FF).check()
    fill(page, {"SKILL": 10, "STAMINA": 18, "LUCK": 9})
    expect(page.get_by_label("Drinks left in the flask")).to_have_accessible_description(
        "The book gives two drinks; up to 9, where a paragraph refills the flask.")
    if not page.locator("#section-rules").evaluate("details => details.open"):
        page.get_by_text("This section's combat rules", exact=True).click()
    box = page.get_by_label(DECLINE, exact=True)
    expect(box).to_be_checked()  # the book's reading, to start with
    if untick:
        box.uncheck()
    page.get_by_role("button", name="Start fight").click()
    expect(page.get_by_role("button", name="Decline the test")).to_be_visible()


def test_a_declined_luck_test_costs_1_luck_as_the_book_says_unless_the_box_is_unticked(page):
    ff_paragraph(page)
    decline = page.get_by_role("button", name="Decline the test")
    expect(decline).to_contain_text("unlucky, −1 LUCK")
    expect(page.get_by_text("A declined test costs 1 LUCK")).to_be_visible()  # the section's rules, as chips
    decline.click()
    actions_kept(page, 1)
    expect(page.locator("#ff-log > li.note").last).to_contain_text("it costs 1 LUCK")
    expect(page.locator("#ff-log > li.note").last).to_contain_text("LUCK is now 8")
    new_fight(page)
    ff_paragraph(page, untick=True)
    expect(page.get_by_role("button", name="Decline the test")).not_to_contain_text("−1")
    page.get_by_role("button", name="Decline the test").click()
    actions_kept(page, 1)
    expect(page.locator("#ff-log > li.note").last).to_contain_text("LUCK is now 9")  # the sheet typed again: none lost


def test_a_weapon_is_taken_apart_from_the_backpack(page):
    ff_paragraph(page)
    weapons = page.locator("#sheet-weapons li")
    expect(weapons).to_have_text(["your trusty sword"])
    expect(page.get_by_text("(money and weapons are not put in the backpack)")).to_be_visible()
    page.get_by_label("Thing", exact=True).fill("Axe")
    page.get_by_role("button", name="Take as a weapon").click()
    expect(weapons).to_have_text([re.compile("your trusty sword"), re.compile("^Axe")])
    expect(page.locator("#sheet-slots")).to_have_text("0 of 7 places taken")
    expect(page.locator("#ff-log > li.note").last).to_have_text("Weapon taken (not in the backpack): Axe.")
    page.get_by_role("button", name="Leave Axe").click()
    expect(weapons).to_have_text(["your trusty sword"])


def test_grey_stars_evade_button_says_the_staff_still_takes_willpower(page):
    set_up(page, "Grey Star the Wizard", {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 10},
           [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 30}],
           {"Evasion allowed after round": 0})  # fmt: skip
    expect(page.locator("#evade")).to_contain_text(
        "a round: only your losses count; the Staff still takes 1 WILLPOWER or more")


def test_a_fight_that_starts_from_other_values_than_the_last_one_left_is_said_above_it(page):
    page.get_by_role("radio", name="Dawn of the Darklords").check()
    fill(page, {"COMBAT SKILL": 20, "ENDURANCE": 25})
    enemy(page, 1, {"Enemy name": "Giak", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 6})
    start(page)
    lone_wolf_round(page, 4, 1)  # the Giak falls, the hero loses 3: 22 left
    new_fight(page)
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("22")
    enemy(page, 1, {"Enemy name": "Giak", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 6})
    start(page)
    expect(page.locator("#messages")).to_have_text("")  # from what the last fight left: nothing to say
    new_fight(page)
    fill(page, {"ENDURANCE": 25})  # the sheet edited, as a section may say ("restore 3 ENDURANCE")
    enemy(page, 1, {"Enemy name": "Giak", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 6})
    start(page)
    expect(page.locator("#messages")).to_have_text(
        "This fight starts from values other than the last fight left: ENDURANCE 25 (the last fight left 22).")


def test_citadels_readings_are_folded_beside_the_phase_they_apply_to(page, base_url):
    from pyrules import share

    party = [{"hero": "almuric"}, {"name": "Brom", "wound_points": 8, "resistance": 2, "combat_bonus": 1,
                                   "weapons": ["sword"]}]  # fmt: skip
    record = {"format": "pyrules-fight", "version": 1, "system": "citadel-of-blood", "hero": {"party": party},
              "enemies": [{"monster": "orcs"}, {"monster": "troll"}, {"monster": "orcs"}]}  # fmt: skip
    page.goto(base_url + "#f=" + share.encode({**record, "actions": [{"do": "end_phase"}]}))  # the Monster phase
    readings = page.locator("#cob-readings")
    expect(readings).to_be_visible(timeout=120_000)
    play_on(page)
    readings.get_by_text("How this app reads the rules here").click()
    expect(readings).to_contain_text("9.2.2 as this app reads it (the order is open in the text)")
    expect(readings).to_contain_text("9.3 as this app reads its examples")
