"""A whole adventure in one link (api share_adventure, open_link): the hero's sheet and every fight, checked and
replayed on the way in, the reader's limits kept on the way out.

    PYTHONPATH=. python3 tests/unit/test_adventure_link.py

prints the lengths docs/using.md gives: a 10-fight Lone Wolf adventure and a 5-fight Braslavsky one."""

from __future__ import annotations

import json
import random

from pyrules import Fight, adventure, api, share
from pyrules.systems import SYSTEMS

LONE_WOLF_ENEMIES = [("Giak", 13, 10), ("Kraan", 16, 25), ("Doomwolf", 15, 24), ("Drakkar", 17, 25),
                     ("Gourgaz", 20, 30), ("Vordak", 17, 25), ("Helghast", 22, 30), ("Crypt Spawn", 24, 45),
                     ("Xaghash", 22, 28), ("Darklord's guard", 18, 30)]  # fmt: skip
FF_ENEMIES = [[("ГОБЛИН", 5, 5), ("ОРК", 7, 8)], [("КРЫСА", 5, 4)], [("ГИГАНТСКИЙ ПАУК", 7, 8)],
              [("ШПИОН", 10, 12)], [("ТРОЛЛЬ", 9, 14)]]  # fmt: skip


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def played(system: str, hero: dict, enemies: list[dict], seed: int, typed: bool) -> dict:
    """One fight fought to its end by the simulation's plain policy: its record. Each number drawn from the seed (a
    player who taps the table: the record holds the seed only), or ``typed`` (from the printed book's table or one's
    own dice: the record holds every number)."""
    fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": system, "hero": hero,
                               "enemies": enemies, "seed": seed, "actions": []})  # fmt: skip
    policy = SYSTEMS[system].simulation_policy({"spend": 1})
    rnd = random.Random(seed)
    counter = 0
    while fight.state.outcome == "ongoing" and counter < 500:
        action = fight.system.action_json(policy(fight.system, fight.setup, fight.state, counter))
        if typed and system == "lone-wolf":
            action["number"] = rnd.randrange(10)
        elif typed:
            action["dice"] = [[rnd.randint(1, 6), rnd.randint(1, 6)] for _ in range(1 + len(enemies))]
        fight.apply(action)
        counter += 1
    return fight.record()


def an_adventure(system: str, hero: dict, fights: list[list[dict]], typed: bool) -> dict:
    """The adventure a player would have after these fights, each starting from the hero the last one left, rested
    between sections (back to the starting ENDURANCE or STAMINA: a meal, a potion, the Kai's healing)."""
    entries, start = [], dict(hero)
    for i, enemies in enumerate(fights):
        record = played(system, hero, enemies, 1000 + i, typed)
        rested = {key: start[key] for key in ("endurance", "stamina") if key in start}
        hero = {**adventure.hero_after(record)[0], **rested}
        entries.append({"name": f"Section {10 * (i + 1)}", "section": str(10 * (i + 1)), "when": 1_780_000_000_000,
                        "record": record})  # fmt: skip
    return {"format": "pyrules-adventure", "version": 1, "system": system, "name": "", "hero": hero, "fights": entries}


def lone_wolf(typed: bool = False) -> dict:
    enemies = [[{"name": name, "skill": skill, "endurance": endurance}] for name, skill, endurance in LONE_WOLF_ENEMIES]
    return an_adventure("lone-wolf", {"skill": 19, "endurance": 28}, enemies, typed)


def braslavsky(typed: bool = False) -> dict:
    fights = [[{"name": name, "skill": skill, "stamina": stamina} for name, skill, stamina in group]
              for group in FF_ENEMIES]  # fmt: skip
    return an_adventure("fighting-fantasy", {"skill": 11, "stamina": 22, "luck": 10}, fights, typed)


