"""The Lone Wolf family: one Combat Results Table engine (rules.py), three books as variants."""

from .rules import FreewayWarrior, GreyStar, LoneWolf

__all__ = ["LoneWolf", "GreyStar", "FreewayWarrior"]
