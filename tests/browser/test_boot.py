"""A start that can fail visibly: a failed or silent boot says why and offers Try again, which starts a
fresh rules worker with nothing stored lost; blocked storage still boots and says fights are not kept; a start-up
snapshot that is damaged, missing or too slow to come gives way to the ordinary start, and the timing marks say why; a
runtime damaged in the service worker's cache is found, downloaded again and said (offline: said, with Try again)."""

from __future__ import annotations

import gzip
import hashlib
import re

import pytest
from conftest import BOOT_TIMEOUT, DIST, fight_round, log_rows, set_up, stored_fights, wait_for
from conftest import stored as stored_entries
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

BANEDON = {"COMBAT SKILL": 15, "ENDURANCE": 40}
GIAK = [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 60}]


def open_page(context, problems):
    page = context.new_page()
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    return page


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)


def ready_and_fighting(page):
    """The rules answer: a Lone Wolf round is fought as the book says (Combat Ratio +2, number 6: Giak loses 9)."""
    wait_ready(page)
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 6)
    assert log_rows(page)[0][4] == "9"


def stored(page):
    return stored_entries(page)


def startup_alert(page):
    return page.get_by_role("alert").filter(has_text="The rules could not start")


def test_a_blocked_runtime_shows_why_and_try_again_boots_with_the_saved_fight_intact(browser, base_url):
    # No service worker: the runtime's requests go to the network, where the test blocks them.
    context = browser.new_context(service_workers="block")
    problems = []
    try:
        page = open_page(context, problems)
        page.goto(base_url)
        wait_ready(page)
        set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
        fight_round(page, 6)
        before_rows = log_rows(page)
        before = stored(page)
        assert any(key.startswith("pyrules:fight:") for key in before)

        page.route("**/*.wasm", lambda route: route.abort())
        page.reload()
        alert = startup_alert(page)
        # said at once, naming the file (worker.js's fetch), not after BOOT_SILENCE
        expect(alert).to_contain_text("pyodide.asm.wasm could not be downloaded", timeout=30_000)
        retry = page.get_by_role("button", name="Try again")
        expect(retry).to_be_visible()
        expect(page.get_by_role("button", name="Start fight")).to_be_disabled()
        assert page.evaluate("document.body.dataset.ready") is None
        box = retry.bounding_box()
        assert box and box["width"] >= 24 and box["height"] >= 24
        assert stored(page) == before

        page.unroute("**/*.wasm")
        page.evaluate("window.pyrulesBootTimeout = 60000")
        retry.focus()
        page.keyboard.press("Enter")  # keyboard-usable
        wait_ready(page)
        expect(alert).to_be_hidden()
        expect(retry).to_be_hidden()
        assert log_rows(page) == before_rows  # the fight in progress, resumed once
        fight_round(page, 4)
        assert len(log_rows(page)) == 2
        expect(page.locator("#messages")).to_be_empty()
        assert [k for k in stored(page) if k.startswith("pyrules:fight:")] == [
            k for k in before if k.startswith("pyrules:fight:")
        ]
    finally:
        context.close()
    assert problems == []


def test_a_worker_that_never_answers_ends_in_a_message_not_an_endless_wait(browser, base_url):
    context = browser.new_context(service_workers="block")
    problems = []
    try:
        page = open_page(context, problems)
        page.add_init_script("window.pyrulesBootTimeout = 2000;")  # rules.js BOOT_SILENCE, shortened
        held = []  # the first worker's download never answers, even if it asks after the silence is said
        retried = False
        page.route("**/*.wasm", lambda route: held.append(route) if not retried else route.continue_())
        page.goto(base_url)
        expect(startup_alert(page)).to_contain_text("no word from them in 2 seconds", timeout=30_000)
        expect(page.locator("#startup")).to_be_hidden()

        page.evaluate("window.pyrulesBootTimeout = 60000")
        page.get_by_role("button", name="Try again").click()  # ends the silent worker, starts a fresh one
        retried = True
        for route in held:  # asked by the worker Try again ended, or by the fresh one before `retried` was set
            try:
                route.continue_()
            except PlaywrightError:  # the ended worker's request, gone with it
                pass
        ready_and_fighting(page)
    finally:
        context.close()
    assert problems == []


