"""The odds panel: the exact chances pyrules computes, shown as the set-up is typed and after every round."""

from __future__ import annotations

import math
import re

from conftest import set_up
from playwright.sync_api import expect

from pyrules import Fight, share
from pyrules.budget import Budget
from pyrules.systems.lonewolf.odds import grey_star_policy, lone_wolf_odds

ODDS_TIMEOUT = 120_000  # the odds' own worker starts once the rules' worker is ready


def shown(p: float) -> str:
    """A chance as the page writes it in English (Intl, at most one decimal); one that is not certain never as
    certain: "> 99.9%", "< 0.1%" (a no-break space after the sign)."""
    text = f"{p * 100:.1f}".removesuffix(".0")
    if 0 < p < 1 and text in ("100", "0"):
        return "> 99.9%" if text == "100" else "< 0.1%"
    return f"{text}%"


def record(system, hero, enemies, actions=(), rules=None):
    return {
        "format": "pyrules-fight",
        "version": 1,
        "system": system,
        "hero": hero,
        "enemies": enemies,
        "rules": rules or {},
        "actions": list(actions),
    }


def exact_win(data, spend=1):
    """The exact chance the page should show, computed here: the oracle's work is unbounded and it has no deadline
    (the page's 3 s is the page's; this process shares a busy machine with the browser)."""
    fight = Fight.from_record(data)
    unbounded = Budget(math.inf, seconds=math.inf)
    return lone_wolf_odds(fight.system, fight.setup, fight.state, spend, budget=unbounded)["win"]


def panel(page):
    return page.get_by_role("complementary", name="Odds")


def test_lone_wolf_odds_follow_the_form_as_typed_and_every_round(page):
    hero, giak = {"skill": 15, "endurance": 20}, {"name": "Giak", "skill": 16, "endurance": 20}
    page.get_by_label("COMBAT SKILL", exact=True).fill("15")
    page.get_by_label("ENDURANCE", exact=True).fill("20")
    enemy = page.get_by_role("group", name="Enemy 1")
    enemy.get_by_label("Enemy name").fill("Giak")
    enemy.get_by_label("Enemy COMBAT SKILL").fill("16")
    enemy.get_by_label("Enemy ENDURANCE").fill("20")
    status = panel(page).get_by_role("status").first
    win = exact_win(record("lone-wolf", hero, [giak]))
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(win)}", timeout=ODDS_TIMEOUT)
    # Typing changes the odds: a stronger enemy.
    enemy.get_by_label("Enemy COMBAT SKILL").fill("22")
    stronger = exact_win(record("lone-wolf", hero, [{**giak, "skill": 22}]))
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(stronger)}")
    enemy.get_by_label("Enemy COMBAT SKILL").fill("16")
    page.get_by_role("button", name="Start fight").click()
    chart = panel(page).get_by_role("img", name="Chance of each ENDURANCE at the end of the fight")
    expect(chart).to_be_visible()
    page.get_by_label("Random number", exact=True).fill("3")
    page.get_by_role("button", name="Fight round").click()
    after = exact_win(record("lone-wolf", hero, [giak], [{"do": "round", "number": 3}]))
    assert after != win
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(after)}")
    expect(panel(page).get_by_text("Rounds, on average")).to_be_visible()


def test_evasion_advice_where_the_section_allows_it(page):
    set_up(
        page,
        "Dawn of the Darklords",
        {"COMBAT SKILL": "12", "ENDURANCE": "9"},
        [{"Enemy name": "Helghast", "Enemy COMBAT SKILL": "22", "Enemy ENDURANCE": "30"}],
        rules={"Evasion allowed after round": "0"},
    )
    advice = panel(page).get_by_text(re.compile("^Advice: (evade|fight on|cast Vigour)\\.$"))
    expect(advice).to_be_visible(timeout=ODDS_TIMEOUT)
    chances = panel(page).get_by_text(re.compile("^Chance to come through alive \\(a win or a way out\\): "))
    expect(chances).to_be_visible()


