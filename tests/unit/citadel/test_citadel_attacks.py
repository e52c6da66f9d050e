"""Citadel of Blood (SPI, 1980), combat rules 9.4-9.7: one attack and one target, the attack, monsters, wounds and
death; one test (at least) for every case, named by its number."""

from __future__ import annotations

import pytest
from citadel_cases import THREE, TWO, attack, cob, hero, mon, refused, targets_of, to_monster_phase

from pyrules import rng
from pyrules.systems.citadel import CitadelOfBlood
from pyrules.systems.citadel.record import DEFAULT_TABLE

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
    refused(fight, attack("A", "1"), "9.7: A0: out of the fight")


def test_9_7_the_combat_ends_when_one_side_is_eliminated():
    won = cob([hero("A0", (0, 1), cb=6)], [mon("m", wp=2)], actions=[attack("A", "1", die=6)])
    assert won.state.outcome == "won" and won.result()["outcome"] == "won" and won.view()["next"]["kinds"] == []
    refused(won, {"do": "end_phase"}, "9.7: the combat is over (won)")
    lost = to_monster_phase(cob([hero("A0", (0, 1), wp=1)], [mon("m", cb=9)]))
    lost.apply({"do": "monster", "die": 6})
    assert lost.state.outcome == "lost" and lost.log[-1]["outcome"] == "lost"
