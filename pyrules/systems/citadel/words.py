"""A Citadel of Blood combat in words, in the current language: each log event as the page's log card, its screen
reader and the command line say it (:func:`said`), what the view says of the combat (:func:`view_said`: its
outcome, the phase it is in now) and what to do now (:func:`helps`: the line beside the phase, for each unit the
player may choose). Said at the boundary, never in ``step``: a replay makes no words.

>>> from pyrules.systems.citadel import CitadelOfBlood
>>> setup = CitadelOfBlood.parse_setup({"hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "orcs"}]})
>>> action = CitadelOfBlood.parse_action({"do": "attack", "unit": "A", "die": 4}, 0)
>>> state, event = CitadelOfBlood.step(setup, CitadelOfBlood.initial(setup), action)
>>> words = said(setup, event)
>>> words["title"], words["who"], words["roll"]
('Round 1 · Party Combat', 'Almuric → Orcs', 'die\\xa04 + Weapon Skill\\xa02 + Combat Bonus\\xa03 = 9 (Sword)')
>>> words["text"]
'Party attack: Almuric, target: Orcs. 1 wound — Wound Points 5 of 6.'
"""

from __future__ import annotations

import re
from typing import Any

from ...i18n import join_list, tr
from . import combat, rules
from .phases import ACTION_LABELS, PHASE_LABELS, PHASE_OF
from .record import CHARACTER_LABELS, COLUMN_LABELS, CitadelSetup, CitadelState, unit_id

STRIKES = ("attack", "monster", "hellgate")  # the kinds that strike: a target, dice, wounds


def place(at: list[int]) -> str:
    """A space of a side's march order in words: "row 2, middle"."""
    row, col = at
    return tr("row {row}, {space}", row=row + 1, space=(tr("left"), tr("middle"), tr("right"))[col])


def struck(event: dict) -> str:
    """A strike's result: "2 wounds — Wound Points 3 of 5", and "Harpies: out of the fight"."""
    left = event["target_wound_points"] - event["target_wounds"]
    points = tr("{label} {left} of {points}", label=tr(CHARACTER_LABELS["wound_points"]), left=left,
                points=event["target_wound_points"])  # fmt: skip
    result = f"{tr('{n} {n|wound|wounds}', n=event['wounds'])} — {points}"
    return f"{result}. {tr('{name}: out of the fight', name=event['target_name'])}" if event["killed"] else result


def die_total(event: dict) -> str:
    """A strike's die total, each number named in the words of 9.5: "die 4 + Weapon Skill 2 + Combat Bonus 3 = 9
    (Sword)", the column of the Combat Results Table last; a monster has no Weapon Skill, only its Combat Bonus
    (9.6). On a phone a number stays on the line of its name (a no-break space before it)."""
    terms = [tr("die {n}", n=event["die"])]
    if event["kind"] != "monster":
        terms.append(tr("Weapon Skill {n}", n=event["skill"]))
    terms.append(tr("Combat Bonus {n}", n=event["combat_bonus"]))
    column = event["column"]
    name = tr(COLUMN_LABELS[column]) if column in COLUMN_LABELS else column
    kept = " + ".join(re.sub(r" (\S+)$", "\u00a0\\1", term) for term in terms)
    return f"{kept} = {event['total']} ({name})"


# What a move or a pass did, by kind (but a move's: from where to where).
MOVE_LABELS = {
    "change_weapon": "takes up another weapon",
    "hold": "does not attack",
    "end_phase": "the party's attacks end",
    "pass": "no one moves",
    "monster_pass": "the monsters stay",
    "hellgate_pass": "casts no more",
}


def moved(event: dict) -> str:
    """What a move or a pass did: "moves from row 1, left to row 2, left", "does not attack"."""
    kind = event["kind"]
    if kind in ("move", "monster_move"):
        return tr("moves from {from} to {to}", **{"from": place(event["from"]), "to": place(event["to"])})
    return tr(MOVE_LABELS[kind]) if kind in MOVE_LABELS else kind


