"""The Combat Round of Citadel of Blood (9.2) as a table: each phase, the kinds of action taken in it, and what
follows. The rules (:mod:`.rules`) drive their phase machine from it, the view lists the kinds from it, and
``legal_actions`` spells out its candidates from it; nothing else names which action belongs to which phase.

>>> [phase.key for phase in PHASES]
['party', 'monster', 'hellgate', 'party_reorg', 'monster_reorg']
>>> PHASE["party"].kinds, PHASE["monster"].passes, PHASE_OF["monster_pass"].key
(('attack', 'change_weapon', 'hold', 'end_phase'), None, 'monster_reorg')
>>> following("party_reorg"), following("monster_reorg")
(('monster_reorg', False), ('party', True))
"""

from __future__ import annotations

from dataclasses import dataclass

# Every kind of action and its label (in English; shown through tr). The order is the record's (refusals list the
# kinds in it) and the page's: the kinds added later come last.
ACTION_LABELS = {
    "attack": "Attack",
    "change_weapon": "Change weapon",
    "hold": "Do not attack",
    "end_phase": "End the party's attacks",
    "monster": "Monster attack",
    "hellgate": "Hellgate Blast spell",
    "move": "Move a character",
    "pass": "Move no one",
    "monster_move": "Move a monster",
    "monster_pass": "The monsters stay",
    "hellgate_pass": "The Hellgate casts no more",
}


@dataclass(frozen=True)
class Phase:
    key: str
    label: str  # in English; shown through tr
    acts: tuple[str, ...]  # the kinds of action that act in this phase (the phase passes by itself once none can)
    passes: str | None  # the kind that ends the phase at once (None: the phase runs until no one can act)
    once: bool  # one action ends the phase (9.8: one character, or one monster, moves)
    party: bool  # the party acts (else the monsters or the Hellgate, and the rules name who: e.g. the next to strike)

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every kind of action of this phase: those that act, then the one that ends it."""
        return self.acts + ((self.passes,) if self.passes else ())

    def ends(self, kind: str) -> bool:
        """Whether an action of this kind ends the phase."""
        return kind == self.passes or self.once


# 9.2: the five phases of a Combat Round, in order; after the last a new round begins with the first.
PHASES: tuple[Phase, ...] = (
    Phase("party", "Party Combat", ("attack", "change_weapon", "hold"), "end_phase", once=False, party=True),
    Phase("monster", "Monster Combat", ("monster",), None, once=False, party=False),
    Phase("hellgate", "Hellgate Combat", ("hellgate",), "hellgate_pass", once=False, party=False),
    Phase("party_reorg", "Party Reorganization", ("move",), "pass", once=True, party=True),
    Phase("monster_reorg", "Monster Reorganization", ("monster_move",), "monster_pass", once=True, party=False),
)
PHASE: dict[str, Phase] = {phase.key: phase for phase in PHASES}
PHASE_OF: dict[str, Phase] = {kind: phase for phase in PHASES for kind in phase.kinds}
PHASE_LABELS: dict[str, str] = {phase.key: phase.label for phase in PHASES}
FIRST = PHASES[0].key


def following(key: str) -> tuple[str, bool]:
    """The phase after ``key``, and whether a new Combat Round begins with it."""
    index = [phase.key for phase in PHASES].index(key) + 1
    return (PHASES[index].key, False) if index < len(PHASES) else (FIRST, True)
