"""One worth for the advice and the story (pyrules.contract.Worth): the Lone Wolf family's best play against a
brute-force search of the engine's own moves, the review's split of every judged step into choice and luck (luck
averaging to zero over the step's random numbers), a fight played by the panel's advice judged without a loss,
and the worth carried in the record."""

from __future__ import annotations

import itertools
import json
import math
import random
from dataclasses import replace

import pytest
from conftest import make_record
from fuzzing import played_records
from hypothesis import HealthCheck, assume, event, given, settings

from pyrules import Fight, api
from pyrules.contract import Outcome, Worth
from pyrules.review import review
from pyrules.systems import SYSTEMS
from pyrules.systems.lonewolf.odds.best import vigour_cost
from pyrules.systems.lonewolf.odds.review import LoneWolfValues

FAMILY = [key for key, system in SYSTEMS.items() if system.kind == "crt"]  # the Lone Wolf family


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def brute(system, setup, state, worth, memo):
    """The best play's worth by plain search over the engine's legal actions and chance outcomes (no chain, no
    table): each action's cost at the worth's rates, then the worth of where each outcome leads."""
    if state.outcome != Outcome.ONGOING:
        return worth.end(state.outcome)
    key = replace(state, draws=0)
    if key not in memo:
        best = -math.inf
        for action in system.legal_actions(setup, state):
            cost = vigour_cost(setup, worth) if action.do == "vigour" else worth.willpower * (action.willpower or 0)
            total = -cost
            for p, outcome in system.chance(setup, state, action):
                total += float(p) * brute(system, setup, system.step(setup, state, outcome)[0], worth, memo)
            best = max(best, total)
        memo[key] = best
    return memo[key]


def small_fight(rng: random.Random, key: str) -> dict:
    """A random small fight of the family, ended by a last round so that plain search terminates, with the section
    rules that open or close an evasion."""
    rules: dict = {"max_rounds": rng.randint(1, 4)}
    if rng.random() < 0.8:
        rules["evade_after"] = rng.randint(0, 2)
        if rng.random() < 0.3:
            rules["evade_when_enemy_at_most"] = rng.randint(2, 6)
        if rng.random() < 0.2:
            rules["evade_until"] = rng.randint(rules["evade_after"] + 1, 4)
    hero = {"skill": rng.randint(10, 22), "endurance": rng.randint(6, 14)}
    if key == "grey-star":
        hero.update(willpower=rng.randint(0, 4), weapon="staff")
    enemies = [{"name": f"E{i}", "skill": rng.randint(10, 22), "endurance": rng.randint(2, 9)}
               for i in range(rng.choice([1, 1, 2]))]  # fmt: skip
    return make_record(key, hero, enemies, rules, seed=rng.randint(0, 99))


WORTHS = [Worth(), Worth(escape=0.0), Worth(escape=0.5), Worth(willpower=0.02, endurance=0.02)]


@pytest.mark.parametrize("key", FAMILY)
def test_the_best_play_is_the_engines_own_by_plain_search(key):
    """Every state of random small fights, under every kind of worth: the tables' worth (:mod:`.best`) is the best
    play plain search finds over the engine's own legal actions: evasions from the round allowed, Vigour once a
    fight, Grey Star's every spend."""
    rng = random.Random(key)
    checked = with_choice = 0
    for trial in range(24):
        fight = Fight.from_record(small_fight(rng, key))
        worth = fight.system.judged_worth(WORTHS[trial % len(WORTHS)])
        values = LoneWolfValues(fight.system, fight.setup, fight.state, worth)
        memo: dict = {}
        state = fight.state
        while state.outcome == Outcome.ONGOING:
            assert values.value(state) == pytest.approx(brute(fight.system, fight.setup, state, worth, memo), abs=1e-9)
            actions = fight.system.legal_actions(fight.setup, state)
            with_choice += len(actions) > 1
            checked += 1
            _, outcome = rng.choice(fight.system.chance(fight.setup, state, rng.choice(actions)))
            state = fight.system.step(fight.setup, state, outcome)[0]
    assert checked >= 12 and with_choice >= 3  # the search met states where more than a round was allowed


