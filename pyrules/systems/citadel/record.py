"""Citadel of Blood's part of a fight record: the party and the monsters (deployed by 9.1: :mod:`.deployment`), the
per-fight rules, the tables (the record's own, or the unverified fan tables in ``data/citadel.json``), the actions;
read from JSON (every bad value refused naming its field) and written back.

Characters have ids "A", "B", ... (in the order of the party), monsters "1", "2", ...; a unit's index counts the
characters first, then the monsters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ... import params, rng
from ...contract import Outcome, System
from ...fields import MISSING, Reader, RecordError, changed_rules, show
from ...i18n import read_json, tr
from ...params import Param, flag
from .deployment import UNPLACED, deploy_monsters, deploy_party
from .geometry import MAX_ROWS, WIDTH, Pos
from .phases import ACTION_LABELS, FIRST

DATA = read_json(__file__, "citadel.json")
COLUMNS: tuple[str, ...] = tuple(DATA["crt"]["columns"])
WEAPON_LABELS = {
    "dagger": "Dagger",
    "throwing_dagger": "Throwing Dagger",
    "bow": "Bow",
    "sword": "Sword",
    "hammer": "Hammer",
    "axe": "Axe",
}
COLUMN_LABELS = {**WEAPON_LABELS, "monster": "Monster"}
HEROES: dict[str, dict] = DATA["heroes"]["roster"]
MONSTERS: dict[str, dict] = DATA["monsters"]["roster"]
MAX_PARTY = 6  # 3 Heroes and 3 Initiates
DEFAULT_WEAPON = "sword"  # the first weapon of a character typed by hand, until the player chooses another
MAX_MONSTERS = 18
MAX_POINTS = 99

CHARACTER_LABELS = {
    "hero": "Hero from the roster",
    "name": "Name",
    "wound_points": "Wound Points",
    "resistance": "Resistance Value",
    "combat_bonus": "Combat Bonus",
    "weapons": "Weapons",
    "skills": "Weapon Skill",
    "weapon": "Weapon in hand",
    "pos": "Place in the march order",
}
MONSTER_LABELS = {
    "monster": "Monster from the chart",
    "name": "Monster name",
    "wound_points": "Monster Wound Points",
    "resistance": "Monster Resistance Value",
    "combat_bonus": "Monster Combat Bonus",
    "weapon": "Monster weapon",
    "pos": "Monster place in the march order",
}
TABLE_LABELS = {
    "crt": "Combat Results Table",
    "blast": "Blast spell",
    "rows": "Rows of the table",
    "row_starts": "First totals of the rows",
    "blasts": "Blast spells per Hellgate phase",
    "wounds": "Wounds of a Blast spell",
}
ACTION_FIELD_LABELS = {
    "do": "Action",
    "unit": "Who",
    "target": "Target",
    "weapon": "Weapon",
    "die": "Die",
    "target_die": "Die for the target",
    "to": "Where to",
}
# The fields of each kind of action, in the order they are read. ``unit`` and ``target`` are unit ids (the acting
# side's and the other's), ``weapon`` an index into the character's weapons, ``to`` a space; the dice are left out
# to be drawn from the seed (``chance`` lists them).
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "attack": ("unit", "target", "weapon", "die"),
    "change_weapon": ("unit",),
    "hold": ("unit",),
    "end_phase": (),
    "monster": ("die", "target_die"),
    "hellgate": ("die", "target_die"),
    "hellgate_pass": (),
    "move": ("unit", "to"),
    "pass": (),
    "monster_move": ("unit", "die"),
    "monster_pass": (),
}
CHOSEN_BY_THE_RULES = ("monster_move",)  # kinds whose unit may be left out: the rules name it (9.8, the left-most)


@dataclass(frozen=True)
class Character:
    given: str  # the name typed; "" for a roster hero's own, said in the request's language (name)
    wound_points: int
    resistance: int
    combat_bonus: int
    weapons: tuple[str, ...]
    skills: tuple[tuple[str, int], ...]
    pos: Pos
    weapon: int = 0
    hero: str | None = None

    @property
    def name(self) -> str:
        return _said(self.given, HEROES, self.hero)

    def skill(self, weapon: str) -> int:
        return dict(self.skills).get(weapon, 0)


@dataclass(frozen=True)
class Monster:
    given: str  # the name typed; "" for a chart monster's own, said in the request's language (name)
    wound_points: int
    resistance: int
    combat_bonus: int
    weapon: str | None
    pos: Pos
    monster: str | None = None

    @property
    def name(self) -> str:
        return _said(self.given, MONSTERS, self.monster)


def _said(given: str, chart: dict, key: str | None, say: Callable[[str], str] = tr) -> str:
    """A unit's name: the one typed, or else its chart entry's (the roster's, the monsters'), in the request's
    language; with say=str, the chart's English, as a record writes it."""
    return given or (say(chart[key]["name"]) if key else "")


