"""Braslavsky's «Подземелья Чёрного замка» (1991): every rule of its combat, with dice typed as a player would: a
new hero, one opponent, several at once, escape, luck and a killing blow."""

from __future__ import annotations

import pytest
from conftest import make_record
from ff_cases import HERO, SPIDER, SPY, ff, rnd

from pyrules import Fight, RecordError
from pyrules.fields import Reader
from pyrules.i18n import language
from pyrules.systems.fighting_fantasy import FightingFantasy

# ---- a new hero -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("d1,d2,d3,d4", [(1, 1, 1, 1), (6, 6, 6, 6), (3, 4, 5, 2)])
def test_new_hero_by_the_books_dice(d1, d2, d3, d4):
    given = Reader({"skill": [d1], "stamina": [d2, d3], "luck": [d4]}, "numbers", lenient=True)
    hero, numbers = FightingFantasy.roll_hero(0, given)
    assert hero == {"skill": d1 + 6, "stamina": d2 + d3 + 12, "luck": d4 + 6}
    assert numbers == {"skill": [d1], "stamina": [d2, d3], "luck": [d4]}


@pytest.mark.parametrize("seed", range(40))
def test_drawn_heroes_are_in_range(seed):
    hero, _ = FightingFantasy.roll_hero(seed, Reader({}, "numbers"))
    assert 7 <= hero["skill"] <= 12 and 14 <= hero["stamina"] <= 24 and 7 <= hero["luck"] <= 12


def test_initial_values_are_the_maximums():
    fight = ff(actions=[rnd([6, 6], [1, 1]), {"do": "round", "dice": [[6, 6], [1, 1]]}])
    assert fight.state.max_stamina == 18 and fight.state.max_skill == 10 and fight.state.max_luck == 9


# ---- one opponent -------------------------------------------------------------------------------------------


def test_higher_attack_strength_wounds_for_two():
    fight = ff(actions=[rnd([6, 5], [2, 3])])  # 21 against 15
    row = fight.log[0]
    assert row["hero_strength"] == 21 and row["enemies"][0]["strength"] == 15 and row["enemies"][0]["result"] == "hit"
    assert fight.state.enemies == (10,) and fight.state.stamina == 18


def test_lower_attack_strength_is_wounded_for_two():
    fight = ff(actions=[rnd([1, 2], [6, 6])])
    assert fight.log[0]["enemies"][0]["result"] == "hurt" and fight.state.stamina == 16 and fight.state.enemies == (12,)


def test_equal_attack_strength_is_a_parry():
    fight = ff(actions=[rnd([3, 4], [5, 2])])
    assert fight.log[0]["enemies"][0]["result"] == "parry"
    assert fight.state.stamina == 18 and fight.state.enemies == (12,)


def test_fight_until_stamina_is_zero():
    fight = ff(enemies=[SPIDER], actions=[rnd([6, 6], [1, 1])] * 3)
    assert fight.state.enemies == (2,) and fight.state.outcome == "ongoing"
    fight.apply(rnd([6, 6], [1, 1]))
    assert fight.state.enemies == (0,) and fight.state.outcome == "won"
    with pytest.raises(RecordError, match="over"):
        fight.apply(rnd([6, 6], [1, 1]))


def test_the_hero_dies_at_zero():
    fight = ff(hero={"stamina": 4}, actions=[rnd([1, 1], [6, 6])] * 2)
    assert fight.state.stamina == 0 and fight.state.outcome == "lost"
    with pytest.raises(RecordError, match="adventure is over"):
        fight.apply({"do": "luck"})


# ---- several opponents at once ----------------------------------------------------------------------------


