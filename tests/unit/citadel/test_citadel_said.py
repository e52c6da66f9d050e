"""Citadel of Blood's words (the rules say them, the page draws them): every kind of log event said in every
language (``System.said``, on each event as it leaves the rules), the outcome in the view, Citadel's line of what to
do now (the view's help), and the same words the page wrote before they moved into Python."""

from __future__ import annotations

import random
import re

import pytest
from citadel_cases import THREE, attack, cob, front_monster_killed, hero, kill_front, mon, reorg
from conftest import make_record, play
from said import check_said
from test_citadel_readings import ninth_round_full_first_row

from pyrules import Fight
from pyrules.i18n import LANGUAGES, language
from pyrules.systems.citadel.phases import ACTION_LABELS

BROM = {"name": "Brom", "wound_points": 8, "resistance": 2, "combat_bonus": 1, "weapons": ["sword", "dagger"]}


def four_against_four(n: int) -> dict:
    """Almuric and three of Brom's kind against orcs, harpies, a troll and orcs; the Hellgate's Segment if n is even."""
    return make_record(
        "citadel-of-blood",
        hero={"party": [{"hero": "almuric"}, *(dict(BROM, name=name) for name in ("Gislan", "Elyra", "Rolf"))]},
        enemies=[{"monster": "orcs"}, {"monster": "harpies"}, {"monster": "troll"}, {"monster": "orcs"}],
        rules={"hellgate": n % 2 == 0},
        seed=n,
    )


def citadel_events() -> list[tuple[Fight, dict]]:
    """Random legal play (the Hellgate's Segment in half the combats) until every kind of action has been taken; the
    monsters staying (9.8.2) from its reading's case."""
    stay = ninth_round_full_first_row()
    stay.apply({"do": "monster_pass"})
    found: dict[str, tuple[Fight, dict]] = {"monster_pass": (stay, stay.log[-1])}
    rng = random.Random(41)
    for n in range(200):
        fight = Fight.from_record(four_against_four(n))
        system = fight.system
        while system.legal_actions(fight.setup, fight.state) and len(fight.log) < 300:
            actions = system.legal_actions(fight.setup, fight.state)
            fight.apply(system.action_json(rng.choice(actions)))
            found.setdefault(fight.log[-1]["kind"], (fight, fight.log[-1]))
        if set(found) == set(ACTION_LABELS):
            break
    assert set(found) == set(ACTION_LABELS)
    return list(found.values())


EVENTS = {"citadel": citadel_events}


