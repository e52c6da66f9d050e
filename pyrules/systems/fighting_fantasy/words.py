"""The Fighting Fantasy fight in words, in the current language: each log event as the page's log, its screen reader
and the command line say it (:func:`said`, the contract's ``said``), and the words the fight's view lays out
(:func:`view_words`: the outcome, the costly controls' costs, why there is no luck test after a wound). The page
draws them and decides nothing: a round's arithmetic, a test's total, a cost and a loss are said here, from the
event's own numbers. Said only at the boundary, never in ``step``: a replay says nothing.

>>> from .record import parse_setup
>>> from .rules import FFAction, do_round, initial
>>> setup = parse_setup({"hero": {"skill": 10, "stamina": 18, "luck": 9},
...                      "enemies": [{"name": "ORC", "skill": 9, "stamina": 8}]})
>>> state, event = do_round(setup, initial(setup), FFAction("round", dice=((6, 5), (1, 1))), "action")
>>> words = said(setup, event)
>>> words["text"], words["hero"], words["after"]
('ORC loses 2, you lose 0: STAMINA 18', ['Hero: ', ' + 10 = 21'], 'STAMINA 18 · ORC 6')
>>> words["enemies"]
[['ORC (your target): ', ' → 11: you wound it (−2)']]
"""

from __future__ import annotations

from ...i18n import join_list, tr
from .record import SPELLS, FFSetup, FFState, hero_name
from .rules import ESCAPED, LOST, LUCK_TEST_COST, ONGOING, WON, WOUND, Event

# A round's result against each opponent, in words (rules.HIT … rules.MISSES), with the wound it deals.
RESULT_LABELS = {
    "hit": "you wound it (−{n})",
    "hurt": "it wounds you (−{n})",
    "parry": "parried",
    "wounds": "it wounds you (−{n})",
    "misses": "misses you",
}
# The log's words of the sheet's events, by kind (and its variant: a drink between rounds, food put in or taken out)
NOTE_LABELS = {
    "drink": "A drink from the flask: +{gained} STAMINA ({flask} left).",
    "drink in combat": (
        "A drink from the flask between rounds, as this fight's rules allow: +{gained} STAMINA ({flask} left)."
    ),
    "eat": "Food eaten: +{gained} STAMINA.",
    "take": "Put in the backpack: {item}.",
    "take food": "Food put in the backpack.",
    "drop": "Taken out of the backpack: {item}.",
    "drop food": "Food taken out of the backpack.",
    "arm": "Weapon taken (not in the backpack): {weapon}.",
    "disarm": "Weapon left: {weapon}.",
    "gold": "Gold: {amount}, now {gold}.",
    "adjust": "Changed by the paragraph: SKILL {skill}, STAMINA {stamina}, LUCK {luck}.",
}


def said(setup: FFSetup, event: Event) -> dict:
    """A log event in words: ``text``, the log's note, or a round's announcement (what a screen reader hears: each
    opponent the round changed, the target always, what the hero lost and his ВЫНОСЛИВОСТЬ); a round also gives its
    card's ``title``, the hero's line and each opponent's as [words before the dice, words after them] (``hero``,
    ``enemies``, in the event's order) and the numbers after it (``after``)."""
    if event["kind"] != "round":
        return {"text": note(setup, event)}
    stamina, foes, left = tr("STAMINA"), event["enemies"], event["enemy_stamina"]
    lines, heard = [], []
    for foe in foes:
        name, now, target = foe["name"], left[foe["index"]], foe["index"] == event["target"]
        said = tr(RESULT_LABELS[foe["result"]], n=WOUND)
        lines.append([f"{name} ({tr('your target')}): " if target else f"{name}: ", f" → {foe['strength']}: {said}"])
        if target or foe["loss"]:
            heard.append(tr("{name} loses {n}", name=name, n=foe["loss"]) if now > 0
                         else tr("{name}: out of the fight", name=name))  # fmt: skip
    heard.append(tr("you lose {n}", n=event["hero_loss"]))
    dice, strength = event["hero_dice"], event["hero_strength"]
    return {
        "text": f"{', '.join(heard)}: {stamina} {event['stamina']}",
        "title": tr("Round {n}", n=event["round"]),
        # the dice, and what the hero adds to them: МАСТЕРСТВО and the Spell of Strength's bonus
        "hero": [f"{hero_name(setup)}: ", f" + {strength - dice[0] - dice[1]} = {strength}"],
        "enemies": lines,
        "after": " · ".join([f"{stamina} {event['stamina']}", *(f"{f['name']} {left[f['index']]}" for f in foes)]),
    }


def luck_words(test: Event) -> str:
    """A luck test's verdict: declined, no УДАЧА left, or the dice's total against УДАЧА."""
    if test["declined"]:
        if test["cost"]:
            return tr("The test is declined: unlucky, and it costs {n} LUCK (this fight's rule: every test offered "
                      "costs {n}).", n=test["cost"])  # fmt: skip
        if test["luck_before"]:
            return tr("The test is declined: unlucky; in this fight declining costs no LUCK.")
        return tr("The test is declined: unlucky.")
    if test.get("no_luck"):
        return tr("LUCK is 0: unlucky.")
    a, b = test["dice"]
    fields = {"dice": f"{a}+{b}", "total": a + b, "luck": test["luck_before"]}
    if test["lucky"]:
        return tr("{dice} = {total}, not above LUCK {luck}: lucky!", **fields)
    return tr("{dice} = {total}, above LUCK {luck}: unlucky.", **fields)


