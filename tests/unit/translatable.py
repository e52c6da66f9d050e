"""Every text of pyrules that reaches a player, found in the source by its shape (for the translation test)."""

from __future__ import annotations

import ast
from pathlib import Path

import pyrules

PACKAGE = Path(pyrules.__file__).parent
LABEL_FUNCTIONS = {"labels", "enemy_labels", "action_kinds", "parse_action"}


def _constant_dict(node: ast.AST) -> list[str] | None:
    if not isinstance(node, ast.Dict) or not node.keys:
        return None
    if all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys) and all(
        isinstance(v, ast.Constant) and isinstance(v.value, str) for v in node.values
    ):
        return [v.value for v in node.values]
    return None


def texts() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in ("tr", "unfilled") and node.args and isinstance(node.args[0], ast.Constant):
                    found.add(node.args[0].value)
                if name in ("Weapon", "FFHero") and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                    found.add(node.args[1].value)
                if name in ("Reader", "check") and len(node.args) > 2:
                    found.update(_constant_dict(node.args[2]) or [])
                if name == "_opened" and len(node.args) > 1:  # pyrules.api's reader of a request with odds options
                    found.update(_constant_dict(node.args[1]) or [])
                if name == "check" and len(node.args) > 3 and isinstance(node.args[3], ast.Constant):
                    found.add(node.args[3].value)
            if isinstance(node, ast.Assign):
                targets = [getattr(t, "id", "") for t in node.targets]
                if any("LABEL" in t.upper() for t in targets):
                    found.update(_constant_dict(node.value) or [])
            if isinstance(node, ast.FunctionDef) and node.name in LABEL_FUNCTIONS:
                for inner in ast.walk(node):
                    found.update(_constant_dict(inner) or [])
    return found


def names() -> set[str]:
    """Book titles, heroes, tables, spells, outcomes: the system classes' own words."""
    from pyrules.systems import SYSTEMS
    from pyrules.systems.citadel.phases import PHASE_LABELS
    from pyrules.systems.citadel.record import COLUMN_LABELS, DATA, HEROES, MONSTERS
    from pyrules.systems.fighting_fantasy.record import SPELLS
    from pyrules.systems.lonewolf import book as chart_book
    from pyrules.systems.lonewolf.tables import TABLES

    found = {"won", "lost", "evaded", "ended", "ongoing", "escaped"}
    for cls in SYSTEMS.values():
        found |= {cls.book, cls.hero_name} | ({cls.note} if cls.note else set())
        found |= {weapon.name for weapon in getattr(cls, "weapons", {}).values()}
        found |= set(cls.labels().values()) | set(cls.enemy_labels().values()) | set(cls.action_kinds().values())
        choices = [choice for option in cls.odds_options for choice in option["choices"]]
        found |= {text for _, label, hint in choices for text in (label, hint) if text}
        found |= {option["legend"] for option in cls.odds_options}
        # the per-fight rules' declarations (pyrules.params): labels, hints, placeholders, chips
        found |= {text for p in cls.rule_params() for text in (p.label, p.hint, p.placeholder, p.said) if text}
    found |= {table.title for table in TABLES.values()}
    found |= {name for name, _ in SPELLS.values()}
    found |= set(COLUMN_LABELS.values()) | set(PHASE_LABELS.values()) | {DATA["crt"]["title"], "Hellgate"}
    found |= {entry["name"] for entry in (*HEROES.values(), *MONSTERS.values())}
    for cls in SYSTEMS.values():  # each Lone Wolf-family book's Action Chart (pyrules/systems/lonewolf/book.py)
        if cls.key in chart_book._books():
            book = chart_book.of(cls.key)
            found |= {text for part in book.parts for text in (part.label, part.holds, part.needs, *part.names) if text}
            found |= set(chart_book.actions(cls.key, cls.has_willpower).values())
            found |= {book.powers.label, *book.powers.names} if book.powers else set()
    return found


if __name__ == "__main__":
    import json

    from pyrules.i18n import CATALOGS

    missing = sorted((texts() | names()) - set(CATALOGS["ru"]))
    print(json.dumps(missing, ensure_ascii=False, indent=1))
