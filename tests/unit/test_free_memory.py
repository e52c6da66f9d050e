"""tools/free_memory.mjs, run before the start-up snapshot is made: what Python's allocator holds free must come out
zero (but for the allocator's own words at a block's edges), what is in use untouched, the heap no larger, and the
allocator as free to grow as before. Run in Node.js with the pinned Pyodide (the snapshot maker's own runtime)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.skipif(sys.platform == "emscripten", reason="tools/ is not in Pyodide"),
    pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed"),
]

# Blocks of every kind of size filled with 0xA5, every other one freed (so no two freed blocks merge), then the
# free memory zeroed. Each block reports its bytes that are not zero, and where.
SCRIPT = """
import { loadPyodide } from %(pyodide)s;
import { zeroFreeMemory } from %(tool)s;
const pyodide = await loadPyodide({ indexURL: %(index)s, fullStdLib: false });
const M = pyodide._module;
const blocks = [];
for (const size of [24, 100, 1000, 4096, 5000, 70000, 300000, 1 << 20, 3 << 20]) {
  for (let copy = 0; copy < 4; copy++) {
    const at = M._malloc(size);
    M.HEAPU8.fill(0xa5, at, at + size);
    blocks.push({ at, size, freed: copy %% 2 === 1 });
  }
}
for (const block of blocks) if (block.freed) M._free(block.at);
const dirty = (block) => {
  const where = [];
  for (let i = 0; i < block.size; i++) if (M.HEAPU8[block.at + i]) where.push(i);
  return where;
};
const before = blocks.map(dirty);
const footprint = M._malloc_footprint();
const limit = M._malloc_footprint_limit();
const zeroed = zeroFreeMemory(M);
const after = blocks.map(dirty);
const same = {
  footprint: M._malloc_footprint() === footprint,
  limit: M._malloc_footprint_limit() === limit,
};
const big = M._malloc(footprint); // more than the heap holds: it must still grow
same.grows = big !== 0 && M._malloc_footprint() > footprint;
M._free(big);
const python = pyodide.runPython("str(sum(len(str(i)) for i in range(100000)))");
console.log(JSON.stringify({ blocks, before, after, zeroed, same, python }));
"""


def test_free_memory_is_zeroed_and_the_rest_left_as_it_was(tmp_path):
    sys.path.insert(0, str(ROOT))
    from tools.runtime import PYODIDE_DIR

    if not (PYODIDE_DIR / "pyodide.mjs").exists():
        # the full run (`build.py test`) has fetched the runtime: there it must run; quick's fetches nothing
        assert os.environ.get("PYRULES_RUN") != "test", f"{PYODIDE_DIR} is missing"
        pytest.skip("the pinned Pyodide is not fetched yet (build.py fetches it)")
    script = tmp_path / "free_memory.mjs"
    script.write_text(SCRIPT % {
        "pyodide": json.dumps((PYODIDE_DIR / "pyodide.mjs").resolve().as_uri()),
        "tool": json.dumps((ROOT / "tools" / "free_memory.mjs").as_uri()),
        "index": json.dumps(str(PYODIDE_DIR.resolve()) + "/"),
    })
    done = subprocess.run(["node", script], capture_output=True, text=True, check=True, timeout=120)
    result = json.loads(done.stdout.splitlines()[-1])
    blocks, before, after = result["blocks"], result["before"], result["after"]
    assert len(blocks) == 36 and sum(b["freed"] for b in blocks) == 18
    for block, was, now in zip(blocks, before, after):
        size = block["size"]
        if not block["freed"]:
            assert was == now == list(range(size)), block  # in use: every byte still 0xA5
            continue
        assert len(was) > size - 64, block  # freed, and still holding what was written there
        # zero now, but for the allocator's words: a free block's size and links at its start, its size at its end
        assert all(i < 32 or i >= size - 8 for i in now), (block, now[:10])
    freed = sum(b["size"] for b in blocks if b["freed"])
    assert result["zeroed"]["pieces"] >= 18 and result["zeroed"]["bytes"] >= freed - 18 * 64
    assert result["same"] == {"footprint": True, "limit": True, "grows": True}
    assert result["python"] == "488890"
