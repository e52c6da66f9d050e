"""Exact odds of a Lone Wolf-family fight, from any state, fought to the end; the best play under the player's worth
(every round, spend, evasion and Vigour), which the advice and the story read; Grey Star's WILLPOWER spends (every
fixed spend, the optimal adaptive spend and its trade-off curve); the plain policy the Monte Carlo plays.

The fight is a Markov chain over (rounds fought, WILLPOWER, enemy fought, ENDURANCE, enemy's ENDURANCE), split into
layers (rounds fought, up to the last the rules count, WILLPOWER, enemy), each a grid of (ENDURANCE, enemy's
ENDURANCE). Nothing here knows a rule: a layer asks the engine once for its outcome table (the engine's ``chance``
for the random number, its ``round_losses`` for each: :meth:`Chain.outcomes`) and for how its rounds end (the
engine's ``ending``, row by row of the grid: :meth:`Chain.fates`), and applies them. Rounds where nobody loses
anything are self-loops, solved exactly.

A one-round fight where only the random number matters (the enemy has 1 ENDURANCE; the hero loses at most 5):

>>> from pyrules import Fight
>>> fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": "lone-wolf",
...     "hero": {"skill": 15, "endurance": 30}, "enemies": [{"name": "Giak", "skill": 15, "endurance": 1}]})
>>> result = lone_wolf_odds(fight.system, fight.setup, fight.state)
>>> round(result["win"], 12), result["lose"], round(result["rounds"], 12)
(1.0, 0.0, 1.0)

The package, by concern: :mod:`.chain` (the layers, from the engine), :mod:`.forward` (where the fight ends),
:mod:`.willpower` (Grey Star's spends, and the DP every best play is), :mod:`.best` (the best play under the worth),
:mod:`.review` (the story's and the advice's values), :mod:`.reply` (the odds panel's answer), :mod:`.budgets` (what
each may do).
"""

from .budgets import MAX_SPEND_TABLE, ODDS_CELLS, POLICY_CELLS
from .chain import Chain, legal_spends, within
from .forward import lone_wolf_odds
from .reply import exact
from .willpower import grey_star_policy, lone_wolf_policy, optimal_spender, spend_table, trade_off

__all__ = [
    "MAX_SPEND_TABLE",
    "ODDS_CELLS",
    "POLICY_CELLS",
    "Chain",
    "exact",
    "grey_star_policy",
    "legal_spends",
    "lone_wolf_odds",
    "lone_wolf_policy",
    "optimal_spender",
    "spend_table",
    "trade_off",
    "within",
]
