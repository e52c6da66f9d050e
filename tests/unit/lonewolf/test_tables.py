"""Every cell of both Combat Results Tables against the reference text, and the Combat Ratio columns."""

from __future__ import annotations

import json

import pytest
from conftest import REFERENCE

from pyrules.i18n import read_json
from pyrules.systems.lonewolf import tables as tables_module
from pyrules.systems.lonewolf.tables import FREEWAY_WARRIOR, KILL, LONE_WOLF, TABLES, column_index

CELLS = [(n, col) for n in range(10) for col in range(13)]
# One Combat Ratio inside each column: <=-11, -10/-9, ..., 0, ..., >=+11
RATIO_OF_COLUMN = [-11, -10, -8, -6, -4, -2, 0, 1, 3, 5, 7, 9, 11]


@pytest.mark.parametrize("number,col", CELLS)
def test_lone_wolf_cell(reference_tables, number, col):
    expected = reference_tables["lone-wolf"][number][col]
    assert LONE_WOLF.rows[number][col] == expected
    assert LONE_WOLF.lookup(RATIO_OF_COLUMN[col], number) == expected


@pytest.mark.parametrize("number,col", CELLS)
def test_grey_star_printed_table_is_the_lone_wolf_table(reference_tables, number, col):
    assert LONE_WOLF.rows[number][col] == reference_tables["grey-star"][number][col]


@pytest.mark.parametrize("number,col", CELLS)
def test_freeway_warrior_cell(reference_tables, number, col):
    expected = reference_tables["freeway-warrior"][number][col]
    assert FREEWAY_WARRIOR.rows[number][col] == expected
    assert FREEWAY_WARRIOR.lookup(RATIO_OF_COLUMN[col], number) == expected


def test_reference_copy_is_complete(reference_tables):
    for name in ("lone-wolf", "grey-star", "freeway-warrior"):
        assert sorted(reference_tables[name]) == list(range(10))
        assert all(len(row) == 13 for row in reference_tables[name].values())


@pytest.mark.parametrize(
    "table,number,ratio,expected,typo",
    [
        # the printed values where Project Aon's typed tables are wrong (bold in tests/reference/rules-tables.md)
        (LONE_WOLF, 5, 7, (11, 2), (11, 1)),
        (LONE_WOLF, 5, 9, (12, 2), (12, 1)),
        (LONE_WOLF, 8, -9, (5, 4), (8, 4)),
        (FREEWAY_WARRIOR, 6, 9, (6, 1), (5, 1)),
    ],
)
def test_known_transcription_errors_are_not_copied(table, number, ratio, expected, typo):
    assert table.lookup(ratio, number) == expected != typo


def test_the_tables_differ_in_124_of_130_cells():
    same = sum(LONE_WOLF.rows[n][c] == FREEWAY_WARRIOR.rows[n][c] for n, c in CELLS)
    assert same == 6


@pytest.mark.parametrize("ratio", range(-30, 31))
def test_combat_ratio_column(ratio):
    if ratio <= -11:
        expected = 0
    elif ratio >= 11:
        expected = 12
    elif ratio == 0:
        expected = 6
    elif ratio > 0:
        expected = 6 + (ratio + 1) // 2  # +1/+2 -> 7 ... +9/+10 -> 11
    else:
        expected = 6 - (-ratio + 1) // 2  # -1/-2 -> 5 ... -9/-10 -> 1
    assert column_index(ratio) == expected


def test_tables_carry_their_provenance():
    tables = read_json(tables_module.__file__, "crt.json")["tables"]
    assert set(tables) == set(TABLES)
    for table in tables.values():
        assert "printed" in table["source"].lower()
        assert table["known_errors"]


def test_kills_only_where_printed():
    kills = [(n, c) for n, c in CELLS if KILL in LONE_WOLF.rows[n][c]]
    assert sorted(kills) == [(0, 10), (0, 11), (0, 12), (1, 0), (1, 1), (2, 0), (8, 12), (9, 11), (9, 12)]


def test_against_the_reference_json():
    """tests/reference/crt-tables.json: the project's reference transcription of both tables (with its sources and
    the known typos of other transcriptions), a copy kept beside the tests."""
    data = json.loads((REFERENCE / "crt-tables.json").read_text(encoding="utf-8"))
    pairs = {"lone-wolf": LONE_WOLF, "freeway-warrior-close-combat": FREEWAY_WARRIOR}
    checked = 0
    for name, table in pairs.items():
        for key, row in data["tables"][name]["rows"].items():
            assert [tuple(cell) for cell in row] == list(table.rows[int(key)])
            checked += len(row)
    assert checked == 2 * 10 * 13  # every cell of both tables
