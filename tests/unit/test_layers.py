"""The package's layers point down and its imports make no circle (a lazy import inside a function counts; one under
``if TYPE_CHECKING`` does not, since it never runs): the errors and the budget at the bottom, the systems above the
contract, the fight and the adventure above them, the API above all that reads a request, the tools on top."""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "pyrules"
pytestmark = pytest.mark.skipif(not (PACKAGE / "api.py").exists(), reason="the package's source is not here")

# From the bottom up: a module may import only from its own floor or below (and no circle on a floor).
FLOORS = [
    ["budget", "rng", "i18n"],
    ["fields"],
    ["params"],  # the per-fight rules' declarations: fields and i18n only
    ["contract", "share"],
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
