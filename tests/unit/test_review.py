"""The fight's review (pyrules.review): the worth before each action, what each choice cost, what luck gave, the marks
and the words, on the command line and at the JSON boundary."""

from __future__ import annotations

import json
import random

import pytest
from conftest import make_record
from fuzzing import played_records
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pyrules import Fight, api, i18n
from pyrules.__main__ import main
from pyrules.contract import Worth
from pyrules.review import BLUNDER, INACCURACY, MISTAKE, mark, review
from pyrules.systems import SYSTEMS

REVIEWED = [key for key, system in SYSTEMS.items() if system.kind in ("crt", "ff")]  # the books with exact odds
GREY_STAR = {"skill": 10, "endurance": 20, "willpower": 15, "weapon": "staff"}


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def test_every_book_is_reviewed_exactly_with_exact_odds_and_by_simulation_without():
    assert len(REVIEWED) == 4 and len(SYSTEMS) == 5
    for key in SYSTEMS:
        record = {"format": "pyrules-fight", "version": 1, "system": key, **SYSTEMS[key].examples["small"]}
        reply = call(op="review", record=record)
        assert reply["ok"] and reply["rows"] == [] and 0 < reply["start"] <= 1, key  # Almuric beats the orcs
        assert ("simulated" in reply) == (key not in REVIEWED), key


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_records(REVIEWED), st.sampled_from([0.0, 0.0, 0.01, 0.1]))
def test_choice_and_luck_add_up_to_the_result_round_after_round(record, lam):
    """The telescoping sum: every choice and luck, added, is the result less the worth at the start; no choice is
    worth more than the best; the result is the fight's end as the worth weighs it (1 won, coming through alive as
    much by default where the system weighs it, 0 dead) less what the WILLPOWER spent was worth."""
    try:
        fight = Fight.from_record(record)
    except Exception:  # noqa: BLE001 (a set-up the rules refuse: not a fight to review)
        assume(False)
    assume(fight.setup.enemies)  # a paragraph's record has no fight: refused, tested below
    answer = review(fight, {"lambda": lam})
    rows = answer["rows"]
    assert len(rows) == len(fight.actions)
    assume(answer["unknown"] == 0)  # past the exact odds' budget: tested on its own below
    total = sum(row["choice"] + row["luck"] + row["sheet"] for row in rows)
    assert total == pytest.approx(answer["result"] - answer["start"], abs=1e-9)
    for before, after in zip(rows, rows[1:]):
        assert after["before"] == before["after"]
    assert all(row["choice"] <= 1e-12 for row in rows)
    assert all(row["sheet"] == 0.0 for row in rows if row["judged"])
    assert all(row["choice"] == row["luck"] == 0.0 for row in rows if not row["judged"])
    spent = sum(row["cost"] for row in rows)
    final = fight.system.judged_worth(Worth(willpower=lam)).end(fight.state.outcome)  # the default worth's end
    if fight.state.outcome == "ongoing":
        final = rows[-1]["after"] if rows else answer["start"]
    assert answer["result"] == pytest.approx(final + spent, abs=1e-12)
    total = answer["luck"] + answer["choices"] + answer["sheet"]  # the sheet's actions (a potion) change it too
    assert total == pytest.approx(answer["result"] - answer["start"], abs=1e-9)


@pytest.mark.parametrize("key", REVIEWED)
def test_a_fight_where_every_choice_was_the_best_has_no_choice_loss(key):
    rnd = random.Random(key)
    example = SYSTEMS[key].examples["typical"]
    fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": key, **example, "seed": 11})
    values = fight.system.review_values(fight.setup, fight.state, {})
    played = 0
    while fight.state.outcome == "ongoing" and played < 40:
        choices = values.choices(fight.state)
        best = max(choices, key=lambda choice: values.q(fight.state, choice))
        action = fight.system.action_json(best)
        if best.do not in ("vigour",) and SYSTEMS[key].kind == "crt":  # the number the Random Number Table gave
            action["number"] = rnd.randrange(10)
        fight.apply(action)
        played += 1
    answer = review(fight)
    assert played >= 2 and len(answer["rows"]) == played
    assert all(row["choice"] == 0.0 and row["mark"] is None and row["best"] is None for row in answer["rows"])
    assert answer["worst"] is None and "Every choice was the best one." in answer["summary"]


