"""The adventure: one hero through one book, fight after fight. The hero a fight leaves
(``hero_after``) starts the next fight; the document is read, checked and normalized by :mod:`pyrules.adventure`;
today's fight records and saves read as one-fight adventures."""

from __future__ import annotations

import copy
import json
import pathlib
from dataclasses import replace

import pytest
from conftest import make_record
from fuzzing import adventures
from hypothesis import HealthCheck, given, settings

from pyrules import Fight, RecordError, api, rng, share
from pyrules.adventure import read
from pyrules.systems import SYSTEMS
from pyrules.systems.citadel import record as citadel_record

FIXTURES = sorted((pathlib.Path(__file__).resolve().parent.parent / "fixtures").glob("*.json"))


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def fight_from(system: str, hero: dict, enemies: list[dict], actions: list[dict], **more) -> Fight:
    record = {"format": "pyrules-fight", "version": 1, "system": system, "hero": hero, "enemies": enemies, **more}
    fight = Fight.from_record(record)
    for action in actions:
        fight.apply(action)
    return fight


def after(fight: Fight) -> dict:
    """The hero for the next fight, through the boundary as the page asks for it."""
    reply = call(op="hero_after", record=fight.record())
    assert reply["ok"], reply
    assert reply["outcome"] == fight.state.outcome
    return reply["hero"]


# ---- three fights in a row ------------------------------------------------------------------------------------


def test_braslavsky_three_fights_keep_the_initial_values_and_the_sheet():
    sheet = {"skill": 11, "stamina": 20, "luck": 9, "gold": 15, "flask": 2, "backpack": ["Верёвка"], "food": 2,
             "name": "Майлин"}  # fmt: skip
    hurt, hit = [[1, 1], [6, 6]], [[6, 6], [1, 1]]  # 13 against 15: the hero loses 2; 23 against 5: the enemy does
    first = fight_from("fighting-fantasy", sheet, [{"name": "Крыса", "skill": 3, "stamina": 4}],
                       [{"do": "round", "target": 0, "dice": d} for d in (hurt, hurt, hit, hit)])  # fmt: skip
    assert first.state.outcome == "won"
    hero = after(first)
    assert hero == {**sheet, "stamina": 16, "max_skill": 11, "max_stamina": 20, "max_luck": 9}
    # The issue's bug: the next fight took 16 as the initial STAMINA, and the flask was refused.
    second = fight_from("fighting-fantasy", hero, [{"name": "Орк", "skill": 3, "stamina": 2}],
                        [{"do": "drink"}, {"do": "gold", "amount": 5}, {"do": "round", "target": 0, "dice": hurt},
                         {"do": "round", "target": 0, "dice": hit}])  # fmt: skip
    assert second.log[0]["kind"] == "drink" and second.log[0]["gained"] == 2
    hero = after(second)
    assert (hero["stamina"], hero["max_stamina"], hero["flask"], hero["gold"]) == (16, 20, 1, 20)
    third = fight_from("fighting-fantasy", hero, [{"name": "Медуза", "skill": 3, "stamina": 2}],
                       [{"do": "drink"}, {"do": "drop", "item": "Верёвка"},
                        {"do": "round", "target": 0, "dice": hit}])  # fmt: skip
    hero = after(third)
    sheet.pop("backpack")  # empty: left out, as in a record
    assert hero == {**sheet, "stamina": 18, "gold": 20, "flask": 0, "max_skill": 11, "max_stamina": 20, "max_luck": 9}
    assert SYSTEMS["fighting-fantasy"].read_hero(hero) == hero


