"""«Подземелья Чёрного замка» in the browser, in Russian: two enemies at once, a luck test, the backpack, escape."""

from __future__ import annotations

import re

import pytest
from conftest import BOOT_TIMEOUT, plain_latin_words
from playwright.sync_api import expect

LATIN_ALLOWED = {"pyrules", "README", "JSON", "json", "English", "SPI"}


# The log's round cards, oldest first, each as its title and lines, the dice faces read as "3+4".
READ_CARDS = """cards => cards.map(card => [...card.querySelectorAll('p')].map(line => {
    const copy = line.cloneNode(true);
    for (const faces of copy.querySelectorAll('.dice-faces')) {
        faces.replaceWith([...faces.querySelectorAll('.die')].map(die => die.childElementCount).join('+'));
    }
    return copy.textContent;
}))"""


def ff_rows(page):
    return page.locator("#ff-log > li.ff-round").evaluate_all(READ_CARDS)


def notes(page):
    return page.locator("#ff-log > li.note").all_inner_texts()


def english_words(page):
    """Latin words in the visible text of the page (the brand and file names aside)."""
    text = page.locator("body").inner_text()
    return plain_latin_words(text) - LATIN_ALLOWED


def to_russian(page):
    page.get_by_label("Language").select_option("ru")
    expect(page.get_by_role("heading", name="Подготовка к бою")).to_be_visible()
    # a Lone Wolf book's Action Chart is drawn again once the rules have told its boxes in Russian (a moment later)
    expect(page.locator("#action-chart:not([hidden]):not([lang=ru])")).to_have_count(0)


ROUND_WORDS = {
    "ru": ("Журнал приключения", "Кого вы атакуете?", "Ваши кубики", "Кубики: {}", "Раунд боя"),
    "en": ("Adventure log", "Whom do you strike?", "Your dice", "Dice of {}", "Fight round"),
}


def ff_round(page, hero, enemies, target=None, lang="ru"):
    """One round with typed dice, through the screen's own words in the page's language."""
    log, whom, yours, theirs, button = ROUND_WORDS[lang]
    rows = page.get_by_role("list", name=log).locator("li.ff-round")
    before = rows.count()
    if target:
        page.get_by_role("group", name=whom).get_by_role("radio", name=target).check()
    page.get_by_label(yours).fill(hero)
    for name, dice in enemies.items():
        page.get_by_label(theirs.format(name)).fill(dice)
    page.get_by_role("button", name=button).click()
    expect(rows).to_have_count(before + 1)


def test_the_russian_interface_has_no_english_left(page):
    to_russian(page)
    assert english_words(page) == set()
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    page.get_by_text("Особые правила боя в этом параграфе").click()
    assert english_words(page) == set()
    page.reload()  # the choice is remembered
    expect(page.get_by_role("heading", name="Подготовка к бою")).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(page.get_by_label("Язык")).to_have_value("ru")


