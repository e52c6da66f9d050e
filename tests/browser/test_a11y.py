"""Accessibility as a test: axe-core (the npm package, injected into the page) finds no violation on any
screen, the set-up and a fight of every system of the registry, in every language, at a desktop and a phone width, in
the light and the dark colour scheme (its contrasts too); at the phone width nothing scrolls sideways; every visible
target is at least 24×24 CSS px or spaced as WCAG 2.2 2.5.8 allows.

The page is one document: the set-up shows the saved fights (given one of every book, saved by today's version) and a
fight's screen the odds panel, so those are audited with them. Every book's set-up is audited on one page of its
language, width and scheme, as a player switches books on it. The systems come from the built page's `#systems-data`
(what the registry gave the build), and each one's fight from its first fixture in tests/fixtures, cut after its first
round and opened from a share link."""

from __future__ import annotations

import html
import json
import re

import pytest
from conftest import BOOT_TIMEOUT, DIST, ROOT, play_on
from playwright.sync_api import expect

from pyrules import RecordError, share
from pyrules.fight import system_of
from pyrules.i18n import LANGUAGES

AXE = ROOT / "build" / "node-tools" / "node_modules" / "axe-core" / "axe.min.js"
FIXTURES = sorted((ROOT / "tests" / "fixtures").glob("*.json"))
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 360, "height": 740}}
LOCALES = {code: "en-GB" if code == "en" else code for code in LANGUAGES}  # every language the app has
SCHEMES = ("light", "dark")  # prefers-color-scheme: style.css's colours, and their dark twins


def registry_systems() -> list[str]:
    """The systems' keys as the built page lists them."""
    index = DIST / "index.html"
    if not index.exists():
        return ["(no dist/: run python3 build.py)"]
    found = re.search(r'<script type="application/json" id="systems-data">(.*?)</script>', index.read_text(), re.S)
    assert found, "dist/index.html has no #systems-data"
    return list(json.loads(html.unescape(found.group(1)))["en"]["systems"])


def fixture_save(system: str) -> dict:
    """The saved fight (as today's version keeps it in the browser) of the first fixture that plays `system`."""
    for path in FIXTURES:
        save = json.loads(path.read_text(encoding="utf-8"))["save"]
        if save["record"]["system"] == system:
            return save
    raise AssertionError(f"no fixture in tests/fixtures plays {system}: add one (tests/fixtures/make_fixtures.py)")


def first_round(system: str) -> dict:
    """A fight record of `system` cut after its first action."""
    record = fixture_save(system)["record"]
    return {**record, "actions": record["actions"][:1]}


# Every visible target a player can press or type into, measured in the page: its accessible name (axe's own
# computation), its box, and whether it passes WCAG 2.2 2.5.8 — 24×24 px, or a 24 px circle centred on it that meets
# no other target and no other undersized target's circle. Visually hidden controls (1 px, their label is the target)
# and links inside a sentence (the inline exception) are left out.
TARGETS_JS = """() => {
  axe.setup();
  const controls = [...document.querySelectorAll(
    'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button]')];
  const labels = controls.filter((el) => el.matches('[type=checkbox], [type=radio]')).flatMap((el) => [...el.labels]);
  const seen = [...new Set([...controls, ...labels])].filter((el) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || !el.checkVisibility({visibilityProperty: true})) return false;
    if (el.matches('a') && el.closest('p, li') && !el.closest('p, li').matches(':has(> a:only-child)')) return false;
    return true;
  }).map((el) => {
    const box = el.getBoundingClientRect();
    const name = (axe.commons.text.accessibleText(el) || el.textContent || '').trim().replace(/\\s+/g, ' ');
    const what = el.tagName.toLowerCase() + (el.type ? `[${el.type}]` : '') + (el.id ? `#${el.id}` : '');
    return {name, what, x: box.x + box.width / 2, y: box.y + box.height / 2, box,
            small: box.width < 23.5 || box.height < 23.5};
  });
  const meets = (circle, box) => {
    const dx = Math.max(box.left - circle.x, 0, circle.x - box.right);
    const dy = Math.max(box.top - circle.y, 0, circle.y - box.bottom);
    return dx * dx + dy * dy < 144;
  };
  axe.teardown();
  return seen.filter((a) => a.small && seen.some((b) => b !== a && (meets(a, b.box)
      || (b.small && (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < 576))))
    .map((a) => `${a.name || '(no name)'} (${a.what}): ${Math.round(a.box.width)}×${Math.round(a.box.height)} px`);
}"""


