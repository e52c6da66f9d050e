"""Citadel of Blood (SPI, 1980), combat rules 9.1-9.8: one test (at least) for every case, named by its number."""

from __future__ import annotations

import io
import json
import random
import sys
from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import make_record
from hypothesis import given, settings
from hypothesis import strategies as st

from pyrules import Fight, RecordError, api, rng
from pyrules.__main__ import main
from pyrules.fields import Reader
from pyrules.i18n import language
from pyrules.systems.citadel import CitadelOfBlood, geometry, rules
from pyrules.systems.citadel.phases import ACTION_LABELS, PHASE, PHASE_LABELS, PHASE_OF, PHASES, following
from pyrules.systems.citadel.record import ACTION_FIELDS, DEFAULT_TABLE, CitadelAction, unit_id
from pyrules.systems.citadel.rules import front_row

SYSTEM = "citadel-of-blood"


def hero(name, pos=None, wp=10, rv=1, cb=0, weapons=("sword", "dagger"), skills=None, **extra):
    data = {"name": name, "wound_points": wp, "resistance": rv, "combat_bonus": cb, "weapons": list(weapons)}
    if skills:
        data["skills"] = skills
    if pos is not None:
        data["pos"] = list(pos)
    return {**data, **extra}


def mon(name, pos=None, wp=10, rv=1, cb=0, weapon=None):
    data = {"name": name, "wound_points": wp, "resistance": rv, "combat_bonus": cb}
    if weapon:
        data["weapon"] = weapon
    if pos is not None:
        data["pos"] = list(pos)
    return data


def record(party, enemies, actions=(), rules=None, seed=0, tables=None):
    data = make_record(SYSTEM, {"party": party}, enemies, rules, actions, seed)
    if tables is not None:
        data["tables"] = tables
    return data


def cob(party, enemies, actions=(), rules=None, seed=0, tables=None):
    return Fight.from_record(record(party, enemies, actions, rules, seed, tables))


def refused(fight, action, *words):
    with pytest.raises(RecordError) as error:
        fight.apply(action)
    for word in words:
        assert word in str(error.value)
    return error.value


def attack(unit, target=None, die=1, **extra):
    action = {"do": "attack", "unit": unit, "die": die, **extra}
    if target is not None:
        action["target"] = target
    return action


THREE = [hero("A0", (0, 0)), hero("B0", (0, 1)), hero("C0", (0, 2))]
TWO = [hero("A0", (0, 0)), hero("B0", (0, 1))]


def targets_of(fight):
    return fight.view()["targets"]


def to_monster_phase(fight):
    fight.apply({"do": "end_phase"})
    assert fight.state.phase == "monster"
    return fight


# ---- 9.1 set-up ---------------------------------------------------------------------------------------------


def test_9_1_the_party_keeps_the_march_order_the_players_arrange():
    fight = cob([hero("X", (1, 2)), hero("Y", (0, 0)), hero("Z", (0, 2))], [mon("m")])
    assert fight.view()["board"]["party"] == [["B", None, "C"], [None, None, "A"]]


def test_9_1_party_without_places_fills_rows_of_three_front_first():
    fight = cob([hero(n) for n in "PQRS"], [mon("m")])
    assert fight.view()["board"]["party"] == [["A", "B", "C"], ["D", None, None]]


def test_9_1_two_characters_may_not_share_a_space():
    with pytest.raises(RecordError, match=r"hero.party\[1\].pos .*9.1"):
        cob([hero("X", (0, 0)), hero("Y", (0, 0))], [mon("m")])


def test_9_1_one_monster_stands_in_the_middle_space():
    assert cob(THREE, [mon("m")]).view()["board"]["monsters"] == [[None, "1", None]]
    with pytest.raises(RecordError, match=r"enemies\[0\].pos .*9.1: a single monster stands in the middle"):
        cob(THREE, [mon("m", (0, 0))])


def test_9_1_two_monsters_stand_in_the_first_and_third_spaces():
    assert cob(THREE, [mon("m"), mon("n")]).view()["board"]["monsters"] == [["1", None, "2"]]
    assert cob(THREE, [mon("m", (0, 2)), mon("n", (0, 0))]).view()["board"]["monsters"] == [["2", None, "1"]]
    with pytest.raises(RecordError, match="9.1: two monsters stand in the first and third spaces"):
        cob(THREE, [mon("m", (0, 0)), mon("n", (0, 1))])


def test_9_1_three_monsters_fill_the_first_row_in_any_order_the_players_choose():
    fight = cob(THREE, [mon("m", (0, 2)), mon("n", (0, 0)), mon("o", (0, 1))])
    assert fight.view()["board"]["monsters"] == [["2", "3", "1"]]
    with pytest.raises(RecordError, match="9.1: with three monsters or more, three stand in the first row"):
        cob(THREE, [mon("m", (0, 2)), mon("n", (0, 0)), mon("o", (1, 1))])


def test_9_1_more_than_three_the_three_with_most_wound_points_in_front_by_default():
    enemies = [mon("w4", wp=4), mon("w9", wp=9), mon("w6", wp=6), mon("w12", wp=12), mon("w5", wp=5)]
    board = cob(THREE, enemies).view()["board"]["monsters"]
    assert sorted(board[0]) == ["2", "3", "4"] and board[1] == ["1", None, "5"]


def test_9_1_players_choose_who_faces_whom_within_the_limits():
    enemies = [mon("a", (1, 1), wp=4), mon("b", (0, 2), wp=9), mon("c", (0, 0), wp=6), mon("d", (0, 1), wp=12)]
    assert cob(THREE, enemies).view()["board"]["monsters"] == [["3", "4", "2"], [None, "1", None]]


def test_9_1_a_weaker_monster_may_not_stand_in_front_of_a_stronger_one():
    enemies = [mon("a", (0, 1), wp=4), mon("b", (0, 2), wp=9), mon("c", (0, 0), wp=6), mon("d", (1, 1), wp=12)]
    with pytest.raises(RecordError, match=r"enemies\[3\].pos .*9.1: the three monsters with the most Wound Points"):
        cob(THREE, enemies)


def test_9_1_the_rest_fill_the_second_row_then_the_third():
    front = [mon("a", (0, 0)), mon("b", (0, 1)), mon("c", (0, 2))]
    seven = [*front, mon("d", (1, 0)), mon("e", (1, 1)), mon("f", (1, 2)), mon("g", (2, 1))]
    assert cob(THREE, seven).view()["board"]["monsters"][2] == [None, "7", None]
    bad = [*front, mon("d", (1, 0)), mon("e", (2, 1))]
    with pytest.raises(RecordError, match="9.1 as this app reads it .*: the monsters behind fill the second row, then"):
        cob(THREE, bad)
    default = cob(THREE, [mon(str(i)) for i in range(7)]).view()["board"]["monsters"]
    assert default == [["1", "2", "3"], ["4", "5", "6"], [None, "7", None]]


def test_9_1_every_monster_placed_or_none():
    with pytest.raises(RecordError, match="9.1: place every monster, or none"):
        cob(THREE, [mon("a", (0, 0)), mon("b")])


def test_9_1_roster_numbers_and_own_numbers():
    fight = cob([{"hero": "almuric"}, {"hero": "almuric", "name": "Twin", "combat_bonus": 1}], [{"monster": "troll"}])
    a, b, troll = fight.view()["units"]
    assert (a["name"], a["wound_points"], a["resistance"], a["combat_bonus"]) == ("Almuric", 8, 2, 3)
    assert [w["key"] for w in a["weapons"]] == ["sword", "dagger"] and a["weapons"][0]["skill"] == 2
    assert b["name"] == "Twin" and b["combat_bonus"] == 1 and b["wound_points"] == 8
    assert (troll["name"], troll["wound_points"], troll["resistance"], troll["combat_bonus"]) == ("Troll", 16, 3, 4)
    saved = fight.record()
    assert saved["hero"]["party"][0]["wound_points"] == 8 and saved["enemies"][0]["wound_points"] == 16
    with pytest.raises(RecordError, match=r"hero.party\[0\].wound_points \(Wound Points\): is missing"):
        cob([{"name": "Custom", "resistance": 1, "combat_bonus": 0, "weapons": ["axe"]}], [mon("m")])


# ---- 9.2 the sequence of a round ----------------------------------------------------------------------------


def test_9_2_the_five_phases_in_order_and_a_new_round():
    fight = cob(
        [hero("A0", (0, 0)), hero("B0", (1, 1)), hero("C0", (0, 2))],
        [mon("m", wp=30)],
        rules={"hellgate": True},
    )
    phases = [fight.state.phase]
    fight.apply(attack("A", die=1))  # B0 in the second row holds a sword: he cannot strike (9.2.1)
    fight.apply({"do": "hold", "unit": "B"})
    fight.apply({"do": "hold", "unit": "C"})
    phases.append(fight.state.phase)
    fight.apply({"do": "monster", "die": 1})
    phases.append(fight.state.phase)
    for _ in range(3):
        fight.apply({"do": "hellgate", "die": 1})
    phases.append(fight.state.phase)
    fight.apply({"do": "pass"})  # no monster can move: the Monster Reorganization passes by itself
    assert phases == ["party", "monster", "hellgate", "party_reorg"]
    assert fight.state.phase == "party" and fight.state.round == 2
    assert [row["phase"] for row in fight.log] == ["party"] * 3 + ["monster"] + ["hellgate"] * 3 + ["party_reorg"]


def test_9_2_without_the_hellgate_there_is_no_hellgate_phase():
    fight = cob(TWO, [mon("m", wp=30)], actions=[attack("A", "1"), attack("B"), {"do": "monster", "die": 1}])
    assert fight.state.phase == "party_reorg"
    refused(fight, {"do": "hellgate"}, "9.2")


def test_9_2_results_apply_at_once_a_monster_killed_does_not_strike_back():
    fight = cob([hero("A0", (0, 1), cb=6)], [mon("m", wp=2), mon("n", wp=30)])
    fight.apply(attack("A", "1", die=6))  # 12: row 6, 2 wounds
    assert fight.log[-1]["killed"] and fight.log[-1]["notes"] == ["m is dead"]
    assert fight.state.phase == "monster" and fight.view()["next"]["unit"] == "2"
    fight.apply({"do": "monster", "die": 1})
    assert [row["unit"] for row in fight.log] == ["A", "2"]


