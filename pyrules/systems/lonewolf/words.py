"""A Lone Wolf-family fight in words, in the current language: each log event as the page's log card, its screen
reader and the command line say it (:meth:`said`), the outcome under the fight (:meth:`outcome_said`), and what each
costly action costs, under its button (:func:`costs_said`). Said at the boundary, never in ``step``: a replay makes no
words.

>>> from pyrules.systems.lonewolf import LoneWolf
>>> from pyrules.systems.lonewolf.record import Action
>>> setup = LoneWolf.parse_setup({"hero": {"skill": 15, "endurance": 12},
...                               "enemies": [{"name": "Drakkar", "skill": 16, "endurance": 14}]})
>>> state, event = LoneWolf.step(setup, LoneWolf.initial(setup), Action("round", number=3))
>>> said = LoneWolf.said(setup, event)
>>> said["text"], said["title"], said["pick"], said["enemy_loss"], said["hero_loss"]
('Drakkar loses 4, you lose 4: ENDURANCE 8', 'Round 1', 'picked', '4', '4')
>>> loss_said("K", "K"), loss_said(10, "5 × 2"), loss_said(0, "3 ignored: evasion"), loss_said(3, "3")
('K (killed)', '10 (5 × 2)', '0 (3 ignored: evasion)', '3')
>>> loss_said(18, "9 × 2", 10), loss_said(5, "5", 3)
('10 (9 × 2 = 18)', '3 (5)')
"""

from __future__ import annotations

import re
from typing import Any

from ...i18n import join_list, tr
from .record import Setup, State
from .rules import ENDED, EVADED, LOST, ONGOING, VIGOUR_COST, VIGOUR_SKILL, WON
from .tables import KILL, Loss


def loss_said(loss: Loss, how: str, lost: int | None = None) -> str:
    """A loss as the log shows it: the ENDURANCE points lost (``lost``: never more than were left, as the fighter's
    card shows them; a kill said as one), then how the section's rules made them when they changed the table's result
    ("10 (5 × 2)"), and what they made where it was more than was left ("10 (9 × 2 = 18)")."""
    if loss == KILL:
        return tr("K (killed)")
    made = re.sub(r"\s*=.*$", "", how) if how != str(loss) else ""  # "5 × 2", "3 ignored: evasion"
    if lost is not None and lost != loss:  # more than was left: what the rules made, after how
        made = f"{made} = {loss}" if made else str(loss)
    return f"{loss if lost is None else lost} ({made})" if made else str(loss)


def said(system: Any, event: dict) -> dict[str, Any]:
    """The event in words: ``text`` (what a screen reader hears after it: "Drakkar loses 8, you lose 1:
    ENDURANCE 24"), ``title`` (its card's heading) and, for a round, the parts its card lays out beside the
    numbers: how the number came (``pick``), each side's loss as shown (``enemy_loss``, ``hero_loss``), and the
    card's words (``you``, ``ratio``, ``willpower``)."""
    labels = system.labels()
    kind = event.get("kind")
    if kind == "vigour":
        text = tr("Vigour cast: {skill_label} {n} for this fight, {endurance_label} {left}.",
                  skill_label=tr(labels["skill"]), n=event["skill"], endurance_label=tr(labels["endurance"]),
                  left=event["endurance"])  # fmt: skip
        return {"text": text, "title": tr("Vigour")}
    if kind == "use":  # an item of the Action Chart: its words come with the chart's rules (chart.py)
        from .chart import use_said

        return use_said(system, event)
    if kind == "evade_no_round":
        return {"text": " ".join(event.get("notes", [])), "title": tr("Evade")}
    enemy_loss, hero_loss = event["enemy_loss"], event["hero_loss"]
    enemy_lost, hero_lost = event.get("enemy_lost", enemy_loss), event.get("hero_lost", hero_loss)
    enemy = (tr("{name}: out of the fight", name=event["enemy"]) if enemy_loss == KILL
             else tr("{name} loses {n}", name=event["enemy"], n=enemy_lost))  # fmt: skip
    hero = tr("you are out of the fight") if hero_loss == KILL else tr("you lose {n}", n=hero_lost)
    left = f"{tr(labels['endurance'])} {event['endurance']}"
    parts = {
        "title": tr("Round {round} (evade)", round=event["round"]) if kind == "evade"
        else tr("Round {round}", round=event["round"]),
        "pick": tr("picked") if event.get("typed") else tr("drawn"),
        "enemy_loss": loss_said(enemy_loss, event["enemy_loss_text"], enemy_lost),
        "hero_loss": loss_said(hero_loss, event["hero_loss_text"], hero_lost),
        "you": tr("you"),
        "ratio": tr("Combat Ratio"),
    }  # fmt: skip
    if event.get("willpower") is not None:
        left += f", {tr(labels['willpower'])} {event['willpower']}"
        parts["willpower"] = tr(labels["willpower"])
    return {"text": f"{enemy}, {hero}: {left}", **parts}


