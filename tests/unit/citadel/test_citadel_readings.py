"""Citadel of Blood where the text leaves a choice open: an empty first row, the readings this app makes (9.1,
9.2.2, 9.2.5, 9.3) and where the player sees them; the package by concern (the phase table, the board's geometry,
legal actions and chance)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from citadel_cases import (
    THREE,
    TWO,
    attack,
    cob,
    front_monster_killed,
    hero,
    kill_front,
    legal_actions,
    mon,
    random_fights,
    record,
    refused,
    to_monster_phase,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from pyrules import Fight, RecordError, api
from pyrules.i18n import language
from pyrules.systems.citadel import CitadelOfBlood, geometry, rules
from pyrules.systems.citadel.combat import front_row
from pyrules.systems.citadel.phases import ACTION_LABELS, PHASE, PHASE_LABELS, PHASE_OF, PHASES, following
from pyrules.systems.citadel.record import ACTION_FIELDS, CitadelAction, unit_id

# ---- an empty first row, and the choices the text leaves open -----------------------------------------


def front_row_dies(rules=None, seed=0):
    """The issue's case: A stepped back to the third row, B (1 Wound Point) alone in front; the troll kills B."""
    party = [hero("A0", (2, 1)), hero("B0", (0, 0), wp=1)]
    fight = cob(party, [{"monster": "troll"}], rules=rules, seed=seed)
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 6})
    assert fight.log[-1]["killed"] and fight.view()["board"]["party"][0] == [None, None, None]
    return fight


def test_9_0_with_the_first_row_empty_a_character_must_move_forward():
    fight = front_row_dies()
    view = fight.view()
    assert view["phase"] == "party_reorg" and view["next"]["kinds"] == ["move"] and view["next"]["forced"]
    assert view["moves"] == {"A": [[1, 0], [1, 1], [1, 2]]}  # forward only, straight or diagonally (9.8.3)
    assert "9.0" in view["forced_rule"] and "forward" in view["forced_rule"]
    refused(fight, {"do": "pass"}, "9.0", "no character stands in the first row", "must move forward")
    refused(fight, {"do": "move", "unit": "A", "to": [2, 0]}, "9.0", "must move forward")
    fight.apply({"do": "move", "unit": "A", "to": [1, 1]})
    assert any("9.0" in note for note in fight.log[-1]["notes"])
    # round 2: A in the second row holds a sword: nothing to do but come forward again
    assert fight.state.round == 2 and fight.view()["targets"] == {}
    fight.apply({"do": "end_phase"})
    assert fight.state.phase == "party_reorg" and fight.view()["moves"] == {"A": [[0, 0], [0, 1], [0, 2]]}
    fight.apply({"do": "move", "unit": "A", "to": [0, 1]})
    assert fight.view()["targets"] == {"A": ["1"]}  # round 3: the combat goes on, face to face
    fight.apply(attack("A", "1", die=6))
    assert fight.log[-1]["target"] == "1"


def test_9_8_4_applies_only_with_exactly_one_character_in_the_first_row():
    # one in front, none in the second row: 9.8.4 as written allows no move, and none is needed to fight on
    fight = to_monster_phase(cob([hero("a", (0, 1)), hero("b", (2, 1))], [mon("m", wp=40, cb=-9)]))
    fight.apply({"do": "monster", "die": 1})
    assert fight.state.phase == "party" and fight.state.round == 2 and fight.view()["forced_rule"] is None


def test_9_0_an_empty_first_row_with_the_second_row_taken_moves_up_from_it_or_behind():
    party = [hero("A0", (0, 1), wp=1), hero("B0", (1, 0)), hero("C0", (1, 1)), hero("D0", (2, 2))]
    fight = cob(party, [mon("m", wp=40, cb=9)])
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 6})
    moves = fight.view()["moves"]
    assert moves == {"B": [[0, 0], [0, 1]], "C": [[0, 0], [0, 1], [0, 2]], "D": [[1, 2]]}
    fight.apply({"do": "move", "unit": "D", "to": [1, 2]})  # forward, though not yet into the first row
    assert fight.view()["board"]["party"] == [[None, None, None], ["B", "C", "D"]]


