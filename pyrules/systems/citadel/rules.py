"""Citadel of Blood (SPI, 1980; Eric Lee Smith): the combat rules 9.0-9.8 for a party against monsters.

The party (up to 6 characters) and the monsters stand in march orders of rows of at most 3 spaces (columns 0, 1, 2
= left, middle, right; row 0 is the front, facing the enemy's row 0, column facing column). A Combat Round is five
phases (9.2): Party Combat, Monster Combat, Hellgate Combat (only in the Hellgate's Segment), Party Reorganization,
Monster Reorganization. An attack is 1D6 + Weapon Skill (for the weapon used) + Combat Bonus, read in the weapon's
column of the Combat Results Table (9.5); unarmed monsters read the Monster column (9.6). A unit whose wounds reach
its Wound Points is dead (9.7); the combat ends when one side is eliminated.

The Combat Results Table 9.9, the monsters' numbers and the hero roster could not be read from the printed game:
they come from fan implementations (``data/citadel.json`` beside this module, every table ``"verified": false``),
and a record may carry its own table (``"tables"``) and its own numbers for every unit.

The package by concern: :mod:`.record` (the record, the tables), :mod:`.deployment` (9.1), :mod:`.geometry` (the
board as pure functions: 9.3 targets, 9.8 moves), :mod:`.phases` (the Combat Round as a table), :mod:`.combat`
(attacks and wounds on the board as the state stands), this module (the action handlers and the phase machine driven
by the table; the legal actions and the dice left to chance), :mod:`.view` (what the page sees) and :mod:`.odds` (the
simulation's policy). Actions:

* party phase: ``attack`` (unit, target, weapon, die), ``change_weapon`` (unit), ``hold`` (unit), ``end_phase``;
* monster phase: ``monster`` (die, target_die) resolves the next monster's attack;
* Hellgate phase: ``hellgate`` (die, target_die) casts the next Blast spell; ``hellgate_pass`` casts no more (9.2.3:
  the Hellgate "may cast 3");
* party reorganization: ``move`` (unit, to=[row, col]) or ``pass``;
* monster reorganization: ``monster_move`` (unit, die) moves a monster the rules allow; ``monster_pass`` (9.8.2 only:
  with three monsters in the first row one *may* move up) moves none.

Every die may be typed; when absent it is drawn from the seed. Phases with nothing to do are passed by themselves.

Readings where the text is silent (each is tested, and each is written in the log or beside the control where it is
used; those of 9.3's targets, of bows and of the Blasts' targets are :mod:`.combat`'s): a character's weapon is
assigned with his first attack of round 1, afterwards only ``change_weapon`` (which spends his phase) changes it;
9.8.4 applies with exactly one character in the first row (the only move is up from the second row, possibly none);
with an EMPTY first row the combat cannot stop (9.0), so a character must move one row forward (the set-up refuses a
party with no one in the first row: 9.1, 9.2); the monster that moves up is, unless the record names another allowed
one, the left-most one able to fill a space of the row nearest the party that has a gap (a note in the log), and with
a full first row it may move up one row or the monsters stay (9.8.2, 9.2.5); the Hellgate is not a unit and takes no
space on the board: the combat is won when the monsters are dead, the Hellgate still standing.

>>> from .record import parse_action, parse_setup
>>> setup = parse_setup({"hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "orcs"}]})
>>> state, event = step(setup, initial(setup), parse_action({"do": "attack", "unit": "A", "die": 4}, 0))
>>> event["total"], event["column"], event["row"], event["wounds"], state.phase
(9, 'sword', 3, 1, 'monster')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...contract import Outcome
from ...fields import RecordError
from ...i18n import tr
from . import combat, geometry
from .combat import Event
from .geometry import Pos, party_moves, place, split
from .phases import ACTION_LABELS, PHASE, PHASE_OF, following
from .record import (
    ACTION_FIELDS,
    CitadelAction,
    CitadelSetup,
    CitadelState,
    Record,
    index_of,
    unit_id,
)

ONGOING, WON, LOST = Outcome.ONGOING, Outcome.WON, Outcome.LOST
Handler = Callable[[CitadelSetup, CitadelState, CitadelAction, str], tuple[CitadelState, Event]]


# ---- what 9.8 forces -----------------------------------------------------------------------------------------


def reading_9_2_5() -> str:
    """The app's reading of 9.2.5 where 9.8.1 has no move (a text in the language of the moment)."""
    return tr(
        "9.2.5 as this app reads it: no monster of the second row can reach the gap in the first (9.8.1), and 9.8.2 "
        "needs a full first row; one monster must still move forward, to the nearest space it can reach"
    )


