"""The pseudo-locale (tools/pseudo.py): the site built once more with it added as any language is (its folder and its
line, in a copy of the sources), then every book's set-up (the adventure sheet with it), story, fight, odds once
answered and the saved fights' list opened in it at 360 and 1280 px. A word of
plain English on the screen is a text that escaped translation; a page wider than the screen is a layout that only
fits English (the pseudo-locale's texts are about 40 % longer)."""

from __future__ import annotations

import json
import re
import sys

import pytest
from conftest import BOOT_TIMEOUT, ROOT, play_on
from playwright.sync_api import expect
from test_new_system import built, copy_of_the_repository

sys.path.insert(0, str(ROOT / "tests"))
from screenshots import fight  # noqa: E402  each system's first fixture, after its first rounds

from pyrules import share  # noqa: E402
from tools import pseudo  # noqa: E402

WIDTHS = (360, 1280)
# Visible text that is not a text of the app: the records' names (a player's words), the app's name, the book's
# publisher; anything in capitals of two or three letters (2d6, CS) is a number's unit or a dice's name.
ALLOWED = {"pyrules", "SPI", "and"}  # "and": Intl.ListFormat's (odds.js), the browser's own word for a language
# it does not know; so the dates of the saved fights (toLocaleString): its months and the 12-hour clock's AM and PM
ALLOWED |= {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "AM", "PM"}
VISIBLE_TEXTS_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("script, style, template, [hidden], [aria-hidden=true], [translate=no]")) {
      continue; // translate="no": a citation or a name, written as it is in every language
    }
    if (!parent.getClientRects().length || getComputedStyle(parent).visibility === "hidden") continue;
    out.push(text);
  }
  return out;
}"""
WIDE_JS = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth + 1)
  .filter((e) => !e.closest("[hidden]") && getComputedStyle(e).position !== "fixed")
  .filter((e) => { // not inside a box that scrolls or clips it (a wide table in its scroller)
    for (let a = e.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return false;
    return true;
  })
  .map((e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}.${[...e.classList].join(".")}: ${
    Math.round(e.getBoundingClientRect().right)} px`)
  .slice(0, 12)"""


@pytest.fixture(scope="module")
def pseudo_url(tmp_path_factory):
    """The site with the pseudo-locale, built by a copy of the repository (test_new_system's copy and build)."""
    copy = tmp_path_factory.mktemp("pseudo-site")
    copy_of_the_repository(copy)
    pseudo.add_to(copy / "pyrules" / "locales")
    server = built(copy)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def systems() -> list[str]:
    from pyrules.systems import REGISTRY

    return list(REGISTRY)


def escaped(texts: list[str], names: set[str]) -> list[str]:
    """The texts with a word of plain English (three Latin letters or more) that is not a name of the record."""
    found = []
    for text in texts:
        words = set(re.findall(r"[A-Za-z]{3,}", text)) - ALLOWED
        words = {w for w in words if not any(w in name for name in names)}
        if words:
            found.append(text)
    return sorted(set(found))


def check(page, names: set[str], where: str) -> list[str]:
    page.evaluate("() => document.fonts.ready")
    texts = page.evaluate(VISIBLE_TEXTS_JS)
    assert sum("·" in text for text in texts) >= 10, f"{where}: the pseudo-locale's texts are not on the screen"
    problems = [f"{where}: not translated: {text!r}" for text in escaped(texts, names)]
    if page.evaluate("() => document.documentElement.scrollWidth > innerWidth + 1"):
        problems.append(f"{where}: wider than the screen: {page.evaluate(WIDE_JS)}")
    return problems