def test_9_1_a_party_with_no_one_in_the_first_row_is_refused():
    with pytest.raises(RecordError) as error:
        cob([hero("A0", (1, 0)), hero("B0", (2, 1), weapons=["bow"])], [mon("m")])
    assert error.value.field == "hero.party[0].pos" and error.value.label == "Place in the march order"
    assert "9.1" in str(error.value) and "9.2" in str(error.value) and "first row" in str(error.value)
    with pytest.raises(RecordError, match=r"hero.party\[1\].pos"):  # the one nearest the front is named
        cob([hero("A0", (2, 0)), hero("B0", (1, 2))], [mon("m")])
    assert cob([hero("A0", (1, 0)), hero("B0")], [mon("m")]).view()["board"]["party"] == [
        ["B", None, None],
        ["A"] + [None] * 2,
    ]


def test_9_1_the_refusal_crosses_the_boundary_naming_the_field_in_russian():
    data = record([hero("A0", (1, 1))], [mon("m")])
    reply = json.loads(api.call(json.dumps({"op": "start", "record": data, "lang": "ru"})))
    assert reply["ok"] is False and reply["error"]["field"] == "hero.party[0].pos"
    assert reply["error"]["label"] == "Место в походном порядке" and "первом ряду" in reply["error"]["message"]


def random_play(fight, seed, limit):
    """Plays random legal actions (hypothesis' seed) until the combat ends; returns the number of actions."""
    import random

    chooser = random.Random(seed)
    for n in range(limit):
        if fight.state.outcome != "ongoing":
            return n
        options = legal_actions(fight.view())
        while True:
            try:
                fight.apply(chooser.choice(options))
                break
            except RecordError:
                continue  # a weapon that cannot be used from there: another choice
    return limit


@given(
    rows=st.lists(st.tuples(st.integers(1, 3), st.integers(0, 2)), min_size=1, max_size=4, unique=True),
    monsters=st.lists(st.tuples(st.integers(1, 6), st.sampled_from([None, "bow", "sword"])), min_size=1, max_size=5),
    hellgate=st.booleans(),
    seed=st.integers(0, 10**6),
)
@settings(max_examples=40, deadline=None)
def test_9_0_from_an_empty_first_row_every_legal_play_reaches_the_end(rows, monsters, hellgate, seed):
    """The front row dies at once; the others stand anywhere behind it. Every monster wounds when it strikes
    (Combat Bonus 5: 6 or more on the table), the party must come forward (one row a round, at most 3 x 4 moves), no
    one in front may step back to leave the front empty (9.8.4, 9.8.5), so random play ends within a bound."""
    party = [hero("F", (0, 1), wp=1)] + [
        hero(f"P{k}", pos, wp=3, weapons=["sword", "bow"]) for k, pos in enumerate(rows)
    ]
    enemies = [mon(f"m{k}", wp=wp, cb=5, weapon=w) for k, (wp, w) in enumerate(monsters)]
    fight = cob(party, enemies, rules={"hellgate": hellgate}, seed=seed)
    fight.apply({"do": "end_phase"})
    while fight.state.pos[0] is not None:
        fight.apply({"do": fight.view()["next"]["kinds"][0], "die": 6})  # the front-row monsters kill F
    assert fight.state.outcome != "ongoing" or not front_row(fight.setup, fight.state, True)
    n = random_play(fight, seed, 3000)
    assert fight.state.outcome in ("won", "lost"), (n, fight.view()["board"])


def test_9_0_the_simulation_plays_on_from_an_empty_first_row_to_the_end():
    from pyrules import odds

    fight = front_row_dies()
    estimate = odds.MonteCarlo(fight.system, fight.setup, fight.state, max_rounds=2000).run(20)
    assert estimate["runs"] == 20 and estimate["wins"] + round(estimate["lose"] * 20) == 20
    assert estimate["rounds"] < 100


