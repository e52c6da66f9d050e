"""The static site: the wheel built, then assemble() lays the runtime, the rules' pack, the start-up snapshot, the
icons and the page into dist/, with the page's placeholders replaced by what the build knows (hashes, names, the
systems' and languages' words), each file made compact, the JavaScript and CSS minified (esbuild, terser), and the
service worker given the files to precache and the deployment's hash."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import sys
from pathlib import Path

from tools.environment import node_tools
from tools.icons import icons
from tools.package import LATER_PACKS, browser_archive, browser_wheel, gzipped, later_pack
from tools.paths import BUILD, DIST, ROOT, WEB, log, run
from tools.runtime import PYODIDE_VERSION, SHIPPED_RUNTIME, fetch_pyodide, lock_info
from tools.snapshot import memory_size, start_up_snapshot, used_stdlib
from tools.words import (
    books_html,
    encoded,
    language_options,
    languages,
    manifest_words,
    opening_css,
    opening_texts,
    systems_json,
    ui_catalogs,
)


def build_wheel() -> Path:
    out = BUILD / "wheel"
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out, ROOT, env=env)
    (wheel,) = out.glob("pyrules-*.whl")
    return wheel


def precache(dist: Path) -> tuple[list[str], str]:
    """Every file the app needs offline (the service worker itself aside) and the deployment's content hash."""
    digest = hashlib.sha256()
    urls = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file() and p.name != "sw.js"):
        name = path.relative_to(dist).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes())
        urls.append("./" if name == "index.html" else name)
    return urls, digest.hexdigest()[:16]


def compact(suffix: str, text: str) -> str:
    """Fewer bytes to ship, nothing else changed: no indentation in HTML, no spaces in the manifest's JSON (JS and CSS
    are minified by esbuild)."""
    if suffix == ".webmanifest":
        return json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))
    if suffix != ".html":
        return text
    return "\n".join(line.strip() for line in text.splitlines() if line.strip()) + "\n"


# The page's source lives in web/ in rooms by where it runs (docs/contributing.md); the site is flat: the page's modules
# bundled into app.js (split_off), the rules' worker's into worker.js, the small scripts that load on their own beside
# them.
BUNDLES = {"worker/worker.js": "worker.js"}  # entry in web/: the bundle's name in the site
OWN = {"shell/boot.js": "boot.js", "shell/link.js": "link.js", "service-worker/sw.js": "sw.js"}


def minify(out: Path, source: Path) -> None:
    """esbuild minifies the page's JavaScript and CSS into ``out``, from ``source`` (web/ with the replacements made).
    The page's modules ship as one file: app.js with everything it imports, the screens of every kind included (one
    file gzips about 7 KB smaller than seventeen), but the Action Chart's screen and the report, which load on first
    need (split_off); the rules' worker, worker.js with its modules (pages.js, worker-*.js), as one file too. boot.js
    (started before the page, so that nothing delays the rules' worker), link.js (a classic script) and the service
    worker stay their own files."""
    esbuild = node_tools() / "node_modules" / ".bin" / "esbuild"
    common = ["--minify", "--charset=utf8", "--log-level=warning", "--allow-overwrite"]
    for entry, name in BUNDLES.items():  # the rules' worker with its modules; Pyodide's its own
        run(esbuild, source / entry, "--bundle", "--format=esm", "--external:*pyodide.mjs", f"--outfile={out / name}",
            *common)
    lazy = split_off(esbuild, source, out, common)
    for entry, name in OWN.items():
        kind = [] if name == "sw.js" else ["--format=esm"]
        run(esbuild, source / entry, *kind, f"--outfile={out / name}", *common)
    run(esbuild, *[str(p) for p in out.glob("*.css")], f"--outdir={out}", *common)
    # terser's compressor, passes over esbuild's output, finds what esbuild leaves (sequences, inlined constants,
    # code after a return): the bundle about 1 KB smaller gzipped (a third pass 45 bytes more), the workers 0.2 KB
    # (a third pass makes worker.js 7 bytes larger).
    terser = node_tools() / "node_modules" / ".bin" / "terser"
    for name, kind, passes in (("app.js", "--module", 3), ("worker.js", "--module", 2), ("sw.js", "--toplevel", 2),
                               *((name, "--module", 3) for name in lazy)):
        run(terser, out / name, kind, "--compress", f"passes={passes}", "--mangle", "--output", out / name)


