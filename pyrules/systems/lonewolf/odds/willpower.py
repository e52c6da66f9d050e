"""Grey Star's WILLPOWER: every fixed spend, the optimal adaptive spend and its trade-off curve; the plain
policy the Monte Carlo plays."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from ....budget import Budget
from ....contract import Outcome, Policy
from ....odds import finished
from ..record import Action, Setup, State
from . import budgets
from .chain import Chain, Fates, layer_keys, legal_spends, within, worth
from .forward import _fixed, _forward

if TYPE_CHECKING:  # the engine the solvers ask (each book's class is one): named in the types only
    from ..rules import Engine

ONGOING, WON = Outcome.ONGOING, Outcome.WON


def spend_table(
    system: type[Engine], setup: Setup, state: State, budget: Budget | None = None
) -> list[dict[str, Any]]:
    """For every fixed spend the engine accepts now (:func:`legal_spends`): P(win), P(lose), E[WILLPOWER spent],
    E[rounds]; empty where none may be spent.

    One budget (default ``ODDS_CELLS``) for the whole table, planned for every spend before the first; one chain
    (its outcome tables and endings asked of the engine once) for every spend."""
    spends = legal_spends(system, setup, state)
    budget = budget or Budget(budgets.ODDS_CELLS)
    chain = Chain(system, setup, state, budget)
    if state.outcome == ONGOING:
        total = 0.0
        for s in spends:  # refused as soon as the spends so far are too many
            total += chain.forward_cells(partial(_fixed, s), budget.room() - total)
            budget.plan(total)
    table = []
    for s in spends:
        odds = (_forward(chain, partial(_fixed, s)) if state.outcome == ONGOING
                else finished(state, system.main_stat, ("willpower",)))  # fmt: skip
        table.append(
            {
                "spend": s,
                "win": odds["win"],
                "lose": odds["lose"],
                "willpower_spent": odds["willpower_spent"],
                "rounds": odds["rounds"],
            }
        )
    return table


def _kill_limits(chain: Chain, r: int, w: int, c: int, width: int) -> list[int]:
    """For each enemy ENDURANCE e: the least spend from which every random number kills him or gives a loss no
    spend changes (or ``w``). Any larger spend gives the same rounds for less WILLPOWER: pruned."""
    key = (r, c, width)
    if key not in chain._limits:
        chain._limits[key] = _kill_limits_full(chain, r, c, width)
    return [min(limit, w) for limit in chain._limits[key]]


def _kill_limits_full(chain: Chain, r: int, c: int, width: int) -> list[int]:
    """The engine's enemy losses spend by spend, random number by random number: those the spend changes (it
    multiplies them: they grow with it, from the least spend to the most, or never change) must kill."""
    w = chain.state.willpower or 1

    def losses(s: int) -> list[int]:
        return [el for _, _, el in chain.round(r, w, c, s)]

    changing = [i for i, (low, high) in enumerate(zip(losses(1), losses(w))) if low != high]
    if not changing:
        return [1] * width
    limits = [w] * width
    e = 1
    for s in range(1, w + 1):
        if e >= width:
            break
        chain.budget.check()  # a round of the engine's for each spend, up to 999 of them
        row = losses(s)
        least = min(row[i] for i in changing)
        while e < width and least >= e:
            limits[e] = s
            e += 1
    return limits


def _policy_work(chain: Chain, room: float = math.inf) -> float:
    """An upper bound on the work of :func:`grey_star_policy`: for every layer it may reach (each round layer,
    each WILLPOWER, each enemy), each (ENDURANCE, enemy's ENDURANCE) cell weighed once per spend short of the
    least that kills (``_kill_limits``), and the cells of the forward evaluation that follows; or, as soon as the
    layers counted pass ``room`` (the work a budget still allows), their count: refused either way."""
    state = chain.state
    E0, w0 = state.endurance, state.willpower or 0
    r0 = chain.key0()[0]
    # a layer's numbers change with the round count only until the rules no longer count rounds for the losses
    last = min(chain.cap, max(chain.system.rounds_counted(chain.setup)[0], r0))
    work = 0.0
    for c in range(state.current, chain.n):
        width = state.enemies[c] + 1
        cells = E0 * width
        for r in range(r0, last + 1):
            chain.budget.check()
            if w0 and chain.choices(r, 1, c) != [0]:  # the magic Staff: spends 1..w at WILLPOWER w
                # the sum over w = 1..w0 of min(limit, w), per enemy ENDURANCE
                limits = _kill_limits(chain, r, w0, c, width)[1:]
                layer = E0 * sum(L * (L + 1) // 2 + (w0 - L) * L for L in limits)
                layer += cells  # WILLPOWER 0: the plain Staff
            else:
                layer = cells * (w0 + 1)
            repeats = chain.cap - last + 1 if r == last else 1
            work += layer * repeats
            work += (E0 + 1) * width * (w0 + 1) * repeats  # the forward evaluation's grids
            if work > room:
                return work
    return work


def _plain_layer(grid: list, landing: list, same: bool, den: int, outs: list, fates: Fates, stopped: list,
                 kills: list, never: float = 0.0, extra: Callable[[int], list[float] | None] | None = None) -> None:
    """A layer's grid where no spend is chosen, a row of enemy ENDURANCE at a time: each outcome (hero's loss ``hl``,
    enemy's ``el``, ``k`` of ``den``) adds, along the row, the enemy killed (e ≤ el), the fight stopped (e − el below
    what goes on) or the landing's cell, repeated ``k`` times and summed in C (``zip``), then divided once. An outcome
    that changes nothing in a layer that leads to itself (``same``) is the self-loop, divided out; one that costs the
    hero nothing there lands in the row being made, at a lower enemy ENDURANCE: it is added cell by cell, in order.
    ``extra(E)`` gives the row's other choices at their best (an evasion, Vigour; -inf where none): a cell is worth
    the better of its round and those, before a later cell of the row lands on it; a fight that never ends is worth
    ``never``."""
    width = len(grid[0])
    goes = fates.goes
    stay = sum(k for hl, el, k in outs if same and hl == el == 0)
    if stay == den:  # nothing ever changes: the fight never ends (worth ``never``), unless another choice ends it
        for E in range(1, len(grid)):
            other = extra(E) if extra else None
            grid[E][1:] = [never] * (width - 1) if other is None else [max(never, x) for x in other[1:]]
        return
    d = den - stay  # divided once per cell: a row of sure wins is 1.0 exactly
    for E in range(1, len(grid)):
        other = extra(E) if extra else None
        const = 0.0
        parts: list[list[float]] = []
        inner: list[tuple[int, int]] = []  # (el, k): landing in this very row
        for hl, el, k in outs:
            E2 = E - hl
            if E2 <= 0:
                const += k * stopped[0]
                continue
            if same and hl == 0:
                if el == 0:
                    continue  # the self-loop
                inner.append((el, k))
            on = min(width, el + max(1, goes[E2]))  # the first cell that lands with the enemy living, going on
            seg = [kills[E2]] * min(el, width - 1) + [stopped[E2]] * max(0, on - el - 1)
            if not (same and hl == 0):
                seg += landing[E2][on - el : width - el]
            else:
                seg += [0.0] * (width - on)  # added below, once the cells it lands on are made
            parts.extend([seg] * k)
        row = grid[E]
        counts = [x + const for x in map(sum, zip(*parts))] if parts else [const] * (width - 1)
        if not inner:
            row[1:] = [x / d for x in counts]
            if other is not None:
                row[1:] = map(max, row[1:], other[1:])
            continue
        least = max(1, goes[E])  # the least the enemy is left with that lands living, going on
        first = min(width, min(el for el, _ in inner) + least)  # the first cell an inner outcome lands from
        row[1:first] = [x / d for x in counts[: first - 1]]
        if other is not None:
            row[1:first] = map(max, row[1:first], other[1:first])
        for e in range(first, width):
            v = counts[e - 1]
            for el, k in inner:
                if e - el >= least:
                    v += k * row[e - el]
            row[e] = v / d if other is None else max(v / d, other[e])


Extra = Callable[[Chain, tuple, int], "list[float] | None"]  # (chain, layer, ENDURANCE) -> the other choices' row


def won(outcome: str) -> float:
    """The panel's objective for the spends: a win, and nothing else."""
    return worth(outcome)[1]


