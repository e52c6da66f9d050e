"""The app in Chromium: a full fight for each hero with typed numbers, evasion, Vigour, bad input, keyboard."""

from __future__ import annotations

import re

from conftest import fight_round, log_cards, log_rows, set_up
from playwright.sync_api import expect

from tools.runtime import PYODIDE_VERSION


def outcome(page):
    return page.get_by_role("status").filter(has_text=re.compile("Victory|dead|evades|stops"))


def test_banedon_full_fight_with_typed_numbers(page):
    set_up(
        page,
        "Dawn of the Darklords",
        {"COMBAT SKILL": 15, "ENDURANCE": 25},
        [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 20}],
    )
    expect(page.locator("#combat-ratio")).to_have_text("+2")
    for number in (6, 2, 3):
        fight_round(page, number)
    # Combat Ratio +2 (column +1/+2): 6 -> 9/2, 2 -> 5/4, 3 -> 6/3
    assert log_rows(page) == [
        ["Round 1", "Giak", "+2", "6", "9", "2", "23", "11"],
        ["Round 2", "Giak", "+2", "2", "5", "4", "19", "6"],
        ["Round 3", "Giak", "+2", "3", "6", "3", "16", "0"],
    ]
    expect(outcome(page)).to_have_text("Victory over Giak. Banedon has 16 ENDURANCE left.")
    expect(page.locator("#outcome")).to_have_attribute("aria-live", "polite")
    round_button = page.locator("#fight-round")  # over: no number to type, no round to fight
    expect(round_button).to_be_hidden()
    expect(round_button).to_be_disabled()


def test_grey_star_full_fight_spending_willpower(page):
    set_up(
        page,
        "Grey Star the Wizard",
        {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 23},
        [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 30}],
    )
    expect(page.get_by_label("WILLPOWER to spend")).to_be_visible()
    fight_round(page, 6, willpower=2)  # the rules' worked example: -5, 6 -> Grey Star 4, Deathgaunt 5 x 2
    fight_round(page, 0, willpower=3)  # -6/-5, 0 -> 9/0: 9 x 3 = 27, of which Deathgaunt had 20
    assert log_rows(page) == [
        ["Round 1", "Deathgaunt", "−5", "6", "10 (5 × 2)", "4", "21", "20", "21"],
        ["Round 2", "Deathgaunt", "−5", "0", "20 (9 × 3 = 27)", "0", "21", "0", "18"],
    ]
    expect(outcome(page)).to_have_text("Victory over Deathgaunt. Grey Star has 21 ENDURANCE and 18 WILLPOWER left.")


def test_cal_phoenix_full_fight_on_the_close_combat_table(page):
    set_up(
        page,
        "Freeway Warrior",
        {"CLOSE COMBAT SKILL": 17, "ENDURANCE": 25},
        [{"Enemy name": "Renegade Clansman", "Enemy CLOSE COMBAT SKILL": 18, "Enemy ENDURANCE": 12}],
    )
    expect(page.locator("#combat-ratio")).to_have_text("+1")  # 17 + Hunting Knife 2 - 18
    fight_round(page, 4)  # the rules' worked example: Cal loses 3, the Clansman 4
    fight_round(page, 1)  # +1/+2, 1 -> 3/4 (the Lone Wolf table would read 4/5)
    fight_round(page, 0)  # +1/+2, 0 -> 8/0: the Clansman had 5
    assert log_rows(page) == [
        ["Round 1", "Renegade Clansman", "+1", "4", "4", "3", "22", "8"],
        ["Round 2", "Renegade Clansman", "+1", "1", "3", "4", "18", "5"],
        ["Round 3", "Renegade Clansman", "+1", "0", "5 (8)", "0", "18", "0"],
    ]
    expect(outcome(page)).to_contain_text("Victory over Renegade Clansman. Cal Phoenix has 18 ENDURANCE left.")


def test_evasion_only_when_allowed(page):
    set_up(
        page,
        "Dawn of the Darklords",
        {"COMBAT SKILL": 15, "ENDURANCE": 22},
        [{"Enemy name": "Old Tadeus", "Enemy COMBAT SKILL": 18, "Enemy ENDURANCE": 18}],
        {"Evasion allowed after round": 1},
    )
    evade = page.get_by_role("button", name="Evade")
    expect(evade).to_be_disabled()
    fight_round(page, 5)  # -3: 5/4
    expect(evade).to_be_enabled()
    fight_round(page, 1, button="Evade")  # -3, 1 -> 1/6: the enemy's 1 is ignored
    rows = log_rows(page)
    assert rows[1][:1] == ["Round 2 (evade)"] and rows[1][4:8] == ["0 (1 ignored: evasion)", "6", "12", "13"]
    expect(outcome(page)).to_have_text("Banedon evades the fight. Banedon has 12 ENDURANCE left.")