def test_a_full_fight_against_two_enemies_in_russian_then_luck_backpack_and_escape(page):
    to_russian(page)
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    page.get_by_label("МАСТЕРСТВО", exact=True).fill("10")
    page.get_by_label("ВЫНОСЛИВОСТЬ", exact=True).fill("18")
    page.get_by_label("УДАЧА", exact=True).fill("9")
    for i, (name, skill, stamina) in enumerate((("Гоблин", 8, 6), ("Орк", 9, 8))):
        if i:
            page.get_by_role("button", name="Добавить врага").click()
        group = page.get_by_role("group", name=f"Враг {i + 1}")
        group.get_by_label("Имя врага").fill(name)
        group.get_by_label("МАСТЕРСТВО врага").fill(str(skill))
        group.get_by_label("ВЫНОСЛИВОСТЬ врага").fill(str(stamina))
    page.get_by_role("button", name="Начать бой").click()
    expect(page.get_by_role("heading", name="Герой — Гоблин и Орк")).to_be_visible()

    # Round 1: strike the goblin. Hero 3+4+10 = 17; goblin 2+2+8 = 12 (wounded); orc 6+5+9 = 20 wounds the hero.
    ff_round(page, "3 4", {"Гоблин": "2 2", "Орк": "6 5"}, target="Гоблин")
    assert ff_rows(page)[0] == [
        "Раунд 1",
        "Герой: 3+4 + 10 = 17",
        "Гоблин (ваша цель): 2+2 → 12: вы наносите рану (−2)",
        "Орк: 6+5 → 20: ранит вас (−2)",
        "ВЫНОСЛИВОСТЬ 16 · Гоблин 4 · Орк 8",
    ]
    # Round 2: strike the orc; the goblin's 10 does not beat 22.
    ff_round(page, "6 6", {"Гоблин": "1 1", "Орк": "1 1"}, target="Орк")
    assert ff_rows(page)[1][2:4] == [
        "Гоблин: 1+1 → 10: не ранит вас",
        "Орк (ваша цель): 1+1 → 11: вы наносите рану (−2)",
    ]
    for target in ("Гоблин", "Гоблин", "Орк", "Орк", "Орк"):  # goblin 4 → 0, then orc 6 → 0
        ff_round(
            page,
            "6 6",
            {"Гоблин": "1 1", "Орк": "1 1"} if target == "Гоблин" else {"Орк": "1 1"},
            target=target if target == "Гоблин" else None,
        )
    expect(page.get_by_role("group", name="Кого вы атакуете?")).to_be_hidden()  # one enemy left: nothing to choose
    expect(page.locator("#outcome")).to_have_text(
        "Победа над противниками: Гоблин и Орк. Герой: осталась ВЫНОСЛИВОСТЬ 16."
    )

    # A luck test after the fight: 4+5 = 9, not above УДАЧА 9.
    page.get_by_label("Ваши кубики").fill("4 5")
    page.get_by_role("button", name="Проверить удачу").click()
    expect(page.locator("#ff-log > li.note")).to_have_count(1)
    assert notes(page)[-1] == "Проверить удачу: 4+5 = 9, не больше УДАЧИ 9: повезло! Теперь УДАЧА 8, ВЫНОСЛИВОСТЬ 16."

    # Seven things go into the backpack; the eighth is refused with the book's limit.
    for i in range(1, 8):
        page.get_by_label("Предмет", exact=True).fill(f"вещь {i}")
        page.get_by_role("button", name="Положить в мешок", exact=True).click()
        expect(page.locator("#sheet-backpack li")).to_have_count(i)
    page.get_by_label("Предмет", exact=True).fill("верёвка")
    page.get_by_role("button", name="Положить в мешок", exact=True).click()
    expect(page.locator("#action-error")).to_have_text(
        "Положить в мешок: в заплечный мешок можно положить только 7 предметов, а в нём уже 7"
    )
    expect(page.locator("#sheet-backpack li")).to_have_count(7)
    expect(page.locator("#sheet-slots")).to_have_text("занято мест: 7 из 7")
    assert english_words(page) == set()

    # The next paragraph: a spider, and this time the hero may escape. The sheet carries over.
    page.get_by_role("button", name="Новый бой").click()
    expect(page.get_by_label("ВЫНОСЛИВОСТЬ", exact=True)).to_have_value("16")
    expect(page.get_by_label("УДАЧА", exact=True)).to_have_value("8")
    group = page.get_by_role("group", name="Враг 1")
    group.get_by_label("Имя врага").fill("Гигантский паук")
    group.get_by_label("МАСТЕРСТВО врага").fill("8")
    group.get_by_label("ВЫНОСЛИВОСТЬ врага").fill("8")
    expect(page.get_by_role("group", name="Враг 2")).to_have_count(0)  # the last paragraph's enemies are gone
    page.get_by_text("Особые правила боя в этом параграфе").click()
    page.get_by_label("Можно бежать").check()
    page.get_by_role("button", name="Начать бой").click()
    page.get_by_role("button", name="Бежать").click()
    expect(page.locator("#outcome")).to_have_text("Герой бежит с поля боя; ВЫНОСЛИВОСТЬ 14.")
    assert notes(page) == ["Бегство: последний удар за врагом, ВЫНОСЛИВОСТЬ −2."]
    expect(page.locator("#sheet-backpack li")).to_have_count(7)