def moving_monster(
    setup: CitadelSetup, state: CitadelState, uid: str | None
) -> tuple[int | None, dict[int, list[Pos]]]:
    """9.8: the monster that moves (the one named, else the left-most allowed; None if that one may not move now)
    and every monster's allowed spaces."""
    moves = geometry.monster_moves(*combat.board(setup, state))
    if uid is None:
        return geometry.leftmost(state.pos, moves), moves
    return next((i for i in moves if unit_id(setup, i) == uid), None), moves


def forced_rule(setup: CitadelSetup, state: CitadelState) -> str | None:
    """The rule that forces a move in this Party Reorganization Phase, in words (None: the party may pass)."""
    if state.phase != PHASE_OF["move"].key or state.outcome != ONGOING:
        return None
    front = len(combat.front_row(setup, state, True))
    if front > 1 or not party_moves(*combat.board(setup, state)):
        return None
    return _must_move(front)


def refusal(setup: CitadelSetup, state: CitadelState, kind: str) -> str | None:
    """Why the phase may not be ended now with an action of ``kind`` (None: it may): 9.8.4 (or 9.0) forces a
    character's move, 9.2.5 and 9.8.1 a monster's."""
    if kind == "pass":
        return forced_rule(setup, state)
    if kind == "monster_pass" and not geometry.monsters_may_stay(*combat.board(setup, state)):
        if geometry.fills_past_the_first_row(*combat.board(setup, state)):
            return reading_9_2_5()
        return tr("9.2.5, 9.8.1: with fewer than three monsters in the first row, one must move forward")
    return None


def _may_end(setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str) -> None:
    why = refusal(setup, state, action.do)
    if why:
        raise RecordError(path, why, tr(ACTION_LABELS[action.do]))


def _must_move(front: int) -> str:
    if front:
        return tr("9.8.4: with only one character in the first row, a character must move up from the second row")
    return tr(
        "9.0, 9.8 as this app reads them: no character stands in the first row and the combat cannot stop, "
        "so a character must move forward, toward the first row"
    )


def _why_not(setup: CitadelSetup, state: CitadelState, i: int, to: Pos) -> str:
    """Why character i may not move to ``to`` (a move :func:`geometry.party_moves` does not list)."""
    row, col = place(state.pos, i)
    front = combat.front_row(setup, state, True)
    taken = {place(state.pos, j) for j in combat.living(setup, state, True)}
    if to == (row, col):
        return tr("9.8: the character is already there")
    if to in taken:
        return tr("9.8: that space is taken: no row holds more than 3 characters")
    if len(front) <= 1:
        return _must_move(len(front))
    if to[0] == row:
        return tr("9.8.1: a character may not move over another character in his row")
    if abs(to[0] - row) > 1:
        return tr("9.8.2: a character moves only to the row in front of or behind his own")
    if abs(to[1] - col) > 1:
        return tr("9.8.3: a character changing rows moves straight or diagonally, one column at most")
    if row == 0 and len(front) == 2:
        return tr("9.8.5: with only two characters in the first row, neither may move back")
    return tr("9.8: this move is not allowed")  # pragma: no cover


# ---- the actions, one handler each (the phase is checked before, and ended after, by the machine) ---------------


def _character(setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str) -> int:
    """The living character who acts, not yet acted in this Party Combat Phase."""
    i = index_of(setup, action.unit, f"{path}.unit", True)
    if state.pos[i] is None:
        raise RecordError(f"{path}.unit", tr("9.7: {name}: out of the fight", name=setup.party[i].name), tr("Who"))
    if state.acted[i]:
        raise RecordError(
            f"{path}.unit",
            tr("9.4: {name} has already acted in this Party Combat Phase", name=setup.party[i].name),
            tr("Who"),
        )
    return i


