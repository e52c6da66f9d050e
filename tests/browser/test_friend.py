"""What a friend sees (web/screens/friend.js, web/screens/story.js): a shared finished fight of every registered book
opens on its story in a fresh phone profile, with the book and who fought whom at its top, the rules' key to its numbers
and the focus on the story; its picture is a 1200×630 PNG with the names and the result in it; a shared adventure opens
on its overview; and looking is not taking: the player's own fight and saved fights are as they were."""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT, fight_round, set_up, stored, wait_for
from playwright.sync_api import expect

from pyrules import Fight, api, share
from pyrules.systems import SYSTEMS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
from test_adventure_link import lone_wolf  # noqa: E402

PHONE = {"width": 390, "height": 844}
# Canvas texts drawn, kept for the test to read the picture's words back (the PNG itself is read for its size).
DRAWN = """(() => {
  const fill = CanvasRenderingContext2D.prototype.fillText;
  window.pyrulesDrawn = [];
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    window.pyrulesDrawn.push(String(text));
    return fill.call(this, text, ...rest);
  };
})()"""


def finished(key: str) -> Fight:
    """The book's small example fought to its end by its simulation's plain policy (a short fight: Citadel's story
    is simulated)."""
    system = SYSTEMS[key]
    fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": key, "seed": 7,
                               **system.examples["small"], "actions": []})  # fmt: skip
    policy = system.simulation_policy({"spend": 1})
    while fight.state.outcome == "ongoing" and len(fight.actions) < 200:
        fight.apply(system.action_json(policy(system, fight.setup, fight.state, len(fight.actions))))
    assert fight.state.outcome != "ongoing", key
    return fight


OPENED: list[str] = []


@pytest.mark.parametrize("key", list(SYSTEMS))
def test_a_shared_finished_fight_of_every_book_opens_on_its_story_in_a_fresh_phone_profile(browser, base_url, key):
    fight = finished(key)
    summary = fight.summary()
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    context.add_init_script(DRAWN)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url + "#f=" + share.encode(fight.record()))
        story = page.get_by_role("region", name="The fight's story")
        expect(story.locator("#story-summary")).not_to_be_empty(timeout=BOOT_TIMEOUT)
        expect(story.locator(".story-svg")).to_be_visible()
        expect(story.locator("#story-status")).not_to_contain_text("could not")
        names = f"{summary['hero']} vs {' and '.join(summary['enemies'])}"
        expect(page.locator("#fight-heading")).to_have_text(names)  # no "Shared:"
        expect(page.locator("#fight-book")).to_have_text(summary["book"])
        expect(story.locator("#story-looking")).to_contain_text("A fight shared with you")
        term, meaning = SYSTEMS[key].glossed()[0]
        expect(story.locator("#story-key")).to_contain_text(f"{term}: {meaning}")
        assert page.evaluate("document.activeElement.id") == "story-heading"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        if key == "citadel-of-blood":  # simulated in parts: the picture once the last part is in
            done = "simulated (fights from each action"
            expect(story.locator("#story-status")).to_contain_text(done, timeout=120_000)
        with page.expect_download() as download:
            story.get_by_role("button", name="Save picture").click()
        png = Path(download.value.path()).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (1200, 630)
        drawn = page.evaluate("window.pyrulesDrawn")
        assert names in drawn and summary["book"] in drawn
        assert f"{summary['outcome'].capitalize()} after {summary['rounds']} round" in " ".join(drawn)
        assert not any("Shared" in text for text in drawn)
        assert errors == []
    finally:
        context.close()
    OPENED.append(key)


def test_every_registered_book_was_opened_from_a_link():
    assert sorted(OPENED) == sorted(SYSTEMS) and len(OPENED) == 5


def adventure_link(fights: int = 3) -> tuple[str, dict]:
    document = lone_wolf()
    document["fights"] = document["fights"][:fights]
    reply = json.loads(api.call(json.dumps({"op": "share_adventure", "adventure": document})))
    return "#a=" + reply["code"], document


def own_fight(page) -> tuple[str | None, str | None]:
    """The fight this browser opens next (its id) and that fight as stored."""
    entries = stored(page, "pyrules:")
    current = entries.get("pyrules:current")
    return current, entries.get(f"pyrules:fight:{current}")


def saved_names(page) -> list[str]:
    return page.locator("#save-list .save-name").all_inner_texts()


