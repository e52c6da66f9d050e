"""Items of the Action Chart used in a Lone Wolf-family fight, from its screen: a button for each item that may be
used now, in the rules' words, pressed by mouse or keyboard; the log's card; the odds panel's line on what using it
now changes, the rules' own exact numbers."""

from __future__ import annotations

import json

from conftest import BOOT_TIMEOUT, log_cards, play_on
from playwright.sync_api import expect
from test_odds import shown

from pyrules import api, share

ODDS_TIMEOUT = 120_000  # the odds' own worker starts once the rules' worker is ready
LAUMSPUR = {"name": "Laumspur", "endurance": 4, "uses": 2, "in_fight": True}
ALETHER = {"name": "Alether", "skill": 2, "uses": 1, "in_fight": True}
RECORD = {
    "format": "pyrules-fight",
    "version": 1,
    "system": "lone-wolf",
    "hero": {"skill": 15, "endurance": 12, "endurance_max": 25,
             "chart": {"backpack": [LAUMSPUR, ALETHER], "special": [{"name": "Silver Helm", "skill": 2}]}},
    "enemies": [{"name": "Gourgaz", "skill": 20, "endurance": 30}],
    "seed": 7,
    "actions": [],
}  # fmt: skip


def uses_said(actions):
    """The odds' lines on each item, as the panel writes them for the fight after ``actions``: the rules' words, the
    chances as the panel writes every chance (the rules' own exact numbers)."""
    reply = json.loads(api.call(json.dumps({"op": "odds", "record": {**RECORD, "actions": actions}})))
    return [f"Use {use['item']} now: win {shown(use['win_now'])} → {shown(use['win_after'])}" for use in reply["uses"]]


def test_an_item_used_from_the_fight_screen_with_its_odds_line_and_its_log_card(page, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(base_url + "#f=" + share.encode(RECORD))
    expect(page.get_by_role("heading", name="Banedon vs Gourgaz")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    odds = page.get_by_role("complementary", name="Odds")
    before = uses_said([])
    for text in before:
        expect(odds.get_by_text(text, exact=True)).to_be_attached(timeout=ODDS_TIMEOUT)
    laumspur = page.get_by_role("button", name="Use Laumspur: +4 ENDURANCE", exact=True)
    laumspur.click()
    expect(log_cards(page)).to_have_count(1)
    card = log_cards(page).first
    expect(card.locator(".log-title")).to_have_text("Laumspur")
    expect(card.locator(".log-line")).to_have_text("Laumspur used: ENDURANCE 16, COMBAT SKILL 17.")
    after = uses_said([{"do": "use", "item": "Laumspur"}])
    expect(odds.get_by_text(after[0], exact=True)).to_be_attached(timeout=ODDS_TIMEOUT)
    # from the keyboard: Alether, whose one use takes its button away
    alether = page.get_by_role("button", name="Use Alether: +2 COMBAT SKILL", exact=True)
    alether.focus()
    page.keyboard.press("Enter")
    expect(log_cards(page)).to_have_count(2)
    expect(alether).to_have_count(0)
    expect(page.locator(".ratio")).to_contain_text("−1")  # 15, the Silver Helm's 2 carried, Alether's 2 against 20
    # undone: its card goes, its button comes back
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(log_cards(page)).to_have_count(1)
    expect(alether).to_be_visible()
    expect(page.locator(".ratio")).to_contain_text("−3")
    width = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], width  # the buttons fit a 360 px phone