def test_banedons_vigour_is_counted_in_fighting_on():
    """Fighting on leaves Vigour to cast later: its worth is the average of the worths after the ten numbers (the
    issue's record: fight on −4.7 %, not a blunder; the number's luck −0.6 %)."""
    record = make_record("lone-wolf", {"skill": 12, "endurance": 28}, [{"name": "X", "skill": 20, "endurance": 18}],
                         None, [{"do": "round", "number": 5}])  # fmt: skip
    answer = review(Fight.from_record(record))
    (row,) = answer["rows"]
    assert row["best"] == "cast Vigour" and row["mark"] is None
    assert row["choice"] == pytest.approx(-0.047185, abs=1e-6) and row["luck"] == pytest.approx(-0.006406, abs=1e-6)
    afters = [review(Fight.from_record({**record, "actions": [{"do": "round", "number": n}]}))["rows"][0]["after"]
              for n in range(10)]  # fmt: skip
    assert math.fsum(afters) / 10 == pytest.approx(row["before"] + row["choice"], abs=1e-12)
    assert math.fsum(afters) / 10 == pytest.approx(0.775606, abs=1e-6)
    assert "costliest" not in answer["summary"] and "within a few points" in answer["summary"]


def played(rng: random.Random, key: str, advised: bool) -> Fight:
    """A fight of the family played to its end (or 30 actions): by the odds panel's advice, or at random."""
    fight = Fight.from_record(small_fight(rng, key) if rng.random() < 0.5 else typical(rng, key))
    for _ in range(30):
        if fight.state.outcome != Outcome.ONGOING:
            break
        legal = fight.system.legal_actions(fight.setup, fight.state)
        if advised:
            reply = call(op="odds", record=fight.record(), table=False, **{"lambda": 0.0})
            best = reply.get("best")  # where the book gives more than a round: Vigour, an evasion
            action = {"do": "round"} if best is None else {"do": best["do"]}
            if action["do"] == "round" and reply.get("policy") and reply["policy"]["spend"]:
                action["willpower"] = reply["policy"]["spend"]  # the spend the page fills in
        else:
            action = fight.system.action_json(rng.choice(legal))
        fight.apply({**action, "number": rng.randint(0, 9)} if action["do"] != "vigour" else action)
    return fight


def typical(rng: random.Random, key: str) -> dict:
    """A fight to the death, with an evasion some rounds in, at a size the review meets at the table."""
    hero = {"skill": rng.randint(12, 20), "endurance": rng.randint(15, 28)}
    if key == "grey-star":
        hero.update(willpower=rng.randint(0, 8), weapon="staff")
    enemies = [{"name": "X", "skill": rng.randint(12, 22), "endurance": rng.randint(8, 24)}]
    return make_record(key, hero, enemies, {"evade_after": rng.randint(0, 3)}, seed=rng.randint(0, 99))


@pytest.mark.parametrize("key", FAMILY)
def test_a_fight_played_by_the_advice_has_no_choice_loss_and_no_mark(key):
    rng = random.Random(f"advised {key}")
    rows = 0
    for _ in range(6):
        fight = played(rng, key, advised=True)
        answer = review(fight, {"lambda": 0.0})
        assert all(row["choice"] == 0.0 and row["mark"] is None for row in answer["rows"] if row["known"])
        assert answer["worst"] is None
        rows += sum(row["known"] for row in answer["rows"])
    assert rows >= 10


@pytest.mark.parametrize("key", FAMILY)
def test_luck_averages_to_zero_over_each_steps_random_numbers(key):
    """For each judged round of random fights: the same action with each of the ten numbers, reviewed; the luck of
    that row averages to zero, its choice is the same for every number and never above zero, and choice + luck is
    the change of worth across it. The review's worth before it is the odds panel's on the record cut there."""
    rng = random.Random(f"luck {key}")
    judged = 0
    for _ in range(4):
        fight = played(rng, key, advised=False)
        record = fight.record()
        for index, action in enumerate(record["actions"][:4]):
            if action["do"] == "vigour" or fight.log[index]["kind"] == "evade_no_round":
                continue
            lucks, choices = [], []
            for number in range(10):
                changed = {**record, "actions": [*record["actions"][:index], {**action, "number": number}]}
                row = review(Fight.from_record(changed))["rows"][index]
                assert row["known"] and row["judged"]
                lucks.append(row["luck"])
                choices.append(row["choice"])
                assert row["choice"] + row["luck"] + row["cost"] == pytest.approx(row["after"] - row["before"],
                                                                                  abs=1e-12)  # fmt: skip
            assert math.fsum(lucks) / 10 == pytest.approx(0.0, abs=1e-12)
            assert max(choices) - min(choices) < 1e-12 and choices[0] <= 1e-12
            cut = {**record, "actions": record["actions"][:index]}
            panel = call(op="odds", record=cut, table=False)
            if "best" in panel:
                assert panel["best"]["worth"] == pytest.approx(row["before"], abs=1e-12)
            judged += 1
    assert judged >= 4