def test_a_slow_start_said_to_be_silent_still_starts_when_pyodide_comes(browser, base_url):
    """The silence is said, but the worker is not ended: on a slow connection Pyodide may still come, and then the
    page starts as usual, the alert gone."""
    context = browser.new_context(service_workers="block")
    problems = []
    held = []
    try:
        page = open_page(context, problems)
        page.add_init_script("window.pyrulesBootTimeout = 2000;")
        page.route("**/*.wasm", lambda route: held.append(route))  # held back: a very slow connection
        page.goto(base_url)
        expect(startup_alert(page)).to_contain_text("no word from them in 2 seconds", timeout=30_000)
        # the silence may be said before the worker asks for the download, on a busy machine
        wait_for(page, lambda: held, "the worker to ask for the runtime's wasm", timeout=30_000)
        assert len(held) == 1
        held[0].continue_()  # ... and then it comes
        ready_and_fighting(page)
        expect(startup_alert(page)).to_be_hidden()
        expect(page.locator("#startup")).to_be_visible()
    finally:
        context.close()
    assert problems == []


def test_the_silence_limit_watches_the_start_only(browser, base_url):
    """Once the rules are ready, a quiet spell between rounds is not a failed start: no alert, however long."""
    context = browser.new_context(service_workers="block")
    problems = []
    try:
        page = open_page(context, problems)
        page.add_init_script("window.pyrulesBootTimeout = 2000;")
        page.goto(base_url)
        ready_and_fighting(page)
        page.wait_for_timeout(4000)  # twice the limit, with nothing asked of the rules
        expect(startup_alert(page)).to_be_hidden()
        fight_round(page, 2)
        expect(startup_alert(page)).to_be_hidden()
    finally:
        context.close()
    assert problems == []


def test_the_retry_speaks_russian(browser, base_url):
    context = browser.new_context(service_workers="block", locale="ru-RU")
    problems = []
    try:
        page = open_page(context, problems)
        page.add_init_script("window.pyrulesBootTimeout = 2000;")
        page.route("**/*.wasm", lambda route: route.abort())
        page.goto(base_url)
        expect(page.get_by_role("alert").filter(has_text="Правила не запустились")).to_be_visible(timeout=30_000)
        expect(page.get_by_role("button", name="Попробовать снова")).to_be_visible()
    finally:
        context.close()
    assert problems == []


def test_blocked_storage_still_boots_plays_and_says_fights_are_not_kept(context, base_url):
    problems = []
    page = open_page(context, problems)
    page.add_init_script(
        """const insecure = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
        for (const name of ["getItem", "setItem", "removeItem", "key"]) Storage.prototype[name] = insecure;
        Object.defineProperty(window, "indexedDB", { get: insecure });"""
    )
    page.goto(base_url)
    wait_ready(page)
    expect(page.locator("#messages")).to_contain_text("fights will not be kept")
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 6)
    assert log_rows(page)[0][4] == "9"
    assert problems == []


def snapshot_file():
    (path,) = sorted(DIST.glob("pyodide/*/snapshot-*.gz"))
    return path


DAMAGES = {
    "truncated": lambda data: data[:65536],
    "not gzip": lambda data: b"not a snapshot at all" * 1000,
    "another runtime's": lambda data: gzip.compress(bytes(1 << 20)),  # inflates, but is no memory of this runtime
}


