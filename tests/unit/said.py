"""What every system's words tests check of an event said (tests/unit/*/test_*_said.py): its text and title given, no
placeholder left, and in Russian no English word but the names the fight was given."""

from __future__ import annotations

import re

from pyrules import Fight
from pyrules.i18n import language

LATIN = re.compile(r"[A-Za-z]{2,}")


def strings(value) -> list[str]:
    """Every string of a said dict (its values, nested)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    return []


def check_said(code: str, events: list[tuple[Fight, dict]]) -> None:
    """Each event as the rules say it in the language `code`."""
    assert events
    for fight, event in events:
        with language(code):
            said = fight.told(event)["said"]
        assert said["text"] and said["title"]
        for text in strings(said):
            assert "{" not in text and "}" not in text, text
        if code == "ru":  # no English left, but the names (of the hero, the enemies, the units)
            names = {e.get("name", "") for e in fight.record()["enemies"]} | {fight.system.describe()["hero"]}
            left = {word for text in strings(said) for word in LATIN.findall(text)}
            named = {word for name in names for word in LATIN.findall(name)}
            named |= {word for e in fight.log for word in LATIN.findall(str(e.get("name", "")))}
            named |= {word for e in fight.log for word in LATIN.findall(str(e.get("target_name", "")))}
            named |= {word for e in fight.log for word in LATIN.findall(str(e.get("enemy", "")))}
            named |= {word for e in fight.log for note in e.get("notes", []) for word in LATIN.findall(note)}
            assert left <= named, (left - named, said)
