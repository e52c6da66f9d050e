// The rules' home: a module Web Worker that boots Pyodide, installs the pyrules wheel and answers JSON calls.
// Messages in:  {start: {cached, code}}  first, from whoever created the worker: it starts then (see Start)
//               {share: port}           send the runtime's compiled code down this port (to a newer worker)
//               {id, request}           request is a JSON text for pyrules.api.call
// Messages out: {type: "progress", value, text?} | {type: "ready", hello, timing}  value: from 0 to 1, moved by the
//                                       bytes of the start's downloads as they come; text: the stage's, when it begins
//               {type: "failed", text, dropped?, lost?}  dropped: the runtime's files found damaged in the cache and
//                                       downloaded again (their names), unless lost says why not (see damaged)
//               {type: "compiled"}      this worker compiled the runtime's code and keeps it for the next ones
//               {id, reply}             reply is the JSON text pyrules.api.call returned
// The rules come in packs (tools/package.py): the first at the start, each later one (the Action Chart's, a simulated
// story's) on the first request that needs it, which the rules say by their `more` reply naming the module missing:
// its pack is downloaded and unpacked, and that request asked again; requests that come meanwhile wait, in order.
//
// Every worker starts from the start-up snapshot tools/snapshot.py made (Pyodide's memory with the rules imported, made by
// tools/snapshot.mjs; its zero pages left out, then gzipped), which skips Python's own start and the rules' imports.
// Its name carries the runtime's version and the hashes of the runtime and the rules, so a new deployment never
// meets an old snapshot; the service worker keeps it for offline use and later visits. A first visit may give it up
// (worker-snapshot.js) and boot the ordinary way. Never silently: the timing marks sent with "ready" say whether the
// snapshot was used (`snapshot`) and, when not, why (`snapshotNote`: "unavailable: …", "skipped: …", "too slow: …",
// "load failed: …").
// The runtime's path names its version (tools/site.py): a new Pyodide is a new URL, never a cached old file. Of the runtime's
// standard library, only what the rules use comes (tools/snapshot.py's used_stdlib, its hash in its name), and of its lock
// file, the `info` Pyodide checks (no package is ever loaded): both starts mount that zip, and the snapshot was made
// with it.
// Each technique of the start patches a global through its own module, undone when no longer needed: the downloads
// (worker-fetch.js), the compiled code (worker-wasm.js), the snapshot's memory write (worker-memory.js); the
// snapshot's loading is worker-snapshot.js's.
import { loadPyodide } from "./__PYODIDE__pyodide.mjs";
import { unpackRules } from "./pages.js";
import { download, message, patchFetch } from "./worker-fetch.js";
import { patchMemoryWrite } from "./worker-memory.js";
import { loadSnapshot, SNAPSHOT, snapshotNotTried } from "./worker-snapshot.js";
import { patchInstantiate } from "./worker-wasm.js";

const WHEEL = "__WHEEL__";
// The later packs' files, each with its modules (tools/site.py).
const LATER = __LATER__;
const STDLIB = new URL("__STDLIB__", import.meta.url).href;
const LOCK = "__LOCK__";
// The runtime's files this worker reads, as built (tools/site.py): each one's URL and the first 9 bytes of its SHA-256, in
// base64. A start from the cache that fails has the cached copies checked against them (damaged, below).
const HASHES = new Map(Object.entries(__HASHES__).map(([path, hash]) => [new URL(path, import.meta.url).href, hash]));
// The start-up bar: its downloads take it to DOWNLOADED as their bytes come, against their sizes as sent (the
// snapshot's, built in; a runtime file's Content-Length once its answer begins, an encoded one's estimated, its end
// all of it); the stages after them, to their own values. Said at most every PROGRESS_MS.
const STAGE_VALUES = [0, 0.9, 0.95];
const DOWNLOADED = STAGE_VALUES[1];
const PROGRESS_MS = 100;
// The compiler is answering a request, at most a request's budget: past this, the code is compiled here instead.
const CODE_WAIT_MS = 1000;
const base = new URL("./__PYODIDE__", import.meta.url).href;
const WASM = `${base}pyodide.asm.wasm`;
const RUNTIME = { indexURL: base, packageBaseUrl: base, stdLibURL: STDLIB, lockFileContents: LOCK };

let downloaded = 0; // bytes of the runtime's files and of the snapshot come so far, as sent (the network's rate)
let counted = 0; // bytes of the downloads of known size come so far
let expected = 0; // the sizes of those downloads
let stage = 0;
let said = 0; // when the bar was last said to move
/** @type {((request: string) => string) | null} pyrules.api.call, once imported */
let call = null;
/** @typedef {{id: number, request: string, again?: boolean}} Call again: asked once more, its pack come */
/** @type {Call[]} */
const waiting = [];
/** @type {import("./__PYODIDE__pyodide.mjs").PyodideInterface | null} the runtime, once started */
let runtime = null;
/** @type {Promise<void> | null} a later pack, while it is downloaded and unpacked */
let second = null;
const unpacked = new Set(); // the later packs in Python's file system, by file
/** @type {Record<string, number | boolean | string>} */
const marks = { workerStart: performance.timeOrigin + performance.now() };
const now = () => performance.timeOrigin + performance.now();
/**
 * How to start, from the page: `cached`, a later visit (its service worker controls the page: the runtime's files are
 * read from its cache, below); `code`, a port down which the worker that compiled the runtime's code sends it
 * (worker-wasm.js), or null: this worker compiles it.
 * @typedef {{cached: boolean, code: MessagePort | null}} Start
 */
