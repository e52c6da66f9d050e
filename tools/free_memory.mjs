// Python's free memory zeroed before the start-up snapshot is made (tools/snapshot.mjs). Pyodide's Python has no
// pymalloc: every object comes from the C allocator (dlmalloc), and what it holds free keeps whatever was written
// there last: after the rules' imports, 3.6 MB in about 4,400 blocks, over 660 of the snapshot's pages. A page of
// zeros is one the snapshot does not ship and a visitor's memory never holds (web/worker/pages.js).
//
// Every free byte is taken (malloc, largest pieces first, the heap not allowed to grow meanwhile) and given back:
// the pieces, put in order, say where the free blocks are, and inside each free block everything is zeroed but its
// own words (its size and links at its start; its size again where it ends, in the next block's first word).

const WORD = 4; // dlmalloc's size_t in wasm32
const LINKS = 8 * WORD; // a free block's head: the size before it, its size, and up to six links (dlmalloc's tree)
const FENCE = 16 * WORD; // more than dlmalloc's TOP_FOOT_SIZE

/**
 * Zeroes what the allocator of `module` (Pyodide's Emscripten module) holds free; returns the pieces and bytes taken.
 * @param {any} module
 * @returns {{pieces: number, bytes: number}}
 */
export function zeroFreeMemory(module) {
  const limit = module._malloc_footprint_limit();
  module._malloc_set_footprint_limit(module._malloc_footprint()); // a piece not free now fails, rather than grows
  /** @type {{start: number, end: number}[]} each piece's block: from its first word to where the next one starts */
  const taken = [];
  let bytes = 0;
  try {
    for (let size = 1 << 24; size >= 8;) {
      const at = module._malloc(size);
      if (!at) {
        size >>= 1;
        continue;
      }
      const start = at - 2 * WORD;
      taken.push({ start, end: start + (module.HEAPU32[(at - WORD) >> 2] & ~7) });
      bytes += size;
    }
  } finally {
    for (const { start } of taken) module._free(start + 2 * WORD);
    module._malloc_set_footprint_limit(limit);
  }
  // Pieces next to each other are one free block again (the allocator joins free neighbours): only its head is kept.
  // The heap's last words, below where it ends now, are the allocator's too (a mark after its last block, rewritten
  // when the heap shrinks as the pieces come back): never zeroed.
  const fence = module._sbrk(0) - FENCE;
  const heap = module.HEAPU8;
  // [from, to), all but the fence (a fill whose end is not past its start writes nothing)
  const zero = (/** @type {number} */ from, /** @type {number} */ to) => {
    heap.fill(0, from, Math.min(to, fence));
    heap.fill(0, Math.max(from, fence + FENCE), to);
  };
  taken.sort((a, b) => a.start - b.start);
  for (let i = 0; i < taken.length;) {
    const first = taken[i].start;
    let end = taken[i].end;
    for (i += 1; i < taken.length && taken[i].start === end; i += 1) end = taken[i].end;
    zero(first + LINKS, end); // `end` holds the next block's words
  }
  return { pieces: taken.length, bytes };
}
