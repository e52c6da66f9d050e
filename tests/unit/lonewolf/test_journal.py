"""Between sections (the ``sheet`` op, pyrules/journal.py, pyrules/systems/lonewolf/sheet.py): every action of each
Lone Wolf-family book, its log line in en/ru/es and its undo, which gives back the adventure exactly as it was; a
book without an Action Chart refuses the op by field; the journal is bounded and an adventure link carries it whole;
old adventures, fights and links, with no chart and no journal, open as they did."""

from __future__ import annotations

import copy
import json
import pathlib

import pytest

from pyrules import api, share
from pyrules.journal import MAX_JOURNAL

FIXTURES = sorted((pathlib.Path(__file__).resolve().parents[2] / "fixtures").glob("*.json"))
POTION = {"name": "Healing potion", "endurance": 2, "uses": 1}
LAUMSPUR = {"name": "Laumspur", "endurance": 4, "uses": 2, "in_fight": True}


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def adventure(system="lone-wolf", hero=None, **more):
    hero = hero or {"skill": 15, "endurance": 20, "chart": {"backpack": ["Rope", POTION], "meals": 2, "gold": 12}}
    if system == "grey-star":
        hero = {"willpower": 20, **hero}
    return {"format": "pyrules-adventure", "version": 1, "system": system, "name": "", "hero": hero, "fights": [],
            **more}  # fmt: skip


def act(document, action, lang="en"):
    reply = call(op="sheet", adventure=document, action=action, lang=lang)
    assert reply["ok"], reply
    return reply


def chart(document):
    return document["hero"].get("chart", {})


# ---- each action, its line and its undo ---------------------------------------------------------------------------

ACTIONS = [  # (system, action, what the hero's chart or numbers become, the English line)
    ("lone-wolf", {"do": "take", "part": "backpack", "item": "Torch"},
     lambda h: h["chart"]["backpack"] == ["Rope", POTION, "Torch"], "Taken: Torch (Backpack Items)."),
    ("lone-wolf", {"do": "drop", "part": "backpack", "index": 0},
     lambda h: h["chart"]["backpack"] == [POTION], "Dropped: Rope (Backpack Items)."),
    ("lone-wolf", {"do": "count", "part": "gold", "change": -5},
     lambda h: h["chart"]["gold"] == 7, "Belt Pouch: −5, now 7."),
    ("lone-wolf", {"do": "count", "part": "meals", "change": 1},
     lambda h: h["chart"]["meals"] == 3, "Meals: +1, now 3."),
    ("lone-wolf", {"do": "eat"}, lambda h: h["chart"]["meals"] == 1, "Meals: −1, now 1."),
    ("lone-wolf", {"do": "hungry"}, lambda h: h["endurance"] == 17, "No Meal to eat: ENDURANCE −3, now 17."),
    ("lone-wolf", {"do": "endurance", "change": -4}, lambda h: h["endurance"] == 16, "ENDURANCE: −4, now 16."),
    ("lone-wolf", {"do": "take", "part": "powers", "item": "Vigour"},
     lambda h: h["chart"]["powers"] == ["Vigour"], "Taken: Vigour (Brotherhood Spells)."),
    ("lone-wolf", {"do": "take", "part": "special", "item": {"name": "Crystal Star Pendant"}},
     lambda h: h["chart"]["special"] == ["Crystal Star Pendant"], "Taken: Crystal Star Pendant (Special Items)."),
    ("lone-wolf", {"do": "take", "part": "weapons", "item": "Short Sword"},
     lambda h: h["chart"]["weapons"] == ["Short Sword"], "Taken: Short Sword (Weapons)."),
    ("grey-star", {"do": "willpower", "change": 2}, lambda h: h["willpower"] == 22, "WILLPOWER: +2, now 22."),
    ("grey-star", {"do": "count", "part": "gold", "change": 30},
     lambda h: h["chart"]["gold"] == 42, "Robe Pocket: +30, now 42."),
    ("freeway-warrior", {"do": "count", "part": "medikit", "change": 3},
     lambda h: h["chart"]["medikit"] == 3, "MEDI-KIT: +3, now 3."),
    ("freeway-warrior", {"do": "count", "part": "ammo_9mm", "change": 8},
     lambda h: h["chart"]["ammo_9mm"] == 8, "AMMO POUCH (9mm): +8, now 8."),
    ("freeway-warrior", {"do": "count", "part": "water", "change": 4},
     lambda h: h["chart"]["water"] == 4, "WATER CANTEEN: +4, now 4."),
    ("freeway-warrior", {"do": "count", "part": "skills", "name": "Stealth", "change": 2},
     lambda h: h["chart"]["skills"] == {"Stealth": 2}, "Stealth: +2, now 2."),
    ("freeway-warrior", {"do": "take", "part": "missile", "item": "Pistol"},
     lambda h: h["chart"]["missile"] == ["Pistol"], "Taken: Pistol (MISSILE WEAPONS)."),
    ("freeway-warrior", {"do": "thirsty"}, lambda h: h["endurance"] == 17, "No Water to drink: ENDURANCE −3, now 17."),
]  # fmt: skip


