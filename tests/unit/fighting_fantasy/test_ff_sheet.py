"""Braslavsky's «Подземелья Чёрного замка» (1991): the adventure sheet (backpack, flask, food, gold), the spells,
and the per-fight choices where the 1991 text is silent or open."""

from __future__ import annotations

import pytest
from conftest import make_record
from ff_cases import HERO, SPIDER, SPY, ff, rnd

from pyrules import Fight, RecordError
from pyrules.i18n import language
from pyrules.systems.fighting_fantasy import FightingFantasy
from pyrules.systems.fighting_fantasy.record import BACKPACK_SLOTS

# ---- the adventure sheet ---------------------------------------------------------------------------------


def test_starting_sheet():
    state = ff().state
    assert (state.gold, state.flask, state.backpack, state.food) == (15, 2, (), 0)


def test_the_eighth_backpack_item_is_refused():
    things = [{"do": "take", "item": f"предмет {i}"} for i in range(1, 8)]
    fight = ff(enemies=[], actions=things)
    assert len(fight.state.backpack) == BACKPACK_SLOTS
    with pytest.raises(RecordError, match="holds only 7 things and has 7 already") as error:
        fight.apply({"do": "take", "item": "верёвка"})
    assert error.value.field == "actions[7]"
    assert len(fight.state.backpack) == 7


def test_food_takes_backpack_slots():
    fight = ff({"food": 3}, enemies=[], actions=[{"do": "take", "item": f"x{i}"} for i in range(4)])
    with pytest.raises(RecordError, match="holds only 7"):
        fight.apply({"do": "take", "food": 1})
    fight.apply({"do": "eat", "stamina": 4})
    assert fight.state.food == 2
    fight.apply({"do": "take", "item": "ключ"})


def test_setup_with_more_than_seven_things_is_refused():
    with pytest.raises(RecordError) as error:
        ff({"backpack": [f"x{i}" for i in range(5)], "food": 3})
    assert error.value.field == "hero.backpack"


# The set-up form's label of the backpack (web/screen-ff.js), in each language (pyrules/locales/ru/page.json).
BACKPACK_LABEL = {
    "en": "Backpack: one thing per line (at most 7, food included)",
    "ru": "Заплечный мешок: по предмету в строке (не больше 7, вместе с едой)",
}


@pytest.mark.parametrize(
    "lang,things,food,message",
    [
        ("en", 5, 3, "has 8 things counting the food, 1 too many"),
        ("ru", 5, 3, "в нём 8 предметов с учётом еды, 1 лишний"),
        ("en", 9, 0, "has 9 things counting the food, 2 too many"),  # typed lines: the same words, not a list's
        ("ru", 6, 5, "в нём 11 предметов с учётом еды, 4 лишних"),
    ],
)
def test_a_full_backpack_at_the_set_up_is_refused_without_saying_the_limit_twice(lang, things, food, message):
    hero = {**HERO, "backpack": [f"x{i}" for i in range(things)], "food": food}
    with language(lang), pytest.raises(RecordError) as error:
        Fight.from_record(make_record("fighting-fantasy", hero, [], actions=()), lenient=True)
    assert error.value.field == "hero.backpack"
    assert error.value.message == message
    shown = f"{BACKPACK_LABEL[lang]}: {error.value.message}"  # as the page shows it (dom.js showError)
    assert shown.count("7") == 1  # the label's limit; the message says what was typed


def test_no_backpack_changes_during_a_fight():
    fight = ff(actions=[rnd([6, 6], [1, 1])])
    for action in ({"do": "take", "item": "щит"}, {"do": "drop", "item": "щит"}, {"do": "drink"}, {"do": "eat"}):
        with pytest.raises(RecordError, match="not during a fight"):
            fight.apply(action)


def test_dropping_a_thing_not_in_the_backpack():
    fight = ff({"backpack": ["фонарь"]}, enemies=[], actions=[{"do": "drop", "item": "фонарь"}])
    assert fight.state.backpack == ()
    with pytest.raises(RecordError, match="not in the backpack"):
        fight.apply({"do": "drop", "item": "фонарь"})


def test_the_flask_two_drinks_of_two_not_above_the_maximum():
    fight = ff({"stamina": 13, "max_stamina": 18}, enemies=[], actions=[{"do": "drink"}, {"do": "drink"}])
    assert fight.state.stamina == 17 and fight.state.flask == 0
    with pytest.raises(RecordError, match="flask is empty"):
        fight.apply({"do": "drink"})
    fight = ff({"stamina": 17, "max_stamina": 18}, enemies=[], actions=[{"do": "drink"}])
    assert fight.state.stamina == 18 and fight.log[0]["gained"] == 1
    with pytest.raises(RecordError, match="initial value"):
        fight.apply({"do": "drink"})


