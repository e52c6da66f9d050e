"""A new kind of rule system is one package, one registry line and one screen module. The coin-flip duel of
tests/coinflip is added to a copy of the repository in exactly those three places, the copy is built by its own
build.py, and the duel is played in the browser like any book."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading

from conftest import BOOT_TIMEOUT, ROOT
from playwright.sync_api import expect

from tools.server import make_server

REGISTRY_LINE = '    "coin-flip": "pyrules.systems.coinflip:CoinFlip",\n'


def copy_of_the_repository(project):
    """The repository's tracked files, copied into ``project``."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in tracked.splitlines():
        if (ROOT / name).is_file():
            (project / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, project / name)


def built(project):
    """The copy built by its own build.py (with the same pinned npm tools), served; the server's address."""
    (project / "build").mkdir()
    tools = ROOT / "build" / "node-tools"
    if tools.exists():  # the same pinned tools: no second npm install
        (project / "build" / "node-tools").symlink_to(tools)
    subprocess.run([sys.executable, "build.py"], cwd=project, check=True, env={**os.environ, "PYTHONPATH": ""})
    server = make_server(project / "dist")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def opened(browser, server):
    """The copy's app in a new page, ready to fight; its page errors collected in the list returned beside it."""
    page = browser.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
    expect(page.get_by_role("button", name="Start fight")).to_be_enabled(timeout=BOOT_TIMEOUT)
    return page, problems


def added_to_a_copy(project):
    copy_of_the_repository(project)
    # 1. its package
    (project / "pyrules" / "systems" / "coinflip").mkdir()
    package = project / "pyrules" / "systems" / "coinflip"
    shutil.copy2(ROOT / "tests" / "coinflip" / "__init__.py", package / "__init__.py")
    # 2. one line of the registry
    registry = project / "pyrules" / "systems" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    end = text.index("}\n", text.index("REGISTRY: dict[str, str] = {"))
    registry.write_text(text[:end] + REGISTRY_LINE + text[end:], encoding="utf-8")
    # 3. its screen module
    shutil.copy2(ROOT / "tests" / "coinflip" / "screen.js", project / "web" / "screen-coinflip.js")


def test_a_new_kind_of_system_is_one_package_one_registry_line_and_one_screen_module(browser, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    added_to_a_copy(project)
    server = built(project)
    try:
        page, problems = opened(browser, server)
        page.get_by_role("radio", name="Coin-flip duel").check()
        page.get_by_label("LIVES", exact=True).fill("2")
        page.get_by_label("Enemy name").fill("Sir Toss")
        page.get_by_label("Enemy LIVES").fill("2")
        page.get_by_role("button", name="Start fight").click()
        status = page.locator("#coin-status")
        expect(status).to_have_text("Hero 2 · Sir Toss 2")
        flips = (("heads", "Hero 2 · Sir Toss 1"), ("tails", "Hero 1 · Sir Toss 1"), ("heads", "Hero 1 · Sir Toss 0"))
        for side, lives in flips:
            page.get_by_label("Coin (heads or tails)").fill(side)
            page.get_by_role("button", name="Flip the coin").click()
            expect(status).to_have_text(lives)
        expect(page.locator("#outcome")).to_have_text("The enemy has no life left: you win.")
        assert page.locator("tr > td:nth-child(2)").all_inner_texts() == ["heads", "tails", "heads"]  # the log
        assert problems == []
        page.close()
    finally:
        server.shutdown()