/** @type {(start: Start) => void} */
let begin = () => {};
/** @type {Promise<Start>} */
const started = new Promise((resolve) => { begin = resolve; });
/** @type {import("./worker-wasm.js").Code} the code given by an older worker; the code compiled here, for newer ones */
const code = { given: null, mine: null };
// On a later visit the runtime's files (their names carry the runtime's version or their content's hash: the same
// name is the same bytes) are read from the service worker's cache here, not through the service worker: the wasm
// and the snapshot are not streamed through its process (WebKit held them there, raising a second visit's peak of
// memory). The page says which visit it is (Start's `cached`); a first visit never waits on the cache.
let later = false;
/** @type {Promise<void> | null} */
let failing = null;

/**
 * The start has come to `now`, said in `text`.
 * @param {number} now
 * @param {string} text
 */
function progress(now, text) {
  stage = now;
  self.postMessage({ type: "progress", value: STAGE_VALUES[now], text });
}

/** A download of `size` bytes (as sent) begins. @param {number} size */
function expect(size) {
  expected += size;
}

/**
 * Bytes of the downloads have come, `known` of them of one whose size is in `expected`; the bar moves, every
 * PROGRESS_MS at most.
 * @param {number} bytes
 * @param {number} known
 */
function arrived(bytes, known) {
  downloaded += bytes;
  counted += known;
  const at = performance.now();
  if (stage !== 0 || !expected || at - said < PROGRESS_MS) return;
  said = at;
  self.postMessage({ type: "progress", value: DOWNLOADED * Math.min(1, counted / expected) });
}

/** @param {Call} message */
function answer(message) {
  if (second) return void waiting.push(message); // after the request that waits for a later pack
  const { id, request } = message;
  let reply;
  try {
    reply = /** @type {(request: string) => string} */ (call)(request);
    if (reply.startsWith('{"ok":false,"more"')) {
      // the pack of the module named, or of the modules of the package named (`from . import name`) if one holds all
      const name = JSON.parse(reply).more;
      const packs = Object.keys(LATER)
        .filter((pack) => LATER[pack].some((module) => `${module}.`.startsWith(`${name}.`)));
      const [pack] = packs.length === 1 ? packs : [];
      if (pack && !unpacked.has(pack) && !message.again) return more(message, pack);
      throw new Error("a part of the rules could not be downloaded");
    }
  } catch (error) {
    const text = `internal error in the rules worker: ${error}`;
    reply = JSON.stringify({ ok: false, internal: true, error: { field: "", label: "", message: text, text } });
  }
  self.postMessage({ id, reply });
}

/**
 * The rules' later pack `pack` downloaded and unpacked where the first one's files are, then `message` asked again
 * and the requests that came meanwhile answered; a failed download is that request's failure (the next one tries
 * again).
 * @param {Call} message
 * @param {string} pack its file
 */
function more(message, pack) {
  waiting.unshift({ ...message, again: true });
  second = fetch(new URL(pack, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.arrayBuffer();
  }).then((packed) => {
    const pyodide = /** @type {import("./__PYODIDE__pyodide.mjs").PyodideInterface} */ (runtime);
    unpackRules(pyodide, packed, pyodide.runPython("import os, pyrules; os.path.dirname(os.path.dirname(pyrules.__file__))"));
    unpacked.add(pack);
  }).catch(() => {}).finally(() => {
    second = null;
    waiting.splice(0).forEach(answer);
  });
}

/** @param {MessagePort} port the runtime's code down it, or null when this worker has none it can send */
function share(port) {
  try {
    port.postMessage(code.mine);
  } catch {
    port.postMessage(null); // an engine that cannot send compiled code: the newer worker compiles its own
  } // the newer worker closes the channel once it has the message
}

/**
 * The code sent down `port`, or null (none sent in time, or none to send).
 * @param {MessagePort | null} port
 * @returns {Promise<WebAssembly.Module | null>}
 */
function codeFrom(port) {
  if (!port) return Promise.resolve(null);
  return new Promise((resolve) => {
    const late = setTimeout(() => {
      marks.codeNote = `not given within ${CODE_WAIT_MS} ms`;
      resolve(null);
    }, CODE_WAIT_MS);
    port.onmessage = ({ data }) => {
      clearTimeout(late);
      resolve(data instanceof WebAssembly.Module ? data : null);
    };
  }).finally(() => port.close());
}

/** @param {string} url @returns {Promise<Response | undefined>} */
async function cached(url) {
  try {
    const hit = later ? await caches.match(url) : undefined;
    if (hit) marks.cachedFiles = Number(marks.cachedFiles ?? 0) + 1; // said with "ready", as the tests read it
    return hit;
  } catch {
    return undefined;
  }
}

