"""A full fight of each system in every engine of the cross-engine suite: Grey Star spending
WILLPOWER through the Staff, Cal Phoenix on the Close Combat Results Table, «Подземелья Чёрного замка» in Russian
against two opponents at once, and a Citadel of Blood party set up by the form. Every number is typed, as a player
with the book open types it, and checked twice: against the book's tables on screen, and against CPython's replay of
the record the engine kept (outcome, and the ENDURANCE / STAMINA / Wound Points bars the page shows).
"""

from __future__ import annotations

import json
import re

from page import Page
from test_engines import current_record, fight_round, log_rows, replayed, set_up

# Every bar of the fight screen, as its text without the round's change: "ENDURANCE 21 / 25", "Wound Points 7 / 8".
BARS_JS = """return [...document.querySelectorAll("#fight .bar-text")].map((text) => {
  const bare = text.cloneNode(true);
  bare.querySelector(".change")?.remove();
  return bare.textContent.replace(/\\s+/g, " ").trim();
});"""


def bars(page: Page) -> list[str]:
    return page.js(BARS_JS)


def outcome(page: Page, text: str) -> None:
    """Waits until the outcome line says `text` (whole)."""
    page.wait(f"document.querySelector('#outcome').textContent.trim() === {json.dumps(text)}", f"the outcome {text!r}")


def test_grey_star_spends_willpower_through_the_staff_every_round(page: Page):
    set_up(page, "Grey Star the Wizard", {"COMBAT SKILL": 15, "ENDURANCE": 25, "WILLPOWER": 23},
           [{"Enemy name": "Deathgaunt", "Enemy COMBAT SKILL": 20, "Enemy ENDURANCE": 30}])
    # Combat Ratio 15 - 20 = -5 (column -6/-5 of the Combat Results Table): 6 -> the enemy loses 5, Grey Star 4;
    # 0 -> 9 and 0. The Staff multiplies the enemy's loss by the WILLPOWER spent that round (1, 2, then 2; the log
    # writes the product only when it is more than 1, and the ENDURANCE lost first where it was more than was left).
    for number, spent in ((6, 1), (6, 2), (0, 2)):
        fight_round(page, {"Random number": number, "WILLPOWER to spend": spent})
    assert log_rows(page) == [
        ["Round 1", "Deathgaunt", "−5", "6", "5", "4", "21", "25", "22"],
        ["Round 2", "Deathgaunt", "−5", "6", "10 (5 × 2)", "4", "17", "15", "20"],
        ["Round 3", "Deathgaunt", "−5", "0", "15 (9 × 2 = 18)", "0", "17", "0", "18"],
    ]
    outcome(page, "Victory over Deathgaunt. Grey Star has 17 ENDURANCE and 18 WILLPOWER left.")
    record = current_record(page)
    assert [(a["number"], a["willpower"]) for a in record["actions"]] == [(6, 1), (6, 2), (0, 2)]
    view = replayed(record)
    assert view["outcome"] == "won"
    hero, enemy = view["hero"], view["enemies"][0]
    assert (hero["endurance"], hero["willpower"], enemy["endurance"]) == (17, 18, 0)
    assert bars(page) == [f"ENDURANCE {hero['endurance']} / 25", f"WILLPOWER {hero['willpower']} / 23",
                          f"ENDURANCE {enemy['endurance']} / 30"]


