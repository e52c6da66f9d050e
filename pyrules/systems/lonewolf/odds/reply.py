"""The odds panel's answer for a Lone Wolf-family fight (:func:`exact`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....budget import TooLarge
from ....contract import Outcome, Worth, advice, odds_reply
from ....i18n import tr
from ....odds import best_now
from ..record import Action
from . import budgets
from .best import ends_alive, may_cast
from .chain import legal_spends, within
from .forward import lone_wolf_odds
from .review import LoneWolfValues
from .willpower import grey_star_policy, spend_table, trade_off

if TYPE_CHECKING:
    from ....contract import Advice, OddsReply

ONGOING = Outcome.ONGOING


def exact(fight: Any, options: dict) -> OddsReply:
    """The odds panel's answer (pyrules.odds.odds): fought to the end with Grey Star spending his ``spend`` option
    a round; his fixed-spend table (``table``: the panel's chart), best adaptive spend (``policy``, where his
    ``willpower`` option, what a point kept is worth, is chosen; its ``options``: the spend it advises, for the fight's
    field) and trade-off curve (``curve``); the advice (``best``:
    every choice now under the worth, by :mod:`.best`'s play); whether the section allows an evasion now (``evade``);
    the advice in words, the choices of worth it weighs now (``asks``) and the words of the panel's numbers."""
    system, setup, state = fight.system, fight.setup, fight.state
    picked = options.get("chosen", {})
    spend = int(picked.get("spend", 1))
    worth = options.get("worth") or Worth()
    legal = legal_spends(system, setup, state) if state.outcome == ONGOING else []
    if legal and spend not in legal:  # the odds of a round the fight would refuse: the engine's own refusal
        system.spend(setup, state, Action("round", willpower=spend), "action")
    result = lone_wolf_odds(system, setup, state, spend)
    ongoing = state.outcome == ONGOING
    ratio = system.combat_ratio(setup, state) if ongoing else None
    reply: dict[str, Any] = {"combat_ratio": ratio, "evade": None, "asks": []}
    items: list[Advice] = []
    if ongoing:  # beside the chance to win, in the panel's one line
        reply["summary"] = tr("Combat Ratio {n}", n=f"{ratio:+}".replace("-", "−") if ratio else 0)
    if system.has_willpower:
        spent = reply["willpower_spent"] = result["willpower_spent"]
        reply["willpower"] = [[k, p] for k, p in (result["willpower"] or {}).items()]
        now = reply["spend"] = within(legal, spend) or None  # None: nothing can be spent now
        reply["lines"] = [[tr("WILLPOWER spent, on average, spending {n} every round", n=now) if now
                           else tr("WILLPOWER spent, on average"), spent]]  # fmt: skip
        if ongoing and any(legal):
            reply["asks"].append("willpower")  # what a point kept is worth: the panel asks
        if "willpower" in picked:
            lam = worth.willpower
            reply["policy"] = {"lambda": lam, **grey_star_policy(system, setup, state, lam)}
        if options.get("curve") is not None and ongoing:
            reply["curve"] = trade_off(system, setup, state, [float(x) for x in options["curve"]])
    if ongoing and setup.rules.evasion_possible:  # whether the section allows an evasion now, in the engine's words
        allowed, why = system.evasion(setup, state)
        reply["evade"] = {"allowed": allowed, "why": why}
        reply["asks"].insert(0, "escape")  # what an evasion is worth: the panel asks
    # the advice, where the book gives more than a round or the worth is more than the chance to win
    if ongoing and (ends_alive(setup) or may_cast(system, setup, state)):
        try:
            best, chosen, said = best_now(LoneWolfValues(system, setup, state, worth), state, worth, system.action_json)
        except TooLarge:
            reply["left_out"] = ["best"]
        else:
            reply["best"] = {**best, "willpower": chosen.willpower if chosen.do == "round" else None}
            if reply.get("policy") and reply["best"]["willpower"] is not None:  # the best play's, evasions counted too
                reply["policy"]["spend"] = chosen.willpower
            if any(choice["do"] == "vigour" for choice in best["choices"]):
                reply["asks"].append("endurance")  # what a point of ENDURANCE spent on Vigour is worth
            items += said  # the best choice now, and every choice's worth under the player's
    policy = reply.get("policy")
    if policy:  # Grey Star's best spend now: its line, its button, the set-up's headline where it is the spend asked
        n = policy["spend"]
        policy["advice"] = advice(tr("The Staff takes no WILLPOWER now."))
        if n:
            # its average spend is the advice's, round by round: not the panel's line, which spends n every round
            policy["advice"] = advice(tr("Best now: spend {n}. Following this advice round after round you win {win}, "
                                         "spending {spent} WILLPOWER on average (its spend may change from round to "
                                         "round).", n=n, win="{win}", spent="{spent}"),
                                      {"do": "round", "willpower": n}, win=policy["win"])  # fmt: skip
            policy["advice"]["numbers"] = {"spent": policy["willpower_spent"]}
            policy["button"] = tr("Spend {n} now", n=n)
        policy["options"] = {"spend": n} if n else None  # what the fight's field takes from the advice
        policy["point"] = [round(policy["willpower_spent"], 1), policy["win"]]  # on the trade-off's chart
        if reply["spend"] == n and n:
            reply["advised"] = tr("Chance to win, spending {n} WILLPOWER a round as advised: {win}", n=n, win="{win}")
    if reply["evade"]:
        if not reply["evade"]["allowed"]:
            items.append(advice(tr("Evasion is not allowed yet: {why}.", why=reply["evade"]["why"])))
        items.append(advice(tr("Why the chances to win differ: {win} assumes you fight to the end; evading gives up "
                               "the win for a better chance to survive.", win="{win}"), win=result["win"]))
    if ongoing:  # what using each item usable now changes: none without a chart (odds/uses.py needs its rules)
        reply["uses"] = []
        if setup.hero.chart is not None:
            from .uses import uses

            reply["uses"] = uses(system, setup, state, spend, result["win"])
    # The table of fixed spends is an extra, computed last so that it never takes the time of what was asked (under
    # a request's deadline): left out, as above budgets.MAX_SPEND_TABLE, when it is too large.
    if system.has_willpower and ongoing:
        if options.get("table", True) and (state.willpower or 0) <= budgets.MAX_SPEND_TABLE:
            try:
                reply["spends"] = [{key: row[key] for key in ("spend", "win", "willpower_spent")}
                                   for row in spend_table(system, setup, state)]  # fmt: skip
            except TooLarge:  # said, so that a page asking within a short deadline asks again with more time
                reply["left_out"] = [*reply.get("left_out", []), "spends"]
            else:  # the panel's chart of it, the spend asked ringed
                caption, points = tr("Chance to win for each WILLPOWER spend per round"), reply["spends"]
                reply["table"] = {"caption": caption, "x": tr("WILLPOWER a round"), "mark": next(
                    (i for i, row in enumerate(points) if row["spend"] == reply["spend"]), -1),
                    "points": [[row["spend"], row["win"]] for row in points]} if points else None  # fmt: skip
    return odds_reply(result["win"], result["lose"], result["ended"], result["never"], result["rounds"],
                      system.main_stat, [[k, p] for k, p in result["endurance"].items()], items, reply)  # fmt: skip
