"""Citadel of Blood as a :class:`pyrules.contract.System`: the public face of this package, delegating to its
modules by concern (:mod:`.record`, :mod:`.geometry`, :mod:`.phases`, :mod:`.rules`, :mod:`.view`, :mod:`.odds`).

>>> setup = CitadelOfBlood.parse_setup({"hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "orcs"}]})
>>> state = CitadelOfBlood.initial(setup)
>>> for action in CitadelOfBlood.legal_actions(setup, state):
...     print(CitadelOfBlood.action_json(action))
{'do': 'attack', 'unit': 'A', 'target': '1', 'weapon': 0}
{'do': 'attack', 'unit': 'A', 'target': '1', 'weapon': 1}
{'do': 'change_weapon', 'unit': 'A'}
{'do': 'hold', 'unit': 'A'}
{'do': 'end_phase'}
>>> chances = CitadelOfBlood.chance(setup, state, CitadelOfBlood.legal_actions(setup, state)[0])
>>> len(chances), sum(p for p, _ in chances), CitadelOfBlood.action_json(chances[3][1])["die"]
(6, Fraction(1, 1), 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from ...contract import Outcome, Policy, System
from ...fields import Reader, RecordError
from ...i18n import tr
from ...params import Param
from . import record, rules, view, words
from .phases import ACTION_LABELS
from .record import CitadelAction, CitadelSetup, CitadelState


class CitadelOfBlood(System):
    """SPI's Citadel of Blood (1980), combat 9.0-9.8, with unverified fan tables for 9.9."""

    key: ClassVar[str] = "citadel-of-blood"
    book: ClassVar[str] = "Citadel of Blood"
    hero_name: ClassVar[str] = "Party"
    note: ClassVar[str] = "(SPI, a party against monsters)"
    kind: ClassVar[str] = "citadel"
    rule_labels: ClassVar[dict[str, str]] = record.RULE_LABELS
    record_keys: ClassVar[tuple[str, ...]] = ("tables",)
    main_stat: ClassVar[str] = "wound_points"  # each character's: no exact odds, so no chart of it
    terms: ClassVar[tuple[tuple[str, str], ...]] = (
        ("wound_points", "the wounds a character or a monster can take before it falls"),
    )
    # reviewed by simulation (pyrules.review_simulated): no review_values, since no exact odds
    capabilities: ClassVar[frozenset[str]] = frozenset({"review"})
    # the sources and the table's citation are the docs'; the page shows the table's credit
    unread: ClassVar[tuple[str, ...]] = ("sources", "max_monsters", "table.note", "table.title", "table.source")
    examples: ClassVar[dict[str, dict]] = {  # no exact odds: the page simulates
        "small": {"hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "orcs"}]},
        "typical": {"hero": {"party": [{"hero": "almuric"}, {"name": "Brom", "wound_points": 8, "resistance": 2,
                                       "combat_bonus": 1, "weapons": ["sword", "dagger"]}]},
                    "enemies": [{"monster": "orcs"}, {"monster": "troll"}, {"monster": "orcs"}]},
    }  # fmt: skip

    # ---- the record -------------------------------------------------------------------------------------------

    @classmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> CitadelSetup:
        return record.parse_setup(data, lenient)

    @classmethod
    def setup_json(cls, setup: CitadelSetup) -> dict:
        return record.setup_json(setup)

    @classmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> CitadelAction:
        return record.parse_action(data, index, lenient)

    @classmethod
    def hero_after(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        """The party as the fight leaves it: the dead dropped, each survivor's Wound Points as left."""
        return {"party": record.party_json(record.party_after(setup, state))}

    @classmethod
    def read_hero(cls, data: Any, lenient: bool = False) -> dict:
        return {"party": record.party_json(record.parse_party(data, lenient))}

    @classmethod
    def action_json(cls, action: CitadelAction) -> dict:
        return record.action_json(action)

    # ---- the rules --------------------------------------------------------------------------------------------

    @classmethod
    def initial(cls, setup: CitadelSetup) -> CitadelState:
        return rules.initial(setup)

    @classmethod
    def legal_actions(cls, setup: CitadelSetup, state: CitadelState) -> list[CitadelAction]:
        return rules.legal_actions(setup, state)

    @classmethod
    def step(
        cls, setup: CitadelSetup, state: CitadelState, action: CitadelAction, path: str = "action"
    ) -> tuple[CitadelState, dict]:
        return rules.step(setup, state, action, path)

    @classmethod
    def chance(
        cls, setup: CitadelSetup, state: CitadelState, action: CitadelAction
    ) -> list[tuple[Fraction, CitadelAction]]:
        return rules.chance(setup, state, action)

    @classmethod
    def outcome(cls, state: CitadelState) -> Outcome:
        return Outcome(state.outcome)

    # ---- what the page, the list and the command line see --------------------------------------------------

    @classmethod
    def view(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        return view.view(setup, state)

    @classmethod
    def said(cls, setup: CitadelSetup, event: dict) -> dict[str, Any]:
        """A log event in words (:mod:`.words`): what its card, the result line and a screen reader say."""
        return words.said(setup, event)

    @classmethod
    def summary(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        return view.summary(cls.book, setup, state)

    @classmethod
    def result(cls, setup: CitadelSetup, state: CitadelState) -> dict:
        return view.result(setup, state)

    @classmethod
    def standing(cls, setup: CitadelSetup, state: CitadelState) -> int:
        """The party's Wound Points left, all its characters together."""
        return sum(max(0, setup.unit(i).wound_points - state.wounds[i]) for i in range(len(setup.party)))

    @classmethod
    def sides(cls, setup: CitadelSetup, state: CitadelState) -> list[list]:
        """Every unit's Wound Points left, the party first, each named as on the board ("A Almuric", "1 Orcs")."""
        return view.sides(setup, state)

    @classmethod
    def rule_params(cls) -> tuple[Param, ...]:
        return record.RULE_PARAMS

    @classmethod
    def labels(cls) -> dict[str, str]:
        return dict(record.CHARACTER_LABELS)

    @classmethod
    def enemy_labels(cls) -> dict[str, str]:
        return dict(record.MONSTER_LABELS)

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        return dict(ACTION_LABELS)

    @classmethod
    def describe(cls) -> dict:
        return view.describe(cls.kind, cls.book, cls.hero_name)

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        raise RecordError(
            "system",
            tr("Citadel of Blood heroes come from the roster (or are entered by hand): nothing is rolled"),
            tr("Rules"),
        )

    # ---- odds ----------------------------------------------------------------------------------------------

    @classmethod
    def simulation_policy(cls, options: Mapping[str, Any] | None = None) -> Policy:
        from .odds import citadel_policy

        return citadel_policy
