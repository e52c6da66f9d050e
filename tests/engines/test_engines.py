"""The cross-engine scenarios: one set, run in Firefox and WebKit (conftest.py's `engine`), each in its own
empty profile. The main suite (tests/browser/) tests the screens in depth in Chromium; this one proves that a player
in another engine gets the same app: boot, a full fight of each system with typed numbers, undo, reload, the share
link, a hostile link, offline, the start from the shipped snapshot (and from a damaged one), a damaged runtime in the
cache downloaded again, the Russian screens.

Every fight is checked twice: against the book's numbers on screen, and against the rules on CPython, which replay
the record the engine kept in its storage and must reach the very same state.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import struct

from conftest import DIST
from page import Page

from pyrules import Fight
from tools.runtime import PYODIDE_VERSION
from tools.snapshot import unpack_memory

LOG = ("list", "Combat log")
# The Lone Wolf family's log cards, each as the texts of its parts in this order (web/screens/screen-crt.js names them):
# round, enemy, Combat Ratio, random number, enemy's loss, hero's loss, ENDURANCE after, the enemy's after.
LOG_ROWS_JS = """const names = ["round", "enemy", "ratio", "number", "enemy-loss", "hero-loss", "endurance",
  "enemy-endurance", "willpower"];
return [...document.querySelectorAll("#log li.fought")].map((card) =>
  names.map((name) => card.querySelector(`[data-part="${name}"]`)).filter((part) => part)
    .map((part) => part.textContent.replace(/\\s+/g, " ").trim()));"""




def log_rows(page: Page) -> list[list[str]]:
    return page.js(LOG_ROWS_JS)


def current_record(page: Page) -> dict:
    """The fight the page shows, as this engine's storage keeps it."""
    return json.loads(page.current())["record"]


def replayed(record: dict) -> dict:
    """The same record's view, worked out by the rules on CPython."""
    return Fight.from_record(record).view()


def set_up(page: Page, book: str, hero: dict, enemies: list[dict], start: str = "Start fight",
           enemy_group: str = "Enemy", another: str = "Add another enemy") -> None:
    """The set-up in the book's words, typed key by key, then the fight started."""
    page.check("radio", pattern="^" + re.escape(book))  # its name goes on with the hero's
    for label, value in hero.items():
        page.fill(label, value)
    for i, enemy in enumerate(enemies):
        if i:
            page.click("button", another)
        for label, value in enemy.items():
            page.fill(label, value, within=(("group", f"{enemy_group} {i + 1}"),))
    page.click("button", start)


def fight_round(page: Page, fields: dict, button: str = "Fight round") -> None:
    """Types the round's numbers (the book's Random Number Table, or dice) and fights it; waits for its log card."""
    cards, kept = page.js("return document.querySelectorAll('#fight li').length;"), page.current()
    for label, value in fields.items():
        page.fill(label, value)
    page.click("button", button)
    page.wait(f"document.querySelectorAll('#fight li').length > {cards}", "a new log card")
    page.until(lambda: page.current() != kept, "the round kept in the browser's storage")


