#!/usr/bin/env python3
"""Build, serve, test and benchmark pyrules.

    python3 build.py            build dist/ (fetches the pinned Pyodide runtime, builds the wheel)
    python3 build.py serve      build, then serve dist/ on http://localhost:8000 with the production headers
    python3 build.py test       set everything up on a fresh machine, then run every test
    python3 build.py quick      the inner loop: lint, types (mypy, tsc) and the CPython tests
    python3 build.py bench      run the benchmark (headless Chromium, and CPython's heavy requests) and print the
                                tables of docs/benchmark.md
    python3 build.py screenshots    build, then take the README's pictures into docs/screenshots/ (tests/screenshots.py)

Only the standard library is used until `test`/`bench` create the tooling environment (.venv).
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import hashlib
import html
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from tools.icons import icons  # noqa: E402
from tools.package import NOT_IN_THE_PAGE, browser_archive, browser_wheel, gzipped  # noqa: E402, F401 (the bench's)

BUILD = ROOT / "build"
DIST = ROOT / "dist"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
CACHE = Path(os.environ.get("PYRULES_CACHE", Path.home() / ".cache" / "pyrules"))

# The Pyodide runtime, pinned: fetched with `npm pack` from the npm registry at build time and self-hosted.
PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# What the site ships of them as they are. The standard library goes as the part of it the rules' worker uses
# (used_stdlib), and the lock file (its package index: the app loads no package) as its `info` alone, in worker.js.
SHIPPED_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]
PYODIDE_DIR = BUILD / f"pyodide-{PYODIDE_VERSION}"

# One Content-Security-Policy for `serve` and for netlify.toml (a test checks that they agree).
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; style-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
PERMISSIONS = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    # Nothing of the device is used: no camera, microphone, location, sensors, payment or USB, for the page or a frame.
    "Permissions-Policy": PERMISSIONS,
}
MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".whl": "application/zip",
    ".gz": "application/gzip",
    ".json": "application/json",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
}

# npm tools, pinned (installed into build/node-tools when the site is built): esbuild minifies the page; TypeScript
# type-checks its JavaScript from the JSDoc types (tsconfig.json, tsconfig.workers.json), a step of `test`; axe-core
# is injected into the page by the browser tests (tests/browser/test_a11y.py), never shipped.
NODE_TOOLS = {"esbuild": "0.28.2", "terser": "5.51.4", "typescript": "7.0.2", "axe-core": "4.14.1",
              "puppeteer-core": "25.16.0"}
# Python tooling, pinned (installed into .venv by `test` and `bench`).
DEV_REQUIREMENTS = ROOT / "requirements-dev.txt"
# Pure-Python wheels that run the unit suite inside Pyodide (pip downloads them from PyPI at test time).
PYODIDE_TEST_WHEELS = [
    "pytest==9.2.0",
    "pluggy==1.7.0",
    "iniconfig==2.3.1",
    "packaging==26.4",
    "pygments==2.21.0",
    "hypothesis==6.155.7",
    "sortedcontainers==2.4.0",
]
CHROMIUM = os.environ.get("PYRULES_CHROMIUM", "/usr/bin/chromium")
# Headless Chromium on these machines: no sandbox (root), no GPU, no calls home (the network is closed).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def log(message: str) -> None:
    print(f"build.py: {message}", flush=True)


def run(*cmd, **kwargs) -> subprocess.CompletedProcess:
    log("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], check=True, **kwargs)


# ---- the Pyodide runtime -----------------------------------------------------------------------------------------


def integrity_of(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_pyodide() -> Path:
    """The pinned runtime, verified against its integrity hash, unpacked into build/."""
    marker = PYODIDE_DIR / ".complete"
    if marker.exists():
        return PYODIDE_DIR
    CACHE.mkdir(parents=True, exist_ok=True)
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists() or integrity_of(tarball) != PYODIDE_INTEGRITY:
        with tempfile.TemporaryDirectory() as tmp:
            run(
                "npm",
                "pack",
                f"pyodide@{PYODIDE_VERSION}",
                "--pack-destination",
                tmp,
                "--silent",
                stdout=subprocess.DEVNULL,
            )
            fetched = Path(tmp) / f"pyodide-{PYODIDE_VERSION}.tgz"
            if integrity_of(fetched) != PYODIDE_INTEGRITY:
                sys.exit(f"build.py: pyodide-{PYODIDE_VERSION}.tgz does not match its pinned integrity hash")
            shutil.move(fetched, tarball)
    shutil.rmtree(PYODIDE_DIR, ignore_errors=True)
    PYODIDE_DIR.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and "/" not in name:
                member.name = name
                tar.extract(member, PYODIDE_DIR, filter="data")
    marker.write_text(PYODIDE_INTEGRITY)
    return PYODIDE_DIR


# ---- the wheel and the site --------------------------------------------------------------------------------------


def version() -> str:
    for line in (ROOT / "pyrules" / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split('"')[1]
    raise SystemExit("build.py: no __version__ in pyrules/__init__.py")


def build_wheel() -> Path:
    out = BUILD / "wheel"
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out, ROOT, env=env)
    (wheel,) = out.glob("pyrules-*.whl")
    return wheel


def described(lang: str) -> dict:
    """What the page needs of the systems before Python starts (labels, weapons), in one language, from the rules
    themselves (each system's description for the page): English's in index.html, every other language's in that
    language's download (ui_catalogs)."""
    sys.path.insert(0, str(ROOT))
    from pyrules.i18n import language
    from pyrules.odds import MEASURES, measure_words  # a share link's preview says its chart's measure by kind
    from pyrules.systems import SYSTEMS

    with language(lang):
        systems = {key: cls.description(page=True) for key, cls in SYSTEMS.items()}
        read = ("name", "before", "now")  # of a measure's words, those the preview draws
        measures = {kind: {k: v for k, v in measure_words(kind).items() if k in read} for kind in MEASURES}
    return {"systems": systems, "measures": measures}  # a system's rules: its describe()'s own


def systems_json() -> str:
    """The systems' words in English, for index.html (see :func:`described`)."""
    return json.dumps({"en": described("en")}, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def books_html() -> str:
    """The set-up's book list, in English, from the rules' registry (the page is born with it, so that nothing moves
    when its script runs; setup.js gives it its listeners and its words in the page's language)."""
    sys.path.insert(0, str(ROOT))
    from pyrules import api

    hello = json.loads(api.call(json.dumps({"op": "hello", "describe": True})))
    labels = []
    for i, (key, words) in enumerate(hello["systems"].items()):
        checked = " checked" if i == 0 else ""
        note = f' <small data-note="{key}">{html.escape(words["note"])}</small>' if words["note"] else ""
        labels.append(f'<label><input type="radio" name="system" value="{key}"{checked}> '
                      f'<span data-book="{key}">{html.escape(words["book"])}</span>{note}</label>')  # fmt: skip
    return "\n".join(labels)


def languages() -> list[dict]:
    """The app's languages for the page (pyrules/locales/languages.json): code, name and plural forms, in order, and
    whether it has the installed app's name and description in its words (manifest: its manifest.json)."""
    from pyrules.i18n import LANGUAGE_DATA

    return [{"code": code, "name": data["name"], "forms": list(data["forms"]), "manifest": bool(manifest_words(code))}
            for code, data in LANGUAGE_DATA.items()]  # fmt: skip


def manifest_words(code: str) -> dict[str, str]:
    """The installed app's name and description in one language (pyrules/locales/<code>/manifest.json, if it has
    one; English's are web/manifest.webmanifest's)."""
    from pyrules import i18n

    return dict(_json_file(Path(i18n.LOCALES) / code / "manifest.json")) if code != "en" else {}


@functools.cache
def _json_file(path: Path) -> dict:
    """A JSON file's content, read once per build ({} if there is none): languages() and the manifests ask for each
    language's manifest.json several times."""
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def page_catalog(code: str) -> dict[str, str]:
    """The page's words in one language (pyrules/locales/<code>/page.json; English, the code's own, has none)."""
    from pyrules import i18n

    path = Path(i18n.LOCALES) / code / "page.json"
    return json.loads(path.read_text(encoding="utf-8")) if code != "en" else {}


def ui_catalogs() -> dict[str, str]:
    """Each language's words but English's, as the file dist/locales/<code>.json.gz (gzipped by Zopfli at build time,
    inflated by i18n.js) the page fetches when it needs that language (a visitor downloads only their own): the
    page's catalog ("page") and the rules' ("rules", which the page gives its workers), each keyed short (24 bits of
    each English text's CRC-32: the English is in the code already) and packed (:func:`packed`), and what the
    systems say of themselves in it ("systems", as index.html holds English's). The page reads the
    rules' catalog too (i18n.js): the page's leaves out what the rules' says the same, and the systems' words what
    the rules' catalog gives of English's (:func:`translated`)."""
    from pyrules import i18n

    english = described("en")

    def words(code: str) -> dict[str, dict]:  # the rules' catalog as pyrules.i18n read it from the source
        rules = i18n.CATALOGS[code]
        page = {text: said for text, said in page_catalog(code).items() if rules.get(text) != said}
        i18n.keyed_short({**rules, **page})  # the page looks a text up in both: no two texts with one key
        return {"page": packed(i18n.keyed_short(page)), "rules": packed(i18n.keyed_short(rules)),
                "systems": over_english(translated(english, rules), described(code))}  # fmt: skip

    return {lang["code"]: json.dumps(words(lang["code"]), ensure_ascii=False, separators=(",", ":"))
            for lang in languages() if lang["code"] != "en"}  # fmt: skip


CHARSETS = ("utf-8", "windows-1251")  # a language's download's encodings (TextDecoder's labels; Python's too)


def encoded(text: str) -> tuple[str, bytes]:
    """A language's download (JSON) in the encoding of :data:`CHARSETS` that takes the fewest bytes, and its name: a
    single-byte code page holds Russian's letters in one byte each, not UTF-8's two (1.6 KB less once gzipped), a
    character it lacks written as JSON's escape (every character past ASCII is inside a JSON string)."""

    def escaped(charset: str) -> bytes:
        return "".join(c if c.isascii() or fits(c, charset) else json.dumps(c)[1:-1] for c in text).encode(charset)

    def fits(c: str, charset: str) -> bool:
        try:
            c.encode(charset)
        except UnicodeEncodeError:
            return False
        return True

    return min(((charset, escaped(charset)) for charset in CHARSETS), key=lambda pair: len(pair[1]))


def packed(keyed: dict[str, str]) -> list:
    """A catalog keyed short as its download holds it: its keys as one string (four characters each) and its texts in
    their order (i18n.js unpacks it); 0.8 KB less gzipped than the JSON object. Ordered by text: texts alike side by
    side, which gzip finds (0.6 KB less for Russian than ordered by key, whose random characters gzip cannot shrink)."""
    items = sorted(((key, text) for key, text in keyed.items() if key), key=lambda item: (item[1], item[0]))
    return ["".join(key for key, _ in items), [text for _, text in items]]


def translated(english: Any, catalog: dict[str, str]) -> Any:
    """English's systems' words with every text the rules' ``catalog`` has put in its language, as the page makes them
    before it lays a language's differences over them (i18n.js ``translated``)."""
    if isinstance(english, str):
        return catalog.get(english, english)
    if isinstance(english, list):
        return [translated(item, catalog) for item in english]
    if isinstance(english, dict):
        return {key: translated(value, catalog) for key, value in english.items()}
    return english


SAME = object()  # changed(): a part the same as English's


def changed(english: Any, own: Any) -> Any:
    """What of a language's ``own`` words differs from ``english`` (what the systems say of themselves: the same
    shape in every language): objects key by key, lists of one length item by item (``null`` for an item the same as
    English's), anything else whole; the page lays it over English's (i18n.js ``over``). SAME where nothing differs.
    Whatever the page could not lay back over English's exactly is refused, so the build cannot ship wrong words."""
    if isinstance(english, dict) and isinstance(own, dict):
        if set(english) != set(own):
            keys = sorted(set(english) ^ set(own))
            raise ValueError(f"the systems' words have other keys in another language: {keys}")
        parts = {key: changed(english[key], value) for key, value in own.items()}
        return {key: part for key, part in parts.items() if part is not SAME} or SAME
    if isinstance(english, list) and isinstance(own, list) and len(english) == len(own):
        if None in own:
            raise ValueError("a null in the systems' words: it would read as the English item")
        items = [changed(a, b) for a, b in zip(english, own)]
        return SAME if all(item is SAME for item in items) else [None if item is SAME else item for item in items]
    return SAME if english == own else own


def over_english(english: dict, own: dict) -> dict:
    """A language's systems' words as the page receives them: what differs from English's (:func:`changed`), checked
    to give back ``own`` exactly once laid over English's as the page lays it (:func:`laid`)."""
    part = changed(english, own)
    part = {} if part is SAME else part
    if laid(english, part) != own:
        raise ValueError("the systems' words would not come back whole from their differences to English's")
    return part


def laid(english: Any, own: Any) -> Any:
    """``own`` laid over ``english`` as the page does (i18n.js ``over``)."""
    if own is None:
        return english
    if isinstance(own, list):
        return [laid(english[i] if isinstance(english, list) and i < len(english) else None, item)
                for i, item in enumerate(own)]  # fmt: skip
    if not isinstance(own, dict) or not isinstance(english, dict):
        return own
    merged = dict(english)
    for key, value in own.items():
        merged[key] = laid(merged.get(key), value)
    return merged


def language_options() -> str:
    """The language switch's options, each language's name in itself."""
    return "\n".join(f'<option value="{lang["code"]}" lang="{lang["code"]}">{html.escape(lang["name"])}</option>'
                     for lang in languages())  # fmt: skip


OPENING = ("Opening a shared fight…", "Opening a shared adventure…")


def opening_texts() -> str:
    """What a page opened from a link says at its first paint, in every language (link.js shows the page's)."""
    spans = []
    for lang in languages():
        catalog = page_catalog(lang["code"])
        for i, text in enumerate(OPENING):
            adventure = " data-a" if i else ""
            said = html.escape(catalog.get(text, text))
            spans.append(f'<span lang="{lang["code"]}"{adventure}>{said}</span>')
    return "".join(spans)


def opening_css() -> str:
    """Each language's first-paint text hidden unless the page is in that language."""
    return ", ".join(f'html:not([lang="{c}"]) #opening-link [lang="{c}"]' for c in (x["code"] for x in languages()))


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


def node_tools() -> Path:
    """The pinned npm tools (esbuild), installed once into build/node-tools from the npm registry."""
    out = BUILD / "node-tools"
    stamp = out / ".complete"
    wanted = json.dumps(NODE_TOOLS, sort_keys=True)
    if stamp.exists() and stamp.read_text() == wanted:
        return out
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    package = {"name": "pyrules-build-tools", "private": True, "dependencies": NODE_TOOLS}
    (out / "package.json").write_text(json.dumps(package, indent=1))
    run("npm", "install", "--no-audit", "--no-fund", "--silent", cwd=out)
    stamp.write_text(wanted)
    return out


def minify(out: Path) -> None:
    """esbuild minifies the page's JavaScript and CSS, in place. The page's modules ship as one file: app.js with
    everything it imports, the screens of every kind included (the service worker precaches every file anyway, so
    a visitor downloads them all; one file gzips about 7 KB smaller than seventeen); the rules' worker, worker.js with
    its modules (pages.js, worker-*.js), likewise. boot.js (started before the page, so that nothing delays the rules'
    worker), link.js (a classic script) and the service worker stay their own files."""
    esbuild = node_tools() / "node_modules" / ".bin" / "esbuild"
    common = ["--minify", "--charset=utf8", "--log-level=warning", "--allow-overwrite"]
    meta = BUILD / "bundle-meta.json"
    for app in (out / "app.js", out / "worker.js"):  # the rules' worker with its modules; Pyodide's its own
        run(esbuild, app, "--bundle", "--format=esm", "--external:*pyodide.mjs", f"--metafile={meta}",
            f"--outfile={app}", *common)
        for name in json.loads(meta.read_text(encoding="utf-8"))["inputs"]:
            if Path(name).resolve() != app.resolve():
                Path(name).unlink()
    scripts = sorted(str(p) for p in out.glob("*.js") if p.name not in ("sw.js", "app.js", "worker.js"))
    run(esbuild, *scripts, "--format=esm", f"--outdir={out}", *common)
    run(esbuild, out / "sw.js", *[str(p) for p in out.glob("*.css")], f"--outdir={out}", *common)
    # terser's compressor, two passes over esbuild's output, finds what esbuild leaves (sequences, inlined constants,
    # code after a return): the bundle about 1 KB smaller gzipped, the workers 0.2 KB.
    terser = node_tools() / "node_modules" / ".bin" / "terser"
    for name, kind in (("app.js", "--module"), ("worker.js", "--module"), ("sw.js", "--toplevel")):
        run(terser, out / name, kind, "--compress", "passes=2", "--mangle", "--output", out / name)


def runtime_hash(runtime: Path) -> str:
    """A content hash of the runtime's files: with the wheel's, it names the memory snapshot they make."""
    digest = hashlib.sha256()
    for name in RUNTIME_FILES:
        digest.update(name.encode() + b"\0" + (runtime / name).read_bytes())
    return digest.hexdigest()


UNPACKER = WEB / "pages.js"  # its unpackRules writes the rules' files as the snapshot maker finds them


def used_stdlib(runtime: Path, archive: Path) -> Path:
    """The runtime's ``python_stdlib.zip`` cut to the files the rules' worker imports (tools/stdlib_used.py, run in
    the runtime under Node.js: Python's start, the archive's unpacking, every module of the rules and every request
    of the page played), named by its content's hash: 0.8 MB of the runtime's 2.5 MB, on every start, either path.
    The list is made once per runtime and rules archive, kept in build/snapshots/."""
    maker, lister = ROOT / "tools" / "snapshot.mjs", ROOT / "tools" / "stdlib_used.py"
    key = hashlib.sha256(
        runtime_hash(runtime).encode() + archive.read_bytes() + maker.read_bytes() + lister.read_bytes()
        + UNPACKER.read_bytes()
    ).hexdigest()[:16]
    listed = BUILD / "snapshots" / f"stdlib-{key}.json"
    if not listed.exists():
        listed.parent.mkdir(parents=True, exist_ok=True)
        names = run("node", maker, "--used", runtime, archive, stdout=subprocess.PIPE, text=True).stdout
        listed.write_text(json.dumps(json.loads(names), indent=0), encoding="utf-8")
    whole = zipfile.ZipFile(runtime / "python_stdlib.zip")
    with tempfile.SpooledTemporaryFile() as buffer:
        with zipfile.ZipFile(buffer, "w") as part:
            for name in json.loads(listed.read_text(encoding="utf-8")):
                kept = whole.getinfo(name)
                entry = zipfile.ZipInfo(name, kept.date_time)
                entry.external_attr = kept.external_attr
                part.writestr(entry, whole.read(name), zipfile.ZIP_DEFLATED, 9)
        buffer.seek(0)
        data = buffer.read()
    out = BUILD / "snapshots" / f"python_stdlib-{hashlib.sha256(data).hexdigest()[:16]}.zip"
    if not out.exists():
        out.write_bytes(data)
        log(f"standard library {out.name}: {len(data)} bytes of {(runtime / 'python_stdlib.zip').stat().st_size}")
    keep_newest(out.parent, "stdlib-*.json")
    keep_newest(out.parent, "python_stdlib-*.zip")
    return out


def lock_info(runtime: Path) -> str:
    """The runtime's lock file as the worker gives it to Pyodide: its ``info`` (which Pyodide checks against the
    runtime), no packages (the app loads none), as a JSON text; 0.3 KB instead of 119 KB to download."""
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    return json.dumps({"info": info, "packages": {}}, separators=(",", ":"))


def start_up_snapshot(runtime: Path, archive: Path, stdlib: Path) -> Path:
    """Pyodide's memory with the rules imported (tools/snapshot.mjs, under Node.js), its pages packed (pack_memory)
    and gzipped: what a visitor's rules worker starts from. Made with the standard library the site ships
    (``stdlib``: a snapshot keeps the directory of the zip it read), once per runtime, rules archive and that zip
    (about 3 s and 7 MB), kept in build/snapshots/."""
    maker = ROOT / "tools" / "snapshot.mjs"
    key = hashlib.sha256(
        MEMORY_FORM.encode()
        + runtime_hash(runtime).encode()
        + archive.read_bytes()
        + maker.read_bytes()
        + UNPACKER.read_bytes()
        + (ROOT / "tools" / "free_memory.mjs").read_bytes()
        + stdlib.read_bytes()
    ).hexdigest()[:16]
    out = BUILD / "snapshots" / f"snapshot-{key}.gz"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "snapshot.bin"
        run("node", maker, runtime, archive, raw, stdlib)
        # gzip, not Zopfli: 17 MB would take Zopfli minutes for about 4 % (the page inflates it: DecompressionStream).
        packed = gzip.compress(pack_memory(raw.read_bytes()), 9, mtime=0)
    out.write_bytes(packed)
    keep_newest(out.parent, "snapshot-*.gz")
    log(f"start-up snapshot {out.name}: {len(packed)} bytes")
    return out


def keep_newest(folder: Path, pattern: str) -> None:
    """Of the build's made files matching ``pattern``, the three newest are kept (another runtime's or rules' too, as
    the tests' next deployment makes them)."""
    for old in sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime)[:-3]:
        old.unlink()


# The snapshot's form as it ships (inflated): the memory's size (4 bytes, little-endian), a bitmap of its 4 KiB pages
# (bit i of byte i // 8 set: page i is not all zeros), then those pages in order, the last as long as the memory
# goes. The worker writes just those pages into a new array (web/pages.js's unpacker): 17.5 of the 31.5 MB are zero
# pages, which are then never inflated at all. WebKit inflates each piece of a stream into one array, and a run of
# zero pages made arrays of 9-16 MB at once, its start's peak about 50 MB higher.
MEMORY_FORM = "pages-1"
MEMORY_PAGE = 4096


def pack_memory(memory: bytes) -> bytes:
    """A memory in the snapshot's shipped form (MEMORY_FORM), before gzip."""
    pages = range(0, len(memory), MEMORY_PAGE)
    bitmap = bytearray(-(-len(pages) // 8))
    kept = []
    for index, at in enumerate(pages):
        page = memory[at : at + MEMORY_PAGE]
        if page.count(0) != len(page):
            bitmap[index >> 3] |= 1 << (index & 7)
            kept.append(page)
    return len(memory).to_bytes(4, "little") + bytes(bitmap) + b"".join(kept)


def unpack_memory(packed: bytes) -> bytes:
    """The memory a packed form holds (pack_memory's inverse; the worker's own is web/pages.js's)."""
    size = int.from_bytes(packed[:4], "little")
    pages = -(-size // MEMORY_PAGE)
    told = 4 + -(-pages // 8)  # the size and the bitmap
    bitmap, data = packed[4:told], memoryview(packed)[told:]
    memory = bytearray(size)
    for index in range(pages):
        if bitmap[index >> 3] & (1 << (index & 7)):
            at = index * MEMORY_PAGE
            length = min(MEMORY_PAGE, size - at)
            if len(data) < length:
                raise ValueError(f"cut short at page {index}")
            memory[at : at + length], data = data[:length], data[length:]
    if len(data):
        raise ValueError(f"{len(data)} bytes past the memory's last page")
    return bytes(memory)


def memory_size(snapshot: Path) -> int:
    """The size of the memory a shipped snapshot holds, as its first bytes say."""
    with gzip.open(snapshot, "rb") as file:
        return int.from_bytes(file.read(4), "little")


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
    replacements = {
        "__HASHES__": json.dumps(hashes),
        "__WHEEL__": wheel.name,
        "__SYSTEMS__": systems_json(),
        "__BOOKS__": books_html(),
        "__SNAPSHOT__": snapshot,
        "__SNAPSHOT_BYTES__": str(made.stat().st_size),
        "__SNAPSHOT_SIZE__": str(memory_size(made)),
        "__STDLIB__": f"pyodide/{runtime_version}/{stdlib.name}",
        '"__LOCK__"': json.dumps(lock_info(runtime)),
        "__LANGUAGES__": json.dumps(listed, ensure_ascii=False, separators=(",", ":")),
        "__LANGUAGE_OPTIONS__": language_options(),
        "__OPENING_TEXTS__": opening_texts(),
        "__OPENING_HIDDEN__": opening_css(),
        "__PYODIDE__": f"pyodide/{runtime_version}/",
        # Link previews (Open Graph) want an absolute address: the site's, where the host names it at build time
        # (Netlify's URL), else relative. A share link's fragment never reaches a server, so the preview is the app's.
        "__SITE__": os.environ.get("URL", "").rstrip("/") + "/" if os.environ.get("URL") else "",
    }
    for source in sorted(WEB.iterdir()):
        if source.is_file() and source.name != "sw.js":
            text = source.read_text(encoding="utf-8")
            for key, value in replacements.items():
                text = text.replace(key, value)
            (out / source.name).write_text(compact(source.suffix, text), encoding="utf-8")
    (out / "sw.js").write_text((WEB / "sw.js").read_text(encoding="utf-8"), encoding="utf-8")
    (out / "locales").mkdir()
    for code, (_charset, data) in downloads.items():  # by Zopfli, as the rules' pack: 10 % less than the host's gzip
        (out / "locales" / f"{code}.json.gz").write_bytes(gzipped(data))
    manifest = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    for lang in languages():  # the installed app's words in each language that has them (i18n.js links the page's)
        if lang["manifest"]:
            own = {**manifest, **manifest_words(lang["code"]), "lang": lang["code"]}
            words = json.dumps(own, ensure_ascii=False, separators=(",", ":"))
            (out / f"manifest.{lang['code']}.webmanifest").write_text(words, encoding="utf-8")
    minify(out)
    urls, version = precache(out)
    worker = (out / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace("__VERSION__", version).replace("__PRECACHE__", json.dumps(urls, separators=(",", ":")))
    (out / "sw.js").write_text(worker, encoding="utf-8")
    log(f"built {out}/ (deployment {version}) with {wheel.name} and Pyodide {runtime_version}")
    return out


# ---- serving -----------------------------------------------------------------------------------------------------

import io  # noqa: E402 (the server's own)
import threading  # noqa: E402

# What the host compresses in transit (docs/hosting.md): text and the runtime's wasm, by their Content-Type. The
# snapshot and the rules' pack (.gz), the standard library (.zip, deflated) and the icons (.png) are compressed
# already and go as they are.
ENCODED_TYPES = ("text/", "application/javascript", "application/json", "application/manifest+json",
                 "application/wasm", "image/svg+xml")  # fmt: skip
GZIP_LEVEL = 6  # pyodide.asm.wasm: 9.6 MB to 3.5 MB in half a second, once per server process


def accepts_gzip(header: str | None) -> bool:
    """Whether an Accept-Encoding header allows gzip (RFC 9110 12.5.3: by name or by `*`, unless its q is 0)."""
    weights = {}
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        weights[name.strip().lower()] = q
    return weights.get("gzip", weights.get("x-gzip", weights.get("*", 0.0))) > 0


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    # Each file's gzipped body, made once: path -> (its mtime and size when gzipped, the body).
    gzipped: dict[str, tuple[tuple[int, int], bytes]] = {}
    gzipping = threading.Lock()
    encodable = False  # this answer's type is one the host compresses
    encoded: bytes | None = None  # this answer's gzipped body, when the request accepts it
    status = 0

    def parse_request(self):
        self.encodable, self.encoded, self.status = False, None, 0  # a connection's next request starts afresh
        return super().parse_request()

    def send_head(self):
        """The file as SimpleHTTPRequestHandler answers it, gzipped in transit where the host would gzip it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        self.encodable = self.guess_type(path).startswith(ENCODED_TYPES) and os.path.isfile(path)
        if self.encodable and accepts_gzip(self.headers.get("Accept-Encoding")):
            self.encoded = self.gzip(path)
        source = super().send_head()
        if source is None or self.encoded is None or self.status != http.HTTPStatus.OK:
            return source
        source.close()
        return io.BytesIO(self.encoded)

    @classmethod
    def gzip(cls, path: str) -> bytes:
        stat = os.stat(path)
        version = (stat.st_mtime_ns, stat.st_size)
        with cls.gzipping:  # one thread gzips a file; the others wait for its body
            known = cls.gzipped.get(path)
            if known is None or known[0] != version:
                with open(path, "rb") as source:
                    known = cls.gzipped[path] = (version, gzip.compress(source.read(), GZIP_LEVEL, mtime=0))
        return known[1]

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if self.encoded is not None and self.status == http.HTTPStatus.OK and keyword.lower() == "content-length":
            super().send_header("Content-Encoding", "gzip")
            value = str(len(self.encoded))
        super().send_header(keyword, value)

    def end_headers(self):
        for key, value in HEADERS.items():
            self.send_header(key, value)
        if self.encodable:  # a cache keeps the answer per encoding asked
            self.send_header("Vary", "Accept-Encoding")
        # Pyodide's runtime files are immutable: their path names the runtime's version. The app's own files
        # revalidate.
        if self.path.startswith("/pyodide/"):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def list_directory(self, path):
        """A folder without index.html is not found, as production answers it: never a listing of its files."""
        self.send_error(http.HTTPStatus.NOT_FOUND, "File not found")
        return None

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        if os.environ.get("PYRULES_SERVE_LOG"):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A download the browser gave up (the start-up snapshot judged too slow, a page left) is no error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, handler: type[Handler] = Handler) -> http.server.ThreadingHTTPServer:
    """`directory` served as production serves it; `handler`: Handler or a subclass (the benchmark's counts bytes)."""
    served = lambda *a, **k: handler(*a, directory=str(directory), **k)  # noqa: E731
    return Server(("127.0.0.1", port), served)


def serve(port: int) -> None:
    build()
    server = make_server(DIST, port)
    log(f"serving dist/ on http://localhost:{server.server_address[1]}/  (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


# ---- the tooling environment -------------------------------------------------------------------------------------


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    python = venv_python()
    stamp = VENV / ".requirements"
    wanted = DEV_REQUIREMENTS.read_text()
    if not python.exists():
        run(sys.executable, "-m", "venv", VENV)
    if not stamp.exists() or stamp.read_text() != wanted:
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", DEV_REQUIREMENTS)
        stamp.write_text(wanted)
    return python


# Debian's packages for the browser tests, by the file each one provides: Chromium (Playwright), Firefox ESR
# (puppeteer-core over WebDriver BiDi), WebKitGTK's WebDriver and MiniBrowser (Selenium), and Xvfb, WebKit's screen.
ENGINE_PACKAGES = {
    CHROMIUM: "chromium",
    "/usr/bin/firefox-esr": "firefox-esr",
    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver",
    "/usr/bin/Xvfb": "xvfb",
}


def ensure_engines(paths: list[str]) -> None:
    """Installs with apt-get the Debian packages of whichever of `paths` are missing (Playwright's own browser
    downloads do not work on these machines)."""
    missing = sorted({ENGINE_PACKAGES[p] for p in paths if not Path(p).exists()})
    if missing and shutil.which("apt-get"):
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run(*sudo, "apt-get", "update", "-qq", env=env)
        run(*sudo, "apt-get", "install", "-y", "-qq", *missing, env=env, stdout=subprocess.DEVNULL)
    still = [p for p in paths if not Path(p).exists()]
    if still:
        sys.exit(f"build.py: not installed: {', '.join(still)} (Debian packages {', '.join(missing)})")


def ensure_chromium() -> str:
    ensure_engines([CHROMIUM])
    return CHROMIUM


def fetch_pyodide_test_wheels() -> Path:
    out = BUILD / "pyodide-test-wheels"
    stamp = out / ".complete"
    if stamp.exists() and stamp.read_text() == "\n".join(PYODIDE_TEST_WHEELS):
        return out
    shutil.rmtree(out, ignore_errors=True)
    run(
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--only-binary=:all:",
        "--python-version",
        "3.14",
        "--platform",
        "any",
        "-d",
        out,
        *PYODIDE_TEST_WHEELS,
    )
    stamp.write_text("\n".join(PYODIDE_TEST_WHEELS))
    return out


def in_venv(argv: list[str]) -> None:
    """Re-run this script inside .venv (created and filled if needed)."""
    python = ensure_venv()
    if Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(python), [str(python), str(Path(__file__).resolve()), *argv])


# ---- test --------------------------------------------------------------------------------------------------------


def test(extra: list[str], quick: bool = False) -> int:
    """Every test (`test`), or the inner loop (`quick`: lint, types and the CPython tests, about a minute and a half
    here): no browser, no build, no Pyodide."""
    chromium = CHROMIUM
    if not quick:
        ensure_engines(list(ENGINE_PACKAGES))
        build()
    test_wheels = None if quick else fetch_pyodide_test_wheels()
    tsc = node_tools() / "node_modules" / ".bin" / "tsc"
    steps = [
        ("lint", [sys.executable, "-m", "ruff", "check", ROOT]),
        ("types (mypy)", [sys.executable, "-m", "mypy"]),
        (
            # the page's JavaScript checked against its JSDoc types (tsc --checkJs --noEmit, strict): the page's
            # modules, then the two workers (another global scope)
            "JavaScript types (tsc)",
            [tsc, "-b", ROOT / "tsconfig.json", ROOT / "tsconfig.workers.json"],
        ),
        ("unit tests on CPython", [sys.executable, "-m", "pytest", "-q", "-n", "auto", *extra]),
    ]
    steps += [] if quick else [
        (
            # against the wheel the page ships (docstrings stripped): the package's own doctests run on CPython
            "unit tests inside Pyodide (Node.js)",
            ["node", ROOT / "tests" / "pyodide" / "run.mjs", PYODIDE_DIR, test_wheels, BUILD / "browser-wheel",
             "-q", "tests/unit", "README.md"],
        ),
        (
            "browser tests (Playwright, Chromium)",
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", ROOT / "tests" / "browser"],
        ),
        (
            # one set of scenarios, driven in each of the other engines (tests/engines/conftest.py)
            "cross-engine tests (Firefox, WebKit)",
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", ROOT / "tests" / "engines"],
        ),
    ]
    env = {**os.environ, "PYRULES_CHROMIUM": chromium, "PYRULES_DIST": str(DIST)}
    failed = []
    for name, cmd in steps:
        log(f"--- {name}")
        began = time.monotonic()
        code = subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env).returncode
        log(f"--- {name}: exit {code} in {time.monotonic() - began:.0f} s")
        if code != 0:  # pytest's 5 ("no tests ran") is a failure too
            failed.append(f"{name} (exit {code})")
    if failed:
        log("FAILED: " + "; ".join(failed))
        return 1
    log("all tests passed")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = ["build", "serve", "test", "quick", "bench", "screenshots"]
    parser.add_argument("command", nargs="?", default="build", choices=commands)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--runs", type=int, default=5, help="bench: cold loads of each page")
    parser.add_argument("--update-readme", action="store_true", help="bench: write the tables into docs/benchmark.md")
    parser.add_argument("--engines", default="chromium,firefox,webkit", help="bench: the per-engine table's engines")
    parser.add_argument("--engines-only", action="store_true", help="bench: only the per-engine table")
    args, extra = parser.parse_known_args(argv)
    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port)
    elif args.command in ("test", "quick"):
        in_venv(argv)
        return test(extra, quick=args.command == "quick")
    elif args.command == "bench":
        in_venv(argv)
        ensure_engines(list(ENGINE_PACKAGES))
        build()
        sys.path.insert(0, str(ROOT / "tests"))
        from bench import run_bench, site, write_readme
        from bench_engines import run_engines

        if not args.engines_only:
            code = run_bench(DIST, make_server, CHROMIUM, CHROMIUM_ARGS, args.runs, args.update_readme)
            if code:
                return code
            from bench_heavy import main as heavy  # the slowest heavy request of each op, on CPython

            code = heavy(["--update-readme"] if args.update_readme else [])
            if code:
                return code
            from bench_lighthouse import main as lighthouse  # Lighthouse's own scores (installed on first use)

            code = lighthouse(["--update-readme"] if args.update_readme else [])
            if code:
                return code
        engines = [e for e in args.engines.split(",") if e]
        if engines:
            table = run_engines(site(DIST), runs=args.runs, engines=engines)
            print(table)
            if args.update_readme:
                return write_readme(table, "bench-engines")
        return 0
    elif args.command == "screenshots":
        in_venv(argv)
        ensure_chromium()
        build()
        sys.path.insert(0, str(ROOT / "tests"))
        from screenshots import take

        take(DIST, make_server, CHROMIUM, CHROMIUM_ARGS)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