def policy_values(
    system: type[Engine], setup: Setup, state: State, lam: float = 0.0, budget: Budget | None = None,
    end: Callable[[str], float] = won, extra: Extra | None = None, never: float = 0.0,
) -> tuple[Chain, dict[tuple, list], dict[tuple, list]]:
    """The DP of :func:`grey_star_policy` from an ongoing ``state``: the chain, and for every layer (rounds, WILLPOWER,
    enemy) the fight can reach, the grids (ENDURANCE x enemy's ENDURANCE) of the objective E[end] − λ·E[WILLPOWER
    spent] before a round there under the best spends, and of the round's best spend. ``end`` is what each end is
    worth (by default a win: P(win)); ``extra(chain, layer, E)`` the best of the other choices in a row (an evasion,
    Vigour: :mod:`.best`), which a cell takes where they are worth more than its round (by default none: fought to
    the end); ``never`` what a fight that can never end is worth."""
    chain = Chain(system, setup, state, budget or Budget(budgets.POLICY_CELLS))
    chain.budget.plan(_policy_work(chain, chain.budget.room()))

    keys = layer_keys(chain, chain.choices)
    E0 = state.endurance
    values: dict[tuple, list] = {}
    policy: dict[tuple, list] = {}
    n = chain.n
    kills_of: dict[tuple, list[float]] = {}
    for key in keys:
        r, w, c = key
        width = state.enemies[c] + 1
        grid = [[0.0] * width for _ in range(E0 + 1)]
        chosen = [[0] * width for _ in range(E0 + 1)]
        values[key] = grid
        policy[key] = chosen
        fates = chain.fates(r, c)
        goes = fates.goes
        stopped = [end(landing.outcome) for landing in fates.stop]  # what landing where it stops is worth

        def killed(w2: int | None, r=r, c=c, fates=fates) -> list[float]:
            """What killing the enemy is worth, the hero left with each ENDURANCE (WILLPOWER ``w2`` left)."""
            after = (min(r + 1, chain.cap), w2, c + 1) if c + 1 < n else None
            found = kills_of.get((r, c, after))
            if found is None:
                later = values[after] if after is not None else None
                found = kills_of[(r, c, after)] = [
                    cast(list, later)[E2][landing.enemy] if landing.outcome == ONGOING else end(landing.outcome)
                    for E2, landing in enumerate(fates.kill)
                ]
            return found

        options = chain.choices(r, w, c)
        nr = min(r + 1, chain.cap)
        if options == [0]:  # the plain Staff, or no Staff: no decision; a round may change nothing (a self-loop)
            chain.budget.spend(E0 * width)
            den, outs = chain.counted(r, w, c, 0)
            others = None if extra is None else partial(extra, chain, key)
            _plain_layer(grid, values[(nr, w, c)], (nr, w, c) == key, den, outs, fates, stopped, killed(w), never,
                         others)  # fmt: skip
        else:
            limits = _kill_limits(chain, r, w, c, width)
            first = {}
            for e in range(width - 1, 0, -1):
                first[limits[e]] = e
            lows, low = {}, width
            for s in range(max(options), 0, -1):  # the least enemy ENDURANCE at which spend s is worth trying
                low = lows[s] = first.get(s, low)
            prepared = []
            for s in options:  # the engine's own spends (Chain.choices), from the least
                if lows[s] >= width:
                    break
                den, outs = chain.counted(r, w, c, s)
                prepared.append((s, lows[s], den, outs, values[(nr, w - s, c)], killed(w - s)))
            chain.budget.spend(E0 * sum(width - lo for _, lo, _, _, _, _ in prepared))
            for E in range(1, E0 + 1):
                best = [-math.inf] * width
                arg = chosen[E]
                for s, lo, den, outs, landing, kills in prepared:
                    const = -float(lam) * s * den  # in counts of 1 / den; scaled below
                    parts = []  # each outcome's landing values along the row, once per count
                    for hl, el, k in outs:
                        E2 = E - hl
                        if E2 <= 0:
                            const += k * stopped[0]
                            continue
                        if el >= width - 1:  # every enemy ENDURANCE of the row dies
                            const += k * kills[E2]
                            continue
                        # cells e in [lo, width): killed (e <= el), stopped (e - el < goes), or landing
                        dead = el + 1 - lo
                        if goes[E2] == 1:  # every living enemy goes on (the usual case)
                            seg = (
                                [kills[E2]] * dead + landing[E2][1 : width - el]
                                if dead > 0
                                else landing[E2][lo - el : width - el]
                            )
                        else:
                            on = min(width, max(lo, el + goes[E2]))  # the first cell that lands living, going on
                            stop = max(0, on - max(lo, el + 1))
                            seg = [kills[E2]] * max(0, dead) + [stopped[E2]] * stop + landing[E2][on - el : width - el]
                        if k == 1:
                            parts.append(seg)
                        else:
                            parts.extend([seg] * k)
                    scale = 1.0 / den
                    if parts:
                        acc = [(x + const) * scale for x in map(sum, zip(*parts))]
                    else:
                        acc = [const * scale] * (width - lo)
                    for i, v in enumerate(acc, lo):
                        if v > best[i] + 1e-15:
                            best[i] = v
                            arg[i] = s
                grid[E][1:] = best[1:]
                other = None if extra is None else extra(chain, key, E)
                if other is not None:
                    grid[E][1:] = map(max, grid[E][1:], other[1:])
    return chain, values, policy