def _attack(setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str) -> tuple[CitadelState, Event]:
    i = _character(setup, state, action, path)
    c = setup.party[i]
    weapon = state.weapon[i] if action.weapon is None else action.weapon
    if weapon >= len(c.weapons):
        raise RecordError(f"{path}.weapon", tr("{name} carries only one weapon", name=c.name), tr("Weapon"))
    if weapon != state.weapon[i] and combat.weapon_locked(state):
        raise RecordError(
            f"{path}.weapon",
            tr("9.4: a character changes weapons only by not attacking in a Party Combat Phase (change_weapon)"),
            tr("Weapon"),
        )
    why = combat.usable(setup, state, i, weapon)
    if why:
        raise RecordError(path, why, tr("Attack"))
    choices, unfaced = geometry.targets(*combat.board(setup, state), i)
    if not choices:
        raise RecordError(path, tr("9.3: there is no monster in the first row to attack"), tr("Attack"))
    if action.target is None:
        if len(choices) > 1:
            raise RecordError(
                f"{path}.target",
                tr(
                    "9.3: {name} chooses among {choices}",
                    name=c.name,
                    choices=", ".join(unit_id(setup, j) for j in choices),
                ),
                tr("Target"),
            )
        target = choices[0]
    else:
        target = index_of(setup, action.target, f"{path}.target", False)
        if target not in choices:
            raise RecordError(
                f"{path}.target",
                tr(
                    "9.3: {name} may attack only {choices} from where he stands",
                    name=c.name,
                    choices=", ".join(unit_id(setup, j) for j in choices),
                ),
                tr("Target"),
            )
    weapons = list(state.weapon)
    weapons[i] = weapon
    thrown = list(state.thrown)
    if c.weapons[weapon] == "throwing_dagger":
        thrown[i] = True
    state = state.but(weapon=tuple(weapons), thrown=tuple(thrown))
    state, event = combat.strike(setup, state, i, target, c.weapons[weapon], action.die)
    if unfaced:
        event["notes"] = [combat.unfaced_note(c.name, False), *event["notes"]]
    return state, {"weapon": weapon, **event}


def _change_weapon(
    setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str
) -> tuple[CitadelState, Event]:
    i = _character(setup, state, action, path)
    c = setup.party[i]
    if len(c.weapons) < 2:
        raise RecordError(f"{path}.unit", tr("{name} carries only one weapon", name=c.name), tr("Change weapon"))
    weapon = 1 - state.weapon[i]
    weapons = list(state.weapon)
    weapons[i] = weapon
    state = combat.acted(state.but(weapon=tuple(weapons)), i)
    return state, {"unit": unit_id(setup, i), "name": c.name, "weapon": weapon, "weapon_key": c.weapons[weapon]}


def _hold(setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str) -> tuple[CitadelState, Event]:
    i = _character(setup, state, action, path)
    return combat.acted(state, i), {"unit": unit_id(setup, i), "name": setup.party[i].name}


def _end_phase(
    setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str
) -> tuple[CitadelState, Event]:
    return state, {}


def _monster(setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str) -> tuple[CitadelState, Event]:
    attack = combat.monster_attack(setup, state)
    column = None if attack is None else combat.monster_column(setup, state, attack[0])
    if attack is None or column is None:  # pragma: no cover (the phase passes by itself)
        raise RecordError(path, tr("9.4: every monster has attacked in this phase"), tr("Monster attack"))
    i, choices, unfaced = attack
    target, target_die, draws, _ = combat.pick(setup, state, choices, action.target_die)
    state = state.but(draws=draws)
    m = setup.monsters[i - len(setup.party)]
    notes = [combat.unfaced_note(m.name, len(choices) > 1)] if unfaced else []
    if m.weapon == "bow" and column == "monster":
        notes.append(
            tr(
                "9.5 as this app reads it: a bow fires only from the second row, so {name} strikes from the "
                "first row in the Monster column",
                name=m.name,
            )
        )
    state, event = combat.strike(setup, state, i, target, column, action.die)
    event["notes"] = [*notes, *event["notes"]]
    return state, {"target_die": target_die, "choices": [unit_id(setup, j) for j in choices], **event}


