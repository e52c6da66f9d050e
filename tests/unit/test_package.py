"""tools/package.py, the rules as the page downloads them: the pack's format (each file's path, its length, its
bytes) read back whole, the modules stripped of what never runs, the data files of their notes for people, and the
pack made from a wheel without its metadata and the modules left out."""

from __future__ import annotations

import ast
import gzip
import json
import zipfile
from pathlib import Path

import pytest
from conftest import TOOLING

ROOT = Path(__file__).resolve().parents[2]
pytestmark = TOOLING


def test_a_pack_gives_back_every_file_whole(package):
    files = [("pyrules/a.py", b"x = 1\n"), ("pyrules/\u00e9/b.json", b'{"n": "10\\n2\\n"}\n\n12\n'),
             ("pyrules/empty.py", b""), ("pyrules/z.bin", bytes(range(256)) * 3)]  # fmt: skip
    packed = package.pack(files)
    assert package.unpack(packed) == dict(files)
    assert packed.startswith(b"pyrules/a.py\n6\nx = 1\n")  # the format the worker's unpackRules reads


def test_the_modules_lose_what_never_runs_and_still_compile(package):
    source = b'''"""The module."""
from __future__ import annotations
from typing import TYPE_CHECKING
from dataclasses import dataclass
if TYPE_CHECKING:
    from collections.abc import Callable
__all__ = ["Point", "twice"]

@dataclass
class Point:
    x: int = 0  # a field: kept, dataclasses read it

def twice(f: Callable[[int], int], n: int) -> int:
    """Docstring."""
    y: int = f(n)
    return f(y)
'''
    stripped = package._strip(source).decode()
    assert "TYPE_CHECKING:" not in stripped and "Callable" not in stripped and "Docstring" not in stripped
    assert "__all__" not in stripped  # the linters' and readers' list: no code imports with a star
    assert "x:int=0" in stripped.replace(" ", "")  # the field's annotation kept
    scope: dict = {}
    exec(compile(stripped, "<stripped>", "exec"), scope)  # noqa: S102 (the module's own code, stripped)
    assert scope["twice"](lambda n: n + 1, 1) == 3 and scope["Point"](2).x == 2
    only = package._strip(b"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import os\n")
    ast.parse(only)  # a module left with nothing but its imports is still a module


def test_only_the_annotations_python_reads_stay(package):
    """A dataclass keeps its fields (their types as ``int``) and their defaults, its ClassVar a plain class variable; a
    NamedTuple keeps its annotations whole; any other class's annotations and typing's names used by them alone go."""
    source = b"""from __future__ import annotations
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple
@dataclass(frozen=True)
class Point:
    x: tuple[str, ...] = ()
    y: Any = None
    kind: ClassVar[str] = "point"
class Pair(NamedTuple):
    a: tuple[int, int]
class Plain:
    name: ClassVar[str] = "plain"
    size: int
"""
    stripped = package._strip(source).decode()
    assert "x:int=()" in stripped and "a:tuple[int,int]" in stripped.replace(" ", "")
    assert "ClassVar" not in stripped and "Any" not in stripped and "size" not in stripped
    scope: dict = {}
    exec(compile(stripped, "<stripped>", "exec"), scope)  # noqa: S102 (the test's own code, stripped)
    point = scope["Point"](("a",))
    assert point.x == ("a",) and point.y is None and point.kind == "point"
    assert "kind" not in scope["Point"].__match_args__  # a ClassVar: no field
    assert scope["Pair"]((1, 2))._fields == ("a",) and scope["Plain"].name == "plain"


def test_the_minifier_renames_nothing_a_caller_can_name(package):
    """Keyword arguments, globals and attributes keep their names; only locals and positional-only arguments are made
    short: the stripped code is called by keyword and by attribute as the source was."""
    pytest.importorskip("python_minifier")  # the tooling's environment (the suite inside Pyodide has none)
    source = b"""
LIMIT = 3
def total(first, /, second, *, third=1):
    running = first + second + third
    return min(running, LIMIT)
class Box:
    def __init__(self, size):
        self.size = size
"""
    stripped = package._strip(source).decode()
    scope: dict = {}
    exec(compile(stripped, "<stripped>", "exec"), scope)  # noqa: S102 (the test's own code, stripped)
    assert scope["total"](1, second=1, third=0) == 2 and scope["LIMIT"] == 3 and scope["Box"](size=4).size == 4
    assert "running" not in stripped and "LIMIT" in stripped


def test_names_no_other_code_says_are_made_short_and_the_rest_kept(package):
    """A module's global that no other code names is renamed, and a private function every use of which passes its
    arguments by position takes them by position only (named short); what a caller may name keeps its name."""
    pytest.importorskip("python_minifier")  # the tooling's environment (the suite inside Pyodide has none)
    outside = package.Named({"pyrules.zz_other": b"from .zz_named import shown\n"})  # what the other module says
    source = b"""
def helper_nobody_names(first_value, second_value=2):
    return first_value * second_value
def called_by_keyword_nobody_names(amount):
    return amount
def shown(size):
    return helper_nobody_names(size) + helper_nobody_names(size, 3) + called_by_keyword_nobody_names(amount=1)
"""
    stripped = package._strip(source, "pyrules.zz_named", outside).decode()
    assert "helper_nobody_names" not in stripped and "first_value" not in stripped
    assert "amount" in stripped and "def shown(size)" in stripped
    scope: dict = {}
    exec(compile(stripped, "<stripped>", "exec"), scope)  # noqa: S102 (the test's own code, stripped)
    assert scope["shown"](size=2) == 2 * 2 + 2 * 3 + 1


