"""The Lone Wolf family's fight screen made for the phone: cards with ENDURANCE bars that show the round's
change, the section's rules in view all fight long, costly actions that say their cost and why they are unavailable,
the Random Number Table to tap, the log as cards without sideways scrolling, each round announced in words."""

from __future__ import annotations

import json
import re

import pytest
from conftest import BOOT_TIMEOUT, fight_round, log_cards, log_rows, play_on, set_up, stored_fights, wait_for
from playwright.sync_api import expect

from pyrules import api, share

BANEDON = {"COMBAT SKILL": 15, "ENDURANCE": 25}
GIAK = [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 20}]
TWO = [
    {"Enemy name": "Helghast of the Darklands", "Enemy COMBAT SKILL": 16, "Enemy ENDURANCE": 30},
    {"Enemy name": "Drakkar", "Enemy COMBAT SKILL": 14, "Enemy ENDURANCE": 12},
]
RULES = {"Evasion allowed after round": 3, "Enemy unharmed for the first rounds": 1, "Enemy's losses multiplied by": 2}


def in_russian(page):
    """The open fight, in Russian (the rules' words come back in it)."""
    page.get_by_label("Language").select_option("ru")
    expect(page.get_by_role("button", name="Новый бой")).to_be_visible()


def russian_round(page, number):
    cards = page.get_by_role("list", name="Журнал боя").locator("li")
    before = cards.count()
    page.get_by_label("Случайное число", exact=True).fill(str(number))
    page.get_by_role("button", name="Раунд боя").click()
    expect(cards).to_have_count(before + 1)


def widths(page):
    """[scrollWidth, clientWidth] of the page, the fight card and the log."""
    return page.evaluate(
        """() => [document.documentElement, document.getElementById("fight"), document.getElementById("log")]
            .map(e => [e.scrollWidth, e.clientWidth])"""
    )


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 740)])
def test_the_fight_and_its_log_fit_a_phone_in_every_language(page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    set_up(page, "Dawn of the Darklords", BANEDON, TWO, RULES)
    # The one primary control, the table's squares, spans the round form on a phone, in squares of 44 px at least.
    table = page.get_by_role("group", name="Random Number Table").bounding_box()
    assert table["width"] >= page.locator("#round-form").bounding_box()["width"] * 0.9
    for square in page.get_by_role("group", name="Random Number Table").get_by_role("button").all():
        box = square.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    for number in (4, 0, 7, None):
        fight_round(page, number)
    assert all(scroll <= client for scroll, client in widths(page)), widths(page)
    cards = log_cards(page)
    expect(cards).to_have_count(4)
    # Newest first: the last round's card is drawn above the first one's.
    assert cards.last.bounding_box()["y"] < cards.first.bounding_box()["y"]
    in_russian(page)
    expect(page.get_by_role("list", name="Журнал боя").locator("li")).to_have_count(4)
    assert all(scroll <= client for scroll, client in widths(page)), widths(page)
    page.get_by_label("Язык").select_option("es")  # and in Spanish, the longest of the three
    expect(page.get_by_role("list", name="Registro del combate").locator("li")).to_have_count(4)
    assert all(scroll <= client for scroll, client in widths(page)), widths(page)


def test_costly_actions_say_their_cost_and_why_they_are_unavailable(page):
    page.set_viewport_size({"width": 390, "height": 844})
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK, {"Evasion allowed after round": 2})
    evade = page.get_by_role("button", name="Evade")
    vigour = page.get_by_role("button", name="Cast Vigour")
    fight = page.get_by_role("button", name="Fight round")
    expect(evade).to_be_disabled()
    # Why, written on screen (a phone shows no tooltip), and tied to the button for screen readers.
    reason = page.locator("#evade-why")
    expect(reason).to_be_visible()
    expect(reason).to_have_text("evasion is allowed only after round 2")
    expect(evade).to_have_accessible_description("evasion is allowed only after round 2")
    # The cost in the button itself, and styled apart from the primary action.
    expect(evade).to_contain_text("a round: only your losses count")
    expect(vigour).to_contain_text("+3 COMBAT SKILL, −3 ENDURANCE")
    expect(page.locator("#vigour-why")).to_have_text(
        "Vigour adds 3 to COMBAT SKILL for this fight and costs 3 ENDURANCE"
    )
    for costly in (evade, vigour):
        expect(costly).to_have_class("costly")
    # The typed number's button is set apart from the costly actions too.
    expect(fight).to_have_class("typed-action")
    assert fight.evaluate("e => getComputedStyle(e).borderStyle") != vigour.evaluate(
        "e => getComputedStyle(e).borderStyle"
    )
    fight_round(page, 5)
    fight_round(page, 5)
    expect(evade).to_be_enabled()
    expect(reason).to_have_text("evasion is allowed")


