"""Browser tests: the built site (dist/) served like production, driven by Playwright in Debian's Chromium."""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools import environment  # noqa: E402
from tools.server import make_server  # noqa: E402

CHROMIUM = environment.CHROMIUM
DIST = Path(os.environ.get("PYRULES_DIST", ROOT / "dist"))
CHROMIUM_ARGS = environment.CHROMIUM_ARGS
BOOT_TIMEOUT = 120_000  # ms: Pyodide's first start on a slow, shared machine

expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def base_url():
    if not (DIST / "index.html").exists():
        pytest.fail(f"no built site in {DIST}: run `python3 build.py` first (build.py test does)")
    server = make_server(DIST)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright():
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def context(browser):
    """A fresh profile: nothing stored, nothing cached, a service worker that installs."""
    context = browser.new_context(viewport=VIEWPORT)
    yield context
    context.close()


VIEWPORT = {"width": 1200, "height": 900}


@pytest.fixture(scope="session")
def warm_context(browser, base_url):
    """One profile for the tests that are not about a first visit: its first page downloads the runtime and the
    start-up snapshot; every later page starts from the browser's HTTP cache (a second visit), with the saved data
    cleared. No service worker, so that every request is the test server's and each test's routes see it."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    page = context.new_page()
    page.goto(base_url)
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
    clear_storage(context, base_url, page)
    page.close()
    yield context
    context.close()


def watch(page):
    """The page's console errors and page errors from now on, as they come; and the call that stops listening."""
    problems: list[str] = []

    def console(message):
        if message.type == "error":
            problems.append(f"console {message.type}: {message.text}")

    def error(exception):
        problems.append(f"page error: {exception}")

    page.on("console", console)
    page.on("pageerror", error)
    return problems, lambda: (page.remove_listener("console", console), page.remove_listener("pageerror", error))


def _open(context, url):
    """The app in a new page of `context`, loaded and ready to fight; console errors and page errors are collected."""
    page = context.new_page()
    problems, _ = watch(page)
    page.goto(url)
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
    return page, problems


# The page's saved entries (web/base/storage.js: IndexedDB "pyrules", its store "entries", key → text), opened without
# making the database where the page has not made it yet.
_ENTRIES = """(use) => new Promise((resolve) => {
  const opening = indexedDB.open("pyrules");
  opening.onupgradeneeded = () => opening.transaction.abort();
  opening.onerror = () => resolve(null);
  opening.onsuccess = () => {
    const db = opening.result;
    if (!db.objectStoreNames.contains("entries")) { db.close(); return resolve(null); }
    const transaction = db.transaction("entries", "readwrite");
    const result = use(transaction.objectStore("entries"));
    transaction.oncomplete = transaction.onabort = () => { db.close(); resolve(result); };
  };
})"""
# Every saved entry whose key starts with the prefix, {key: text} ({} before the page has stored anything).
STORED_JS = f"""async (prefix) => {{
  const found = {{}};
  await ({_ENTRIES})((store) => {{
    const keys = store.getAllKeys(), values = store.getAll();
    values.onsuccess = () => keys.result.forEach((key, i) => {{
      if (key.startsWith(prefix)) found[key] = values.result[i];
    }});
  }});
  return found;
}}"""
CLEAR = f"""async () => {{
  localStorage.clear();
  sessionStorage.clear();
  await ({_ENTRIES})((store) => store.clear());
  return true;
}}"""


def stored(page, prefix: str = "") -> dict[str, str]:
    """The page's saved entries under `prefix` (web/base/storage.js), as their texts by key."""
    return page.evaluate(STORED_JS, prefix)


def stored_fights(page) -> list[dict]:
    """The saved fights as stored, parsed."""
    return [json.loads(text) for text in stored(page, "pyrules:fight:").values()]


def wait_for(page, check, what: str, timeout: int = 15_000) -> None:
    """Polls `check()` (Python, through the page) until it is true."""
    for _ in range(timeout // 100):
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"timed out waiting for {what}")


def current_fight(page) -> dict | None:
    """The fight the next visit opens (pyrules:current), as stored, parsed; None before it is kept."""
    entries = stored(page, "pyrules:")
    text = entries.get("pyrules:fight:" + entries.get("pyrules:current", ""))
    return json.loads(text) if text else None


def clear_storage(context, base_url, page=None) -> None:
    """The warm profile's saved data cleared: through `page` when it is still on the site,
    else through a page of the site's origin that does not start the app."""
    if page is not None and not page.is_closed() and page.url.startswith(base_url):
        try:
            page.evaluate(CLEAR)
            return
        except Exception:  # noqa: BLE001 (a page that crashed or navigated: clear it the other way)
            pass
    blank = context.new_page()
    blank.goto(base_url + "manifest.webmanifest")
    blank.evaluate(CLEAR)
    blank.close()


