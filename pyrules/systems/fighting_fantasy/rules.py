"""Fighting Fantasy rules as in D. Braslavsky's «Подземелья Чёрного замка» (Moscow, 1991): the fight.

The book's words: МАСТЕРСТВО (skill), ВЫНОСЛИВОСТЬ (stamina), УДАЧА (luck), СИЛА УДАРА (attack strength).
A round: 2d6 + МАСТЕРСТВО for each side; the higher СИЛА УДАРА wounds the other for 2; equal is a parry.
Against several opponents at once the player picks a target each round; every other opponent whose СИЛА УДАРА
beats the hero's wounds him, and he can wound only his target. Escape (where a paragraph allows it) costs 2
ВЫНОСЛИВОСТИ: the enemy has the last blow. A luck test is 2d6 ≤ УДАЧА, and every test costs 1 УДАЧА.

The arithmetic of a round is a handful of pure functions (:func:`hero_strength`, :func:`enemy_strength`,
:func:`compare`, :func:`losses`, :func:`wound`, :func:`ending`, :func:`luck_offered`, :func:`luck_test`,
:func:`luck_effect`): the engine's ``step`` applies them to a round's dice, and the exact odds
(:mod:`.odds`) to every throw at once, so a rule is written here once. The adventure sheet's actions are in
:mod:`.sheet`, the spells in :mod:`.spells`; :class:`~.system.FightingFantasy` is the system that joins them.

>>> from .record import parse_setup
>>> setup = parse_setup({"hero": {"skill": 10, "stamina": 18, "luck": 9},
...                      "enemies": [{"name": "ШПИОН", "skill": 10, "stamina": 12}]})
>>> state, event = do_round(setup, initial(setup), FFAction("round", dice=((6, 5), (2, 3))), "action")
>>> event["hero_strength"], event["enemies"][0]["strength"], event["enemies"][0]["result"], state.enemies
(21, 15, 'hit', (10,))
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ... import rng
from ...contract import Outcome
from ...fields import RecordError
from ...i18n import tr
from .record import Dice, FFAction, FFSetup, FFState, Pending

ONGOING, WON, LOST, ESCAPED = Outcome.ONGOING, Outcome.WON, Outcome.LOST, Outcome.ESCAPED
WOUND = 2  # a wound: 2 ВЫНОСЛИВОСТИ
LUCK_TEST_COST = 1  # every luck test offered costs 1 УДАЧА (the book)
HIT, HURT, PARRY = "hit", "hurt", "parry"  # the hero against his target: he wounds it, it wounds him, neither
WOUNDS, MISSES = "wounds", "misses"  # every other opponent in the fight against the hero
PAIRS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))  # two dice, in order: 36 throws, each 1 in 36

Event = dict[str, Any]

# ---- the arithmetic of a round: the engine's step and the exact odds both use these ---------------------------


def attack_strength(dice: Dice, skill: int, modifier: int = 0) -> int:
    """СИЛА УДАРА: two dice and МАСТЕРСТВО (and a spell's modifier)."""
    return dice[0] + dice[1] + skill + modifier


def hero_strength(setup: FFSetup, state: FFState, dice: Dice) -> int:
    """The hero's СИЛА УДАРА, with the Spell of Strength's bonus for the rest of the fight once it is cast."""
    return attack_strength(dice, state.skill, setup.rules.strength_bonus if state.strength else 0)


def enemy_strength(setup: FFSetup, state: FFState, enemy: int, dice: Dice) -> int:
    """An enemy's СИЛА УДАРА, less the Spell of Weakness's penalty once it is cast on that enemy."""
    penalty = setup.rules.weakness_penalty if enemy in state.weakened else 0
    return attack_strength(dice, setup.enemies[enemy].skill, -penalty)


def strengths_key(state: FFState) -> tuple:
    """What every fighter's СИЛА УДАРА depends on in a state, besides the set-up (hero_strength, enemy_strength):
    two states with the same key have the same strengths for every throw."""
    return state.skill, state.strength, state.weakened


def compare(hero: int, enemy: int, target: bool) -> str:
    """One comparison of СИЛА УДАРА. The hero's target: :data:`HIT` (his is higher), :data:`HURT` (its is higher)
    or :data:`PARRY` (equal). Every other opponent in the fight: it :data:`WOUNDS` him if its is higher, and
    otherwise :data:`MISSES` (he can wound only his target)."""
    if target:
        return HIT if hero > enemy else HURT if hero < enemy else PARRY
    return WOUNDS if enemy > hero else MISSES


LOSSES = {HIT: (WOUND, 0), HURT: (0, WOUND), PARRY: (0, 0), WOUNDS: (0, WOUND), MISSES: (0, 0)}


def losses(result: str) -> tuple[int, int]:
    """The wound a comparison deals: (the opponent's loss, the hero's loss) of ВЫНОСЛИВОСТЬ."""
    return LOSSES[result]


def wound(points: int, loss: int) -> int:
    """ВЫНОСЛИВОСТЬ after a loss: never below 0."""
    return max(0, points - loss)


def fallen(stamina: int) -> bool:
    """A fighter at 0 ВЫНОСЛИВОСТЬ is dead ("until one side's ВЫНОСЛИВОСТЬ is 0")."""
    return stamina <= 0


def ending(setup: FFSetup, stamina: int, enemies: tuple[int, ...]) -> Outcome:
    """How a fight stands by its numbers: lost when the hero is at 0 (if both sides fall in one round, he is
    dead), won when no enemy of the paragraph is left standing, ongoing otherwise."""
    if fallen(stamina):
        return LOST
    if setup.enemies and not any(enemies):
        return WON
    return ONGOING


def fighting(setup: FFSetup, enemies: tuple[int, ...]) -> list[int]:
    """The enemies in the fight now: every living one at once, or one after another the first still living."""
    alive = [i for i, n in enumerate(enemies) if n > 0]
    return alive[:1] if setup.rules.one_by_one else alive


def luck_offered(setup: FFSetup, result: str, target: int, stamina: int, enemies: tuple[int, ...]) -> Pending | None:
    """The wound of the round just fought that a luck test may follow (the optional rule, while the fight goes
    on): the hero's hit on his target or the target's wound to him. None after a parry, and none on a killing
    blow: it ends that enemy."""
    if not setup.rules.luck_in_combat or ending(setup, stamina, enemies) != ONGOING:
        return None
    if result == HURT or (result == HIT and enemies[target] > 0):
        return result, target
    return None


def rolls_for_luck(luck: int) -> bool:
    """A luck test rolls its dice: with no УДАЧА left every test fails, and no dice are rolled."""
    return luck > 0


def luck_test(luck: int, dice: Dice) -> tuple[bool, int]:
    """A luck test: (lucky, УДАЧА after). Lucky when the two dice are at most УДАЧА; it costs 1 УДАЧА. With none
    left it is unlucky and costs nothing."""
    if not rolls_for_luck(luck):
        return False, luck
    return dice[0] + dice[1] <= luck, luck - LUCK_TEST_COST


def lucky_wound(kind: str, lucky: bool) -> int:
    """The wound in all after a luck test on it: the hero's hit on his target 4 if lucky, 1 if not; the
    target's wound to him (and an escape's last blow) 1 if lucky, 3 if not."""
    if kind == HIT:
        return 4 if lucky else 1
    return 1 if lucky else 3


def luck_effect(
    setup: FFSetup, max_stamina: int, pending: Pending, lucky: bool, stamina: int, enemies: tuple[int, ...]
) -> tuple[int, tuple[int, ...]]:
    """(the hero's ВЫНОСЛИВОСТЬ, the enemies') after a luck test on the last round's wound: the wound it dealt
    becomes :func:`lucky_wound` in all, within 0 and the initial value."""
    kind, enemy = pending
    if kind == HIT:
        dealt = losses(HIT)[0]
        top = setup.enemies[enemy].stamina
        new = list(enemies)
        new[enemy] = max(0, min(top, new[enemy] + dealt - lucky_wound(HIT, lucky)))
        return stamina, tuple(new)
    dealt = losses(HURT)[1]
    return max(0, min(max_stamina, stamina + dealt - lucky_wound(HURT, lucky))), enemies


# ---- the state -------------------------------------------------------------------------------------------------


def initial(setup: FFSetup) -> FFState:
    h = setup.hero
    return FFState(
        h.skill,
        h.stamina,
        h.luck,
        h.max_skill,
        h.max_stamina,
        h.max_luck,
        h.gold,
        h.backpack,
        h.food,
        h.flask,
        h.spells,
        tuple(e.stamina for e in setup.enemies),
        weapons=h.weapons,
    )


def roll(setup: FFSetup, draws: int, given: Dice | None) -> tuple[Dice, int, bool]:
    """Two dice: the player's own, or drawn from the seed. Returns (dice, draws used so far, typed)."""
    if given is not None:
        return given, draws, True
    return (rng.die(setup.seed, draws), rng.die(setup.seed, draws + 1)), draws + 2, False


def check(path: str, allowed: bool, why: str, label: str = "") -> None:
    if not allowed:
        raise RecordError(path, why, tr(label) if label else "")


# The two checks every action of a fight passes (a replay: every round): their words are written only to refuse.
def in_encounter(setup: FFSetup, state: FFState, path: str, label: str) -> None:
    if not setup.enemies:
        check(path, False, tr("there is no enemy in this paragraph"), label)
    if state.outcome != ONGOING:
        check(path, False, tr("the fight is over ({outcome})", outcome=tr(state.outcome)), label)


def at_peace(state: FFState, path: str, label: str) -> None:
    if state.fighting:
        check(path, False, tr("not during a fight"), label)


def aimed(living: list[int], target: int | None, path: str) -> int:
    """The enemy an action is aimed at, among ``living`` (the first if none is named)."""
    chosen = living[0] if target is None and living else target
    if chosen is None or chosen not in living:
        raise RecordError(f"{path}.target", tr("must be an enemy still in the fight"), tr("Target"))
    return chosen


def settled(
    setup: FFSetup, stamina: int, enemies: tuple[int, ...], current: int, engaged: bool
) -> tuple[Outcome, int, bool]:
    """Who is dead, who fights next, how the fight ends, from the numbers: (the outcome, the enemy fought now,
    whether the hero is engaged with the opponents in the fight)."""
    outcome = ending(setup, stamina, enemies)
    if outcome == LOST:
        return LOST, current, engaged
    if outcome == WON:
        return WON, len(setup.enemies), engaged
    alive = [i for i, n in enumerate(enemies) if n > 0]
    following = alive[0] if alive else 0
    # one after another: the next opponent has not been fought yet
    return ONGOING, following, engaged and not (setup.rules.one_by_one and following != current)


def settle(setup: FFSetup, state: FFState) -> FFState:
    """The state once :func:`settled`: an ended fight offers no luck test."""
    outcome, current, engaged = settled(setup, state.stamina, state.enemies, state.current, state.engaged)
    if outcome != ONGOING:
        return replace(state, outcome=outcome, current=current, pending_luck=None)
    return replace(state, current=current, engaged=engaged)


def after(state: FFState) -> Event:
    """The numbers every event ends with."""
    return {
        "stamina": state.stamina,
        "luck": state.luck,
        "enemy_stamina": list(state.enemies),
        "outcome": state.outcome,
    }


# ---- a round, several opponents at once or one after another ---------------------------------------------------


def do_round(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    in_encounter(setup, state, path, "Fight round")
    living = fighting(setup, state.enemies)
    target = aimed(living, action.target, path)
    given = list(action.dice or ())
    if len(given) > 1 + len(setup.enemies):
        raise RecordError(f"{path}.dice", tr("holds more dice than there are fighters"), tr("Dice"))
    given += [None] * (1 + len(setup.enemies) - len(given))
    hero_dice, draws, typed = roll(setup, state.draws, given[0])
    strength = hero_strength(setup, state, hero_dice)
    before = state.stamina
    stamina, enemies, rows, struck = state.stamina, list(state.enemies), [], PARRY
    for i in living:
        dice, draws, enemy_typed = roll(setup, draws, given[1 + i])
        typed = typed and enemy_typed
        theirs = enemy_strength(setup, state, i, dice)
        result = compare(strength, theirs, i == target)
        enemy_loss, hero_loss = LOSSES[result]
        was = enemies[i]
        if enemy_loss:
            enemies[i] = wound(was, enemy_loss)
        if hero_loss:
            stamina = wound(stamina, hero_loss)
        if i == target:
            struck = result
        rows.append({"index": i, "name": setup.enemies[i].name, "dice": list(dice), "strength": theirs,
                     "result": result, "loss": was - enemies[i]})  # fmt: skip
    left = tuple(enemies)
    outcome, current, engaged = settled(setup, stamina, left, state.current, True)
    pending = luck_offered(setup, struck, target, stamina, left)  # None once the fight has ended
    state = replace(state, stamina=stamina, enemies=left, rounds=state.rounds + 1, draws=draws, outcome=outcome,
                    current=current, engaged=engaged, pending_luck=pending)  # fmt: skip
    event = {
        "kind": "round",
        "round": state.rounds,
        "target": target,
        "hero_dice": list(hero_dice),
        "hero_strength": strength,
        "enemies": rows,
        "hero_loss": before - stamina,  # each row's "loss" too: what the round took, for its words (words.py)
        "typed": typed,
        **after(state),
    }
    return state, event


def do_escape(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    in_encounter(setup, state, path, "Escape")
    check(path, setup.rules.escape, tr("this paragraph does not allow escape"), "Escape")
    loss, test = losses(HURT)[1], None  # the enemy's last blow
    draws, luck = state.draws, state.luck
    if action.luck:
        check(path, setup.rules.luck_in_combat, tr("luck in combat is not a rule of this fight"), "Escape")
        test, draws, luck = try_luck(setup, state, action.dice[0] if action.dice else None, False)
        loss = lucky_wound(HURT, test["lucky"])
    stamina = wound(state.stamina, loss)
    outcome = LOST if ending(setup, stamina, state.enemies) == LOST else ESCAPED
    state = replace(state, stamina=stamina, luck=luck, draws=draws, outcome=outcome, pending_luck=None)
    return state, {"kind": "escape", "loss": loss, "test": test, **after(state)}


# ---- luck ------------------------------------------------------------------------------------------------------


def decline_cost(setup: FFSetup, state: FFState) -> int:
    """What declining the luck test offered now costs: 1 УДАЧА with the ``decline_costs_luck`` rule (the seed: every
    test offered costs 1), while there is any; nothing otherwise."""
    return 1 if setup.rules.decline_costs_luck and state.luck > 0 else 0


def try_luck(setup: FFSetup, state: FFState, given: Dice | None, decline: bool) -> tuple[Event, int, int]:
    """One luck test: (event part, draws, luck after). Declined: unlucky, and it costs 1 УДАЧА only with the
    ``decline_costs_luck`` rule (the seed: every test offered costs 1)."""
    part: Event
    if decline:
        cost = decline_cost(setup, state)
        part = {"declined": True, "lucky": False, "dice": None, "luck_before": state.luck, "cost": cost}
        return part, state.draws, state.luck - cost
    if not rolls_for_luck(state.luck):
        part = {"declined": False, "lucky": False, "dice": None, "luck_before": 0, "no_luck": True, "cost": 0}
        return part, state.draws, 0
    dice, draws, typed = roll(setup, state.draws, given)
    lucky, left = luck_test(state.luck, dice)
    part = {
        "declined": False,
        "lucky": lucky,
        "dice": list(dice),
        "typed": typed,
        "luck_before": state.luck,
        "cost": state.luck - left,
    }
    return part, draws, left


def do_luck(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    given = action.dice[0] if action.dice else None
    if not state.fighting:
        test, draws, luck = try_luck(setup, state, given, action.decline)
        state = replace(state, luck=luck, draws=draws)
        return state, {"kind": "luck", "combat": None, **test, **after(state)}
    check(
        path,
        setup.rules.luck_in_combat,
        tr("in this fight luck is tested only where a paragraph says, outside the rounds"),
        "Test your luck",
    )
    pending = state.pending_luck
    if pending is None:
        # a test follows only the exchange with the target: after a parry with it there is none, even where another
        # enemy wounded the hero
        why = tr(
            "luck in combat is tested once, on the wound of the exchange with your target in the round just fought "
            "(a wound from another enemy is not tested): a parry wounds no one, and a killing blow ends that enemy"
        )
        raise RecordError(path, why, tr("Test your luck"))
    test, draws, luck = try_luck(setup, state, given, action.decline)
    stamina, enemies = luck_effect(setup, state.max_stamina, pending, test["lucky"], state.stamina, state.enemies)
    state = replace(state, luck=luck, draws=draws, stamina=stamina, enemies=enemies, pending_luck=None)
    state = settle(setup, state)
    kind, enemy = pending
    return state, {"kind": "luck", "combat": kind, "enemy": enemy, **test, **after(state)}
