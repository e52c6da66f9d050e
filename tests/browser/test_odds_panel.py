"""The odds beside the fight on wide screens and a one-line summary that opens on phones; Grey Star's advice
you can act on ("Spend 3 now" fills the field and stays until a round is fought, every proposed spend is one the
fight accepts); evasion advice that says what each number assumes; an empty set-up told what it still needs."""

from __future__ import annotations

import json
import math
import re

import pytest
from conftest import BOOT_TIMEOUT, set_up
from playwright.sync_api import expect
from test_odds import ODDS_TIMEOUT, exact_win, panel, record, shown

from pyrules import Fight, api
from pyrules.systems.lonewolf.odds import grey_star_policy

HERO = {"COMBAT SKILL": "15", "ENDURANCE": "20"}
GIAK = [{"Enemy name": "Giak", "Enemy COMBAT SKILL": "18", "Enemy ENDURANCE": "20"}]
GIAK_RECORD = record("lone-wolf", {"skill": 15, "endurance": 20}, [{"name": "Giak", "skill": 18, "endurance": 20}])


@pytest.fixture
def sized(browser, base_url):
    """Opens the app at a given viewport size; console errors and page errors fail the test."""
    contexts, problems = [], []

    def open_page(width, height):
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.goto(base_url)
        expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert problems == []


def in_view(box, page):
    size = page.viewport_size
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]


