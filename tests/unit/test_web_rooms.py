"""web/ in rooms by where its code runs, and every arrow pointing down: the page's shell (entry points, routing) on
top, the screens below it, the odds panel below them, the page's base (the rules' client, storage, words, DOM
helpers) at the bottom; the rules' worker and the service worker, each in its own global scope, import only their
own room. The arrows count a JSDoc type's import too; the circles only what runs (a type names a shape, as Python's
``if TYPE_CHECKING`` imports do; tests/unit/test_layers.py). docs/contributing.md's Layout names the rooms."""

from __future__ import annotations

import pathlib
import re

import pytest

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
pytestmark = pytest.mark.skipif(not (WEB / "shell").exists(), reason="web/ is not copied")

# From the top down: a page module may import from its own room or any room below it.
PAGE = ["shell", "screens", "odds", "base"]
ALONE = ["worker", "service-worker"]  # other global scopes: their own room only
# A module specifier in an import statement, a dynamic import() or a JSDoc type's import().
SPECIFIER = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)(["'`])(\.{1,2}/[^"'`]+)\1""", re.M)
# The same, run-time only: an import statement or a dynamic import() outside a comment.
RUNNING = re.compile(r"""^(?:import\b[^;]*?\bfrom\s*|[^*/\n]*?\bimport\s*\(\s*)(["'`])(\.{1,2}/[^"'`]+)\1""", re.M)


def modules() -> list[pathlib.Path]:
    return sorted(WEB.rglob("*.js"))


def imported(path: pathlib.Path, specifier: re.Pattern[str] = SPECIFIER) -> list[pathlib.Path]:
    """The web/ files ``path`` names, resolved (a pattern like ``./screen-${kind}.js`` stands for every file it
    matches)."""
    found = []
    for _, spec in specifier.findall(path.read_text(encoding="utf-8")):
        if "${" in spec:
            pattern = re.escape(spec).replace(re.escape("${kind}"), "[\\w-]+")
            found += [p for p in path.parent.glob("*.js") if re.fullmatch(pattern, "./" + p.name)]
            continue
        target = (path.parent / spec).resolve()
        if target.is_relative_to(WEB.resolve()) and target.suffix == ".js":
            found.append(target)
    return found


def room(path: pathlib.Path) -> str:
    return path.resolve().relative_to(WEB.resolve()).parts[0]


def test_every_module_lives_in_a_room():
    assert len(modules()) > 35  # the walk found the tree
    loose = [p.name for p in modules() if room(p) not in PAGE + ALONE]
    assert loose == []


def test_every_import_resolves_and_points_down_or_across():
    arrows = [(p, t) for p in modules() for t in imported(p)]
    assert len(arrows) > 100  # the imports were read
    missing = [f"{p.name} -> {t.name}" for p, t in arrows if not t.exists()]
    assert missing == []
    up = []
    for source, target in arrows:
        here, there = room(source), room(target)
        if here in ALONE or there in ALONE:
            ok = here == there
        else:
            ok = PAGE.index(there) >= PAGE.index(here)
        if not ok:
            up.append(f"{here}/{source.name} -> {there}/{target.name}")
    assert up == []


def test_no_circle_of_imports_that_run():
    graph = {p.resolve(): set(imported(p, RUNNING)) for p in modules()}
    assert sum(map(len, graph.values())) > 80
    done: set[pathlib.Path] = set()

    def walk(node: pathlib.Path, path: list[pathlib.Path]) -> list[str]:
        if node in path:
            return [" -> ".join(p.name for p in path[path.index(node):] + [node])]
        if node in done:
            return []
        found = [cycle for nxt in sorted(graph.get(node, ())) for cycle in walk(nxt, [*path, node])]
        done.add(node)
        return found

    cycles = [cycle for node in sorted(graph) for cycle in walk(node, [])]
    assert cycles == []


# The page's state is base/state.js's (the rules' client, the open fight, the odds' worker), read with get() and
# followed with on(): no module exports a `let` that others read as it changes.
EXPORTED_LET = re.compile(r"^export\s+(?:let|var)\b", re.M)
# An init taking a bag of the page's callbacks: a module's `init(` declared with a parameter. Only the screen modules'
# init(shell) takes one (their contract, types/screen.d.ts), handed once by app.js through loadScreens.
INIT_WITH_PARAMETER = re.compile(r"^export\s+(?:async\s+)?function\s+init\s*\(\s*[^)\s]", re.M)
EVENT = re.compile(r"""\b(emit|on)\(\s*"([\w-]+)\"""")


def test_no_module_exports_a_changing_binding():
    assert [p.name for p in modules() if EXPORTED_LET.search(p.read_text(encoding="utf-8"))] == []


def test_the_shell_hands_down_one_bag_the_screens_contract():
    bagged = [p.name for p in modules() if INIT_WITH_PARAMETER.search(p.read_text(encoding="utf-8"))]
    assert bagged and all(re.fullmatch(r"screen-[\w-]+\.js", name) for name in bagged)
    app = (WEB / "shell" / "app.js").read_text(encoding="utf-8")
    assert re.findall(r"\b\w+\.init\(([^)]*)\)", app) and not any(re.findall(r"\b\w+\.init\(([^)]+)\)", app))
    assert len(re.findall(r"\bloadScreens\(\{", app)) == 1


def test_every_event_emitted_is_heard_and_every_one_heard_is_emitted_or_a_key_of_the_state():
    said: dict[str, set[str]] = {"emit": set(), "on": set()}
    for path in modules():
        for verb, name in EVENT.findall(path.read_text(encoding="utf-8")):
            said[verb].add(name)
    state = (WEB / "base" / "state.js").read_text(encoding="utf-8")
    declared = re.search(r"const state = \{([^}]*)\}", state)
    assert declared
    keys = set(re.findall(r"(\w+): ", declared.group(1)))
    assert {"rules", "fight"} <= keys and said["emit"]
    assert said["emit"] - said["on"] == set()
    assert said["on"] - said["emit"] - keys == set()
