"""Nothing saved is ever lost (web/base/storage.js, web/screens/saved.js, web/screens/aside.js): saves far past
localStorage's 5 MB and past one request's size are kept and checked; a damaged tail is cut only once the whole save is
set aside, under a name of its own each time; the set-aside entries are listed, exported and deleted by the player
only. A save whose check is kept is not checked again until its record, its kept check, the rules or the language
change."""

from __future__ import annotations

import json

from conftest import BOOT_TIMEOUT, DIST, stored, wait_for
from playwright.sync_api import expect

from pyrules import Fight

ENEMIES = 20


def long_ff(name: str, rounds: int) -> dict:
    """A saved Braslavsky fight of `rounds` rounds against 20 enemies, every die typed, each exchange a tie (no
    wound): the largest kind of record the app accepts (5,000 rounds: about 800,000 characters). The tests keep many
    saves of ROUNDS each rather than a few of the largest: a request checks the saves its time allows and leaves the
    rest to the next, but one save is checked whole within one request, and the largest one's replay passed the 3 s
    beside another load ("could not be checked", as the page says on a phone too slow for it; the bench times the
    heaviest requests: tests/bench_heavy.py)."""
    record = {"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy", "seed": 1,
              "hero": {"skill": 10, "stamina": 20, "luck": 9},
              "enemies": [{"name": f"Enemy {i + 1}", "skill": 10, "stamina": 20} for i in range(ENEMIES)],
              "actions": [{"do": "round", "target": 0, "dice": [[1, 1]] * (ENEMIES + 1)}] * rounds}  # fmt: skip
    return {"format": "pyrules-save", "version": 1, "id": name, "name": name, "updated": 1, "record": record}


ROUNDS = 1000  # about 160,000 characters a save


def damaged_lone_wolf(name: str, numbers: list[int]) -> dict:
    """A saved Lone Wolf fight whose last action is damaged (a number no table has)."""
    record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 3,
              "hero": {"skill": 15, "endurance": 30}, "enemies": [{"name": "Giak", "skill": 12, "endurance": 40}],
              "actions": [{"do": "round", "number": n} for n in numbers] + [{"do": "round", "number": 99}]}  # fmt: skip
    Fight.from_record({**record, "actions": record["actions"][:-1]})  # the rest is a fight the rules take
    return {"format": "pyrules-save", "version": 1, "id": name, "name": name, "updated": 2, "record": record}


# Writes entries straight into the page's database, as a visit of the app would have left them.
PUT_JS = """async (entries) => {
  const db = await new Promise((resolve, reject) => {
    const opening = indexedDB.open("pyrules", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("entries");
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  const writing = db.transaction("entries", "readwrite");
  for (const [key, text] of Object.entries(entries)) writing.objectStore("entries").put(text, key);
  await new Promise((resolve, reject) => {
    writing.oncomplete = resolve;
    writing.onerror = () => reject(writing.error);
  });
  db.close();
}"""


def texts(saves: list[dict]) -> dict[str, str]:
    return {f"pyrules:fight:{save['id']}": json.dumps(save) for save in saves}


