"""The package the page downloads, made from the wheel: its modules without docstrings, comments or functions' type
annotations (what Python runs, not what people and mypy read), as one gzipped pack without the wheel's metadata."""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import json
import re
import shutil
import zipfile
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]  # the repository: its tests, tools and docs name the package's names too


class _Unannotated(ast.NodeTransformer):
    """Variables' annotations left out (``x: T = v`` is ``x = v``; a bare ``x: T`` goes), but those of the classes'
    fields that Python reads (:func:`_fields`): a NamedTuple's, TypedDict's or Protocol's as they are, a dataclass
    field's as ``int`` (dataclasses read a field's name and whether its annotation says ``ClassVar``, ``InitVar`` or
    ``KW_ONLY``, never its type; nothing of the rules reads a field's ``type``)."""

    def __init__(self, fields: dict[int, bool]):
        self.fields = fields

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        if id(node) in self.fields:
            if self.fields[id(node)]:
                node.annotation = ast.Name("int")
            return node
        if node.value is None:
            return None
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)


FIELDS_READ = ("NamedTuple", "TypedDict", "Protocol")  # bases whose classes' annotations Python reads as fields
DATACLASS_MARKS = ("ClassVar", "InitVar", "KW_ONLY")  # what dataclasses read of an annotation (ClassVar: no field)


def _fields(tree: ast.AST) -> dict[int, bool]:
    """The annotated names in classes' bodies that Python reads, each with whether its type can go: a dataclass's
    fields (its ``ClassVar``s are no field: they go as a variable's annotation), every one of a NamedTuple's, a
    TypedDict's or a Protocol's (kept whole). In any other class an annotation only fills ``__annotations__``, which
    nothing of the rules reads: it goes as a variable's does."""
    kept = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        annotated = [item for item in node.body if isinstance(item, ast.AnnAssign)]
        if any(isinstance(base, ast.Name) and base.id in FIELDS_READ for base in node.bases):
            kept.update((id(item), False) for item in annotated)
        elif any("dataclass" in ast.unparse(decorator) for decorator in node.decorator_list):
            for item in annotated:
                said = ast.unparse(item.annotation)
                if not said.startswith("ClassVar"):
                    kept[id(item)] = not any(mark in said for mark in DATACLASS_MARKS)
    return kept


