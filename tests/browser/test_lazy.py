"""What loads on first need: the Action Chart's screen (its own file, action-chart-*.js) and the rules' second pack
(sheet-*.pack.gz, tools/package.py). A first visit downloads neither before the app is ready, then both once the first
book (a Lone Wolf one) shows its chart; the service worker precaches them with every other file, so the chart works
offline after the first visit. A friend's link whose hero has a chart opens through the second pack too: the rules
read the chart, the fight screen offers its items, and they are used."""

from __future__ import annotations

import sys

from conftest import BOOT_TIMEOUT, DIST, ROOT, fight_round, log_cards, play_on
from playwright.sync_api import expect

from pyrules import Fight, share

sys.path.insert(0, str(ROOT / "tests"))  # where bench.py lives
from bench import bytes_shipped, first_visit, on_first_need  # noqa: E402

LONE_WOLF = "Dawn of the Darklords"


def lazy_files() -> set[str]:
    """The files the build says load on first need (tools/site.py ON_FIRST_NEED): the chart's screen, the second
    pack."""
    found = set(on_first_need(p.name for p in DIST.iterdir())["chart"])
    assert {name.split("-")[0] for name in found} == {"action", "sheet"}
    return found


def test_a_first_visit_downloads_the_charts_files_only_once_the_app_is_ready(browser, base_url):
    seen = first_visit(browser, base_url, DIST)
    assert {"index.html", "app.js", "worker.js"} <= set(seen["before"])
    assert lazy_files() & set(seen["before"]) == set()
    assert lazy_files() <= set(seen["after"])
    shipped = bytes_shipped(DIST)
    assert sum(seen["before"].values()) <= shipped.ready  # none of those loaded on first need before ready
    assert sum(seen["before"].values()) + sum(seen["after"].values()) < shipped.every


def test_the_action_chart_works_offline_after_the_first_visit(fresh_page):
    page = fresh_page
    page.wait_for_function(
        """async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active && navigator.serviceWorker.controller !== null;
    }""",
        timeout=BOOT_TIMEOUT,
    )
    cached = page.evaluate("(names) => Promise.all(names.map((name) => caches.match(name).then(Boolean)))",
                           sorted(lazy_files()))  # fmt: skip
    assert cached == [True, True]
    page.context.set_offline(True)
    page.reload()
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
    page.get_by_role("radio", name=LONE_WOLF).check()
    page.get_by_label("COMBAT SKILL", exact=True).fill("15")  # the sheet the chart's change is kept with
    page.get_by_label("ENDURANCE", exact=True).fill("25")
    chart = page.get_by_role("region", name="Action Chart")
    chart.get_by_label("Where").select_option(label="Backpack Items")
    chart.get_by_label("Item", exact=True).fill("Rope")
    chart.get_by_role("button", name="Add", exact=True).click()
    expect(chart.get_by_role("heading", name="Backpack Items")).to_contain_text("1 / 8")
    expect(chart.locator("#chart-log li")).to_have_count(1)


CHARTED = {  # a friend's fight whose hero carries an Action Chart: Laumspur, usable in a fight
    "format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 7, "actions": [{"do": "round"}],
    "hero": {"skill": 15, "endurance": 12, "endurance_max": 25,
             "chart": {"backpack": [{"name": "Laumspur", "endurance": 4, "uses": 2, "in_fight": True}]}},
    "enemies": [{"name": "Gourgaz", "skill": 20, "endurance": 30}],
}  # fmt: skip


def test_a_link_whose_hero_has_a_chart_opens_and_plays_with_its_items(browser, base_url):
    """Opened in a fresh profile (its network seen: no service worker), the link's fight is read with the rules' second
    pack, downloaded on that first need; the item's button is there, in the rules' words, and it plays on."""
    context = browser.new_context(service_workers="block")
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    page = context.new_page()
    page.goto(base_url + "#f=" + share.encode(CHARTED))
    expect(page.get_by_role("heading", name="Banedon vs Gourgaz")).to_be_visible(timeout=BOOT_TIMEOUT)
    play_on(page)
    expect(log_cards(page)).to_have_count(1)
    page.get_by_role("button", name="Use Laumspur: +4 ENDURANCE", exact=True).click()
    expect(log_cards(page)).to_have_count(2)
    fight = Fight.from_record(CHARTED)  # the rules' own words for it
    said = fight.told(fight.apply({"do": "use", "item": "Laumspur"}))["said"]["text"]
    expect(log_cards(page).last.locator(".log-line")).to_have_text(said)
    fight_round(page, number=5)
    expect(page.get_by_role("button", name="Use Laumspur: +4 ENDURANCE", exact=True)).to_be_visible()  # one use left
    assert [name for name in asked if name.startswith("sheet-")], asked  # the second pack, on this first need
    context.close()
