"""The Lone Wolf family's rules, each against the books' text and tables."""

from __future__ import annotations

import json

import pytest
from conftest import make_record, play, rounds
from fuzzing import played_records
from hypothesis import HealthCheck, assume, given, settings

from pyrules import Fight, RecordError, api
from pyrules.systems import SYSTEMS
from pyrules.systems.lonewolf import FreewayWarrior, GreyStar, LoneWolf
from pyrules.systems.lonewolf.tables import LONE_WOLF

BANEDON = {"skill": 15, "endurance": 25}
GREY_STAR = {"skill": 15, "endurance": 25, "willpower": 23}
CAL = {"skill": 17, "endurance": 25}


# ---- worked examples printed in the rules ------------------------------------------------------------------


def test_grey_star_worked_example_deathgaunt():
    """01gstw: CS 15 vs Deathgaunt 20 = -5; 2 WILLPOWER; number 6: Grey Star loses 4, Deathgaunt 5 x 2 = 10."""
    fight = play(
        "grey-star", GREY_STAR, [{"name": "Deathgaunt", "skill": 20, "endurance": 30}], actions=rounds(6, willpower=2)
    )
    row = fight.log[0]
    assert (row["combat_ratio"], row["number"], row["hero_loss"], row["enemy_loss"]) == (-5, 6, 4, 10)
    assert row["enemy_loss_text"] == "5 × 2"
    assert fight.state.endurance == 21 and fight.state.enemies == (20,) and fight.state.willpower == 21


def test_freeway_warrior_worked_example_renegade_clansman():
    """01hh: CCS 17 + Hunting Knife 2 = 19 vs 18, ratio +1, number 4: Cal loses 3, the Clansman 4."""
    fight = play(
        "freeway-warrior", CAL, [{"name": "Renegade Clansman", "skill": 18, "endurance": 20}], actions=rounds(4)
    )
    row = fight.log[0]
    assert (row["skill"], row["combat_ratio"], row["hero_loss"], row["enemy_loss"]) == (19, 1, 3, 4)
    assert fight.state.endurance == 22 and fight.state.enemies == (16,)


def test_dawn_of_the_darklords_old_tadeus_section_44():
    """Sect. 44: the sword disintegrates (unarmed, -4), Vigour allowed, evasion after 3 rounds."""
    record_rules = {"evade_after": 3}
    fight = play(
        "lone-wolf",
        {"skill": 15, "endurance": 22, "weapon": "none"},
        [{"name": "Old Tadeus", "skill": 18, "endurance": 18}],
        record_rules,
        [{"do": "vigour"}] + rounds(5, 5, 5),
    )
    assert fight.log[0]["kind"] == "vigour"
    assert fight.log[1]["combat_ratio"] == 15 - 4 + 3 - 18 == -4
    # -4/-3 column, number 5: enemy 5, hero 4; three rounds: 22 - 3 - 12 = 7, 18 - 15 = 3
    assert fight.state.endurance == 7 and fight.state.enemies == (3,)
    fight.apply({"do": "evade", "number": 0})  # 10/0: the enemy's 10 is ignored
    assert fight.state.outcome == "evaded" and fight.state.enemies == (3,) and fight.state.endurance == 7


def test_dawn_of_the_darklords_helghast_section_64_no_evasion():
    fight = play("lone-wolf", BANEDON, [{"name": "Helghast", "skill": 21, "endurance": 28}])
    with pytest.raises(RecordError, match="does not allow evasion"):
        fight.apply({"do": "evade"})


# ---- the Combat Results Table engine ------------------------------------------------------------------------


@pytest.mark.parametrize("hero_skill,enemy_skill", [(15, 15), (10, 25), (30, 12), (15, 16), (18, 11)])
@pytest.mark.parametrize("number", range(10))
def test_round_reads_the_table_at_ratio_and_number(hero_skill, enemy_skill, number):
    fight = play(
        "lone-wolf",
        {"skill": hero_skill, "endurance": 99},
        [{"skill": enemy_skill, "endurance": 99}],
        actions=rounds(number),
    )
    enemy, hero = LONE_WOLF.lookup(hero_skill - enemy_skill, number)
    row = fight.log[0]
    assert row["combat_ratio"] == hero_skill - enemy_skill
    assert (row["enemy_loss"], row["hero_loss"]) == (enemy, hero)
    assert fight.state.endurance == (0 if hero == "K" else 99 - hero)
    assert fight.state.enemies == ((0 if enemy == "K" else 99 - enemy),)