def test_no_evade_button_where_the_section_forbids_it(page):
    set_up(
        page,
        "Dawn of the Darklords",
        {"COMBAT SKILL": 15, "ENDURANCE": 22},
        [{"Enemy name": "Helghast", "Enemy COMBAT SKILL": 21, "Enemy ENDURANCE": 28}],
    )
    expect(page.get_by_role("button", name="Fight round")).to_be_enabled()
    expect(page.get_by_role("button", name="Evade")).to_have_count(0)


def test_vigour_and_two_enemies_one_after_another(page):
    set_up(
        page,
        "Dawn of the Darklords",
        {"COMBAT SKILL": 15, "ENDURANCE": 25},
        [
            {"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 5},
            {"Enemy name": "Giak sergeant", "Enemy COMBAT SKILL": 16, "Enemy ENDURANCE": 9},
        ],
    )
    page.get_by_role("button", name="Cast Vigour").click()
    expect(page.locator("#combat-ratio")).to_have_text("+5")
    fight_round(page, 6)  # +5/+6, 6 -> 11/1: the Giak dies
    expect(page.locator("#combat-ratio")).to_have_text("+2")  # 18 - 16
    fight_round(page, 0)  # +1/+2, 0 -> 14/0
    assert [row[1] for row in log_rows(page)] == ["Giak", "Giak sergeant"]
    expect(outcome(page)).to_have_text("Victory over Giak and Giak sergeant. Banedon has 21 ENDURANCE left.")


def test_bad_input_shows_its_message_and_keeps_the_fight(page):
    set_up(
        page,
        "Grey Star the Wizard",
        {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 3},
        [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 60}],
    )
    fight_round(page, 6, willpower=2)
    alert = page.locator("#action-error")

    page.get_by_label("Random number", exact=True).fill("seven")
    page.get_by_role("button", name="Fight round").click()
    expect(alert).to_contain_text("Random number: must be a whole number from 0 to 9, not 'seven'")
    expect(page.get_by_label("Random number", exact=True)).to_have_attribute("aria-invalid", "true")

    page.get_by_label("Random number", exact=True).fill("4")
    page.get_by_label("WILLPOWER to spend").fill("5")
    page.get_by_role("button", name="Fight round").click()
    expect(alert).to_contain_text("WILLPOWER to spend: is 5, more than Grey Star's WILLPOWER (1)")
    assert len(log_rows(page)) == 1  # nothing lost, nothing added

    fight_round(page, 4, willpower=1)
    assert len(log_rows(page)) == 2 and alert.inner_text() == ""


def test_bad_set_up_names_the_field_in_the_books_words(page):
    page.get_by_role("radio", name="Freeway Warrior").check()
    page.get_by_label("CLOSE COMBAT SKILL", exact=True).fill("1x")
    page.get_by_label("ENDURANCE", exact=True).fill("20")
    page.get_by_role("button", name="Start fight").click()
    expect(page.locator("#setup-error")).to_have_text(  # every fault at once, a line each
        "CLOSE COMBAT SKILL: must be a whole number from 0 to 99, not '1x'\nEnemy CLOSE COMBAT SKILL: is missing"
        "\nEnemy ENDURANCE: is missing"
    )
    expect(page.get_by_label("CLOSE COMBAT SKILL", exact=True)).to_be_focused()
    page.get_by_label("CLOSE COMBAT SKILL", exact=True).fill("17")
    page.get_by_role("button", name="Start fight").click()
    expect(page.locator("#setup-error")).to_have_text(
        "Enemy CLOSE COMBAT SKILL: is missing\nEnemy ENDURANCE: is missing"
    )