def ninth_round_full_first_row():
    """9.8.2: three monsters in the first row, a gap in the second and one behind it (from the test above)."""
    fight = front_monster_killed()
    fight.apply({"do": "monster_move", "unit": "5"})
    fight.apply({"do": "end_phase"})
    while fight.state.phase == "monster":
        fight.apply({"do": "monster", "die": 1})
    fight.apply({"do": "pass"})
    assert fight.view()["monster_moves"] == {"7": [[1, 1]]}
    return fight


def test_9_8_2_the_monsters_may_stay_when_the_first_row_holds_three():
    fight = ninth_round_full_first_row()
    view = fight.view()
    assert view["next"] == {"kinds": ["monster_move", "monster_pass"], "unit": "7", "forced": False}
    board = view["board"]["monsters"]
    fight.apply({"do": "monster_pass"})
    assert fight.state.phase == "party" and fight.state.round == 3 and fight.view()["board"]["monsters"] == board
    assert fight.log[-1]["kind"] == "monster_pass" and "9.8.2" in fight.log[-1]["notes"][0]
    assert Fight.from_record(fight.record()).state == fight.state  # the new action lives in the record


def test_9_8_1_the_monsters_may_not_stay_when_the_first_row_has_a_gap():
    fight = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])
    assert fight.view()["next"] == {"kinds": ["monster_move"], "unit": "4", "forced": True}
    refused(fight, {"do": "monster_pass"}, "9.8.1")
    refused(cob(THREE, [mon("m")]), {"do": "monster_pass"}, "9.2: this is the Party Combat phase")


def test_9_8_the_monster_that_moves_by_default_is_named_and_any_allowed_one_may_be_chosen():
    party = [hero("a", (0, 0), cb=-9), hero("b", (0, 1), cb=20), hero("c", (0, 2), cb=-9)]
    front = [mon("x", (0, 0), cb=-9, wp=30), mon("y", (0, 1), cb=-9, wp=5), mon("z", (0, 2), cb=-9, wp=30)]
    behind = [mon(n, (1, c), cb=-9, wp=5) for c, n in enumerate("pqr")]

    def to_reorg():
        fight = cob(party, [*front, *behind])
        fight.apply(attack("B", "2", die=6))
        fight.apply({"do": "end_phase"})
        while fight.state.phase == "monster":
            fight.apply({"do": "monster", "die": 1})
        fight.apply({"do": "pass"})
        return fight

    fight = to_reorg()
    assert fight.view()["next"]["unit"] == "4"  # the page names the one that moves by default
    fight.apply({"do": "monster_move"})
    assert fight.log[-1]["unit"] == "4" and fight.log[-1]["notes"][0].startswith("9.8")
    assert fight.log[-1]["notes"][0].endswith(": p")
    chosen = to_reorg()
    chosen.apply({"do": "monster_move", "unit": "6"})
    assert chosen.log[-1]["unit"] == "6" and chosen.log[-1]["notes"] == []


def test_9_6_a_bow_armed_monster_in_the_first_row_strikes_in_the_monster_column_with_a_note():
    fight = to_monster_phase(cob([hero("A0", (0, 1), wp=40)], [mon("archer", cb=3, weapon="bow")]))
    fight.apply({"do": "monster", "die": 6})
    row = fight.log[-1]
    assert row["column"] == "monster" and any("9.5" in note and "Monster column" in note for note in row["notes"])
    front = [mon("a", (0, 0)), mon("b", (0, 1)), mon("c", (0, 2))]
    behind = to_monster_phase(cob(THREE, [*front, mon("archer", (1, 0), weapon="bow")]))
    for _ in range(4):
        behind.apply({"do": "monster", "die": 1, "target_die": 1})
    assert behind.log[-1]["column"] == "bow" and behind.log[-1]["notes"] == []


