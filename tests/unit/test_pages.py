"""web/pages.js, which writes the start-up snapshot into the worker's arrays and Python's memory page by page: the
result must be a plain `target.set(source, offset)`, bit for bit, whatever the alignment, with only the pages that
are zero on both sides left unwritten. Run in Node.js (the worker's own code, not a copy)."""

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
  writePages(blank, from, offset, true); // onto a new array: the same as onto zeros, read or not
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
// A new array (fresh): the same bytes as the plain copy, its source's zero pages not written.
const fresh = new Uint8Array(10 * PAGE);
const some = new Uint8Array(10 * PAGE);
some[PAGE + 3] = 1;
some[9 * PAGE - 1] = 2;
const freshWritten = writePages(fresh, some, 0, true);
const freshSame = fresh.every((x, i) => x === some[i]);
// Bytes read eight at a time as doubles: a page whose only data is the pattern of -0 (a sign bit) is not zero.
const signed = new Uint8Array(2 * PAGE);
signed[PAGE + 15] = 0x80;
const minusZero = writePages(new Uint8Array(2 * PAGE), signed, 0, true);
// A source at an odd offset, one byte in each of two pages: first of one (read one by one before the aligned
// doubles), last of the other (after them).
const odd = new Uint8Array(new ArrayBuffer(3 * PAGE + 3), 3, 3 * PAGE);
odd[0] = 7;
odd[2 * PAGE - 1] = 8;
const oddTarget = new Uint8Array(3 * PAGE);
const oddWritten = writePages(oddTarget, odd, 0, true);
const oddSame = oddTarget.every((x, i) => x === odd[i]);
let refused = "";
try { writePages(new Int8Array(8), new Uint8Array(9)); } catch (error) { refused = error.message; }
console.log(JSON.stringify({
  cases, skipped, mismatches, none, one, cleared: memory[3 * PAGE + 7], six, sixth: memory[6 * PAGE], edges, refused,
  freshWritten, freshSame, minusZero, oddWritten, oddSame,
}));
"""


def test_pages_written_are_a_plain_copy_and_zero_pages_are_left_alone(tmp_path):
    pages = json.dumps((ROOT / "web" / "pages.js").as_uri())
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
