"""Citadel of Blood (SPI, 1980), combat rule 9.8: the party's and the monsters' reorganization; one test (at least)
for every case, named by its number."""

from __future__ import annotations

from citadel_cases import THREE, attack, cob, front_monster_killed, hero, kill_front, mon, refused, reorg

# ---- 9.8 party reorganization ------------------------------------------------------------------------------


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


def test_9_8_1_fewer_than_three_in_front_one_moves_up_from_the_second_row():
    fight = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])
    assert fight.state.phase == "monster_reorg" and fight.view()["monster_moves"] == {"4": [[0, 1]]}
    assert fight.view()["next"]["kinds"] == ["monster_move"]
    fight.apply({"do": "monster_move"})
    assert fight.log[-1]["to"] == [0, 1] and fight.log[-1]["die"] is None
    assert fight.view()["board"]["monsters"] == [["1", "4", "3"]]


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
