"""Where the project's files are and how the build speaks: the repository's folders, the download cache, and log()
and run(), which print and run each step as build.py's own. Every other module of tools/ stands on this one."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
DIST = ROOT / "dist"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
CACHE = Path(os.environ.get("PYRULES_CACHE", Path.home() / ".cache" / "pyrules"))


def log(message: str) -> None:
    print(f"build.py: {message}", flush=True)


def run(*cmd, **kwargs) -> subprocess.CompletedProcess:
    log("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], check=True, **kwargs)