def test_9_2_from_the_second_row_characters_fire_bows_and_throw_daggers_only():
    party = [
        hero("F", (0, 1)),
        hero("S", (1, 0)),
        hero("W", (1, 1), weapons=["bow"]),
        hero("T", (1, 2), weapons=["throwing_dagger"]),
    ]
    fight = cob(party, [mon("m", wp=40)])
    refused(fight, attack("B", "1"), "9.2: from the second row a character may only fire a bow or throw a dagger")
    fight.apply(attack("C", "1"))
    fight.apply(attack("D", "1"))
    assert [row["column"] for row in fight.log] == ["bow", "throwing_dagger"]


def test_9_2_the_third_row_does_not_fight():
    fight = cob([hero("F", (0, 1)), hero("W", (2, 1), weapons=["bow"])], [mon("m")])
    refused(fight, attack("B", "1"), "9.2: only the first and second rows")
    assert "B" not in targets_of(fight)


def test_9_2_monsters_in_the_second_row_fire_bows_unarmed_ones_wait():
    front = [mon("a", (0, 0)), mon("b", (0, 1)), mon("c", (0, 2))]
    fight = cob(THREE, [*front, mon("archer", (1, 0), weapon="bow"), mon("brute", (1, 2))])
    fight.apply({"do": "end_phase"})
    for _ in range(4):
        fight.apply({"do": "monster", "die": 1, "target_die": 1})
    assert [row["unit"] for row in fight.log[1:]] == ["1", "2", "3", "4"]
    assert fight.log[-1]["column"] == "bow" and fight.state.phase == "party_reorg"


def test_9_2_the_hellgate_casts_three_blasts_at_the_front_row():
    party = [hero("A0", (0, 0), rv=2), hero("B0", (0, 2), rv=5), hero("C0", (1, 1), rv=0)]
    fight = cob(party, [mon("m", wp=40)], rules={"hellgate": True})
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "hellgate", "die": 3, "target_die": 2})  # 1-3: the left one; 3 > RV 2: 2 wounds
    fight.apply({"do": "hellgate", "die": 5, "target_die": 4})  # 4-6: the right one; 5 is not > RV 5
    fight.apply({"do": "hellgate", "die": 6, "target_die": 6})
    blasts = fight.log[-3:]
    assert [(b["target"], b["wounds"]) for b in blasts] == [("A", 2), ("B", 0), ("B", 2)]
    assert all(b["choices"] == ["A", "B"] for b in blasts)
    assert fight.state.phase == "party_reorg"


# ---- 9.3 targets ------------------------------------------------------------------------------------------


def test_9_3_three_facing_three_attack_straight_across_both_ways():
    fight = cob(THREE, [mon("m", wp=40), mon("n", wp=40), mon("o", wp=40)])
    assert targets_of(fight) == {"A": ["1"], "B": ["2"], "C": ["3"]}
    refused(fight, attack("A", "2"), "9.3: A0 may attack only 1")
    fight.apply({"do": "end_phase"})
    for _ in range(3):
        fight.apply({"do": "monster", "die": 1, "target_die": 6})
    assert [(row["unit"], row["target"], row["target_die"]) for row in fight.log[1:]] == [
        ("1", "A", None),
        ("2", "B", None),
        ("3", "C", None),
    ]


def two_monsters_left():
    """9.1 puts two monsters in the first and third spaces; the example's "A B" (first and second spaces) arises
    when the right-hand of three is killed: here by an archer of the second row (D)."""
    party = [hero("A0", (0, 0)), hero("B0", (0, 1)), hero("C0", (0, 2)), hero("D0", (1, 1), weapons=["bow"])]
    fight = cob(party, [mon("MA", wp=40), mon("MB", wp=40), mon("MC", wp=1)], [attack("D", "3", die=6)])
    assert fight.view()["board"]["monsters"] == [["1", "2", None]]
    return fight


@pytest.mark.parametrize("die,target", [(1, "B"), (2, "B"), (3, "B"), (4, "C"), (5, "C"), (6, "C")])
def test_9_3_monsters_a_b_against_1_2_3_a_attacks_1_b_rolls_1_3_for_2_4_6_for_3(die, target):
    # the example's characters "1 2 3" are A, B, C here; its monsters "A B" are monsters 1 and 2
    fight = to_monster_phase(two_monsters_left())
    fight.apply({"do": "monster", "die": 1, "target_die": 6})
    fight.apply({"do": "monster", "die": 1, "target_die": die})
    assert fight.log[-2]["target"] == "A" and fight.log[-2]["target_die"] is None
    assert fight.log[-1]["target"] == target and fight.log[-1]["choices"] == ["B", "C"]


def test_9_3_monsters_1_2_3_against_characters_a_b_1_attacks_a_2_and_3_attack_b():
    fight = to_monster_phase(cob(TWO, [mon("m", wp=40), mon("n", wp=40), mon("o", wp=40)]))
    for _ in range(3):
        fight.apply({"do": "monster", "die": 1})
    assert [(row["unit"], row["target"]) for row in fight.log[1:]] == [("1", "A"), ("2", "B"), ("3", "B")]


def test_9_3_characters_1_2_3_against_monsters_a_b_attack_like_the_monsters():
    # characters 1, 2, 3 (A, B, C) against monsters A B (1, 2): 1 attacks A, 2 and 3 attack B
    assert targets_of(two_monsters_left()) == {"A": ["1"], "B": ["2"], "C": ["2"]}
    refused(two_monsters_left(), attack("C", "1"), "9.3: C0 may attack only 2")


def test_9_3_two_monsters_deployed_by_9_1_against_three():
    fight = cob(THREE, [mon("MA", wp=40), mon("MB", wp=40)])  # the first and third spaces
    assert targets_of(fight) == {"A": ["1"], "B": ["1", "2"], "C": ["2"]}


def test_9_3_characters_a_b_against_monsters_1_2_3_a_attacks_1_b_chooses_2_or_3():
    fight = cob(TWO, [mon("m", wp=40), mon("n", wp=40), mon("o", wp=40)])
    assert targets_of(fight) == {"A": ["1"], "B": ["2", "3"]}
    refused(fight, attack("B", "1"), "9.3: B0 may attack only 2, 3")
    refused(fight, attack("B"), "9.3: B0 chooses among 2, 3")
    fight.apply(attack("B", "3"))
    assert fight.log[-1]["target"] == "3"


def test_9_3_a_character_alone_chooses_among_1_2_3():
    fight = cob([hero("A0", (0, 1))], [mon("m", wp=40), mon("n", wp=40), mon("o", wp=40)])
    assert targets_of(fight) == {"A": ["1", "2", "3"]}
    fight.apply(attack("A", "3"))
    assert fight.log[-1]["target"] == "3"


@pytest.mark.parametrize("die,target", [(1, "A"), (2, "A"), (3, "B"), (4, "B"), (5, "C"), (6, "C")])
def test_9_3_a_monster_alone_rolls_1_2_for_1_3_4_for_2_5_6_for_3(die, target):
    fight = to_monster_phase(cob(THREE, [mon("m", wp=40)]))
    fight.apply({"do": "monster", "die": 1, "target_die": die})
    assert fight.log[-1]["target"] == target and fight.log[-1]["target_die"] == die


def test_9_3_a_monster_target_die_is_drawn_from_the_seed_when_not_typed():
    fight = to_monster_phase(cob(THREE, [mon("m", wp=40)], seed=5))
    fight.apply({"do": "monster"})
    row = fight.log[-1]
    assert row["target_die"] == rng.die(5, 0) and row["die"] == rng.die(5, 1) and fight.state.draws == 2


def test_9_3_from_the_second_row_a_character_may_attack_any_monster_of_the_front_row():
    party = [hero("A0", (0, 0)), hero("W", (1, 0), weapons=["bow"])]
    fight = cob(party, [mon("m", wp=40), mon("n", wp=40), mon("o", wp=40), mon("p", wp=1)])
    assert targets_of(fight)["B"] == ["1", "2", "3"]
    refused(fight, attack("B", "4"), "9.3")


@pytest.mark.parametrize("die,target", [(1, "A"), (3, "A"), (4, "C"), (6, "C")])
def test_9_3_a_monster_in_the_second_row_rolls_for_its_target_in_the_front_row(die, target):
    party = [hero("A0", (0, 0)), hero("B0", (1, 1)), hero("C0", (0, 2))]
    front = [mon("a", (0, 0), cb=-9), mon("b", (0, 1), cb=-9), mon("c", (0, 2), cb=-9)]
    fight = to_monster_phase(cob(party, [*front, mon("archer", (1, 1), weapon="bow")]))
    for _ in range(3):
        fight.apply({"do": "monster", "die": 1, "target_die": 1})
    fight.apply({"do": "monster", "die": 1, "target_die": die})
    assert fight.log[-1]["unit"] == "4" and fight.log[-1]["choices"] == ["A", "C"]
    assert fight.log[-1]["target"] == target


# ---- 9.4 one attack, one target, damage at once ------------------------------------------------------------


def test_9_4_1_one_attack_per_unit_per_phase():
    fight = cob(TWO, [mon("m", wp=40)])
    fight.apply(attack("A", "1"))
    refused(fight, attack("A", "1"), "9.4: A0 has already acted")


def test_9_4_1_characters_attack_only_in_the_party_phase_monsters_only_in_theirs():
    fight = cob(TWO, [mon("m", wp=40)])
    refused(fight, {"do": "monster"}, "9.2: this is the Party Combat phase")
    fight.apply({"do": "end_phase"})
    refused(fight, attack("A", "1"), "9.2: this is the Monster Combat phase, not the Party Combat phase")


def test_9_4_2_one_enemy_per_attack_and_a_monster_once_per_phase():
    fight = to_monster_phase(cob(THREE, [mon("m", wp=40)]))
    fight.apply({"do": "monster", "die": 6, "target_die": 1})
    assert fight.state.phase == "party_reorg"  # the one monster has struck once, at one target
    assert sum(1 for w in fight.state.wounds[:3] if w) <= 1


