"""A book's per-fight rules (a record's ``rules``), declared once as data, as OpenSpiel declares a game's parameters:
each a field of the system's rules dataclass whose metadata says its kind, bounds, label and hint.
From the declarations follow the dataclass's defaults, the reading of a record's ``rules`` (:func:`read`, by the
:class:`~pyrules.fields.Reader`: same errors, same lenient mode), the labels, the set-up form the page builds
(:func:`page`), the fight's chips (:func:`said`) and the records document's tables (each field's comment says what
the rule does: ``tests/unit/test_params.py`` writes them). Imports only :mod:`fields` and :mod:`i18n`.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Example:
...     rounds: int = whole("Rounds", low=0, high=9, default=0)
...     escape: bool = flag("Escape allowed", form_default=True)
>>> [(p.key, p.kind, p.default) for p in declared(Example)]
[('rounds', 'whole', 0), ('escape', 'flag', False)]
>>> read(declared(Example), {"rounds": "3"}, lenient=True)
{'rounds': 3, 'escape': False}
>>> read(declared(Example), {"rounds": 10})
Traceback (most recent call last):
...
pyrules.fields.RecordError: rules.rounds (Rounds): must be from 0 to 9, not 10
>>> for field in page(declared(Example)):
...     print(field)
{'key': 'rounds', 'label': 'Rounds', 'placeholder': '0'}
{'key': 'escape', 'label': 'Escape allowed', 'check': True, 'checked': True}
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .fields import MISSING, Reader
from .i18n import tr

if TYPE_CHECKING:  # fractions imports decimal, long to import in Pyodide: the systems that have multipliers import it
    from fractions import Fraction

WHOLE, FLAG, MULTIPLIER, CHOICE = "whole", "flag", "multiplier", "choice"
META = "param"  # the key of a declaration in its dataclass field's metadata


@dataclass(frozen=True)
class Param:
    """One per-fight rule. ``label``, ``hint``, ``placeholder`` and ``said`` are English, shown through ``tr`` (a hint
    may name ``{default}`` and the numbers its system's ``describe`` gives); ``form_default`` is the set-up form's
    where it differs from the record's (a box the form starts ticked); ``needs`` a class flag a book must have for the
    rule to be its own (Banedon's Vigour); ``said`` the fight's chip where the rule is set (``{value}`` and the
    system's numbers; else the label, and its value)."""

    kind: str
    label: str
    default: Any = None
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    form_default: Any = MISSING
    hint: str = ""
    placeholder: str = ""
    needs: str = ""
    said: str = ""
    key: str = ""

    def read(self, r: Reader) -> Any:
        if self.kind == FLAG:
            return r.flag(self.key, default=self.default)
        if self.kind == MULTIPLIER:
            return r.fraction(self.key, low=self.low, high=self.high, default=self.default)
        if self.kind == CHOICE:
            return r.choice(self.key, dict.fromkeys(self.choices), default=self.default)
        return r.integer(self.key, low=self.low, high=self.high, default=self.default)

    @property
    def starts(self) -> Any:
        """The set-up form's value to start with."""
        return self.default if self.form_default is MISSING else self.form_default

    def json(self, **numbers: Any) -> dict:
        """What the page's set-up form is told of it, in the current language: its key and label, and only what
        differs from a whole number's field (a box, a decimal, a sign, a hint, a placeholder, a box ticked)."""
        data: dict[str, Any] = {"key": self.key, "label": tr(self.label)}
        if self.kind == FLAG:
            data["check"] = True
            if self.starts:
                data["checked"] = True
        elif self.kind == MULTIPLIER:
            data["decimal"] = True
        elif self.kind == CHOICE:
            data["choices"] = list(self.choices)
        if self.low < 0:
            data["signed"] = True
        if self.hint:
            data["hint"] = tr(self.hint, default=number(self.default), **numbers)
        if self.placeholder:
            data["placeholder"] = tr(self.placeholder)
        elif self.kind in (WHOLE, MULTIPLIER) and self.starts is not None:
            data["placeholder"] = str(number(self.starts))
        return data


def number(value: Any) -> Any:
    """A default as JSON says it (a multiplier as a number)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return int(value) if value.denominator == 1 else float(value)  # a Fraction


def _declare(param: Param) -> Any:
    return dataclasses.field(default=param.default, metadata={META: param})


def whole(label: str, *, low: int, high: int, default: int | None = None, **more: Any) -> Any:
    """A whole number from ``low`` to ``high`` (``default``: None where left out means the rule does not apply)."""
    return _declare(Param(WHOLE, label, default, low, high, **more))


def flag(label: str, *, default: bool = False, **more: Any) -> Any:
    return _declare(Param(FLAG, label, default, **more))


def multiplier(label: str, *, low: int, high: int, default: Fraction, **more: Any) -> Any:
    """A number such as 2 or 0.5 (at most two decimals), kept exact."""
    return _declare(Param(MULTIPLIER, label, default, low, high, **more))


def choice(label: str, *, choices: tuple[str, ...], default: str, **more: Any) -> Any:
    return _declare(Param(CHOICE, label, default, choices=choices, **more))


def declared(rules: type) -> tuple[Param, ...]:
    """The declarations of a rules dataclass, in its fields' order, each with its key (the field's name)."""
    return tuple(
        dataclasses.replace(f.metadata[META], key=f.name) for f in dataclasses.fields(rules) if META in f.metadata
    )


def of(system: type, params: tuple[Param, ...]) -> tuple[Param, ...]:
    """The declarations a book has: those it ``needs`` a flag for only where its class sets the flag."""
    return tuple(p for p in params if not p.needs or getattr(system, p.needs))


def labels(params: tuple[Param, ...]) -> dict[str, str]:
    return {p.key: p.label for p in params}


def read(params: tuple[Param, ...], data: Any, lenient: bool = False, path: str = "rules") -> dict[str, Any]:
    """A record's ``rules`` object read by the declarations (a RecordError names the field); keys it does not
    declare refused. Checks across rules are the system's, after it."""
    r = reader(params, data, lenient, path)
    values = {p.key: p.read(r) for p in params}
    r.done()
    return values


def reader(params: tuple[Param, ...], data: Any, lenient: bool = False, path: str = "rules") -> Reader:
    """A Reader of the rules object with the declarations' labels (its ``error`` names a rule as reading would)."""
    return Reader(data, path, labels(params), lenient)


def said(params: tuple[Param, ...], rules: Any, **numbers: Any) -> list[str]:
    """The fight's rules that differ from the plain case, in the current language (the screen's chips): a rule's
    ``said``, or its label ("Vigour allowed: no", "Evasion allowed after round: 3").

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Example:
    ...     rounds: int = whole("Rounds", low=0, high=9, default=0)
    ...     vigour: bool = flag("Vigour allowed", default=True)
    ...     luck: bool = flag("Using luck in combat", said="Luck in combat")
    >>> said(declared(Example), Example(rounds=3, vigour=False, luck=True))
    ['Rounds: 3', 'Vigour allowed: no', 'Luck in combat']
    """
    words = []
    for p in params:
        value = getattr(rules, p.key)
        if value == p.default:
            continue
        if p.said:
            words.append(tr(p.said, value=number(value), **numbers))
        elif value is True:
            words.append(tr(p.label))
        else:
            words.append(f"{tr(p.label)}: {tr('no') if value is False else number(value)}")
    return words


def page(params: tuple[Param, ...], **numbers: Any) -> list[dict]:
    """The set-up form's rules, in the current language (``numbers``: what the hints say besides their default)."""
    return [p.json(**numbers) for p in params]
