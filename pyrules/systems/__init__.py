"""Every rule system pyrules knows, one line each: the key a fight record names it with, and where its class is.

A system's module is imported the first time the system is used, so that starting the rules imports only what the
first screen needs (``SYSTEMS.keys()`` imports nothing). Adding a system is one package under ``pyrules/systems/``
whose class keeps :class:`pyrules.contract.System`, one line here, and, for a new kind of system, one screen module
``web/screens/screen-<kind>.js``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from ..contract import System

if TYPE_CHECKING:
    from ..contract import OddsOption

REGISTRY: dict[str, str] = {
    "lone-wolf": "pyrules.systems.lonewolf:LoneWolf",
    "grey-star": "pyrules.systems.lonewolf:GreyStar",
    "freeway-warrior": "pyrules.systems.lonewolf:FreewayWarrior",
    "fighting-fantasy": "pyrules.systems.fighting_fantasy:FightingFantasy",
    "citadel-of-blood": "pyrules.systems.citadel:CitadelOfBlood",
}


class Systems(Mapping[str, type[System]]):
    """The registry as a mapping from key to system class, importing each system's module on first use."""

    def __init__(self, registry: dict[str, str]):
        self.registry = registry
        self.loaded: dict[str, type[System]] = {}

    def __getitem__(self, key: str) -> type[System]:
        found = self.loaded.get(key)
        if found is None:
            module, _, name = self.registry[key].partition(":")
            found = getattr(importlib.import_module(module), name)
            if not (isinstance(found, type) and issubclass(found, System)) or found.key != key:
                raise TypeError(f"{self.registry[key]} is not the System registered as {key!r}")
            self.loaded[key] = found
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self.registry)

    def __len__(self) -> int:
        return len(self.registry)

    def add(self, key: str, where: str) -> None:
        """Register a system ("package.module:Class") — what a line of REGISTRY does, at run time (tests)."""
        self.registry[key] = where
        self.loaded.pop(key, None)

    def remove(self, key: str) -> None:
        self.registry.pop(key, None)
        self.loaded.pop(key, None)


SYSTEMS = Systems(REGISTRY)


def preload() -> list[str]:
    """Import every system and every module of its package (its odds among them): what a Pyodide memory snapshot
    is made after, since a worker started from a snapshot has no files to import from. Returns the modules."""
    import pkgutil

    for key in SYSTEMS:
        SYSTEMS[key]
    names = []
    for info in pkgutil.walk_packages(__path__, prefix=__name__ + "."):
        importlib.import_module(info.name)
        names.append(info.name)
    return names


def worth_parts() -> tuple[str, ...]:
    """Every part of the player's Worth some system weighs, each an odds option with choices (a share of a win): the
    keys a record's or a request's ``worth`` may give (a system judges by its own and counts the others nothing).
    Imports every system."""
    return tuple(dict.fromkeys(option["name"] for option in every_option() if option["choices"]))


def legacy_options() -> dict[str, OddsOption]:
    """The older request's keys for the systems' odds options (an option's ``legacy``), each with the option that
    declares it: read into ``options`` (dropped where the fight's system has no such option). Imports every system."""
    return {option["legacy"]: option for option in every_option() if "legacy" in option}


def every_option() -> list[OddsOption]:
    """Every system's odds options (pyrules.contract.OddsOption). Imports every system."""
    return [option for key in SYSTEMS for option in SYSTEMS[key].odds_options]