@pytest.mark.parametrize("width,height", [(1280, 900), (1680, 1050)])
def test_the_odds_sit_beside_the_fight_in_view_and_the_saves_under_the_left_column(sized, width, height):
    page = sized(width, height)
    setup, saves, odds = page.locator("#setup"), page.locator("#saves"), panel(page)
    # The set-up: the odds on its right, the saved fights under it.
    assert odds.bounding_box()["x"] >= setup.bounding_box()["x"] + setup.bounding_box()["width"]
    assert saves.bounding_box()["y"] > setup.bounding_box()["y"] + setup.bounding_box()["height"]
    assert saves.bounding_box()["x"] == setup.bounding_box()["x"]
    set_up(page, "Dawn of the Darklords", HERO, GIAK)
    chart = odds.get_by_role("img", name="Chance of each ENDURANCE at the end of the fight")
    expect(chart).to_be_visible(timeout=ODDS_TIMEOUT)
    fight = page.locator("#fight").bounding_box()
    for scrolled in (0, 2000):  # at the top of the page and scrolled down: the panel stays in view (sticky)
        page.mouse.wheel(0, scrolled)
        page.wait_for_timeout(200)
        box = odds.bounding_box()
        assert box["x"] >= fight["x"] + fight["width"], (box, fight)
        assert in_view(box, page), (box, page.viewport_size)
        assert in_view(chart.bounding_box(), page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sideways


def test_on_a_phone_a_one_line_summary_opens_the_panel(sized):
    page = sized(390, 844)
    set_up(page, "Dawn of the Darklords", HERO, GIAK)
    win = shown(exact_win(GIAK_RECORD))
    summary = panel(page).get_by_role("button", name=f"Win {win} · Combat Ratio −3")
    expect(summary).to_be_visible(timeout=ODDS_TIMEOUT)
    expect(summary).to_have_attribute("aria-expanded", "false")
    box = summary.bounding_box()
    assert box["height"] >= 24 and box["width"] >= 24 and in_view(box, page)  # by the fight's actions, on screen
    assert in_view(page.get_by_role("button", name="Fight round").bounding_box(), page)
    chart = panel(page).get_by_role("img", name="Chance of each ENDURANCE at the end of the fight")
    expect(chart).to_be_hidden()
    summary.focus()
    page.keyboard.press("Enter")
    expect(summary).to_have_attribute("aria-expanded", "true")
    expect(panel(page).get_by_role("status").first).to_have_text(f"Chance to win, fighting to the end: {win}")
    expect(chart).to_be_visible()
    page.keyboard.press("Enter")
    expect(chart).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# Records the actions the page asks the rules to play (the "act" requests posted to a worker).
RECORD_ACTIONS = """() => {
  window.actions = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.request === "string") {
      const request = JSON.parse(message.request);
      if (request.op === "act") window.actions.push(request.action);
    }
    return post.call(this, message, ...rest);
  };
}"""


def test_spend_now_fills_the_field_stays_until_a_round_and_the_fight_accepts_it(page):
    hero = {"skill": 15, "endurance": 25, "willpower": 12}
    enemy = {"name": "Deathgaunt", "skill": 20, "endurance": 30}
    set_up(page, "Grey Star the Wizard", {"COMBAT SKILL": "15", "ENDURANCE": "25", "WILLPOWER": "12"},
           [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": "20", "Enemy ENDURANCE": "30"}])  # fmt: skip
    page.evaluate(RECORD_ACTIONS)
    odds, status = panel(page), panel(page).get_by_role("status").first
    expect(status).to_have_text(re.compile("^Chance to win"), timeout=ODDS_TIMEOUT)
    odds.get_by_role("radio", name="A little").check()
    fight = Fight.from_record(record("grey-star", hero, [enemy]))
    best = grey_star_policy(fight.system, fight.setup, fight.state, 0.005)["spend"]
    assert best and best > 1  # else filling the field would prove nothing
    spend_now = odds.get_by_role("button", name=f"Spend {best} now")
    field = page.get_by_label("WILLPOWER to spend")
    expect(field).to_have_value(str(best))  # the advice fills the field, unasked
    expect(spend_now).to_be_hidden()  # nothing to do: the field holds it
    # The odds follow the new spend; the advice stays through that redraw and through typing in the field.
    with_best = shown(exact_win(record("grey-star", hero, [enemy]), best))
    expect(status).to_have_text(f"Chance to win, fighting to the end: {with_best}")
    field.fill("1")
    with_one = shown(exact_win(record("grey-star", hero, [enemy]), 1))
    expect(status).to_have_text(f"Chance to win, fighting to the end: {with_one}")
    expect(spend_now).to_be_visible()
    spend_now.click()
    expect(field).to_have_value(str(best))
    # Playing the proposed spend: the fight accepts it; the advice was for the state before the round: gone.
    page.get_by_label("Random number", exact=True).fill("5")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#action-error")).to_have_text("")
    assert page.evaluate("window.actions") == [{"do": "round", "number": 5, "willpower": best}]
    # After the round, the advice for the new state, unasked, in the field again.
    after = record("grey-star", hero, [enemy], [{"do": "round", "number": 5, "willpower": best}])
    fight = Fight.from_record(after)
    next_best = grey_star_policy(fight.system, fight.setup, fight.state, 0.005)["spend"]
    expect(odds.get_by_text(re.compile(f"^Best now: spend {next_best}\\."))).to_be_visible(timeout=ODDS_TIMEOUT)
    expect(field).to_have_value(str(next_best))
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(exact_win(after, next_best))}")


def test_a_spend_the_fight_would_refuse_is_refused_by_the_odds_too(page):
    set_up(page, "Grey Star the Wizard", {"COMBAT SKILL": "15", "ENDURANCE": "25", "WILLPOWER": "12"},
           [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": "20", "Enemy ENDURANCE": "30"}])  # fmt: skip
    status = panel(page).get_by_role("status").first
    expect(status).to_have_text(re.compile("^Chance to win"), timeout=ODDS_TIMEOUT)
    page.get_by_label("WILLPOWER to spend").fill("40")
    refused = "WILLPOWER to spend: is 40, more than Grey Star's WILLPOWER (12)"
    expect(status).to_have_text(refused)  # not odds "40 a round" for a round the fight refuses
    expect(panel(page).get_by_text(re.compile(r"\(40 a round\)"))).to_have_count(0)
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#action-error")).to_contain_text("is 40, more than Grey Star's WILLPOWER (12)")


def test_the_evasion_advice_says_what_each_chance_assumes(page):
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": "12", "ENDURANCE": "9"},
           [{"Enemy name": "Helghast", "Enemy COMBAT SKILL": "22", "Enemy ENDURANCE": "30"}],
           rules={"Evasion allowed after round": "0"})  # fmt: skip
    data = record("lone-wolf", {"skill": 12, "endurance": 9}, [{"name": "Helghast", "skill": 22, "endurance": 30}],
                  rules={"evade_after": 0})  # fmt: skip
    odds = panel(page)
    # The advice first, from the rules' best play under the worth the story judges by (coming through alive counts
    # as much as a win, by default): each choice with its chance, the best first; the evasion's and fighting on's
    # are the chances to come through alive.
    reply = json.loads(api.call(json.dumps({"op": "odds", "record": data})))
    best = reply["best"]
    assert reply["evade"]["allowed"] and [c["do"] for c in best["choices"]] == ["evade", "round"]
    expect(odds.locator("#odds-advice p").first).to_have_text("Advice: evade.", timeout=ODDS_TIMEOUT)
    line = " · ".join(f"{c['did']} {shown(c['worth'])}" for c in best["choices"])
    expect(odds.get_by_text(f"Chance to come through alive (a win or a way out): {line}.")).to_be_visible()
    expect(odds.get_by_text(
        f"Why the chances to win differ: {shown(exact_win(data))} assumes you fight to the end; evading gives up the "
        "win for a better chance to survive."
    )).to_be_visible()  # fmt: skip
    # The chance to win is said once, as the headline; the numbers under it are the rest.
    headline = f"Chance to win, fighting to the end: {shown(exact_win(data))}"
    expect(odds.get_by_role("status").first).to_have_text(headline)
    expect(odds.locator("#odds-numbers dt")).to_have_text(["Lose", "Rounds, on average"])
    # what an evasion is worth to the player: asked here, and the advice follows it
    odds.get_by_role("radio", name="nothing").check()
    expect(odds.locator("#odds-advice p").first).to_have_text("Advice: fight on.", timeout=ODDS_TIMEOUT)


def test_evasion_not_yet_allowed_says_when_the_book_allows_it(page):
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": "12", "ENDURANCE": "9"},
           [{"Enemy name": "Helghast", "Enemy COMBAT SKILL": "22", "Enemy ENDURANCE": "30"}],
           rules={"Evasion allowed after round": "3"})  # fmt: skip
    odds = panel(page)
    expect(odds.get_by_text("Evasion is not allowed yet: evasion is allowed only after round 3.")).to_be_visible(
        timeout=ODDS_TIMEOUT
    )
    expect(odds.get_by_role("group", name="An evasion is worth")).to_be_visible()


def test_an_empty_set_up_says_what_it_still_needs(page):
    status = panel(page).get_by_role("status").first
    expect(status).to_have_text("Enter COMBAT SKILL and ENDURANCE to see the odds.")
    expect(panel(page).get_by_text("The odds are being prepared…")).to_have_count(0)
    page.get_by_label("COMBAT SKILL", exact=True).fill("15")
    expect(status).to_have_text("Enter ENDURANCE to see the odds.")
    page.get_by_label("ENDURANCE", exact=True).fill("20")
    expect(status).to_have_text("Enter Enemy COMBAT SKILL to see the odds.", timeout=ODDS_TIMEOUT)  # the rules' word
    page.get_by_label("COMBAT SKILL", exact=True).fill("lots")
    refused = "To see the odds, correct COMBAT SKILL: must be a whole number from 0 to 99, not 'lots'"
    expect(status).to_have_text(refused)
    page.get_by_label("COMBAT SKILL", exact=True).fill("15")
    page.get_by_label("ENDURANCE", exact=True).fill("")
    page.get_by_label("Language").select_option("ru")
    status = page.get_by_role("complementary", name="Шансы").get_by_role("status").first
    expect(status).to_have_text("Чтобы увидеть шансы, введите: ВЫНОСЛИВОСТЬ.")
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    expect(status).to_have_text(re.compile("^Чтобы увидеть шансы, введите: МАСТЕРСТВО и ВЫНОСЛИВОСТЬ"))


# ---- the panel honest at its edges (issue 39, point 5) ---------------------------------------------------------

SURE = record("lone-wolf", {"skill": 20, "endurance": 16}, [{"name": "Giak", "skill": 14, "endurance": 20}])


def test_a_near_certain_fight_is_never_shown_as_certain(page):
    fight = Fight.from_record(SURE)
    odds = json.loads(api.call(json.dumps({"op": "odds", "record": SURE})))
    assert 0.9995 < odds["win"] < 1 and 0 < odds["lose"] < 0.0005, fight.state  # 100 % and 0 % once rounded
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": "20", "ENDURANCE": "16"},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": "14", "Enemy ENDURANCE": "20"}])  # fmt: skip
    status = panel(page).get_by_role("status").first
    expect(status).to_have_text("Chance to win, fighting to the end: > 99.9%", timeout=ODDS_TIMEOUT)
    expect(panel(page).locator("#odds-numbers dd").first).to_have_text("< 0.1%")
    # In Russian and Spanish the same sign before the language's own number
    page.get_by_label("Language").select_option("ru")
    ru = page.get_by_role("complementary", name="Шансы").get_by_role("status").first
    expect(ru).to_have_text("Шанс победы, если биться до конца: > 99,9 %", timeout=ODDS_TIMEOUT)