def test_boot_a_lone_wolf_fight_undo_and_reload(page: Page):
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 25},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 20}])
    for number in (6, 2, 3):
        fight_round(page, {"Random number": number})
    # Combat Ratio +2 (column +1/+2): 6 -> 9/2, 2 -> 5/4, 3 -> 6/3, the book's table
    rows = [
        ["Round 1", "Giak", "+2", "6", "9", "2", "23", "11"],
        ["Round 2", "Giak", "+2", "2", "5", "4", "19", "6"],
        ["Round 3", "Giak", "+2", "3", "6", "3", "16", "0"],
    ]
    assert log_rows(page) == rows
    victory = "Victory over Giak. Banedon has 16 ENDURANCE left."
    page.wait(f"document.querySelector('#outcome').textContent.includes({json.dumps(victory)})", "the outcome")
    assert replayed(current_record(page))["outcome"] == "won"
    # The fight's story is drawn above Undo once the rules have told it, moving the button down: a click whose point
    # WebDriver worked out before the story came lands on the story's chart (the round not undone).
    page.wait("document.querySelector('#story-summary').textContent.startsWith('Won after 3 rounds.')",
              "the fight's story told")

    page.click("button", "Undo")
    page.wait("document.querySelectorAll('#log li.fought').length === 2", "the last round undone")
    assert log_rows(page) == rows[:2]
    assert page.js("return document.querySelector('#outcome').textContent.trim();") == ""
    fight_round(page, {"Random number": 0})  # 0 at +1/+2: 14 and 0 (row 0 of the table): the Giak loses his last 6
    assert log_rows(page)[2][:6] == ["Round 3", "Giak", "+2", "0", "6 (14)", "0"]
    record = current_record(page)
    assert [a.get("number") for a in record["actions"]] == [6, 2, 0]
    shown = log_rows(page)

    page.reload()
    page.ready()
    page.find("button", "New fight")  # the fight is shown again, over: no round to fight
    assert log_rows(page) == shown and shown[:2] == rows[:2]  # the same fight, the same log
    assert current_record(page) == record
    assert replayed(record)["outcome"] == "won"



def grey_star_fight(page: Page) -> list[list[str]]:
    """Grey Star against a Deathgaunt, three rounds with WILLPOWER spent (a round without a number: the seed's)."""
    set_up(page, "Grey Star the Wizard", {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 23},
           [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 60}])
    fight_round(page, {"Random number": 6, "WILLPOWER to spend": 2})
    fight_round(page, {"WILLPOWER to spend": 3})  # drawn from the seed: the link must carry it
    fight_round(page, {"Random number": 9, "WILLPOWER to spend": 1})
    return log_rows(page)


def test_a_tapped_square_fights_one_round_and_a_typed_number_another(page: Page):
    """The table's squares face down: a tap (a real click of the driver) fights one round with the number the rules
    draw, shown on the square; a typed number is fought with its own button. CPython replays the record kept."""
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 25},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 20}])
    page.click("button", "Square 3: fight the round")
    page.wait("document.querySelectorAll('#log li.fought').length === 1", "one round fought")
    page.until(page.current, "the round kept in the browser's storage")
    record = current_record(page)
    assert record["actions"] == [{"do": "round"}]  # drawn from the seed: no number in the record
    drawn = Fight.from_record(record).log[0]["number"]
    assert log_rows(page)[0][3] == str(drawn)
    page.find("button", f"Square 3: {drawn}, the last round's")  # the square turned over shows it
    assert page.js("return document.querySelectorAll('#log li.fought').length;") == 1  # one tap, one round
    fight_round(page, {"Random number": 6})  # typed: its own button, one more round
    assert current_record(page)["actions"] == [{"do": "round"}, {"do": "round", "number": 6}]
    assert log_rows(page)[1][3] == "6"
    assert str(replayed(current_record(page))["hero"]["endurance"]) == log_rows(page)[1][6]  # the same ENDURANCE


def test_a_share_link_replays_the_fight_in_a_fresh_profile(page: Page, open_page):
    rows = grey_star_fight(page)
    page.click("button", "Share")
    link = page.wait("document.querySelector('#share-link').value", "the share link")
    assert link.startswith(page.base_url) and "#f=3." in link  # with its preview
    assert page.value("Share link") == link

    other = open_page()  # another browser of the same engine, with an empty profile
    other.goto(link)
    other.ready()
    other.find("heading", "Grey Star vs Deathgaunt")
    assert log_rows(other) == rows
    assert other.saved_fights() == {}  # looked at, not taken
    other.click("button", "Keep in my saved fights")
    other.wait("location.hash === ''", "the link left once the fight is kept")  # reloading does not open it twice
    (kept,) = other.saved_fights().values()
    assert kept["record"] == current_record(page)
    other.reload()
    other.ready()
    assert len(other.saved_fights()) == 1


