"""One small driver interface over three browser engines, so that one set of scenarios runs in each.

* Firefox: Debian's firefox-esr, driven by puppeteer-core (npm) over WebDriver BiDi through firefox-bridge.mjs;
* WebKit: Debian's WebKitWebDriver and its MiniBrowser (`--automation`) on an Xvfb screen, driven by Selenium;
* Chromium: Debian's chromium, driven by Playwright (the main browser suite's engine; here only when asked for, to
  check the scenarios themselves).

A `Session` is one browser with its own empty profile. Everything the scenarios need is five verbs: go to a URL,
reload, run an async function's body in the page (JSON in and out), click and type into an element found by a CSS
selector (real input events from the driver, not synthetic ones). tests/engines/page.py finds elements by role and
name on top of these.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NODE_TOOLS = ROOT / "build" / "node-tools"
FIREFOX = os.environ.get("PYRULES_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("PYRULES_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("PYRULES_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
SCRIPT_TIMEOUT = 180  # s: a page function may wait for Pyodide's first start on a slow, shared machine
# s: the longest a request to WebKitWebDriver may take (a page function's SCRIPT_TIMEOUT and the driver's own answer).
# Selenium's own waits have no end: a MiniBrowser that could not open its screen left the new session unanswered until
# CI's limit ended the whole run.
REQUEST_TIMEOUT = SCRIPT_TIMEOUT + 120


class EngineError(RuntimeError):
    """The engine or the page refused: the message is the engine's own."""


class Session:
    engine = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def eval(self, body: str, arg: Any = None) -> Any:
        """Runs `async (arg) => { body }` in the page and returns its JSON result."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def type(self, selector: str, text: str) -> None:
        """Empties the field, then types `text` key by key."""
        raise NotImplementedError

    def press(self, selector: str, key: str) -> None:
        """Focuses the element and presses one key, by its KeyboardEvent.key name ("ArrowRight", "Home")."""
        raise NotImplementedError

    def pid(self) -> int | None:
        """The browser's root process (its children are the engine's other processes), for memory measurements."""
        raise NotImplementedError

    def crashes(self) -> int:
        """How many times the page's process is known to have died in this session (said with a failure)."""
        return 0

    def close(self) -> None:
        raise NotImplementedError


CLEAR_JS = """const element = document.querySelector(arg);
element.focus();
element.value = "";
element.dispatchEvent(new Event("input", { bubbles: true }));"""