def _hellgate(setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str) -> tuple[CitadelState, Event]:
    choices = combat.rolled_among(setup, state, action.do)
    target, target_die, draws, _ = combat.pick(setup, state, choices, action.target_die)
    die, draws, typed = combat.roll(setup, draws, action.die)
    c = setup.party[target]
    wounds = setup.table.blast_wounds if die > c.resistance else 0
    state, killed = combat.wound(setup, state.but(draws=draws), target, wounds)
    state = state.but(blasts=state.blasts + 1)
    return state, {
        "unit": "hellgate",
        "name": tr("Hellgate"),
        "blast": state.blasts,
        "target": unit_id(setup, target),
        "target_name": c.name,
        "target_die": target_die,
        "choices": [unit_id(setup, j) for j in choices],
        "die": die,
        "typed": typed,
        "resistance": c.resistance,
        "wounds": wounds,
        "target_wounds": state.wounds[target],
        "target_wound_points": c.wound_points,
        "killed": killed,
        "notes": [tr("{name}: off the board", name=c.name)] if killed else [],
    }


def _hellgate_pass(
    setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str
) -> tuple[CitadelState, Event]:
    note = tr(
        "9.2.3: the Hellgate may cast up to {n} {n|Blast spell|Blast spells}: it casts no more in this phase",
        n=setup.table.blasts,
    )
    return state, {"unit": "hellgate", "name": tr("Hellgate"), "notes": [note]}


def _move(setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str) -> tuple[CitadelState, Event]:
    i = index_of(setup, action.unit, f"{path}.unit", True)
    c = setup.party[i]
    frm = state.pos[i]
    if frm is None:
        raise RecordError(f"{path}.unit", tr("9.7: {name}: out of the fight", name=c.name), tr("Who"))
    if action.to is None:
        raise RecordError(f"{path}.to", tr("is missing"), tr("Where to"))
    if action.to not in party_moves(*combat.board(setup, state)).get(i, []):
        raise RecordError(f"{path}.to", _why_not(setup, state, i, action.to), tr("Where to"))
    notes = [] if combat.front_row(setup, state, True) else [_must_move(0)]
    pos = list(state.pos)
    pos[i] = action.to
    event = {"unit": unit_id(setup, i), "name": c.name, "from": list(frm), "to": list(action.to), "notes": notes}
    return state.but(pos=tuple(pos)), event


def _pass(setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str) -> tuple[CitadelState, Event]:
    _may_end(setup, state, action, path)
    return state, {}


def _monster_move(
    setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str
) -> tuple[CitadelState, Event]:
    if action.unit is not None:
        index_of(setup, action.unit, f"{path}.unit", False)
    i, moves = moving_monster(setup, state, action.unit)
    if i is None:
        raise RecordError(
            f"{path}.unit",
            tr("9.8: only {choices} may move forward now", choices=", ".join(unit_id(setup, j) for j in sorted(moves))),
            tr("Who"),
        )
    notes = []
    if geometry.fills_past_the_first_row(*combat.board(setup, state)):
        notes.append(reading_9_2_5())
    if action.unit is None and len(moves) > 1:
        notes.append(
            tr(
                "9.8 as this app reads it: no monster was chosen, so the left-most one that may move does: {name}",
                name=setup.monsters[i - len(setup.party)].name,
            )
        )
    spaces = moves[i]
    die = None
    draws = state.draws
    if len(spaces) > 1:  # 9.8.3: several spaces: a die roll decides
        die, draws, _ = combat.roll(setup, state.draws, action.die)
        to = spaces[split(die, len(spaces))]
    else:
        to = spaces[0]
    pos = list(state.pos)
    frm = place(state.pos, i)
    pos[i] = to
    m = setup.monsters[i - len(setup.party)]
    return state.but(pos=tuple(pos), draws=draws), {
        "unit": unit_id(setup, i),
        "name": m.name,
        "from": list(frm),
        "to": list(to),
        "die": die,
        "spaces": [list(s) for s in spaces],
        "notes": notes,
    }


def _monster_pass(
    setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str
) -> tuple[CitadelState, Event]:
    _may_end(setup, state, action, path)
    note = tr("9.8.2: with three monsters in the first row, one may move up a row: the monsters stay")
    return state, {"notes": [note]}


