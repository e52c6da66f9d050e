"""Citadel of Blood has no exact odds (a party against monsters is too large a chain): the Monte Carlo plays it with
this plain policy, asking the rules and the board what is allowed."""

from __future__ import annotations

from . import geometry
from .combat import board, living, usable
from .phases import PHASE
from .record import CitadelAction, CitadelSetup, CitadelState, unit_id
from .rules import forced_rule


def citadel_policy(system: type, setup: CitadelSetup, state: CitadelState, counter: int) -> CitadelAction:
    """Citadel of Blood, played plainly: each character strikes the first monster he may with the weapon in his
    hand, in party order; no one moves unless 9.8 forces it; the monsters and the Hellgate as the rules say."""
    phase = PHASE[state.phase]
    if not phase.party:  # the monsters and the Hellgate act as the rules name them
        return CitadelAction(phase.acts[0])
    if "attack" in phase.acts:
        for i in living(setup, state, True):
            if not state.acted[i] and usable(setup, state, i, state.weapon[i]) is None:
                choices = geometry.targets(*board(setup, state), i)[0]
                if choices:
                    return CitadelAction("attack", unit=unit_id(setup, i), target=unit_id(setup, choices[0]))
    elif forced_rule(setup, state) is not None:  # 9.8.4, 9.0: a character must move
        i, spaces = next(iter(geometry.party_moves(*board(setup, state)).items()))
        return CitadelAction("move", unit=unit_id(setup, i), to=spaces[0])
    assert phase.passes, "the party may end each of its phases"
    return CitadelAction(phase.passes)