def test_grey_stars_willpower_spend_is_costly_and_has_its_bar(page):
    set_up(
        page,
        "Grey Star the Wizard",
        {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 23},
        [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 30}],
    )
    spend = page.get_by_label("WILLPOWER to spend")
    expect(spend).to_have_accessible_description(
        "Costs that many WILLPOWER points this round; the enemy's loss is multiplied by it."
    )
    fight_round(page, 6, willpower=2)  # the worked example: Grey Star 4, Deathgaunt 5 x 2
    hero = page.locator("#hero-status")
    expect(hero).to_contain_text("WILLPOWER 21 / 23 −2")
    expect(hero.get_by_role("meter", name="WILLPOWER 21 / 23")).to_have_count(1)
    assert log_rows(page)[0][4] == "10 (5 × 2)"


def test_the_sections_rules_stay_in_view_during_the_fight(page):
    set_up(page, "Dawn of the Darklords", BANEDON, TWO, RULES)
    chips = page.get_by_role("list", name="This section's rules").locator("li")
    expected = [
        "Evasion allowed after round: 3",
        "Enemy unharmed for the first rounds: 1",
        "Enemy's losses multiplied by: 2",
    ]
    expect(chips).to_have_text(expected)
    fight_round(page, 4)
    fight_round(page, 2)
    expect(chips).to_have_text(expected)
    for chip in chips.all():
        expect(chip).to_be_visible()
    # The next enemy is listed as a small card.
    expect(page.get_by_role("list", name="The other enemies of this fight")).to_contain_text("Drakkar")


def test_the_bars_show_the_rounds_change_and_the_announcement_says_it(page):
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    hero, enemy = page.locator("#hero-status"), page.locator("#enemy-status")
    expect(hero).to_contain_text("ENDURANCE 25 / 25")
    expect(hero.locator(".change")).to_have_count(0)
    fight_round(page, 6)  # Combat Ratio +2, 6: the Giak loses 9, Banedon 2
    expect(hero.locator(".bar-text")).to_have_text("ENDURANCE 23 / 25 −2")
    expect(enemy.locator(".bar-text")).to_have_text("ENDURANCE 11 / 20 −9")
    expect(hero.get_by_role("meter", name="ENDURANCE 23 / 25")).to_have_count(1)
    loss = hero.locator(".bar-loss").evaluate("e => e.getBoundingClientRect().width")
    fill = hero.locator(".bar-fill").evaluate("e => e.getBoundingClientRect().width")
    assert loss > 0 and abs(loss / fill - 2 / 23) < 0.05  # the part lost this round, drawn beside what is left
    expect(page.locator("#announce")).to_have_text("Giak loses 9, you lose 2: ENDURANCE 23")
    fight_round(page, 2)  # +2, 2: 5/4
    expect(hero.locator(".bar-text")).to_have_text("ENDURANCE 19 / 25 −4")
    expect(page.locator("#announce")).to_have_text("Giak loses 5, you lose 4: ENDURANCE 19")
    in_russian(page)
    russian_round(page, 3)  # +2, 3: 6/3
    expect(page.locator("#announce")).to_have_text("Giak: теряет 6, вы теряете 3: ВЫНОСЛИВОСТЬ 16")


