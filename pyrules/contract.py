"""The contract every rule system keeps: what it provides, declared once.

A system is a class of class methods over immutable values (python-chess's variants are subclasses of its Board in
the same way): it reads its part of a fight record, gives the state before the first action, lists the actions
legal in a state, applies one (``step``), says what in an action is left to chance (``chance``: OpenSpiel's chance
nodes, as data), and describes the state for the page, the saved-fights list and the command line, in the player's
language. Its exact odds and its simulation policy live in its own ``odds`` module, imported only when asked for.

The systems are listed once, in :mod:`pyrules.systems` (one line each); the API, the command line, the odds and
the page's book list and set-up screens are all derived from that list.

>>> from pyrules.systems import SYSTEMS
>>> lone_wolf = SYSTEMS["lone-wolf"]
>>> issubclass(lone_wolf, System), lone_wolf.kind
(True, 'crt')
>>> setup = lone_wolf.parse_setup({"hero": {"skill": 15, "endurance": 20},
...                                "enemies": [{"name": "Giak", "skill": 13, "endurance": 10}]})
>>> state = lone_wolf.initial(setup)
>>> [lone_wolf.action_json(a) for a in lone_wolf.legal_actions(setup, state)]
[{'do': 'round'}, {'do': 'vigour'}]
>>> chances = lone_wolf.chance(setup, state, lone_wolf.legal_actions(setup, state)[0])
>>> len(chances), sum(p for p, _ in chances) == 1, lone_wolf.action_json(chances[3][1])
(10, True, {'do': 'round', 'number': 3})
>>> [lone_wolf.outcome(lone_wolf.step(setup, state, action)[0]) for _, action in chances[:3]]
['won', 'ongoing', 'ongoing']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypedDict, cast

from .fields import Reader, RecordError, show
from .i18n import tr

if TYPE_CHECKING:  # fractions imports decimal, long to import in Pyodide: only the systems need it at run time
    from fractions import Fraction

    from .params import Param


class Outcome(StrEnum):
    """How a fight stands. The values are the record's and the page's JSON strings."""

    ONGOING = "ongoing"
    WON = "won"
    LOST = "lost"
    EVADED = "evaded"  # the Lone Wolf family: the hero evaded
    ENDED = "ended"  # stopped by the section's rule (max rounds, a threshold)
    ESCAPED = "escaped"  # Fighting Fantasy: the hero escaped

    def __repr__(self) -> str:  # shown as the JSON string it is
        return repr(self.value)


ALIVE = (Outcome.EVADED, Outcome.ENDED, Outcome.ESCAPED)  # ends where the hero comes through alive, not winning


@dataclass(frozen=True, init=False)
class Worth:
    """What a fight's end is worth to the player, in wins: the one value the odds panel's advice, the best policy and
    the story all judge by. A win is 1 and death 0; coming through alive without a win (an evasion, an escape, a
    fight the section stops) is ``escape`` (1 by default: the panel's "coming through alive"); a point of something
    spent costs its ``rates`` (each named as the system's odds option that sets it, read as an attribute: 0 where
    none is given). A record carries the parts its player chose as ``worth``, so a shared story is judged as its
    player judged.

    >>> Worth().end("evaded"), Worth(escape=0.5).end("ended"), Worth().end("lost"), Worth(luck=0.1).luck
    (1.0, 0.5, 0.0, 0.1)
    """

    escape: float
    rates: tuple[tuple[str, float], ...]  # (a part spent, what a point of it costs), sorted, none at 0

    def __init__(self, escape: float = 1.0, **rates: float) -> None:
        object.__setattr__(self, "escape", float(escape))
        object.__setattr__(self, "rates", tuple(sorted((key, float(v)) for key, v in rates.items() if v)))

    def __getattr__(self, name: str) -> float:
        """What a point of ``name`` spent costs (0: nothing given)."""
        if name[0] == "_" or name == "rates":  # not a part (a copy's, before its fields are set)
            raise AttributeError(name)
        return dict(self.rates).get(name, 0.0)

    def end(self, outcome: str) -> float:
        """The worth of a fight that ended so (an ongoing one: nothing yet)."""
        if outcome == Outcome.WON:
            return 1.0
        return self.escape if outcome in ALIVE else 0.0

    @property
    def costs(self) -> bool:
        """Whether something spent is counted: then the worth is no longer a chance."""
        return bool(self.rates)

    @classmethod
    def parts(cls, data: Any, keys: Any, path: str = "worth") -> dict[str, float]:
        """The parts a record or a request gives, each one of ``keys`` (the parts the systems declare) and a share
        of a win from 0 to 1; RecordError naming the part otherwise."""
        reader = Reader(data, path, dict.fromkeys(keys, "Worth"))
        parts = {key: option_value(reader, key) for key in keys if reader.get(key, None) is not None}
        reader.done()
        return parts

    def json(self) -> dict[str, float]:
        """The parts that differ from the default worth (empty: the default)."""
        return {**({"escape": self.escape} if self.escape != 1.0 else {}), **dict(self.rates)}


# What coming through alive without a win is worth, as the odds panel offers it (an OddsOption's choices): the
# Lone Wolf family's evasion, Fighting Fantasy's escape.
ESCAPE_CHOICES = ((1.0, "as much as a win", ""), (0.5, "half a win", ""), (0.0, "nothing", ""))

# A simulation policy: (system, setup, state, counter) -> the action to take (its random parts left to the seed).
Policy = Callable[[type, Any, Any, int], Any]


if TYPE_CHECKING:  # the odds' types, for mypy and the reader (the page reads their JSON)
    from typing import NotRequired

    class Advice(TypedDict, total=False):
        """One item of the odds panel's advice, as the system's solver writes it: its ``text`` in the current
        language, where ``{name}`` stands for ``chances[name]`` (a chance the page writes as a percent) or
        ``numbers[name]`` (a number it writes as a decimal), in the page's own format; ``act``: the action it
        suggests, in the record's form (the page may send it as its act), where it is one."""

        text: str
        chances: dict[str, float]
        numbers: dict[str, float]
        act: dict[str, Any]

    class OddsReply(TypedDict, total=False):
        """The odds panel's answer for a fight's state, whatever the system (:meth:`System.exact_odds`, built by
        :func:`odds_reply`): the chances it is won, lost, ended by the section's rule, never ended; the rounds it
        lasts on average; the system's ``main_stat``, and where it ends up (``[[value, chance]]``) under that
        statistic's own name (a key no TypedDict can name); the advice, in words; the system's own numbers that its
        charts and tests read (a spend table, a best target...) beside them."""

        win: float
        lose: float
        ended: float
        never: float
        rounds: float | None
        main_stat: str
        advice: list[Advice]

    class OddsOption(TypedDict):
        """A choice a system's odds take from the player (:attr:`System.odds_options`): ``name`` (its key in the
        ``odds`` request's ``options``; for a part of the :class:`Worth`, the part's, as the record's ``worth`` names
        it), its ``legend``, and either ``choices`` ((value, label, hint), a share of a win: the panel draws them as
        radio buttons and writes the chosen one's hint, if any, under them, ``{p}`` the value as a percent) or
        ``whole`` (a whole number within these, which the fight's screen gives: no choices, the panel draws none), in
        English (shown through ``tr``); the ``default`` value; ``legacy``: the older request's key that gave it, still
        read; ``trade_off``: a chart the panel offers for it."""

        name: str
        legend: str
        choices: tuple[tuple[float, str, str], ...]
        default: float
        whole: NotRequired[tuple[int, int]]
        legacy: NotRequired[str]
        trade_off: NotRequired[TradeOff]

    class TradeOff(TypedDict):
        """A chart an option offers on request: what the best play wins (y) against what it spends (x), one point per
        value of the option in ``points`` (the chosen value's added, ringed), each from the odds reply's
        ``policy.point``, behind a button saying ``label``; the chart's ``caption`` and ``x`` axis."""

        label: str
        points: tuple[float, ...]
        caption: str
        x: str


ODDS_KEYS = ("win", "lose", "ended", "never", "rounds", "main_stat", "advice")  # every odds reply's (OddsReply)


def option_value(reader: Reader, key: str, option: OddsOption | None = None) -> float:
    """An odds option's value (or a worth's part's) as ``key`` of ``reader`` gives it: a whole number within the
    option's ``whole``, else a share of a win, from 0 to 1; RecordError naming the field otherwise."""
    if option and "whole" in option:
        low, high = option["whole"]
        return reader.integer(key, low=low, high=high)
    value = reader.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise reader.error(key, tr("must be a number from {low} to {high}, not {value}", low=0, high=1,
                                   value=show(value)))  # fmt: skip
    return float(value)


def advice(text: str, act: dict[str, Any] | None = None, **chances: float) -> Advice:
    """An advice item: its words (``{name}`` for each of ``chances``, each within 0 and 1: sums of floats may stray
    past 1 by an ulp or two) and the action it suggests, if any.

    >>> advice("Flip: {win}.", {"do": "flip"}, win=1.0000000000000002)
    {'text': 'Flip: {win}.', 'chances': {'win': 1.0}, 'act': {'do': 'flip'}}
    """
    item: Advice = {"text": text}
    if chances:
        item["chances"] = {name: min(1.0, max(0.0, p)) for name, p in chances.items()}
    if act:
        item["act"] = act
    return item


def odds_reply(win: float, lose: float, ended: float, never: float, rounds: float | None, stat: str,
               ends: list[list[float]], items: list[Advice], data: dict[str, Any]) -> OddsReply:
    """An :class:`OddsReply` as the page reads it: ``ends``, where the statistic ``stat`` ends up, under its name."""
    return cast("OddsReply", {"win": win, "lose": lose, "ended": ended, "never": never, "rounds": rounds,
                              "main_stat": stat, stat: ends, "advice": items, **data})  # fmt: skip


class ReviewValues(Protocol):
    """What a fight's review (:mod:`pyrules.review`) asks of a system, for one fight: a state's worth under the odds
    panel's objective (an ended fight: its result), the choices the player has in a state, the choice an action made
    (without its random part), what a choice costs at once and is worth before its random part (None: an action the
    worth does not weigh, as a potion drunk where the odds fight on with the sheet as it stands), in words."""

    def value(self, state: Any) -> float: ...

    def choices(self, state: Any) -> list[Any]: ...

    def decision(self, state: Any, action: Any) -> Any: ...

    def reward(self, state: Any, choice: Any) -> float: ...

    def q(self, state: Any, choice: Any) -> float | None: ...

    def words(self, choice: Any) -> str: ...


class System(ABC):
    """What a rule system provides. Everything is a class method over the system's own immutable values: its
    setup (hero, enemies, per-fight rules, seed), its state, and its actions."""

    key: ClassVar[str]  # the record's "system"
    kind: ClassVar[str]  # the page's screen module for it: web/screens/screen-<kind>.js
    book: ClassVar[str]  # in English; the page shows tr(book)
    hero_name: ClassVar[str]
    note: ClassVar[str] = ""  # beside the book's name in the book list, in English (shown through tr): whose rules
    # The record's hero takes a name (``hero.name``): the page puts the adventure sheet's "Hero's name" there, and
    # the fight's title and list say it instead of ``hero_name``. Not a party's (each character names himself).
    named_hero: ClassVar[bool] = False
    # the per-fight rules' labels (record ``rules``), from their declarations (rule_params): the API's hello says them
    rule_labels: ClassVar[dict[str, str]] = {}
    record_keys: ClassVar[tuple[str, ...]] = ()  # the system's own top-level record keys (Citadel's tables)
    # What the system can do beyond playing, declared (the page, the API and the tests read it, none tries and
    # catches): "exact_odds" (exact_odds answers; otherwise the page simulates), "roll_hero" (the book's creation
    # rules), "evasion" (a section may let the hero evade), "review" (the fight's story: review_values answers, or
    # without exact odds the review is simulated).
    capabilities: ClassVar[frozenset[str]] = frozenset()
    # The hero's statistic the odds chart and a finished fight's odds are about: its record key (and its state's
    # attribute), and the page's label for it is ``labels()[main_stat]``.
    main_stat: ClassVar[str] = "endurance"
    # Example set-ups as record parts (hero, enemies, rules), by use: "small" (a fight whose outcome is in doubt and
    # whose exact odds, where it has them, are quick: checked against a Monte Carlo), "typical" (random play). The
    # contract test plays each of every registered system and counts what it played. Optional, for the odds'
    # benchmark only (pyrules.benchmark; the fuzz tests leave it out): "large" (exact odds that take a while).
    examples: ClassVar[dict[str, dict]] = {}
    # The parts of the player's Worth this system's odds and review weigh ("escape": coming through alive without a
    # win; the others, what is spent, each an odds option's name); the others count nothing here (judged_worth).
    worth_parts: ClassVar[tuple[str, ...]] = ()
    # What the numbers of a fight are, for a reader who does not know the book (a friend opening a shared fight):
    # (a ``labels()`` key, its meaning in English), shown as "ENDURANCE: strength; …" (:meth:`glossed`).
    terms: ClassVar[tuple[tuple[str, str], ...]] = ()
    # The choices its odds take from the player (what an evasion, a point kept is worth, what a round spends...),
    # which the odds panel draws (:class:`OddsOption`) and the ``odds`` request carries as ``options``.
    odds_options: ClassVar[tuple[OddsOption, ...]] = ()
    # What describe() tells that the page never reads (the command line's and the API's readers do): keys, a key
    # inside another as "table.source". build.py leaves them out of the page (description(page=True)).
    unread: ClassVar[tuple[str, ...]] = ()

    # ---- the record -------------------------------------------------------------------------------------------

    @classmethod
    def rule_params(cls) -> tuple[Param, ...]:
        """This book's per-fight rules (record ``rules``), each declared once in its record module
        (:mod:`pyrules.params`): their reading, the set-up form's fields (``describe()["rules"]``, built by the page's
        one form builder), the fuzz tests' values and the records document's tables follow. None by default."""
        return ()

    @classmethod
    @abstractmethod
    def parse_setup(cls, data: dict, lenient: bool = False) -> Any:
        """The system's part of a fight record (hero, enemies, rules, seed, its own keys); RecordError names the
        field of any bad value. ``lenient``: numbers may come as text (the set-up form)."""

    @classmethod
    @abstractmethod
    def setup_json(cls, setup: Any) -> dict:
        """The setup in the record's own form (``parse_setup`` reads it back to the same setup)."""

    @classmethod
    @abstractmethod
    def read_hero(cls, data: Any, lenient: bool = False) -> dict:
        """An adventure's hero: the record's ``hero`` part read by the record's own rules (a RecordError names the
        field, ``hero.endurance``; ``lenient``: numbers typed as text, from the set-up form) and written back in the
        record's form with the starting values filled in. Unlike a fight's hero, it may be out of the fight (0
        ENDURANCE, an empty party): a lost fight leaves it so."""

    @classmethod
    @abstractmethod
    def hero_after(cls, setup: Any, state: Any) -> dict:
        """The record's ``hero`` part as the fight (or the actions so far) leaves the hero, for the next fight of an
        adventure: what was lost, spent or restored taken into account, the starting values kept. A lost fight's
        hero keeps what the rules left (0 ENDURANCE); :meth:`read_hero` reads it back to the same."""

    @classmethod
    @abstractmethod
    def parse_action(cls, data: Any, index: int, lenient: bool = False) -> Any:
        """One action of the record, checked for its form (``step`` checks that it is allowed now)."""

    @classmethod
    @abstractmethod
    def action_json(cls, action: Any) -> dict:
        """The action in the record's form."""

    # ---- the rules --------------------------------------------------------------------------------------------

    @classmethod
    @abstractmethod
    def initial(cls, setup: Any) -> Any:
        """The state before the first action."""

    @classmethod
    @abstractmethod
    def legal_actions(cls, setup: Any, state: Any) -> list:
        """Every action the player may take now, with its random parts left to chance (empty when the fight is
        over). Choices that are the player's (a target, a spend, a move) are listed one action each; free values
        that need no list (a typed die, a new item's name) take a plain value."""

    @classmethod
    @abstractmethod
    def step(cls, setup: Any, state: Any, action: Any, path: str = "action") -> tuple[Any, dict]:
        """Apply one action: the new state and the log event. Raises RecordError (naming ``path``) if the action
        is not allowed now. Pure: the same setup, state and action always give the same answer."""

    @classmethod
    @abstractmethod
    def chance(cls, setup: Any, state: Any, action: Any) -> list[tuple[Fraction, Any]]:
        """The random part of ``action`` as data, as OpenSpiel's chance nodes: [(probability, the action with the
        next random outcome filled in)], exact probabilities summing to 1; ``[(1, action)]`` when nothing is left to
        chance (numbers typed, or an action that draws nothing). Where an action has several random parts (a round's
        dice for each fighter) they are filled in one per call, so the lists stay small; stepping an action whose
        chance is ``[(1, action)]`` draws nothing from the seed."""

    @classmethod
    @abstractmethod
    def outcome(cls, state: Any) -> Outcome:
        """How the fight stands."""

    # ---- what the page, the saved-fights list and the command line see ------------------------------------

    @classmethod
    @abstractmethod
    def view(cls, setup: Any, state: Any) -> dict:
        """What the screen needs before the next action."""

    @classmethod
    def probes(cls, setup: Any, state: Any) -> dict[str, Any]:
        """Actions, by the name of the control that takes them, whose refusal in this state the page shows as the
        reason the control is unavailable (the engine's own words: :meth:`pyrules.fight.Fight.refusals` tries each
        with :meth:`step`). None by default."""
        return {}

    @classmethod
    def said(cls, setup: Any, event: dict) -> dict[str, Any]:
        """The log entry of ``event`` in words, in the current language, as the page's log, its screen reader and the
        command line say it (python-chess's ``board.san``): ``{"text": the entry}`` and whatever else the system's
        screen lays out in words (each line of a round, each fighter's result), never a rule decided by the page.
        Said at the boundary (:meth:`pyrules.fight.Fight.told`), not stored in the log: a replay says nothing. None
        by default: the event's own fields."""
        return {}

    @classmethod
    @abstractmethod
    def summary(cls, setup: Any, state: Any) -> dict:
        """One line for a list of saved fights: ``book``, ``hero``, ``enemies`` (names), ``rounds``, ``outcome``
        and ``stats`` ([label, value] pairs in the book's words, e.g. [["ENDURANCE", 16]])."""

    @classmethod
    @abstractmethod
    def result(cls, setup: Any, state: Any) -> dict:
        """The command line's answer (without the log)."""

    @classmethod
    @abstractmethod
    def labels(cls) -> dict[str, str]:
        """The hero's fields and their labels in the book's words (in English; shown through ``tr``)."""

    @classmethod
    @abstractmethod
    def describe(cls) -> dict:
        """What the page needs to know of this system, in the current language (``kind``, ``book``, labels...)."""

    @classmethod
    def description(cls, page: bool = False) -> dict:
        """The system as it tells itself, in the current language: :meth:`describe` and what every system declares
        (``named_hero``, ``capabilities``, ``main_stat``, ``note``, ``odds_options``): what ``hello`` answers. For the
        page (``page``: what build.py writes into it), without the parts only the command line and the API's readers
        read (:attr:`unread`) and the odds options its panel does not draw (no choices: the screen's field gives it)."""
        told = {**cls.describe(), "named_hero": cls.named_hero, "capabilities": sorted(cls.capabilities),
                "main_stat": cls.main_stat, "note": tr(cls.note) if cls.note else "",
                "odds_options": [option for option in cls.odds_choices() if option["choices"] or not page]}
        for path in cls.unread if page else ():
            *inside, key = path.split(".")
            part: Any = told
            for step in inside:
                part = part.get(step) if isinstance(part, dict) else None
            if isinstance(part, dict):
                part.pop(key, None)
        return told

    @classmethod
    def roll_hero(cls, seed: int, given: Reader) -> tuple[dict, dict]:
        """A new hero by the book's creation rules: (hero's numbers, the random numbers or dice used)."""
        raise RecordError("system", tr("this book's heroes are not rolled: type their numbers"), tr("Rules"))

    # ---- between sections (the adventure's journal: pyrules/journal.py) ------------------------------------------

    @classmethod
    def sheet(cls, path: str = "action") -> Any:
        """The rules of the hero's sheet between sections: a module with ``read_action(system, data, path)`` (an
        action read and normalized, refused by field), ``act(system, hero, action)`` (the adventure's ``hero``, a
        record's hero part, after it) and ``said(system, action, was, now)`` (its log line, from the hero's values it
        changed). By default there is none: this book keeps no sheet between fights but the hero's numbers (a refusal
        naming ``path``)."""
        raise RecordError(path, tr("this book keeps no Action Chart between sections"), tr("Action"))

    # ---- odds ----------------------------------------------------------------------------------------------

    @classmethod
    def odds_choices(cls) -> list[dict[str, Any]]:
        """:attr:`odds_options` in the current language, as the page draws them."""
        return [{**option, "legend": tr(option["legend"]), "choices": [
            {"value": value, "label": tr(label), **({"hint": tr(hint, p="{p}")} if hint else {})}
            for value, label, hint in option["choices"]],
            **({"trade_off": {**option["trade_off"], **{key: tr(option["trade_off"][key])
                                                        for key in ("label", "caption", "x")}}}
               if "trade_off" in option else {})} for option in cls.odds_options]  # fmt: skip

    @classmethod
    def odds_asked(cls, given: Any, path: str = "options") -> dict[str, float]:
        """The ``options`` an odds request gives (each a declared option's name, :attr:`odds_options`): a choice's
        value a share of a win from 0 to 1, a whole number within its bounds; RecordError naming the field
        (``options.escape``) otherwise."""
        options = cls.odds_options
        reader = Reader(given, path, {option["name"]: option["legend"] for option in options})
        chosen = {o["name"]: option_value(reader, o["name"], o) for o in options
                  if reader.get(o["name"], None) is not None}  # fmt: skip
        reader.done()
        return chosen

    @classmethod
    def exact_odds(cls, fight: Any, options: dict) -> OddsReply:
        """The odds panel's answer for the fight's state (see :func:`pyrules.odds.odds`): an :class:`OddsReply`
        (:func:`odds_reply`: ``win``, ``lose``, ``ended``, ``never``, ``rounds``, the ``main_stat``'s distribution,
        the advice in words, the system's own data); ``win_plain`` where the best play
        differs from the simulation's plain play (the chance to win playing as :meth:`simulation_policy` does, which
        the contract test checks against a Monte Carlo). Raises :class:`pyrules.budget.TooLarge` where exact odds are
        out of reach (then the page simulates)."""
        from .budget import TooLarge

        raise TooLarge(f"{cls.key}: no exact odds, estimated by simulation")

    @classmethod
    def action_kinds(cls) -> dict[str, str]:
        """The record's kinds of action (``"do"``) and their labels, in English (shown through ``tr``)."""
        return {}

    @classmethod
    def glossed(cls) -> list[list[str]]:
        """The one-line key of :attr:`terms` in the current language: ``[[label in the book's words, meaning]]``."""
        labels = cls.labels()
        return [[tr(labels[name]), tr(meaning)] for name, meaning in cls.terms]

    @classmethod
    def standing(cls, setup: Any, state: Any) -> int:
        """The hero's ``main_stat`` at one moment of a fight: what a shared adventure's chart follows from fight to
        fight. By default the state's attribute of that name; a party's book adds up its members'."""
        return int(getattr(state, cls.main_stat))

    @classmethod
    def sides(cls, setup: Any, state: Any) -> list[list]:
        """Both sides' numbers at one moment of a fight, as the story steps through it: ``[[name, label, value]]``.
        By default the hero's, as the list of saved fights shows them; a system adds its enemies'."""
        summary = cls.summary(setup, state)
        return [[summary["hero"], label, value] for label, value in summary["stats"]]

    @classmethod
    def review_values(cls, setup: Any, state: Any, options: dict) -> ReviewValues | None:
        """The review's questions for a fight that starts from ``state`` (``options``: ``worth``, the player's
        :class:`Worth`, as :meth:`judged_worth` leaves it). None by default: this book's fights are not reviewed."""
        return None

    @classmethod
    def judged_worth(cls, worth: Worth) -> Worth:
        """The worth this system's judgments weigh: the parts its best play can count (``worth_parts``); an end
        alive without a win counts nothing where its odds never weigh one (they fight to the end), a cost nothing
        where nothing is spent."""
        parts = cls.worth_parts
        return Worth(worth.escape if "escape" in parts else 0.0, **{k: v for k, v in worth.rates if k in parts})

    @classmethod
    @abstractmethod
    def simulation_policy(cls, options: Mapping[str, Any] | None = None) -> Policy:
        """How the Monte Carlo plays this system to the end (plainly: the first target, no optional tests), under the
        odds' options the system reads (as :meth:`exact_odds` gets them: Grey Star's ``spend`` a round)."""