def test_9_3_an_attacker_with_no_enemy_directly_in_front_gets_a_note():
    fight = cob(THREE, [mon("MA", wp=40), mon("MB", wp=40)])  # monsters in the first and third spaces
    fight.apply(attack("A", "1"))
    assert fight.log[-1]["notes"] == []  # A faces monster 1
    fight.apply(attack("B", "2"))
    assert any("9.3" in note and "nearest" in note for note in fight.log[-1]["notes"])
    # monsters 1 2 3 against characters in the first and third spaces: the middle monster rolls between them
    flanks = to_monster_phase(cob([hero("A0", (0, 0)), hero("C0", (0, 2))], [mon(n, wp=40) for n in "xyz"]))
    flanks.apply({"do": "monster", "die": 1})
    assert flanks.log[-1]["notes"] == []
    flanks.apply({"do": "monster", "die": 1, "target_die": 5})
    row = flanks.log[-1]
    assert row["choices"] == ["A", "B"] and row["target"] == "B"
    assert any("9.3" in note and "die" in note for note in row["notes"])


def test_9_2_3_the_hellgate_may_cast_fewer_than_three_blasts():
    party = [hero("A0", (0, 0)), hero("B0", (0, 2))]
    fight = cob(party, [mon("m", wp=40, cb=-9)], rules={"hellgate": True})
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1})
    assert fight.view()["next"] == {"kinds": ["hellgate", "hellgate_pass"], "unit": "hellgate", "forced": False}
    fight.apply({"do": "hellgate", "die": 1, "target_die": 1})
    fight.apply({"do": "hellgate_pass"})
    assert fight.state.phase == "party_reorg" and fight.log[-1]["kind"] == "hellgate_pass"
    assert "9.2.3" in fight.log[-1]["notes"][0]
    fight.apply({"do": "pass"})
    fight.apply({"do": "end_phase"})
    fight.apply({"do": "monster", "die": 1})
    assert fight.view()["blasts_left"] == 3  # a new Hellgate phase: three again
    refused(fight, {"do": "pass"}, "9.2")
    refused(cob(party, [mon("m")]), {"do": "hellgate_pass"}, "9.2: this is the Party Combat phase")
    assert Fight.from_record(fight.record()).state == fight.state


def test_9_2_3_the_combat_is_won_with_the_hellgate_still_standing():
    won = cob([hero("A0", (0, 1), cb=6)], [mon("m", wp=2)], [attack("A", "1", die=6)], rules={"hellgate": True})
    assert won.state.outcome == "won" and any("9.2.3" in note for note in won.log[-1]["notes"])
    plain = cob([hero("A0", (0, 1), cb=6)], [mon("m", wp=2)], [attack("A", "1", die=6)])
    assert plain.log[-1]["notes"] == ["m: off the board"]


def test_the_new_actions_have_labels_and_russian_notes():
    kinds = CitadelOfBlood.action_kinds()
    assert kinds["monster_pass"] == "The monsters stay" and kinds["hellgate_pass"] == "The Hellgate casts no more"
    with language("ru"):
        fight = cob([hero("A0", (0, 1), cb=6)], [mon("Крыса", wp=2)], [attack("A", "1", die=6)])
        assert fight.log[-1]["notes"] == ["Крыса: вне поля"]
        stuck = front_row_dies()
        with pytest.raises(RecordError) as error:
            stuck.apply({"do": "move", "unit": "B", "to": [1, 0]})
        assert "9.7: B0: вне боя" in str(error.value)
        twice = cob(TWO, [mon("m", wp=40)], [attack("A", "1")])
        refused(twice, attack("A", "1"), "9.4: A0: ход в этой фазе")  # not «A0 уже действовал»


# ---- the package by concern: the phase table, the board's geometry, legal actions and chance -----------


