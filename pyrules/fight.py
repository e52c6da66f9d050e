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

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .fields import Reader, RecordError, show
from .lonewolf import SYSTEMS, Action, LoneWolf, Setup, State

FORMAT = "pyrules-fight"
VERSION = 1
MAX_ACTIONS = 5000
# When the format grows: MIGRATIONS[n] turns a version-n record into a version n+1 record (pure, on a copy).
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


def system_of(name: Any) -> type[LoneWolf]:
    if not isinstance(name, str) or name not in SYSTEMS:
        raise RecordError("system", f"must be one of {', '.join(SYSTEMS)}, not {show(name)}", "Rules")
    return SYSTEMS[name]


def check_envelope(record: Any) -> dict:
    """Check format and version; migrate older versions (none yet) to the current one."""
    if not isinstance(record, dict):
        raise RecordError("record", f"must be a JSON object {{...}}, not {show(record)}")
    if record.get("format") != FORMAT:
        raise RecordError("format", f'must be "{FORMAT}", not {show(record.get("format"))}: this is not a fight record')
    version = record.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError("version", f"must be a whole number from 1 to {VERSION}, not {show(version)}")
    if version > VERSION:
        raise RecordError("version", f"is {version}, newer than this app understands ({VERSION}): update the app")
    while version < VERSION:
        if version not in MIGRATIONS:
            raise RecordError("version", f"is {version}, which this app can no longer read")
        record = MIGRATIONS[version](dict(record))
        version += 1
        record["version"] = version
    return record


class Fight:
    """A fight being played: its setup, the actions taken, the state after each, and the log."""

    def __init__(self, system: type[LoneWolf], setup: Setup):
        self.system = system
        self.setup = setup
        self.actions: list[dict] = []
        self.states: list[State] = [system.initial(setup)]
        self.log: list[dict] = []

    @property
    def state(self) -> State:
        return self.states[-1]

    @classmethod
    def from_record(cls, record: Any, lenient: bool = False) -> Fight:
        """The fight a record describes; any bad value raises RecordError naming its field."""
        fight, actions = cls._setup(record, lenient)
        for action in actions:
            fight.apply(action)
        return fight

    @classmethod
    def restore(cls, record: Any) -> tuple[Fight, dict | None]:
        """Keep what is valid: the setup must be sound; actions are replayed up to the first bad one.

        Returns the fight and, when actions were dropped, ``{"kept", "dropped", "error"}`` saying what and why.
        """
        fight, actions = cls._setup(record, False)
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
        reader.done()
        fight = cls(system, system.parse_setup(record, lenient))
        return fight, reader.items("actions", low=0, high=MAX_ACTIONS, default=[])

    def apply(self, data: Any) -> dict:
        """Validate and apply one action (as JSON data); returns its log event. On error nothing changes."""
        index = len(self.actions)
        action = self.system.parse_action(data, index)
        state, event = self.system.step(self.setup, self.state, action, f"actions[{index}]")
        self.actions.append(_action_json(action))
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
            **setup_json(self.setup),
            "actions": list(self.actions),
        }

    def view(self) -> dict:
        """What the screen needs before the next action."""
        system, setup, state = self.system, self.setup, self.state
        can_evade, evade_why = system.evasion(setup, state)
        can_vigour, vigour_why = system.vigour_allowed(setup, state)
        current = setup.enemies[min(state.current, len(setup.enemies) - 1)]
        spend = system.spend_range(setup, state) if state.outcome == "ongoing" else None
        return {
            "system": system.key,
            "outcome": state.outcome,
            "rounds": state.rounds,
            "hero": {
                "endurance": state.endurance,
                "willpower": state.willpower,
                "skill": system.skill_total(setup, state),
                "weapon": system.weapon(setup, state).name,
                "vigour": state.vigour,
            },
            "enemies": [
                {"name": e.name, "skill": e.skill, "endurance": n} for e, n in zip(setup.enemies, state.enemies)
            ],
            "current": state.current,
            "combat_ratio": system.skill_total(setup, state) - current.skill,
            "evade": {"allowed": can_evade, "possible": setup.rules.evasion_possible, "why": evade_why},
            "vigour": {"allowed": can_vigour, "possible": system.has_vigour and setup.rules.vigour, "why": vigour_why},
            "willpower_spend": list(spend) if spend else None,
            "next_draw": state.draws,
        }

    def summary(self) -> dict:
        """One line for a list of saved fights."""
        state = self.state
        return {
            "system": self.system.key,
            "book": self.system.book,
            "hero": self.setup.hero.name or self.system.hero_name,
            "enemies": [e.name for e in self.setup.enemies],
            "rounds": state.rounds,
            "outcome": state.outcome,
            "endurance": state.endurance,
            "willpower": state.willpower,
        }

    def result(self) -> dict:
        """The CLI's answer: outcome, hero, enemies and the round log."""
        state = self.state
        hero = {"endurance": state.endurance}
        if state.willpower is not None:
            hero["willpower"] = state.willpower
        return {
            "system": self.system.key,
            "outcome": state.outcome,
            "rounds": state.rounds,
            "hero": hero,
            "enemies": [{"name": e.name, "endurance": n} for e, n in zip(self.setup.enemies, state.enemies)],
            "log": self.log,
        }


def _action_json(action: Action) -> dict:
    data: dict[str, Any] = {"do": action.do}
    if action.number is not None:
        data["number"] = action.number
    if action.willpower is not None:
        data["willpower"] = action.willpower
    return data


def setup_json(setup: Setup) -> dict:
    """The setup in the record's own form, keys left out where they hold the plain case."""
    hero = setup.hero
    h: dict[str, Any] = {"skill": hero.skill, "endurance": hero.endurance}
    if hero.willpower is not None:
        h["willpower"] = hero.willpower
    h["weapon"] = hero.weapon
    if hero.weapon_bonus:
        h["weapon_bonus"] = hero.weapon_bonus
    if hero.modifiers:
        h["modifiers"] = [{"name": n, "skill": s} for n, s in hero.modifiers]
    if hero.name:
        h["name"] = hero.name
    enemies = [{"name": e.name, "skill": e.skill, "endurance": e.endurance} for e in setup.enemies]
    defaults = type(setup.rules)()
    rules = {}
    for key, value in vars(setup.rules).items():
        if value != getattr(defaults, key):
            rules[key] = _json_number(value)
    return {"hero": h, "enemies": enemies, "rules": rules, "seed": setup.seed}


def _json_number(value: Any) -> Any:
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value
