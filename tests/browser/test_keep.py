"""Keep, share, install: autosave and reload, saved fights, undo/redo, export/import, share links,
damaged storage, hostile links, offline play, updates that never interrupt a fight, installability."""

from __future__ import annotations

import json
import shutil
import threading

import pytest
from conftest import (
    BOOT_TIMEOUT,
    DIST,
    current_fight,
    fight_round,
    log_cards,
    log_rows,
    play_on,
    round_cards,
    set_up,
    stored,
    stored_fights,
)
from playwright.sync_api import expect

from pyrules import Fight, api, share
from tools.environment import CHROMIUM, CHROMIUM_ARGS
from tools.package import LATER_PACKS, later_pack
from tools.runtime import PYODIDE_DIR, PYODIDE_VERSION, RUNTIME_FILES, SHIPPED_RUNTIME
from tools.server import make_server
from tools.site import assemble

GIAK = [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 60}]
BANEDON = {"COMBAT SKILL": 15, "ENDURANCE": 40}


def lone_wolf_record(hero, enemy, numbers):
    """A played Lone Wolf fight record, normalised by the rules themselves."""
    record = {
        "format": "pyrules-fight",
        "version": 1,
        "system": "lone-wolf",
        "hero": hero,
        "enemies": [enemy],
        "actions": [{"do": "round", "number": n} for n in numbers],
    }
    return Fight.from_record(record).record()


def wait_ready(page):
    """The rules are loaded and the start-up work (saved fights, a link) is done, whichever screen shows."""
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)


def saved_entries(page):
    return stored_fights(page)


def open_fight_record(page):
    return current_fight(page)["record"]


def test_reload_mid_fight_brings_back_the_same_fight_and_next_number(page):
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page)  # drawn from the seed
    fight_round(page, 4)  # typed
    fight_round(page)
    before = log_rows(page)
    record = open_fight_record(page)
    played = Fight.from_record({**record, "actions": record["actions"] + [{"do": "round"}]})
    expected_next = played.told(played.log[-1])  # with its words: the loss as the log says it

    page.reload()
    expect(page.get_by_role("button", name="Fight round")).to_be_visible(timeout=BOOT_TIMEOUT)
    assert log_rows(page) == before
    expect(page.get_by_role("heading", name="Banedon vs Giak")).to_be_visible()
    fight_round(page)
    assert log_rows(page)[-1][3] == str(expected_next["number"])
    assert log_rows(page)[-1][4] == expected_next["said"]["enemy_loss"]


def test_undo_and_redo_with_buttons_and_keys(page):
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    for number in (6, 2, 3):
        fight_round(page, number)
    three = log_rows(page)
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Undo").click()
    expect(log_cards(page)).to_have_count(1)
    page.get_by_role("button", name="Redo").click()
    expect(log_cards(page)).to_have_count(2)
    assert log_rows(page) == three[:2]

    page.get_by_role("button", name="Undo").focus()
    page.keyboard.press("Control+z")
    expect(log_cards(page)).to_have_count(1)
    page.keyboard.press("Control+Shift+z")
    page.keyboard.press("Control+Shift+Z")
    expect(log_cards(page)).to_have_count(3)
    assert log_rows(page) == three
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()

    page.get_by_role("button", name="Undo").click()
    expect(log_cards(page)).to_have_count(2)
    fight_round(page, 0)  # a new action: the undone one cannot be redone any more
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()
    assert log_rows(page)[2][3] == "0"
    page.reload()  # undo and redo are saved like every other change
    expect(page.get_by_role("button", name="Fight round")).to_be_visible(timeout=BOOT_TIMEOUT)
    assert log_rows(page)[2][3] == "0" and len(log_rows(page)) == 3


