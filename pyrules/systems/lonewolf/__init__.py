"""The Lone Wolf family: one Combat Results Table engine, three books.

By concern: ``record.py`` (setup, state, actions; reading and writing them: ``Record``), ``rules.py`` (the engine:
``step``, a round's losses and how it ends, its chance: ``Engine``), ``view.py`` (what the page and the command line
see: ``View``), ``words.py``, ``system.py`` (:class:`LoneWolf`, the standard rules' facts on ``View``),
``variants.py`` (Grey Star, Freeway Warrior), ``tables.py`` (the Combat Results Tables), ``odds/`` (exact odds,
asking the engine). docs/contributing.md: every system's shape.
"""

from .record import Action, Setup, State
from .system import LoneWolf
from .variants import FreewayWarrior, GreyStar

LONE_WOLF_FAMILY: dict[str, type[LoneWolf]] = {cls.key: cls for cls in (LoneWolf, GreyStar, FreewayWarrior)}

__all__ = ["LoneWolf", "GreyStar", "FreewayWarrior", "LONE_WOLF_FAMILY", "Action", "Setup", "State"]
