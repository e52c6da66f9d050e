"""The fight record format, its validation (errors name the field) and the CLI."""

from __future__ import annotations

import json

import pytest
from conftest import make_record, play, rounds
from hypothesis import given, settings
from hypothesis import strategies as st

from pyrules import Fight, RecordError, api, fight
from pyrules.__main__ import main

ISSUE_EXAMPLE = {
    "format": "pyrules-fight",
    "version": 1,
    "system": "grey-star",
    "hero": {"skill": 15, "endurance": 24, "willpower": 23, "weapon": "staff"},
    "enemies": [{"name": "Deathgaunt", "skill": 20, "endurance": 30}],
    "rules": {"evade_after": 2},
    "seed": 7,
    "actions": [{"do": "round", "willpower": 2, "number": 6}, {"do": "round", "willpower": 1}, {"do": "evade"}],
}


def test_the_issues_example_record():
    fight = Fight.from_record(ISSUE_EXAMPLE)
    first, second, third = fight.log
    assert (first["hero_loss"], first["enemy_loss"]) == (4, 10)
    assert second["number"] == 3 and second["typed"] is False  # the seed's first draw
    assert (second["hero_loss"], second["enemy_loss"]) == (5, 2)  # -6/-5 column, number 3: 2/5, x 1
    assert third["kind"] == "evade" and third["number"] == 0 and third["enemy_loss"] == 0  # 9/0 ignored
    assert fight.state.outcome == "evaded" and fight.state.willpower == 23 - 2 - 1 - 1
    assert fight.state.enemies == (30 - 10 - 2,)


def test_record_round_trips():
    fight = Fight.from_record(ISSUE_EXAMPLE)
    again = Fight.from_record(fight.record())
    assert again.log == fight.log and again.record() == fight.record()
    assert fight.record()["actions"] == ISSUE_EXAMPLE["actions"]


def test_left_out_keys_mean_the_plain_case():
    fight = Fight.from_record(
        {
            "format": "pyrules-fight",
            "version": 1,
            "system": "grey-star",
            "hero": {"skill": 15, "endurance": 24, "willpower": 23},
            "enemies": [{"skill": 20, "endurance": 30}],
        }
    )
    record = fight.record()
    assert record["hero"]["weapon"] == "staff" and record["seed"] == 0 and record["rules"] == {}
    assert record["enemies"][0]["name"] == "Enemy"


@pytest.mark.parametrize(
    "change,field,words",
    [
        ({"format": "chess"}, "format", "not a fight record"),
        ({"version": 2}, "version", "newer than this app"),
        ({"version": "1"}, "version", "whole number"),
        ({"system": "tunnels"}, "system", "must be one of"),
        ({"hero": {"skill": "abc", "endurance": 20}}, "hero.skill", "whole number"),
        ({"hero": {"skill": 15.5, "endurance": 20}}, "hero.skill", "whole number"),
        ({"hero": {"skill": True, "endurance": 20}}, "hero.skill", "whole number"),
        ({"hero": {"skill": -3, "endurance": 20}}, "hero.skill", "from 0 to 99"),
        ({"hero": {"skill": 15, "endurance": 10**12}}, "hero.endurance", "from 1 to 999"),
        ({"hero": {"skill": 15, "endurance": 0}}, "hero.endurance", "from 1 to 999"),
        ({"hero": {"skill": 15}}, "hero.endurance", "missing"),
        ({"hero": {"skill": 15, "endurance": 20, "weapon": "laser"}}, "hero.weapon", "must be one of"),
        ({"hero": {"skill": 15, "endurance": 20, "shield": 1}}, "hero.shield", "not a field"),
        ({"hero": [15, 20]}, "hero", "JSON object"),
        ({"enemies": []}, "enemies", "from 1 to 20"),
        ({"enemies": [{"skill": 1, "endurance": 1}] * 21}, "enemies", "from 1 to 20"),
        ({"enemies": [{"name": "Giak", "skill": 15}]}, "enemies[0].endurance", "missing"),
        ({"enemies": [{"name": "x" * 61, "skill": 15, "endurance": 9}]}, "enemies[0].name", "at most 60"),
        ({"seed": -1}, "seed", "from 0"),
        ({"seed": 2**60}, "seed", "from 0"),
        ({"actions": {"do": "round"}}, "actions", "list"),
        ({"actions": [{"do": "round", "number": 10}]}, "actions[0].number", "from 0 to 9"),
        ({"actions": [{"do": "round", "number": "7"}]}, "actions[0].number", "whole number"),
        ({"actions": [{"do": "flee"}]}, "actions[0].do", "must be one of"),
        ({"actions": [{"do": "round"}, {"do": "round", "numbr": 3}]}, "actions[1].numbr", "not a field"),
        ({"extra": 1}, "extra", "not a field"),
    ],
)
def test_bad_records_name_the_field(change, field, words):
    record = {**make_record(), **change}
    with pytest.raises(RecordError) as error:
        Fight.from_record(record)
    assert error.value.field == field
    assert words in error.value.message


