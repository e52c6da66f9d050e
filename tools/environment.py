"""The tooling a build and the tests set up on a fresh machine: the pinned npm tools (build/node-tools), the Python
tooling (.venv), and the browsers the tests drive (Debian's packages, by apt-get), with Chromium's flags here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tools.paths import BUILD, ROOT, VENV, run

# npm tools, pinned (installed into build/node-tools when the site is built): esbuild minifies the page; TypeScript
# type-checks its JavaScript from the JSDoc types (tsconfig.json, tsconfig.workers.json), a step of `test`; axe-core
# is injected into the page by the browser tests (tests/browser/test_a11y.py), never shipped.
NODE_TOOLS = {"esbuild": "0.28.2", "terser": "5.51.4", "typescript": "7.0.2", "axe-core": "4.14.1",
              "puppeteer-core": "25.16.0"}
# Python tooling, pinned (installed into .venv by `test` and `bench`).
DEV_REQUIREMENTS = ROOT / "requirements-dev.txt"
# The Chromium the browser tests, the bench and the screenshots drive (PYRULES_CHROMIUM names another).
CHROMIUM = os.environ.get("PYRULES_CHROMIUM", "/usr/bin/chromium")
# Headless Chromium on these machines: no sandbox (root), no GPU, no calls home (the network is closed).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def node_tools() -> Path:
    """The pinned npm tools (esbuild), installed once into build/node-tools from the npm registry."""
    out = BUILD / "node-tools"
    stamp = out / ".complete"
    wanted = json.dumps(NODE_TOOLS, sort_keys=True)
    if stamp.exists() and stamp.read_text() == wanted:
        return out
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    package = {"name": "pyrules-build-tools", "private": True, "dependencies": NODE_TOOLS}
    (out / "package.json").write_text(json.dumps(package, indent=1))
    run("npm", "install", "--no-audit", "--no-fund", "--silent", cwd=out)
    stamp.write_text(wanted)
    return out


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    python = venv_python()
    stamp = VENV / ".requirements"
    wanted = DEV_REQUIREMENTS.read_text()
    if not python.exists():
        run(sys.executable, "-m", "venv", VENV)
    if not stamp.exists() or stamp.read_text() != wanted:
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", DEV_REQUIREMENTS)
        stamp.write_text(wanted)
    return python


# Debian's packages for the browser tests, by the file each one provides: Chromium (Playwright), Firefox ESR
# (puppeteer-core over WebDriver BiDi), WebKitGTK's WebDriver and MiniBrowser (Selenium), and Xvfb, WebKit's screen.
ENGINE_PACKAGES = {
    CHROMIUM: "chromium",
    "/usr/bin/firefox-esr": "firefox-esr",
    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver",
    "/usr/bin/Xvfb": "xvfb",
}


def ensure_engines(paths: list[str]) -> None:
    """Installs with apt-get the Debian packages of whichever of `paths` are missing (Playwright's own browser
    downloads do not work on these machines)."""
    missing = sorted({ENGINE_PACKAGES[p] for p in paths if not Path(p).exists()})
    if missing and shutil.which("apt-get"):
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run(*sudo, "apt-get", "update", "-qq", env=env)
        run(*sudo, "apt-get", "install", "-y", "-qq", *missing, env=env, stdout=subprocess.DEVNULL)
    still = [p for p in paths if not Path(p).exists()]
    if still:
        sys.exit(f"build.py: not installed: {', '.join(still)} (Debian packages {', '.join(missing)})")


def ensure_chromium() -> str:
    ensure_engines([CHROMIUM])
    return CHROMIUM
