"""Every rule system pyrules knows, by the key a fight record names it with."""

from __future__ import annotations

from .citadel import CitadelOfBlood
from .fighting_fantasy import FightingFantasy
from .lonewolf import FreewayWarrior, GreyStar, LoneWolf

SYSTEMS: dict[str, type] = {
    cls.key: cls for cls in (LoneWolf, GreyStar, FreewayWarrior, FightingFantasy, CitadelOfBlood)
}
