"""A long fight drawn without freezing (web/screens/log.js, story.js; pyrules.api's log pages): a shared fight of 1,500
rounds against 20 opens with the last rounds one answer of the rules carries, and Show earlier actions brings the ones
before, a page at a time, in order; a long fight's story draws its line without a dot for every action and makes its
table when it is opened. The longest a link may be (5,000 rounds) and how long it takes are the bench's (python3
build.py bench: the 5,000-round link's row), not a test's: its replay takes about half of a request's 3 s, and beside
another load it passed them ("too large to answer", as on a phone too slow for it)."""

from __future__ import annotations

import json
import re

from conftest import BOOT_TIMEOUT
from playwright.sync_api import expect

from pyrules import Fight, api, share
from pyrules.benchmark import LONG_LINK


def rounds_drawn(page) -> list[int]:
    """The rounds of the log's cards, in the page's order (the oldest first: the log is shown newest first)."""
    titles = page.locator("#ff-log > li").evaluate_all("(cards) => cards.map((c) => c.textContent)")
    return [int(re.match(r"Round (\d+)", title)[1]) for title in titles]


ROUNDS = 1500  # the first rounds of the bench's longest link: 8 pages of the log


def test_a_shared_long_fight_opens_on_its_last_rounds_and_brings_earlier_ones_a_page_at_a_time(context, base_url):
    record = {**LONG_LINK, "actions": LONG_LINK["actions"][:ROUNDS]}
    fight = Fight.from_record(record)
    last = json.loads(json.dumps(api._tail(fight)))  # the events as the page gets them: with their words
    assert len(fight.log) == ROUNDS and 0 < len(last["log"]) < 30  # a round against those left: a line each, and one
    page = context.new_page()
    page.goto(base_url + "#f=" + share.encode(record))
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(page.locator("#ff-log > li")).to_have_count(len(last["log"]))
    assert rounds_drawn(page) == list(range(last["log_from"] + 1, ROUNDS + 1))
    earlier = page.get_by_role("button", name=re.compile("^Show earlier actions"))
    expect(earlier).to_have_text(f"Show earlier actions ({last['log_from']} more)")

    page.get_by_role("button", name="Play on from here").click()  # the friend's own copy: the log in full view
    expect(earlier).to_be_visible()
    before = api._tail(fight, last["log_from"])
    earlier.click()
    expect(earlier).to_have_text(f"Show earlier actions ({before['log_from']} more)")
    assert rounds_drawn(page) == list(range(before["log_from"] + 1, ROUNDS + 1))
    page.close()


def test_a_long_fights_story_draws_its_line_and_makes_its_table_when_opened(context, base_url):
    """450 rounds that change nothing (nobody loses ENDURANCE): past 400 actions, only a marked action has its dot
    (none here), and the table, made 250 rows a task once opened, holds every action."""
    record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 1,
              "hero": {"skill": 15, "endurance": 20}, "enemies": [{"name": "Giak", "skill": 15, "endurance": 20}],
              "rules": {"enemy_loss_multiplier": 0, "hero_loss_multiplier": 0},
              "actions": [{"do": "round"}] * 450}  # fmt: skip
    page = context.new_page()
    page.goto(base_url + "#f=" + share.encode(record))
    story = page.locator("#story")
    chart = story.get_by_role("slider", name="Chance to win, action by action")
    expect(chart).to_have_attribute("aria-valuemax", "450", timeout=BOOT_TIMEOUT)
    expect(chart.locator(".line")).to_have_count(1)
    expect(chart.locator(".dot")).to_have_count(0)
    expect(page.locator("#story-table tbody tr")).to_have_count(0)  # not made until opened (its caption is)
    expect(page.locator("#story-table")).to_be_attached()
    story.get_by_text("The story as a table").click()
    table = story.get_by_role("table", name="The fight, action by action")
    expect(table.locator("tbody tr")).to_have_count(450)
    expect(table.locator("tbody tr").last.locator("td").first).to_have_text("450")
    page.close()
