"""What a change in Python alone shows, in a copy of the repository built by its own build.py:
- a new kind of rule system is one package, one registry line and one screen module (the coin-flip duel of
  tests/coinflip added in exactly those three places, and played in the browser like any book);
- the engine decides, the screen renders: a rule's number changed in Python alone (Vigour gives +4, the backpack
  holds 8) shows on the screens, with no web file touched.
Both changes are made to one copy, built once (a build is most of these tests' time)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading

import pytest
from conftest import BOOT_TIMEOUT, ROOT, set_up
from playwright.sync_api import expect
from test_fighting_fantasy import start_ff

from tools.runtime import PYODIDE_VERSION
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
    for fetched in ("node-tools", f"pyodide-{PYODIDE_VERSION}"):  # the same pinned tools and runtime: not again
        if (ROOT / "build" / fetched).exists():
            (project / "build" / fetched).symlink_to(ROOT / "build" / fetched)
    if (ROOT / "build" / "icons").exists():  # drawn by the same code: the copy's build finds them drawn (7 s less)
        shutil.copytree(ROOT / "build" / "icons", project / "build" / "icons")
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
    shutil.copy2(ROOT / "tests" / "coinflip" / "screen.js", project / "web" / "screens" / "screen-coinflip.js")


CHANGES = {  # file: (the line as it is, the line in the copy)
    "pyrules/systems/lonewolf/rules.py": ("VIGOUR_SKILL, VIGOUR_COST, VIGOUR_FLOOR = 3, 3, 10",
                                          "VIGOUR_SKILL, VIGOUR_COST, VIGOUR_FLOOR = 4, 3, 10"),
    "pyrules/systems/fighting_fantasy/record.py": ("BACKPACK_SLOTS = 7", "BACKPACK_SLOTS = 8"),
}  # fmt: skip


def rule_values_changed(project):
    for name, (now, changed) in CHANGES.items():
        source = project / name
        text = source.read_text(encoding="utf-8")
        assert text.count(now) == 1, name  # the rule's one place
        source.write_text(text.replace(now, changed), encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The changed copy, built and served."""
    project = tmp_path_factory.mktemp("project")
    added_to_a_copy(project)
    rule_values_changed(project)
    server = built(project)
    yield server
    server.shutdown()


def test_a_new_kind_of_system_is_one_package_one_registry_line_and_one_screen_module(browser, server):
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


def test_a_rule_value_changed_in_python_alone_shows_on_the_screens(browser, server):
    page, problems = opened(browser, server)
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 25},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 10}])  # fmt: skip
    vigour = page.get_by_role("button", name="Cast Vigour")
    expect(vigour).to_contain_text("+4 COMBAT SKILL, −3 ENDURANCE")
    expect(page.locator("#vigour-why")).to_have_text(
        "Vigour adds 4 to COMBAT SKILL for this fight and costs 3 ENDURANCE"
    )
    ratio = page.locator("#combat-ratio")
    expect(ratio).to_have_text("+2")
    vigour.click()
    expect(ratio).to_have_text("+6")  # 15 + 4 against 13: the engine's own sum

    page.get_by_role("button", name="New fight").click()
    start_ff(page, {"SKILL": 10, "STAMINA": 18, "LUCK": 9}, [("Goblin", 5, 5)], {})
    expect(page.locator("#sheet-slots")).to_have_text("0 of 8 places taken")
    assert problems == []
    page.close()