def test_evading_from_a_winning_position_is_a_blunder_where_an_escape_is_worth_nothing():
    """The player says an evasion is worth nothing to them (the record's worth): evading from a sure win is a
    blunder; with the default worth (coming through alive is as good as a win) the same evasion costs nothing."""
    record = make_record("lone-wolf", {"skill": 25, "endurance": 30}, [{"name": "Giak", "skill": 12, "endurance": 30}],
                         {"evade_after": 0}, [{"do": "round", "number": 5}, {"do": "evade", "number": 3}])  # fmt: skip
    answer = review(Fight.from_record({**record, "worth": {"escape": 0}}))
    fought, evaded = answer["rows"]
    assert fought["mark"] is None and fought["choice"] == 0.0
    assert evaded["did"] == "evade" and evaded["best"] == "fight on" and evaded["mark"] == "blunder"
    assert evaded["choice"] == pytest.approx(-evaded["before"])  # an evasion wins nothing
    assert answer["result"] == 0.0 and answer["outcome"] == "evaded" and answer["worth"] == {"escape": 0.0}
    assert "the costliest: evade in round 2, where the best was to fight on" in answer["summary"]
    assert answer["measure"]["kind"] == "win"
    plain = review(Fight.from_record(record))
    assert plain["result"] == 1.0 and all(row["mark"] is None for row in plain["rows"])
    assert plain["measure"]["kind"] == "alive" and plain["worth"] == {}


def test_the_advised_evasion_is_never_marked_and_fighting_on_against_the_advice_is():
    """The panel's advice and the story weigh one worth: where the panel advises evading (coming through alive for
    sure, against 52 % fighting on), the evasion is the best choice in the story, and fighting on instead its
    blunder, whose best is the evasion."""
    helghast = [{"name": "Helghast", "skill": 20, "endurance": 12}]
    record = make_record("lone-wolf", {"skill": 14, "endurance": 8}, helghast, {"evade_after": 0}, [], seed=4)
    panel = call(op="odds", record=record)
    assert panel["evade"]["allowed"] and panel["best"]["do"] == "evade"
    assert panel["best"]["advice"] == "Advice: evade." and panel["best"]["worth"] == 1.0
    fight_on = panel["best"]["choices"][1]["worth"]
    assert panel["best"]["choices"][1]["do"] == "round" and fight_on == pytest.approx(0.52, abs=0.005)
    (evaded,) = review(Fight.from_record({**record, "actions": [{"do": "evade", "number": 7}]}))["rows"]
    assert evaded["choice"] == 0.0 and evaded["mark"] is None and evaded["best"] is None
    (fought,) = review(Fight.from_record({**record, "actions": [{"do": "round", "number": 7}]}))["rows"]
    assert fought["best"] == "evade" and fought["mark"] == "blunder"
    assert fought["before"] + fought["choice"] == pytest.approx(fight_on, abs=1e-12)


def test_spending_one_willpower_where_the_best_spend_is_ten_is_marked():
    hero = {**GREY_STAR}
    record = make_record("grey-star", hero, [{"name": "X", "skill": 22, "endurance": 20}], None,
                         [{"do": "round", "willpower": 1, "number": 5}])  # fmt: skip
    (row,) = review(Fight.from_record(record))["rows"]
    assert row["did"] == "fight on, spending 1 WILLPOWER" and row["best"] == "fight on, spending 10 WILLPOWER"
    assert -row["choice"] >= MISTAKE and row["mark"] in ("mistake", "blunder")


def test_willpower_is_worth_what_lambda_says_and_the_result_counts_it():
    record = make_record("grey-star", GREY_STAR, [{"name": "X", "skill": 12, "endurance": 3}], None,
                         [{"do": "round", "willpower": 2, "number": 9}])  # fmt: skip
    plain, costly = (review(Fight.from_record(record), {"lambda": lam}) for lam in (0.0, 0.1))
    assert plain["result"] == 1.0 and costly["result"] == pytest.approx(1.0 - 0.2)
    assert costly["rows"][0]["cost"] == pytest.approx(-0.2)