def test_saves_past_one_request_are_all_checked_and_a_damaged_tail_is_kept_each_time(context, base_url):
    big = [long_ff(f"fight {i + 1}", ROUNDS) for i in range(11)]
    tail = damaged_lone_wolf("tail", [4, 7])
    seeded = texts([*big, tail])
    assert sum(len(text) for text in seeded.values()) > 1_600_000
    page = context.new_page()
    page.goto(base_url + "icon.svg")  # same origin: an earlier version's localStorage, written first
    page.evaluate("(entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }", seeded)
    page.goto(base_url)
    messages = page.locator("#messages")
    expect(messages).to_contain_text('"tail" was damaged: its first 2 actions were kept and the last 1 dropped',
                                     timeout=BOOT_TIMEOUT)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
    expect(messages).not_to_contain_text("could not be checked")
    kept = stored(page, "pyrules:")
    for save in big:  # moved into the database whole, and checked
        assert json.loads(kept[f"pyrules:fight:{save['id']}"])["record"] == save["record"]
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('pyrules:fight:'))") == []
    first = json.loads(kept["pyrules:aside:tail-original"])
    assert json.loads(first["raw"]) == tail  # the whole save, damaged action and all
    assert len(json.loads(kept["pyrules:fight:tail"])["record"]["actions"]) == 2
    for save in big:
        expect(page.get_by_role("button", name=f"Resume {save['name']}", exact=True)).to_be_visible()

    # The same fight damaged again: its second original is kept beside the first.
    again = damaged_lone_wolf("tail", [4, 7, 2])
    page.evaluate(PUT_JS, texts([again]))
    page.reload()
    expect(messages).to_contain_text('"tail" was damaged: its first 3 actions were kept', timeout=BOOT_TIMEOUT)
    kept = stored(page, "pyrules:aside:")
    assert sorted(kept) == ["pyrules:aside:tail-original", "pyrules:aside:tail-original-2"]
    assert json.loads(kept["pyrules:aside:tail-original"]) == first
    assert json.loads(json.loads(kept["pyrules:aside:tail-original-2"])["raw"]) == again

    # Listed under Saved fights: exported as it was, deleted only when the player says so.
    listed = page.locator("#aside")
    expect(listed.locator("summary")).to_have_text("Set aside (2)")
    listed.locator("summary").click()
    item = listed.locator("li").filter(has_text="tail-original-2")
    with page.expect_download() as download:
        item.get_by_role("button", name="Export tail-original-2").click()
    assert json.loads(download.value.path().read_text(encoding="utf-8")) == again
    item.get_by_role("button", name="Delete tail-original-2").click()
    assert len(stored(page, "pyrules:aside:")) == 2  # asked first
    item.get_by_role("button", name="Yes, delete").click()
    wait_for(page, lambda: list(stored(page, "pyrules:aside:")) == ["pyrules:aside:tail-original"], "the delete")
    expect(listed.locator("summary")).to_have_text("Set aside (1)")


