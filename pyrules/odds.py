"""Odds, whatever the system: the Monte Carlo that plays the engine's own
``step`` with a system's plain policy, and the one answer the page and the command line get.

Each system's exact solver lives in its own package (``pyrules.systems.<system>.odds``) and is reached through the
system's ``exact_odds``; a system without one (Citadel of Blood) is simulated. Nothing here knows a rule.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from . import budget, rng
from .budget import SECONDS, Budget, TooLarge, within
from .contract import Outcome, Policy, System, Worth, advice
from .i18n import tr

# The budgets (pyrules.budget) are the API's: named here too, as the solvers and the command line know them.
__all__ = ["SECONDS", "Budget", "CannotSimulate", "MonteCarlo", "TooLarge", "finished", "measure", "odds", "within",
           "wilson"]  # fmt: skip


def judged(fight: Any, picked: Mapping[str, float] | None = None) -> Worth:
    """The worth a fight's advice and story weigh: the record's own parts (a shared fight is judged as its player
    judged), else the options ``picked`` (:func:`chosen`: the player's choice on this page), else the default's;
    only the parts the system's choices can weigh (:meth:`pyrules.contract.System.judged_worth`)."""
    parts = {key: value for key, value in (picked or {}).items() if key in fight.system.worth_parts}
    return fight.system.judged_worth(Worth(**{**parts, **fight.worth_given}))


def chosen(options: Mapping[str, Any] | None, system: type[System]) -> dict[str, float]:
    """The odds options a caller chose for a fight of ``system`` (option name → value), given as ``options`` or in
    the older form: a ``worth``'s parts, and each of the system's options under its older key (its ``legacy``) where
    ``worth`` says nothing of it; ``options`` over both."""
    options = options or {}
    found = dict(options.get("worth") or {})
    for option in system.odds_options:
        key = option.get("legacy")
        if key and options.get(key) is not None:
            found.setdefault(option["name"], float(options[key]))
    found.update(options.get("options") or {})
    return found


def measure(kind: str, worth: Worth) -> dict[str, str]:
    """What the advice's and the story's numbers are, in the page's words (``{chance}`` left for the page to fill):
    a chance to win (``kind`` "win"); to come through alive, a win or a way out, an evasion or an escape ("alive":
    where the fight can end so, and that counts as much as a win); otherwise the fight's worth to the player, a win
    being 100 %."""
    if kind == "alive" and worth.escape == 0:
        kind = "win"
    if worth.costs or (kind == "alive" and worth.escape < 1):
        kind = "worth"
    return measure_words(kind)


MEASURES = ("win", "alive", "worth")


def best_now(values: Any, state: Any, worth: Worth, act: Any) -> tuple[dict[str, Any], Any, list]:
    """The advice (the panel's ``best``): each choice the book gives now with its worth under the player's worth and
    the best play after it (the story's own values: a system's ReviewValues, with its ``measure``), the best first,
    and what the numbers are; then the best choice, and the advice in words where there is a choice (the best, and
    every choice's worth). ``act``: a choice in the record's form."""
    weighed = sorted(((values.q(state, choice), choice) for choice in values.choices(state)), key=lambda x: -x[0])
    (q, chosen), told = weighed[0], measure(values.measure(), worth)
    choices = [{"did": values.words(choice), "do": choice.do, "worth": w} for w, choice in weighed]
    best = {"advice": tr("Advice: {did}.", did=choices[0]["did"]), "do": chosen.do, "worth": q, "act": act(chosen),
            "choices": choices, "measure": told}  # fmt: skip
    if len(choices) < 2:
        return best, chosen, []
    said, name = " · ".join(f"{c['did']} {{c{i}}}" for i, c in enumerate(choices)), told["name"]
    chances = {f"c{i}": c["worth"] for i, c in enumerate(choices)}
    return best, chosen, [advice(best["advice"], best["act"]), advice(f"{name[:1].upper()}{name[1:]}: {said}.", None,
                                                                     **chances)]  # fmt: skip


def measure_words(kind: str) -> dict[str, str]:
    """The words of a measure's ``kind`` (one of :data:`MEASURES`; see :func:`measure`)."""
    chance = "{chance}"
    if kind == "alive":
        return {"kind": kind, "name": tr("chance to come through alive (a win or a way out)"),
                "before": tr("Chance to come through alive before: {chance}.", chance=chance),
                "column": tr("Chance to come through alive before"),
                "now": tr("Now: {chance} to come through alive.", chance=chance)}  # fmt: skip
    if kind == "worth":
        return {"kind": kind, "name": tr("worth to you (a win is 100 %, less what is spent)"),
                "before": tr("Worth to you before: {chance}.", chance=chance),
                "column": tr("Worth to you before"),
                "now": tr("Now: worth {chance} to you.", chance=chance)}  # fmt: skip
    return {"kind": "win", "name": tr("chance to win"), "before": tr("Chance to win before: {chance}.", chance=chance),
            "column": tr("Chance to win before"),
            "now": tr("Now: {chance} to win.", chance=chance)}  # fmt: skip


def finished(state: Any, stat: str = "endurance", spent: tuple[str, ...] = ()) -> dict[str, Any]:
    """The odds of a fight that is over: its outcome, for certain, the hero's ``stat`` (the system's ``main_stat``)
    as it ends, and each of ``spent`` (None where the hero has none), none of it spent from here."""
    endurance = getattr(state, stat)
    return {
        "win": 1.0 if state.outcome == Outcome.WON else 0.0,
        "lose": 1.0 if state.outcome == Outcome.LOST else 0.0,
        "ended": 0.0 if state.outcome in (Outcome.WON, Outcome.LOST) else 1.0,
        "never": 0.0,
        "rounds": 0.0,
        "endurance": {endurance: 1.0},
        **{f"{name}_spent": 0.0 for name in spent},
        **{name: None if getattr(state, name, None) is None else {getattr(state, name): 1.0} for name in spent},
    }


# ---- Monte Carlo -------------------------------------------------------------------------------------------


class CannotSimulate(ValueError):
    """A fight the simulation cannot play (over already, or no one to fight); the message says why."""


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # every fight won (or none): the interval ends at 1 (at 0) exactly, not an ulp short of it
    return 0.0 if successes == 0 else max(0.0, centre - half), 1.0 if successes == n else min(1.0, centre + half)


class MonteCarlo:
    """Plays a fight from its current state to the end many times with the engine's own ``step``.

    Run ``i`` uses the seed ``record seed + i + 1`` (modulo the largest seed), so a run is reproducible and
    differs from the fight being played. Incremental: each ``run(n)`` plays n more fights and returns the running
    estimate, so a page can call it in small steps with a progress bar and a cancel button.

    A fight already over, or one the policy cannot play, raises :class:`CannotSimulate` here, not in ``run``."""

    def __init__(
        self, system: type[System], setup: Any, state: Any, policy: Policy | None = None, max_rounds: int = 10_000
    ):
        self.system, self.setup, self.state = system, setup, state
        self.policy = policy or system.simulation_policy()
        self.max_rounds = max_rounds
        self.runs = self.wins = self.losses = self.rounds = 0
        self.steps = 0  # the engine's steps played, over every fight: the work done, the same wherever it runs
        if state.outcome != Outcome.ONGOING:
            raise CannotSimulate(tr("the fight is over: there is nothing left to simulate"))
        self.policy(system, setup, state, 0)  # the policy's own guard, on the first move

    def one(self, index: int) -> tuple[str, int]:
        """Fight ``index`` played to its end; :class:`TooLarge` if the request's deadline passes during it."""
        setup = replace(self.setup, seed=(self.setup.seed + index + 1) % (rng.MAX_SEED + 1))
        state, system, policy = self.state, self.system, self.policy
        rounds = 0
        while state.outcome == Outcome.ONGOING and rounds < self.max_rounds:
            state, _ = system.step(setup, state, policy(system, setup, state, rounds))
            rounds += 1
            if not rounds % 16:
                budget.check()
        self.steps += rounds
        return state.outcome, getattr(state, "round", rounds)  # Citadel of Blood counts its Combat Rounds

    def run(self, n: int, seconds: float | None = None) -> dict[str, Any]:
        """Plays n more fights, or fewer once ``seconds`` have passed (after the fight in progress), and never past
        the request's deadline: a fight it cuts short is not counted. :class:`TooLarge` if not one fight fits."""
        deadline = min(math.inf if seconds is None else time.perf_counter() + seconds, budget.deadline())
        for played in range(n):
            if played and time.perf_counter() >= deadline:
                break
            try:
                outcome, rounds = self.one(self.runs)
            except TooLarge:
                if played:
                    break
                raise
            self.runs += 1
            self.wins += outcome == Outcome.WON
            self.losses += outcome == Outcome.LOST
            self.rounds += rounds
        return self.estimate()

    def estimate(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.runs)
        n = self.runs
        return {
            "runs": n,
            "wins": self.wins,
            "win": self.wins / n if n else None,
            "low": low,
            "high": high,
            "lose": self.losses / n if n else None,
            "rounds": self.rounds / n if n else None,
        }


# ---- one answer for the page and the command line -------------------------------------------------------------


def odds(fight: Any, options: Mapping[str, Any] | None = None, table: bool = True, curve: Any = None) -> dict[str, Any]:
    """Everything the odds panel shows for a fight (a :class:`pyrules.fight.Fight`), as JSON-friendly data: the
    system's own exact answer (``win``, ``lose``, ``ended``, ``never``, ``rounds``, its main statistic's ends and its
    advice), or :class:`TooLarge`. ``options``: the odds options chosen (:func:`chosen`: the system's declared
    ``odds_options``, as a round's spend or what a point kept is worth), the worth's parts among them where the record
    says nothing of them; ``table`` (the system's table of fixed choices, where it has one) and ``curve`` (values of
    the option that has a trade-off: its points at once)."""
    started = time.perf_counter()
    picked = chosen(options, fight.system)
    state = fight.state
    reply: dict[str, Any] = {"system": fight.system.key, "outcome": state.outcome}
    reply.update(fight.system.exact_odds(fight, {"chosen": picked, "table": table, "curve": curve,
                                                 "worth": judged(fight, picked)}))  # fmt: skip
    for key in ("win", "lose", "ended", "never"):  # sums of floats may stray past 1 by an ulp or two
        if reply.get(key) is not None:
            reply[key] = min(1.0, max(0.0, reply[key]))
    reply["ms"] = (time.perf_counter() - started) * 1000
    return reply
