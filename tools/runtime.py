"""The pinned Pyodide runtime: its version and integrity hash, fetched from the npm registry into build/ and
self-hosted; the hash of its files, its lock file's ``info``; and the pure-Python wheels that run the unit suite
inside it."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from tools.paths import BUILD, CACHE, run

PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# What the site ships of them as they are. The standard library goes as the part of it the rules' worker uses
# (used_stdlib), and the lock file (its package index: the app loads no package) as its `info` alone, in worker.js.
SHIPPED_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]
PYODIDE_DIR = BUILD / f"pyodide-{PYODIDE_VERSION}"

PYODIDE_TEST_WHEELS = [
    "pytest==9.2.0",
    "pluggy==1.7.0",
    "iniconfig==2.3.1",
    "packaging==26.4",
    "pygments==2.21.0",
    "hypothesis==6.155.7",
    "sortedcontainers==2.4.0",
]


def integrity_of(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_pyodide() -> Path:
    """The pinned runtime, verified against its integrity hash, unpacked into build/."""
    marker = PYODIDE_DIR / ".complete"
    if marker.exists():
        return PYODIDE_DIR
    CACHE.mkdir(parents=True, exist_ok=True)
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists() or integrity_of(tarball) != PYODIDE_INTEGRITY:
        with tempfile.TemporaryDirectory() as tmp:
            run(
                "npm",
                "pack",
                f"pyodide@{PYODIDE_VERSION}",
                "--pack-destination",
                tmp,
                "--silent",
                stdout=subprocess.DEVNULL,
            )
            fetched = Path(tmp) / f"pyodide-{PYODIDE_VERSION}.tgz"
            if integrity_of(fetched) != PYODIDE_INTEGRITY:
                sys.exit(f"build.py: pyodide-{PYODIDE_VERSION}.tgz does not match its pinned integrity hash")
            shutil.move(fetched, tarball)
    shutil.rmtree(PYODIDE_DIR, ignore_errors=True)
    PYODIDE_DIR.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and "/" not in name:
                member.name = name
                tar.extract(member, PYODIDE_DIR, filter="data")
    marker.write_text(PYODIDE_INTEGRITY)
    return PYODIDE_DIR


# ---- the wheel and the site --------------------------------------------------------------------------------------


def runtime_hash(runtime: Path) -> str:
    """A content hash of the runtime's files: with the wheel's, it names the memory snapshot they make."""
    digest = hashlib.sha256()
    for name in RUNTIME_FILES:
        digest.update(name.encode() + b"\0" + (runtime / name).read_bytes())
    return digest.hexdigest()


def lock_info(runtime: Path) -> str:
    """The runtime's lock file as the worker gives it to Pyodide: its ``info`` (which Pyodide checks against the
    runtime), no packages (the app loads none), as a JSON text; 0.3 KB instead of 119 KB to download."""
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    return json.dumps({"info": info, "packages": {}}, separators=(",", ":"))



def fetch_pyodide_test_wheels() -> Path:
    out = BUILD / "pyodide-test-wheels"
    stamp = out / ".complete"
    if stamp.exists() and stamp.read_text() == "\n".join(PYODIDE_TEST_WHEELS):
        return out
    shutil.rmtree(out, ignore_errors=True)
    run(
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--only-binary=:all:",
        "--python-version",
        "3.14",
        "--platform",
        "any",
        "-d",
        out,
        *PYODIDE_TEST_WHEELS,
    )
    stamp.write_text("\n".join(PYODIDE_TEST_WHEELS))
    return out