def test_a_finished_fight_shows_its_outcome_and_no_averages(page):
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": "20", "ENDURANCE": "16"},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": "14", "Enemy ENDURANCE": "20"}])  # fmt: skip
    odds, status = panel(page), panel(page).get_by_role("status").first
    expect(status).to_have_text(re.compile("^Chance to win"), timeout=ODDS_TIMEOUT)
    for _ in range(2):  # two rounds of 0 kill the Giak (checked by the rules below)
        page.get_by_label("Random number", exact=True).fill("0")
        page.get_by_role("button", name="Fight round").click()
    fight = Fight.from_record({**SURE, "actions": [{"do": "round", "number": 0}] * 2})
    assert fight.state.outcome == "won"
    expect(status).to_have_text("The fight is over: won.", timeout=ODDS_TIMEOUT)
    expect(odds.get_by_text(re.compile("on average"))).to_have_count(0)
    expect(odds.locator("#odds-numbers dt")).to_have_count(0)  # no "Lose 0 %": the outcome is certain
    expect(odds.get_by_text(re.compile("Lose"))).to_have_count(0)


def test_citadels_estimate_stays_within_0_and_100_percent(page, base_url):
    from pyrules import share

    party = [{"name": f"Knight {i}", "wound_points": 12, "resistance": 4, "combat_bonus": 2, "weapons": ["sword"]}
             for i in range(3)]  # fmt: skip
    sure = {**record("citadel-of-blood", {"party": party}, [{"monster": "troll", "wound_points": 3}]), "seed": 5}
    # The same fights the page plays (seeded): every one won, so the estimate is 1 and its interval reaches 100 %.
    started = json.loads(api.call(json.dumps({"op": "mc_start", "record": sure})))
    runs = json.loads(api.call(json.dumps({"op": "mc_run", "mc": started["mc"], "n": 1000})))
    assert runs["runs"] == runs["wins"] == 1000 and runs["high"] == 1.0, runs
    low = f"{math.floor(runs['low'] * 1000) / 10:.1f}".removesuffix(".0")  # rounded outwards
    page.goto(base_url + "#f=" + share.encode(sure))
    odds = panel(page)
    odds.get_by_role("button", name="Estimate by simulation").click(timeout=ODDS_TIMEOUT)
    result = odds.get_by_text(re.compile(r"in 1000 simulated fights\.$"))
    expect(result).to_have_text(f"Win > 99.9% (95 % interval {low}% to 100%) in 1000 simulated fights.",
                                timeout=120_000)  # fmt: skip
    # The headline is the interval, never a certainty the simulation cannot give, nor past 100 %.
    expect(odds.get_by_role("status").first).to_have_text(f"Chance to win, fighting to the end: {low}–100%")
    expect(page.locator("#odds-toggle")).to_have_text(f"Win {low}–100%")  # the phone's one-line summary