def test_k_kills_the_hero_outright():
    fight = play("lone-wolf", {"skill": 5, "endurance": 40}, [{"skill": 20, "endurance": 20}], actions=rounds(1))
    assert fight.log[0]["hero_loss"] == "K"
    assert fight.state.endurance == 0 and fight.state.outcome == "lost"


def test_k_kills_the_enemy_outright():
    fight = play("lone-wolf", {"skill": 30, "endurance": 20}, [{"skill": 15, "endurance": 90}], actions=rounds(0))
    assert fight.log[0]["enemy_loss"] == "K"
    assert fight.state.enemies == (0,) and fight.state.outcome == "won"


def test_both_fall_in_the_same_round_is_a_loss():
    # ratio 0, number 1: 3/5 -- hero at 5 and enemy at 3 both reach 0
    fight = play("lone-wolf", {"skill": 15, "endurance": 5}, [{"skill": 15, "endurance": 3}], actions=rounds(1))
    assert fight.state.endurance == 0 and fight.state.enemies == (0,)
    assert fight.state.outcome == "lost"


def test_rounds_continue_until_one_side_is_at_zero():
    # ratio 0, number 6: 8/2 each round; enemy 20 -> 12 -> 4 -> 0
    fight = play("lone-wolf", BANEDON, [{"skill": 15, "endurance": 20}], actions=rounds(6, 6))
    assert fight.state.outcome == "ongoing"
    fight.apply({"do": "round", "number": 6})
    assert fight.state.outcome == "won" and fight.state.endurance == 19 and fight.state.rounds == 3
    with pytest.raises(RecordError, match="already over"):
        fight.apply({"do": "round"})


def test_endurance_is_shown_as_zero_not_below():
    fight = play("lone-wolf", BANEDON, [{"skill": 15, "endurance": 2}], actions=rounds(0))
    assert fight.state.enemies == (0,) and fight.log[0]["enemy_endurance"] == 0


def test_banedon_unarmed_minus_four():
    fight = play("lone-wolf", {**BANEDON, "weapon": "none"}, [{"skill": 15, "endurance": 30}], actions=rounds(6))
    assert fight.log[0]["combat_ratio"] == -4


def test_skill_bonuses_from_items_and_spells_are_data():
    hero = {**BANEDON, "modifiers": [{"name": "Crystal Star Pendant", "skill": 2}, {"name": "curse", "skill": -1}]}
    fight = play("lone-wolf", hero, [{"skill": 15, "endurance": 30}], actions=rounds(6))
    assert fight.log[0]["combat_ratio"] == 1


# ---- evasion -----------------------------------------------------------------------------------------------


def test_evasion_needs_the_fights_permission():
    fight = play("lone-wolf", BANEDON)
    with pytest.raises(RecordError) as error:
        fight.apply({"do": "evade"})
    assert error.value.field == "actions[0]"
    assert fight.actions == [] and fight.state.rounds == 0  # nothing lost


def test_evade_after_n_rounds():
    fight = play("lone-wolf", BANEDON, rules={"evade_after": 2}, actions=rounds(6))
    with pytest.raises(RecordError, match="only after round 2"):
        fight.apply({"do": "evade", "number": 6})
    fight.apply({"do": "round", "number": 6})
    event = fight.apply({"do": "evade", "number": 6})
    assert event["kind"] == "evade" and event["enemy_loss"] == 0 and event["hero_loss"] == 2
    assert fight.state.outcome == "evaded" and fight.state.rounds == 3
    assert fight.state.enemies == (30 - 8 - 8,) and fight.state.endurance == 25 - 2 - 2 - 2


def test_evade_from_the_first_round():
    fight = play("lone-wolf", BANEDON, rules={"evade_after": 0}, actions=[{"do": "evade", "number": 1}])
    assert fight.state.outcome == "evaded" and fight.state.endurance == 20 and fight.state.enemies == (30,)


