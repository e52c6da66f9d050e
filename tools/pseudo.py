"""A pseudo-locale for the tests (the technique large products use to find what escapes translation): every text of
the rules and of the page, its letters accented and its length stretched by about 40 %, in brackets, so that a word
left in plain English stands out on a screen, and a layout that only fits English shows its overflow.

    >>> pseudo("Fight round")
    '[Ƒîĝĥţ ŕöûñð ····]'
    >>> pseudo("{name} loses {n} {n|point|points}")
    '[{name} ļöšéš {n} {n|þöîñţ|þöîñţš} ···]'

Its code is "en-XA" (the pseudo-locale BCP 47 keeps for accented English); its plural rule is English's. It is added
to a copy of pyrules/locales/ (``add_to``) as any language is: its folder and its line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

CODE = "en-XA"
NAME = "[Ƥšéûðö]"
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
# What a translation must keep as it is: a field ({name}), and the forms of a plural choice are accented one by one.
PART = re.compile(r"(\{\w+\|[^{}]*\}|\{\w+\})")


def _accent(part: str) -> str:
    if not part.startswith("{"):
        return part.translate(ACCENTED)
    if "|" not in part:
        return part  # a field, filled in by the code
    field, _, forms = part[1:-1].partition("|")
    return "{" + field + "|" + "|".join(form.translate(ACCENTED) for form in forms.split("|")) + "}"


def pseudo(text: str) -> str:
    """``text`` accented, its fields and plural choices kept, stretched by about 40 % (at least one dot; the dots in
    words of five, so that a long text wraps as a translation would, not as one unbreakable run)."""
    if not text.strip():
        return text
    accented = "".join(_accent(part) for part in PART.split(text))
    dots = max(1, round(len(PART.sub("", text)) * 0.4))
    padding = " ".join("·" * min(5, dots - i) for i in range(0, dots, 5))  # in words: it wraps as words do
    return f"[{accented} {padding}]"


def add_to(locales: Path, reference: str = "ru") -> None:
    """Adds the pseudo-locale to the languages folder ``locales`` (a copy: the source's stays as it is): its folder,
    made from the English keys of ``reference``'s catalogs (which the tests keep complete), and its line."""
    folder = locales / CODE
    folder.mkdir()
    for name in ("rules.json", "page.json"):
        english = json.loads((locales / reference / name).read_text(encoding="utf-8"))
        catalog = {text: pseudo(text) for text in english if text}
        (folder / name).write_text(json.dumps(catalog, ensure_ascii=False, indent=1), encoding="utf-8")
    (folder / "glossary.json").write_text(json.dumps({"about": "generated", "terms": []}), encoding="utf-8")
    listed = json.loads((locales / "languages.json").read_text(encoding="utf-8"))
    english = next(entry for entry in listed["languages"] if entry["code"] == "en")
    listed["languages"].append({"code": CODE, "name": NAME, "plural": english["plural"]})
    (locales / "languages.json").write_text(json.dumps(listed, ensure_ascii=False, indent=1), encoding="utf-8")
