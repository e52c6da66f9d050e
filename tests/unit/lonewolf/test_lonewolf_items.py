"""Items of the Action Chart used in a Lone Wolf-family fight (``{"do": "use", "item"}``): every refusal names the
item's field and why, in each language; the item's effect (ENDURANCE restored up to the starting value, its COMBAT
SKILL for the rest of the fight, a use gone); undo, replay, the record, share links and the story; ``hero_after``'s
chart; a carried item's bonus in every fight; the view's ``can.use``; the odds' ``uses``, checked against the exact
odds of the fight replayed with the use appended."""

from __future__ import annotations

import json

import pytest

from pyrules import Fight, api, share
from pyrules.fields import RecordError
from pyrules.i18n import language
from pyrules.systems.lonewolf.odds import budgets, lone_wolf_odds

LAUMSPUR = {"name": "Laumspur", "endurance": 4, "uses": 2, "in_fight": True}
ALETHER = {"name": "Alether", "skill": 2, "uses": 1, "in_fight": True}
MEAL_POTION = {"name": "Potion of Healing", "endurance": 6, "uses": 1}  # between sections only
SPENT = {"name": "Empty flask", "endurance": 3, "uses": 0, "in_fight": True}
CHART = {"backpack": [LAUMSPUR, ALETHER, MEAL_POTION, SPENT, "Rope"], "special": [{"name": "Silver Helm", "skill": 2}]}


def record(actions=(), system="lone-wolf", chart=None, **hero):
    hero = {"skill": 15, "endurance": 12, "endurance_max": 25, "chart": CHART if chart is None else chart, **hero}
    return {"format": "pyrules-fight", "version": 1, "system": system, "hero": hero, "seed": 7,
            "enemies": [{"name": "Gourgaz", "skill": 20, "endurance": 30}], "actions": list(actions)}  # fmt: skip


def call(op, **data):
    reply = json.loads(api.call(json.dumps({"op": op, **data})))
    assert reply["ok"], reply
    return reply


def refused(actions, item):
    fight = Fight.from_record(record(actions))
    with pytest.raises(RecordError) as caught:
        fight.apply({"do": "use", "item": item})
    return caught.value


@pytest.mark.parametrize(
    ("actions", "item", "why"),
    [
        ([], "Sommerswerd", "Sommerswerd is not on the Action Chart"),
        ([], "Potion of Healing", "Potion of Healing cannot be used in a fight"),
        ([], "Rope", "Rope cannot be used in a fight"),
        ([], "Silver Helm", "Silver Helm cannot be used in a fight"),
        ([], "Empty flask", "Empty flask has no uses left"),
        ([{"do": "use", "item": "Alether"}], "Alether", "Alether is not on the Action Chart"),  # its one use gone
    ],
)
def test_each_refusal_names_the_item_and_why(actions, item, why):
    error = refused(actions, item)
    assert error.field == f"actions[{len(actions)}].item"
    assert error.message == why


def test_an_item_cannot_be_used_once_the_fight_is_over():
    fight = Fight.from_record(record())
    while fight.view()["outcome"] == "ongoing":
        fight.apply({"do": "round"})
    with pytest.raises(RecordError) as caught:
        fight.apply({"do": "use", "item": "Laumspur"})
    assert caught.value.field == f"actions[{len(fight.actions)}]"
    assert caught.value.message.startswith("the fight is already over")
    assert fight.view()["can"]["use"] == []


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ru", ["Sommerswerd: этого нет в Листке действий", "Rope: в бою это использовать нельзя",
                "Empty flask: использований не осталось"]),
        ("es", ["Sommerswerd no está en la Carta de Acción", "Rope no se puede usar en combate",
                "Empty flask ya no tiene usos"]),
    ],
)  # fmt: skip
def test_refusals_in_each_language(code, words):
    with language(code):
        assert [refused([], item).message for item in ("Sommerswerd", "Rope", "Empty flask")] == words