def test_labels_are_the_books_words():
    with pytest.raises(RecordError) as error:
        Fight.from_record(make_record("freeway-warrior", {"skill": "x", "endurance": 20}))
    assert error.value.label == "CLOSE COMBAT SKILL"
    assert str(error.value).startswith("hero.skill (CLOSE COMBAT SKILL): ")
    with pytest.raises(RecordError) as error:
        Fight.from_record(make_record("lone-wolf", enemies=[{"skill": 3, "endurance": "lots"}]))
    assert error.value.label == "Enemy ENDURANCE"


def test_form_input_may_carry_numbers_as_text():
    record = make_record(
        hero={"skill": " 15 ", "endurance": "22"}, enemies=[{"name": "Giak", "skill": "−2", "endurance": "9"}]
    )
    with pytest.raises(RecordError):
        Fight.from_record(record)
    record["enemies"][0]["skill"] = "16"
    fight = Fight.from_record(record, lenient=True)
    assert fight.setup.hero.skill == 15 and fight.record()["hero"]["endurance"] == 22
    record["hero"]["skill"] = "1e3"
    with pytest.raises(RecordError) as error:
        Fight.from_record(record, lenient=True)
    assert error.value.field == "hero.skill" and "'1e3'" in error.value.message


def test_a_refused_action_changes_nothing():
    fight = play(actions=rounds(6, 6))
    before = (fight.record(), list(fight.log), fight.state)
    for bad in ({"do": "round", "number": 12}, {"do": "evade"}, {"do": "round", "willpower": 2}, "round", None):
        with pytest.raises(RecordError):
            fight.apply(bad)
    assert (fight.record(), list(fight.log), fight.state) == before


# ---- the command line ---------------------------------------------------------------------------------------