def test_several_saved_fights_resume_rename_delete_and_carry_the_hero_over(page):
    set_up(
        page, "Dawn of the Darklords", BANEDON, [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 5, "Enemy ENDURANCE": 5}]
    )
    fight_round(page, 0)  # +10: 18/0, the Giak dies
    page.get_by_role("button", name="New fight").click()
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("40")  # carried over (no loss)
    set_up(
        page, "Dawn of the Darklords", {}, [{"Enemy name": "Helghast", "Enemy COMBAT SKILL": 21, "Enemy ENDURANCE": 28}]
    )
    fight_round(page, 1)
    helghast = log_rows(page)
    page.get_by_role("button", name="New fight").click()

    saves = page.get_by_role("list", name="Saved fights")
    expect(saves.locator(".adventure-group")).to_have_count(1)  # both fights under Banedon's adventure
    expect(saves.locator(".save")).to_have_count(2)
    page.get_by_role("button", name="Rename Banedon vs Giak").click()
    page.get_by_label("New name for Banedon vs Giak").fill("Section 12: the Giak")
    page.get_by_role("button", name="Save name").click()
    expect(page.get_by_role("button", name="Resume Section 12: the Giak")).to_be_visible()

    page.get_by_role("button", name="Delete Section 12: the Giak").click()
    page.get_by_role("button", name="Yes, delete").click()
    expect(saves.locator(".save")).to_have_count(1)
    # the list is redrawn once the database has written the delete: a reload at once finds it gone
    names = [save.get("name") for save in stored_fights(page)]
    assert len(names) == 1 and "Section 12: the Giak" not in names, names
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("button", name="Resume Section 12: the Giak")).to_have_count(0)
    page.get_by_role("button", name="Resume Banedon vs Helghast").click()
    expect(page.get_by_role("heading", name="Banedon vs Helghast")).to_be_visible()
    expect(log_cards(page)).to_have_count(len(helghast))
    assert log_rows(page) == helghast


def test_export_and_import_a_fight(page, tmp_path):
    set_up(
        page,
        "Freeway Warrior",
        {"CLOSE COMBAT SKILL": 17, "ENDURANCE": 25},
        [{"Enemy name": "Renegade Clansman", "Enemy CLOSE COMBAT SKILL": 18, "Enemy ENDURANCE": 30}],
    )
    fight_round(page, 4)
    fight_round(page, 1)
    rows = log_rows(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export").click()
    path = tmp_path / "fight.json"
    download.value.save_as(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "pyrules-fight" and record["version"] == 1
    assert record["actions"] == [{"do": "round", "number": 4}, {"do": "round", "number": 1}]
    assert download.value.suggested_filename == "Cal Phoenix vs Renegade Clansman.json"

    page.get_by_role("button", name="New fight").click()
    page.get_by_label("Import a fight or an adventure (.json)").set_input_files(path)
    expect(page.get_by_role("heading", name="fight", exact=True)).to_be_visible()
    assert log_rows(page) == rows
    assert len(saved_entries(page)) == 2


def test_importing_a_bad_file_says_why_and_keeps_the_saved_fights(page, tmp_path):
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 6)
    page.get_by_role("button", name="New fight").click()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": {"skill": "x"}}')
    page.get_by_label("Import a fight or an adventure (.json)").set_input_files(bad)
    expect(page.locator("#messages")).to_contain_text("bad.json could not be imported (COMBAT SKILL: must be a whole")
    assert len(saved_entries(page)) == 1


def test_share_link_opens_the_same_fight_in_a_fresh_browser(page, browser, base_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    set_up(
        page,
        "Grey Star the Wizard",
        {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 23},
        [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 60}],
    )
    fight_round(page, 6, willpower=2)
    fight_round(page, willpower=3)  # drawn: the link must carry the seed
    fight_round(page, 9, willpower=1)
    rows = log_rows(page)
    page.get_by_role("button", name="Share").click()
    expect(page.get_by_role("status").filter(has_text="Link copied")).to_be_visible()
    link = page.get_by_label("Share link").input_value()
    assert link.startswith(base_url) and "#f=3." in link
    assert page.evaluate("navigator.clipboard.readText()") == link

    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(link)
        expect(other.get_by_role("button", name="Play on from here")).to_be_visible(timeout=BOOT_TIMEOUT)
        expect(other.get_by_role("button", name="Fight round")).to_be_hidden()  # its story first, read-only
        play_on(other)
        expect(other.get_by_role("button", name="Fight round")).to_be_visible()
        assert log_rows(other) == rows
        expect(other.get_by_role("heading", name="Grey Star vs Deathgaunt")).to_be_visible()
        assert "#f=" not in other.url  # reloading does not add it twice
        other.reload()
        expect(other.get_by_role("button", name="Fight round")).to_be_visible(timeout=BOOT_TIMEOUT)
        assert len(saved_entries(other)) == 1
    finally:
        fresh.close()


def test_share_link_in_the_same_browser_adds_no_fight_until_kept_and_touches_no_other(page, base_url):
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 6)
    before = saved_entries(page)
    record = lone_wolf_record({"skill": 20, "endurance": 30}, {"name": "Kraan", "skill": 16, "endurance": 25}, [7])
    page.goto(base_url + "#f=" + share.encode(record))
    expect(page.get_by_role("heading", name="Banedon vs Kraan")).to_be_visible(timeout=BOOT_TIMEOUT)
    assert saved_entries(page) == before
    page.get_by_role("button", name="Keep in my saved fights").click()
    expect(page.locator("#story-looking-text")).to_have_text("Kept in your saved fights.")
    after = saved_entries(page)
    assert len(after) == 2 and [e for e in after if e["id"] == before[0]["id"]] == before


