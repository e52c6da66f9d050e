"""The README's pictures: a fight of every system of the registry, in English, Russian and Spanish, at a desktop
(1280×900) and a phone (390×844) size, taken in headless Chromium from the built site into docs/screenshots/; in
English in the dark colour scheme too (prefers-color-scheme: dark).

    python3 build.py screenshots

Each fight is the system's first fixture (tests/fixtures) cut after its first rounds, opened from a share link and
played on, as a player would see it; then the story of a finished fight (STORY), as a friend opening its link sees it.
The pictures are cropped to the viewport. README.md's table of them is rewritten between its markers."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
LOCALES = {"en": "en-GB", "ru": "ru-RU", "es": "es-ES"}
LANGUAGES = {"en": "English", "ru": "Russian", "es": "Spanish"}
# (language, colour scheme, the pictures' names' suffix): every language in the light scheme, English in the dark one
SCHEMES = [(lang, "light", lang) for lang in LOCALES] + [("en", "dark", "en-dark")]
START, END = "<!-- screenshots: written by python3 build.py screenshots -->", "<!-- /screenshots -->"
OVER_TEXT = "The fight is over: {outcome}."  # the odds' status once a fight is over, up to its outcome


def over(lang: str) -> str:
    """The odds' status of a fight that is over, in ``lang``, as far as the outcome (from the page's catalog)."""
    words = OVER_TEXT
    if lang != "en":
        words = json.loads((ROOT / "pyrules" / "locales" / lang / "page.json").read_text(encoding="utf-8"))[words]
    return words.split("{outcome}")[0]


ROUNDS = 3  # actions played before the picture (fewer if the fight ends sooner)
BOOT_TIMEOUT = 120_000
# A finished Lone Wolf fight for the story's pictures: Banedon against Gourgaz, won in six rounds.
STORY = {"format": "pyrules-fight", "version": 1, "system": "lone-wolf", "seed": 5,
         "hero": {"skill": 15, "endurance": 28}, "enemies": [{"name": "Gourgaz", "skill": 16, "endurance": 30}],
         "actions": [{"do": "round", "number": n} for n in (5, 6, 2, 7, 4, 5)]}  # fmt: skip


def systems(dist: Path) -> dict[str, str]:
    """The systems' keys and books as the built page lists them (#systems-data)."""
    found = re.search(r'id="systems-data">(.*?)</script>', (dist / "index.html").read_text(encoding="utf-8"), re.S)
    if not found:
        raise SystemExit("screenshots: dist/index.html has no #systems-data")
    described = json.loads(html.unescape(found.group(1)))["en"]["systems"]
    return {key: system.get("book", key) for key, system in described.items()}


def fight(system: str) -> dict:
    """The system's first fixture's record, cut after ROUNDS actions."""
    for path in sorted((ROOT / "tests" / "fixtures").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))["save"]["record"]
        if record["system"] == system:
            return {**record, "actions": record["actions"][:ROUNDS]}
    raise SystemExit(f"screenshots: no fixture plays {system}")


def markdown(books: dict[str, str]) -> str:
    """The README's tables: one row per system and language, the desktop and phone pictures side by side, the story's
    rows last; then the same in the dark scheme."""
    head = ["| | Desktop (1280×900) | Phone (390×844) |", "|---|---|---|"]
    tables: dict[str, list[str]] = {"light": list(head), "dark": list(head)}
    shown = [(f"*{book}*", system, f"{book}, a fight") for system, book in books.items()]
    for title, key, alt in shown + [("The fight's story", "story", "The fight's story,")]:
        for lang, scheme, suffix in SCHEMES:
            name, said = f"docs/screenshots/{key}-{suffix}", f"{alt} in {LANGUAGES[lang]}"
            said += ", dark scheme" if scheme == "dark" else ""
            tables[scheme].append(
                f'| {title}, {LANGUAGES[lang]} | <img alt="{said}, desktop" src="{name}-desktop.png" width="480"> '
                f'| <img alt="{said}, phone" src="{name}-phone.png" width="195"> |'
            )
    note = "In the dark colour scheme (the browser's or the phone's setting, `prefers-color-scheme: dark`):"
    return "\n".join(tables["light"] + ["", note, ""] + tables["dark"])


