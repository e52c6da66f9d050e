"""docs/contributing.md's Layout against the tree, both ways: every file it names exists, and every file of pyrules/,
web/, types/ and tools/ and every folder of tests/ and of tests/unit/ is named there."""

from __future__ import annotations

import os
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAYOUT = ROOT / "docs" / "contributing.md"
pytestmark = pytest.mark.skipif(sys.platform == "emscripten" or not LAYOUT.exists(), reason="docs/ is not copied")


def layout() -> str:
    text = LAYOUT.read_text(encoding="utf-8")
    return text[text.index("## Layout") :]


def named() -> set[str]:
    """Every file or folder name the Layout's block writes (a word ending in a known suffix, or a folder/)."""
    block = layout().split("```")[1]
    return set(re.findall(r"[\w./-]+\.(?:py|js|mjs|json|html|css|svg|webmanifest|ts)\b|[\w/-]+/", block))


def names_in_the_tree() -> set[str]:
    """The name of every file and folder of the repository, but what the tools make or fetch."""
    found = set()
    for _, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in {".git", ".venv", "build", "dist", "node_modules", "__pycache__"}]
        found.update(dirs, files)
    return found


def code_files(*folders: str) -> list[pathlib.Path]:
    """Every file under the repository's ``folders`` but Python's bytecode."""
    return [p for folder in folders for p in (ROOT / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def test_every_file_the_layout_names_exists():
    tree = names_in_the_tree()
    assert {"pyrules", "test_layout.py", "contributing.md"} <= tree  # the walk found the tree
    missing = [name for name in named() if name.rstrip("/").split("/")[-1] not in tree]
    assert not missing, missing


def test_every_file_of_the_code_and_every_test_folder_is_named():
    words = named()
    leaves = {name.rstrip("/").split("/")[-1] for name in words}
    files = code_files("pyrules", "web", "types", "tools")
    unnamed = [str(p.relative_to(ROOT)) for p in files if p.name not in leaves and p.parent.name != "data"]
    folders = [p for top in (ROOT / "tests", ROOT / "tests" / "unit") for p in top.iterdir()
               if p.is_dir() and p.name not in ("__pycache__", ".hypothesis")]  # fmt: skip
    unnamed += [str(p.relative_to(ROOT)) for p in folders if f"{p.relative_to(ROOT).as_posix()}/" not in words]
    assert len(files) > 40 and len(folders) >= 11  # the walk found the tree
    assert not unnamed, unnamed


def test_every_file_of_the_code_can_be_read_in_one_sitting():
    """No source file of pyrules/, web/ or tools/ over 600 lines, and the shell (web/shell/app.js) under 300: a file
    past that holds more than one concern (docs/contributing.md)."""
    files = [p for p in code_files("pyrules", "web", "tools") if p.suffix in {".py", ".js", ".mjs", ".css", ".html"}]
    lines = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines()) for p in files}
    assert len(lines) > 40 and lines["web/shell/app.js"] > 0  # the walk found the tree
    assert {name: n for name, n in lines.items() if n > 600} == {}
    assert lines["web/shell/app.js"] < 300