@pytest.fixture(
    scope="module",
    params=[(lang, width, scheme) for lang in LOCALES for width in WIDTHS for scheme in SCHEMES],
    ids="-".join,
)
def screen(request, browser, base_url):
    """A browser context in one language at one width in one colour scheme (a page per test, fresh storage per
    context); the test sees the language and the width."""
    lang, width, scheme = request.param
    context = browser.new_context(viewport=WIDTHS[width], locale=LOCALES[lang], color_scheme=scheme)
    yield context, lang, width
    context.close()


def opened(context, url, lang):
    page = context.new_page()
    problems = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(url)
    ready(page, lang)
    return page, problems


def ready(page, lang):
    """The page started in `lang`, with axe-core in it."""
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.evaluate(AXE.read_text(encoding="utf-8"))  # evaluated, not a <script>: the page's CSP allows no inline script


def audit(page, width) -> list[str]:
    """What is wrong on the page as it shows now, in words."""
    page.evaluate("() => document.fonts.ready")
    # target-size (WCAG 2.2 2.5.8) explicitly: it also finds a control partly covered by another (a sticky bar)
    report = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations'], rules: {'target-size': {enabled: true}}})"
    )
    found = []
    for violation in report["violations"]:
        for node in violation["nodes"]:
            where = " ".join(" > ".join(part) if isinstance(part, list) else part for part in node["target"])
            why = " ".join(node.get("failureSummary", "").split())
            found.append(f"axe {violation['id']} ({violation['impact']}): {violation['help']} at {where}: {why}")
    found += [f"target under 24 px: {offender}" for offender in page.evaluate(TARGETS_JS)]
    if width == "phone":
        sizes = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        scroll, client = page.evaluate(sizes)
        if scroll > client:
            found.append(f"the page scrolls sideways: {scroll} px of content in {client} px")
    return found


def assert_clean(found, what):
    assert not found, f"{what}: {len(found)} problem(s)\n  " + "\n  ".join(found)


@pytest.fixture(scope="module")
def set_up_page(screen, base_url):
    """The set-up in the screen's language, width and scheme, with a saved fight of every book beside it (the saved
    fights list shows them): one page for every book's set-up, as a player switches books on it. Its problems are
    checked once its last book is audited."""
    context, lang, _ = screen
    page, problems = opened(context, base_url, lang)
    saves = [fixture_save(system) for system in registry_systems()]
    page.evaluate("(saves) => saves.forEach((save) => localStorage.setItem(`pyrules:fight:${save.id}`, "
                  "JSON.stringify(save)))", saves)  # fmt: skip
    page.reload()  # the saved fights list shows them beside the set-up
    ready(page, lang)
    expect(page.locator("#save-list li").first).to_be_visible()
    assert page.locator("#save-list li").count() >= len(saves)  # each book's fight listed
    yield page
    assert problems == []
    page.close()


@pytest.mark.parametrize("system", registry_systems())
def test_the_set_up_of_each_book_has_no_accessibility_violation(screen, set_up_page, system):
    _, lang, width = screen
    page = set_up_page
    page.locator(f'#books input[value="{system}"]').check()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator(f'#books input[value="{system}"]')).to_be_checked()
    if has_chart(system):  # its Action Chart, drawn once its screen's file has come, is audited with it
        expect(page.locator("#action-chart h3").first).to_be_visible(timeout=BOOT_TIMEOUT)
    else:
        expect(page.locator("#action-chart")).to_be_hidden()
    assert_clean(audit(page, width), f"the set-up of {system} ({lang}, {width})")


