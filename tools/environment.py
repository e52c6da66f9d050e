"""The tooling a build and the tests set up on a fresh machine: the pinned npm tools (build/node-tools), the Python
tooling (.venv), and the browsers the tests drive (Debian's packages, by apt-get), with Chromium's flags here."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.paths import BUILD, ROOT, VENV, log, run

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
# (puppeteer-core over WebDriver BiDi), WebKitGTK's WebDriver and MiniBrowser (Selenium), Xvfb, WebKit's screen, and
# xprop, with which a test checks that screen (tests/engines/test_display.py).
ENGINE_PACKAGES = {
    CHROMIUM: "chromium",
    "/usr/bin/firefox-esr": "firefox-esr",
    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver",
    "/usr/bin/Xvfb": "xvfb",
    "/usr/bin/xprop": "x11-utils",
}


# The file whose lock gives this project's set-ups their turn at apt-get (one per machine, whichever clone runs).
APT_TURN = Path(tempfile.gettempdir()) / "pyrules-apt.lock"
# How long a set-up waits for another program's apt-get (an unattended upgrade) to let go of apt's own locks.
APT_LOCK_WAIT = 900.0
APT_LOCK_POLL = 5.0  # and how often it asks again


def ensure_engines(paths: list[str]) -> None:
    """Installs with apt-get the Debian packages of whichever of `paths` are missing (Playwright's own browser
    downloads do not work on these machines). Set-ups run side by side (several clones tested at once) take turns:
    the first installs, the others wait for it and then find nothing missing."""
    if _missing(paths) and shutil.which("apt-get"):
        _install(paths)
    _check_installed(paths)


def _install(paths: list[str]) -> None:
    APT_TURN.parent.mkdir(parents=True, exist_ok=True)
    with APT_TURN.open("a") as turn:
        fcntl.flock(turn, fcntl.LOCK_EX)  # released when the file closes, or the process ends
        missing = _missing(paths)
        if missing:
            sudo = [] if os.geteuid() == 0 else ["sudo"]
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive", "LC_ALL": "C"}  # apt's words, for _apt
            _apt(*sudo, "apt-get", "update", "-qq", env=env)
            _apt(*sudo, "apt-get", "install", "-y", "-qq", *missing, env=env)


def _missing(paths: list[str]) -> list[str]:
    return sorted({ENGINE_PACKAGES[p] for p in paths if not Path(p).exists()})


def _check_installed(paths: list[str]) -> None:
    still = [p for p in paths if not Path(p).exists()]
    if still:
        sys.exit(f"build.py: not installed: {', '.join(still)} (Debian packages {', '.join(_missing(paths))})")


def _apt(*cmd: str, env: dict[str, str]) -> None:
    """Runs apt-get, again while another program holds apt's locks (apt-get update has no wait of its own), for at
    most APT_LOCK_WAIT seconds; any other failure ends the set-up with apt's own message."""
    deadline = time.monotonic() + APT_LOCK_WAIT
    log("$ " + " ".join(cmd))
    while True:
        done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode == 0:
            return
        if "Could not get lock" not in done.stderr or time.monotonic() > deadline:
            sys.stderr.write(done.stderr)
            raise subprocess.CalledProcessError(done.returncode, cmd)
        log("apt's lock is held by another program; waiting for it")
        time.sleep(APT_LOCK_POLL)


def ensure_chromium() -> str:
    ensure_engines([CHROMIUM])
    return CHROMIUM