def _strip(source: bytes, module: str = "", outside: Named | None = None) -> bytes:
    """A module's code without its docstrings, comments, type annotations, ``if TYPE_CHECKING:`` imports and
    ``__all__`` (what Python runs, not what people and the linters read; the classes' fields that Python reads stay,
    :class:`_Unannotated`), nor the names it imports from typing and collections.abc for its annotations alone,
    indented by one space a level."""
    tree = ast.parse(source)
    # what runs only for the type checker (``if TYPE_CHECKING:``, false when Python runs) goes too
    typing_only = [node for node in tree.body if isinstance(node, ast.If) and not node.orelse
                   and ast.unparse(node.test) == "TYPE_CHECKING"]  # fmt: skip
    # and ``__all__``, which only a star import, the linters and people read (no code of the package or the page
    # imports with a star)
    listed = [node for node in tree.body if isinstance(node, ast.Assign)
              and [ast.unparse(target) for target in node.targets] == ["__all__"]]  # fmt: skip
    tree.body = [node for node in tree.body if node not in typing_only + listed] or [ast.Pass()]
    tree = _Unannotated(_fields(tree)).visit(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            arguments = node.args
            named = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            for arg in [*named, arguments.vararg, arguments.kwarg]:
                if arg is not None:
                    arg.annotation = None
            if not isinstance(node, ast.Lambda):
                node.returns = None
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.Pass()]
    # What the module imported from typing and collections.abc for annotations only goes with them.
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module in ("typing", "collections.abc"):
            node.names = [alias for alias in node.names if (alias.asname or alias.name) in used]
        elif isinstance(node, ast.ImportFrom) and node.level and outside and not module.endswith("__init__"):
            # the package's own names it imported for annotations only, but those others import from it; the
            # import itself stays (what importing a module does, and when)
            wanted = [alias for alias in node.names if (alias.asname or alias.name) in used
                      or (module, alias.asname or alias.name) in outside.imported or alias.name in outside.attributes]
            node.names = wanted or node.names[:1]
    tree.body = [node for node in tree.body if not isinstance(node, ast.ImportFrom) or node.names] or [ast.Pass()]
    # With no annotation left but the dataclasses' ``int`` (what evaluating it, as Python does without the import,
    # cannot fail), ``from __future__ import annotations`` changes nothing: it goes too.
    if all(ast.unparse(node.annotation) == "int" for node in ast.walk(tree) if isinstance(node, ast.AnnAssign)):
        tree.body = [node for node in tree.body if not (isinstance(node, ast.ImportFrom) and node.module == "__future__"
                     and [alias.name for alias in node.names] == ["annotations"])] or [ast.Pass()]  # fmt: skip
    private = set()
    if outside is not None and module:  # the module's private names no other code names: python-minifier shortens them
        defined = {target.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                   for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                   if isinstance(target, ast.Name)}  # fmt: skip
        defined |= {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        private = {name for name in defined if not name.startswith("__")
                   and name not in outside.names and name not in outside.attributes}  # fmt: skip
    _by_position(tree, private)
    # One space for each level of indentation: ast.unparse writes every string on one line, so each line's leading
    # spaces are its indentation (compiled below to make sure).
    lines = []
    for line in ast.unparse(tree).split("\n"):
        code = line.lstrip(" ")
        lines.append(" " * ((len(line) - len(code)) // 4) + code)
    text = _minified("\n".join(lines) + "\n", private)
    compile(text, "<stripped>", "exec")
    return text.encode("utf-8")


def _by_position(tree: ast.Module, private: set[str]) -> None:
    """The module's private functions (undecorated) that every use calls with its arguments by position take them by
    position only, which python-minifier then names short: no call can tell."""
    functions = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and node.name in private and not node.decorator_list}  # fmt: skip
    uses = {name: 0 for name in functions}
    by_position = dict(uses)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in uses:
            uses[node.id] += 1
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in uses:
            by_position[node.func.id] += not node.keywords
    for name, function in functions.items():
        if uses[name] == by_position[name]:
            function.args.posonlyargs += function.args.args
            function.args.args = []


def _minified(text: str, private: set[str] | frozenset[str] = frozenset()) -> str:
    """The stripped code with its functions' local names, and the module's ``private`` names (those no other code
    names: :class:`Named`), made short by python-minifier where the tooling's environment has it (the tests, the
    bench and CI; ``requirements-dev.txt``): the rules' pack 2.6 KB smaller gzipped, the private names 0.3 KB more.
    Only what Python cannot tell apart changes: no public global, attribute, argument or keyword is renamed (the
    library leaves a function that reads ``locals()`` or calls ``exec`` as it is), literals stay where they are, and
    the suite runs inside Pyodide against this very code."""
    try:
        import python_minifier as minifier
    except ImportError:
        return text
    keep_fields = minifier.RemoveAnnotationsOptions(remove_class_attribute_annotations=False)  # dataclasses read them
    return minifier.minify(
        text,
        remove_annotations=keep_fields,
        hoist_literals=False,
        rename_globals=bool(private),
        preserve_globals=sorted(_names(text) - private),
        remove_asserts=False,
        remove_debug=False,
        constant_folding=False,
        remove_builtin_exception_brackets=False,
    )


def _names(text: str) -> set[str]:
    """Every name a module's code says (each one python-minifier could rename as a global)."""
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


WORD = r"[A-Za-z_]\w*"


class Named:
    """What code outside a module may name of it: every (module, name) some code imports by name (``from M import
    name``), every name imported at all, and every attribute read anywhere (``M.name``), in the package's modules,
    the tests, the tools and the docs' examples."""

    def __init__(self, sources: dict[str, bytes]):
        self.imported: set[tuple[str, str]] = set()
        self.names: set[str] = set()
        self.attributes: set[str] = set()
        for module, source in sources.items():
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.ImportFrom):
                    base = module.split(".")
                    base = base[: len(base) - node.level] if node.level else []
                    origin = ".".join([*base, *([node.module] if node.module else [])])
                    for alias in node.names:
                        self.imported.add((origin, alias.name))
                        self.names.add(alias.name)
                elif isinstance(node, ast.Attribute):
                    self.attributes.add(node.attr)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):  # getattr's, patch's names
                    # the package's own strings name a name whole ("module:name"), not in its texts' words
                    own = module.startswith("pyrules")
                    words = re.split(r"[.:]", node.value) if own else re.findall(WORD, node.value)
                    self.attributes.update(word for word in words if word.isidentifier())

    @staticmethod
    def of(wheel: zipfile.ZipFile) -> Named:
        """What names a module of ``wheel`` from outside it, the repository's tests, tools and docs included."""
        sources = {}
        for name in wheel.namelist():
            if name.endswith(".py"):  # by module (a package's as "package.__init__": its relative imports' base)
                sources[".".join(name[:-3].split("/"))] = wheel.read(name)
        for name in wheel.namelist():  # the entry points' "module:function"
            if name.endswith(".txt"):
                sources[f"outside:{name}"] = repr(wheel.read(name).decode("utf-8")).encode()
        for path in [*(ROOT / "tests").rglob("*.py"), *(ROOT / "tools").rglob("*.py"), ROOT / "build.py"]:
            sources[f"outside:{path}"] = path.read_bytes()
        words = set()  # the page's and the tools' JavaScript, the docs' examples: every word, as a name they may say
        for folder in ("web", "tools", "tests", "docs"):
            for path in (ROOT / folder).rglob("*"):
                if path.suffix in (".js", ".mjs", ".html", ".md"):
                    words.update(re.findall(WORD, path.read_text(encoding="utf-8")))
        words.update(re.findall(WORD, (ROOT / "README.md").read_text(encoding="utf-8")))
        named = Named(sources)
        named.attributes |= words
        return named


