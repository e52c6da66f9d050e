"""The odds panel's answer for a Lone Wolf-family fight (:func:`exact`)."""

from __future__ import annotations

from typing import Any

from ....budget import TooLarge
from ....contract import Outcome
from ..record import Action
from . import budgets
from .chain import legal_spends, within
from .evade import evade_advice
from .forward import lone_wolf_odds
from .willpower import grey_star_policy, spend_table, trade_off

ONGOING = Outcome.ONGOING


def exact(fight: Any, options: dict) -> dict[str, Any]:
    """The odds panel's answer (pyrules.odds.odds): fought to the end with Grey Star spending ``spend`` a round;
    his fixed-spend table, best adaptive spend (``lambda``) and trade-off curve (``curve``); the evade advice."""
    system, setup, state = fight.system, fight.setup, fight.state
    spend = options.get("spend", 1)
    legal = legal_spends(system, setup, state) if state.outcome == ONGOING else []
    if legal and spend not in legal:  # the odds of a round the fight would refuse: the engine's own refusal
        system.spend(setup, state, Action("round", willpower=spend), "action")
    result = lone_wolf_odds(system, setup, state, spend)
    reply: dict[str, Any] = {
        "win": result["win"],
        "lose": result["lose"],
        "ended": result["ended"],
        "never": result["never"],
        "rounds": result["rounds"],
        "endurance": [[k, p] for k, p in result["endurance"].items()],
        "combat_ratio": system.combat_ratio(setup, state) if state.outcome == ONGOING else None,
    }
    if system.has_willpower:
        reply["willpower_spent"] = result["willpower_spent"]
        reply["willpower"] = [[k, p] for k, p in (result["willpower"] or {}).items()]
        reply["spend"] = within(legal, spend) or None  # None: nothing can be spent now
        ongoing = state.outcome == ONGOING
        if options.get("lambda") is not None:
            reply["policy"] = {"lambda": options["lambda"], **grey_star_policy(system, setup, state, options["lambda"])}
        if options.get("curve") is not None and ongoing:
            reply["curve"] = trade_off(system, setup, state, [float(x) for x in options["curve"]])
    reply["evade"] = evade_advice(system, setup, state, spend)
    if reply["evade"] is not None:  # the engine's words for when the book allows an evasion (why not now)
        reply["evade"]["why"] = system.evasion(setup, state)[1]
    # The table of fixed spends is an extra, computed last so that it never takes the time of what was asked (under
    # a request's deadline): left out, as above budgets.MAX_SPEND_TABLE, when it is too large.
    table = options.get("table", True) and (state.willpower or 0) <= budgets.MAX_SPEND_TABLE
    if system.has_willpower and state.outcome == ONGOING and table:
        try:
            reply["spends"] = [
                {"spend": row["spend"], "win": row["win"], "willpower_spent": row["willpower_spent"]}
                for row in spend_table(system, setup, state)
            ]
        except TooLarge:  # said, so that a page asking within a short deadline asks again with more time
            reply["left_out"] = ["spends"]
    return reply
