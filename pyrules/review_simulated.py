"""The review of a fight whose book has no exact odds (Citadel of Blood): the chance to win before every action is
the engine's own simulation (:class:`pyrules.odds.MonteCarlo`, the system's plain policy) from that state, shown
with its 95 % (Wilson) interval: ``low`` and ``high``, and ``error``, its half-width. Choices are not judged: the
simulation plays one plain policy, so it cannot say what another choice was worth, and the words do not call what an
action changed luck either (the dice and the choice are not told apart). Each action's ``luck`` is the change of the
simulated chance across it, so the changes of every action add up to the result less the chance at the start, as in
the exact review.

The simulation is long (a Citadel fight of 80 actions asks about 10,000 simulated fights), so the review is made in
parts: each request plays what fits in its time and answers the whole review as far as it is known, with
``simulated.pending`` true while more is to come; the page asks again and redraws. The fights played are kept
between requests (for the last few records), so no request plays a fight twice. First every state gets a few fights
(the whole chart, coarsely), then all of them their full number, a state's stopping early, at a multiple of
:data:`FIRST`, once its interval is :data:`TIGHT` (a fight all but won or lost needs few). Fight ``i`` from every
state plays with the same seed (common random numbers: the changes between states are less noisy than each value),
so where the policy's own action was played and drew no random number the fights from the state before are those
from the state after, played once (:func:`simulations`). What is played depends only on the record, never on where
a part ended, so a review finished is the same on CPython and in Pyodide, however it was split. A long fight asks
fewer fights from each state: the whole review plays at most :data:`STEPS` of the engine's steps, counted from the
first pass (steps, not seconds: the same on every machine), so every fight the app lets a player finish has its
story, in about the time of a typical one. The start's chance is the odds panel's own estimator (the same
:class:`pyrules.odds.MonteCarlo` and seeds: its first fights are the panel's). The summary names the change (the
result less the start, from the first part on) and the turning round (once every state has its fights) only where
they are larger than their 95 % error, so that a part adding fights refines the story rather than turns it.

>>> from pyrules import Fight
>>> fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": "citadel-of-blood", "seed": 3,
...     "hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "orcs"}],
...     "actions": [{"do": "attack", "unit": "A", "target": "1"}, {"do": "monster"}]})
>>> answer = review(fight)  # outside a request: no deadline, the whole review at once
>>> answer["simulated"]["pending"], answer["simulated"]["runs"], [row["judged"] for row in answer["rows"]]
(False, 40, [False, False])
>>> abs(answer["luck"] - (answer["result"] - answer["start"])) < 1e-12
True
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import OrderedDict
from typing import Any

from . import budget
from .budget import TooLarge
from .contract import Outcome, Worth
from .fight import Fight
from .i18n import current, tr
from .odds import MonteCarlo, measure, wilson
from .review import SHOWN, ending, points, rounds_of
from .review import chance as per_cent  # with_interval's own argument is a chance

FIRST = 10  # fights from each state in the first pass: the whole chart, coarsely (±30 % at worst)
FIGHTS = 8_000  # the fights a whole review aims at, shared among its states (but LEAST from each at least)
LEAST, MOST = 100, 400  # the full number of fights from each state: ±10 % at worst, ±5 % at best
TIGHT = 0.05  # a state's interval this narrow (its half-width) needs no more fights: 40 for a fight all but decided
KEPT = 4  # records whose simulations are kept between requests
PART = 1.0  # seconds a part takes when the request does not say (the page's odds wait no longer than that)
STEPS = 100_000  # the engine's steps a whole review plays at most, the first pass aside (about 3 CPU-seconds)

# Each record's simulations (None: a state over), the full number of fights from each state once the first pass has
# told what a fight from every state costs (None until then), and each row's part that no simulation changes, by
# language.
_kept: OrderedDict[str, tuple[list[MonteCarlo | None], list[int | None], dict[str, list[dict]]]] = OrderedDict()


def full(states: int, steps: float = 0.0) -> int:
    """The fights played from each of a review's ``states`` once it is finished, where one fight from every state
    plays ``steps`` of the engine's steps (as the first pass found): never fewer than the first pass."""
    fights = max(LEAST, min(MOST, FIGHTS // max(1, states)))
    return max(FIRST, min(fights, int(STEPS // steps))) if steps else fights


def review(fight: Fight, seconds: float | None = None) -> dict[str, Any]:
    """The review of ``fight`` as far as ``seconds`` (and the request's deadline) allow, its answer built within them
    too, the simulations of earlier requests for the same record included; ``simulated``: ``runs`` (the fewest fights
    from any state), ``full``, ``played`` and ``total`` (fights), ``pending``, ``words``. Raises
    :class:`pyrules.budget.TooLarge` when not one more fight fitted (the page would ask again for ever). However long
    the fight, the review ends (a long one plays fewer fights from each state: see :func:`full`)."""
    with budget.within(seconds):
        system, setup = fight.system, fight.setup
        key = hashlib.sha256(json.dumps(fight.record(), sort_keys=True).encode()).hexdigest()
        if key not in _kept:
            _kept[key] = (simulations(fight), [None], {})
        _kept.move_to_end(key)
        sims, fixed, kept = _kept[key]
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
        made = kept.get(current())
        begun = made is None  # this part makes what the next ones keep: a next part goes on, whatever fits in this one
        if made is None:  # in the request's language, before the part's simulation
            rounds = rounds_of(fight)
            made = kept[current()] = [
                {"round": rounds[index], "did": _words(system.action_kinds(), fight.log[index]),
                 "sides": system.sides(setup, fight.states[index + 1])}
                for index in range(len(fight.actions))]  # fmt: skip
        simulated = list({id(sim): sim for sim in sims if sim is not None}.values())  # each played once
        had = sum(sim.runs for sim in simulated)
        # the simulation ends a reserve per row before the part does: the rest of the part is its answer's
        with budget.within(budget.deadline() - time.perf_counter() - budget.ROW_SECONDS * len(made)):
            try:
                _run(simulated, FIRST)
                goal = fixed[0]
                if goal is None:  # every state has its first fights, and no more: what one from each costs
                    goal = fixed[0] = full(len(fight.states), sum(sim.steps / sim.runs for sim in simulated))
                _run(simulated, goal)
            except TooLarge:
                pass  # what fitted is kept; the next request goes on from there
        goal = full(len(fight.states)) if fixed[0] is None else fixed[0]
        played = sum(sim.runs for sim in simulated)
        total = sum(sim.runs if done(sim, goal) else goal for sim in simulated)
        if played == had < total and not begun:  # not one fight fitted: asking again would not go on either
            raise TooLarge("not one simulated fight fits in this part's time")
        chance = [_chance(fight.states[i], sim) for i, sim in enumerate(sims)]
        rows = []
        for index, given in enumerate(made):
            (before, low, high), (after, later_low, later_high) = chance[index], chance[index + 1]
            error = 0.0 if low is None or high is None else (high - low) / 2
            luck = None if before is None or after is None else after - before
            known = luck is not None
            row: dict[str, Any] = {
                "index": index,
                "round": given["round"],
                "did": given["did"],
                "best": None,
                "before": before,
                "after": after,
                "known": known,
                "judged": False,
                "choice": None,
                "luck": luck,
                "sheet": None,
                "cost": 0.0,
                "mark": None,
                "error": error,  # the interval's half-width
                "low": low,
                "high": high,
                "sides": given["sides"],
            }
            if known and later_low is not None and later_high is not None:
                row["luck_error"] = math.hypot(error, (later_high - later_low) / 2)
            row["words"] = _row_words(row)
            rows.append(row)
        known_rows = [row for row in rows if row["known"]]
        # the turning round: beyond its error, and once every state has its fights (a part between would turn it)
        named = [row for row in known_rows if abs(row["luck"]) > row["luck_error"]] if played >= total else []
        answer: dict[str, Any] = {
            "system": system.key,
            "start": chance[0][0],
            "result": chance[-1][0],
            "outcome": str(fight.state.outcome),
            "sides": system.sides(setup, fight.states[0]),
            "rows": rows,
            "luck": sum(row["luck"] for row in known_rows),
            "luck_error": math.hypot(
                *(0.0 if low is None or high is None else (high - low) / 2 for _, low, high in (chance[0], chance[-1]))
            ),
            "choices": 0.0,
            "sheet": 0.0,
            "unknown": len(rows) - len(known_rows),
            "thresholds": {},
            "measure": measure("win", Worth()),  # the simulation plays to the end: a chance to win
            "turning": max(named, key=lambda row: abs(row["luck"]))["index"] if named else None,
            "worst": None,
            "simulated": {
                "runs": min((sim.runs for sim in simulated), default=goal),
                "full": goal,
                "played": played,
                "total": total,
                "pending": played < total,
            },
        }
        if answer["simulated"]["pending"]:
            words = tr("The story is being simulated: fights played, {played} of {total}…", played=played,
                       total=total)  # fmt: skip
        else:
            runs = sorted({sim.runs for sim in simulated}) or [goal]
            words = tr("The chance to win is simulated (fights from each action: {n}; in brackets, its 95 % interval; "
                       "after ±, the 95 % error of a change).",
                       n=str(runs[0]) if len(runs) == 1 else f"{runs[0]}–{runs[-1]}")  # fmt: skip
        answer["simulated"]["words"] = words
        answer["summary"] = summary(fight, answer)
        return answer


def simulations(fight: Fight) -> list[MonteCarlo | None]:
    """The simulation from each state of ``fight`` (None: the fight is over there). Two states share one where every
    simulated fight from the first plays on as the same fight from the second: the policy's own action leads there
    and draws no random number (the state's count of draws, ``draws``, unchanged), so with any fight's seed. (The
    policy is asked with its counter at 0, as a fight from the second state asks it: a policy that counted its moves
    would be asked with 1 there; Citadel's, the only one a simulated review plays, does not count.)"""
    system, setup, states = fight.system, fight.setup, fight.states
    policy = system.simulation_policy()
    sims: list[MonteCarlo | None] = [None] * len(states)
    for index in range(len(states) - 1, -1, -1):
        state = states[index]
        if state.outcome != Outcome.ONGOING:
            continue
        later = sims[index + 1] if index + 1 < len(states) else None
        after = later and states[index + 1]
        move = after and after.draws == state.draws and policy(system, setup, state, 0)  # no number drawn
        if move and after == system.step(setup, state, move)[0]:
            sims[index] = later
        else:
            sims[index] = MonteCarlo(system, setup, state, policy)
    return sims


def done(sim: MonteCarlo, goal: int) -> bool:
    """Whether a simulation has its fights: ``goal`` of them, or fewer, at a multiple of :data:`FIRST`, once its
    interval is within :data:`TIGHT` (decided at those counts alone, so wherever a part ended)."""
    if sim.runs >= goal:
        return True
    if sim.runs < 2 * FIRST or sim.runs % FIRST:
        return False
    low, high = wilson(sim.wins, sim.runs)
    return (high - low) / 2 <= TIGHT


def _run(sims: list[MonteCarlo], target: int) -> None:
    """Brings every simulation to ``target`` fights, or to fewer once :func:`done`, in order; :class:`TooLarge` at
    the request's deadline."""
    for sim in sims:
        while not done(sim, target):
            sim.run(min(target, (sim.runs // FIRST + 1) * FIRST) - sim.runs)
            budget.check()


def _chance(state: Any, sim: MonteCarlo | None) -> tuple[float | None, float | None, float | None]:
    """A state's chance to win and the ends of its 95 % (Wilson) interval: exact for a fight that is over (the
    interval is the chance itself), None for a state not simulated yet."""
    if sim is None:
        won = 1.0 if state.outcome == Outcome.WON else 0.0
        return won, won, won
    if sim.runs == 0:
        return None, None, None
    low, high = wilson(sim.wins, sim.runs)
    return sim.wins / sim.runs, low, high


def _words(kinds: dict[str, str], event: dict) -> str:
    """An action in words from its log event (``kinds``: the system's labels of its actions): who did what, to
    whom."""
    did = tr(kinds.get(event["kind"], event["kind"]))
    if event.get("name"):
        did = f"{event['name']}: {did}"
    if event.get("target_name"):
        did = f"{did} → {event['target_name']}"
    return did


def within_error(text: str, error: float) -> str:
    """A number and its error, kept on one line: "−4 % ± 3 %" (no-break spaces)."""
    return f"{text}\u00a0±\u00a0{round(100 * error)}\u00a0%"


def with_interval(chance: float, low: float, high: float) -> str:
    """A simulated chance and its interval, kept on one line: "52 % (47–57 %)"; the chance alone where the
    interval, rounded, is the chance itself ("100 %" of a fight won); a chance not certain never reads as certain
    ("> 99 %").

    >>> with_interval(1.0, 1.0, 1.0), with_interval(0.998, 0.996, 0.999), with_interval(0.52, 0.47, 0.57)
    ('100\xa0%', '>\xa099\xa0%', '52\xa0%\xa0(47–57\xa0%)')
    """
    shown, ends = round(100 * chance), (round(100 * low), round(100 * high))
    said = per_cent(chance)  # not certain: never written as certain
    if ends == (shown, shown):
        return said
    return f"{said}\u00a0({ends[0]}–{ends[1]}\u00a0%)"


def _row_words(row: dict[str, Any]) -> str:
    if not row["known"]:
        return tr("Not simulated yet.")
    return tr("Chance to win before: {chance}. Not judged; the chance changed by {change}.",
              chance=with_interval(row["before"], row["low"], row["high"]),
              change=within_error(points(row["luck"]), row["luck_error"]))  # fmt: skip


def summary(fight: Fight, answer: dict[str, Any]) -> str:
    """The review in words: the ending, how the chance changed from the simulated start (the dice and the choices
    together: neither is told apart), the turning round; a change and the turning round only where larger than
    their 95 % error (said after ±), so that more fights refine the story rather than turn it."""
    words = [ending(fight, answer)]
    start, rows = answer["start"], answer["rows"]
    if start is not None and answer["result"] is not None:
        first = rows[0] if rows else {"low": start, "high": start}
        chance = with_interval(start, first["low"], first["high"])
        change, error = answer["result"] - start, answer["luck_error"]  # whatever rows are simulated yet
        if abs(change) >= SHOWN and abs(change) > error:
            words.append(tr("The chance to win was {chance} at the start; the dice and the choices together changed it "
                            "by {change}.", chance=chance, change=within_error(points(change), error)))  # fmt: skip
        else:
            words.append(tr("The chance to win was {chance} at the start.", chance=chance))
    words.append(tr("Choices are not judged: the chance to win is simulated, playing one plain way."))
    if answer["turning"] is not None:  # each action's luck is its swing: after − before, beyond its error
        row = rows[answer["turning"]]
        if abs(row["luck"]) >= SHOWN:
            words.append(tr("The fight turned in round {round} ({swing}).", round=row["round"],
                            swing=within_error(points(row["luck"]), row["luck_error"])))  # fmt: skip
    return " ".join(words)
