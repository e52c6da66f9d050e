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

Then Chromium again under a slow network (DevTools network emulation, SLOW): the first visits only, app ÷ bare.
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
    """build.py's server (its headers, its caching), counting what it sends."""
    import build

    class Handler(build.Handler):
        def copyfile(self, source, outputfile):
            data = source.read()
            outputfile.write(data)
            sent.add(len(data))

    return build.make_server(site_dir, handler=Handler)


def throttle(session: drivers.Session) -> None:
    """Chromium's page under the slow profile (its workers' requests too)."""
    page = session.page  # type: ignore[attr-defined]
    devtools = page.context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send("Network.emulateNetworkConditions", SLOW)


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


def measure_slow(url: str, runs: int, open_session, sent: Sent) -> dict:
    """Chromium's first visits under SLOW: app ÷ bare, pairs alternating which goes first."""
    ready, bare, bytes_app, bytes_bare, used = [], [], [], [], []
    for i in range(runs):
        for kind in ("bare", "app") if i % 2 == 0 else ("app", "bare"):
            session = open_session("chromium")
            throttle(session)
            page = Page(session, url)
            try:
                before = sent.bytes
                if kind == "bare":
                    page.goto(url + "bench/bare.html")
                    bare.append(page.wait("window.bareReady", "bare Pyodide ready", timeout=300))
                    bytes_bare.append(sent.bytes - before)
                else:
                    page.goto(url)
                    timing = page.ready(timeout=300)
                    ready.append(page.js(READY_JS))
                    bytes_app.append(sent.bytes - before)
                    used.append(path_of(timing))
            finally:
                session.close()
        print(f"bench chromium, slow network: run {i + 1}/{runs}: app {ready[-1]:.0f} ms ({used[-1]}), bare"
              f" {bare[-1]:.0f} ms", flush=True)
    return {
        "ratio": statistics.median(a / b for a, b in zip(ready, bare)),
        "ratios": [a / b for a, b in zip(ready, bare)],
        "ready": statistics.median(ready), "bare": statistics.median(bare),
        "bytes_app": statistics.median(bytes_app), "bytes_bare": statistics.median(bytes_bare),
        "snapshot": sorted(set(used)),
    }


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
        slow = measure_slow(url, runs, open_session, sent) if "chromium" in engines else None
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
    if slow is not None:
        lines.append(
            f"| Chromium, slow network (9 Mbit/s, 60 ms) | {slow['ratio']:.2f} (pairs {min(slow['ratios']):.2f}–"
            f"{max(slow['ratios']):.2f}; app {slow['ready']:.0f} ms, bare {slow['bare']:.0f} ms) |"
            f" {slow['bytes_app'] / mb:.1f} / {slow['bytes_bare'] / mb:.1f} MB | – | {', '.join(slow['snapshot'])}"
            " | – |"
        )
    lines.append(
        f"\n{runs} pairs per engine, in one run. Targets: first visit ÷ bare ≤ 0.5 in every engine on the local"
        " network and ≤ 1.0 on the slow one; second visit ÷ bare ≤ 0.5; each engine's peak ≤ 300 MB over the empty"
        " page."
    )
    return "\n".join(lines)