def outcome_said(system: Any, setup: Setup, state: State) -> str:
    """The fight's outcome in a sentence or two ("Victory over Giak. Banedon has 16 ENDURANCE left."; "" while
    it goes on; the hero named as the player named him, else as the book does)."""
    hero = setup.hero.name or tr(system.hero_name)
    if state.willpower is not None:
        left = tr("{hero} has {endurance} ENDURANCE and {willpower} WILLPOWER left.", hero=hero,
                  endurance=state.endurance, willpower=state.willpower)  # fmt: skip
    else:
        left = tr("{hero} has {endurance} ENDURANCE left.", hero=hero, endurance=state.endurance)
    if state.outcome == WON:
        names = join_list(e.name for e in setup.enemies)
        several = len(setup.enemies) > 1
        won = tr("Victory over {enemies}.", enemies=names) if several else tr("Victory over {enemy}.", enemy=names)
        return f"{won} {left}"
    if state.outcome == LOST:
        if state.enemies[state.current] <= 0:
            return tr("{hero} is dead, and so is the enemy: the adventure is over.", hero=hero)
        return tr("{hero} is dead: the adventure is over.", hero=hero)
    if state.outcome == EVADED:
        return f"{tr('{hero} evades the fight.', hero=hero)} {left}"
    if state.outcome == ENDED:
        return f"{tr('The fight stops after round {rounds}, as the section says.', rounds=state.rounds)} {left}"
    assert state.outcome == ONGOING
    return ""


def costs_said(system: Any, at_once: bool, spend: tuple[int, int] | None) -> dict[str, str]:
    """What Evade and Cast Vigour cost, as their buttons say it, labels in the book's words: an evasion before the
    first round loses nothing (``at_once``); any other is a round in which only the hero's losses count, and where
    the Staff spends WILLPOWER on a round (``spend``: the least and the most), it takes at least its least on this one
    too. Vigour gives its COMBAT SKILL and takes its ENDURANCE.

    >>> from pyrules.systems.lonewolf import GreyStar, LoneWolf
    >>> costs_said(LoneWolf, True, None)["evade"], costs_said(GreyStar, False, (1, 20))["evade"]
    ('nothing is lost', 'a round: only your losses count; the Staff still takes 1 WILLPOWER or more')
    >>> costs_said(LoneWolf, False, None)["vigour"]
    '+3 COMBAT SKILL, −3 ENDURANCE'
    """
    labels = system.labels()
    if at_once:
        evade = tr("nothing is lost")
    else:
        evade = tr("a round: only your losses count")
        if spend:
            evade += "; " + tr("the Staff still takes {n} {willpower} or more", n=spend[0],
                               willpower=tr(labels["willpower"]))  # fmt: skip
    vigour = f"+{VIGOUR_SKILL} {tr(labels['skill'])}, −{VIGOUR_COST} {tr(labels['endurance'])}"
    return {"evade": evade, "vigour": vigour}
