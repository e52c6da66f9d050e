"""Every English text of the page (web/), found by its shape, for the translation test and for translators."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT))
from tools.words import OPENING  # noqa: E402  the first paint of a page opened from a link, written by the build

JS_STRING = r'"((?:[^"\\]|\\.)*)"'
JS_SINGLE = r"'((?:[^'\\]|\\.)*)'"  # a text holding double quotes: t('The saved fight "{name}" …')
PATTERNS = [
    re.compile(r"\bt\(\s*" + JS_STRING),  # t("...")
    re.compile(r"\bt\(\s*" + JS_SINGLE),  # t('...')
    re.compile(r"\bi18n(?:Placeholder|Label)?: " + JS_STRING),  # markup built by dom.js h(): h("p", {i18n: "..."})
    re.compile(r"\b(?:text|problem|why): " + JS_STRING),  # storage.js and saved.js: problems met in storage
    re.compile(r"\bprogress\(\d+, " + JS_STRING),  # worker.js start-up stages
    re.compile(r"dataset\.i18nKey = " + JS_STRING),
]


class _Marked(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: set[str] = set()
        self.open: list[bool] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for key in ("data-i18n-placeholder", "data-i18n-aria-label"):
            if attributes.get(key):
                self.found.add(attributes[key])
        if tag in ("input", "meta", "link", "br", "img"):
            return
        self.open.append("data-i18n" in attributes)
        if self.open[-1]:
            self.text = []

    def handle_endtag(self, tag):
        if self.open and self.open.pop():
            self.found.add(" ".join("".join(self.text).split()))

    def handle_data(self, data):
        if self.open and self.open[-1]:
            self.text.append(data)


def texts() -> set[str]:
    parser = _Marked()
    parser.feed((WEB / "index.html").read_text(encoding="utf-8"))
    found = set(parser.found)
    for path in sorted(WEB.glob("**/*.js")):
        source = path.read_text(encoding="utf-8")
        for pattern in PATTERNS:
            found |= {
                match.encode().decode("unicode_escape") if "\\" in match else match for match in pattern.findall(source)
            }
    found |= {"won", "lost", "evaded", "ended", "ongoing", "escaped"}  # outcomes named in the saved-fights list
    found |= set(OPENING)  # the first paint of a page opened from a link: build.py writes it in every language
    return {text for text in found if text}


if __name__ == "__main__":
    import json

    catalog = json.loads((WEB.parent / "pyrules" / "locales" / "ru" / "page.json").read_text(encoding="utf-8"))
    print(json.dumps(sorted(texts() - set(catalog)), ensure_ascii=False, indent=1))