@dataclass(frozen=True)
class CitadelRules:
    """The section's rules for this combat, declared once (:mod:`pyrules.params`; the records document says each
    rule's comment)."""

    # the party is in the Hellgate's Segment (9.2.3)
    hellgate: bool = flag("The party is in the Hellgate's Segment")


RULE_PARAMS = params.declared(CitadelRules)
RULE_LABELS = params.labels(RULE_PARAMS)


@dataclass(frozen=True)
class CitadelTable:
    rows: tuple[tuple[int, ...], ...]
    row_starts: tuple[int, ...]
    blasts: int
    blast_wounds: int

    def row(self, total: int) -> int:
        row = 0
        for i, start in enumerate(self.row_starts):
            if i and total >= start:
                row = i
        return row


DEFAULT_TABLE = CitadelTable(
    tuple(tuple(row) for row in DATA["crt"]["rows"]),
    tuple(DATA["crt"]["row_starts"]),
    DATA["blast"]["blasts"],
    DATA["blast"]["wounds"],
)


@dataclass(frozen=True)
class CitadelSetup:
    party: tuple[Character, ...]
    monsters: tuple[Monster, ...]
    rules: CitadelRules = CitadelRules()
    seed: int = 0
    table: CitadelTable = DEFAULT_TABLE

    @property
    def size(self) -> int:
        return len(self.party) + len(self.monsters)

    def unit(self, i: int) -> Character | Monster:
        """Unit ``i``: a character, or a monster once the characters are counted."""
        n = len(self.party)
        return self.party[i] if i < n else self.monsters[i - n]


@dataclass(frozen=True)
class CitadelState:
    pos: tuple[Pos | None, ...]  # every unit, characters first; None when dead
    wounds: tuple[int, ...]
    weapon: tuple[int, ...]  # each character's weapon in hand (index into his weapons)
    thrown: tuple[bool, ...]  # each character: his throwing dagger is thrown (once per combat, 9.5)
    acted: tuple[bool, ...]  # every unit: has acted in this phase
    round: int = 1
    phase: str = FIRST
    blasts: int = 0
    draws: int = 0
    outcome: str = Outcome.ONGOING
    round_began: tuple[int, ...] = ()  # every unit's wounds when this Combat Round began (its losses in it: the rest)

    def but(self, **changes: Any) -> CitadelState:
        """This state with ``changes`` (fields' names): :func:`dataclasses.replace` without its call of
        ``__init__``, a quarter of a simulated fight's time; a frozen dataclass's fields are its ``__dict__``."""
        state = object.__new__(CitadelState)
        state.__dict__.update(self.__dict__, **changes)
        return state


@dataclass(frozen=True)
class CitadelAction:
    do: str
    unit: str | None = None
    target: str | None = None
    weapon: int | None = None
    die: int | None = None
    target_die: int | None = None
    to: Pos | None = None


def party_id(index: int) -> str:
    """The id of the party's ``index``th character: A, B, C..."""
    return chr(ord("A") + index)


def monster_id(index: int) -> str:
    """The id of the ``index``th monster: 1, 2, 3..."""
    return str(index + 1)


def unit_id(setup: CitadelSetup, index: int) -> str:
    n = len(setup.party)
    return party_id(index) if index < n else monster_id(index - n)


def index_of(setup: CitadelSetup, uid: Any, path: str, characters: bool | None = None) -> int:
    """The unit a record's id names (of the party, of the monsters, or either), or RecordError naming ``path``."""
    for i in range(setup.size):
        if unit_id(setup, i) == uid and (characters is None or (i < len(setup.party)) == characters):
            return i
    if characters is False:
        why = tr("must be one of the monsters, not {value}", value=show(uid))
    else:
        why = tr("must be one of the party's characters, not {value}", value=show(uid))
    raise RecordError(path, why, tr("Target" if characters is False else "Who"))