@pytest.mark.parametrize(("system", "action", "done", "line"), ACTIONS, ids=[line for *_, line in ACTIONS])
def test_each_action_changes_the_sheet_says_its_line_and_is_undone_exactly(system, action, done, line):
    before = call(op="adventure", adventure=adventure(system))["adventure"]
    reply = act(before, action)
    assert done(reply["adventure"]["hero"]) and reply["line"] == line
    kept = reply["adventure"]["journal"][-1]["action"]  # as read: an item of a name alone kept as its name
    assert reply["event"]["do"] == action["do"] and kept == {**action, **({"item": "Crystal Star Pendant"}
                                                                        if "Crystal" in line else {})}  # fmt: skip
    undone = call(op="sheet", adventure=reply["adventure"], undo=True)
    assert undone["adventure"] == before and undone["line"] == f"Undone: {line}"
    for lang in ("ru", "es"):  # the line in the page's language, none of it English
        said = act(before, action, lang)["line"]
        assert said != line and "now" not in said and "Taken" not in said


def test_a_potion_swallowed_between_sections_restores_endurance_never_above_the_start_and_leaves_the_chart():
    document = act(adventure(), {"do": "endurance", "change": -1})["adventure"]  # 19 of 20
    reply = act(document, {"do": "use", "part": "backpack", "index": 1})
    assert reply["adventure"]["hero"]["endurance"] == 20 and chart(reply["adventure"])["backpack"] == ["Rope"]
    assert reply["line"] == "Healing potion: ENDURANCE +1, now 20."
    herbs = adventure("grey-star", {"skill": 15, "endurance": 10, "endurance_max": 20,
                                    "chart": {"powers": ["Alchemy"], "herbs": [LAUMSPUR]}})  # fmt: skip
    once = act(herbs, {"do": "use", "part": "herbs", "index": 0})["adventure"]
    assert once["hero"]["endurance"] == 14 and chart(once)["herbs"] == [{**LAUMSPUR, "uses": 1}]
    twice = act(once, {"do": "use", "part": "herbs", "index": 0})["adventure"]
    assert twice["hero"]["endurance"] == 18 and "herbs" not in chart(twice)


def test_a_medi_kit_unit_restores_three_endurance():
    document = adventure("freeway-warrior", {"skill": 15, "endurance": 10, "endurance_max": 20,
                                             "chart": {"medikit": 2}})  # fmt: skip
    reply = act(document, {"do": "use", "part": "medikit"})
    assert reply["adventure"]["hero"]["endurance"] == 13 and chart(reply["adventure"])["medikit"] == 1
    assert reply["line"] == "MEDI-KIT: ENDURANCE +3, now 13."


def test_the_section_is_the_adventures_and_undo_gives_it_back():
    document = call(op="adventure", adventure=adventure(section="12"))["adventure"]
    reply = act(document, {"do": "section", "section": "140"})
    assert reply["adventure"]["section"] == "140" and reply["line"] == "Section 140."
    assert call(op="sheet", adventure=reply["adventure"], undo=True)["adventure"] == document


