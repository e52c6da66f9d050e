"""«Подземелья Чёрного замка»'s fight screen: cards, die faces, costly actions, the log as cards, the
announcement, at phone widths in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_fighting_fantasy import start_ff, to_russian

HERO = {"SKILL": 10, "STAMINA": 18, "LUCK": 9}
LUCK_IN_COMBAT = "Using luck in combat (optional rule, not in this book)"


def start_ru(page, enemies, escape=False):
    """The Russian set-up: hero 10 / 18 / 9 and the enemies, all at once."""
    to_russian(page)
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    for label, value in (("МАСТЕРСТВО", 10), ("ВЫНОСЛИВОСТЬ", 18), ("УДАЧА", 9)):
        page.get_by_label(label, exact=True).fill(str(value))
    for i, (name, skill, stamina) in enumerate(enemies):
        if i:
            page.get_by_role("button", name="Добавить врага").click()
        group = page.get_by_role("group", name=f"Враг {i + 1}")
        group.get_by_label("Имя врага").fill(name)
        group.get_by_label("МАСТЕРСТВО врага").fill(str(skill))
        group.get_by_label("ВЫНОСЛИВОСТЬ врага").fill(str(stamina))
    if escape:
        page.get_by_text("Особые правила боя в этом параграфе").click()
        page.get_by_label("Можно бежать").check()
    page.get_by_role("button", name="Начать бой").click()
    expect(page.get_by_role("button", name="Раунд боя")).to_be_visible()


def log_cards(page):
    return page.locator("#ff-log > li")


def no_sideways_scroll(page):
    widths = page.evaluate(
        """() => ({page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
                  log: [document.querySelector('#ff-log').scrollWidth, document.querySelector('#ff-log').clientWidth],
                  cards: [document.querySelector('#fight-top').scrollWidth, document.documentElement.clientWidth]})"""
    )
    for part, (scroll, client) in widths.items():
        assert scroll <= client, (part, widths)


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_fight_does_not_scroll_sideways_on_a_phone(page, size, lang):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    enemies = [("Гигантский паук-людоед", 8, 8), ("Орк с двуручным топором", 9, 8)]
    if lang == "ru":
        start_ru(page, enemies, escape=True)
        round_name, target_group = "Раунд боя", "Кого вы атакуете?"
    else:
        start_ff(page, HERO, enemies, {"Escape allowed": True})
        round_name, target_group = "Fight round", "Whom do you strike?"
    no_sideways_scroll(page)
    for played in range(1, 4):  # a round at a time: a tap while one is with the rules is not another
        page.get_by_role("group", name=target_group).get_by_role("radio").first.check()
        page.get_by_role("button", name=round_name).click()
        expect(log_cards(page)).to_have_count(played)
    no_sideways_scroll(page)


def test_die_faces_enter_the_same_dice_as_typing(page):
    start_ru(page, [("Орк", 9, 8)])
    # Round 1 typed, round 2 tapped: the same dice, the same numbers in the log.
    page.get_by_label("Ваши кубики").fill("3 4")
    expect(page.get_by_role("radio", name="Ваш первый кубик: 3")).to_be_checked()  # typing shows on the faces
    expect(page.get_by_role("radio", name="Ваш второй кубик: 4")).to_be_checked()
    page.get_by_label("Кубики: Орк").fill("2 2")
    page.get_by_role("button", name="Раунд боя").click()
    expect(log_cards(page)).to_have_count(1)
    typed = log_cards(page).first.inner_text()

    expect(page.get_by_label("Ваши кубики")).to_have_value("")
    expect(page.get_by_role("radio", name="Ваш первый кубик: 3")).not_to_be_checked()
    page.get_by_role("radio", name="Ваш первый кубик: 3").check()
    page.get_by_role("radio", name="Ваш второй кубик: 4").check()
    expect(page.get_by_label("Ваши кубики")).to_have_value("3 4")
    page.get_by_role("radio", name="Первый кубик — Орк: 2").check()
    page.get_by_role("radio", name="Второй кубик — Орк: 2").check()
    expect(page.get_by_label("Кубики: Орк")).to_have_value("2 2")
    page.get_by_role("button", name="Раунд боя").click()
    expect(log_cards(page)).to_have_count(2)
    tapped = page.locator("#ff-log > li").nth(1)
    assert tapped.inner_text() == typed.replace("Раунд 1", "Раунд 2").replace("Орк 6", "Орк 4")
    # The dice are drawn as faces, named for screen readers: the hero's 3 and 4 (3+4+10 = 17), the orc's 2 and 2.
    faces = tapped.get_by_role("img")
    assert [faces.nth(i).get_attribute("aria-label") for i in range(4)] == [
        "на кубике 3",
        "на кубике 4",
        "на кубике 2",
        "на кубике 2",
    ]
    assert "+ 10 = 17" in tapped.inner_text() and "→ 13: вы наносите рану (−2)" in tapped.inner_text()
    # The cards show the last round's dice as faces too.
    expect(page.locator("#hero-card").get_by_role("img", name="на кубике 3")).to_be_visible()
    # Newest first on screen.
    first, second = (page.locator("#ff-log > li").nth(i).bounding_box()["y"] for i in (0, 1))
    assert second < first


def test_costly_actions_look_apart_and_say_their_cost(page):
    start_ff(page, HERO, [("Orc", 9, 8)], {"Escape allowed": True, LUCK_IN_COMBAT: True})
    round_button = page.get_by_role("button", name="Fight round")
    escape = page.get_by_role("button", name="Escape (−2 STAMINA)")
    drink = page.get_by_role("button", name="Drink from the flask (−1 dose of 2)")
    expect(escape).to_be_visible()
    # Styled apart from the round: another background and border.
    style = "b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).borderStyle]"
    assert round_button.evaluate(style) != escape.evaluate(style)
    assert escape.evaluate(style) == drink.evaluate(style)
    # Hero 1+1+10 = 12 against the orc's 6+6+9 = 21: wounded, and luck may be tested on it at the cost of 1 LUCK.
    page.get_by_label("Your dice").fill("1 1")
    page.get_by_label("Dice of Orc").fill("6 6")
    round_button.click()
    expect(page.get_by_role("button", name="Test your luck on this wound (−1 LUCK)")).to_be_visible()
    expect(drink).to_be_disabled()  # in the fight, and this fight's rules keep the flask shut


def test_the_spells_say_their_cost(page):
    page.get_by_role("radio", name="Dungeons of the Black Castle").check()
    page.locator(".spells-box > summary").click()  # folded: few heroes take them
    page.get_by_label("Spell of Strength", exact=True).fill("2")
    start_ff(page, HERO, [("Orc", 9, 8)], {})
    expect(page.get_by_role("button", name="Cast the Spell of Strength (−1 use of 2)")).to_have_class("costly")


def test_the_announcement_after_a_round_names_the_losses(page):
    start_ru(page, [("ОРК", 9, 8)])
    page.get_by_label("Ваши кубики").fill("6 5")  # 21
    page.get_by_label("Кубики: ОРК").fill("1 1")  # 11
    page.get_by_role("button", name="Раунд боя").click()
    expect(page.locator("#announce")).to_have_text("ОРК: теряет 2, вы теряете 0: ВЫНОСЛИВОСТЬ 18")
    expect(page.locator("#hero-card")).to_contain_text("ВЫНОСЛИВОСТЬ 18 / 18")
    expect(page.locator("#foe-0")).to_contain_text("ВЫНОСЛИВОСТЬ 6 / 8 −2")  # the bar with the round's change
    page.get_by_label("Ваши кубики").fill("1 1")  # 12
    page.get_by_label("Кубики: ОРК").fill("6 6")  # 21
    page.get_by_role("button", name="Раунд боя").click()
    expect(page.locator("#announce")).to_have_text("ОРК: теряет 0, вы теряете 2: ВЫНОСЛИВОСТЬ 16")
    for left in ("ВЫНОСЛИВОСТЬ 4 / 8", "ВЫНОСЛИВОСТЬ 2 / 8", "вне боя"):  # each round's answer before the next round
        page.get_by_label("Ваши кубики").fill("6 6")
        page.get_by_label("Кубики: ОРК").fill("1 1")
        page.get_by_role("button", name="Раунд боя").click()
        expect(page.locator("#foe-0")).to_contain_text(left)
    expect(page.locator("#announce")).to_have_text("ОРК: вне боя, вы теряете 0: ВЫНОСЛИВОСТЬ 16")
    expect(page.locator("#foe-0")).to_contain_text("вне боя")
    expect(page.locator("#foe-0")).to_have_class(re.compile(r"\bdead\b"))  # dimmed


def test_two_opponents_at_once_show_the_target_on_its_card_and_the_rules_stay(page):
    page.set_viewport_size({"width": 390, "height": 844})
    start_ru(page, [("Гоблин", 8, 6), ("Орк", 9, 8)], escape=True)
    goblin, orc = page.locator("#foe-0"), page.locator("#foe-1")
    rules = page.get_by_role("list", name="Правила этого параграфа")
    expect(rules).to_contain_text("Все враги сразу")
    expect(rules).to_contain_text("Можно бежать")
    expect(goblin).to_contain_text("ваша цель в этом раунде")
    expect(orc).not_to_contain_text("ваша цель")
    page.get_by_role("group", name="Кого вы атакуете?").get_by_role("radio", name="Орк").check()
    expect(orc).to_contain_text("в бою · ваша цель в этом раунде")
    expect(goblin).not_to_contain_text("ваша цель")
    page.get_by_label("Ваши кубики").fill("6 6")
    page.get_by_label("Кубики: Гоблин").fill("1 1")
    page.get_by_label("Кубики: Орк").fill("1 1")
    page.get_by_role("button", name="Раунд боя").click()
    expect(orc).to_contain_text("ВЫНОСЛИВОСТЬ 6 / 8 −2")
    expect(goblin).to_contain_text("ВЫНОСЛИВОСТЬ 6 / 6")
    expect(orc).to_contain_text("ваша цель в этом раунде")  # the choice stays
    expect(rules).to_be_visible()  # the section's rules, all fight long
    card = page.locator("#ff-log > li").first
    expect(card).to_contain_text("Орк (ваша цель)")
    expect(card).to_contain_text("Гоблин: ")
    # Every choice of the round is a target of 24 px at least (WCAG 2.2 2.5.8).
    for radio in page.locator("#round-form input[type=radio]").all():
        box = radio.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24, radio.get_attribute("aria-label")


def test_one_after_another_the_next_opponent_waits(page):
    start_ff(page, HERO, [("Rat", 5, 2), ("Orc", 9, 8)], {"Opponents come one after another": True})
    expect(page.get_by_role("list", name="This section's rules")).to_contain_text("One after another")
    expect(page.locator("#foe-1")).to_contain_text("waits its turn")
    page.get_by_label("Your dice").fill("6 6")
    page.get_by_label("Dice of Rat").fill("1 1")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#foe-0")).to_contain_text("out of the fight")
    expect(page.locator("#foe-1")).to_contain_text("in the fight")


def test_why_the_sheet_is_unavailable_is_written_beside_it(page):
    """During a fight the flask, food and backpack are closed: the rules' own reason is on screen (not a tooltip)
    and is each button's accessible description; before the first round, at peace, no reason is shown."""
    start_ru(page, [("ОРК", 7, 12)])
    expect(page.locator("#sheet-why li")).to_have_count(0)  # at peace before the first round
    page.get_by_label("Ваши кубики").fill("6 5")
    page.get_by_label("Кубики: ОРК").fill("1 1")
    page.get_by_role("button", name="Раунд боя").click()
    why = page.locator("#sheet-why li")
    expect(why.first).to_be_visible()
    expect(why.first).to_contain_text("Сейчас нельзя")
    expect(why.first).to_contain_text("не во время боя")
    drink = page.locator("#drink")
    expect(drink).to_be_disabled()
    expect(drink).to_have_accessible_description(re.compile("не во время боя"))


