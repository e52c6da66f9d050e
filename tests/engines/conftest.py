"""The cross-engine suite: one set of scenarios (test_engines.py), run in each engine of PYRULES_ENGINES
(default "firefox,webkit"; add "chromium" to check the scenarios in the main suite's engine too)."""

from __future__ import annotations

import http.server
import os
import sys
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT)]
import drivers  # noqa: E402
from page import Page  # noqa: E402

from tools import server as production  # noqa: E402

DIST = Path(os.environ.get("PYRULES_DIST", ROOT / "dist"))
ENGINES = [e for e in os.environ.get("PYRULES_ENGINES", "firefox,webkit").split(",") if e]


class Network:
    """What the test server does: serves dist/ as production does, or acts as if the network were gone (every
    request dropped, as offline), or drops only the requests whose path ends with one of `blocked`, or answers those
    whose path ends with a key of `replaced` with its bytes (a damaged file)."""

    def __init__(self) -> None:
        self.offline = False
        self.blocked: tuple[str, ...] = ()
        self.replaced: dict[str, bytes] = {}

    def replacement(self, path: str) -> bytes | None:
        return next((data for end, data in self.replaced.items() if path.split("?")[0].endswith(end)), None)

    def drops(self, path: str) -> bool:
        return self.offline or any(path.split("?")[0].endswith(end) for end in self.blocked)


@pytest.fixture(scope="session")
def network():
    return Network()


@pytest.fixture(scope="session")
def base_url(network):
    if not (DIST / "index.html").exists():
        pytest.fail(f"no built site in {DIST}: run `python3 build.py` first (build.py test does)")

    class Handler(production.Handler):
        def handle_one_request(self):
            # Read the request line first, then drop the connection without an answer: a network error to the page.
            self.raw_requestline = self.rfile.readline(65537)
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return
            if network.drops(self.path):
                self.close_connection = True
                return
            if (data := network.replacement(self.path)) is not None:
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                self.wfile.flush()
                return
            method = getattr(self, "do_" + self.command, None)
            if method is None:
                self.send_error(501)
                return
            method()
            self.wfile.flush()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a, **k: Handler(*a, directory=str(DIST), **k))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def display():
    screen = drivers.Xvfb()
    yield screen.display
    screen.close()


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as instance:
        yield instance


@pytest.fixture(params=ENGINES)
def engine(request):
    return request.param


@pytest.fixture
def open_page(request, engine, base_url):
    """Opens the app in a new browser of this test's engine, with its own empty profile; closed after the test."""
    sessions: list[drivers.Session] = []
    request.node.engine_sessions = sessions  # for a failure's report (pytest_runtest_makereport)

    def open_page() -> Page:
        if engine == "firefox":
            session = drivers.Firefox()
        elif engine == "webkit":
            session = drivers.WebKit(request.getfixturevalue("display"))
        else:
            session = drivers.Chromium(request.getfixturevalue("playwright"))
        sessions.append(session)
        return Page(session, base_url)

    yield open_page
    for session in sessions:
        session.close()


@pytest.fixture
def page(open_page):
    """The app in a fresh profile, ready to fight."""
    page = open_page()
    page.goto()
    page.ready()
    return page


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failure says whether the engine's page process died during the test (WebKit then reloads the page, and the
    test sees an unexpected page rather than a crash)."""
    report = yield
    if report.failed and call.when == "call":
        died = sum(session.crashes() for session in getattr(item, "engine_sessions", []))
        if died:
            report.sections.append(("engine", f"the page's web process crashed {died} time(s) during this test"))
    return report
