"""Messages in the player's language.

Every text the rules produce (errors, reasons, log notes, labels) is written in the code in English and passed
through :func:`tr`, which looks it up in the current request's language. The languages are data: their list, names
and plural rules in ``pyrules/locales/languages.json``, and each one's folder beside it (``ru/rules.json`` holds the
rules' texts; the page's and the glossary are its other files, read by build.py and the tests). Templates take named
fields (``{low}``) and plural choices, one form per category of the language's rule: ``{n|one|other}`` in English,
``{n|one|few|many}`` in Russian (1 очко, 2 очка, 5 очков).

>>> tr("must be from {low} to {high}, not {value}", low=0, high=9, value=12)
'must be from 0 to 9, not 12'
>>> with language("ru"):
...     tr("must be from {low} to {high}, not {value}", low=0, high=9, value=12)
'должно быть от 0 до 9, а не 12'
>>> [plural("ru", n) for n in (1, 2, 5, 11, 21, 22, 25, 112)]
['one', 'few', 'many', 'many', 'one', 'few', 'many', 'many']
>>> with language("ru"):
...     [tr("{n} {n|point|points}", n=n) for n in (1, 3, 7)]
['1 очко', '3 очка', '7 очков']
"""

from __future__ import annotations

import base64
import contextlib
import contextvars
import json
import os
import re
import zlib
from collections.abc import Iterable
from typing import Any, SupportsInt, cast

LOCALES = os.path.join(os.path.dirname(__file__), "locales")
_language: contextvars.ContextVar[str] = contextvars.ContextVar("language", default="en")


def read_json(beside: str, name: str) -> Any:
    """A JSON file of the package, in ``data/`` beside the module ``beside`` (its ``__file__``). A plain file read:
    importlib.resources takes 10 ms to import in Pyodide, at every start."""
    with open(os.path.join(os.path.dirname(beside), "data", name), encoding="utf-8") as file:
        return json.load(file)


def short_key(text: str) -> str:
    """The key of ``text`` in a catalog keyed short (the page's copy: build.py): the low 24 bits of its CRC-32, in
    base64, four characters (keys are a third of a catalog's download gzipped, for they do not compress: 32 bits were
    1.5 KB more, hex's six characters 0.3 KB more; two texts of one catalog with one key are refused by
    tools/words.py's ``keyed_short``, so the build says it).

    >>> short_key("Language")
    'rRPj'
    """
    return base64.b64encode((zlib.crc32(text.encode("utf-8")) & 0xFFFFFF).to_bytes(3, "big")).decode("ascii")


KEYED_SHORT = "crc24"  # the marker, under the key "", of a catalog whose keys are short_key(English)


def _catalog(data: dict[str, str]) -> tuple[dict[str, str], bool]:
    short = data.get("") == KEYED_SHORT
    return ({k: v for k, v in data.items() if k} if short else data), short


def _plural_rule(rule: str):
    """A CLDR plural condition over whole numbers (``n % 10 = 2..4 and n % 100 != 12..14``; ``or`` of ``and``s of
    relations; a value is a number, a range ``a..b`` or a list of them), as a test of ``n``; "" is always true."""
    def relation(text: str):
        match = re.fullmatch(r"\s*n\s*(?:%\s*(\d+))?\s*(!=|=)\s*([\d.,\s]+)", text)
        if not match:
            raise ValueError(f"not a plural rule CLDR writes for whole numbers: {text!r}")
        modulo, negated, values = int(match[1] or 0), match[2] == "!=", []
        for part in match[3].split(","):
            low, _, high = part.strip().partition("..")
            values.append((int(low), int(high or low)))
        return lambda n: any(low <= (n % modulo if modulo else n) <= high for low, high in values) != negated

    alternatives = [[relation(r) for r in part.split(" and ")] for part in rule.split(" or ")] if rule.strip() else []
    return lambda n: not alternatives or any(all(test(n) for test in tests) for tests in alternatives)


