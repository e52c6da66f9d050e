"""The Action Chart of a Lone Wolf-family adventure on a phone, from a first visit: items added (by keyboard too), the
Backpack's limit refused by name beside the field with nothing typed lost, a Meal eaten, a Meal missed, gold found
and spent, undo, a reload that loses nothing, and a fight that leaves the chart as it found it."""

from __future__ import annotations

import json
import re

from conftest import stored
from playwright.sync_api import expect

LONE_WOLF = "Dawn of the Darklords"
PHONE = {"width": 360, "height": 800}


def chart_of(page):
    return page.get_by_role("region", name="Action Chart")


def kept_adventure(page) -> dict:
    """The book's current adventure as stored."""
    entries = stored(page, "pyrules:")
    (current,) = [json.loads(text) for key, text in entries.items() if key.startswith("pyrules:adventure:")]
    return current


def add(chart, where, name, **effects):
    chart.get_by_label("Where").select_option(label=where)
    chart.get_by_label("Item", exact=True).fill(name)
    if effects:
        summary = chart.get_by_text("Its effect, as the book says")
        if not chart.get_by_label("Uses (empty: not used up)").is_visible():
            summary.click()
        for label, value in effects.items():
            chart.get_by_label(label, exact=True).fill(str(value))
    chart.get_by_role("button", name="Add", exact=True).click()


def count(chart, part, change):
    form = chart.get_by_role("form", name=part)
    form.get_by_label("Found or spent").fill(str(change))
    form.get_by_role("button", name="Apply").click()


def banedon(page):
    """Dawn of the Darklords chosen, its hero's scores typed: its Action Chart."""
    page.get_by_role("radio", name=LONE_WOLF).check()
    page.get_by_label("COMBAT SKILL", exact=True).fill("15")
    page.get_by_label("ENDURANCE", exact=True).fill("25")
    return chart_of(page)


def log_lines(chart):
    return chart.locator("#chart-log li")


def test_an_action_chart_kept_through_a_section_a_reload_and_a_fight(fresh_page):
    page = fresh_page
    page.set_viewport_size(PHONE)
    chart = banedon(page)
    backpack = chart.get_by_role("heading", name="Backpack Items")
    expect(backpack).to_contain_text("0 / 8")

    count(chart, "Meals", 5)
    expect(chart.get_by_role("heading", name="Meals")).to_contain_text("5")
    expect(backpack).to_contain_text("5 / 8")  # each Meal takes a space of the Backpack
    add(chart, "Backpack Items", "Laumspur", **{"ENDURANCE restored": 4, "Uses (empty: not used up)": 1})
    expect(chart.get_by_text("Laumspur (+4 ENDURANCE, 1 use left)")).to_be_visible()
    name = chart.get_by_label("Item", exact=True)
    expect(name).to_have_value("")  # taken: the form is empty for the next
    name.fill("Rope")
    name.press("Enter")  # the keyboard's way: Enter sends the form
    expect(backpack).to_contain_text("7 / 8")
    add(chart, "Backpack Items", "Torch")
    expect(backpack).to_contain_text("8 / 8")
    add(chart, "Backpack Items", "Blanket")
    refusal = chart.locator("#chart-add-name-error")
    expect(refusal).to_contain_text("Backpack")  # the book's limit, by name, beside the field it refuses
    expect(refusal).to_contain_text("8")
    expect(name).to_have_value("Blanket")  # nothing typed is lost
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(backpack).to_contain_text("8 / 8")
    add(chart, "Special Items", "Crystal Star Pendant")
    expect(chart.get_by_role("button", name="Drop Crystal Star Pendant")).to_be_visible()

    eat = chart.get_by_role("button", name="Eat a Meal")
    eat.focus()
    page.keyboard.press("Enter")
    expect(chart.get_by_role("heading", name="Meals")).to_contain_text("4")
    expect(eat).to_be_focused()  # the chart drawn again keeps the keyboard where it was
    chart.get_by_role("button", name="No Meal to eat").click()
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("22")  # the set-up's hero is the chart's
    gold = "Belt Pouch (Gold Crowns)"
    count(chart, gold, 12)
    count(chart, gold, -5)
    expect(chart.get_by_role("heading", name=gold)).to_contain_text("7 / 50")
    expect(log_lines(chart)).to_have_count(9)  # the refused Blanket is not in the log
    expect(log_lines(chart).last).to_contain_text("5")
    chart.get_by_role("button", name="Undo").click()
    expect(chart.get_by_role("heading", name=gold)).to_contain_text("12 / 50")
    expect(log_lines(chart)).to_have_count(8)

    before = kept_adventure(page)
    assert before["hero"]["chart"]["gold"] == 12 and len(before["journal"]) == 8
    page.reload()
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled()
    chart = chart_of(page)
    expect(chart.get_by_role("heading", name=gold)).to_contain_text("12 / 50")
    expect(chart.get_by_role("heading", name="Backpack Items")).to_contain_text("7 / 8")
    expect(log_lines(chart)).to_have_count(8)
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("22")

    group = page.get_by_role("group", name="Enemy 1")
    for label, value in {"Enemy name": "Giak", "Enemy COMBAT SKILL": 8, "Enemy ENDURANCE": 3}.items():
        group.get_by_label(label, exact=True).fill(str(value))
    page.get_by_role("button", name="Start fight").click()
    page.get_by_label("Random number", exact=True).fill("9")
    page.get_by_role("button", name="Fight round").click()
    page.get_by_role("button", name="New fight").click()
    expect(page.get_by_role("button", name="Start fight")).to_be_visible()
    chart = chart_of(page)
    expect(chart.get_by_role("heading", name=gold)).to_contain_text("12 / 50")
    expect(chart.get_by_text("Laumspur (+4 ENDURANCE, 1 use left)")).to_be_visible()
    after = kept_adventure(page)
    assert after["hero"]["chart"] == before["hero"]["chart"]  # the fight carried the chart whole


