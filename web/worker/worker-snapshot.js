// The start-up snapshot's loading (worker.js): its bytes downloaded (or read from the service worker's cache),
// inflated and unpacked as they come. It is several MB the ordinary start does not download, so a first visit gives it
// up when it would arrive late (SNAPSHOT_BUDGET_MS, judged on the network's first bytes) or when the browser asks to
// save data: the worker then boots the ordinary way, the runtime's files downloaded once for both.
import { unpacker } from "./pages.js";

export const SNAPSHOT = new URL("__SNAPSHOT__", import.meta.url).href;
const SNAPSHOT_BYTES = Number("__SNAPSHOT_BYTES__"); // as downloaded (gzipped)
const SNAPSHOT_SIZE = Number("__SNAPSHOT_SIZE__"); // the memory it holds (tools/snapshot.py's memory_size)
const INFLATE_SLICE = 65536;
// The snapshot saves seconds of start (docs/benchmark.md): one that would end later than SNAPSHOT_BUDGET_MS after its
// request, the rest of it coming at the rate the runtime's files and it are coming together, costs more than it saves:
// the ordinary start instead. The rate is judged over the SNAPSHOT_JUDGED_MS after the snapshot's first bytes (so a
// long round trip is not taken for a slow network), measured afresh after the worker was too busy to read them for
// JUDGE_MS twice over (its bytes had come, unread: not a slow network); none come by the budget, given up.
const SNAPSHOT_BUDGET_MS = 3000;
const SNAPSHOT_JUDGED_MS = 150;
const JUDGE_MS = 50;

/** Why this worker does not try the snapshot, or "" when it does. */
export function snapshotNotTried() {
  if (!("DecompressionStream" in self)) return "unavailable: no DecompressionStream";
  const connection = /** @type {{saveData?: boolean} | undefined} */ (/** @type {any} */ (navigator).connection);
  if (connection?.saveData) return "skipped: the browser asks to save data";
  return "";
}

/**
 * @typedef {object} Loading
 * @property {(url: string) => Promise<Response | undefined>} cached the snapshot's copy in the service worker's cache
 * @property {typeof fetch} download the browser's own fetch (a snapshot that cannot be had is no failed start)
 * @property {() => number} downloaded bytes of every download of the start come so far, as sent
 * @property {(size: number) => void} expect a download of this size begins (less, when negative: given up)
 * @property {(sent: number, known: number) => void} arrived bytes of it came
 * @property {Record<string, number | boolean | string>} marks the timing marks: snapshotRead, snapshotBytes,
 *   snapshotPages
 */

/**
 * The snapshot's bytes, inflated; rejects (the reason becomes the note) when the download fails or comes too slowly
 * to be worth it (SNAPSHOT_BUDGET_MS).
 * @param {Loading} hooks
 */
export async function loadSnapshot({ cached, download, downloaded, expect, arrived, marks }) {
  const asked = performance.now();
  const abort = new AbortController();
  let received = 0;
  let first = 0; // when its first bytes came
  let before = 0; // the bytes come by then
  let slow = "";
  let judged = asked;
  const judge = () => {
    const at = performance.now();
    if (first && at - judged > 2 * JUDGE_MS) [first, before] = [at, downloaded()];
    judged = at;
    const spent = at - asked;
    const rate = (downloaded() - before) / (at - first); // bytes a ms since then, every download of the start together
    const early = !first || at - first < SNAPSHOT_JUDGED_MS;
    if (received >= SNAPSHOT_BYTES || (early && spent < SNAPSHOT_BUDGET_MS)) return;
    if (first && spent + (SNAPSHOT_BYTES - received) / rate <= SNAPSHOT_BUDGET_MS) return;
    slow = `too slow: ${received} of ${SNAPSHOT_BYTES} bytes in ${Math.round(spent)} ms`;
    abort.abort(new Error(slow));
  };
  const judging = setInterval(judge, JUDGE_MS);
  expect(SNAPSHOT_BYTES);
  try {
    const response = (await cached(SNAPSHOT)) ?? (await download(SNAPSHOT, { signal: abort.signal }));
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        if (!first) [first, before] = [performance.now(), downloaded()];
        received += chunk.byteLength;
        arrived(chunk.byteLength, chunk.byteLength);
        judge();
        // Inflated INFLATE_SLICE bytes at a time: WebKit inflates each piece it is given into one new array, and
        // a fast network's pieces became arrays of several MB, all alive at the start's peak.
        for (let at = 0; at < chunk.byteLength; at += INFLATE_SLICE) {
          controller.enqueue(chunk.subarray(at, at + INFLATE_SLICE));
        }
      },
    }));
    const bytes = await inflate(counted, marks);
    marks.snapshotRead = performance.timeOrigin + performance.now();
    marks.snapshotBytes = received;
    return bytes;
  } catch (error) {
    expect(received - SNAPSHOT_BYTES); // given up: the bar no longer waits for the rest of it
    throw slow ? new Error(slow) : error;
  } finally {
    clearInterval(judging);
  }
}

/**
 * The gzipped stream inflated and unpacked (pages.js) into one array of the memory's known size, as it comes: only
 * the pages it holds are written, and no list of chunks is kept. Another size, or a stream cut short, is refused.
 * @param {ReadableStream} gzipped
 * @param {Record<string, number | boolean | string>} marks
 */
async function inflate(gzipped, marks) {
  const unpacking = unpacker(SNAPSHOT_SIZE);
  const reader = gzipped.pipeThrough(new DecompressionStream("gzip")).getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) unpacking.write(part.value);
  const { memory, given, pages } = unpacking.end();
  marks.snapshotPages = `${given} of ${pages}`;
  return memory;
}