def update_readme(books: dict[str, str]) -> None:
    """The table written into README.md between its screenshot markers."""
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    start, end = text.index(START) + len(START), text.index(END)
    readme.write_text(text[:start] + "\n" + markdown(books) + "\n" + text[end:], encoding="utf-8")


def optimize(paths: list[Path]) -> None:
    """Each picture re-encoded by pngquant (a palette of at most 256 colours, a third of the bytes, the same to the
    eye) when it is installed (Debian's pngquant); as Chromium wrote them otherwise."""
    tool = shutil.which("pngquant")
    if not tool:
        print("screenshots: pngquant is not installed: the pictures are kept as Chromium wrote them")
        return
    for path in paths:
        subprocess.run([tool, "--quality=70-95", "--speed=1", "--strip", "--force", "--ext=.png", path], check=True)


def shot(page, scroll: str, name: str) -> Path:
    """The page's viewport as a picture, once its fonts are in and ``scroll`` has run; the page closed."""
    page.evaluate("() => document.fonts.ready")
    page.evaluate(scroll)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # observers
    path = OUT / name
    page.screenshot(path=path, animations="disabled", caret="hide")
    page.close()
    return path


def take(dist: Path, make_server, chromium: str, args: list[str]) -> list[Path]:
    from playwright.sync_api import expect, sync_playwright

    sys.path.insert(0, str(ROOT))
    from pyrules import share

    server = make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.png"):
        old.unlink()
    taken = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=args)
            for lang, scheme, suffix in SCHEMES:
                for size, viewport in SIZES.items():
                    context = browser.new_context(
                        viewport=viewport, locale=LOCALES[lang], reduced_motion="reduce", color_scheme=scheme
                    )
                    for system in systems(dist):
                        page = context.new_page()
                        page.goto(base + "#f=" + share.encode(fight(system)))
                        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
                        expect(page.locator("#fight")).to_be_visible()
                        # a shared fight opens on its story: told before it is played on (or pictured, if over)
                        expect(page.locator("#story-summary")).not_to_be_empty(timeout=BOOT_TIMEOUT)
                        if page.locator("#story-play").is_visible():  # a shared fight's story first: played on
                            page.locator("#story-play").click()
                            expect(page.locator("#story-play")).to_be_hidden(timeout=BOOT_TIMEOUT)
                        # the odds beside the fight, once their worker has answered (a simulation offer counts)
                        # (a locator, not a function: the page's CSP refuses a string evaluated as code); a fight
                        # that is over has no numbers: its status says so once the odds have answered
                        answered = page.locator("#odds-numbers dd").first.or_(page.locator("#odds-sim:not([hidden])"))
                        ended = page.locator("#odds-status", has_text=over(lang))
                        expect(answered.or_(ended)).to_be_attached(timeout=BOOT_TIMEOUT)
                        taken.append(shot(page, "() => window.scrollTo(0, 0)", f"{system}-{suffix}-{size}.png"))
                    page = context.new_page()
                    page.goto(base + "#f=" + share.encode(STORY))
                    expect(page.locator("#story-summary")).not_to_be_empty(timeout=BOOT_TIMEOUT)
                    # the story's top, below the strip of both sides' numbers that stays at the top of the screen
                    story = "() => { document.querySelector('#story').scrollIntoView(); scrollBy(0, -56); }"
                    taken.append(shot(page, story, f"story-{suffix}-{size}.png"))
                    context.close()
            browser.close()
    finally:
        server.shutdown()
    optimize(taken)
    update_readme(systems(dist))
    return taken