FOR_PEOPLE = ("about", "used_by")  # a data file's notes for its readers (data/*.json, languages.json), no code reads
ANNOTATED = ("/data/", "/locales/languages.json")  # the data files with such notes (a catalog's keys are texts)


def _unannotated_data(data: object, notes: tuple[str, ...] = FOR_PEOPLE) -> object:
    """A data file's content without its notes for people (``notes``' keys, at any depth), as the modules go
    without their docstrings."""
    if isinstance(data, dict):
        return {key: _unannotated_data(value, notes) for key, value in data.items() if key not in notes}
    if isinstance(data, list):
        return [_unannotated_data(item, notes) for item in data]
    return data


# What no code reads of a data file (its format's name, its sources and errata, whether it is verified; the tests
# check some, and the browser wheel keeps them for the unit suite inside Pyodide): the page's pack leaves them out.
# The file, then its keys (at any depth).
NOT_READ_BY_THE_RULES = {
    "pyrules/systems/lonewolf/data/crt.json": ("format", "columns", "source", "known_errors"),
    "pyrules/systems/citadel/data/citadel.json": ("format", "verified"),
}


def _chart_facts(data: Any) -> Any:
    """Of the Action Charts' facts (data/action_charts.json), what pyrules/systems/lonewolf/book.py reads: each book's
    boxes (their printed names, kinds, limits, what a count holds, whether the Meals take their spaces, the power
    they need, a skills box's names, the Ammo Pouch's calibres), the ENDURANCE effects of a Meal or a drink missed
    and of a Medi-Kit unit, the powers' printed name, number chosen and names. Not the sources, the notes, the
    starting equipment, the weapons or the editions' disagreements."""
    kinds = ("items", "count", "ammunition", "skills")
    wanted = ("key", "printed", "kind", "limit", "holds", "counts_meals", "needs_power", "names", "limits")
    whens = ("told to eat with no Meal", "told to drink with no Water", "each unit used")  # book.py's, as it reads them

    def part(found: dict) -> dict:
        # a limit of null is the limit left out; what an items box holds is its notes' (a count's is its unit)
        kept = {key: found[key] for key in wanted if found.get(key) is not None
                and not (key == "holds" and found["kind"] != "count")}  # fmt: skip
        if kept.get("limits"):
            kept["limits"] = [{"calibre": each["calibre"], "limit": each["limit"]} for each in found["limits"]]
        effects = [{"when": when, "change": e["change"]} for e in found.get("effects", ())
                   for when in whens if e["when"].startswith(when)]  # fmt: skip
        return {**kept, "effects": effects} if effects else kept

    books = {}
    for key, book in data["books"].items():
        powers = book["powers"]
        books[key] = {"parts": [part(found) for found in book["parts"] if found["kind"] in kinds], "powers": {
            "printed": powers["printed"], "chosen_at_start": powers["chosen_at_start"],
            "list": [{"name": power["name"]} for power in powers["list"]]}}  # fmt: skip
    return {"books": books}


COMPACTED = {"pyrules/systems/lonewolf/data/action_charts.json": _chart_facts}  # data the page's pack keeps a part of


