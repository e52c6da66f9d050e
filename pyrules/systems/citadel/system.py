"""Citadel of Blood as a :class:`pyrules.contract.System`: the book's facts and its odds, on the hooks of its
modules by concern (the record's, :class:`.record.Record`; the combat's, :class:`.rules.Engine`; what is shown,
:class:`.view.View`), as every system of pyrules is shaped (docs/contributing.md).

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
from typing import Any, ClassVar

from ...contract import Policy
from .view import View


class CitadelOfBlood(View):
    """SPI's Citadel of Blood (1980), combat 9.0-9.8, with unverified fan tables for 9.9."""

    key: ClassVar[str] = "citadel-of-blood"
    book: ClassVar[str] = "Citadel of Blood"
    hero_name: ClassVar[str] = "Party"
    note: ClassVar[str] = "(SPI, a party against monsters)"
    kind: ClassVar[str] = "citadel"
    main_stat: ClassVar[str] = "wound_points"  # each character's: no exact odds, so no chart of it
    terms: ClassVar[tuple[tuple[str, str], ...]] = (
        ("wound_points", "the wounds a character or a monster can take before it falls"),
    )
    # reviewed by simulation (pyrules.review_simulated): no review_values, since no exact odds
    capabilities: ClassVar[frozenset[str]] = frozenset({"review"})
    # the sources and the table's citation are the docs'; the page shows the table's credit, and a fight's view says
    # whether it is verified and what a Blast does (its set-up reads neither from here)
    unread: ClassVar[tuple[str, ...]] = ("sources", "max_monsters", "verified", "table.note", "table.title",
                                         "table.source", "table.verified", "table.edited", "table.blast")
    examples: ClassVar[dict[str, dict]] = {  # no exact odds: the page simulates
        "small": {"hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "orcs"}]},
        "typical": {"hero": {"party": [{"hero": "almuric"}, {"name": "Brom", "wound_points": 8, "resistance": 2,
                                       "combat_bonus": 1, "weapons": ["sword", "dagger"]}]},
                    "enemies": [{"monster": "orcs"}, {"monster": "troll"}, {"monster": "orcs"}]},
    }  # fmt: skip

    # ---- odds ----------------------------------------------------------------------------------------------

    @classmethod
    def simulation_policy(cls, options: Mapping[str, Any] | None = None) -> Policy:
        from .odds import citadel_policy

        return citadel_policy
