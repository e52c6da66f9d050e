"""Small fixes a player asked for, seen in the page: New adventure with nothing to lose, the hero's name typed on the
adventure sheet naming the fight, the backpack's refusal said once, the numbers of a Citadel of Blood strike named,
and where a Fighting Fantasy player looks for the luck test after a wound."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_citadel import rows
from test_fight_citadel import almuric_against_the_orcs, open_fight
from test_fighting_fantasy import LUCK_IN_COMBAT, start_ff, to_russian

LONE_WOLF = "Dawn of the Darklords"
FF_HERO = {"SKILL": 10, "STAMINA": 18, "LUCK": 9}
BEGUN = "No fight played yet: the new adventure starts from this sheet as it is."
NO_WOUND_LUCK = (
    "This book has no luck test after a wound: a wound always takes 2 STAMINA (combat rules, steps 4 and 5), and you "
    "test your luck only when a paragraph says so. The other books' rule: “Using luck in combat” in this section's "
    "combat rules."
)


def start_against_an_orc_in_russian(page):
    """The Braslavsky book's hero (10, 18, 9) against an Orc (5, 6), typed in the Russian form, and Начать бой."""
    for label, value in (("МАСТЕРСТВО", 10), ("ВЫНОСЛИВОСТЬ", 18), ("УДАЧА", 9)):
        page.get_by_label(label, exact=True).fill(str(value))
    group = page.get_by_role("group", name="Враг 1")
    for label, value in (("Имя врага", "Орк"), ("МАСТЕРСТВО врага", 5), ("ВЫНОСЛИВОСТЬ врага", 6)):
        group.get_by_label(label).fill(str(value))
    page.get_by_role("button", name="Начать бой").click()


def start_against_a_giak(page, endurance=30):
    """The enemy of the set-up typed (a Giak, COMBAT SKILL 10), and Start fight."""
    group = page.get_by_role("group", name="Enemy 1")
    for label, value in (("Enemy name", "Giak"), ("Enemy COMBAT SKILL", 10), ("Enemy ENDURANCE", endurance)):
        group.get_by_label(label).fill(str(value))
    page.get_by_role("button", name="Start fight").click()


def lone_wolf_sheet(page, name):
    page.get_by_role("radio", name=LONE_WOLF).check()
    page.get_by_label("Hero's name").fill(name)
    page.get_by_label("COMBAT SKILL", exact=True).fill("18")
    page.get_by_label("ENDURANCE", exact=True).fill("25")


# ---- New adventure with nothing to lose ---------------------------------------------------------------------------


def test_new_adventure_with_no_fight_played_asks_nothing_and_keeps_what_was_typed(page):
    lone_wolf_sheet(page, "Aragorn")
    page.locator("#adventure-section").fill("12")
    group = page.get_by_role("group", name="Enemy 1")
    group.get_by_label("Enemy name").fill("Giak")
    page.get_by_role("button", name="New adventure").click()
    expect(page.locator("#new-adventure-begun")).to_have_text(BEGUN)
    expect(page.locator("#new-adventure-confirm")).to_be_hidden()  # nothing asked
    expect(page.get_by_label("Hero's name")).to_be_focused()
    for label, value in (("Hero's name", "Aragorn"), ("COMBAT SKILL", "18"), ("ENDURANCE", "25")):
        expect(page.get_by_label(label, exact=True)).to_have_value(value)
    expect(page.locator("#adventure-section")).to_have_value("12")
    expect(group.get_by_label("Enemy name")).to_have_value("Giak")
    page.get_by_label("Language").select_option("ru")  # the line follows the page's language
    expect(page.locator("#new-adventure-begun")).to_have_text(
        "Боёв ещё не было: новое приключение начинается с этого листа как есть."
    )


def test_new_adventure_after_a_fight_still_asks(page):
    lone_wolf_sheet(page, "Aragorn")
    start_against_a_giak(page)
    page.get_by_label("Random number", exact=True).fill("5")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#undo")).to_be_enabled()
    page.get_by_role("button", name="New fight").click()
    page.get_by_role("button", name="New adventure").click()
    expect(page.locator("#new-adventure-question")).to_contain_text("The fights of Aragorn stay in Saved fights")
    expect(page.locator("#new-adventure-begun")).to_have_text("")


# ---- the hero's name typed on the sheet -------------------------------------------------------------------------


def test_the_name_typed_names_the_fight_the_heros_card_and_the_saved_fight(page):
    lone_wolf_sheet(page, "Aragorn")
    start_against_a_giak(page)
    expect(page.locator("#fight-heading")).to_have_text("Aragorn vs Giak")
    expect(page.locator("#fight").get_by_role("heading", name="Aragorn", exact=True)).to_be_visible()
    page.get_by_label("Random number", exact=True).fill("5")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#undo")).to_be_enabled()
    page.get_by_role("button", name="New fight").click()
    expect(page.locator("#save-list .save-name")).to_have_text(["Aragorn vs Giak"])


def test_the_name_typed_names_a_fighting_fantasy_fight_in_russian(page):
    to_russian(page)
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    page.get_by_label("Имя героя").fill("Ярослав")
    start_against_an_orc_in_russian(page)
    expect(page.locator("#fight-heading")).to_have_text("Ярослав — Орк")
    expect(page.locator("#hero-card .fighter-name")).to_have_text("Ярослав")  # the card and the log say it too


