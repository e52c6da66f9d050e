"""A share link's preview (web/base/preview.js, story.preview, friend.show early): what a friend sees before the rules
have loaded is the story the sharer's rules wrote into the link, in the friend's language; the rules' own story
replaces it, and says so where the link's preview was changed; a damaged link shows none and is refused."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT
from playwright.sync_api import expect

from pyrules import Fight, api, i18n, odds, share
from pyrules.systems import SYSTEMS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
from test_adventure_link import lone_wolf  # noqa: E402
from test_friend import finished as fought  # noqa: E402

PHONE = {"width": 390, "height": 844}


def call(**request) -> dict:
    return json.loads(api.call(json.dumps(request)))


# What the page judges a story by until its player chooses otherwise (index.html's odds panel), as Share sends it.
JUDGED = {"lambda": 0.005, "worth": {"escape": 1, "endurance": 0}}


def link_of(fight) -> str:
    session = call(op="restore", record=fight.record())["session"]
    return call(op="share", session=session, judged=JUDGED)["code"]


@pytest.fixture
def no_rules(browser):
    """A phone's fresh profile whose rules never load (their worker's file refused): only the preview can show."""
    contexts = []

    def make(locale: str = "en-US"):
        context = browser.new_context(viewport=PHONE, locale=locale, service_workers="block")
        context.route("**/worker.js", lambda route: route.abort())
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page, errors

    yield make
    for context in contexts:
        context.close()


def test_a_shared_fights_story_is_drawn_from_its_link_before_the_rules_load(no_rules, base_url):
    fight = fought("lone-wolf")
    summary = fight.summary()
    page, errors = no_rules()
    page.goto(base_url + "#f=" + link_of(fight))
    story = page.locator("#story")
    expect(story.locator("#story-summary")).to_have_text(f"Won after {summary['rounds']} rounds.")
    expect(page.locator("#fight-heading")).to_have_text(f"{summary['hero']} vs {summary['enemies'][0]}")
    expect(page.locator("#fight-book")).to_have_text(summary["book"])
    expect(story.locator("#story-measure")).to_have_text("Chance to win")
    dots = story.locator(".story-svg circle.dot")
    expect(dots).to_have_count(len(fight.actions))
    ends = fight.system.sides(fight.setup, fight.state)  # one number a side in Lone Wolf
    sides = " · ".join(f"{name}: {label} {value}" for name, label, value in ends)
    expect(story.locator("#story-step")).to_have_text(f"The end. {sides}.")
    story.locator("#story-chart").focus()
    page.keyboard.press("Home")
    expect(story.locator("#story-step")).to_contain_text("Round 1: Chance to win before:")
    assert isinstance(page.evaluate("window.pyrulesTiming.preview"), (int, float))
    expect(page.locator("#story-again")).to_be_hidden()  # "Fight it yourself" waits for the rules
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert errors == []


def test_the_preview_speaks_the_friends_language(no_rules, base_url):
    fight = fought("lone-wolf")
    page, errors = no_rules("ru-RU")
    page.goto(base_url + "#f=" + link_of(fight))
    story = page.locator("#story")
    with i18n.language("ru"):
        measure, ending = odds.measure_words("win")["name"], i18n.tr("won")
        hero, enemies = (Fight.from_record(fight.record()).summary()[key] for key in ("hero", "enemies"))
    heading = page.locator("#fight-heading")
    for name in (hero, *enemies):  # the book's hero as the rules name him in Russian, the enemy as the record does
        expect(heading).to_contain_text(name)
    assert "Banedon" not in heading.inner_text()
    expect(story.locator("#story-measure")).to_have_text(measure[0].upper() + measure[1:])
    expect(story.locator("#story-summary")).to_contain_text(ending.capitalize())
    expect(story.locator("#story-step")).to_contain_text("ВЫНОСЛИВОСТЬ")
    assert "ENDURANCE" not in story.locator("#story-step").inner_text()
    assert errors == []


def test_a_shared_adventures_fights_are_listed_from_its_link_before_the_rules_load(no_rules, base_url):
    document = lone_wolf()
    document["fights"] = document["fights"][:3]
    code = call(op="share_adventure", adventure=document)["code"]
    opened = call(op="open_link", code=code)
    page, errors = no_rules()
    page.goto(base_url + "#a=" + code)
    friend = page.locator("#friend")
    expect(friend.locator("#friend-fights li")).to_have_count(3)
    for item, line in zip(friend.locator("#friend-fights li").all(), opened["overview"]["fights"]):
        expect(item).to_contain_text(f"ENDURANCE {line['start']} → {line['left']}")
    expect(friend.locator("#friend-keep")).to_be_hidden()  # nothing to keep until the rules have read it
    assert errors == []


def test_the_rules_story_replaces_the_preview_and_says_when_the_link_was_changed(context, base_url):
    fight = fought("lone-wolf")
    code = link_of(fight)
    record, carried = share.decode_shared(code)
    page = context.new_page()
    page.goto(base_url + "#f=" + code)
    status = page.locator("#story-status")
    expect(page.locator("#story-again")).to_be_visible(timeout=BOOT_TIMEOUT)  # hidden in the preview: the rules' story
    expect(page.locator("#story-looking")).to_contain_text("A fight shared with you")
    expect(status).to_have_text("")
    changed = [*carried[:4], [[name, label, value + 3] for name, label, value in carried[4]], *carried[5:]]
    page.goto(base_url + "#f=" + share.encode(record, preview=changed))
    page.reload()
    expect(status).to_have_text(
        "This link's preview did not match what it holds: what is shown is the rules' own.", timeout=BOOT_TIMEOUT
    )


def test_a_damaged_format_3_link_shows_no_preview_and_is_refused(context, base_url):
    code = link_of(fought("lone-wolf"))
    damaged = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    page = context.new_page()
    page.goto(base_url + "#f=" + damaged)
    expect(page.locator("#messages")).to_contain_text("This share link could not be opened", timeout=BOOT_TIMEOUT)
    assert page.evaluate("(window.pyrulesTiming || {}).preview === undefined")
    expect(page.locator("#fight")).to_be_hidden()


REFUSED = {  # a link changed on its way, refused in one sentence of each language (it read "could not be opened:
    # is damaged: it was…", the rules' words glued to the page's)
    "en": "This share link could not be opened because it is damaged: it was changed or cut on its way (its check "
          "does not match). Your saved fights are unchanged.",
    "ru": "Эту ссылку на бой не удалось открыть, потому что она повреждена: её изменили или обрезали по дороге "
          "(проверочная сумма не сходится). Ваши сохранённые бои не изменились.",
    "es": "No se ha podido abrir este enlace porque está dañado: se modificó o se cortó por el camino (su suma de "
          "control no coincide). Tus combates guardados no han cambiado.",
}  # fmt: skip


@pytest.mark.parametrize("code", REFUSED)
def test_a_damaged_link_is_refused_in_one_sentence_of_the_pages_language(page, base_url, code):
    link = link_of(fought("lone-wolf"))
    page.locator("#language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    page.goto(f"{base_url}?{code}#f={link[:-3]}{'A' if link[-3] != 'A' else 'B'}{link[-2:]}")  # a new document
    expect(page.locator("#messages")).to_have_text(REFUSED[code], timeout=BOOT_TIMEOUT)


STORY_JS = """() => ({
  heading: document.querySelector('#fight-heading').textContent,
  summary: document.querySelector('#story-summary').textContent,
  dots: [...document.querySelectorAll('#story-chart circle.dot')].map((dot) => Number(dot.getAttribute('cy'))),
  end: document.querySelector('#story-step').textContent,
})"""


@pytest.mark.parametrize("key", list(SYSTEMS))
def test_every_books_preview_shows_the_story_the_rules_then_tell(browser, base_url, key):
    """The same link opened twice in one profile: first with the rules' worker refused (the preview alone), then with
    the rules (their story, in place of the preview): the same heading, the same ending, each chance's dot within a
    rounding of the rules' own, the same numbers at the end."""
    code = link_of(fought(key))
    context = browser.new_context(viewport=PHONE, service_workers="block")
    try:
        context.route("**/worker.js", lambda route: route.abort())
        page = context.new_page()
        page.goto(base_url + "#f=" + code)
        expect(page.locator("#story-summary")).not_to_be_empty()
        before = page.evaluate(STORY_JS)
        context.unroute("**/worker.js")
        page.reload()
        expect(page.locator("#story-again")).to_be_visible(timeout=BOOT_TIMEOUT)  # the rules' story
        # the rules' review drawn (its own words, or none), not the link's
        expect(page.locator("#story-status")).not_to_have_text(re.compile("being told|did not match"))
        after = page.evaluate(STORY_JS)
        assert before["heading"] == after["heading"]
        assert after["summary"].startswith(before["summary"])  # the rules' summary says more after the ending
        if before["dots"]:  # an exactly reviewed book: its chart, a dot an action
            assert len(before["dots"]) == len(after["dots"])
            assert all(abs(a - b) <= 1 for a, b in zip(before["dots"], after["dots"])), (before["dots"], after["dots"])
        page.locator("#story-chart").focus()
        page.keyboard.press("End")
        assert page.evaluate(STORY_JS)["end"] == before["end"]
    finally:
        context.close()
