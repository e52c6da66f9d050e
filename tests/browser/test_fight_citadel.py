"""Citadel of Blood's fight screen for the phone and for screen readers: legal targets and states said in
words, Wound Points bars with the round's loss, dice faces to tap, actions marked by their cost, the log as cards with
no sideways scrolling, the announcement after each action."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import play_on
from playwright.sync_api import expect
from test_citadel import record_with_the_hellgate, rows, unit

from pyrules import share
from pyrules.i18n import LANGUAGES, LOCALES


def almuric_against_the_orcs(actions=()):
    """Almuric (8 Wound Points, sword 2, Combat Bonus 3) against the Orcs (6 Wound Points) of the chart."""
    return {
        "format": "pyrules-fight",
        "version": 1,
        "system": "citadel-of-blood",
        "hero": {
            "party": [
                {
                    "name": "Almuric",
                    "wound_points": 8,
                    "resistance": 2,
                    "combat_bonus": 3,
                    "weapons": ["sword"],
                    "skills": {"sword": 2},
                    "pos": [0, 1],
                },
            ]
        },
        "enemies": [{"name": "Orcs", "wound_points": 6, "resistance": 1, "combat_bonus": 0}],
        "seed": 5,
        "actions": list(actions),
    }



def page_words(code):
    """The page's words in one language (its page.json), English text to the language's."""
    return json.loads((Path(LOCALES) / code / "page.json").read_text(encoding="utf-8"))


def open_fight(page, base_url, record, language="en"):
    if language != "en":
        page.get_by_label("Language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)  # its words downloaded, the choice kept
    page.goto(base_url + "#f=" + share.encode(record))
    expect(page.locator("#cob-board button").first).to_be_visible(timeout=120_000)
    play_on(page)


def test_legal_targets_and_states_are_in_the_names_and_in_visible_words(page, base_url):
    open_fight(page, base_url, almuric_against_the_orcs())
    almuric = page.get_by_role(
        "button",
        name=re.compile(
            r"^A Almuric: Wound Points 8 \/ 8, Sword, can act; party, row 1, middle$"
        ),
    )
    expect(almuric).to_have_attribute("aria-pressed", "false")
    orcs = page.get_by_role("button", name=re.compile(r"^1 Orcs: Wound Points 6 \/ 6; monsters, row 1, middle$"))
    expect(orcs).to_be_visible()  # nothing to attack before a character is chosen
    almuric.click()
    # chosen, and the monster he may strike: said in the accessible name and written on the space, not by colour
    chosen = page.get_by_role("button", name=re.compile(r"^A Almuric: .*, chosen; party, row 1, middle$"))
    expect(chosen).to_have_attribute("aria-pressed", "true")
    expect(chosen).to_contain_text("chosen")
    target = page.get_by_role("button", name="1 Orcs: Wound Points 6 / 6, can be attacked; monsters, row 1, middle")
    expect(target).to_contain_text("can be attacked")
    expect(page.locator("#cob-help")).to_have_text("Almuric attacks: choose a monster marked “can be attacked”.")
    expect(page.locator("#cob-phase")).to_have_text("Round 1: Party Combat")


def test_the_board_in_russian_names_the_legal_targets(page, base_url):
    open_fight(page, base_url, almuric_against_the_orcs(), "ru")
    page.get_by_role("group", name="Походный порядок").get_by_role("button", name=re.compile("^A Almuric:")).click()
    target = page.get_by_role("button", name=re.compile(r"^1 Orcs: .*6 \/ 6, можно атаковать; .*$"))
    expect(target).to_contain_text("можно атаковать")


def test_dice_faces_enter_the_die_and_the_log_shows_the_faces(page, base_url):
    open_fight(page, base_url, almuric_against_the_orcs())
    die = page.get_by_label("Die", exact=True)
    face = page.get_by_role("button", name="Die 5", exact=True)
    box = face.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24
    face.click()
    expect(die).to_have_value("5")
    expect(face).to_have_attribute("aria-pressed", "true")
    die.fill("3")  # typing still works, and the faces follow
    expect(face).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("button", name="Die 3", exact=True)).to_have_attribute("aria-pressed", "true")
    face.click()
    unit(page, "A Almuric").click()
    unit(page, "1 Orcs").click()
    card = rows(page).first
    # the face tapped, not the 3 typed before it
    expect(card).to_contain_text("die 5 + Weapon Skill 2 + Combat Bonus 3 = 10 (Sword)")
    expect(card.get_by_role("img", name="die showing 5")).to_be_visible()
    expect(die).to_have_value("")  # used: the faces are cleared with the field
    expect(page.get_by_role("button", name="Die 5", exact=True)).to_have_attribute("aria-pressed", "false")


def test_the_bars_show_the_rounds_loss_and_the_dead_are_named(page, base_url):
    open_fight(page, base_url, almuric_against_the_orcs())
    unit(page, "A Almuric").click()
    page.get_by_label("Die", exact=True).fill("5")
    unit(page, "1 Orcs").click()  # 10 in the Sword column: 2 wounds
    orcs = unit(page, "1 Orcs")
    expect(orcs.locator(".bar-text")).to_contain_text("Wound Points 4 / 6")  # the bar: what is left, and the loss
    expect(orcs).to_have_accessible_name(re.compile(r"^1 Orcs: Wound Points 4 / 6 −2"))
    expect(orcs.locator(".change")).to_have_text("−2")
    expect(page.locator("#cob-phase")).to_have_text("Round 1: Monster Combat")
    page.get_by_label("Die", exact=True).fill("1")
    page.get_by_role("button", name="Monster attack", exact=True).click()
    expect(page.locator("#cob-phase")).to_have_text("Round 2: Party Combat")
    expect(orcs.locator(".change")).to_have_count(0)  # a new round: the loss shown is this round's
    expect(orcs.locator(".bar-text")).to_have_text("Wound Points 4 / 6")
    # undo steps back into round 1: the loss of that round is shown again
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#cob-phase")).to_have_text("Round 1: Monster Combat")
    expect(orcs.locator(".change")).to_have_text("−2")
    page.get_by_role("button", name="Monster attack", exact=True).click()
    expect(page.locator("#cob-phase")).to_have_text("Round 2: Party Combat")
    unit(page, "A Almuric").click()
    page.get_by_label("Die", exact=True).fill("6")
    unit(page, "1 Orcs").click()  # 11: 2 wounds more, the only loss of round 2
    expect(orcs.locator(".bar-text")).to_contain_text("Wound Points 2 / 6")
    expect(orcs.locator(".change")).to_have_text("−2")
    expect(page.locator("#cob-fallen")).to_be_hidden()


def test_the_dead_leave_the_board_and_are_named_in_words(page, base_url):
    open_fight(page, base_url, record_with_the_hellgate([{"do": "attack", "unit": "B", "target": "2", "die": 6}]))
    expect(unit(page, "2 Yth")).to_have_count(0)
    expect(page.locator("#cob-fallen")).to_have_text("Out of the fight: 2 Yth")
    expect(rows(page).first).to_contain_text("5 wounds — Wound Points 0 of 5. Yth: out of the fight")


def test_the_announcement_says_the_result_and_what_comes_next(page, base_url):
    open_fight(page, base_url, almuric_against_the_orcs())
    unit(page, "A Almuric").click()
    page.get_by_label("Die", exact=True).fill("5")
    unit(page, "1 Orcs").click()
    expect(page.locator("#announce")).to_have_text(
        "Party attack: Almuric, target: Orcs. 2 wounds — Wound Points 4 of 6. Next: Monster Combat, round 1."
    )
    # opening the fight again (a reload) announces nothing: only an action taken is said
    page.reload()
    expect(page.locator("#cob-phase")).to_have_text("Round 1: Monster Combat", timeout=120_000)
    page.wait_for_timeout(200)
    expect(page.locator("#announce")).to_have_text("")


def test_the_announcement_in_russian_does_not_depend_on_the_names_gender(page, base_url):
    open_fight(page, base_url, record_with_the_hellgate([]), "ru")
    board = page.get_by_role("group", name="Походный порядок")
    board.get_by_role("button", name=re.compile("^B Bors:")).click()
    page.get_by_label("Кубик", exact=True).fill("6")
    board.get_by_role("button", name=re.compile("^2 Yth:")).click()
    expect(page.locator("#announce")).to_have_text(
        "Атака отряда: Bors, цель: Yth. 5 ранений — Очки ранений: 0 из 5. Yth: вне боя. "
        "Дальше: Бой отряда, раунд 1."
    )
    expect(page.locator("#cob-fallen")).to_have_text("Вне боя: 2 Yth")


def test_costly_actions_say_their_cost_and_the_primary_action_is_large(page, base_url):
    actions = [{"do": "attack", "unit": "B", "target": "2", "die": 6}, {"do": "end_phase"}]
    actions += [{"do": "monster", "die": 1}] * 2
    open_fight(page, base_url, record_with_the_hellgate(actions))
    blast = page.get_by_role("button", name="Hellgate Blast spell", exact=True)
    expect(blast).to_have_class(re.compile(r"\bcostly\b"))
    expect(blast).to_have_class(re.compile(r"\bprimary\b"))
    expect(blast).to_have_accessible_description("3 more in this phase; a hit: 2 wounds")
    stop = page.get_by_role("button", name="The Hellgate casts no more", exact=True)
    expect(stop).to_have_accessible_description("Ends the phase")
    assert blast.bounding_box()["height"] > stop.bounding_box()["height"]
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Undo").click()  # back in the Party Combat Phase, after B's attack
    end = page.get_by_role("button", name="End the party's attacks", exact=True)
    expect(end).to_have_accessible_description("Ends the phase; no attack from: A Ava, C Cai")
    change = page.get_by_role("button", name="Change weapon", exact=True)
    expect(change).to_be_disabled()
    expect(change).to_have_accessible_description("Choose a character on the board first")
    expect(page.locator("#cob-cost-change_weapon")).to_be_visible()  # written on screen, not in a tooltip


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_no_sideways_scrolling_on_a_phone(page, base_url, language, width, height):
    page.set_viewport_size({"width": width, "height": height})
    actions = [{"do": "attack", "unit": "B", "target": "2", "die": 6}, {"do": "end_phase"}]
    actions += [{"do": "monster", "die": 1}] * 2 + [{"do": "hellgate", "die": 1, "target_die": 1}]
    open_fight(page, base_url, record_with_the_hellgate(actions), language)
    log = "Combat log" if language == "en" else page_words(language)["Combat log"]
    expect(rows(page, log)).to_have_count(len(actions))
    sizes = page.evaluate(
        """() => [document.documentElement, document.querySelector('#fight'), document.querySelector('#cob-log'),
                  document.querySelector('#cob-board')].map((e) => [e.scrollWidth, e.clientWidth])"""
    )
    for scroll, client in sizes:
        assert scroll <= client, sizes
    # every control of the fight at least 24 by 24 px (WCAG 2.2 2.5.8)
    assert page.evaluate(SMALL_CONTROLS, "#fight button, #fight input, #fight select") == []


SMALL_CONTROLS = """(selector) => [...document.querySelectorAll(selector)]
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e.id || e.getAttribute('aria-label') || e.textContent, e.getBoundingClientRect()])
    .filter(([, r]) => r.width < 24 || r.height < 24).map(([name]) => name)"""


def test_the_citadel_set_up_controls_and_the_check_box_are_24_px_at_least(page):
    page.set_viewport_size({"width": 360, "height": 740})
    page.get_by_role("radio", name="Citadel of Blood").check()
    page.get_by_role("button", name="Add this hero").click()
    page.get_by_role("button", name="Add this monster").click()
    page.get_by_text("This section's combat rules").click()
    expect(page.get_by_label("The party is in the Hellgate's Segment")).to_be_visible()
    controls = "#party :is(button, input, select), #monsters :is(button, input, select), #rule-hellgate"
    assert page.evaluate(SMALL_CONTROLS, controls) == []


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


# The texts of the fight drawn in the error style (--bad): elements shown whose own text is in that colour.
IN_RED = """() => {
  const probe = document.createElement("span");
  probe.style.color = "var(--bad)";
  document.body.append(probe);
  const red = getComputedStyle(probe).color;
  probe.remove();
  return [...document.querySelectorAll("#fight *")].filter((e) => e.checkVisibility()
    && getComputedStyle(e).color === red && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((e) => e.textContent.trim());
}"""


def test_hints_are_not_in_the_error_style_only_a_refused_action_is(page, base_url):
    """Before any action the board's hints ("Choose a character on the board first", under the actions that want
    one) were red, as errors are: a hint is not an error; only a refused action is red."""
    open_fight(page, base_url, almuric_against_the_orcs())
    expect(page.locator("#cob-cost-hold")).to_have_text("Choose a character on the board first")
    assert page.evaluate(IN_RED) == []
    page.get_by_label("Die", exact=True).fill("9")
    unit(page, "A Almuric").click()
    unit(page, "1 Orcs").click()
    expect(page.locator("#action-error")).to_contain_text("9")
    assert any("9" in text for text in page.evaluate(IN_RED))  # the refusal, beside the die



def test_a_character_moves_back_behind_the_last_row_on_a_space_the_board_draws(page, base_url):
    """9.8.2: a character may move one row back, also behind the party's last row: that row is drawn for the move."""
    record = almuric_against_the_orcs([{"do": "end_phase"}, *[{"do": "monster", "die": 1}] * 3])
    almuric = record["hero"]["party"][0]
    record["hero"]["party"] = [{**almuric, "name": name, "pos": pos}
                               for name, pos in (("Almuric", [0, 0]), ("Bors", [0, 1]), ("Cai", [1, 1]))]
    record["enemies"] = [{**record["enemies"][0], "name": name} for name in ("Orcs", "Wargs", "Imps", "Trolls")]
    open_fight(page, base_url, record)
    expect(page.locator("#cob-phase")).to_have_text("Round 1: Party Reorganization")
    unit(page, "C Cai").click()
    behind = page.get_by_role("button", name="empty space: party, row 3, middle, can move here")
    expect(behind).to_contain_text("can move here")
    behind.click()
    expect(page.get_by_role("button", name=re.compile(r"^C Cai: .*; party, row 3, middle$"))).to_be_visible()