@pytest.mark.parametrize("damage", [*DAMAGES, "missing"])
def test_a_damaged_snapshot_boots_the_ordinary_way_and_says_why(browser, base_url, damage):
    """Whatever the snapshot file is (cut short, not gzip, another runtime's memory, absent), the rules start the
    ordinary way, the timing marks say why, and they play by the book."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        name = snapshot_file().name
        if damage == "missing":
            page.route(f"**/{name}", lambda route: route.fulfill(status=404, body="gone"))
        else:
            data = DAMAGES[damage](snapshot_file().read_bytes())
            page.route(f"**/{name}", lambda route: route.fulfill(status=200, body=data))
        page.goto(base_url)
        ready_and_fighting(page)
        timing = page.evaluate("window.pyrulesTiming")
        assert timing["snapshot"] is False and timing["snapshotNote"].startswith("load failed: "), timing
    finally:
        context.close()


def test_a_snapshot_too_slow_to_come_is_given_up_for_the_ordinary_start(browser, base_url):
    """A snapshot whose download would end after the worker's budget (3 s from its request; here it never begins,
    while the runtime's files came) costs more than it saves: the ordinary start goes on, the rules' worker downloading
    the runtime's files once for both starts. (The odds' worker, started when the page's quick odds do not fit, is
    given the compiled code and downloads the rest for itself: it is not counted.)"""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        name = snapshot_file().name
        page.route(f"**/{name}", lambda route: None)  # never answered: the worker gives it up
        page.goto(base_url)
        ready_and_fighting(page)
        timing = page.evaluate("window.pyrulesTiming")
        assert timing["snapshot"] is False and timing["snapshotNote"].startswith("too slow: 0 of "), timing
        [rules] = [worker for worker in page.workers if worker.evaluate("self.name") == "rules"]
        asked = rules.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name.split('/').pop())")
        stdlib = [file for file in asked if file.startswith("python_stdlib")]
        assert asked.count("pyodide.asm.wasm") == 1 and len(stdlib) == 1 and name in asked, asked
    finally:
        context.close()


# Every value the start-up bar is given, as the page sets it (a <progress>'s value is its attribute), from the start.
BAR_JS = """window.pyrulesBar = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.target.id === "startup-progress") window.pyrulesBar.push(Number(change.target.getAttribute("value")));
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["value"] });
"""


def test_the_start_up_bar_moves_with_the_bytes_on_a_slow_network(browser, base_url):
    """On a slow connection the bar moves as the runtime's files and the snapshot come, not only at each stage: it
    takes several values, each above the last, before the rules are ready (where it is full), and it says what it
    loads in a player's words."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(BAR_JS)
        devtools = context.new_cdp_session(page)
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions",  # about 3 MB/s: the downloads take seconds
                      {"offline": False, "latency": 40, "downloadThroughput": 3_000_000, "uploadThroughput": 500_000})
        page.goto(base_url)
        expect(page.locator("#startup-text")).to_have_text("Loading the rules…")
        wait_ready(page)
        values = page.evaluate("window.pyrulesBar")
        moving = [value for value in values if 0 < value < 0.9]  # the downloads' part of the bar
        assert len(set(moving)) >= 4, values
        assert values == sorted(values) and values[-1] == 1, values
        assert "Python" not in page.locator("#startup").inner_text()
    finally:
        context.close()


def test_two_first_visits_get_different_seeds(browser, base_url):
    """Every visitor starts from the same snapshot, its `random` module frozen in it; the fights' seeds come from the
    page (crypto.getRandomValues), so two first visits still fight different numbers."""
    seeds = []
    for _ in range(2):
        context = browser.new_context(service_workers="block")
        try:
            page = context.new_page()
            page.goto(base_url)
            wait_ready(page)
            assert page.evaluate("window.pyrulesTiming.snapshot") is True
            set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
            fight_round(page, 6)  # the fight is saved
            wait_for(page, lambda: stored_fights(page), "the fight saved")  # noqa: B023 (called here, in the loop)
            seeds.append([fight["record"]["seed"] for fight in stored_fights(page)])
        finally:
            context.close()
    assert len(seeds[0]) == 1 and len(seeds[1]) == 1, seeds
    assert seeds[0] != seeds[1]


