"""Reading untrusted JSON (a fight record, a form, a share link) with errors that name the field.

Every error is a :class:`RecordError` carrying the field's path in the record (``hero.skill``,
``actions[3].willpower``), the label the player sees on screen (``COMBAT SKILL``) and a message.

>>> r = Reader({"skill": "12a"}, "hero", labels={"skill": "COMBAT SKILL"})
>>> r.integer("skill", low=0, high=99)
Traceback (most recent call last):
...
pyrules.fields.RecordError: hero.skill (COMBAT SKILL): must be a whole number from 0 to 99, not '12a'
"""

from __future__ import annotations

import json
import math
import re
from typing import TYPE_CHECKING, Any

from .i18n import tr

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    T = TypeVar("T")
    F = TypeVar("F", bound=Callable[..., Any])

MISSING: Any = object()


class RecordError(ValueError):
    """Bad input. ``field`` is the path in the record, ``label`` the on-screen name (may be empty); ``more``: the
    other faults of a form found with it (:func:`every_fault`), said with it (``errors``, itself first)."""

    more: list[RecordError] = []

    def __init__(self, field: str, message: str, label: str = ""):
        self.field = field
        self.message = message
        self.label = label
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.field} ({self.label})" if self.label else self.field
        return f"{where}: {self.message}" if where else self.message

    def said(self) -> str:
        """The error as a player reads it in a sentence of the page: the field by its label (its path where it has
        none), as the form says it beside the field."""
        return f"{self.label}: {self.message}" if self.label else str(self)

    def as_dict(self) -> dict:
        said = {"field": self.field, "label": self.label, "message": self.message, "text": self.said()}
        return {**said, "errors": [said] + [fault.as_dict() for fault in self.more]} if self.more else said


_faults: list[list[RecordError]] = []  # the faults found by each reading every_fault() runs (the innermost last)


def every_fault(read: Callable[[], T]) -> T:
    """``read()`` (a form's record read), refused with every faulty field at once: the first fault raised, the others
    in its ``more``. Within it a Reader's read of a value notes its fault and goes on with a stand-in (its default,
    else its least value; an empty list), so that one Start names every field to mend. A check across fields that
    then refuses (or fails on a stand-in) is said only where no field of its part of the record (hero, enemies,
    rules) was faulty: it was judged on a stand-in.

    >>> try:
    ...     every_fault(lambda: [Reader({"a": "x", "b": 10}, "", lenient=True).integer(k, low=0, high=9) for k in "ab"])
    ... except RecordError as refused:
    ...     print(refused, *refused.more, sep="; ")
    a: must be a whole number from 0 to 9, not 'x'; b: must be from 0 to 9, not 10
    """
    found: list[RecordError] = []
    _faults.append(found)
    try:
        value = read()
    except Exception as raised:
        if not found:
            raise
        if isinstance(raised, RecordError) and _part(raised) not in map(_part, found):
            found.append(raised)
    finally:
        _faults.pop()
    if found:
        found[0].more = found[1:]
        raise found[0]
    return value


def _part(error: RecordError) -> str:
    return re.split(r"[.[]", error.field)[0]


def _noted(read: F) -> F:
    """A Reader's read of one value that, within :func:`every_fault`, notes its fault and answers a stand-in: its
    default, else its least value (``low``; None for a text or a choice), an empty list for a list."""

    def reading(self: Reader, key: Any, *args: Any, **options: Any) -> Any:
        try:
            return read(self, key, *args, **options)
        except RecordError as fault:
            if not _faults:
                raise
            _faults[-1].append(fault)
            default = options.get("default", MISSING)  # given as MISSING too (a roster's number it has not)
            return ([] if read.__name__ == "items" else options.get("low")) if default is MISSING else default

    return reading  # type: ignore[return-value]


MAX_DEPTH = 32
MAX_NAME = 80  # a hero's name: what the adventure sheet's "Hero's name" holds, and the record's hero.name

# A number typed as text (a form, a rule multiplier) is read only if its shape is one of these, checked before any
# conversion: int() and Fraction() of a long or huge-exponent text take time (or fail) before a range can refuse it.
MAX_DIGITS = 12  # digits of a whole number typed as text: the largest limit (999,999 gold) has 6
MAX_DECIMALS = 6  # digits after the point of a multiplier such as 0.25 (two are allowed once read)
MAX_EXPONENT = 3  # digits of a multiplier's exponent, such as 5e-1 (a JSON float's text may carry one)
WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
DECIMAL = re.compile(
    rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}(?:\.[0-9]{{0,{MAX_DECIMALS}}})?(?:[eE][+-]?[0-9]{{1,{MAX_EXPONENT}}})?"
    rf"|[+-]?\.[0-9]{{1,{MAX_DECIMALS}}}|[+-]?[0-9]{{1,{MAX_DIGITS}}}/[0-9]{{1,{MAX_DIGITS}}}"
)


