"""One round per intent (web/shell/app.js): at the table a bounce or a nervous second tap on the round's control is the
second click of a double click or double tap, as the browser counts them (within the system's double-click time,
at the same place), and it plays nothing; a tap during a round in flight plays nothing either. Two deliberate taps,
a second apart, are two rounds. Each book's round control: the Random Number Table's square (Lone Wolf, Grey Star,
Freeway Warrior), Fight round (Fighting Fantasy), Monster attack (Citadel of Blood)."""

from __future__ import annotations

import pytest
from conftest import BOOT_TIMEOUT, play_on, wait_for
from playwright.sync_api import expect

from pyrules import share

FORMAT = {"format": "pyrules-fight", "version": 1, "seed": 7, "actions": []}
SQUARE = ("button", "Square 7: fight the round")
BOOKS = {  # a fight each, long enough for two rounds, and its round control (role, name)
    "lone-wolf": ({"hero": {"skill": 15, "endurance": 40}, "enemies": [{"skill": 15, "endurance": 40}]}, SQUARE),
    "grey-star": ({"hero": {"skill": 15, "endurance": 40, "willpower": 20},
                   "enemies": [{"skill": 15, "endurance": 40}]}, SQUARE),
    "freeway-warrior": ({"hero": {"skill": 15, "endurance": 40}, "enemies": [{"skill": 15, "endurance": 40}]}, SQUARE),
    "fighting-fantasy": ({"hero": {"skill": 9, "stamina": 20, "luck": 7}, "enemies": [{"skill": 7, "stamina": 20}],
                          "rules": {"luck_in_combat": False}}, ("button", "Fight round")),  # no luck test between
    # Almuric has struck (die 1): the Monster Combat Phase, two monsters to strike
    "citadel-of-blood": ({"hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "orcs"},
                          {"monster": "skeletons"}], "actions": [{"do": "attack", "unit": "A", "target": "1",
                          "die": 1}]}, ("button", "Monster attack")),
}  # fmt: skip

# The actions the log shows (each row is marked with its action's index).
DRAWN_JS = """() => new Set([...document.querySelectorAll("#fight [data-action]")].map((e) => e.dataset.action)).size"""


def opened(page, base_url, system):
    fight, (role, name) = BOOKS[system]
    page.goto(base_url + "#f=" + share.encode({**FORMAT, "system": system, **fight}))
    expect(page.locator("#fight")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    control = page.get_by_role(role, name=name, exact=True)
    expect(control).to_be_enabled()
    return control, len(fight.get("actions", []))


def middle(control) -> tuple[float, float]:
    box = control.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap(page, at: tuple[float, float], clicks: int) -> None:
    """A tap there, the browser counting it as the `clicks`-th of a run of clicks in that place (a Random Number
    Table's square turns over and is named anew: the place is the same)."""
    page.mouse.move(*at)
    page.mouse.down(click_count=clicks)
    page.mouse.up(click_count=clicks)


@pytest.mark.parametrize("system", list(BOOKS))
@pytest.mark.parametrize("gap", [50, 150, 300])
def test_a_double_tap_on_the_round_control_is_one_round(page, base_url, system, gap):
    control, before = opened(page, base_url, system)
    at = middle(control)
    tap(page, at, 1)
    page.wait_for_timeout(gap)
    tap(page, at, 2)
    wait_for(page, lambda: page.evaluate(DRAWN_JS) >= before + 1, "the first round")
    page.wait_for_timeout(1000)  # time for a second round, were there one
    assert page.evaluate(DRAWN_JS) == before + 1


@pytest.mark.parametrize("system", list(BOOKS))
def test_two_deliberate_taps_a_second_apart_are_two_rounds(page, base_url, system):
    control, before = opened(page, base_url, system)
    tap(page, middle(control), 1)
    wait_for(page, lambda: page.evaluate(DRAWN_JS) == before + 1, "the first round")
    page.wait_for_timeout(1000)
    role, name = BOOKS[system][1]
    again = page.get_by_role(role, name=name.replace("Square 7", "Square 3"), exact=True)  # 7 is turned over
    tap(page, middle(again), 1)
    wait_for(page, lambda: page.evaluate(DRAWN_JS) == before + 2, "the second round")