def read_locales(root: str = LOCALES) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, str]], set[str]]:
    """The languages of ``root`` (its languages.json, in order, each with its name, forms and plural rule), each one's
    rules catalog (none for English, the code's own) and the codes whose catalog is keyed short (the page's archive)."""
    with open(os.path.join(root, "languages.json"), encoding="utf-8") as file:
        listed = json.load(file)["languages"]
    languages: dict[str, dict[str, Any]] = {}
    catalogs: dict[str, dict[str, str]] = {}
    short: set[str] = set()
    for entry in listed:
        code = entry["code"]
        rules = [(category, _plural_rule(rule)) for category, rule in entry["plural"]]
        languages[code] = {"name": entry["name"], "forms": tuple(c for c, _ in rules), "rules": rules}
        if code == "en":
            catalogs[code] = {}
            continue
        path = os.path.join(root, code, "rules.json")
        if not os.path.exists(path):  # the page's copy of the rules: each language's texts come with its download
            continue
        with open(path, encoding="utf-8") as file:
            catalogs[code], keyed = _catalog(json.load(file))
        if keyed:
            short.add(code)
    return languages, catalogs, short


LANGUAGE_DATA, CATALOGS, SHORT = read_locales()
LANGUAGES = tuple(LANGUAGE_DATA)


# A text of a catalog given at run time is data: ``{name}`` and ``{name|form|...}`` are its only placeholders (no
# ``{0}``, ``{x.attr}``, ``{x[0]}``, ``{x!r}`` or ``{x:999999999}``: str.format would fail, show an object's repr or
# build gigabytes), a brace is otherwise doubled, and it is bounded (each name filled in at most MAX_USES times:
# texts nest, an error's text inside another's, so repeats would multiply).
MAX_TEXT = 1000  # characters of one text, or of its English key (the longest now: 295)
MAX_USES = 2  # times one name is filled in by one text (none does it twice now)
_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(\|[^{}]*)?\}|[{}]")  # tr() reads a text by it
_FITS: dict[tuple[str, str], bool] = {}  # (English template, a catalog's text of it): the text fills only its names


def placeholders(text: str) -> tuple[dict[str, int], set[str]] | str:
    """The names ``text`` fills in (how many times each) and those it chooses a plural form by; or, where it is not a
    template :func:`tr` fills, the piece that is not (a brace that opens or closes no placeholder, with what follows).

    >>> placeholders("{n} {n|point|points} of {{braces}}")
    ({'n': 1}, {'n'})
    >>> placeholders("{x.__class__}")
    '{x.__class__}'
    """
    names: dict[str, int] = {}
    chosen: set[str] = set()
    for match in _TOKEN.finditer(text):
        if match[0] in ("{{", "}}"):
            continue
        if match[1] is None:  # a lone brace, shown up to the brace that closes it
            closing = text.find("}", match.start())
            return text[match.start() : closing + 1 if closing >= 0 else match.start() + 1][:40]
        if match[2]:
            chosen.add(match[1])
        else:
            names[match[1]] = names.get(match[1], 0) + 1
    return names, chosen


def braces(text: str) -> int:
    """How many doubled braces (``{{`` or ``}}``, a brace written as itself) ``text`` has: a translation writes as many
    as its English text, so that what it makes is never a template of its own (a text made by :func:`tr` may be
    given to it again, a label inside an error's words).

    >>> braces("a {{name}} and {n}"), braces("{{x}}}}")
    (2, 3)
    """
    return sum(match[0] in ("{{", "}}") for match in _TOKEN.finditer(text))


def fault(key: str, text: str, short: bool) -> str | None:
    """Why a catalog's ``text`` for ``key`` cannot be used, in the current language; None where it can. A catalog
    keyed by the English (not ``short``: a key is a CRC's bits) has its names checked here against the key's; one keyed
    short has them checked as each text is used (:func:`tr`, which falls back on the English)."""
    for checked in (text,) if short else (text, key):
        if len(checked) > MAX_TEXT:
            return tr("must be at most {n} {n|character|characters} long", n=MAX_TEXT)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate: no reply could carry it to the page
        return tr("holds a broken character ({code}) that is not text", code=f"U+{ord(text[error.start]):04X}")
    found = placeholders(text)
    if isinstance(found, str):
        return tr("holds {value}, which is not a placeholder such as {{name}}", value=repr(found))
    names, chosen = found
    overused = [name for name, uses in names.items() if uses > MAX_USES]
    if overused:
        return tr("fills in {name} more than {n} times", name="{" + overused[0] + "}", n=MAX_USES)
    if not short:
        english = placeholders(key)
        known = set() if isinstance(english, str) else set(english[0]) | english[1]
        foreign = sorted((set(names) | chosen) - known)
        if foreign:
            return tr("uses {name}, which its English text does not", name="{" + foreign[0] + "}")
        if braces(text) != braces(key):
            return tr("holds {value}, which is not a placeholder such as {{name}}", value=repr("{{"))
    return None