def said(setup: CitadelSetup, event: dict) -> dict[str, Any]:
    """The event in words: ``text`` (the action and its result in sentences, as a screen reader hears them),
    ``title`` (its card's heading: the round and the phase), ``who`` (who struck whom, or who did what); for a strike
    ``roll`` (the die against the table, or a Blast's against Resistance), ``result`` (the wounds), ``target_die``
    (the die for the target, where one was rolled) and ``typed`` (where the dice were typed)."""
    kind = event["kind"]
    phase = event["phase"]
    title = tr("Round {round} · {phase}", round=event["round"],
               phase=tr(PHASE_LABELS[phase]) if phase in PHASE_LABELS else phase)  # fmt: skip
    # "Attack" is the button's verb (ru: «Атаковать»): the party's strike is said as the monsters' is.
    action = tr("Party attack") if kind == "attack" else tr(ACTION_LABELS[kind]) if kind in ACTION_LABELS else kind
    name = event.get("name")
    if kind not in STRIKES:
        what = moved(event)
        text = f"{action}: {f'{name}, ' if name else ''}{what}."
        return {"text": text, "title": title, "who": f"{name}: {what}" if name else what}
    result = struck(event)
    words = {
        "text": f"{tr('{action}: {name}, target: {target}.', action=action, name=name, target=event['target_name'])}"
        f" {result}.",
        "title": title,
        "who": f"{name} → {event['target_name']}",
        "roll": tr("{die} against Resistance {resistance}", die=event["die"], resistance=event["resistance"])
        if kind == "hellgate" else die_total(event),
        "result": result,
    }  # fmt: skip
    if event.get("target_die"):
        words["target_die"] = tr("(target die {n})", n=event["target_die"])
    if event.get("typed"):
        words["typed"] = tr("typed")
    return words


def view_said(setup: CitadelSetup, state: CitadelState) -> dict[str, str]:
    """What the view says in words: the outcome ("" while the combat goes on) and, while it goes on, the phase it is
    in now (what a screen reader hears after an action)."""
    outcome = ""
    if state.outcome == rules.WON:
        standing = join_list(setup.party[i].name for i in combat.living(setup, state, True))
        outcome = tr("Victory in round {round}: the monsters are dead. Standing: {names}.", round=state.round,
                     names=standing)  # fmt: skip
    elif state.outcome == rules.LOST:
        outcome = tr("The party is dead.")
    ongoing = state.outcome == rules.ONGOING
    phase = tr(PHASE_LABELS[state.phase])
    return {"outcome": outcome, "next": tr("Next: {phase}, round {round}.", phase=phase, round=state.round) if ongoing
            else ""}  # fmt: skip


def helps(setup: CitadelSetup, state: CitadelState, shown: dict[str, Any]) -> dict[str, str]:
    """What to do now, the line beside the phase: by the id of the unit the player has chosen on the board, for each
    unit he may choose in this phase (in the Party Combat Phase each character yet to act, in the Party
    Reorganization Phase each who may move), and under "" with none chosen (the only line of the monsters' and the
    Hellgate's phases). ``shown`` is the view being made: its targets, moves, monster moves, next action and forced
    rule, as the board draws them. Nothing while the combat is over."""
    if state.outcome != rules.ONGOING:
        return {"": ""}
    phase = state.phase
    if phase == PHASE_OF["attack"].key:
        said = {"": tr("Choose a character marked “can act”, then the monster he attacks.")}
        for i in combat.living(setup, state, True):
            if state.acted[i]:
                continue
            unit, name = unit_id(setup, i), setup.unit(i).name
            said[unit] = (tr("{name} attacks: choose a monster marked “can be attacked”.", name=name)
                          if shown["targets"].get(unit) else
                          tr("{name} has no monster to attack with this weapon: change weapon or do not attack.",
                             name=name))  # fmt: skip
        return said
    if phase == PHASE_OF["move"].key:
        rule = shown["forced_rule"]
        said = {"": tr("{rule}. Choose a character marked “can move”.", rule=rule) if rule
                else tr("Choose a character to move, or move no one.")}  # fmt: skip
        for i in combat.living(setup, state, True):
            if unit_id(setup, i) in shown["moves"]:
                said[unit_id(setup, i)] = tr("Choose a space marked “can move here” for {name}.",
                                             name=setup.unit(i).name)  # fmt: skip
        return said
    if phase == PHASE_OF["monster"].key:
        return {"": tr("The monsters attack one by one: tap or type the dice, or leave them blank.")}
    if phase == PHASE_OF["hellgate"].key:
        more = tr("9.2.3: it may cast {n} more in this phase, or stop.", n=shown["blasts_left"])
        return {"": f"{tr('The Hellgate casts its Blast spells one by one.')} {more}"}
    # the Monster Reorganization Phase: the rules name the monster that moves by default
    mover = next((i for i in range(setup.size) if unit_id(setup, i) == shown["next"]["unit"]), None)
    if mover is None:
        return {"": ""}
    name = f"{unit_id(setup, mover)} {setup.unit(mover).name}"
    if len(shown["monster_moves"]) > 1:
        texts = [tr("9.8: {name} moves by default (the left-most that may), or choose another monster marked “may "
                    "move forward”.", name=name)]  # fmt: skip
    else:
        texts = [tr("9.8: {name} moves up.", name=name)]
    if "monster_pass" in shown["next"]["kinds"]:
        texts.append(tr("9.8.2: the first row is full, so the monsters may stay."))
    return {"": " ".join(texts)}
