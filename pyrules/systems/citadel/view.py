"""What the page, the saved-fights list and the command line see of a Citadel of Blood combat, in the player's
language: the board, the units, what is expected next (from the phase table, asking the rules what is allowed), the
table in use, and the words of the system. Every rule it shows is the rules' own (:mod:`.rules`, :mod:`.combat`,
:mod:`.geometry`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ... import params
from ...i18n import join_list, tr
from . import combat, geometry, rules, words
from .phases import ACTION_LABELS, PHASE, PHASE_LABELS, PHASE_OF, PHASES
from .record import (
    ACTION_FIELDS,
    CHARACTER_LABELS,
    COLUMN_LABELS,
    COLUMNS,
    DATA,
    DEFAULT_TABLE,
    DEFAULT_WEAPON,
    HEROES,
    MAX_MONSTERS,
    MAX_PARTY,
    MONSTER_LABELS,
    MONSTERS,
    RULE_PARAMS,
    WEAPON_LABELS,
    Character,
    CitadelSetup,
    CitadelState,
    CitadelTable,
    monster_id,
    party_id,
    unit_id,
)
from .rules import Engine


def board(setup: CitadelSetup, state: CitadelState, characters: bool, reach: int = 0) -> list[list[str | None]]:
    """One side's march order as rows of three spaces (front first): unit ids, None where a space is empty; as deep
    as its last unit, or as ``reach`` (a row a character may move back to)."""
    living = combat.living(setup, state, characters)
    last = max((geometry.place(state.pos, i)[0] for i in living), default=reach)
    rows: list[list[str | None]] = [[None] * geometry.WIDTH for _ in range(max(last, reach) + 1)]
    for i in living:
        r, c = geometry.place(state.pos, i)
        rows[r][c] = unit_id(setup, i)
    return rows


def table_json(table: CitadelTable) -> dict[str, Any]:
    return {
        "title": tr(DATA["crt"]["title"]),
        "source": DATA["crt"]["source"],
        "note": DATA["crt"]["note"],
        "verified": False,
        "edited": table != DEFAULT_TABLE,
        "columns": [{"key": k, "name": tr(COLUMN_LABELS[k])} for k in COLUMNS],
        "row_starts": list(table.row_starts),
        "rows": [list(r) for r in table.rows],
        "blast": {"blasts": table.blasts, "wounds": table.blast_wounds, "source": DATA["blast"]["source"]},
    }


def units(setup: CitadelSetup, state: CitadelState) -> list[dict[str, Any]]:
    rows = []
    for i in range(setup.size):
        u = setup.unit(i)
        pos = state.pos[i]
        item: dict[str, Any] = {
            "id": unit_id(setup, i),
            "side": "party" if i < len(setup.party) else "monsters",
            "name": u.name,
            "wound_points": u.wound_points,
            "wounds": state.wounds[i],
            "alive": pos is not None,
            "row": pos[0] if pos else None,
            "col": pos[1] if pos else None,
            "resistance": u.resistance,
            "combat_bonus": u.combat_bonus,
            "acted": state.acted[i],
            "round_wounds": state.wounds[i] - state.round_began[i],  # the Wound Points it lost in this Combat Round
        }
        if isinstance(u, Character):
            item.update(
                weapons=[{"key": w, "name": tr(WEAPON_LABELS[w]), "skill": u.skill(w)} for w in u.weapons],
                weapon=state.weapon[i],
                thrown=state.thrown[i],
            )
        else:
            column = u.weapon or "monster"
            item.update(
                weapons=[{"key": column, "name": tr(COLUMN_LABELS[column]), "skill": 0}],
                weapon=0,
                thrown=False,
            )
        rows.append(item)
    return rows


def expected(setup: CitadelSetup, state: CitadelState) -> dict[str, Any]:
    """The kinds of action the phase offers now (the table's; the one ending the phase only where the rules allow
    it), the unit the rules name to act (None where the party chooses), and whether an action is forced."""
    if state.outcome != rules.ONGOING:
        return {"kinds": [], "unit": None, "forced": False}
    phase = PHASE[state.phase]
    may_pass = phase.passes is not None and rules.refusal(setup, state, phase.passes) is None
    return {
        "kinds": [*phase.acts, phase.passes] if may_pass else list(phase.acts),
        "unit": None if phase.party else rules.actors(setup, state)[0],
        "forced": not may_pass,
    }


def attack_targets(setup: CitadelSetup, state: CitadelState) -> dict[str, list[str]]:
    """In the Party Combat Phase: the characters yet to act who hold (or, in round 1, carry) a weapon they may strike
    with, and whom they may strike."""
    targets: dict[str, list[str]] = {}
    for i in combat.living(setup, state, True):
        weapons = [state.weapon[i]] if combat.weapon_locked(state) else range(len(setup.party[i].weapons))
        if not state.acted[i] and any(combat.usable(setup, state, i, w) is None for w in weapons):
            choices = geometry.targets(*combat.board(setup, state), i)[0]
            targets[unit_id(setup, i)] = [unit_id(setup, j) for j in choices]
    return targets


def party_moves(setup: CitadelSetup, state: CitadelState) -> dict[str, list[list[int]]]:
    return _spaces(setup, geometry.party_moves(*combat.board(setup, state)))


def monster_moves(setup: CitadelSetup, state: CitadelState) -> dict[str, list[list[int]]]:
    return _spaces(setup, geometry.monster_moves(*combat.board(setup, state)))


def _spaces(setup: CitadelSetup, moves: dict[int, list[geometry.Pos]]) -> dict[str, list[list[int]]]:
    return {unit_id(setup, i): [list(s) for s in to] for i, to in moves.items()}


# The kinds of action chosen on the board (a unit, then its target or its space), not by a button of their own.
ON_THE_BOARD = ("attack", "move")

# The choices the page draws for a kind of action (under the view's key), in the phase the table puts it in.
CHOICES: dict[str, tuple[str, Callable[[CitadelSetup, CitadelState], dict[str, Any]]]] = {
    "attack": ("targets", attack_targets),
    "move": ("moves", party_moves),
    "monster_move": ("monster_moves", monster_moves),
}


def cells(shown: dict[str, Any]) -> dict[str, list[str]]:
    """The board's spaces the player may choose now, by the unit chosen first ("": none): a character's targets and
    the monsters that may move forward by their ids, a character's free spaces as "party:row,col"."""
    found = {**shown["targets"], **{u: [f"party:{r},{c}" for r, c in to] for u, to in shown["moves"].items()}}
    return found | ({"": list(shown["monster_moves"])} if shown["monster_moves"] else {})


