"""Every test file read in one sitting: no source file under tests/ over 600 lines. A file past that holds more than one
concern and is split by concern, its shared helpers in a module beside it. The data the tests read (fixtures'
records, the reference tables) is not code and is not counted."""

from __future__ import annotations

import pathlib

TESTS = pathlib.Path(__file__).resolve().parents[1]
SOURCES = {".py", ".mjs", ".js", ".html"}


def test_no_test_file_is_over_600_lines():
    files = [p for p in TESTS.rglob("*") if p.suffix in SOURCES and p.is_file() and "__pycache__" not in p.parts]
    lines = {str(p.relative_to(TESTS)): len(p.read_text(encoding="utf-8").splitlines()) for p in files}
    assert len(lines) > 100 and lines["unit/test_sizes.py"] > 0  # the walk found the tests
    assert {name: n for name, n in lines.items() if n > 600} == {}