HOSTILE = [
    "#f=1.<img src=x onerror=window.pwned=1>",
    "#f=9.abc",
    "#f=1." + "A" * 30_000,
]


def test_a_hostile_link_gets_a_message_and_changes_nothing(page: Page):
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 25},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 20}])
    fight_round(page, {"Random number": 6})
    before = page.storage()
    for fragment in HOSTILE:
        page.goto("about:blank")
        page.goto(page.base_url + fragment)
        page.ready()
        page.wait("document.querySelector('#messages').textContent.includes('This share link could not be opened')",
                  f"the refusal of {fragment[:40]}")
        assert page.js("return document.querySelectorAll('#messages img').length;") == 0
        assert page.js("return window.pwned ?? null;") is None
        after = page.storage()
        assert {k: v for k, v in after.items() if k.startswith("pyrules:fight:")} == {
            k: v for k, v in before.items() if k.startswith("pyrules:fight:")
        }
    assert log_rows(page)[0][:4] == ["Round 1", "Giak", "+2", "6"]  # the fight in progress is still the one shown


WARM_JS = """const registration = await navigator.serviceWorker.ready;
return registration.active !== null && navigator.serviceWorker.controller !== null;"""


def test_offline_after_the_first_visit(page: Page, network):
    page.wait("navigator.serviceWorker.controller !== null", "controlled by the service worker", timeout=120)
    assert page.js(WARM_JS)
    # a first visit is offered no update (WebKit said "installed" after the first worker took control: a banner that
    # moved the page under a click, about one first visit in 35)
    assert page.js("return document.querySelector('#update-banner').hidden;")
    network.offline = True
    try:
        page.reload()
        page.ready()
        set_up(page, "Freeway Warrior", {"CLOSE COMBAT SKILL": 17, "ENDURANCE": 28},
               [{"Enemy name": "Biker", "Enemy CLOSE COMBAT SKILL": 15, "Enemy ENDURANCE": 20}])
        fight_round(page, {"Random number": 4})
        record = current_record(page)
        page.reload()
        page.ready()
        assert current_record(page) == record
        assert page.js("return navigator.serviceWorker.controller !== null;")
    finally:
        network.offline = False


def snapshot_pages(after_header: bool) -> tuple[int, int]:
    """(pages of the shipped snapshot's memory, those not all zero), counted from its start as it ships, or from
    where Python's memory starts after its header (Pyodide's restoreSnapshot: magic, that offset, ...)."""
    (snapshot,) = DIST.glob("pyodide/*/snapshot-*.gz")
    memory = unpack_memory(gzip.decompress(snapshot.read_bytes()))
    if after_header:
        memory = memory[struct.unpack_from("<I", memory, 4)[0] :]
    pages = [memory[at : at + 4096] for at in range(0, len(memory), 4096)]
    return len(pages), sum(1 for page in pages if page.count(0) != len(page))


def test_the_first_visit_starts_from_the_shipped_snapshot_and_so_does_the_next(page: Page):
    first = page.js("return window.pyrulesTiming;")
    assert first.get("snapshot") is True, f"{page.engine}: the first visit did not start from the snapshot: {first}"
    # The snapshot unpacked as it shipped (web/worker/pages.js): every page it holds, of the memory's pages.
    total, data = snapshot_pages(after_header=False)
    assert first.get("snapshotPages") == f"{data} of {total}", f"{page.engine}: {first.get('snapshotPages')}"
    # Python's memory restored page by page: its zero pages left alone, but for the few the runtime's own start-up
    # data had filled (written back to zero), at most 1 MiB of them.
    total, data = snapshot_pages(after_header=True)
    written, of = (int(n) for n in str(first.get("memoryPages")).split(" of "))
    assert of == total and data <= written <= data + 256 < total, f"{page.engine}: {first.get('memoryPages')}"
    page.reload()
    timing = page.ready()
    assert timing.get("snapshot") is True, f"{page.engine}: the second visit did not start from the snapshot: {timing}"
    fight_round_after_start(page)