def test_9_4_3_up_to_six_attack_one_monster():
    party = [hero(f"F{c}", (0, c), cb=-9) for c in range(3)]
    party += [hero(f"S{c}", (1, c), weapons=["bow"], cb=-9) for c in range(3)]
    fight = cob(party, [mon("m", wp=40)])
    assert set(targets_of(fight)) == set("ABCDEF") and all(t == ["1"] for t in targets_of(fight).values())
    for unit in "ABCDEF":
        fight.apply(attack(unit, "1"))
    assert [row["target"] for row in fight.log] == ["1"] * 6 and fight.state.phase == "monster"


def test_9_4_4_damage_takes_effect_at_once():
    fight = cob([hero("A0", (0, 0), cb=6), hero("B0", (0, 1), cb=6)], [mon("m", wp=40)])
    fight.apply(attack("A", "1", die=6))
    assert fight.view()["units"][2]["wounds"] == 2
    fight.apply(attack("B", "1", die=6))
    assert fight.log[-1]["target_wounds"] == 4


def test_9_4_a_character_changes_weapon_by_not_attacking():
    fight = cob([{"hero": "almuric", "pos": [0, 1]}], [mon("m", wp=40)])
    fight.apply({"do": "change_weapon", "unit": "A"})
    assert fight.view()["units"][0]["weapon"] == 1 and fight.state.phase == "monster"
    fight.apply({"do": "monster", "die": 1})
    fight.apply(attack("A", "1", die=4))
    assert fight.log[-1]["column"] == "dagger" and fight.log[-1]["total"] == 7  # no Sword skill with the dagger


def test_9_4_the_weapon_is_assigned_before_the_first_attack_then_changed_only_by_not_attacking():
    fight = cob([{"hero": "almuric", "pos": [0, 1]}], [mon("m", wp=40)])
    fight.apply(attack("A", "1", die=4, weapon=1))  # round 1: the player assigns the dagger
    assert fight.log[-1]["column"] == "dagger"
    fight.apply({"do": "monster", "die": 1})
    refused(fight, attack("A", "1", weapon=0), "9.4: a character changes weapons only by not attacking")
    fight.apply({"do": "change_weapon", "unit": "A"})  # gives up the attack of this phase
    assert fight.state.phase == "monster" and fight.log[-1]["weapon_key"] == "sword"


# ---- 9.5 the attack ---------------------------------------------------------------------------------------


def test_9_5_the_example_almuric_die_4_sword_skill_2_combat_bonus_3_is_9_on_the_sword_column():
    fight = cob([{"hero": "almuric", "pos": [0, 1]}], [mon("m", wp=40)])
    fight.apply(attack("A", "1", die=4))
    row = fight.log[-1]
    assert (row["die"], row["skill"], row["combat_bonus"], row["total"], row["column"]) == (4, 2, 3, 9, "sword")
    assert row["row"] == 3 and row["wounds"] == DEFAULT_TABLE.rows[3][3] == 1


@pytest.mark.parametrize(
    "total,row", [(1, 0), (3, 0), (4, 1), (5, 2), (6, 3), (9, 3), (10, 4), (16, 10), (17, 11), (30, 11)]
)
def test_9_5_rows_by_the_modified_roll_as_the_fan_table_maps_them(total, row):
    assert DEFAULT_TABLE.row(total) == row


def test_9_5_a_die_not_typed_is_drawn_from_the_seed():
    fight = cob([{"hero": "almuric", "pos": [0, 1]}], [mon("m", wp=40)], seed=99)
    fight.apply({"do": "attack", "unit": "A"})
    assert fight.log[-1]["die"] == rng.die(99, 0) and not fight.log[-1]["typed"] and fight.state.draws == 1


def test_9_5_a_throwing_dagger_is_thrown_once_per_combat():
    fight = cob([hero("T", (0, 1), weapons=["throwing_dagger", "sword"])], [mon("m", wp=40)])
    fight.apply(attack("A", "1"))
    assert fight.view()["units"][0]["thrown"]
    fight.apply({"do": "monster", "die": 1})
    refused(fight, attack("A", "1"), "9.5: a throwing dagger is thrown only once per combat")
    fight.apply({"do": "change_weapon", "unit": "A"})
    fight.apply({"do": "monster", "die": 1})
    fight.apply(attack("A", "1"))
    assert fight.log[-1]["column"] == "sword"


def test_9_5_bows_only_from_the_second_row_once_per_phase_any_number_of_times():
    party = [hero("F", (0, 0)), hero("W", (1, 1), weapons=["bow"]), hero("G", (0, 2))]
    fight = cob(party, [mon("m", wp=40)])
    for _ in range(3):
        fight.apply(attack("B", "1"))
        refused(fight, attack("B", "1"), "9.4")
        fight.apply({"do": "end_phase"})
        fight.apply({"do": "monster", "die": 1, "target_die": 1})
        fight.apply({"do": "pass"})
    assert [row["column"] for row in fight.log if row.get("unit") == "B"] == ["bow"] * 3
    front = cob([hero("W", (0, 1), weapons=["bow", "dagger"])], [mon("m")])
    refused(front, attack("A", "1"), "9.5: a bow fires only from the second row")


# ---- 9.6 monsters -----------------------------------------------------------------------------------------


def test_9_6_unarmed_monsters_use_the_monster_column_plus_combat_bonus():
    fight = to_monster_phase(cob([hero("A0", (0, 1), wp=40)], [mon("m", cb=3)]))
    fight.apply({"do": "monster", "die": 6})
    row = fight.log[-1]
    assert (row["column"], row["total"], row["row"], row["wounds"]) == ("monster", 9, 3, 1)


def test_9_6_armed_monsters_use_their_weapons_column():
    fight = to_monster_phase(cob([hero("A0", (0, 1), wp=40)], [mon("m", cb=4, weapon="axe")]))
    fight.apply({"do": "monster", "die": 6})  # 10: row 4
    row = fight.log[-1]
    assert (row["column"], row["total"], row["wounds"]) == ("axe", 10, 2)


def test_9_6_the_monster_chart_numbers_and_its_source_are_unverified():
    described = CitadelOfBlood.describe()
    assert described["verified"] is False and described["table"]["verified"] is False
    troll = next(m for m in described["monsters"] if m["key"] == "troll")
    assert (troll["resistance"], troll["wound_points"], troll["combat_bonus"], troll["weapon"]) == (3, 16, 4, None)
    assert "PilchS" in described["sources"]["monsters"]


# ---- 9.7 wounds and death ---------------------------------------------------------------------------------


def test_9_7_wounds_equal_to_wound_points_kill_and_the_dead_leave_the_board():
    fight = cob([hero("A0", (0, 0), cb=6), hero("B0", (0, 1))], [mon("m", wp=2), mon("n", wp=40)])
    fight.apply(attack("A", "1", die=6))
    view = fight.view()
    assert view["units"][2]["alive"] is False and view["units"][2]["row"] is None
    assert view["board"]["monsters"] == [[None, None, "2"]]
    refused(fight, attack("B", "1"), "9.3")


def test_9_7_a_dead_character_does_not_act():
    fight = to_monster_phase(cob([hero("A0", (0, 0), wp=1), hero("B0", (0, 2))], [mon("m", cb=9, wp=40)]))
    fight.apply({"do": "monster", "die": 6, "target_die": 1})
    assert fight.log[-1]["killed"] and fight.state.phase == "party"  # one in front, none behind: no move
    refused(fight, attack("A", "1"), "9.7: A0 is dead")


def test_9_7_the_combat_ends_when_one_side_is_eliminated():
    won = cob([hero("A0", (0, 1), cb=6)], [mon("m", wp=2)], actions=[attack("A", "1", die=6)])
    assert won.state.outcome == "won" and won.result()["outcome"] == "won" and won.view()["next"]["kinds"] == []
    refused(won, {"do": "end_phase"}, "9.7: the combat is over (won)")
    lost = to_monster_phase(cob([hero("A0", (0, 1), wp=1)], [mon("m", cb=9)]))
    lost.apply({"do": "monster", "die": 6})
    assert lost.state.outcome == "lost" and lost.log[-1]["outcome"] == "lost"


# ---- 9.8 party reorganization ------------------------------------------------------------------------------


def reorg(party, enemies=None):
    fight = cob(party, enemies or [mon("m", wp=40, cb=-9)])
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1, "target_die": 1})
    assert fight.state.phase == "party_reorg"
    return fight


def test_9_8_one_character_moves_then_the_phase_ends():
    fight = reorg([hero("a", (0, 0)), hero("b", (0, 1)), hero("c", (0, 2)), hero("d", (1, 0))])
    fight.apply({"do": "move", "unit": "D", "to": [1, 2]})
    assert fight.state.phase == "party" and fight.state.round == 2
    assert fight.log[-1]["from"] == [1, 0] and fight.log[-1]["to"] == [1, 2]


def test_9_8_1_along_the_row_but_not_over_another_character():
    fight = reorg([hero("a", (0, 0)), hero("b", (0, 1)), hero("c", (0, 2)), hero("d", (1, 0)), hero("e", (1, 1))])
    assert [2, 2] not in fight.view()["moves"]["D"] and [1, 2] in fight.view()["moves"]["E"]
    refused(fight, {"do": "move", "unit": "D", "to": [1, 2]}, "9.8.1: a character may not move over another")
    fight.apply({"do": "move", "unit": "E", "to": [1, 2]})


def test_9_8_2_to_the_row_in_front_or_behind_only():
    fight = reorg([hero("a", (0, 0)), hero("b", (0, 1)), hero("c", (0, 2)), hero("d", (1, 1))])
    refused(fight, {"do": "move", "unit": "B", "to": [2, 1]}, "9.8.2")
    fight.apply({"do": "move", "unit": "B", "to": [1, 0]})  # back one row (3 in front: allowed), diagonally
    assert fight.view()["board"]["party"] == [["A", None, "C"], ["B", "D", None]]


def test_9_8_2_forward_one_row():
    fight = reorg([hero("a", (0, 0)), hero("b", (0, 1)), hero("c", (2, 2)), hero("d", (1, 1))])
    fight.apply({"do": "move", "unit": "C", "to": [1, 2]})
    assert fight.view()["units"][2]["row"] == 1