@pytest.mark.parametrize(
    "fragment",
    [
        "#f=1.<img src=x onerror=window.pwned=1>",
        "#f=1.AAAA",
        "#f=9.abc",
        "#f="
        + share.encode(
            {
                "format": "pyrules-fight",
                "version": 1,
                "system": "lone-wolf",
                "hero": {"skill": 15, "endurance": 20},
                "enemies": [{"name": "<img src=x onerror=window.pwned=1>", "skill": 1, "endurance": "many"}],
            }
        ),
        "#f=1." + "A" * 30_000,
    ],
)
def test_a_hostile_link_gets_a_message_and_nothing_else(page, base_url, fragment):
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 6)
    before = saved_entries(page)
    page.goto("about:blank")
    page.goto(base_url + fragment)
    wait_ready(page)
    expect(page.locator("#messages")).to_contain_text("This share link could not be opened", timeout=BOOT_TIMEOUT)
    expect(page.locator("#messages img")).to_have_count(0)
    assert page.evaluate("window.pwned") is None
    assert saved_entries(page) == before


def test_damaged_storage_keeps_what_is_valid_and_says_what_was_dropped(context, base_url):
    good = lone_wolf_record({"skill": 15, "endurance": 30}, {"name": "Giak", "skill": 13, "endurance": 40}, [6])
    damaged_tail = {
        **good,
        "actions": [{"do": "round", "number": 6}, {"do": "round", "number": 6}, {"do": "round", "number": "six"}],
    }
    entries = {
        "pyrules:fight:good": {
            "format": "pyrules-save",
            "version": 1,
            "id": "good",
            "name": "Good fight",
            "updated": 2,
            "record": good,
        },
        "pyrules:fight:tail": {
            "format": "pyrules-save",
            "version": 1,
            "id": "tail",
            "name": "Damaged tail",
            "updated": 1,
            "record": damaged_tail,
        },
        "pyrules:fight:future": {
            "format": "pyrules-save",
            "version": 7,
            "id": "future",
            "name": "From the future",
            "record": good,
        },
        "pyrules:fight:badrecord": {
            "format": "pyrules-save",
            "version": 1,
            "id": "badrecord",
            "name": "Bad record",
            "record": {**good, "hero": {"skill": -5, "endurance": 30}},
        },
    }
    page = context.new_page()
    page.goto(base_url + "icon.svg")  # same origin, to write the storage first
    page.evaluate(
        """(entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
        localStorage.setItem("pyrules:fight:garbage", "{not json");
        localStorage.setItem("pyrules:fight:deep", '{"format": "pyrules-save", "version": 1, "id": "deep", ' +
            '"name": "Deep", "record": ' + "[".repeat(5000) + "]".repeat(5000) + "}");
    }""",
        entries,
    )
    page.goto(base_url)
    wait_ready(page)
    messages = page.locator("#messages")
    expect(messages).to_contain_text("could not be read and was set aside (it is not valid JSON)")
    expect(messages).to_contain_text("saved by a newer version of pyrules")
    expect(messages).to_contain_text('The saved fight "Bad record" could not be read and was set aside (COMBAT SKILL:')
    expect(messages).to_contain_text('"Damaged tail" was damaged: its first 2 actions were kept and the last 1 dropped')
    expect(messages).to_contain_text('"Deep" could not be read and was set aside (record: is nested more than 32')
    expect(page.get_by_role("button", name="Resume Good fight")).to_be_visible()
    page.get_by_role("button", name="Resume Damaged tail").click()
    rows = round_cards(page)
    expect(rows).to_have_count(2)  # resuming is a call to the rules: wait for it
    aside = sorted(stored(page, "pyrules:aside:"))
    assert aside == [
        "pyrules:aside:badrecord",
        "pyrules:aside:deep",
        "pyrules:aside:future",
        "pyrules:aside:garbage",
        "pyrules:aside:tail-original",
    ]
    raw = json.loads(stored(page, "pyrules:aside:garbage")["pyrules:aside:garbage"])["raw"]
    assert raw == "{not json"  # set aside, never lost


