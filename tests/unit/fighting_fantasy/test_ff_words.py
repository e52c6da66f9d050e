"""The Fighting Fantasy fight in the rules' words (pyrules/systems/fighting_fantasy/words.py): every event of the log,
the round's lines, the announcement, the outcome and the costs, in every language, as the page showed them when it
wrote them itself; said only as the events leave the rules (the page, the command line), never in a replay."""

from __future__ import annotations

import json
import re

import pytest
from conftest import make_record

from pyrules import Fight, api
from pyrules.__main__ import main
from pyrules.i18n import LANGUAGES, language
from pyrules.systems.fighting_fantasy import words

HERO = {"skill": 10, "stamina": 12, "luck": 9, "max_stamina": 18, "food": 1, "backpack": ["верёвка"],
        "spells": {"strength": 1, "weakness": 1, "copy": 1, "healing": 1, "levitation": 1}}  # fmt: skip
ENEMIES = [{"name": "ОРК", "skill": 9, "stamina": 8}, {"name": "ГОБЛИН", "skill": 5, "stamina": 4}]
RULES = {"escape": True, "luck_in_combat": True, "decline_costs_luck": True, "flask_in_combat": True}
# Every kind of event, and each way its words go: at peace first (the sheet, a paragraph's luck test, a spell of
# peace), then the fight (spells of combat, rounds, luck on a wound, a drink between rounds) and its escape.
PEACE = [
    {"do": "take", "item": "факел"}, {"do": "take", "food": 1}, {"do": "drop", "item": "факел"},
    {"do": "drop", "food": 1}, {"do": "arm", "weapon": "топор"}, {"do": "disarm", "weapon": "топор"},
    {"do": "gold", "amount": 3}, {"do": "gold", "amount": -2}, {"do": "eat", "stamina": 2},
    {"do": "adjust", "stamina": -1, "luck_change": 1}, {"do": "drink"}, {"do": "spell", "spell": "healing"},
    {"do": "spell", "spell": "levitation"}, {"do": "luck", "dice": [4, 5]}, {"do": "luck", "dice": [6, 6]},
    {"do": "luck", "decline": True},
]  # fmt: skip
FIGHT = [
    {"do": "spell", "spell": "strength"}, {"do": "spell", "spell": "weakness", "target": 0},
    {"do": "round", "target": 0, "dice": [[6, 5], [1, 1], [1, 1]]},  # a hit on the ОРК: luck may be tested
    {"do": "luck", "dice": [2, 2]},
    {"do": "round", "target": 0, "dice": [[1, 1], [6, 6], [6, 6]]},  # wounded by both
    {"do": "luck", "decline": True}, {"do": "drink"},
    {"do": "spell", "spell": "copy", "target": 1, "copy_dice": [[[6, 6], [1, 1]], [[6, 6], [1, 1]]]},
    {"do": "escape", "luck": True, "dice": [1, 2]},
]  # fmt: skip
KINDS = {"round", "escape", "luck", "drink", "eat", "take", "drop", "arm", "disarm", "gold", "adjust", "spell"}
LATIN = re.compile(r"[A-Za-z]{2,}")


def fight(actions=PEACE + FIGHT, hero=HERO, enemies=ENEMIES, rules=RULES) -> Fight:
    return Fight.from_record(make_record("fighting-fantasy", hero, enemies, rules, actions))


def texts(said: dict) -> list[str]:
    """Every word of an event's ``said``."""
    found = [said["text"]]
    if "title" in said:
        found += [said["title"], *said["hero"], *(part for line in said["enemies"] for part in line), said["after"]]
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_event_of_the_log_has_its_words_in_every_language(code):
    played = fight()
    assert {event["kind"] for event in played.log} == KINDS
    with language(code):
        told = [played.told(event) for event in played.log]
        view = played.view()
    for event in told:
        said = texts(event["said"])
        assert all(said) and not any("{" in text for text in said), event
        if code == "ru":  # the hero, the enemies, the things and the spells are named in Russian
            assert not [text for text in said if LATIN.search(text)], event
    assert view["said"]["outcome"] and view["said"]["costs"]["escape"]


def test_the_words_are_the_pages_words_of_before():
    """The strings the page wrote itself before the rules said them (web/screens/screen-ff.js's note, RESULTS,
    announcement and outcomeText), from the same events."""
    played = fight(FIGHT[:5], hero={**HERO, "stamina": 18})
    said = [played.told(event)["said"] for event in played.log]
    assert said[0]["text"] == "Spell of Strength cast. +2 to your ATTACK STRENGTH for this fight."
    assert said[1]["text"] == "Spell of Weakness cast. ОРК: −2 to ATTACK STRENGTH for this fight."
    round_one = said[2]
    assert round_one["title"] == "Round 1"
    assert round_one["hero"] == ["Hero: ", " + 12 = 23"]  # 6 + 5, and SKILL 10 with the Spell of Strength's 2
    assert round_one["enemies"] == [["ОРК (your target): ", " → 9: you wound it (−2)"],
                                    ["ГОБЛИН: ", " → 7: misses you"]]  # fmt: skip
    assert round_one["after"] == "STAMINA 18 · ОРК 6 · ГОБЛИН 4"
    assert round_one["text"] == "ОРК loses 2, you lose 0: STAMINA 18"
    assert said[3]["text"] == ("Test your luck on the wound dealt to ОРК: 2+2 = 4, not above LUCK 9: lucky! "
                               "LUCK is now 8, STAMINA 18.")  # fmt: skip
    # weakened: 6 + 6 + 9 − 2; the ГОБЛИН lost nothing and is not the target: not named
    assert [line[1] for line in said[4]["enemies"]] == [" → 19: it wounds you (−2)", " → 17: it wounds you (−2)"]
    assert said[4]["text"] == "ОРК loses 0, you lose 4: STAMINA 14"
    with language("ru"):
        assert played.told(played.log[2])["said"]["text"] == "ОРК: теряет 2, вы теряете 0: ВЫНОСЛИВОСТЬ 18"
        assert played.told(played.log[2])["said"]["enemies"][0][1] == " → 9: вы наносите рану (−2)"