def test_after_an_escape_the_cards_say_the_hero_fled_and_no_round_is_offered(page):
    """A round kills the Rat, then the hero escapes the Orc: the cards say so in the rules' words (the Rat out of the
    fight, the fight over for the Orc, the hero fled), the round's dice leave the cards (they stay in the log), and
    no Fight round is offered for a fight that is over."""
    start_ff(page, HERO, [("Rat", 5, 2), ("Orc", 9, 8)], {"Escape allowed": True})
    page.get_by_label("Your dice").fill("6 6")
    page.get_by_label("Dice of Rat").fill("1 1")
    page.get_by_label("Dice of Orc").fill("1 1")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#fight-top .card-dice .die").first).to_be_visible()  # the round's dice, live
    page.get_by_role("button", name=re.compile("^Escape")).click()
    expect(page.locator("#foe-1")).to_contain_text("the fight is over: Hero fled")
    expect(page.locator("#foe-0")).to_contain_text("out of the fight")
    expect(page.locator("#hero-card")).to_contain_text("fled the fight")
    expect(page.locator("#fight-top")).not_to_contain_text("waits its turn")
    expect(page.locator("#fight-top .card-dice .die")).to_have_count(0)
    expect(page.locator("#ff-log .die").first).to_be_visible()
    expect(page.get_by_role("button", name="Fight round")).to_have_count(0)
