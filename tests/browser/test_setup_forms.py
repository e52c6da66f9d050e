"""Set-up forms a phone fills: a keypad with a minus where a number may be negative, limits rolled by Roll a new hero
that follow the numbers typed over them, the cursor where the next typing goes after New fight, the rarely used spells
folded, a refusal of a list gone once the list is mended, and every faulty field named at one Start, moving nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import BOOT_TIMEOUT, play_on, set_up
from playwright.sync_api import expect

from pyrules import share

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

# A phone's keypad by the field's inputmode: "numeric" and "decimal" have no minus on an iPhone.
NO_MINUS = {"numeric", "decimal"}
ORC = [{"Enemy name": "Orc", "Enemy SKILL": 5, "Enemy STAMINA": 5}]


def keypad(locator) -> str:
    return locator.evaluate("e => e.inputMode || 'text'")


def test_numbers_that_may_be_negative_open_a_keypad_with_a_minus(page):
    page.get_by_role("radio", name="Dawn of the Darklords").check()
    assert keypad(page.get_by_label("COMBAT SKILL", exact=True)) == "numeric"  # never below 0: digits only
    page.get_by_role("button", name="Add an item").click()
    bonus = page.locator("[id^=modifier-][id$=-skill]").first
    assert keypad(bonus) not in NO_MINUS  # "no weapon −4"
    page.get_by_text("This section's combat rules").click()
    modifier = page.locator("#rule-skill_modifier")
    assert keypad(modifier) not in NO_MINUS
    modifier.fill("−2")  # the books' minus sign, typed or pasted, is a minus
    page.get_by_label("COMBAT SKILL", exact=True).fill("15")
    page.get_by_label("ENDURANCE", exact=True).fill("20")
    group = page.get_by_role("group", name="Enemy 1")
    group.get_by_label("Enemy COMBAT SKILL").fill("15")
    group.get_by_label("Enemy ENDURANCE").fill("20")
    page.get_by_role("button", name="Start fight").click()
    expect(page.locator("#fight")).to_be_visible()  # −2 read as a number: the rules took it
    expect(page.locator("#setup-error")).to_be_empty()

    page.get_by_role("button", name="New fight").click()
    set_up(page, "Dungeons of the Black Castle", {"SKILL": 10, "STAMINA": 18, "LUCK": 9}, ORC)
    assert keypad(page.locator("#gold-change")) not in NO_MINUS  # gold spent is typed −5

    page.get_by_role("button", name="New fight").click()
    page.get_by_role("radio", name="Citadel of Blood").check()
    page.get_by_role("button", name="Add a character of your own").click()
    character = page.get_by_role("group", name="Character A")
    assert keypad(character.get_by_label("Wound Points")) == "numeric"
    assert keypad(character.get_by_label("Combat Bonus")) not in NO_MINUS
    assert keypad(character.get_by_label("Weapon Skill with the first weapon")) not in NO_MINUS


def test_a_rolled_limit_follows_the_number_typed_over_it(page):
    """Roll a new hero, then type one's own hero's ENDURANCE (above the rolled one): the starting ENDURANCE follows it,
    so the fight starts (it was refused "Starting ENDURANCE: must be from 26 to 999, not 24")."""
    page.get_by_role("radio", name="Dawn of the Darklords").check()
    page.get_by_role("button", name="Roll a new hero").click()
    expect(page.locator("#roll-hint")).to_contain_text("Random numbers picked")
    rolled = int(page.get_by_label("ENDURANCE", exact=True).input_value())
    limit = page.locator("#hero-endurance-max")
    expect(limit).to_have_value(str(rolled))
    page.get_by_label("ENDURANCE", exact=True).fill(str(rolled + 2))
    expect(limit).to_have_value(str(rolled + 2))
    limit.fill("40")  # a limit typed by the player is the player's: the number no longer moves it
    page.get_by_label("ENDURANCE", exact=True).fill(str(rolled + 3))
    expect(limit).to_have_value("40")
    group = page.get_by_role("group", name="Enemy 1")
    group.get_by_label("Enemy COMBAT SKILL").fill("15")
    group.get_by_label("Enemy ENDURANCE").fill("20")
    page.get_by_role("button", name="Start fight").click()
    expect(page.locator("#hero-status")).to_contain_text(f"ENDURANCE {rolled + 3} / 40")


def test_new_fight_puts_the_cursor_in_the_enemys_first_field(page):
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 30, "ENDURANCE": 30},
           [{"Enemy COMBAT SKILL": 1, "Enemy ENDURANCE": 1}])
    page.get_by_role("button", name="Square 1: fight the round").click()
    expect(page.locator("#outcome")).to_contain_text("Victory")
    page.get_by_role("button", name="New fight").click()
    expect(page.get_by_label("COMBAT SKILL", exact=True)).to_have_value("30")  # the hero carried over
    expect(page.get_by_role("group", name="Enemy 1").get_by_label("Enemy name")).to_be_focused()


def test_the_spells_are_folded_until_the_hero_has_some(page):
    page.get_by_role("radio", name="Dungeons of the Black Castle").check()
    spell = page.get_by_label("Spell of Strength", exact=True)
    expect(spell).to_be_hidden()
    page.locator(".spells-box > summary").click()
    spell.fill("1")
    set_up(page, "Dungeons of the Black Castle", {"SKILL": 10, "STAMINA": 18, "LUCK": 9}, ORC)
    page.get_by_role("button", name="New fight").click()
    expect(spell).to_be_visible()  # the adventure's hero has a spell: shown open
    expect(spell).to_have_value("1")


def test_a_refusal_of_the_party_goes_once_the_party_has_a_character(page):
    page.get_by_role("radio", name="Citadel of Blood").check()
    page.get_by_label("Monster from the chart").select_option(label="Orcs")
    page.get_by_role("button", name="Add this monster").click()
    page.get_by_role("button", name="Start fight").click()
    error = page.locator("#setup-error")
    expect(error).to_have_text(re.compile(r"^Party: must hold from 1 to 6 entries"))
    page.get_by_label("Hero from the roster").select_option(label="Almuric")
    page.get_by_role("button", name="Add this hero").click()
    expect(error).to_be_empty()
    page.get_by_role("button", name="Start fight").click()
    expect(page.locator("#cob-board")).to_be_visible()



def test_on_a_phone_the_odds_open_where_their_line_is(page, base_url):
    """At 390×844 in a fight, the odds' one-line summary at the screen's foot opens the panel from there, over the
    fight, instead of sending the player to the page's end; closed, the fight is where it was."""
    page.set_viewport_size({"width": 390, "height": 844})
    record = json.loads((FIXTURES / "grey-star-staff.json").read_text(encoding="utf-8"))["save"]["record"]
    page.goto(base_url + "#f=" + share.encode({**record, "actions": record["actions"][:1]}))
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    toggle = page.locator(".odds-toggle")
    expect(toggle).to_contain_text("Win", timeout=BOOT_TIMEOUT)
    box = toggle.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["y"] > 844 * 0.8, box  # in view, at the screen's foot
    scroll = page.evaluate("scrollY")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # where it is: no scroll of its own
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#odds-status")).to_be_in_viewport()
    assert page.evaluate("scrollY") == scroll  # the page stays where the player was
    opened = toggle.bounding_box()
    page.mouse.click(opened["x"] + opened["width"] / 2, opened["y"] + opened["height"] / 2)
    expect(toggle).to_have_attribute("aria-expanded", "false")
    assert page.evaluate("scrollY") == scroll