@pytest.fixture(scope="session")
def _tabs(warm_context):
    """The warm profile's tab that each test asking for `page` loads again; a new one once a test has closed it or
    its renderer has crashed."""
    tabs: list = []
    yield tabs
    for tab in tabs:
        if not tab.is_closed():
            tab.close()


def _tab(context, tabs):
    if not tabs or tabs[-1].is_closed() or getattr(tabs[-1], "crashed", False):
        tab = context.new_page()
        tab.on("crash", lambda crashed: setattr(crashed, "crashed", True))
        tabs.append(tab)
    return tabs[-1]


@pytest.fixture
def page(warm_context, base_url, _tabs):
    """The app as on a second visit with nothing saved: the runtime and the snapshot from the HTTP cache, storage
    empty (cleared after each test). Console errors and page errors fail the test.

    Each test loads the app again in the same tab, not in a new one: a new tab starts a new renderer process, which
    compiles the runtime's code afresh too (a warm start measured 1.0 CPU-s in the same tab, 2.0 in a new one). What
    a test leaves on the tab is undone after it: its listeners, its routes, its viewport."""
    tab = _tab(warm_context, _tabs)
    problems, unwatch = watch(tab)
    tab.bring_to_front()  # the tab in front: behind a page a test opened, it is hidden, its timers slowed to 1 a second
    tab.goto(base_url)  # a URL without a fragment: a new document, never a scroll within the last test's
    expect(tab.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
    yield tab
    clear_storage(warm_context, base_url, tab)
    if not tab.is_closed():
        unwatch()
        tab.unroute_all(behavior="ignoreErrors")
        tab.set_viewport_size(VIEWPORT)
    assert problems == []


@pytest.fixture
def fresh_page(context, base_url):
    """The app on a first visit, in a fresh profile (the runtime and the start-up snapshot downloaded)."""
    page, problems = _open(context, base_url)
    yield page
    assert problems == []


def log_cards(page):
    """The Lone Wolf family's combat log: one card for each event, oldest first in the page (shown newest first)."""
    return page.get_by_role("list", name="Combat log").locator("li")


def round_cards(page):
    """The cards of the rounds fought (an evasion fought as a round included) in the Lone Wolf family's log."""
    return page.get_by_role("list", name="Combat log").locator("li.fought")


# The parts of a round's card as the page names them (web/screens/screen-crt.js), in the order the tests compare them.
CARD_PARTS = (
    "round", "enemy", "ratio", "number", "enemy-loss", "hero-loss", "endurance", "enemy-endurance", "willpower",
)


def log_rows(page):
    """The round cards of the Lone Wolf family's log, each as the texts of its parts in CARD_PARTS' order: round,
    enemy, Combat Ratio, random number, enemy's loss, hero's loss, ENDURANCE after, the enemy's after (WILLPOWER
    after)."""
    return round_cards(page).evaluate_all(
        """(cards, names) => cards.map(card => names.map(name => card.querySelector(`[data-part="${name}"]`))
            .filter(part => part).map(part => part.innerText))""",
        list(CARD_PARTS),
    )


def plain_latin_words(text: str) -> set[str]:
    """The words of ``text`` made of plain Latin letters only, two or more: English left in a Russian screen (a word
    with ñ or é, as the language switch's «Español», is not)."""
    return {word for word in re.findall(r"[^\W\d_]{2,}", text) if word.isascii()}


def play_on(page):
    """A shared fight opens on its story, read-only where its book's fights are reviewed: the friend plays on. (No
    button for a book without a story, nor for a fight that is over.) Called once the fight is shown."""
    button = page.locator("#story-play")
    if button.is_visible():
        button.click()
        expect(button).to_be_hidden()


def set_up(page, system, hero, enemies, rules=None):
    """Fill the set-up form in the book's words and start the fight."""
    page.get_by_role("radio", name=system).check()
    for label, value in hero.items():
        field = page.get_by_label(label, exact=True)
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(label=value)
        else:
            field.fill(str(value))
    for i, enemy in enumerate(enemies):
        if i:
            page.get_by_role("button", name="Add another enemy").click()
        group = page.get_by_role("group", name=f"Enemy {i + 1}")
        for label, value in enemy.items():
            group.get_by_label(label, exact=True).fill(str(value))
    if rules:
        page.get_by_text("This section's combat rules").click()
        for label, value in rules.items():
            page.get_by_label(label, exact=True).fill(str(value))
    page.get_by_role("button", name="Start fight").click()
    expect(page.get_by_role("button", name="Fight round")).to_be_visible()


def fight_round(page, number=None, willpower=None, button="Fight round"):
    rows = round_cards(page)
    before = rows.count()
    if number is not None:
        page.get_by_label("Random number", exact=True).fill(str(number))
    if willpower is not None:
        page.get_by_label("WILLPOWER to spend").fill(str(willpower))
    page.get_by_role("button", name=button).click()
    expect(rows).to_have_count(before + 1)