def test_using_an_item_restores_endurance_up_to_the_start_and_adds_its_skill_for_the_fight():
    fight = Fight.from_record(record())
    before = fight.view()
    assert before["hero"]["skill"] == 15 + 2  # the Silver Helm, carried
    event = fight.apply({"do": "use", "item": "Laumspur"})
    assert (event["kind"], event["item"], event["restored"], event["endurance"]) == ("use", "Laumspur", 4, 16)
    assert fight.state.rounds == 0 and fight.state.draws == 0  # before the first round: no round, no number
    fight.apply({"do": "use", "item": "Alether"})
    view = fight.view()
    assert view["hero"]["skill"] == 15 + 2 + 2
    assert view["combat_ratio"] == before["combat_ratio"] + 2
    fight.apply({"do": "round"})
    assert fight.log[-1]["skill"] == 15 + 2 + 2  # for the rest of the fight
    # at 24 of 25, the second Laumspur restores 1
    fight = Fight.from_record(record(endurance=24))
    assert fight.apply({"do": "use", "item": "Laumspur"})["restored"] == 1
    assert fight.apply({"do": "use", "item": "Laumspur"})["restored"] == 0
    assert fight.state.endurance == 25


def test_the_view_says_what_can_be_used_now():
    fight = Fight.from_record(record())
    assert fight.view()["can"]["use"] == [
        {"item": "Laumspur", "label": "Use Laumspur: +4 ENDURANCE"},
        {"item": "Alether", "label": "Use Alether: +2 COMBAT SKILL"},
    ]
    fight.apply({"do": "use", "item": "Alether"})
    assert [u["item"] for u in fight.view()["can"]["use"]] == ["Laumspur"]
    assert Fight.from_record(record(chart={})).view()["can"]["use"] == []
    with language("ru"):
        label = Fight.from_record(record()).view()["can"]["use"][0]["label"]
    assert label == "Использовать «Laumspur»: ВЫНОСЛИВОСТЬ +4"


def test_a_carried_items_skill_counts_in_every_fight_and_a_used_up_ones_does_not():
    plain = Fight.from_record(record(chart={})).view()["hero"]["skill"]
    carried = {"special": [{"name": "Silver Helm", "skill": 2}], "weapons": [{"name": "Cursed Axe", "skill": -1}]}
    assert Fight.from_record(record(chart=carried)).view()["hero"]["skill"] == plain + 1
    unused = {"backpack": [ALETHER]}  # a consumable's skill counts once used, not while carried
    assert Fight.from_record(record(chart=unused)).view()["hero"]["skill"] == plain
    for system in ("grey-star", "freeway-warrior"):
        extra = {"willpower": 20} if system == "grey-star" else {}
        bare = Fight.from_record(record(system=system, chart={}, **extra)).view()["hero"]["skill"]
        assert Fight.from_record(record(system=system, chart=carried, **extra)).view()["hero"]["skill"] == bare + 1


def test_undo_replay_record_and_share_link_carry_the_use():
    actions = [{"do": "round"}, {"do": "use", "item": "Laumspur"}, {"do": "round"}]
    fight = Fight.from_record(record(actions))
    assert fight.actions[1] == {"do": "use", "item": "Laumspur"}
    again = Fight.from_record(json.loads(json.dumps(fight.record())))
    assert again.states == fight.states and again.log == fight.log
    linked = Fight.from_record(share.decode(share.encode(fight.record())))
    assert linked.states == fight.states
    fight.undo()
    assert fight.undo() == {"do": "use", "item": "Laumspur"}
    assert fight.state == Fight.from_record(record(actions[:1])).state
    assert [u["item"] for u in fight.view()["can"]["use"]] == ["Laumspur", "Alether"]
    # through the API: the act's event in words, the undo's view
    session = call("start", record=record(actions[:1]))["session"]
    acted = call("act", session=session, action={"do": "use", "item": "Laumspur"})
    assert acted["event"]["said"]["text"].startswith("Laumspur used: ENDURANCE")
    assert acted["view"]["hero"]["endurance"] == acted["event"]["endurance"]
    assert call("undo", session=session)["undone"] == {"do": "use", "item": "Laumspur"}


def test_the_log_line_in_each_language():
    fight = Fight.from_record(record([{"do": "use", "item": "Laumspur"}]))
    said = {}
    for code in ("en", "ru", "es"):
        with language(code):
            said[code] = fight.told(fight.log[0])["said"]
    assert said["en"] == {"text": "Laumspur used: ENDURANCE 16, COMBAT SKILL 17.", "title": "Laumspur"}
    assert said["ru"]["text"] == "Предмет «Laumspur» использован: ВЫНОСЛИВОСТЬ 16, БОЕВОЕ МАСТЕРСТВО 17."
    assert said["es"]["text"].startswith("Se usa Laumspur: ")


