"""The fight screen at the table, on a phone: after Start fight, or opened from a link, both fighters, the table (or
the dice's round) and the primary action are on screen without scrolling, above the odds' summary bar, for every
book; the first control focused is a button (no phone keyboard opens); no element covers another's tap target."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT, clear_storage, play_on, set_up, wait_for
from playwright.sync_api import expect

from pyrules import share
from pyrules.i18n import LANGUAGES, LOCALES
from pyrules.systems import SYSTEMS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SIZES = [(390, 844), (360, 740)]
BOOKS = ["lone-wolf-two-enemies", "grey-star-staff", "freeway-warrior-hunting-knife", "fighting-fantasy-three-at-once",
         "citadel-plain"]  # fmt: skip

# What must be on screen, by kind: the two sides and the primary control (CSS selectors, each must match).
MUST_SEE = {
    "crt": ["#hero-status", "#enemy-status", ".rnt-grid"],
    "ff": ["#hero-card", "#enemy-status .fighter", "#fight-round"],
    "citadel": ["#cob-board .board-row.monsters", "#cob-board .board-row.party"],
}

# The boxes of the first element matching each selector, and the top of the odds' summary bar (sticky at the bottom).
BOXES_JS = """(selectors) => {
  const odds = document.getElementById("odds").getBoundingClientRect();
  const bar = odds.top < innerHeight ? odds.top : innerHeight;
  return { bar, boxes: selectors.map((s) => {
    const e = document.querySelector(s);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return { selector: s, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  }) };
}"""


# The width of every visible field one types in or picks from (a field squeezed by its label cannot be tapped).
FIELDS_JS = """() => [...document.querySelectorAll("#fight input:not([type=checkbox], [type=radio]), #fight select")]
  .filter((e) => e.offsetParent !== null).map((e) => ({ id: e.id, width: e.getBoundingClientRect().width }))"""


def on_screen(page, kind):
    width = page.viewport_size["width"]
    seen = page.evaluate(BOXES_JS, MUST_SEE[kind])
    assert seen["bar"] > page.viewport_size["height"] * 0.8, seen  # the summary bar is one line
    for box in seen["boxes"]:
        assert box is not None, seen
        assert box["top"] >= 0 and box["bottom"] <= seen["bar"] and box["left"] >= 0 and box["right"] <= width, box
    fields = page.evaluate(FIELDS_JS)
    assert fields or kind != "crt", "no field of the fight seen"  # the typed number's, at least
    for field in fields:
        assert field["width"] >= 44, field  # 2.75rem: two digits and a thumb


def said(lang, english):
    """A text of the page in one language (its page.json, or the rules' catalog for the words the rules say)."""
    if lang == "en":
        return english
    page, rules = (json.loads((Path(LOCALES) / lang / name).read_text(encoding="utf-8"))
                   for name in ("page.json", "rules.json"))  # fmt: skip
    return page[english] if english in page else rules[english]


def kind_of(record):
    return SYSTEMS[record["system"]].kind  # the registry's: which screen module draws it


def saved_record(name):
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))["save"]["record"]


def fixture(name):
    return {**saved_record(name), "actions": []}


@pytest.fixture(scope="module")
def phones(browser):
    """A phone for each size and language, kept for the module: after its first page the app starts from its cache,
    as on a player's phone (these tests are about the screen, not a first visit)."""
    made: dict[tuple[int, int, str], object] = {}
    yield made
    for context in made.values():
        context.close()


@pytest.fixture
def phone(phones, browser, base_url):
    """Opens a page on the phone of a size and language; the phone's saved data cleared after the test."""
    pages = []

    def open_page(width, height, lang="en"):
        key = (width, height, lang)
        if key not in phones:
            phones[key] = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                              is_mobile=True, locale={"en": "en-GB"}.get(lang, lang))
        page = phones[key].new_page()
        pages.append((phones[key], page))
        return page

    yield open_page
    for context, page in pages:
        clear_storage(context, base_url, page)
        page.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("book", BOOKS)
