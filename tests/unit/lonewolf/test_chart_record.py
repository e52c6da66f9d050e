"""A Lone Wolf-family record's Action Chart (``hero.chart``): read with its faults named by field, carried whole to
the hero a fight leaves and to an adventure's hero, written back as it was read; a record without one unchanged."""

import json

import pytest

from pyrules import adventure, api
from pyrules.fields import RecordError, every_fault
from pyrules.i18n import language
from pyrules.systems.lonewolf import FreewayWarrior, GreyStar, LoneWolf
from pyrules.systems.lonewolf.chart import Chart, Item, chart_json, read

CHART = {
    "weapons": ["Short Sword"],
    "backpack": ["Rope", {"name": "Healing potion", "endurance": 2, "uses": 1}],
    "meals": 2,
    "gold": 15,
    "special": [{"name": "Crystal Star Pendant"}, {"name": "Jewelled Dagger", "skill": 1}],
    "powers": ["Vigour", "Mend"],
    "herbs": [{"name": "Laumspur", "endurance": 4, "uses": 1, "in_fight": True}],
}
HERO = {"lone-wolf": {"skill": 15, "endurance": 20}, "grey-star": {"skill": 15, "endurance": 20, "willpower": 10},
        "freeway-warrior": {"skill": 15, "endurance": 20}}  # fmt: skip
SYSTEMS = (LoneWolf, GreyStar, FreewayWarrior)


def record(system, chart):
    hero = {**HERO[system.key], **({"chart": chart} if chart is not None else {})}
    enemies = [{"name": "Giak", "skill": 10, "endurance": 6}]
    return {"format": "pyrules-fight", "version": 1, "system": system.key, "hero": hero, "enemies": enemies,
            "actions": [{"do": "round", "number": 5}]}  # fmt: skip


def test_the_chart_reads_as_written_and_writes_back_the_same():
    chart = read(CHART)
    assert chart.backpack[1] == Item("Healing potion", endurance=2, uses=1)
    assert chart.herbs[0].in_fight and chart.special[1].skill == 1
    assert (chart.meals, chart.gold) == (2, 15)
    written = chart_json(chart)
    assert written == {**CHART, "special": ["Crystal Star Pendant", {"name": "Jewelled Dagger", "skill": 1}]}
    assert read(written) == chart
    assert chart_json(Chart()) == {} and read(None) == Chart()


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.key)
def test_a_fight_carries_the_chart_whole_to_the_hero_it_leaves(system):
    hero, outcome = adventure.hero_after(record(system, CHART))
    assert outcome == "won" and hero["endurance"] < HERO[system.key]["endurance"]  # the round was fought
    assert read(hero["chart"]) == read(CHART)
    kept = adventure.read(record(system, CHART))
    assert read(kept["hero"]["chart"]) == read(CHART)
    answer = json.loads(api.call(json.dumps({"op": "start", "record": record(system, CHART)})))
    assert answer["ok"], answer
    assert read(answer["record"]["hero"]["chart"]) == read(CHART)  # the page's record, and so its links, keep it


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.key)
def test_a_record_without_a_chart_reads_and_writes_as_before(system):
    hero, _ = adventure.hero_after(record(system, None))
    assert "chart" not in hero
    assert "chart" not in adventure.read(record(system, None))["hero"]


@pytest.mark.parametrize(
    ("chart", "field"),
    [
        ({"meals": "two"}, "hero.chart.meals"),
        ({"gold": 1000}, "hero.chart.gold"),
        ({"backpack": [{"nam": "Rope"}]}, "hero.chart.backpack[0].name"),
        ({"backpack": [{"name": "Rope", "uses": -1}]}, "hero.chart.backpack[0].uses"),
        ({"special": [{"name": "Sword", "skill": 100}]}, "hero.chart.special[0].skill"),
        ({"powers": ["x"] * 41}, "hero.chart.powers"),
        ({"pockets": []}, "hero.chart.pockets"),
        ([], "hero.chart"),
    ],
)
def test_a_faulty_chart_is_refused_by_its_field(chart, field):
    with pytest.raises(RecordError) as refused:
        LoneWolf.parse_setup(record(LoneWolf, chart))
    assert refused.value.field == field


@pytest.mark.parametrize("language_", ["en", "ru", "es"])
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.key)
def test_a_form_bonus_named_as_a_carried_item_of_the_chart_is_refused_a_record_as_played(system, language_):
    """The Jewelled Dagger's +1 is the chart's: typed again as a set-up bonus it would count twice. The form is told
    by the bonus's field, in its language; a stored record reads as it was played (nothing saved is lost)."""
    given = record(system, CHART)
    given["hero"]["modifiers"] = [{"name": "Rope", "skill": 1}, {"name": " jewelled  DAGGER", "skill": 1}]
    with language(language_), pytest.raises(RecordError) as refused:
        every_fault(lambda: system.parse_setup(given, lenient=True))
    assert refused.value.field == "hero.modifiers[1].name"
    skill = {"en": system.skill_label, "ru": "МАСТЕРСТВО", "es": "DESTREZA"}[language_]
    words = {"en": "is on the Action Chart", "ru": "уже учтено в Листке действий",
             "es": "ya está en la Carta de Acción"}
    assert "Jewelled Dagger" in refused.value.message and words[language_] in refused.value.message
    assert skill in refused.value.message and "1" in refused.value.message
    reply = json.loads(api.call(json.dumps({"op": "start", "record": given, "form": True})))
    assert not reply["ok"] and reply["error"]["field"] == "hero.modifiers[1].name"
    kept = system.parse_setup(given)  # a record: read as it was played, the bonus counted as it was
    assert [name for name, _ in kept.hero.modifiers] == ["Rope", "jewelled DAGGER"]
    given["hero"]["modifiers"] = [{"name": "Crystal Star Pendant", "skill": 1}]  # carried, but gives no bonus there
    assert system.parse_setup(given, lenient=True).hero.modifiers == (("Crystal Star Pendant", 1),)
