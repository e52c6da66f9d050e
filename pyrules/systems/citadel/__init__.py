"""Citadel of Blood (SPI, 1980): the combat rules 9.0-9.8 for a party against monsters."""

from .rules import CitadelOfBlood

__all__ = ["CitadelOfBlood"]
