"""docs/contributing.md's Layout against the tree, both ways: every file it names exists, and every file of pyrules/,
web/ and types/ and every folder of tests/ is named there."""

from __future__ import annotations

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
    return set(re.findall(r"[\w./-]+\.(?:py|js|json|html|css|svg|webmanifest|ts)\b|[\w/-]+/", block))


def test_every_file_the_layout_names_exists():
    missing = []
    for name in named():
        leaf = name.rstrip("/").split("/")[-1]
        found = [path for path in ROOT.rglob(leaf) if not {".venv", "build", "dist"} & set(path.parts)]
        if not found:
            missing.append(name)
    assert not missing, missing


def test_every_file_of_the_code_and_every_test_folder_is_named():
    words = named()
    leaves = {name.rstrip("/").split("/")[-1] for name in words}
    files = [p for folder in ("pyrules", "web", "types") for p in (ROOT / folder).rglob("*")
             if p.is_file() and "__pycache__" not in p.parts]  # fmt: skip
    unnamed = [str(p.relative_to(ROOT)) for p in files if p.name not in leaves and p.parent.name != "data"]
    folders = [p for p in (ROOT / "tests").iterdir() if p.is_dir() and p.name != "__pycache__"]
    unnamed += [str(p.relative_to(ROOT)) for p in folders if f"tests/{p.name}/" not in words]
    assert len(files) > 40 and len(folders) >= 8  # the walk found the tree
    assert not unnamed, unnamed
