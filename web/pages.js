// Python's memory written page by page, leaving alone each page that is zero in what is written and zero already
// where it goes. A page of memory never written is never given to the process (the system maps it to its one zero
// page, and reading it keeps it so): 14 of the start-up snapshot's 30 MiB are zero pages, so the array the snapshot
// is inflated into, and Python's memory restored from it, hold only its other pages.
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
 * that is zero already (`fresh`: the whole target is, a new array) is not written. Returns how many pages were
 * written (partly or wholly).
 * @param {Int8Array | Uint8Array} target
 * @param {Int8Array | Uint8Array} source
 * @param {number} [offset] where in the target the source goes
 * @param {boolean} [fresh] the target is all zero
 */
export function writePages(target, source, offset = 0, fresh = false) {
  if (offset < 0 || offset + source.length > target.length) throw new RangeError("source is too large");
  const end = offset + source.length;
  let written = 0;
  // The target's pages are counted from its buffer's start: target index i is at byte target.byteOffset + i.
  for (let at = offset; at < end;) {
    const next = Math.min(end, at + PAGE - ((target.byteOffset + at) % PAGE));
    if (next - at < PAGE || !zero(source, at - offset, next - offset) || (!fresh && !zero(target, at, next))) {
      target.set(source.subarray(at - offset, next - offset), at);
      written += 1;
    }
    at = next;
  }
  return written;
}