def test_lone_wolf_three_fights_carry_endurance_restored_only_where_the_section_says_so():
    hero = {"skill": 15, "endurance": 24, "endurance_max": 30, "name": "Banedon"}
    giak = {"name": "Giak", "skill": 15, "endurance": 6}
    first = fight_from("lone-wolf", hero, [giak], [{"do": "round", "number": 2}, {"do": "round", "number": 9}])
    assert first.state.outcome == "won" and first.state.endurance < 24
    hero = after(first)
    assert hero["endurance"] == first.state.endurance and hero["endurance_max"] == 30
    carried = hero["endurance"]
    # A training bout, not to the death: the losses of this fight come back, and no more (not up to 30).
    second = fight_from("lone-wolf", hero, [{**giak, "name": "Drill master", "endurance": 10}],
                        [{"do": "vigour"}, {"do": "round", "number": 1}, {"do": "round", "number": 9}],
                        rules={"restore_endurance": True})  # fmt: skip
    assert second.state.outcome == "won" and min(e["endurance"] for e in second.log) == carried - 3 - 4
    hero = after(second)
    assert hero["endurance"] == carried and hero["endurance_max"] == 30
    third = fight_from("lone-wolf", hero, [giak], [{"do": "vigour"}, {"do": "round", "number": 5}])
    hero = after(third)
    assert third.state.outcome == "won" and hero["endurance"] == third.state.endurance == carried - 3 - 2
    assert hero["endurance_max"] == 30 and third.view()["hero"]["endurance_max"] == 30


def test_grey_star_willpower_is_carried_and_its_starting_value_kept():
    hero = {"skill": 15, "endurance": 25, "willpower": 23}
    first = fight_from("grey-star", hero, [{"name": "Deathgaunt", "skill": 20, "endurance": 30}],
                       [{"do": "round", "number": 6, "willpower": 2},
                        {"do": "round", "number": 9, "willpower": 5}])  # fmt: skip
    hero = after(first)
    assert (hero["willpower"], hero["willpower_max"], hero["endurance_max"]) == (16, 23, 25)
    second = fight_from("grey-star", hero, [{"name": "Kleasá", "skill": 10, "endurance": 3}], [])
    view = second.view()["hero"]
    assert (view["willpower"], view["willpower_max"], view["endurance_max"]) == (16, 23, 25)


def test_a_lost_fight_leaves_the_hero_at_0_and_the_adventure_keeps_him():
    fight = fight_from("lone-wolf", {"skill": 5, "endurance": 2, "endurance_max": 20},
                       [{"name": "Helghast", "skill": 30, "endurance": 30}],
                       [{"do": "round", "number": 1}])  # fmt: skip
    assert fight.state.outcome == "lost"
    hero = after(fight)
    assert hero["endurance"] == 0 and hero["endurance_max"] == 20
    adventure = read(fight.record())
    assert adventure["hero"] == hero and adventure["fights"][0]["outcome"] == "lost"
    with pytest.raises(RecordError, match=r"^hero.endurance \(ENDURANCE\): must be from 1"):
        Fight.from_record({**fight.record(), "hero": hero, "actions": []})  # no fight starts from a fallen hero


def test_citadel_drops_the_dead_and_keeps_the_survivors_wounds():
    fixture = json.loads(json.loads((FIXTURES[1]).read_text(encoding="utf-8"))["export"])  # citadel-plain
    fight = Fight.from_record(fixture)
    party = after(fight)["party"]
    assert [(c["name"], c["wound_points"]) for c in party] == [("Almuric", 7), ("Kel", 4)]
    # The first row dead, a survivor behind: 9.1 places the survivors again, someone in front.
    setup = fight.setup
    back = replace(setup.party[1], pos=(1, 1))
    setup = replace(setup, party=(setup.party[0], back))
    state = replace(fight.state, pos=(None, (0, 1)) + fight.state.pos[2:], wounds=(8, 1) + fight.state.wounds[2:])
    party = fight.system.hero_after(setup, state)["party"]
    assert [(c["name"], c["wound_points"], c["pos"]) for c in party] == [("Kel", 5, [0, 0])]
    assert citadel_record.parse_party({"party": party})  # a valid march order for the next fight


# ---- the view ----------------------------------------------------------------------------------------------