def catalog_fault(data: dict[str, str]) -> tuple[str, str] | None:
    """The first text of a catalog given at run time that cannot be used, as (its key, why), or None."""
    short = data.get("") == KEYED_SHORT
    for key, text in data.items():
        if key == "" and short:
            continue
        why = fault(key, text, short)
        if why is not None:
            return key, why
    return None


def add_catalog(code: str, data: dict[str, str]) -> int:
    """The rules' texts in ``code`` (one of LANGUAGES, not English) as the page gives them: its copy of the rules
    holds none, each language's being part of that language's one download with the page's own words (build.py).
    The caller checks it first (:func:`catalog_fault`). Returns how many texts it holds."""
    CATALOGS[code], keyed = _catalog(data)
    if keyed:
        SHORT.add(code)
    else:
        SHORT.discard(code)
    return len(CATALOGS[code])


def current() -> str:
    return _language.get()


@contextlib.contextmanager
def language(code: str):
    """Produce messages in ``code`` (one of LANGUAGES; English for any other) inside the block."""
    token = _language.set(code if code in LANGUAGES else "en")
    try:
        yield
    finally:
        _language.reset(token)


def plural(code: str, n: SupportsInt) -> str:
    """The CLDR plural category of the whole number ``n`` in language ``code`` (English one/other; Russian
    one/few/many), by the rule languages.json gives it."""
    n = abs(int(n))
    return next(category for category, test in LANGUAGE_DATA[code]["rules"] if test(n))


def _fits(template: str, text: str) -> bool:
    """Whether ``text`` fills in only names ``template`` has (a catalog keyed short is checked so, as each text is
    first used: its keys do not say the English)."""
    found = _FITS.get((template, text))
    if found is None:
        own, english = placeholders(text), placeholders(template)
        if isinstance(own, str) or isinstance(english, str):
            found = False
        else:
            found = set(own[0]) | own[1] <= set(english[0]) | english[1] and braces(text) == braces(template)
        _FITS[(template, text)] = found
    return found


def _filled(code: str, text: str, fields: dict[str, object]) -> str:
    """``text`` in language ``code`` with its plural choices made (read as :func:`placeholders` reads them: a doubled
    brace is a brace, never the start of a choice), then its fields filled in."""

    def choose(match: re.Match) -> str:
        if match[2] is None:  # a doubled brace or a field, for str.format
            return match[0]
        forms = match[2][1:].split("|")
        category = plural(code, cast(SupportsInt, fields[match[1]]))  # a count: plural() takes int() of it
        names = LANGUAGE_DATA[code]["forms"]
        return forms[names.index(category)] if len(forms) == len(names) else forms[-1]

    return _TOKEN.sub(choose, text).format(**fields)


def join_list(names: Iterable[str]) -> str:
    """Names as the current language lists them (the page's Intl.ListFormat, web/i18n.js ``list``), a name said more
    than once counted once ("Orcs ×2"), the last joined by the language's "and": "Almuric, Rolf and Elyra", «Альмурик,
    Рольф и Элира», "Almuric, Rolf y Elyra" (Spanish's "e" before an /i/ sound: "Orcos e Imps").

    >>> join_list(["Orcs", "Orcs", "Skeletons", "Wargs"])
    'Orcs ×2, Skeletons and Wargs'
    >>> with language("es"):
    ...     join_list(["Orcos", "Imps"])
    'Orcos e Imps'
    """
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    items = [name if n == 1 else f"{name} ×{n}" for name, n in counts.items()]
    if len(items) < 2:
        return "".join(items)
    joined = tr("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])
    if _language.get() == "es" and re.match(r"h?i(?![aeiouáéó])", items[-1], re.IGNORECASE):
        joined = joined[: -len(items[-1]) - 3] + " e " + items[-1] if joined.endswith(" y " + items[-1]) else joined
    return joined


def tr(template: str, **fields: object) -> str:
    """``template`` in the current language, its fields filled in; the English where the language's text does not
    fit the template (see :func:`fault`) or cannot be filled (a plural form chosen by a name that is not a count);
    ``template`` itself where it is no template (a text already made, given again: a label).

    >>> tr("{x} and }")
    '{x} and }'
    """
    code = _language.get()
    text = CATALOGS.get(code, {}).get(short_key(template) if code in SHORT else template)
    if text is not None and _fits(template, text):
        try:
            return _filled(code, text, fields)
        except (ValueError, TypeError, KeyError):
            pass
    try:
        return _filled("en", template, fields)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return template  # no template: a text already made (translated, a name) given again, shown as it is
