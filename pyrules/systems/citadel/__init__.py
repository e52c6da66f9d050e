"""Citadel of Blood (SPI, 1980): the combat rules 9.0-9.8 for a party against monsters.

By concern: :mod:`.record` (the record, the tables: ``Record``), :mod:`.deployment` (9.1: the march orders),
:mod:`.geometry` (the board as pure functions: 9.3 targets, 9.8 moves), :mod:`.phases` (the Combat Round as a table),
:mod:`.combat` (attacks and wounds on the board as the state stands), :mod:`.rules` (the actions, the phase machine;
legal actions and chance: ``Engine``), :mod:`.view` (what the page sees: ``View``), :mod:`.words`, :mod:`.odds` (the
simulation's policy), and :mod:`.system`: :class:`CitadelOfBlood`, the book's facts on ``View``
(docs/contributing.md: every system's shape)."""

from .system import CitadelOfBlood

__all__ = ["CitadelOfBlood"]