def test_evading_hero_can_still_die_in_the_evasion_round():
    fight = play(
        "lone-wolf",
        {"skill": 10, "endurance": 5},
        [{"skill": 15, "endurance": 3}],
        {"evade_after": 0},
        [{"do": "evade", "number": 1}],
    )  # -5: 0/6
    assert fight.state.outcome == "lost"


def test_evading_ignores_even_a_k_against_the_enemy():
    fight = play(
        "lone-wolf",
        {"skill": 30, "endurance": 20},
        [{"skill": 15, "endurance": 30}],
        {"evade_after": 0},
        [{"do": "evade", "number": 0}],
    )
    assert fight.log[0]["enemy_loss"] == 0 and fight.state.enemies == (30,) and fight.state.outcome == "evaded"


def test_evade_only_in_the_first_rounds():
    fight = play("lone-wolf", BANEDON, rules={"evade_until": 2}, actions=rounds(6, 6))
    with pytest.raises(RecordError, match="only in the first 2 rounds"):
        fight.apply({"do": "evade"})
    fight = play("lone-wolf", BANEDON, rules={"evade_until": 2}, actions=rounds(6) + [{"do": "evade", "number": 6}])
    assert fight.state.outcome == "evaded"


def test_evade_when_the_enemy_is_weak_enough():
    fight = play("lone-wolf", BANEDON, [{"skill": 15, "endurance": 20}], {"evade_when_enemy_at_most": 10}, rounds(6))
    with pytest.raises(RecordError, match="10 or less"):
        fight.apply({"do": "evade"})  # 12 left
    fight.apply({"do": "round", "number": 6})
    fight.apply({"do": "evade", "number": 6})
    assert fight.state.outcome == "evaded"


def test_evading_before_the_first_round_by_default_fights_that_round():
    # the seeds speak only of evading after a round: by default the evasion is resolved as a round (the hero's
    # losses stand), and the log says so
    fight = play("lone-wolf", BANEDON, rules={"evade_after": 0}, actions=[{"do": "evade", "number": 1}])
    assert fight.state.rounds == 1 and fight.state.endurance == 20 and fight.state.draws == 0
    assert any("first round" in note for note in fight.log[0]["notes"])


def test_evading_before_the_first_round_with_no_round_fought():
    # evade_before_round: evading before any round ends the fight at once, nothing lost, no number drawn
    for rules in ({"evade_after": 0}, {"evade_until": 2}, {"evade_when_enemy_at_most": 40}):
        fight = play("lone-wolf", BANEDON, rules={**rules, "evade_before_round": True}, actions=[{"do": "evade"}])
        assert fight.state.outcome == "evaded" and fight.state.rounds == 0 and fight.state.draws == 0
        assert fight.state.endurance == 25 and fight.state.enemies == (30,)
        event = fight.log[0]
        assert event["kind"] == "evade_no_round" and event["outcome"] == "evaded" and event["notes"]
    assert fight.view()["evade"]["allowed"] is False


def test_evading_before_the_first_round_option_applies_only_before_any_round():
    fight = play(
        "lone-wolf",
        BANEDON,
        rules={"evade_after": 0, "evade_before_round": True},
        actions=rounds(6) + [{"do": "evade", "number": 1}],
    )  # CR 0: 8/2, then the evasion round 3/5 with the enemy's 3 ignored
    assert fight.state.outcome == "evaded" and fight.state.rounds == 2
    assert fight.state.endurance == 25 - 2 - 5 and fight.state.enemies == (22,)
    assert fight.log[1]["kind"] == "evade"


def test_evading_before_the_first_round_grey_star_spends_nothing():
    fight = play(
        "grey-star",
        GREY_STAR,
        rules={"evade_after": 0, "evade_before_round": True},
        actions=[{"do": "evade", "number": 6, "willpower": 2}],
    )
    assert fight.state.outcome == "evaded" and fight.state.willpower == 23 and fight.state.endurance == 25


def test_evading_before_the_first_round_tells_the_player_on_the_button():
    fight = play("lone-wolf", BANEDON, rules={"evade_after": 0, "evade_before_round": True})
    assert fight.view()["evade"]["allowed"] and "no round" in fight.view()["evade"]["why"]
    assert fight.view()["evade"]["at_once"] is True  # the screen says "nothing is lost" from this
    after = play("lone-wolf", BANEDON, rules={"evade_after": 0, "evade_before_round": True},
                 actions=[{"do": "round", "number": 5}])  # fmt: skip
    assert after.view()["evade"]["at_once"] is False and after.view()["evade"]["allowed"]


