"""What a share link shows before the friend's rules have loaded: its preview, made by the sharer's rules and carried
in the link (:mod:`pyrules.share`, format 3), drawn by the friend's page from its first second.

A preview is data, language-neutral: it is made in English (names, labels and the measure's words are the rules'
English, which the page translates through the rules' catalog) so that the friend's rules, in any language, make the
same preview of the same fight and can tell a link whose preview was changed (:func:`compared`).

A fight's preview is a list, short as a link wants it: ``[outcome, rounds, hero, enemies, sides, chart]``, the
summary's parts, both sides' numbers at its end (``[name, label, value]``, as :meth:`System.sides`; the book's own
hero, unnamed in the record, is ``""``: the page names him in its language) and, where its book's fights are
reviewed exactly within the budget, its story's chart: ``[turning, worths, judged, marks, steps, measure]``, the
turning action, the worth before each action and after the last in whole per cent as one character each
(:func:`worth_text`; a list of whole per cents where one is outside 0–100 %), 16 bits of the CRC-32 of the worth it
was judged by (the friend's rules compare charts judged alike), the marks (one letter an action: ``i``, ``m``,
``b``, ``-`` none), each action's round as the step from the one before, and the measure's kind; of these the last
three are left out where they are the usual (no marks, a round an action, the chance to win). Where the fight has a
way out, a seventh part follows them all: the chance to win fighting on to the end, as the worths are written (the
review's ``win``; a link without it, made before it was carried, keeps its one line and its meaning). An adventure's
preview is its overview (:func:`pyrules.adventure.overview`) in the same words.

>>> from pyrules import Fight
>>> fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 3,
...     "hero": {"skill": 15, "endurance": 20}, "enemies": [{"name": "Giak", "skill": 13, "endurance": 10}],
...     "actions": [{"do": "round", "number": 5}]})
>>> made = of_fight(fight)
>>> made[:5]
['ongoing', 1, '', ['Giak'], [['', 'ENDURANCE', 18], ['Giak', 'ENDURANCE', 2]]]
>>> turning, worths, judged = made[5]
>>> turning, len(worths)  # the turning action; the worth before the one round and after it
(0, 2)
>>> compared(made, fight, review.review(fight))
'same'
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from . import budget, i18n, review
from .fields import RecordError

SECONDS = 1.0  # of the share request's budget, the most its story's chart may take (past it: a link without one)
MARKS = {None: "-", "inaccuracy": "i", "mistake": "m", "blunder": "b"}


def of_fight(fight: Any, answer: dict | None = None, options: dict | None = None) -> list:
    """The preview of ``fight``; its chart from ``answer`` (its review), else from a review made here within
    :data:`SECONDS` (none where the book's fights are not reviewed exactly, or past that time)."""
    unnamed = fight.system.hero_name  # the book's hero, named in each language: "" here, the page names him
    with i18n.language("en"):
        summary = fight.summary()
        ends = fight.system.sides(fight.setup, fight.state)
        sides = [["" if name == unnamed else name, label, value] for name, label, value in ends]
        hero = "" if summary["hero"] == unnamed else summary["hero"]
        made = [summary["outcome"], summary["rounds"], hero, summary["enemies"], sides]
        if answer is None and "exact_odds" in fight.system.capabilities and fight.log:
            try:
                with budget.within(SECONDS):
                    answer = review.review(fight, options)
            except (budget.TooLarge, RecordError, RecursionError):
                answer = None
    if answer is not None and answer.get("rows") and "simulated" not in answer:
        made.append(chart(answer))
    return made


def worth_text(worths: list[float | None]) -> str | list[int | None]:
    """Worths as whole per cent, one character each: 0–100 as the characters from ``(`` on, the backslash (which JSON
    would escape) skipped; ``!`` for a worth past the exact odds' budget. A worth outside 0–100 % (something spent
    can cost more than the fight's end is worth) has no character: then the whole list is whole per cents (None past
    the budget), which the friend's page reads as well.

    >>> [ord(c) for c in worth_text([0.0, 0.51, 0.52, 1.0, None])]
    [40, 91, 93, 141, 33]
    >>> worth_text([0.5, -0.4123, None, -7.0])
    [50, -41, None, -700]
    """
    cents = [None if x is None else round(100 * x) for x in worths]
    if any(cent is not None and not 0 <= cent <= 100 for cent in cents):
        return cents
    codes = [33 if cent is None else 40 + cent for cent in cents]
    return "".join(chr(code + (code >= 92)) for code in codes)


def chart(answer: dict) -> list:
    """A review's chart as a preview carries it (see the module's words)."""
    rows = answer["rows"]
    rounds = [row["round"] for row in rows]
    judged = json.dumps(answer["worth"], sort_keys=True).encode()
    found = [
        answer["turning"],
        worth_text([row["before"] for row in rows] + [rows[-1]["after"]]),
        zlib.crc32(judged) & 0xFFFF,  # what it was judged by (a friend's own choice of worth judges otherwise)
        "".join(MARKS.get(row["mark"], "-") for row in rows),
        [b - a for a, b in zip([0, *rounds], rounds)],
        answer["measure"]["kind"],
    ]
    if "win_line" in answer:  # its measure's kind is never the usual then: the six parts are all there
        return [*found, worth_text([row["win"] for row in rows] + [rows[-1]["win_after"]])]
    usual = ["-" * len(rows), [1] * len(rows), "win"]
    while len(found) > 3 and found[-1] == usual[len(found) - 4]:
        found.pop()
    return found


LINE = ("hero", "enemies", "outcome", "rounds", "name", "section", "start", "left")


def of_adventure(overview: dict) -> dict:
    """An adventure's preview: its overview (:func:`pyrules.adventure.overview`, made in English as :func:`of_fight`)
    with what the friend's list of its fights shows of each."""
    return {"stat": overview["stat"], "fights": [{key: line[key] for key in LINE} for line in overview["fights"]]}


SAME, DIFFERS, OTHER = "same", "differs", "other"  # what a link's preview is to these rules (:func:`compared`)


def compared(given: Any, fight: Any, answer: dict | None) -> str:
    """Whether the preview a link carried is the one these rules make of its fight (``answer``: the review the page
    asked for, exact or simulated; None where no review is asked: a fight of no action): :data:`SAME`, or
    :data:`DIFFERS` (changed, or not a preview these rules would make: a chart where its book has none, a chart's
    judged tag that is not a number), or :data:`OTHER`: its chart was judged by another worth than the page's (the
    sharer's choices differ from the friend's), so the page's own story, judged by the friend's worth, replaces it
    unchecked. The preview is compared whole: every part, whatever its tag says. A chart on the sharer's side only
    (the exact review past one device's budget) is no changed link."""
    reviewed = answer is not None and "simulated" not in answer
    made = of_fight(fight, answer if reviewed else {"rows": []})  # {"rows": []}: no review made here
    if not isinstance(given, list) or len(given) not in (5, 6) or given[:5] != made[:5]:
        return DIFFERS
    if len(given) == 5:  # no chart: past the sharer's budget, or a book whose fights are not reviewed exactly
        return SAME
    theirs = given[5]
    if "exact_odds" not in fight.system.capabilities or not fight.log or not _chart_shape(theirs):
        return DIFFERS  # a chart these rules never make (a simulated story's, a fight of no action's), or no chart
    if not reviewed or len(made) < 6:  # nothing reviewed here to hold it against (past this device's budget)
        return SAME
    ours = made[5]
    if theirs[2] != ours[2]:
        return OTHER
    if len(theirs) == 6:  # a link from before the chance to win was carried: its one line is held against ours
        ours = ours[:6]
    return SAME if theirs == ours else DIFFERS


def _chart_shape(chart: Any) -> bool:
    """Whether ``chart`` has a preview chart's shape (:func:`chart`): its judged tag a 16-bit number."""
    if not isinstance(chart, list) or not 3 <= len(chart) <= 7:
        return False
    tag = chart[2]
    return type(tag) is int and 0 <= tag <= 0xFFFF