def test_the_pseudo_locale_accents_every_letter_and_keeps_fields_and_plural_forms():
    said = pseudo.pseudo("{name} loses {n} {n|point|points} of ENDURANCE")
    assert said.startswith("[{name} ļöšéš {n} {n|þöîñţ|þöîñţš} öƒ ÉÑÐÛŔÅÑÇÉ ") and said.endswith("]")
    assert not re.search(r"[A-Za-z]", re.sub(r"\{\w+[|}]", "", said))  # fields' names aside, no plain letter
    long = pseudo.pseudo("x" * 100)
    assert len(long) >= 140 and "·" * 6 not in long  # about 40 % longer, its padding in words that wrap


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("system", systems())
def test_every_screen_in_the_pseudo_locale_is_translated_and_fits(browser, pseudo_url, system, width):
    context = browser.new_context(viewport={"width": width, "height": 900}, reduced_motion="reduce")
    context.add_init_script(f"localStorage.setItem('pyrules:lang', {json.dumps(pseudo.CODE)})")
    record = fight(system)
    names = set(re.findall(r'"name": "([^"]*)"', json.dumps(record, ensure_ascii=False))) - {""}
    problems = []
    try:
        page = context.new_page()
        page.goto(pseudo_url)
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
        assert page.evaluate("() => document.documentElement.lang") == pseudo.CODE
        page.locator(f'input[name="system"][value="{system}"]').check()
        problems += check(page, names, "set-up")
        page.close()
        page = context.new_page()  # a link opened in a new tab, as a friend opens it
        page.goto(pseudo_url + "#f=" + share.encode(record))
        expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
        problems += check(page, names, "story")
        played = page.locator("#story-play").is_visible()
        if played:
            play_on(page)
        else:  # a finished fight, looked at: kept, for the saved fights' list below (and its words checked)
            page.locator("#story-keep").click()
            expect(page.locator("#story-keep")).to_be_hidden()
        problems += check(page, names, "fight")
        # The odds once answered (a phone opens them from their one-line summary), then the saved fights' list.
        preparing = pseudo.pseudo("The odds are being prepared…")
        page.wait_for_function("(words) => { const s = document.getElementById('odds-status').textContent;"
                               " return s && s !== words; }", arg=preparing, timeout=BOOT_TIMEOUT)  # fmt: skip
        if page.locator("#odds-toggle").is_visible():
            page.locator("#odds-toggle").click()
        problems += check(page, names, "odds")
        page.close()
        page = context.new_page()
        page.goto(pseudo_url)
        if played:  # played on, it is the fight the next visit opens: the saved fights are listed beside a new one
            expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
            page.locator("#new-fight").click()
        expect(page.locator("#saves .save").first).to_be_visible(timeout=BOOT_TIMEOUT)
        problems += check(page, names, "saved fights")
    finally:
        context.close()
    assert problems == [], "\n".join(problems)


# Citadel of Blood's phases after the first: the party has attacked and ended its phase (the monsters' phase), then
# the monsters have struck and the Hellgate has cast (the reorganisation), each screen with its own words.
CITADEL_PHASES = {
    "monsters' phase": [{"do": "attack", "unit": "B", "target": "2", "die": 6}, {"do": "end_phase"}],
    "Hellgate and after": [{"do": "attack", "unit": "B", "target": "2", "die": 6}, {"do": "end_phase"},
                           {"do": "monster", "die": 1}, {"do": "monster", "die": 1},
                           {"do": "hellgate", "die": 1, "target_die": 1}],
}  # fmt: skip


@pytest.mark.parametrize("width", WIDTHS)
def test_citadels_later_phases_in_the_pseudo_locale_are_translated_and_fit(browser, pseudo_url, width):
    from test_citadel import record_with_the_hellgate

    context = browser.new_context(viewport={"width": width, "height": 900}, reduced_motion="reduce")
    context.add_init_script(f"localStorage.setItem('pyrules:lang', {json.dumps(pseudo.CODE)})")
    problems = []
    try:
        for where, actions in CITADEL_PHASES.items():
            record = record_with_the_hellgate(actions)
            names = set(re.findall(r'"name": "([^"]*)"', json.dumps(record, ensure_ascii=False))) - {""}
            page = context.new_page()
            page.goto(pseudo_url + "#f=" + share.encode(record))
            expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
            play_on(page)
            problems += check(page, names, where)
            page.close()
    finally:
        context.close()
    assert problems == [], "\n".join(problems)
