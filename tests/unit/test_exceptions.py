"""Per-fight exceptions are data in the record's "rules" (docs/records.md lists their kinds, as the books print them);
each tested."""

from __future__ import annotations

import pytest
from conftest import play, rounds

from pyrules import RecordError

HERO = {"skill": 15, "endurance": 40}
ENEMY = [{"name": "Giak", "skill": 15, "endurance": 60}]  # ratio 0: number 6 -> 8/2, 0 -> 12/0, 1 -> 3/5


def lw(rules, actions, hero=HERO, enemies=ENEMY, system="lone-wolf"):
    return play(system, hero, enemies, rules, actions)


def test_skill_modifier_for_this_fight():
    assert lw({"skill_modifier": -2}, rounds(6)).log[0]["combat_ratio"] == -2
    assert lw({"skill_modifier": 3}, rounds(6)).log[0]["combat_ratio"] == 3


def test_no_weapon_for_the_first_rounds():
    fight = lw({"unarmed_rounds": 2}, rounds(6, 6, 6))
    assert [r["combat_ratio"] for r in fight.log] == [-4, -4, 0]
    assert [r["armed"] for r in fight.log] == [False, False, True]


def test_no_weapon_for_the_first_rounds_freeway_warrior_loses_the_knife_bonus():
    fight = lw(
        {"unarmed_rounds": 2, "skill_modifier": 0},
        rounds(6, 6, 6),
        {"skill": 17, "endurance": 30},
        [{"skill": 17, "endurance": 60}],
        "freeway-warrior",
    )
    assert [r["combat_ratio"] for r in fight.log] == [0, 0, 2]


def test_no_weapon_for_the_first_rounds_grey_star_minus_eight_and_no_staff_magic():
    fight = lw(
        {"unarmed_rounds": 1},
        rounds(6) + rounds(6, willpower=2),
        {"skill": 15, "endurance": 30, "willpower": 10},
        system="grey-star",
    )
    assert [r["combat_ratio"] for r in fight.log] == [-8, 0]
    assert [r["willpower_spent"] for r in fight.log] == [0, 2] and fight.state.willpower == 8


def test_enemy_immune_for_the_first_rounds_even_to_k():
    fight = lw({"enemy_immune_rounds": 1}, rounds(0, 0), {"skill": 30, "endurance": 30})
    assert fight.log[0]["enemy_loss"] == 0 and fight.state.outcome == "won"
    assert fight.log[1]["enemy_loss"] == "K"


def test_hero_immune_for_the_first_rounds_even_to_k():
    fight = lw({"hero_immune_rounds": 2}, rounds(1, 1, 6), {"skill": 3, "endurance": 30})
    assert [r["hero_loss"] for r in fight.log] == [0, 0, 6]  # ratio -12: 0/K twice ignored, then 2/6
    assert fight.state.endurance == 24


@pytest.mark.parametrize("multiplier,number,expected", [(2, 6, 16), (0.5, 6, 4), (0.5, 7, 4), (1.5, 7, 13), (3, 1, 9)])
def test_enemy_loss_multiplier_rounds_down(multiplier, number, expected):
    fight = lw({"enemy_loss_multiplier": multiplier}, rounds(number))
    assert fight.log[0]["enemy_loss"] == expected


def test_enemy_loss_multiplier_keeps_k_and_zero_cancels_it():
    assert lw({"enemy_loss_multiplier": 2}, rounds(0), {"skill": 30, "endurance": 9}).log[0]["enemy_loss"] == "K"
    fight = lw({"enemy_loss_multiplier": 0}, rounds(0), {"skill": 30, "endurance": 9})
    assert fight.log[0]["enemy_loss"] == 0 and fight.state.enemies == (60,)


def test_hero_loss_multiplier():
    assert lw({"hero_loss_multiplier": 2}, rounds(1)).log[0]["hero_loss"] == 10
    assert lw({"hero_loss_multiplier": 0.5}, rounds(1)).log[0]["hero_loss"] == 2