def test_a_corrupted_snapshot_boots_the_ordinary_way_and_says_why(open_page, network):
    """The snapshot file arrives cut short (64 KB of it): the rules start the ordinary way and play by the book, and
    the timing marks say why."""
    (snapshot,) = DIST.glob("pyodide/*/snapshot-*.gz")
    network.replaced = {snapshot.name: snapshot.read_bytes()[:65536]}
    try:
        page = open_page()
        page.goto()
        timing = page.ready()
    finally:
        network.replaced = {}
    assert timing.get("snapshot") is False and str(timing.get("snapshotNote")).startswith("load failed: "), (
        f"{page.engine}: {timing}"
    )
    fight_round_after_start(page)


def fight_round_after_start(page: Page) -> None:
    """The rules from the snapshot answer: a round of a new fight is fought and logged as the book says."""
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 25},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 20}])
    fight_round(page, {"Random number": 6})
    assert log_rows(page) == [["Round 1", "Giak", "+2", "6", "9", "2", "23", "11"]]


def test_a_failed_start_says_so_and_tries_again(open_page, network):
    """The runtime's WebAssembly cannot be fetched (the connection dropped): the page says so beside a Try again
    button, never waits in silence; once the network is back, Try again starts the rules and a fight is fought."""
    page = open_page()
    network.blocked = (".wasm",)
    try:
        page.goto()
        alert = page.find("alert", pattern="^The rules could not start", timeout=60)
        assert "pyodide.asm.wasm could not be downloaded" in alert["text"] and "try again" in alert["text"].lower()
    finally:
        network.blocked = ()
    page.click("button", "Try again")
    page.ready()
    fight_round_after_start(page)


# The cached copy of the runtime's WebAssembly, one byte in every 4 KiB changed (it compiles no more), its headers
# kept: what a browser holds once its disk or a proxy has spoiled it.
DAMAGE_WASM_JS = """const key = (await caches.keys()).find((name) => name.startsWith("pyrules-app-"));
const cache = await caches.open(key);
const request = (await cache.keys()).find((r) => r.url.endsWith("/pyodide.asm.wasm"));
const good = await cache.match(request);
const bytes = new Uint8Array(await good.clone().arrayBuffer());
for (let i = 1000; i < bytes.length; i += 4096) bytes[i] ^= 0x55;
await cache.put(request, new Response(bytes, { headers: good.headers }));"""
# The SHA-256 (hex) of the cached pyodide.asm.wasm of the runtime version `arg`, or null when no cache holds it.
CACHED_WASM_JS = """const hit = await caches.match(new URL(`pyodide/${arg}/pyodide.asm.wasm`, location.href).href);
if (!hit) return null;
const digest = await crypto.subtle.digest("SHA-256", await hit.arrayBuffer());
return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");"""


def test_a_damaged_runtime_in_the_cache_is_downloaded_again_and_said(page: Page):
    """After a first visit, the cached pyodide.asm.wasm spoiled: the next start fails on it, the rules' worker finds
    it damaged, drops it and downloads it again, and the page starts afresh and says so."""
    page.wait("navigator.serviceWorker.controller !== null", "controlled by the service worker", timeout=120)
    assert page.js(WARM_JS)
    good = hashlib.sha256((DIST / "pyodide" / PYODIDE_VERSION / "pyodide.asm.wasm").read_bytes()).hexdigest()
    assert page.js(CACHED_WASM_JS, PYODIDE_VERSION) == good
    page.js(DAMAGE_WASM_JS)
    assert page.js(CACHED_WASM_JS, PYODIDE_VERSION) != good
    page.reload()
    page.ready()
    told = page.js("return document.querySelector('#messages').textContent;")
    assert "A damaged copy of pyodide.asm.wasm in this browser's storage was replaced" in told, f"{page.engine}: {told}"
    page.until(lambda: page.js(CACHED_WASM_JS, PYODIDE_VERSION) == good, "the good runtime cached again")
    fight_round_after_start(page)


