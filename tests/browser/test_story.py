"""The fight's story (web/screens/story.js): a shared fight opens on it, read-only until the friend plays on; the chart
steps by keyboard and tap; the table; the picture; "Fight it yourself"; the story of a fight played to its end."""

from __future__ import annotations

import re
import struct

import pytest
from conftest import BOOT_TIMEOUT, fight_round, round_cards, set_up
from playwright.sync_api import expect

from pyrules import Fight, share
from pyrules.systems import SYSTEMS

NUMBERS = (5, 6, 2, 7, 4, 5)  # Banedon against Gourgaz: won in six rounds


def record(numbers=NUMBERS):
    return {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 5,
            "hero": {"skill": 15, "endurance": 28}, "enemies": [{"name": "Gourgaz", "skill": 16, "endurance": 30}],
            "actions": [{"do": "round", "number": n} for n in numbers]}  # fmt: skip


def open_link(page, base_url, fight):
    page.goto(base_url + "#f=" + share.encode(fight))
    story = page.get_by_role("region", name="The fight's story")
    expect(story.locator("#story-summary")).not_to_be_empty(timeout=BOOT_TIMEOUT)
    return story


def test_a_shared_fight_opens_on_its_story_and_steps_by_keyboard(page, base_url):
    story = open_link(page, base_url, record())
    expect(story.locator("#story-summary")).to_contain_text("Won after 6 rounds.")
    expect(story.locator("#story-summary")).to_contain_text("The random numbers went Banedon's way")
    chart = story.get_by_role("slider", name="Chance to win, action by action")
    expect(chart).to_have_attribute("aria-valuemax", "6")
    chart.focus()
    page.keyboard.press("Home")
    expect(chart).to_have_attribute("aria-valuenow", "0")
    step = story.locator("#story-step")
    expect(step).to_contain_text("Round 1: fight on.")
    expect(step).to_contain_text("Chance to win before: >\u00a099%.")  # 99.9 %: not certain, never "100%"
    expect(step).to_contain_text("Log: Round 1 · picked 5")
    expect(step).to_contain_text("After it: Banedon: ENDURANCE 25 · Gourgaz: ENDURANCE 24.")
    expect(page.locator('#fight [data-action="0"]')).to_have_class(re.compile(r"\bstory-at\b"))
    page.keyboard.press("ArrowRight")
    expect(chart).to_have_attribute("aria-valuenow", "1")
    expect(step).to_contain_text("Round 2: fight on.")
    expect(page.locator('#fight [data-action="0"]')).not_to_have_class(re.compile(r"\bstory-at\b"))
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text("Chance to win before: 100%.")  # round 6: certain
    page.keyboard.press("End")
    expect(step).to_contain_text("The end. Banedon: ENDURANCE 9 · Gourgaz: ENDURANCE 0.")
    expect(chart).to_have_attribute("aria-valuetext", step.inner_text())
    # the same, read as a table: one row per action
    story.get_by_text("The story as a table").click()
    table = story.get_by_role("table", name="The fight, action by action")
    expect(table.locator("tbody tr")).to_have_count(6)
    expect(table.locator("tbody tr").first.locator("td").nth(1)).to_have_text("fight on")
    # a finished fight: nothing to play on; the fight's own controls are not there to press
    expect(story.get_by_role("button", name="Play on from here")).to_be_hidden()
    expect(story.get_by_role("button", name="Fight it yourself")).to_be_visible()
    expect(page.get_by_role("button", name="Undo")).to_be_hidden()