def test_keyboard_only_fight(page):
    page.get_by_role("radio", name="Dawn of the Darklords").focus()
    page.get_by_label("COMBAT SKILL", exact=True).fill("20")
    page.get_by_label("ENDURANCE", exact=True).fill("20")
    group = page.get_by_role("group", name="Enemy 1")
    group.get_by_label("Enemy COMBAT SKILL").fill("5")
    group.get_by_label("Enemy ENDURANCE").press_sequentially("5")
    page.keyboard.press("Enter")  # submits the set-up form
    # The table's first square has the focus (a button: no phone keyboard opens); Enter fights the round with it.
    expect(page.get_by_role("button", name="Square 1: fight the round")).to_be_focused()
    page.keyboard.press("Enter")  # +15 against 5 ENDURANCE: every number kills (17 to 20 ENDURANCE left)
    outcome = re.compile(r"^Victory over Enemy\. Banedon has (17|18|19|20) ENDURANCE left\.$")
    expect(page.locator("#outcome")).to_have_text(outcome)
    left = re.search(r"has (\d+) ENDURANCE", page.locator("#outcome").inner_text()).group(1)
    expect(page.get_by_role("button", name="New fight")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Start fight")).to_be_visible()
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value(left)  # carried into the next fight


def test_roll_a_new_hero_by_the_books_rules(page):
    page.get_by_role("radio", name="Grey Star the Wizard").check()
    page.get_by_role("button", name="Roll a new hero").click()
    expect(page.locator("#roll-hint")).to_contain_text("Random numbers picked")
    skill = int(page.get_by_label("COMBAT SKILL", exact=True).input_value())
    willpower = int(page.get_by_label("WILLPOWER", exact=True).input_value())
    assert 10 <= skill <= 19 and 20 <= willpower <= 29


def test_the_server_sends_the_production_headers(page, base_url):
    response = page.request.get(base_url + f"pyodide/{PYODIDE_VERSION}/pyodide.asm.wasm")
    assert response.headers["content-type"] == "application/wasm"
    csp = page.request.get(base_url).headers["content-security-policy"]
    assert "'wasm-unsafe-eval'" in csp and "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp


def test_evasion_before_the_first_round_and_endurance_restored_in_part(page):
    # the section's rules "evading before the first round: no round is fought" and a partial restore
    page.get_by_role("radio", name="Dawn of the Darklords").check()
    page.get_by_label("COMBAT SKILL", exact=True).fill("15")
    page.get_by_label("ENDURANCE", exact=True).fill("25")
    enemy = page.get_by_role("group", name="Enemy 1")
    enemy.get_by_label("Enemy COMBAT SKILL", exact=True).fill("15")
    enemy.get_by_label("Enemy ENDURANCE", exact=True).fill("30")
    page.get_by_text("This section's combat rules").click()
    page.get_by_label("Evasion allowed after round", exact=True).fill("0")
    page.get_by_label("Evading before the first round: no round is fought, nothing is lost").check()
    page.get_by_role("button", name="Start fight").click()
    page.get_by_role("button", name="Evade").click()
    expect(log_cards(page)).to_have_count(1)
    expect(log_cards(page).locator(".log-note")).to_have_text(
        "evasion before the first round: no round is fought, nothing is lost"
    )
    assert log_rows(page) == []
    expect(outcome(page)).to_have_text("Banedon evades the fight. Banedon has 25 ENDURANCE left.")


def test_skill_modifier_for_the_first_rounds_and_half_the_losses_restored(page):
    set_up(
        page,
        "Dawn of the Darklords",
        {"COMBAT SKILL": 15, "ENDURANCE": 25},
        [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 15, "Enemy ENDURANCE": 30}],
        {
            "Skill modifier for this fight": -2,
            "Skill modifier only for the first rounds": 1,
            "Fight stops after round": 2,
            "Not a fight to the death: share of the losses restored afterwards": 0.5,
        },
    )
    fight_round(page, 1)  # -2 (column -2/-1): 2/5
    fight_round(page, 1)  # 0: 3/5
    assert [row[2] for row in log_rows(page)] == ["−2", "0"]
    notes = log_cards(page).locator(".log-note")
    expect(notes.last).to_have_text("not a fight to the death: 5 ENDURANCE points restored")
    expect(outcome(page)).to_contain_text("Banedon has 20 ENDURANCE left.")  # 25 - 10 + 5


def test_the_lone_wolf_section_rules_in_russian_have_no_english_left(page):
    from test_fighting_fantasy import english_words, to_russian

    to_russian(page)
    page.get_by_text("Особые правила боя в этом параграфе").click()
    expect(page.get_by_label("Поправка к мастерству только на первые раунды")).to_have_attribute(
        "placeholder", "весь бой"
    )
    expect(page.get_by_label("Уклонение до первого раунда: раунд не разыгрывается, потерь нет")).to_be_visible()
    assert english_words(page) == set()


def test_the_book_list_is_the_registrys_in_its_order(page):
    # built from the rules' describe(), not written in index.html
    from pyrules.systems import REGISTRY

    books = page.get_by_role("group", name="Book").get_by_role("radio")
    assert [book.get_attribute("value") for book in books.all()] == list(REGISTRY)
    expect(books.first).to_be_checked()
    expect(page.get_by_role("group", name="Book")).to_contain_text("Dawn of the Darklords (Banedon, Lone Wolf rules)")
