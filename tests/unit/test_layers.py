"""The package's layers point down and its imports make no circle (a lazy import inside a function counts; one under
``if TYPE_CHECKING`` does not, since it never runs): the errors and the budget at the bottom, the systems above the
contract, the fight and the adventure above them, the API above all that reads a request, the tools on top. The
build's tools/ too: its modules stand on one another downward (paths at the bottom, steps on top), none imports
build.py (the command line above them all), and the tests import tools, not build."""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "pyrules"
TOOLS = PACKAGE.parent / "tools"
pytestmark = pytest.mark.skipif(not (PACKAGE / "api.py").exists(), reason="the package's source is not here")

# From the bottom up: a module may import only from its own floor or below (and no circle on a floor).
FLOORS = [
    ["budget", "rng", "i18n"],
    ["fields"],
    ["params"],  # the per-fight rules' declarations: fields and i18n only
    ["contract", "share", "journal"],  # journal: the adventure's actions between sections, through the contract
    ["odds"],
    ["systems"],
    ["fight"],
    ["adventure", "benchmark", "review", "review_simulated"],
    ["preview"],
    ["api"],
    ["__main__", "__init__"],
]


def module_of(path: pathlib.Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 2 else parts)


def floor(module: str) -> int:
    name = module.split(".")[1] if "." in module else "__init__"
    return next(i for i, names in enumerate(FLOORS) if name in names)


def imports(path: pathlib.Path) -> set[str]:
    """The pyrules modules a file imports at run time (TYPE_CHECKING blocks left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_of(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    skipped = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
               and "TYPE_CHECKING" in ast.unparse(block.test) for node in ast.walk(block)}  # fmt: skip
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names = [target] if node.module else [f"{target}.{alias.name}" for alias in node.names]
            # the version is the face's first line, set before it imports anything: not an import of the face
            found.update(n for n in names if n.split(".")[0] == "pyrules" and n != "pyrules.__version__")
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.split(".")[0] == "pyrules")
    modules = {module_of(p) for p in PACKAGE.rglob("*.py")}
    return {name if name in modules else name.rsplit(".", 1)[0] for name in found} - {module_of(path)}


def graph() -> dict[str, set[str]]:
    return {module_of(path): imports(path) for path in PACKAGE.rglob("*.py")}


def test_every_import_points_down_or_along_its_floor():
    edges = graph()
    assert len(edges) > 30 and sum(map(len, edges.values())) > 50  # the walk read the package
    upward = [(a, b) for a, targets in edges.items() for b in targets if floor(b) > floor(a)]
    assert not upward, upward


def test_the_imports_make_no_circle():
    edges = graph()
    state: dict[str, int] = {}
    circles = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                circles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(edges):
        if start not in state:
            visit(start, [start])
    assert not circles, circles


# tools/ from the bottom up, as the package's FLOORS: a module imports only from a floor below its own.
TOOLS_FLOORS = [
    ["paths", "icons", "package", "pseudo", "stdlib_used"],
    ["runtime", "environment", "words"],
    ["snapshot"],
    ["site", "server"],
    ["steps"],
]


def tools_imports(path: pathlib.Path) -> set[str]:
    """The modules of tools/ (by name) and build, if it does, that a file imports, lazily or not."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] == "tools":
                found.update(parts[1:2] or [alias.name for alias in node.names])
            elif parts[0] == "build":
                found.add("build")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                found.update(parts[1:2] if parts[0] == "tools" else ["build"] if parts[0] == "build" else [])
    return found - {path.stem}


@pytest.mark.skipif(not (TOOLS / "paths.py").exists(), reason="the build's tools are not here")
def test_the_build_tools_import_downward_and_never_build_py():
    modules = {p.stem: tools_imports(p) for p in TOOLS.glob("*.py") if p.stem != "__init__"}
    assert {"paths", "site", "server", "steps"} <= set(modules)  # the walk read tools/
    level = {name: i for i, names in enumerate(TOOLS_FLOORS) for name in names}
    assert set(modules) <= set(level), f"a module of tools/ with no floor: {set(modules) - set(level)}"
    wrong = [(a, b) for a, targets in modules.items() for b in targets if b == "build" or level[b] >= level[a]]
    assert not wrong, wrong  # downward only: no circle, and build.py (the command line) is never imported


@pytest.mark.skipif(not (TOOLS / "paths.py").exists(), reason="the build's tools are not here")
def test_the_tests_import_the_tools_not_build_py():
    tests = PACKAGE.parent / "tests"
    importing = [str(p.relative_to(tests)) for p in tests.rglob("*.py") if "build" in tools_imports(p)]
    assert not importing, importing
