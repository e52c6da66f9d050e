"""Exact odds of a Fighting Fantasy fight («Подземелья Чёрного замка»), fought to the end: dice counted out of 36,
with the best target each round (or the listed order) and, with the optional rule, the best luck tests; the plain
policy the Monte Carlo plays. The advice and the story weigh an escape too, now and at every later round
(:class:`FFChain`'s ``escape``).

Every rule comes from the engine (:mod:`.rules`): each side's СИЛА УДАРА over the 36 throws of two dice, the result
of each comparison and the wound it deals, who is in the fight, how it ends, when a luck test is offered, the test
itself and its effect. What is this module's own is the counting: the throws of everyone in the fight convolved
into the few outcomes of a round, a round that changes nothing solved exactly (divided out), the best decisions,
and the budget.

>>> from pyrules import Fight
>>> fight = Fight.from_record({"format": "pyrules-fight", "version": 1, "system": "fighting-fantasy",
...     "hero": {"skill": 9, "stamina": 2, "luck": 7}, "enemies": [{"name": "O", "skill": 9, "stamina": 2}]})
>>> odds = fighting_fantasy_odds(fight.setup, fight.state)
>>> round(odds["win"], 12), round(odds["rounds"], 12) == round(1296 / (1296 - 146), 12)
(0.5, True)
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...budget import Budget, TooLarge
from ...contract import Outcome, advice, odds_reply
from ...fields import RecordError
from ...i18n import tr
from ...odds import CannotSimulate, finished
from . import rules
from .record import FFAction, FFSetup, FFState, Pending

if TYPE_CHECKING:
    from ...contract import Advice, OddsReply

ONGOING, WON, LOST = Outcome.ONGOING, Outcome.WON, Outcome.LOST
FF_WORK = 500_000  # (state, target, outcome) triples weighed (pyrules.odds.Budget)
FF_STATES = 25_000  # the states of a fight still going that one chain keeps, at most

Key = tuple[int, tuple[int, ...], int]  # (the hero's ВЫНОСЛИВОСТЬ, the enemies', УДАЧА)
# One outcome of a round: (probability, the target's result, the enemies' losses [(enemy, loss)], the hero's loss)
RoundOutcome = tuple[float, str, tuple[tuple[int, int], ...], int]
Move = tuple[float, int, tuple[int, ...], Pending | None]  # (probability, hero, enemies, the luck test offered)
Tested = tuple[float, int, tuple[int, ...], int]  # (probability, hero, enemies, УДАЧА after the test)


def _ways(strengths: Iterable[int]) -> list[tuple[int, int]]:
    """[(СИЛА УДАРА, the number of the 36 throws that give it)], from the lowest."""
    counts: dict[int, int] = {}
    for strength in strengths:
        counts[strength] = counts.get(strength, 0) + 1
    return sorted(counts.items())


class FFChain:
    """Fighting Fantasy fought from a state: targets (best, or the listed order) and luck tests, with the fight's own
    numbers for the Spells of Strength and Weakness; with ``escape`` (what coming through alive without a win is
    worth, where the paragraph allows escape) the best of escaping or fighting on at every round, else fought to the
    end. No drink or spell is counted after now."""

    def __init__(self, setup: FFSetup, state: FFState, policy: str = "best", limit: int = FF_STATES,
                 budget: Budget | None = None, escape: float | None = None):  # fmt: skip
        self.setup, self.state, self.policy, self.limit, self.escape = setup, state, policy, limit, escape
        self.budget = budget or Budget(FF_WORK)  # (state, target, outcome) triples weighed
        # each side's СИЛА УДАРА over the 36 throws of its two dice, as the engine counts them (the spells as they
        # stand now: none is cast during the fight counted here)
        self.hero_ways = _ways(rules.hero_strength(setup, state, pair) for pair in rules.PAIRS)
        self.enemy_ways = [
            _ways(rules.enemy_strength(setup, state, i, pair) for pair in rules.PAIRS)
            for i in range(len(state.enemies))
        ]
        self.memo: dict[Key, float] = {}
        self.ended = 0  # states in the memo where the fight is over (not counted against ``limit``)
        self.choice: dict[Key, int] = {}
        self._rounds: dict[tuple[tuple[int, ...], int], list[RoundOutcome]] = {}
        self._luck: dict[int, list[tuple[float, bool, int]]] = {}
        self._may_be_lucky: dict[int, bool] = {}
        self._tested: dict[tuple[int, tuple[int, ...], int, Pending], float] = {}

    def round(self, living: tuple[int, ...], target: int) -> list[RoundOutcome]:
        """The outcomes of a round against ``living`` striking ``target``, the throws of every fighter counted out
        of 36 each: (probability, the target's result, the enemies' losses, the hero's loss), the others'
        comparisons convolved by the losses they deal (the hero's added up: a wound stops at 0 either way)."""
        key = (living, target)
        found = self._rounds.get(key)
        if found is not None:
            return found
        compare, losses = rules.compare, rules.losses
        counts: dict[tuple[str, tuple[tuple[int, int], ...], int], int] = {}
        for hero, hero_ways in self.hero_ways:
            # the other enemies: {(their own losses, the hero's loss from them): ways}
            others: dict[tuple[tuple[tuple[int, int], ...], int], int] = {((), 0): 1}
            for i in living:
                if i == target:
                    continue
                dealt: dict[tuple[int, int], int] = {}
                for enemy, ways in self.enemy_ways[i]:
                    pair = losses(compare(hero, enemy, False))
                    dealt[pair] = dealt.get(pair, 0) + ways
                mixed: dict[tuple[tuple[tuple[int, int], ...], int], int] = {}
                for (hit, loss), ways in others.items():
                    for (own, hurt), k in dealt.items():
                        mix = (hit + ((i, own),) if own else hit, loss + hurt)
                        mixed[mix] = mixed.get(mix, 0) + ways * k
                others = mixed
            results: dict[str, int] = {}
            for enemy, ways in self.enemy_ways[target]:
                result = compare(hero, enemy, True)
                results[result] = results.get(result, 0) + ways
            for result, ways in results.items():
                own, hurt = losses(result)
                for (hit, loss), k in others.items():
                    outcome = (result, ((target, own),) + hit if own else hit, hurt + loss)
                    counts[outcome] = counts.get(outcome, 0) + hero_ways * ways * k
        total = 36 ** (len(living) + 1)
        found = [(k / total, result, hit, loss) for (result, hit, loss), k in counts.items()]
        self._rounds[key] = found
        return found

    def moves(
        self, stamina: int, enemies: tuple[int, ...], living: tuple[int, ...], target: int
    ) -> tuple[float, list[Move]]:
        """(the chance that a round changes nothing, [the rounds that do: (probability, the hero's ВЫНОСЛИВОСТЬ,
        the enemies', the luck test offered)]) against ``living`` (the engine's ``fighting``), each outcome's
        numbers from the engine's own wound and rules."""
        setup, wound, offered = self.setup, rules.wound, rules.luck_offered
        stay, moves = 0.0, []
        for p, result, hit, loss in self.round(living, target):
            hero, foes = wound(stamina, loss), enemies
            if hit:
                new = list(enemies)
                for i, own in hit:
                    new[i] = wound(new[i], own)
                foes = tuple(new)
            pending = offered(setup, result, target, hero, foes)
            if hero == stamina and foes == enemies and pending is None:
                stay += p
            else:
                moves.append((p, hero, foes, pending))
        return stay, moves

    def value(self, stamina: int, enemies: tuple[int, ...], luck: int) -> float:
        """P(win) at the start of a round (no luck test pending), or of a fight that is over."""
        key = (stamina, enemies, luck)
        found = self.memo.get(key)
        if found is not None:
            return found
        outcome = rules.ending(self.setup, stamina, enemies)
        if outcome != ONGOING:
            self.ended += 1
            self.memo[key] = found = 1.0 if outcome == WON else 0.0
            return found
        if len(self.memo) - self.ended > self.limit:
            raise TooLarge("too many states")
        living = tuple(rules.fighting(self.setup, enemies))
        targets = living if self.policy == "best" else living[:1]
        self.budget.spend(sum(len(self.round(living, target)) for target in targets))
        best, choice = -1.0, living[0]
        for target in targets:
            stay, moves = self.moves(stamina, enemies, living, target)
            rest = 0.0
            for p, hero, foes, pending in moves:
                rest += p * (self.value(hero, foes, luck) if pending is None else self.after(hero, foes, luck, pending))
            v = 0.0 if stay >= 1.0 else rest / (1.0 - stay)
            if v > best + 1e-15:
                best, choice = v, target
        best = max(best, self.escaping(stamina, enemies, luck))  # or escape now, where that is worth more
        self.memo[key] = best
        self.choice[key] = choice
        return best

    def escaping(self, stamina: int, enemies: tuple[int, ...], luck: int) -> float:
        """The worth of escaping now (-1 where the chain counts no escape): the enemy's last blow as the engine deals
        it, alive worth ``escape`` and dead nothing; with luck in combat, the better of testing luck on it or not."""
        if self.escape is None:
            return -1.0
        setup, worth = self.setup, self.escape

        def alive(loss: int) -> float:
            return 0.0 if rules.ending(setup, rules.wound(stamina, loss), enemies) == LOST else worth

        found = alive(rules.losses(rules.HURT)[1])
        if setup.rules.luck_in_combat:
            tested = sum(q * alive(rules.lucky_wound(rules.HURT, lucky)) for q, lucky, _ in self.luck_chances(luck))
            found = max(found, tested)
        return found

    def luck_chances(self, luck: int) -> list[tuple[float, bool, int]]:
        """A luck test at ``luck`` by the engine's own test over the 36 throws: [(probability, lucky, УДАЧА after)]."""
        found = self._luck.get(luck)
        if found is None:
            counts: dict[tuple[bool, int], int] = {}
            for pair in rules.PAIRS:
                test = rules.luck_test(luck, pair)
                counts[test] = counts.get(test, 0) + 1
            found = self._luck[luck] = [(k / 36, lucky, left) for (lucky, left), k in counts.items()]
        return found

    def worth_testing(self, luck: int) -> bool:
        """A luck test offered (the engine's ``luck_offered``) is worth a thought at ``luck``: one that cannot be
        lucky only ever does its unlucky effect, never better than not testing."""
        found = self._may_be_lucky.get(luck)
        if found is None:
            found = self._may_be_lucky[luck] = any(lucky for _, lucky, _ in self.luck_chances(luck))
        return found

    def tests(self, stamina: int, enemies: tuple[int, ...], luck: int, pending: Pending) -> list[Tested]:
        """A luck test on the round's wound: [(probability, the hero's ВЫНОСЛИВОСТЬ, the enemies', УДАЧА after)]."""
        effect, setup, top = rules.luck_effect, self.setup, self.state.max_stamina
        found = []
        for q, lucky, left in self.luck_chances(luck):
            hero, foes = effect(setup, top, pending, lucky, stamina, enemies)
            found.append((q, hero, foes, left))
        return found

    def tested(self, stamina: int, enemies: tuple[int, ...], luck: int, pending: Pending) -> float:
        """P(win) if he tests his luck on the round's result (as the engine's luck action)."""
        key = (stamina, enemies, luck, pending)
        found = self._tested.get(key)
        if found is None:
            found = 0.0
            for q, hero, foes, left in self.tests(stamina, enemies, luck, pending):
                found += q * self.value(hero, foes, left)
            self._tested[key] = found
        return found

    def after(self, stamina: int, enemies: tuple[int, ...], luck: int, pending: Pending | None) -> float:
        """P(win) just after a round; with luck in combat, the hero then tests his luck or not, as is best."""
        plain = self.value(stamina, enemies, luck)
        if pending is None or not self.worth_testing(luck):
            return plain
        return max(plain, self.tested(stamina, enemies, luck, pending))

    def least_work(self) -> int:
        """A lower bound on the work of :meth:`value` from the start, for the budget: with the best target, every
        mix of the enemies' wounds is reached with the hero unhurt (his best throw against their worst, where it
        wins against each), each such state weighing at least one outcome per enemy standing; one by one (or in
        the listed order), each enemy's wounds in turn. An enemy's wounds: its ВЫНОСЛИВОСТЬ over the most one
        comparison takes from it."""
        compare, losses = rules.compare, rules.losses
        best = self.hero_ways[-1][0]
        levels = []
        for i, n in enumerate(self.state.enemies):
            most = max(
                losses(compare(hero, enemy, True))[0] for hero, _ in self.hero_ways for enemy, _ in self.enemy_ways[i]
            )
            levels.append(math.ceil(n / most) if most else min(n, 1))
        if self.policy != "best" or self.setup.rules.one_by_one or len(levels) < 2:
            return sum(levels)
        for ways in self.enemy_ways:
            worst = ways[0][0]
            (own, hurt), (_, wounds) = losses(compare(best, worst, True)), losses(compare(best, worst, False))
            if not own or hurt or wounds:
                return sum(levels)
        total, product = 0, math.prod(n + 1 for n in levels)
        for n in levels:  # the number of enemies standing, summed over every mix
            total += n * (product // (n + 1))
        return total

    def forward(self, stamina: int, enemies: tuple[int, ...], luck: int, pending: Pending | None) -> dict[str, Any]:
        """Follow the policy :meth:`value` chose from a state (after :meth:`value` has run): the distribution of
        the hero's ВЫНОСЛИВОСТЬ at the end and the expected number of rounds."""
        mass: dict[Key, float] = {}
        heap: list = []
        result = {"win": 0.0, "lose": 0.0, "rounds": 0.0}
        stamina_at_end: dict[int, float] = {}

        def land(p: float, hero: int, foes: tuple[int, ...], left: int) -> None:
            outcome = rules.ending(self.setup, hero, foes)
            if outcome != ONGOING:
                result["lose" if outcome == LOST else "win"] += p
                stamina_at_end[hero] = stamina_at_end.get(hero, 0.0) + p
                return
            key = (hero, foes, left)
            if key not in mass:
                mass[key] = 0.0
                heapq.heappush(heap, (-(hero + sum(foes)), -left, key))
            mass[key] += p

        def after(p: float, hero: int, foes: tuple[int, ...], left: int, pend: Pending | None) -> None:
            if pend is not None and self.worth_testing(left):
                if self.tested(hero, foes, left, pend) > self.value(hero, foes, left) + 1e-15:
                    for q, h, f, lucky_left in self.tests(hero, foes, left, pend):
                        land(p * q, h, f, lucky_left)
                    return
            land(p, hero, foes, left)

        after(1.0, stamina, enemies, luck, pending)
        while heap:
            key = heapq.heappop(heap)[2]
            m = mass.pop(key)
            hero, foes, left = key
            self.value(hero, foes, left)
            stay, moves = self.moves(hero, foes, tuple(rules.fighting(self.setup, foes)), self.choice[key])
            if stay >= 1.0:
                raise TooLarge("a fight that never ends")
            m /= 1.0 - stay
            result["rounds"] += m
            for p, new_hero, new_foes, pend in moves:
                after(m * p, new_hero, new_foes, left, pend)
        return {**result, "stamina": dict(sorted(stamina_at_end.items()))}


def fighting_fantasy_odds(setup: FFSetup, state: FFState) -> dict[str, Any]:
    """P(win) fought to the end (no escape): with the best target each round and striking in the listed order;
    with luck in combat, the best luck tests. Also the target (or luck test) to choose now. A paragraph without
    enemies has no fight: refused, naming the field."""
    if not setup.enemies:
        raise RecordError("enemies", tr("there is no enemy in this paragraph"), tr("Enemies"))
    if state.outcome != ONGOING:  # won, lost or escaped: nothing left to compute
        over = finished(state, "stamina")
        return {
            "win": over["win"],
            "lose": over["lose"],
            "win_in_order": over["win"],
            "target": None,
            "rounds": 0.0,
            "stamina": over["endurance"],
        }
    budget = Budget(FF_WORK)
    best = FFChain(setup, state, "best", budget=budget)
    budget.plan(best.least_work())
    pending = state.pending_luck  # the engine offers a test only with luck in combat
    wins = {}
    target, luck = None, None
    for chain in (best, FFChain(setup, state, "order", budget=budget)):
        if pending is not None:
            plain = chain.value(state.stamina, state.enemies, state.luck)
            test = chain.tested(state.stamina, state.enemies, state.luck, pending)
            wins[chain.policy] = max(plain, test)
            if chain is best:
                luck = {"test": test > plain + 1e-15, "win_if_tested": test, "win_if_not": plain}
        else:
            wins[chain.policy] = chain.value(state.stamina, state.enemies, state.luck)
            if chain is best:
                target = best.choice[(state.stamina, state.enemies, state.luck)]
    answer: dict[str, Any] = {
        "win": wins["best"],
        "lose": 1.0 - wins["best"],
        "win_in_order": wins["order"],
        "target": target,
    }
    walk = best.forward(state.stamina, state.enemies, state.luck, pending)
    answer["rounds"] = walk["rounds"]
    answer["stamina"] = walk["stamina"]
    if luck is not None:
        answer["luck"] = luck
    return answer


def fighting_fantasy_policy(system: type, setup: FFSetup, state: FFState, counter: int) -> FFAction:
    """Strike the first enemy in the fight; no luck tests, no escape."""
    living = rules.fighting(setup, state.enemies)
    if not living:  # a record of a paragraph without a fight (enemies: [])
        raise CannotSimulate(tr("there is no enemy to fight: nothing to simulate"))
    return FFAction("round", target=living[0])


def exact(fight: Any, options: dict) -> OddsReply:
    """The odds panel's answer (pyrules.odds.odds): the best target now, striking in the listed order, luck tests;
    the advice in words."""
    setup, state = fight.setup, fight.state
    ff = fighting_fantasy_odds(setup, state)
    items: list[Advice] = []
    target, luck = ff["target"], ff.get("luck")
    if target is not None and len(setup.enemies) > 1:
        name = setup.enemies[target].name or tr("Enemy {n}", n=target + 1)
        items.append(advice(tr("Best target now: {name}. Striking them in the listed order instead: {win}.", name=name,
                               win="{win}"), {"do": "round", "target": target}, win=ff["win_in_order"]))  # fmt: skip
    if luck:
        marks = {"yes": "{yes}", "no": "{no}"}  # filled by the page
        words = (tr("Test your luck on this wound: {yes} against {no}.", **marks) if luck["test"]
                 else tr("Do not test your luck on this wound: {no} against {yes}.", **marks))  # fmt: skip
        act = {"do": "luck"} if luck["test"] else {"do": "luck", "decline": True}
        items.append(advice(words, act, yes=luck["win_if_tested"], no=luck["win_if_not"]))
    # win_plain: as the simulation plays (the first enemy standing, no luck test)
    data = {"win_in_order": ff["win_in_order"], "win_plain": ff["win_in_order"], "target": target, "luck": luck}
    return odds_reply(ff["win"], ff["lose"], 0.0 if state.outcome in (ONGOING, WON, LOST) else 1.0, 0.0, ff["rounds"],
                      fight.system.main_stat, [[k, p] for k, p in ff["stamina"].items()], items, data)  # fmt: skip
