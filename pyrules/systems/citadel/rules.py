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

Characters have ids "A", "B", ... (in the order of the party), monsters "1", "2", ... Actions:

* party phase: ``attack`` (unit, target, weapon, die), ``change_weapon`` (unit), ``hold`` (unit), ``end_phase``;
* monster phase: ``monster`` (die, target_die) resolves the next monster's attack;
* Hellgate phase: ``hellgate`` (die, target_die) casts the next Blast spell; ``hellgate_pass`` casts no more (9.2.3:
  the Hellgate "may cast 3");
* party reorganization: ``move`` (unit, to=[row, col]) or ``pass``;
* monster reorganization: ``monster_move`` (unit, die) moves a monster the rules allow; ``monster_pass`` (9.8.2 only:
  with three monsters in the first row one *may* move up) moves none.

Every die may be typed; when absent it is drawn from the seed. Phases with nothing to do are passed by themselves.

Readings where the text is silent (each is tested, and each is written in the log or beside the control where it is
used): targets by 9.3 -- an enemy stands "in front of" the attacker(s) of the front row nearest its column, an
attacker strikes one of the enemies in front of it (none: the nearest, a monster rolling among equally near ones; a
note in the log), which reproduces every example of 9.3; a character's weapon is assigned with his first attack of
round 1, afterwards only ``change_weapon`` (which spends his phase) changes it; a bow fires only from the second row,
for monsters too (a bow-armed monster in the first row strikes in the Monster column; a note in the log); 9.8.4
applies with exactly one character in the first row (the only move is up from the second row, possibly none); with
an EMPTY first row the combat cannot stop (9.0), so a character must move one row forward (the set-up refuses a party
with no one in the first row: 9.1, 9.2); the monster that moves up is, unless the record names another allowed one,
the left-most one able to fill a space of the row nearest the party that has a gap (a note in the log), and with a
full first row it may move up one row or the monsters stay (9.8.2, 9.2.5); the Hellgate's Blasts strike the party's
first row (9.3, last sentence), a target die typed where there is one target is ignored; the Hellgate is not a unit
and takes no space on the board: the combat is won when the monsters are dead, the Hellgate still standing.

>>> setup = CitadelOfBlood.parse_setup({"hero": {"party": [{"hero": "almuric"}]},
...                                     "enemies": [{"monster": "orcs"}]})
>>> state, event = CitadelOfBlood.step(setup, CitadelOfBlood.initial(setup),
...                                    CitadelOfBlood.parse_action({"do": "attack", "unit": "A", "die": 4}, 0))
>>> event["total"], event["column"], event["row"], event["wounds"], state.phase
(9, 'sword', 3, 1, 'monster')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from fractions import Fraction
from importlib import resources
from typing import Any, ClassVar

from ... import rng
from ...contract import Outcome, System
from ...fields import MISSING, Reader, RecordError, show
from ...i18n import tr

ONGOING, WON, LOST = Outcome.ONGOING, Outcome.WON, Outcome.LOST
DATA = json.loads(resources.files(__package__).joinpath("data/citadel.json").read_text(encoding="utf-8"))
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
PHASES = ("party", "monster", "hellgate", "party_reorg", "monster_reorg")
PHASE_LABELS = {
    "party": "Party Combat",
    "monster": "Monster Combat",
    "hellgate": "Hellgate Combat",
    "party_reorg": "Party Reorganization",
    "monster_reorg": "Monster Reorganization",
}
MAX_PARTY = 6  # 3 Heroes and 3 Initiates
MAX_MONSTERS = 18
MAX_ROWS = 6
MAX_POINTS = 99
MISSILES = ("bow", "throwing_dagger")  # what a character may use from the second row (9.2.1)


@dataclass(frozen=True)
class Character:
    name: str
    wound_points: int
    resistance: int
    combat_bonus: int
    weapons: tuple[str, ...]
    skills: tuple[tuple[str, int], ...]
    pos: tuple[int, int]
    weapon: int = 0
    hero: str | None = None

    def skill(self, weapon: str) -> int:
        return dict(self.skills).get(weapon, 0)


@dataclass(frozen=True)
class Monster:
    name: str
    wound_points: int
    resistance: int
    combat_bonus: int
    weapon: str | None
    pos: tuple[int, int]
    monster: str | None = None


@dataclass(frozen=True)
class CitadelRules:
    hellgate: bool = False  # the party is in the Hellgate's Segment (9.2.3)


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


@dataclass(frozen=True)
class CitadelState:
    pos: tuple[tuple[int, int] | None, ...]  # every unit, characters first; None when dead
    wounds: tuple[int, ...]
    weapon: tuple[int, ...]  # each character's weapon in hand (index into his weapons)
    thrown: tuple[bool, ...]  # each character: his throwing dagger is thrown (once per combat, 9.5)
    acted: tuple[bool, ...]  # every unit: has acted in this phase
    round: int = 1
    phase: str = "party"
    blasts: int = 0
    draws: int = 0
    outcome: str = ONGOING


@dataclass(frozen=True)
class CitadelAction:
    do: str
    unit: str | None = None
    target: str | None = None
    weapon: int | None = None
    die: int | None = None
    target_die: int | None = None
    to: tuple[int, int] | None = None


def unit_id(setup: CitadelSetup, index: int) -> str:
    n = len(setup.party)
    return chr(ord("A") + index) if index < n else str(index - n + 1)