def _position(value: Any, path: str, label: str) -> Pos:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        or not 0 <= value[0] < MAX_ROWS
        or not 0 <= value[1] < WIDTH
    ):
        raise RecordError(
            path,
            tr(
                "must be [row, column]: a row from 0 (the front) to {last} and a column 0, 1 or 2, not {value}",
                last=MAX_ROWS - 1,
                value=show(value),
            ),
            tr(label),
        )
    return value[0], value[1]


# ---- the setup ---------------------------------------------------------------------------------------------------


def parse_setup(data: dict, lenient: bool = False) -> CitadelSetup:
    h = Reader(data.get("hero"), "hero", {"party": "Party"}, lenient)
    party_data = h.items("party", low=1, high=MAX_PARTY)
    h.done()
    party = deploy_party([parse_character(item, i, lenient) for i, item in enumerate(party_data)])
    enemy_list = Reader(data, "", {"enemies": "Monsters"}, lenient).items("enemies", low=1, high=MAX_MONSTERS)
    monsters = deploy_monsters([parse_monster(item, i, lenient) for i, item in enumerate(enemy_list)])
    rules = CitadelRules(**params.read(RULE_PARAMS, data.get("rules", {}), lenient))
    table = parse_tables(data.get("tables"), lenient)
    seed = Reader(data, "", {"seed": "Seed"}, lenient).integer("seed", low=0, high=rng.MAX_SEED, default=0)
    return CitadelSetup(tuple(party), tuple(monsters), rules, seed, table)


def _weapon_key(value: Any, path: str, label: str) -> str:
    if not isinstance(value, str) or value not in WEAPON_LABELS:
        raise RecordError(
            path,
            tr("must be one of {known}, not {value}", known=", ".join(WEAPON_LABELS), value=show(value)),
            label,
        )
    return value


def _numbers(r: Reader, base: dict) -> tuple[int, int, int]:
    """Wound Points, Resistance Value and Combat Bonus: the record's, else the roster's or the chart's."""
    wound_points, resistance, combat_bonus = (
        r.integer(key, low=low, high=MAX_POINTS, default=base.get(key, MISSING))
        for key, low in (("wound_points", 1), ("resistance", 0), ("combat_bonus", -9))
    )
    return wound_points, resistance, combat_bonus


def _given(r: Reader, base: dict) -> str:
    """The name typed for a unit; "" where it is the roster's or the chart's own (the English one a record writes),
    which the unit then says in the request's language."""
    name = r.text("name", default="")
    return "" if base and name == base["name"] else name


def parse_character(data: Any, index: int, lenient: bool = False) -> Character:
    path = f"hero.party[{index}]"
    r = Reader(data, path, CHARACTER_LABELS, lenient)
    hero = r.choice("hero", HEROES, default=None)
    base = HEROES[hero] if hero else {}
    name = _given(r, base) or ("" if hero else tr("Character {id}", id=chr(ord("A") + index)))
    wound_points, resistance, combat_bonus = _numbers(r, base)
    weapon_list = r.items("weapons", low=1, high=2, default=base.get("weapons"))
    weapons = tuple(_weapon_key(w, f"{path}.weapons[{i}]", tr("Weapons")) for i, w in enumerate(weapon_list or []))
    if not weapons:
        raise r.error("weapons", tr("is missing"))
    skills_data = r.get("skills", base.get("skills", {}))
    s = Reader(skills_data, f"{path}.skills", WEAPON_LABELS, lenient)
    read = tuple((w, s.integer(w, low=-9, high=9, default=0)) for w in WEAPON_LABELS)
    s.done()
    skills = tuple((w, n) for w, n in read if n)
    weapon = r.integer("weapon", low=0, high=len(weapons) - 1, default=0)
    pos_value = r.get("pos", None)
    pos = UNPLACED if pos_value is None else _position(pos_value, f"{path}.pos", "Place in the march order")
    r.done()
    return Character(name, wound_points, resistance, combat_bonus, weapons, skills, pos, weapon, hero)


