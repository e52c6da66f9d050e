"""The Lone Wolf family's public face: :class:`LoneWolf`, the standard rules as in *Dawn of the Darklords* (hero
Banedon), joining the record (``record.py``), the rules (``rules.py``) and the views (``view.py``) with the book's
own facts. The other books of the family are small subclasses (``variants.py``), the way python-chess's variants
subclass its Board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ... import rng
from ...contract import ESCAPE_CHOICES, Policy
from ...fields import Reader
from .record import Weapon
from .tables import LONE_WOLF, ResultsTable
from .view import View

if TYPE_CHECKING:
    from ...contract import OddsOption, OddsReply

# What the odds' advice weighs, as the player chooses (pyrules.contract.Worth): an evasion, a point of ENDURANCE
# spent on Vigour, a point of Grey Star's WILLPOWER kept (the best spend's λ), with what each choice means; and
# Grey Star's spend a round, which the fight's screen gives (its field).
KEEP = ((0.0, "Not at all", ""), (0.005, "A little", ""), (0.03, "A lot", ""))
ESCAPE: OddsOption = {"name": "escape", "legend": "An evasion is worth", "default": 1.0, "choices": ESCAPE_CHOICES}
ENDURANCE: OddsOption = {"name": "endurance", "legend": "Keep ENDURANCE for later fights?", "default": 0.0,
                         "choices": KEEP}
# The trade-off's points: the worths of a point kept from "not at all" to "as much as a win", about ×3 apart.
TRADE_OFF = (0.0, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0)
WILLPOWER: OddsOption = {"name": "willpower", "legend": "Keep WILLPOWER for later fights?", "default": 0.005,
                         "legacy": "lambda", "trade_off": {
    "label": "Show the trade-off", "points": TRADE_OFF, "x": "WILLPOWER spent",
    "caption": "Best chance to win against WILLPOWER spent on average"}, "choices": (
    (0.0, "Not at all", "Only this fight counts: the advice spends WILLPOWER wherever it raises your chance to win, "
     "however little."),
    *((v, label, "A point of WILLPOWER kept is worth {p} of a win to you: the advice spends a point only where it "
       "raises your chance to win by more than that.") for v, label, _ in KEEP[1:]))}  # fmt: skip
SPEND: OddsOption = {"name": "spend", "legend": "WILLPOWER to spend", "default": 1, "choices": (), "whole": (1, 999),
                     "legacy": "willpower"}


class LoneWolf(View):
    """Standard Lone Wolf combat, as in *Dawn of the Darklords* (hero Banedon)."""

    key: ClassVar[str] = "lone-wolf"
    kind: ClassVar[str] = "crt"
    book: ClassVar[str] = "Dawn of the Darklords"
    hero_name: ClassVar[str] = "Banedon"
    note: ClassVar[str] = "(Banedon, Lone Wolf rules)"
    table: ClassVar[ResultsTable] = LONE_WOLF
    skill_label: ClassVar[str] = "COMBAT SKILL"
    has_willpower: ClassVar[bool] = False
    has_vigour: ClassVar[bool] = True
    worth_parts: ClassVar[tuple[str, ...]] = ("escape", "endurance")  # an evasion; Vigour's ENDURANCE
    odds_options: ClassVar[tuple[OddsOption, ...]] = (ESCAPE, ENDURANCE)
    # the table's title: the README's and the command line's; the Action Chart's declaration: the sheet op's reply
    # carries it in the page's language when the sheet is opened, not the page's download
    unread: ClassVar[tuple[str, ...]] = ("table", "chart")
    terms: ClassVar[tuple[tuple[str, str], ...]] = (
        ("skill", "how well one fights: the further above the enemy's, the better each round goes"),
        ("endurance", "strength: each wound takes some, and at 0 one dies"),
    )
    weapons: ClassVar[dict[str, Weapon]] = {
        "armed": Weapon("armed", "Short Sword or another Weapon", 0),
        "none": Weapon("none", "No Weapon (−4)", -4),
    }
    default_weapon: ClassVar[str] = "armed"
    other_weapon_bonus: ClassVar[bool] = False
    capabilities: ClassVar[frozenset[str]] = frozenset({"exact_odds", "roll_hero", "evasion", "review"})
    examples: ClassVar[dict[str, dict]] = {
        "small": {"hero": {"skill": 15, "endurance": 12}, "enemies": [{"skill": 16, "endurance": 14}]},
        "typical": {"hero": {"skill": 18, "endurance": 25}, "enemies": [{"name": "Giak", "skill": 13, "endurance": 10},
                    {"name": "Gourgaz", "skill": 20, "endurance": 30}], "rules": {"evade_after": 2}},
        "large": {"hero": {"skill": 15, "endurance": 50}, "enemies": [{"skill": 15, "endurance": 100}]},
    }  # fmt: skip
    unarmed: ClassVar[str] = "none"
    # New hero: COMBAT SKILL = RN + 10, ENDURANCE = RN + 20 ("If you pick 0 it counts as zero").
    creation: ClassVar[dict[str, int]] = {"skill": 10, "endurance": 20}

    @classmethod
    def describe(cls) -> dict:
        """The view's description and the book's Action Chart (``chart``: book.py's declaration)."""
        from .book import declared

        return {**super().describe(), "chart": declared(cls.key, cls.has_willpower, cls.labels())}

    @classmethod
    def description(cls, page: bool = False) -> dict:
        """The page's copy says only that the book has an Action Chart (``has_chart``): the page loads the chart's
        screen, and the rules their second pack, which declares it, when an adventure of such a book is shown."""
        told = super().description(page)
        return {**told, "has_chart": True} if page else told

    @classmethod
    def sheet(cls, path: str = "action") -> Any:
        """The Action Chart's actions between sections (sheet.py, in the rules' second pack)."""
        from . import sheet

        return sheet

    @classmethod
    def new_hero(cls, numbers: dict[str, int]) -> dict[str, int]:
        """The book's creation rules: one random number (0-9, 0 counts as zero) plus a base, per attribute."""
        return {key: base + numbers[key] for key, base in cls.creation.items()}

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        """A new hero from the player's picks from the Random Number Table, or drawn ones."""
        numbers = {}
        for i, key in enumerate(cls.creation):
            numbers[key] = given.integer(key, low=0, high=9, default=rng.random_number(seed, i))
        given.done()
        return cls.new_hero(numbers), numbers

    @classmethod
    def simulation_policy(cls, options: Mapping[str, Any] | None = None) -> Policy:
        from .odds import lone_wolf_policy

        return lone_wolf_policy(int((options or {}).get("spend", 1)))

    @classmethod
    def exact_odds(cls, fight: Any, options: dict) -> OddsReply:
        from .odds import exact

        return exact(fight, options)

    @classmethod
    def review_values(cls, setup: Any, state: Any, options: dict) -> Any:
        from .odds.review import LoneWolfValues

        return LoneWolfValues(cls, setup, state, options.get("worth"))