def wait_for_offline_ready(page):
    page.wait_for_function(
        """async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active && navigator.serviceWorker.controller !== null;
    }""",
        timeout=BOOT_TIMEOUT,
    )


def test_offline_after_the_first_visit(fresh_page):
    page = fresh_page  # a first visit
    wait_for_offline_ready(page)
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 6)
    assert log_rows(page)[0][4] == "9"  # +2, 6: 9/2


def test_chromium_installability(playwright, base_url, tmp_path):
    # A profile on disk: Chromium never offers to install from an incognito-like context.
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        page.goto(base_url)
        wait_ready(page)
        wait_for_offline_ready(page)
        check_installable(page)
    finally:
        context.close()


def check_installable(page):
    session = page.context.new_cdp_session(page)
    assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == []
    data = json.loads(manifest["data"])
    sizes = {(icon["sizes"], icon["purpose"]) for icon in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    assert data["display"] == "standalone" and data["start_url"] == "./"


@pytest.fixture
def deployment(tmp_path):
    """A copy of dist/ served on its own, which the test can redeploy."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    server = make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_an_update_is_offered_and_never_interrupts_a_fight(context, deployment):
    site, url = deployment
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    wait_for_offline_ready(page)
    set_up(page, "Dawn of the Darklords", BANEDON, GIAK)
    fight_round(page, 6)
    fight_round(page, 2)
    rows = log_rows(page)

    worker = (site / "sw.js").read_text(encoding="utf-8")
    assert worker.count('"pyrules-app-') == 1  # the deployment's cache, named once (however the minifier wrote it)
    (site / "sw.js").write_text(worker.replace('"pyrules-app-', '"pyrules-app-next-'), encoding="utf-8")
    page.evaluate("window.pyrulesServiceWorker.update()")
    expect(page.get_by_role("button", name="Update now")).to_be_visible(timeout=60_000)
    fight_round(page, 3)  # the fight goes on undisturbed while the update waits
    rows = log_rows(page)

    with page.expect_navigation(timeout=60_000):  # the page reloads once the new worker has taken over
        page.get_by_role("button", name="Update now").click()
    expect(page.get_by_role("button", name="Fight round")).to_be_visible(timeout=BOOT_TIMEOUT)
    wait_ready(page)
    assert log_rows(page) == rows
    # the old deployment's cache is gone, whole, once the new service worker has activated (its `activate` deletes
    # it after the page has been handed over: looked at until then, for up to 10 s)
    for _ in range(100):
        deployments = page.evaluate("caches.keys()")
        if len(deployments) == 1:
            break
        page.wait_for_timeout(100)
    assert len(deployments) == 1 and deployments[0].startswith("pyrules-app-next-"), deployments


def test_a_new_pyodide_never_meets_the_old_runtime_in_the_cache(context, deployment, tmp_path):
    """Hosts let browsers keep /pyodide/* for a year (netlify.toml: immutable). A deployment with another Pyodide
    must bring every runtime file of its own: an old pyodide.asm.wasm from the HTTP cache beside a new pyodide.mjs
    fails to boot. Every runtime file the updated app caches must be the new deployment's, byte for byte."""
    site, url = deployment
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    wait_for_offline_ready(page)
    old_caches = page.evaluate("caches.keys()")
    old_files = [p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()]

    # The next Pyodide, deployed by build.py as a real one is: here the same runtime with each text file changed.
    runtime = tmp_path / "next-runtime"
    runtime.mkdir()
    for name in RUNTIME_FILES:
        data = (PYODIDE_DIR / name).read_bytes()
        (runtime / name).write_bytes(data + b"\n" if name.endswith((".mjs", ".json")) else data)
    (wheel,) = site.glob("pyrules-*.pack.gz")
    for pack in (wheel, *(later_pack(wheel, kind) for kind in LATER_PACKS)):  # the rules' packs, as build.py gives them
        shutil.copy2(pack, tmp_path / pack.name)
    assemble(site, runtime, f"{PYODIDE_VERSION}-next", tmp_path / wheel.name)
    new_files = {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in site.rglob("*")
        if path.is_file() and (path.name in SHIPPED_RUNTIME or path.name.startswith("python_stdlib-"))
    }

    page.evaluate("window.pyrulesServiceWorker.update()")
    expect(page.get_by_role("button", name="Update now")).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Update now").click()
    # The new deployment's cache is whole once its worker is active: it deletes every other cache as it activates,
    # after its install filled its own (a new cache's name shows as soon as the install starts filling it).
    page.wait_for_function(
        """(old) => caches.keys().then(keys => keys.some(k => k.startsWith("pyrules-app-") && !old.includes(k))
                                               && !keys.some(k => old.includes(k)))""",
        arg=old_caches,
        timeout=BOOT_TIMEOUT,
    )
    wait_ready(page)
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled()
    cached = page.evaluate(
        """async ([names, old]) => {
        const key = (await caches.keys()).find(k => k.startsWith("pyrules-app-") && !old.includes(k));
        const cache = await caches.open(key);
        const out = {};
        for (const name of names) {
            const hit = await cache.match(name);
            out[name] = hit ? Array.from(new Uint8Array(await hit.arrayBuffer()).slice(-64)) : null;
        }
        return out;
    }""",
        [sorted(new_files), old_caches],
    )
    assert len(new_files) == len(SHIPPED_RUNTIME) + 1  # and the new runtime's standard library
    for name, data in new_files.items():
        assert cached[name] == list(data[-64:]), name  # the new deployment's bytes, not a cached old file
    # and its own start-up snapshot, made with the new runtime, under a new name: the old one is never asked for
    (old_snapshot,) = [n for n in old_files if "/snapshot-" in n]
    (new_snapshot,) = [p.relative_to(site).as_posix() for p in site.glob("pyodide/*/snapshot-*.gz")]
    assert new_snapshot != old_snapshot and f"{PYODIDE_VERSION}-next/" in new_snapshot
    assert page.evaluate("window.pyrulesTiming.snapshot") is True


def test_the_first_visit_and_the_offline_one_start_from_the_shipped_snapshot_and_play_by_the_same_rules(fresh_page):
    page = fresh_page  # a first visit: the snapshot downloaded with the runtime
    assert page.evaluate("window.pyrulesTiming.snapshot") is True
    assert page.evaluate("window.pyrulesTiming.cachedFiles") is None  # a first visit never waits on the cache
    wait_for_offline_ready(page)
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.pyrulesTiming.snapshot") is True  # the service worker's copy
    # read from its cache by the rules' worker itself: the snapshot, the wasm and the standard library at least
    assert page.evaluate("window.pyrulesTiming.cachedFiles") >= 3
    set_up(
        page,
        "Grey Star the Wizard",
        {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 23},
        [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 30}],
    )
    fight_round(page, 6, willpower=2)
    assert log_rows(page) == [["Round 1", "Deathgaunt", "−5", "6", "10 (5 × 2)", "4", "21", "20", "21"]]
    page.get_by_label("WILLPOWER to spend").fill("99")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#action-error")).to_contain_text("more than Grey Star's WILLPOWER (21)")