def test_grey_star_spend_curve_and_best_spend_for_a_chosen_worth(page):
    set_up(
        page,
        "Grey Star the Wizard",
        {"COMBAT SKILL": "15", "ENDURANCE": "25", "WILLPOWER": "12"},
        [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": "20", "Enemy ENDURANCE": "30"}],
    )
    curve = panel(page).get_by_role("img", name="Chance to win for each WILLPOWER spend per round")
    expect(curve).to_be_visible(timeout=ODDS_TIMEOUT)
    assert curve.locator("polyline").count() == 1
    panel(page).get_by_role("radio", name="A little").check()  # a point kept is worth 0.5 % of a win
    fight = Fight.from_record(
        record(
            "grey-star",
            {"skill": 15, "endurance": 25, "willpower": 12},
            [{"name": "Deathgaunt", "skill": 20, "endurance": 30}],
        )
    )
    best = grey_star_policy(fight.system, fight.setup, fight.state, 0.005)
    expect(
        panel(page).get_by_text(
            re.compile(
                f"^Best now: spend {best['spend']}\\. Following this advice round after round you win "
                f"{re.escape(shown(best['win']))}"
            )
        )
    ).to_be_visible()
    # Its average spend is the advice's, round after round; the panel's line is the spend in the field, every round.
    policy = panel(page).locator("#odds-policy")
    expect(policy).to_contain_text("on average (its spend may change from round to round).")
    expect(panel(page).locator("#odds-numbers dt").last).to_have_text(
        f"WILLPOWER spent, on average, spending {best['spend']} every round", timeout=ODDS_TIMEOUT
    )
    # The advice came unasked, and is in the fight's spend field, marked as advised.
    expect(page.get_by_label("WILLPOWER to spend")).to_have_value(str(best["spend"]))
    expect(page.locator("#willpower-advised")).to_have_text("advised")
    # The trade-off chart, on request.
    panel(page).get_by_role("button", name="Show the trade-off").click()
    frontier = panel(page).get_by_role("img", name="Best chance to win against WILLPOWER spent on average")
    expect(frontier).to_be_visible()
    assert frontier.locator("circle").count() == 1  # the chosen point on the trade-off
    # Another choice: the advice for it, its meaning written under the choice.
    panel(page).get_by_role("radio", name="Not at all").check()
    expect(panel(page).get_by_text(re.compile("^Only this fight counts"))).to_be_visible()
    # The advice for the new worth follows at once, unasked.
    greedy = grey_star_policy(fight.system, fight.setup, fight.state, 0.0)
    expect(panel(page).get_by_text(re.compile(f"^Best now: spend {greedy['spend']}\\."))).to_be_visible()


def test_fighting_fantasy_best_target_against_two_at_once(page):
    page.get_by_role("radio", name="Dungeons of the Black Castle").check()
    page.get_by_label("SKILL", exact=True).fill("10")
    page.get_by_label("STAMINA", exact=True).fill("18")
    page.get_by_label("LUCK", exact=True).fill("9")
    first = page.get_by_role("group", name="Enemy 1")
    first.get_by_label("Enemy name").fill("Goblin")
    first.get_by_label("Enemy SKILL").fill("5")
    first.get_by_label("Enemy STAMINA").fill("4")
    page.get_by_role("button", name="Add another enemy").click()
    second = page.get_by_role("group", name="Enemy 2")
    second.get_by_label("Enemy name").fill("Orc")
    second.get_by_label("Enemy SKILL").fill("9")
    second.get_by_label("Enemy STAMINA").fill("12")
    page.get_by_role("button", name="Start fight").click()
    expect(panel(page).get_by_text(re.compile("^Best target now: (Goblin|Orc)\\."))).to_be_visible(timeout=ODDS_TIMEOUT)


def test_citadel_of_blood_by_simulation_with_progress_and_cancel(page):
    from test_citadel import set_up_party

    set_up_party(page)
    odds = panel(page)
    # The panel follows the page's changes a moment later (while one waits it is aria-busy, showing the set-up's form
    # as it was, maybe without its monsters): the simulation is asked of the fight as it stands, not of that form.
    expect(odds).to_have_attribute("aria-busy", "false")
    expect(odds.get_by_text("Too many possibilities for exact odds")).to_be_visible(timeout=ODDS_TIMEOUT)
    odds.get_by_role("button", name="Estimate by simulation").click()
    odds.get_by_role("button", name="Cancel").click()
    expect(odds.get_by_text(re.compile(r"\(cancelled\)$"))).to_be_visible()
    odds.get_by_role("button", name="Estimate by simulation").click()
    expect(odds.get_by_role("progressbar", name="Simulated fights")).to_be_visible()
    expect(odds.get_by_text(re.compile(r"in 1000 simulated fights\.$"))).to_be_visible(timeout=120_000)
    expect(odds.get_by_role("button", name="Cancel")).to_be_hidden()


def test_a_citadel_form_the_rules_refuse_is_told_by_its_field_not_offered_a_simulation(page):
    """A book without exact odds is simulated, but only once the rules take its form: a letter in a character's Wound
    Points is said by its field, as in every book, and the simulation is offered again once it is mended."""
    from test_citadel import add_from_roster

    add_from_roster(page, "Almuric", monsters=["Orcs"])
    odds = panel(page)
    simulate = odds.get_by_role("button", name="Estimate by simulation")
    expect(odds.get_by_text("Too many possibilities for exact odds")).to_be_visible(timeout=ODDS_TIMEOUT)
    points = page.get_by_role("group", name="Character A").get_by_label("Wound Points")
    points.fill("x")
    refused = odds.get_by_text(re.compile(r"^To see the odds, correct .*Wound Points"))
    expect(refused).to_be_visible(timeout=ODDS_TIMEOUT)
    expect(odds.get_by_text("Too many possibilities for exact odds")).to_be_hidden()
    expect(simulate).to_be_hidden()
    points.fill("8")
    expect(odds.get_by_text("Too many possibilities for exact odds")).to_be_visible(timeout=ODDS_TIMEOUT)
    expect(simulate).to_be_visible()


# ---- the odds panel never hangs; the simulation for every system, stepped by time --------------------------

# Swallows the next "odds" request the page posts to a worker (every request the rules answer is bounded by their
# budget, so none hangs by itself: this one is never answered), keeping its record and when it was posted; counts the
# workers ended and started; and notes when the status first says `said` (the page's clock, as the post's).
HANG_NEXT_ODDS_REQUEST = """(said) => {
  window.oddsTest = { hang: false, terminated: 0, created: 0 };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    const request = message && typeof message.request === "string" ? JSON.parse(message.request) : {};
    // the odds' worker's request (the rules' own quick one says "quick"): it is the one that hangs
    if (window.oddsTest.hang && request.op === "odds" && !("quick" in request)) {
      window.oddsTest.hang = false;
      window.oddsTest.hung = { record: request.record, at: performance.now() };
      return undefined;
    }
    return post.call(this, message, ...rest);
  };
  const terminate = Worker.prototype.terminate;
  Worker.prototype.terminate = function () {
    window.oddsTest.terminated += 1;
    return terminate.call(this);
  };
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      window.oddsTest.created += 1;
    }
  };
  const status = document.getElementById("odds-status");
  new MutationObserver(() => {
    if (window.oddsTest.said === undefined && status.textContent === said) window.oddsTest.said = performance.now();
  }).observe(status, { childList: true, characterData: true, subtree: true });
}"""
TOO_LARGE = "This fight is too large for exact odds: use the simulation."


BIG = 150  # ENDURANCE on both sides whose odds are more work than a quick request's (22,500 cells against 8,000)


def fill_lone_wolf(page, enemy_skill, endurance=20):
    page.get_by_label("COMBAT SKILL", exact=True).fill("15")
    page.get_by_label("ENDURANCE", exact=True).fill(str(endurance))
    enemy = page.get_by_role("group", name="Enemy 1")
    enemy.get_by_label("Enemy name").fill("Giak")
    enemy.get_by_label("Enemy COMBAT SKILL").fill(str(enemy_skill))
    enemy.get_by_label("Enemy ENDURANCE").fill(str(endurance))
    return exact_win(record("lone-wolf", {"skill": 15, "endurance": endurance},
                            [{"skill": enemy_skill, "endurance": endurance}]))  # fmt: skip


def test_an_odds_request_never_answered_is_abandoned_and_the_worker_restarted(page):
    status = panel(page).get_by_role("status").first
    win = fill_lone_wolf(page, 16, BIG)  # more than a quick request: the odds' worker answers
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(win)}", timeout=ODDS_TIMEOUT)
    # The odds' worker is up (before, the rules' worker answers the cheap odds itself, and would be the one hung).
    expect(panel(page)).to_have_attribute("data-worker", "up", timeout=ODDS_TIMEOUT)
    page.evaluate(HANG_NEXT_ODDS_REQUEST, TOO_LARGE)
    page.evaluate("window.oddsTest.hang = true")
    # This request never comes back. One field changed, so one request: the odds follow the form 300 ms after its
    # last change, and on a busy machine filling every field again can leave more between two of them: the fight as
    # it was then (the old one) would be the request hung, and the new fight's, asked after it, answered by the new
    # worker (rightly: the panel drops the old fight's abandoned answer).
    page.get_by_role("group", name="Enemy 1").get_by_label("Enemy COMBAT SKILL").fill("18")
    expect(status).to_have_text(TOO_LARGE, timeout=15_000)
    hang = page.evaluate("window.oddsTest")
    assert hang["hung"]["record"]["enemies"][0]["skill"] == "18", hang["hung"]
    # Abandoned after the 5 s the panel waits, not before: timed on the page's clock from the request's post to the
    # status that says so (not by this test, which hears of both late on a busy machine).
    waited = (hang["said"] - hang["hung"]["at"]) / 1000
    assert 4.5 <= waited <= 12, waited
    assert (hang["hang"], hang["terminated"], hang["created"]) == (False, 1, 1)  # one worker ended, one started
    expect(panel(page).get_by_role("button", name="Estimate by simulation")).to_be_visible()
    # The next fight's odds come from the new worker.
    later = fill_lone_wolf(page, 13, BIG)
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(later)}", timeout=ODDS_TIMEOUT)
    expect(panel(page).get_by_role("button", name="Estimate by simulation")).to_be_hidden()


