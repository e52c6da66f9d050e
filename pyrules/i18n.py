"""Messages in the player's language: English and Russian.

Every text the rules produce (errors, reasons, log notes, labels) is written in the code in English and passed
through :func:`tr`, which looks its Russian version up in ``pyrules/data/messages-ru.json`` when the language of
the current request is Russian. Templates take named fields (``{low}``) and plural choices written
``{n|one|other}`` in English and ``{n|one|few|many}`` in Russian (1 очко, 2 очка, 5 очков).

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

LANGUAGES = ("en", "ru")
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


CATALOGS: dict[str, dict[str, str]] = {"en": {}}
CATALOGS["ru"], SHORT = _catalog(read_json(__file__, "messages-ru.json"))


def current() -> str:
    return _language.get()


@contextlib.contextmanager
def language(code: str):
    """Produce messages in ``code`` ("en" or "ru") inside the block."""
    token = _language.set(code if code in LANGUAGES else "en")
    try:
        yield
    finally:
        _language.reset(token)


def plural(code: str, n: SupportsInt) -> str:
    """The CLDR plural category of ``n``: English one/other; Russian one/few/many."""
    n = abs(int(n))
    if code == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


_FORMS = {"en": ("one", "other"), "ru": ("one", "few", "many")}


def tr(template: str, **fields: object) -> str:
    """``template`` in the current language, its fields filled in."""
    code = _language.get()
    text = CATALOGS.get(code, {}).get(short_key(template) if SHORT and code != "en" else template, template)
    if text is template:
        code = "en"

    def choose(match: re.Match) -> str:
        forms = match.group(2).split("|")
        category = plural(code, cast(SupportsInt, fields[match.group(1)]))  # a count: plural() takes int() of it
        names = _FORMS[code]
        return forms[names.index(category)] if len(forms) == len(names) else forms[-1]

    return _PLURAL.sub(choose, text).format(**fields)