OPENING = [("en-GB", "f", "Opening a shared fight…"), ("ru-RU", "f", "Открываю присланный бой…"),
           ("en-GB", "a", "Opening a shared adventure…"), ("ru-RU", "a", "Открываю присланное приключение…")]


@pytest.mark.parametrize(("locale", "key", "words"), OPENING)
def test_a_page_opened_from_a_link_says_so_from_its_first_paint_not_an_empty_set_up(browser, base_url, locale, key,
                                                                                    words):  # fmt: skip
    """A friend's first visit: until the rules have opened the link's fight or adventure (held here until the message
    has been seen), the page says what it is doing in the browser's language, and shows no set-up form to fill in."""
    record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": {"skill": 15, "endurance": 25},
              "enemies": [{"name": "Giak", "skill": 13, "endurance": 10}],
              "actions": [{"do": "round", "number": 6}]}  # fmt: skip
    if key == "a":  # an adventure of that one fight
        record = json.loads(api.call(json.dumps({"op": "adventure", "adventure": record})))["adventure"]
    context = browser.new_context(locale=locale, service_workers="block")
    held, released = [], []

    def hold(route):  # the runtime waits for the test; every request for it, however many the page makes
        route.continue_() if released else held.append(route)

    context.route("**/pyodide.asm.wasm", hold)
    try:
        page = context.new_page()
        page.goto(base_url + f"#{key}=" + share.encode(record), wait_until="commit")
        message = page.locator("#opening-link")
        expect(message).to_be_visible()
        expect(message).to_have_text(words, use_inner_text=True)  # one language: the other's words are not shown
        expect(page.locator("#setup")).to_be_hidden()
        expect(page.locator("#saves")).to_be_hidden()
        page.wait_for_function("document.readyState === 'complete' || document.readyState === 'interactive'")
        expect(message).to_be_visible()  # still, with the page's modules up and the rules not
        expect(page.locator("#setup")).to_be_hidden()
        for _ in range(1200):  # the runtime is asked for within a minute
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the page never asked for the runtime"
        released.append(True)
        for route in held:
            route.continue_()
        if key == "a":  # the adventure's overview: its fights listed, to open one by one
            expect(page.locator("#friend-fights li")).to_have_count(1, timeout=BOOT_TIMEOUT)
            expect(page.locator("#friend")).to_be_visible()
            expect(message).to_be_hidden()
            return
        expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
        expect(message).to_be_hidden()
        expect(page.locator("#fight li.fought")).to_have_count(1)  # the link's round, in either language
    finally:
        context.close()


def test_a_refused_link_ends_the_opening_message_and_shows_the_set_up(browser, base_url):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(base_url + "#f=2.not-a-fight")
        expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
        expect(page.locator("#messages")).to_contain_text("This share link could not be opened")
        expect(page.locator("#opening-link")).to_be_hidden()
        expect(page.locator("#setup")).to_be_visible()
    finally:
        context.close()