def has_chart(key: str) -> bool:
    """Whether the book keeps an Action Chart between sections (its rules declare its sheet)."""
    try:
        system_of(key).sheet()
    except RecordError:
        return False
    return True


@pytest.mark.parametrize("system", registry_systems())
def test_a_fight_of_each_book_after_one_round_has_no_accessibility_violation(screen, base_url, system):
    context, lang, width = screen
    page, problems = opened(context, base_url + "#f=" + share.encode(first_round(system)), lang)
    expect(page.locator("#fight")).to_be_visible()
    assert_clean(audit(page, width), f"a fight of {system} after one round, its story read ({lang}, {width})")
    play_on(page)  # the fight's controls and the odds' panel, as the one who plays on sees them
    expect(page.locator("#fight-controls")).to_be_visible()
    expect(page.locator("#odds")).to_be_visible()
    # audited in the page's flow: the sticky strip and odds summary cover whatever a scroll brings under them (at one
    # scroll or another a control lies half under one: by design, a scroll away), so they are laid in the flow too
    # for this audit, each of their own controls audited there
    page.evaluate("""() => { for (const e of document.querySelectorAll('body *')) {
      if (['sticky', 'fixed'].includes(getComputedStyle(e).position)) e.style.position = 'static'; } }""")
    page.evaluate("window.scrollTo(0, 0)")
    assert_clean(audit(page, width), f"a fight of {system} after one round, played on ({lang}, {width})")
    assert problems == []
    page.close()


def test_a_won_fight_with_its_fallen_foe_has_no_accessibility_violation(screen, base_url):
    """A fight to its end, as a friend opens it: the fallen foe's card (drawn apart from the living) is read too."""
    from test_story import record  # Banedon's fight won against Gourgaz

    context, lang, width = screen
    page, problems = opened(context, base_url + "#f=" + share.encode(record()), lang)
    expect(page.locator("#story-summary")).not_to_be_empty(timeout=BOOT_TIMEOUT)
    expect(page.locator(".fighter.dead")).to_have_count(1)
    assert_clean(audit(page, width), f"a won fight ({lang}, {width})")
    assert problems == []
    page.close()


def test_a_shared_adventure_has_no_accessibility_violation(screen, base_url):
    """A shared adventure's overview (three Lone Wolf fights), as a friend opens it: in every language, at both
    widths."""
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "unit"))
    from test_adventure_link import lone_wolf

    context, lang, width = screen
    document = lone_wolf()
    document["fights"] = document["fights"][:3]
    page, problems = opened(context, base_url + "#a=" + share.encode(document), lang)
    expect(page.locator("#friend-fights li")).to_have_count(3)
    assert_clean(audit(page, width), f"a shared adventure ({lang}, {width})")
    assert problems == []
    page.close()


def test_a_shared_fights_preview_has_no_accessibility_violation(screen, base_url):
    """A share link's preview, as a friend sees it before the rules have loaded (here they never do: their worker's
    file is refused): the story drawn from the link, in every language, at both widths, in both schemes."""
    import json

    from pyrules import api

    context, lang, width = screen
    record = first_round("fighting-fantasy")
    session = json.loads(api.call(json.dumps({"op": "restore", "record": record})))["session"]
    code = json.loads(api.call(json.dumps({"op": "share", "session": session})))["code"]
    context.route("**/worker.js", lambda route: route.abort())
    page = context.new_page()
    page.goto(base_url + "#f=" + code)
    expect(page.locator("#story-summary")).not_to_be_empty()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.evaluate(AXE.read_text(encoding="utf-8"))
    assert_clean(audit(page, width), f"a shared fight's preview ({lang}, {width})")
    page.close()
    context.unroute("**/worker.js")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_dark_scheme_is_the_one_drawn_when_the_browser_asks_for_it(browser, base_url, scheme):
    """The schemes' audits above audit two different pages: under color_scheme="dark" the page, its cards, its
    fields and its header are drawn dark with light text, under "light" the other way round (a dark block that no
    longer applies would leave both audits looking at the light page)."""
    context = browser.new_context(viewport=WIDTHS["phone"], locale="en-GB", color_scheme=scheme)
    page, problems = opened(context, base_url, "en")
    luminance = """(el) => {
      const lum = (css) => {
        const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map((c) => {
          const v = Number(c) / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const style = getComputedStyle(el);
      return [lum(style.backgroundColor), lum(style.color), style.colorScheme];
    }"""
    parts = {"html": "html", "card": "#setup", "field": "#setup input[inputmode]", "header": ".top"}
    drawn = {what: page.locator(where).first.evaluate(luminance) for what, where in parts.items()}
    for what, (background, text, _) in drawn.items():
        if scheme == "dark":
            assert background < 0.05 < 0.5 < text, f"{what} is not dark with light text: {background:.3f}, {text:.3f}"
        else:
            assert text < 0.05 < 0.5 < background, f"{what} is not light with dark text: {background:.3f}, {text:.3f}"
    assert drawn["html"][2] == "light dark"  # form controls and scroll bars follow the scheme
    assert problems == []
    context.close()


