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

import contextlib
import contextvars
import json
import os
import re
import zlib
from typing import Any, SupportsInt, cast

LOCALES = os.path.join(os.path.dirname(__file__), "locales")
_language: contextvars.ContextVar[str] = contextvars.ContextVar("language", default="en")
_PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")


def read_json(beside: str, name: str) -> Any:
    """A JSON file of the package, in ``data/`` beside the module ``beside`` (its ``__file__``). A plain file read:
    importlib.resources takes 10 ms to import in Pyodide, at every start."""
    with open(os.path.join(os.path.dirname(beside), "data", name), encoding="utf-8") as file:
        return json.load(file)


def short_key(text: str) -> str:
    """The key of ``text`` in a catalog keyed short (the page's copy: build.py): its CRC-32, in hex."""
    return format(zlib.crc32(text.encode("utf-8")), "x")


KEYED_SHORT = "crc32"  # the marker, under the key "", of a catalog whose keys are short_key(English)


def keyed_short(catalog: dict[str, str]) -> dict[str, str]:
    """The catalog with each English key replaced by its short key: the page's copy, about 2 KB less to download
    (the English is in the code already). Refuses two texts with one key."""
    short = {short_key(text): translated for text, translated in catalog.items()}
    if len(short) != len(catalog):
        raise ValueError("two texts of the catalog have the same short key: key them longer")
    return {"": KEYED_SHORT, **short}


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


def add_catalog(code: str, data: dict[str, str]) -> int:
    """The rules' texts in ``code`` (one of LANGUAGES, not English) as the page gives them: its copy of the rules
    holds none, each language's being part of that language's one download with the page's own words (build.py).
    Returns how many texts it holds."""
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


def tr(template: str, **fields: object) -> str:
    """``template`` in the current language, its fields filled in."""
    code = _language.get()
    text = CATALOGS.get(code, {}).get(short_key(template) if code in SHORT else template, template)
    if text is template:
        code = "en"

    def choose(match: re.Match) -> str:
        forms = match.group(2).split("|")
        category = plural(code, cast(SupportsInt, fields[match.group(1)]))  # a count: plural() takes int() of it
        names = LANGUAGE_DATA[code]["forms"]
        return forms[names.index(category)] if len(forms) == len(names) else forms[-1]

    return _PLURAL.sub(choose, text).format(**fields)
