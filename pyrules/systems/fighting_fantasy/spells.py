"""Майлин's spells (the 1991 rules): Strength and Weakness change СИЛА УДАРА for the fight, the Copy fights the
enemy first, Healing restores 8 ВЫНОСЛИВОСТИ outside a fight; the others only count their uses here.

The Copy's fight is fought round by round with the engine's own comparison and wound (:mod:`.rules`).

>>> from .record import parse_setup
>>> from .rules import initial
>>> setup = parse_setup({"hero": {"skill": 10, "stamina": 18, "luck": 9, "spells": {"copy": 1}},
...                      "enemies": [{"name": "ШПИОН", "skill": 10, "stamina": 4}]})
>>> state, event = do_spell(setup, initial(setup), FFAction("spell", spell="copy",
...                         copy_dice=(((6, 6), (1, 1)), ((3, 4), (4, 3)), ((6, 6), (1, 1)))), "action")
>>> [(r["copy"], r["enemy"], r["enemy_stamina"]) for r in event["copy_rounds"]], state.outcome
([(22, 12, 2), (17, 17, 2), (22, 12, 0)], 'won')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...i18n import tr
from .record import SPELLS, TARGETED_SPELLS, Dice, FFAction, FFSetup, FFState
from .rules import (
    Event,
    after,
    aimed,
    at_peace,
    attack_strength,
    check,
    compare,
    enemy_strength,
    in_encounter,
    losses,
    roll,
    settle,
    wound,
)

HEALING = 8  # the Spell of Healing: + 8 ВЫНОСЛИВОСТИ, not above the initial value
COPY_ROUNDS = 500  # the Copy's fight stops after this many rounds (two copies of one enemy may parry a long time)


def do_spell(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    spell = action.spell or ""  # the record's reader gives a "spell" action one of SPELLS
    name, where = SPELLS[spell]
    uses = dict(state.spells)
    check(f"{path}.spell", uses.get(spell, 0) > 0, tr("no uses of this spell are left"), name)
    if where == "combat":
        in_encounter(setup, state, path, name)
    if where == "peace":
        at_peace(state, path, name)
    uses[spell] -= 1
    state = replace(state, spells=tuple((k, n) for k, n in uses.items() if n))
    event: dict[str, Any] = {"kind": "spell", "spell": spell}
    if spell == "strength":
        check(path, not state.strength, tr("the Spell of Strength is already cast for this fight"), name)
        state = replace(state, strength=True)
        event["bonus"] = setup.rules.strength_bonus
    elif spell in TARGETED_SPELLS:
        target = aimed([i for i, n in enumerate(state.enemies) if n > 0], action.target, path)
        event["target"] = target
        if spell == "weakness":
            check(path, target not in state.weakened, tr("this enemy is already weakened"), name)
            state = replace(state, weakened=state.weakened + (target,))
            event["penalty"] = setup.rules.weakness_penalty
        else:
            state, event["copy_rounds"] = copy_fight(setup, state, target, action.copy_dice or ())
            state = settle(setup, state)
    elif spell == "healing":
        stamina = min(state.max_stamina, state.stamina + HEALING)
        event["gained"] = stamina - state.stamina
        state = replace(state, stamina=stamina)
    return state, {**event, "spells": dict(state.spells), **after(state)}


def copy_fight(
    setup: FFSetup, state: FFState, target: int, given: tuple[tuple[Dice, Dice], ...]
) -> tuple[FFState, list[Event]]:
    """The Spell of the Copy: a copy with the enemy's МАСТЕРСТВО and ВЫНОСЛИВОСТЬ fights it to the end, round by
    round as the hero would against that one enemy (the copy in his place)."""
    enemy = setup.enemies[target]
    copy_stamina, enemy_stamina, draws = state.enemies[target], state.enemies[target], state.draws
    rounds: list[Event] = []
    while copy_stamina > 0 and enemy_stamina > 0 and len(rounds) < COPY_ROUNDS:
        pair: tuple[Dice | None, Dice | None] = given[len(rounds)] if len(rounds) < len(given) else (None, None)
        copy_dice, draws, _ = roll(setup, draws, pair[0])
        enemy_dice, draws, _ = roll(setup, draws, pair[1])
        copy = attack_strength(copy_dice, enemy.skill)
        theirs = enemy_strength(setup, state, target, enemy_dice)
        enemy_loss, copy_loss = losses(compare(copy, theirs, True))
        enemy_stamina, copy_stamina = wound(enemy_stamina, enemy_loss), wound(copy_stamina, copy_loss)
        rounds.append(
            {
                "copy_dice": list(copy_dice),
                "enemy_dice": list(enemy_dice),
                "copy": copy,
                "enemy": theirs,
                "copy_stamina": copy_stamina,
                "enemy_stamina": enemy_stamina,
            }
        )
    enemies = list(state.enemies)
    enemies[target] = enemy_stamina
    return replace(state, enemies=tuple(enemies), draws=draws), rounds
