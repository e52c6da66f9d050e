"""The rules' view answers "what can be done now", and the page only draws it (test_page_sources checks the page
holds none of it): who is dead in every system; Citadel of Blood's characters to choose, the spaces then legal, the
weapon's lock and each unit's loss in the round; Fighting Fantasy's declinable luck test, its cost and the sheet's
defaults; the set-up's rows. Each against the rules' own functions."""

from __future__ import annotations

from citadel_cases import attack, cob, hero, legal_actions, mon, random_fights, record
from conftest import play
from hypothesis import given, settings

from pyrules import Fight, RecordError
from pyrules.systems import SYSTEMS
from pyrules.systems.citadel import geometry
from pyrules.systems.citadel import rules as citadel
from pyrules.systems.citadel.combat import board, weapon_locked
from pyrules.systems.citadel.phases import PHASE
from pyrules.systems.citadel.record import unit_id
from pyrules.systems.fighting_fantasy import rules as ff
from pyrules.systems.fighting_fantasy.record import FFHero
from pyrules.systems.lonewolf import rules as lonewolf

# ---- who is dead: every system ------------------------------------------------------------------------------------


def test_the_lone_wolf_family_says_who_is_dead_as_its_rules_decide():
    for key in ("lone-wolf", "grey-star", "freeway-warrior"):
        hero = {"skill": 10, "endurance": 3, **({"willpower": 10} if key == "grey-star" else {})}
        enemies = [{"name": "Giak", "skill": 30, "endurance": 40}, {"name": "Wolf", "skill": 1, "endurance": 2}]
        fight = play(key, hero, enemies, seed=1)
        views = [fight.view()]
        while fight.state.outcome == "ongoing":
            fight.apply({"do": "round"})
            views.append(fight.view())
        assert views[0]["hero"]["dead"] is False and views[-1]["hero"]["dead"] is True  # a fight lost to the death
        for view, state in zip(views, fight.states):
            assert view["hero"]["dead"] is lonewolf.dead(state.endurance)
            assert [e["dead"] for e in view["enemies"]] == [lonewolf.dead(n) for n in state.enemies]
    won = play("lone-wolf", {"skill": 40, "endurance": 30}, [{"name": "Giak", "skill": 1, "endurance": 1}])
    won.apply({"do": "round"})
    assert won.state.outcome == "won" and [e["dead"] for e in won.view()["enemies"]] == [True]


def test_fighting_fantasy_says_who_is_dead_as_its_rules_decide():
    hero = {"skill": 12, "stamina": 4, "luck": 9}
    enemies = [{"name": "Spy", "skill": 10, "stamina": 2}, {"name": "Spider", "skill": 8, "stamina": 30}]
    fight = play("fighting-fantasy", hero, enemies, seed=3)
    views = [fight.view()]
    while fight.state.outcome == "ongoing":
        fight.apply({"do": "round", "target": fight.view()["fighting"][0]})
        views.append(fight.view())
    assert any(e["dead"] for e in views[-1]["enemies"]) or views[-1]["hero"]["dead"]
    for view, state in zip(views, fight.states):
        assert view["hero"]["dead"] is ff.fallen(state.stamina)
        assert [e["dead"] for e in view["enemies"]] == [ff.fallen(n) for n in state.enemies]
        assert (view["outcome"] == "lost") is view["hero"]["dead"]


@given(random_fights())
@settings(max_examples=25, deadline=None)
def test_citadel_says_who_may_be_chosen_where_and_with_what_as_its_rules_decide(case):
    """At every step of random fights: the dead are off the board; the characters to choose are the rules' actors
    of the party's phases; the spaces then legal are the targets' and the free spaces the rules list (and only
    those), on the board drawn; the weapon's lock is the rules'; each unit's loss in the round is the log's."""
    fight, picks = case
    for pick in picks:
        state, setup, view = fight.state, fight.setup, fight.view()
        ids = [unit_id(setup, i) for i in range(setup.size)]
        assert [u["alive"] for u in view["units"]] == [p is not None for p in state.pos]
        party = PHASE[state.phase].party and state.outcome == "ongoing"
        assert view["choosable"] == (citadel.actors(setup, state) if party else [])
        assert view["weapon_locked"] is weapon_locked(state) is (state.round > 1)
        drawn = {unit or f"{side}:{r},{c}": (side, unit) for side, rows in view["board"].items()
                 for r, row in enumerate(rows) for c, unit in enumerate(row)}  # fmt: skip
        for chosen, cells in view["cells"].items():
            assert cells and all(cell in drawn for cell in cells)  # every legal space is on the board drawn
            sides = {drawn[cell][0] for cell in cells}
            if state.phase == "party":
                assert cells == [ids[j] for j in geometry.targets(*board(setup, state), ids.index(chosen))[0]]
                assert sides == {"monsters"}
            elif state.phase == "party_reorg":
                spaces = geometry.party_moves(*board(setup, state))[ids.index(chosen)]
                assert cells == [f"party:{r},{c}" for r, c in spaces]
                assert {drawn[cell] for cell in cells} == {("party", None)}  # free spaces of the party's side
            else:
                assert chosen == "" and state.phase == "monster_reorg"
                assert cells == list(view["monster_moves"]) and sides == {"monsters"}
        assert set(view["cells"]) <= {*view["choosable"], ""}
        lost = {unit: 0 for unit in ids}
        for event in fight.log:
            if event.get("round") == state.round and event.get("target"):
                lost[event["target"]] += event.get("wounds", 0)
        assert {u["id"]: u["round_wounds"] for u in view["units"]} == lost
        if state.outcome != "ongoing":
            break
        options = legal_actions(view)
        try:
            fight.apply(options[pick % len(options)])
        except RecordError:
            continue