def test_testing_luck_where_it_can_only_lose_is_marked():
    """Luck in combat: the hero has just wounded the ОРК (4 → 2); at УДАЧА 2 a test is almost surely unlucky, and an
    unlucky test gives the ОРК a point back: striking on is better by 18 points, a blunder."""
    record = make_record("fighting-fantasy", {"skill": 9, "stamina": 6, "luck": 2},
                         [{"name": "ОРК", "skill": 9, "stamina": 4}], {"luck_in_combat": True},
                         [{"do": "round", "target": 0, "dice": [[6, 6], [1, 1]]},
                          {"do": "luck", "dice": [6, 6]}])  # fmt: skip
    struck, tested = review(Fight.from_record(record))["rows"]
    assert struck["judged"] and struck["choice"] == 0.0 and struck["luck"] > 0  # double six against double one
    assert tested["did"] == "test your luck" and tested["best"] == "strike ОРК"
    assert tested["choice"] == pytest.approx(-0.181, abs=0.001) and tested["mark"] == "blunder"
    assert struck["round"] == tested["round"] == 1  # the test is of round 1's wound, not of the round after it


def test_a_paragraph_without_a_fight_is_not_reviewed_and_says_why():
    hero = {"skill": 9, "stamina": 6, "luck": 9}
    record = make_record("fighting-fantasy", hero, [], None, [{"do": "gold", "amount": 2}])
    reply = call(op="review", record=record)
    assert not reply["ok"] and reply["error"]["field"] == "enemies" and "no enemy" in reply["error"]["message"]


def test_the_sheets_actions_are_not_judged_and_their_change_is_counted_apart():
    record = make_record("fighting-fantasy", {"skill": 9, "stamina": 6, "luck": 9, "max_stamina": 12, "flask": 1},
                         [{"name": "ОРК", "skill": 9, "stamina": 6}], {"flask_in_combat": True},
                         [{"do": "round", "target": 0, "dice": [[1, 1], [6, 6]]}, {"do": "drink"}])  # fmt: skip
    answer = review(Fight.from_record(record))
    struck, drunk = answer["rows"]
    assert not drunk["judged"] and drunk["choice"] == drunk["luck"] == 0.0 and drunk["mark"] is None
    assert drunk["sheet"] == pytest.approx(drunk["after"] - drunk["before"]) and drunk["sheet"] > 0.05
    assert answer["sheet"] == drunk["sheet"] and "which are not judged" in answer["summary"]


def test_a_fight_past_the_exact_odds_budget_is_reviewed_where_it_can_be_and_says_so():
    """Three enemies at once with luck in combat: the first states are past the odds' budget, the later ones not."""
    import pathlib

    fixture = pathlib.Path(__file__).parents[1] / "fixtures" / "fighting-fantasy-three-at-once.json"
    record = json.loads(json.loads(fixture.read_text(encoding="utf-8"))["export"])
    answer = review(Fight.from_record(record))  # the review alone: the request's deadline is the op's
    assert answer["start"] is None and answer["result"] == 1.0
    rows = answer["rows"]
    unknown = answer["unknown"]
    assert 0 < unknown < len(rows) and not any(row["known"] for row in rows[:unknown])
    assert all(row["known"] for row in rows[unknown:])
    assert all(row[key] is None for row in rows[:unknown] for key in ("before", "choice", "luck"))
    total = sum(row["choice"] + row["luck"] + row["sheet"] for row in rows[unknown:])
    assert total == pytest.approx(answer["result"] - rows[unknown]["before"], abs=1e-9)
    assert f"{unknown} actions are past what the exact odds can count" in answer["summary"]


def test_marks_follow_the_thresholds():
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.05, 0.10, 0.15)
    assert [mark(x) for x in (0.0, 0.049, 0.05, 0.099, 0.1, 0.149, 0.15, 0.9)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]  # fmt: skip


def test_the_summary_in_russian():
    record = make_record("grey-star", GREY_STAR, [{"name": "X", "skill": 22, "endurance": 20}], None,
                         [{"do": "round", "willpower": 1, "number": 5}])  # fmt: skip
    with i18n.language("ru"):
        answer = review(Fight.from_record(record))
    assert answer["rows"][0]["did"] == "продолжать бой, тратя 1 ед. СИЛЫ ВОЛИ"
    opening = "Бой продолжается после 1 раунда. Серая Звезда: решения стоили всего 13\u00a0%; самое дорогое: "
    assert answer["summary"].startswith(opening)
    assert "когда лучше было продолжать бой, тратя 10 ед. СИЛЫ ВОЛИ (−13\u00a0%)" in answer["summary"]
    assert "Серая Звезда: случайные числа помогли (+9\u00a0%)." in answer["summary"]