@pytest.mark.parametrize(
    ("system", "action", "field", "message"),
    [
        ("lone-wolf", {"do": "eat"}, "action.do", "Meals: none left, choose “No Meal to eat”"),
        ("freeway-warrior", {"do": "drink"}, "action.do", "WATER CANTEEN: none left, choose “No Water to drink”"),
        ("lone-wolf", {"do": "drop", "part": "backpack", "index": 0}, "action.index",
         "the Backpack Items box has 0 items: there is no item 1"),
        ("lone-wolf", {"do": "use", "part": "backpack", "index": 0}, "action.index",
         "Rope is not used up: only an item with uses left is used"),
        ("lone-wolf", {"do": "count", "part": "gold", "change": -3}, "action.change",
         "the Belt Pouch has only 2 Gold Crowns"),
        ("lone-wolf", {"do": "take", "part": "powers", "item": "Fireball"}, "action.item",
         "must be one of Lightning Hand, Mind Charm, Invisible Shield, Net, Vigour, Counterspell, Levitation, "
         "Sense Evil, Mend, Silence, not Fireball"),
        ("lone-wolf", {"do": "willpower", "change": 1}, "action.do", None),  # Banedon has no WILLPOWER
        ("freeway-warrior", {"do": "count", "part": "gold", "change": 1}, "action.part", None),  # no gold box
        ("lone-wolf", {"do": "teleport"}, "action.do", None),
        ("lone-wolf", {"do": "take", "part": "backpack"}, "action.item", "is missing"),
    ],
)  # fmt: skip
def test_an_action_the_sheet_cannot_take_is_refused_by_field_and_changes_nothing(system, action, field, message):
    hero = {"skill": 15, "endurance": 20, "chart": {"gold": 2}}
    if action.get("index") == 0 and action["do"] == "use":
        hero["chart"]["backpack"] = ["Rope"]
    reply = call(op="sheet", adventure=adventure(system, hero), action=action)
    assert reply["ok"] is False and reply["error"]["field"] == field
    if message:
        assert reply["error"]["message"] == message


def test_a_book_without_an_action_chart_refuses_the_op_by_field():
    for system, hero in (("fighting-fantasy", {"skill": 10, "stamina": 18, "luck": 9}),
                         ("citadel", None)):  # fmt: skip
        if hero is None:
            continue
        document = {**adventure(system, hero)}
        reply = call(op="sheet", adventure=document, action={"do": "eat"})
        assert reply["ok"] is False and reply["error"]["field"] == "action"
        assert reply["error"]["message"] == "this book keeps no Action Chart between sections"


def test_undo_with_nothing_done_or_after_a_fight_is_refused_by_field():
    assert call(op="sheet", adventure=adventure(), undo=True)["error"]["field"] == "undo"
    document = act(adventure(), {"do": "eat"})["adventure"]
    record = {
        "format": "pyrules-fight",
        "version": 1,
        "system": "lone-wolf",
        "hero": document["hero"],
        "enemies": [{"name": "Giak", "skill": 10, "endurance": 6}],
        "actions": [{"do": "round", "number": 5}],
    }
    fought = {**document, "fights": [{"name": "", "section": "", "when": 0, "record": record}]}
    reply = call(op="sheet", adventure=fought, undo=True)
    assert reply["error"]["field"] == "undo"
    assert reply["error"]["message"] == "a fight has started from the sheet since: the actions before it stay"
    edited = {**document, "hero": {**document["hero"], "chart": {**chart(document), "meals": 5}}}
    assert call(op="sheet", adventure=edited, undo=True)["error"]["message"] == (
        "the sheet was changed since: change it back by hand"
    )


def test_the_journals_lines_are_said_again_in_the_language_asked():
    document = adventure()
    for action in ({"do": "eat"}, {"do": "take", "part": "powers", "item": "Mend"}, {"do": "section", "section": "7"}):
        document = act(document, action)["adventure"]
    lines = call(op="sheet", adventure=document)["lines"]
    assert lines == ["Meals: −1, now 1.", "Taken: Mend (Brotherhood Spells).", "Section 7."]
    russian = call(op="sheet", adventure=document, lang="ru")["lines"]
    assert russian == ["Еда: −1, теперь 1.", "Взято: Исцеление (Заклинания Братства).", "Параграф 7."]


# ---- the journal's bound and the adventure link ----------------------------------------------------------------------