def test_the_target_check_reports_crowded_13_px_check_boxes_and_spares_a_spaced_one(page):
    """The measurement itself: two 13 px check boxes side by side fail 2.5.8 and are named; one with 24 px of room
    around it passes by the spacing exception."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    page.evaluate("""() => {
      const box = (name) => Object.assign(document.createElement('input'), {type: 'checkbox', ariaLabel: name});
      const crowded = document.createElement('p');
      crowded.append(box('Tiny one'), box('Tiny two'));
      const spaced = document.createElement('p');
      spaced.append(box('Spaced'));
      document.querySelector('#setup').prepend(crowded, spaced);
      for (const input of document.querySelectorAll('#setup > p > input')) {
        Object.assign(input.style, {width: '13px', height: '13px', margin: '0 2px'});
      }
      spaced.style.margin = '30px';
    }""")
    offenders = page.evaluate(TARGETS_JS)
    assert [o for o in offenders if o.startswith("Tiny")] == [
        "Tiny one (input[checkbox]): 13×13 px",
        "Tiny two (input[checkbox]): 13×13 px",
    ]
    assert not [o for o in offenders if o.startswith("Spaced")]


def shown(locator) -> int:
    """How many of the elements are drawn visible, bigger than the 1 px of text kept for screen readers only."""
    return locator.evaluate_all(
        "(nodes) => nodes.filter((n) => n.getBoundingClientRect().width > 1"
        " && n.checkVisibility({visibilityProperty: true})).length"
    )


def test_a_refusal_is_shown_once_beside_its_field_and_goes_when_the_field_is_edited(page):
    """Errors appeared twice (in the box and again beside the field) and stayed after the next action. Now
    the alert box (what screen readers hear) is not shown when the refusal is shown beside its field."""
    page.get_by_role("radio", name="Freeway Warrior").check()
    field = page.get_by_label("CLOSE COMBAT SKILL", exact=True)
    field.fill("1x")
    page.get_by_label("ENDURANCE", exact=True).fill("20")
    group = page.get_by_role("group", name="Enemy 1")
    group.get_by_label("Enemy CLOSE COMBAT SKILL").fill("15")
    group.get_by_label("Enemy ENDURANCE").fill("20")
    page.get_by_role("button", name="Start fight").click()
    message = "must be a whole number from 0 to 99, not '1x'"
    expect(page.get_by_role("alert").filter(has_text="not '1x'")).to_have_text(f"CLOSE COMBAT SKILL: {message}")
    expect(page.locator(".field-error")).to_have_text(message)
    setup = page.locator("#setup")  # the odds' panel says it too, as why it has no odds: its own line, its own time
    assert shown(setup.get_by_text(message)) == 1
    expect(page.locator("#odds-status")).to_have_text(f"To see the odds, correct CLOSE COMBAT SKILL: {message}")
    expect(field).to_be_focused()
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description(message)
    field.fill("17")
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description("")
    expect(page.locator(".field-error")).to_be_hidden()  # its place kept until the next Start: nothing moves
    assert shown(setup.get_by_text(message)) == 0
    expect(page.locator("#odds-status")).not_to_contain_text(message)
