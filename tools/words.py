"""The page's words, made from the rules at build time: what the systems say of themselves (described,
systems_json), the set-up's book list, the languages and their switch, each language's download (ui_catalogs:
keyed short, packed, encoded, and the systems' words as their differences to English's: translated, changed,
over_english, laid) and the first paint of a page opened from a link (opening texts). i18n.js reads them back."""

from __future__ import annotations

import functools
import html
import json
import sys
from pathlib import Path
from typing import Any

from tools.paths import ROOT


def keyed_short(catalog: dict[str, str]) -> dict[str, str]:
    """The catalog with each English key replaced by its short key (pyrules.i18n's ``short_key``): the page's copy,
    about 2 KB less to download (the English is in the code already). Refuses two texts with one key."""
    from pyrules.i18n import KEYED_SHORT, short_key

    short = {short_key(text): translated for text, translated in catalog.items()}
    if len(short) != len(catalog):
        raise ValueError("two texts of the catalog have the same short key: key them longer")
    return {"": KEYED_SHORT, **short}


def described(lang: str) -> dict:
    """What the page needs of the systems before Python starts (labels, weapons), in one language, from the rules
    themselves (each system's description for the page): English's in index.html, every other language's in that
    language's download (ui_catalogs)."""
    sys.path.insert(0, str(ROOT))
    from pyrules.i18n import language
    from pyrules.odds import MEASURES, measure_words  # a share link's preview says its chart's measure by kind
    from pyrules.systems import SYSTEMS

    with language(lang):
        systems = {key: cls.description(page=True) for key, cls in SYSTEMS.items()}
        read = ("name", "before", "now")  # of a measure's words, those the preview draws
        measures = {kind: {k: v for k, v in measure_words(kind).items() if k in read} for kind in MEASURES}
    return {"systems": systems, "measures": measures}  # a system's rules: its describe()'s own