def test_the_command_line_prints_the_table_and_the_summary(tmp_path, capsys):
    actions = [{"do": "round", "willpower": 1, "number": 5}, {"do": "round", "willpower": 10, "number": 2}]
    record = make_record("grey-star", GREY_STAR, [{"name": "X", "skill": 22, "endurance": 20}], None, actions)
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["review", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["round", "before", "done", "choice", "luck", "mark"]
    assert lines[1].startswith("1 ") and "fight on, spending 1 WILLPOWER" in lines[1] and lines[1].endswith("mistake")
    assert lines[2].startswith("2 ") and "fight on, spending 10 WILLPOWER" in lines[2]
    assert lines[3] == "" and "The random numbers went against Grey Star" in lines[4]
    assert main(["review", str(path), "--lambda", "2"]) == 2


def test_a_damaged_record_or_a_bad_lambda_gets_a_clear_error():
    reply = call(op="review", record={"format": "pyrules-fight", "version": 1, "system": "lone-wolf",
                                      "hero": {"skill": "x", "endurance": 20}, "enemies": []})  # fmt: skip
    assert not reply["ok"] and reply["error"]["field"].startswith("hero")
    record = make_record("grey-star", GREY_STAR, [{"name": "X", "skill": 22, "endurance": 20}])
    reply = call(op="review", record=record, **{"lambda": 3})
    assert not reply["ok"] and reply["error"]["field"] == "lambda"


def test_past_the_requests_deadline_the_review_shows_the_end_it_could_compute(monkeypatch):
    """The deadline comes after ten looks at the clock past the rows' own (one a row, made first: every row is shown):
    the states are worked from the last back, so the fight's end is reviewed and its start is not; with no look left
    at all, the review says it is too large."""
    from pyrules import budget as budgets
    from pyrules import review as reviews

    gourgaz = {"name": "Gourgaz", "skill": 16, "endurance": 30}
    record = make_record("lone-wolf", {"skill": 15, "endurance": 28}, [gourgaz], None,
                         [{"do": "round", "number": n} for n in (5, 6, 2, 7, 4, 5)])  # fmt: skip
    looks = iter(range(10**6))

    def check(limit):
        if next(looks) >= limit:
            raise budgets.TooLarge("past the request's deadline")

    monkeypatch.setattr(reviews.budget, "check", lambda: check(len(record["actions"]) + 10))
    answer = review(Fight.from_record(record))
    rows = answer["rows"]
    unknown = answer["unknown"]
    assert 0 < unknown < len(rows) and answer["start"] is None and answer["result"] == 1.0
    assert [row["known"] for row in rows] == [False] * unknown + [True] * (len(rows) - unknown)
    assert f"{unknown} actions are past what the exact odds can count" in answer["summary"]
    looks = iter(range(10**6))
    monkeypatch.setattr(reviews.budget, "check", lambda: check(0))
    with pytest.raises(budgets.TooLarge):
        review(Fight.from_record(record))


def test_the_engines_strengths_key_names_every_field_the_strengths_depend_on():
    """Fighting Fantasy's review keeps one odds chain per set of fighting strengths, found by the engine's key: each
    field of the state changed alone changes the strengths only where it changes the key."""
    from dataclasses import fields, replace

    from pyrules.systems.fighting_fantasy import rules as ff_rules
    from pyrules.systems.fighting_fantasy.odds import FFChain

    system = SYSTEMS["fighting-fantasy"]
    fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": system.key,
                               **system.examples["typical"]})  # fmt: skip
    state, setup = fight.state, fight.setup

    def strengths(s):
        chain = FFChain(setup, s)
        return chain.hero_ways, chain.enemy_ways

    changed = {"skill": state.skill - 2, "strength": not state.strength, "weakened": (0,), "luck": 1, "stamina": 3,
               "enemies": tuple(1 for _ in state.enemies), "rounds": 4, "weapons": ("axe",), "gold": 9}  # fmt: skip
    moved = 0
    for field in fields(state):
        if field.name not in changed:
            continue
        other = replace(state, **{field.name: changed[field.name]})
        if strengths(other) != strengths(state):
            moved += 1
            assert ff_rules.strengths_key(other) != ff_rules.strengths_key(state), field.name
    assert moved == 3  # skill, the Spell of Strength, the Spell of Weakness
