"""The engine decides, the screen renders: a rule's number changed in Python alone (Vigour gives +4, the backpack
holds 8) shows on the screens of a copy of the repository built by its own build.py, with no web file touched."""

from __future__ import annotations

from conftest import set_up
from playwright.sync_api import expect
from test_fighting_fantasy import start_ff
from test_new_system import built, copy_of_the_repository, opened

CHANGES = {  # file: (the line as it is, the line in the copy)
    "pyrules/systems/lonewolf/rules.py": ("VIGOUR_SKILL, VIGOUR_COST, VIGOUR_FLOOR = 3, 3, 10",
                                          "VIGOUR_SKILL, VIGOUR_COST, VIGOUR_FLOOR = 4, 3, 10"),
    "pyrules/systems/fighting_fantasy/record.py": ("BACKPACK_SLOTS = 7", "BACKPACK_SLOTS = 8"),
}  # fmt: skip


def test_a_rule_value_changed_in_python_alone_shows_on_the_screens(browser, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    copy_of_the_repository(project)
    for name, (now, changed) in CHANGES.items():
        source = project / name
        text = source.read_text(encoding="utf-8")
        assert text.count(now) == 1, name  # the rule's one place
        source.write_text(text.replace(now, changed), encoding="utf-8")
    server = built(project)
    try:
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
    finally:
        server.shutdown()