def test_the_phase_table_names_every_kind_of_action_once_and_the_rules_follow_it():
    kinds = [kind for phase in PHASES for kind in phase.kinds]
    assert len(kinds) == len(set(kinds)) == len(ACTION_LABELS)
    assert set(kinds) == set(ACTION_LABELS) == set(ACTION_FIELDS) == set(rules.HANDLERS)
    assert list(rules.ACTORS) == [phase.key for phase in PHASES] == list(PHASE_LABELS)
    order = [following(phase.key) for phase in PHASES]  # a round goes through every phase once, then begins again
    assert order == [(later.key, False) for later in PHASES[1:]] + [(PHASES[0].key, True)]
    # the page's words for the kinds and phases are the table's
    described = CitadelOfBlood.describe()
    assert list(described["actions"]) == list(ACTION_LABELS) and list(described["phases"]) == list(PHASE_LABELS)


ORDER = [phase.key for phase in PHASES]


def mirrored(pos):
    return tuple(None if p is None else (p[0], 2 - p[1]) for p in pos)


@st.composite
def boards(draw):
    """Any board: a party and monsters on distinct spaces of their sides (some dead), not only reachable ones."""
    spaces = [(r, c) for r in range(4) for c in range(3)]
    party = draw(st.lists(st.sampled_from(spaces), min_size=1, max_size=6, unique=True))
    monsters = draw(st.lists(st.sampled_from(spaces), min_size=1, max_size=9, unique=True))
    pos = [draw(st.sampled_from([p, p, p, None])) for p in party + monsters]
    return tuple(pos), len(party)


@given(boards())
@settings(max_examples=150, deadline=None)
def test_the_geometry_is_a_pure_function_of_the_board_the_same_seen_in_a_mirror(board):
    """9.3 and 9.8 say nothing of left and right: mirroring the board (column c to 2 - c) mirrors whom each unit may
    strike (in column order, so reversed), where each character may move, and which monster may move where."""
    pos, party = board
    flipped = mirrored(pos)
    for i, p in enumerate(pos):
        if p is not None:
            choices, unfaced = geometry.targets(pos, party, i)
            assert geometry.targets(flipped, party, i) == (choices[::-1], unfaced)

    def flip(moves):
        return {i: sorted((r, 2 - c) for r, c in spaces) for i, spaces in moves.items()}

    assert geometry.party_moves(flipped, party) == flip(geometry.party_moves(pos, party))
    assert flip(geometry.monster_moves(flipped, party)) == {
        i: sorted(spaces) for i, spaces in geometry.monster_moves(pos, party).items()
    }
    assert geometry.monsters_may_stay(flipped, party) == geometry.monsters_may_stay(pos, party)


def leaves(setup, state, action):
    """The chance tree of one action (sequential dice) to its leaves: [(probability, action with every die typed)]."""
    chances = CitadelOfBlood.chance(setup, state, action)
    assert sum(p for p, _ in chances) == 1 and all(p > 0 for p, _ in chances)
    if chances == [(1, action)]:
        return chances
    return [(p * q, leaf) for p, resolved in chances for q, leaf in leaves(setup, state, resolved)]


def some_action(setup, state, pick):
    """A random action of the phase's kinds, often not allowed now (a dead unit, a target out of reach, a space far
    away), sometimes written differently from the legal ones (no target or weapon, a default monster)."""
    r = random.Random(pick)
    ids = [unit_id(setup, i) for i in range(setup.size)]
    return CitadelAction(
        r.choice(PHASE[state.phase].kinds),
        unit=r.choice([None, *ids]),
        target=r.choice([None, *ids]),
        weapon=r.choice([None, 0, 1]),
        to=(r.randrange(4), r.randrange(3)),
    )


