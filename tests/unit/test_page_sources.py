"""The engine decides, the screen renders: the page's sources (web/**/*.js, index.html) hold no rule number, no rule
text and no system's advice. Each case below was once in the page (issue 41 lists them); the words now come from
the rules (``System.said``, the view, ``describe()``, the odds reply and its declared options). Rule keys are
checked by test_params.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyrules.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([*ROOT.glob("web/**/*.js"), *ROOT.glob("web/index.html")])
# The page's sources are the repository's, not copied where the wheel is tested (Pyodide).
pytestmark = pytest.mark.skipif(not PAGES, reason="web/ is not copied")
LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")
COMMENT = re.compile(r"^\s*(?://|/?\*).*$|\s//\s.*$", re.M)  # a line's comment; "//" inside a URL has no space


def code(path: Path) -> str:
    """A source without its comments (they may cite the rules they explain) and, for the page, without the data the
    build writes into it from the rules (the systems' words)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        return re.sub(r"<script[^>]*>.*?</script>|<!--.*?-->", "", text, flags=re.S)
    return COMMENT.sub("", text)


def texts(path: Path) -> list[str]:
    """The texts a source could show: its string literals (JavaScript), its markup (the page)."""
    return [code(path)] if path.suffix == ".html" else LITERAL.findall(code(path))


SOURCES = {path.name: code(path) for path in PAGES}
RULE_NUMBER = re.compile(r"\b\d{1,2}\.\d{1,2}(?:\.\d{1,2})?(?=[:\s)]|$)(?!\s*%)|\b(?:rules?|steps?|section)\s+\d")
# Rule texts and advice the page once wrote itself (issue 41), and the functions that wrote them.
ONCE_IN_THE_PAGE = [
    "dead, and so is the enemy", "(combat rules", "−1 use", "−1 dose", "K (killed)", "ignored: evasion",
    "nothing is lost", "only your losses count", "the Staff still takes", "moves up", "may cast", "first row is full",
    "Victory", "is dead", "evades the fight",
]
GONE = [r"\bluckText\b", r"\bspellNote\b", r"\bRESULTS\b", r"\blossText\b", r"\bspell\.when\b",
        r"hero_strength\s*-", r"\bUNREAD\b"]  # fmt: skip


def test_the_page_scanned_is_the_page():
    assert {"app.js", "odds.js", "screen-crt.js", "screen-ff.js", "screen-citadel.js", "index.html"} <= set(SOURCES)
    assert all(SOURCES.values()) and "export" in SOURCES["screen-crt.js"]
    assert RULE_NUMBER.search('t("9.8.2: the first row is full")') and RULE_NUMBER.search("by 9.1")
    assert not RULE_NUMBER.search('"> 99.9 %"') and not RULE_NUMBER.search("0.5rem")


@pytest.mark.parametrize("path", PAGES, ids=lambda path: path.name)
def test_no_rule_number_in_what_the_page_writes(path):
    found = [text for text in texts(path) if RULE_NUMBER.search(text)]
    assert found == []


def test_no_rule_text_nor_advice_the_page_once_wrote():
    found = [(name, words) for name, text in SOURCES.items() for words in ONCE_IN_THE_PAGE if words in text]
    found += [(name, pattern) for name, text in SOURCES.items() for pattern in GONE if re.search(pattern, text)]
    assert found == []


def test_no_system_and_no_declared_choice_named_in_the_page():
    """No system's key (the page learns them from the registry), no value of a declared odds option or trade-off
    but nothing, half and everything (0, 0.5, 1: a chart's too), no set-up fact describe() tells (Citadel's unit
    ids, default weapon)."""
    found = [(name, key) for name, text in SOURCES.items() for key in SYSTEMS if key in text]
    options = [option for cls in SYSTEMS.values() for option in cls.odds_options]
    values = {choice[0] for option in options for choice in option["choices"]}
    values |= {point for option in options for point in option.get("trade_off", {}).get("points", ())}
    values -= {0, 0.5, 1}
    assert values  # the options are declared: there is something to look for
    literal = re.compile(r"(?<![\w.])(?:{})(?![\w.])".format("|".join(re.escape(repr(v)) for v in sorted(values))))
    found += [(name, match) for name, text in SOURCES.items() for match in literal.findall(text)]
    citadel = SYSTEMS["citadel-of-blood"].describe()
    facts = [f'"{citadel["default_weapon"]}"', *(f'"{unit}"' for unit in citadel["unit_ids"]["party"][:3])]
    found += [(name, fact) for name, text in SOURCES.items() for fact in facts if fact in text]
    assert found == []


# What the rules answer about "what can be done now", in the forms it would take in the page: a fighter's death from
# his points, the first Combat Round for the weapon's lock, a round's losses added up from the log, the legal spaces
# and the characters to choose worked out from the targets and moves, the luck test declinable by its kind, the march
# order's rows written out. The page draws the view's answers (test_view_decides checks them).
DECIDED = [
    r"\b(?:endurance|stamina|wounds|wound_points)\s*(?:<=|<|===)\s*0\b",  # who is dead: the view's "dead", "alive"
    r"\bround\s*[!=]==?\s*1\b",  # the weapon's lock: the view's weapon_locked
    r"\bevent\.round\s*===",  # a round's losses from the log: the units' round_wounds
    r"\bview\.(?:targets|moves|monster_moves)\s*\[\s*selected|Object\.keys\(view\.monster_moves\)",  # the cells
    r"\.acted\s*&&|!\s*\w+(?:\[\w+\])?\.acted\b|\.alive\)\s*return",  # who may be chosen: the view's choosable
    r"\bdecline\.hidden\s*=(?!\s*!can\.decline;)",  # which luck test may be declined: can.decline
    r"\[\s*1\s*,\s*2\s*,\s*3\s*\]",  # the set-up's rows: describe()'s rows
]


def test_no_decision_of_what_can_be_done_now_in_the_page():
    found = [(name, pattern) for name, text in SOURCES.items() for pattern in DECIDED if re.search(pattern, text)]
    assert found == []


def test_no_set_up_default_of_the_rules_in_the_page():
    """A new sheet's numbers (Fighting Fantasy's gold and drinks) come from describe(), not written in the page."""
    defaults = SYSTEMS["fighting-fantasy"].describe()["sheet_defaults"]
    assert defaults  # there is something to look for
    written = re.compile(r"\b(?:value|{})\s*:\s*['\"`]?(?:{})\b".format(
        "|".join(defaults), "|".join(str(n) for n in defaults.values())))
    found = [(name, match.group()) for name, text in SOURCES.items() for match in written.finditer(text)]
    assert found == []


def test_the_odds_panel_names_no_option():
    """The odds panel (web/odds/) draws whatever options the rules declare with one flow: no option's name, no older
    request key (``lambda``, ``willpower``), no book's word for one (WILLPOWER), in its code or its strings; the
    fight's screen gives its own fields' options (screen-crt.js), the panel only passes them on."""
    options = [option for cls in SYSTEMS.values() for option in cls.odds_options]
    names = {option["name"] for option in options} | {option["legacy"] for option in options if "legacy" in option}
    assert {"willpower", "lambda", "spend", "escape"} <= names  # the declarations are read: something to look for
    words = re.compile(r"(?i)(?<![a-z])(?:{}|keep)".format("|".join(sorted(names))))
    panel = sorted(ROOT.glob("web/odds/*.js"))
    assert [path.name for path in panel if path.name == "odds.js"]
    found = [(path.name, match) for path in panel for match in words.findall(code(path).replace("CSS.escape", ""))]
    assert found == []
