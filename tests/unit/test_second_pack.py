"""The rules' later packs (tools/package.py LATER_PACKS): the second (SECOND_PACK: the Action Chart's modules and
data) and the simulated story's (STORY_PACK), which the page's rules worker downloads on first need: the first pack
holds none of their files and none of the first pack's modules imports one of them as it is imported; a request that
needs one, its modules missing, is answered ``more`` naming it (the worker then unpacks its pack and asks again), and
a request that needs none is answered as ever."""

from __future__ import annotations

import ast
import gzip
import json
import sys
import zipfile
from pathlib import Path

from conftest import TOOLING

from pyrules import api

ROOT = Path(__file__).resolve().parents[2]
pytestmark = TOOLING


def module_of(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_the_second_pack_names_files_of_the_package(package):
    assert package.SECOND_PACK and all((ROOT / name).is_file() for name in package.SECOND_PACK)


def test_the_two_packs_split_the_wheels_files(package, tmp_path):
    wheel = tmp_path / "pyrules-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as made:
        made.writestr("pyrules/__init__.py", "v = 1\n")
        for name in package.SECOND_PACK:
            made.writestr(name, '{"books": {}}' if name.endswith(".json") else "w = 2\n")
        made.writestr("pyrules/review_simulated.py", "s = 3\n")
    first = package.browser_archive(wheel)
    second, story = package.second_pack(first), package.later_pack(first, "story")
    assert (second.name, story.name) == ("sheet-9.9.pack.gz", "story-9.9.pack.gz")
    assert set(package.unpack(gzip.decompress(first.read_bytes()))) == {"pyrules/__init__.py"}
    assert set(package.unpack(gzip.decompress(second.read_bytes()))) == set(package.SECOND_PACK)
    assert set(package.unpack(gzip.decompress(story.read_bytes()))) == set(package.STORY_PACK)


def imported_as_it_runs(tree: ast.Module):
    """The module's import statements that run as it is imported: every one outside a function's body and outside
    ``if TYPE_CHECKING:`` (the type checker's alone: false when Python runs)."""
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def test_no_module_of_the_first_pack_imports_one_of_the_second_as_it_is_imported(package):
    """Only a function's body may import them (it runs on a request, which the worker answers once they are here)."""
    later = frozenset().union(*package.LATER_PACKS.values())
    lazy = {module_of(name) for name in later if name.endswith(".py")}
    found = []
    for path in sorted((ROOT / "pyrules").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in later:
            continue
        parts = module_of(name).split(".")
        home = parts if path.name == "__init__.py" else parts[:-1]  # the package relative imports start from
        for statement in imported_as_it_runs(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(statement, ast.Import):
                targets = [alias.name for alias in statement.names]
            else:
                base = home[: len(home) - statement.level + 1] if statement.level else []
                source = ".".join([*base, *([statement.module] if statement.module else [])])
                targets = [source, *(f"{source}.{alias.name}" for alias in statement.names)]
            found += [(name, target) for target in targets if target in lazy]
    assert found == []
    assert {"pyrules.systems.lonewolf.sheet", "pyrules.review_simulated"} <= lazy  # the walk looks for what they hold


def test_a_request_that_needs_the_second_pack_before_it_is_here_is_answered_more(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyrules.journal", None)  # as in the page before the pack: no such module
    adventure = {
        "format": "pyrules-adventure",
        "version": 1,
        "system": "lone-wolf",
        "fights": [],
        "hero": {"skill": 15, "endurance": 25},
    }
    reply = json.loads(api.call(json.dumps({"op": "sheet", "adventure": adventure})))
    assert reply == {"ok": False, "more": "pyrules.journal"}
    journaled = {**adventure, "journal": [{"at": 0, "action": {"do": "eat"}, "was": {}, "now": {}}]}
    reply = json.loads(api.call(json.dumps({"op": "adventure", "adventure": journaled})))
    assert reply == {"ok": False, "more": "pyrules.journal"}
    plain = json.loads(api.call(json.dumps({"op": "adventure", "adventure": adventure})))  # no journal: none needed
    assert plain["ok"] is True and "journal" not in plain["adventure"]


def test_a_simulated_review_before_its_pack_is_here_is_answered_more(monkeypatch):
    """Citadel of Blood's story (no exact odds: simulated) needs the story's pack; an exact review does not."""
    from pyrules.systems import SYSTEMS

    monkeypatch.setitem(sys.modules, "pyrules.review_simulated", None)
    for key, cls in SYSTEMS.items():
        record = {"format": "pyrules-fight", "version": 1, "system": key, **next(iter(cls.examples.values()))}
        reply = json.loads(api.call(json.dumps({"op": "review", "record": record, "ms": 50})))
        if "exact_odds" in cls.capabilities:
            assert reply["ok"] is True, (key, reply)
        else:
            assert reply == {"ok": False, "more": "pyrules.review_simulated"}, key


def test_an_import_error_outside_the_rules_is_still_a_bug(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyrules.journal", None)
    monkeypatch.setitem(sys.modules, "zlib_missing_for_the_test", None)

    def broken(data):
        import zlib_missing_for_the_test  # noqa: F401

    monkeypatch.setitem(api.HANDLERS, "hello", broken)
    reply = json.loads(api.call(json.dumps({"op": "hello"})))
    assert reply["ok"] is False and reply["internal"] is True and "more" not in reply


# A chartless fight of each Lone Wolf-family book opened, played, undone, restored, replayed, weighed, reviewed,
# shared and opened from its link, its hero carried to the next fight, and kept in an adventure, in a fresh
# interpreter: then the second pack's modules it imported (:func:`test_a_fight_without_a_chart_never_imports_them`).
CHARTLESS = """
import json, sys
from pyrules import api

def call(op, **data):
    reply = json.loads(api.call(json.dumps({"op": op, **data})))
    assert reply.get("ok"), (op, reply)
    return reply

for system, hero in (("lone-wolf", {"skill": 15, "endurance": 25}),
                     ("grey-star", {"skill": 15, "endurance": 25, "willpower": 10}),
                     ("freeway-warrior", {"skill": 15, "endurance": 25})):
    hero = hero if CHART is None else {**hero, "chart": CHART}
    record = {"format": "pyrules-fight", "version": 1, "system": system, "hero": hero, "seed": 3,
              "enemies": [{"name": "Gourgaz", "skill": 16, "endurance": 12}], "actions": [{"do": "round"}] * 2}
    session = call("start", record=record)["session"]
    played = call("act", session=session, action={"do": "round", "number": 4})
    assert played["view"]["can"]["use"] == [], played["view"]["can"]
    call("undo", session=session)
    call("log", session=session, end=1, lang="ru")
    call("restore", record=record)
    call("replay", record=record)
    assert call("odds", record=record)["uses"] == []
    call("review", record=record)
    call("hero_after", record=record)
    call("open_link", code=call("share", session=session)["code"])
    adventure = {"format": "pyrules-adventure", "version": 1, "system": system, "hero": hero,
                 "fights": [{"name": "1", "section": "", "when": 0, "record": record}]}
    call("adventure", adventure=adventure)
print(json.dumps(sorted(name for name in sys.modules if name in LAZY)))
"""


def imported_by(chart: object, lazy: set[str]) -> list[str]:
    """The second pack's modules a fresh interpreter imported, playing :data:`CHARTLESS` with ``chart`` as the hero's
    (None: no chart given)."""
    import subprocess

    script = f"CHART = {chart!r}\nLAZY = {sorted(lazy)!r}\n" + CHARTLESS
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_a_fight_without_a_chart_never_imports_them(package):
    """A record without a chart (none given, or an empty one) never needs the second pack: the page's rules worker
    never downloads it for one. One with a chart imports the chart's rules (so the walk can tell)."""
    lazy = {module_of(name) for name in frozenset().union(*package.LATER_PACKS.values()) if name.endswith(".py")}
    assert imported_by(None, lazy) == []
    assert imported_by({}, lazy) == []
    assert "pyrules.systems.lonewolf.chart" in imported_by({"backpack": ["Rope"]}, lazy)