def test_cal_phoenix_to_the_end_on_the_close_combat_results_table(page: Page):
    set_up(page, "Freeway Warrior", {"CLOSE COMBAT SKILL": 17, "ENDURANCE": 25},
           [{"Enemy name": "Renegade Clansman", "Enemy CLOSE COMBAT SKILL": 18, "Enemy ENDURANCE": 12}])
    # Combat Ratio 17 + Hunting Knife 2 - 18 = +1
    page.wait("document.querySelector('#combat-ratio')?.textContent === '+1'", "Combat Ratio +1")
    # Column +1/+2 of the Close Combat Results Table: 4 -> the Clansman loses 4, Cal 3 (the rules' worked example);
    # 1 -> 3/4 (the Lone Wolf table would read 4/5); 0 -> 8/0, of the Clansman's 5.
    for number in (4, 1, 0):
        fight_round(page, {"Random number": number})
    assert log_rows(page) == [
        ["Round 1", "Renegade Clansman", "+1", "4", "4", "3", "22", "8"],
        ["Round 2", "Renegade Clansman", "+1", "1", "3", "4", "18", "5"],
        ["Round 3", "Renegade Clansman", "+1", "0", "5 (8)", "0", "18", "0"],
    ]
    outcome(page, "Victory over Renegade Clansman. Cal Phoenix has 18 ENDURANCE left.")
    record = current_record(page)
    assert [a["number"] for a in record["actions"]] == [4, 1, 0]
    view = replayed(record)
    assert view["outcome"] == "won"
    hero, enemy = view["hero"], view["enemies"][0]
    assert (hero["endurance"], enemy["endurance"]) == (18, 0)
    assert bars(page) == [f"ENDURANCE {hero['endurance']} / 25", f"ENDURANCE {enemy['endurance']} / 12"]


# «Подземелья Чёрного замка»'s round cards, oldest first, each as its lines, the dice faces read as "3+4".
FF_ROWS_JS = """return [...document.querySelectorAll("#ff-log > li.ff-round")].map((card) =>
  [...card.querySelectorAll("p")].map((line) => {
    const copy = line.cloneNode(true);
    for (const faces of copy.querySelectorAll(".dice-faces")) {
      faces.replaceWith([...faces.querySelectorAll(".die")].map((die) => die.childElementCount).join("+"));
    }
    return copy.textContent.replace(/\\s+/g, " ").trim();
  }));"""
FF_NOTES_JS = """return [...document.querySelectorAll("#ff-log > li.note")]
  .map((note) => note.textContent.replace(/\\s+/g, " ").trim());"""
TARGET = ("group", "Кого вы атакуете?")
LATIN_ALLOWED = {"pyrules", "README", "JSON", "json", "English", "SPI"}  # the brand, file names, the switch back


def english_words(page: Page) -> set[str]:
    """Latin words in the page's visible text, as this engine lays it out (innerText)."""
    return set(re.findall(r"[A-Za-z]{2,}", page.js("return document.body.innerText;"))) - LATIN_ALLOWED