def test_the_journal_is_bounded_refused_by_field_past_it_and_a_full_one_fits_an_adventure_link():
    document = call(op="adventure", adventure=adventure())["adventure"]
    steps = [{"do": "count", "part": "gold", "change": 1}, {"do": "take", "part": "backpack", "item": "Torch"},
             {"do": "drop", "part": "backpack", "index": 2}, {"do": "count", "part": "gold", "change": -1},
             {"do": "section", "section": "1"}]  # fmt: skip
    journal = list(act(document, steps[0])["adventure"]["journal"])
    while len(journal) < MAX_JOURNAL:  # the entries built as the op makes them, then the whole journal read once
        document = act(document, steps[len(journal) % len(steps)])["adventure"]
        journal = document["journal"]
    full = call(op="adventure", adventure=document)
    assert full["ok"] and len(full["adventure"]["journal"]) == MAX_JOURNAL
    refused = call(op="sheet", adventure=document, action={"do": "eat"})
    assert refused["error"]["field"] == "adventure.journal" and str(MAX_JOURNAL) in refused["error"]["message"]
    too_long = {**document, "journal": [*journal, journal[-1]]}
    assert call(op="adventure", adventure=too_long)["error"]["field"] == "journal"
    link = call(op="share_adventure", adventure=document)
    assert link["ok"], link
    opened = call(op="open_link", code=link["code"])
    assert opened["adventure"] == full["adventure"]


def test_a_full_journal_of_long_distinct_names_still_fits_an_adventure_link():
    """Each entry keeps only the run of a list it changed: 200 Special Items of 60 characters, each taken, stay
    within a link's 16,000 characters with the adventure's fights."""
    document = call(op="adventure", adventure=adventure())["adventure"]
    names = [f"{i:03d} " + "".join(chr(0x430 + (i * 7 + k) % 32) for k in range(56)) for i in range(MAX_JOURNAL)]
    for i, name in enumerate(names):
        action = {"do": "take", "part": "special", "item": name} if i < 40 else {"do": "drop", "part": "special",
                                                                                  "index": i % 40}  # fmt: skip
        if i >= 40 and i % 2:
            action = {"do": "take", "part": "special", "item": name}
        document = act(document, action)["adventure"]
    assert len(document["journal"]) == MAX_JOURNAL
    link = call(op="share_adventure", adventure=document)
    assert link["ok"] and link["length"] < 16_000, link.get("length")
    assert call(op="open_link", code=link["code"])["adventure"]["journal"] == document["journal"]


def test_a_journal_entry_read_back_is_checked_by_field():
    document = act(adventure(), {"do": "eat"})["adventure"]
    bad = copy.deepcopy(document)
    bad["journal"][0]["action"] = {"do": "eat", "meals": 3}
    assert call(op="adventure", adventure=bad)["error"]["field"] == "journal[0].action.meals"
    bad = copy.deepcopy(document)
    bad["journal"][0]["at"] = 1  # after a fight the adventure does not have
    assert call(op="adventure", adventure=bad)["error"]["field"] == "journal[0].at"
    bad = copy.deepcopy(document)
    bad["journal"][0]["was"] = [1]
    assert call(op="adventure", adventure=bad)["error"]["field"] == "journal[0].was"
    ff = {**adventure("fighting-fantasy", {"skill": 10, "stamina": 18, "luck": 9}), "journal": document["journal"]}
    assert call(op="adventure", adventure=ff)["error"]["field"] == "journal[0].action"


# ---- old adventures, fights and links --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_old_fights_saves_and_links_open_as_adventures_with_no_journal_and_their_sheet_as_it_was(path):
    fixture = json.loads(path.read_text(encoding="utf-8"))
    record = json.loads(fixture["export"])
    opened = call(op="adventure", adventure=record)
    assert opened["ok"] and "journal" not in opened["adventure"]
    hero = call(op="hero_after", record=record)["hero"]
    assert opened["adventure"]["hero"] == hero and "chart" not in hero
    linked = call(op="open_link", code=fixture["link"])
    assert linked["ok"] and "journal" not in linked.get("adventure", {})
    if record["system"] in ("lone-wolf", "grey-star", "freeway-warrior"):  # the sheet op works on it as it is
        reply = call(op="sheet", adventure=opened["adventure"], action={"do": "count", "part": "meals", "change": 1})
        assert reply["ok"] and chart(reply["adventure"]) == {"meals": 1}
        back = call(op="sheet", adventure=reply["adventure"], undo=True)["adventure"]
        assert back == opened["adventure"]


