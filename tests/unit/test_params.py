"""A book's per-fight rules are declared once (pyrules.params, in each system's record module): the reading, the
set-up form, the fight's chips, the fuzz tests' values and the records document follow from the declarations, and
the page's sources name no rule (the form is built from what the rules tell it)."""

from __future__ import annotations

import ast
import inspect
import re
import sys
from pathlib import Path

import pytest

from pyrules import params
from pyrules.fields import RecordError
from pyrules.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "records.md"
# The records document and the page's sources are the repository's, not copied where the wheel is tested (Pyodide).
IN_THE_REPOSITORY = pytest.mark.skipif(not DOC.exists(), reason="docs/ and web/ are not copied")
TABLE = re.compile(r"(<!-- rules: (?P<system>[\w-]+) -->\n)(?P<table>.*?)(\n<!-- /rules -->)", re.S)


def documented() -> dict[str, tuple[type, tuple[params.Param, ...]]]:
    """Each table of rules in the records document, by the system whose declarations it shows, with its rules
    dataclass (the Lone Wolf family's under lone-wolf: every rule of the family, Banedon's Vigour too)."""
    from pyrules.systems.citadel import record as citadel
    from pyrules.systems.fighting_fantasy import record as fighting_fantasy
    from pyrules.systems.lonewolf import record as lone_wolf

    return {
        "lone-wolf": (lone_wolf.Rules, lone_wolf.RULE_PARAMS),
        "fighting-fantasy": (fighting_fantasy.FFRules, fighting_fantasy.RULE_PARAMS),
        "citadel-of-blood": (citadel.CitadelRules, citadel.RULE_PARAMS),
    }


def comments(rules: type) -> dict[str, str]:
    """Each field's comment in its class's source (the lines of ``#`` just above it): what the rule does, for people
    (comments do not reach the page's copy of the package)."""
    source = Path(inspect.getsourcefile(rules) or "").read_text(encoding="utf-8").split("\n")
    found = {}
    for item in ast.parse("\n".join(source)).body:
        if isinstance(item, ast.ClassDef) and item.name == rules.__name__:
            for field in item.body:
                if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name):
                    lines, at = [], field.lineno - 2
                    while source[at].strip().startswith("#"):
                        lines.insert(0, source[at].strip()[1:].strip())
                        at -= 1
                    found[field.target.id] = " ".join(lines)
    return found


def values(p: params.Param) -> str:
    if p.kind == params.FLAG:
        return "`true` / `false`"
    if p.kind == params.CHOICE:
        return ", ".join(f"`{c}`" for c in p.choices)
    kind = "whole number" if p.kind == params.WHOLE else "number, at most two decimals,"
    return f"{kind} {str(p.low).replace('-', '−')}–{p.high}"


def table(rules: type, declared: tuple[params.Param, ...]) -> str:
    """The records document's table of a book's rules: each rule's values and default, and its comment."""
    said = comments(rules)
    rows = ["| rule | values | default | effect |", "|---|---|---|---|"]
    for p in declared:
        default = "none" if p.default is None else f"`{str(params.number(p.default)).lower()}`"
        rows.append(f"| `{p.key}` | {values(p)} | {default} | {said.get(p.key) or p.label} |")
    return "\n".join(rows)


@IN_THE_REPOSITORY
def test_the_records_document_tables_the_declared_rules():
    found = {m["system"]: m["table"] for m in TABLE.finditer(DOC.read_text(encoding="utf-8"))}
    expected = {key: table(*declared) for key, declared in documented().items()}
    for key, wanted in expected.items():
        rewrite = "PYTHONPATH=. python tests/unit/test_params.py --write"
        assert found.get(key) == wanted, f"docs/records.md, {key}'s rules should read ({rewrite}):\n{wanted}"
    assert set(found) == set(expected)