def test_the_black_castle_in_russian_two_opponents_at_once_and_a_luck_test(page: Page):
    assert {"Language", "Start", "fight"} <= english_words(page)  # the check reads this engine's page text
    page.select("Language", "Русский")
    page.find("heading", "Подготовка к бою")
    page.wait("document.title === 'pyrules: бои книг-игр'", "the tab's title in Russian")
    page.wait("document.documentElement.lang === 'ru'", "the page's language ru")
    page.find("field", "Язык")
    assert english_words(page) == set()
    set_up(page, "Подземелья Чёрного замка", {"МАСТЕРСТВО": 10, "ВЫНОСЛИВОСТЬ": 18, "УДАЧА": 9},
           [{"Имя врага": "Гоблин", "МАСТЕРСТВО врага": 8, "ВЫНОСЛИВОСТЬ врага": 6},
            {"Имя врага": "Орк", "МАСТЕРСТВО врага": 9, "ВЫНОСЛИВОСТЬ врага": 8}],
           start="Начать бой", enemy_group="Враг", another="Добавить врага")
    page.find("heading", "Герой — Гоблин и Орк")
    page.find("button", "Раунд боя")
    page.find("button", "Отменить")
    page.find("list", "Журнал приключения")
    assert english_words(page) == set()

    def ff_round(target: str | None, hero: str, **enemies: str) -> None:
        if target:
            page.check("radio", target, within=(TARGET,))
        before = len(page.js(FF_ROWS_JS))  # counted by its own cards: the last round takes the fight's lists away
        page.fill("Ваши кубики", hero)
        for name, dice in enemies.items():
            page.fill(f"Кубики: {name}", dice)
        page.click("button", "Раунд боя")
        page.wait(f"document.querySelectorAll('#ff-log > li.ff-round').length > {before}", "the round's card")

    # СИЛА УДАРА = 2d6 + МАСТЕРСТВО. Round 1, the goblin struck: hero 3+4+10 = 17 > goblin 2+2+8 = 12: the goblin
    # loses 2; the orc's 6+5+9 = 20 beats 17: the hero loses 2.
    ff_round("Гоблин", "3 4", Гоблин="2 2", Орк="6 5")
    # Round 2, the orc struck: 6+6+10 = 22 > the orc's 1+1+9 = 11 (−2); the goblin's 1+1+8 = 10 does not beat 22.
    ff_round("Орк", "6 6", Гоблин="1 1", Орк="1 1")
    rows = page.js(FF_ROWS_JS)
    assert rows[0] == [
        "Раунд 1",
        "Герой: 3+4 + 10 = 17",
        "Гоблин (ваша цель): 2+2 → 12: вы наносите рану (−2)",
        "Орк: 6+5 → 20: ранит вас (−2)",
        "ВЫНОСЛИВОСТЬ 16 · Гоблин 4 · Орк 8",
    ]
    assert rows[1] == [
        "Раунд 2",
        "Герой: 6+6 + 10 = 22",
        "Гоблин: 1+1 → 10: не ранит вас",
        "Орк (ваша цель): 1+1 → 11: вы наносите рану (−2)",
        "ВЫНОСЛИВОСТЬ 16 · Гоблин 4 · Орк 6",
    ]
    # The goblin 4 -> 2 -> 0, then the orc alone (nothing to choose) 6 -> 4 -> 2 -> 0; 22 beats every 1+1.
    ff_round("Гоблин", "6 6", Гоблин="1 1", Орк="1 1")
    ff_round("Гоблин", "6 6", Гоблин="1 1", Орк="1 1")
    for _ in range(3):
        ff_round(None, "6 6", Орк="1 1")
    assert page.js(FF_ROWS_JS)[-1][-1] == "ВЫНОСЛИВОСТЬ 16 · Орк 0"  # the fallen goblin is no longer listed
    outcome(page, "Победа над противниками: Гоблин и Орк. Герой: осталась ВЫНОСЛИВОСТЬ 16.")

    # A УДАЧА test after the fight: 4+5 = 9, not above УДАЧА 9: lucky, and УДАЧА goes down by 1.
    before = len(page.js(FF_NOTES_JS))
    page.fill("Ваши кубики", "4 5")
    page.click("button", "Проверить удачу (УДАЧА −1)")  # the test's cost is in its name
    page.wait(f"document.querySelectorAll('#ff-log > li.note').length > {before}", "the luck test's note")
    assert page.js(FF_NOTES_JS)[-1] == (
        "Проверить удачу: 4+5 = 9, не больше УДАЧИ 9: повезло! Теперь УДАЧА 8, ВЫНОСЛИВОСТЬ 16."
    )

    assert english_words(page) == set()
    record = current_record(page)
    typed = [[[3, 4], [2, 2], [6, 5]], [[6, 6], [1, 1], [1, 1]], [[6, 6], [1, 1], [1, 1]], [[6, 6], [1, 1], [1, 1]],
             *[[[6, 6], None, [1, 1]]] * 3, [4, 5]]
    assert [a.get("dice") for a in record["actions"]] == typed  # the dice as typed, none rolled by the app
    view = replayed(record)
    assert view["outcome"] == "won"
    hero = view["hero"]
    assert (hero["stamina"], hero["luck"]) == (16, 8)
    assert [e["stamina"] for e in view["enemies"]] == [0, 0]
    assert [bar for bar in bars(page) if bar.startswith("ВЫНОСЛИВОСТЬ ")] == [
        f"ВЫНОСЛИВОСТЬ {hero['stamina']} / 18",
        *(f"ВЫНОСЛИВОСТЬ {e['stamina']} / {full}" for e, full in zip(view["enemies"], (6, 8))),
    ]