@st.composite
def bloody_fights(draw):
    """A party of 1-6 anywhere (someone in front) against 1-9 weak monsters, so that front rows die and both sides
    reorganize within a few rounds."""
    spaces = draw(
        st.lists(st.sampled_from([(r, c) for r in range(3) for c in range(3)]), min_size=1, max_size=6, unique=True)
    )
    weapons = st.sampled_from([["sword", "dagger"], ["axe", "throwing_dagger"], ["bow", "dagger"], ["bow"], ["hammer"]])
    party = [
        hero(f"P{k}", pos, wp=draw(st.integers(4, 12)), cb=draw(st.integers(0, 6)), weapons=draw(weapons))
        for k, pos in enumerate(spaces)
    ]
    if not any(p["pos"][0] == 0 for p in party):
        party[0]["pos"] = [0, next(c for c in range(3) if [0, c] not in [p["pos"] for p in party])]
    enemies = [
        mon(
            f"m{k}",
            wp=draw(st.integers(1, 6)),
            cb=draw(st.integers(-2, 4)),
            weapon=draw(st.sampled_from([None, "bow", "axe"])),
        )
        for k in range(draw(st.integers(1, 9)))
    ]
    return cob(party, enemies, rules={"hellgate": draw(st.booleans())}, seed=draw(st.integers(0, 10**6)))


@given(
    st.one_of(random_fights().map(lambda case: case[0]), bloody_fights()),
    st.lists(st.integers(0, 10**6), min_size=40, max_size=150),
)
@settings(max_examples=50, deadline=None)
def test_legal_actions_are_what_step_accepts_and_chance_lists_every_die(fight, picks):
    """In positions reached by random legal play: every legal action is accepted by step, and every action step
    accepts is a legal one (or the same move written differently: a default target, weapon or monster); chance's
    probabilities sum to 1 for every legal action; its tree, die after die, ends in actions whose every die is typed
    (stepping them draws nothing from the seed), and the step that draws its dice from the seed is one of its leaves.
    The phases go as the table says: each action in its kind's phase, and a kind that ends its phase ends it."""
    system, setup, state = CitadelOfBlood, fight.setup, fight.state
    for pick in picks:
        legal = system.legal_actions(setup, state)
        if state.outcome != "ongoing":
            assert legal == []
            break
        assert legal and {a.do for a in legal} <= set(PHASE[state.phase].kinds)
        after = {a: system.step(setup, state, a)[0] for a in legal}  # every legal action is accepted
        for action in legal:
            assert sum(p for p, _ in system.chance(setup, state, action)) == 1
        other = some_action(setup, state, pick)
        if rules.allowed(setup, state, other):
            reached = system.step(setup, state, other)[0]
            same = [a for a in legal if a.do == other.do and system.step(setup, state, a)[0] == reached]
            assert same, other
        pool = [a for a in legal if a.do == "attack"] if pick % 4 else []  # mostly attacks: front rows die
        pool = pool or legal
        action = pool[pick // 4 % len(pool)]
        tree = leaves(setup, state, action)
        assert sum(p for p, _ in tree) == 1
        outcomes = {}
        for p, leaf in tree:
            resolved, _ = system.step(setup, state, leaf)
            assert resolved.draws == state.draws
            outcomes[resolved] = outcomes.get(resolved, 0) + p
        drawn = after[action]
        assert replace(drawn, draws=state.draws) in outcomes
        before = state
        state, event = system.step(setup, state, tree[pick % len(tree)][1])
        phase = PHASE_OF[event["kind"]]
        assert event["phase"] == phase.key == before.phase  # the machine follows the table
        if phase.ends(event["kind"]):  # a pass, or the one move of a reorganization, ends its phase
            assert (state.round, ORDER.index(state.phase)) > (before.round, ORDER.index(before.phase))


def test_chance_rolls_the_dice_each_rule_rolls_and_no_other():
    def dice(fight, **action):
        chances = CitadelOfBlood.chance(fight.setup, fight.state, CitadelOfBlood.parse_action(action, 0))
        resolved = [CitadelOfBlood.action_json(a) for _, a in chances]
        return [p for p, _ in chances], [{k: a[k] for k in ("target_die", "die") if k in a} for a in resolved]

    sixth = [Fraction(1, 6)] * 6
    fight = cob(THREE, [mon("m", wp=40)])
    assert dice(fight, do="attack", unit="A", target="1") == (sixth, [{"die": d} for d in range(1, 7)])  # 9.5
    assert dice(fight, do="attack", unit="A", target="1", die=3) == ([1], [{"die": 3}])  # typed: nothing left
    assert dice(fight, do="hold", unit="A") == ([1], [{}]) and dice(fight, do="end_phase") == ([1], [{}])
    alone = to_monster_phase(fight)  # 9.3: a monster alone rolls for its target among three, then its attack
    assert dice(alone, do="monster") == (sixth, [{"target_die": d} for d in range(1, 7)])
    assert dice(alone, do="monster", target_die=5) == (sixth, [{"target_die": 5, "die": d} for d in range(1, 7)])
    facing = to_monster_phase(cob(THREE, [mon(n, wp=40) for n in "xyz"]))  # one target each: only the attack's die
    assert dice(facing, do="monster") == (sixth, [{"die": d} for d in range(1, 7)])
    hellgate = cob([hero("A0", (0, 0)), hero("B0", (0, 2))], [mon("m", wp=40, cb=-9)], rules={"hellgate": True})
    hellgate.apply({"do": "end_phase"})
    hellgate.apply({"do": "monster", "die": 1, "target_die": 1})
    assert dice(hellgate, do="hellgate")[1] == [{"target_die": d} for d in range(1, 7)]  # 9.2.3: the first row
    assert dice(hellgate, do="hellgate_pass") == ([1], [{}])


def test_chance_rolls_where_a_monster_moves_only_among_several_spaces():
    party = [hero("a", (0, 0), cb=20), hero("b", (0, 1), cb=-9), hero("c", (0, 2), cb=20)]
    front = [mon("x", (0, 0), wp=5, cb=-9), mon("y", (0, 1), wp=30, cb=-9), mon("z", (0, 2), wp=5, cb=-9)]
    actions = [attack("A", "1", die=6), attack("C", "3", die=6), {"do": "end_phase"}, {"do": "monster", "die": 1}]
    fight = cob(party, [*front, mon("w", (1, 1), wp=5, cb=-9)], [*actions, {"do": "pass"}])
    assert fight.view()["monster_moves"] == {"4": [[0, 0], [0, 2]]}  # 9.8.3: two spaces, a die decides
    for action in ({"do": "monster_move"}, {"do": "monster_move", "unit": "4"}):
        chances = CitadelOfBlood.chance(fight.setup, fight.state, CitadelOfBlood.parse_action(action, 0))
        assert [(p, a.die) for p, a in chances] == [(Fraction(1, 6), d) for d in range(1, 7)]
    one_space = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])  # one space: no die
    action = CitadelOfBlood.parse_action({"do": "monster_move"}, 0)
    assert CitadelOfBlood.chance(one_space.setup, one_space.state, action) == [(1, action)]