def test_gold():
    fight = ff(enemies=[], actions=[{"do": "gold", "amount": -10}, {"do": "gold", "amount": 3}])
    assert fight.state.gold == 8
    with pytest.raises(RecordError, match="only 8 gold"):
        fight.apply({"do": "gold", "amount": -9})


def test_changes_by_the_paragraph_keep_to_the_maximums():
    fight = ff(enemies=[], actions=[{"do": "adjust", "stamina": -5, "luck_change": 3}])
    assert fight.state.stamina == 13 and fight.state.luck == 9  # luck may not exceed its initial value
    fight.apply({"do": "adjust", "max_stamina": 2, "stamina": 10})
    assert fight.state.max_stamina == 20 and fight.state.stamina == 20


# ---- spells -------------------------------------------------------------------------------------------------


def test_at_most_ten_spell_uses():
    with pytest.raises(RecordError) as error:
        ff({"spells": {"strength": 6, "healing": 5}})
    assert error.value.field == "hero.spells"
    assert ff({"spells": {"strength": 6, "healing": 4}}).state.spells == (("strength", 6), ("healing", 4))


def test_spell_of_strength_adds_two_to_attack_strength_for_the_fight():
    fight = ff({"spells": {"strength": 1}}, actions=[{"do": "spell", "spell": "strength"}, rnd([3, 4], [3, 4])])
    assert fight.log[1]["hero_strength"] == 19 and fight.log[1]["enemies"][0]["result"] == "hit"
    with pytest.raises(RecordError, match="no uses"):
        fight.apply({"do": "spell", "spell": "strength"})


def test_spell_of_weakness_takes_two_from_the_enemy():
    fight = ff({"spells": {"weakness": 1}}, actions=[{"do": "spell", "spell": "weakness"}, rnd([3, 4], [3, 4])])
    assert fight.log[1]["enemies"][0]["strength"] == 15 and fight.log[1]["enemies"][0]["result"] == "hit"


def test_spell_of_the_copy_fights_the_enemy_first():
    copy_rounds = [[[6, 6], [1, 1]]] * 6
    fight = ff({"spells": {"copy": 1}}, actions=[{"do": "spell", "spell": "copy", "copy_dice": copy_rounds}])
    assert len(fight.log[0]["copy_rounds"]) == 6 and fight.state.enemies == (0,) and fight.state.outcome == "won"
    losing = [[[1, 1], [6, 6]]] * 6
    fight = ff({"spells": {"copy": 1}}, actions=[{"do": "spell", "spell": "copy", "copy_dice": losing}])
    assert fight.state.enemies == (12,) and fight.state.outcome == "ongoing"


def test_spell_of_healing_not_in_a_fight_and_not_above_the_maximum():
    fight = ff(
        {"stamina": 5, "max_stamina": 18, "spells": {"healing": 3}},
        enemies=[],
        actions=[{"do": "spell", "spell": "healing"}, {"do": "spell", "spell": "healing"}],
    )
    assert fight.state.stamina == 18 and fight.log[1]["gained"] == 5
    fight = ff({"spells": {"healing": 1}}, actions=[rnd([1, 1], [6, 6])])
    with pytest.raises(RecordError, match="not during a fight"):
        fight.apply({"do": "spell", "spell": "healing"})


# ---- the per-fight choices where the 1991 text is silent or open ------------------------------------------------


def test_the_flask_between_rounds_only_with_the_option():
    fight = ff({"stamina": 10, "max_stamina": 18}, actions=[rnd([1, 1], [6, 6])])
    assert fight.view()["can"]["drink"] is False
    with pytest.raises(RecordError, match="not during a fight"):
        fight.apply({"do": "drink"})
    fight = ff({"stamina": 10, "max_stamina": 18}, rules={"flask_in_combat": True}, actions=[rnd([1, 1], [6, 6])])
    assert fight.view()["can"]["drink"] is True and fight.view()["can"]["sheet"] is False
    fight.apply({"do": "drink"})
    assert fight.state.stamina == 10 and fight.state.flask == 1 and fight.log[-1]["gained"] == 2
    for action in ({"do": "eat"}, {"do": "take", "item": "щит"}, {"do": "adjust", "stamina": 1}):
        with pytest.raises(RecordError, match="not during a fight"):  # the backpack stays shut
            fight.apply(action)
    fight.apply(rnd([6, 6], [1, 1]))  # and the fight goes on
    assert fight.state.rounds == 2