def grey_star_policy(
    system: type[Engine],
    setup: Setup,
    state: State,
    lam: float = 0.0,
    detail: bool = False,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """The adaptive spend that maximizes P(win) − λ·E[WILLPOWER spent], by DP over (rounds, WILLPOWER, enemy,
    ENDURANCE, enemy's ENDURANCE), the spend being the decision. Returns the spend to make now, the objective, and
    P(win), E[WILLPOWER spent], E[rounds] of that policy (evaluated forward, with the endurance distribution when
    ``detail``).

    Spends above the least that kills the enemy on every random number a spend changes are pruned (same rounds,
    less WILLPOWER). Each layer's grid holds the value of a cell before a round there; a round's landings are the
    engine's (its outcome tables and ending): a kill is worth what the next enemy's layer says at his ENDURANCE, or
    the win, a landing where the fight stops nothing. Where the Staff is magic, each spend's values are computed
    for a whole row of enemy ENDURANCE at once.

    Budget (default ``POLICY_CELLS``): (cell, spend) pairs, estimated by :func:`_policy_work` before the layers
    are even listed, counted layer by layer, then the forward evaluation's cells."""
    if state.outcome != ONGOING:
        return {"spend": None, "win": 1.0 if state.outcome == WON else 0.0, "willpower_spent": 0.0, "objective": 0.0}
    chain, values, policy = policy_values(system, setup, state, lam, budget)
    start_key, start_e = chain.key0(), state.enemies[state.current]
    start = values[start_key][state.endurance][start_e]
    chosen_now = policy[start_key][state.endurance][start_e]
    chain.budget.plan(chain.cells(policy))
    result = _forward(chain, partial(_fixed, 1), policy)
    answer = {
        "spend": chosen_now or None,
        "objective": start,
        "win": result["win"],
        "lose": result["lose"],
        "willpower_spent": result["willpower_spent"],
        "rounds": result["rounds"],
    }
    if detail:
        answer["odds"] = result
        answer["policy"] = optimal_spender(chain, policy)
    return answer


def optimal_spender(chain: Chain, table: dict[tuple, list]) -> Policy:
    """A DP's chosen spends as a Monte Carlo policy: the spend for the engine's state, read from the table."""

    def policy(system: type, setup: Any, state: Any, counter: int) -> Action:
        key = (min(state.rounds, chain.cap), state.willpower, state.current)
        chosen = table.get(key)
        spend = chosen[state.endurance][state.enemies[state.current]] if chosen else 0
        return Action("round", willpower=spend or None)

    return policy


def trade_off(
    system: type[Engine], setup: Setup, state: State, lams: Any = (0.0, 0.001, 0.003, 0.01, 0.03)
) -> list[dict[str, Any]]:
    """The trade-off curve: for each λ, the optimal policy's (E[WILLPOWER spent], P(win)).

    Each point is one :func:`grey_star_policy` with its own budget; the work does not depend on λ, so a curve
    too large for its first point is refused before any work."""
    points = []
    for lam in lams:
        best = grey_star_policy(system, setup, state, lam)
        points.append({"lambda": lam, "willpower_spent": best["willpower_spent"], "win": best["win"]})
    return points


def lone_wolf_policy(spend: int = 1) -> Policy:
    """Plain rounds; Grey Star spends ``spend`` WILLPOWER a round (all he has left when that is less)."""

    def policy(system: Any, setup: Any, state: Any, counter: int) -> Action:
        return Action("round", willpower=within(legal_spends(system, setup, state), spend) or None)

    return policy