def test_a_step_keeps_the_dice_of_its_log_row(page, base_url):
    """A Fighting Fantasy round's dice are faces on the screen (pictures): the step reads them as their numbers."""
    fight = {"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy", "seed": 1,
             "hero": {"skill": 10, "stamina": 18, "luck": 9}, "enemies": [{"name": "ОРК", "skill": 7, "stamina": 4}],
             "actions": [{"do": "round", "target": 0, "dice": [[3, 5], [4, 2]]}]}  # fmt: skip
    story = open_link(page, base_url, fight)
    chart = story.get_by_role("slider", name="Chance to win, action by action")
    chart.focus()
    page.keyboard.press("Home")
    step = story.locator("#story-step")
    expect(step).to_contain_text(": 3+5 + 10 = 18")  # 18 against the ОРК's 13: a wound
    expect(step).to_contain_text("ОРК (your target): 4+2 → 13")


def test_tapping_the_chart_steps_to_that_round(page, base_url):
    story = open_link(page, base_url, record())
    chart = story.get_by_role("slider", name="Chance to win, action by action")
    box = chart.bounding_box()
    assert box is not None
    # the chart's 420 units: 46 of axis, then six steps of 60.67; the third round's point at 46 + 2 × 60.67
    page.mouse.click(box["x"] + box["width"] * (46 + 2 * 60.67) / 420, box["y"] + box["height"] / 2)
    expect(chart).to_have_attribute("aria-valuenow", "2")
    expect(story.locator("#story-step")).to_contain_text("Round 3: fight on.")


def test_play_on_from_here_gives_the_controls_back(page, base_url):
    story = open_link(page, base_url, record(NUMBERS[:3]))
    expect(story.locator("#story-summary")).to_contain_text("The fight goes on after 3 rounds.")
    expect(page.get_by_role("button", name="Fight round")).to_be_hidden()  # read-only
    story.get_by_role("button", name="Play on from here").click()
    expect(page.get_by_role("button", name="Fight round")).to_be_visible()
    expect(story).to_be_hidden()  # the fight goes on: its story comes back when it ends
    fight_round(page, 7)
    fight_round(page, 4)
    fight_round(page, 5)
    expect(page.locator("#outcome")).to_contain_text("Victory")
    expect(story).to_be_visible()
    expect(story.locator("#story-summary")).to_contain_text("Won after 6 rounds.")


def test_fight_it_yourself_starts_the_same_set_up_as_ones_own(page, base_url):
    story = open_link(page, base_url, record())
    story.get_by_role("button", name="Fight it yourself").click()
    expect(page.get_by_role("heading", name="Banedon vs Gourgaz")).to_be_visible()
    expect(round_cards(page)).to_have_count(0)
    expect(page.get_by_role("button", name="Fight round")).to_be_visible()
    expect(page.locator("#hero-status")).to_contain_text("28 / 28")
    expect(story).to_be_hidden()
    for number in (6, 7, 1, 2, 0, 3, 4, 8, 9, 5, 6, 7):  # to its end, another way than the friend's
        if page.locator("#outcome").inner_text():
            break
        fight_round(page, number)
    # both stories on one chart: this fight's, and the shared one it fought again
    expect(story.locator("#story-summary")).not_to_be_empty(timeout=BOOT_TIMEOUT)
    expect(story.locator(".story-svg path.line")).to_have_count(2)
    expect(story.locator(".story-legend")).to_have_text("This fight Banedon vs Gourgaz")


def test_save_picture_downloads_a_png_of_1200_by_630(page, base_url, tmp_path):
    story = open_link(page, base_url, record())
    with page.expect_download() as download:
        story.get_by_role("button", name="Save picture").click()
    path = tmp_path / "story.png"
    download.value.save_as(path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    assert struct.unpack(">II", data[16:24]) == (1200, 630)
    assert download.value.suggested_filename == "Banedon vs Gourgaz.png"  # the fighters, as the picture names them


def test_a_fight_played_to_its_end_shows_its_story(page):
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 28},
           [{"Enemy name": "Gourgaz", "Enemy COMBAT SKILL": 16, "Enemy ENDURANCE": 30}])  # fmt: skip
    story = page.get_by_role("region", name="The fight's story")
    for number in NUMBERS[:-1]:
        fight_round(page, number)
        expect(story).to_be_hidden()
    fight_round(page, NUMBERS[-1])
    expect(story.locator("#story-summary")).to_contain_text("Won after 6 rounds.", timeout=BOOT_TIMEOUT)
    expect(story.get_by_role("button", name="Fight it yourself")).to_be_hidden()  # one's own fight: not a link's
    page.get_by_role("button", name="Undo").click()
    expect(story).to_be_hidden()


