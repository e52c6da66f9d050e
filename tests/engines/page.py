"""Finding what a player touches by role and accessible name, in any engine (tests/engines/drivers.py).

The same idea as Playwright's `get_by_role` / `get_by_label`, small enough to run inside every engine: the page
function below lists the visible elements of a role, works out each one's name the way the accessibility tree does
for this app's markup (aria-labelledby, aria-label, <label>, <legend>, alt, text), and marks the one that matches
with a `data-xe` attribute, which the driver then clicks or types into with real input events. Every verb waits, as
Playwright's do, until exactly one element matches (or says what it found instead).
"""

from __future__ import annotations

import json
import time
from typing import Any

from drivers import Session

TIMEOUT = 20.0  # s, for an element or a state to appear
# ms after the page's last worker start ended before WebKit is reloaded (Page.reload): past the crash's window
SETTLED_MS = 5000

FIND_JS = r"""
const ROLES = {
  button: "button, input[type=button], input[type=submit], [role=button], summary",
  radio: "input[type=radio], [role=radio]",
  checkbox: "input[type=checkbox], [role=checkbox]",
  field: "input:not([type=radio]):not([type=checkbox]):not([type=button]):not([type=submit]), textarea, select",
  group: "fieldset, [role=group], [role=radiogroup]",
  list: "ul, ol, [role=list]",
  status: "[role=status], output",
  alert: "[role=alert]",
  heading: "h1, h2, h3, h4, h5, h6, [role=heading]",
  img: "img, [role=img]",
  slider: "input[type=range], [role=slider]",
  link: "a[href]",
};
const norm = (text) => (text || "").replace(/\s+/g, " ").trim();
const nameOf = (element) => {
  const by = element.getAttribute("aria-labelledby");
  if (by) return norm(by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" "));
  const aria = element.getAttribute("aria-label");
  if (aria) return norm(aria);
  if (element.labels && element.labels.length) return norm([...element.labels].map((l) => l.textContent).join(" "));
  if (element.tagName === "FIELDSET") return norm(element.querySelector(":scope > legend")?.textContent);
  if (element.tagName === "IMG") return norm(element.alt);
  if (element.tagName === "INPUT") return norm(element.value);
  return norm(element.textContent);
};
const visible = (element) => element.checkVisibility
  ? element.checkVisibility({ visibilityProperty: true }) : element.getClientRects().length > 0;
const matches = (element, { name, pattern }) =>
  pattern ? new RegExp(pattern).test(nameOf(element)) : nameOf(element) === name;
const find = (root, query) => [...root.querySelectorAll(ROLES[query.role])]
  .filter((element) => visible(element) && matches(element, query));
let root = document;
for (const query of arg.within) {
  const found = find(root, query);
  if (found.length !== 1) return { error: `${found.length} ${query.role} named ${query.name ?? query.pattern}` };
  root = found[0];
}
const found = find(root, arg);
if (found.length !== 1) {
  const names = [...root.querySelectorAll(ROLES[arg.role])].filter(visible).map(nameOf).slice(0, 30);
  return { error: `${found.length} ${arg.role} named ${arg.name ?? arg.pattern}; visible: ${JSON.stringify(names)}` };
}
const element = found[0];
window.pyrulesMarks = (window.pyrulesMarks || 0) + 1;
element.setAttribute("data-xe", String(window.pyrulesMarks));
return { selector: `[data-xe="${window.pyrulesMarks}"]`, disabled: element.disabled === true,
         checked: element.checked === true, value: element.value ?? null, text: norm(element.textContent) };
"""

STORAGE_JS = """return await new Promise((resolve) => {
  const opening = indexedDB.open("pyrules");
  opening.onupgradeneeded = () => opening.transaction.abort(); // not made by the page yet: left to it
  opening.onerror = () => resolve({});
  opening.onsuccess = () => {
    const db = opening.result;
    if (!db.objectStoreNames.contains("entries")) { db.close(); return resolve({}); }
    const store = db.transaction("entries").objectStore("entries");
    const keys = store.getAllKeys(), values = store.getAll();
    values.onsuccess = () => {
      const found = {};
      keys.result.forEach((key, i) => { found[key] = values.result[i]; });
      db.close();
      resolve(found);
    };
  };
});"""

SELECT_JS = """const [selector, label] = arg;
const select = document.querySelector(selector);
const option = [...select.options].find((o) => o.textContent.trim() === label);
if (!option) return [...select.options].map((o) => o.textContent.trim());
select.value = option.value;
select.dispatchEvent(new Event("input", { bubbles: true }));
select.dispatchEvent(new Event("change", { bubbles: true }));
return null;"""