def test_9_8_3_diagonally_one_column_when_changing_rows():
    fight = reorg([hero("a", (0, 0)), hero("b", (0, 1)), hero("c", (1, 0)), hero("d", (1, 2))])
    moves = fight.view()["moves"]
    assert [0, 2] in moves["D"] and [0, 2] not in moves["C"]
    refused(fight, {"do": "move", "unit": "C", "to": [0, 2]}, "9.8.3")
    fight.apply({"do": "move", "unit": "D", "to": [0, 2]})


def test_9_8_4_one_character_in_the_first_row_one_must_come_up_from_the_second():
    fight = reorg([hero("a", (0, 1)), hero("b", (1, 0)), hero("c", (1, 2)), hero("d", (2, 1))])
    view = fight.view()
    assert view["next"] == {"kinds": ["move"], "unit": None, "forced": True}
    assert view["moves"] == {"B": [[0, 0]], "C": [[0, 2]]}
    refused(fight, {"do": "pass"}, "9.8.4")
    refused(fight, {"do": "move", "unit": "D", "to": [2, 0]}, "9.8.4")
    refused(fight, {"do": "move", "unit": "A", "to": [0, 0]}, "9.8.4")
    fight.apply({"do": "move", "unit": "C", "to": [0, 2]})


def test_9_8_5_two_characters_in_the_first_row_neither_moves_back():
    fight = reorg([hero("a", (0, 0)), hero("b", (0, 2)), hero("c", (1, 1))])
    moves = fight.view()["moves"]
    assert all(to[0] == 0 for to in moves["A"] + moves["B"])
    refused(fight, {"do": "move", "unit": "A", "to": [1, 0]}, "9.8.5")
    fight.apply({"do": "move", "unit": "A", "to": [0, 1]})


def test_9_8_no_row_holds_more_than_three_a_taken_space_is_refused():
    fight = reorg([hero("a", (0, 0)), hero("b", (0, 1)), hero("c", (0, 2)), hero("d", (1, 1))])
    refused(fight, {"do": "move", "unit": "D", "to": [0, 1]}, "9.8: that space is taken")


def test_9_8_the_player_may_move_no_one():
    fight = reorg(THREE)
    fight.apply({"do": "pass"})
    assert fight.state.phase == "party" and fight.state.round == 2


# ---- 9.8 monster reorganization ----------------------------------------------------------------------------


def kill_front(front_hp, behind, die=6):
    """Three monsters in front (the middle one with ``front_hp``), ``behind`` after; the hero kills the middle."""
    party = [hero("a", (0, 0), cb=-9), hero("b", (0, 1), cb=20), hero("c", (0, 2), cb=-9)]
    front = [mon("x", (0, 0), cb=-9, wp=30), mon("y", (0, 1), cb=-9, wp=front_hp), mon("z", (0, 2), cb=-9, wp=30)]
    fight = cob(party, [*front, *behind])
    fight.apply(attack("B", "2", die=die))
    fight.apply({"do": "end_phase"})
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    return fight


def test_9_8_1_fewer_than_three_in_front_one_moves_up_from_the_second_row():
    fight = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])
    assert fight.state.phase == "monster_reorg" and fight.view()["monster_moves"] == {"4": [[0, 1]]}
    assert fight.view()["next"]["kinds"] == ["monster_move"]
    fight.apply({"do": "monster_move"})
    assert fight.log[-1]["to"] == [0, 1] and fight.log[-1]["die"] is None
    assert fight.view()["board"]["monsters"] == [["1", "4", "3"]]


def front_monster_killed():
    """Three against a full first row, three behind and one more: B kills the middle monster in round 1."""
    party = [hero("a", (0, 0), cb=-9), hero("b", (0, 1), cb=20), hero("c", (0, 2), cb=-9)]
    front = [mon("x", (0, 0), cb=-9, wp=30), mon("y", (0, 1), cb=-9, wp=5), mon("z", (0, 2), cb=-9, wp=30)]
    behind = [mon(n, (1, c), cb=-9, wp=5) for c, n in enumerate("pqr")] + [mon("s", (2, 1), cb=-9, wp=5)]
    fight = cob(party, [*front, *behind])
    fight.apply(attack("B", "2", die=6))
    fight.apply({"do": "end_phase"})
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    return fight


def test_9_8_2_with_a_full_first_row_one_monster_moves_up_one_row():
    fight = front_monster_killed()
    assert fight.view()["monster_moves"] == {"4": [[0, 1]], "5": [[0, 1]], "6": [[0, 1]]}
    fight.apply({"do": "monster_move", "unit": "5"})  # 9.8.1: the first row is filled first
    assert fight.view()["board"]["monsters"] == [["1", "5", "3"], ["4", None, "6"], [None, "7", None]]
    fight.apply({"do": "end_phase"})
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    assert fight.view()["monster_moves"] == {"7": [[1, 1]]}  # 9.8.2: the first row is full: one moves up a row
    fight.apply({"do": "monster_move"})
    assert fight.view()["board"]["monsters"] == [["1", "5", "3"], ["4", "7", "6"]]


def test_9_8_2_full_rows_behind_a_full_first_row_no_monster_moves():
    front = [mon(n, (0, c), cb=-9, wp=30) for c, n in enumerate("xyz")]
    fight = cob(THREE, [*front, *[mon(n, (1, c), wp=5) for c, n in enumerate("pqr")]])
    fight.apply({"do": "end_phase"})
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    assert fight.state.phase == "party" and fight.state.round == 2


def test_9_8_3_several_spaces_a_die_decides_and_9_8_4_never_sideways_or_back():
    for die, space in ((1, [0, 0]), (2, [0, 0]), (3, [0, 0]), (4, [0, 2]), (6, [0, 2])):
        party = [hero("a", (0, 0), cb=20), hero("b", (0, 1), cb=-9), hero("c", (0, 2), cb=20)]
        front = [mon("x", (0, 0), wp=5, cb=-9), mon("y", (0, 1), wp=30, cb=-9), mon("z", (0, 2), wp=5, cb=-9)]
        fight = cob(party, [*front, mon("w", (1, 1), wp=5, cb=-9)])
        fight.apply(attack("A", "1", die=6))
        fight.apply(attack("C", "3", die=6))
        fight.apply({"do": "end_phase"})
        fight.apply({"do": "monster", "die": 1})
        fight.apply({"do": "pass"})
        assert fight.view()["monster_moves"] == {"4": [[0, 0], [0, 2]]}
        fight.apply({"do": "monster_move", "die": die})
        assert fight.log[-1]["to"] == space and fight.log[-1]["die"] == die
        # 9.8.4: the other gap of the first row stays: a monster never shifts along its row
        assert fight.state.phase == "party"
        expected = [None, "2", None]
        expected[space[1]] = "4"
        assert fight.view()["board"]["monsters"] == [expected]


def test_9_8_4_a_monster_that_cannot_reach_a_gap_stays():
    party = [hero("a", (0, 0), cb=-9), hero("b", (0, 1), cb=-9), hero("c", (0, 2), cb=20)]
    front = [mon("x", (0, 0), wp=30, cb=-9), mon("y", (0, 1), wp=30, cb=-9), mon("z", (0, 2), wp=5, cb=-9)]
    fight = cob(party, [*front, mon("w", (1, 0), wp=5, cb=-9)])
    fight.apply(attack("C", "3", die=6))
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    assert fight.state.phase == "party" and fight.view()["board"]["monsters"] == [["1", "2", None], ["4", None, None]]


def test_9_8_only_the_monster_the_rules_allow_may_be_named():
    party = [hero("a", (0, 0), cb=20), hero("b", (0, 1), cb=-9), hero("c", (0, 2), cb=-9)]
    front = [mon("x", (0, 0), wp=5, cb=-9), mon("y", (0, 1), wp=30, cb=-9), mon("z", (0, 2), wp=30, cb=-9)]
    fight = cob(party, [*front, mon("v", (1, 0), wp=5, cb=-9), mon("w", (1, 2), wp=5, cb=-9)])
    fight.apply(attack("A", "1", die=6))
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    assert fight.view()["monster_moves"] == {"4": [[0, 0]]}
    refused(fight, {"do": "monster_move", "unit": "5"}, "9.8: only 4 may move forward now")
    fight.apply({"do": "monster_move", "unit": "4"})


# ---- the record, the tables, the page, the CLI --------------------------------------------------------------


def test_an_edited_combat_results_table_lives_in_the_record():
    rows = [list(r) for r in DEFAULT_TABLE.rows]
    rows[3][3] = 3  # the Sword column at 6-9
    tables = {"crt": {"rows": rows, "row_starts": list(DEFAULT_TABLE.row_starts)}, "blast": {"blasts": 2}}
    fight = cob([{"hero": "almuric", "pos": [0, 1]}], [mon("m", wp=40)], [attack("A", "1", die=4)], tables=tables)
    assert fight.log[-1]["wounds"] == 3 and fight.view()["table"]["edited"] is True
    saved = fight.record()
    assert saved["tables"]["crt"]["rows"][3][3] == 3 and saved["tables"]["blast"]["blasts"] == 2
    assert Fight.from_record(saved).state == fight.state
    plain = cob([{"hero": "almuric"}], [mon("m")])
    assert "tables" not in plain.record() and plain.view()["table"]["edited"] is False


def test_a_bad_table_is_refused_naming_its_cell():
    with pytest.raises(RecordError, match=r"tables.crt.rows\[2\].sword \(Sword\)"):
        rows = [list(r) for r in DEFAULT_TABLE.rows]
        rows[2][3] = -1
        cob(THREE, [mon("m")], tables={"crt": {"rows": rows}})
    with pytest.raises(RecordError, match="tables.crt.row_starts"):
        cob(THREE, [mon("m")], tables={"crt": {"row_starts": [1, 4]}})
    with pytest.raises(RecordError, match="tables.colour"):
        cob(THREE, [mon("m")], tables={"colour": 1})
    with pytest.raises(RecordError, match="tables"):
        Fight.from_record({**make_record("lone-wolf"), "tables": {}})  # other systems keep their keys