def test_the_worth_is_carried_in_the_record_and_a_bad_one_named():
    record = make_record("lone-wolf", None, None, {"evade_after": 1}, [{"do": "round", "number": 3}])
    fight = Fight.from_record({**record, "worth": {"escape": 0.5, "endurance": 0.01}})
    assert fight.worth == Worth(escape=0.5, endurance=0.01)
    assert fight.record()["worth"] == {"escape": 0.5, "endurance": 0.01}
    assert "worth" not in Fight.from_record(record).record()  # the default: old records stay as they were
    # the record's own parts stand over the page's (a friend's story is judged as its player judged), the page's
    # fill in the others
    asked = call(op="review", record={**record, "worth": {"escape": 0}}, worth={"escape": 1, "endurance": 0.02})
    assert asked["worth"] == {"escape": 0.0, "endurance": 0.02}
    assert review(fight)["worth"] == {"escape": 0.5, "endurance": 0.01}
    for worth, field in (({"escape": 2}, "worth.escape"), ({"escape": "x"}, "worth.escape"),
                         ({"luck": 1}, "worth.luck"), ([1], "worth")):  # fmt: skip
        reply = call(op="review", record={**record, "worth": worth})
        assert not reply["ok"] and reply["error"]["field"] == field, worth
    reply = call(op="odds", record=record, worth={"willpower": -1})
    assert not reply["ok"] and reply["error"]["field"] == "worth.willpower"


def test_a_system_weighs_only_the_parts_of_the_worth_its_choices_can():
    worth = Worth(escape=0.5, willpower=0.1, endurance=0.2)
    assert SYSTEMS["lone-wolf"].judged_worth(worth) == Worth(escape=0.5, willpower=0.0, endurance=0.2)
    assert SYSTEMS["grey-star"].judged_worth(worth) == Worth(escape=0.5, willpower=0.1, endurance=0.0)
    assert SYSTEMS["freeway-warrior"].judged_worth(worth) == Worth(escape=0.5, willpower=0.0, endurance=0.0)
    assert SYSTEMS["fighting-fantasy"].judged_worth(worth) == Worth(escape=0.5, willpower=0.0, endurance=0.0)


def test_past_the_first_states_budget_the_later_rounds_are_still_judged(monkeypatch):
    """A large WILLPOWER: the first state's best play is past its budget (made small here, so that a small fight
    stands for a large one), and each later state is solved from itself: the first rows show "?", the last ones are
    judged, and the review is not refused whole."""
    from pyrules.systems.lonewolf.odds import budgets
    from pyrules.systems.lonewolf.odds.chain import Chain
    from pyrules.systems.lonewolf.odds.willpower import _policy_work

    actions = [{"do": "round", "willpower": 1, "number": n} for n in (4, 2, 7, 1)]
    record = make_record("grey-star", {"skill": 15, "endurance": 25, "willpower": 20, "weapon": "staff"},
                         [{"name": "D", "skill": 20, "endurance": 40}], None, actions)  # fmt: skip
    fight = Fight.from_record(record)
    first, last = (_policy_work(Chain(fight.system, fight.setup, s)) for s in (fight.states[0], fight.states[-2]))
    assert last < first
    monkeypatch.setattr(budgets, "POLICY_CELLS", (first + last) / 2)
    rows = review(fight)["rows"]
    assert rows[0]["before"] is None and rows[-1]["known"] and rows[-1]["judged"]
    assert call(op="review", record=record)["ok"]