def test_grey_star_willpower_and_a_double_damage_rule_multiply_together():
    fight = lw(
        {"enemy_loss_multiplier": 2},
        rounds(6, willpower=3),
        {"skill": 15, "endurance": 30, "willpower": 9},
        system="grey-star",
    )
    assert fight.log[0]["enemy_loss"] == 8 * 3 * 2


def test_extra_loss_each_round():
    fight = lw({"hero_extra_loss": 2, "enemy_extra_loss": 1}, rounds(0, 6))
    assert [r["hero_loss"] for r in fight.log] == [2, 4]  # even when the table gives 0
    assert [r["enemy_loss"] for r in fight.log] == [13, 9]


def test_extra_loss_only_when_wounded():
    fight = lw({"hero_extra_loss_when_wounded": 1}, rounds(0, 6))
    assert [r["hero_loss"] for r in fight.log] == [0, 3]


def test_fight_stops_after_n_rounds():
    fight = lw({"max_rounds": 2}, rounds(6, 6))
    assert fight.state.outcome == "ended" and fight.state.rounds == 2
    with pytest.raises(RecordError, match="already over"):
        fight.apply({"do": "round"})


def test_fight_stops_when_a_side_reaches_a_threshold():
    fight = lw({"end_when_enemy_at_most": 50}, rounds(6, 6))
    assert fight.state.outcome == "ended" and fight.state.enemies == (44,) and fight.state.rounds == 2
    fight = lw({"end_when_hero_at_most": 35}, rounds(1))
    assert fight.state.outcome == "ended" and fight.state.endurance == 35


def test_a_won_fight_is_won_even_with_a_stop_rule():
    fight = lw({"max_rounds": 1}, rounds(0), {"skill": 30, "endurance": 20})
    assert fight.state.outcome == "won"


def test_not_a_fight_to_the_death_restores_endurance():
    fight = lw({"restore_endurance": True, "max_rounds": 2}, rounds(1, 1))
    assert fight.state.outcome == "ended" and fight.state.endurance == 40
    assert fight.log[-1]["endurance"] == 40 and fight.log[0]["endurance"] == 35


def test_unknown_rule_is_refused_by_name():
    with pytest.raises(RecordError) as error:
        lw({"evade_afterr": 2}, [])
    assert error.value.field == "rules.evade_afterr"


@pytest.mark.parametrize(
    "rules,field",
    [
        ({"max_rounds": 0}, "rules.max_rounds"),
        ({"evade_after": -1}, "rules.evade_after"),
        ({"enemy_loss_multiplier": 11}, "rules.enemy_loss_multiplier"),
        ({"enemy_loss_multiplier": 0.333}, "rules.enemy_loss_multiplier"),
        ({"hero_loss_multiplier": "double"}, "rules.hero_loss_multiplier"),
        ({"restore_endurance": 1}, "rules.restore_endurance"),
        ({"vigour": "yes"}, "rules.vigour"),
    ],
)
def test_bad_rule_values_name_the_field(rules, field):
    with pytest.raises(RecordError) as error:
        lw(rules, [])
    assert error.value.field == field


def test_vigour_rule_is_banedons_only():
    with pytest.raises(RecordError) as error:
        lw({"vigour": True}, [], {"skill": 15, "endurance": 30, "willpower": 9}, system="grey-star")
    assert error.value.field == "rules.vigour"


# ---- a skill modifier for the first rounds only, ENDURANCE restored in part -------------------------


def test_skill_modifier_for_the_first_rounds_only():
    # "deduct 2 points from your COMBAT SKILL for the first two rounds": CR -2 twice (column -2/-1, row 6: 7/2),
    # then CR 0 (row 6: 8/2)
    fight = lw({"skill_modifier": -2, "skill_modifier_rounds": 2}, rounds(6, 6, 6))
    assert [r["combat_ratio"] for r in fight.log] == [-2, -2, 0]
    assert [(r["enemy_loss"], r["hero_loss"]) for r in fight.log] == [(7, 2), (7, 2), (8, 2)]
    assert fight.state.enemies == (38,) and fight.state.endurance == 34
    assert fight.view()["hero"]["skill"] == 15


