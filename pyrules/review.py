"""A fight's review, as an analysis board reviews a game: for every action of a record, from its first state to its
last, the hero's worth before it (``before``, V), what the choice made cost against the best one the rules allowed
(``choice`` = Q(state, chosen) − V, never above 0), and what the random number or the dice gave or took (``luck`` =
the worth after it, with the choice's cost at once, − Q). The two add up, action after action, to the result:
the sum of every ``choice`` and ``luck`` is ``result`` − ``start`` (telescoping), where the result is the fight's end
as the player's :class:`~pyrules.contract.Worth` weighs it (a win 1, coming through alive by evasion or escape the
worth's ``escape``, 1 by default, death 0), less what was spent at the worth's rates (a wizard's power, Vigour's
ENDURANCE). An action the worth does not weigh (a potion drunk, a spell: the odds fight on with the sheet as
it stands) is not judged: its row has ``judged`` false, no choice or luck, and the change it made as ``sheet``, which
the sum counts too.

The worth of a state is the system's (:meth:`pyrules.contract.System.review_values`), the same its odds panel advises
by: for the Lone Wolf family, the fight's worth with the best play from there (every round, spend, evasion and
Vigour still open). A choice is marked as lichess marks a move, by the win chance it lost
(lichess's 0.1, 0.2 and 0.3 of winning chances on a scale from −1 to 1 are 5, 10 and 15 points of a win chance from 0
to 1): an inaccuracy from 5 points, a mistake from 10, a blunder from 15.

>>> from pyrules import Fight
>>> fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": "lone-wolf",
...     "hero": {"skill": 15, "endurance": 30}, "enemies": [{"name": "Giak", "skill": 15, "endurance": 1}],
...     "actions": [{"do": "round", "number": 3}]})
>>> answer = review(fight)
>>> round(answer["start"], 12), answer["result"], [(row["choice"], round(row["luck"], 12)) for row in answer["rows"]]
(1.0, 1.0, [(0.0, 0.0)])
"""

from __future__ import annotations

import math
import time
from typing import Any

from . import budget, odds
from .budget import TooLarge
from .contract import Outcome
from .fields import RecordError
from .fight import Fight
from .i18n import tr

INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15  # the win chance a choice lost, from 0 to 1
MARKS = (("blunder", BLUNDER), ("mistake", MISTAKE), ("inaccuracy", INACCURACY))
EPSILON = 1e-12  # a choice within this of the best is the best (floating point)
SHOWN = 0.005  # the least change the words name: 1 % once rounded


def mark(loss: float) -> str | None:
    """The analysis board's word for a choice that lost ``loss`` of a win chance (from 0 to 1), or None."""
    return next((name for name, least in MARKS if loss >= least - EPSILON), None)