@pytest.mark.parametrize("rules", [{}, {"evade_after": 2}])
def test_evading_before_the_first_round_option_needs_evasion_from_the_start(rules):
    with pytest.raises(RecordError) as error:
        play("lone-wolf", BANEDON, rules={**rules, "evade_before_round": True})
    assert error.value.field == "rules.evade_before_round"


# ---- Banedon's Vigour --------------------------------------------------------------------------------------


def test_vigour_adds_three_and_costs_three():
    fight = play("lone-wolf", BANEDON, actions=[{"do": "vigour"}] + rounds(6))
    assert fight.state.endurance == 25 - 3 - 2 and fight.state.vigour
    assert fight.log[1]["combat_ratio"] == 3 and fight.log[1]["skill"] == 18


def test_vigour_not_below_ten_endurance():
    fight = play("lone-wolf", {"skill": 15, "endurance": 9})
    with pytest.raises(RecordError, match="below 10"):
        fight.apply({"do": "vigour"})
    play("lone-wolf", {"skill": 15, "endurance": 10}, actions=[{"do": "vigour"}])  # exactly 10 is allowed


def test_vigour_once_per_fight_and_only_where_allowed():
    fight = play("lone-wolf", BANEDON, actions=[{"do": "vigour"}])
    with pytest.raises(RecordError, match="already cast"):
        fight.apply({"do": "vigour"})
    fight = play("lone-wolf", BANEDON, rules={"vigour": False})
    with pytest.raises(RecordError, match="does not allow Vigour"):
        fight.apply({"do": "vigour"})


def test_vigour_is_banedons_alone():
    for system, hero in (("grey-star", GREY_STAR), ("freeway-warrior", CAL)):
        with pytest.raises(RecordError) as error:
            play(system, hero, actions=[{"do": "vigour"}])
        assert error.value.field == "actions[0].do"


def test_vigour_with_an_action_chart_only_where_it_has_the_spell():
    """dotd.xml sect44, sect64: "If you have the spell Vigour, you may cast it": a hero with an Action Chart has it
    among the chart's Brotherhood Spells; the odds and their advice follow the same rule."""
    chosen = {**BANEDON, "chart": {"powers": ["Mend", "Vigour"]}}
    assert play("lone-wolf", chosen, actions=[{"do": "vigour"}]).state.vigour
    not_chosen = {**BANEDON, "chart": {"powers": ["Mend"], "backpack": ["Rope"]}}
    fight = play("lone-wolf", not_chosen)
    with pytest.raises(RecordError, match="the Action Chart has no Vigour") as error:
        fight.apply({"do": "vigour"})
    assert error.value.field == "actions[0]"
    assert fight.view()["vigour"] == {**fight.view()["vigour"], "possible": True, "allowed": False}
    assert "vigour" not in [a.do for a in fight.system.legal_actions(fight.setup, fight.state)]
    enemy = [{"name": "Gourgaz", "skill": 20, "endurance": 30}]
    for hero, advised in ((chosen, "vigour"), (not_chosen, None), (BANEDON, "vigour")):  # no chart: the fight's rule
        reply = json.loads(api.call(json.dumps({"op": "odds", "record": make_record("lone-wolf", hero, enemy)})))
        assert (reply.get("best") or {}).get("do") == advised, hero


# ---- Grey Star ---------------------------------------------------------------------------------------------


def gs(actions, hero=None, enemy_skill=15, endurance=60, rules=None):
    return play(
        "grey-star",
        hero or GREY_STAR,
        [{"name": "Deathgaunt", "skill": enemy_skill, "endurance": endurance}],
        rules,
        actions,
    )


@pytest.mark.parametrize("spend", [1, 2, 3, 5, 23])
def test_willpower_multiplies_the_enemys_loss(spend):
    fight = gs(rounds(6, willpower=spend), endurance=999)  # ratio 0, number 6: 8/2
    assert fight.log[0]["enemy_loss"] == 8 * spend
    assert fight.state.willpower == 23 - spend and fight.state.endurance == 23


