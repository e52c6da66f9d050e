"""What a player can say and print about a fight (web/shell/report.js, web/style.css's print block): "Something wrong
here?" puts the player's words together with the fight's book (the rules' own title), its section, its share link and
the app's version as a plain-text report, copied or sent only when the player asks, and its link opens the same fight;
a faulty form names its field and keeps what was typed. The browser's Print gives the hero and the open fight on one
A4 page, without the page's controls."""

from __future__ import annotations

import json
import re

from conftest import BOOT_TIMEOUT, fight_round, log_rows, play_on, set_up
from playwright.sync_api import expect
from test_a11y import AXE
from test_friend import adventure_link

import pyrules
from pyrules import api

BANEDON = {"COMBAT SKILL": 15, "ENDURANCE": 40}
GIAK = [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 60}]
WORDS = "The book gives the Giak ENDURANCE 16 here, not 60."
# navigator.share where the browser has none (a phone's): what the page asked to send, kept for the test
SHARE = "navigator.share = async (data) => { window.pyrulesSent = data; };"
# axe-core's violations in the report's control and form (test_a11y.py audits the screens whole), target size included
AUDIT = """async () => (await axe.run({include: [["#report"], ["#report-box"]]},
  {resultTypes: ["violations"], rules: {"target-size": {enabled: true}}})).violations
  .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}: ${n.failureSummary}`))"""


def describe(lang: str) -> dict:
    return json.loads(api.call(json.dumps({"op": "hello", "describe": True, "lang": lang})))["systems"]


def lines(page) -> list[str]:
    return page.locator("#report-text").inner_text().split("\n")


def test_a_report_holds_the_book_section_link_version_and_words_and_its_link_opens_the_same_fight(page, browser):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("radio", name="Dawn of the Darklords").check()
    page.locator("#adventure-section").fill("147")  # the adventure's section: the report's, until the player says
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 6)
    fight_round(page, 2)
    rows = log_rows(page)
    opener = page.get_by_role("button", name="Something wrong here?")
    expect(page.get_by_role("button", name="Send the report")).to_be_hidden()  # no navigator.share here
    opener.click()
    expect(opener).to_have_attribute("aria-expanded", "true")
    form = page.locator("#report-box")
    words, section = form.get_by_label("What the book says"), form.get_by_label("Section", exact=True)
    expect(words).to_be_focused()
    expect(section).to_have_value("147")
    section.fill("148")
    page.get_by_role("button", name="Copy the report").click()  # nothing said yet: refused, naming the field
    expect(page.locator("#report-error")).to_have_text("What the book says: write the book's words here.")
    expect(words).to_have_attribute("aria-invalid", "true")
    expect(words).to_be_focused()
    expect(section).to_have_value("148")  # kept
    words.fill(WORDS)
    page.get_by_role("button", name="Copy the report").click()
    expect(page.get_by_role("status").filter(has_text="Report copied to the clipboard.")).to_be_visible()
    expect(words).not_to_have_attribute("aria-invalid", "true")
    version, book, said_section, link, said = lines(page)
    assert version == f"pyrules {pyrules.__version__}"
    assert (book, said_section, said) == ("Book: Dawn of the Darklords", "Section: 148", f"What the book says: {WORDS}")
    assert re.fullmatch(r"Share link: http://127\.0\.0\.1:\d+/#f=\S+", link)
    assert page.evaluate("navigator.clipboard.readText()") == "\n".join(lines(page))
    expect(words).to_have_value(WORDS)  # the form keeps its words: a second report needs no retyping

    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(link.removeprefix("Share link: "))
        expect(other.get_by_role("heading", name="Banedon vs Giak")).to_be_visible(timeout=BOOT_TIMEOUT)
        expect(other.get_by_role("button", name="Play on from here")).to_be_visible()  # its story first
        play_on(other)
        expect(other.get_by_role("button", name="Fight round")).to_be_visible()
        assert log_rows(other) == rows
    finally:
        fresh.close()


def test_a_friends_story_is_reported_from_the_keyboard_on_a_phone_and_sent_where_the_phone_shares(browser, base_url):
    """A shared adventure's fight, read as its story at 360 px: the control reached by Tab, the section the sharer's,
    the Russian words, Send handing the report to the phone's share sheet, and the control and the open form clean by
    axe-core (target size included), nothing wider than the screen."""
    code, _ = adventure_link()
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="ru-RU")
    context.add_init_script(SHARE)
    try:
        page = context.new_page()
        page.goto(base_url + code)
        overview = page.locator("#friend")
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)  # the rules up
        overview.locator("#friend-fights li").nth(1).get_by_role("button").click()
        expect(page.locator("#story-summary")).not_to_be_empty()
        opener = page.get_by_role("button", name="Здесь что-то не так?")
        opener.focus()
        page.keyboard.press("Enter")
        form = page.locator("#report-box")
        expect(form.get_by_label("Что сказано в книге")).to_be_focused()
        expect(form.get_by_label("Параграф", exact=True)).to_have_value("20")  # the sharer's section of this fight
        page.keyboard.type("Здесь у врага 9 очков.")
        send = page.get_by_role("button", name="Отправить сообщение")
        page.keyboard.press("Tab")  # the section
        page.keyboard.press("Tab")  # copy
        page.keyboard.press("Tab")  # send
        expect(send).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("#report-text")).not_to_be_empty()
        sent = page.evaluate("window.pyrulesSent")
        assert sent["text"] == page.locator("#report-text").inner_text()
        version, book, section, link, said = sent["text"].split("\n")
        assert book == f"Книга: {describe('ru')['lone-wolf']['book']}"  # the rules' own title, in Russian
        assert (section, said) == ("Параграф: 20", "Что сказано в книге: Здесь у врага 9 очков.")
        assert link.startswith(f"Ссылка на бой: {base_url}#f=") and version.startswith("pyrules ")
        page.evaluate(AXE.read_text(encoding="utf-8"))  # the control and the open form, its report shown
        found = page.evaluate(AUDIT)
        assert found == [], found
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        context.close()


def test_print_shows_the_hero_and_the_fight_without_controls_on_one_a4_page(page):
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    for number in (6, 2, 9):
        fight_round(page, number)
    try:
        page.emulate_media(media="print", color_scheme="dark")  # paper is white in the dark scheme too
        hidden = ["header.top", "#odds", "#saves", "#new-fight", "#report-box", "#share-box", "#fight-controls > *"]
        for selector in hidden:
            shown = page.locator(selector).evaluate_all("es => es.map((e) => getComputedStyle(e).display)")
            assert shown and set(shown) == {"none"}, selector
        for name in ("Fight round", "Share", "Something wrong here?", "Undo"):
            expect(page.get_by_role("button", name=name, exact=True)).to_be_hidden()
        expect(page.locator("#hero-status")).to_be_visible()
        expect(page.get_by_role("list", name="Combat log")).to_be_visible()
        ink = "e => [getComputedStyle(e).color, getComputedStyle(document.documentElement).backgroundColor]"
        assert page.locator("#fight").evaluate(ink) == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]  # black on white
        pdf = page.pdf(format="A4")
        assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 1
    finally:
        page.emulate_media(media="null", color_scheme="null")