@pytest.mark.parametrize("family", EVENTS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_kind_of_event_is_said_in_every_language(family, code):
    with language(code):  # the log's notes in the language, as the page has the fight replayed in it
        events = EVENTS[family]()
    check_said(code, events)


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


# ---- the line beside Citadel's phase: what to do now (view["help"], by the unit chosen on the board) ----------------


def page_help(view: dict, unit: str | None) -> str:
    """The line web/screens/screen-citadel.js wrote beside the phase before the rules said it (its helpText, in
    English)."""
    units = {u["id"]: u for u in view["units"]}
    if view["phase"] == "party":
        if unit is None:
            return "Choose a character marked “can act”, then the monster he attacks."
        if not view["targets"].get(unit):
            return f"{units[unit]['name']} has no monster to attack with this weapon: change weapon or do not attack."
        return f"{units[unit]['name']} attacks: choose a monster marked “can be attacked”."
    if view["phase"] == "party_reorg":
        if unit is None:
            rule = view["forced_rule"]
            return f"{rule}. Choose a character marked “can move”." if rule else \
                "Choose a character to move, or move no one."  # fmt: skip
        return f"Choose a space marked “can move here” for {units[unit]['name']}."
    if view["phase"] == "monster":
        return "The monsters attack one by one: tap or type the dice, or leave them blank."
    if view["phase"] == "hellgate":
        return ("The Hellgate casts its Blast spells one by one. 9.2.3: it may cast "
                f"{view['blasts_left']} more in this phase, or stop.")  # fmt: skip
    mover = units[view["next"]["unit"]]
    name = f"{mover['id']} {mover['name']}"
    texts = [f"9.8: {name} moves by default (the left-most that may), or choose another monster marked “may move "
             "forward”." if len(view["monster_moves"]) > 1 else f"9.8: {name} moves up."]  # fmt: skip
    if "monster_pass" in view["next"]["kinds"]:
        texts.append("9.8.2: the first row is full, so the monsters may stay.")
    return " ".join(texts)


def pickable(view: dict) -> set[str]:
    """Whom the page lets the player choose on the board (its pickable): a living character yet to act in the Party
    Combat Phase, one who may move in the others."""
    party = [u for u in view["units"] if u["side"] == "party" and u["alive"]]
    if view["phase"] == "party":
        return {u["id"] for u in party if not u["acted"]}
    return {u["id"] for u in party if u["id"] in view["moves"]}


def test_citadels_help_is_the_line_the_page_wrote_in_every_state_of_random_play():
    rng = random.Random(7)
    phases = set()
    for n in range(12):
        fight = Fight.from_record(four_against_four(n))
        system = fight.system
        while True:
            view = fight.view()
            if view["outcome"] != "ongoing":
                assert view["help"] == {"": ""}
                break
            phases.add(view["phase"])
            assert set(view["help"]) == {""} | pickable(view)
            for unit in view["help"]:
                assert view["help"][unit] == page_help(view, unit or None), (unit, view["help"])
            actions = system.legal_actions(fight.setup, fight.state)
            if not actions or len(fight.log) > 300:
                break
            fight.apply(system.action_json(rng.choice(actions)))
    assert phases == {"party", "monster", "hellgate", "party_reorg", "monster_reorg"}


def helps(fight, code: str) -> dict[str, str]:
    with language(code):
        return fight.view()["help"]


def test_citadels_help_in_the_party_combat_phase_in_every_language():
    fight = cob([hero("Ann", (0, 1)), hero("Bob", (1, 1)), hero("Cid", (2, 1), weapons=["bow"])],
                [mon("Orc", wp=40, cb=-9)])  # fmt: skip
    assert fight.view()["targets"] == {"A": ["1"]}  # Bob's sword and dagger do not reach from the second row
    assert helps(fight, "en") == {
        "": "Choose a character marked “can act”, then the monster he attacks.",
        "A": "Ann attacks: choose a monster marked “can be attacked”.",
        "B": "Bob has no monster to attack with this weapon: change weapon or do not attack.",
        "C": "Cid has no monster to attack with this weapon: change weapon or do not attack.",
    }
    ru = helps(fight, "ru")
    assert ru[""] == "Выберите персонажа с пометкой «может действовать», затем чудовище, которое он атакует."
    assert ru["A"] == "Ann атакует: выберите чудовище с пометкой «можно атаковать»."
    assert ru["B"] == "Bob: с этим оружием нет чудовища, которое можно атаковать, — смените оружие или не атакуйте."
    es = helps(fight, "es")
    assert es[""] == "Elige un personaje marcado «puede actuar» y, después, el monstruo al que ataca."
    assert es["A"] == "Ann ataca: elige un monstruo con la marca «se puede atacar»."
    assert es["B"] == "Bob no tiene ningún monstruo al que atacar con esta arma: cambia de arma o no ataques."
    fight.apply(attack("A", "1"))
    assert set(helps(fight, "en")) == {"", "B", "C"}  # Ann has acted
    fight.apply({"do": "end_phase"})
    assert fight.state.phase == "monster"
    assert helps(fight, "en") == {"": "The monsters attack one by one: tap or type the dice, or leave them blank."}
    assert helps(fight, "ru") == {"": "Чудовища атакуют по одному: нажмите на грань кубика или введите число, или "
                                      "оставьте поля пустыми."}  # fmt: skip
    assert helps(fight, "es") == {"": "Los monstruos atacan uno a uno: toca o escribe los dados, o déjalos en blanco."}


def test_citadels_help_in_the_hellgate_phase_in_every_language():
    fight = cob([hero("A0", (0, 0), rv=2), hero("B0", (0, 2), rv=5)], [mon("m", wp=40)], rules={"hellgate": True})
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1})
    assert fight.state.phase == "hellgate"
    assert helps(fight, "en") == {"": "The Hellgate casts its Blast spells one by one. 9.2.3: it may cast 3 more in "
                                      "this phase, or stop."}  # fmt: skip
    assert helps(fight, "ru") == {"": "Адские врата одно за другим насылают заклинания «Удар». 9.2.3: в этой фазе "
                                      "Адские врата могут наслать ещё 3 заклинания «Удар» или "
                                      "остановиться."}  # fmt: skip
    assert helps(fight, "es") == {"": "La Puerta del Infierno lanza sus hechizos «Explosión» uno a uno. 9.2.3: puede "
                                      "lanzar 3 más en esta fase o detenerse."}  # fmt: skip
    fight.apply({"do": "hellgate", "die": 1, "target_die": 1})
    fight.apply({"do": "hellgate", "die": 1, "target_die": 1})
    assert helps(fight, "en")[""].endswith(" 9.2.3: it may cast 1 more in this phase, or stop.")
    assert helps(fight, "ru")[""].endswith(" ещё 1 заклинание «Удар» или остановиться.")