def test_several_opponents_target_fought_normally_others_compared():
    hero = {"skill": 10}
    goblin, orc = {"name": "Гоблин", "skill": 8, "stamina": 6}, {"name": "Орк", "skill": 9, "stamina": 8}
    # hero 3+4+10 = 17; goblin (target) 2+2+8 = 12: hit; orc 6+5+9 = 20 > 17: wounds the hero
    fight = ff(hero, [goblin, orc], actions=[rnd([3, 4], [2, 2], [6, 5], target=0)])
    rows = {r["name"]: r["result"] for r in fight.log[0]["enemies"]}
    assert rows == {"Гоблин": "hit", "Орк": "wounds"}
    assert fight.state.enemies == (4, 8) and fight.state.stamina == 16


def test_the_hero_wounds_only_his_target_even_when_stronger_than_all():
    fight = ff({"skill": 12}, [SPIDER, SPY], actions=[rnd([6, 6], [1, 1], [1, 1], target=1)])
    rows = [r["result"] for r in fight.log[0]["enemies"]]
    assert rows == ["misses", "hit"] and fight.state.enemies == (8, 10)


def test_every_stronger_opponent_wounds_the_hero():
    enemies = [dict(SPY, name="A"), dict(SPY, name="B"), dict(SPY, name="C", skill=3)]
    fight = ff({"skill": 5}, enemies, actions=[rnd([1, 1], [6, 6], [6, 6], [1, 1], target=0)])
    assert [r["result"] for r in fight.log[0]["enemies"]] == ["hurt", "wounds", "misses"]
    assert fight.state.stamina == 14


def test_the_target_must_be_alive():
    fight = ff({"skill": 12}, [dict(SPIDER, stamina=2), SPY], actions=[rnd([6, 6], [1, 1], [1, 1], target=0)])
    assert fight.state.enemies[0] == 0
    with pytest.raises(RecordError) as error:
        fight.apply(rnd([6, 6], None, [1, 1], target=0))
    assert error.value.field == "actions[1].target"
    fight.apply(rnd([6, 6], None, [1, 1], target=1))
    assert fight.log[-1]["enemies"][0]["name"] == "ШПИОН" and len(fight.log[-1]["enemies"]) == 1


def test_opponents_one_after_another():
    fight = ff(
        {"skill": 12}, [dict(SPIDER, stamina=2), SPY], {"one_by_one": True}, actions=[rnd([6, 6], [1, 1], [6, 6])]
    )
    assert [r["name"] for r in fight.log[0]["enemies"]] == ["ГИГАНТСКИЙ ПАУК"]  # the spy waits
    fight.apply(rnd([6, 6], None, [1, 1]))
    assert fight.log[1]["enemies"][0]["name"] == "ШПИОН" and fight.state.enemies == (0, 10)


# ---- escape ------------------------------------------------------------------------------------------------


def test_escape_only_where_the_paragraph_allows():
    with pytest.raises(RecordError, match="does not allow escape"):
        ff(actions=[{"do": "escape"}])


def test_escape_the_enemy_has_the_last_blow():
    fight = ff(rules={"escape": True}, actions=[rnd([3, 4], [5, 2]), {"do": "escape"}])
    assert fight.state.outcome == "escaped" and fight.state.stamina == 16 and fight.log[-1]["loss"] == 2


def test_escape_can_kill():
    fight = ff(hero={"stamina": 2}, rules={"escape": True}, actions=[{"do": "escape"}])
    assert fight.state.outcome == "lost"


# ---- luck --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dice,lucky", [([4, 5], True), ([5, 5], False), ([1, 1], True), ([6, 3], True)])
def test_luck_test_two_dice_at_most_luck_costs_one(dice, lucky):
    fight = ff(enemies=[], actions=[{"do": "luck", "dice": dice}])
    event = fight.log[0]
    assert event["lucky"] is lucky and event["luck_before"] == 9 and fight.state.luck == 8


def test_luck_zero_is_unlucky_and_costs_nothing_more():
    fight = ff({"luck": 0}, enemies=[], actions=[{"do": "luck"}])
    assert fight.log[0]["lucky"] is False and fight.log[0]["no_luck"] and fight.state.luck == 0


