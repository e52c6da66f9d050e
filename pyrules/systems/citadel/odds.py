"""Citadel of Blood has no exact odds (a party against monsters is too large a chain): the Monte Carlo plays it with
this plain policy."""

from __future__ import annotations

from typing import Any

from .rules import unit_id


def citadel_policy(system: type, setup: Any, state: Any, counter: int) -> Any:
    """Citadel of Blood, played plainly: each character strikes the first monster he may with the weapon in his
    hand, in party order; no one moves unless 9.8 forces it; the monsters and the Hellgate as the rules say."""

    def act(**data: Any) -> Any:
        return system.parse_action(data, 0)

    phase = state.phase
    if phase == "party":
        for i in system.side(setup, state, True):
            if not state.acted[i] and system.usable(setup, state, i, state.weapon[i]) is None:
                choices = system.choices(setup, state, i)
                if choices:
                    return act(do="attack", unit=unit_id(setup, i), target=unit_id(setup, choices[0]))
        return act(do="end_phase")
    if phase in ("monster", "hellgate"):
        return act(do=phase)
    if phase == "party_reorg":
        moves = system.party_moves(setup, state)
        if system.forced_move(setup, state) and moves:
            i, spaces = next(iter(moves.items()))
            return act(do="move", unit=unit_id(setup, i), to=list(spaces[0]))
        return act(do="pass")
    return act(do="monster_move")
