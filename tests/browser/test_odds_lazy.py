"""The odds' own worker, a second Pyodide, runs only while the odds need it. It is not started while the set-up has
nothing to ask, nor for odds the rules' own worker answers as a quick request (a share of an exact computation's work,
pyrules.budget.QUICK_WORK: the same fights on any machine, however busy); it starts and answers for a fight too large
for that, and ends when the page has been hidden for a while (HIDDEN_MS), to
start again and answer once the page is back and the odds need it."""

from __future__ import annotations

import time

from conftest import fight_round, set_up
from playwright.sync_api import expect
from test_odds import ODDS_TIMEOUT, exact_win, panel, record, shown

HIDDEN_MS = 30_000
HERO = {"COMBAT SKILL": "15", "ENDURANCE": "20"}
GIAK = [{"Enemy name": "Giak", "Enemy COMBAT SKILL": "16", "Enemy ENDURANCE": "20"}]
HERO_RECORD, GIAK_RECORD = {"skill": 15, "endurance": 20}, [{"name": "Giak", "skill": 16, "endurance": 20}]
# ENDURANCE enough on both sides that the exact odds are more work than a quick request's (22,500 cells of the chain
# against 8,000), yet a few tens of ms: answered by the odds' worker within the page's 3 s even on a busy machine
# (600 against 600, half a second here alone, passed it beside a second load); a fight of 20 against 20 has 400
BIG = {"COMBAT SKILL": "15", "ENDURANCE": "150"}
BIG_FOE = [{"Enemy name": "Zakhan", "Enemy COMBAT SKILL": "20", "Enemy ENDURANCE": "150"}]
BIG_RECORD, BIG_FOE_RECORD = {"skill": 15, "endurance": 150}, [{"name": "Zakhan", "skill": 20, "endurance": 150}]


def workers_settle(page, count, seconds=10.0):
    """Waits until the page has `count` workers (a terminated one leaves the list once it has ended)."""
    deadline = time.monotonic() + seconds
    while len(page.workers) != count and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    return len(page.workers)


def rules_ready(page):
    page.wait_for_function("document.body.dataset.ready === 'true'")


def test_the_odds_worker_waits_until_the_odds_need_it_then_starts_and_answers(fresh_page):
    page = fresh_page  # a first visit
    rules_ready(page)
    status = panel(page).get_by_role("status").first
    expect(status).to_contain_text("to see the odds")  # the empty set-up: nothing to ask
    # the panel says when it starts its worker (data-worker "starting", at once): none started, the rules' worker only
    assert panel(page).get_attribute("data-worker") is None and len(page.workers) == 1
    page.get_by_label("COMBAT SKILL", exact=True).fill(HERO["COMBAT SKILL"])
    expect(status).to_contain_text("to see the odds")
    assert panel(page).get_attribute("data-worker") is None  # still missing fields: still nothing to ask
    set_up_win = exact_win(record("lone-wolf", HERO_RECORD, GIAK_RECORD))
    page.get_by_label("ENDURANCE", exact=True).fill(HERO["ENDURANCE"])
    enemy = page.get_by_role("group", name="Enemy 1")
    for label, value in GIAK[0].items():
        enemy.get_by_label(label, exact=True).fill(value)
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(set_up_win)}", timeout=ODDS_TIMEOUT)
    # cheap odds: the rules' own worker answered them (drawn after the panel chose whom to ask), no second Pyodide
    assert panel(page).get_attribute("data-worker") is None and len(page.workers) == 1
    # A fight whose odds are more work than a quick request's: the odds' worker starts and answers, from the runtime's
    # code the rules' worker compiled (given, not downloaded nor compiled again).
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    page.get_by_label("ENDURANCE", exact=True).fill(BIG["ENDURANCE"])
    enemy.get_by_label("Enemy ENDURANCE", exact=True).fill(BIG_FOE[0]["Enemy ENDURANCE"])
    big_win = exact_win(record("lone-wolf", {**HERO_RECORD, "endurance": 150}, [{**GIAK_RECORD[0], "endurance": 150}]))
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(big_win)}", timeout=ODDS_TIMEOUT)
    expect(panel(page)).to_have_attribute("data-worker", "up", timeout=ODDS_TIMEOUT)
    assert workers_settle(page, 2) == 2  # the odds' worker answered
    assert page.evaluate("window.pyrulesTiming.code") == "compiled"
    expect(panel(page)).to_have_attribute("data-code", "shared")
    assert any(url.endswith("/worker.js") for url in asked), asked  # the requests were seen: the odds' worker's script
    assert not [url for url in asked if url.endswith(".wasm")], asked


def hide(page, hidden):
    """The page hidden (another tab, a locked phone) or shown again, as the browser tells it."""
    page.evaluate(
        """(hidden) => {
            const state = hidden ? "hidden" : "visible";
            Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def test_a_page_hidden_for_a_while_ends_the_odds_worker_and_the_next_round_starts_it_again(fresh_page):
    page = fresh_page  # a first visit
    rules_ready(page)
    set_up(page, "Dawn of the Darklords", BIG, BIG_FOE)
    status = panel(page).get_by_role("status").first
    start = exact_win(record("lone-wolf", BIG_RECORD, BIG_FOE_RECORD))
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(start)}", timeout=ODDS_TIMEOUT)
    assert workers_settle(page, 2) == 2
    page.clock.install()  # the page's timers from here run on the test's clock: half a minute hidden, not waited
    hide(page, True)
    page.clock.run_for(HIDDEN_MS // 2)
    assert len(page.workers) == 2  # a short absence keeps it
    page.clock.run_for(HIDDEN_MS // 2)
    assert workers_settle(page, 1) == 1  # ended once hidden for HIDDEN_MS
    page.clock.resume()  # time flows again, for the round and its odds
    hide(page, False)
    fight_round(page, number=3)  # the odds need it again: the worker starts again and answers
    after = exact_win(record("lone-wolf", BIG_RECORD, BIG_FOE_RECORD, [{"do": "round", "number": 3}]))
    expect(status).to_have_text(f"Chance to win, fighting to the end: {shown(after)}", timeout=ODDS_TIMEOUT)
    expect(panel(page)).to_have_attribute("data-worker", "up", timeout=ODDS_TIMEOUT)
    assert workers_settle(page, 2) == 2
    expect(panel(page)).to_have_attribute("data-code", "shared")  # the page kept the code for the next worker