# Every layout shift of a page's start, as the browser reports it (the Layout Instability API), with what moved.
SHIFTS_JS = """
window.pyrulesShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.pyrulesShifts.push({ value: entry.value, at: Math.round(entry.startTime),
      moved: (entry.sources || []).map((s) => s.node ? s.node.id || s.node.className || s.node.nodeName : "?") });
  }
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize(("width", "height"), [(412, 823), (1280, 900)])
def test_nothing_moves_while_the_rules_start(browser, base_url, width, height):
    """The first paint is the page's layout: the book list is in the page from the start (build.py writes it from the
    registry) and the rules' progress takes no line of its own on a phone, so the cumulative layout shift of a cold
    start stays under 0.01 (Lighthouse's "good" is 0.1; what is left is a phone's start-up words changing their width,
    about 0.001; the odds' card moved down by the form's shape was 0.04; the start-up's words on a wide screen, each
    change moving the language's box beside them, 0.011 in a run on a busy machine: now their box keeps its width).

    The CPU is slowed six-fold until the form has its shape, as on a slow phone: the first paint then comes before the
    page's scripts have run, which is when what they add or hide would move the rest."""
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500,
                                  has_touch=width < 500, service_workers="block")  # fmt: skip
    try:
        page = context.new_page()
        page.add_init_script(SHIFTS_JS)
        devtools = context.new_cdp_session(page)
        devtools.send("Emulation.setCPUThrottlingRate", {"rate": 6})
        page.goto(base_url)
        # a locator's wait, not wait_for_function: a string predicate polled in the page is eval, which the CSP refuses
        expect(page.locator("html")).to_have_class(re.compile(r"\bshaped\b"), timeout=BOOT_TIMEOUT)
        devtools.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
        expect(page.get_by_role("radio", name=re.compile("^Dawn of the Darklords"))).to_be_checked()
        page.wait_for_timeout(500)  # the frames after ready
        shifts = page.evaluate("window.pyrulesShifts")
        assert sum(shift["value"] for shift in shifts) < 0.01, shifts
    finally:
        context.close()


# ---- a damaged runtime in the service worker's cache -----------------------------------------------------------------

# The site's cached copy of the file whose URL ends with `name`, its bytes damaged (`cut`: its first half; `flipped`:
# one byte in every 4 KiB changed, the same size), its headers kept: what a visitor's browser holds once its disk or a
# proxy has spoiled it.
DAMAGE_JS = """async ([name, how]) => {
  const cache = await caches.open((await caches.keys()).find((key) => key.startsWith("pyrules-app-")));
  const request = (await cache.keys()).find((r) => r.url.endsWith(name));
  const good = request && await cache.match(request);
  if (!good) throw new Error(`${name} is not in the cache`);
  const bytes = new Uint8Array(await good.clone().arrayBuffer());
  const bad = how === "cut" ? bytes.slice(0, bytes.length >> 1) : bytes.map((b, i) => i % 4096 === 1000 ? b ^ 0x55 : b);
  await cache.put(request, new Response(bad, { headers: good.headers }));
}"""
# The SHA-256 (hex) of the cached copy of the file whose URL ends with `name`, or null when no cache holds it.
CACHED_JS = """async (name) => {
  for (const key of await caches.keys()) {
    const cache = await caches.open(key);
    const request = (await cache.keys()).find((r) => r.url.endsWith(name));
    const response = request && await cache.match(request); // none: being stored or replaced right now
    if (!response) continue;
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return null;
}"""


def shipped(prefix):
    """The built site's file whose name starts with `prefix`."""
    (path,) = [path for path in DIST.rglob(f"{prefix}*") if path.is_file()]
    return path


def cached_whole(page, prefix):
    """Whether the site's cache holds the file as built, byte for byte."""
    path = shipped(prefix)
    return page.evaluate(CACHED_JS, path.name) == hashlib.sha256(path.read_bytes()).hexdigest()


def cached_visit_with_a_fight(context, base_url, problems):
    """A first visit, with every file of the site in the service worker's cache, and a fight of one round saved."""
    page = open_page(context, problems)
    page.goto(base_url)
    ready_and_fighting(page)
    page.wait_for_function(
        "async () => (await navigator.serviceWorker.ready).active && navigator.serviceWorker.controller !== null",
        timeout=BOOT_TIMEOUT,
    )
    wait_for(page, lambda: stored_fights(page), "the fight saved")
    # the service worker and the rules' worker store the files in the background: waited for, not assumed
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib-", "snapshot-"):
        wait_for(page, lambda: cached_whole(page, name), f"{name} cached", timeout=60_000)  # noqa: B023 (called here)
    return page