def test_cli_play(tmp_path, capsys):
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(ISSUE_EXAMPLE), encoding="utf-8")
    assert main(["play", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "evaded"
    assert out["hero"] == {"endurance": 24 - 4 - 5 - 0, "willpower": 19}
    assert out["enemies"] == [{"name": "Deathgaunt", "endurance": 18}]
    assert len(out["log"]) == 3 and out["log"][0]["enemy_loss"] == 10


def test_cli_lone_wolf_has_no_willpower_key(tmp_path, capsys):
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(make_record(actions=rounds(0, 0, 0))), encoding="utf-8")
    assert main(["play", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "won" and out["hero"] == {"endurance": 25} and out["enemies"][0]["endurance"] == 0


@pytest.mark.parametrize(
    "text,field",
    [
        ("{not json", "record"),
        ('{"format": "pyrules-fight", "version": 1}', "system"),
        (json.dumps(make_record(hero={"skill": "x", "endurance": 3})), "hero.skill"),
    ],
)
def test_cli_bad_record_exits_2_naming_the_field(tmp_path, capsys, text, field):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main(["play", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and f": {field}" in captured.err


def test_cli_missing_file_exits_2(tmp_path, capsys):
    assert main(["play", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_cli_refuses_deep_nesting(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main(["play", str(path)]) == 2
    assert "nested more than 32 levels" in capsys.readouterr().err


# ---- one limit on the actions of a fight, enforced where they are added ----------------------------------


def long_fight_record(n):
    """A Lone Wolf fight that lasts: nobody is ever hurt (every loss × 0), so every action is a valid round."""
    rules = {"enemy_loss_multiplier": 0, "hero_loss_multiplier": 0}
    return make_record(rules=rules, actions=rounds(*[n % 10 for n in range(n)]))


def test_apply_refuses_the_action_past_max_actions_and_keeps_the_fight():
    played = Fight.from_record(long_fight_record(fight.MAX_ACTIONS))  # exactly the limit: a valid record
    before = (played.record(), played.state)
    with pytest.raises(RecordError) as error:
        played.apply({"do": "round", "number": 3})
    assert error.value.field == f"actions[{fight.MAX_ACTIONS}]"
    assert f"at most {fight.MAX_ACTIONS} actions" in error.value.message
    assert (played.record(), played.state) == before


def test_a_record_past_the_limit_is_refused_by_the_same_rule():
    with pytest.raises(RecordError) as error:
        Fight.from_record(long_fight_record(fight.MAX_ACTIONS + 1))
    assert error.value.field == f"actions[{fight.MAX_ACTIONS}]" and "at most" in error.value.message


def test_restore_keeps_the_first_max_actions_and_reports_the_rest_as_dropped():
    """A save past the limit (made before the limit was enforced in act) is cut, not set aside."""
    restored, dropped = Fight.restore(long_fight_record(fight.MAX_ACTIONS + 7))
    assert len(restored.actions) == fight.MAX_ACTIONS
    assert dropped["kept"] == fight.MAX_ACTIONS and dropped["dropped"] == 7
    assert dropped["error"]["field"] == f"actions[{fight.MAX_ACTIONS}]"


# ---- text that cannot be encoded is refused by name -----------------------------------------------------


@pytest.mark.parametrize(
    "change,field",
    [
        ({"hero": {"skill": 15, "endurance": 20, "name": "\ud800"}}, "hero.name"),
        ({"enemies": [{"name": "Gi\udfffak", "skill": 15, "endurance": 9}]}, "enemies[0].name"),
        (
            {"hero": {"skill": 15, "endurance": 20, "modifiers": [{"name": "\udc00", "skill": 1}]}},
            "hero.modifiers[0].name",
        ),
    ],
)
def test_a_lone_surrogate_in_a_text_field_is_refused_by_name(change, field):
    with pytest.raises(RecordError) as error:
        Fight.from_record({**make_record(), **change})
    assert error.value.field == field and "U+D" in error.value.message
    str(error.value).encode("utf-8")  # the message itself can be shown and sent


def test_cli_play_of_a_lone_surrogate_name_exits_2(tmp_path, capsys):
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(make_record(hero={"skill": 15, "endurance": 20, "name": "\ud800"})), encoding="utf-8")
    assert main(["play", str(path)]) == 2  # a clean refusal, not a UnicodeEncodeError writing the name
    assert "hero.name" in capsys.readouterr().err


# ---- a name must show --------------------------------------------------------------------------------------------

INVISIBLE = ["\u200b", "\u200b\u200c\u200d\u200e\u200f", "\u2060", "\ufeff", "\u00ad", "\u0301", "\u0301\u034f",
             " \u200b \u3164 ", "\u2800"]  # fmt: skip
NAMED = [  # where a name is read: (system, the record's change, the field)
    ("lone-wolf", lambda name: {"hero": {"skill": 15, "endurance": 20, "name": name}}, "hero.name"),
    ("lone-wolf", lambda name: {"enemies": [{"name": name, "skill": 15, "endurance": 9}]}, "enemies[0].name"),
    ("fighting-fantasy", lambda name: {"hero": {"skill": 9, "stamina": 9, "luck": 9, "name": name},
                                       "enemies": [{"skill": 5, "stamina": 5}]}, "hero.name"),
    ("fighting-fantasy", lambda name: {"hero": {"skill": 9, "stamina": 9, "luck": 9},
                                       "enemies": [{"name": name, "skill": 5, "stamina": 5}]}, "enemies[0].name"),
    ("citadel-of-blood", lambda name: {"hero": {"party": [{"hero": "almuric", "name": name}]},
                                       "enemies": [{"monster": "troll"}]}, "hero.party[0].name"),
]  # fmt: skip


@pytest.mark.parametrize("system,change,field", NAMED)
@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_of_invisible_characters_alone_is_refused_by_name(system, change, field, name):
    with pytest.raises(RecordError) as error:
        Fight.from_record({**make_record(system), **change(name)})
    assert error.value.field == field and "shows no character" in error.value.message


@pytest.mark.parametrize("system,change,field", NAMED)
@pytest.mark.parametrize("name", ["Orc\u200b", "Жрец", "e\u0301", "\u3164Giak", "Ωmega 2"])
def test_a_name_with_a_visible_character_is_kept_as_it_is(system, change, field, name):
    fight = Fight.from_record({**make_record(system), **change(name)})
    record = fight.record()
    path = field.replace("]", "").replace("[", ".").split(".")
    for key in path:
        record = record[int(key)] if key.isdigit() else record[key]
    assert record == name


def test_an_adventures_hero_name_of_invisible_characters_is_refused_by_name():
    from pyrules import adventure

    document = {"format": "pyrules-adventure", "version": 1, "system": "lone-wolf", "name": "\u200b\u2060",
                "hero": {"skill": 15, "endurance": 20}}  # fmt: skip
    with pytest.raises(RecordError) as error:
        adventure.read(document)
    assert error.value.field == "name"


# ---- a Fighting Fantasy round read at once, as the careful reader reads it -------------------------------------------

die = st.one_of(st.integers(0, 7), st.sampled_from(["3", 3.0, True, None]))
pair = st.one_of(st.none(), st.lists(die, min_size=0, max_size=3), st.tuples(die, die), st.just("66"))
rounds_as_sent = st.fixed_dictionaries(
    {"do": st.sampled_from(["round", "round", "luck", "eat", 3])},
    optional={
        "target": st.one_of(st.none(), st.integers(-2, 21), st.sampled_from(["0", 1.0, False])),
        "dice": st.one_of(st.none(), st.lists(pair, max_size=23), st.just("dice")),
        "extra": st.integers(),
    },
)


@settings(max_examples=400, deadline=None)
@given(data=rounds_as_sent)
def test_a_fighting_fantasy_round_read_at_once_is_what_the_careful_reader_reads(data):
    """The quick reading of a round (a long record holds thousands) gives the careful reader's action, or leaves the
    round to it, which then names the field it refuses."""
    from pyrules.systems.fighting_fantasy import record

    quick = record._plain_round(data) if data.get("do") == "round" else None
    try:
        careful = record._read_action(data, 4, False)
    except RecordError as error:
        assert quick is None, (data, error)
        with pytest.raises(RecordError) as again:
            record.parse_action(data, 4)
        assert again.value.field.startswith("actions[4]")
        return
    assert quick in (None, careful)
    assert record.parse_action(data, 4) == careful


def test_a_round_read_at_once_is_read_so_when_it_is_plain():
    from pyrules.systems.fighting_fantasy import record

    plain = {"do": "round", "target": 1, "dice": [[1, 6], None, [6, 6]]}
    assert record._plain_round(plain) == record._read_action(plain, 0, False)
    assert record._plain_round({"do": "round"}) == record._read_action({"do": "round"}, 0, False)


# ---- a form's faults, all at once ------------------------------------------------------------------------------------

FORMS = {  # a set-up form as each screen sends it, four fields faulty: (system, hero, enemies, rules)
    "lone-wolf": ({"skill": "abc", "endurance": "", "weapon": "armed"}, [{"skill": "x", "endurance": "20"}],
                  {"max_rounds": "0"}),
    "fighting-fantasy": ({"skill": "abc", "stamina": "", "luck": "9"}, [{"skill": "x", "stamina": "0"}], {}),
    "citadel-of-blood": ({"party": [{"wound_points": "0", "resistance": "x", "combat_bonus": "1",
                                     "weapons": ["sword"]}]},
                         [{"monster": "orcs", "combat_bonus": "z", "resistance": "-1"},
                          {"wound_points": "x", "resistance": "1", "combat_bonus": "0"}],  # a monster of one's own
                         {"hellgate": "maybe"}),  # read after the monsters are placed by their Wound Points
}  # fmt: skip
FAULTY = {
    "lone-wolf": ["hero.skill", "hero.endurance", "enemies[0].skill", "rules.max_rounds"],
    "fighting-fantasy": ["hero.skill", "hero.stamina", "enemies[0].skill", "enemies[0].stamina"],
    "citadel-of-blood": ["hero.party[0].wound_points", "hero.party[0].resistance", "enemies[0].resistance",
                         "enemies[0].combat_bonus", "enemies[1].wound_points", "rules.hellgate"],
}  # fmt: skip


@pytest.mark.parametrize("system", FORMS)
def test_a_forms_start_names_every_faulty_field_at_once(system):
    """One Start names every faulty field (it named the first only: four presses for four faults), each by its path
    and label, the first of them as the refusal's own; the reply's error keeps its one-fault shape."""
    hero, enemies, rules = FORMS[system]
    record = {"format": "pyrules-fight", "version": 1, "system": system, "hero": hero, "enemies": enemies,
              "rules": rules}  # fmt: skip
    reply = json.loads(api.call(json.dumps({"op": "start", "record": record, "form": True})))
    error = reply["error"]
    assert [fault["field"] for fault in error["errors"]] == FAULTY[system]
    assert all(fault["label"] and fault["message"] for fault in error["errors"])
    assert (error["field"], error["message"]) == (error["errors"][0]["field"], error["errors"][0]["message"])
    with pytest.raises(RecordError) as record_error:  # a record (not typed field by field): its first fault
        Fight.from_record({**record, "hero": {**hero}, "enemies": enemies})
    assert record_error.value.field == FAULTY[system][0] and not record_error.value.more


def test_a_check_across_fields_read_on_a_stand_in_is_not_said():
    """A rule left faulty is read as its default to go on reading: the check of another rule against it ("has no
    effect without a skill modifier") would be judged on that stand-in, so it is not said; the same check with the
    modifier well typed is."""
    record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": {"skill": 15, "endurance": 20},
              "enemies": [{"skill": 12, "endurance": 20}], "rules": {"skill_modifier": "q",
                                                                     "skill_modifier_rounds": "2"}}  # fmt: skip
    with pytest.raises(RecordError) as error:
        Fight.from_record(record, lenient=True)
    assert error.value.field == "rules.skill_modifier" and not error.value.more
    with pytest.raises(RecordError) as error:
        Fight.from_record({**record, "rules": {"skill_modifier_rounds": "2"}}, lenient=True)
    assert error.value.field == "rules.skill_modifier_rounds"