def test_a_medi_kit_unit_is_used_between_sections_from_its_own_button(fresh_page):
    page = fresh_page
    page.set_viewport_size(PHONE)
    page.get_by_role("radio", name="Freeway Warrior").check()
    page.get_by_label("CLOSE COMBAT SKILL", exact=True).fill("15")
    page.get_by_label("ENDURANCE", exact=True).fill("25")
    chart = chart_of(page)
    use = chart.get_by_role("button", name="Use a unit: +3 ENDURANCE")  # the book's unit: 3 ENDURANCE
    expect(use).to_be_disabled()  # none in the kit yet
    chart.get_by_role("button", name="No Water to drink").click()
    chart.get_by_role("button", name="No Water to drink").click()
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("19")
    medikit = chart.get_by_role("form", name=re.compile("^MEDI-KIT"))
    medikit.get_by_label("Found or spent").fill("2")
    medikit.get_by_role("button", name="Apply").click()
    expect(use).to_be_enabled()
    use.click()
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("22")
    use.click()
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("25")
    expect(use).to_be_disabled()  # the kit is empty
    expect(log_lines(chart)).to_have_count(5)
    chart.get_by_role("button", name="Undo").click()
    expect(page.get_by_label("ENDURANCE", exact=True)).to_have_value("22")
    expect(use).to_be_enabled()
    assert kept_adventure(page)["hero"]["chart"]["medikit"] == 1


def test_the_action_chart_prints_on_one_a4_page_without_its_controls(fresh_page):
    page = fresh_page
    chart = banedon(page)
    count(chart, "Meals", 2)
    add(chart, "Backpack Items", "Rope")
    rope = chart.locator("li", has_text="Rope")
    expect(chart.get_by_role("button", name="Drop Rope")).to_be_visible()
    try:
        page.emulate_media(media="print")
        for selector in ("#action-chart form", ".chart-tools", "#setup .enemies", "#books label:not(:has(:checked))"):
            shown = page.locator(selector).evaluate_all("es => es.map((e) => getComputedStyle(e).display)")
            assert shown and set(shown) == {"none"}, selector
        expect(rope.first).to_be_visible()  # what the hero carries, and the log
        expect(chart.get_by_role("button", name="Drop Rope")).to_be_hidden()
        expect(chart.get_by_role("heading", name="Meals")).to_contain_text("2")
        expect(log_lines(chart)).to_have_count(2)
        expect(page.get_by_label("COMBAT SKILL", exact=True)).to_be_visible()
        expect(page.get_by_role("radio", name=LONE_WOLF)).to_be_visible()  # the book, the others left off
        pdf = page.pdf(format="A4")
        assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 1
    finally:
        page.emulate_media(media="null")


def test_changes_made_faster_than_the_rules_answer_are_each_applied_in_order(fresh_page):
    page = fresh_page
    chart = banedon(page)
    gold = chart.get_by_role("form", name="Belt Pouch (Gold Crowns)")
    expect(gold).to_be_visible()
    # three changes in one task of the page: each is sent once the one before it is answered, from what it left
    gold.evaluate("""(form) => {
      const change = form.querySelector("input");
      for (const n of ["12", "-5", "3"]) { change.value = n; form.requestSubmit(); }
    }""")
    expect(chart.get_by_role("heading", name="Belt Pouch (Gold Crowns)")).to_contain_text("10 / 50")
    expect(log_lines(chart)).to_have_count(3)
    said = ["Belt Pouch: +12, now 12.", "Belt Pouch: −5, now 7.", "Belt Pouch: +3, now 10."]
    expect(log_lines(chart)).to_have_text(said)


def test_a_change_typed_while_the_one_before_is_answered_stays_in_its_field(fresh_page):
    page = fresh_page
    chart = banedon(page)
    gold = chart.get_by_role("form", name="Belt Pouch (Gold Crowns)")
    change = gold.get_by_label("Found or spent")
    expect(change).to_be_visible()
    # sent, then the next typed in the same task, before the rules can answer the first
    gold.evaluate("""(form) => {
      const change = form.querySelector("input");
      change.value = "12";
      form.requestSubmit();
      change.value = "-5";
    }""")
    expect(chart.get_by_role("heading", name="Belt Pouch (Gold Crowns)")).to_contain_text("12 / 50")
    expect(change).to_have_value("-5")  # the chart drawn again keeps what was typed since
    gold.get_by_role("button", name="Apply").click()
    expect(chart.get_by_role("heading", name="Belt Pouch (Gold Crowns)")).to_contain_text("7 / 50")
    expect(change).to_have_value("")  # taken: emptied for the next