def test_the_view_gives_the_page_everything():
    view = cob([{"hero": "almuric"}], [{"monster": "orcs"}]).view()
    assert view["verified"] is False and view["table"]["verified"] is False
    assert "FoolAntony" in view["table"]["source"] and "6-9" in view["table"]["note"]
    assert [c["key"] for c in view["table"]["columns"]][-1] == "monster"
    assert view["phase"] == "party" and view["round"] == 1 and view["outcome"] == "ongoing"
    assert view["board"] == {"party": [["A", None, None]], "monsters": [[None, "1", None]]}
    assert view["targets"] == {"A": ["1"]} and view["moves"] == {}
    unit = view["units"][0]
    assert {"id", "side", "name", "wound_points", "wounds", "alive", "row", "col", "weapons", "weapon", "acted"} <= set(
        unit
    )


def test_summary_and_result():
    fight = cob([{"hero": "almuric"}, hero("Bo")], [{"monster": "orcs"}, {"monster": "troll"}])
    summary = fight.summary()
    assert summary["book"] == "Citadel of Blood" and summary["hero"] == "Almuric, Bo"
    assert summary["enemies"] == ["Orcs", "Troll"] and summary["rounds"] == 1
    result = fight.result()
    assert [u["id"] for u in result["party"]] == ["A", "B"] and result["monsters"][1]["wound_points"] == 16


def test_heroes_are_not_rolled():
    with pytest.raises(RecordError, match="roster"):
        CitadelOfBlood.roll_hero(0, Reader({}, "numbers"))
    reply = json.loads(api.call(json.dumps({"op": "new_hero", "system": SYSTEM})))
    assert reply["ok"] is False and "roster" in reply["error"]["message"]


def test_the_api_plays_a_citadel_fight_in_russian():
    data = record([{"hero": "almuric"}], [{"monster": "orcs"}])
    started = json.loads(api.call(json.dumps({"op": "start", "record": data, "lang": "ru"})))
    assert started["ok"] and started["view"]["phase_name"] == "Бой отряда"
    assert started["view"]["units"][1]["name"] == "Orcs"  # names come from the record as typed
    reply = json.loads(
        api.call(
            json.dumps(
                {"op": "act", "session": started["session"], "lang": "ru", "action": {"do": "monster", "die": 1}}
            )
        )
    )
    assert reply["error"]["message"] == "9.2: сейчас фаза «Бой отряда», а не «Бой чудовищ»"
    hello = json.loads(api.call(json.dumps({"op": "hello", "lang": "ru", "describe": True})))
    assert hello["systems"][SYSTEM]["book"] == "Цитадель крови" and hello["systems"][SYSTEM]["verified"] is False


def test_messages_in_russian():
    with language("ru"), pytest.raises(RecordError) as error:
        cob(THREE, [mon("m", (0, 0))])
    assert "9.1: единственное чудовище стоит в средней клетке" in str(error.value)


def test_the_command_line_plays_a_citadel_record(monkeypatch, capsys):
    data = record([{"hero": "almuric"}], [mon("m", wp=1)], [attack("A", "1", die=6)])
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(data)))
    assert main(["play", "-"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "won" and out["monsters"][0]["alive"] is False and out["log"][0]["column"] == "sword"


# ---- a whole combat: three heroes against four monsters, with reorganizations --------------------------------

EXAMPLE = {
    "format": "pyrules-fight",
    "version": 1,
    "system": SYSTEM,
    "hero": {
        "party": [
            {"hero": "almuric", "pos": [0, 1]},
            {
                "name": "Gislan",
                "wound_points": 7,
                "resistance": 2,
                "combat_bonus": 2,
                "weapons": ["axe", "throwing_dagger"],
                "skills": {"axe": 1},
                "pos": [0, 0],
            },
            {
                "name": "Elwen",
                "wound_points": 6,
                "resistance": 3,
                "combat_bonus": 1,
                "weapons": ["bow", "dagger"],
                "skills": {"bow": 2},
                "pos": [1, 1],
            },
        ]
    },
    "enemies": [{"monster": "orcs"}, {"monster": "skeletons"}, {"monster": "harpies"}, {"monster": "dire_wolves"}],
    "rules": {},
    "seed": 1980,
    "actions": [
        {"do": "attack", "unit": "A", "target": "3", "die": 5},
        {"do": "attack", "unit": "B", "target": "1", "die": 3},
        {"do": "attack", "unit": "C", "target": "3", "die": 6},
        {"do": "monster", "die": 2},
        {"do": "monster", "die": 1},
        {"do": "monster", "die": 3},
        {"do": "pass"},
        {"do": "attack", "unit": "A", "target": "3", "die": 6},
        {"do": "attack", "unit": "B", "target": "1", "die": 5},
        {"do": "attack", "unit": "C", "target": "1", "die": 6},
        {"do": "monster", "die": 5, "target_die": 3},
        {"do": "monster", "die": 5},
        {"do": "move", "unit": "C", "to": [0, 2]},
        {"do": "monster_move"},
        {"do": "attack", "unit": "A", "target": "2", "die": 5},
        {"do": "attack", "unit": "B", "target": "1", "die": 6},
        {"do": "change_weapon", "unit": "C"},
        {"do": "monster", "die": 6},
        {"do": "monster", "die": 2},
        {"do": "monster", "die": 4},
        {"do": "pass"},
        {"do": "attack", "unit": "A", "target": "2", "die": 6},
        {"do": "attack", "unit": "B", "target": "1", "die": 4},
        {"do": "attack", "unit": "C", "target": "4", "die": 5},
        {"do": "monster", "die": 6, "target_die": 5},
        {"do": "monster", "die": 6, "target_die": 2},
        {"do": "pass"},
        {"do": "attack", "unit": "A", "target": "1", "die": 3},
        {"do": "attack", "unit": "B", "target": "4", "die": 2},
        {"do": "attack", "unit": "C", "target": "4", "die": 6},
        {"do": "monster", "die": 6, "target_die": 5},
        {"do": "pass"},
        {"do": "attack", "unit": "A", "target": "4", "die": 6},
        {"do": "attack", "unit": "B", "target": "4", "die": 2},
    ],
}


def test_a_whole_combat_three_heroes_against_four_monsters():
    fight = Fight.from_record(EXAMPLE)
    # 9.1: Skeletons (4 WP, the weakest) stand behind; the others in listed order in front
    assert Fight.from_record({**EXAMPLE, "actions": []}).view()["board"] == {
        "party": [["B", "A", None], [None, "C", None]],
        "monsters": [["1", "3", "4"], [None, "2", None]],
    }
    assert fight.state.outcome == "won" and fight.state.round == 6
    moves = [row for row in fight.log if row["kind"] in ("move", "monster_move")]
    assert [(row["kind"], row["unit"], row["from"], row["to"]) for row in moves] == [
        ("move", "C", [1, 1], [0, 2]),
        ("monster_move", "2", [1, 1], [0, 1]),
    ]
    assert [row["column"] for row in fight.log if row.get("unit") == "C" and row["kind"] == "attack"] == [
        "bow",
        "bow",
        "dagger",
        "dagger",
    ]
    result = fight.result()
    assert [u["alive"] for u in result["monsters"]] == [False] * 4
    assert [(u["name"], u["wounds"]) for u in result["party"]] == [("Almuric", 3), ("Gislan", 2), ("Elwen", 1)]
    assert fight.record() == Fight.from_record(fight.record()).record()


# ---- properties -------------------------------------------------------------------------------------------


@st.composite
def random_fights(draw):
    party = [
        hero("A0", wp=draw(st.integers(1, 12)), cb=draw(st.integers(-2, 5))),
        hero("B0", wp=draw(st.integers(1, 12)), weapons=["axe", "throwing_dagger"]),
        hero("C0", wp=draw(st.integers(1, 12)), weapons=["bow", "dagger"]),
        hero("D0", wp=draw(st.integers(1, 12)), weapons=["bow"]),
    ][: draw(st.integers(1, 4))]
    enemies = [
        mon(
            f"m{i}",
            wp=draw(st.integers(1, 12)),
            cb=draw(st.integers(-1, 4)),
            weapon=draw(st.sampled_from([None, "bow", "sword"])),
        )
        for i in range(draw(st.integers(1, 8)))
    ]
    fight = cob(party, enemies, rules={"hellgate": draw(st.booleans())}, seed=draw(st.integers(0, 10**6)))
    picks = draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
    return fight, picks


def legal_actions(view):
    if view["phase"] == "party":
        actions = [{"do": "end_phase"}]
        for unit in view["units"]:
            if unit["side"] == "party" and unit["alive"] and not unit["acted"]:
                actions += [{"do": "hold", "unit": unit["id"]}, {"do": "change_weapon", "unit": unit["id"]}]
                actions += [
                    {"do": "attack", "unit": unit["id"], "target": t} for t in view["targets"].get(unit["id"], [])
                ]
        return actions
    if view["phase"] == "party_reorg":
        moves = [{"do": "move", "unit": u, "to": to} for u, spaces in view["moves"].items() for to in spaces]
        return moves + [{"do": "pass"}]
    if view["phase"] == "monster_reorg":  # any monster allowed, the default one, or (9.8.2) none
        return [{"do": "monster_move", "unit": u} for u in view["monster_moves"]] + [
            {"do": kind} for kind in view["next"]["kinds"]
        ]
    return [{"do": kind} for kind in view["next"]["kinds"]]  # the next monster's attack or Blast, or the Hellgate ends


@given(random_fights())
@settings(max_examples=60, deadline=None)
def test_properties_wounds_never_decrease_dead_never_act_rows_hold_three_replay_is_the_same(case):
    fight, picks = case
    for pick in picks:
        if fight.state.outcome != "ongoing":
            break
        before = fight.state
        view = fight.view()
        options = legal_actions(view)
        action = options[pick % len(options)]
        try:
            event = fight.apply(action)
        except RecordError:
            continue  # a refused action (a weapon that cannot be used from there) changes nothing
        after = fight.state
        assert all(b <= a for b, a in zip(before.wounds, after.wounds))
        if event.get("unit") not in (None, "hellgate"):
            index = next(u for u, item in enumerate(view["units"]) if item["id"] == event["unit"])
            assert before.pos[index] is not None  # the unit was alive when it acted
        places = [p for p in after.pos if p is not None]
        assert all(0 <= r and 0 <= c <= 2 for r, c in places)
        n = len(fight.setup.party)
        for side in (after.pos[:n], after.pos[n:]):
            living = [p for p in side if p is not None]
            assert len(living) == len(set(living))  # one unit a space: at most 3 a row
        for i, p in enumerate(after.pos):
            assert (p is None) == (after.wounds[i] >= fight.setup.unit(i).wound_points)
    again = Fight.from_record(json.loads(json.dumps(fight.record())))
    assert again.state == fight.state and again.log == fight.log


# ---- an empty first row, and the choices the text leaves open -----------------------------------------


def front_row_dies(rules=None, seed=0):
    """The issue's case: A stepped back to the third row, B (1 Wound Point) alone in front; the troll kills B."""
    party = [hero("A0", (2, 1)), hero("B0", (0, 0), wp=1)]
    fight = cob(party, [{"monster": "troll"}], rules=rules, seed=seed)
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 6})
    assert fight.log[-1]["killed"] and fight.view()["board"]["party"][0] == [None, None, None]
    return fight