def test_a_systems_data_file_loses_its_notes_for_people_only(package):
    data = {"about": "for readers", "tables": {"t": {"title": "T", "used_by": ["a book"], "rows": [[1, 2]]}},
            "source": "kept"}  # fmt: skip
    assert package._unannotated_data(data) == {"tables": {"t": {"title": "T", "rows": [[1, 2]]}}, "source": "kept"}


def test_the_pack_of_a_wheel_holds_its_files_but_the_metadata_and_those_left_out(package, tmp_path):
    wheel = tmp_path / "pyrules-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as made:
        made.writestr("pyrules/__init__.py", "v = 1\n")
        made.writestr("pyrules/__main__.py", "print(1)\n")
        made.writestr("pyrules/systems/x/data/t.json", json.dumps({"rows": [1]}))
        made.writestr("pyrules/locales/ru/page.json", "{}")  # the page's own catalog: shipped apart
        made.writestr("pyrules/locales/ru/grammar.json", "{}")  # the tests' grammar checks: never in the page
        made.writestr("pyrules-9.9.dist-info/RECORD", "")
    out = package.browser_archive(wheel)
    assert out.name == "pyrules-9.9.pack.gz"
    files = package.unpack(gzip.decompress(out.read_bytes()))
    assert files == {"pyrules/__init__.py": b"v = 1\n", "pyrules/systems/x/data/t.json": b'{"rows": [1]}'}


def test_the_pack_leaves_out_the_data_notes_no_code_reads(package):
    name = "pyrules/systems/lonewolf/data/crt.json"
    data = json.dumps({"tables": {"t": {"title": "T", "source": "printed", "known_errors": ["x"], "rows": {}}}})
    assert json.loads(package._for_the_page(name, data.encode())) == {"tables": {"t": {"title": "T", "rows": {}}}}
    assert package._for_the_page("pyrules/systems/x/data/t.json", data.encode()) == data.encode()  # others as they are


def test_the_pack_leaves_out_the_classes_example_fights_and_nothing_else(package, tmp_path):
    module = "class S(B):\n\tkey='s';examples={'small':{'hero':{}}};terms=()\n\texamples2=1\nclass B:\n\texamples={}\n"
    cut = package._without_fields(module.encode(), ("examples",)).decode()
    assert cut == "class S(B):\n\tkey='s';terms=()\n\texamples2=1\nclass B:\n\texamples={}\n"  # the default stays
    alone = "class S:\n\tx='\u00e9'\n\texamples={1:\n2}\n\ty=2\n"  # on lines of its own, after a text in UTF-8
    assert package._without_fields(alone.encode(), ("examples",)).decode() == "class S:\n\tx='\u00e9'\n\ty=2\n"
    assert package._without_fields(b"examples={1:2}\n", ("examples",)) == b"examples={1:2}\n"  # a module's own
    wheel = tmp_path / "pyrules-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as made:
        made.writestr("pyrules/s.py", module)
    for fields, kept in (((), module), (package.NOT_IN_THE_PAGE_FIELDS, cut)):  # the bench's copy keeps them
        out = package.browser_archive(wheel, out=tmp_path / "p.pack.gz", fields=fields)
        assert package.unpack(gzip.decompress(out.read_bytes())) == {"pyrules/s.py": kept.encode()}


def test_the_pack_order_names_only_files_of_the_package_each_once(package):
    assert len(set(package.PACK_ORDER)) == len(package.PACK_ORDER)
    assert [name for name in package.PACK_ORDER if not (ROOT / name).is_file()] == []
    named = ("pyrules/i18n.py", "pyrules/locales/languages.json")  # named, in that order; then a new one, after them
    assert sorted([*named, "pyrules/new.py"][::-1], key=package._in_pack_order) == [*named, "pyrules/new.py"]


def test_the_searched_order_puts_files_alike_side_by_side_and_never_packs_larger(package):
    import random

    draw = random.Random(5)
    text = bytes(draw.randrange(256) for _ in range(3000))  # noise, as deflate sees it: shared only when repeated
    other = bytes(draw.randrange(256) for _ in range(40000))  # longer than gzip's window: a and d apart as given
    files = {"a.py": text, "b.py": other, "d.py": text}
    order = package.searched_order(files)
    assert sorted(order) == sorted(files)
    assert abs(order.index("a.py") - order.index("d.py")) == 1

    def size(names):
        return len(gzip.compress(package.pack([(name, files[name]) for name in names]), 9))

    assert size(order) < size(list(files))


def test_the_packs_part_of_the_action_charts_reads_as_the_whole_file_does(package, monkeypatch):
    from pyrules.systems.lonewolf import book

    name = "pyrules/systems/lonewolf/data/action_charts.json"
    whole = (ROOT / name).read_bytes()
    kept = package._for_the_page(name, whole)
    assert len(kept) < len(whole) / 5 and b"source" not in kept
    keys = ("lone-wolf", "grey-star", "freeway-warrior")
    read = {key: book.of(key) for key in keys}
    monkeypatch.setattr(book, "read_json", lambda beside, file: json.loads(kept))
    book.of.cache_clear()
    book._books.cache_clear()
    try:
        assert {key: book.of(key) for key in keys} == read
    finally:
        book.of.cache_clear()
        book._books.cache_clear()
