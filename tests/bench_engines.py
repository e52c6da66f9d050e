"""The benchmark in each engine (`python3 build.py bench`, after the Chromium benchmark in tests/bench.py): Chromium,
Firefox and WebKit driven by the cross-engine suite's drivers (tests/engines/drivers.py), in one run.

For each engine, `runs` pairs, alternating which goes first, each load in a browser with a new empty profile:

* bare: the bare Pyodide page (tests/bench/bare.html: the same runtime booted the same way in a module worker,
  nothing of the app), loaded cold, then again with its runtime in the HTTP cache;
* app: the app's first visit (navigation start -> the rules answer and "Start fight" is enabled), then, once its
  service worker controls the page, the second visit.

The ratios are app ÷ bare of the same pair, first visit against the cold bare boot and second visit against the
bare boot from the HTTP cache. Bytes: what the test server sent for each first visit until it was ready (runtime
included, as this server sends it: uncompressed; a host that compresses sends pyodide.asm.wasm at about 3.6 MB
instead of 9.6). Memory: the peak PSS of the whole browser (every process below it, tests/memory.py) while the app's
first visit boots and answers its first odds, and while the second visit does the same; an empty page's, as a floor.

Then Chromium again under a slow network (DevTools network emulation, SLOW) at a phone's size, first visits only
(`run_slow`; alone: `python3 tests/bench_engines.py --slow [--runs N] [--update-readme]`): a friend opening a shared
fight (its story drawn, then ready to fight) and a shared adventure (its list drawn), beside bare Pyodide; then the
same with a phone's CPU (Lighthouse's mobile slowdown, 4×). The server gzips in transit as the host does.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE / "engines"), str(HERE.parent)]

import drivers  # noqa: E402
import memory  # noqa: E402
from page import Page  # noqa: E402
from test_engines import WARM_JS, fight_round, set_up  # noqa: E402

ENGINES = ("chromium", "firefox", "webkit")
READY_JS = "return window.pyrulesTiming.readyOnPage - performance.timeOrigin;"
# The odds have answered: the odds' worker, where the page starts one, is up.
ODDS_JS = "document.querySelector('#odds-numbers').children.length > 0"
LW_SETUP = {"COMBAT SKILL": 15, "ENDURANCE": 25}
LW_ENEMY = {"Enemy name": "Giak", "Enemy COMBAT SKILL": 13, "Enemy ENDURANCE": 20}
# The slow profile: 9 Mbit/s down, 60 ms round trip (DevTools network emulation, Chromium only).
SLOW = {"offline": False, "latency": 60, "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}


class Sent:
    """The bytes of the files the test server has sent (bodies), counted across its threads."""

    def __init__(self) -> None:
        self.bytes = 0
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n


def counting_server(site_dir: Path, sent: Sent):
    """The production server (tools/server.py: its headers, its caching), counting what it sends."""
    from tools import server

    class Handler(server.Handler):
        def copyfile(self, source, outputfile):
            data = source.read()
            outputfile.write(data)
            sent.add(len(data))

    return server.make_server(site_dir, handler=Handler)


def browser_pid(session: drivers.Session) -> int | None:
    """The browser's root process: the driver says for Firefox and WebKit; for Chromium (Playwright does not say),
    the Chromium below this process whose parent is not Chromium."""
    pid = session.pid()
    if pid is not None:
        return pid
    parents = memory.process_parents()

    def name(p: int) -> str:
        try:
            return os.path.basename(os.readlink(f"/proc/{p}/exe"))
        except OSError:
            return ""

    tree = memory.descendants(os.getpid(), parents)
    roots = [p for p in tree if name(p) == "chromium" and name(parents.get(p, 0)) != "chromium"]
    return max(roots) if roots else None


def play(page: Page) -> None:
    """The fight a player starts first: the set-up (its odds asked), then two rounds (the suite's own steps)."""
    set_up(page, "Dawn of the Darklords", LW_SETUP, [LW_ENEMY])
    for number in (6, 2):
        fight_round(page, {"Random number": number})


def measure_engine(engine: str, url: str, runs: int, open_session, sent: Sent) -> dict:
    ready, bare, ready2, bare2, used, peak1, peak2, floor = [], [], [], [], [], [], [], []
    bytes_app, bytes_bare = [], []
    for i in range(runs):
        for kind in ("bare", "app", "empty") if i % 2 == 0 else ("empty", "app", "bare"):
            session = open_session(engine)
            page = Page(session, url)
            pid = browser_pid(session)
            try:
                if kind == "empty":
                    with memory.Peak(pid) as peak:
                        page.goto(url + "bench/empty.html")
                        time.sleep(1)
                    floor.append(peak.max_bytes)
                elif kind == "bare":
                    before = sent.bytes
                    for visits in (bare, bare2):  # cold, then from the HTTP cache
                        page.goto(url + "bench/bare.html")
                        visits.append(page.wait("window.bareReady", "bare Pyodide ready", timeout=180))
                        if visits is bare:
                            bytes_bare.append(sent.bytes - before)
                else:
                    with memory.Peak(pid) as peak:
                        before = sent.bytes
                        page.goto(url)
                        first = page.ready()
                        bytes_app.append(sent.bytes - before)
                        ready.append(page.js(READY_JS))
                        play(page)
                        page.wait(ODDS_JS, "the odds answered", timeout=120)
                    peak1.append(peak.max_bytes)
                    page.wait("navigator.serviceWorker.controller !== null", "the service worker", timeout=120)
                    assert page.js(WARM_JS)
                    with memory.Peak(pid) as peak:
                        page.goto(url)
                        timing = page.ready()
                        ready2.append(page.js(READY_JS))
                        used.append(f"{path_of(first)} / {path_of(timing)}")
                        page.wait(ODDS_JS, "the odds answered", timeout=120)
                    peak2.append(peak.max_bytes)
            finally:
                session.close()
        print(f"bench {engine}: run {i + 1}/{runs}: app {ready[-1]:.0f} ms ({bytes_app[-1] / 2**20:.1f} MB), bare"
              f" {bare[-1]:.0f} ms ({bytes_bare[-1] / 2**20:.1f} MB); second visit: app {ready2[-1]:.0f} ms, bare"
              f" {bare2[-1]:.0f} ms; {used[-1]}; peak {peak1[-1] / 2**20:.0f} / {peak2[-1] / 2**20:.0f} MB", flush=True)
    return {
        "ratio": statistics.median(a / b for a, b in zip(ready, bare)),
        "ratios": [a / b for a, b in zip(ready, bare)],
        "ratio2": statistics.median(a / b for a, b in zip(ready2, bare2)),
        "ratios2": [a / b for a, b in zip(ready2, bare2)],
        "ready": statistics.median(ready), "bare": statistics.median(bare),
        "ready2": statistics.median(ready2), "bare2": statistics.median(bare2),
        "bytes_app": statistics.median(bytes_app), "bytes_bare": statistics.median(bytes_bare),
        "snapshot": sorted(set(used)),
        "peak1": statistics.median(peak1), "peak2": statistics.median(peak2), "floor": statistics.median(floor),
    }


def path_of(timing: dict) -> str:
    """Which start ran: "snapshot", or the reason the snapshot was not used."""
    return "snapshot" if timing.get("snapshot") else str(timing.get("snapshotNote", "?")).split(":")[0]


# When a shared link's first screen is drawn, on the page's clock: the page's own mark (pyrulesTiming.preview, set
# when a link's preview is drawn), else the first sight of a fight's story chart or an adventure's list of fights.
DRAWN_JS = """
window.pyrulesDrawn = {};
new MutationObserver(() => {
  const drawn = window.pyrulesDrawn;
  if (!drawn.story && document.querySelector("#story .story-svg")) drawn.story = performance.now();
  if (!drawn.list && document.querySelector("#friend:not([hidden]) #friend-fights li")) drawn.list = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
SHOWN_JS = """() => {
  const drawn = window.pyrulesDrawn || {};
  const preview = window.pyrulesTiming && window.pyrulesTiming.preview;
  return typeof preview === "number" ? preview : drawn.story || drawn.list || 0;
}"""
APP_READY_JS = """() => window.pyrulesTiming && window.pyrulesTiming.readyOnPage
  ? window.pyrulesTiming.readyOnPage - performance.timeOrigin : 0"""
PHONE = {"width": 390, "height": 844}
CPU_SLOWDOWN = 4  # Lighthouse's mobile profile: a CPU 4 times slower (CDP Emulation.setCPUThrottlingRate)


def shared_links() -> dict[str, str]:
    """The links a friend opens: a shared 30-round Lone Wolf fight (pyrules.benchmark's REVIEW_LW) and a 10-fight
    Lone Wolf adventure (tests/unit/test_adventure_link.py's), each as Share makes it (its preview in it)."""
    import json

    sys.path.insert(0, str(HERE / "unit"))
    from test_adventure_link import lone_wolf

    from pyrules import api
    from pyrules.benchmark import REVIEW_LW

    def call(**request) -> dict:
        reply = json.loads(api.call(json.dumps(request)))
        assert reply["ok"], reply
        return reply

    session = call(op="start", record=REVIEW_LW)["session"]
    return {"fight": "#f=" + call(op="share", session=session)["code"],
            "adventure": "#a=" + call(op="share_adventure", adventure=lone_wolf())["code"]}  # fmt: skip


def slow_load(playwright, url: str, cpu: float, sent: Sent) -> tuple[dict, dict, int]:
    """One load in a new browser (an empty profile) at a phone's size under SLOW and the CPU slowdown `cpu`: until
    bare Pyodide is ready (a bare page) or the app is ready to fight, with its link's first screen drawn where it
    opens one. Returns the page's times (ms from its navigation), the app's start-up timing, and the bytes the server
    had sent when the page was seen ready (the service worker's precache begins then)."""
    from tools.environment import CHROMIUM, CHROMIUM_ARGS

    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_context(viewport=PHONE).new_page()
        devtools = page.context.new_cdp_session(page)
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions", SLOW)
        if cpu > 1:
            devtools.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.add_init_script(DRAWN_JS)
        before = sent.bytes
        bytes_sent = 0
        page.goto(url)
        deadline = time.monotonic() + 300
        bare = url.endswith("bare.html")
        link = "#" in url
        while True:
            if bare:
                times = {"bare": page.evaluate("() => window.bareReady || 0")}
            else:
                times = {"ready": page.evaluate(APP_READY_JS), "shown": page.evaluate(SHOWN_JS) if link else 1}
            if not bytes_sent and (times.get("bare") or times.get("ready")):
                bytes_sent = sent.bytes - before
            if all(times.values()):
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"bench, slow network: {url} not ready after 300 s: {times}")
            time.sleep(0.25)
        timing = {} if bare else page.evaluate("() => window.pyrulesTiming")
        return times, timing, bytes_sent
    finally:
        browser.close()


def measure_slow(url: str, runs: int, sent: Sent, cpu: float = 1) -> dict:
    """Chromium's first visits under SLOW (and the CPU slowdown `cpu`), at a phone's size, a new profile each: pairs
    alternating which goes first of a bare Pyodide page and the app opening a shared fight (its story drawn, then
    ready to fight) and a shared adventure (its list drawn)."""
    from playwright.sync_api import sync_playwright

    links = shared_links()
    story, listed, ready, bare, bytes_app, bytes_bare, used = [], [], [], [], [], [], []
    with sync_playwright() as playwright:
        for i in range(runs):
            for kind in ("bare", "fight", "adventure") if i % 2 == 0 else ("adventure", "fight", "bare"):
                if kind == "bare":
                    times, _, sent_bytes = slow_load(playwright, url + "bench/bare.html", cpu, sent)
                    bare.append(times["bare"])
                    bytes_bare.append(sent_bytes)
                elif kind == "adventure":
                    times, _, _ = slow_load(playwright, url + links["adventure"], cpu, sent)
                    listed.append(times["shown"])
                else:
                    times, timing, sent_bytes = slow_load(playwright, url + links["fight"], cpu, sent)
                    story.append(times["shown"])
                    ready.append(times["ready"])
                    bytes_app.append(sent_bytes)
                    used.append(path_of(timing))
            print(f"bench chromium, slow network, CPU slowdown {cpu:g}×: run {i + 1}/{runs}: story {story[-1]:.0f} ms,"
                  f" adventure {listed[-1]:.0f} ms, app ready {ready[-1]:.0f} ms ({used[-1]},"
                  f" {bytes_app[-1] / 2**20:.1f} MB), bare {bare[-1]:.0f} ms ({bytes_bare[-1] / 2**20:.1f} MB)",
                  flush=True)
    return {
        "ratio": statistics.median(a / b for a, b in zip(ready, bare)),
        "ratios": [a / b for a, b in zip(ready, bare)],
        "story": story, "listed": listed, "ready": ready, "bare": bare,
        "bytes_app": statistics.median(bytes_app), "bytes_bare": statistics.median(bytes_bare),
        "snapshot": sorted(set(used)),
    }


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"


def slow_rows(results: list[tuple[str, dict]]) -> str:
    """The slow network's table: each profile's median and range of each measure."""
    mb = 2**20
    lines = [
        "| Profile | A shared fight's story drawn | A shared adventure's list drawn | Ready to fight | Bare Pyodide"
        " | Ready ÷ bare (pairs) | Bytes sent by ready: app / bare | Start taken |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, r in results:
        lines.append(
            f"| {name} | {spread(r['story'])} | {spread(r['listed'])} | {spread(r['ready'])} | {spread(r['bare'])}"
            f" | {r['ratio']:.2f} ({min(r['ratios']):.2f}–{max(r['ratios']):.2f}) | {r['bytes_app'] / mb:.1f} /"
            f" {r['bytes_bare'] / mb:.1f} MB | {', '.join(r['snapshot'])} |"
        )
    return "\n".join(lines)


def run_slow(site_dir: Path, runs: int, phone: bool = True) -> str:
    """The slow network's rows, through the compressing server: the bench's network, then a phone's CPU on it."""
    sent = Sent()
    server = counting_server(site_dir, sent)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        results = [("Slow network (9 Mbit/s, 60 ms)", measure_slow(url, runs, sent))]
        if phone:
            phone_row = f"Phone: the same and a CPU {CPU_SLOWDOWN}× slower"
            results.append((phone_row, measure_slow(url, runs, sent, CPU_SLOWDOWN)))
    finally:
        server.shutdown()
    return slow_rows(results) + (
        f"\n\nChromium at 390×844, a new profile for each load, {runs} pairs alternating which goes first; the server"
        " gzips text and wasm as the host does (docs/hosting.md). Medians (ranges). Targets: the story and the list"
        " ≤ 1,000 ms; ready ÷ bare ≤ 0.6."
    )


def run_engines(site_dir: Path, runs: int, engines=ENGINES) -> str:
    """Measures every engine; returns the README's per-engine table (Markdown)."""
    sent = Sent()
    server = counting_server(site_dir, sent)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    screen = drivers.Xvfb() if "webkit" in engines else None
    playwright = None
    results = {}
    try:
        def open_session(engine: str) -> drivers.Session:
            nonlocal playwright
            if engine == "firefox":
                return drivers.Firefox()
            if engine == "webkit":
                assert screen is not None
                return drivers.WebKit(screen.display)
            if playwright is None:
                from playwright.sync_api import sync_playwright

                playwright = sync_playwright().start()
            return drivers.Chromium(playwright)

        for engine in engines:
            results[engine] = measure_engine(engine, url, runs, open_session, sent)
    finally:
        if playwright is not None:
            playwright.stop()
        if screen is not None:
            screen.close()
        server.shutdown()
    mb = 2**20
    names = {"chromium": "Chromium", "firefox": "Firefox ESR", "webkit": "WebKit (WebKitGTK MiniBrowser)"}
    lines = [
        "| Engine | First visit: ready ÷ bare boot | Bytes to ready, first visit: app / bare | Second visit: ready ÷"
        " bare boot (HTTP cache) | Start taken: first / second visit | Peak memory (PSS of the whole browser): first"
        " visit / second visit / an empty page |",
        "|---|---|---|---|---|---|",
    ]
    for engine, r in results.items():
        lines.append(
            f"| {names[engine]} | {r['ratio']:.2f} (pairs {min(r['ratios']):.2f}–{max(r['ratios']):.2f}; app"
            f" {r['ready']:.0f} ms, bare {r['bare']:.0f} ms) | {r['bytes_app'] / mb:.1f} / {r['bytes_bare'] / mb:.1f}"
            f" MB | {r['ratio2']:.2f} (pairs {min(r['ratios2']):.2f}–{max(r['ratios2']):.2f}; app {r['ready2']:.0f} ms,"
            f" bare {r['bare2']:.0f} ms) | {', '.join(r['snapshot'])}"
            f" | {r['peak1'] / mb:.0f} / {r['peak2'] / mb:.0f} / {r['floor'] / mb:.0f} MB |"
        )
    lines.append(
        f"\n{runs} pairs per engine, in one run. Targets: first visit ÷ bare ≤ 0.4 in every engine on the local"
        " network; second visit ÷ bare ≤ 0.3; each engine's peak ≤ 300 MB over the empty page."
    )
    table = "\n".join(lines)
    return table + "\n\n" + run_slow(site_dir, runs) if "chromium" in engines else table


def main(argv: list[str]) -> int:
    """The slow network's rows alone, from the built site (dist/, as the bench serves it)."""
    import argparse

    from bench import ROOT, site, write_readme

    from tools.paths import DIST

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--slow", action="store_true", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--update-readme", action="store_true")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default: dist/)")
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "bench-site", help="where its bench copy goes")
    parser.add_argument("--prepared", action="store_true", help="the bench copy in --site is made already")
    parser.add_argument("--no-phone", action="store_true", help="the slow network's row only")
    args = parser.parse_args(argv)
    table = run_slow(args.site if args.prepared else site(args.dist, args.site), args.runs, not args.no_phone)
    print(table)
    if not args.update_readme:
        return 0
    import re

    # The engines' block keeps its per-engine table; its slow-network part is replaced.
    docs = (ROOT / "docs" / "benchmark.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- bench-engines:start -->\n(.*?)\n<!-- bench-engines:end -->", docs, flags=re.S)
    if not found:
        print("bench: docs/benchmark.md has no bench-engines markers; table not written")
        return 1
    engines = found.group(1).split("\n\n| Profile |")[0]
    return write_readme(engines + "\n\n" + table, "bench-engines")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