# ---- Grey Star's advice one tap from the field (issue 39, point 3) ----------------------------------------------

GREY_STAR = {"COMBAT SKILL": "15", "ENDURANCE": "25", "WILLPOWER": "12"}
DEATHGAUNT = [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": "20", "Enemy ENDURANCE": "30"}]
GREY_RECORD = record("grey-star", {"skill": 15, "endurance": 25, "willpower": 12},
                     [{"name": "Deathgaunt", "skill": 20, "endurance": 30}])  # fmt: skip


def advised_spend(data, lam=0.005):
    """The spend the panel advises now (its default worth of a point kept: "A little", 0.5 % of a win)."""
    return json.loads(api.call(json.dumps({"op": "odds", "record": data, "lambda": lam})))["policy"]["spend"]


def test_the_set_ups_odds_assume_the_spend_the_fight_will_advise(page):
    best = advised_spend(GREY_RECORD)
    assert best > 1 and exact_win(GREY_RECORD, best) > exact_win(GREY_RECORD, 1) + 0.2  # else the test proves nothing
    with_best = shown(exact_win(GREY_RECORD, best))
    page.get_by_role("radio", name="Grey Star the Wizard").check()
    for label, value in GREY_STAR.items():
        page.get_by_label(label, exact=True).fill(value)
    for label, value in DEATHGAUNT[0].items():
        page.get_by_role("group", name="Enemy 1").get_by_label(label, exact=True).fill(value)
    odds, status = panel(page), panel(page).get_by_role("status").first
    expect(status).to_have_text(f"Chance to win, spending {best} WILLPOWER a round as advised: {with_best}",
                                timeout=ODDS_TIMEOUT)  # fmt: skip
    expect(odds.locator("#odds-numbers dt").last).to_have_text(
        f"WILLPOWER spent, on average, spending {best} every round"
    )
    # The fight opens at the same chance, the advice in its field.
    page.get_by_role("button", name="Start fight").click()
    expect(page.get_by_label("WILLPOWER to spend")).to_have_value(str(best), timeout=ODDS_TIMEOUT)
    expect(status).to_have_text(f"Chance to win, fighting to the end: {with_best}", timeout=ODDS_TIMEOUT)


def test_the_advised_spend_is_one_tap_beside_the_field(page):
    set_up(page, "Grey Star the Wizard", GREY_STAR, DEATHGAUNT)
    page.evaluate(RECORD_ACTIONS)
    best = advised_spend(GREY_RECORD)
    field, advised = page.get_by_label("WILLPOWER to spend"), page.locator("#willpower-advised")
    expect(field).to_have_value(str(best), timeout=ODDS_TIMEOUT)
    expect(advised).to_have_text("advised")
    expect(advised).to_have_attribute("aria-live", "polite")  # its changes are said to screen readers
    field.fill("1")  # the player's own spend: the advice is a button beside it, in the fight, not in the panel
    take = page.locator("#fight").get_by_role("button", name=f"Spend {best} (advised)")
    expect(take).to_be_visible()
    box = take.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box
    expect(panel(page).get_by_role("status").first).to_have_text(
        f"Chance to win, fighting to the end: {shown(exact_win(GREY_RECORD, 1))}", timeout=ODDS_TIMEOUT
    )
    take.click()
    expect(field).to_have_value(str(best))
    expect(advised).to_have_text("advised")
    expect(panel(page).get_by_role("status").first).to_have_text(
        f"Chance to win, fighting to the end: {shown(exact_win(GREY_RECORD, best))}", timeout=ODDS_TIMEOUT
    )
    assert page.evaluate("window.actions") == []  # one tap sets the spend; the round is still the player's tap
    page.get_by_label("Random number", exact=True).fill("5")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#action-error")).to_have_text("")
    assert page.evaluate("window.actions") == [{"do": "round", "number": 5, "willpower": best}]
