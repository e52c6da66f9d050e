"""What the Lone Wolf family's odds tests share: the fights the fast solvers are checked on against the engine,
the odds of a fight, its evasion advice, and a call through the API."""

from __future__ import annotations

import json
from types import SimpleNamespace

from conftest import rounds

from pyrules import api
from pyrules.systems.lonewolf.odds import exact as lone_wolf_exact
from pyrules.systems.lonewolf.odds import lone_wolf_odds

EXACT = 1e-12


def odds_of(fight, spend=1):
    return lone_wolf_odds(fight.system, fight.setup, fight.state, spend)


def call(**request):
    return json.loads(api.call(json.dumps(request)))


def evade_advice(system, setup, state):
    """The odds panel's evasion advice: whether an evasion is allowed now, and of its ``best`` the worths of evading
    now and of fighting on under the best play (with the default worth, the chances to come through alive) and the
    advice; None where the fight allows no evasion."""
    reply = lone_wolf_exact(SimpleNamespace(system=system, setup=setup, state=state), {"table": False})
    if reply["evade"] is None:
        return None
    worths = {choice["do"]: choice["worth"] for choice in reply["best"]["choices"]}
    return {**reply["evade"], "evade_now": worths.get("evade"), "fight_on": worths["round"],
            "advice": "evade" if reply["best"]["do"] == "evade" else "fight"}  # fmt: skip


# the fights the fast DP and the budgets' estimates are checked on against the engine
SMALL = {"skill": 15, "endurance": 9}
ENEMY = [{"name": "Giak", "skill": 14, "endurance": 8}]
CASES = [
    ("lone-wolf", SMALL, ENEMY, {}, []),
    ("lone-wolf", SMALL, ENEMY, {"max_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"enemy_immune_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"hero_immune_rounds": 1}, []),
    ("lone-wolf", SMALL, ENEMY, {"unarmed_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"enemy_loss_multiplier": 0.5, "hero_loss_multiplier": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"enemy_loss_multiplier": 0.25, "hero_loss_multiplier": 0.5}, []),
    ("lone-wolf", SMALL, ENEMY, {"enemy_extra_loss": 1, "hero_extra_loss": 1}, []),
    ("lone-wolf", SMALL, ENEMY, {"hero_extra_loss_when_wounded": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"end_when_enemy_at_most": 3}, []),
    ("lone-wolf", SMALL, ENEMY, {"end_when_hero_at_most": 4}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_endurance": True, "max_rounds": 3}, []),
    ("lone-wolf", SMALL, ENEMY, {"skill_modifier": -6, "evade_after": 1}, []),
    ("lone-wolf", {"skill": 30, "endurance": 6}, ENEMY, {}, []),  # K for the enemy
    ("lone-wolf", {"skill": 5, "endurance": 9}, ENEMY, {}, []),  # K for the hero
    ("lone-wolf", {"skill": 15, "endurance": 12}, ENEMY, {}, [{"do": "vigour"}, {"do": "round", "number": 3}]),
    (
        "lone-wolf",
        SMALL,
        [{"name": "A", "skill": 12, "endurance": 4}, {"name": "B", "skill": 16, "endurance": 5}],
        {"end_when_enemy_at_most": 4, "max_rounds": 4},
        [],
    ),
    (
        "lone-wolf",
        SMALL,
        [{"name": "A", "skill": 12, "endurance": 4}, {"name": "B", "skill": 16, "endurance": 5}],
        {"enemy_immune_rounds": 1, "unarmed_rounds": 1},
        [{"do": "round", "number": 4}],
    ),
    ("freeway-warrior", {"skill": 15, "endurance": 9}, ENEMY, {"hero_loss_multiplier": 0.5}, []),
    ("grey-star", {"skill": 15, "endurance": 9, "willpower": 3}, ENEMY, {}, []),
    ("grey-star", {"skill": 15, "endurance": 9, "willpower": 0}, ENEMY, {}, []),  # the plain Staff, -6
    ("grey-star", {"skill": 15, "endurance": 9, "willpower": 5}, ENEMY, {"unarmed_rounds": 1, "max_rounds": 5}, []),
    # a skill modifier for the first rounds only, ENDURANCE restored in part
    ("lone-wolf", SMALL, ENEMY, {"skill_modifier": -4, "skill_modifier_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"skill_modifier": 5, "skill_modifier_rounds": 1, "unarmed_rounds": 2}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_part": 0.5, "max_rounds": 3}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_part": 0.25}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_points": 2, "end_when_enemy_at_most": 3}, []),
    ("lone-wolf", SMALL, ENEMY, {"restore_points": 3, "skill_modifier": -3, "skill_modifier_rounds": 1}, rounds(2)),
    (
        "grey-star",
        {"skill": 15, "endurance": 9, "willpower": 4},
        ENEMY,
        {"skill_modifier": -3, "skill_modifier_rounds": 2, "restore_part": 0.5, "max_rounds": 4},
        [],
    ),
]