def systems_json() -> str:
    """The systems' words in English, for index.html (see :func:`described`)."""
    return json.dumps({"en": described("en")}, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def books_html() -> str:
    """The set-up's book list, in English, from the rules' registry (the page is born with it, so that nothing moves
    when its script runs; setup.js gives it its listeners and its words in the page's language)."""
    sys.path.insert(0, str(ROOT))
    from pyrules import api

    hello = json.loads(api.call(json.dumps({"op": "hello", "describe": True})))
    labels = []
    for i, (key, words) in enumerate(hello["systems"].items()):
        checked = " checked" if i == 0 else ""
        note = f' <small data-note="{key}">{html.escape(words["note"])}</small>' if words["note"] else ""
        labels.append(f'<label><input type="radio" name="system" value="{key}"{checked}> '
                      f'<span data-book="{key}">{html.escape(words["book"])}</span>{note}</label>')  # fmt: skip
    return "\n".join(labels)


def languages() -> list[dict]:
    """The app's languages for the page (pyrules/locales/languages.json): code, name and plural forms, in order, and
    whether it has the installed app's name and description in its words (manifest: its manifest.json)."""
    from pyrules.i18n import LANGUAGE_DATA

    return [{"code": code, "name": data["name"], "forms": list(data["forms"]), "manifest": bool(manifest_words(code))}
            for code, data in LANGUAGE_DATA.items()]  # fmt: skip


def manifest_words(code: str) -> dict[str, str]:
    """The installed app's name and description in one language (pyrules/locales/<code>/manifest.json, if it has
    one; English's are web/manifest.webmanifest's)."""
    from pyrules import i18n

    return dict(_json_file(Path(i18n.LOCALES) / code / "manifest.json")) if code != "en" else {}


@functools.cache
def _json_file(path: Path) -> dict:
    """A JSON file's content, read once per build ({} if there is none): languages() and the manifests ask for each
    language's manifest.json several times."""
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def page_catalog(code: str) -> dict[str, str]:
    """The page's words in one language (pyrules/locales/<code>/page.json; English, the code's own, has none)."""
    from pyrules import i18n

    path = Path(i18n.LOCALES) / code / "page.json"
    return json.loads(path.read_text(encoding="utf-8")) if code != "en" else {}


def ui_catalogs() -> dict[str, str]:
    """Each language's words but English's, as the file dist/locales/<code>.json.gz (gzipped by Zopfli at build time,
    inflated by i18n.js) the page fetches when it needs that language (a visitor downloads only their own): the
    page's catalog ("page") and the rules' ("rules", which the page gives its workers), each keyed short (24 bits of
    each English text's CRC-32: the English is in the code already) and packed (:func:`packed`: its texts there,
    its keys in "keys", the page's then the rules', after everything else), and what the
    systems say of themselves in it ("systems", as index.html holds English's). The page reads the
    rules' catalog too (i18n.js): the page's leaves out what the rules' says the same, and the systems' words what
    the rules' catalog gives of English's (:func:`translated`)."""
    from pyrules import i18n

    english = described("en")

    def words(code: str) -> dict[str, dict]:  # the rules' catalog as pyrules.i18n read it from the source
        rules = i18n.CATALOGS[code]
        page = {text: said for text, said in page_catalog(code).items() if rules.get(text) != said}
        keyed_short({**rules, **page})  # the page looks a text up in both: no two texts with one key
        (page_keys, page_texts), (rules_keys, rules_texts) = (packed(keyed_short(c)) for c in (page, rules))
        # the keys last, as one string (the page's, then the rules'): their random characters, which gzip cannot
        # shrink, apart from the texts (98 bytes less in Russian than each catalog's keys before its texts)
        return {"page": page_texts, "rules": rules_texts,
                "systems": over_english(translated(english, rules), described(code)), "keys": page_keys + rules_keys}

    return {lang["code"]: json.dumps(words(lang["code"]), ensure_ascii=False, separators=(",", ":"))
            for lang in languages() if lang["code"] != "en"}  # fmt: skip


CHARSETS = ("utf-8", "windows-1251")  # a language's download's encodings (TextDecoder's labels; Python's too)


def encoded(text: str) -> tuple[str, bytes]:
    """A language's download (JSON) in the encoding of :data:`CHARSETS` that takes the fewest bytes, and its name: a
    single-byte code page holds Russian's letters in one byte each, not UTF-8's two (1.6 KB less once gzipped), a
    character it lacks written as JSON's escape (every character past ASCII is inside a JSON string)."""

    def escaped(charset: str) -> bytes:
        return "".join(c if c.isascii() or fits(c, charset) else json.dumps(c)[1:-1] for c in text).encode(charset)

    def fits(c: str, charset: str) -> bool:
        try:
            c.encode(charset)
        except UnicodeEncodeError:
            return False
        return True

    return min(((charset, escaped(charset)) for charset in CHARSETS), key=lambda pair: len(pair[1]))


def packed(keyed: dict[str, str]) -> list:
    """A catalog keyed short as its download holds it: its keys as one string (four characters each) and its texts in
    their order (i18n.js unpacks it); 0.8 KB less gzipped than the JSON object. Ordered by text: texts alike side by
    side, which gzip finds (0.6 KB less for Russian than ordered by key, whose random characters gzip cannot shrink)."""
    items = sorted(((key, text) for key, text in keyed.items() if key), key=lambda item: (item[1], item[0]))
    return ["".join(key for key, _ in items), [text for _, text in items]]


def translated(english: Any, catalog: dict[str, str]) -> Any:
    """English's systems' words with every text the rules' ``catalog`` has put in its language, as the page makes them
    before it lays a language's differences over them (i18n.js ``translated``)."""
    if isinstance(english, str):
        return catalog.get(english, english)
    if isinstance(english, list):
        return [translated(item, catalog) for item in english]
    if isinstance(english, dict):
        return {key: translated(value, catalog) for key, value in english.items()}
    return english


SAME = object()  # changed(): a part the same as English's


def changed(english: Any, own: Any) -> Any:
    """What of a language's ``own`` words differs from ``english`` (what the systems say of themselves: the same
    shape in every language): objects key by key, lists of one length item by item (``null`` for an item the same as
    English's), anything else whole; the page lays it over English's (i18n.js ``over``). SAME where nothing differs.
    Whatever the page could not lay back over English's exactly is refused, so the build cannot ship wrong words."""
    if isinstance(english, dict) and isinstance(own, dict):
        if set(english) != set(own):
            keys = sorted(set(english) ^ set(own))
            raise ValueError(f"the systems' words have other keys in another language: {keys}")
        parts = {key: changed(english[key], value) for key, value in own.items()}
        return {key: part for key, part in parts.items() if part is not SAME} or SAME
    if isinstance(english, list) and isinstance(own, list) and len(english) == len(own):
        if None in own:
            raise ValueError("a null in the systems' words: it would read as the English item")
        items = [changed(a, b) for a, b in zip(english, own)]
        return SAME if all(item is SAME for item in items) else [None if item is SAME else item for item in items]
    return SAME if english == own else own


def over_english(english: dict, own: dict) -> dict:
    """A language's systems' words as the page receives them: what differs from English's (:func:`changed`), checked
    to give back ``own`` exactly once laid over English's as the page lays it (:func:`laid`)."""
    part = changed(english, own)
    part = {} if part is SAME else part
    if laid(english, part) != own:
        raise ValueError("the systems' words would not come back whole from their differences to English's")
    return part


def laid(english: Any, own: Any) -> Any:
    """``own`` laid over ``english`` as the page does (i18n.js ``over``)."""
    if own is None:
        return english
    if isinstance(own, list):
        return [laid(english[i] if isinstance(english, list) and i < len(english) else None, item)
                for i, item in enumerate(own)]  # fmt: skip
    if not isinstance(own, dict) or not isinstance(english, dict):
        return own
    merged = dict(english)
    for key, value in own.items():
        merged[key] = laid(merged.get(key), value)
    return merged


def language_options() -> str:
    """The language switch's options, each language's name in itself."""
    return "\n".join(f'<option value="{lang["code"]}" lang="{lang["code"]}">{html.escape(lang["name"])}</option>'
                     for lang in languages())  # fmt: skip


OPENING = ("Opening a shared fight…", "Opening a shared adventure…")


def opening_texts() -> str:
    """What a page opened from a link says at its first paint, in every language (link.js shows the page's)."""
    spans = []
    for lang in languages():
        catalog = page_catalog(lang["code"])
        for i, text in enumerate(OPENING):
            adventure = " data-a" if i else ""
            said = html.escape(catalog.get(text, text))
            spans.append(f'<span lang="{lang["code"]}"{adventure}>{said}</span>')
    return "".join(spans)


def opening_css() -> str:
    """Each language's first-paint text hidden unless the page is in that language."""
    return ", ".join(f'html:not([lang="{c}"]) #opening-link [lang="{c}"]' for c in (x["code"] for x in languages()))