# ---- 9.8 with a gap in the first row that no second-row monster can reach ------------------------------


def gap_no_one_can_fill():
    """The issue's record: three characters in the first row against seven monsters of 5 Wound Points, the party
    killing 1, 4 and 5 in turn at [0, 0]. The first row is left with two and the gap at [0, 0]; the only second-row
    monster stands at [1, 2] and cannot reach it (9.8.3: one column at most; 9.8.4: not within its row)."""
    party = [hero("a", (0, 0), cb=20), hero("b", (0, 1), cb=-9), hero("c", (0, 2), cb=-9)]
    fight = cob(party, [mon(f"m{i}", wp=5, cb=-9) for i in range(1, 8)])
    for target in ("1", "4", "5"):
        fight.apply(attack("A", target, die=6))
        fight.apply({"do": "end_phase"})
        while fight.state.phase == "monster":
            fight.apply({"do": "monster", "die": 1})
        fight.apply({"do": "pass"})
        if target != "5":
            fight.apply({"do": "monster_move"})  # the left-most that may fill [0, 0] from the second row
    return fight


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_9_8_a_gap_no_second_row_monster_can_reach_is_filled_by_the_written_reading_of_9_2_5(lang):
    """9.8.1 asks a second-row monster to fill the first row, and none can; 9.8.2 applies only to a full first row.
    The app reads 9.2.5 ("one monster (only) must be moved forward to fill a space in the march order closest to the
    character march order") as moving a third-row monster up to the nearest space it can reach, and says so in the log
    where it happens and in the refusal of "the monsters stay"."""
    fight = gap_no_one_can_fill()
    assert fight.view()["board"]["monsters"] == [[None, "2", "3"], [None, None, "6"], [None, "7", None]]
    assert fight.view()["monster_moves"] == {"7": [[1, 0], [1, 1]]}
    with language(lang):
        why = refused(fight, {"do": "monster_pass"})
        fight.apply({"do": "monster_move", "unit": "7", "die": 1})
    reading = {"en": "9.2.5 as this app reads it", "ru": "9.2.5 в прочтении приложения"}[lang]
    assert reading in why.message
    assert any(reading in note for note in fight.log[-1]["notes"]), fight.log[-1]
    assert fight.log[-1]["to"] == [1, 0]