REVIEWED = [key for key, system in SYSTEMS.items() if "exact_odds" in system.capabilities]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_records(REVIEWED))
def test_every_judged_step_of_every_reviewed_book_splits_into_choice_and_luck_that_averages_to_zero(record):
    """Random fights of every book reviewed exactly: at each judged step, the luck of each of the engine's chance
    outcomes (its ``chance``: the ten numbers, the dice), weighed by its probability, averages to zero; the choice is
    never above zero; and the worth before it is the odds panel's on the record cut there (the advice's ``best``
    where the book gives more than a round, Grey Star's best spends' worth, else the chance to win fought to the end
    with the best targets and luck tests)."""
    try:
        fight = Fight.from_record(record)
    except Exception:  # noqa: BLE001 (a set-up the rules refuse: not a fight to review)
        assume(False)
    assume(fight.setup.enemies and fight.actions)
    answer = review(fight)
    assume(answer["unknown"] == 0)
    system, judged = fight.system, 0
    averaged: list[int] = []
    values = system.review_values(fight.setup, fight.states[0], {"worth": system.judged_worth(Worth())})
    for row in answer["rows"]:
        assert row["choice"] <= 1e-12
        if not row["judged"]:
            continue
        state = fight.states[row["index"]]
        choice = values.decision(state, system.parse_action(record["actions"][row["index"]], row["index"]))
        q = values.q(state, choice)
        assert row["before"] + row["choice"] == pytest.approx(q, abs=1e-9)
        outcomes = list(itertools.islice(resolved(system, fight.setup, state, choice), 1297))
        if len(outcomes) <= 1296:  # every die of the step (three fighters' dice: too many to step through here)
            mean = math.fsum(float(p) * values.value(system.step(fight.setup, state, outcome)[0])
                             for p, outcome in outcomes)  # fmt: skip
            assert mean + values.reward(state, choice) - q == pytest.approx(0.0, abs=1e-9)  # the luck's mean
            averaged.append(len(outcomes))
        cut = {**record, "actions": record["actions"][: row["index"]]}
        panel = call(op="odds", record=cut, table=False, **{"lambda": 0.0})
        if "best" in panel:  # where the book gives more than a round, or the fight may end alive without a win
            shown = panel["best"]["worth"]
        elif panel.get("policy"):  # Grey Star's best spends
            shown = panel["policy"]["objective"]
        else:  # the best targets and luck tests, fought to the end
            shown = panel["win"]
        assert shown == pytest.approx(row["before"], abs=1e-9)
        judged += 1
    assert judged == sum(row["judged"] for row in answer["rows"])
    event("luck averaged over a step's outcomes" if averaged else "no step small enough to average")


def resolved(system, setup, state, action, p=1):
    """Every outcome of the action's random part, as the engine's sequential chance nodes give them (a round's
    hero's dice, then each enemy's), with its probability: one at a time, so that a caller can stop early (four
    fighters' dice are 36^4 outcomes)."""
    nodes = system.chance(setup, state, action)
    if nodes == [(1, action)]:
        yield p, action
        return
    for q, node in nodes:
        yield from resolved(system, setup, state, node, p * q)


def test_the_panel_gives_the_worth_where_a_section_may_stop_the_fight():
    """A fight the section stops after a round: coming through it alive counts as much as a win, so its worth is
    the chance of not dying, which the panel's ``best`` gives beside the chance to win (the story's number)."""
    record = make_record("lone-wolf", {"skill": 0, "endurance": 1}, [{"name": "E", "skill": 0, "endurance": 11}],
                         {"max_rounds": 1}, [])  # fmt: skip
    panel = call(op="odds", record=record)
    assert panel["best"]["worth"] == pytest.approx(panel["win"] + panel["ended"], abs=1e-12) and panel["ended"] > 0
    assert [c["do"] for c in panel["best"]["choices"]] == ["round"]  # no choice: the page shows no advice
    row = review(Fight.from_record({**record, "actions": [{"do": "round", "number": 5}]}))["rows"][0]
    assert row["before"] == pytest.approx(panel["best"]["worth"], abs=1e-12)


def test_a_share_link_carries_the_worth_its_player_chose_and_nothing_by_default():
    """The page sends the choices that differ from its defaults; the link's record carries those its book weighs, so
    the friend's story is judged as the player's; with the defaults, the link is the fight's record as it is."""
    record = make_record("grey-star", {"skill": 15, "endurance": 20, "willpower": 5, "weapon": "staff"},
                         None, {"evade_after": 1}, [{"do": "round", "willpower": 1, "number": 4}])  # fmt: skip
    session = call(op="start", record=record)["session"]

    def shared(**chosen):
        code = call(op="share", session=session, **chosen)["code"]
        return call(op="open_link", code=code)["record"]

    assert shared(worth={}) == Fight.from_record(record).record()
    assert shared(worth={"escape": 0.5, "endurance": 0.03}, **{"lambda": 0.03})["worth"] == {
        "escape": 0.5, "willpower": 0.03}  # fmt: skip (Grey Star casts no Vigour: its ENDURANCE is not weighed)
    friend = shared(worth={"escape": 0.0})
    assert review(Fight.from_record(friend), {"worth": {"escape": 1.0}})["worth"] == {"escape": 0.0}
    ff = call(op="start", record=make_record("fighting-fantasy", {"skill": 9, "stamina": 8, "luck": 7},
                                             [{"name": "O", "skill": 7, "stamina": 4}]))["session"]  # fmt: skip
    code = call(op="share", session=ff, worth={"escape": 0.5, "endurance": 0.03})["code"]
    assert call(op="open_link", code=code)["record"]["worth"] == {"escape": 0.5}  # its escape, as an evasion