# Citadel of Blood's log cards, newest first, each as the texts of its lines.
COB_ROWS_JS = """return [...document.querySelectorAll("#cob-log > li")].map((card) =>
  [...card.querySelectorAll("p")].map((line) => line.textContent.replace(/\\s+/g, " ").trim()));"""
BOARD = ("group", "March order")


def cob_rows(page: Page) -> list[list[str]]:
    return page.js(COB_ROWS_JS)


def cob_act(page: Page, act, die: int | None = None, target_die: int | None = None) -> None:
    """One action of the board (`act` clicks or presses), its die typed first; waits for its log card."""
    before = len(cob_rows(page))
    if die is not None:
        page.fill("Die", die)
    if target_die is not None:
        page.fill("Die for the target", target_die)
    act()
    page.wait(f"document.querySelectorAll('#cob-log > li').length > {before}", "a new log card")


def attack(page: Page, who: str, target: str, die: int) -> None:
    page.click("button", pattern=f"^{who}:", within=(BOARD,))
    page.find("button", pattern=f"^{target}: .*can be attacked", within=(BOARD,))
    cob_act(page, lambda: page.click("button", pattern=f"^{target}:", within=(BOARD,)), die)


def phase(page: Page, text: str) -> None:
    page.wait(f"document.querySelector('#cob-phase')?.textContent.trim() === {json.dumps(text)}", text)