def test_a_fight_opened_from_a_link_shows_both_sides_and_the_primary_action(phone, base_url, book, size, lang):
    page = phone(*size, lang)
    record = fixture(book)
    page.goto(base_url + "#f=" + share.encode(record))
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    expect(page.locator("#fight-heading")).to_contain_text(said(lang, "{hero} vs {enemies}").split("{enemies}")[0]
                                                           .replace("{hero}", "").strip())
    # Once the odds are said (the summary bar's words are then at their longest).
    preparing = said(lang, "The odds are being prepared…")
    expect(page.locator("#odds-status")).not_to_have_text(re.compile(f"^({re.escape(preparing)})?$"),
                                                          timeout=BOOT_TIMEOUT)
    if page.locator("#willpower").is_visible():  # and Grey Star's advised spend, said beside its field
        expect(page.locator("#willpower-advised")).not_to_be_empty(timeout=BOOT_TIMEOUT)
    on_screen(page, kind_of(record))
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_start_fight_brings_the_fight_into_view_and_focuses_a_button(phone, base_url, size):
    page = phone(*size)
    page.goto(base_url)
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
    set_up(page, "Grey Star the Wizard", {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 20},
           [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 30}],
           {"Evasion allowed after round": 2})  # fmt: skip
    on_screen(page, "crt")
    focused = page.evaluate("[document.activeElement.tagName, document.activeElement.className]")
    assert focused == ["BUTTON", "rnt-cell face-down"], focused  # a square of the table: no keyboard opens


def test_start_fight_in_the_braslavsky_book_focuses_the_round(phone, base_url):
    page = phone(360, 740)
    page.goto(base_url)
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
    set_up(page, "Dungeons of the Black Castle", {"SKILL": 10, "STAMINA": 18, "LUCK": 9},
           [{"Enemy name": "Goblin", "Enemy SKILL": 5, "Enemy STAMINA": 5},
            {"Enemy name": "Orc", "Enemy SKILL": 7, "Enemy STAMINA": 8}])  # fmt: skip
    on_screen(page, "ff")
    expect(page.get_by_role("button", name="Fight round")).to_be_focused()


# Every visible button of the fight screen, brought into view, takes a tap at its centre: no other element lies on it.
HIT_TEST_JS = """async (selector) => {
  const covered = [];
  const buttons = [...document.querySelectorAll(selector)].filter((b) => b.offsetParent !== null);
  for (const button of buttons) {
    button.scrollIntoView({ block: "center" });
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const r = button.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === button || button.contains(hit))) {
      const name = button.id || button.className || button.textContent;
      covered.push(`${name}: under ${hit?.id || hit?.className || hit?.tagName}`);
    }
  }
  return { count: buttons.length, covered };
}"""


@pytest.mark.parametrize("book", ["grey-star-staff", "fighting-fantasy-three-at-once", "citadel-plain"])
def test_no_element_covers_a_buttons_tap_target(phone, base_url, book):
    page = phone(390, 844)
    page.goto(base_url + "#f=" + share.encode(fixture(book)))
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    page.wait_for_timeout(1000)  # the odds drawn
    result = page.evaluate(HIT_TEST_JS, "#fight button, #odds button")
    assert result["count"] >= 8 and result["covered"] == [], result
    # The odds' panel opened (it rises over the fight from its line, until closed): its buttons too ("Show the
    # trade-off" under the Keep WILLPOWER box, once).
    page.locator("#odds-toggle").click()
    result = page.evaluate(HIT_TEST_JS, "#odds button")
    assert result["count"] >= 1 and result["covered"] == [], result


@pytest.mark.parametrize("book", ["lone-wolf-two-enemies", "fighting-fantasy-three-at-once"])
def test_both_sides_numbers_stay_in_view_while_the_log_is_read(phone, base_url, book):
    page = phone(390, 844)
    save = json.loads((FIXTURES / f"{book}.json").read_text(encoding="utf-8"))["save"]
    # the player's own fight, open (a friend's is read from its story, above its cards)
    page.add_init_script(f"localStorage.setItem('pyrules:fight:{save['id']}', {json.dumps(json.dumps(save))});"
                         f" localStorage.setItem('pyrules:current', {json.dumps(save['id'])});")
    page.goto(base_url)
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    page.evaluate("window.scrollTo(0, 0)")
    strip = page.locator("#fight-strip")
    expect(strip).to_be_hidden()  # the cards are in view: the strip would only repeat them
    hero = page.locator("#hero-status .bar-text").first.inner_text().split(" ")  # "ENDURANCE 23 / 28 −2"
    page.locator("#fight-bottom, .crt-log, .ff-log-box").last.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(strip).to_be_visible()
    assert strip.bounding_box()["y"] == 0
    expect(strip).to_contain_text(f"{hero[0]}: ")
    expect(strip).to_contain_text(f" {hero[1]} / {hero[3]}")  # the hero's points now, of the starting ones
    page.evaluate("window.scrollTo(0, 0)")
    expect(strip).to_be_hidden()