def test_the_name_typed_is_the_one_the_outcome_says(page):
    lone_wolf_sheet(page, "Aragorn")
    start_against_a_giak(page, endurance=1)
    page.get_by_label("Random number", exact=True).fill("0")  # +8, 0: the Giak is killed, Aragorn loses nothing
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#outcome")).to_have_text("Victory over Giak. Aragorn has 25 ENDURANCE left.")


def test_without_a_name_the_fight_keeps_the_books_hero(page):
    lone_wolf_sheet(page, "")
    start_against_a_giak(page)
    expect(page.locator("#fight-heading")).to_have_text("Banedon vs Giak")


# ---- the backpack's refusal -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,said",
    [
        ("en", "Backpack: one thing per line (at most 7, food included): has 8 things counting the food, 1 too many"),
        ("ru", "Заплечный мешок: по предмету в строке (не больше 7, вместе с едой): в нём 8 предметов с учётом еды, "
               "1 лишний"),
    ],
)  # fmt: skip
def test_a_full_backpack_is_refused_saying_the_limit_once(page, lang, said):
    if lang == "ru":
        to_russian(page)
    page.locator("#books input[value='fighting-fantasy']").check()
    page.locator("#hero-skill").fill("10")
    page.locator("#hero-stamina").fill("18")
    page.locator("#hero-luck").fill("9")
    page.locator("#hero-food").fill("3")
    page.locator("#hero-backpack").fill("rope\nkey\nlamp\nbread\nsword")
    page.locator("#enemy-0-name").fill("Orc")
    page.locator("#enemy-0-skill").fill("5")
    page.locator("#enemy-0-stamina").fill("6")
    page.locator("#start").click()
    expect(page.locator("#setup-error")).to_have_text(said)
    assert page.locator("#setup-error").inner_text().count("7") == 1


# ---- a Citadel of Blood strike's numbers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,width,party,monsters",
    [
        ("en", 1200, "die 5 + Weapon Skill 2 + Combat Bonus 3 = 10 (Sword)", "die 1 + Combat Bonus 0 = 1 (Monster)"),
        ("ru", 360, "кубик 5 + владение оружием 2 + боевой бонус 3 = 10 (Меч)",
         "кубик 1 + боевой бонус 0 = 1 (Чудовище)"),
    ],
)  # fmt: skip
def test_a_strike_in_the_log_names_each_number_in_the_books_words(page, base_url, lang, width, party, monsters):
    page.set_viewport_size({"width": width, "height": 800})
    open_fight(page, base_url, almuric_against_the_orcs(), lang)
    board = page.locator("#cob-board")
    board.get_by_role("button", name=re.compile("^A Almuric:")).click()
    die = page.locator("#cob-die")
    die.fill("5")
    board.get_by_role("button", name=re.compile("^1 Orcs:")).click()
    log = rows(page, "Журнал боя" if lang == "ru" else "Combat log")
    expect(log.first).to_contain_text(party)
    die.fill("1")
    page.get_by_role("button", name="Атака чудовища" if lang == "ru" else "Monster attack", exact=True).click()
    expect(log.first).to_contain_text(monsters)
    sizes = page.evaluate(
        """() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,
                  document.querySelector('#cob-log').scrollWidth, document.querySelector('#cob-log').clientWidth]"""
    )
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], sizes  # no sideways scrolling on a phone


# ---- the luck test after a wound in the Braslavsky book -----------------------------------------------------------


def test_where_the_luck_test_would_be_the_fight_says_this_book_has_none(page):
    start_ff(page, FF_HERO, [("Orc", 5, 8)], {})
    hint = page.locator("#no-wound-luck")
    expect(hint).to_have_text(NO_WOUND_LUCK)
    page.get_by_label("Your dice").fill("6 6")
    page.get_by_label("Dice of Orc").fill("1 1")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#ff-log > li.ff-round")).to_have_count(1)
    expect(hint).to_be_visible()  # after the wound, where the test would be offered
    expect(page.get_by_role("button", name=re.compile("^Test your luck"))).to_be_hidden()


def test_with_the_other_books_rule_the_test_is_offered_and_the_note_is_gone(page):
    start_ff(page, FF_HERO, [("Orc", 5, 8)], {LUCK_IN_COMBAT: True})
    page.get_by_label("Your dice").fill("6 6")
    page.get_by_label("Dice of Orc").fill("1 1")
    page.get_by_role("button", name="Fight round").click()
    expect(page.get_by_role("button", name=re.compile("^Test your luck on this wound"))).to_be_visible()
    expect(page.locator("#no-wound-luck")).to_be_hidden()


def test_the_note_in_russian_quotes_the_book_and_fits_a_phone(page):
    page.set_viewport_size({"width": 360, "height": 740})
    to_russian(page)
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    start_against_an_orc_in_russian(page)
    expect(page.locator("#no-wound-luck")).to_contain_text("«Вычтите 2 из вашей ВЫНОСЛИВОСТИ»")
    expect(page.locator("#no-wound-luck")).to_contain_text("«Удача в бою»")
    sizes = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1], sizes
