"""Fighting Fantasy rules as in D. Braslavsky's «Подземелья Чёрного замка» (1991)."""

from .rules import FightingFantasy

__all__ = ["FightingFantasy"]
