"""Fighting Fantasy rules as in D. Braslavsky's «Подземелья Чёрного замка» (1991).

By concern: ``record`` (the record's values, reading and writing them: ``Record``), ``rules`` (the fight: a round's
arithmetic, several opponents, escape, luck), ``sheet`` (the adventure sheet), ``spells``, ``engine`` (the hooks that
play, over those three: ``Engine``), ``view`` (what is shown: ``View``), ``words``, ``odds`` (exact odds and the
simulation's policy, imported when asked for), and ``system``: :class:`FightingFantasy`, the book's facts on
``View`` (docs/contributing.md: every system's shape).
"""

from .system import FightingFantasy

__all__ = ["FightingFantasy"]