def view(setup: CitadelSetup, state: CitadelState) -> dict[str, Any]:
    ongoing = state.outcome == rules.ONGOING
    acts = PHASE[state.phase].acts if ongoing else ()
    chosen = {key: choices(setup, state) if kind in acts else {} for kind, (key, choices) in CHOICES.items()}
    reach = max((r for spaces in chosen["moves"].values() for r, _ in spaces), default=0)
    shown: dict[str, Any] = {
        "outcome": state.outcome,
        "round": state.round,
        "phase": state.phase,
        "phase_name": tr(PHASE_LABELS[state.phase]),
        # the party's side as deep as a character may move back to (9.8.2), so that its space can be chosen
        "board": {"party": board(setup, state, True, reach), "monsters": board(setup, state, False)},
        "units": units(setup, state),
        "next": expected(setup, state),
        **chosen,
        # the characters the player may choose on the board now: to act in the party's phases
        "choosable": rules.actors(setup, state) if ongoing and PHASE[state.phase].party else [],
        "weapon_locked": combat.weapon_locked(state),
        "forced_rule": rules.forced_rule(setup, state),
        "blasts_left": setup.table.blasts - state.blasts if state.phase == PHASE_OF["hellgate"].key else None,
        "hellgate": setup.rules.hellgate,
        "verified": False,
        "table": table_json(setup.table),
        "next_draw": state.draws,
        "said": words.view_said(setup, state),  # the outcome, and the phase it is in now, in words
    }
    shown["cells"] = cells(shown)
    # what to do now, by the unit chosen on the board ("": none), in words
    shown["help"] = words.helps(setup, state, shown)
    return shown


def summary(book: str, setup: CitadelSetup, state: CitadelState) -> dict[str, Any]:
    return {
        "book": tr(book),
        "hero": join_list(c.name for c in setup.party),
        "enemies": [m.name for m in setup.monsters],
        "rounds": state.round,
        "outcome": state.outcome,
        "stats": [],
    }


def sides(setup: CitadelSetup, state: CitadelState) -> list[list]:
    label = tr("Wound Points")
    return [[f"{unit_id(setup, i)} {setup.unit(i).name}", label, max(0, setup.unit(i).wound_points - state.wounds[i])]
            for i in range(setup.size)]  # fmt: skip


def result(setup: CitadelSetup, state: CitadelState) -> dict[str, Any]:
    shown = [{k: u[k] for k in ("id", "name", "wound_points", "wounds", "alive")} for u in units(setup, state)]
    party = len(setup.party)
    return {"outcome": state.outcome, "rounds": state.round, "party": shown[:party], "monsters": shown[party:],
            "verified": False}  # fmt: skip