def _position(value: Any, path: str, label: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        or not 0 <= value[0] < MAX_ROWS
        or not 0 <= value[1] <= 2
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


def _split(die: int, n: int) -> int:
    """Which of n equally likely choices a die picks, as in 9.3: two: 1-3, 4-6; three: 1-2, 3-4, 5-6."""
    return (die - 1) * n // 6


def _front_choices(
    attacker_col: int, attacker_cols: list[int], enemies: list[tuple[int, int]]
) -> tuple[list[int], bool]:
    """9.3: the enemies (col, index) a front-row attacker may strike, in column order, and whether none of them stands
    in front of it (the attacker then strikes the nearest: this app's reading).

    Each enemy stands "in front of" the attacker(s) of the attacking row nearest to its column; an attacker strikes
    the enemy in front of it, choosing (a character) or rolling (a monster) when several are. An attacker with no
    enemy in front strikes the nearest. This gives every example of 9.3: three facing three strike straight across;
    1 2 3 against A B: A strikes 1, B strikes 2 or 3; 1 strikes A, 2 and 3 strike B; A alone faces 1, 2 and 3."""
    mine = [i for col, i in enemies if abs(col - attacker_col) == min(abs(col - a) for a in attacker_cols)]
    if mine:
        return mine, False
    nearest = min(abs(col - attacker_col) for col, _ in enemies)
    return [i for col, i in enemies if abs(col - attacker_col) == nearest], True


RULE_LABELS = {"hellgate": "The party is in the Hellgate's Segment"}
TABLE_LABELS = {
    "crt": "Combat Results Table",
    "blast": "Blast spell",
    "rows": "Rows of the table",
    "row_starts": "First totals of the rows",
    "blasts": "Blast spells per Hellgate phase",
    "wounds": "Wounds of a Blast spell",
}


class CitadelOfBlood(System):
    """SPI's Citadel of Blood (1980), combat 9.0-9.8, with unverified fan tables for 9.9."""

    key: ClassVar[str] = "citadel-of-blood"
    book: ClassVar[str] = "Citadel of Blood"
    hero_name: ClassVar[str] = "Party"
    kind: ClassVar[str] = "citadel"
    rule_labels: ClassVar[dict[str, str]] = RULE_LABELS
    record_keys: ClassVar[tuple[str, ...]] = ("tables",)

    @classmethod
    def labels(cls) -> dict[str, str]:
        return {
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

    @classmethod
    def enemy_labels(cls) -> dict[str, str]:
        return {
            "monster": "Monster from the chart",
            "name": "Monster name",
            "wound_points": "Monster Wound Points",
            "resistance": "Monster Resistance Value",
            "combat_bonus": "Monster Combat Bonus",
            "weapon": "Monster weapon",
            "pos": "Monster place in the march order",
        }

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        return {
            "attack": "Attack",
            "change_weapon": "Change weapon",
            "hold": "Do not attack",
            "end_phase": "End the party's attacks",
            "monster": "Monster attack",
            "hellgate": "Hellgate Blast spell",
            "move": "Move a character",
            "pass": "Move no one",
            "monster_move": "Move a monster",
            "monster_pass": "The monsters stay",
            "hellgate_pass": "The Hellgate casts no more",
        }

    # ---- parsing ---------------------------------------------------------------------------------------------

    @classmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> CitadelSetup:
        h = Reader(data.get("hero"), "hero", {"party": "Party"}, lenient)
        party_data = h.items("party", low=1, high=MAX_PARTY)
        h.done()
        party = [cls.parse_character(item, i, lenient) for i, item in enumerate(party_data)]
        taken: dict[tuple[int, int], int] = {}
        for i, character in enumerate(party):
            if character.pos == (-1, -1):  # not given: fill the rows front first, left to right
                free = next((r, c) for r in range(MAX_ROWS) for c in range(3) if (r, c) not in taken)
                party[i] = character = replace(character, pos=free)
            if character.pos in taken:
                raise RecordError(
                    f"hero.party[{i}].pos", tr("9.1: this space is already taken"), tr("Place in the march order")
                )
            taken[character.pos] = i
        if not any(c.pos[0] == 0 for c in party):  # 9.2: only the first row is attacked; 9.0: combat cannot stop
            i = min(range(len(party)), key=lambda k: party[k].pos)
            raise RecordError(
                f"hero.party[{i}].pos",
                tr(
                    "9.1, 9.2: no character stands in the first row of the party's march order (row 1): "
                    "the monsters attack only the first row, so at least one character must stand there"
                ),
                tr("Place in the march order"),
            )
        enemy_list = Reader(data, "", lenient=lenient).items("enemies", low=1, high=MAX_MONSTERS)
        monsters = [cls.parse_monster(item, i, lenient) for i, item in enumerate(enemy_list)]
        monsters = cls.deploy(monsters)
        r = Reader(data.get("rules", {}), "rules", RULE_LABELS, lenient)
        rules = CitadelRules(r.flag("hellgate"))
        r.done()
        table = cls.parse_tables(data.get("tables"), lenient)
        seed = Reader(data, "", {"seed": "Seed"}, lenient).integer("seed", low=0, high=rng.MAX_SEED, default=0)
        return CitadelSetup(tuple(party), tuple(monsters), rules, seed, table)

    @classmethod
    def _weapon_key(cls, value: Any, path: str, label: str) -> str:
        if not isinstance(value, str) or value not in WEAPON_LABELS:
            raise RecordError(
                path,
                tr("must be one of {known}, not {value}", known=", ".join(WEAPON_LABELS), value=show(value)),
                label,
            )
        return value

    @classmethod
    def parse_character(cls, data: Any, index: int, lenient: bool = False) -> Character:
        path = f"hero.party[{index}]"
        r = Reader(data, path, cls.labels(), lenient)
        hero = r.choice("hero", HEROES, default=None)
        base = HEROES[hero] if hero else {}
        name = r.text("name", default=base.get("name") or tr("Character {id}", id=chr(ord("A") + index)))
        numbers = {}
        for key, low in (("wound_points", 1), ("resistance", 0), ("combat_bonus", -9)):
            numbers[key] = r.integer(key, low=low, high=MAX_POINTS, default=base.get(key, MISSING))
        weapon_list = r.items("weapons", low=1, high=2, default=base.get("weapons"))
        weapons = tuple(
            cls._weapon_key(w, f"{path}.weapons[{i}]", tr("Weapons")) for i, w in enumerate(weapon_list or [])
        )
        if not weapons:
            raise r.error("weapons", tr("is missing"))
        skills_data = r.get("skills", base.get("skills", {}))
        s = Reader(skills_data, f"{path}.skills", WEAPON_LABELS, lenient)
        skills = tuple((w, s.integer(w, low=-9, high=9, default=0)) for w in WEAPON_LABELS)
        s.done()
        skills = tuple((w, n) for w, n in skills if n)
        weapon = r.integer("weapon", low=0, high=len(weapons) - 1, default=0)
        pos_value = r.get("pos", None)
        pos = (-1, -1) if pos_value is None else _position(pos_value, f"{path}.pos", "Place in the march order")
        r.done()
        return Character(
            name,
            numbers["wound_points"],
            numbers["resistance"],
            numbers["combat_bonus"],
            weapons,
            skills,
            pos,
            weapon,
            hero,
        )

    @classmethod
    def parse_monster(cls, data: Any, index: int, lenient: bool = False) -> Monster:
        path = f"enemies[{index}]"
        r = Reader(data, path, cls.enemy_labels(), lenient)
        kind = r.choice("monster", MONSTERS, default=None)
        base = MONSTERS[kind] if kind else {}
        name = r.text("name", default=base.get("name") or tr("Monster {n}", n=index + 1))
        numbers = {}
        for key, low in (("wound_points", 1), ("resistance", 0), ("combat_bonus", -9)):
            numbers[key] = r.integer(key, low=low, high=MAX_POINTS, default=base.get(key, MISSING))
        weapon = r.get("weapon", base.get("weapon"))
        if weapon is not None:
            weapon = cls._weapon_key(weapon, f"{path}.weapon", tr("Monster weapon"))
        pos_value = r.get("pos", None)
        pos = (-1, -1) if pos_value is None else _position(pos_value, f"{path}.pos", "Monster place in the march order")
        r.done()
        return Monster(name, numbers["wound_points"], numbers["resistance"], numbers["combat_bonus"], weapon, pos, kind)

    @classmethod
    def deploy(cls, monsters: list[Monster]) -> list[Monster]:
        """9.1: the monsters' march order: checked when the record places them, else placed in listed order."""
        label = tr("Monster place in the march order")
        given = [m.pos != (-1, -1) for m in monsters]
        if any(given) and not all(given):
            i = given.index(False)
            raise RecordError(f"enemies[{i}].pos", tr("9.1: place every monster, or none"), label)
        n = len(monsters)
        if not any(given):
            strongest = sorted(sorted(range(n), key=lambda i: -monsters[i].wound_points)[:3])
            order = strongest + [i for i in range(n) if i not in strongest]  # otherwise in listed order
            placed = list(monsters)
            for k, i in enumerate(order):
                row, left = divmod(k, 3)
                count = min(3, n - row * 3)
                col = {1: (1,), 2: (0, 2), 3: (0, 1, 2)}[count][left]
                placed[i] = replace(monsters[i], pos=(row, col))
            return placed
        seen: dict[tuple[int, int], int] = {}
        for i, m in enumerate(monsters):
            if m.pos in seen:
                raise RecordError(f"enemies[{i}].pos", tr("9.1: this space is already taken"), label)
            seen[m.pos] = i
        rows: dict[int, list[int]] = {}
        for i, m in enumerate(monsters):
            rows.setdefault(m.pos[0], []).append(i)
        front = rows.get(0, [])
        if n == 1 and monsters[0].pos != (0, 1):
            raise RecordError("enemies[0].pos", tr("9.1: a single monster stands in the middle space [0, 1]"), label)
        if n == 2 and {m.pos for m in monsters} != {(0, 0), (0, 2)}:
            raise RecordError(
                "enemies[0].pos", tr("9.1: two monsters stand in the first and third spaces, [0, 0] and [0, 2]"), label
            )
        if n >= 3 and len(front) != 3:
            i = next(i for i, m in enumerate(monsters) if m.pos[0] != 0)
            raise RecordError(
                f"enemies[{i}].pos", tr("9.1: with three monsters or more, three stand in the first row"), label
            )
        if n > 3:
            weakest_front = min(monsters[i].wound_points for i in front)
            for i, m in enumerate(monsters):
                if m.pos[0] and m.wound_points > weakest_front:
                    raise RecordError(
                        f"enemies[{i}].pos",
                        tr("9.1: the three monsters with the most Wound Points stand in the first row"),
                        label,
                    )
            last = max(rows)
            for row in range(1, last):
                if len(rows.get(row, [])) != 3:
                    i = rows[last][0]
                    raise RecordError(
                        f"enemies[{i}].pos",
                        tr("9.1: the monsters behind fill the second row, then the third, and so on"),
                        label,
                    )
        return monsters

    @classmethod
    def parse_tables(cls, data: Any, lenient: bool = False) -> CitadelTable:
        if data is None:
            return DEFAULT_TABLE
        r = Reader(data, "tables", TABLE_LABELS, lenient)
        table = DEFAULT_TABLE
        crt = r.get("crt", None)
        if crt is not None:
            c = Reader(crt, "tables.crt", TABLE_LABELS, lenient)
            rows_data = c.items("rows", low=2, high=30, default=None)
            rows = table.rows
            if rows_data is not None:
                rows = []
                for i, row in enumerate(rows_data):
                    cells = Reader({"row": row}, f"tables.crt.rows[{i}]", TABLE_LABELS).items(
                        "row", low=len(COLUMNS), high=len(COLUMNS)
                    )
                    values = []
                    for j, cell in enumerate(cells):
                        values.append(
                            Reader({COLUMNS[j]: cell}, f"tables.crt.rows[{i}]", COLUMN_LABELS, lenient).integer(
                                COLUMNS[j], low=0, high=MAX_POINTS
                            )
                        )
                    rows.append(tuple(values))
                rows = tuple(rows)
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
                raise RecordError(
                    "tables.crt.row_starts", tr("must grow from row to row"), tr("First totals of the rows")
                )
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

    @classmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> CitadelAction:
        path = f"actions[{index}]"
        labels = {
            "do": "Action",
            "unit": "Who",
            "target": "Target",
            "weapon": "Weapon",
            "die": "Die",
            "target_die": "Die for the target",
            "to": "Where to",
        }
        r = Reader(data, path, labels, lenient)
        do = r.choice("do", cls.action_kinds())
        fields: dict[str, Any] = {}
        if do in ("attack", "change_weapon", "hold", "move", "monster_move"):
            unit = r.get("unit", None if do == "monster_move" else MISSING)
            if unit is not None and not isinstance(unit, str):
                raise r.error("unit", tr('must be a unit id such as "A" or "1", not {value}', value=show(unit)))
            fields["unit"] = unit
        if do == "attack":
            target = r.get("target", None)
            if target is not None and not isinstance(target, str):
                raise r.error("target", tr('must be a unit id such as "A" or "1", not {value}', value=show(target)))
            fields["target"] = target
            fields["weapon"] = r.integer("weapon", low=0, high=1, default=None)
        if do in ("attack", "monster", "hellgate", "monster_move"):
            fields["die"] = r.integer("die", low=1, high=6, default=None)
        if do in ("monster", "hellgate"):
            fields["target_die"] = r.integer("target_die", low=1, high=6, default=None)
        if do == "move":
            fields["to"] = _position(r.get("to"), f"{path}.to", "Where to")
        r.done()
        return CitadelAction(do, **fields)

    @classmethod
    def action_json(cls, action: CitadelAction) -> dict:
        data: dict[str, Any] = {"do": action.do}
        for key in ("unit", "target", "weapon", "die", "target_die"):
            value = getattr(action, key)
            if value is not None:
                data[key] = value
        if action.to is not None:
            data["to"] = list(action.to)
        return data

    @classmethod
    def setup_json(cls, setup: CitadelSetup) -> dict:
        party = []
        for c in setup.party:
            item: dict[str, Any] = {"hero": c.hero} if c.hero else {}
            item.update(
                name=c.name,
                wound_points=c.wound_points,
                resistance=c.resistance,
                combat_bonus=c.combat_bonus,
                weapons=list(c.weapons),
                skills=dict(c.skills),
                weapon=c.weapon,
                pos=list(c.pos),
            )
            party.append(item)
        enemies = []
        for m in setup.monsters:
            item = {"monster": m.monster} if m.monster else {}
            item.update(
                name=m.name,
                wound_points=m.wound_points,
                resistance=m.resistance,
                combat_bonus=m.combat_bonus,
                weapon=m.weapon,
                pos=list(m.pos),
            )
            enemies.append(item)
        data: dict[str, Any] = {"hero": {"party": party}, "enemies": enemies}
        data["rules"] = {"hellgate": True} if setup.rules.hellgate else {}
        data["seed"] = setup.seed
        if setup.table != DEFAULT_TABLE:
            t = setup.table
            data["tables"] = {
                "crt": {"rows": [list(row) for row in t.rows], "row_starts": list(t.row_starts)},
                "blast": {"blasts": t.blasts, "wounds": t.blast_wounds},
            }
        return data

    # ---- the board ----------------------------------------------------------------------------------------

    @classmethod
    def initial(cls, setup: CitadelSetup) -> CitadelState:
        n = len(setup.party)
        state = CitadelState(
            pos=tuple(c.pos for c in setup.party) + tuple(m.pos for m in setup.monsters),
            wounds=(0,) * setup.size,
            weapon=tuple(c.weapon for c in setup.party),
            thrown=(False,) * n,
            acted=(False,) * setup.size,
        )
        return cls._settle(setup, state)

    @staticmethod
    def is_character(setup: CitadelSetup, i: int) -> bool:
        return i < len(setup.party)

    @staticmethod
    def unit(setup: CitadelSetup, i: int) -> Character | Monster:
        n = len(setup.party)
        return setup.party[i] if i < n else setup.monsters[i - n]

    @classmethod
    def side(cls, setup: CitadelSetup, state: CitadelState, characters: bool) -> list[int]:
        """The living units of one side."""
        span = range(len(setup.party)) if characters else range(len(setup.party), setup.size)
        return [i for i in span if state.pos[i] is not None]

    @classmethod
    def row_of(cls, setup: CitadelSetup, state: CitadelState, characters: bool, row: int) -> list[int]:
        units = [i for i in cls.side(setup, state, characters) if state.pos[i][0] == row]  # type: ignore[index]
        return sorted(units, key=lambda i: state.pos[i][1])  # type: ignore[index]

    @classmethod
    def index_of(cls, setup: CitadelSetup, uid: Any, path: str, characters: bool | None = None) -> int:
        for i in range(setup.size):
            if unit_id(setup, i) == uid and (characters is None or cls.is_character(setup, i) == characters):
                return i
        if characters is False:
            why = tr("must be one of the monsters, not {value}", value=show(uid))
        else:
            why = tr("must be one of the party's characters, not {value}", value=show(uid))
        raise RecordError(path, why, tr("Target" if characters is False else "Who"))

    @classmethod
    def choices(cls, setup: CitadelSetup, state: CitadelState, i: int) -> list[int]:
        """9.3: whom unit i may strike from where it stands (before its weapon is considered), in column order."""
        return cls.targets(setup, state, i)[0]

    @classmethod
    def targets(cls, setup: CitadelSetup, state: CitadelState, i: int) -> tuple[list[int], bool]:
        """9.3: :meth:`choices`, and whether the attacker has no enemy in front of it (it strikes the nearest)."""
        me = cls.is_character(setup, i)
        row, col = state.pos[i]  # type: ignore[misc]
        enemies = cls.row_of(setup, state, not me, 0)
        if not enemies:
            return [], False
        if row == 0:
            friends = [state.pos[j][1] for j in cls.row_of(setup, state, me, 0)]  # type: ignore[index]
            return _front_choices(col, friends, [(state.pos[j][1], j) for j in enemies])  # type: ignore[index]
        if row == 1:  # from the second row: any enemy of the front row (9.3), with a bow or a thrown weapon
            return enemies, False
        return [], False

    @staticmethod
    def _unfaced_note(name: str, rolled: bool) -> str:
        """The log's note where 9.3 is read for an attacker with no enemy in front of it."""
        if rolled:
            return tr(
                "9.3 as this app reads it: no enemy stands directly in front of {name}: a die picks among the nearest",
                name=name,
            )
        return tr(
            "9.3 as this app reads it: no enemy stands directly in front of {name}, who strikes the nearest", name=name
        )

    @classmethod
    def usable(cls, setup: CitadelSetup, state: CitadelState, i: int, weapon: int) -> str | None:
        """Why character i may not strike with his weapon number ``weapon`` now (None: he may)."""
        c = setup.party[i]
        key = c.weapons[weapon]
        row = state.pos[i][0]  # type: ignore[index]
        if row > 1:
            return tr("9.2: only the first and second rows of the march order fight")
        if key == "throwing_dagger" and state.thrown[i]:
            return tr("9.5: a throwing dagger is thrown only once per combat; it is recovered after the combat")
        if key == "bow" and row != 1:
            return tr("9.5: a bow fires only from the second row of the march order")
        if row == 1 and key not in MISSILES:
            return tr("9.2: from the second row a character may only fire a bow or throw a dagger")
        return None

    @classmethod
    def monster_column(cls, setup: CitadelSetup, state: CitadelState, i: int) -> str | None:
        """9.6: the column a monster strikes in from where it stands, or None when it cannot strike."""
        m = setup.monsters[i - len(setup.party)]
        row = state.pos[i][0]  # type: ignore[index]
        if row == 0:
            return m.weapon if m.weapon and m.weapon != "bow" else "monster"
        if row == 1 and m.weapon == "bow":  # 9.2.2: monsters in the second row fire bows
            return "bow"
        return None

    @classmethod
    def next_monster(cls, setup: CitadelSetup, state: CitadelState) -> int | None:
        """The next monster to strike in the Monster Combat Phase: the front row left to right, then archers."""
        ready = [
            i
            for i in cls.side(setup, state, False)
            if not state.acted[i] and cls.monster_column(setup, state, i) and cls.choices(setup, state, i)
        ]
        return min(ready, key=lambda i: state.pos[i]) if ready else None  # type: ignore[return-value,arg-type]

    @classmethod
    def party_moves(cls, setup: CitadelSetup, state: CitadelState) -> dict[int, list[tuple[int, int]]]:
        """9.8 Party Reorganization: every legal move of one character."""
        living = cls.side(setup, state, True)
        taken = {state.pos[i] for i in living}
        front = cls.row_of(setup, state, True, 0)
        moves: dict[int, list[tuple[int, int]]] = {}
        for i in living:
            row, col = state.pos[i]  # type: ignore[misc]
            spaces = []
            for c in range(3):  # 9.8.1: along the row, not over another character
                between = range(min(c, col) + 1, max(c, col))
                if c != col and (row, c) not in taken and not any((row, b) in taken for b in between):
                    spaces.append((row, c))
            for r in (row - 1, row + 1):  # 9.8.2: one row forward or back; 9.8.3: straight or diagonally
                if 0 <= r < MAX_ROWS:
                    spaces += [(r, c) for c in (col - 1, col, col + 1) if 0 <= c <= 2 and (r, c) not in taken]
            if row == 0 and len(front) == 2:  # 9.8.5: neither of two in the first row moves back
                spaces = [s for s in spaces if s[0] == 0]
            if spaces:
                moves[i] = sorted(spaces)
        if not front:  # 9.0: the combat cannot stop: with no one in the first row, a character moves forward
            rows = {i: state.pos[i][0] for i in moves}  # type: ignore[index]
            forward = {i: [s for s in spaces if s[0] < rows[i]] for i, spaces in moves.items()}
            return {i: s for i, s in forward.items() if s}
        if len(front) == 1:  # 9.8.4: one character in the first row: the only move is up from the second row
            forced = {
                i: [s for s in spaces if s[0] == 0]
                for i, spaces in moves.items()
                if state.pos[i][0] == 1  # type: ignore[index]
            }
            return {i: s for i, s in forced.items() if s}
        return moves

    @classmethod
    def forced_move(cls, setup: CitadelSetup, state: CitadelState) -> bool:
        """9.8.4 (or 9.0 with an empty first row): a move must be made."""
        return cls.forced_rule(setup, state) is not None

    @classmethod
    def forced_rule(cls, setup: CitadelSetup, state: CitadelState) -> str | None:
        """The rule that forces a move in this Party Reorganization Phase, in words (None: the party may pass)."""
        if state.phase != "party_reorg" or state.outcome != ONGOING:
            return None
        front = len(cls.row_of(setup, state, True, 0))
        if front > 1 or not cls.party_moves(setup, state):
            return None
        return cls._must_move(front)

    @staticmethod
    def _must_move(front: int) -> str:
        if front:
            return tr("9.8.4: with only one character in the first row, a character must move up from the second row")
        return tr(
            "9.0, 9.8 as this app reads them: no character stands in the first row and the combat cannot stop, "
            "so a character must move forward, toward the first row"
        )

    @classmethod
    def monsters_may_stay(cls, setup: CitadelSetup, state: CitadelState) -> bool:
        """9.8.2: with three monsters in the first row one *may* move up a row; the monsters may also stay."""
        return len(cls.row_of(setup, state, False, 0)) == 3 and bool(cls.monster_moves(setup, state))

    @classmethod
    def default_monster(cls, setup: CitadelSetup, state: CitadelState) -> int | None:
        """The monster that moves when the record names none: the left-most one allowed (this app's choice)."""
        moves = cls.monster_moves(setup, state)
        return min(moves, key=lambda j: state.pos[j][1]) if moves else None  # type: ignore[index]

    @classmethod
    def monster_moves(cls, setup: CitadelSetup, state: CitadelState) -> dict[int, list[tuple[int, int]]]:
        """9.8 Monster Reorganization: the monsters that may move now and where (one will, 9.2.5).

        The gap to fill is in the row nearest the party that has a gap and a monster behind it able to reach it
        (9.8.1: a short first row is filled from the second; 9.8.2: with a full first row, a monster moves up one
        row); monsters move one row forward, straight or diagonally (9.8.3), never sideways or back (9.8.4)."""
        living = cls.side(setup, state, False)
        taken = {state.pos[i] for i in living}
        for row in range(MAX_ROWS - 1):
            behind = cls.row_of(setup, state, False, row + 1)
            moves = {}
            for i in behind:
                col = state.pos[i][1]  # type: ignore[index]
                spaces = [(row, c) for c in (col - 1, col, col + 1) if 0 <= c <= 2 and (row, c) not in taken]
                if spaces:
                    moves[i] = spaces
            if moves:
                return moves
        return {}

    # ---- the phases --------------------------------------------------------------------------------------

    @classmethod
    def _idle(cls, setup: CitadelSetup, state: CitadelState) -> bool:
        """Nothing can be done in this phase: it passes by itself."""
        if state.phase == "party":
            return all(state.acted[i] for i in cls.side(setup, state, True))
        if state.phase == "monster":
            return cls.next_monster(setup, state) is None
        if state.phase == "hellgate":
            return (
                not setup.rules.hellgate or state.blasts >= setup.table.blasts or not cls.row_of(setup, state, True, 0)
            )
        if state.phase == "party_reorg":
            return not cls.party_moves(setup, state)
        return not cls.monster_moves(setup, state)

    @classmethod
    def _next_phase(cls, setup: CitadelSetup, state: CitadelState) -> CitadelState:
        index = PHASES.index(state.phase) + 1
        fresh = (False,) * setup.size
        if index == len(PHASES):
            return replace(state, phase=PHASES[0], round=state.round + 1, acted=fresh, blasts=0)
        return replace(state, phase=PHASES[index], acted=fresh, blasts=0)

    @classmethod
    def _settle(cls, setup: CitadelSetup, state: CitadelState) -> CitadelState:
        """9.7: who has won; otherwise pass the phases in which nothing can be done."""
        if not cls.side(setup, state, False):
            return replace(state, outcome=WON)
        if not cls.side(setup, state, True):
            return replace(state, outcome=LOST)
        for _ in range(len(PHASES) * 2):
            if not cls._idle(setup, state):
                break
            state = cls._next_phase(setup, state)
        return state

    @classmethod
    def _die(cls, setup: CitadelSetup, draws: int, given: int | None) -> tuple[int, int, bool]:
        if given is not None:
            return given, draws, True
        return rng.die(setup.seed, draws), draws + 1, False

    @classmethod
    def _wound(cls, setup: CitadelSetup, state: CitadelState, target: int, wounds: int) -> tuple[CitadelState, bool]:
        """9.7: damage at once; wounds reaching the Wound Points kill."""
        total = list(state.wounds)
        total[target] += wounds
        pos = list(state.pos)
        killed = total[target] >= cls.unit(setup, target).wound_points
        if killed:
            pos[target] = None
        return replace(state, wounds=tuple(total), pos=tuple(pos)), killed

    @classmethod
    def _phase_is(cls, state: CitadelState, phase: str, path: str, label: str) -> None:
        if state.phase != phase:
            raise RecordError(
                path,
                tr(
                    "9.2: this is the {phase} phase, not the {wanted} phase",
                    phase=tr(PHASE_LABELS[state.phase]),
                    wanted=tr(PHASE_LABELS[phase]),
                ),
                tr(label),
            )

    # ---- the contract: legal actions, chance, outcome, odds ---------------------------------------------------

    @classmethod
    def candidates(cls, setup: CitadelSetup, state: CitadelState) -> list[CitadelAction]:
        """Every action of the phase, with the players' choices spelled out (who, whom, with which weapon, where):
        the engine's own ``step`` decides which are legal now."""
        party = [unit_id(setup, i) for i in cls.side(setup, state, True)]
        monsters = [unit_id(setup, i) for i in cls.side(setup, state, False)]
        phase = state.phase
        if phase == "party":
            actions = [CitadelAction("end_phase")]
            for who in party:
                actions += [CitadelAction("change_weapon", unit=who), CitadelAction("hold", unit=who)]
                actions += [CitadelAction("attack", unit=who, target=m, weapon=w) for m in monsters for w in (0, 1)]
            return actions
        if phase == "monster":
            return [CitadelAction("monster")]
        if phase == "hellgate":
            return [CitadelAction("hellgate"), CitadelAction("hellgate_pass")]
        if phase == "party_reorg":
            spaces = [(r, c) for r in range(MAX_ROWS) for c in range(3)]
            return [CitadelAction("pass")] + [CitadelAction("move", unit=who, to=to) for who in party for to in spaces]
        return [CitadelAction("monster_pass")] + [CitadelAction("monster_move", unit=m) for m in monsters]

    @classmethod
    def legal_actions(cls, setup: CitadelSetup, state: CitadelState) -> list[CitadelAction]:
        if state.outcome != ONGOING:
            return []
        legal = []
        for action in cls.candidates(setup, state):
            try:
                cls.step(setup, state, action)
            except RecordError:
                continue
            legal.append(action)
        return legal

    @classmethod
    def chance(cls, setup: CitadelSetup, state: CitadelState, action: CitadelAction) -> list[tuple[Fraction, Any]]:
        """The next die left to chance, as OpenSpiel's chance nodes are sequential: a monster's (or the Hellgate's)
        die for its target among several (9.3), then the attack's die (9.5); a monster's die among several spaces
        (9.8.3). ``[(1, action)]`` when nothing is left to chance."""
        if state.outcome != ONGOING:
            return [(Fraction(1), action)]
        if action.do in ("monster", "hellgate") and action.target_die is None:
            if action.do == "monster":
                i = cls.next_monster(setup, state)
                choices = cls.choices(setup, state, i) if i is not None else []
            else:
                choices = cls.row_of(setup, state, True, 0)
            if len(choices) > 1:
                return [(Fraction(1, 6), replace(action, target_die=d)) for d in range(1, 7)]
        needs_die = action.do in ("attack", "monster", "hellgate")
        if action.do == "monster_move":
            moves = cls.monster_moves(setup, state)
            unit = cls.default_monster(setup, state) if action.unit is None else None
            for i in moves:
                if unit_id(setup, i) == action.unit:
                    unit = i
            needs_die = unit in moves and len(moves[unit]) > 1
        if needs_die and action.die is None:
            return [(Fraction(1, 6), replace(action, die=d)) for d in range(1, 7)]
        return [(Fraction(1), action)]

    @classmethod
    def outcome(cls, state: CitadelState) -> Outcome:
        return Outcome(state.outcome)

    @classmethod
    def simulation_policy(cls, spend: int = 1):
        from .odds import citadel_policy

        return citadel_policy

    @classmethod
    def step(
        cls, setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str = "action"
    ) -> tuple[CitadelState, dict]:
        if state.outcome != ONGOING:
            raise RecordError(path, tr("9.7: the combat is over ({outcome})", outcome=tr(state.outcome)))
        before = state
        state, event = getattr(cls, f"_do_{action.do}")(setup, state, action, path)
        state = cls._settle(setup, state)
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

    # party combat

    @classmethod
    def _character(cls, setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str, label: str) -> int:
        cls._phase_is(state, "party", path, label)
        i = cls.index_of(setup, action.unit, f"{path}.unit", True)
        if state.pos[i] is None:
            raise RecordError(f"{path}.unit", tr("9.7: {name} is dead", name=setup.party[i].name), tr("Who"))
        if state.acted[i]:
            raise RecordError(
                f"{path}.unit",
                tr("9.4: {name} has already acted in this Party Combat Phase", name=setup.party[i].name),
                tr("Who"),
            )
        return i

    @classmethod
    def _acted(cls, state: CitadelState, i: int) -> CitadelState:
        acted = list(state.acted)
        acted[i] = True
        return replace(state, acted=tuple(acted))

    @classmethod
    def _strike(
        cls, setup: CitadelSetup, state: CitadelState, i: int, target: int, column: str, given: int | None
    ) -> tuple[CitadelState, dict]:
        """9.5: 1D6 + Weapon Skill + Combat Bonus on the Combat Results Table, damage at once."""
        attacker = cls.unit(setup, i)
        die, draws, typed = cls._die(setup, state.draws, given)
        skill = attacker.skill(column) if isinstance(attacker, Character) else 0
        total = die + skill + attacker.combat_bonus
        row = setup.table.row(total)
        wounds = setup.table.rows[row][COLUMNS.index(column)]
        state, killed = cls._wound(setup, replace(state, draws=draws), target, wounds)
        state = cls._acted(state, i)
        defender = cls.unit(setup, target)
        notes = [tr("{name} is dead", name=defender.name)] if killed else []
        return state, {
            "unit": unit_id(setup, i),
            "name": attacker.name,
            "target": unit_id(setup, target),
            "target_name": defender.name,
            "die": die,
            "typed": typed,
            "skill": skill,
            "combat_bonus": attacker.combat_bonus,
            "total": total,
            "column": column,
            "row": row,
            "wounds": wounds,
            "target_wounds": state.wounds[target],
            "target_wound_points": defender.wound_points,
            "killed": killed,
            "notes": notes,
        }

    @classmethod
    def _do_attack(cls, setup, state, action, path):
        i = cls._character(setup, state, action, path, "Attack")
        c = setup.party[i]
        weapon = state.weapon[i] if action.weapon is None else action.weapon
        if weapon >= len(c.weapons):
            raise RecordError(f"{path}.weapon", tr("{name} carries only one weapon", name=c.name), tr("Weapon"))
        if weapon != state.weapon[i] and state.round > 1:
            raise RecordError(
                f"{path}.weapon",
                tr("9.4: a character changes weapons only by not attacking in a Party Combat Phase (change_weapon)"),
                tr("Weapon"),
            )
        why = cls.usable(setup, state, i, weapon)
        if why:
            raise RecordError(path, why, tr("Attack"))
        choices, unfaced = cls.targets(setup, state, i)
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
            target = cls.index_of(setup, action.target, f"{path}.target", False)
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
        state = replace(state, weapon=tuple(weapons), thrown=tuple(thrown))
        state, event = cls._strike(setup, state, i, target, c.weapons[weapon], action.die)
        if unfaced:
            event["notes"] = [cls._unfaced_note(c.name, False), *event["notes"]]
        return state, {"weapon": weapon, **event}

    @classmethod
    def _do_change_weapon(cls, setup, state, action, path):
        i = cls._character(setup, state, action, path, "Change weapon")
        c = setup.party[i]
        if len(c.weapons) < 2:
            raise RecordError(f"{path}.unit", tr("{name} carries only one weapon", name=c.name), tr("Change weapon"))
        weapon = 1 - state.weapon[i]
        weapons = list(state.weapon)
        weapons[i] = weapon
        state = cls._acted(replace(state, weapon=tuple(weapons)), i)
        return state, {"unit": unit_id(setup, i), "name": c.name, "weapon": weapon, "weapon_key": c.weapons[weapon]}

    @classmethod
    def _do_hold(cls, setup, state, action, path):
        i = cls._character(setup, state, action, path, "Do not attack")
        return cls._acted(state, i), {"unit": unit_id(setup, i), "name": setup.party[i].name}

    @classmethod
    def _do_end_phase(cls, setup, state, action, path):
        cls._phase_is(state, "party", path, "End the party's attacks")
        return cls._next_phase(setup, state), {}

    # monster and Hellgate combat

    @classmethod
    def _pick(cls, setup, state, choices: list[int], given: int | None) -> tuple[int, int | None, int, bool]:
        """9.3: a monster rolls 1D6 for its target among several, split evenly in column order."""
        if len(choices) == 1:
            return choices[0], None, state.draws, False
        die, draws, typed = cls._die(setup, state.draws, given)
        return choices[_split(die, len(choices))], die, draws, typed

    @classmethod
    def _do_monster(cls, setup, state, action, path):
        cls._phase_is(state, "monster", path, "Monster attack")
        i = cls.next_monster(setup, state)
        if i is None:  # pragma: no cover (the phase passes by itself)
            raise RecordError(path, tr("9.4: every monster has attacked in this phase"), tr("Monster attack"))
        choices, unfaced = cls.targets(setup, state, i)
        target, target_die, draws, _ = cls._pick(setup, state, choices, action.target_die)
        state = replace(state, draws=draws)
        column = cls.monster_column(setup, state, i)
        m = setup.monsters[i - len(setup.party)]
        notes = [cls._unfaced_note(m.name, len(choices) > 1)] if unfaced else []
        if m.weapon == "bow" and column == "monster":
            notes.append(
                tr(
                    "9.5 as this app reads it: a bow fires only from the second row, so {name} strikes from the "
                    "first row in the Monster column",
                    name=m.name,
                )
            )
        state, event = cls._strike(setup, state, i, target, column, action.die)  # type: ignore[arg-type]
        event["notes"] = [*notes, *event["notes"]]
        return state, {"target_die": target_die, "choices": [unit_id(setup, j) for j in choices], **event}

    @classmethod
    def _do_hellgate_pass(cls, setup, state, action, path):
        cls._phase_is(state, "hellgate", path, "The Hellgate casts no more")
        note = tr(
            "9.2.3: the Hellgate may cast up to {n} {n|Blast spell|Blast spells}: it casts no more in this phase",
            n=setup.table.blasts,
        )
        return cls._next_phase(setup, state), {"unit": "hellgate", "name": tr("Hellgate"), "notes": [note]}

    @classmethod
    def _do_hellgate(cls, setup, state, action, path):
        cls._phase_is(state, "hellgate", path, "Hellgate Blast spell")
        choices = cls.row_of(setup, state, True, 0)
        target, target_die, draws, _ = cls._pick(setup, state, choices, action.target_die)
        die, draws, typed = cls._die(setup, draws, action.die)
        c = setup.party[target]
        wounds = setup.table.blast_wounds if die > c.resistance else 0
        state, killed = cls._wound(setup, replace(state, draws=draws), target, wounds)
        state = replace(state, blasts=state.blasts + 1)
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
            "notes": [tr("{name} is dead", name=c.name)] if killed else [],
        }

    # reorganization

    @classmethod
    def _do_move(cls, setup, state, action, path):
        cls._phase_is(state, "party_reorg", path, "Move a character")
        i = cls.index_of(setup, action.unit, f"{path}.unit", True)
        c = setup.party[i]
        if state.pos[i] is None:
            raise RecordError(f"{path}.unit", tr("9.7: {name} is dead", name=c.name), tr("Who"))
        moves = cls.party_moves(setup, state)
        if action.to not in moves.get(i, []):
            raise RecordError(f"{path}.to", cls._why_not(setup, state, i, action.to, moves), tr("Where to"))
        notes = [] if cls.row_of(setup, state, True, 0) else [cls._must_move(0)]
        pos = list(state.pos)
        frm = pos[i]
        pos[i] = action.to
        state = cls._next_phase(setup, replace(state, pos=tuple(pos)))
        return state, {
            "unit": unit_id(setup, i),
            "name": c.name,
            "from": list(frm),
            "to": list(action.to),
            "notes": notes,
        }

    @classmethod
    def _why_not(cls, setup, state, i, to, moves) -> str:
        row, col = state.pos[i]
        front = cls.row_of(setup, state, True, 0)
        taken = {state.pos[j] for j in cls.side(setup, state, True)}
        if to == (row, col):
            return tr("9.8: the character is already there")
        if to in taken:
            return tr("9.8: that space is taken: no row holds more than 3 characters")
        if len(front) <= 1:
            return cls._must_move(len(front))
        if to[0] == row:
            return tr("9.8.1: a character may not move over another character in his row")
        if abs(to[0] - row) > 1:
            return tr("9.8.2: a character moves only to the row in front of or behind his own")
        if abs(to[1] - col) > 1:
            return tr("9.8.3: a character changing rows moves straight or diagonally, one column at most")
        if row == 0 and len(front) == 2:
            return tr("9.8.5: with only two characters in the first row, neither may move back")
        return tr("9.8: this move is not allowed")  # pragma: no cover

    @classmethod
    def _do_pass(cls, setup, state, action, path):
        cls._phase_is(state, "party_reorg", path, "Move no one")
        rule = cls.forced_rule(setup, state)
        if rule:
            raise RecordError(path, rule, tr("Move no one"))
        return cls._next_phase(setup, state), {}

    @classmethod
    def _do_monster_move(cls, setup, state, action, path):
        cls._phase_is(state, "monster_reorg", path, "Move a monster")
        moves = cls.monster_moves(setup, state)
        notes = []
        if action.unit is None:
            i = cls.default_monster(setup, state)
            if len(moves) > 1:
                notes.append(
                    tr(
                        "9.8 as this app reads it: no monster was chosen, so the left-most one that may move does: "
                        "{name}",
                        name=setup.monsters[i - len(setup.party)].name,
                    )
                )
        else:
            i = cls.index_of(setup, action.unit, f"{path}.unit", False)
            if i not in moves:
                raise RecordError(
                    f"{path}.unit",
                    tr(
                        "9.8: only {choices} may move forward now",
                        choices=", ".join(unit_id(setup, j) for j in sorted(moves)),
                    ),
                    tr("Who"),
                )
        spaces = moves[i]
        die = None
        draws = state.draws
        if len(spaces) > 1:  # 9.8.3: several spaces: a die roll decides
            die, draws, _ = cls._die(setup, state.draws, action.die)
            to = spaces[_split(die, len(spaces))]
        else:
            to = spaces[0]
        pos = list(state.pos)
        frm = pos[i]
        pos[i] = to
        state = cls._next_phase(setup, replace(state, pos=tuple(pos), draws=draws))
        m = setup.monsters[i - len(setup.party)]
        return state, {
            "unit": unit_id(setup, i),
            "name": m.name,
            "from": list(frm),
            "to": list(to),
            "die": die,
            "spaces": [list(s) for s in spaces],
            "notes": notes,
        }

    @classmethod
    def _do_monster_pass(cls, setup, state, action, path):
        cls._phase_is(state, "monster_reorg", path, "The monsters stay")
        if not cls.monsters_may_stay(setup, state):
            raise RecordError(
                path,
                tr("9.2.5, 9.8.1: with fewer than three monsters in the first row, one must move forward"),
                tr("The monsters stay"),
            )
        note = tr("9.8.2: with three monsters in the first row, one may move up a row: the monsters stay")
        return cls._next_phase(setup, state), {"notes": [note]}

    # ---- what the page, the list and the CLI see -------------------------------------------------------------

    @classmethod
    def board(cls, setup: CitadelSetup, state: CitadelState, characters: bool) -> list[list[str | None]]:
        living = cls.side(setup, state, characters)
        last = max((state.pos[i][0] for i in living), default=0)  # type: ignore[index]
        rows: list[list[str | None]] = [[None, None, None] for _ in range(last + 1)]
        for i in living:
            r, c = state.pos[i]  # type: ignore[misc]
            rows[r][c] = unit_id(setup, i)
        return rows

    @classmethod
    def table_json(cls, setup: CitadelSetup) -> dict:
        t = setup.table
        return {
            "title": tr(DATA["crt"]["title"]),
            "source": DATA["crt"]["source"],
            "note": DATA["crt"]["note"],
            "verified": False,
            "edited": t != DEFAULT_TABLE,
            "columns": [{"key": k, "name": tr(COLUMN_LABELS[k])} for k in COLUMNS],
            "row_starts": list(t.row_starts),
            "rows": [list(r) for r in t.rows],
            "blast": {"blasts": t.blasts, "wounds": t.blast_wounds, "source": DATA["blast"]["source"]},
        }

    @classmethod
    def units(cls, setup: CitadelSetup, state: CitadelState) -> list[dict]:
        rows = []
        for i in range(setup.size):
            u = cls.unit(setup, i)
            pos = state.pos[i]
            item: dict[str, Any] = {
                "id": unit_id(setup, i),
                "side": "party" if cls.is_character(setup, i) else "monsters",
                "name": u.name,
                "wound_points": u.wound_points,
                "wounds": state.wounds[i],
                "alive": pos is not None,
                "row": pos[0] if pos else None,
                "col": pos[1] if pos else None,
                "resistance": u.resistance,
                "combat_bonus": u.combat_bonus,
                "acted": state.acted[i],
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

    @classmethod
    def expected(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        if state.outcome != ONGOING:
            return {"kinds": [], "unit": None, "forced": False}
        if state.phase == "party":
            return {"kinds": ["attack", "change_weapon", "hold", "end_phase"], "unit": None, "forced": False}
        if state.phase == "monster":
            i = cls.next_monster(setup, state)
            return {"kinds": ["monster"], "unit": unit_id(setup, i), "forced": True}  # type: ignore[arg-type]
        if state.phase == "hellgate":
            return {"kinds": ["hellgate", "hellgate_pass"], "unit": "hellgate", "forced": False}
        if state.phase == "party_reorg":
            forced = cls.forced_move(setup, state)
            return {"kinds": ["move"] if forced else ["move", "pass"], "unit": None, "forced": forced}
        stay = cls.monsters_may_stay(setup, state)
        unit = unit_id(setup, cls.default_monster(setup, state))  # type: ignore[arg-type]
        return {
            "kinds": ["monster_move", "monster_pass"] if stay else ["monster_move"],
            "unit": unit,
            "forced": not stay,
        }

    @classmethod
    def view(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        ongoing = state.outcome == ONGOING
        targets = {}
        if ongoing and state.phase == "party":
            for i in cls.side(setup, state, True):
                c = setup.party[i]
                weapons = range(len(c.weapons)) if state.round == 1 else [state.weapon[i]]
                if not state.acted[i] and any(cls.usable(setup, state, i, w) is None for w in weapons):
                    targets[unit_id(setup, i)] = [unit_id(setup, j) for j in cls.choices(setup, state, i)]
        moves = {}
        if ongoing and state.phase == "party_reorg":
            moves = {unit_id(setup, i): [list(s) for s in s_] for i, s_ in cls.party_moves(setup, state).items()}
        monster_moves = {}
        if ongoing and state.phase == "monster_reorg":
            monster_moves = {
                unit_id(setup, i): [list(s) for s in s_] for i, s_ in cls.monster_moves(setup, state).items()
            }
        return {
            "outcome": state.outcome,
            "round": state.round,
            "phase": state.phase,
            "phase_name": tr(PHASE_LABELS[state.phase]),
            "board": {"party": cls.board(setup, state, True), "monsters": cls.board(setup, state, False)},
            "units": cls.units(setup, state),
            "next": cls.expected(setup, state),
            "targets": targets,
            "moves": moves,
            "monster_moves": monster_moves,
            "forced_rule": cls.forced_rule(setup, state),
            "blasts_left": setup.table.blasts - state.blasts if state.phase == "hellgate" else None,
            "hellgate": setup.rules.hellgate,
            "verified": False,
            "table": cls.table_json(setup),
            "next_draw": state.draws,
        }

    @classmethod
    def summary(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        return {
            "book": tr(cls.book),
            "hero": ", ".join(c.name for c in setup.party),
            "enemies": [m.name for m in setup.monsters],
            "rounds": state.round,
            "outcome": state.outcome,
            "stats": [],
        }

    @classmethod
    def result(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        def side(characters: bool) -> list[dict]:
            span = range(len(setup.party)) if characters else range(len(setup.party), setup.size)
            return [
                {
                    "id": unit_id(setup, i),
                    "name": cls.unit(setup, i).name,
                    "wound_points": cls.unit(setup, i).wound_points,
                    "wounds": state.wounds[i],
                    "alive": state.pos[i] is not None,
                }
                for i in span
            ]

        return {
            "outcome": state.outcome,
            "rounds": state.round,
            "party": side(True),
            "monsters": side(False),
            "verified": False,
        }

    @classmethod
    def describe(cls) -> dict:
        return {
            "kind": cls.kind,
            "book": tr(cls.book),
            "hero": tr(cls.hero_name),
            "labels": {name: tr(label) for name, label in cls.labels().items()},
            "enemy_labels": {name: tr(label) for name, label in cls.enemy_labels().items()},
            "actions": {name: tr(label) for name, label in cls.action_kinds().items()},
            "phases": {name: tr(label) for name, label in PHASE_LABELS.items()},
            "weapons": [{"key": k, "name": tr(v)} for k, v in WEAPON_LABELS.items()],
            "heroes": [{"key": k, **h, "name": tr(h["name"])} for k, h in HEROES.items()],
            "monsters": [{"key": k, **m, "name": tr(m["name"])} for k, m in MONSTERS.items()],
            "sources": {
                "heroes": DATA["heroes"]["source"],
                "monsters": DATA["monsters"]["source"],
            },
            "max_party": MAX_PARTY,
            "max_monsters": MAX_MONSTERS,
            "verified": False,
            "table": cls.table_json(CitadelSetup((), ())),
        }

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        raise RecordError(
            "system",
            tr("Citadel of Blood heroes come from the roster (or are entered by hand): nothing is rolled"),
            tr("Rules"),
        )