def start_ff(page, hero, enemies, rules):
    """The English set-up form: the hero, the enemies, and this section's rules ticked or typed."""
    page.get_by_role("radio", name="Dungeons of the Black Castle").check()
    for label, value in hero.items():
        page.get_by_label(label, exact=True).fill(str(value))
    for i, (name, skill, stamina) in enumerate(enemies):
        if i:
            page.get_by_role("button", name="Add another enemy").click()
        group = page.get_by_role("group", name=f"Enemy {i + 1}")
        group.get_by_label("Enemy name").fill(name)
        group.get_by_label("Enemy SKILL").fill(str(skill))
        group.get_by_label("Enemy STAMINA").fill(str(stamina))
    if not page.locator("#section-rules").evaluate("details => details.open"):
        page.get_by_text("This section's combat rules").click()
    for label, value in rules.items():
        field = page.get_by_label(label, exact=True)
        field.check() if value is True else field.fill(str(value))
    page.get_by_role("button", name="Start fight").click()
    expect(page.get_by_role("button", name="Fight round")).to_be_visible()


LUCK_IN_COMBAT = "Using luck in combat (optional rule, not in this book)"
FLASK = "The flask may be drunk between rounds (only the backpack is shut in a fight)"


def test_a_killing_blow_offers_no_luck_test_and_the_flask_between_rounds(page):
    page.get_by_role("radio", name="Dungeons of the Black Castle").check()
    page.get_by_text("This section's combat rules").click()
    expect(page.get_by_label(FLASK, exact=True)).to_have_accessible_description(
        "The book shuts only the backpack during a fight; the flask hangs at the belt. Off: no drink until the fight "
        "is over."
    )
    start_ff(page, {"SKILL": 12, "STAMINA": 14, "LUCK": 9}, [("Rat", 5, 2), ("Orc", 9, 8)],
             {LUCK_IN_COMBAT: True, FLASK: True})  # fmt: skip
    luck, decline = page.locator("#test-luck"), page.get_by_role("button", name="Decline the test")
    # Hero 6+6+12 = 24 kills the rat (2 STAMINA); the orc's 6+6+9 = 21 misses.
    ff_round(page, "6 6", {"Rat": "1 1", "Orc": "6 6"}, target="Rat", lang="en")
    expect(page.locator(".foe.dead")).to_have_count(1)
    expect(luck).to_be_hidden()  # a killing blow ends the rat: no test on it
    expect(decline).to_be_hidden()
    # The orc wounds the hero: 1+1+12 = 14 against 21.
    ff_round(page, "1 1", {"Orc": "6 6"}, lang="en")
    expect(page.get_by_role("button", name="Test your luck on this wound")).to_be_visible()
    expect(decline).to_be_hidden()  # luck in combat is a choice, not a test offered
    page.get_by_role("button", name="Drink from the flask").click()
    notes = page.locator("#ff-log > li.note")
    expect(notes.last).to_have_text(
        "A drink from the flask between rounds, as this fight's rules allow: +2 STAMINA (1 left)."
    )
    expect(page.locator("#sheet-flask")).to_have_text("1")
    expect(page.get_by_role("button", name="Put in the backpack", exact=True)).to_be_disabled()  # the backpack: shut


def test_a_declined_test_costs_luck_with_the_option_in_russian(page):
    to_russian(page)
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    page.get_by_label("МАСТЕРСТВО", exact=True).fill("10")
    page.get_by_label("ВЫНОСЛИВОСТЬ", exact=True).fill("18")
    page.get_by_label("УДАЧА", exact=True).fill("9")
    page.get_by_text("Особые правила боя в этом параграфе").click()
    option = page.get_by_label(
        "Отказ от проверки УДАЧИ тоже отнимает 1 УДАЧУ (вычитать 1 нужно каждый раз, когда предлагается ПРОВЕРИТЬ "
        "СВОЮ УДАЧУ)",
        exact=True,
    )
    expect(option).to_have_accessible_description(re.compile("^В книге: «Каждый раз, когда вам будет предлагаться"))
    option.check()
    page.get_by_role("button", name="Начать бой").click()  # a paragraph without a fight: a test offered
    page.get_by_role("button", name="Отказаться от проверки").click()
    expect(page.locator("#ff-log > li.note")).to_have_count(1)
    assert notes(page) == [
        "Проверить удачу: От проверки отказались: не повезло, и УДАЧА уменьшается на 1 (правило этого боя: каждая "
        "предложенная проверка отнимает 1). Теперь УДАЧА 8, ВЫНОСЛИВОСТЬ 18."
    ]
    assert english_words(page) == set()


# ---- the hero's name typed on the sheet, in Russian -----------------------------------------------------------


