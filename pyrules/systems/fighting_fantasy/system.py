"""The Fighting Fantasy system of «Подземелья Чёрного замка» (1991), as the contract
(:class:`pyrules.contract.System`) states it: the book's facts, its hero's creation and its odds (:mod:`.odds`,
imported when asked for), on the hooks of its modules by concern (the record's, :class:`.record.Record`; the
fight's, :class:`.engine.Engine`, over :mod:`.rules`, :mod:`.sheet` and :mod:`.spells`; what is shown,
:class:`.view.View`), as every system of pyrules is shaped (docs/contributing.md).

>>> setup = FightingFantasy.parse_setup({"hero": {"skill": 10, "stamina": 18, "luck": 9},
...                                      "enemies": [{"name": "ШПИОН", "skill": 10, "stamina": 12}]})
>>> state = FightingFantasy.initial(setup)
>>> [action.do for action in FightingFantasy.legal_actions(setup, state)]  # no fight yet: the sheet is open
['round', 'luck', 'luck', 'take', 'take', 'arm', 'gold', 'gold', 'adjust']
>>> chances = FightingFantasy.chance(setup, state, FFAction("round", target=0))
>>> len(chances), sum(p for p, _ in chances), FightingFantasy.action_json(chances[7][1])
(36, Fraction(1, 1), {'do': 'round', 'target': 0, 'dice': [[2, 2], None]})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...contract import ESCAPE_CHOICES, Policy
from ...fields import Reader, RecordError
from ...i18n import tr
from . import sheet
from .record import BOOK, HERO_NAME, FFAction  # noqa: F401 (FFAction: the doctest's)
from .view import View

if TYPE_CHECKING:
    from ...contract import OddsOption, OddsReply

# What the advice and the story weigh, as the player chooses (pyrules.contract.Worth): an escape, as the Lone Wolf
# family's evasion (the same worth part and choices, a win's worth by default: the escaped hero is alive).
ESCAPE: OddsOption = {"name": "escape", "legend": "An escape is worth", "default": 1.0, "choices": ESCAPE_CHOICES}


class FightingFantasy(View):
    """The 1991 rules of «Подземелья Чёрного замка»."""

    key: ClassVar[str] = "fighting-fantasy"
    book: ClassVar[str] = BOOK
    hero_name: ClassVar[str] = HERO_NAME
    note: ClassVar[str] = "(D. Braslavsky, 1991)"
    kind: ClassVar[str] = "ff"
    named_hero: ClassVar[bool] = True  # hero.name
    capabilities: ClassVar[frozenset[str]] = frozenset({"exact_odds", "roll_hero", "review"})
    main_stat: ClassVar[str] = "stamina"
    worth_parts: ClassVar[tuple[str, ...]] = ("escape",)  # an escape, where the paragraph allows it
    odds_options: ClassVar[tuple[OddsOption, ...]] = (ESCAPE,)
    terms: ClassVar[tuple[tuple[str, str], ...]] = (
        ("skill", "how well one fights: added to two dice each round, the higher total wounds"),
        ("stamina", "strength: each wound takes some, and at 0 one dies"),
        ("luck", "tested to make a wound worse or lighter: each test lowers it"),
    )
    examples: ClassVar[dict[str, dict]] = {
        "small": {"hero": {"skill": 9, "stamina": 8, "luck": 7},
                  "enemies": [{"skill": 7, "stamina": 4}, {"skill": 8, "stamina": 4}]},
        "typical": {"hero": {"skill": 10, "stamina": 18, "luck": 9, "backpack": ["верёвка"], "food": 2,
                             "spells": {"strength": 1, "healing": 1}},
                    "enemies": [{"name": "ГОБЛИН", "skill": 5, "stamina": 5},
                                {"name": "ОРК", "skill": 7, "stamina": 8}],
                    "rules": {"escape": True, "decline_costs_luck": True}},
    }  # fmt: skip

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        return sheet.roll_hero(seed, given)

    # ---- odds ------------------------------------------------------------------------------------------------

    @classmethod
    def simulation_policy(cls, options: Mapping[str, Any] | None = None) -> Policy:
        from .odds import fighting_fantasy_policy

        return fighting_fantasy_policy

    @classmethod
    def exact_odds(cls, fight: Any, options: dict) -> OddsReply:
        from .review import exact

        return exact(fight, options)

    @classmethod
    def review_values(cls, setup: Any, state: Any, options: dict) -> Any:
        from .review import FightingFantasyValues

        if not setup.enemies:  # a paragraph's record: no fight to review
            raise RecordError("enemies", tr("there is no enemy in this paragraph"), tr("Enemies"))
        return FightingFantasyValues(cls, setup, options.get("worth"))