def review(fight: Fight, options: dict | None = None) -> dict[str, Any]:
    """The review of ``fight``, from its first state to its last: ``start`` and ``result`` (the worth before the
    first action, and the result), ``rows`` (one per action: ``index``, ``round``, ``did`` and ``best`` in words,
    ``before``, ``after``, ``choice``, ``luck``, ``cost`` (what the choice spent at once), ``mark``), the totals
    (``luck``, ``choices``), the round that decided the fight (``turning``, the largest swing) and the worst choice
    (``worst``), and ``summary``: all that in one paragraph of words. Raises RecordError for a book whose fights are
    not reviewed; :class:`pyrules.budget.TooLarge` past the request's budget."""
    system, setup = fight.system, fight.setup
    options = options or {}
    judged = odds.judged(fight, odds.chosen(options, system))
    values = system.review_values(setup, fight.states[0], {"worth": judged})
    if values is None:
        raise RecordError("system", tr("this book's fights are not reviewed yet"), tr("Book"))
    worths: dict[int, tuple[float | None, dict]] = {}

    def worth(index: int) -> tuple[float | None, dict]:
        """The worth of the state before action ``index`` (the best choice's Q), and each choice's Q; None for a
        state past the exact odds' budget, or past the request's deadline."""
        if index not in worths:
            state = fight.states[index]
            try:
                if system.outcome(state) != Outcome.ONGOING:
                    worths[index] = (values.value(state), {})
                else:
                    qs = {}
                    for choice in values.choices(state):
                        q = values.q(state, choice)
                        if q is not None:
                            qs[choice] = q
                        budget.check()
                    worths[index] = (max(qs.values()) if qs else values.value(state), qs)
            except TooLarge:
                worths[index] = (None, {})
        return worths[index]

    # what each action did and both sides' numbers after it, first: every row is shown, whatever is judged, so the
    # time left is the judging's (past the deadline here the review is too long, as said)
    rows: list[dict[str, Any]] = []
    made: list[tuple[Any, Any]] = []  # each row's state before it and the choice made there
    spent = 0.0
    rounds = rounds_of(fight)
    for index, data in enumerate(fight.actions):
        budget.check()
        state = fight.states[index]
        choice = values.decision(state, system.parse_action(data, index))
        cost = values.reward(state, choice)
        spent += cost
        made.append((state, choice))
        rows.append({
            "index": index,
            "round": rounds[index],
            "did": values.words(choice),
            "best": None,
            "before": None,
            "after": None,
            "known": False,
            "judged": False,
            "choice": None,
            "luck": None,
            "sheet": None,
            "cost": cost,
            "mark": None,
            "error": None,  # exact (a simulated review gives its values' 95 % error here)
            "sides": system.sides(setup, fight.states[index + 1]),  # both sides' numbers after it
        })  # fmt: skip

    # from the last state back: the states before one past the budget are larger still (more ВЫНОСЛИВОСТЬ standing,
    # more enemies), so they are not tried, each try costing the whole budget; past the request's deadline, less a
    # reserve per row for the answer, the end of the fight is what is shown
    with budget.within(budget.deadline() - time.perf_counter() - budget.ROW_SECONDS * len(rows)):
        for index in range(len(fight.actions), -1, -1):
            if worth(index)[0] is None:
                worths.update({earlier: (None, {}) for earlier in range(index)})
                break

    for row, (state, choice) in zip(rows, made, strict=True):
        before, qs = worth(row["index"])
        after = worth(row["index"] + 1)[0]
        row.update(before=before, after=after, known=before is not None and after is not None)
        if before is None or after is None:
            continue
        try:
            q = qs[choice] if choice in qs else values.q(state, choice)
        except TooLarge:
            row.update(known=False, after=None)
            continue
        cost = row["cost"]
        if q is None:  # not weighed by the worth: its change is the sheet's
            row.update(choice=0.0, luck=0.0, sheet=cost + after - before)
            continue
        best = max(qs, key=lambda c: qs[c]) if qs else choice
        if abs(before - q) <= EPSILON:  # the best, but for rounding: no loss, and the sum still telescopes
            q = before
        loss = before - q
        row.update(judged=True, choice=q - before, luck=cost + after - q, sheet=0.0, mark=mark(loss))
        row["best"] = values.words(best) if loss > EPSILON else None
    start = worth(0)[0]
    last = worth(len(fight.actions))[0]
    result = None if last is None else last + spent
    known = [row for row in rows if row["known"]]
    if not known and (rows or start is None):  # nothing within the budget: too large, not an empty review
        raise TooLarge("nothing of the fight could be reviewed within the budget")
    kind = getattr(values, "measure", lambda: "win")()  # "alive": the fight has a way out
    answer: dict[str, Any] = {
        "system": system.key,
        "start": start,
        "result": result,
        "outcome": str(system.outcome(fight.state)),
        "sides": system.sides(setup, fight.states[0]),
        "rows": rows,
        "luck": sum(row["luck"] for row in known),
        "choices": sum(row["choice"] for row in known),
        "sheet": sum(row["sheet"] for row in known),
        "unknown": len(rows) - len(known),
        "thresholds": {name: least for name, least in MARKS},
        "worth": judged.json(),
        "measure": odds.measure(kind, judged),
        "turning": max(known, key=lambda row: abs(row["after"] - row["before"]))["index"] if known else None,
        "worst": None,
    }
    if kind == "alive" and answer["measure"]["kind"] != "win" and hasattr(values, "win"):
        # the odds panel's chance to win beside the worth: from the last state back, within the deadline less a
        # reserve per row; None past it (the earlier states, larger, are not tried)
        wins: list[float | None] = [None] * len(fight.states)
        with budget.within(budget.deadline() - time.perf_counter() - budget.ROW_SECONDS * len(rows)):
            for index in range(len(rows), -1, -1):
                try:
                    wins[index] = values.win(fight.states[index])
                except TooLarge:
                    break
        for row in rows:
            row.update(win=wins[row["index"]], win_after=wins[row["index"] + 1])
        answer["win_line"] = odds.measure_words("win")
    worst = min(known, key=lambda row: row["choice"], default=None)
    if worst is not None and worst["mark"] is not None:  # named only where it cost at least an inaccuracy
        answer["worst"] = worst["index"]
    answer["summary"] = summary(fight, answer)
    return answer


def rounds_of(fight: Fight) -> list[int]:
    """The round each action belongs to: its event's; for a luck test, the round whose wound it tests; for another
    action outside a round (Vigour, a potion) the round it comes before (the round after the last where none
    follows)."""
    rounds = [event.get("round") for event in fight.log]
    last = 0
    for index, event in enumerate(fight.log):
        if event.get("kind") == "luck" and rounds[index] is None and last:
            rounds[index] = last
        last = rounds[index] or last
    for index in range(len(rounds) - 2, -1, -1):
        rounds[index] = rounds[index] if rounds[index] is not None else rounds[index + 1]
    return [last + 1 if number is None else number for number in rounds]