def test_a_citadel_party_from_the_form_fights_to_the_end(page: Page):
    page.check("radio", pattern="^Citadel of Blood")
    page.select("Hero from the roster", "Almuric")
    page.click("button", "Add this hero")
    almuric = ("group", "Character A")
    assert page.value("Name", within=(almuric,)) == "Almuric"
    assert page.value("Wound Points", within=(almuric,)) == "8"
    page.select("Space", "middle", within=(almuric,))
    page.click("button", "Add a character of your own")
    gislan = ("group", "Character B")
    for label, value in (("Name", "Gislan"), ("Wound Points", 7), ("Resistance Value", 2), ("Combat Bonus", 3),
                         ("Weapon Skill with the first weapon", 4)):
        page.fill(label, value, within=(gislan,))
    for label, option in (("First weapon", "Axe"), ("Second weapon", "Throwing Dagger"), ("Row", "row 1"),
                          ("Space", "left")):
        page.select(label, option, within=(gislan,))
    for monster in ("Orcs", "Harpies"):
        page.select("Monster from the chart", monster)
        page.click("button", "Add this monster")
    page.click("button", "Start fight")
    phase(page, "Round 1: Party Combat")
    # 9.1: two monsters on the flanks, in the list's order: the Orcs face Gislan, the Harpies the right-hand space.
    page.find("button", pattern=r"^1 Orcs: Wound Points 6 / 6; monsters, row 1, left$", within=(BOARD,))
    page.find("button", pattern=r"^2 Harpies: Wound Points 5 / 5; monsters, row 1, right$", within=(BOARD,))

    # 9.5: 1D6 + Weapon Skill + Combat Bonus on the Combat Results Table (the app's transcription, unverified).
    attack(page, "A Almuric", "2 Harpies", 5)  # 5 + 2 + 3 = 10, Sword: 2 wounds
    assert cob_rows(page)[0][:4] == ["Round 1 · Party Combat", "Almuric → Harpies",
                                     "die 5 + Weapon Skill 2 + Combat Bonus 3 = 10 (Sword) typed",
                                     "2 wounds — Wound Points 3 of 5"]
    attack(page, "B Gislan", "1 Orcs", 6)  # 6 + 4 + 3 = 13, Axe: 3 wounds
    assert cob_rows(page)[0][1:4] == ["Gislan → Orcs", "die 6 + Weapon Skill 4 + Combat Bonus 3 = 13 (Axe) typed",
                                      "3 wounds — Wound Points 3 of 6"]
    phase(page, "Round 1: Monster Combat")
    # 9.3: the Orcs (left) may strike Gislan or Almuric, split in column order: target die 1 -> Gislan; the Harpies
    # (right) face Almuric alone. Orcs 2 + 1 = 3, Harpies 1 + 1 = 2 in the Monster column: no wound.
    cob_act(page, lambda: page.click("button", "Monster attack"), 2, 1)
    assert cob_rows(page)[0][1:] == [
        "Orcs → Gislan (target die 1)", "die 2 + Combat Bonus 1 = 3 (Monster) typed", "0 wounds — Wound Points 7 of 7",
    ]
    cob_act(page, lambda: page.click("button", "Monster attack"), 1)
    assert cob_rows(page)[0][1:] == [
        "Harpies → Almuric", "die 1 + Combat Bonus 1 = 2 (Monster) typed", "0 wounds — Wound Points 8 of 8",
    ]
    phase(page, "Round 1: Party Reorganization")
    cob_act(page, lambda: page.click("button", "Move no one"))

    phase(page, "Round 2: Party Combat")
    attack(page, "A Almuric", "2 Harpies", 6)  # 6 + 2 + 3 = 11, Sword: 2 wounds
    attack(page, "B Gislan", "1 Orcs", 6)  # 13 again: 3 wounds, the Orcs are dead
    assert cob_rows(page)[0][1:] == [
        "Gislan → Orcs",
        "die 6 + Weapon Skill 4 + Combat Bonus 3 = 13 (Axe) typed",
        "3 wounds — Wound Points 0 of 6. Orcs: out of the fight",
        "Orcs: off the board",
    ]
    page.wait("!document.querySelector('#cob-board').textContent.includes('Orcs')", "the Orcs off the board")
    phase(page, "Round 2: Monster Combat")
    # The Orcs gone, the Harpies may strike either (9.3): target die 6 -> Almuric; 6 + 1 = 7, Monster column: 1 wound.
    cob_act(page, lambda: page.click("button", "Monster attack"), 6, 6)
    assert cob_rows(page)[0][1:] == [
        "Harpies → Almuric (target die 6)", "die 6 + Combat Bonus 1 = 7 (Monster) typed",
        "1 wound — Wound Points 7 of 8",
    ]
    phase(page, "Round 2: Party Reorganization")
    cob_act(page, lambda: page.click("button", "Move no one"))

    phase(page, "Round 3: Party Combat")
    attack(page, "A Almuric", "2 Harpies", 1)  # 1 + 2 + 3 = 6, Sword: 1 wound, the last of the Harpies' five
    outcome(page, "Victory in round 3: the monsters are dead. Standing: Almuric and Gislan.")
    record = current_record(page)
    assert [(a["do"], a.get("die"), a.get("target_die")) for a in record["actions"]] == [
        ("attack", 5, None), ("attack", 6, None), ("monster", 2, 1), ("monster", 1, None), ("pass", None, None),
        ("attack", 6, None), ("attack", 6, None), ("monster", 6, 6), ("pass", None, None), ("attack", 1, None),
    ]  # the dice as typed, none rolled by the app
    view = replayed(record)
    assert (view["outcome"], view["round"]) == ("won", 3)
    left = {u["name"]: u["wound_points"] - u["wounds"] for u in view["units"] if u["alive"]}
    assert left == {"Almuric": 7, "Gislan": 7}
    assert [u["name"] for u in view["units"] if not u["alive"]] == ["Orcs", "Harpies"]
    assert sorted(bars(page)) == sorted(f"Wound Points {points} / {full}"
                                        for points, full in ((left["Almuric"], 8), (left["Gislan"], 7)))