def test_the_announcement_in_russian_is_neutral_to_the_names_gender(page):
    page.get_by_label("Language").select_option("ru")
    page.get_by_role("radio").first.check()
    page.locator("#hero-skill").fill("15")
    page.locator("#hero-endurance").fill("25")
    enemy = page.locator(".enemy").first.locator("input")
    for n, value in enumerate(["Крыса", "13", "20"]):
        enemy.nth(n).fill(value)
    page.locator("#start").click()
    russian_round(page, 6)
    expect(page.locator("#announce")).to_have_text("Крыса: теряет 9, вы теряете 2: ВЫНОСЛИВОСТЬ 23")


def replayed_numbers(record, actions):
    """The numbers of the rounds of `record` played with `actions`, as the rules give them (CPython)."""
    reply = json.loads(api.call(json.dumps({"op": "restore", "record": {**record, "actions": actions}})))
    return [event.get("number") for event in reply["log"]]


def test_a_tapped_square_fights_one_round_with_the_number_the_rules_draw(page, base_url):
    """The squares face down: a tap fights the round, drawn from the fight's seed, and turns the square over to show
    that number; typing never adds a round to a tap, and the record replays the same on CPython."""
    record = {
        "format": "pyrules-fight",
        "version": 1,
        "system": "lone-wolf",
        "hero": {"skill": 15, "endurance": 25},
        "enemies": [{"name": "Kraan", "skill": 16, "endurance": 40}],
        "seed": 20261130,
        "actions": [],
    }
    page.goto(base_url + "#f=" + share.encode(record))
    expect(page.get_by_role("heading", name="Banedon vs Kraan")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    table = page.get_by_role("group", name="Random Number Table")
    squares = table.get_by_role("button")
    expect(squares).to_have_count(10)
    assert squares.all_inner_texts() == [""] * 10  # face down: no digit to choose from
    square = table.get_by_role("button", name="Square 7: fight the round", exact=True)
    square.click()
    expect(log_cards(page)).to_have_count(1)
    drawn = replayed_numbers(record, [{"do": "round"}])
    assert log_rows(page)[0][3] == str(drawn[0])
    expect(log_cards(page).first.locator(".log-title")).to_have_text(f"Round 1 · drawn {drawn[0]}")
    turned = table.get_by_role("button", name=f"Square 7: {drawn[0]}, the last round's", exact=True)
    expect(turned).to_have_text(str(drawn[0]))
    expect(turned).to_have_attribute("aria-current", "true")
    expect(table.locator("[aria-current]")).to_have_count(1)
    # A typed number is the round's number, with its own button: one round, and the turned square goes with it.
    fight_round(page, 3)
    expect(log_cards(page)).to_have_count(2)
    expect(table.locator("[aria-current]")).to_have_count(0)
    table.get_by_role("button", name="Square 1: fight the round", exact=True).click()
    expect(log_cards(page)).to_have_count(3)
    actions = [{"do": "round"}, {"do": "round", "number": 3}, {"do": "round"}]
    assert log_rows(page)[2][3] == str(replayed_numbers(record, actions)[2])
    # The save holds the record as played: no number for a tapped square, the typed one as typed.
    wait_for(page, lambda: any(fight["record"]["actions"] == actions for fight in stored_fights(page)),
             "the fight kept as played")
    # Undo takes the round back, and the square turned over by it.
    page.get_by_role("button", name="Undo").click()
    expect(log_cards(page)).to_have_count(2)
    expect(table.locator("[aria-current]")).to_have_count(0)
    # The arrow keys move within the table (two rows of five), which is one stop in the tab order.
    squares.first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(squares.nth(6)).to_be_focused()
    assert squares.evaluate_all("cs => cs.filter(c => c.tabIndex === 0).length") == 1


def test_evade_is_one_tap_its_number_drawn_as_a_rounds(page):
    """Where the section allows an evasion fought as a round, Evade plays it at once with a number the rules draw,
    as a square's round does; no square to tap after it."""
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK, {"Evasion allowed after round": 0})
    page.get_by_role("button", name="Evade").click()
    expect(log_cards(page)).to_have_count(1)
    rows = log_rows(page)
    assert rows[0][0] == "Round 1 (evade)" and rows[0][3].isdigit(), rows
    expect(page.locator("li.fought .log-title")).to_contain_text("drawn")
    expect(page.locator("#outcome")).to_contain_text("Banedon evades the fight.")