def big_party_record():
    """Six characters and eighteen monsters of 33 Wound Points: a single simulated fight takes about a fifth of a
    second in Pyodide (at 99 Wound Points, half a second, which beside another load passed the 3 s one simulated fight
    may take: "this fight is too long to simulate"); a thousand of them take minutes, far longer than the Cancel."""
    party = [
        {"name": f"Knight {i}", "wound_points": 33, "resistance": 2, "combat_bonus": 0, "weapons": ["sword"]}
        for i in range(6)
    ]
    monsters = [{"monster": "troll", "wound_points": 33} for _ in range(18)]
    return {**record("citadel-of-blood", {"party": party}, monsters), "seed": 5}


# When the simulation's Cancel was clicked and when its result first said "(cancelled)", on the page's clock.
CANCEL_TIMED = """() => {
  const timed = window.cancelTimed = {};
  const cancel = document.getElementById("odds-sim-cancel");
  cancel.addEventListener("click", () => { timed.clicked = performance.now(); }, { capture: true });
  new MutationObserver(() => {
    if (timed.said === undefined && /\\(cancelled\\)$/.test(document.getElementById("odds-sim-result").textContent)) {
      timed.said = performance.now();
    }
  }).observe(document.getElementById("odds-sim-result"), { childList: true, characterData: true, subtree: true });
}"""