def test_the_view_gives_the_starting_values_and_the_next_draw_while_the_fight_goes_on():
    fight = fight_from("lone-wolf", {"skill": 15, "endurance": 20}, [{"name": "Giak", "skill": 10, "endurance": 30}],
                       [], seed=7)  # fmt: skip
    assert fight.view()["hero"]["endurance_max"] == 20  # not given: the fight's ENDURANCE
    assert fight.view()["next_draw"] == 0
    fight.apply({"do": "round"})
    assert fight.view()["next_draw"] == 1  # the square tapped turns over the number this draw gave
    assert fight.log[-1]["number"] == rng.random_number(7, 0) and not fight.log[-1]["typed"]


@pytest.mark.parametrize(
    "rules", [{"restore_endurance": True}, {"restore_part": 0.5}, {"restore_points": 9}, {"restore_points": 2}]
)
def test_restored_endurance_never_exceeds_the_starting_value(rules):
    for start in (10, 20, 25):
        fight = fight_from("lone-wolf", {"skill": 10, "endurance": start, "endurance_max": 25},
                           [{"name": "Giak", "skill": 12, "endurance": 40}],
                           [{"do": "vigour"}, {"do": "round", "number": 0}, {"do": "evade", "number": 0}],
                           rules={**rules, "evade_after": 1})  # fmt: skip
        assert fight.state.outcome == "evaded"
        assert fight.state.endurance <= start <= 25
        if "restore_endurance" in rules:
            assert fight.state.endurance == start


# ---- the document --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_every_fixture_reads_as_a_one_fight_adventure(path):
    fixture = json.loads(path.read_text(encoding="utf-8"))
    record = json.loads(fixture["export"])
    fight = Fight.from_record(record)
    hero = fight.system.hero_after(fight.setup, fight.state)
    for document in (record, fixture["save"], share.decode(fixture["link"].removeprefix("#f="))):
        reply = call(op="adventure", adventure=document)
        assert reply["ok"], reply
        adventure = reply["adventure"]
        assert (adventure["format"], adventure["version"], adventure["system"]) == ("pyrules-adventure", 1,
                                                                                    record["system"])  # fmt: skip
        assert adventure["hero"] == hero
        [entry] = adventure["fights"]
        assert entry["record"] == record and entry["outcome"] == fixture["replay"]["view"]["outcome"]
        assert read(json.loads(json.dumps(adventure))) == adventure  # the JSON round trip
    save_entry = call(op="adventure", adventure=fixture["save"])["adventure"]["fights"][0]
    assert (save_entry["name"], save_entry["when"]) == (fixture["save"]["name"], fixture["save"]["updated"])



@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_fight_made_an_adventure_stores_no_name_for_a_hero_that_has_none(lang):
    """The adventure made of a fight (imported, kept from a link, saved before adventures) is named by the hero's
    name; the book's own hero, unnamed, is left for the page to say in its language, not stored in the request's
    ("Банедон" under an English page). A name typed is kept as typed."""
    record = make_record()
    named = {**record, "hero": {**record["hero"], "name": "Лис"}}
    assert call(op="adventure", adventure=record, lang=lang)["adventure"]["name"] == ""
    assert call(op="adventure", adventure=named, lang=lang)["adventure"]["name"] == "Лис"


FF_RECORD = {"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy",
             "hero": {"skill": 10, "stamina": 18, "luck": 9}, "enemies": []}  # fmt: skip


def an_adventure() -> dict:
    first = fight_from("lone-wolf", {"skill": 15, "endurance": 20, "endurance_max": 25},
                       [{"name": "Giak", "skill": 12, "endurance": 20}], [{"do": "round", "number": 4}])  # fmt: skip
    return {"format": "pyrules-adventure", "version": 1, "system": "lone-wolf", "name": "Banedon",
            "hero": after(first), "section": "64", "notes": "Kai:\n  the Sommerswerd",
            "fights": [{"name": "Banedon vs Giak", "section": "63", "outcome": "lost", "when": 1764500000000,
                        "record": first.record()}]}  # fmt: skip


def test_an_adventure_reads_back_to_itself_with_its_outcomes_worked_out():
    adventure = an_adventure()
    read_back = read(adventure)
    assert read_back["fights"][0]["outcome"] == "ongoing"  # the record's, not what the document said
    assert read_back == {**adventure, "fights": [{**adventure["fights"][0], "outcome": "ongoing"}]}
    assert read_back["notes"] == "Kai:\n  the Sommerswerd"  # the lines of the notes are kept
    assert read(json.loads(json.dumps(read_back, ensure_ascii=False))) == read_back


