"""web/worker/pages.js, which writes the start-up snapshot into the worker's arrays and Python's memory page by page:
the result must be a plain `target.set(source, offset)`, bit for bit, whatever the alignment, with only the pages that
are zero on both sides left unwritten; and the snapshot's shipped form (tools/snapshot.py's pack_memory) must unpack
to the very memory packed, however its stream is cut into parts. Run in Node.js (the worker's own code, not a copy)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.skipif(sys.platform == "emscripten", reason="web/ is not in Pyodide"),
    pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed"),
]

# Random cases against the plain copy (a seeded generator: the same cases every run), then cases whose written
# pages are known. Every array is a view into a larger buffer at an odd offset, as Pyodide's views may be.
SCRIPT = """
import { PAGE, writePages } from %(pages)s;
let seed = 12345;
const random = (n) => { seed = (seed * 1103515245 + 12345) %% 2147483648; return seed %% n; };
function filled(length, shift) {
  const bytes = new Int8Array(new ArrayBuffer(length + shift + PAGE), shift, length);
  for (let page = 0; page * PAGE < length; page++) {
    if (random(2) === 0) continue; // a zero stretch
    const end = Math.min(length, (page + 1) * PAGE);
    for (let i = page * PAGE; i < end; i++) bytes[i] = random(3) ? random(256) - 128 : 0;
  }
  return bytes;
}
const mismatches = [];
let cases = 0, skipped = 0;
for (let c = 0; c < 300; c++) {
  const target = filled(random(9 * PAGE) + 1, random(3) ? 0 : random(PAGE));
  const length = random(target.length) + 1;
  const raw = filled(length, random(64));
  const from = new Uint8Array(raw.buffer, raw.byteOffset, raw.length);
  const offset = random(target.length - length + 1);
  const expected = target.slice();
  expected.set(from, offset);
  const written = writePages(target, from, offset);
  const pages = Math.ceil(((target.byteOffset + offset) %% PAGE + length) / PAGE);
  skipped += pages - written;
  if (target.some((x, i) => x !== expected[i]) || written > pages) mismatches.push(c);
  const blank = new Int8Array(new ArrayBuffer(target.length + target.byteOffset), target.byteOffset);
  writePages(blank, from, offset); // onto a new array
  if (blank.some((x, i) => x !== (i >= offset && i < offset + length ? (from[i - offset] << 24) >> 24 : 0))) {
    mismatches.push(-c);
  }
  cases += 1;
}
// Known counts: 10 zero pages onto zero memory, none written; onto memory with one page of data, that page alone
// (zeroed); a page of data among zero pages, it alone; a source not aligned to the target's pages: its two edges.
const zero = new Uint8Array(10 * PAGE);
const memory = new Int8Array(10 * PAGE);
const none = writePages(memory, zero);
memory[3 * PAGE + 7] = 5;
const one = writePages(memory, zero);
const data = new Uint8Array(10 * PAGE);
data[6 * PAGE] = 9;
const six = writePages(memory, data);
const edges = writePages(new Int8Array(12 * PAGE), new Uint8Array(10 * PAGE), 100);
// A new array: the same bytes as the plain copy, its source's zero pages not written.
const fresh = new Uint8Array(10 * PAGE);
const some = new Uint8Array(10 * PAGE);
some[PAGE + 3] = 1;
some[9 * PAGE - 1] = 2;
const freshWritten = writePages(fresh, some);
const freshSame = fresh.every((x, i) => x === some[i]);
// Bytes read eight at a time as doubles: a page whose only data is the pattern of -0 (a sign bit) is not zero.
const signed = new Uint8Array(2 * PAGE);
signed[PAGE + 15] = 0x80;
const minusZero = writePages(new Uint8Array(2 * PAGE), signed);
// A source at an odd offset, one byte in each of two pages: first of one (read one by one before the aligned
// doubles), last of the other (after them).
const odd = new Uint8Array(new ArrayBuffer(3 * PAGE + 3), 3, 3 * PAGE);
odd[0] = 7;
odd[2 * PAGE - 1] = 8;
const oddTarget = new Uint8Array(3 * PAGE);
const oddWritten = writePages(oddTarget, odd);
const oddSame = oddTarget.every((x, i) => x === odd[i]);
let refused = "";
try { writePages(new Int8Array(8), new Uint8Array(9)); } catch (error) { refused = error.message; }
console.log(JSON.stringify({
  cases, skipped, mismatches, none, one, cleared: memory[3 * PAGE + 7], six, sixth: memory[6 * PAGE], edges, refused,
  freshWritten, freshSame, minusZero, oddWritten, oddSame,
}));
"""


def test_pages_written_are_a_plain_copy_and_zero_pages_are_left_alone(tmp_path):
    pages = json.dumps((ROOT / "web" / "worker" / "pages.js").as_uri())
    script = tmp_path / "pages.mjs"
    script.write_text(SCRIPT % {"pages": pages}, encoding="utf-8")
    out = subprocess.run(["node", script], capture_output=True, text=True, timeout=60, check=True).stdout
    result = json.loads(out)
    assert result["cases"] == 300 and result["mismatches"] == []
    assert result["skipped"] > 50  # the random cases did leave pages alone (half their stretches are zero)
    assert (result["none"], result["one"], result["cleared"]) == (0, 1, 0)
    assert (result["six"], result["sixth"]) == (1, 9)
    assert result["edges"] == 2  # the first and last pages, partly covered: written; the nine whole zero ones not
    assert result["refused"] == "source is too large"
    assert (result["freshWritten"], result["freshSame"]) == (2, True)
    assert result["minusZero"] == 1
    assert (result["oddWritten"], result["oddSame"]) == (2, True)


UNPACK = """
import { readFileSync } from "node:fs";
import { unpacker } from %(pages)s;
const cases = JSON.parse(readFileSync(%(cases)s, "utf8"));
const out = [];
for (const { packed, size, parts } of cases) {
  const bytes = Buffer.from(packed, "base64");
  try {
    const unpacking = unpacker(size);
    let at = 0;
    for (const length of parts) { // the stream's parts as given: their lengths, then what is left in one
      unpacking.write(new Uint8Array(bytes.buffer, bytes.byteOffset + at, Math.min(length, bytes.length - at)));
      at = Math.min(at + length, bytes.length);
    }
    unpacking.write(new Uint8Array(bytes.buffer, bytes.byteOffset + at, bytes.length - at));
    const { memory, given, pages } = unpacking.end();
    out.push({ memory: Buffer.from(memory).toString("base64"), given, pages });
  } catch (error) {
    out.push({ refused: error.message });
  }
}
console.log(JSON.stringify(out));
"""


def unpack_in_node(tmp_path: Path, cases: list[dict]) -> list[dict]:
    given = tmp_path / "cases.json"
    given.write_text(json.dumps(cases), encoding="utf-8")
    script = tmp_path / "unpack.mjs"
    pages = json.dumps((ROOT / "web" / "worker" / "pages.js").as_uri())
    script.write_text(UNPACK % {"pages": pages, "cases": json.dumps(str(given))}, encoding="utf-8")
    out = subprocess.run(["node", script], capture_output=True, text=True, timeout=60, check=True).stdout
    return json.loads(out)


def test_the_shipped_form_unpacks_to_the_memory_packed_whatever_its_parts(tmp_path):
    import base64
    import random

    sys.path.insert(0, str(ROOT))
    from tools.snapshot import MEMORY_PAGE, pack_memory, unpack_memory

    page = MEMORY_PAGE
    generator = random.Random(7)
    memories = []
    for _ in range(40):
        size = generator.randrange(1, 12 * page) // 4 * 4 + 4  # Pyodide's memories: a whole number of words
        memory = bytearray(size)
        for at in range(0, size, page):
            if generator.random() < 0.5:  # a page with data: a few bytes of it, anywhere in it
                for _ in range(generator.randrange(1, 6)):
                    memory[generator.randrange(at, min(at + page, size))] = generator.randrange(1, 256)
        memories.append(bytes(memory))
    memories.append(bytes(3 * page))  # all zero: the form is its head alone
    memories.append(bytes(range(1, 256)) * 50)  # no zero page, the last one short
    cases = []
    for memory in memories:
        packed = pack_memory(memory)
        assert unpack_memory(packed) == memory
        parts = [generator.randrange(1, 9000) for _ in range(generator.randrange(0, 6))]
        cases.append({"packed": base64.b64encode(packed).decode(), "size": len(memory), "parts": parts})
    results = unpack_in_node(tmp_path, cases)
    assert len(results) == len(memories) == 42
    for memory, result in zip(memories, results, strict=True):
        assert "refused" not in result, result
        assert base64.b64decode(result["memory"]) == memory
        pages = [memory[at : at + page] for at in range(0, len(memory), page)]
        assert (result["given"], result["pages"]) == (sum(1 for p in pages if p.count(0) != len(p)), len(pages))
    assert results[-2]["given"] == 0 and results[-1]["given"] == results[-1]["pages"] == 4
    # The packed form is the size, the bitmap and the data pages, nothing else.
    assert len(pack_memory(bytes(3 * page))) == 4 + 1
    assert len(pack_memory(memories[-1])) == 4 + 1 + len(memories[-1])


def test_a_shipped_form_for_another_memory_or_cut_short_or_too_long_is_refused(tmp_path):
    import base64

    sys.path.insert(0, str(ROOT))
    from tools.snapshot import MEMORY_PAGE, pack_memory, unpack_memory

    memory = bytes(MEMORY_PAGE) + b"\1" * MEMORY_PAGE + bytes(8)
    packed = pack_memory(memory)
    cases = [
        {"packed": base64.b64encode(packed).decode(), "size": len(memory) + 4, "parts": []},
        {"packed": base64.b64encode(packed[:-10]).decode(), "size": len(memory), "parts": [3]},
        {"packed": base64.b64encode(packed[:3]).decode(), "size": len(memory), "parts": []},
        {"packed": base64.b64encode(packed + b"\1").decode(), "size": len(memory), "parts": [100]},
        {"packed": base64.b64encode(packed).decode(), "size": len(memory), "parts": [1, 1, 1, 1, 1]},
    ]
    results = unpack_in_node(tmp_path, cases)
    assert results[0] == {"refused": f"made for a memory of {len(memory)} bytes, not {len(memory) + 4}"}
    assert results[1] == {"refused": "cut short after 0 pages"}
    assert results[2] == {"refused": "cut short after 0 pages"}
    assert results[3] == {"refused": "longer than its 1 pages"}
    assert base64.b64decode(results[4]["memory"]) == memory
    for damaged in (packed[:-10], packed + b"\1"):
        with pytest.raises(ValueError):
            unpack_memory(damaged)
