"""What the Fighting Fantasy rules' tests share: the hero, two opponents of the book, a fight and a round's dice."""

from __future__ import annotations

from conftest import make_record

from pyrules import Fight

HERO = {"skill": 10, "stamina": 18, "luck": 9}
SPY = {"name": "ШПИОН", "skill": 10, "stamina": 12}  # §3 of the remake
SPIDER = {"name": "ГИГАНТСКИЙ ПАУК", "skill": 8, "stamina": 8}  # §21


def ff(hero=None, enemies=None, rules=None, actions=(), seed=0):
    record = make_record(
        "fighting-fantasy", {**HERO, **(hero or {})}, enemies if enemies is not None else [SPY], rules, actions, seed
    )
    return Fight.from_record(record)


def rnd(hero, *enemies, target=None):
    action = {"do": "round", "dice": [hero, *enemies]}
    if target is not None:
        action["target"] = target
    return action