def _for_the_page(name: str, data: bytes) -> bytes:
    """A file of the browser wheel as the page's pack holds it (:data:`NOT_READ_BY_THE_RULES`, :data:`COMPACTED`)."""
    if name in COMPACTED:
        return json.dumps(COMPACTED[name](json.loads(data)), ensure_ascii=False, separators=(",", ":")).encode()
    if name not in NOT_READ_BY_THE_RULES:
        return data
    found = _unannotated_data(json.loads(data), NOT_READ_BY_THE_RULES[name])
    return json.dumps(found, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def browser_wheel(wheel: Path, build: Path) -> Path:
    """The wheel the page downloads: the same package with its modules' docstrings and comments left out (about a
    quarter fewer bytes; the doctests run from the full wheel and the source), its RECORD rewritten to match."""
    out = build / "browser-wheel" / wheel.name
    shutil.rmtree(out.parent, ignore_errors=True)
    out.parent.mkdir(parents=True)
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        record = next(name for name in source.namelist() if name.endswith(".dist-info/RECORD"))
        outside = Named.of(source)
        rows = []
        for info in source.infolist():
            if info.filename == record:
                continue
            data = source.read(info)
            if info.filename.endswith(".py"):
                data = _strip(data, ".".join(info.filename[:-3].split("/")), outside)
            elif info.filename.endswith(".json"):  # the same data without indentation (and tables' notes) for people
                found = json.loads(data)
                found = _unannotated_data(found) if any(part in info.filename for part in ANNOTATED) else found
                data = json.dumps(found, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append(f"{info.filename},sha256={digest},{len(data)}")
            target.writestr(zipfile.ZipInfo(info.filename, date_time=info.date_time), data, zipfile.ZIP_DEFLATED, 9)
        rows.append(f"{record},,")
        stamp = zipfile.ZipInfo(record, date_time=(2023, 11, 14, 0, 0, 0))
        target.writestr(stamp, "\n".join(rows) + "\n", zipfile.ZIP_DEFLATED, 9)
    return out


# Files of the wheel the page never reads: the command line, the odds' benchmark (the bench's own copy of the site
# adds it back, tests/bench.py) and the books' Action Charts, data no rule reads yet. The unit suite inside Pyodide
# installs the whole browser wheel.
NOT_IN_THE_PAGE = (
    "pyrules/__main__.py",
    "pyrules/benchmark.py",
)


# What the page never reads of the systems' classes: each one's example fights (``System.examples``), which the tests,
# the bench (pyrules/benchmark.py, whose copy of the site keeps them) and the standard library's survey
# (tools/stdlib_used.py, given them from the source) play. The page's pack leaves them out (0.6 KB gzipped); the base
# class's empty default stays, so ``examples`` still reads, as no fights.
NOT_IN_THE_PAGE_FIELDS = ("examples",)


def _without_fields(source: bytes, names: tuple[str, ...]) -> bytes:
    """A minified module without its classes' assignments to ``names`` (but an empty default, ``{}``, ``()``), each
    cut from the text with the ``;`` or the line that held it, so the rest stays byte for byte as minified."""
    tree = ast.parse(source)
    starts = [0]  # each line's first byte (ast counts columns in UTF-8 bytes)
    for line in source.split(b"\n"):
        starts.append(starts[-1] + len(line) + 1)
    cuts = []
    for node in ast.walk(tree):
        for item in node.body if isinstance(node, ast.ClassDef) else ():
            said = [ast.unparse(target) for target in item.targets] if isinstance(item, ast.Assign) else []
            empty = isinstance(item, ast.Assign) and ast.unparse(item.value) in ("{}", "()", "[]")
            if len(said) == 1 and said[0] in names and not empty:
                start = starts[item.lineno - 1] + item.col_offset
                end = starts[item.end_lineno - 1] + item.end_col_offset  # type: ignore[operator]
                cuts.append((start, end))
    out = source
    for start, end in sorted(cuts, reverse=True):
        if out[start - 1 : start] == b";":  # after another statement on its line: with the ; before it
            start -= 1
        elif out[end : end + 1] == b";":  # first on its line, others after it: with the ; after it
            end += 1
        else:  # alone on its line: the line goes
            line = out.rfind(b"\n", 0, start) + 1
            if out[line:start].strip() or out[end : end + 1] not in (b"\n", b""):
                raise ValueError(f"cannot cut a class's field from {out[line : end + 1]!r}")
            start, end = line, end + 1
        out = out[:start] + out[end:]
    compile(out, "<without fields>", "exec")
    return out


def for_the_build(name: str) -> bool:
    """A language's own files: the page's catalog, the glossary and the manifest's words, which the rules never read
    (build.py writes the manifest as dist/manifest.<code>.webmanifest), and the rules' catalog, which the page gives
    them from that language's download (build.py writes both catalogs as one file, dist/locales/<code>.json: a
    visitor downloads only their own language's). The tests read them from the source; the grammar checks
    (grammar.json) are the tests' alone."""
    return name.startswith("pyrules/locales/") and name.endswith(
        ("/page.json", "/glossary.json", "/grammar.json", "/rules.json", "/manifest.json")
    )


# The packs' files in the order that gzips smallest found so far: each beside those it shares the most text with, within
# gzip's 32 KB window (:func:`searched_order`: 1.7 KB less than by extension, depth and path); the second pack's
# (:data:`SECOND_PACK`) last, in their own searched order (101 bytes less than in the first's). A file not named here
# goes after them, by extension, depth and path; the tests refuse a name of no file (tests/unit/test_package.py).
PACK_ORDER = tuple(f"pyrules/{name}" for name in """
systems/lonewolf/odds/budgets.py systems/lonewolf/odds/chain.py systems/lonewolf/odds/best.py
systems/lonewolf/odds/__init__.py systems/fighting_fantasy/odds.py systems/fighting_fantasy/review.py
systems/lonewolf/odds/review.py systems/lonewolf/odds/willpower.py systems/lonewolf/odds/forward.py
systems/lonewolf/odds/reply.py systems/citadel/odds.py systems/citadel/geometry.py systems/lonewolf/data/crt.json
systems/citadel/phases.py systems/citadel/rules.py systems/lonewolf/tables.py systems/citadel/deployment.py
systems/citadel/words.py systems/citadel/view.py systems/citadel/data/citadel.json
systems/fighting_fantasy/engine.py systems/citadel/combat.py systems/fighting_fantasy/spells.py
systems/citadel/record.py systems/citadel/system.py systems/fighting_fantasy/view.py
systems/fighting_fantasy/sheet.py systems/fighting_fantasy/rules.py systems/lonewolf/view.py
systems/fighting_fantasy/record.py systems/fighting_fantasy/system.py systems/citadel/__init__.py
systems/fighting_fantasy/words.py systems/lonewolf/rules.py systems/lonewolf/words.py systems/lonewolf/record.py
systems/lonewolf/system.py systems/lonewolf/variants.py systems/fighting_fantasy/__init__.py systems/__init__.py
adventure.py params.py api.py systems/lonewolf/__init__.py contract.py rng.py __init__.py fight.py fields.py
share.py budget.py odds.py preview.py i18n.py review.py review_simulated.py locales/languages.json
systems/lonewolf/data/action_charts.json systems/lonewolf/book.py systems/lonewolf/chart.py systems/lonewolf/sheet.py
journal.py systems/lonewolf/odds/uses.py
""".split())


def _in_pack_order(name: str) -> tuple:
    """Where the file ``name`` goes in the pack (:data:`PACK_ORDER`)."""
    if name in PACK_ORDER:
        return (0, PACK_ORDER.index(name))
    return (1, Path(name).suffix, -name.count("/"), name)


def searched_order(files: dict[str, bytes], rounds: int = 2) -> list[str]:
    """The files' names in an order whose pack gzips smaller: each file in turn moved to the place where the pack,
    deflated by zlib -9 (Zopfli's sizes follow zlib's, at a fraction of its time), is smallest, round after round
    until no move helps or ``rounds`` are done. Minutes for the rules' files: run by hand to write :data:`PACK_ORDER`
    when the package's files change much (``unpack`` of the built pack gives ``files``), never by the build."""
    order = list(files)

    def size(names: list[str]) -> int:
        return len(zlib.compress(pack([(name, files[name]) for name in names]), 9))

    best = size(order)
    for _ in range(rounds):
        moved = False
        for name in list(order):
            rest = [other for other in order if other != name]
            for at in range(len(rest) + 1):
                tried = rest[:at] + [name] + rest[at:]
                if (found := size(tried)) < best:
                    best, order, moved = found, tried, True
        if not moved:
            break
    return order


def browser_archive(
    wheel: Path,
    leave_out: tuple[str, ...] = NOT_IN_THE_PAGE,
    out: Path | None = None,
    fields: tuple[str, ...] = NOT_IN_THE_PAGE_FIELDS,
) -> Path:
    """What the page downloads: the browser wheel's files as one gzipped pack (one compression over all the files,
    where a zip compresses each on its own: about 15 KB less; and no tar headers: 1.6 KB less), without the wheel's
    metadata (dist-info), which nothing reads in the browser, nor the modules ``leave_out`` names, nor the classes'
    ``fields`` (:data:`NOT_IN_THE_PAGE_FIELDS`), nor the data's notes no code reads (:data:`NOT_READ_BY_THE_RULES`).
    The pack is, for each file, its path, a newline, its length in bytes, a newline and its bytes (:func:`pack`);
    web/worker/pages.js's ``unpackRules`` writes the files into Python's file system. Deterministic: in
    :data:`PACK_ORDER`, no dates."""
    out = out or wheel.with_name(wheel.name.split("-py3-")[0] + ".pack.gz")
    with zipfile.ZipFile(wheel) as source:
        names = sorted(source.namelist(), key=_in_pack_order)
        files = [(name, _for_the_page(name, source.read(name))) for name in names
                 if ".dist-info/" not in name and name not in leave_out and not for_the_build(name)]  # fmt: skip
    files = [(name, _without_fields(data, fields) if fields and name.endswith(".py") else data) for name, data in files]
    later = frozenset().union(*LATER_PACKS.values())
    out.write_bytes(gzipped(pack([(name, data) for name, data in files if name not in later])))
    for kind, kept in LATER_PACKS.items():  # each later pack beside it (:func:`later_pack`)
        later_pack(out, kind).write_bytes(gzipped(pack([(name, data) for name, data in files if name in kept])))
    return out


# The rules' second pack: what only a hero with an Action Chart needs (the chart read and written, its items' COMBAT
# SKILL, an item used in a fight and the odds' lines on using one, the ``sheet`` op, an adventure's journal, the
# books' charts as ``hello`` with ``describe`` tells them). The rules' worker downloads it on the first request that
# imports one of its modules (pyrules.api's ``more`` reply): a record whose hero has a chart, or the chart's screen.
# Nothing in the first pack imports them at start, nor as a fight without a chart is read, played or weighed; the
# start-up snapshot, made from the first pack alone, holds none of them.
SECOND_PACK = frozenset(f"pyrules/{name}" for name in """
journal.py systems/lonewolf/chart.py systems/lonewolf/sheet.py systems/lonewolf/book.py
systems/lonewolf/odds/uses.py systems/lonewolf/data/action_charts.json
""".split())


# The simulated review (pyrules/review_simulated.py: the story of a fight whose book has no exact odds, Citadel of
# Blood's), loaded on first need too, in a pack of its own: the review of such a fight is the one request that imports
# it.
STORY_PACK = frozenset({"pyrules/review_simulated.py"})
# The packs the rules' worker downloads on first need, each by its name's prefix (:func:`later_pack`): their files.
LATER_PACKS = {"sheet": SECOND_PACK, "story": STORY_PACK}


def later_pack(first: Path, kind: str) -> Path:
    """Where :func:`browser_archive` writes the later pack ``kind`` (:data:`LATER_PACKS`) of the first pack ``first``:
    beside it, named apart from it (``pyrules-*`` names the first alone)."""
    return first.with_name(f"{kind}-" + first.name.removeprefix("pyrules-"))


def second_pack(first: Path) -> Path:
    """Where :func:`browser_archive` writes the second pack (the Action Chart's) of the first pack ``first``."""
    return later_pack(first, "sheet")


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """Files as the page's rules' pack: each one's path, a newline, its length, a newline, its bytes."""
    return b"".join(b"%s\n%d\n%s" % (name.encode("utf-8"), len(data), data) for name, data in files)


def unpack(packed: bytes) -> dict[str, bytes]:
    """The files of a pack (:func:`pack`'s inverse, as web/worker/pages.js's ``unpackRules`` reads it)."""
    files, at = {}, 0
    while at < len(packed):
        end = packed.index(b"\n", at)
        name = packed[at:end].decode("utf-8")
        at = packed.index(b"\n", end + 1) + 1
        size = int(packed[end + 1 : at - 1])
        files[name], at = packed[at : at + size], at + size
    return files


def gzipped(data: bytes) -> bytes:
    """``data`` as a gzip file with no date: by Zopfli where the tooling's environment has it (the tests, the bench
    and CI: about 5 % fewer bytes than gzip -9, still plain gzip to unpack), else by gzip -9 (``build.py serve``
    outside that environment)."""
    try:
        from zopfli.gzip import compress
    except ImportError:
        return gzip.compress(data, compresslevel=9, mtime=0)
    return bytes(compress(data, numiterations=15))