def test_skill_modifier_for_the_first_rounds_with_other_round_rules():
    # +4 for the first round only, unarmed (-4) for two: CR 0, then -4, then 0; Grey Star at -8 unarmed
    fight = lw({"skill_modifier": 4, "skill_modifier_rounds": 1, "unarmed_rounds": 2}, rounds(6, 6, 6))
    assert [r["combat_ratio"] for r in fight.log] == [0, -4, 0]
    fight = lw(
        {"skill_modifier": 3, "skill_modifier_rounds": 1},
        rounds(6, willpower=2) * 2,
        {"skill": 15, "endurance": 30, "willpower": 10},
        system="grey-star",
    )
    assert [r["combat_ratio"] for r in fight.log] == [3, 0]


@pytest.mark.parametrize(
    "rules,lost,restored",
    [
        ({"restore_part": 0.5, "max_rounds": 2}, 10, 5),  # CR 0, row 1: 3/5 twice; half of 10
        ({"restore_part": 0.5, "max_rounds": 1}, 5, 2),  # half of 5, rounded down
        ({"restore_part": 0.25, "max_rounds": 2}, 10, 2),
        ({"restore_part": 1, "max_rounds": 2}, 10, 10),
        ({"restore_points": 3, "max_rounds": 2}, 10, 3),
        ({"restore_points": 20, "max_rounds": 2}, 10, 10),  # never more than was lost
    ],
)
def test_not_a_fight_to_the_death_restores_part_of_the_losses(rules, lost, restored):
    fight = lw(rules, rounds(*[1] * rules["max_rounds"]))
    assert fight.state.outcome == "ended"
    assert [r["hero_loss"] for r in fight.log] == [5] * rules["max_rounds"]
    assert fight.state.endurance == 40 - lost + restored == fight.log[-1]["endurance"]
    assert any(str(restored) in note for note in fight.log[-1]["notes"])


def test_partial_restore_when_the_hero_falls_or_wins():
    # ENDURANCE 5, row 1 at CR 0 (3/5): he falls; not to the death, half of 5 comes back (2); the bout is lost
    fight = lw({"restore_part": 0.5}, rounds(1), {"skill": 15, "endurance": 5})
    assert fight.state.outcome == "lost" and fight.state.endurance == 2
    # won with 3 lost (CR +11: row 1 9/3, then row 0 K): 2 points back
    fight = lw({"restore_points": 2}, rounds(1, 0), {"skill": 26, "endurance": 40}, [{"skill": 15, "endurance": 20}])
    assert fight.state.outcome == "won" and fight.log[0]["hero_loss"] == 3
    assert fight.state.endurance == 39


def test_nothing_restored_while_the_fight_goes_on():
    fight = lw({"restore_part": 0.5}, rounds(1, 1))
    assert fight.state.outcome == "ongoing" and fight.state.endurance == 30


@pytest.mark.parametrize(
    "rules,field",
    [
        ({"skill_modifier_rounds": 2}, "rules.skill_modifier_rounds"),  # no modifier to limit
        ({"skill_modifier": 2, "skill_modifier_rounds": -1}, "rules.skill_modifier_rounds"),
        ({"restore_part": 1.5}, "rules.restore_part"),
        ({"restore_part": -0.5}, "rules.restore_part"),
        ({"restore_points": -1}, "rules.restore_points"),
        ({"restore_points": 1.5}, "rules.restore_points"),
        ({"restore_endurance": True, "restore_part": 0.5}, "rules.restore_part"),
        ({"restore_part": 0.5, "restore_points": 2}, "rules.restore_points"),
        ({"restore_endurance": True, "restore_points": 2}, "rules.restore_points"),
    ],
)
def test_bad_new_rule_values_name_the_field(rules, field):
    with pytest.raises(RecordError) as error:
        lw(rules, [])
    assert error.value.field == field


def test_new_rules_round_trip_through_the_record():
    from pyrules import Fight

    rules = {"skill_modifier": -2, "skill_modifier_rounds": 1, "restore_part": 0.5, "max_rounds": 3}
    fight = lw(rules, rounds(1, 1))
    again = Fight.from_record(fight.record())
    assert again.setup == fight.setup and again.state == fight.state
    assert fight.record()["rules"] == rules