# Holds the rules' "review" requests (the story's) until released, marking the page once one is held.
HOLD_REVIEWS = """() => {
  window.heldReviews = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    const request = message && typeof message.request === "string" ? JSON.parse(message.request) : {};
    if (request.op !== "review" || !window.heldReviews) return post.call(this, message, ...rest);
    window.heldReviews.push(() => post.call(this, message, ...rest));
    document.body.dataset.heldReview = "yes";
  };
}"""


def test_the_story_drawn_after_the_outcome_moves_none_of_the_fights_buttons(page):
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 28},
           [{"Enemy name": "Gourgaz", "Enemy COMBAT SKILL": 16, "Enemy ENDURANCE": 30}])  # fmt: skip
    page.evaluate(HOLD_REVIEWS)
    for number in NUMBERS:
        fight_round(page, number)
    expect(page.locator("body")).to_have_attribute("data-held-review", "yes")  # the outcome shown, its story asked
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_enabled()
    before = undo.bounding_box()
    page.evaluate("() => { const held = window.heldReviews; window.heldReviews = null; held.forEach((go) => go()); }")
    summary = page.locator("#story-summary")
    expect(summary).to_contain_text("Won after 6 rounds.", timeout=BOOT_TIMEOUT)
    assert undo.bounding_box() == before  # a tap aimed at Undo as the story comes still lands on Undo
    assert before and page.locator("#story-chart").bounding_box()["y"] > before["y"] + before["height"]


@pytest.mark.parametrize("width", [360, 1280])
def test_the_story_in_russian_fits_the_screen(browser, base_url, width):
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": 800}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(base_url + "#f=" + share.encode(record()))
        story = page.get_by_role("region", name="История боя")
        expect(story.locator("#story-summary")).to_contain_text("Победа после 6 раундов.", timeout=BOOT_TIMEOUT)
        expect(story.get_by_role("button", name="Сохранить картинку")).to_be_visible()
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, wide
        chart = story.get_by_role("slider", name="Шанс на победу, действие за действием")
        chart.focus()
        page.keyboard.press("Home")
        expect(story.locator("#story-step")).to_contain_text("Раунд 1: продолжать бой.")
    finally:
        context.close()


def test_a_whole_adventure_in_one_link_opens_on_its_overview_each_fight_with_its_story(page, base_url, browser):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
    from test_adventure_link import lone_wolf

    document = lone_wolf(typed=True)
    page.goto(base_url + "#f=" + share.encode(document))
    overview = page.get_by_role("region", name="Banedon")
    expect(overview.locator("#friend-fights li")).to_have_count(10, timeout=BOOT_TIMEOUT)
    overview.get_by_role("button", name="Section 30").click()
    story = page.get_by_role("region", name="The fight's story")
    expect(story.locator("#story-summary")).not_to_be_empty(timeout=BOOT_TIMEOUT)
    expect(page.get_by_role("heading", name="Section 30")).to_be_visible()
    page.get_by_role("button", name="Back to the adventure").click()
    page.get_by_role("button", name="Keep this adventure").click()
    page.get_by_role("button", name="Back to my fights").click()
    group = page.locator(".adventure-group").filter(has_text="Unnamed hero · Dawn of the Darklords")
    fights = group.locator(".save")
    expect(fights).to_have_count(10)
    # shared again from this browser: the same ten fights in a link of its own
    group.get_by_role("button", name="Share the adventure: Unnamed hero · Dawn of the Darklords").click()
    link = group.get_by_role("textbox", name="Adventure link")
    expect(link).to_have_value(re.compile(r"#a=3\."))  # an adventure's: its first paint says so (link.js)
    other = browser.new_context(service_workers="block")
    try:
        friend = other.new_page()
        friend.goto(link.input_value())
        expect(friend.locator("#friend-fights li")).to_have_count(10, timeout=BOOT_TIMEOUT)
    finally:
        other.close()
    # the link pasted into the app with a fight open: its overview, and nothing kept twice
    fights.first.get_by_role("button", name="Resume").click()
    expect(page.locator("#fight")).to_be_visible()
    page.goto(base_url + "#f=" + share.encode(document))
    expect(overview).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(page.locator("#fight")).to_be_hidden()
    page.get_by_role("button", name="Back to my fights").click()
    expect(page.locator("#fight")).to_be_visible()
    page.get_by_role("button", name="New fight").click()
    expect(page.locator(".adventure-group").filter(has_text="Unnamed hero · Dawn of the Darklords")).to_have_count(1)


