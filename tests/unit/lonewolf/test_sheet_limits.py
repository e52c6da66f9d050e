"""Each book's Action Chart as describe() declares it (its boxes' printed names and limits, the powers chosen at the
start, the actions between sections) and every limit the book prints, refused by name in the book's words in
English, Russian and Spanish, one past it; where the book states no limit there is none but the record's own."""

from __future__ import annotations

import json

import pytest

from pyrules import api, i18n
from pyrules.i18n import tr
from pyrules.systems import SYSTEMS
from pyrules.systems.lonewolf.book import unfilled
from pyrules.systems.lonewolf.chart import ITEM_LABELS, MAX_ITEMS, effect


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def described(system: str, lang: str = "en") -> dict:
    return call(op="hello", describe=True, lang=lang)["systems"][system]["chart"]


def adventure(system: str, chart: dict) -> dict:
    hero = {"skill": 15, "endurance": 20, "chart": chart} | ({"willpower": 20} if system == "grey-star" else {})
    return {"format": "pyrules-adventure", "version": 1, "system": system, "hero": hero, "fights": []}


def refusal(system: str, chart: dict, action: dict, lang: str) -> dict:
    reply = call(op="sheet", adventure=adventure(system, chart), action=action, lang=lang)
    assert reply["ok"] is False, reply
    return reply["error"]


def test_each_books_chart_is_declared_with_its_printed_names_and_limits():
    def limits(system):
        return {part["key"]: (part["label"], part["kind"], part["limit"]) for part in described(system)["parts"]}

    assert limits("lone-wolf") == {
        "weapons": ("Weapons", "items", 2), "gold": ("Belt Pouch", "count", 50), "meals": ("Meals", "count", None),
        "backpack": ("Backpack Items", "items", 8), "special": ("Special Items", "items", None)}  # fmt: skip
    assert limits("grey-star") == {
        "weapons": ("Weapons", "items", 2), "gold": ("Robe Pocket", "count", None),
        "meals": ("Meals", "count", None), "backpack": ("Backpack Items", "items", 8),
        "herbs": ("Herb Pouch", "items", 8), "special": ("Special Items", "items", None)}  # fmt: skip
    assert limits("freeway-warrior") == {
        "skills": ("SURVIVAL SKILLS", "skills", None), "backpack": ("BACKPACK", "items", 10),
        "medikit": ("MEDI-KIT", "count", 12), "water": ("WATER CANTEEN", "count", 4),
        "ammo_9mm": ("AMMO POUCH", "count", 40), "ammo_762": ("AMMO POUCH", "count", 20),
        "ammo_12": ("AMMO POUCH", "count", 10), "weapons": ("CLOSE COMBAT WEAPONS", "items", 2),
        "missile": ("MISSILE WEAPONS", "items", 3), "meals": ("Meals", "count", None)}  # fmt: skip
    lone_wolf, grey_star = described("lone-wolf"), described("grey-star")
    assert lone_wolf["powers"]["label"] == "Brotherhood Spells" and lone_wolf["powers"]["choose"] == 5
    assert len(lone_wolf["powers"]["names"]) == 10 and len(grey_star["powers"]["names"]) == 7
    assert grey_star["powers"]["label"] == "Lesser Magicks" and grey_star["powers"]["choose"] == 5
    herbs = next(part for part in grey_star["parts"] if part["key"] == "herbs")
    assert herbs["needs"] == "Alchemy"
    backpack = next(part for part in lone_wolf["parts"] if part["key"] == "backpack")
    assert backpack["meals"] is True
    gold = next(part for part in lone_wolf["parts"] if part["key"] == "gold")
    assert gold["holds"] == "Gold Crowns"
    for system in ("lone-wolf", "grey-star", "freeway-warrior"):  # a box with no limit says why: the player keeps it
        assert all(part.get("note") for part in described(system)["parts"] if part["limit"] is None)
    assert [a["do"] for a in grey_star["actions"]] == ["take", "drop", "count", "eat", "hungry", "use", "endurance",
                                                       "willpower", "section"]  # fmt: skip
    assert {"drink", "thirsty"} <= {a["do"] for a in described("freeway-warrior")["actions"]}
    russian = described("lone-wolf", "ru")
    assert russian["powers"]["label"] == "Заклинания Братства" and russian["powers"]["names"][4] == "Vigour"
    assert russian["powers"]["labels"][4] == "Бодрость"
    assert described("grey-star", "es")["parts"][1]["label"] == "Bolsillo de la Túnica"
    assert "chart" not in call(op="hello", describe=True)["systems"]["fighting-fantasy"]