def parse_monster(data: Any, index: int, lenient: bool = False) -> Monster:
    path = f"enemies[{index}]"
    r = Reader(data, path, MONSTER_LABELS, lenient)
    kind = r.choice("monster", MONSTERS, default=None)
    base = MONSTERS[kind] if kind else {}
    name = _given(r, base) or ("" if kind else tr("Monster {n}", n=index + 1))
    wound_points, resistance, combat_bonus = _numbers(r, base)
    weapon = r.get("weapon", base.get("weapon"))
    if weapon is not None:
        weapon = _weapon_key(weapon, f"{path}.weapon", tr("Monster weapon"))
    pos_value = r.get("pos", None)
    pos = UNPLACED if pos_value is None else _position(pos_value, f"{path}.pos", "Monster place in the march order")
    r.done()
    return Monster(name, wound_points, resistance, combat_bonus, weapon, pos, kind)


def parse_party(data: Any, lenient: bool = False) -> list[Character]:
    """An adventure's party: read as a record's, deployed by 9.1; a party the fights have wiped out is empty."""
    h = Reader(data, "hero", {"party": "Party"}, lenient)
    party_data = h.items("party", low=0, high=MAX_PARTY)
    h.done()
    party = [parse_character(item, i, lenient) for i, item in enumerate(party_data)]
    return deploy_party(party) if party else []


def party_after(setup: CitadelSetup, state: CitadelState) -> list[Character]:
    """The party as a fight leaves it: the dead dropped, each survivor's Wound Points less the wounds taken, the
    march order kept where it is still valid for 9.1 (someone in the first row), else placed again."""
    survivors = [
        replace(c, wound_points=c.wound_points - state.wounds[i])
        for i, c in enumerate(setup.party)
        if state.pos[i] is not None and state.wounds[i] < c.wound_points
    ]
    try:
        return deploy_party(survivors) if survivors else []
    except RecordError:  # the first row died: 9.1 places the survivors again, front first
        return deploy_party([replace(c, pos=UNPLACED) for c in survivors])


# ---- the tables ----------------------------------------------------------------------------------------------


def parse_tables(data: Any, lenient: bool = False) -> CitadelTable:
    if data is None:
        return DEFAULT_TABLE
    r = Reader(data, "tables", TABLE_LABELS, lenient)
    table = DEFAULT_TABLE
    crt = r.get("crt", None)
    if crt is not None:
        c = Reader(crt, "tables.crt", TABLE_LABELS, lenient)
        rows_data = c.items("rows", low=2, high=30, default=None)
        rows = table.rows if rows_data is None else tuple(_crt_row(row, i, lenient) for i, row in enumerate(rows_data))
        starts_data = c.items("row_starts", low=2, high=30, default=None)
        starts = table.row_starts
        if starts_data is not None:
            starts = tuple(
                Reader({"start": v}, f"tables.crt.row_starts[{i}]", {"start": "First total of the row"}).integer(
                    "start", low=-99, high=99
                )
                for i, v in enumerate(starts_data)
            )
        c.done()
        if len(starts) != len(rows):
            raise RecordError(
                "tables.crt.row_starts",
                tr("must give the first total of each of the {n} rows", n=len(rows)),
                tr("First totals of the rows"),
            )
        if any(b <= a for a, b in zip(starts[1:], starts[2:])):
            raise RecordError("tables.crt.row_starts", tr("must grow from row to row"), tr("First totals of the rows"))
        table = replace(table, rows=rows, row_starts=starts)
    blast = r.get("blast", None)
    if blast is not None:
        b = Reader(blast, "tables.blast", TABLE_LABELS, lenient)
        table = replace(
            table,
            blasts=b.integer("blasts", low=0, high=9, default=table.blasts),
            blast_wounds=b.integer("wounds", low=0, high=MAX_POINTS, default=table.blast_wounds),
        )
        b.done()
    r.done()
    return table


def _crt_row(row: Any, i: int, lenient: bool) -> tuple[int, ...]:
    """One row of an edited Combat Results Table: a wound count for each column."""
    path = f"tables.crt.rows[{i}]"
    cells = Reader({"row": row}, path, TABLE_LABELS).items("row", low=len(COLUMNS), high=len(COLUMNS))
    return tuple(
        Reader({COLUMNS[j]: cell}, path, COLUMN_LABELS, lenient).integer(COLUMNS[j], low=0, high=MAX_POINTS)
        for j, cell in enumerate(cells)
    )


# ---- actions ----------------------------------------------------------------------------------------------


