"""One fight's story on screen at a time: another fight's story is never shown, not even for a frame."""

from __future__ import annotations

from conftest import BOOT_TIMEOUT, fight_round, set_up
from playwright.sync_api import expect

# In the page: whether the story box ever showed the summary it holds now while it was not that fight's any more
# (installed once the first story is told; checked at every change of the story, before the page is painted).
STALE_JS = """(first) => {
  const box = document.getElementById("story"), summary = document.getElementById("story-summary");
  window.pyrulesStale = [];
  new MutationObserver(() => {
    if (!box.hidden && summary.textContent === first) window.pyrulesStale.push(box.textContent.slice(0, 200));
  }).observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


def test_another_fights_story_is_never_shown_while_this_ones_is_told(page):
    """One fight played to its end, its story told; then another: from the moment the second story's box shows,
    the first's summary is never in it, not for a frame (a MutationObserver sees every state the page could paint)."""
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 28},
           [{"Enemy name": "Gourgaz", "Enemy COMBAT SKILL": 16, "Enemy ENDURANCE": 30}])  # fmt: skip
    story = page.get_by_role("region", name="The fight's story")
    for number in (5, 6, 2, 7, 4, 5):
        fight_round(page, number)
    summary = story.locator("#story-summary")
    expect(summary).to_contain_text("Won after 6 rounds.", timeout=BOOT_TIMEOUT)
    expect(story.locator("#story-status")).to_have_text("")
    first = summary.text_content()
    page.evaluate(STALE_JS, first)
    page.get_by_role("button", name="New fight").click()
    set_up(page, "Dawn of the Darklords", {"COMBAT SKILL": 15, "ENDURANCE": 28},
           [{"Enemy name": "Giak", "Enemy COMBAT SKILL": 10, "Enemy ENDURANCE": 3}])  # fmt: skip
    fight_round(page, 9)
    expect(summary).to_contain_text("Won after 1 round.", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.pyrulesStale") == []
