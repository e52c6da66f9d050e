"""The start-up snapshot (tools/snapshot.mjs) holds Python's memory, not its files: a rules module it has not imported
cannot be imported from it in the browser. Its imports, run here on CPython, must leave none out."""

from __future__ import annotations

import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pyrules

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(sys.platform == "emscripten", reason="starts a Python of its own; tools/ is not in Pyodide")
def test_the_snapshot_imports_every_module_of_the_rules():
    maker = (ROOT / "tools" / "snapshot.mjs").read_text(encoding="utf-8")
    (imports,) = re.findall(r"const IMPORTS = `(.*?)`;", maker, flags=re.S)
    walked = pkgutil.walk_packages(pyrules.__path__, "pyrules.")
    modules = sorted(m.name for m in walked if m.name != "pyrules.__main__")
    assert len(modules) > 40 and "pyrules.benchmark" in modules  # the walk found the package
    check = imports + "\nimport sys, json\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('pyrules'))))"
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True, cwd=ROOT)
    imported = set(json.loads(done.stdout.splitlines()[-1]))
    assert [m for m in modules if m not in imported] == []