def parse_action(data: Any, index: int, lenient: bool = False) -> CitadelAction:
    """One action, checked for its form (``step`` checks that it is allowed now)."""
    path = f"actions[{index}]"
    r = Reader(data, path, ACTION_FIELD_LABELS, lenient)
    do = r.choice("do", ACTION_LABELS)
    fields: dict[str, Any] = {}
    for field in ACTION_FIELDS[do]:
        if field in ("unit", "target"):
            required = field == "unit" and do not in CHOSEN_BY_THE_RULES
            value = r.get(field, MISSING if required else None)
            if value is not None and not isinstance(value, str):
                raise r.error(field, tr('must be a unit id such as "A" or "1", not {value}', value=show(value)))
            fields[field] = value
        elif field == "weapon":
            fields[field] = r.integer(field, low=0, high=1, default=None)
        elif field == "to":
            fields[field] = _position(r.get(field), f"{path}.{field}", "Where to")
        else:  # the dice
            fields[field] = r.integer(field, low=1, high=6, default=None)
    r.done()
    return CitadelAction(do, **fields)


def action_json(action: CitadelAction) -> dict:
    data: dict[str, Any] = {"do": action.do}
    for key in ("unit", "target", "weapon", "die", "target_die"):
        value = getattr(action, key)
        if value is not None:
            data[key] = value
    if action.to is not None:
        data["to"] = list(action.to)
    return data


def party_json(characters: tuple[Character, ...] | list[Character]) -> list[dict]:
    party = []
    for c in characters:
        item: dict[str, Any] = {"hero": c.hero} if c.hero else {}
        item.update(
            name=_said(c.given, HEROES, c.hero, say=str),
            wound_points=c.wound_points,
            resistance=c.resistance,
            combat_bonus=c.combat_bonus,
            weapons=list(c.weapons),
            skills=dict(c.skills),
            weapon=c.weapon,
            pos=list(c.pos),
        )
        party.append(item)
    return party


def setup_json(setup: CitadelSetup) -> dict:
    enemies = []
    for m in setup.monsters:
        item: dict[str, Any] = {"monster": m.monster} if m.monster else {}
        item.update(
            name=_said(m.given, MONSTERS, m.monster, say=str),
            wound_points=m.wound_points,
            resistance=m.resistance,
            combat_bonus=m.combat_bonus,
            weapon=m.weapon,
            pos=list(m.pos),
        )
        enemies.append(item)
    data: dict[str, Any] = {"hero": {"party": party_json(setup.party)}, "enemies": enemies}
    data["rules"] = changed_rules(setup.rules)
    data["seed"] = setup.seed
    if setup.table != DEFAULT_TABLE:
        t = setup.table
        data["tables"] = {
            "crt": {"rows": [list(row) for row in t.rows], "row_starts": list(t.row_starts)},
            "blast": {"blasts": t.blasts, "wounds": t.blast_wounds},
        }
    return data


class Record(System):
    """Citadel's record as the contract reads and writes it (:class:`pyrules.contract.System`'s hooks): the engine
    (:class:`.rules.Engine`) and what is shown (:class:`.view.View`) build on it."""

    rule_labels: ClassVar[dict[str, str]] = RULE_LABELS
    record_keys: ClassVar[tuple[str, ...]] = ("tables",)

    @classmethod
    def rule_params(cls) -> tuple[Param, ...]:
        return RULE_PARAMS

    @classmethod
    def labels(cls) -> dict[str, str]:
        return dict(CHARACTER_LABELS)

    @classmethod
    def enemy_labels(cls) -> dict[str, str]:
        return dict(MONSTER_LABELS)

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        return dict(ACTION_LABELS)

    @classmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> CitadelSetup:
        return parse_setup(data, lenient)

    @classmethod
    def setup_json(cls, setup: CitadelSetup) -> dict:
        return setup_json(setup)

    @classmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> CitadelAction:
        return parse_action(data, index, lenient)

    @classmethod
    def action_json(cls, action: CitadelAction) -> dict:
        return action_json(action)

    @classmethod
    def hero_after(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        """The party as the fight leaves it: the dead dropped, each survivor's Wound Points as left."""
        return {"party": party_json(party_after(setup, state))}

    @classmethod
    def read_hero(cls, data: Any, lenient: bool = False) -> dict:
        return {"party": party_json(parse_party(data, lenient))}

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        raise RecordError(
            "system",
            tr("Citadel of Blood heroes come from the roster (or are entered by hand): nothing is rolled"),
            tr("Rules"),
        )
