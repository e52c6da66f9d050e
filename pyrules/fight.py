"""The fight record: a versioned JSON document (setup, seed, actions) and its deterministic replay.

>>> fight = Fight.from_record({
...     "format": "pyrules-fight", "version": 1, "system": "freeway-warrior",
...     "hero": {"skill": 17, "endurance": 25},
...     "enemies": [{"name": "Renegade Clansman", "skill": 18, "endurance": 20}],
...     "actions": [{"do": "round", "number": 4}]})
>>> row = fight.log[-1]
>>> row["skill"], row["combat_ratio"], row["hero_loss"], row["enemy_loss"]
(19, 1, 3, 4)
>>> fight.result()["outcome"], fight.state.endurance, fight.state.enemies
('ongoing', 22, (16,))
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from . import budget
from .contract import System, Worth
from .fields import Reader, RecordError, every_fault, show
from .i18n import tr
from .systems import SYSTEMS, worth_parts

FORMAT = "pyrules-fight"
VERSION = 1
MAX_ACTIONS = 5000  # actions in one fight: enforced where they are added (Fight.apply), so every record fits
# When the format grows: MIGRATIONS[n] turns a version-n record into a version n+1 record (pure, on a copy).
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


def system_of(name: Any) -> type[System]:
    if not isinstance(name, str) or name not in SYSTEMS:
        raise RecordError(
            "system", tr("must be one of {known}, not {value}", known=", ".join(SYSTEMS), value=show(name)), tr("Rules")
        )
    return SYSTEMS[name]


def check_format(data: Any, name: str, format: str, latest: int, not_this: str | None = None) -> None:
    """A versioned JSON document's envelope (a fight record, an adventure): an object of this ``format`` and a
    version this app reads; ``not_this`` is said of another format (by default: not a fight record)."""
    if not isinstance(data, dict):
        raise RecordError(name, tr("must be a JSON object {{...}}, not {value}", value=show(data)))
    if data.get("format") != format:
        value = show(data.get("format"))
        raise RecordError(
            "format",
            not_this or tr('must be "{format}", not {value}: this is not a fight record', format=format, value=value),
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(
            "version",
            tr("must be a whole number from {low} to {high}, not {value}", low=1, high=latest, value=show(version)),
        )
    if version > latest:
        raise RecordError(
            "version", tr("is {n}, newer than this app understands ({known}): update the app", n=version, known=latest)
        )


def check_envelope(record: Any) -> dict:
    """Check format and version; migrate older versions (none yet) to the current one."""
    check_format(record, "record", FORMAT, VERSION)
    version = record["version"]
    while version < VERSION:
        if version not in MIGRATIONS:
            raise RecordError("version", tr("is {n}, which this app can no longer read", n=version))
        record = MIGRATIONS[version](dict(record))
        version += 1
        record["version"] = version
    return record


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a record is replayed. A long replay builds hundreds of thousands
    of small containers that all stay alive (the states, the log's rows, the actions), and the collector went over
    them again and again for nothing: a third of the time of a 5,000-round Fighting Fantasy replay against 20 enemies
    (``pyrules.benchmark``'s replay cases). It runs again afterwards if it ran before."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def too_many_actions(index: int) -> RecordError:
    return RecordError(
        f"actions[{index}]",
        tr("is one action too many: a fight holds at most {max} actions. Start a new fight to go on", max=MAX_ACTIONS),
    )


class Fight:
    """A fight being played: its setup, the actions taken, the state after each, and the log."""

    def __init__(self, system: type[System], setup: Any):
        self.system = system
        self.setup = setup
        self.actions: list[dict] = []
        self.states: list[Any] = [system.initial(setup)]
        self.log: list[dict] = []
        self.worth_given: dict[str, float] = {}  # the parts of the Worth the record gives (its ``worth``)

    @property
    def worth(self) -> Worth:
        """What the fight's end is worth to its player: the record's parts, the default's for the others."""
        return Worth(**self.worth_given)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @classmethod
    def from_record(cls, record: Any, lenient: bool = False) -> Fight:
        """The fight a record describes; any bad value raises RecordError naming its field."""
        fight, actions = cls._setup(record, lenient)
        if len(actions) > MAX_ACTIONS:  # refused before replaying, by apply's own rule
            raise too_many_actions(MAX_ACTIONS)
        with collector_paused():
            for action in actions:
                fight.apply(action)
        return fight

    @classmethod
    def restore(cls, record: Any) -> tuple[Fight, dict | None]:
        """Keep what is valid: the setup must be sound; actions are replayed up to the first bad one (and at most
        MAX_ACTIONS of them: a longer record, from before apply refused the extra ones, keeps its first MAX_ACTIONS).

        Returns the fight and, when actions were dropped, ``{"kept", "dropped", "error"}`` saying what and why.
        """
        fight, actions = cls._setup(record, False)
        with collector_paused():
            for index, action in enumerate(actions):
                try:
                    fight.apply(action)
                except RecordError as error:
                    return fight, {"kept": index, "dropped": len(actions) - index, "error": error.as_dict()}
        return fight, None

    @classmethod
    def _setup(cls, record: Any, lenient: bool) -> tuple[Fight, list]:
        record = check_envelope(record)
        system = system_of(record.get("system"))
        reader = Reader(record, "", lenient=lenient)
        for key in ("format", "version", "system", "hero", "enemies", "rules", "seed", "actions"):
            reader.seen.add(key)
        reader.seen.update(getattr(system, "record_keys", ()))  # a system's own top-level keys (its tables)
        worth = reader.get("worth", None)
        given = {} if worth is None else Worth.parts(worth, worth_parts())
        reader.done()
        # a form's faults said all at once (each field named); a record's first one (it is not typed field by field)
        setup = every_fault(lambda: system.parse_setup(record, lenient)) if lenient else system.parse_setup(record)
        fight = cls(system, setup)
        fight.worth_given = given
        return fight, reader.items("actions", low=0, high=sys.maxsize, default=[])  # their limit is apply's

    def apply(self, data: Any) -> dict:
        """Validate and apply one action (as JSON data); returns its log event. On error nothing changes."""
        index = len(self.actions)
        if index >= MAX_ACTIONS:
            raise too_many_actions(index)
        budget.check()  # a replay stops at the request's deadline (TooLarge: not a damaged record, nothing dropped)
        action = self.system.parse_action(data, index)
        state, event = self.system.step(self.setup, self.state, action, f"actions[{index}]")
        self.actions.append(self.system.action_json(action))
        self.states.append(state)
        self.log.append(event)
        return event

    def undo(self) -> dict | None:
        if not self.actions:
            return None
        self.states.pop()
        self.log.pop()
        return self.actions.pop()

    def record(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "system": self.system.key,
            **self.system.setup_json(self.setup),
            **({"worth": dict(self.worth_given)} if self.worth_given else {}),
            "actions": list(self.actions),
        }

    def view(self) -> dict:
        """What the screen needs before the next action."""
        return {"system": self.system.key, **self.system.view(self.setup, self.state)}

    def refusals(self) -> dict[str, str]:
        """Why each control the system names (its ``probes``) is unavailable now, in the engine's own words: each
        probe action tried with ``step`` on the current state (nothing is kept); the accepted ones left out."""
        why = {}
        for name, data in self.system.probes(self.setup, self.state).items():
            try:
                self.system.step(self.setup, self.state, self.system.parse_action(data, 0))
            except RecordError as refused:
                why[name] = refused.message
        return why

    def summary(self) -> dict:
        """One line for a list of saved fights."""
        return {"system": self.system.key, **self.system.summary(self.setup, self.state)}

    def told(self, event: dict) -> dict:
        """A log event as it leaves the rules: with its words (``said``: :meth:`pyrules.contract.System.said`)."""
        said = self.system.said(self.setup, event)
        return {**event, "said": said} if said else event

    def result(self, log: bool = True) -> dict:
        """The CLI's answer: outcome, hero, enemies and (``log``) the round log, each event with its words."""
        answer = {"system": self.system.key, **self.system.result(self.setup, self.state)}
        return {**answer, "log": [self.told(event) for event in self.log]} if log else answer