def almuric_against_the_medusa():
    """Citadel of Blood: Almuric alone against the Medusa, played to its end by the simulation's plain policy (seed 1:
    18 actions, lost from a chance of about 91 %)."""
    citadel = SYSTEMS["citadel-of-blood"]
    fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": citadel.key, "seed": 1,
                               "hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "medusa"}],
                               "actions": []})  # fmt: skip
    policy = citadel.simulation_policy()
    while fight.state.outcome == "ongoing":
        fight.apply(citadel.action_json(policy(citadel, fight.setup, fight.state, 0)))
    return fight.record()


def test_a_citadel_fight_tells_its_story_simulated_in_parts_with_its_errors(page, base_url):
    fight = almuric_against_the_medusa()
    page.goto(base_url + "#f=" + share.encode(fight))
    story = page.get_by_role("region", name="The fight's story")
    status = story.locator("#story-status")
    # drawn part by part (the first parts come before the whole is simulated), then said to be simulated
    expect(status).to_contain_text("The story is being simulated: fights played,", timeout=BOOT_TIMEOUT)
    # each state's fights: fewer where its interval is narrow soon (a range, "140–380")
    simulated = re.compile(r"The chance to win is simulated \(fights from each action: \d+(–\d+)?; in brackets, its "
                           r"95 % interval; after ±, the 95 % error of a change\)\.")  # fmt: skip
    expect(status).to_contain_text(simulated, timeout=60_000)
    summary = story.locator("#story-summary")
    expect(summary).to_contain_text("Lost after")
    expect(summary).to_contain_text("Choices are not judged: the chance to win is simulated, playing one plain way.")
    expect(summary).to_contain_text("the dice and the choices together changed it by")
    expect(summary).not_to_contain_text("luck")
    chart = story.get_by_role("slider", name="Chance to win, action by action")
    expect(chart).to_have_attribute("aria-valuemax", str(len(fight["actions"])))
    assert chart.locator("line.error").count() >= len(fight["actions"]) - 1  # every simulated chance has its bar
    chart.focus()
    page.keyboard.press("Home")
    step = story.locator("#story-step")
    expect(step).to_contain_text("Round 1: Almuric: Attack → Medusa.")
    # on one line (no-break spaces): the chance with its interval, unless the interval rounds to the chance itself
    chance, change = r"\d+\s%(\s\(\d+–\d+\s%\))?", r"[−+]?\d+\s%\s±\s\d+\s%"
    expect(step).to_contain_text(
        re.compile(rf"Chance to win before: {chance}\. Not judged; the chance changed by {change}\."))
    expect(step).not_to_contain_text("Luck:")  # a simulated story does not tell the dice from the choices
    expect(step).to_contain_text("After it: A Almuric: Wound Points")
    # read-only: the board stays in view, but is not played; the phase's buttons are not there to press
    expect(page.locator("#cob-board")).to_be_visible()
    assert page.evaluate("document.querySelector('#fight-controls').inert")
    expect(page.get_by_role("button", name="End the party's attacks")).to_be_hidden()