def note(setup: FFSetup, event: Event) -> str:
    """The log's words for any event but a round."""
    kind = event["kind"]
    names = [enemy.name for enemy in setup.enemies]
    if kind == "luck":
        which = ""
        if event["combat"]:
            name = names[event["enemy"]]
            which = " " + (tr("on the wound dealt to {name}", name=name) if event["combat"] == "hit"
                           else tr("on the wound taken from {name}", name=name))  # fmt: skip
        now = tr("LUCK is now {luck}, STAMINA {stamina}.", luck=event["luck"], stamina=event["stamina"])
        return f"{tr('Test your luck')}{which}: {luck_words(event)} {now}"
    if kind == "escape":
        text = tr("Escape: the enemy has the last blow, {n} STAMINA lost.", n=event["loss"])
        return f"{text} {luck_words(event['test'])}" if event["test"] else text
    if kind == "spell":
        return spell_note(names, event)
    if event.get("in_combat"):
        kind += " in combat"
    if kind in ("take", "drop") and not event["item"]:
        kind += " food"
    amount = event.get("amount") or 0
    return tr(NOTE_LABELS[kind], **{**event, "amount": f"+{amount}" if amount > 0 else amount})


def spell_note(names: list[str], event: Event) -> str:
    spell = event["spell"]
    text = tr("{spell} cast.", spell=tr(SPELLS[spell][0]))
    if spell == "strength":
        text += " " + tr("+{n} to your ATTACK STRENGTH for this fight.", n=event["bonus"])
    elif spell == "weakness":
        text += " " + tr("{name}: −{n} to ATTACK STRENGTH for this fight.", name=names[event["target"]],
                         n=event["penalty"])  # fmt: skip
    elif spell == "healing":
        text += " " + tr("+{gained} STAMINA.", gained=event["gained"])
    elif spell == "copy":
        rounds = event["copy_rounds"]
        text += " " + tr("The copy fought {name} for {n} {n|round|rounds}:", name=names[event["target"]], n=len(rounds))
        left = rounds[-1]["enemy_stamina"] if rounds else 0
        text += " " + (tr("the enemy is dead.") if rounds and left <= 0
                       else tr("the copy is gone; the enemy has {n} STAMINA.", n=left))  # fmt: skip
    return text


def view_words(setup: FFSetup, state: FFState, view: dict) -> dict:
    """The words the fight's view lays out: the ``outcome`` ("" while the fight goes on); each costly control's cost
    (``costs``: the escape, a luck test, a declined one, a drink, each spell the hero has, by its probe's name
    ``spell:<key>``); and in a book without luck in combat, why no luck test follows a wound (``no_wound_luck``, ""
    where the section's rules offer one: the page shows it where the test would be)."""
    stamina, luck, hero, decline = tr("STAMINA"), tr("LUCK"), hero_name(setup), view["decline_cost"]
    outcome = ""
    if state.outcome == WON:
        names = join_list(enemy.name for enemy in setup.enemies)  # one text each: a language may say the number
        several = len(setup.enemies) > 1
        outcome = tr("Victory over {enemies}.", enemies=names) if several else tr("Victory over {enemy}.", enemy=names)
        outcome += " "
        outcome += tr("{hero} has {stamina} STAMINA left.", hero=hero, stamina=state.stamina)
    elif state.outcome == LOST:
        outcome = tr("{hero} is dead: the adventure is over.", hero=hero)
    elif state.outcome != ONGOING:
        outcome = tr("{hero} escapes with {stamina} STAMINA.", hero=hero, stamina=state.stamina)
    no_wound_luck = ""
    if not setup.rules.luck_in_combat:
        no_wound_luck = tr(
            "This book has no luck test after a wound: a wound always takes {n} STAMINA (combat rules, steps 4 and 5), "
            "and you test your luck only when a paragraph says so. The other books' rule: “Using luck in combat” in "
            "this section's combat rules.",
            n=WOUND,
        )
    costs = {
        "escape": tr("−{n} {stamina}", n=WOUND, stamina=stamina),
        "luck": tr("−{n} {luck}", n=LUCK_TEST_COST, luck=luck) if state.luck > 0 else "",
        "decline": tr("unlucky, −{n} {luck}", n=decline, luck=luck) if decline else tr("unlucky"),
        "drink": tr("−1 dose of {n}", n=state.flask),
        **{f"spell:{key}": tr("−1 use of {n}", n=uses) for key, uses in state.spells},
    }
    return {"outcome": outcome, "costs": costs, "no_wound_luck": no_wound_luck, **card_words(setup, state, view)}


def card_words(setup: FFSetup, state: FFState, view: dict) -> dict:
    """Where each fighter stands, for the cards: ``hero`` ("" but after an escape) and each enemy's line (``foes``):
    the dead out of the fight; while it goes on, in the fight or waiting its turn; after it, the fight is over."""
    hero, fled = hero_name(setup), state.outcome == ESCAPED
    over = tr("the fight is over: {hero} fled", hero=hero) if fled else tr("the fight is over")
    foes = [tr("out of the fight") if n <= 0 else over if state.outcome != ONGOING
            else tr("in the fight") if i in view["fighting"] else tr("waits its turn")
            for i, n in enumerate(state.enemies)]  # fmt: skip
    return {"hero": tr("fled the fight") if fled else "", "foes": foes}