def test_a_round_without_willpower_spends_one():
    fight = gs(rounds(6))
    assert fight.log[0]["willpower_spent"] == 1 and fight.state.willpower == 22


def test_willpower_spend_at_least_one():
    with pytest.raises(RecordError, match="at least 1") as error:
        gs(rounds(6, willpower=0))
    assert error.value.field == "actions[0].willpower" and error.value.label == "WILLPOWER to spend"


def test_willpower_spend_at_most_what_he_has():
    fight = gs(rounds(6, willpower=20), endurance=999)
    with pytest.raises(RecordError, match=r"more than Grey Star's WILLPOWER \(3\)"):
        fight.apply({"do": "round", "number": 6, "willpower": 4})
    assert fight.state.willpower == 3 and len(fight.actions) == 1  # the fight is intact
    fight.apply({"do": "round", "number": 6, "willpower": 3})
    assert fight.state.willpower == 0


def test_at_willpower_zero_the_staff_is_a_plain_weapon_at_minus_six():
    fight = gs(rounds(6, willpower=23) + rounds(6), endurance=999)
    assert fight.log[0]["combat_ratio"] == 0
    second = fight.log[1]
    assert second["combat_ratio"] == -6 and second["willpower_spent"] == 0
    assert second["enemy_loss"] == 5  # -6/-5 column, number 6: 5/4, not multiplied
    with pytest.raises(RecordError, match="magic is gone"):
        fight.apply({"do": "round", "willpower": 1})


def test_a_fight_started_at_willpower_zero_uses_the_plain_staff():
    fight = gs(rounds(6), hero={**GREY_STAR, "willpower": 0})
    assert fight.log[0]["combat_ratio"] == -6 and fight.state.willpower == 0


@pytest.mark.parametrize("weapon,adjustment", [("other", -6), ("jewelled-dagger", -5), ("none", -8), ("staff", 0)])
def test_grey_star_weapons(weapon, adjustment):
    fight = gs(rounds(6), hero={**GREY_STAR, "weapon": weapon})
    assert fight.log[0]["combat_ratio"] == adjustment
    spent = 1 if weapon == "staff" else 0
    assert fight.state.willpower == 23 - spent


def test_without_the_staff_no_willpower_is_spent():
    with pytest.raises(RecordError, match="only through the Wizard's Staff"):
        gs(rounds(6, willpower=2), hero={**GREY_STAR, "weapon": "other"})


def test_a_k_stays_a_kill_whatever_the_spend():
    fight = gs(rounds(0, willpower=3), enemy_skill=4)  # ratio +11, number 0: K/0
    assert fight.log[0]["enemy_loss"] == "K" and fight.state.enemies == (0,) and fight.state.outcome == "won"
    assert fight.state.willpower == 20


def test_grey_star_evasion_still_spends_willpower():
    fight = gs([{"do": "evade", "number": 6, "willpower": 2}], rules={"evade_after": 0})
    assert fight.state.willpower == 21 and fight.state.enemies == (60,) and fight.state.endurance == 23


def test_grey_star_needs_willpower_in_the_setup():
    with pytest.raises(RecordError) as error:
        play("grey-star", {"skill": 15, "endurance": 25})
    assert error.value.field == "hero.willpower" and error.value.label == "WILLPOWER"


def test_only_grey_star_spends_willpower():
    with pytest.raises(RecordError) as error:
        play("lone-wolf", BANEDON, actions=rounds(6, willpower=2))
    assert error.value.field == "actions[0].willpower"


# ---- Freeway Warrior ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "weapon,bonus", [("hunting-knife", 2), ("machete", 3), ("fire-axe", 3), ("club", 2), ("none", 0)]
)
def test_close_combat_weapon_bonus(weapon, bonus):
    fight = play("freeway-warrior", {**CAL, "weapon": weapon}, [{"skill": 17, "endurance": 30}], actions=rounds(6))
    assert fight.log[0]["combat_ratio"] == bonus


def test_an_unlisted_weapon_with_its_printed_bonus():
    fight = play(
        "freeway-warrior",
        {**CAL, "weapon": "other", "weapon_bonus": 4},
        [{"skill": 17, "endurance": 30}],
        actions=rounds(6),
    )
    assert fight.log[0]["combat_ratio"] == 4