def test_the_weapon_is_locked_after_the_first_round_as_the_rules_refuse_another():
    party = [hero("A0", (0, 1), wp=40, weapons=["sword", "dagger"])]
    fight = cob(party, [mon("m", (0, 1), wp=40, cb=-9)])
    assert fight.view()["weapon_locked"] is False
    fight.apply(attack("A", "1", weapon=1))  # round 1: any weapon carried
    while fight.state.round == 1:
        fight.apply(legal_actions(fight.view())[0] if fight.state.phase != "party_reorg" else {"do": "pass"})
    assert fight.state.phase == "party" and fight.view()["weapon_locked"] is True
    try:
        fight.apply(attack("A", "1", weapon=0))
    except RecordError as refused:
        assert "9.4" in refused.message
    else:
        raise AssertionError("another weapon after round 1")


def test_a_character_may_move_back_to_a_row_the_board_draws():
    """9.8.2: one row back is a legal move, also behind the last character: the party's side is drawn that deep, so
    that its spaces can be chosen."""
    party = [hero("A0", (0, 0)), hero("B0", (0, 1)), hero("C0", (1, 1))]
    fight = cob(party, [mon(n, wp=30, cb=-9) for n in "wxyz"], [{"do": "end_phase"}])
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    view = fight.view()
    assert view["phase"] == "party_reorg" and len(view["board"]["party"]) == 3
    assert {"party:2,0", "party:2,1", "party:2,2"} <= set(view["cells"]["C"])
    fight.apply({"do": "move", "unit": "C", "to": [2, 1]})
    assert fight.view()["board"]["party"][2] == [None, "C", None]


# ---- the set-up ---------------------------------------------------------------------------------------------------


def test_the_set_up_offers_every_row_the_rules_accept():
    rows = SYSTEMS["citadel-of-blood"].describe()["rows"]
    assert rows == geometry.MAX_ROWS
    monsters = [mon(f"m{k}", divmod(k, geometry.WIDTH)) for k in range(rows * geometry.WIDTH)]  # every row full
    last = Fight.from_record(record([hero("A0", (0, 1)), hero("B0", (rows - 1, 1))], monsters))
    view = last.view()
    assert [u["row"] for u in view["units"]][:2] == [0, rows - 1] and len(view["board"]["monsters"]) == rows
    try:
        Fight.from_record(record([hero("A0", (0, 1)), hero("B0", (rows, 1))], [mon("m")]))
    except RecordError as refused:
        assert refused.field.endswith("pos")
    else:
        raise AssertionError("a row beyond the set-up's")


def test_fighting_fantasy_sheet_defaults_are_the_rules_defaults():
    defaults = SYSTEMS["fighting-fantasy"].describe()["sheet_defaults"]
    fight = play("fighting-fantasy", {"skill": 10, "stamina": 20, "luck": 9}, [])
    assert defaults == {"gold": FFHero.gold, "flask": FFHero.flask}
    assert defaults == {"gold": fight.view()["hero"]["gold"], "flask": fight.view()["hero"]["flask"]}


# ---- Fighting Fantasy's luck tests --------------------------------------------------------------------------------


def test_a_paragraphs_test_may_be_declined_at_the_cost_the_rules_take():
    for rules, luck in (({"decline_costs_luck": True}, 9), ({"decline_costs_luck": True}, 0), ({}, 9)):
        fight = play("fighting-fantasy", {"skill": 10, "stamina": 20, "luck": luck}, [], rules)
        view = fight.view()
        assert view["can"]["decline"] is view["can"]["luck"] is True
        assert view["decline_cost"] == ff.decline_cost(fight.setup, fight.state)
        event = fight.apply({"do": "luck", "decline": True})
        assert event["cost"] == view["decline_cost"] == (1 if rules and luck else 0)


def test_a_wounds_test_in_combat_is_taken_or_left_not_declined():
    rules = {"luck_in_combat": True}
    fight = play("fighting-fantasy", {"skill": 12, "stamina": 20, "luck": 9},
                 [{"name": "Spy", "skill": 1, "stamina": 20}], rules, [{"do": "round"}])  # fmt: skip
    view = fight.view()
    assert view["can"]["luck"] and view["can"]["combat_luck"]
    assert view["can"]["decline"] is False and fight.state.pending_luck is not None
    fight.apply({"do": "round"})  # left: the next round is fought, the wound stands
    assert fight.state.rounds == 2