@pytest.mark.parametrize(
    ("damaged", "how"),
    [
        (["pyodide.asm.wasm"], "flipped"),  # compiles no more, at the same size
        (["pyodide.asm.mjs"], "cut"),  # the runtime's JavaScript, cut short
        (["snapshot-", "python_stdlib-"], "flipped"),  # the ordinary start, which reads the standard library
        (["snapshot-", "pyrules-"], "cut"),  # the ordinary start, which unpacks the rules
    ],
)
def test_a_damaged_runtime_in_the_cache_is_downloaded_again_and_said(context, base_url, damaged, how):
    """The start from the cache fails on the damaged files; the worker finds them (their hashes, build.py), drops them
    from the cache, and a fresh start downloads them again, which the service worker keeps: the app starts, says what
    was replaced, and the saved fight is as it was."""
    problems = []
    page = cached_visit_with_a_fight(context, base_url, problems)
    before, rows = stored(page), log_rows(page)
    for name in damaged:
        page.evaluate(DAMAGE_JS, [shipped(name).name, how])
        assert not cached_whole(page, name)
    page.reload()
    wait_ready(page)
    told = page.locator("#messages")
    expect(told).to_contain_text("in this browser's storage was replaced by a fresh download. Nothing you saved was")
    for name in damaged:
        expect(told).to_contain_text(shipped(name).name)
        wait_for(page, lambda: cached_whole(page, name), f"{name} cached again")  # noqa: B023 (called here)
    expect(startup_alert(page)).to_be_hidden()
    assert log_rows(page) == rows  # the fight in progress, resumed
    assert stored(page) == before
    fight_round(page, 4)
    assert len(log_rows(page)) == 2
    assert problems == []


def test_a_damaged_runtime_met_offline_is_said_and_try_again_online_heals_it(context, base_url):
    problems = []
    page = cached_visit_with_a_fight(context, base_url, problems)
    before, rows = stored(page), log_rows(page)
    page.evaluate(DAMAGE_JS, ["pyodide.asm.wasm", "flipped"])
    context.set_offline(True)
    page.reload()
    alert = startup_alert(page)
    expect(alert).to_contain_text(
        "a damaged copy of pyodide.asm.wasm was removed from this browser's storage and could not be downloaded again",
        timeout=60_000,
    )
    expect(alert).to_contain_text("Check the connection and try again. Nothing you saved was touched.")
    retry = page.get_by_role("button", name="Try again")
    expect(retry).to_be_visible()
    assert page.evaluate(CACHED_JS, "pyodide.asm.wasm") is None  # dropped, not kept damaged
    assert stored(page) == before

    context.set_offline(False)
    retry.click()
    wait_ready(page)
    expect(alert).to_be_hidden()
    assert log_rows(page) == rows
    wait_for(page, lambda: cached_whole(page, "pyodide.asm.wasm"), "the runtime cached again")
    assert stored(page) == before
    assert problems == []


def test_a_damaged_snapshot_in_the_cache_is_replaced_for_the_next_start(context, base_url):
    """A snapshot that would not load leaves the ordinary start to start the rules (nothing to tell the player); the
    worker then checks it, and the next start is from the snapshot again."""
    problems = []
    page = cached_visit_with_a_fight(context, base_url, problems)
    rows = log_rows(page)
    page.evaluate(DAMAGE_JS, [shipped("snapshot-").name, "flipped"])
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.pyrulesTiming.snapshotNote").startswith("load failed: ")
    wait_for(page, lambda: cached_whole(page, "snapshot-"), "the snapshot cached again", timeout=60_000)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.pyrulesTiming.snapshot") is True
    assert log_rows(page) == rows
    assert problems == []