HANDLERS: dict[str, Handler] = {
    "attack": _attack,
    "change_weapon": _change_weapon,
    "hold": _hold,
    "end_phase": _end_phase,
    "monster": _monster,
    "hellgate": _hellgate,
    "hellgate_pass": _hellgate_pass,
    "move": _move,
    "pass": _pass,
    "monster_move": _monster_move,
    "monster_pass": _monster_pass,
}


# ---- the phase machine, driven by the table of :mod:`.phases` -----------------------------------------------------


def _party_to_act(setup: CitadelSetup, state: CitadelState) -> list[str]:
    return [unit_id(setup, i) for i in combat.living(setup, state, True) if not state.acted[i]]


def _monster_to_act(setup: CitadelSetup, state: CitadelState) -> list[str]:
    i = combat.next_monster(setup, state)
    return [] if i is None else [unit_id(setup, i)]


def _hellgate_to_act(setup: CitadelSetup, state: CitadelState) -> list[str]:
    """9.2.3: the Hellgate, in its Segment, casts up to its Blasts at the party's first row."""
    can = setup.rules.hellgate and state.blasts < setup.table.blasts and combat.rolled_among(setup, state, "hellgate")
    return ["hellgate"] if can else []


def _party_to_move(setup: CitadelSetup, state: CitadelState) -> list[str]:
    return [unit_id(setup, i) for i in party_moves(*combat.board(setup, state))]


def _monsters_to_move(setup: CitadelSetup, state: CitadelState) -> list[str]:
    """The monsters that may move, the one that does unless the record names another first."""
    first, moves = moving_monster(setup, state, None)
    return [unit_id(setup, i) for i in sorted(moves, key=lambda i: i != first)]


# Who may still act in each phase: the phase passes by itself when no one may. Where the rules name the unit that
# acts (the monsters' and the Hellgate's phases), the first is the one that does.
ACTORS: dict[str, Callable[[CitadelSetup, CitadelState], list[str]]] = {
    "party": _party_to_act,
    "monster": _monster_to_act,
    "hellgate": _hellgate_to_act,
    "party_reorg": _party_to_move,
    "monster_reorg": _monsters_to_move,
}


def actors(setup: CitadelSetup, state: CitadelState) -> list[str]:
    """Who may still act in this phase (unit ids, or "hellgate")."""
    return ACTORS[state.phase](setup, state)


def initial(setup: CitadelSetup) -> CitadelState:
    n = len(setup.party)
    state = CitadelState(
        pos=tuple(c.pos for c in setup.party) + tuple(m.pos for m in setup.monsters),
        wounds=(0,) * setup.size,
        round_began=(0,) * setup.size,
        weapon=tuple(c.weapon for c in setup.party),
        thrown=(False,) * n,
        acted=(False,) * setup.size,
    )
    return _settle(setup, state)


def _next_phase(setup: CitadelSetup, state: CitadelState) -> CitadelState:
    phase, new_round = following(state.phase)
    began = {"round": state.round + 1, "round_began": state.wounds} if new_round else {}  # the wounds when it began
    return state.but(phase=phase, acted=(False,) * setup.size, blasts=0, **began)


def _settle(setup: CitadelSetup, state: CitadelState) -> CitadelState:
    """9.7: who has won; otherwise pass the phases in which no one can act."""
    if not combat.living(setup, state, False):
        return state.but(outcome=WON)
    if not combat.living(setup, state, True):
        return state.but(outcome=LOST)
    for _ in range(len(PHASE) * 2):
        if actors(setup, state):
            break
        state = _next_phase(setup, state)
    return state


def step(
    setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str = "action"
) -> tuple[CitadelState, Event]:
    """Apply one action: the new state and the log event; RecordError (naming ``path``) if it is not allowed now."""
    if state.outcome != ONGOING:
        raise RecordError(path, tr("9.7: the combat is over ({outcome})", outcome=tr(state.outcome)))
    phase = PHASE[state.phase]
    if action.do not in phase.kinds:
        raise RecordError(
            path,
            tr(
                "9.2: this is the {phase} phase, not the {wanted} phase",
                phase=tr(phase.label),
                wanted=tr(PHASE_OF[action.do].label),
            ),
            tr(ACTION_LABELS[action.do]),
        )
    before = state
    state, event = HANDLERS[action.do](setup, state, action, path)
    if phase.ends(action.do):
        state = _next_phase(setup, state)
    state = _settle(setup, state)
    event = {"kind": action.do, "round": before.round, "phase": before.phase, **event}
    event.setdefault("notes", [])
    if state.outcome == WON and setup.rules.hellgate:
        event["notes"] = [
            *event["notes"],
            tr(
                "9.2.3 as this app reads it: the Hellgate is not a unit and cannot be attacked: the combat is won "
                "once the monsters are dead, with the Hellgate still standing"
            ),
        ]
    event["outcome"] = state.outcome
    event["next_phase"] = state.phase
    return state, event