def test_an_adventure_with_no_journal_reads_and_links_as_before():
    document = call(op="adventure", adventure=adventure(section="3", notes="a note"))["adventure"]
    assert "journal" not in document
    link = call(op="share_adventure", adventure=document)["code"]
    assert call(op="open_link", code=link)["adventure"] == document
    code = share.encode(document)  # a link made before journals carried the same document
    assert call(op="open_link", code=code)["adventure"] == document


FORGERIES = [  # (what is changed in a journal of two entries, a Backpack item dropped then a Meal missed; the field)
    (lambda j: j[0].update(was={"chart": {"backpack": "no list"}}), "journal[0].was"),
    (lambda j: j[1].update(now={"endurance": "many", "chart": None}), "journal[1].now"),
    (lambda j: j[1].update(was={"endurance": 25}, now={"endurance": 2}), "journal[0].was"),  # 25 of 20, taken back
    (lambda j: j[1].update(was={"endurance": -5}, now={"endurance": -8}), "journal[0].was"),  # no such sheet
    (lambda j: j[1].update(action={"do": "eat"}), "journal[1].now"),  # a Meal eaten, said as ENDURANCE lost
    (lambda j: j[0]["now"]["chart"]["backpack"].update(items=["Sommerswerd"]), "journal[0].now"),
    (lambda j: j[1].update(was={"endurance": 19}, now={"endurance": 2}), "journal[1].now"),  # a loss of 17, not 3
    (lambda j: j.insert(1, {**j[1], "was": {"endurance": 30}, "now": {"endurance": 27}}), "journal[0].was"),
]


@pytest.mark.parametrize(("forge", "field"), FORGERIES)
def test_a_forged_journal_is_refused_by_its_entrys_field_so_a_link_tells_only_what_was_done(forge, field):
    document = act(act(adventure(), {"do": "drop", "part": "backpack", "index": 1})["adventure"], {"do": "hungry"})
    honest = document["adventure"]
    assert call(op="sheet", adventure=honest)["lines"] == ["Dropped: Healing potion (Backpack Items).",
                                                           "No Meal to eat: ENDURANCE −3, now 17."]  # fmt: skip
    forged = copy.deepcopy(honest)
    forge(forged["journal"])
    for request in ({"op": "sheet", "adventure": forged}, {"op": "adventure", "adventure": forged},
                    {"op": "open_link", "code": share.encode(forged)}):  # fmt: skip
        reply = call(**request)
        error = reply["error"]
        if request["op"] == "open_link":  # the link refused whole, saying why
            assert error["field"] == "link" and f"({error['label'] and 'Journal'}:" in error["message"], error
        else:
            assert error["field"] == field and error["label"] == "Journal", error


def test_a_journal_after_a_fight_is_acted_again_on_the_hero_the_fight_left():
    hero = {"skill": 15, "endurance": 20, "chart": {"meals": 1, "backpack": [POTION]}}
    giak = {"name": "Giak", "skill": 10, "endurance": 6}
    record = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "hero": hero, "enemies": [giak],
              "actions": [{"do": "round", "number": 5}]}  # fmt: skip
    fought = call(op="adventure", adventure=record)["adventure"]
    assert fought["hero"]["endurance"] == 18  # the fight cost 2
    used = act(act(fought, {"do": "use", "part": "backpack", "index": 0})["adventure"], {"do": "eat"})["adventure"]
    assert [e["at"] for e in used["journal"]] == [1, 1] and used["hero"]["endurance"] == 20
    assert call(op="adventure", adventure=used)["adventure"] == used
    # the potion said to restore 2 from the 20 the hero started with, not the 18 the fight left: refused
    lying = copy.deepcopy(used)
    lying["journal"][0]["was"] = {**lying["journal"][0]["was"], "endurance": 20}
    assert call(op="adventure", adventure=lying)["error"]["field"] == "journal[0].now"