# A finished Lone Wolf fight for the story: Banedon against Gourgaz, won in six rounds.
STORY = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 5,
         "hero": {"skill": 15, "endurance": 28}, "enemies": [{"name": "Gourgaz", "skill": 16, "endurance": 30}],
         "actions": [{"do": "round", "number": n} for n in (5, 6, 2, 7, 4, 5)]}  # fmt: skip
# The picture Save picture makes, caught as the page hands it to a download link: [bytes, width, height] from its PNG
# header (the link is not followed: no download dialog; the Web Share API is left out, so the download path runs).
CATCH_PICTURE_JS = """Object.defineProperty(navigator, "canShare", { value: undefined, configurable: true });
const create = URL.createObjectURL;
URL.createObjectURL = (blob) => {
  if (blob.type === "image/png") blob.arrayBuffer().then((bytes) => {
    const view = new DataView(bytes);
    window.pictureSeen = [bytes.byteLength, view.getUint32(16), view.getUint32(20)];
  });
  return create.call(URL, blob);
};
const click = HTMLAnchorElement.prototype.click;
HTMLAnchorElement.prototype.click = function () { if (!this.download.endsWith(".png")) click.call(this); };"""
STEP = "document.querySelector('#story-chart').getAttribute('aria-valuenow')"


def test_a_share_links_preview_is_drawn_before_the_rules_load(open_page, network):
    """A link as Share makes it (format 3), opened with the rules' worker never loading: its story is drawn from the
    link alone (web/base/preview.js inflates it with this engine's DecompressionStream)."""
    from pyrules import api

    opened = json.loads(api.call(json.dumps({"op": "restore", "record": STORY})))
    code = json.loads(api.call(json.dumps({"op": "share", "session": opened["session"]})))["code"]
    network.blocked = ("worker.js",)
    try:
        page = open_page()
        page.goto(page.base_url + "#f=" + code)
        page.wait("window.pyrulesTiming && window.pyrulesTiming.preview > 0", "the link's preview drawn")
        assert page.js("return document.querySelector('#story-summary').textContent;") == "Won after 6 rounds."
        assert page.js("return document.querySelectorAll('#story-chart circle.dot').length;") == 6
        assert page.js("return document.querySelector('#fight-heading').textContent;") == "Banedon vs Gourgaz"
    finally:
        network.blocked = ()


def test_a_shared_fight_opens_on_its_story_steps_by_keyboard_and_makes_its_picture(page: Page):
    from pyrules import api

    opened = json.loads(api.call(json.dumps({"op": "restore", "record": STORY})))
    code = json.loads(api.call(json.dumps({"op": "share", "session": opened["session"]})))["code"]
    page.goto(page.base_url + "#f=" + code)
    page.ready()
    page.wait("document.querySelector('#story-summary').textContent.startsWith('Won after 6 rounds.')", "the story")
    page.find("slider", "Chance to win, action by action")
    page.press("#story-chart", "Home")
    page.wait(f"{STEP} === '0'", "the first round")
    page.press("#story-chart", "ArrowRight")
    page.wait(f"{STEP} === '1'", "the second round")
    assert page.js("return document.querySelector('#story-step').textContent;").startswith("Round 2: fight on.")
    page.press("#story-chart", "End")
    page.wait(f"{STEP} === '6'", "the end")
    page.js(CATCH_PICTURE_JS)
    page.click("button", "Save picture")
    size, width, height = page.wait("window.pictureSeen", "the picture made")
    assert size > 10_000 and (width, height) == (1200, 630)
    page.click("button", "Fight it yourself")
    page.find("heading", "Banedon vs Gourgaz")  # the shared fight's heading too: the new fight is the empty log
    page.wait("document.querySelectorAll('#log li.fought').length === 0", "the fight from its start, no round fought")
    page.find("button", "Fight round", enabled=True)