def allowed(setup: CitadelSetup, state: CitadelState, action: CitadelAction) -> bool:
    """Whether ``step`` accepts the action now."""
    try:
        step(setup, state, action)
    except RecordError:
        return False
    return True


# ---- the contract: legal actions and the dice left to chance ----------------------------------------------------


def candidates(setup: CitadelSetup, state: CitadelState) -> list[CitadelAction]:
    """Every action of the phase's kinds (the table's), with the players' choices spelled out: who (of the side that
    acts), whom (of the other side), with which weapon, where to; the dice left to chance."""
    phase = PHASE[state.phase]
    own = [unit_id(setup, i) for i in combat.living(setup, state, phase.party)]
    other = [unit_id(setup, i) for i in combat.living(setup, state, not phase.party)]
    values: dict[str, list[Any]] = {"unit": own, "target": other, "weapon": [0, 1], "to": geometry.spaces()}
    actions = []
    for kind in phase.kinds:
        chosen = [field for field in ACTION_FIELDS[kind] if field in values]
        for combination in itertools.product(*(values[field] for field in chosen)):
            actions.append(CitadelAction(kind, **dict(zip(chosen, combination))))
    return actions


def legal_actions(setup: CitadelSetup, state: CitadelState) -> list[CitadelAction]:
    """The candidates ``step`` accepts now (none once the combat is over)."""
    if state.outcome != ONGOING:
        return []
    return [action for action in candidates(setup, state) if allowed(setup, state, action)]


def chance(setup: CitadelSetup, state: CitadelState, action: CitadelAction) -> list[tuple[Fraction, CitadelAction]]:
    """The next die left to chance, as OpenSpiel's chance nodes are sequential: a monster's (or the Hellgate's)
    die for its target among several (9.3), then the attack's die (9.5); a monster's die among several spaces
    (9.8.3). ``[(1, action)]`` when nothing is left to chance."""
    if state.outcome != ONGOING:
        return [(Fraction(1), action)]
    fields = ACTION_FIELDS[action.do]
    if "target_die" in fields and action.target_die is None and len(combat.rolled_among(setup, state, action.do)) > 1:
        return [(Fraction(1, 6), replace(action, target_die=d)) for d in range(1, 7)]
    if "die" in fields and action.die is None:
        rolled = True  # an attack and a Blast always roll (9.5, 9.2.3)
        if action.do == "monster_move":  # 9.8.3: a die only where the monster may move to several spaces
            i, moves = moving_monster(setup, state, action.unit)
            rolled = i is not None and len(moves[i]) > 1
        if rolled:
            return [(Fraction(1, 6), replace(action, die=d)) for d in range(1, 7)]
    return [(Fraction(1), action)]


class Engine(Record):
    """Citadel's combat as the contract plays it: the initial state, the legal actions, the random part of a step
    and the step itself (this module's functions)."""

    @classmethod
    def initial(cls, setup: CitadelSetup) -> CitadelState:
        return initial(setup)

    @classmethod
    def legal_actions(cls, setup: CitadelSetup, state: CitadelState) -> list[CitadelAction]:
        return legal_actions(setup, state)

    @classmethod
    def step(
        cls, setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str = "action"
    ) -> tuple[CitadelState, dict]:
        return step(setup, state, action, path)

    @classmethod
    def chance(
        cls, setup: CitadelSetup, state: CitadelState, action: CitadelAction
    ) -> list[tuple[Fraction, CitadelAction]]:
        return chance(setup, state, action)

    @classmethod
    def outcome(cls, state: CitadelState) -> Outcome:
        return Outcome(state.outcome)