def test_hero_after_leaves_the_chart_with_the_uses_gone():
    actions = [{"do": "use", "item": "Laumspur"}, {"do": "use", "item": "Alether"}]
    hero = call("hero_after", record=record(actions))["hero"]
    assert hero["chart"]["backpack"] == [{**LAUMSPUR, "uses": 1}, MEAL_POTION, SPENT, "Rope"]  # Alether gone at 0
    assert hero["chart"]["special"] == CHART["special"]
    assert hero["endurance"] == 16 and hero["endurance_max"] == 25
    untouched = call("hero_after", record=record([{"do": "round"}]))["hero"]
    assert untouched["chart"] == CHART


def test_the_story_tells_the_use_and_weighs_it_as_the_sheets_change():
    actions = [{"do": "round"}, {"do": "use", "item": "Laumspur"}, {"do": "round"}]
    story = call("review", record=record(actions))
    row = story["rows"][1]
    assert row["did"] == "use Laumspur"
    assert row["known"] and row["choice"] == 0.0 and row["luck"] == 0.0
    assert row["sheet"] == pytest.approx(row["after"] - row["before"])
    assert row["sheet"] > 0  # 4 ENDURANCE back: a better chance from there
    with language("es"):
        assert call("review", record=record(actions), lang="es")["rows"][1]["did"] == "usar Laumspur"


def oracle(rec, item, spend=1):
    """The exact chance to win of the fight replayed with the use appended, from pyrules' own exact odds."""
    after = Fight.from_record({**rec, "actions": [*rec["actions"], {"do": "use", "item": item}]})
    return lone_wolf_odds(after.system, after.setup, after.state, spend)["win"]


@pytest.mark.parametrize(
    ("rec", "options", "spend"),
    [
        (record(), None, 1),
        (record([{"do": "round"}, {"do": "round"}]), None, 1),
        (record([{"do": "round", "willpower": 2}], system="grey-star", willpower=12), {"spend": 2}, 2),
        (record(system="freeway-warrior", weapon="none"), None, 1),
    ],
)
def test_the_odds_say_what_using_each_item_now_changes_exactly(rec, options, spend):
    reply = call("odds", record=rec, **({"options": options} if options else {}))
    fight = Fight.from_record(rec)
    now = lone_wolf_odds(fight.system, fight.setup, fight.state, spend)["win"]
    assert [u["item"] for u in reply["uses"]] == [u["item"] for u in fight.view()["can"]["use"]]
    for use in reply["uses"]:
        assert use["win_now"] == reply["win"] == pytest.approx(now, abs=1e-12)
        assert use["win_after"] == pytest.approx(oracle(rec, use["item"], spend), abs=1e-12)
        assert use["text"] == f"Use {use['item']} now: win {{now}} → {{after}}"  # the panel writes the chances
        assert use["chances"] == {"now": use["win_now"], "after": use["win_after"]}
    laumspur = next(u for u in reply["uses"] if u["item"] == "Laumspur")
    assert laumspur["win_after"] > laumspur["win_now"]


def test_the_odds_text_in_each_language_and_none_once_nothing_can_be_used():
    with language("ru"):
        text = call("odds", record=record(), lang="ru")["uses"][0]["text"]
    assert text == "Использовать «Laumspur» сейчас: победа {now} → {after}"
    assert call("odds", record=record(chart={}))["uses"] == []


def test_the_odds_weigh_a_bounded_number_of_items_and_say_the_rest_are_too_large():
    many = [{"name": f"Potion {i}", "endurance": 1, "uses": 1, "in_fight": True} for i in range(budgets.MAX_USES + 2)]
    uses = call("odds", record=record(chart={"backpack": many}))["uses"]
    assert len(uses) == budgets.MAX_USES + 2
    assert all(u["win_after"] is not None for u in uses[: budgets.MAX_USES])
    for use in uses[budgets.MAX_USES :]:
        assert use["win_after"] is None
        assert use["text"] == f"Use {use['item']} now: too large to compute exactly" and "chances" not in use