# Each book's set-up form with four faulty fields: the fields typed ({id: text}, "+monster": a chart monster added), the
# four faulty ones, and a row of fields side by side: [a faulty one, its neighbour].
FAULTS = {
    "Dawn of the Darklords": ({"hero-skill": "abc", "hero-endurance": "", "enemy-0-skill": "x",
                               "enemy-0-endurance": "20", "rule-max_rounds": "0"},
                              ["hero-skill", "hero-endurance", "enemy-0-skill", "rule-max_rounds"],
                              ["enemy-0-skill", "enemy-0-endurance"]),
    "Dungeons of the Black Castle": ({"hero-skill": "abc", "hero-stamina": "", "hero-luck": "", "enemy-0-skill": "x",
                                      "enemy-0-stamina": "5"},
                                     ["hero-skill", "hero-stamina", "hero-luck", "enemy-0-skill"],
                                     ["enemy-0-skill", "enemy-0-stamina"]),
    "Citadel of Blood": ({"+character": "", "cob-character-0-wound_points": "0", "cob-character-0-resistance": "x",
                          "cob-character-0-combat_bonus": "1", "+monster": "", "cob-monster-0-combat_bonus": "z",
                          "cob-monster-0-resistance": "-1"},
                         ["cob-character-0-wound_points", "cob-character-0-resistance", "cob-monster-0-resistance",
                          "cob-monster-0-combat_bonus"],
                         ["cob-character-0-wound_points", "cob-character-0-combat_bonus"]),
}  # fmt: skip
# A box in the page's coordinates (the page scrolls to the first faulty field).
BOX = "e => { const r = e.getBoundingClientRect(); return [r.x, r.y + scrollY, r.width, r.height]; }"