def test_evade_with_a_typed_number_uses_it(page):
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK, {"Evasion allowed after round": 0})
    fight_round(page, 6, button="Evade")  # +2, 6: Banedon loses 2, the Giak's 9 ignored
    rows = log_rows(page)
    assert rows[0][0] == "Round 1 (evade)" and rows[0][3] == "6" and rows[0][5:7] == ["2", "23"]


def test_grey_stars_card_and_log_agree_on_what_the_enemy_lost(page):
    """The Staff's loss (5 × 2 = 10) on a Deathgaunt with 8 left: his card's bar and the log's card both say he lost
    8, the log saying how the rules made 10."""
    set_up(page, "Grey Star the Wizard", {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 23},
           [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 8}])  # fmt: skip
    fight_round(page, 6, willpower=2)
    assert log_rows(page)[0][4] == "8 (5 × 2 = 10)"
    expect(page.locator("#enemy-status")).to_contain_text("ENDURANCE 0 / 8 −8")


def test_undo_leaves_no_log_row_marked_by_a_story_that_is_gone(page):
    """A fight won in two rounds: its story marks the log row of the step shown; Undo takes the fight back to its
    round, the story goes, and with it every mark on the log."""
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 5)  # Giak 20 -> 12
    fight_round(page, 0)  # Giak killed
    chart = page.get_by_role("slider", name=re.compile("action by action"))
    expect(chart).to_be_visible(timeout=60_000)
    chart.focus()
    page.keyboard.press("Home")  # the first step: the first round's row marked (it stays after Undo)
    marked = page.locator("#log .story-at")
    expect(marked).to_have_count(1)
    page.get_by_role("button", name="Undo").click()
    expect(log_cards(page)).to_have_count(1)
    expect(page.locator("#story")).to_be_hidden()
    expect(marked).to_have_count(0)


def test_after_undo_every_square_gives_the_number_already_drawn_as_the_table_says(page, base_url):
    """The table says the next number is drawn before a square is tapped, whichever it is, and Undo keeps it: three
    squares, each tapped after an Undo, turn over the same number, the one the record replays."""
    record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": {"skill": 15, "endurance": 25},
              "enemies": [{"name": "Kraan", "skill": 16, "endurance": 40}], "seed": 52, "actions": []}  # fmt: skip
    page.goto(base_url + "#f=" + share.encode(record))
    expect(page.get_by_role("heading", name="Banedon vs Kraan")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    said = "Tap any square: the number is already drawn."
    expect(page.locator("#rnt-hint")).to_have_text(said)
    table = page.get_by_role("group", name="Random Number Table")
    (drawn,) = replayed_numbers(record, [{"do": "round"}])
    for square in (3, 8, 10):
        table.get_by_role("button", name=f"Square {square}: fight the round", exact=True).click()
        turned = table.get_by_role("button", name=f"Square {square}: {drawn}, the last round's", exact=True)
        expect(turned).to_be_visible()
        expect(log_cards(page)).to_have_count(1)
        page.get_by_role("button", name="Undo").click()
        expect(log_cards(page)).to_have_count(0)