def spoil(path: str, value):
    adventure = an_adventure()
    keys = path.replace("]", "").replace("[", ".").split(".")
    place = adventure
    for key in keys[:-1]:
        place = place[int(key) if key.isdigit() else key]
    place[keys[-1]] = value
    return adventure


@pytest.mark.parametrize(
    "path, value, field",
    [
        ("format", "pyrules-adventures", "format"),
        ("version", 2, "version"),
        ("version", True, "version"),
        ("system", "grey-star", "hero.willpower"),  # read as that book's hero
        ("system", "chess", "system"),
        ("hero.endurance", -1, "hero.endurance"),
        ("hero.endurance_max", 5, "hero.endurance_max"),  # below the current ENDURANCE
        ("hero.skill", "15", "hero.skill"),
        ("hero.colour", "red", "hero.colour"),
        ("name", "x" * 81, "name"),
        ("section", "x" * 21, "section"),
        ("notes", "x" * 2001, "notes"),
        ("notes", 7, "notes"),
        ("fights", [], None),
        ("fights", {}, "fights"),
        ("fights[0].when", -1, "fights[0].when"),
        ("fights[0].when", 1.5, "fights[0].when"),
        ("fights[0].name", ["x"], "fights[0].name"),
        ("fights[0].record", None, "fights[0].record"),
        ("fights[0].record.hero.skill", 100, "fights[0].record.hero.skill"),
        ("fights[0].record.format", "x", "fights[0].record.format"),
        ("fights[0].record.actions", [{"do": "vigour"}, {"do": "vigour"}], "fights[0].record.actions[1]"),
        ("fights[0].record", FF_RECORD, "fights[0].record.system"),
        ("fights[0].extra", 1, "fights[0].extra"),
        ("colour", "red", "colour"),
    ],
)
def test_refusals_name_the_field(path, value, field):
    adventure = spoil(path, value)
    reply = call(op="adventure", adventure=adventure)
    if field is None:
        assert reply["ok"], reply
        return
    assert not reply["ok"] and reply["error"]["field"] == field, reply
    with pytest.raises(RecordError):
        read(adventure)


def test_too_many_fights_are_refused():
    adventure = an_adventure()
    adventure["fights"] *= 501
    assert call(op="adventure", adventure=adventure)["error"]["field"] == "fights"


def test_a_save_of_a_broken_record_names_the_field_inside_it():
    fixture = json.loads(FIXTURES[0].read_text(encoding="utf-8"))
    save = copy.deepcopy(fixture["save"])
    save["record"]["seed"] = -1
    assert call(op="adventure", adventure=save)["error"]["field"] == "record.seed"
    assert call(op="adventure", adventure={**fixture["save"], "version": 2})["error"]["field"] == "version"
    assert call(op="hero_after", record={"format": "pyrules-fight"})["error"]["field"] == "version"


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(adventures())
def test_the_reader_reads_anything_to_an_adventure_or_a_refusal_naming_a_field(document):
    try:
        adventure = read(document)
    except RecordError as error:
        assert isinstance(error.field, str) and error.message
        return
    assert read(json.loads(json.dumps(adventure))) == adventure
    system = SYSTEMS[adventure["system"]]
    assert system.read_hero(adventure["hero"]) == adventure["hero"]
    for entry in adventure["fights"]:
        assert Fight.from_record(entry["record"]).state.outcome == entry["outcome"]


