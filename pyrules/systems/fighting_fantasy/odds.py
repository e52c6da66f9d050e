"""Exact odds of a Fighting Fantasy fight («Подземелья Чёрного замка»), fought to the end: dice counted out of 36,
with the best target each round (or the listed order) and, with the optional rule, the best luck tests; the plain
policy the Monte Carlo plays."""

from __future__ import annotations

import heapq
import math
from typing import Any

from ...contract import Outcome
from ...fields import RecordError
from ...i18n import tr
from ...odds import Budget, CannotSimulate, TooLarge, finished
from .rules import WOUND, FFAction, FFSetup, FFState

ONGOING, WON, LOST = Outcome.ONGOING, Outcome.WON, Outcome.LOST
FF_WORK = 500_000  # (state, target, outcome) triples weighed (pyrules.odds.Budget)

# ---- Fighting Fantasy --------------------------------------------------------------------------------------

TWO_DICE = {total: 6 - abs(total - 7) for total in range(2, 13)}  # ways out of 36


class FFChain:
    """Fighting Fantasy fought to the end from a state: targets (best, or the listed order) and luck tests, with the
    fight's own numbers for the Spells of Strength and Weakness. No drink, spell or escape is counted after now."""

    def __init__(
        self, setup: FFSetup, state: FFState, policy: str = "best", limit: int = 25_000, budget: Budget | None = None
    ):
        self.setup, self.state, self.policy, self.limit = setup, state, policy, limit
        self.budget = budget or Budget(FF_WORK)  # (state, target, outcome) triples weighed
        rules = setup.rules
        self.luck_rule = rules.luck_in_combat
        self.hero_skill = state.skill + (rules.strength_bonus if state.strength else 0)
        self.enemy_skill = [
            e.skill - (rules.weakness_penalty if i in state.weakened else 0) for i, e in enumerate(setup.enemies)
        ]
        self.tops = [e.stamina for e in setup.enemies]
        self.memo: dict[tuple, float] = {}
        self.choice: dict[tuple, int] = {}
        self._rounds: dict[tuple, list] = {}
        self.lucky = {luck: sum(k for t, k in TWO_DICE.items() if t <= luck) / 36 for luck in range(0, 13)}

    def living(self, enemies: tuple[int, ...]) -> list[int]:
        alive = [i for i, n in enumerate(enemies) if n > 0]
        return alive[:1] if self.setup.rules.one_by_one else alive

    def round(self, living: tuple[int, ...], target: int) -> list[tuple[str, int, float]]:
        """[(target's result, wounds from the others, probability)]: dice pairs counted out of 36 each."""
        key = (living, target)
        found = self._rounds.get(key)
        if found is not None:
            return found
        counts: dict[tuple[str, int], int] = {}
        others = [i for i in living if i != target]
        for h, hk in TWO_DICE.items():
            hero = h + self.hero_skill
            # the number of other enemies who wound the hero: a convolution over them
            wounds = [1]
            for i in others:
                beat = sum(k for t, k in TWO_DICE.items() if t + self.enemy_skill[i] > hero)
                new = [0] * (len(wounds) + 1)
                for j, ways in enumerate(wounds):
                    new[j] += ways * (36 - beat)
                    new[j + 1] += ways * beat
                wounds = new
            for result, ways in (
                ("hit", sum(k for t, k in TWO_DICE.items() if t + self.enemy_skill[target] < hero)),
                ("hurt", sum(k for t, k in TWO_DICE.items() if t + self.enemy_skill[target] > hero)),
                ("parry", sum(k for t, k in TWO_DICE.items() if t + self.enemy_skill[target] == hero)),
            ):
                for j, w in enumerate(wounds):
                    if ways and w:
                        counts[(result, j)] = counts.get((result, j), 0) + hk * ways * w
        total = 36 ** (len(living) + 1)
        found = [(result, j, k / total) for (result, j), k in counts.items()]
        self._rounds[key] = found
        return found

    def value(self, stamina: int, enemies: tuple[int, ...], luck: int) -> float:
        """P(win) at the start of a round (an ongoing fight, no luck test pending)."""
        key = (stamina, enemies, luck)
        found = self.memo.get(key)
        if found is not None:
            return found
        if len(self.memo) > self.limit:
            raise TooLarge("too many states")
        living = self.living(enemies)
        targets = living if self.policy == "best" else living[:1]
        self.budget.spend(sum(len(self.round(tuple(living), target)) for target in targets))
        best, choice = -1.0, living[0]
        for target in targets:
            stay = rest = 0.0
            for result, others, p in self.round(tuple(living), target):
                if result == "parry" and others == 0:
                    stay += p
                    continue
                hurt = others + (result == "hurt")
                new = list(enemies)
                if result == "hit":
                    new[target] = max(0, new[target] - WOUND)
                rest += p * self.after(max(0, stamina - WOUND * hurt), tuple(new), luck, self.pending(result, target))
            v = 0.0 if stay >= 1.0 else rest / (1.0 - stay)
            if v > best + 1e-15:
                best, choice = v, target
        self.memo[key] = best
        self.choice[key] = choice
        return best

    @staticmethod
    def pending(result: str, target: int) -> tuple | None:
        """The wound a luck test may follow (as ``FightingFantasy._do_round``): none after a parry."""
        return None if result == "parry" else (result, target)

    def may_test(self, stamina: int, enemies: tuple[int, ...], luck: int, pending: tuple | None) -> bool:
        """A luck test is offered (and worth a thought): the rule, a wound, both alive, and УДАЧА left (at 0 every
        test fails and costs nothing: never better than not testing). A killing blow ends that enemy: no test."""
        if not self.luck_rule or pending is None or stamina <= 0 or luck <= 0:
            return False
        kind, enemy = pending
        return any(enemies) and not (kind == "hit" and enemies[enemy] <= 0)

    def least_work(self) -> int:
        """A lower bound on the work of :meth:`value` from the start, for the budget: with the best target, every
        mix of the enemies' wounds is reached with the hero unhurt (his best throw against their worst, where it
        wins against each), each such state weighing at least one outcome per enemy standing; one by one (or in
        the listed order), each enemy's wounds in turn."""
        levels = [math.ceil(n / WOUND) for n in self.state.enemies]
        if self.policy != "best" or self.setup.rules.one_by_one or len(levels) < 2:
            return sum(levels)
        if any(12 + self.hero_skill <= 2 + skill for skill in self.enemy_skill):
            return sum(levels)
        total, product = 0, math.prod(n + 1 for n in levels)
        for n in levels:  # the number of enemies standing, summed over every mix
            total += n * (product // (n + 1))
        return total

    def settle(self, stamina: int, enemies: tuple[int, ...], luck: int) -> float:
        if stamina <= 0:
            return 0.0
        if not any(enemies):
            return 1.0
        return self.value(stamina, enemies, luck)

    def after(self, stamina: int, enemies: tuple[int, ...], luck: int, pending: tuple | None) -> float:
        """P(win) just after a round; with luck in combat, the hero then tests his luck or not, as is best."""
        plain = self.settle(stamina, enemies, luck)
        if not self.may_test(stamina, enemies, luck, pending):
            return plain
        return max(plain, self.tested(stamina, enemies, luck, pending))

    def tested(self, stamina: int, enemies: tuple[int, ...], luck: int, pending: tuple) -> float:
        """P(win) if he tests his luck on the round's result (as ``FightingFantasy._do_luck``)."""
        kind, enemy = pending
        p_lucky = self.lucky[min(luck, 12)] if luck > 0 else 0.0
        left = max(0, luck - 1) if luck > 0 else 0
        total = 0.0
        for lucky, p in ((True, p_lucky), (False, 1.0 - p_lucky)):
            if p == 0.0:
                continue
            new, hero = list(enemies), stamina
            if kind == "hit":
                new[enemy] = max(0, min(self.tops[enemy], new[enemy] + (-2 if lucky else 1)))
            else:
                hero = max(0, min(self.state.max_stamina, hero + (1 if lucky else -1)))
            total += p * self.settle(hero, tuple(new), left)
        return total

    def forward(self, stamina: int, enemies: tuple[int, ...], luck: int, pending: tuple | None) -> dict[str, Any]:
        """Follow the policy :meth:`value` chose from a state (after :meth:`value` has run): the distribution of
        the hero's ВЫНОСЛИВОСТЬ at the end and the expected number of rounds."""
        mass: dict[tuple, float] = {}
        heap: list = []
        result = {"win": 0.0, "lose": 0.0, "rounds": 0.0}
        stamina_at_end: dict[int, float] = {}

        def land(p: float, hero: int, foes: tuple[int, ...], left: int) -> None:
            if hero <= 0 or not any(foes):
                result["lose" if hero <= 0 else "win"] += p
                stamina_at_end[max(hero, 0)] = stamina_at_end.get(max(hero, 0), 0.0) + p
                return
            key = (hero, foes, left)
            if key not in mass:
                mass[key] = 0.0
                heapq.heappush(heap, (-(hero + sum(foes)), -left, key))
            mass[key] += p

        def after(p: float, hero: int, foes: tuple[int, ...], left: int, pend: tuple | None) -> None:
            if self.may_test(hero, foes, left, pend):
                if self.tested(hero, foes, left, pend) > self.settle(hero, foes, left) + 1e-15:
                    kind, enemy = pend
                    p_lucky = self.lucky[min(left, 12)]
                    for lucky, q in ((True, p_lucky), (False, 1.0 - p_lucky)):
                        new, h = list(foes), hero
                        if kind == "hit":
                            new[enemy] = max(0, min(self.tops[enemy], new[enemy] + (-2 if lucky else 1)))
                        else:
                            h = max(0, min(self.state.max_stamina, h + (1 if lucky else -1)))
                        if q:
                            land(p * q, h, tuple(new), left - 1)
                    return
            land(p, hero, foes, left)

        after(1.0, stamina, enemies, luck, pending)
        while heap:
            key = heapq.heappop(heap)[2]
            m = mass.pop(key)
            hero, foes, left = key
            self.value(hero, foes, left)
            target = self.choice[key]
            outcomes = self.round(tuple(self.living(foes)), target)
            stay = sum(p for result_, others, p in outcomes if result_ == "parry" and others == 0)
            if stay >= 1.0:
                raise TooLarge("a fight that never ends")
            m /= 1.0 - stay
            result["rounds"] += m
            for result_, others, p in outcomes:
                if result_ == "parry" and others == 0:
                    continue
                new = list(foes)
                if result_ == "hit":
                    new[target] = max(0, new[target] - WOUND)
                hurt = others + (result_ == "hurt")
                after(m * p, max(0, hero - WOUND * hurt), tuple(new), left, self.pending(result_, target))
        result["stamina"] = dict(sorted(stamina_at_end.items()))
        return result


def fighting_fantasy_odds(setup: FFSetup, state: FFState) -> dict[str, Any]:
    """P(win) fought to the end (no escape): with the best target each round and striking in the listed order;
    with luck in combat, the best luck tests. Also the target (or luck test) to choose now. A paragraph without
    enemies has no fight: refused, naming the field."""
    if not setup.enemies:
        raise RecordError("enemies", tr("there is no enemy in this paragraph"), tr("Enemies"))
    if state.outcome != ONGOING:  # won, lost or escaped: nothing left to compute
        result = finished(state)
        return {
            "win": result["win"],
            "lose": result["lose"],
            "win_in_order": result["win"],
            "target": None,
            "rounds": 0.0,
            "stamina": result["endurance"],
        }
    answers = {}
    best_chain = None
    budget = Budget(FF_WORK)
    for policy in ("best", "order"):
        chain = FFChain(setup, state, policy, budget=budget)
        if best_chain is None:
            budget.plan(chain.least_work())
        best_chain = best_chain or chain
        luck = state.luck if chain.luck_rule else 0
        if state.pending_luck is not None and chain.luck_rule:
            plain = chain.settle(state.stamina, state.enemies, luck)
            test = chain.tested(state.stamina, state.enemies, luck, state.pending_luck)
            answers[policy] = (max(plain, test), None, test > plain + 1e-15, plain, test)
        else:
            win = chain.value(state.stamina, state.enemies, luck)
            answers[policy] = (win, chain.choice[(state.stamina, state.enemies, luck)], None, None, None)
    win, target, test, plain, tested = answers["best"]
    result = {"win": win, "lose": 1.0 - win, "win_in_order": answers["order"][0], "target": target}
    luck = state.luck if setup.rules.luck_in_combat else 0
    walk = best_chain.forward(state.stamina, state.enemies, luck, state.pending_luck)
    result["rounds"] = walk["rounds"]
    result["stamina"] = walk["stamina"]
    if test is not None:
        result["luck"] = {"test": test, "win_if_tested": tested, "win_if_not": plain}
    return result


def fighting_fantasy_policy(system: type, setup: Any, state: Any, counter: int) -> FFAction:
    """Strike the first living enemy; no luck tests, no escape."""
    living = system.living(setup, state)
    if not living:  # a record of a paragraph without a fight (enemies: [])
        raise CannotSimulate(tr("there is no enemy to fight: nothing to simulate"))
    return FFAction("round", target=living[0])


def exact(fight: Any, options: dict) -> dict[str, Any]:
    """The odds panel's answer (pyrules.odds.odds): the best target now, striking in the listed order, luck tests."""
    state = fight.state
    ff = fighting_fantasy_odds(fight.setup, state)
    return {
        "win": ff["win"],
        "lose": ff["lose"],
        "ended": 0.0 if state.outcome in (ONGOING, WON, LOST) else 1.0,
        "never": 0.0,
        "rounds": ff["rounds"],
        "endurance": [[k, p] for k, p in ff["stamina"].items()],
        "win_in_order": ff["win_in_order"],
        "target": ff["target"],
        "luck": ff.get("luck"),
    }