def test_ten_megabytes_of_saves_are_kept_across_a_reload(context, base_url):
    saves = [long_ff(f"fight {i + 1}", ROUNDS) for i in range(65)]
    seeded = texts(saves)
    assert sum(len(text) for text in seeded.values()) > 10_000_000  # twice what localStorage holds
    page = context.new_page()
    page.goto(base_url + "icon.svg")
    page.evaluate(PUT_JS, seeded)
    page.goto(base_url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
    expect(page.locator("#save-list .save")).to_have_count(len(saves))
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
    expect(page.locator("#save-list .save")).to_have_count(len(saves))
    kept = stored(page, "pyrules:fight:")
    assert {key: json.loads(text)["record"] for key, text in kept.items()} == {
        key: json.loads(text)["record"] for key, text in seeded.items()
    }
    expect(page.locator("#messages")).not_to_contain_text("could not")


# ---- a save checked once is not replayed at every visit ------------------------------------------------------------

# Records each saved record the page sends the rules to check (the check_saves requests posted to a worker), as its
# system, its number of actions and its seed (a record sent again, left unchecked when a request's time was up, is
# recorded twice); with sessionStorage's "full" set, localStorage refuses the saves' checks as a full storage does.
RECORD_CHECKS = """() => {
  window.checked = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    const request = typeof message?.request === "string" ? JSON.parse(message.request) : {};
    for (const text of request.op === "check_saves" ? request.records : []) {
      const record = JSON.parse(text);
      window.checked.push([record.system, record.actions.length, record.seed]);
    }
    return post.call(this, message, ...rest);
  };
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === "pyrules:checks" && sessionStorage.getItem("full")) throw new DOMException("", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
}"""

CHECKS_KEY = "pyrules:checks"


def boot(page, url) -> list[tuple]:
    """The app loaded again and ready: the records it sent the rules to check, each once, sorted. Each was checked
    (one left unchecked, its request's time up, is checked again at the next visit: said here, not there)."""
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
    expect(page.locator("#messages")).not_to_contain_text("could not be checked")
    return sorted({tuple(sent) for sent in page.evaluate("window.checked")})


# The saves of the test of kept checks: which are checked again does not depend on their size, and a save of fewer
# rounds is checked well within a request's time beside another load (one of ROUNDS may pass it at load 20).
KEPT_ROUNDS = 250


def test_a_save_is_checked_again_only_when_its_record_its_check_or_the_rules_change(browser, base_url):
    saves = [long_ff(f"fight {i + 1}", KEPT_ROUNDS) for i in range(6)]  # about 240,000 characters
    for seed, save in enumerate(saves, 1):
        save["record"]["seed"] = seed  # the saves told apart
    every = [("fighting-fantasy", KEPT_ROUNDS, seed) for seed in range(1, len(saves) + 1)]
    rules_key = next((DIST / "pyodide").glob("*/snapshot-*.gz")).stem.removeprefix("snapshot-")
    app = (DIST / "app.js").read_text(encoding="utf-8")
    assert app.count(rules_key) == 1  # the rules the page's checks are kept under (tools/site.py)
    context = browser.new_context(service_workers="block")  # every request the test server's: app.js is routed below
    try:
        page = context.new_page()
        page.add_init_script(f"({RECORD_CHECKS})()")
        page.goto(base_url + "icon.svg")
        page.evaluate(PUT_JS, texts(saves))
        page.evaluate("sessionStorage.setItem('full', '1')")
        assert boot(page, base_url) == every  # a first visit checks every save; their checks find no room: nothing said
        expect(page.locator("#messages")).to_be_empty()
        page.evaluate("sessionStorage.removeItem('full')")
        assert boot(page, base_url) == every  # none was kept: checked again, and kept this time
        summaries = page.locator("#save-list .save-summary")
        shown = summaries.all_inner_texts()
        assert len(shown) == len(saves) and all(f"round {KEPT_ROUNDS} · STAMINA 20" in text for text in shown)
        assert boot(page, base_url) == []  # none replayed
        assert summaries.all_inner_texts() == shown  # the kept checks' summaries

        # A save edited (now damaged), another save's kept check edited: those two are checked again.
        page.evaluate(PUT_JS, texts([damaged_lone_wolf("fight 3", [4, 7])]))
        kept = json.loads(page.evaluate(f"localStorage.getItem('{CHECKS_KEY}')"))
        kept["fight 5"][1]["hero"] = "Someone else"
        page.evaluate(f"(text) => localStorage.setItem('{CHECKS_KEY}', text)", json.dumps(kept))
        assert boot(page, base_url) == [("fighting-fantasy", KEPT_ROUNDS, 5), ("lone-wolf", 3, 3)]
        expect(page.locator("#messages")).to_contain_text('"fight 3" was damaged: its first 2 actions were kept')
        expect(summaries).to_have_count(len(saves))
        cut = json.loads(stored(page, "pyrules:fight:fight 3")["pyrules:fight:fight 3"])  # read once it is written
        assert len(cut["record"]["actions"]) == 2
        assert boot(page, base_url) == [("lone-wolf", 2, 3)]  # its valid part, kept in its place: checked once more
        assert boot(page, base_url) == []

        # Other rules (a new deployment's): every save checked again, then kept under them.
        def other_rules(route):
            response = route.fetch()
            route.fulfill(response=response, body=response.text().replace(rules_key, "0" * len(rules_key)))

        page.route("**/app.js", other_rules)
        again = sorted([*every[:2], *every[3:], ("lone-wolf", 2, 3)])
        assert boot(page, base_url) == again
        assert boot(page, base_url) == []

        # Another language: the summaries are in the page's language, so every save is checked again, once.
        page.evaluate("localStorage.setItem('pyrules:lang', 'ru')")
        assert boot(page, base_url) == again
        expect(summaries.filter(has_text=f"раунд {KEPT_ROUNDS}")).to_have_count(len(saves) - 1)
        assert boot(page, base_url) == []

        # The kept checks damaged: every save checked again, nothing said.
        page.evaluate(f"localStorage.setItem('{CHECKS_KEY}', '{{\"fight 1\": [')")
        assert boot(page, base_url) == again
        expect(page.locator("#messages")).to_be_empty()
        assert len(stored(page, "pyrules:fight:")) == len(saves)
        assert list(stored(page, "pyrules:aside:")) == ["pyrules:aside:fight 3-original"]  # set aside: that one only
    finally:
        context.close()