def test_looking_at_a_friends_fight_and_adventure_leaves_ones_own_as_it_was(page, base_url):
    """One's own Fighting Fantasy fight mid-fight; a friend's fight link and a friend's adventure link opened (a fight
    of it looked at); the app opened again: one's own fight, unchanged, and nothing new in Saved fights. Keep adds the
    friend's adventure to Saved fights without making it one's own current adventure."""
    set_up(page, "Dungeons of the Black Castle", {"SKILL": 10, "STAMINA": 18, "LUCK": 9},
           [{"Enemy name": "ОРК", "Enemy SKILL": 7, "Enemy STAMINA": 8}])  # fmt: skip
    page.get_by_role("button", name="Fight round").click()
    own = page.locator("#fight-heading").inner_text()
    wait_for(page, lambda: own_fight(page)[1] is not None, "one's own fight kept")
    before = own_fight(page)
    page.goto(base_url + "#f=" + share.encode(finished("lone-wolf").record()))
    expect(page.locator("#fight-heading")).to_have_text("Banedon vs Enemy", timeout=BOOT_TIMEOUT)
    link, document = adventure_link()
    page.goto(base_url + link)
    overview = page.get_by_role("region", name="Banedon")
    expect(overview).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(overview.locator("#friend-book")).to_have_text("Dawn of the Darklords · 3 fights")
    items = overview.locator("#friend-fights li")
    expect(items).to_have_count(3)
    for item, name in zip(items.all(), ["Giak", "Kraan", "Doomwolf"], strict=True):
        expect(item).to_contain_text(f"Banedon vs {name}")
        expect(item).to_contain_text("won after")
        expect(item).to_contain_text("ENDURANCE 28 → ")
    expect(overview.locator(".story-svg circle")).to_have_count(3)
    for view in ("#setup", "#saves", "#fight", "#odds"):
        expect(page.locator(view)).to_be_hidden()
    items.nth(1).get_by_role("button").click()
    expect(page.locator("#fight-heading")).to_have_text("Section 20")  # the sharer's name for it
    expect(page.locator("#story-summary")).not_to_be_empty()
    page.get_by_role("button", name="Back to the adventure").click()
    expect(overview).to_be_visible()
    assert page.evaluate("document.activeElement.textContent") == "Section 20"
    page.goto(base_url)
    expect(page.locator("#fight-heading")).to_have_text(own, timeout=BOOT_TIMEOUT)
    assert own_fight(page) == before  # the same fight, still the current one, not written since
    expect(page.locator("#ff-log li")).not_to_have_count(0)
    assert saved_names(page) == [own]
    # kept: listed apart, under the friend's hero, titled by its fighters; one's own adventure stays current
    page.goto(base_url + link)
    page.get_by_role("button", name="Keep this adventure").click()
    expect(page.locator("#friend-status")).to_have_text("Kept in your saved fights.")
    page.get_by_role("button", name="Back to my fights").click()
    expect(page.locator("#fight")).to_be_visible()
    expect(page.locator("#fight-heading")).to_have_text(own)
    page.goto(base_url)
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(page.locator("#fight-heading")).to_have_text(own)
    assert own_fight(page) == before
    names = saved_names(page)
    assert len(names) == 4 and own in names
    assert {"Shared: Section 10", "Shared: Section 20", "Shared: Section 30"} <= set(names)  # the sharer's names
    page.get_by_role("button", name="New fight").click()  # one's own book and hero, as the fight left him
    expect(page.get_by_role("radio", name="Dungeons of the Black Castle")).to_be_checked()
    expect(page.get_by_label("SKILL", exact=True)).to_have_value("10")


def test_a_friends_fight_played_on_is_kept_and_ones_own_adventure_keeps_its_hero(page, base_url):
    """Play on from here: the friend's fight becomes a saved fight of its own adventure, not one's own book's
    current adventure (its hero is not the friend's)."""
    fight = finished("lone-wolf")
    record = {**fight.record(), "actions": fight.record()["actions"][:1]}  # one round in: it goes on
    page.goto(base_url + "#f=" + share.encode(record))
    page.get_by_role("button", name="Play on from here").click(timeout=BOOT_TIMEOUT)
    fight_round(page)
    page.get_by_role("button", name="New fight").click()
    expect(page.locator("#save-list .save-name")).to_have_text(["Shared: Banedon vs Enemy"])
    expect(page.get_by_role("radio", name="Dawn of the Darklords")).to_be_checked()
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("")  # one's own sheet: nothing typed yet


def test_a_friends_fight_looked_at_leaves_the_book_one_plays_chosen_for_the_next_visit(page, base_url):
    page.get_by_role("radio", name="Freeway Warrior").check()  # one's own book, chosen
    page.goto(base_url + "#f=" + share.encode(finished("lone-wolf").record()))
    expect(page.locator("#fight-heading")).to_have_text("Banedon vs Enemy", timeout=BOOT_TIMEOUT)
    page.goto(base_url)  # the app opened again, with no link
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
    expect(page.get_by_role("radio", name="Freeway Warrior")).to_be_checked()