# The page's modules that load on first need, each its own file in the site: the Action Chart's screen (sheet.js
# imports it when a book that has one is shown) and the report of a rule the book says otherwise (app.js imports it
# when "Something wrong here?" is first pressed).
LAZY = ("action-chart", "report")
# The files of the site loaded on first need of a feature, not to be ready, by feature, as patterns of their names in
# dist/: the Action Chart's (its screen's file and the rules' second pack) and a simulated story's (its rules' pack;
# tools/package.py LATER_PACKS). The bytes' budget counts what the page loads to be ready without them, and each
# feature's files apart, bounded on their own (tests/bench.py bytes_shipped, tests/browser/test_site.py); each
# pattern names exactly one file of a build.
ON_FIRST_NEED = {"chart": ("action-chart-*.js", "sheet-*.pack.gz"), "story": ("story-*.pack.gz",),
                 "report": ("report-*.js",)}
CHUNK_IMPORT = re.compile(r'import\s*\{([^}]*)\}\s*from\s*"\./(chunk-[\w-]+\.js)";?')


def split_off(esbuild: Path, source: Path, out: Path, common: list[str]) -> list[str]:
    """app.js, the page's modules bundled, but for :data:`LAZY`'s modules, each written beside it as its own file
    whose imports of the page's modules are app.js's exports. esbuild's code splitting alone makes a file of every
    dynamic import (each kind's screen too: 4 KB more gzipped, and more requests): its files are bundled again
    into one app.js, but for the lazy modules', and app.js exports what those import. Returns their files' names."""
    split = BUILD / "split"
    shutil.rmtree(split, ignore_errors=True)
    run(esbuild, source / "shell" / "app.js", "--bundle", "--splitting", "--format=esm", f"--outdir={split}",
        "--entry-names=[name]", "--chunk-names=[name]-[hash]", *common)
    exports: list[str] = []

    def from_app(found: re.Match) -> str:  # import{a as b,c}from"./chunk-X.js" -> import{x0 as b,x1 as c}from"./app.js"
        names = []
        for spec in found[1].split(","):
            name, _, local = spec.strip().partition(" as ")
            exports.append(f"export{{{name} as x{len(exports)}}}from\"./{found[2]}\";")
            names.append(f"x{len(exports) - 1} as {local or name}")
        return f'import{{{",".join(names)}}}from"./app.js";'

    names = []
    for module in LAZY:
        (lazy,) = split.glob(f"{module}-*.js")
        (out / lazy.name).write_text(CHUNK_IMPORT.sub(from_app, lazy.read_text(encoding="utf-8")), encoding="utf-8")
        names.append(lazy.name)
    entry = split / "entry.js"
    entry.write_text('import"./app.js";' + "".join(exports), encoding="utf-8")
    external = [f"--external:./{module}-*" for module in LAZY]
    run(esbuild, entry, "--bundle", "--format=esm", *external, f"--outfile={out / 'app.js'}", *common)
    return names


def build() -> Path:
    return assemble(DIST, fetch_pyodide(), PYODIDE_VERSION, browser_archive(browser_wheel(build_wheel(), BUILD)))