def test_between_one_by_one_opponents_the_hero_is_not_in_a_fight():
    hero = {"skill": 12, "stamina": 14, "max_stamina": 18, "food": 1, "spells": {"healing": 1}}
    fight = ff(hero, [dict(SPIDER, stamina=2), SPY], {"one_by_one": True}, actions=[rnd([6, 6], [1, 1])])
    assert fight.state.enemies == (0, 12) and fight.view()["can"]["sheet"] is True
    fight.apply({"do": "luck", "dice": [1, 1]})
    fight.apply({"do": "adjust", "stamina": -1})
    fight.apply({"do": "drink"})
    fight.apply({"do": "eat", "stamina": 1})
    fight.apply({"do": "take", "item": "паутина"})
    fight.apply({"do": "spell", "spell": "healing"})
    assert fight.state.stamina == 18 and fight.state.luck == 8 and fight.state.backpack == ("паутина",)
    fight.apply(rnd([6, 6], None, [1, 1]))  # the spy is fought: a fight again
    assert fight.view()["can"]["sheet"] is False and fight.view()["can"]["luck"] is False
    for action in ({"do": "luck"}, {"do": "adjust", "stamina": -1}, {"do": "drink"}):
        with pytest.raises(RecordError):
            fight.apply(action)


def test_several_at_once_one_dead_is_still_a_fight():
    fight = ff({"skill": 12}, [dict(SPIDER, stamina=2), SPY], actions=[rnd([6, 6], [1, 1], [1, 1], target=0)])
    for action in ({"do": "luck"}, {"do": "adjust", "stamina": -1}, {"do": "drink"}):
        with pytest.raises(RecordError, match="outside the rounds|not during a fight"):
            fight.apply(action)


@pytest.mark.parametrize("bonus,penalty", [(2, 2), (3, 1), (0, 0)])
def test_strength_and_weakness_numbers_are_the_players(bonus, penalty):
    rules = {} if (bonus, penalty) == (2, 2) else {"strength_bonus": bonus, "weakness_penalty": penalty}
    hero = {"spells": {"strength": 1, "weakness": 1}}
    fight = ff(hero, rules=rules, actions=[{"do": "spell", "spell": "strength"}, {"do": "spell", "spell": "weakness"}])
    assert fight.log[0]["bonus"] == bonus and fight.log[1]["penalty"] == penalty
    fight.apply(rnd([3, 4], [3, 4]))
    assert fight.log[-1]["hero_strength"] == 17 + bonus and fight.log[-1]["enemies"][0]["strength"] == 17 - penalty
    assert Fight.from_record(fight.record()).record()["rules"] == rules


def test_the_copy_fights_a_weakened_enemy_with_the_players_number():
    hero = {"spells": {"weakness": 1, "copy": 1}}
    copy = {"do": "spell", "spell": "copy", "copy_dice": [[[3, 3], [3, 4]]] * 6}  # copy 16, enemy 17 − the number
    for rules, penalty, left in (({}, 2, 0), ({"weakness_penalty": 0}, 0, 12)):
        fight = ff(hero, rules=rules, actions=[{"do": "spell", "spell": "weakness"}, copy])
        assert [r["enemy"] for r in fight.log[1]["copy_rounds"]] == [17 - penalty] * 6
        assert fight.state.enemies == (left,)


@pytest.mark.parametrize("key,value", [("strength_bonus", -1), ("weakness_penalty", 13), ("strength_bonus", "x")])
def test_bad_spell_numbers_name_the_field(key, value):
    with pytest.raises(RecordError) as error:
        ff(rules={key: value})
    assert error.value.field == f"rules.{key}" and error.value.label


def test_every_option_has_a_label_and_defaults_to_the_old_behaviour():
    from pyrules.systems.fighting_fantasy.record import RULE_LABELS, FFRules

    assert set(RULE_LABELS) == set(vars(FFRules()))
    defaults = FightingFantasy.parse_setup({"hero": HERO, "enemies": [SPY]}).rules
    assert defaults == FFRules() and not defaults.decline_costs_luck and not defaults.flask_in_combat
    assert (defaults.strength_bonus, defaults.weakness_penalty) == (2, 2)
    assert "1991" in RULE_LABELS["strength_bonus"] and "remake" in RULE_LABELS["strength_bonus"]


def test_an_empty_thing_in_the_backpack_is_refused_by_name():
    # found by the contract test: a nameless thing could be put in but never taken out (an action names it)
    with pytest.raises(RecordError) as refused:
        ff({"skill": 9, "stamina": 9, "luck": 9, "backpack": ["верёвка", "  "]})
    assert refused.value.field == "hero.backpack[1]" and refused.value.message == "must not be empty"
