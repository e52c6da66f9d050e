"""The adventure sheet of «Подземелья Чёрного замка» (1991): a new hero's dice, the flask, food, the backpack of 7,
gold and what a paragraph changes. The backpack is shut during a fight; the flask too, unless the section's rules
let the hero drink between rounds.

>>> from .record import parse_setup
>>> from .rules import initial
>>> setup = parse_setup({"hero": {"skill": 10, "stamina": 12, "luck": 9, "max_stamina": 18}, "enemies": []})
>>> state, event = do_drink(setup, initial(setup), FFAction("drink"), "action")
>>> event["gained"], state.stamina, state.flask
(2, 14, 1)
"""

from __future__ import annotations

from dataclasses import replace

from ... import rng
from ...fields import Reader
from ...i18n import tr
from .record import BACKPACK_SLOTS, MAX_GOLD, MAX_STAMINA, MAX_WEAPONS, FFAction, FFSetup, FFState
from .rules import LOST, Event, after, at_peace, check, ending

HEALING_DRINK = 2  # a drink from the flask: + 2 ВЫНОСЛИВОСТИ, not above the initial value
HERO_DICE = {"skill": (1, 6), "stamina": (2, 12), "luck": (1, 6)}  # (dice, added): 1d6+6, 2d6+12, 1d6+6


def roll_hero(seed: int, given: Reader) -> tuple[dict, dict]:
    """МАСТЕРСТВО 1d6+6, ВЫНОСЛИВОСТЬ 2d6+12, УДАЧА 1d6+6: the player's dice, or drawn."""
    hero, numbers, draw = {}, {}, 0
    for key, (count, base) in HERO_DICE.items():
        typed = given.get(key, None)
        if typed is None:
            dice = [rng.die(seed, draw + i) for i in range(count)]
        else:
            if isinstance(typed, int) and not isinstance(typed, bool):
                typed = [typed]
            if (
                not isinstance(typed, list)
                or len(typed) != count
                or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in typed)
            ):
                raise given.error(key, tr("must be {n} {n|die|dice} from 1 to 6", n=count))
            dice = typed
        draw += count
        numbers[key] = dice
        hero[key] = base + sum(dice)
    given.done()
    return hero, numbers


def do_drink(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    in_combat = state.fighting
    check(
        path,
        not in_combat or setup.rules.flask_in_combat,
        tr("not during a fight (a drink between rounds is a choice in this section's combat rules)"),
        "Drink from the flask",
    )
    check(path, state.flask > 0, tr("the flask is empty"), "Drink from the flask")
    check(
        path,
        state.stamina < state.max_stamina,
        tr("STAMINA is already at its initial value ({n}), which it may not exceed", n=state.max_stamina),
        "Drink from the flask",
    )
    stamina = min(state.max_stamina, state.stamina + HEALING_DRINK)
    gained = stamina - state.stamina
    state = replace(state, stamina=stamina, flask=state.flask - 1)
    event = {"kind": "drink", "gained": gained, "flask": state.flask, "in_combat": in_combat}
    return state, {**event, **after(state)}


def do_eat(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    at_peace(state, path, "Eat")
    check(path, state.food > 0, tr("there is no food in the backpack"), "Eat")
    stamina = min(state.max_stamina, state.stamina + (action.stamina or 0))
    gained = stamina - state.stamina
    state = replace(state, stamina=stamina, food=state.food - 1)
    return state, {"kind": "eat", "gained": gained, "food": state.food, **after(state)}


def _backpack_event(kind: str, action: FFAction, state: FFState) -> Event:
    return {
        "kind": kind,
        "item": action.item,
        "food": action.food,
        "backpack": list(state.backpack),
        "food_left": state.food,
        **after(state),
    }


def do_take(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    at_peace(state, path, "Put in the backpack")
    used = len(state.backpack) + state.food
    adding = action.food or 1
    check(
        path,
        used + adding <= BACKPACK_SLOTS,
        tr("the backpack holds only {n} {n|thing|things} and has {used} already", n=BACKPACK_SLOTS, used=used),
        "Put in the backpack",
    )
    if action.item is not None:
        state = replace(state, backpack=state.backpack + (action.item,))
    else:
        state = replace(state, food=state.food + adding)
    return state, _backpack_event("take", action, state)


def do_drop(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    at_peace(state, path, "Take out of the backpack")
    if action.item is not None:
        check(f"{path}.item", action.item in state.backpack, tr("is not in the backpack"), "Take out of the backpack")
        items = list(state.backpack)
        items.remove(action.item)
        state = replace(state, backpack=tuple(items))
    else:
        food = action.food or 0  # the record names a thing or an amount of food
        check(
            f"{path}.food",
            food <= state.food,
            tr("there is only {n} food in the backpack", n=state.food),
            "Take out of the backpack",
        )
        state = replace(state, food=state.food - food)
    return state, _backpack_event("drop", action, state)


def do_arm(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    """A weapon taken: kept apart from the backpack («деньги и оружие в заплечный мешок не кладутся»)."""
    at_peace(state, path, "Take a weapon")
    check(
        f"{path}.weapon",
        len(state.weapons) < MAX_WEAPONS,
        tr("the sheet holds at most {n} weapons besides the sword", n=MAX_WEAPONS),
        "Take a weapon",
    )
    state = replace(state, weapons=(*state.weapons, str(action.weapon)))
    return state, {"kind": "arm", "weapon": action.weapon, "weapons": list(state.weapons), **after(state)}


def do_disarm(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    at_peace(state, path, "Leave a weapon")
    check(f"{path}.weapon", action.weapon in state.weapons, tr("is not among the hero's weapons"), "Leave a weapon")
    weapons = list(state.weapons)
    weapons.remove(str(action.weapon))
    state = replace(state, weapons=tuple(weapons))
    return state, {"kind": "disarm", "weapon": action.weapon, "weapons": list(state.weapons), **after(state)}


def do_gold(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    gold = state.gold + (action.amount or 0)
    check(f"{path}.amount", gold >= 0, tr("the hero has only {n} gold", n=state.gold), "Gold")
    check(f"{path}.amount", gold <= MAX_GOLD, tr("the sheet holds at most {n} gold", n=MAX_GOLD), "Gold")
    state = replace(state, gold=gold)
    return state, {"kind": "gold", "amount": action.amount, "gold": gold, **after(state)}


def do_adjust(setup: FFSetup, state: FFState, action: FFAction, path: str) -> tuple[FFState, Event]:
    """A paragraph changes the hero: "lose 2 STAMINA", "add 1 to your LUCK", a new initial value."""
    at_peace(state, path, "Change by the paragraph")
    max_stamina = max(1, state.max_stamina + (action.max_stamina or 0))
    check(
        f"{path}.max_stamina",
        max_stamina <= MAX_STAMINA,
        tr("the initial STAMINA may be at most {n}, not {value}", n=MAX_STAMINA, value=max_stamina),
        "Initial STAMINA",
    )
    skill = min(state.max_skill, max(0, state.skill + (action.skill or 0)))
    luck = min(state.max_luck, max(0, state.luck + (action.luck_change or 0)))
    stamina = min(max_stamina, max(0, state.stamina + (action.stamina or 0)))
    state = replace(state, skill=skill, luck=luck, stamina=stamina, max_stamina=max_stamina)
    if ending(setup, stamina, state.enemies) == LOST:
        state = replace(state, outcome=LOST)
    return state, {"kind": "adjust", "skill": skill, **after(state)}