def assemble(out: Path, runtime: Path, runtime_version: str, wheel: Path) -> Path:
    """The static site in ``out``: the runtime under ``pyodide/<runtime_version>/`` (a path that changes with the
    runtime, so that an upgrade never meets a cached file of another version, however long hosts let browsers
    cache it), the wheel, the page and a service worker that precaches them."""
    shutil.rmtree(out, ignore_errors=True)
    (out / "pyodide" / runtime_version).mkdir(parents=True)
    for name in SHIPPED_RUNTIME:
        shutil.copy2(runtime / name, out / "pyodide" / runtime_version / name)
    stdlib = used_stdlib(runtime, wheel)
    shutil.copy2(stdlib, out / "pyodide" / runtime_version / stdlib.name)
    shutil.copy2(wheel, out / wheel.name)
    later = {}  # the rules' packs the rules' worker downloads on first need, each with its modules
    for kind, files in LATER_PACKS.items():
        pack = later_pack(wheel, kind)
        shutil.copy2(pack, out / pack.name)
        later[pack.name] = sorted(name.removesuffix(".py").replace("/", ".") for name in files if name.endswith(".py"))
    for name, data in icons(BUILD).items():
        (out / name).write_bytes(data)
    # The start-up snapshot belongs to one runtime and one wheel: it lives in the runtime's directory (the version in
    # its path) under a name made of both files' hashes, so a new deployment never meets an old snapshot.
    made = start_up_snapshot(runtime, wheel, stdlib)
    snapshot = f"pyodide/{runtime_version}/{made.name}"
    shutil.copy2(made, out / snapshot)
    # The runtime's files the rules' worker reads, each by the first 9 bytes of its SHA-256 in base64: the worker
    # checks its cached copies against them when a start from the cache fails.
    read = ["pyodide.asm.mjs", "pyodide.asm.wasm", stdlib.name, made.name]
    checked = [f"pyodide/{runtime_version}/{name}" for name in read] + [wheel.name]
    digests = {path: hashlib.sha256((out / path).read_bytes()).digest() for path in checked}
    hashes = {path: base64.b64encode(digest[:9]).decode() for path, digest in digests.items()}
    downloads = {code: encoded(catalog) for code, catalog in ui_catalogs().items()}  # a language's: not English's
    listed = [{**lang, "charset": downloads[lang["code"]][0]} if lang["code"] in downloads else lang
              for lang in languages()]  # fmt: skip
    sys.path.insert(0, str(ROOT))
    from pyrules import __version__

    replacements = {
        "__HASHES__": json.dumps(hashes),
        "__WHEEL__": wheel.name,
        "__LATER__": json.dumps(later, sort_keys=True),
        "__SYSTEMS__": systems_json(),
        "__BOOKS__": books_html(),
        "__SNAPSHOT__": snapshot,
        # The rules as they check a save (the pack, the runtime, its standard library: the snapshot's key): a save's
        # check kept under other rules is made again (web/screens/saved.js).
        "__RULES__": made.stem.removeprefix("snapshot-"),
        "__SNAPSHOT_BYTES__": str(made.stat().st_size),
        "__SNAPSHOT_SIZE__": str(memory_size(made)),
        "__STDLIB__": f"pyodide/{runtime_version}/{stdlib.name}",
        '"__LOCK__"': json.dumps(lock_info(runtime)),
        "__LANGUAGES__": json.dumps(listed, ensure_ascii=False, separators=(",", ":")),
        "__LANGUAGE_OPTIONS__": language_options(),
        "__OPENING_TEXTS__": opening_texts(),
        "__OPENING_HIDDEN__": opening_css(),
        "__PYODIDE__": f"pyodide/{runtime_version}/",
        "__RELEASE__": __version__,  # the app's version (pyrules.__version__): a report names it
        # Link previews (Open Graph) want an absolute address: the site's, where the host names it at build time
        # (Netlify's URL), else relative. A share link's fragment never reaches a server, so the preview is the app's.
        "__SITE__": os.environ.get("URL", "").rstrip("/") + "/" if os.environ.get("URL") else "",
    }
    source = BUILD / "web"  # web/ with the replacements made: what esbuild reads
    shutil.rmtree(source, ignore_errors=True)
    for path in sorted(p for p in WEB.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8")
        if path.name != "sw.js":  # the service worker's own placeholders wait for the precache list below
            for key, value in replacements.items():
                text = text.replace(key, value)
        staged = source / path.relative_to(WEB)
        staged.parent.mkdir(parents=True, exist_ok=True)
        staged.write_text(text, encoding="utf-8")
        if path.parent == WEB:  # the page's markup, style, icon and manifest
            (out / path.name).write_text(compact(path.suffix, text), encoding="utf-8")
    (out / "locales").mkdir()
    for code, (_charset, data) in downloads.items():  # by Zopfli, as the rules' pack: 10 % less than the host's gzip
        (out / "locales" / f"{code}.json.gz").write_bytes(gzipped(data))
    manifest = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    for lang in languages():  # the installed app's words in each language that has them (i18n.js links the page's)
        if lang["manifest"]:
            own = {**manifest, **manifest_words(lang["code"]), "lang": lang["code"]}
            words = json.dumps(own, ensure_ascii=False, separators=(",", ":"))
            (out / f"manifest.{lang['code']}.webmanifest").write_text(words, encoding="utf-8")
    minify(out, source)
    urls, version = precache(out)
    worker = (out / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace("__VERSION__", version).replace("__PRECACHE__", json.dumps(urls, separators=(",", ":")))
    (out / "sw.js").write_text(worker, encoding="utf-8")
    log(f"built {out}/ (deployment {version}) with {wheel.name} and Pyodide {runtime_version}")
    return out