FULL = [  # (system, the chart at its limit, the action one past it, the words in en, ru, es)
    ("lone-wolf", {"weapons": ["Sword", "Axe"]}, {"do": "take", "part": "weapons", "item": "Mace"},
     ("the Weapons box holds 2 items: it has 2", "«Оружие» вмещает 2 предмета, а там уже 2",
      "«Armas» admite 2 objetos: ya tiene 2")),
    ("lone-wolf", {"backpack": ["Rope"] * 6, "meals": 2}, {"do": "take", "part": "backpack", "item": "Torch"},
     ("the Backpack holds 8 items: it has 6 and 2 Meals",
      "«Заплечный мешок» вмещает 8 предметов вместе с Едой, а там уже 6 и 2 порции Еды",
      "«Mochila» admite 8 objetos, Comidas incluidas: ya tiene 6 y 2 Comidas")),
    ("lone-wolf", {"backpack": ["Rope"] * 7, "meals": 1}, {"do": "count", "part": "meals", "change": 1},
     ("the Backpack holds 8 items: it has 7 and 1 Meal",
      "«Заплечный мешок» вмещает 8 предметов вместе с Едой, а там уже 7 и 1 порция Еды",
      "«Mochila» admite 8 objetos, Comidas incluidas: ya tiene 7 y 1 Comida")),
    ("lone-wolf", {"gold": 45}, {"do": "count", "part": "gold", "change": 6},
     ("the Belt Pouch holds 50 Gold Crowns: it has 45", "«Поясной кошель» вмещает 50 Золотых Крон, а там уже 45",
      "«Bolsa» admite 50 Coronas de Oro: ya tiene 45")),
    ("lone-wolf", {"powers": ["Net", "Mend", "Silence", "Vigour", "Levitation"]},
     {"do": "take", "part": "powers", "item": "Sense Evil"},
     ("5 of the 10 Brotherhood Spells are chosen at the start: 5 already are",
      "«Заклинания Братства»: в начале выбирают 5 из 10, а выбрано уже 5",
      "«Hechizos de la Hermandad»: se eligen 5 de 10 al empezar, y ya hay 5")),
    ("grey-star", {"weapons": ["Wizard's Staff", "Dagger"]}, {"do": "take", "part": "weapons", "item": "Sword"},
     ("the Weapons box holds 2 items: it has 2", "«Оружие» вмещает 2 предмета, а там уже 2",
      "«Armas» admite 2 objetos: ya tiene 2")),
    ("grey-star", {"backpack": ["Rope"] * 8}, {"do": "take", "part": "backpack", "item": "Torch"},
     ("the Backpack holds 8 items: it has 8 and 0 Meals",
      "«Заплечный мешок» вмещает 8 предметов вместе с Едой, а там уже 8 и 0 порций Еды",
      "«Mochila» admite 8 objetos, Comidas incluidas: ya tiene 8 y 0 Comidas")),
    ("grey-star", {"powers": ["Alchemy"], "herbs": ["Leaf"] * 8}, {"do": "take", "part": "herbs", "item": "Root"},
     ("the Herb Pouch box holds 8 items: it has 8", "«Сумка для трав» вмещает 8 предметов, а там уже 8",
      "«Bolsa de Hierbas» admite 8 objetos: ya tiene 8")),
    ("grey-star", {}, {"do": "take", "part": "herbs", "item": "Root"},
     ("the Herb Pouch is carried only with Alchemy", "«Сумка для трав» носят только с магией «Алхимия»",
      "«Bolsa de Hierbas» solo se lleva con Alquimia")),
    ("grey-star", {"powers": ["Sorcery", "Enchantment", "Elementalism", "Alchemy", "Prophecy"]},
     {"do": "take", "part": "powers", "item": "Evocation"},
     ("5 of the 7 Lesser Magicks are chosen at the start: 5 already are",
      "«Малая магия»: в начале выбирают 5 из 7, а выбрано уже 5",
      "«Magia Menor»: se eligen 5 de 7 al empezar, y ya hay 5")),
    ("freeway-warrior", {"backpack": ["Compass"] * 9, "meals": 1}, {"do": "take", "part": "backpack", "item": "Map"},
     ("the BACKPACK holds 10 items: it has 9 and 1 Meal",
      "«РЮКЗАК» вмещает 10 предметов вместе с Едой, а там уже 9 и 1 порция Еды",
      "«MOCHILA» admite 10 objetos, Comidas incluidas: ya tiene 9 y 1 Comida")),
    ("freeway-warrior", {"medikit": 12}, {"do": "count", "part": "medikit", "change": 1},
     ("the MEDI-KIT holds 12 units: it has 12", "«АПТЕЧКА» вмещает 12 единиц, а там уже 12",
      "«BOTIQUÍN» admite 12 unidades: ya tiene 12")),
    ("freeway-warrior", {"water": 3}, {"do": "count", "part": "water", "change": 2},
     ("the WATER CANTEEN holds 4 drinks of half a pint: it has 3",
      "«ФЛЯГА С ВОДОЙ» вмещает 4 глотка по полпинты, а там уже 3",
      "«CANTIMPLORA» admite 4 tragos de media pinta: ya tiene 3")),
    ("freeway-warrior", {"ammo_9mm": 40}, {"do": "count", "part": "ammo_9mm", "change": 1},
     ("the AMMO POUCH holds 40 rounds of 9mm: it has 40", "«ПОДСУМОК» вмещает 40 патронов (9 мм), а там уже 40",
      "«CARTUCHERA» admite 40 balas de 9 mm: ya tiene 40")),
    ("freeway-warrior", {"ammo_762": 20}, {"do": "count", "part": "ammo_762", "change": 1},
     ("the AMMO POUCH holds 20 rounds of 7.62mm: it has 20",
      "«ПОДСУМОК» вмещает 20 патронов (7,62 мм), а там уже 20",
      "«CARTUCHERA» admite 20 balas de 7,62 mm: ya tiene 20")),
    ("freeway-warrior", {"ammo_12": 9}, {"do": "count", "part": "ammo_12", "change": 2},
     ("the AMMO POUCH holds 10 rounds of 12 gauge: it has 9",
      "«ПОДСУМОК» вмещает 10 патронов (12-й калибр), а там уже 9",
      "«CARTUCHERA» admite 10 balas de calibre 12: ya tiene 9")),
    ("freeway-warrior", {"weapons": ["Machete", "Club"]}, {"do": "take", "part": "weapons", "item": "Knife"},
     ("the CLOSE COMBAT WEAPONS box holds 2 items: it has 2",
      "«ОРУЖИЕ БЛИЖНЕГО БОЯ» вмещает 2 предмета, а там уже 2",
      "«ARMAS DE COMBATE CUERPO A CUERPO» admite 2 objetos: ya tiene 2")),
    ("freeway-warrior", {"missile": ["Pistol", "Rifle", "Shotgun"]},
     {"do": "take", "part": "missile", "item": "Machine Pistol"},
     ("the MISSILE WEAPONS box holds 3 items: it has 3", "«СТРЕЛКОВОЕ ОРУЖИЕ» вмещает 3 предмета, а там уже 3",
      "«ARMAS DE FUEGO» admite 3 objetos: ya tiene 3")),
]  # fmt: skip