# Where a result line is, against the viewport and the odds' summary bar (sticky at the bottom of a phone's screen).
RESULT_JS = """(id) => {
  const e = document.getElementById(id);
  const r = e.getBoundingClientRect();
  const odds = document.getElementById("odds").getBoundingClientRect();
  return { text: e.hidden ? "" : e.textContent, top: r.top, bottom: r.bottom, height: r.height,
           bar: odds.top < innerHeight ? odds.top : innerHeight, scroll: scrollY };
}"""


# Scrolls the page so that the control sits at the foot of the screen, just above the odds' summary bar: where a
# result drawn under it would be out of view.
AT_THE_FOOT_JS = """(control) => {
  const odds = document.getElementById("odds").getBoundingClientRect();
  const bar = odds.top < innerHeight ? odds.top : innerHeight;
  scrollBy(0, control.getBoundingClientRect().bottom - bar + 2);
}"""


def tapped_and_seen(page, control, result_id):
    """Taps `control` at the foot of the screen, and gives the result line's words once shown, checking they are
    within the viewport, above the odds' bar, with no scrolling by the player."""
    control.scroll_into_view_if_needed()
    control.evaluate(AT_THE_FOOT_JS)
    control.tap()
    expect(page.locator(f"#{result_id}")).to_be_visible()
    wait_for(page, lambda: (lambda s: s["top"] >= 0 and s["bottom"] <= s["bar"])(page.evaluate(RESULT_JS, result_id)),
             f"#{result_id} within the viewport, above the odds' summary")
    seen = page.evaluate(RESULT_JS, result_id)
    assert seen["height"] > 0, seen
    return seen["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_luck_tests_verdict_is_in_view_of_its_button(phone, base_url, lang):
    """After Test your luck on a wound, at 390×844: the verdict (the dice, lucky or unlucky, LUCK now), the log's words,
    beside the button, not only in the log screens below."""
    page = phone(390, 844, lang)
    record = saved_record("fighting-fantasy-three-at-once")
    assert record["actions"][7]["do"] == "luck"  # after two rounds a wound may be tested
    page.goto(base_url + "#f=" + share.encode({**record, "actions": record["actions"][:7]}))
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    expect(page.locator("#ff-result")).to_be_hidden()  # opened: no result of this screen's yet
    page.locator(".ff-die-entry input").first.fill("3 3")  # the dice rolled at the table: 6, not above LUCK
    text = tapped_and_seen(page, page.locator("#test-luck"), "ff-result")
    lucky = said(lang, "{dice} = {total}, not above LUCK {luck}: lucky!").rsplit(": ", 1)[1]
    assert lucky in text, text
    expect(page.locator("#ff-log > li").last).to_have_text(text)  # the log's newest card (first on screen) too
    page.get_by_role("button", name=said(lang, "Undo"), exact=True).click()
    expect(page.locator("#ff-result")).to_be_hidden()  # undone: its result goes with it


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_monster_attacks_words_are_in_view_of_the_board(phone, base_url, lang):
    """After Monster attack in Citadel of Blood, at 390×844: who struck whom and the wounds, under the board, in view;
    the bars alone said nothing."""
    page = phone(390, 844, lang)
    record = saved_record("citadel-plain")
    assert [a["do"] for a in record["actions"][:3]] == ["attack", "hold", "monster"]
    page.goto(base_url + "#f=" + share.encode({**record, "actions": record["actions"][:2]}))
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    attack = page.locator('button[data-cob="monster"]')
    expect(attack).to_be_visible()
    verb = attack.inner_text()
    text = tapped_and_seen(page, attack, "cob-result")
    assert text.startswith(verb), text  # the move, in the button's words
    names = [unit["name"] for unit in record["hero"]["party"]]
    assert any(name in text for name in names), text  # whom the monster struck
    expect(page.locator("#cob-log > li").first).to_contain_text(text.split(": ", 1)[1].split(",")[0])


def test_citadels_screen_at_390_px_reads_as_the_players_see_it(phone, base_url):
    """A finished Citadel fight at 390×844: each bar's "4 / 4" on one line, a monster's death in the colour of good
    news, no empty "Or type the dice you rolled" box; and the set-up's table 9.9 without a sideways scroll, credited to
    its fans' transcription in a player's words."""
    page = phone(390, 844)
    record = saved_record("citadel-plain")
    page.goto(base_url + "#f=" + share.encode(record))
    expect(page.locator("#outcome")).to_contain_text("Victory", timeout=BOOT_TIMEOUT)
    numbers = page.locator("#cob-board .bar-numbers")
    assert numbers.count() >= 2  # the party standing
    assert numbers.evaluate_all("(all) => all.map((e) => e.getClientRects().length)") == [1] * numbers.count()
    expect(page.locator("#cob-board ~ .typed-number, .typed-number.dice")).to_be_hidden()  # no die to type: over
    killed = page.locator("#cob-log .killed")
    expect(killed.first).to_be_attached()
    good, bad = page.evaluate("""() => ['--good', '--bad'].map((v) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${v})`;
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    })""")
    colours = killed.evaluate_all("(all) => all.map((e) => [e.classList.contains('won'), getComputedStyle(e).color])")
    assert colours and all(colour == (good if won else bad) for won, colour in colours), (colours, good, bad)
    assert any(won for won, _ in colours)  # the Orcs died: good news, in green

    page.goto(base_url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
    page.locator('#books input[value="citadel-of-blood"]').check()
    page.locator("#cob-table-box > summary").click()
    scroll = page.locator("#cob-table-box .table-scroll")
    expect(scroll).to_be_visible()
    assert scroll.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "table 9.9 scrolls sideways"
    expect(page.locator("#cob-table-source")).to_have_text(
        "Not checked against the printed game; transcribed by fans: FoolAntony/CoB.")


# The Random Number Table's first row against what covers the screen: the strip of both sides' numbers at its top
# (its bottom; 0 while it is hidden) and the odds' summary bar at its foot.
FIRST_ROW_JS = """() => {
  const strip = document.getElementById("fight-strip");
  const odds = document.getElementById("odds").getBoundingClientRect();
  const row = document.querySelector(".rnt-grid button").getBoundingClientRect();
  return { under: strip.hidden ? 0 : strip.getBoundingClientRect().bottom, top: row.top, bottom: row.bottom,
           bar: odds.top < innerHeight ? odds.top : innerHeight };
}"""


def first_row_seen(page, after):
    """Waits until the table's first row is wholly in view: below the strip, above the odds' bar."""
    wait_for(page, lambda: (lambda s: s["top"] >= s["under"] and s["bottom"] <= s["bar"])(page.evaluate(FIRST_ROW_JS)),
             f"the table's first row in view after {after}: {page.evaluate(FIRST_ROW_JS)}")


def acted(page, control, after):
    """Taps `control`, and waits for the action's card in the log and the table's first row in view."""
    cards = page.locator("#log > li")
    before = cards.count()
    control.tap()
    expect(cards).to_have_count(before + 1)
    first_row_seen(page, after)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tables_first_row_comes_out_from_under_the_strip_after_vigour_and_each_round(phone, base_url, lang):
    """At 390×844, the page scrolled until the table's first row lies under the strip at the screen's top (two lines
    in Russian): after Cast Vigour and after each round the whole first row is in view again, and Vigour's card names
    the statistic it raised."""
    page = phone(390, 844, lang)
    page.goto(base_url + "#f=" + share.encode(fixture("lone-wolf-two-enemies")))
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    squares = page.locator(".rnt-grid button")
    for step, control in enumerate([page.locator("#vigour"), squares.nth(6), squares.nth(8)]):
        page.evaluate("() => scrollBy(0, document.querySelector('.rnt-grid button').getBoundingClientRect().top - 10)")
        expect(page.locator("#fight-strip")).to_be_visible()
        assert page.evaluate(FIRST_ROW_JS)["top"] < page.evaluate(FIRST_ROW_JS)["under"]  # under the strip now
        acted(page, control, "Vigour" if step == 0 else f"round {step}")
    vigour = page.locator("#log > li").first
    expect(vigour).to_contain_text(said(lang, "Vigour"))
    expect(vigour).to_contain_text(f"{said(lang, 'COMBAT SKILL')} ")  # "COMBAT SKILL 18 for this fight", not "18"


def test_a_phone_held_sideways_keeps_the_table_in_reach(phone, base_url):
    """At 844×390 the header and the odds' bar take one line each, under a third of the height between them; after
    Start fight the table's first row is in view, and again after a round played from a control below it."""
    page = phone(844, 390)
    page.goto(base_url)
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
    set_up(page, "Grey Star the Wizard", {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 20},
           [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 30}],
           {"Evasion allowed after round": 0})  # fmt: skip
    taken = page.evaluate("() => document.querySelector('.top').offsetHeight"
                          " + document.getElementById('odds').offsetHeight")
    assert taken <= 390 * 0.3, taken
    first_row_seen(page, "Start fight")
    page.get_by_label("Random number", exact=True).fill("4")
    acted(page, page.get_by_role("button", name="Fight round"), "a round fought from the typed number")