def test_a_killing_blow_says_out_of_the_fight_and_the_outcome_names_every_enemy():
    played = fight([{"do": "round", "dice": [[6, 6], [1, 1]]}] * 4, hero={"skill": 10, "stamina": 18, "luck": 9},
                   enemies=[{"name": "Skeletons", "skill": 5, "stamina": 8}], rules={})  # fmt: skip
    assert played.told(played.log[-1])["said"]["text"] == "Skeletons: out of the fight, you lose 0: STAMINA 18"
    assert played.view()["said"]["outcome"] == "Victory over Skeletons. Hero has 18 STAMINA left."
    two = fight([{"do": "round", "target": i, "dice": [[6, 6], [1, 1], [1, 1]]} for i in (0, 0, 1, 1)],
                hero={"skill": 10, "stamina": 18, "luck": 9, "name": "Аня"},
                enemies=[{"name": "Orc", "skill": 5, "stamina": 4}, {"name": "Imps", "skill": 5, "stamina": 4}],
                rules={})
    assert two.view()["said"]["outcome"] == "Victory over Orc and Imps. Аня has 18 STAMINA left."
    with language("ru"):
        assert two.view()["said"]["outcome"] == "Победа над противниками: Orc и Imps. Аня: осталась ВЫНОСЛИВОСТЬ 18."
        assert played.view()["said"]["outcome"] == "Победа над противником: Skeletons. Герой: осталась ВЫНОСЛИВОСТЬ 18."
    with language("es"):
        assert two.view()["said"]["outcome"] == "Victoria sobre Orc e Imps. A Аня le queda RESISTENCIA 18."


def test_the_costs_and_the_missing_luck_test_are_the_rules_words():
    played = fight([{"do": "round", "dice": [[1, 1], [6, 6]]}], hero={**HERO, "stamina": 18, "flask": 2},
                   enemies=ENEMIES[:1], rules={"escape": True, "decline_costs_luck": True})  # fmt: skip
    said = played.view()["said"]
    assert said["costs"] == {"escape": "−2 STAMINA", "luck": "−1 LUCK", "decline": "unlucky, −1 LUCK",
                             "drink": "−1 dose of 2", "spell:strength": "−1 use of 1", "spell:weakness": "−1 use of 1",
                             "spell:copy": "−1 use of 1", "spell:healing": "−1 use of 1",
                             "spell:levitation": "−1 use of 1"}  # fmt: skip
    assert said["no_wound_luck"].startswith("This book has no luck test after a wound: a wound always takes 2 STAMINA "
                                            "(combat rules, steps 4 and 5)")  # fmt: skip
    assert fight(FIGHT[2:3]).view()["said"]["no_wound_luck"] == ""  # luck in combat: the test is offered


def test_a_spell_is_unavailable_where_the_rules_refuse_it():
    played = fight([{"do": "spell", "spell": "strength"}, {"do": "spell", "spell": "weakness", "target": 0},
                    {"do": "round", "target": 0, "dice": [[3, 3], [3, 3], [3, 3]]}],
                   hero={**HERO, "spells": {"strength": 2, "weakness": 2, "healing": 1}})  # fmt: skip
    why = played.refusals()
    assert why["spell:strength"] == "the Spell of Strength is already cast for this fight"
    assert "spell:weakness" not in why  # the ГОБЛИН is not weakened yet
    assert why["spell:healing"] == "not during a fight"
    weakened = fight([{"do": "spell", "spell": "weakness", "target": i} for i in (0, 1)],
                     hero={**HERO, "spells": {"weakness": 3}})  # fmt: skip
    assert weakened.refusals()["spell:weakness"] == "this enemy is already weakened"


def test_the_words_are_said_at_the_boundary_never_in_a_replay(monkeypatch):
    record = make_record("fighting-fantasy", HERO, ENEMIES, RULES, PEACE + FIGHT)

    def refused(*args):
        raise AssertionError("said in a replay")

    monkeypatch.setattr(words, "said", refused)
    replayed = Fight.from_record(record)  # replayed, said nothing
    assert all("said" not in event for event in replayed.log)
    monkeypatch.undo()
    reply = json.loads(api.call(json.dumps({"op": "restore", "record": record, "lang": "ru"})))
    assert reply["ok"] and all(event["said"]["text"] for event in reply["log"])
    assert reply["view"]["said"]["outcome"] == "Герой бежит с поля боя; ВЫНОСЛИВОСТЬ 14."


def test_the_command_line_prints_the_words(tmp_path, capsys):
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(make_record("fighting-fantasy", HERO, ENEMIES, RULES, PEACE + FIGHT)), encoding="utf-8")
    assert main(["play", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["log"][0]["said"] == {"text": "Put in the backpack: факел."}
    assert printed["log"][-1]["said"]["text"].startswith("Escape: the enemy has the last blow, 1 STAMINA lost. 1+2 = 3")