@pytest.mark.parametrize(("system", "chart", "action", "words"), FULL, ids=[said[0] for *_, said in FULL])
def test_every_limit_of_every_book_is_refused_one_past_it_by_name_in_each_language(system, chart, action, words):
    for lang, said in zip(("en", "ru", "es"), words):
        error = refusal(system, chart, action, lang)
        assert error["message"] == said, lang
        assert error["field"] in ("action.item", "action.change")
    if not chart:  # not a limit: the Herb Pouch without Alchemy
        return
    reply = call(op="sheet", adventure=adventure(system, chart), action={**action, "change": -1}
                 if action["do"] == "count" else {"do": "drop", "part": action["part"], "index": 0})  # fmt: skip
    assert reply["ok"], reply  # one less, then the same action fits
    assert call(op="sheet", adventure=reply["adventure"], action=action)["ok"] or action["do"] == "count"


@pytest.mark.parametrize(("system", "part"), [("lone-wolf", "special"), ("grey-star", "special")])
def test_a_box_whose_book_states_no_limit_takes_up_to_the_records_own_maximum(system, part):
    full = {part: [f"Item {i}" for i in range(MAX_ITEMS - 1)]}
    reply = call(op="sheet", adventure=adventure(system, full), action={"do": "take", "part": part, "item": "Last"})
    assert reply["ok"] and len(reply["adventure"]["hero"]["chart"][part]) == MAX_ITEMS
    error = refusal(system, reply["adventure"]["hero"]["chart"], {"do": "take", "part": part, "item": "More"}, "en")
    assert error["message"] == f"the Special Items box holds {MAX_ITEMS} items: it has {MAX_ITEMS}"


