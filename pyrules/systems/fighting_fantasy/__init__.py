"""Fighting Fantasy rules as in D. Braslavsky's «Подземелья Чёрного замка» (1991).

By concern: ``record`` (the record's values, reading and writing them), ``rules`` (the fight: a round's arithmetic,
several opponents, escape, luck), ``sheet`` (the adventure sheet), ``spells``, ``view`` (what is shown), ``odds``
(exact odds and the simulation's policy, imported when asked for), and ``system``, the contract's face that joins
them: :class:`FightingFantasy`.
"""

from .system import FightingFantasy

__all__ = ["FightingFantasy"]
