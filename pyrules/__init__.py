"""pyrules: gamebook combat rules, played round by round.

A fight is a plain JSON record (system, hero, enemies, per-fight rules, a seed and the actions taken);
replaying it is deterministic on CPython and in Pyodide.

>>> from pyrules import Fight
>>> fight = Fight.from_record({
...     "format": "pyrules-fight", "version": 1, "system": "lone-wolf",
...     "hero": {"skill": 15, "endurance": 22},
...     "enemies": [{"name": "Giak", "skill": 16, "endurance": 18}],
...     "seed": 7, "actions": [{"do": "round", "number": 0}, {"do": "round"}, {"do": "round"}]})
>>> [(row["combat_ratio"], row["number"], row["enemy_loss"], row["hero_loss"]) for row in fight.log]
[(-1, 0, 11, 0), (-1, 3, 4, 4), (-1, 0, 11, 0)]
>>> fight.state.outcome, fight.state.endurance, fight.state.enemies
('won', 18, (0,))
"""

__version__ = "0.2.0"

from .contract import Outcome, System  # noqa: E402
from .fields import RecordError  # noqa: E402
from .fight import Fight  # noqa: E402
from .systems import SYSTEMS  # noqa: E402

__all__ = ["Fight", "RecordError", "SYSTEMS", "System", "Outcome", "__version__"]