def ending(fight: Fight, answer: dict[str, Any]) -> str:
    """How the fight stands, in words: "Won after 7 rounds." or "The fight goes on after 3 rounds."."""
    rounds = fight.summary().get("rounds", len(answer["rows"]))
    if answer["outcome"] == Outcome.ONGOING:
        return tr("The fight goes on after {n} {n|round|rounds}.", n=rounds)
    return tr("{outcome} after {n} {n|round|rounds}.", outcome=tr(answer["outcome"]).capitalize(), n=rounds)


def bounded(x: float, signed: bool = True) -> str:
    """``x`` as percentage points, signed (or not: a loss said as a cost), a change beyond a whole win said so
    ("more than 100 %")."""
    beyond = abs(x) > 1 + EPSILON
    shown = points(math.copysign(1.0, x) if beyond else x)
    shown = shown if signed else shown.lstrip("+−")
    return tr("more than {n}", n=shown) if beyond else shown


def points(x: float) -> str:
    """A share of a win as signed percentage points: +31 %, −4 % (the sign kept with its number, the % too: a
    no-break space, as the page's own numbers)."""
    value = round(100 * x)
    return f"{'+' if value > 0 else '−' if value < 0 else ''}{abs(value)}\u00a0%"


def chance(x: float) -> str:
    """A chance in whole per cents, one that is not certain never written as certain (as the page writes it):
    "< 1 %", "> 99 %".

    >>> chance(1.0), chance(0.998), chance(0.003), chance(0.46)
    ('100\xa0%', '>\xa099\xa0%', '<\xa01\xa0%', '46\xa0%')
    """
    shown = round(100 * x)
    if 0 < x < 1 and shown in (0, 100):
        return "<\u00a01\u00a0%" if shown == 0 else ">\u00a099\u00a0%"
    return f"{shown}\u00a0%"


def summary(fight: Fight, answer: dict[str, Any]) -> str:
    """The review in words, in the current language: how it ended, what the choices cost (the costliest named only
    where it cost at least an inaccuracy) and what the random numbers did, each within what it can mean; of the hero by
    name, as a friend reads it (a shared fight) as well as the player."""
    rows = answer["rows"]
    hero = fight.summary()["hero"]
    words = [ending(fight, answer)]
    first = rows[0] if rows else {}
    if first.get("win") is not None and first["before"] is not None:  # the two lines, where there is a way out
        words.append(tr("At the start, the chance to win fighting on to the end was {win}; the {measure}, {worth}.",
                        win=chance(first["win"]), measure=answer["measure"]["name"],
                        worth=chance(first["before"])))  # fmt: skip
    cost = -answer["choices"]
    spent = bounded(cost, signed=False)  # what the choices cost in all
    if answer["worst"] is not None:
        row = rows[answer["worst"]]
        words.append(tr("{hero}'s choices cost {cost} in all; the costliest: {did} in round {round}, where the best "
                        "was to {best} ({loss}).", hero=hero, cost=spent, did=row["did"], round=row["round"],
                        best=row["best"], loss=points(row["choice"])))  # fmt: skip
    elif cost >= SHOWN:
        words.append(tr("Every choice was within a few points of the best ({cost} in all).", cost=spent))
    else:
        words.append(tr("Every choice was the best one."))
    luck = answer["luck"]
    if luck >= SHOWN:
        words.append(tr("The random numbers went {hero}'s way ({luck}).", hero=hero, luck=bounded(luck)))
    elif luck <= -SHOWN:
        words.append(tr("The random numbers went against {hero} ({luck}).", hero=hero, luck=bounded(luck)))
    if abs(answer["sheet"]) >= SHOWN:
        words.append(tr("The adventure sheet's actions, which are not judged, changed it by {change}.",
                        change=points(answer["sheet"])))  # fmt: skip
    if answer["unknown"]:
        words.append(tr("{n} {n|action is|actions are} past what the exact odds can count: not reviewed.",
                        n=answer["unknown"]))  # fmt: skip
    words += turned(answer)
    return " ".join(words)


def turned(answer: dict[str, Any]) -> list[str]:
    """The round that turned the fight (its largest swing), in words, where the swing shows as at least 1 %."""
    if answer["turning"] is None:
        return []
    row = answer["rows"][answer["turning"]]
    swing = row["after"] - row["before"]
    if abs(swing) < SHOWN:
        return []
    return [tr("The fight turned in round {round} ({swing}).", round=row["round"], swing=points(swing))]