def describe(kind: str, book: str, hero_name: str) -> dict[str, Any]:
    return {
        "kind": kind,
        "book": tr(book),
        "hero": tr(hero_name),
        "labels": {name: tr(label) for name, label in CHARACTER_LABELS.items()},
        "enemy_labels": {name: tr(label) for name, label in MONSTER_LABELS.items()},
        "actions": {name: tr(label) for name, label in ACTION_LABELS.items()},
        "phases": {name: tr(label) for name, label in PHASE_LABELS.items()},
        # The Combat Round as the rules play it (phases.py): each phase's kinds that act, the kind that ends it at
        # once (None: it runs until no one can act), whether the party acts in it, and its kinds that are a button
        # (the others are chosen on the board).
        "phase_table": {
            p.key: {"acts": list(p.acts), "passes": p.passes, "party": p.party,
                    "buttons": [kind for kind in p.kinds if kind not in ON_THE_BOARD]}
            for p in PHASES
        },  # fmt: skip
        "action_fields": {kind: list(fields) for kind, fields in ACTION_FIELDS.items() if fields},  # a die, a unit
        "weapons": [{"key": k, "name": tr(v)} for k, v in WEAPON_LABELS.items()],
        "rules": params.page(RULE_PARAMS),  # the set-up form's fields, from the declarations
        "heroes": [{"key": k, **h, "name": tr(h["name"])} for k, h in HEROES.items()],
        "monsters": [{"key": k, **m, "name": tr(m["name"])} for k, m in MONSTERS.items()],
        "sources": {
            "heroes": DATA["heroes"]["source"],
            "monsters": DATA["monsters"]["source"],
        },
        "max_party": MAX_PARTY,
        # the set-up's hints: the march order's rows (9.1), the monsters' deployment (9.1), the table's title (9.9)
        "hints": {
            "party": tr("Rows of at most {width}; row 1 faces the monsters. Up to {most} characters.",
                        width=geometry.WIDTH, most=MAX_PARTY),
            "monsters": tr("Monsters are deployed by 9.1: one in the middle, two on the flanks, more than three with "
                           "the three of most Wound Points in front; the order of the list decides who faces whom, "
                           "unless you choose each monster's Row and Space."),
            "table": tr("Combat Results Table 9.9 (unverified: type your rulebook's values)"),
            "deployed": tr("by 9.1"),  # a monster's row and space left to the deployment rules
        },
        "row_width": geometry.WIDTH,  # spaces in a row of the march order (9.1)
        "rows": geometry.MAX_ROWS,  # rows a side's march order may have: the set-up's choices of a unit's row
        # the units' ids in the set-up's order, as the board names them
        "unit_ids": {"party": [party_id(i) for i in range(MAX_PARTY)],
                     "monsters": [monster_id(i) for i in range(MAX_MONSTERS)]},  # fmt: skip
        "default_weapon": DEFAULT_WEAPON,
        "max_monsters": MAX_MONSTERS,
        "verified": False,
        # the table's source by name, for the set-up's players (its full citation, "source", is the docs')
        "table": {**table_json(DEFAULT_TABLE), "credit": DATA["crt"]["credit"]},
        # Readings of what the text leaves open, said beside the control of their phase.
        "readings": {
            "attack": tr(
                "9.3 as this app reads its examples (1 2 3 against A B: B strikes 2 or 3): each enemy stands in front "
                "of the attacker nearest its column, so an attacker may strike one farther than the enemy directly in "
                "front of it, and a monster rolls among them"
            ),
            "monster": tr(
                "9.2.2 as this app reads it (the order is open in the text): the monsters strike left to right, the "
                "first row first, which decides who is hit when an earlier one kills"
            ),
        },
    }


class View(Engine):
    """What the page, the saved list and the command line see of a Citadel combat, and its words (:mod:`.words`)."""

    @classmethod
    def view(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        return view(setup, state)

    @classmethod
    def said(cls, setup: CitadelSetup, event: dict) -> dict[str, Any]:
        """A log event in words (:mod:`.words`): what its card, the result line and a screen reader say."""
        return words.said(setup, event)

    @classmethod
    def summary(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        return summary(cls.book, setup, state)

    @classmethod
    def result(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        return result(setup, state)

    @classmethod
    def standing(cls, setup: CitadelSetup, state: CitadelState) -> int:
        """The party's Wound Points left, all its characters together."""
        return sum(max(0, setup.unit(i).wound_points - state.wounds[i]) for i in range(len(setup.party)))

    @classmethod
    def sides(cls, setup: CitadelSetup, state: CitadelState) -> list[list]:
        """Every unit's Wound Points left, the party first, each named as on the board ("A Almuric", "1 Orcs")."""
        return sides(setup, state)

    @classmethod
    def describe(cls) -> dict:
        return describe(cls.kind, cls.book, cls.hero_name)
