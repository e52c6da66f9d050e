"""Citadel of Blood (SPI, 1980), combat rules 9.1-9.3: the set-up, the sequence of a round and the targets; one test
(at least) for every case, named by its number."""

from __future__ import annotations

import pytest
from citadel_cases import THREE, TWO, attack, cob, hero, mon, refused, targets_of, to_monster_phase

from pyrules import RecordError, rng

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
    assert fight.log[-1]["killed"] and fight.log[-1]["notes"] == ["m: off the board"]
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