@IN_THE_REPOSITORY
def test_every_rule_a_system_reads_is_documented_by_its_comment():
    tabled = {p.key for _, declared in documented().values() for p in declared}
    assert {p.key for cls in SYSTEMS.values() for p in cls.rule_params()} <= tabled
    for rules, declared in documented().values():
        said = comments(rules)
        assert [p.key for p in declared if not said.get(p.key)] == []


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_rules_read_their_declared_defaults_and_refuse_what_they_do_not_declare(system):
    cls = SYSTEMS[system]
    declared = cls.rule_params()
    assert params.read(declared, {}) == {p.key: p.default for p in declared}
    with pytest.raises(RecordError, match=r"^rules\.evade_afte: "):
        params.read(declared, {"evade_afte": 1})
    assert all(cls.rule_labels[p.key] == p.label for p in declared)


def test_a_rule_a_book_lacks_is_neither_read_nor_offered():
    lone_wolf, grey_star = SYSTEMS["lone-wolf"], SYSTEMS["grey-star"]
    assert "vigour" in [rule["key"] for rule in lone_wolf.describe()["rules"]]
    assert "vigour" not in [rule["key"] for rule in grey_star.describe()["rules"]]
    with pytest.raises(RecordError, match="not a field this app knows"):
        params.read(grey_star.rule_params(), {"vigour": False})


def test_the_form_is_told_each_rule_in_the_current_language():
    from pyrules.i18n import language

    with language("ru"):
        told = {rule["key"]: rule for rule in SYSTEMS["fighting-fantasy"].describe()["rules"]}
    assert told["decline_costs_luck"]["checked"] is True  # the form starts ticked, the record's default is off
    assert told["strength_bonus"]["placeholder"] == "2" and "+2" in told["strength_bonus"]["hint"]
    assert re.search(r"[а-я]", told["escape"]["label"])
    lone_wolf = {rule["key"]: rule for rule in SYSTEMS["lone-wolf"].describe()["rules"]}
    assert lone_wolf["skill_modifier"] == {"key": "skill_modifier", "label": "Skill modifier for this fight",
                                           "signed": True, "placeholder": "0"}  # fmt: skip
    assert lone_wolf["restore_part"]["decimal"] and lone_wolf["vigour"]["checked"]


def test_the_fights_chips_say_the_rules_set():
    cls = SYSTEMS["lone-wolf"]
    setup = cls.parse_setup({"hero": {"skill": 15, "endurance": 20}, "enemies": [{"skill": 12, "endurance": 10}],
                             "rules": {"evade_after": 2, "hero_loss_multiplier": 0.5, "vigour": False,
                                       "restore_endurance": True}})  # fmt: skip
    assert cls.view(setup, cls.initial(setup))["rules_said"] == [
        "Evasion allowed after round: 2",
        "Hero's losses multiplied by: 0.5",
        "Not a fight to the death (losses restored afterwards)",
        "Vigour allowed: no",
    ]


@IN_THE_REPOSITORY
def test_the_page_names_no_rule():
    """The page's sources hold no rule key: the form is built by setup.js from describe()'s declarations, the fight's
    chips are the view's. A key that is also a word of the page's own (an action: escape, vigour, hellgate) may not be
    written as a rule: rules.key, rule-key."""
    pages = [*ROOT.glob("web/**/*.js"), ROOT / "web" / "index.html"]
    sources = {path.name: path.read_text(encoding="utf-8") for path in pages}
    actions = {kind for cls in SYSTEMS.values() for kind in cls.action_kinds()}
    keys = {p.key for cls in SYSTEMS.values() for p in cls.rule_params()}
    found = []
    for key in sorted(keys):
        pattern = rf"(rules\??\.|rule-|rules\[\"){key}\b" if key in actions else rf"\b{key}\b"
        found += [f"{name}: {key}" for name, text in sources.items() if re.search(pattern, text)]
    assert found == []


if __name__ == "__main__" and "--write" in sys.argv:  # the document's tables from the declarations
    text = DOC.read_text(encoding="utf-8")
    tables = {key: table(*declared) for key, declared in documented().items()}
    DOC.write_text(TABLE.sub(lambda m: m[1] + tables[m["system"]] + m[4], text), encoding="utf-8")