def test_the_set_up_form_sends_its_sheet_as_typed_text():
    """The page keeps the sheet as the fields hold it (text): ``form`` reads numbers typed as text, and still names a
    field holding something else."""
    from pyrules import api

    typed = {"format": "pyrules-adventure", "version": 1, "system": "grey-star", "name": "Grey Star",
             "hero": {"skill": "15", "endurance": " 23 ", "willpower": "21", "weapon": "staff"}, "section": "",
             "notes": "", "fights": []}
    reply = json.loads(api.call(json.dumps({"op": "adventure", "adventure": typed, "form": True})))
    assert reply["ok"], reply
    assert reply["adventure"]["hero"]["skill"] == 15 and reply["adventure"]["hero"]["endurance_max"] == 23
    refused = json.loads(api.call(json.dumps({"op": "adventure", "adventure": typed})))
    assert not refused["ok"] and refused["error"]["field"] == "hero.skill"
    typed["hero"]["skill"] = "fifteen"
    refused = json.loads(api.call(json.dumps({"op": "adventure", "adventure": typed, "form": True})))
    assert not refused["ok"] and refused["error"]["field"] == "hero.skill"


def test_why_a_control_is_unavailable_is_the_engines_own_refusal():
    """The reply's ``why``: each probe the system names, refused by ``step`` in this state, in the rules' words;
    nothing for what the rules accept (the Braslavsky sheet at peace); the Lone Wolf family's Evade in a section that
    does not allow it, and nothing for its Vigour, which is allowed."""
    from pyrules import api

    record = {"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy",
              "hero": {"skill": 10, "stamina": 16, "luck": 8, "max_stamina": 20, "flask": 2, "food": 1,
                       "spells": {"healing": 1, "strength": 1}},
              "enemies": [{"name": "ОРК", "skill": 7, "stamina": 6}], "rules": {}, "seed": 1, "actions": []}
    at_peace = json.loads(api.call(json.dumps({"op": "start", "record": record})))
    assert at_peace["ok"] and at_peace["why"] == {}
    record["actions"] = [{"do": "round", "dice": [[1, 1], [6, 6]]}]
    fighting = json.loads(api.call(json.dumps({"op": "start", "record": record})))
    from pyrules.fields import RecordError
    from pyrules.fight import Fight

    fight = Fight.from_record(record)
    for name, data in fight.system.probes(fight.setup, fight.state).items():
        try:
            fight.system.step(fight.setup, fight.state, fight.system.parse_action(data, 0))
            assert name not in fighting["why"]
        except RecordError as refused:  # the engine's refusal is what the reply carries
            assert fighting["why"][name] == refused.message
    assert set(fighting["why"]) == {"drink", "eat", "take", "arm", "spell:healing"}  # Strength is a spell of combat
    lone_wolf = json.loads(api.call(json.dumps({"op": "start", "record": {
        "format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": {"skill": 15, "endurance": 20},
        "enemies": [{"name": "Giak", "skill": 12, "endurance": 10}]}})))
    assert lone_wolf["why"] == {"evade": "this fight does not allow evasion"}


# ---- the hero's name typed on the adventure sheet names the fight --------------------------------------------

FF_HERO = {"skill": 10, "stamina": 18, "luck": 9}


def test_the_systems_say_whether_their_hero_takes_the_sheets_name():
    systems = json.loads(api.call(json.dumps({"op": "hello", "describe": True})))["systems"]
    named = {key: system["named_hero"] for key, system in systems.items()}
    assert named == {
        "lone-wolf": True,
        "grey-star": True,
        "freeway-warrior": True,
        "fighting-fantasy": True,
        "citadel-of-blood": False,  # a party: each character is named in its own row
    }


@pytest.mark.parametrize(
    "system,hero,enemy",
    [
        ("lone-wolf", {"skill": 15, "endurance": 20}, {"name": "Giak", "skill": 10, "endurance": 6}),
        ("fighting-fantasy", FF_HERO, {"name": "ОРК", "skill": 5, "stamina": 5}),
    ],
)
def test_the_hero_of_the_sheet_as_long_as_the_sheet_allows_names_the_fight(system, hero, enemy):
    name = "Ю" * 80  # the sheet's "Hero's name" takes 80 characters (pyrules.adventure.MAX_NAME)
    record = make_record(system, {**hero, "name": name}, [enemy])
    reply = json.loads(api.call(json.dumps({"op": "start", "record": record, "form": True, "lang": "ru"})))
    assert reply["ok"], reply
    assert reply["summary"]["hero"] == name and reply["record"]["hero"]["name"] == name
