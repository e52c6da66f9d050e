"""The story's two lines where a fight has a way out (the worth it is judged by, and the chance to win fighting on to
the end, each by its name: chart, step, table, a link's preview), and one fight's story on screen at a time."""

from __future__ import annotations

import json

import pytest
from conftest import BOOT_TIMEOUT, fight_round, set_up
from playwright.sync_api import expect

from pyrules import api, share

# Banedon 15/24 against a Doomwolf 20/30, evasion allowed after round 3: won in round 7, a coin flip fought on.
NUMBERS = (9, 2, 3, 4, 7, 8, 8)
DOOMWOLF = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 7,
            "hero": {"skill": 15, "endurance": 24}, "enemies": [{"name": "Doomwolf", "skill": 20, "endurance": 30}],
            "rules": {"evade_after": 3}, "actions": [{"do": "round", "number": n} for n in NUMBERS]}  # fmt: skip
ALIVE = "Chance to come through alive (a win or a way out)"


def call(**request) -> dict:
    return json.loads(api.call(json.dumps(request)))


def shared(record: dict) -> tuple[str, list]:
    """The link Share makes of the record, with its preview."""
    code = call(op="share", session=call(op="restore", record=record)["session"])["code"]
    return code, share.decode_shared(code)[1]


def test_a_fight_with_a_way_out_tells_both_lines_each_by_its_name(page, base_url):
    story_of = call(op="review", record=DOOMWOLF)
    page.goto(base_url + "#f=" + share.encode(DOOMWOLF))
    story = page.get_by_role("region", name="The fight's story")
    expect(story.locator("#story-summary")).to_contain_text(
        "At the start, the chance to win fighting on to the end was 46", timeout=BOOT_TIMEOUT
    )
    expect(story.locator(".story-svg path.line")).to_have_count(2)
    expect(story.locator(".story-svg path.line.win")).to_have_count(1)
    expect(story.locator(".story-legend")).to_have_text(f"{ALIVE} Chance to win")
    chart = story.get_by_role("slider", name=f"{ALIVE}, action by action")
    chart.focus()
    page.keyboard.press("Home")
    step = story.locator("#story-step")
    expect(step).to_contain_text("Chance to come through alive before: 100%. Chance to win before: 46%.")
    story.get_by_text("The story as a table").click()
    table = story.get_by_role("table", name="The fight, action by action")
    expect(table.locator("thead th")).to_have_text(["Round", "Action", "Chance to come through alive before",
                                                    "Chance to win before", "Choice", "Luck", "Mark"])  # fmt: skip
    wins = [f"{round(100 * row['win'])}%" for row in story_of["rows"]]
    expect(table.locator("tbody tr td:nth-child(4)")).to_have_text(wins)


def test_a_fight_without_a_way_out_keeps_its_one_line(page, base_url):
    record = {**DOOMWOLF, "rules": {}, "actions": DOOMWOLF["actions"][:6]}
    page.goto(base_url + "#f=" + share.encode(record))
    story = page.get_by_role("region", name="The fight's story")
    expect(story.locator("#story-summary")).to_contain_text("after 6 rounds.", timeout=BOOT_TIMEOUT)
    expect(story.locator(".story-svg path.line")).to_have_count(1)
    expect(story.locator(".story-legend")).to_have_count(0)
    expect(story.locator("#story-measure")).to_have_text("Chance to win")


@pytest.mark.parametrize("old", [False, True], ids=["with-the-line", "old-link"])
def test_a_links_preview_draws_the_second_line_and_an_old_link_its_one(browser, base_url, old):
    """Before the rules load (their worker refused), the preview draws what the link carries: both lines, each
    named; a link made before the chance to win was carried draws its one line, as it did."""
    code, carried = shared(DOOMWOLF)
    if old:
        code = share.encode(DOOMWOLF, preview=[*carried[:5], carried[5][:6]])
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        context.route("**/worker.js", lambda route: route.abort())
        page = context.new_page()
        page.goto(base_url + "#f=" + code)
        story = page.locator("#story")
        expect(story.locator("#story-summary")).to_have_text("Won after 7 rounds.")
        expect(story.locator(".story-svg circle.dot")).to_have_count(len(NUMBERS))
        expect(story.locator(".story-svg path.line")).to_have_count(1 if old else 2)
        expect(story.locator(".story-legend")).to_have_count(0 if old else 1)
        story.locator("#story-chart").focus()
        page.keyboard.press("Home")
        first = "Round 1: Chance to come through alive before: 100%."
        expect(story.locator("#story-step")).to_have_text(first if old else f"{first} Chance to win before: 46%.")
        if not old:
            expect(story.locator(".story-legend")).to_have_text(f"{ALIVE} Chance to win")
    finally:
        context.close()


# In the page: whether the story box ever showed the summary it holds now while it was not that fight's any more
# (installed once the first story is told; checked at every change of the story, before the page is painted).
STALE_JS = """(first) => {
  const box = document.getElementById("story"), summary = document.getElementById("story-summary");
  window.pyrulesStale = [];
  new MutationObserver(() => {
    if (!box.hidden && summary.textContent === first) window.pyrulesStale.push(box.textContent.slice(0, 200));
  }).observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


def test_another_fights_story_is_never_shown_while_this_ones_is_told(page):
    """One fight played to its end, its story told; then another: from the moment the second story's box shows,
    the first's summary is never in it, not for a frame (a MutationObserver sees every state the page could paint)."""
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 28},
           [{"Enemy name": "Gourgaz", "Enemy COMBAT SKILL": 16, "Enemy ENDURANCE": 30}])  # fmt: skip
    story = page.get_by_role("region", name="The fight's story")
    for number in (5, 6, 2, 7, 4, 5):
        fight_round(page, number)
    summary = story.locator("#story-summary")
    expect(summary).to_contain_text("Won after 6 rounds.", timeout=BOOT_TIMEOUT)
    expect(story.locator("#story-status")).to_have_text("")
    first = summary.text_content()
    page.evaluate(STALE_JS, first)
    page.get_by_role("button", name="New fight").click()
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 28},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 10, "Enemy ENDURANCE": 3}])  # fmt: skip
    fight_round(page, 9)
    expect(summary).to_contain_text("Won after 1 round.", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.pyrulesStale") == []