def test_an_adventure_travels_whole_in_one_link_and_opens_as_it_was():
    for document, fights in ((lone_wolf(), 10), (braslavsky(), 5), (lone_wolf(True), 10), (braslavsky(True), 5)):
        assert len(document["fights"]) == fights
        assert all(entry["record"]["actions"] for entry in document["fights"])
        reply = call(op="share_adventure", adventure=document)
        assert reply["ok"] and reply["length"] == len(reply["code"]) < share.MAX_CODE
        opened = call(op="open_link", code=reply["code"])
        assert opened["ok"] and opened["adventure"] == adventure.read(document)
        assert [entry["outcome"] for entry in opened["adventure"]["fights"]] == [
            Fight.from_record(entry["record"]).state.outcome for entry in document["fights"]]  # fmt: skip


def test_an_adventure_too_long_for_a_link_is_refused_with_the_words_to_export_it():
    rnd = random.Random(3)
    document = lone_wolf()
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    # 300 fights with names no compressor can shorten: past the 16,000 characters a link reader takes
    document["fights"] = [{**entry, "name": "".join(rnd.choice(letters) for _ in range(80))}
                          for entry in document["fights"] * 30]  # fmt: skip
    reply = call(op="share_adventure", adventure=document)
    assert not reply["ok"] and reply["error"]["field"] == "link"
    assert "use Export the adventure" in reply["error"]["message"]


def test_a_link_to_a_damaged_adventure_is_refused_naming_what_is_wrong():
    document = braslavsky()
    document["hero"]["skill"] = "eleven"
    reply = call(op="open_link", code=share.encode(document))
    assert not reply["ok"] and reply["error"]["field"] == "link"
    # the fault said as the player reads it (the field by its label), not by its path in the document
    assert reply["error"]["message"].startswith("holds an adventure this app cannot open (SKILL: must be a whole")


if __name__ == "__main__":
    for typed in (False, True):
        numbers = "every number typed" if typed else "every number drawn"
        for name, document in (("10-fight Lone Wolf", lone_wolf(typed)), ("5-fight Braslavsky", braslavsky(typed))):
            rounds = sum(len(entry["record"]["actions"]) for entry in document["fights"])
            length = call(op="share_adventure", adventure=document)["length"]
            print(f"{name} adventure, {rounds} actions, {numbers}: {length:,} characters")


def test_a_shared_adventure_opens_on_its_overview_in_every_registered_book():
    """The link answers, beside the document, what a friend sees before opening a fight: the hero's main statistic
    in the book's words, and for each fight in order its summary (who fought whom, the rounds, the outcome) and the
    statistic at its start and as the fight left it (a party's book: the party's Wound Points added up)."""
    played_books = 0
    for key, system in SYSTEMS.items():
        example = system.examples["typical"]
        entries = [{"name": f"Fight {i}", "section": str(i), "when": 1_780_000_000_000 + i,
                    "record": played(key, example["hero"], example["enemies"], 1000 + i, False)} for i in range(3)]
        document = {"format": "pyrules-adventure", "version": 1, "system": key, "name": "", "hero": example["hero"],
                    "fights": entries}  # fmt: skip
        reply = call(op="share_adventure", adventure=document)
        assert reply["ok"], reply
        opened = call(op="open_link", code=reply["code"])
        overview = opened["overview"]
        assert overview["stat"] == system.labels()[system.main_stat]
        assert len(overview["fights"]) == 3
        for line, entry in zip(overview["fights"], document["fights"], strict=True):
            fight = Fight.from_record(entry["record"])
            assert {key: line[key] for key in fight.summary()} == fight.summary()
            assert line["outcome"] in ("won", "lost", "evaded") and line["rounds"] >= 1
            assert (line["name"], line["section"]) == (entry["name"], entry["section"])
            assert line["start"] == system.standing(fight.setup, fight.states[0])
            assert line["left"] == system.standing(fight.setup, fight.state)
            assert line["left"] < line["start"] or line["outcome"] != "won" or not fight.actions
        played_books += 1
    assert played_books == len(SYSTEMS) == 5
    party = SYSTEMS["citadel-of-blood"]
    example = party.examples["typical"]
    fight = Fight.from_record(played(party.key, example["hero"], example["enemies"], 1, False))
    wounds = [value for _, _, value in party.sides(fight.setup, fight.state)[: len(fight.setup.party)]]
    assert party.standing(fight.setup, fight.state) == sum(wounds)
    assert party.standing(fight.setup, fight.states[0]) == 8 + 8  # the example party's Wound Points