def test_the_robe_pockets_nobles_and_the_meals_have_no_limit_but_the_records_and_the_backpacks():
    reply = call(op="sheet", adventure=adventure("grey-star", {"gold": 900}),
                 action={"do": "count", "part": "gold", "change": 99})  # fmt: skip
    assert reply["ok"] and reply["adventure"]["hero"]["chart"]["gold"] == 999
    error = refusal("grey-star", {"gold": 999}, {"do": "count", "part": "gold", "change": 1}, "en")
    assert error["message"] == "the Robe Pocket holds 999 Nobles: it has 999"
    error = refusal("grey-star", {"gold": 3}, {"do": "count", "part": "gold", "change": -4}, "ru")
    assert error["message"] == "в графе «Карман мантии» только 3 нобля"
    spent = refusal("lone-wolf", {"gold": 1}, {"do": "count", "part": "gold", "change": -2}, "es")
    assert spent["message"] == "en «Bolsa» solo hay 1 Corona de Oro"


def test_a_power_is_chosen_once_and_a_skills_points_stay_within_the_record():
    error = refusal("lone-wolf", {"powers": ["Net"]}, {"do": "take", "part": "powers", "item": "Net"}, "en")
    assert error["message"] == "Net is already chosen" and error["label"] == "Brotherhood Spells"
    skill = refusal("freeway-warrior", {"skills": {"Stealth": 1}},
                    {"do": "count", "part": "skills", "name": "Stealth", "change": -2}, "en")  # fmt: skip
    assert skill["message"] == "must be from 0 to 99, not -1" and skill["label"] == "Stealth"


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
@pytest.mark.parametrize("system", ["lone-wolf", "grey-star", "freeway-warrior"])
def test_an_items_effects_are_declared_as_the_rules_say_a_change_in_each_language(system, lang):
    """What an item may do is the rules' to declare (the page fills each ``said``'s {n}, signed where ``signed``): the
    form's fields are the Item's but its name, and a carried item's bonus and ENDURANCE read as the rules' own
    effect() says a change, in the book's words of each language."""
    effects = described(system, lang)["effects"]
    assert [e["key"] for e in effects] == [key for key in ITEM_LABELS if key != "name"]
    assert [bool(e.get("check")) for e in effects] == [False, False, False, True]
    with i18n.language(lang):
        for e in effects[:2]:
            assert e["signed"] and e["said"].replace("{n}", "−2") == effect(SYSTEMS[system], e["key"], -2)
        assert effects[0]["label"] == tr("Bonus to {skill}", skill=tr(SYSTEMS[system].labels()["skill"]))
    uses, in_fight = effects[2]["said"], effects[3]["said"]
    assert "{n}" in uses and "{n|" in uses and not effects[2].get("signed")
    if lang != "en":  # said in the language, not English's words left for the page to translate
        assert uses != "{n} {n|use|uses} left" and in_fight != "in a fight"
        assert effects[1]["label"] != "ENDURANCE restored"


def test_an_effects_words_that_do_not_fit_their_english_are_said_in_english(monkeypatch):
    """A language's text for an effect left for the page to fill is used only where its fields are the English's: one
    naming another field is left out, as tr() leaves it out, and the English is declared."""
    template = "{n} {n|use|uses} left"
    key = i18n.short_key(template) if "ru" in i18n.SHORT else template
    with i18n.language("ru"):
        assert unfilled(template) == i18n.CATALOGS["ru"][key] != template
        monkeypatch.setitem(i18n.CATALOGS["ru"], key, "осталось {m}")
        assert unfilled(template) == template