def test_a_big_partys_simulation_is_cancelled_within_a_second(page, base_url):
    page.goto(base_url + "#f=" + share.encode(big_party_record()))
    odds = panel(page)
    expect(odds.get_by_text("Too many possibilities for exact odds")).to_be_visible(timeout=ODDS_TIMEOUT)
    odds.get_by_role("button", name="Estimate by simulation").click()
    expect(odds.get_by_text(re.compile(r"in \d+ simulated fights?\.$"))).to_be_visible(timeout=30_000)
    # Timed on the page's clock, from the Cancel's click to the result that says so (not by this test, which hears of
    # both late on a busy machine).
    page.evaluate(CANCEL_TIMED)
    odds.get_by_role("button", name="Cancel").click()
    expect(odds.get_by_text(re.compile(r"\(cancelled\)$"))).to_be_visible(timeout=10_000)
    stopped = page.evaluate("window.cancelTimed.said - window.cancelTimed.clicked") / 1000
    assert 0 <= stopped < 1.5, stopped
    runs = int(re.search(r"in (\d+) simulated", odds.get_by_text(re.compile(r"\(cancelled\)$")).inner_text())[1])
    assert 1 <= runs < 1000
    expect(odds.get_by_role("button", name="Estimate by simulation")).to_be_enabled()


def test_a_fight_too_large_for_exact_odds_is_offered_the_simulation(page, base_url):
    enemies = [{"name": f"Orc {i}", "skill": 5, "stamina": 20} for i in range(4)]
    big = record("fighting-fantasy", {"skill": 12, "stamina": 24, "luck": 9}, enemies)
    page.goto(base_url + "#f=" + share.encode(big))
    odds = panel(page)
    expect(odds.get_by_role("status").first).to_have_text(TOO_LARGE, timeout=ODDS_TIMEOUT)
    odds.get_by_role("button", name="Estimate by simulation").click()
    expect(odds.get_by_text(re.compile(r"in 1000 simulated fights\.$"))).to_be_visible(timeout=60_000)
    expect(odds.get_by_role("status").first).to_have_text(re.compile(r"^Chance to win, fighting to the end: \d"))
