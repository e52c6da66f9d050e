// The snapshot's memory written page by page (worker.js): Pyodide restores Python's memory with
// `HEAP8.set(snapshot)`, its one write of an Int8Array from the snapshot's buffer. patchMemoryWrite has that write
// skip the snapshot's zero pages (pages.js), so that they stay the system's, never touched.
import { PAGE, writePages } from "./pages.js";

/**
 * Replaces Int8Array.prototype.set while Pyodide starts from the snapshot.
 * @param {Promise<Uint8Array>} bytes the snapshot's memory, as it will be
 * @param {Record<string, number | boolean | string>} marks the timing marks: the pages written, as `memoryPages`
 * @returns {() => void} its undo
 */
export function patchMemoryWrite(bytes, marks) {
  const plainSet = Int8Array.prototype.set;
  /** @type {ArrayBufferLike | null} */
  let restoring = null;
  bytes.then((array) => { restoring = array.buffer; }, () => {});
  /** @this {Int8Array} @param {ArrayLike<number>} source @param {number} [offset] */
  Int8Array.prototype.set = function (source, offset) {
    if (!restoring || !(source instanceof Uint8Array) || source.buffer !== restoring) {
      return plainSet.call(this, source, offset);
    }
    restoring = null; // once: writePages's own writes are plain ones
    marks.memoryPages = `${writePages(this, source, offset)} of ${Math.ceil(source.length / PAGE)}`;
  };
  return () => {
    Int8Array.prototype.set = plainSet;
  };
}
