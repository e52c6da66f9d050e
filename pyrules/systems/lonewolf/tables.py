"""Combat Results Tables, read from ``data/crt.json`` beside this module (each table there carries its source and known
errata, for its readers: the rules read the cells).

>>> LONE_WOLF.lookup(-5, 6)
(5, 4)
>>> FREEWAY_WARRIOR.lookup(1, 4)
(4, 3)
>>> LONE_WOLF.lookup(12, 0)
('K', 0)
>>> column_index(-11), column_index(-10), column_index(0), column_index(2), column_index(11)
(0, 1, 6, 7, 12)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ...i18n import read_json

KILL = "K"
Loss = Union[int, str]  # noqa: UP007 (a runtime alias)  # a number of ENDURANCE points, or KILL


def column_index(combat_ratio: int) -> int:
    """Column of the table for a Combat Ratio: <=-11, -10/-9, ..., -2/-1, 0, +1/+2, ..., +9/+10, >=+11."""
    if combat_ratio >= 0:
        return min(6 + (combat_ratio + 1) // 2, 12)
    return max(6 - (1 - combat_ratio) // 2, 0)


def _loss(part: str) -> Loss:
    return KILL if part == KILL else int(part)


def _cell(text: str) -> tuple[Loss, Loss]:
    enemy, hero = text.split("/")
    return _loss(enemy), _loss(hero)


@dataclass(frozen=True)
class ResultsTable:
    key: str
    title: str
    rows: dict  # random number 0-9 -> tuple of 13 (enemy loss, hero loss) cells

    def lookup(self, combat_ratio: int, number: int) -> tuple[Loss, Loss]:
        """(enemy loss, hero loss) for a Combat Ratio and a random number 0-9."""
        return self.rows[number][column_index(combat_ratio)]


def _load() -> dict[str, ResultsTable]:
    data = read_json(__file__, "crt.json")
    tables = {}
    for key, table in data["tables"].items():
        rows = {int(n): tuple(_cell(c) for c in table["rows"][n].split()) for n in data["row_order"]}
        tables[key] = ResultsTable(key, table["title"], rows)
    return tables


TABLES = _load()
LONE_WOLF = TABLES["lone-wolf"]
FREEWAY_WARRIOR = TABLES["freeway-warrior"]