def test_declining_a_test_is_unlucky():
    fight = ff(enemies=[], actions=[{"do": "luck", "decline": True}])
    assert fight.log[0]["lucky"] is False and fight.log[0]["declined"] and fight.state.luck == 9


def test_each_test_costs_one_until_zero():
    fight = ff({"luck": 3}, enemies=[], actions=[{"do": "luck", "dice": [1, 1]}] * 5)
    assert [e["lucky"] for e in fight.log] == [True, True, False, False, False]  # 2 ≤ 3, 2 ≤ 2, 2 > 1, then 0
    assert fight.state.luck == 0


def test_no_luck_test_inside_a_fight_without_the_optional_rule():
    fight = ff(actions=[rnd([6, 6], [1, 1])])
    with pytest.raises(RecordError, match="outside the rounds"):
        fight.apply({"do": "luck"})


@pytest.mark.parametrize(
    "luck_dice,kind,expected_enemy,expected_hero",
    [
        ([1, 1], "hit", 12 - 4, 18),  # lucky hit: 4 in all
        ([6, 6], "hit", 12 - 1, 18),  # unlucky hit: 1 in all
        ([1, 1], "hurt", 12, 18 - 1),  # lucky when wounded: 1 in all
        ([6, 6], "hurt", 12, 18 - 3),  # unlucky when wounded: 3 in all
    ],
)
def test_optional_luck_in_combat(luck_dice, kind, expected_enemy, expected_hero):
    first = rnd([6, 6], [1, 1]) if kind == "hit" else rnd([1, 1], [6, 6])
    fight = ff(rules={"luck_in_combat": True}, actions=[first, {"do": "luck", "dice": luck_dice}])
    assert fight.state.enemies == (expected_enemy,) and fight.state.stamina == expected_hero
    assert fight.state.luck == 8 and fight.log[-1]["combat"] == kind
    with pytest.raises(RecordError):
        fight.apply({"do": "luck", "dice": [1, 1]})  # once per wound


def test_a_luck_test_in_combat_is_on_the_exchange_with_the_target_and_its_refusal_says_so():
    """The target parries while another enemy wounds the hero: no test is offered (it follows only the exchange
    with the target), and the refusal says so rather than that nobody was wounded."""
    fight = ff(enemies=[SPY, SPIDER], rules={"luck_in_combat": True})
    event = fight.apply(rnd([3, 3], [3, 3], [6, 6], target=0))  # 16 against the spy's 16, the spider's 20
    assert [foe["result"] for foe in event["enemies"]] == ["parry", "wounds"] and fight.state.stamina == 16
    assert fight.view()["can"]["combat_luck"] is False
    with pytest.raises(RecordError) as refused:
        fight.apply({"do": "luck", "dice": [1, 1]})
    assert refused.value.field == "actions[1]"
    message = refused.value.message
    assert "the exchange with your target" in message and "a wound from another enemy is not tested" in message
    with language("ru"), pytest.raises(RecordError) as russian:
        ff(enemies=[SPY, SPIDER], rules={"luck_in_combat": True},
           actions=[rnd([3, 3], [3, 3], [6, 6], target=0), {"do": "luck", "dice": [1, 1]}])  # fmt: skip
    assert "с вашей целью" in russian.value.message and "рану от другого врага не проверяют" in russian.value.message


def test_luck_in_combat_is_off_by_default_in_this_book():
    assert FightingFantasy.parse_setup({"hero": HERO, "enemies": [SPY]}).rules.luck_in_combat is False


def test_luck_on_the_last_blow_of_an_escape():
    rules = {"escape": True, "luck_in_combat": True}
    assert ff(rules=rules, actions=[{"do": "escape", "luck": True}], seed=3).log[0]["loss"] in (1, 3)
    fight = Fight.from_record(
        make_record("fighting-fantasy", {**HERO, "luck": 12}, [SPY], rules, [{"do": "escape", "luck": True}])
    )
    assert fight.log[0]["loss"] == 1 and fight.state.stamina == 17  # luck 12: every roll is lucky