def test_9_0_with_the_first_row_empty_a_character_must_move_forward():
    fight = front_row_dies()
    view = fight.view()
    assert view["phase"] == "party_reorg" and view["next"]["kinds"] == ["move"] and view["next"]["forced"]
    assert view["moves"] == {"A": [[1, 0], [1, 1], [1, 2]]}  # forward only, straight or diagonally (9.8.3)
    assert "9.0" in view["forced_rule"] and "forward" in view["forced_rule"]
    refused(fight, {"do": "pass"}, "9.0", "no character stands in the first row", "must move forward")
    refused(fight, {"do": "move", "unit": "A", "to": [2, 0]}, "9.0", "must move forward")
    fight.apply({"do": "move", "unit": "A", "to": [1, 1]})
    assert any("9.0" in note for note in fight.log[-1]["notes"])
    # round 2: A in the second row holds a sword: nothing to do but come forward again
    assert fight.state.round == 2 and fight.view()["targets"] == {}
    fight.apply({"do": "end_phase"})
    assert fight.state.phase == "party_reorg" and fight.view()["moves"] == {"A": [[0, 0], [0, 1], [0, 2]]}
    fight.apply({"do": "move", "unit": "A", "to": [0, 1]})
    assert fight.view()["targets"] == {"A": ["1"]}  # round 3: the combat goes on, face to face
    fight.apply(attack("A", "1", die=6))
    assert fight.log[-1]["target"] == "1"


def test_9_8_4_applies_only_with_exactly_one_character_in_the_first_row():
    # one in front, none in the second row: 9.8.4 as written allows no move, and none is needed to fight on
    fight = to_monster_phase(cob([hero("a", (0, 1)), hero("b", (2, 1))], [mon("m", wp=40, cb=-9)]))
    fight.apply({"do": "monster", "die": 1})
    assert fight.state.phase == "party" and fight.state.round == 2 and fight.view()["forced_rule"] is None


def test_9_0_an_empty_first_row_with_the_second_row_taken_moves_up_from_it_or_behind():
    party = [hero("A0", (0, 1), wp=1), hero("B0", (1, 0)), hero("C0", (1, 1)), hero("D0", (2, 2))]
    fight = cob(party, [mon("m", wp=40, cb=9)])
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 6})
    moves = fight.view()["moves"]
    assert moves == {"B": [[0, 0], [0, 1]], "C": [[0, 0], [0, 1], [0, 2]], "D": [[1, 2]]}
    fight.apply({"do": "move", "unit": "D", "to": [1, 2]})  # forward, though not yet into the first row
    assert fight.view()["board"]["party"] == [[None, None, None], ["B", "C", "D"]]


def test_9_1_a_party_with_no_one_in_the_first_row_is_refused():
    with pytest.raises(RecordError) as error:
        cob([hero("A0", (1, 0)), hero("B0", (2, 1), weapons=["bow"])], [mon("m")])
    assert error.value.field == "hero.party[0].pos" and error.value.label == "Place in the march order"
    assert "9.1" in str(error.value) and "9.2" in str(error.value) and "first row" in str(error.value)
    with pytest.raises(RecordError, match=r"hero.party\[1\].pos"):  # the one nearest the front is named
        cob([hero("A0", (2, 0)), hero("B0", (1, 2))], [mon("m")])
    assert cob([hero("A0", (1, 0)), hero("B0")], [mon("m")]).view()["board"]["party"] == [
        ["B", None, None],
        ["A"] + [None] * 2,
    ]


def test_9_1_the_refusal_crosses_the_boundary_naming_the_field_in_russian():
    data = record([hero("A0", (1, 1))], [mon("m")])
    reply = json.loads(api.call(json.dumps({"op": "start", "record": data, "lang": "ru"})))
    assert reply["ok"] is False and reply["error"]["field"] == "hero.party[0].pos"
    assert reply["error"]["label"] == "Место в походном порядке" and "первом ряду" in reply["error"]["message"]


def random_play(fight, seed, limit):
    """Plays random legal actions (hypothesis' seed) until the combat ends; returns the number of actions."""
    import random

    chooser = random.Random(seed)
    for n in range(limit):
        if fight.state.outcome != "ongoing":
            return n
        options = legal_actions(fight.view())
        while True:
            try:
                fight.apply(chooser.choice(options))
                break
            except RecordError:
                continue  # a weapon that cannot be used from there: another choice
    return limit


@given(
    rows=st.lists(st.tuples(st.integers(1, 3), st.integers(0, 2)), min_size=1, max_size=4, unique=True),
    monsters=st.lists(st.tuples(st.integers(1, 6), st.sampled_from([None, "bow", "sword"])), min_size=1, max_size=5),
    hellgate=st.booleans(),
    seed=st.integers(0, 10**6),
)
@settings(max_examples=40, deadline=None)
def test_9_0_from_an_empty_first_row_every_legal_play_reaches_the_end(rows, monsters, hellgate, seed):
    """The front row dies at once; the others stand anywhere behind it. Every monster wounds when it strikes
    (Combat Bonus 5: 6 or more on the table), the party must come forward (one row a round, at most 3 x 4 moves), no
    one in front may step back to leave the front empty (9.8.4, 9.8.5), so random play ends within a bound."""
    party = [hero("F", (0, 1), wp=1)] + [
        hero(f"P{k}", pos, wp=3, weapons=["sword", "bow"]) for k, pos in enumerate(rows)
    ]
    enemies = [mon(f"m{k}", wp=wp, cb=5, weapon=w) for k, (wp, w) in enumerate(monsters)]
    fight = cob(party, enemies, rules={"hellgate": hellgate}, seed=seed)
    fight.apply({"do": "end_phase"})
    while fight.state.pos[0] is not None:
        fight.apply({"do": fight.view()["next"]["kinds"][0], "die": 6})  # the front-row monsters kill F
    assert fight.state.outcome != "ongoing" or not front_row(fight.setup, fight.state, True)
    n = random_play(fight, seed, 3000)
    assert fight.state.outcome in ("won", "lost"), (n, fight.view()["board"])


def test_9_0_the_simulation_plays_on_from_an_empty_first_row_to_the_end():
    from pyrules import odds

    fight = front_row_dies()
    estimate = odds.MonteCarlo(fight.system, fight.setup, fight.state, max_rounds=2000).run(20)
    assert estimate["runs"] == 20 and estimate["wins"] + round(estimate["lose"] * 20) == 20
    assert estimate["rounds"] < 100


def ninth_round_full_first_row():
    """9.8.2: three monsters in the first row, a gap in the second and one behind it (from the test above)."""
    fight = front_monster_killed()
    fight.apply({"do": "monster_move", "unit": "5"})
    fight.apply({"do": "end_phase"})
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    assert fight.view()["monster_moves"] == {"7": [[1, 1]]}
    return fight


def test_9_8_2_the_monsters_may_stay_when_the_first_row_holds_three():
    fight = ninth_round_full_first_row()
    view = fight.view()
    assert view["next"] == {"kinds": ["monster_move", "monster_pass"], "unit": "7", "forced": False}
    board = view["board"]["monsters"]
    fight.apply({"do": "monster_pass"})
    assert fight.state.phase == "party" and fight.state.round == 3 and fight.view()["board"]["monsters"] == board
    assert fight.log[-1]["kind"] == "monster_pass" and "9.8.2" in fight.log[-1]["notes"][0]
    assert Fight.from_record(fight.record()).state == fight.state  # the new action lives in the record


def test_9_8_1_the_monsters_may_not_stay_when_the_first_row_has_a_gap():
    fight = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])
    assert fight.view()["next"] == {"kinds": ["monster_move"], "unit": "4", "forced": True}
    refused(fight, {"do": "monster_pass"}, "9.8.1")
    refused(cob(THREE, [mon("m")]), {"do": "monster_pass"}, "9.2: this is the Party Combat phase")


def test_9_8_the_monster_that_moves_by_default_is_named_and_any_allowed_one_may_be_chosen():
    party = [hero("a", (0, 0), cb=-9), hero("b", (0, 1), cb=20), hero("c", (0, 2), cb=-9)]
    front = [mon("x", (0, 0), cb=-9, wp=30), mon("y", (0, 1), cb=-9, wp=5), mon("z", (0, 2), cb=-9, wp=30)]
    behind = [mon(n, (1, c), cb=-9, wp=5) for c, n in enumerate("pqr")]

    def to_reorg():
        fight = cob(party, [*front, *behind])
        fight.apply(attack("B", "2", die=6))
        fight.apply({"do": "end_phase"})
        while fight.state.phase == "monster":
            fight.apply({"do": "monster", "die": 1})
        fight.apply({"do": "pass"})
        return fight

    fight = to_reorg()
    assert fight.view()["next"]["unit"] == "4"  # the page names the one that moves by default
    fight.apply({"do": "monster_move"})
    assert fight.log[-1]["unit"] == "4" and fight.log[-1]["notes"][0].startswith("9.8")
    assert fight.log[-1]["notes"][0].endswith(": p")
    chosen = to_reorg()
    chosen.apply({"do": "monster_move", "unit": "6"})
    assert chosen.log[-1]["unit"] == "6" and chosen.log[-1]["notes"] == []