def check_depth(text: str, field: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` before parsing it: in WebAssembly a deep enough document overflows
    the stack of the JSON parser itself (a fatal error for Pyodide), whatever Python's recursion limit says.

    >>> check_depth('{"a": [1, {"b": "[[[["}]}', "record")
    >>> check_depth("[" * 40 + "]" * 40, "link")
    Traceback (most recent call last):
    ...
    pyrules.fields.RecordError: link: is nested more than 32 levels deep: not a fight record
    """
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise RecordError(field, tr("is nested more than {limit} levels deep: not a fight record", limit=limit))
        elif char in "]}":
            depth -= 1


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def strict_loads(text: str) -> Any:
    """``json.loads`` that keeps to JSON: Python also reads NaN, Infinity and 1e999 (as inf), which no JSON text
    holds and no reply may carry back (the page's ``JSON.parse`` refuses them). Raises ValueError."""
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite)


def parse_json(text: str, field: str) -> Any:
    """Untrusted JSON text: nested at most MAX_DEPTH levels and strict, or a RecordError naming ``field``.

    >>> parse_json('{"seed": NaN}', "record")
    Traceback (most recent call last):
    ...
    pyrules.fields.RecordError: record: is not valid JSON (NaN is not a JSON number)
    """
    check_depth(text, field)
    try:
        return strict_loads(text)
    except ValueError as exc:  # JSONDecodeError, a refused constant, more digits than int() converts
        raise RecordError(field, tr("is not valid JSON ({detail})", detail=exc)) from None


# Hangul fillers and the blank Braille pattern: letters shown as nothing
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def visible(text: str) -> bool:
    """Whether ``text`` shows anything: a character other than a space, a control or format character (the
    zero-width spaces and joiners, U+200B..U+200F, U+2060, U+FEFF), a mark alone (a combining accent has nothing to
    sit on) or a blank letter.

    >>> visible("Orc 2"), visible("Жрец"), visible("\u200b\u2060 \ufeff"), visible("\u0301\u034f"), visible("e\u0301")
    (True, True, False, False, True)
    """
    import unicodedata  # here: a name of ASCII letters (the usual) never needs it

    for char in text:
        if char.isascii():
            if char.isprintable() and not char.isspace():
                return True
        elif char.isprintable() and not char.isspace() and char not in BLANK_LETTERS:
            if not unicodedata.category(char).startswith("M"):
                return True
    return False


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def key_name(key: Any) -> str:
    """A key of an object as a field's name: itself, or its repr where it would not show (empty or blank, long, or
    with a character that is not printable, such as a lone surrogate or a zero-width space).

    >>> print(key_name("skill"), key_name(""), key_name("\\u200b"))
    skill '' '\\u200b'
    """
    key = str(key)
    return key if key.strip() and len(key) <= 40 and key.isprintable() else show(key)


class Reader:
    """Reads the keys of one JSON object; :meth:`done` refuses keys nobody asked for (typos, foreign data).

    ``lenient`` accepts numbers typed as text ("15"), as they come from a form; records must carry numbers.
    """

    def __init__(
        self, data: Any, path: str, labels: dict[str, str] | dict[int, str] | None = None, lenient: bool = False
    ):
        if not isinstance(data, dict):
            raise RecordError(path or "record", tr("must be a JSON object {{...}}, not {value}", value=show(data)))
        self.data = data
        self.path = path
        self.labels: dict[Any, str] = dict(labels or {})
        self.lenient = lenient
        self.seen: set[Any] = set()

    def error(self, key: str | int, message: str) -> RecordError:
        label = self.labels.get(key, "")
        return RecordError(join(self.path, key), message, tr(label) if label else "")

    def get(self, key: str | int, default: Any = MISSING) -> Any:
        self.seen.add(key)
        if key in self.data and self.data[key] is not None:
            return self.data[key]
        if default is MISSING:
            raise self.error(key, tr("is missing"))
        return default

    @_noted
    def integer(self, key: str | int, *, low: int, high: int, default: Any = MISSING) -> Any:
        value = self.get(key, default)
        if value is default and default is not MISSING:
            return value
        if self.lenient and isinstance(value, str):
            text = value.strip().replace("\u2212", "-")
            if WHOLE.fullmatch(text):
                value = int(text)
            elif text == "" and default is not MISSING:
                return default
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and value.strip() == "":
                raise self.error(key, tr("is empty: enter a whole number from {low} to {high}", low=low, high=high))
            raise self.error(
                key,
                tr("must be a whole number from {low} to {high}, not {value}", low=low, high=high, value=show(value)),
            )
        if not low <= value <= high:
            raise self.error(key, tr("must be from {low} to {high}, not {value}", low=low, high=high, value=value))
        return value

    @_noted
    def fraction(self, key: str | int, *, low: int, high: int, default: Any = MISSING) -> Any:
        """A multiplier such as 2 or 0.5, kept exact as a Fraction."""
        from fractions import Fraction  # here, not at start-up: it imports decimal

        value = self.get(key, default)
        if value is default and default is not MISSING:
            return value
        try:
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                raise ValueError
            text = str(value).strip().replace("\u2212", "-")
            if not DECIMAL.fullmatch(text):  # the shape first: Fraction("1e10000000") takes seconds to build
                raise ValueError
            result = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise self.error(
                key,
                tr(
                    "must be a number from {low} to {high}, such as 2 or 0.5, not {value}",
                    low=low,
                    high=high,
                    value=show(value),
                ),
            )
        if isinstance(value, str) and not self.lenient:
            raise self.error(
                key,
                tr(
                    "must be a number from {low} to {high}, not the text {value}", low=low, high=high, value=show(value)
                ),
            )
        if not low <= result <= high:
            raise self.error(
                key, tr("must be a number from {low} to {high}, not {value}", low=low, high=high, value=show(value))
            )
        if 100 % result.denominator:
            raise self.error(
                key, tr("must have at most two decimals (such as 1.5 or 0.25), not {value}", value=show(value))
            )
        return result

    @_noted
    def text(self, key: str | int, *, default: Any = MISSING, max_length: int = 60) -> Any:
        value = self.get(key, default)
        if value is default and default is not MISSING:
            return value
        if not isinstance(value, str):
            raise self.error(key, tr("must be text, not {value}", value=show(value)))
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:  # a lone surrogate (\ud800): JSON can carry it, no file or link can
            code = f"U+{ord(value[exc.start]):04X}"
            raise self.error(key, tr("holds a broken character ({code}) that is not text: type it again", code=code))
        value = " ".join(value.split())
        if len(value) > max_length:
            raise self.error(key, tr("must be at most {n} {n|character|characters} long", n=max_length))
        if not value:
            if default is not MISSING:
                return default
            raise self.error(key, tr("must not be empty"))  # a required text: what would name it?
        if not visible(value):  # zero-width spaces, marks alone: a name nobody can see or tell from another
            raise self.error(key, tr("shows no character (only spaces, invisible characters or accents alone)"))
        return value

    @_noted
    def choice(self, key: str, choices: dict[str, Any], *, default: Any = MISSING) -> Any:
        value = self.get(key, default)
        if value is default and default is not MISSING:
            return value
        if not isinstance(value, str) or value not in choices:
            known = ", ".join(choices)
            raise self.error(key, tr("must be one of {known}, not {value}", known=known, value=show(value)))
        return value

    @_noted
    def flag(self, key: str, *, default: bool = False) -> bool:
        value = self.get(key, default)
        if self.lenient and value in ("true", "on", "false", ""):
            return value in ("true", "on")
        if not isinstance(value, bool):
            raise self.error(key, tr("must be true or false, not {value}", value=show(value)))
        return value

    @_noted
    def items(self, key: str, *, low: int, high: int, default: Any = MISSING) -> Any:
        value = self.get(key, default)
        if value is default and default is not MISSING:
            return value
        if not isinstance(value, list):
            raise self.error(key, tr("must be a list [...], not {value}", value=show(value)))
        if not low <= len(value) <= high:
            raise self.error(
                key,
                tr("must hold from {low} to {high} {high|entry|entries}, not {n}", low=low, high=high, n=len(value)),
            )
        return value

    def done(self) -> None:
        unknown = [key for key in self.data if key not in self.seen]
        if unknown:  # a hostile key is named by its repr (no lone surrogate, never an empty name)
            raise RecordError(
                join(self.path, key_name(unknown[0])), tr("is not a field this app knows (a typo, or a newer format?)")
            )


def changed_rules(rules: Any) -> dict:
    """The rules that differ from their defaults, as JSON (multipliers, Fractions, as numbers)."""
    defaults = type(rules)()
    changed = {}
    # its __dict__, not vars(): python-minifier leaves every local name of a module long where it meets vars()
    for key, value in rules.__dict__.items():
        if value != getattr(defaults, key):
            fraction = not isinstance(value, (bool, int, str)) and hasattr(value, "denominator")
            changed[key] = (int(value) if value.denominator == 1 else float(value)) if fraction else value
    return changed