def test_freeway_warrior_uses_the_close_combat_table():
    # ratio +1, number 1: Close Combat 3/4 where the Lone Wolf table reads 4/5
    fight = play("freeway-warrior", CAL, [{"skill": 18, "endurance": 30}], actions=rounds(1))
    assert (fight.log[0]["enemy_loss"], fight.log[0]["hero_loss"]) == (3, 4)
    assert FreewayWarrior.labels()["skill"] == "CLOSE COMBAT SKILL"


# ---- several enemies, one after another ----------------------------------------------------------------------


def test_enemies_fought_one_after_another():
    enemies = [{"name": "Giak", "skill": 15, "endurance": 8}, {"name": "Giak sergeant", "skill": 17, "endurance": 10}]
    fight = play("lone-wolf", BANEDON, enemies, actions=rounds(6))
    assert fight.state.current == 1 and fight.state.outcome == "ongoing"
    fight.apply({"do": "round", "number": 6})
    assert fight.log[1]["enemy"] == "Giak sergeant" and fight.log[1]["combat_ratio"] == -2
    fight.apply({"do": "round", "number": 0})  # -2/-1, 0: 11/0
    assert fight.state.enemies == (0, 0) and fight.state.outcome == "won"


# ---- new heroes by the books' creation rules ----------------------------------------------------------------


@pytest.mark.parametrize("system", [LoneWolf, GreyStar, FreewayWarrior])
@pytest.mark.parametrize("number", range(10))
def test_new_hero(system, number):
    numbers = dict.fromkeys(system.creation, number)
    hero = system.new_hero(numbers)
    assert hero["skill"] == 10 + number and hero["endurance"] == 20 + number  # "0 counts as zero"
    if system is GreyStar:
        assert hero["willpower"] == 20 + number
    else:
        assert "willpower" not in hero


# ---- random numbers --------------------------------------------------------------------------------------------


def test_drawn_numbers_are_seeded_and_typed_ones_do_not_use_a_draw():
    first = play("lone-wolf", BANEDON, [{"skill": 15, "endurance": 999}], actions=[{"do": "round"}] * 5, seed=42)
    again = play("lone-wolf", BANEDON, [{"skill": 15, "endurance": 999}], actions=[{"do": "round"}] * 5, seed=42)
    assert first.log == again.log
    mixed = play(
        "lone-wolf",
        BANEDON,
        [{"skill": 15, "endurance": 999}],
        actions=[{"do": "round"}, {"do": "round", "number": 9}, {"do": "round"}],
        seed=42,
    )
    assert [r["number"] for r in mixed.log] == [first.log[0]["number"], 9, first.log[1]["number"]]
    assert [r["typed"] for r in mixed.log] == [False, True, False]
    assert mixed.state.draws == 2


def test_different_seeds_give_different_fights():
    logs = {
        tuple(
            r["number"]
            for r in play(
                "lone-wolf", BANEDON, [{"skill": 15, "endurance": 999}], actions=[{"do": "round"}] * 8, seed=s
            ).log
        )
        for s in range(20)
    }
    assert len(logs) == 20


def test_fight_class_keeps_state_history_for_undo():
    fight = play("lone-wolf", BANEDON, actions=rounds(6, 6))
    assert fight.undo() == {"do": "round", "number": 6}
    assert fight.state.rounds == 1 and len(fight.log) == 1
    assert isinstance(fight, Fight)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_records([key for key, system in SYSTEMS.items() if system.kind == "crt"]))
def test_why_a_control_is_unavailable_is_the_engines_refusal(record):
    """Evade and Cast Vigour say why they are unavailable as every system does (its probes, refused by step): the
    same words as the view's, on every state random play reaches, and no refusal where the view allows."""
    try:
        fight = Fight.from_record(record)
    except RecordError:
        assume(False)  # a set-up the rules refuse: not a state (too many of them and the test fails, unsatisfied)
    view, refused = fight.view(), fight.refusals()
    for control in ("evade", "vigour"):
        if fight.system.has_vigour or control == "evade":
            if view[control]["allowed"]:
                assert control not in refused, (control, refused)
            elif fight.state.outcome == "ongoing":
                assert refused[control] == view[control]["why"], (control, refused, view[control])
            else:  # the screen hides both once the fight is over; the engine refuses them
                assert "already over" in refused[control]