def test_9_6_a_bow_armed_monster_in_the_first_row_strikes_in_the_monster_column_with_a_note():
    fight = to_monster_phase(cob([hero("A0", (0, 1), wp=40)], [mon("archer", cb=3, weapon="bow")]))
    fight.apply({"do": "monster", "die": 6})
    row = fight.log[-1]
    assert row["column"] == "monster" and any("9.5" in note and "Monster column" in note for note in row["notes"])
    front = [mon("a", (0, 0)), mon("b", (0, 1)), mon("c", (0, 2))]
    behind = to_monster_phase(cob(THREE, [*front, mon("archer", (1, 0), weapon="bow")]))
    for _ in range(4):
        behind.apply({"do": "monster", "die": 1, "target_die": 1})
    assert behind.log[-1]["column"] == "bow" and behind.log[-1]["notes"] == []


def test_9_3_an_attacker_with_no_enemy_directly_in_front_gets_a_note():
    fight = cob(THREE, [mon("MA", wp=40), mon("MB", wp=40)])  # monsters in the first and third spaces
    fight.apply(attack("A", "1"))
    assert fight.log[-1]["notes"] == []  # A faces monster 1
    fight.apply(attack("B", "2"))
    assert any("9.3" in note and "nearest" in note for note in fight.log[-1]["notes"])
    # monsters 1 2 3 against characters in the first and third spaces: the middle monster rolls between them
    flanks = to_monster_phase(cob([hero("A0", (0, 0)), hero("C0", (0, 2))], [mon(n, wp=40) for n in "xyz"]))
    flanks.apply({"do": "monster", "die": 1})
    assert flanks.log[-1]["notes"] == []
    flanks.apply({"do": "monster", "die": 1, "target_die": 5})
    row = flanks.log[-1]
    assert row["choices"] == ["A", "B"] and row["target"] == "B"
    assert any("9.3" in note and "die" in note for note in row["notes"])


def test_9_2_3_the_hellgate_may_cast_fewer_than_three_blasts():
    party = [hero("A0", (0, 0)), hero("B0", (0, 2))]
    fight = cob(party, [mon("m", wp=40, cb=-9)], rules={"hellgate": True})
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1})
    assert fight.view()["next"] == {"kinds": ["hellgate", "hellgate_pass"], "unit": "hellgate", "forced": False}
    fight.apply({"do": "hellgate", "die": 1, "target_die": 1})
    fight.apply({"do": "hellgate_pass"})
    assert fight.state.phase == "party_reorg" and fight.log[-1]["kind"] == "hellgate_pass"
    assert "9.2.3" in fight.log[-1]["notes"][0]
    fight.apply({"do": "pass"})
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1})
    assert fight.view()["blasts_left"] == 3  # a new Hellgate phase: three again
    refused(fight, {"do": "pass"}, "9.2")
    refused(cob(party, [mon("m")]), {"do": "hellgate_pass"}, "9.2: this is the Party Combat phase")
    assert Fight.from_record(fight.record()).state == fight.state


def test_9_2_3_the_combat_is_won_with_the_hellgate_still_standing():
    won = cob([hero("A0", (0, 1), cb=6)], [mon("m", wp=2)], [attack("A", "1", die=6)], rules={"hellgate": True})
    assert won.state.outcome == "won" and any("9.2.3" in note for note in won.log[-1]["notes"])
    plain = cob([hero("A0", (0, 1), cb=6)], [mon("m", wp=2)], [attack("A", "1", die=6)])
    assert plain.log[-1]["notes"] == ["m is dead"]


def test_the_new_actions_have_labels_and_russian_notes():
    kinds = CitadelOfBlood.action_kinds()
    assert kinds["monster_pass"] == "The monsters stay" and kinds["hellgate_pass"] == "The Hellgate casts no more"
    with language("ru"):
        fight = cob([hero("A0", (0, 1), cb=6)], [mon("Крыса", wp=2)], [attack("A", "1", die=6)])
        assert fight.log[-1]["notes"] == ["Крыса погибает"]
        stuck = front_row_dies()
        with pytest.raises(RecordError) as error:
            stuck.apply({"do": "move", "unit": "B", "to": [1, 0]})
        assert "9.7: B0 больше не в строю" in str(error.value)
        twice = cob(TWO, [mon("m", wp=40)], [attack("A", "1")])
        refused(twice, attack("A", "1"), "9.4: у персонажа A0 уже был ход")  # not «A0 уже действовал»


# ---- the package by concern: the phase table, the board's geometry, legal actions and chance -----------


def test_the_phase_table_names_every_kind_of_action_once_and_the_rules_follow_it():
    kinds = [kind for phase in PHASES for kind in phase.kinds]
    assert len(kinds) == len(set(kinds)) == len(ACTION_LABELS)
    assert set(kinds) == set(ACTION_LABELS) == set(ACTION_FIELDS) == set(rules.HANDLERS)
    assert list(rules.ACTORS) == [phase.key for phase in PHASES] == list(PHASE_LABELS)
    order = [following(phase.key) for phase in PHASES]  # a round goes through every phase once, then begins again
    assert order == [(later.key, False) for later in PHASES[1:]] + [(PHASES[0].key, True)]
    # the page's words for the kinds and phases are the table's
    described = CitadelOfBlood.describe()
    assert list(described["actions"]) == list(ACTION_LABELS) and list(described["phases"]) == list(PHASE_LABELS)


ORDER = [phase.key for phase in PHASES]


def mirrored(pos):
    return tuple(None if p is None else (p[0], 2 - p[1]) for p in pos)


@st.composite
def boards(draw):
    """Any board: a party and monsters on distinct spaces of their sides (some dead), not only reachable ones."""
    spaces = [(r, c) for r in range(4) for c in range(3)]
    party = draw(st.lists(st.sampled_from(spaces), min_size=1, max_size=6, unique=True))
    monsters = draw(st.lists(st.sampled_from(spaces), min_size=1, max_size=9, unique=True))
    pos = [draw(st.sampled_from([p, p, p, None])) for p in party + monsters]
    return tuple(pos), len(party)


@given(boards())
@settings(max_examples=150, deadline=None)
def test_the_geometry_is_a_pure_function_of_the_board_the_same_seen_in_a_mirror(board):
    """9.3 and 9.8 say nothing of left and right: mirroring the board (column c to 2 - c) mirrors whom each unit may
    strike (in column order, so reversed), where each character may move, and which monster may move where."""
    pos, party = board
    flipped = mirrored(pos)
    for i, p in enumerate(pos):
        if p is not None:
            choices, unfaced = geometry.targets(pos, party, i)
            assert geometry.targets(flipped, party, i) == (choices[::-1], unfaced)

    def flip(moves):
        return {i: sorted((r, 2 - c) for r, c in spaces) for i, spaces in moves.items()}

    assert geometry.party_moves(flipped, party) == flip(geometry.party_moves(pos, party))
    assert flip(geometry.monster_moves(flipped, party)) == {
        i: sorted(spaces) for i, spaces in geometry.monster_moves(pos, party).items()
    }
    assert geometry.monsters_may_stay(flipped, party) == geometry.monsters_may_stay(pos, party)


def leaves(setup, state, action):
    """The chance tree of one action (sequential dice) to its leaves: [(probability, action with every die typed)]."""
    chances = CitadelOfBlood.chance(setup, state, action)
    assert sum(p for p, _ in chances) == 1 and all(p > 0 for p, _ in chances)
    if chances == [(1, action)]:
        return chances
    return [(p * q, leaf) for p, resolved in chances for q, leaf in leaves(setup, state, resolved)]


def some_action(setup, state, pick):
    """A random action of the phase's kinds, often not allowed now (a dead unit, a target out of reach, a space far
    away), sometimes written differently from the legal ones (no target or weapon, a default monster)."""
    r = random.Random(pick)
    ids = [unit_id(setup, i) for i in range(setup.size)]
    return CitadelAction(
        r.choice(PHASE[state.phase].kinds),
        unit=r.choice([None, *ids]),
        target=r.choice([None, *ids]),
        weapon=r.choice([None, 0, 1]),
        to=(r.randrange(4), r.randrange(3)),
    )


@st.composite
def bloody_fights(draw):
    """A party of 1-6 anywhere (someone in front) against 1-9 weak monsters, so that front rows die and both sides
    reorganize within a few rounds."""
    spaces = draw(
        st.lists(st.sampled_from([(r, c) for r in range(3) for c in range(3)]), min_size=1, max_size=6, unique=True)
    )
    weapons = st.sampled_from([["sword", "dagger"], ["axe", "throwing_dagger"], ["bow", "dagger"], ["bow"], ["hammer"]])
    party = [
        hero(f"P{k}", pos, wp=draw(st.integers(4, 12)), cb=draw(st.integers(0, 6)), weapons=draw(weapons))
        for k, pos in enumerate(spaces)
    ]
    if not any(p["pos"][0] == 0 for p in party):
        party[0]["pos"] = [0, next(c for c in range(3) if [0, c] not in [p["pos"] for p in party])]
    enemies = [
        mon(
            f"m{k}",
            wp=draw(st.integers(1, 6)),
            cb=draw(st.integers(-2, 4)),
            weapon=draw(st.sampled_from([None, "bow", "axe"])),
        )
        for k in range(draw(st.integers(1, 9)))
    ]
    return cob(party, enemies, rules={"hellgate": draw(st.booleans())}, seed=draw(st.integers(0, 10**6)))