def test_citadels_help_in_the_party_reorganization_phase_in_every_language():
    free = reorg(THREE)
    assert free.view()["forced_rule"] is None
    assert helps(free, "en") == {"": "Choose a character to move, or move no one.",
                                 **{unit: f"Choose a space marked “can move here” for {name}0."
                                    for unit, name in (("A", "A"), ("B", "B"), ("C", "C"))}}  # fmt: skip
    assert helps(free, "ru") == {"": "Выберите персонажа, чтобы переставить его, или не переставляйте никого.",
                                 **{unit: f"Выберите место с пометкой «можно встать сюда» для: {unit}0."
                                    for unit in "ABC"}}  # fmt: skip
    assert helps(free, "es")[""] == "Elige un personaje para moverlo, o no muevas a nadie."
    assert helps(free, "es")["A"] == "Elige una casilla marcada «puede ir aquí» para A0."
    forced = reorg([hero("a", (0, 1)), hero("b", (1, 0)), hero("c", (1, 2)), hero("d", (2, 1))])
    assert helps(forced, "en") == {
        "": "9.8.4: with only one character in the first row, a character must move up from the second row. Choose a "
            "character marked “can move”.",
        "B": "Choose a space marked “can move here” for b.",
        "C": "Choose a space marked “can move here” for c.",
    }  # fmt: skip
    with language("ru"):
        rule = forced.view()["forced_rule"]
    assert rule.startswith("9.8.4: ")
    assert helps(forced, "ru")[""] == f"{rule}. Выберите персонажа с пометкой «может перейти»."
    with language("es"):
        rule = forced.view()["forced_rule"]
    assert helps(forced, "es")[""] == f"{rule}. Elige un personaje con la marca «puede moverse»."
    assert helps(forced, "es")["B"] == "Elige una casilla marcada «puede ir aquí» para b."


def test_citadels_help_in_the_monster_reorganization_phase_in_every_language():
    one = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])
    assert one.state.phase == "monster_reorg" and list(one.view()["monster_moves"]) == ["4"]
    assert helps(one, "en") == {"": "9.8: 4 w moves up."}
    assert helps(one, "ru") == {"": "9.8: вперёд выходит 4 w."}
    assert helps(one, "es") == {"": "9.8: avanza 4 w."}
    several = front_monster_killed()
    assert list(several.view()["monster_moves"]) == ["4", "5", "6"]
    assert helps(several, "en") == {"": "9.8: 4 p moves by default (the left-most that may), or choose another monster "
                                         "marked “may move forward”."}  # fmt: skip
    assert helps(several, "ru") == {"": "9.8: по умолчанию вперёд выходит 4 p (крайнее левое из тех, что могут); "
                                         "можно выбрать другое чудовище с пометкой «может выйти вперёд»."}  # fmt: skip
    assert helps(several, "es") == {"": "9.8: por defecto avanza 4 p (el que está más a la izquierda de los que "
                                         "pueden), o elige otro monstruo marcado «puede avanzar»."}  # fmt: skip
    stay = ninth_round_full_first_row()  # 9.8.2: the monsters may stay
    assert stay.view()["next"]["kinds"] == ["monster_move", "monster_pass"]
    assert helps(stay, "en") == {"": "9.8: 7 s moves up. 9.8.2: the first row is full, so the monsters may stay."}
    assert helps(stay, "ru") == {"": "9.8: вперёд выходит 7 s. 9.8.2: первый ряд заполнен, поэтому чудовища могут "
                                      "остаться на местах."}  # fmt: skip
    assert helps(stay, "es") == {"": "9.8: avanza 7 s. 9.8.2: la primera fila está completa, así que los monstruos "
                                      "pueden quedarse donde están."}  # fmt: skip