function fetchWheel() {
  return fetch(new URL(WHEEL, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`the rules package ${WHEEL} could not be loaded (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
}

async function bootFresh() {
  const wheel = fetchWheel(); // downloads while Pyodide starts
  const pyodide = await loadPyodide({ ...RUNTIME, fullStdLib: false });
  marks.pyodideReady = now();
  progress(1, "Preparing the book's rules…");
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  unpackRules(pyodide, await wheel, extractDir); // the wheel's files, as one gzipped pack (tools/package.py)
  return pyodide;
}

async function bootFromSnapshot() {
  marks.snapshot = false;
  const notTried = snapshotNotTried();
  if (notTried) {
    marks.snapshotNote = notTried;
    return null;
  }
  // The snapshot downloads while Pyodide fetches and compiles its runtime (loadPyodide awaits it only then). Its
  // refusal is loadPyodide's to handle, however early it comes: not an unhandled rejection (a failed start, below).
  const bytes = loadSnapshot({ cached, download, downloaded: () => downloaded, expect, arrived, marks });
  bytes.catch(() => {});
  const undo = patchMemoryWrite(bytes, marks);
  try {
    const pyodide = await loadPyodide({ ...RUNTIME, _loadSnapshot: bytes });
    marks.pyodideReady = now();
    marks.snapshot = true;
    // Pyodide keeps the options it was given, and with them the snapshot's memory, already copied into its own: the
    // buffer is handed over (to a copy dropped at once), so that it can be collected.
    bytes.then((array) => structuredClone(array.buffer, { transfer: [array.buffer] }));
    return pyodide;
  } catch (error) {
    const reason = message(error);
    marks.snapshotNote = reason.startsWith("too slow") ? reason : `load failed: ${reason}`;
    return null;
  } finally {
    undo();
  }
}

async function boot() {
  const start = await started;
  later = start.cached && "caches" in self;
  code.given = await codeFrom(start.code);
  progress(0, "Loading the rules…");
  const pyodide = (await bootFromSnapshot()) || (await bootFresh());
  progress(2, "Almost ready…");
  runtime = pyodide;
  call = pyodide.pyimport("pyrules.api").call;
  undoFetch(); // the runtime's downloads, kept for a second start: not needed any more
  undoInstantiate();
  const hello = JSON.parse(call('{"op": "hello"}'));
  marks.rulesReady = now();
  self.postMessage({ type: "ready", hello, timing: marks });
  waiting.splice(0).forEach(answer);
  // A cached snapshot that would not load is checked: a damaged one is replaced for the next start.
  if (later && String(marks.snapshotNote).startsWith("load failed")) damaged(SNAPSHOT);
}

/**
 * The runtime's files whose copies in the service worker's cache are not the ones built (HASHES): each dropped from
 * the cache and downloaded again, past the HTTP cache, which the service worker keeps (sw.js). Nothing else is
 * touched. Their names, and why one of them could not be had again ("" when all were).
 * @param {string} [only] one file's URL, or every runtime file
 */
async function damaged(only) {
  /** @type {Set<string>} */
  const dropped = new Set();
  for (const key of await caches.keys()) {
    const cache = await caches.open(key);
    for (const [url, hash] of HASHES) {
      const hit = only && url !== only ? undefined : await cache.match(url);
      if (hit && (await digest(hit)) !== hash && (await cache.delete(url))) dropped.add(url);
    }
  }
  let lost = "";
  for (const url of dropped) {
    try {
      const response = await download(url, { cache: "reload" });
      if ((await digest(response)) !== HASHES.get(url)) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      lost ||= message(error);
    }
  }
  return { dropped: [...dropped].map((url) => url.split("/").pop()), lost };
}

/** The first 9 bytes of a response's SHA-256, in base64 (as tools/site.py writes __HASHES__). @param {Response} response */
async function digest(response) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return btoa(String.fromCharCode(...bytes.subarray(0, 9)));
}

/**
 * The start's failure, said once; after a start from the cache, with the runtime's files found damaged there
 * (`dropped`, downloaded again unless `lost` says why not: the page then starts afresh).
 * @param {unknown} error
 */
function fail(error) {
  failing ??= (later ? damaged() : Promise.resolve({})).catch(() => ({})).then((healing) => {
    self.postMessage({ type: "failed", text: message(error), ...healing });
  });
}

self.onmessage = (event) => {
  if (event.data.start) begin(event.data.start);
  else if (event.data.share) share(event.data.share);
  else if (call) answer(event.data);
  else waiting.push(event.data);
};
// Pyodide may leave loadPyodide waiting forever when a download fails (the rejection goes unhandled): say it at once.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  if (!call) fail(event.reason);
});
const undoFetch = patchFetch({ base, skip: (url) => code.given !== null && url === WASM, cached, fail, expect, arrived });
const undoInstantiate = patchInstantiate(code, {
  wasm: WASM, marks, fail, compiled: () => self.postMessage({ type: "compiled" }),
});
boot().catch(fail);