def start_against_an_orc_in_russian(page):
    """The Braslavsky book's hero (10, 18, 9) against an Orc (5, 6), typed in the Russian form, and Начать бой."""
    for label, value in (("МАСТЕРСТВО", 10), ("ВЫНОСЛИВОСТЬ", 18), ("УДАЧА", 9)):
        page.get_by_label(label, exact=True).fill(str(value))
    group = page.get_by_role("group", name="Враг 1")
    for label, value in (("Имя врага", "Орк"), ("МАСТЕРСТВО врага", 5), ("ВЫНОСЛИВОСТЬ врага", 6)):
        group.get_by_label(label).fill(str(value))
    page.get_by_role("button", name="Начать бой").click()


def test_the_name_typed_names_a_fighting_fantasy_fight_in_russian(page):
    to_russian(page)
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    page.get_by_label("Имя героя").fill("Ярослав")
    start_against_an_orc_in_russian(page)
    expect(page.locator("#fight-heading")).to_have_text("Ярослав — Орк")
    expect(page.locator("#hero-card .fighter-name")).to_have_text("Ярослав")  # the card and the log say it too


# ---- the backpack's refusal -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,said",
    [
        ("en", "Backpack: one thing per line (at most 7, food included): has 8 things counting the food, 1 too many"),
        ("ru", "Заплечный мешок: по предмету в строке (не больше 7, вместе с едой): в нём 8 предметов с учётом еды, "
               "1 лишний"),
    ],
)  # fmt: skip
def test_a_full_backpack_is_refused_saying_the_limit_once(page, lang, said):
    if lang == "ru":
        to_russian(page)
    page.locator("#books input[value='fighting-fantasy']").check()
    page.locator("#hero-skill").fill("10")
    page.locator("#hero-stamina").fill("18")
    page.locator("#hero-luck").fill("9")
    page.locator("#hero-food").fill("3")
    page.locator("#hero-backpack").fill("rope\nkey\nlamp\nbread\nsword")
    page.locator("#enemy-0-name").fill("Orc")
    page.locator("#enemy-0-skill").fill("5")
    page.locator("#enemy-0-stamina").fill("6")
    page.locator("#start").click()
    expect(page.locator("#setup-error")).to_have_text(said)
    assert page.locator("#setup-error").inner_text().count("7") == 1


# ---- the luck test after a wound in the Braslavsky book -----------------------------------------------------------

FF_HERO = {"SKILL": 10, "STAMINA": 18, "LUCK": 9}
NO_WOUND_LUCK = (
    "This book has no luck test after a wound: a wound always takes 2 STAMINA (combat rules, steps 4 and 5), and you "
    "test your luck only when a paragraph says so. The other books' rule: “Using luck in combat” in this section's "
    "combat rules."
)


def test_where_the_luck_test_would_be_the_fight_says_this_book_has_none(page):
    start_ff(page, FF_HERO, [("Orc", 5, 8)], {})
    hint = page.locator("#no-wound-luck")
    expect(hint).to_have_text(NO_WOUND_LUCK)
    page.get_by_label("Your dice").fill("6 6")
    page.get_by_label("Dice of Orc").fill("1 1")
    page.get_by_role("button", name="Fight round").click()
    expect(page.locator("#ff-log > li.ff-round")).to_have_count(1)
    expect(hint).to_be_visible()  # after the wound, where the test would be offered
    expect(page.get_by_role("button", name=re.compile("^Test your luck"))).to_be_hidden()


def test_with_the_other_books_rule_the_test_is_offered_and_the_note_is_gone(page):
    start_ff(page, FF_HERO, [("Orc", 5, 8)], {LUCK_IN_COMBAT: True})
    page.get_by_label("Your dice").fill("6 6")
    page.get_by_label("Dice of Orc").fill("1 1")
    page.get_by_role("button", name="Fight round").click()
    expect(page.get_by_role("button", name=re.compile("^Test your luck on this wound"))).to_be_visible()
    expect(page.locator("#no-wound-luck")).to_be_hidden()


def test_the_note_in_russian_quotes_the_book_and_fits_a_phone(page):
    page.set_viewport_size({"width": 360, "height": 740})
    to_russian(page)
    page.get_by_role("radio", name="Подземелья Чёрного замка").check()
    start_against_an_orc_in_russian(page)
    expect(page.locator("#no-wound-luck")).to_contain_text("«Вычтите 2 из вашей ВЫНОСЛИВОСТИ»")
    expect(page.locator("#no-wound-luck")).to_contain_text("«Удача в бою»")
    sizes = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1], sizes
