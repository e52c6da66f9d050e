// Python's memory written page by page. A page of memory never written is never given to the process (the system
// maps it to its one zero page, and reading it keeps it so): 17.5 of the start-up snapshot's 31.5 MB are zero pages.
// The snapshot ships without them (tools/snapshot.py's pack_memory) and is unpacked into a new array, only its other
// pages written (unpacker); Python's memory is restored from that array leaving alone each page that is zero in it
// and zero already where it goes (writePages). The unpacker is the JavaScript twin of tools/snapshot.py's
// unpack_memory: the form (MEMORY_FORM there) changes in both files at once.
export const PAGE = 4096;

/**
 * Whether bytes[from, to) are all zero: read eight bytes at a time where they are aligned (a double is zero, and not
 * -0, only when its eight bytes are).
 * @param {Int8Array | Uint8Array} bytes
 * @param {number} from
 * @param {number} to
 */
function zero(bytes, from, to) {
  let i = from;
  for (; i < to && (bytes.byteOffset + i) % 8 !== 0; i++) if (bytes[i] !== 0) return false;
  const words = (to - i) >> 3;
  if (words > 0) {
    const doubles = new Float64Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let w = 0; w < words; w++) {
      const x = doubles[w];
      if (x !== 0 || 1 / x < 0) return false;
    }
    i += words * 8;
  }
  for (; i < to; i++) if (bytes[i] !== 0) return false;
  return true;
}

/**
 * `target.set(source, offset)`, page by page of the target's buffer: a whole page that the source leaves zero and
 * that is zero already is not written. Returns how many pages were written (partly or wholly).
 * @param {Int8Array | Uint8Array} target
 * @param {Int8Array | Uint8Array} source
 * @param {number} [offset] where in the target the source goes
 */
export function writePages(target, source, offset = 0) {
  if (offset < 0 || offset + source.length > target.length) throw new RangeError("source is too large");
  const end = offset + source.length;
  let written = 0;
  // The target's pages are counted from its buffer's start: target index i is at byte target.byteOffset + i.
  for (let at = offset; at < end;) {
    const next = Math.min(end, at + PAGE - ((target.byteOffset + at) % PAGE));
    if (next - at < PAGE || !zero(source, at - offset, next - offset) || !zero(target, at, next)) {
      target.set(source.subarray(at - offset, next - offset), at);
      written += 1;
    }
    at = next;
  }
  return written;
}

/**
 * The snapshot's shipped form (tools/snapshot.py's pack_memory: the memory's size in 4 bytes, little-endian; a
 * bitmap of its pages, bit i of byte i >> 3 set when page i is not all zero; then those pages in order), unpacked as
 * it is inflated into a new array of `size` bytes, only the pages it holds written: `write` each part as it comes,
 * then `end`. A form made for another size, longer than its pages or cut short is refused.
 * @param {number} size the memory's size, as the worker was built for it
 */
export function unpacker(size) {
  const memory = new Uint8Array(size);
  const pages = Math.ceil(size / PAGE);
  const head = new Uint8Array(4 + Math.ceil(pages / 8));
  let inHead = 0;
  let page = -1; // the page being written: bytes [at, end) of the memory
  let at = 0;
  let end = 0;
  let given = 0;
  const next = () => {
    do page += 1; while (page < pages && !(head[4 + (page >> 3)] & (1 << (page & 7))));
    at = page * PAGE;
    end = Math.min(at + PAGE, size);
  };
  return {
    /** @param {Uint8Array} part */
    write(part) {
      let i = 0;
      if (inHead < head.length) {
        i = Math.min(head.length - inHead, part.length);
        head.set(part.subarray(0, i), inHead);
        inHead += i;
        if (inHead < head.length) return;
        const said = new DataView(head.buffer).getUint32(0, true);
        if (said !== size) throw new Error(`made for a memory of ${said} bytes, not ${size}`);
        next();
      }
      while (i < part.length) {
        if (page >= pages) throw new Error(`longer than its ${given} pages`);
        const length = Math.min(end - at, part.length - i);
        memory.set(part.subarray(i, i + length), at);
        at += length;
        i += length;
        if (at === end) {
          given += 1;
          next();
        }
      }
    },
    /** The memory, once the whole form has been written: its pages (not zero) and how many the memory has. */
    end() {
      if (inHead < head.length || page < pages) throw new Error(`cut short after ${given} pages`);
      return { memory, given, pages };
    },
  };
}

// The rules' pack (tools/package.py browser_archive: for each file, its path, a newline, its length, a newline and
// its bytes; gzipped as one), written into Python's file system by Python's own zlib: no tar reader to import. The
// import system's caches of the directories are dropped: a module of a later pack, unpacked once the rules have
// started, is then found.
const UNPACK = `
import importlib, os, zlib
with open(source, "rb") as packed:
    data = zlib.decompress(packed.read(), 31)
os.remove(source)
at = 0
while at < len(data):
    end = data.index(b"\\n", at)
    name = data[at:end].decode()
    at = data.index(b"\\n", end + 1) + 1
    size = int(data[end + 1 : at - 1])
    path = os.path.join(target, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(data[at : at + size])
    at += size
importlib.invalidate_caches()
`;

/**
 * The rules' files, from their gzipped pack, written under `target` in Python's file system.
 * @param {{FS: {writeFile(path: string, data: Uint8Array): void}, runPython(code: string, options?: {globals?: unknown}): unknown,
 *          toPy(value: object): {destroy(): void}}} pyodide the runtime (its part this uses)
 * @param {ArrayBuffer | Uint8Array} packed
 * @param {string} target
 */
export function unpackRules(pyodide, packed, target) {
  const source = "/tmp/pyrules.pack.gz";
  pyodide.FS.writeFile(source, new Uint8Array(packed));
  const globals = pyodide.toPy({ source, target });
  try {
    pyodide.runPython(UNPACK, { globals });
  } finally {
    globals.destroy();
  }
}