class Page:
    """The app's page in one engine's session."""

    def __init__(self, session: Session, base_url: str) -> None:
        self.session = session
        self.base_url = base_url
        self.engine = session.engine

    # ---- elements, by role and name -----------------------------------------------------------------------------

    def find(self, role: str, name: str | None = None, *, pattern: str | None = None,
             within: tuple[tuple[str, str], ...] = (), enabled: bool = False, timeout: float = TIMEOUT) -> dict:
        """The one visible element of `role` named `name` (exactly) or matching the regular expression `pattern`,
        inside the groups `within` ((role, name), outermost first); waits for it (and for it to be enabled)."""
        query = {"role": role, "name": name, "pattern": pattern,
                 "within": [{"role": r, "name": n} for r, n in within]}
        deadline = time.monotonic() + timeout
        while True:
            found = self.session.eval(FIND_JS, query)
            if "selector" in found and not (enabled and found["disabled"]):
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: {found.get('error') or 'disabled'} after {timeout:.0f} s")
            time.sleep(0.1)

    def click(self, role: str, name: str | None = None, **where: Any) -> None:
        self.session.click(self.find(role, name, enabled=True, **where)["selector"])

    def fill(self, label: str, value: object, **where: Any) -> None:
        self.session.type(self.find("field", label, enabled=True, **where)["selector"], str(value))

    def check(self, role: str, name: str | None = None, **where: Any) -> None:
        found = self.find(role, name, enabled=True, **where)
        if not found["checked"]:
            self.session.click(found["selector"])

    def select(self, label: str, option: str, **where: Any) -> None:
        options = self.session.eval(SELECT_JS, [self.find("field", label, **where)["selector"], option])
        assert options is None, f"{self.engine}: no option {option!r} in {label!r}: {options}"

    def press(self, selector: str, key: str) -> None:
        """One key pressed on the element `selector` names (focused first)."""
        self.session.press(selector, key)

    def value(self, label: str, **where: Any) -> str:
        return self.find("field", label, **where)["value"]

    def text(self, role: str, name: str | None = None, **where: Any) -> str:
        return self.find(role, name, **where)["text"]

    # ---- the page's state -----------------------------------------------------------------------------------------

    def js(self, body: str, arg: Any = None) -> Any:
        return self.session.eval(body, arg)

    def wait(self, expression: str, what: str, timeout: float = TIMEOUT) -> Any:
        """Waits until the page's JavaScript `expression` is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.session.eval(f"return ({expression});")
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: not {what} after {timeout:.0f} s ({expression} is {value!r})")
            time.sleep(0.1)

    def goto(self, url: str = "") -> None:
        self.session.goto(url or self.base_url)

    def reload(self) -> None:
        """Reloads the page. In WebKit, only once the page says that no worker is starting and that the last start ended
        SETTLED_MS ago by its own clock (<body data-starting data-settled>, web/base/rules.js): WebKitGTK's web process
        aborts when the page is reloaded just after its start (a reload 0.3 s after ready: 2 of 6 runs, 5 s after the
        last start: 0 of 6, and 0 of 13 just as the odds' worker started or came up; never in Chromium or Firefox:
        docs/design.md, "A WebKitGTK crash"). Counted from the page's last start, whenever it came, not from this
        call."""
        if self.engine == "webkit":
            self.wait("document.body.dataset.starting === '0'"
                      f" && performance.now() - Number(document.body.dataset.settled) > {SETTLED_MS}",
                      "every worker's start settled", timeout=180)
        self.session.reload()

    def ready(self, timeout: float = 180.0) -> dict:
        """Waits for the rules to answer (body[data-ready]); returns the page's start-up timing. Not ready in time:
        the failure says what the page shows of its start (the status, an alert) and its timing marks."""
        try:
            self.wait("document.body.dataset.ready === 'true'", "ready to fight", timeout)
        except AssertionError as error:
            seen = self.js("""return {status: document.querySelector('#startup-text')?.textContent,
                failed: document.querySelector('#startup-error')?.textContent,
                timing: window.pyrulesTiming ?? null};""")
            raise AssertionError(f"{error}; the page shows {seen}") from None
        return self.js("return window.pyrulesTiming;")

    def until(self, check: Any, what: str, timeout: float = TIMEOUT) -> Any:
        """Waits until `check()` (Python, asking the page) is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while not (value := check()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: not {what} after {timeout:.0f} s")
            time.sleep(0.1)
        return value

    def storage(self) -> dict:
        """This origin's saved entries (web/base/storage.js: IndexedDB "pyrules", its store "entries"), as texts by
        key."""
        return self.js(STORAGE_JS)

    def current(self) -> str | None:
        """The fight the next visit opens (pyrules:current), as stored (a JSON text); None before it is kept."""
        storage = self.storage()
        return storage.get("pyrules:fight:" + storage.get("pyrules:current", ""))

    def saved_fights(self) -> dict:
        return {k: json.loads(v) for k, v in self.storage().items() if k.startswith("pyrules:fight:")}