def test_9_8_1_a_gap_a_second_row_monster_fills_has_no_note():
    fight = kill_front(5, [mon("w", (1, 1), wp=5, cb=-9)])
    fight.apply({"do": "monster_move"})
    assert fight.log[-1]["notes"] == []


# ---- readings of 9.1, 9.2.2 and 9.3 written where the player sees them ----------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_9_3_an_attacker_with_an_enemy_directly_in_front_may_strike_a_farther_one_the_apps_reading_said(lang):
    """9.3's sentence ("each must attack the enemy in its front unless there is more than one enemy at an equal
    distance") against its example (1 2 3 against A B: B strikes 2 or 3): the app follows the example, and says so
    beside the controls of the phases where it applies (describe()["readings"]), not in the log (logs as before)."""
    fight = cob([hero("A0", (0, 0)), hero("B0", (0, 1))], [mon(n, wp=40) for n in "xyz"])
    assert fight.view()["targets"]["B"] == ["2", "3"]  # 2 directly in front of B, 3 farther
    fight.apply(attack("B", "3"))
    assert fight.log[-1]["notes"] == []
    # a lone monster at [0, 0] (the others dead) between A in front of it and B two spaces away: a die picks
    party = [hero("A0", (0, 0), cb=20, wp=40), hero("C0", (0, 2), cb=20, wp=40)]
    lone = cob(party, [mon("x", wp=40, cb=-9), mon("y", wp=1, cb=-9), mon("z", wp=1, cb=-9)])
    lone.apply(attack("A", "2", die=6))
    lone.apply(attack("B", "3", die=6))  # both have attacked: the Monster Combat phase comes by itself
    assert lone.view()["board"]["monsters"][0] == ["1", None, None]
    lone.apply({"do": "monster", "die": 1, "target_die": 6})
    assert lone.log[-1]["choices"] == ["A", "B"]
    reading = {"en": "9.3 as this app reads its examples", "ru": "9.3 в прочтении приложения по его примерам"}[lang]
    with language(lang):
        assert CitadelOfBlood.describe()["readings"]["attack"].startswith(reading)


def test_9_2_2_the_order_of_the_monsters_is_the_apps_reading_said_beside_the_phase_not_in_the_log():
    fight = to_monster_phase(cob(THREE, [mon(n, wp=40, cb=-9) for n in "xyz"]))
    for _ in range(3):
        fight.apply({"do": "monster", "die": 1})
    assert [row["unit"] for row in fight.log[-3:]] == ["1", "2", "3"]  # left to right
    assert not any("9.2.2" in note for row in fight.log for note in row.get("notes", []))  # logs as before
    for lang, words in (("en", "9.2.2 as this app reads it"), ("ru", "9.2.2 в прочтении приложения")):
        with language(lang):
            assert CitadelOfBlood.describe()["readings"]["monster"].startswith(words)
