"""The odds panel's answer for a Lone Wolf-family fight (:func:`exact`)."""

from __future__ import annotations

from typing import Any

from ....budget import TooLarge
from ....contract import Outcome, Worth
from ....i18n import tr
from ....odds import measure
from ..record import Action
from . import budgets
from .best import ends_alive, may_cast
from .chain import legal_spends, within
from .forward import lone_wolf_odds
from .review import LoneWolfValues
from .willpower import grey_star_policy, spend_table, trade_off

ONGOING = Outcome.ONGOING


def exact(fight: Any, options: dict) -> dict[str, Any]:
    """The odds panel's answer (pyrules.odds.odds): fought to the end with Grey Star spending ``spend`` a round;
    his fixed-spend table, best adaptive spend (``lambda``) and trade-off curve (``curve``); the advice (``best``:
    every choice now under the worth, by :mod:`.best`'s play); whether the section allows an evasion now (``evade``)."""
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
    reply["evade"] = None  # where the section allows an evasion: whether now, in the engine's words
    if state.outcome == ONGOING and setup.rules.evasion_possible:
        allowed, why = system.evasion(setup, state)
        reply["evade"] = {"allowed": allowed, "why": why}
    # the advice, where the book gives more than a round or the worth is more than the chance to win
    if state.outcome == ONGOING and (ends_alive(setup) or may_cast(system, setup, state)):
        try:
            reply["best"] = best_now(system, setup, state, options.get("worth") or Worth())
        except TooLarge:
            reply["left_out"] = ["best"]
        else:
            spent = reply["best"]["willpower"]
            if reply.get("policy") and spent is not None:  # the best play's spend, which counts the evasions too
                reply["policy"]["spend"] = spent
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
            reply["left_out"] = [*reply.get("left_out", []), "spends"]
    return reply


def best_now(system: type, setup: Any, state: Any, worth: Worth) -> dict[str, Any]:
    """The advice: each choice the book gives now with its worth under the player's worth and the best play after
    it (the story's own values: :class:`.review.LoneWolfValues`), the best first, and what the numbers are."""
    values = LoneWolfValues(system, setup, state, worth)
    weighed = sorted(((values.q(state, choice), choice) for choice in values.choices(state)), key=lambda x: -x[0])
    best = weighed[0][1]
    return {
        "advice": tr("Advice: {did}.", did=values.words(best)),
        "do": best.do,
        "willpower": best.willpower if best.do == "round" else None,
        "worth": weighed[0][0],
        "choices": [{"did": values.words(choice), "do": choice.do, "worth": q} for q, choice in weighed],
        "measure": measure(values.measure(), worth),
    }