@pytest.mark.parametrize("dice,loss", [([3, 3], 1), ([6, 5], 3)])
def test_the_escapes_luck_test_takes_the_players_dice(dice, loss):
    rules = {"escape": True, "luck_in_combat": True}
    fight = ff(rules=rules, actions=[{"do": "escape", "luck": True, "dice": dice}])  # УДАЧА 9
    assert fight.log[0]["test"]["dice"] == dice and fight.log[0]["test"]["typed"] is True
    assert fight.log[0]["loss"] == loss and fight.state.draws == 0 and fight.state.luck == 8
    assert Fight.from_record(fight.record()).record() == fight.record()
    with pytest.raises(RecordError) as error:  # dice only for a luck test
        ff(rules=rules, actions=[{"do": "escape", "dice": dice}])
    assert error.value.field == "actions[0].dice"


# ---- a killing blow, and declining a luck test where the 1991 text is open -----------------------------------


def test_a_killing_blow_ends_the_enemy_no_luck_test_on_it():
    """With luck in combat, a luck test after a killing blow (others still fighting) brought the dead back at 1."""
    fight = ff({"skill": 12}, [dict(SPIDER, stamina=2), SPY], {"luck_in_combat": True})
    fight.apply(rnd([6, 6], [1, 1], [1, 1], target=0))  # the spider's last 2 ВЫНОСЛИВОСТИ
    assert fight.state.enemies == (0, 12) and fight.state.outcome == "ongoing"
    view = fight.view()
    assert view["can"]["combat_luck"] is False and view["can"]["luck"] is False and view["pending_luck"] is None
    with pytest.raises(RecordError, match="killing blow") as error:
        fight.apply({"do": "luck", "dice": [6, 6]})
    assert error.value.field == "actions[1]"
    assert fight.state.enemies == (0, 12) and fight.state.luck == 9
    # a wound that does not kill is still offered, once
    fight.apply(rnd([6, 6], None, [1, 1], target=1))
    assert fight.view()["can"]["combat_luck"] is True
    fight.apply({"do": "luck", "dice": [6, 6]})  # unlucky: 1 in all
    assert fight.state.enemies == (0, 11)


def test_a_killing_blow_one_by_one_leaves_a_plain_test_between_opponents():
    fight = ff({"skill": 12}, [dict(SPIDER, stamina=2), SPY], {"luck_in_combat": True, "one_by_one": True})
    fight.apply(rnd([6, 6], [1, 1]))
    assert fight.view()["can"]["combat_luck"] is False and fight.view()["can"]["luck"] is True
    event = fight.apply({"do": "luck", "dice": [1, 1]})  # a paragraph's test: nothing to do with the spider
    assert event["combat"] is None and fight.state.enemies == (0, 12) and fight.state.luck == 8


def test_declining_a_test_costs_luck_only_with_the_option():
    plain = ff(enemies=[], actions=[{"do": "luck", "decline": True}])
    assert plain.state.luck == 9 and plain.log[0]["cost"] == 0
    seed = ff(enemies=[], rules={"decline_costs_luck": True}, actions=[{"do": "luck", "decline": True}])
    assert seed.state.luck == 8 and seed.log[0]["lucky"] is False and seed.log[0]["cost"] == 1
    broke = ff({"luck": 0}, enemies=[], rules={"decline_costs_luck": True}, actions=[{"do": "luck", "decline": True}])
    assert broke.state.luck == 0 and broke.log[0]["cost"] == 0


def test_declining_a_test_in_combat_with_the_option():
    rules = {"luck_in_combat": True, "decline_costs_luck": True}
    fight = ff(rules=rules, actions=[rnd([6, 6], [1, 1]), {"do": "luck", "decline": True}])
    assert fight.state.luck == 8 and fight.state.enemies == (11,)  # declined: unlucky, 1 in all
