"""The Lone Wolf family's words (the rules say them, the page draws them): every kind of log event said in
every language (``System.said``, on each event as it leaves the rules), the outcome in the view, the costly actions'
costs, and the same words the page wrote before they moved into Python."""

from __future__ import annotations

import pytest
from conftest import play
from said import LATIN, check_said

from pyrules import Fight
from pyrules.i18n import LANGUAGES, language

LONE_WOLF_KINDS = {"round", "evade", "evade_no_round", "vigour"}


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


EVENTS = {"lone-wolf": lone_wolf_events}


@pytest.mark.parametrize("family", EVENTS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_kind_of_event_is_said_in_every_language(family, code):
    with language(code):  # the log's notes in the language, as the page has the fight replayed in it
        events = EVENTS[family]()
    if family == "lone-wolf":
        assert {event["kind"] for _, event in events} == LONE_WOLF_KINDS
    check_said(code, events)


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


def test_a_loss_beyond_what_was_left_is_said_as_the_cards_show_it():
    """The Staff's multiplied loss, more than the enemy had left: the log says the ENDURANCE he lost, as his card's
    bar shows it, then how the rules made it; Vigour names the statistic it raised, in every language."""
    fight = play("grey-star", hero={"skill": 15, "endurance": 25, "willpower": 23},
                 enemies=[{"name": "Deathgaunt", "skill": 20, "endurance": 8}],
                 actions=[{"do": "round", "number": 6, "willpower": 2}])  # fmt: skip
    event = fight.log[0]
    assert (event["enemy_loss"], event["enemy_lost"], event["enemy_endurance"]) == (10, 8, 0)
    said = fight.told(event)["said"]
    assert said["enemy_loss"] == "8 (5 × 2 = 10)" and said["text"].startswith("Deathgaunt loses 8,")
    hurt = play("lone-wolf", hero={"skill": 10, "endurance": 2},
                enemies=[{"name": "Giak", "skill": 13, "endurance": 9}], actions=[{"do": "round", "number": 1}])
    assert (hurt.log[0]["hero_loss"], hurt.log[0]["hero_lost"]) == (6, 2)
    assert hurt.told(hurt.log[0])["said"]["hero_loss"] == "2 (6)"
    vigour = play("lone-wolf", actions=[{"do": "vigour"}])
    for code, text in (("ru", "Бодрость: БОЕВОЕ МАСТЕРСТВО 18 до конца боя, ВЫНОСЛИВОСТЬ 22."),
                       ("es", "Vigor lanzado: DESTREZA EN EL COMBATE 18 en este combate, RESISTENCIA 22.")):
        with language(code):
            assert vigour.told(vigour.log[0])["said"]["text"] == text


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
    assert both.told(both.log[0])["said"]["text"] == "Giak loses 1, you lose 1: ENDURANCE 0"  # all each had


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
    assert vigour.told(vigour.log[0])["said"] == {"text": "Vigour cast: COMBAT SKILL 18 for this fight, ENDURANCE 22.",
                                                  "title": "Vigour"}  # fmt: skip


def test_the_costly_actions_costs_are_said_as_the_page_said_them():
    """Evade's and Cast Vigour's costs under their buttons, in the view in the current language (the page wrote
    them before: its texts, and Vigour's sum of describe()'s numbers and the book's labels)."""
    at_once = play("lone-wolf", rules={"evade_before_round": True, "evade_after": 0})
    a_round = play("lone-wolf", rules={"evade_after": 0})
    staff = play("grey-star", hero={"skill": 15, "endurance": 25, "willpower": 20}, rules={"evade_after": 0},
                 actions=[{"do": "round", "number": 5, "willpower": 2}])  # fmt: skip
    other = play("grey-star", hero={"skill": 15, "endurance": 25, "willpower": 20, "weapon": "other"},
                  rules={"evade_after": 0})  # fmt: skip
    vigour = play("lone-wolf", rules={"vigour": True})
    freeway = play("freeway-warrior", rules={"evade_after": 0})
    assert at_once.view()["evade"]["cost"] == "nothing is lost"
    assert a_round.view()["evade"]["cost"] == "a round: only your losses count"
    assert staff.view()["willpower_spend"] == [1, 18]  # the least the Staff takes is said, not the most
    assert staff.view()["evade"]["cost"] == "a round: only your losses count; the Staff still takes 1 WILLPOWER or more"
    assert other.view()["willpower_spend"] is None
    assert other.view()["evade"]["cost"] == "a round: only your losses count"
    assert freeway.view()["evade"]["cost"] == "a round: only your losses count"
    assert vigour.view()["vigour"]["cost"] == "+3 COMBAT SKILL, −3 ENDURANCE"
    with language("ru"):
        assert at_once.view()["evade"]["cost"] == "без потерь"
        assert a_round.view()["evade"]["cost"] == "раунд, где считаются только ваши потери"
        assert staff.view()["evade"]["cost"] == ("раунд, где считаются только ваши потери; СИЛА ВОЛИ: Посох всё "
                                                 "равно берёт 1 или больше")  # fmt: skip
        assert vigour.view()["vigour"]["cost"] == "+3 БОЕВОЕ МАСТЕРСТВО, −3 ВЫНОСЛИВОСТЬ"
    with language("es"):
        assert staff.view()["evade"]["cost"] == ("una ronda: solo cuentan tus pérdidas; el Báculo sigue consumiendo 1 "
                                                 "de FUERZA DE VOLUNTAD o más")  # fmt: skip
    # once the evasion is fought, or the fight is otherwise over, the Staff takes nothing more: its spend goes
    over = play("grey-star", hero={"skill": 15, "endurance": 25, "willpower": 20}, rules={"evade_after": 0},
                actions=[{"do": "evade", "number": 5, "willpower": 1}])  # fmt: skip
    assert over.view()["outcome"] == "evaded" and over.view()["evade"]["cost"] == "a round: only your losses count"
    # each language's words, none left in English
    for fight in (at_once, a_round, staff, vigour, freeway):
        for code in LANGUAGES:
            with language(code):
                view = fight.view()
            for cost in (view["evade"]["cost"], view["vigour"]["cost"]):
                assert cost and "{" not in cost
                if code == "ru":
                    assert not LATIN.findall(cost), cost