def test_one_start_marks_every_faulty_field_and_no_field_of_its_row_moves(page):
    """One Start names every faulty field (it took four presses for four faults): each marked invalid and described
    by its message, the alert listing them all, the first focused. The message under a field moves no field of its
    row (the neighbour of the refused enemy's field went down by the message's height), and a field mended keeps
    its message's place until the next Start, so that nothing moves as the player types."""
    page.set_viewport_size({"width": 390, "height": 844})
    for book, (typed, faulty, row) in FAULTS.items():
        page.get_by_role("radio", name=book).check()
        page.locator("#section-rules").evaluate("(box) => box.open = true")
        for key, text in typed.items():
            if key == "+character":
                page.get_by_role("button", name="Add a character of your own").click()
            elif key == "+monster":
                page.get_by_role("button", name="Add this monster").click()
            else:
                page.locator(f"#{key}").fill(text)
        boxes = lambda row=row: {key: page.locator(f"#{key}").evaluate(BOX) for key in row}  # noqa: E731
        before = boxes()
        page.get_by_role("button", name="Start fight").click()
        fields = [page.locator(f"#{key}") for key in faulty]
        for field in fields:
            expect(field).to_have_attribute("aria-invalid", "true")
            message = page.locator(f"#{field.get_attribute('id')}-error")
            expect(message).to_be_visible()
            expect(field).to_have_accessible_description(re.compile(re.escape(message.inner_text())))
        summary = page.locator("#setup-error")
        expect(summary).to_be_visible()
        assert summary.inner_text().count("\n") == len(faulty) - 1  # a line each
        expect(fields[0]).to_be_focused()
        after = boxes()
        # the row moved as one, pushed down by the messages above it, not apart; nothing else of it changed
        assert len({after[key][1] - before[key][1] for key in row}) == 1, (before, after)
        assert [[x, w, h] for x, _, w, h in after.values()] == [[x, w, h] for x, _, w, h in before.values()]
        fields[0].fill("5")
        expect(fields[0]).not_to_have_attribute("aria-invalid", "true")
        expect(fields[0]).to_have_accessible_description("")
        assert boxes() == after  # typing in a mended field moves nothing
        expect(fields[1]).to_have_attribute("aria-invalid", "true")  # the others still said


def test_an_items_row_reads_name_bonus_remove_side_by_side_at_every_width(page):
    """A bonus's row: its name's field first and widest, its bonus, then Remove, none over another (Remove took the
    first column and the name was squeezed under it, at 360 px to a sliver)."""
    page.get_by_role("radio", name="Dawn of the Darklords").check()
    page.get_by_role("button", name="Add an item").click()
    row = page.locator("#modifiers li").first
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        name, bonus, remove = (row.locator(css).evaluate(BOX) for css in ("[id$=-name]", "[id$=-skill]", "button"))
        assert name[0] + name[2] <= bonus[0] and bonus[0] + bonus[2] <= remove[0], (width, name, bonus, remove)
        assert name[2] > bonus[2] > 40, (width, name, bonus)
