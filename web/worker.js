// The rules' home: a module Web Worker that boots Pyodide, installs the pyrules wheel and answers JSON calls.
// Messages in:  {id, request}           request is a JSON text for pyrules.api.call
// Messages out: {type: "progress", stage, stages, text} | {type: "ready", hello, timing} | {type: "failed", text}
//               {type: "snapshot", bytes, stored, cache, key}  (the "make-snapshot" worker: stored, for the page to check)
//               {id, reply}             reply is the JSON text pyrules.api.call returned
//
// Second visits start from a memory snapshot of Pyodide with the rules already imported (Pyodide's
// makeMemorySnapshot / _loadSnapshot), kept in this browser's Cache Storage under a key made of the runtime and the
// wheel, so a new deployment never meets an old snapshot. The snapshot is made once, after the first visit is
// ready, by a second copy of this worker named "make-snapshot"; a snapshot that fails to load is dropped and
// Pyodide boots the ordinary way. Never silently: the timing marks sent with "ready" say whether the snapshot was
// used (`snapshot`) and, when not, why (`snapshotNote`: "none stored", "unavailable: …", "load failed: …").
// The runtime's path names its version (build.py): a new Pyodide is a new URL, never a cached old file.
import { loadPyodide } from "./__PYODIDE__pyodide.mjs";

const WHEEL = "__WHEEL__";
const SNAPSHOT_KEY = new URL("snapshot-__SNAPSHOT_KEY__.bin", import.meta.url).href;
const SNAPSHOT_CACHE = "pyrules-snapshot";
const MAKE_SNAPSHOT = self.name === "make-snapshot";
// The page knows one was made: no Cache Storage look-up otherwise. "odds" is the odds panel's own copy of the rules.
const TRY_SNAPSHOT = self.name === "rules-snapshot" || self.name === "odds-snapshot";
const STAGES = 3;
const base = new URL("./__PYODIDE__", import.meta.url).href;
/** @type {((request: string) => string) | null} pyrules.api.call, once imported */
let call = null;
/** @typedef {{id: number, request: string}} Call */
/** @type {Call[]} */
const waiting = [];
/** @type {Record<string, number | boolean | string>} */
const marks = { workerStart: performance.timeOrigin + performance.now() };

/** Why this browser cannot keep a snapshot ("" when it can): the store needs Cache Storage and gzip streams. */
function snapshotUnavailable() {
  if (!("caches" in self)) return "unavailable: no Cache Storage";
  if (!("CompressionStream" in self) || !("DecompressionStream" in self)) return "unavailable: no CompressionStream";
  return "";
}

/**
 * @param {number} stage
 * @param {string} text
 */
function progress(stage, text) {
  self.postMessage({ type: "progress", stage, stages: STAGES, text });
}

/** @param {Call} message */
function answer({ id, request }) {
  let reply;
  try {
    reply = /** @type {(request: string) => string} */ (call)(request);
  } catch (error) {
    const text = `internal error in the rules worker: ${error}`;
    reply = JSON.stringify({ ok: false, internal: true, error: { field: "", label: "", message: text, text } });
  }
  self.postMessage({ id, reply });
}

self.onmessage = (event) => (call ? answer(event.data) : waiting.push(event.data));