class Firefox(Session):
    engine = "firefox"

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="pyrules-firefox-")
        bridge = Path(__file__).with_name("firefox-bridge.mjs")
        self.process = subprocess.Popen(
            ["node", str(bridge), str(NODE_TOOLS), FIREFOX, self.profile],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.next_id = 0
        self.browser_pid = self._call("pid")

    def _call(self, op: str, **args: Any) -> Any:
        assert self.process.stdin and self.process.stdout
        self.next_id += 1
        self.process.stdin.write(json.dumps({"id": self.next_id, "op": op, **args}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise EngineError(f"Firefox's bridge ended (exit {self.process.poll()})")
        reply = json.loads(line)
        if not reply["ok"]:
            raise EngineError(reply["error"])
        return reply["value"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def eval(self, body: str, arg: Any = None) -> Any:
        return self._call("eval", body=body, arg=arg)

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def type(self, selector: str, text: str) -> None:
        self._call("type", selector=selector, text=text)

    def press(self, selector: str, key: str) -> None:
        self.eval("document.querySelector(arg).focus();", selector)
        self._call("press", key=key)

    def pid(self) -> int | None:
        return self.browser_pid

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                self._call("close")
            self.process.wait(timeout=30)
        except (EngineError, OSError, subprocess.TimeoutExpired):
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class Xvfb:
    """A virtual screen for WebKit's MiniBrowser (Debian's xvfb); the display number is chosen by Xvfb.

    `-noreset`: by default an X server resets when its last client leaves, and refuses the clients that come during
    the reset. Each test's MiniBrowser is the only client, so the next test's could come just then ("cannot open
    display", once in a CI run). Measured here: 450 connections from three loops of `xdpyinfo`, 13 refused without
    it, none with it."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as out:
            self.display = ":" + out.readline().strip()

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


ASYNC_JS = """const done = arguments[arguments.length - 1];
(async (arg) => { %s })(arguments[0]).then(
  (value) => done({ ok: true, value: value === undefined ? null : value }),
  (error) => done({ ok: false, error: `${error}\n${(error && error.stack) || ""}` }));"""


class WebKit(Session):
    engine = "webkit"

    def __init__(self, display: str) -> None:
        from selenium import webdriver

        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        # No GPU here: WebKitGTK's accelerated compositing renders through Mesa's llvmpipe, on the web process's main
        # thread, and starved the rules' worker (the app's first start 11 s against 5 s without it, measured on this
        # machine; the bare Pyodide page was not slowed, having almost nothing to draw). Safari has a GPU.
        env = {**os.environ, "DISPLAY": display, "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        # MiniBrowser's own messages (it says "WebProcess CRASHED" when the page's process dies): read by crashes()
        self.log = tempfile.NamedTemporaryFile(prefix="pyrules-webkit-", suffix=".log", delete=False)
        service = webdriver.WebKitGTKService(executable_path=WEBKIT_DRIVER, env=env, log_output=self.log)
        try:
            self.driver = _bounded_webkitgtk(options, service)
        except Exception as error:
            said = Path(self.log.name).read_text(errors="replace").strip()
            raise EngineError(f"WebKit did not start ({error!r}); MiniBrowser said: {said or 'nothing'}") from error
        self.driver.set_script_timeout(SCRIPT_TIMEOUT)
        self.driver.set_page_load_timeout(SCRIPT_TIMEOUT)
        self.driver.set_window_size(1200, 900)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def eval(self, body: str, arg: Any = None) -> Any:
        reply = self.driver.execute_async_script(ASYNC_JS % body, arg)
        if not reply["ok"]:
            raise EngineError(reply["error"])
        return reply["value"]

    def _element(self, selector: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector: str) -> None:
        self._element(selector).click()

    def type(self, selector: str, text: str) -> None:
        self.eval(CLEAR_JS, selector)
        if text:
            self._element(selector).send_keys(text)

    def press(self, selector: str, key: str) -> None:
        from selenium.webdriver.common.keys import Keys

        keys = {"ArrowRight": Keys.ARROW_RIGHT, "ArrowLeft": Keys.ARROW_LEFT, "Home": Keys.HOME, "End": Keys.END}
        self._element(selector).send_keys(keys[key])

    def pid(self) -> int | None:
        return self.driver.service.process.pid  # WebKitWebDriver: MiniBrowser and WebKit's processes are below it

    def crashes(self) -> int:
        """How many times the page's web process has died in this session (WebKit then loads the page again, and
        a test sees the page it started with: a set-up form, say, where its fight was)."""
        return Path(self.log.name).read_text(errors="replace").count("WebProcess CRASHED")

    def close(self) -> None:
        self.driver.quit()
        self.log.close()
        Path(self.log.name).unlink(missing_ok=True)


def _bounded_webkitgtk(options, service):
    """Selenium's WebKitGTK driver, each of its requests bounded by REQUEST_TIMEOUT (its own class takes no client
    configuration and so waits without end)."""
    from selenium.webdriver.common.webdriver import LocalWebDriver
    from selenium.webdriver.remote.client_config import ClientConfig
    from selenium.webdriver.remote.remote_connection import RemoteConnection

    class Driver(LocalWebDriver):
        def __init__(self) -> None:
            self.service = service
            service.start()
            config = ClientConfig(remote_server_addr=service.service_url, timeout=REQUEST_TIMEOUT)
            try:
                super().__init__(command_executor=RemoteConnection(client_config=config), options=options)
            except Exception:
                self.quit()
                raise

    return Driver()


class Chromium(Session):
    engine = "chromium"

    def __init__(self, playwright) -> None:
        from tools.environment import CHROMIUM, CHROMIUM_ARGS

        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.page = self.browser.new_context(viewport={"width": 1200, "height": 900}).new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def eval(self, body: str, arg: Any = None) -> Any:
        return self.page.evaluate(f"async (arg) => {{ {body} }}", arg)

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def type(self, selector: str, text: str) -> None:
        self.page.fill(selector, "")
        if text:
            self.page.type(selector, text)

    def pid(self) -> int | None:
        return None  # Playwright does not say; the benchmark measures Chromium through its own launcher

    def close(self) -> None:
        self.browser.close()
