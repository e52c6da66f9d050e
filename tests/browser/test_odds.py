"""The odds panel: the exact chances pyrules computes, shown as the set-up is typed and after every round."""

from __future__ import annotations

import re

from conftest import set_up
from playwright.sync_api import expect

from pyrules import Fight
from pyrules.odds import grey_star_policy, lone_wolf_odds

ODDS_TIMEOUT = 120_000  # the odds' own worker starts once the first one has made its snapshot


def shown(p: float) -> str:
    """A chance as the page writes it in English (Intl, at most one decimal)."""
    text = f"{p * 100:.1f}".removesuffix(".0")
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
    fight = Fight.from_record(data)
    return lone_wolf_odds(fight.system, fight.setup, fight.state, spend)["win"]


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
    page.get_by_label("Random number").fill("3")
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
    advice = panel(page).get_by_text(re.compile("^Evade now: you survive"))
    expect(advice).to_be_visible(timeout=ODDS_TIMEOUT)
    expect(panel(page).get_by_text(re.compile("^Advice: (evade now|fight on)\\.$"))).to_be_visible()


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
    panel(page).get_by_label("What one WILLPOWER point is worth to you, in % of a win").fill("0.5")
    panel(page).get_by_role("button", name="Find the best spend now").click()
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
                f"^Spend {best['spend']} now\\. Following the best policy you win {re.escape(shown(best['win']))}"
            )
        )
    ).to_be_visible()
    frontier = panel(page).get_by_role("img", name="Best chance to win against WILLPOWER spent on average")
    expect(frontier).to_be_visible()
    assert frontier.locator("circle").count() == 1  # the chosen point on the trade-off
    # A worth that is not a number is refused by name; the fight is untouched.
    panel(page).get_by_label("What one WILLPOWER point is worth to you, in % of a win").fill("lots")
    panel(page).get_by_role("button", name="Find the best spend now").click()
    expect(panel(page).get_by_text(re.compile("^What one WILLPOWER point is worth.*must be a number"))).to_be_visible()


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
    expect(odds.get_by_text("Too many possibilities for exact odds")).to_be_visible(timeout=ODDS_TIMEOUT)
    odds.get_by_role("button", name="Estimate by simulation").click()
    odds.get_by_role("button", name="Cancel").click()
    expect(odds.get_by_text(re.compile(r"\(cancelled\)$"))).to_be_visible()
    odds.get_by_role("button", name="Estimate by simulation").click()
    expect(odds.get_by_role("progressbar", name="Simulated fights")).to_be_visible()
    expect(odds.get_by_text(re.compile(r"in 1000 simulated fights\.$"))).to_be_visible(timeout=120_000)
    expect(odds.get_by_role("button", name="Cancel")).to_be_hidden()