function fetchWheel() {
  return fetch(new URL(WHEEL, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`the rules package ${WHEEL} could not be loaded (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
}

/** @param {Record<string, unknown>} [options] */
async function bootFresh(options = {}) {
  const wheel = fetchWheel(); // downloads while Pyodide starts
  const pyodide = await loadPyodide({ indexURL: base, packageBaseUrl: base, fullStdLib: false, ...options });
  marks.pyodideReady = performance.timeOrigin + performance.now();
  progress(1, "Installing the rules…");
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await wheel, "gztar", { extractDir }); // the wheel's files, as one .tar.gz (build.py)
  return pyodide;
}

/** The stored snapshot's bytes, or why there are none (marks.snapshotNote). */
async function readSnapshot() {
  const unavailable = snapshotUnavailable();
  if (unavailable || !TRY_SNAPSHOT) {
    marks.snapshotNote = unavailable || "none stored";
    return null;
  }
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
    if (!hit?.body) {
      marks.snapshotNote = "load failed: made, but not in Cache Storage";
      return null;
    }
    const inflated = hit.body.pipeThrough(new DecompressionStream("gzip"));
    const bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
    marks.snapshotRead = performance.timeOrigin + performance.now();
    return bytes;
  } catch (error) {
    marks.snapshotNote = `load failed: ${message(error)}`; // a damaged entry: boot the ordinary way
    await caches.delete(SNAPSHOT_CACHE).catch(() => {});
    return null;
  }
}

async function bootFromSnapshot() {
  marks.snapshot = false;
  // Pyodide's own script (pyodide.asm.mjs) is fetched and compiled while the snapshot is read and inflated: the
  // same URL, so loadPyodide finds it in the module map.
  const [snapshot] = await Promise.all([readSnapshot(), import(`${base}pyodide.asm.mjs`).catch(() => null)]);
  if (!snapshot) return null;
  try {
    const pyodide = await loadPyodide({ indexURL: base, packageBaseUrl: base, _loadSnapshot: snapshot });
    marks.pyodideReady = performance.timeOrigin + performance.now();
    marks.snapshot = true;
    return pyodide;
  } catch (error) {
    marks.snapshotNote = `load failed: ${message(error)}`;
    await caches.delete(SNAPSHOT_CACHE).catch(() => {});
    return null;
  }
}

async function boot() {
  progress(0, "Loading Python (Pyodide)…");
  const pyodide = (await bootFromSnapshot()) || (await bootFresh());
  progress(2, "Starting the rules…");
  call = pyodide.pyimport("pyrules.api").call;
  const hello = JSON.parse(call('{"op": "hello"}'));
  marks.rulesReady = performance.timeOrigin + performance.now();
  self.postMessage({ type: "ready", hello, timing: marks });
  waiting.splice(0).forEach(answer);
}

async function makeSnapshot() {
  const unavailable = snapshotUnavailable();
  if (unavailable) throw new Error(unavailable);
  const pyodide = await bootFresh({ _makeSnapshot: true });
  // Everything a later request may import is imported before the snapshot: a worker started from it has no files.
  pyodide.runPython("import json, pyrules.api, pyrules.review, pyrules.review_simulated, pyrules.systems; pyrules.systems.preload(); pyrules.api.call(json.dumps({'op': 'hello', 'describe': True}))");
  const memory = pyodide.makeMemorySnapshot();
  // The compressed bytes in full before they are stored: WebKit's Cache Storage may accept a streamed body that another
  // context then does not find.
  const packed = await new Response(new Blob([memory]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const request of await cache.keys()) await cache.delete(request); // an older deployment's snapshot
  await cache.put(SNAPSHOT_KEY, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
  // The page reads it back, size checked, before it says "made" (and before this worker ends: WebKit needs that).
  const stored = packed.byteLength;
  self.postMessage({ type: "snapshot", bytes: memory.length, stored, cache: SNAPSHOT_CACHE, key: SNAPSHOT_KEY });
}

/** @param {unknown} error */
const message = (error) => String(/** @type {any} */ (error)?.message || error);
/** @param {unknown} error */
const fail = (error) => self.postMessage({ type: "failed", text: message(error) });
// Pyodide may leave loadPyodide waiting forever when a download fails (the rejection goes unhandled): say it at once.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  if (!call) fail(event.reason);
});
// A runtime file that cannot be downloaded ends the start at once, in every engine: Pyodide's own fall-back after a
// failed download can leave it waiting with no error at all (seen in WebKit). Pyodide fetches through this global.
const download = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const name = String(input instanceof Request ? input.url : input).split("/").pop();
  try {
    const response = await download(input, init);
    if (!response.ok && !call) fail(`${name} could not be downloaded (HTTP ${response.status})`);
    return response;
  } catch (error) {
    if (!call) fail(`${name} could not be downloaded (${message(error)})`);
    throw error;
  }
};
(MAKE_SNAPSHOT ? makeSnapshot() : boot()).catch(fail);
