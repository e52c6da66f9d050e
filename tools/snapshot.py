"""The start-up snapshot: Pyodide's memory with the rules imported (made by tools/snapshot.mjs under Node.js), the
part of the standard library the rules' worker uses (tools/stdlib_used.py), and the snapshot's shipped memory
form (MEMORY_FORM: pack_memory, unpack_memory). Its JavaScript twin is web/worker/pages.js, whose unpacker reads that
form in the rules' worker: a change to the form is made in both files (and MEMORY_FORM renamed)."""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import tempfile
import zipfile
from pathlib import Path

from tools.package import LATER_PACKS, later_pack
from tools.paths import BUILD, ROOT, WEB, log, run
from tools.runtime import runtime_hash

UNPACKER = WEB / "worker" / "pages.js"  # its unpackRules writes the rules' files as the snapshot maker finds them


def example_fights() -> str:
    """Every registered system's example fights (``System.examples``), by system, as JSON, from the source."""
    import sys

    sys.path.insert(0, str(ROOT))
    from pyrules.systems import SYSTEMS

    return json.dumps({key: system.examples for key, system in SYSTEMS.items()}, sort_keys=True)


def used_stdlib(runtime: Path, archive: Path) -> Path:
    """The runtime's ``python_stdlib.zip`` cut to the files the rules' worker imports (tools/stdlib_used.py, run in
    the runtime under Node.js: Python's start, the archive's unpacking, every module of the rules and every request
    of the page played), named by its content's hash: 0.8 MB of the runtime's 2.5 MB, on every start, either path.
    The requests play every registered system's example fights, read here from the source (the page's pack leaves
    them out: tools/package.py), with the later packs beside the archive unpacked too (the worker unpacks them on
    first need: their modules' imports count). The list is made once per runtime, rules' packs and examples, kept in
    build/snapshots/."""
    maker, lister = ROOT / "tools" / "snapshot.mjs", ROOT / "tools" / "stdlib_used.py"
    examples = example_fights()
    later = [later_pack(archive, kind) for kind in LATER_PACKS]  # beside it: their modules' imports count too
    key = hashlib.sha256(
        runtime_hash(runtime).encode() + archive.read_bytes() + maker.read_bytes() + lister.read_bytes()
        + UNPACKER.read_bytes() + examples.encode() + b"".join(pack.read_bytes() for pack in later)
    ).hexdigest()[:16]
    listed = BUILD / "snapshots" / f"stdlib-{key}.json"
    if not listed.exists():
        listed.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as folder:
            given = Path(folder) / "examples.json"
            given.write_text(examples, encoding="utf-8")
            names = run("node", maker, "--used", runtime, archive, given, *later, stdout=subprocess.PIPE,
                        text=True).stdout
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
# goes. The worker writes just those pages into a new array (web/worker/pages.js's unpacker): 17.5 of the 31.5 MB are
# zero pages, which are then never inflated at all. WebKit inflates each piece of a stream into one array, and a run of
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
    """The memory a packed form holds (pack_memory's inverse; the worker's own is web/worker/pages.js's)."""
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
