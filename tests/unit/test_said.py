"""The Lone Wolf family's and Citadel of Blood's words (issue 41: the rules say it, the page draws it): every kind of
log event said in every language (``System.said``, on each event as it leaves the rules), the outcome in the view,
and the same words the page wrote before they moved into Python."""

from __future__ import annotations

import random
import re

import pytest
from conftest import make_record, play
from test_citadel_readings import ninth_round_full_first_row

from pyrules import Fight
from pyrules.i18n import LANGUAGES, language
from pyrules.systems.citadel.phases import ACTION_LABELS

LONE_WOLF_KINDS = {"round", "evade", "evade_no_round", "vigour"}
BROM = {"name": "Brom", "wound_points": 8, "resistance": 2, "combat_bonus": 1, "weapons": ["sword", "dagger"]}
LATIN = re.compile(r"[A-Za-z]{2,}")


def strings(value) -> list[str]:
    """Every string of a said dict (its values, nested)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    return []


def lone_wolf_events() -> list[tuple[Fight, dict]]:
    """A fight of each book of the family with a round, an evasion fought as a round, Vigour, and an evasion before
    the first round."""
    fights = [
        play("lone-wolf", hero={"skill": 18, "endurance": 25}, rules={"evade_after": 1},
             actions=[{"do": "vigour"}, {"do": "round", "number": 0}, {"do": "evade", "number": 5}]),
        play("lone-wolf", rules={"evade_before_round": True, "evade_after": 0}, actions=[{"do": "evade"}]),
        play("grey-star", hero={"skill": 15, "endurance": 25, "willpower": 20},
             actions=[{"do": "round", "number": 6, "willpower": 2}]),
        play("freeway-warrior", hero={"skill": 17, "endurance": 25, "weapon": "none"},
             actions=[{"do": "round", "number": 4}]),
    ]  # fmt: skip
    return [(fight, event) for fight in fights for event in fight.log]


def citadel_events() -> list[tuple[Fight, dict]]:
    """Random legal play (the Hellgate's Segment in half the combats) until every kind of action has been taken; the
    monsters staying (9.8.2) from its reading's case."""
    stay = ninth_round_full_first_row()
    stay.apply({"do": "monster_pass"})
    found: dict[str, tuple[Fight, dict]] = {"monster_pass": (stay, stay.log[-1])}
    rng = random.Random(41)
    for n in range(200):
        record = make_record(
            "citadel-of-blood",
            hero={"party": [{"hero": "almuric"}, *(dict(BROM, name=name) for name in ("Gislan", "Elyra", "Rolf"))]},
            enemies=[{"monster": "orcs"}, {"monster": "harpies"}, {"monster": "troll"}, {"monster": "orcs"}],
            rules={"hellgate": n % 2 == 0},
            seed=n,
        )
        fight = Fight.from_record(record)
        system = fight.system
        while system.legal_actions(fight.setup, fight.state) and len(fight.log) < 300:
            actions = system.legal_actions(fight.setup, fight.state)
            fight.apply(system.action_json(rng.choice(actions)))
            found.setdefault(fight.log[-1]["kind"], (fight, fight.log[-1]))
        if set(found) == set(ACTION_LABELS):
            break
    assert set(found) == set(ACTION_LABELS)
    return list(found.values())


EVENTS = {"lone-wolf": lone_wolf_events, "citadel": citadel_events}


@pytest.mark.parametrize("family", EVENTS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_kind_of_event_is_said_in_every_language(family, code):
    with language(code):  # the log's notes in the language, as the page has the fight replayed in it
        events = EVENTS[family]()
    if family == "lone-wolf":
        assert {event["kind"] for _, event in events} == LONE_WOLF_KINDS
    for fight, event in events:
        with language(code):
            said = fight.told(event)["said"]
        assert said["text"] and said["title"]
        for text in strings(said):
            assert "{" not in text and "}" not in text, text
        if code == "ru":  # no English left, but the names (of the hero, the enemies, the units)
            names = {e.get("name", "") for e in fight.record()["enemies"]} | {fight.system.describe()["hero"]}
            left = {word for text in strings(said) for word in LATIN.findall(text)}
            named = {word for name in names for word in LATIN.findall(name)}
            named |= {word for e in fight.log for word in LATIN.findall(str(e.get("name", "")))}
            named |= {word for e in fight.log for word in LATIN.findall(str(e.get("target_name", "")))}
            named |= {word for e in fight.log for word in LATIN.findall(str(e.get("enemy", "")))}
            named |= {word for e in fight.log for note in e.get("notes", []) for word in LATIN.findall(note)}
            assert left <= named, (left - named, said)


def test_a_lone_wolf_round_is_said_as_the_page_said_it():
    fight = play("grey-star", hero={"skill": 15, "endurance": 25, "willpower": 23},
                 enemies=[{"name": "Deathgaunt", "skill": 20, "endurance": 30}],
                 actions=[{"do": "round", "number": 6, "willpower": 2}])  # fmt: skip
    said = fight.told(fight.log[0])["said"]
    assert said == {"text": "Deathgaunt loses 10, you lose 4: ENDURANCE 21, WILLPOWER 21", "title": "Round 1",
                    "pick": "picked", "enemy_loss": "10 (5 × 2)", "hero_loss": "4", "you": "you",
                    "ratio": "Combat Ratio", "willpower": "WILLPOWER"}  # fmt: skip
    with language("ru"):
        said = fight.told(fight.log[0])["said"]
    assert said["text"] == "Deathgaunt: теряет 10, вы теряете 4: ВЫНОСЛИВОСТЬ 21, СИЛА ВОЛИ 21"
    assert said["title"] == "Раунд 1" and said["pick"] == "выбрано"


def test_a_kill_and_a_death_are_said_as_the_page_said_them():
    giak = {"name": "Giak", "skill": 5, "endurance": 9}
    fight = play("lone-wolf", hero={"skill": 30, "endurance": 1}, enemies=[giak],
                 actions=[{"do": "round", "number": 0}])  # fmt: skip
    said = fight.told(fight.log[0])["said"]
    assert said["text"] == "Giak: out of the fight, you lose 0: ENDURANCE 1" and said["enemy_loss"] == "K (killed)"
    assert said["title"] == "Round 1" and said["pick"] == "picked"
    assert fight.view()["said"]["outcome"] == "Victory over Giak. Banedon has 1 ENDURANCE left."
    with language("es"):
        assert fight.told(fight.log[0])["said"]["enemy_loss"] == "M (muerte)"
    both = play("lone-wolf", hero={"skill": 5, "endurance": 1}, enemies=[{"name": "Giak", "skill": 5, "endurance": 1}],
                actions=[{"do": "round", "number": 3}])  # fmt: skip
    assert both.view()["outcome"] == "lost"
    assert both.view()["said"]["outcome"] == "Banedon is dead, and so is the enemy: the adventure is over."
    assert both.told(both.log[0])["said"]["text"] == "Giak loses 5, you lose 4: ENDURANCE 0"


def test_the_outcomes_are_said_as_the_page_said_them():
    two = play("lone-wolf", hero={"skill": 30, "endurance": 21},
               enemies=[{"name": name, "skill": 5, "endurance": 1} for name in ("Giak", "Giak sergeant")],
               actions=[{"do": "round", "number": 0}, {"do": "round", "number": 0}])  # fmt: skip
    assert two.view()["said"]["outcome"] == "Victory over Giak and Giak sergeant. Banedon has 21 ENDURANCE left."
    with language("ru"):
        assert two.view()["said"]["outcome"] == ("Победа над противниками: Giak и Giak sergeant. Банедон: осталась "
                                                 "ВЫНОСЛИВОСТЬ 21.")  # fmt: skip
    evaded = play("lone-wolf", rules={"evade_before_round": True, "evade_after": 0}, actions=[{"do": "evade"}])
    assert evaded.view()["said"]["outcome"] == "Banedon evades the fight. Banedon has 25 ENDURANCE left."
    assert evaded.told(evaded.log[0])["said"] == {
        "text": "evasion before the first round: no round is fought, nothing is lost", "title": "Evade"}
    ended = play("grey-star", hero={"skill": 15, "endurance": 25, "willpower": 20}, rules={"max_rounds": 1},
                 actions=[{"do": "round", "number": 5, "willpower": 1}])  # fmt: skip
    assert ended.view()["said"]["outcome"] == ("The fight stops after round 1, as the section says. Grey Star has "
                                               f"{ended.state.endurance} ENDURANCE and 19 WILLPOWER left.")  # fmt: skip
    assert play("lone-wolf").view()["said"]["outcome"] == ""
    named = play("lone-wolf", hero={"name": "Aragorn", "skill": 23, "endurance": 25},
                 enemies=[{"name": "Giak", "skill": 15, "endurance": 1}],
                 actions=[{"do": "round", "number": 0}])  # fmt: skip
    # the hero as the player named him, as the page names him
    assert named.view()["said"]["outcome"] == "Victory over Giak. Aragorn has 25 ENDURANCE left."
    vigour = play("lone-wolf", actions=[{"do": "vigour"}])
    assert vigour.told(vigour.log[0])["said"] == {"text": "Vigour cast: 18 for this fight, ENDURANCE 22.",
                                                  "title": "Vigour"}  # fmt: skip


def test_a_citadel_strike_and_a_move_are_said_as_the_page_said_them():
    party = [{"hero": "almuric", "pos": [0, 1]}]
    fight = play("citadel-of-blood", hero={"party": party}, enemies=[{"monster": "orcs"}],
                 actions=[{"do": "attack", "unit": "A", "target": "1", "die": 4}])  # fmt: skip
    said = fight.told(fight.log[0])["said"]
    assert said == {
        "text": "Party attack: Almuric, target: Orcs. 1 wound — Wound Points 5 of 6.",
        "title": "Round 1 · Party Combat",
        "who": "Almuric → Orcs",
        "roll": "die\u00a04 + Weapon Skill\u00a02 + Combat Bonus\u00a03 = 9 (Sword)",
        "result": "1 wound — Wound Points 5 of 6",
        "typed": "typed",
    }
    assert fight.view()["said"] == {"outcome": "", "next": "Next: Monster Combat, round 1."}
    with language("ru"):
        said = fight.told(fight.log[0])["said"]
        assert said["title"] == "Раунд 1 · Бой отряда" and said["typed"] == "введено"


def test_a_citadel_kill_move_and_victory_are_said_as_the_page_said_them():
    for fight, event in citadel_events():
        said = fight.told(event)["said"]
        if event["kind"] in ("move", "monster_move"):
            assert re.fullmatch(r"(.+): moves from row \d, (left|middle|right) to row \d, (left|middle|right)",
                                said["who"]), said  # fmt: skip
            assert said["text"].startswith(f"{ACTION_LABELS[event['kind']]}: {event['name']}, moves from row ")
        if event["kind"] == "hold":
            assert said["who"] == f"{event['name']}: does not attack"
            assert said["text"] == f"Do not attack: {event['name']}, does not attack."
        if event["kind"] == "end_phase":
            assert said["who"] == "the party's attacks end"
            assert said["text"] == "End the party's attacks: the party's attacks end."
        if event["kind"] == "hellgate":
            assert said["roll"] == f"{event['die']} against Resistance {event['resistance']}"
    fight = play("citadel-of-blood", hero={"party": [{"hero": "almuric", "pos": [0, 1]}]},
                 enemies=[{"monster": "orcs", "wound_points": 1}],
                 actions=[{"do": "attack", "unit": "A", "target": "1", "die": 4}])  # fmt: skip
    said = fight.told(fight.log[0])["said"]
    assert said["result"] == "1 wound — Wound Points 0 of 1. Orcs: out of the fight"
    assert fight.view()["said"] == {"outcome": "Victory in round 1: the monsters are dead. Standing: Almuric.",
                                    "next": ""}  # fmt: skip