@given(
    st.one_of(random_fights().map(lambda case: case[0]), bloody_fights()),
    st.lists(st.integers(0, 10**6), min_size=40, max_size=150),
)
@settings(max_examples=50, deadline=None)
def test_legal_actions_are_what_step_accepts_and_chance_lists_every_die(fight, picks):
    """In positions reached by random legal play: every legal action is accepted by step, and every action step
    accepts is a legal one (or the same move written differently: a default target, weapon or monster); chance's
    probabilities sum to 1 for every legal action; its tree, die after die, ends in actions whose every die is typed
    (stepping them draws nothing from the seed), and the step that draws its dice from the seed is one of its leaves.
    The phases go as the table says: each action in its kind's phase, and a kind that ends its phase ends it."""
    system, setup, state = CitadelOfBlood, fight.setup, fight.state
    for pick in picks:
        legal = system.legal_actions(setup, state)
        if state.outcome != "ongoing":
            assert legal == []
            break
        assert legal and {a.do for a in legal} <= set(PHASE[state.phase].kinds)
        after = {a: system.step(setup, state, a)[0] for a in legal}  # every legal action is accepted
        for action in legal:
            assert sum(p for p, _ in system.chance(setup, state, action)) == 1
        other = some_action(setup, state, pick)
        if rules.allowed(setup, state, other):
            reached = system.step(setup, state, other)[0]
            same = [a for a in legal if a.do == other.do and system.step(setup, state, a)[0] == reached]
            assert same, other
        pool = [a for a in legal if a.do == "attack"] if pick % 4 else []  # mostly attacks: front rows die
        pool = pool or legal
        action = pool[pick // 4 % len(pool)]
        tree = leaves(setup, state, action)
        assert sum(p for p, _ in tree) == 1
        outcomes = {}
        for p, leaf in tree:
            resolved, _ = system.step(setup, state, leaf)
            assert resolved.draws == state.draws
            outcomes[resolved] = outcomes.get(resolved, 0) + p
        drawn = after[action]
        assert replace(drawn, draws=state.draws) in outcomes
        before = state
        state, event = system.step(setup, state, tree[pick % len(tree)][1])
        phase = PHASE_OF[event["kind"]]
        assert event["phase"] == phase.key == before.phase  # the machine follows the table
        if phase.ends(event["kind"]):  # a pass, or the one move of a reorganization, ends its phase
            assert (state.round, ORDER.index(state.phase)) > (before.round, ORDER.index(before.phase))


def test_chance_rolls_the_dice_each_rule_rolls_and_no_other():
    def dice(fight, **action):
        chances = CitadelOfBlood.chance(fight.setup, fight.state, CitadelOfBlood.parse_action(action, 0))
        resolved = [CitadelOfBlood.action_json(a) for _, a in chances]
        return [p for p, _ in chances], [{k: a[k] for k in ("target_die", "die") if k in a} for a in resolved]

    sixth = [Fraction(1, 6)] * 6
    fight = cob(THREE, [mon("m", wp=40)])
    assert dice(fight, do="attack", unit="A", target="1") == (sixth, [{"die": d} for d in range(1, 7)])  # 9.5
    assert dice(fight, do="attack", unit="A", target="1", die=3) == ([1], [{"die": 3}])  # typed: nothing left
    assert dice(fight, do="hold", unit="A") == ([1], [{}]) and dice(fight, do="end_phase") == ([1], [{}])
    alone = to_monster_phase(fight)  # 9.3: a monster alone rolls for its target among three, then its attack
    assert dice(alone, do="monster") == (sixth, [{"target_die": d} for d in range(1, 7)])
    assert dice(alone, do="monster", target_die=5) == (sixth, [{"target_die": 5, "die": d} for d in range(1, 7)])
    facing = to_monster_phase(cob(THREE, [mon(n, wp=40) for n in "xyz"]))  # one target each: only the attack's die
    assert dice(facing, do="monster") == (sixth, [{"die": d} for d in range(1, 7)])
    hellgate = cob([hero("A0", (0, 0)), hero("B0", (0, 2))], [mon("m", wp=40, cb=-9)], rules={"hellgate": True})
    hellgate.apply({"do": "end_phase"})
    hellgate.apply({"do": "monster", "die": 1, "target_die": 1})
    assert dice(hellgate, do="hellgate")[1] == [{"target_die": d} for d in range(1, 7)]  # 9.2.3: the first row
    assert dice(hellgate, do="hellgate_pass") == ([1], [{}])


def test_chance_rolls_where_a_monster_moves_only_among_several_spaces():
    party = [hero("a", (0, 0), cb=20), hero("b", (0, 1), cb=-9), hero("c", (0, 2), cb=20)]
    front = [mon("x", (0, 0), wp=5, cb=-9), mon("y", (0, 1), wp=30, cb=-9), mon("z", (0, 2), wp=5, cb=-9)]
    actions = [attack("A", "1", die=6), attack("C", "3", die=6), {"do": "end_phase"}, {"do": "monster", "die": 1}]
    fight = cob(party, [*front, mon("w", (1, 1), wp=5, cb=-9)], [*actions, {"do": "pass"}])
    assert fight.view()["monster_moves"] == {"4": [[0, 0], [0, 2]]}  # 9.8.3: two spaces, a die decides
    for action in ({"do": "monster_move"}, {"do": "monster_move", "unit": "4"}):
        chances = CitadelOfBlood.chance(fight.setup, fight.state, CitadelOfBlood.parse_action(action, 0))
        assert [(p, a.die) for p, a in chances] == [(Fraction(1, 6), d) for d in range(1, 7)]
    one_space = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])  # one space: no die
    action = CitadelOfBlood.parse_action({"do": "monster_move"}, 0)
    assert CitadelOfBlood.chance(one_space.setup, one_space.state, action) == [(1, action)]


# ---- 9.8 with a gap in the first row that no second-row monster can reach ------------------------------


def gap_no_one_can_fill():
    """The issue's record: three characters in the first row against seven monsters of 5 Wound Points, the party
    killing 1, 4 and 5 in turn at [0, 0]. The first row is left with two and the gap at [0, 0]; the only second-row
    monster stands at [1, 2] and cannot reach it (9.8.3: one column at most; 9.8.4: not within its row)."""
    party = [hero("a", (0, 0), cb=20), hero("b", (0, 1), cb=-9), hero("c", (0, 2), cb=-9)]
    fight = cob(party, [mon(f"m{i}", wp=5, cb=-9) for i in range(1, 8)])
    for target in ("1", "4", "5"):
        fight.apply(attack("A", target, die=6))
        fight.apply({"do": "end_phase"})
        while fight.state.phase == "monster":
            fight.apply({"do": "monster", "die": 1})
        fight.apply({"do": "pass"})
        if target != "5":
            fight.apply({"do": "monster_move"})  # the left-most that may fill [0, 0] from the second row
    return fight


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_9_8_a_gap_no_second_row_monster_can_reach_is_filled_by_the_written_reading_of_9_2_5(lang):
    """9.8.1 asks a second-row monster to fill the first row, and none can; 9.8.2 applies only to a full first row.
    The app reads 9.2.5 ("one monster (only) must be moved forward to fill a space in the march order closest to the
    character march order") as moving a third-row monster up to the nearest space it can reach, and says so in the log
    where it happens and in the refusal of "the monsters stay"."""
    fight = gap_no_one_can_fill()
    assert fight.view()["board"]["monsters"] == [[None, "2", "3"], [None, None, "6"], [None, "7", None]]
    assert fight.view()["monster_moves"] == {"7": [[1, 0], [1, 1]]}
    with language(lang):
        why = refused(fight, {"do": "monster_pass"})
        fight.apply({"do": "monster_move", "unit": "7", "die": 1})
    reading = {"en": "9.2.5 as this app reads it", "ru": "9.2.5 в прочтении приложения"}[lang]
    assert reading in why.message
    assert any(reading in note for note in fight.log[-1]["notes"]), fight.log[-1]
    assert fight.log[-1]["to"] == [1, 0]


def test_9_8_1_a_gap_a_second_row_monster_fills_has_no_note():
    fight = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])
    fight.apply({"do": "monster_move"})
    assert fight.log[-1]["notes"] == []


# ---- readings of 9.1, 9.2.2 and 9.3 written where the player sees them ----------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_9_3_an_attacker_with_an_enemy_directly_in_front_may_strike_a_farther_one_the_apps_reading_said(lang):
    """9.3's sentence ("each must attack the enemy in its front unless there is more than one enemy at an equal
    distance") against its example (1 2 3 against A B: B strikes 2 or 3): the app follows the example, and says so
    beside the controls of the phases where it applies (describe()["readings"]), not in the log (logs as before)."""
    fight = cob([hero("A0", (0, 0)), hero("B0", (0, 1))], [mon(n, wp=40) for n in "xyz"])
    assert fight.view()["targets"]["B"] == ["2", "3"]  # 2 directly in front of B, 3 farther
    fight.apply(attack("B", "3"))
    assert fight.log[-1]["notes"] == []
    # a lone monster at [0, 0] (the others dead) between A in front of it and B two spaces away: a die picks
    party = [hero("A0", (0, 0), cb=20, wp=40), hero("C0", (0, 2), cb=20, wp=40)]
    lone = cob(party, [mon("x", wp=40, cb=-9), mon("y", wp=1, cb=-9), mon("z", wp=1, cb=-9)])
    lone.apply(attack("A", "2", die=6))
    lone.apply(attack("B", "3", die=6))  # both have attacked: the Monster Combat phase comes by itself
    assert lone.view()["board"]["monsters"][0] == ["1", None, None]
    lone.apply({"do": "monster", "die": 1, "target_die": 6})
    assert lone.log[-1]["choices"] == ["A", "B"]
    reading = {"en": "9.3 as this app reads its examples", "ru": "9.3 в прочтении приложения по его примерам"}[lang]
    with language(lang):
        assert CitadelOfBlood.describe()["readings"]["attack"].startswith(reading)


def test_9_2_2_the_order_of_the_monsters_is_the_apps_reading_said_beside_the_phase_not_in_the_log():
    fight = to_monster_phase(cob(THREE, [mon(n, wp=40, cb=-9) for n in "xyz"]))
    for _ in range(3):
        fight.apply({"do": "monster", "die": 1})
    assert [row["unit"] for row in fight.log[-3:]] == ["1", "2", "3"]  # left to right
    assert not any("9.2.2" in note for row in fight.log for note in row.get("notes", []))  # logs as before
    for lang, words in (("en", "9.2.2 as this app reads it"), ("ru", "9.2.2 в прочтении приложения")):
        with language(lang):
            assert CitadelOfBlood.describe()["readings"]["monster"].startswith(words)
