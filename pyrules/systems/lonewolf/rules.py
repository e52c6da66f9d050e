"""The Lone Wolf family's rules: one Combat Results Table engine, pure functions of immutable values,
``step(setup, state, action) -> (state, event)``.

A round is two questions, each answered once, here, for ``step`` and for the exact odds alike:
:meth:`Engine.round_losses` (what the hero and the enemy lose, from the table and the section's rules, for one
random number) and :meth:`Engine.ending` (how the round ends once those losses are taken: who died, the next enemy,
the section's thresholds and last round, ENDURANCE restored). The random part of an action is
:meth:`Engine.chance`. The books' own facts (table, weapons, WILLPOWER, Vigour) are hooks each book's class sets or
overrides (``system.py``, ``variants.py``).

The Grey Star worked example (01gstw, Rules for Combat): Combat Ratio -5, random number 6, 2 WILLPOWER:

>>> from pyrules.systems.lonewolf import GreyStar
>>> setup = GreyStar.parse_setup({"hero": {"skill": 15, "endurance": 25, "willpower": 23},
...                               "enemies": [{"name": "Deathgaunt", "skill": 20, "endurance": 30}]})
>>> state, event = GreyStar.step(setup, GreyStar.initial(setup), Action("round", number=6, willpower=2))
>>> event["combat_ratio"], event["hero_loss"], event["enemy_loss"], event["enemy_loss_text"]
(-5, 4, 10, '5 × 2')
>>> state.endurance, state.enemies, state.willpower
(21, (20,), 21)
>>> losses = GreyStar.round_losses(setup, GreyStar.initial(setup), 6, 2)
>>> losses.hero, losses.enemy, losses.enemy_text
(4, 10, '5 × 2')
>>> GreyStar.ending(setup, state).land(21, 0)
Landing(outcome='won', endurance=21, current=0, enemy=0)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from ... import rng
from ...contract import Outcome
from ...fields import RecordError
from ...i18n import tr
from .record import Action, Record, Setup, State, Weapon
from .tables import KILL, Loss, ResultsTable

if TYPE_CHECKING:
    from .chart import Item

ONGOING, WON, LOST, EVADED, ENDED = Outcome.ONGOING, Outcome.WON, Outcome.LOST, Outcome.EVADED, Outcome.ENDED
# Banedon's Vigour: +3 COMBAT SKILL for the fight, for 3 ENDURANCE, not when ENDURANCE is below 10.
VIGOUR_SKILL, VIGOUR_COST, VIGOUR_FLOOR = 3, 3, 10
BEYOND = 10**9  # an ENDURANCE beyond any: the enemy's ENDURANCE from which a fight that cannot go on goes on


def floor_times(points: int, factor: Fraction | int) -> int:
    if isinstance(factor, int) or factor.denominator == 1:  # the usual case, without Fraction arithmetic
        return points * int(factor)
    return math.floor(points * factor)


def dead(endurance: int) -> bool:
    """A fighter at 0 ENDURANCE is dead (:meth:`Ending.land`: a hero at 0 has lost, even if the enemy died too)."""
    return endurance <= 0


def left(points: int, loss: Loss) -> int:
    """ENDURANCE left after a loss: never below 0, and none after a KILL."""
    return max(0, points - loss) if isinstance(loss, int) else 0


class Losses(NamedTuple):
    """One round's losses once the section's rules are applied: ENDURANCE points or KILL; how each was made
    (the table's result, the multiplier, the extra loss), shown as ``hero_text`` and ``enemy_text`` ("5 × 2");
    whether the enemy's was ignored for an evasion; the notes for the log."""

    hero: Loss
    enemy: Loss
    hero_made: tuple[Loss, Fraction | int, int]
    enemy_made: tuple[Loss, Fraction | int, int]
    evaded: bool
    notes: tuple[str, ...]

    @property
    def hero_text(self) -> str:
        return loss_text(*self.hero_made)

    @property
    def enemy_text(self) -> str:
        text = loss_text(*self.enemy_made)
        return tr("{loss} ignored: evasion", loss=text) if self.evaded else text


class Landing(NamedTuple):
    """Where a round lands: the outcome, the hero's ENDURANCE (restored where the fight is over and was not to
    the death), the enemy fought from now on (index) and his ENDURANCE."""

    outcome: Outcome
    endurance: int
    current: int
    enemy: int


@dataclass(frozen=True)
class Ending:
    """How the round about to be fought may end, by the rules and the section's exceptions: the one place that
    decides it, for ``step`` (one round, :meth:`land`) and for the exact odds (a layer of their grid at a time:
    :meth:`goes_on_from` for a whole row, :meth:`land` once per row for a kill)."""

    current: int  # the enemy fought in this round
    hero_at_most: int  # the fight stops (ended) when the hero is left with at most this (-1: no such rule)
    enemy_at_most: int  # ... or the enemy fought after the round (-1: no such rule)
    last_round: bool  # the section stops the fight after this round (max_rounds)
    following: int | None  # the enemy who fights on when this one dies (None: the last)
    following_endurance: int  # his ENDURANCE
    restore: Callable[[int], int]  # the hero's ENDURANCE once the fight is over (not to the death: restored)

    def goes_on_from(self, endurance: int) -> int:
        """The least ENDURANCE the enemy may be left with for the fight to go on, the hero being left with
        ``endurance`` (:data:`BEYOND` where it cannot go on at all)."""
        if endurance <= 0 or self.last_round or endurance <= self.hero_at_most:
            return BEYOND
        return max(1, self.enemy_at_most + 1)

    def land(self, endurance: int, enemy: int, evade: bool = False) -> Landing:
        """Where the round lands, the hero being left with ``endurance`` and the enemy with ``enemy`` (0: dead):
        a hero at 0 has lost (even if the enemy died too); an evasion ends the fight; a dead enemy is followed by
        the next one, or the hero has won; the section's thresholds and last round end what still goes on."""
        if endurance <= 0:
            return Landing(LOST, self.restore(0), self.current, enemy)
        if evade:
            return Landing(EVADED, self.restore(endurance), self.current, enemy)
        current = self.current
        if enemy <= 0:
            if self.following is None:
                return Landing(WON, self.restore(endurance), current, 0)
            current, enemy = self.following, self.following_endurance
        if enemy >= self.goes_on_from(endurance):
            return Landing(ONGOING, endurance, current, enemy)
        return Landing(ENDED, self.restore(endurance), current, enemy)


def loss_text(base: Loss, factor: Fraction | int, extra: int) -> str:
    """How a loss was made: table result, x multiplier, + extra."""
    if factor == 0:
        return f"{base} × 0" + (f" + {extra}" if extra else "")
    if not isinstance(base, int):
        return KILL
    return str(base) + (f" × {_number(factor)}" if factor != 1 else "") + (f" + {extra}" if extra else "")


def restore_note(points: int) -> str:
    return tr("not a fight to the death: {n} ENDURANCE {n|point|points} restored", n=points)


def _whole(value: Fraction) -> Fraction | int:
    """A whole multiplier as an int (the usual case: no Fraction arithmetic)."""
    return value.numerator if value.denominator == 1 else value


def _number(value: Fraction | int) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


class Engine(Record):
    """The rules of a Lone Wolf-family fight. Each book's class sets the facts declared here and may override
    the hooks (weapon, spend range, spend)."""

    table: ClassVar[ResultsTable]
    unarmed: ClassVar[str]  # the weapons' key for fighting without a weapon

    # ---- the hero's numbers for the coming round ---------------------------------------------------------

    @classmethod
    def initial(cls, setup: Setup) -> State:
        return State(setup.hero.endurance, setup.hero.willpower, tuple(e.endurance for e in setup.enemies))

    @classmethod
    def armed(cls, setup: Setup, state: State) -> bool:
        """Whether the hero fights with his weapon in the coming round (``unarmed_rounds``)."""
        return state.rounds >= setup.rules.unarmed_rounds

    @classmethod
    def weapon(cls, setup: Setup, state: State) -> Weapon:
        return cls.weapons[setup.hero.weapon if cls.armed(setup, state) else cls.unarmed]

    @classmethod
    def weapon_adjustment(cls, setup: Setup, state: State) -> int:
        weapon = cls.weapon(setup, state)
        return weapon.adjustment + (setup.hero.weapon_bonus if weapon.key == "other" else 0)

    @classmethod
    def skill_total(cls, setup: Setup, state: State) -> int:
        """The hero's skill for the coming round: Action Chart + weapon + items and spells (those carried, those used
        in this fight) + this fight's rules."""
        rules = setup.rules
        total = setup.hero.skill + cls.weapon_adjustment(setup, state)
        total += sum(bonus for _, bonus in setup.hero.modifiers)
        if setup.hero.chart is not None:  # its items' (chart.py, in the rules' second pack: here with the chart)
            from .chart import carried_skill

            total += carried_skill(setup.hero.chart)
        total += state.bonus
        if not rules.skill_modifier_rounds or state.rounds < rules.skill_modifier_rounds:
            total += rules.skill_modifier
        return total + (VIGOUR_SKILL if state.vigour else 0)

    @classmethod
    def combat_ratio(cls, setup: Setup, state: State) -> int:
        return cls.skill_total(setup, state) - setup.enemies[state.current].skill

    @classmethod
    def spend_range(cls, setup: Setup, state: State) -> tuple[int, int] | None:
        """(least, most) WILLPOWER the hero may spend this round, or None where none is spent."""
        return None

    @classmethod
    def spend(cls, setup: Setup, state: State, action: Action, path: str) -> int:
        """WILLPOWER spent this round (0 outside Grey Star's Staff); checks the action's ``willpower``."""
        if action.willpower:
            raise RecordError(
                f"{path}.willpower", tr("only Grey Star spends WILLPOWER in combat"), tr("WILLPOWER to spend")
            )
        return 0

    # ---- what is allowed now -----------------------------------------------------------------------------

    @classmethod
    def evasion(cls, setup: Setup, state: State) -> tuple[bool, str]:
        """Whether the hero may evade now, and why (not)."""
        rules = setup.rules
        if state.outcome != ONGOING:
            return False, tr("the fight is over ({outcome})", outcome=tr(state.outcome))
        if not rules.evasion_possible:
            return False, tr("this fight does not allow evasion")
        if rules.evade_after is not None and state.rounds < rules.evade_after:
            return False, tr("evasion is allowed only after round {n}", n=rules.evade_after)
        if rules.evade_until is not None and state.rounds >= rules.evade_until:
            return False, tr("evasion was allowed only in the first {n} {n|round|rounds}", n=rules.evade_until)
        limit = rules.evade_when_enemy_at_most
        if limit is not None and state.enemies[state.current] > limit:
            return False, tr("evasion is allowed only once the enemy's ENDURANCE is {n} or less", n=limit)
        if cls.evades_at_once(setup, state):
            return True, tr("evasion is allowed: before the first round, no round is fought and nothing is lost")
        return True, tr("evasion is allowed")

    @classmethod
    def evades_at_once(cls, setup: Setup, state: State) -> bool:
        """Whether evading now ends the fight with no round fought (``evade_before_round``, before any round).
        Otherwise an evasion is resolved as a round in which the enemy's losses are ignored."""
        return setup.rules.evade_before_round and state.rounds == 0

    @classmethod
    def vigour_allowed(cls, setup: Setup, state: State) -> tuple[bool, str]:
        if not cls.has_vigour:
            return False, tr("Vigour is a spell of Banedon's")
        if state.outcome != ONGOING:
            return False, tr("the fight is over ({outcome})", outcome=tr(state.outcome))
        if not setup.rules.vigour:
            return False, tr("this fight does not allow Vigour")
        if setup.hero.chart and (why := setup.hero.chart.lacks("Vigour")):  # a hero with a chart: among its spells
            return False, why
        if state.vigour:
            return False, tr("Vigour is already cast for this fight")
        if state.endurance < VIGOUR_FLOOR:
            return False, tr("Vigour cannot be used when ENDURANCE is below {n}", n=VIGOUR_FLOOR)
        return True, tr(
            "Vigour adds {skill} to COMBAT SKILL for this fight and costs {cost} ENDURANCE",
            skill=VIGOUR_SKILL,
            cost=VIGOUR_COST,
        )

    @classmethod
    def usable_now(cls, setup: Setup, state: State) -> list[Item]:
        """The Action Chart's items that may be used now: in a fight that goes on, ``in_fight`` with uses left (none
        without a chart: chart.py, in the rules' second pack, is not needed)."""
        if state.outcome != ONGOING or setup.hero.chart is None:
            return []
        from .chart import after_uses, usable

        return usable(after_uses(setup.hero.chart, state.used))

    @classmethod
    def legal_actions(cls, setup: Setup, state: State) -> list[Action]:
        """A round (Grey Star: one per WILLPOWER spend the Staff allows), an evasion where allowed, Vigour. Using an
        item is left out: the solvers fight on with the chart as it stands, and the odds weigh each use on its own
        (their ``uses``)."""
        if state.outcome != ONGOING:
            return []
        limits = cls.spend_range(setup, state)
        spends: list[int | None] = [None] if limits is None else list(range(limits[0], limits[1] + 1))
        actions = [Action("round", willpower=w) for w in spends]
        if cls.evasion(setup, state)[0]:
            at_once = cls.evades_at_once(setup, state)
            actions += [Action("evade")] if at_once else [Action("evade", willpower=w) for w in spends]
        if cls.vigour_allowed(setup, state)[0]:
            actions.append(Action("vigour"))
        return actions

    @classmethod
    def chance(cls, setup: Setup, state: State, action: Action) -> list[tuple[Fraction, Action]]:
        """A round's random number, 0-9, each 1 in 10 (unless the player typed it); Vigour and an evasion with no
        round fought draw nothing."""
        draws = action.do == "round" or (action.do == "evade" and not cls.evades_at_once(setup, state))
        if not draws or action.number is not None:
            return [(Fraction(1), action)]
        return [(Fraction(1, 10), Action(action.do, n, action.willpower)) for n in range(10)]

    @classmethod
    def outcome(cls, state: State) -> Outcome:
        return Outcome(state.outcome)

    # ---- a round: its losses and how it ends -------------------------------------------------------------

    @classmethod
    def unharmed(cls, setup: Setup, state: State) -> tuple[bool, bool]:
        """Whether the table's losses are ignored in the coming round: the enemy's, the hero's (a ``K`` too)."""
        round_no = state.rounds + 1
        return round_no <= setup.rules.enemy_immune_rounds, round_no <= setup.rules.hero_immune_rounds

    @classmethod
    def round_losses(cls, setup: Setup, state: State, number: int, spent: int, evade: bool = False) -> Losses:
        """The losses of the round fought from ``state`` on the random number ``number``, Grey Star spending
        ``spent`` WILLPOWER through the Staff: the table's result at the Combat Ratio, the rounds in which it is
        ignored, the multipliers (rounded down; a ``K`` stays a kill unless multiplied by 0), the extra losses; an
        evasion ignores the enemy's loss."""
        rules = setup.rules
        enemy_base, hero_base = cls.table.lookup(cls.combat_ratio(setup, state), number)
        enemy_unharmed, hero_unharmed = cls.unharmed(setup, state)
        notes = []
        if enemy_unharmed:
            enemy_base = 0
            notes.append(tr("enemy unharmed this round"))
        if hero_unharmed:
            hero_base = 0
            notes.append(tr("hero unharmed this round"))
        multiplier = rules.enemy_loss_multiplier
        enemy_made = (enemy_base, (spent or 1) * _whole(multiplier), rules.enemy_extra_loss)
        hero_extra = rules.hero_extra_loss + (rules.hero_extra_loss_when_wounded if hero_base != 0 else 0)
        hero_made = (hero_base, _whole(rules.hero_loss_multiplier), hero_extra)
        if evade and state.rounds == 0:
            notes.append(tr("evasion before the first round: the round is fought and the hero's losses stand"))
        enemy_loss = 0 if evade else cls.loss(*enemy_made)
        return Losses(cls.loss(*hero_made), enemy_loss, hero_made, enemy_made, evade, tuple(notes))

    @staticmethod
    def loss(base: Loss, factor: Fraction | int, extra: int) -> Loss:
        """Final loss: table result x multiplier (rounded down) + extra; K stays K unless the multiplier is 0."""
        if factor == 0:
            return extra
        if not isinstance(base, int):
            return KILL
        return floor_times(base, factor) + extra

    @classmethod
    def ending(cls, setup: Setup, state: State) -> Ending:
        """How the round about to be fought from ``state`` may end (see :class:`Ending`)."""
        rules = setup.rules
        following = state.current + 1 if state.current + 1 < len(setup.enemies) else None
        return Ending(
            current=state.current,
            hero_at_most=-1 if rules.end_when_hero_at_most is None else rules.end_when_hero_at_most,
            enemy_at_most=-1 if rules.end_when_enemy_at_most is None else rules.end_when_enemy_at_most,
            last_round=rules.max_rounds is not None and state.rounds + 1 >= rules.max_rounds,
            following=following,
            following_endurance=0 if following is None else state.enemies[following],
            restore=partial(cls.restored, setup),
        )

    @classmethod
    def rounds_counted(cls, setup: Setup) -> tuple[int, int]:
        """How far the rules count rounds: once this many have been fought, (a round's losses, everything) no
        longer depend on the count. The losses: no weapon, a skill modifier for the first rounds, unharmed rounds;
        everything: those, the limits of evasion, the last round, and evading before any round is fought."""
        rules = setup.rules
        losses = max(rules.unarmed_rounds, rules.enemy_immune_rounds, rules.hero_immune_rounds,
                     rules.skill_modifier_rounds)  # fmt: skip
        everything = max(losses, rules.max_rounds or 0, rules.evade_after or 0, rules.evade_until or 0,
                         1 if rules.evade_before_round else 0)  # fmt: skip
        return losses, everything

    @classmethod
    def restored(cls, setup: Setup, endurance: int) -> int:
        """The hero's ENDURANCE once a fight that is not to the death ends: all his losses back, a share of them
        (rounded down) or some points, never more than he lost."""
        rules = setup.rules
        if not (rules.restore_endurance or rules.restore_part or rules.restore_points):
            return endurance  # a fight to the death
        lost = max(0, setup.hero.endurance - endurance)
        if rules.restore_endurance:
            return endurance + lost
        return endurance + min(lost, floor_times(lost, rules.restore_part) + rules.restore_points)

    # ---- one step ------------------------------------------------------------------------------------------

    @classmethod
    def step(cls, setup: Setup, state: State, action: Action, path: str = "action") -> tuple[State, dict]:
        """Apply one action. Raises RecordError (naming ``path``) if the action is not allowed now."""
        if state.outcome != ONGOING:
            raise RecordError(
                path, tr("the fight is already over ({outcome}): no more actions", outcome=tr(state.outcome))
            )
        if action.do == "use":  # an item of the Action Chart (chart.py, in the rules' second pack)
            from .chart import use_item

            return use_item(cls, setup, state, str(action.item), path)
        if action.do == "vigour":
            allowed, why = cls.vigour_allowed(setup, state)
            if not allowed:
                raise RecordError(path, why, tr("Cast Vigour"))
            state = replace(state, vigour=True, endurance=state.endurance - VIGOUR_COST)
            return state, {"kind": "vigour", "endurance": state.endurance, "skill": cls.skill_total(setup, state)}
        evade = action.do == "evade"
        if evade:
            allowed, why = cls.evasion(setup, state)
            if not allowed:
                raise RecordError(path, why, tr("Evade"))
            if cls.evades_at_once(setup, state):
                return cls.evade_at_once(setup, state)
        return cls.fight_round(setup, state, action, path, evade)

    @classmethod
    def evade_at_once(cls, setup: Setup, state: State) -> tuple[State, dict]:
        """Evasion before any round, where the section's rule says no round is fought: nothing is lost, no random
        number is used (a typed one and a WILLPOWER spend are ignored)."""
        notes = [tr("evasion before the first round: no round is fought, nothing is lost")]
        endurance = cls.restored(setup, state.endurance)
        if endurance != state.endurance:  # Vigour's cost, where the section restores ENDURANCE
            notes.append(restore_note(endurance - state.endurance))
        new = replace(state, endurance=endurance, outcome=EVADED)
        event = {
            "kind": "evade_no_round",
            "round": 0,
            "enemy": setup.enemies[state.current].name,
            "enemy_index": state.current,
            "endurance": endurance,
            "enemy_endurance": state.enemies[state.current],
            "willpower": state.willpower,
            "outcome": EVADED,
            "notes": notes,
        }
        return new, event

    @classmethod
    def fight_round(cls, setup: Setup, state: State, action: Action, path: str, evade: bool) -> tuple[State, dict]:
        enemy = setup.enemies[state.current]
        spent = cls.spend(setup, state, action, path)
        skill = cls.skill_total(setup, state)
        draws = state.draws
        if action.number is None:
            number = rng.random_number(setup.seed, draws)
            draws += 1
        else:
            number = action.number
        losses = cls.round_losses(setup, state, number, spent, evade)
        notes = list(losses.notes)
        endurance = left(state.endurance, losses.hero)
        enemies = list(state.enemies)
        enemies[state.current] = left(enemies[state.current], losses.enemy)
        landing = cls.ending(setup, state).land(endurance, enemies[state.current], evade)
        if landing.current != state.current:
            notes.append(
                tr(
                    "{dead}: out of the fight; the next enemy: {next}",
                    dead=enemy.name,
                    next=setup.enemies[landing.current].name,
                )
            )
        if landing.outcome != ONGOING:
            if setup.rules.restore_endurance:
                notes.append(tr("not a fight to the death: ENDURANCE restored"))
            elif landing.endurance != endurance:
                notes.append(restore_note(landing.endurance - endurance))
        willpower = state.willpower - spent if state.willpower is not None else None
        round_no = state.rounds + 1
        outcome, current = landing.outcome, landing.current
        new = State(landing.endurance, willpower, tuple(enemies), current, round_no, draws, state.vigour, outcome,
                    state.used, state.bonus)
        event = {
            "kind": "evade" if evade else "round",
            "round": round_no,
            "enemy": enemy.name,
            "enemy_index": state.current,
            "skill": skill,
            "combat_ratio": skill - enemy.skill,
            "number": number,
            "typed": action.number is not None,
            "willpower_spent": spent if cls.has_willpower else None,
            "armed": cls.armed(setup, state),
            "enemy_loss": losses.enemy,
            "enemy_loss_text": losses.enemy_text,
            "hero_loss": losses.hero,
            "hero_loss_text": losses.hero_text,
            # the ENDURANCE points each side lost: the loss, but never more than was left (a K: all of it)
            "enemy_lost": state.enemies[state.current] - enemies[state.current],
            "hero_lost": state.endurance - endurance,
            "endurance": landing.endurance,
            "enemy_endurance": enemies[state.current],
            "willpower": willpower,
            "outcome": landing.outcome,
            "notes": notes,
        }
        return new, event
