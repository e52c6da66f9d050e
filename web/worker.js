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
//
// Every worker starts from the start-up snapshot build.py made (Pyodide's memory with the rules imported, made by
// tools/snapshot.mjs; its zero pages left out, then gzipped), which skips Python's own start and the rules' imports.
// Its name carries the runtime's version and the hashes of the runtime and the rules, so a new deployment never
// meets an old snapshot; the service worker keeps it for offline use and later visits. It is several MB the ordinary
// start does not download, so a first visit gives it up when it would arrive late (SNAPSHOT_BUDGET_MS: judged on the
// network's first bytes, see snapshotBytes) or when the browser asks to save data, and boots the ordinary way, the
// runtime's files downloaded once for both. Never
// silently: the timing marks sent with "ready" say whether the snapshot was used (`snapshot`) and, when not, why
// (`snapshotNote`: "unavailable: …", "skipped: …", "too slow: …", "load failed: …").
// The runtime's path names its version (build.py): a new Pyodide is a new URL, never a cached old file. Of the runtime's
// standard library, only what the rules use comes (build.py's used_stdlib, its hash in its name), and of its lock
// file, the `info` Pyodide checks (no package is ever loaded): both starts mount that zip, and the snapshot was made
// with it.
import { loadPyodide } from "./__PYODIDE__pyodide.mjs";
import { PAGE, unpacker, unpackRules, writePages } from "./pages.js";

const WHEEL = "__WHEEL__";
const SNAPSHOT = new URL("__SNAPSHOT__", import.meta.url).href;
const SNAPSHOT_BYTES = Number("__SNAPSHOT_BYTES__"); // as downloaded (gzipped)
const SNAPSHOT_SIZE = Number("__SNAPSHOT_SIZE__"); // the memory it holds (build.py's memory_size)
const INFLATE_SLICE = 65536;
const STDLIB = new URL("__STDLIB__", import.meta.url).href;
const LOCK = "__LOCK__";
// The runtime's files this worker reads, as built (build.py): each one's URL and the first 9 bytes of its SHA-256, in
// base64. A start from the cache that fails has the cached copies checked against them (damaged, below).
const HASHES = new Map(Object.entries(__HASHES__).map(([path, hash]) => [new URL(path, import.meta.url).href, hash]));
// The snapshot saves about 2-4 s of start (bench): one that would end later than SNAPSHOT_BUDGET_MS after its request,
// the rest of it coming at the rate the runtime's files and it are coming together, costs more than it saves: the
// ordinary start instead. The rate is judged over the SNAPSHOT_JUDGED_MS after the snapshot's first bytes (so a long
// round trip is not taken for a slow network), measured afresh after the worker was too busy to read them for
// JUDGE_MS twice over (its bytes had come, unread: not a slow network); none come by the budget, given up.
const SNAPSHOT_BUDGET_MS = 3000;
const SNAPSHOT_JUDGED_MS = 150;
const JUDGE_MS = 50;
let downloaded = 0; // bytes of the runtime's files and of the snapshot come so far, as sent (the network's rate)
// A host that compresses in transit (docs/hosting.md) sends a runtime file encoded: its Content-Length is the bytes
// sent, its body the bytes decoded, about ENCODED times as many (pyodide.asm.wasm gzipped: 9.6 MB sent as 3.5 MB).
const ENCODED = 3;
// The start-up bar: its downloads take it to DOWNLOADED as their bytes come, against their sizes as sent (the
// snapshot's, built in; a runtime file's Content-Length once its answer begins, an encoded one's bytes counted as
// ENCODED of them one sent, its end all of it); the stages after them, to their own values. Said at most every
// PROGRESS_MS.
const STAGE_VALUES = [0, 0.9, 0.95];
const DOWNLOADED = STAGE_VALUES[1];
const PROGRESS_MS = 100;
let counted = 0; // bytes of the downloads of known size come so far
let expected = 0; // the sizes of those downloads
let stage = 0;
let said = 0; // when the bar was last said to move
const base = new URL("./__PYODIDE__", import.meta.url).href;
const RUNTIME = { indexURL: base, packageBaseUrl: base, stdLibURL: STDLIB, lockFileContents: LOCK };
/** @type {((request: string) => string) | null} pyrules.api.call, once imported */
let call = null;
/** @typedef {{id: number, request: string}} Call */
/** @type {Call[]} */
const waiting = [];
/** @type {Record<string, number | boolean | string>} */
const marks = { workerStart: performance.timeOrigin + performance.now() };
const now = () => performance.timeOrigin + performance.now();

/**
 * The start has come to `now`, said in `text`.
 * @param {number} now
 * @param {string} text
 */
function progress(now, text) {
  stage = now;
  self.postMessage({ type: "progress", value: STAGE_VALUES[now], text });
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

/**
 * How to start, from the page: `cached`, a later visit (its service worker controls the page: the runtime's files are
 * read from its cache, below); `code`, a port down which the worker that compiled the runtime's code sends it (a
 * WebAssembly.Module: the engines share it between workers, so this one neither downloads nor compiles the 9.6 MB of
 * wasm again, nor holds a second copy of its machine code), or null: this worker compiles it.
 * @typedef {{cached: boolean, code: MessagePort | null}} Start
 */
/** @type {(start: Start) => void} */
let begin = () => {};
/** @type {Promise<Start>} */
const started = new Promise((resolve) => { begin = resolve; });
/** @type {WebAssembly.Module | null} the runtime's code, compiled here: sent to newer workers */
let mine = null;
self.onmessage = (event) => {
  if (event.data.start) begin(event.data.start);
  else if (event.data.share) share(event.data.share);
  else if (call) answer(event.data);
  else waiting.push(event.data);
};
/** @param {MessagePort} port the runtime's code down it, or null when this worker has none it can send */
function share(port) {
  try {
    port.postMessage(mine);
  } catch {
    port.postMessage(null); // an engine that cannot send compiled code: the newer worker compiles its own
  } // the newer worker closes the channel once it has the message
}
// The compiler is answering a request, at most a request's budget: past this, the code is compiled here instead.
const CODE_WAIT_MS = 1000;
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
  unpackRules(pyodide, await wheel, extractDir); // the wheel's files, as one gzipped pack (build.py)
  return pyodide;
}

/** Why this worker does not try the snapshot, or "" when it does. */
function snapshotNotTried() {
  if (!("DecompressionStream" in self)) return "unavailable: no DecompressionStream";
  const connection = /** @type {{saveData?: boolean} | undefined} */ (/** @type {any} */ (navigator).connection);
  if (connection?.saveData) return "skipped: the browser asks to save data";
  return "";
}

/**
 * The snapshot's bytes, inflated; rejects (the reason becomes the note) when the download fails or comes too slowly
 * to be worth it (SNAPSHOT_BUDGET_MS).
 */
async function snapshotBytes() {
  const asked = performance.now();
  const abort = new AbortController();
  let received = 0;
  let first = 0; // when its first bytes came
  let before = 0; // the bytes come by then
  let slow = "";
  let judged = asked;
  const judge = () => {
    const at = performance.now();
    if (first && at - judged > 2 * JUDGE_MS) [first, before] = [at, downloaded];
    judged = at;
    const spent = at - asked;
    const rate = (downloaded - before) / (at - first); // bytes a ms since then, every download of the start together
    const early = !first || at - first < SNAPSHOT_JUDGED_MS;
    if (received >= SNAPSHOT_BYTES || (early && spent < SNAPSHOT_BUDGET_MS)) return;
    if (first && spent + (SNAPSHOT_BYTES - received) / rate <= SNAPSHOT_BUDGET_MS) return;
    slow = `too slow: ${received} of ${SNAPSHOT_BYTES} bytes in ${Math.round(spent)} ms`;
    abort.abort(new Error(slow));
  };
  const judging = setInterval(judge, JUDGE_MS);
  expected += SNAPSHOT_BYTES;
  try {
    // Not through the watched fetch below: a snapshot that cannot be had is no failed start.
    const response = (await cached(SNAPSHOT)) ?? (await download(SNAPSHOT, { signal: abort.signal }));
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        if (!first) [first, before] = [performance.now(), downloaded];
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
    const bytes = await inflate(counted);
    marks.snapshotRead = now();
    marks.snapshotBytes = received;
    return bytes;
  } catch (error) {
    expected -= SNAPSHOT_BYTES - received; // given up: the bar no longer waits for the rest of it
    throw slow ? new Error(slow) : error;
  } finally {
    clearInterval(judging);
  }
}

/**
 * The gzipped stream inflated and unpacked (pages.js) into one array of the memory's known size, as it comes: only
 * the pages it holds are written, and no list of chunks is kept. Another size, or a stream cut short, is refused.
 * @param {ReadableStream} gzipped
 */
async function inflate(gzipped) {
  const unpacking = unpacker(SNAPSHOT_SIZE);
  const reader = gzipped.pipeThrough(new DecompressionStream("gzip")).getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) unpacking.write(part.value);
  const { memory, given, pages } = unpacking.end();
  marks.snapshotPages = `${given} of ${pages}`;
  return memory;
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
  const bytes = snapshotBytes();
  bytes.catch(() => {});
  // Pyodide restores Python's memory with `HEAP8.set(snapshot)`, its one write of an Int8Array from the snapshot's
  // buffer: done here page by page instead, so that the snapshot's zero pages stay the system's (pages.js).
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
  try {
    const pyodide = await loadPyodide({ ...RUNTIME, _loadSnapshot: bytes });
    marks.pyodideReady = now();
    marks.snapshot = true;
    // Pyodide keeps the options it was given, and with them the snapshot's 31.5 MB, already copied into its memory:
    // the buffer is handed over (to a copy dropped at once), so that it can be collected.
    bytes.then((array) => structuredClone(array.buffer, { transfer: [array.buffer] }));
    return pyodide;
  } catch (error) {
    const reason = message(error);
    marks.snapshotNote = reason.startsWith("too slow") ? reason : `load failed: ${reason}`;
    return null;
  } finally {
    Int8Array.prototype.set = plainSet;
  }
}

async function boot() {
  const start = await started;
  later = start.cached && "caches" in self;
  given = await codeFrom(start.code);
  progress(0, "Loading the rules…");
  const pyodide = (await bootFromSnapshot()) || (await bootFresh());
  progress(2, "Almost ready…");
  call = pyodide.pyimport("pyrules.api").call;
  shared.clear(); // the runtime's downloads, kept for a second start: not needed any more
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

/** The first 9 bytes of a response's SHA-256, in base64 (as build.py writes HASHES). @param {Response} response */
async function digest(response) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return btoa(String.fromCharCode(...bytes.subarray(0, 9)));
}

/** @param {unknown} error */
const message = (error) => String(/** @type {any} */ (error)?.message || error);
/** @type {Promise<void> | null} */
let failing = null;
/**
 * The start's failure, said once; after a start from the cache, with the runtime's files found damaged there
 * (`dropped`, downloaded again unless `lost` says why not: the page then starts afresh).
 * @param {unknown} error
 */
const fail = (error) => {
  failing ??= (later ? damaged() : Promise.resolve({})).catch(() => ({})).then((healing) => {
    self.postMessage({ type: "failed", text: message(error), ...healing });
  });
};
// Pyodide may leave loadPyodide waiting forever when a download fails (the rejection goes unhandled): say it at once.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  if (!call) fail(event.reason);
});
// A runtime file that cannot be downloaded ends the start at once, in every engine: Pyodide's own fall-back after a
// failed download can leave it waiting with no error at all (seen in WebKit). Pyodide fetches through this global.
const download = self.fetch.bind(self);
/** @param {RequestInfo | URL} input @param {RequestInit} [init] */
async function watched(input, init) {
  const name = String(input instanceof Request ? input.url : input).split("/").pop();
  try {
    const response = await download(input, init);
    if (!response.ok && !call) fail(`${name} could not be downloaded (HTTP ${response.status})`);
    return response;
  } catch (error) {
    if (!call) fail(`${name} could not be downloaded (${message(error)})`);
    throw error;
  }
}
// On a later visit the runtime's files (their names carry the runtime's version or their content's hash: the same
// name is the same bytes) are read from the service worker's cache here, not through the service worker: the wasm
// and the snapshot are not streamed through its process (WebKit held them there: a second visit's peak about 50 MB
// higher). The page says which visit it is (Start's `cached`); a first visit never waits on the cache.
let later = false;
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
// The runtime's files are downloaded once per worker: a start from the snapshot given up hands them to the ordinary
// start after it (each gets a copy of the one response). Forgotten once the rules are ready.
/** @type {Map<string, Promise<Response>>} */
const shared = new Map();
self.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (call || !url.startsWith(base)) return watched(input, init);
  if (given && url === WASM) return new Response(null); // not read: the code given is instantiated instead
  let response = shared.get(url);
  if (!response) {
    response = cached(url).then((hit) => hit ?? watched(input, init)).then((whole) => {
      count(whole.clone()).catch(() => {}); // a failed download is said by `watched`
      return whole;
    });
    shared.set(url, response);
  }
  return (await response).clone(); // a copy of the browser's own response: its compiled code may still be cached
};

/**
 * Reads a copy of a response as it comes, adding its bytes as sent to `downloaded` (and to the bar's, its size known).
 * @param {Response} copy
 */
async function count(copy) {
  const size = Number(copy.headers.get("Content-Length")) || 0;
  const scale = copy.headers.get("Content-Encoding") ? 1 / ENCODED : 1;
  expected += size;
  let left = size;
  const reader = copy.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    const sent = part.value.byteLength * scale;
    const known = Math.min(left, sent);
    left -= known;
    arrived(sent, known);
  }
  arrived(0, left); // an encoded file's bytes its estimate left out
}

// The runtime's compiled code. Pyodide instantiates its wasm with instantiateStreaming (in a browser, always): given
// code is instantiated instead (should that fail, the wasm is downloaded and compiled as usual); code compiled here is
// kept, for newer workers.
const WASM = `${base}pyodide.asm.wasm`;
/** @type {WebAssembly.Module | null} */
let given = null;
const { instantiate, instantiateStreaming } = WebAssembly;
/**
 * @param {WebAssembly.Imports | undefined} imports
 * @returns {Promise<WebAssembly.WebAssemblyInstantiatedSource | null>}
 */
async function fromGiven(imports) {
  if (!given) return null;
  try {
    const instance = await instantiate(given, imports);
    marks.code = "shared";
    return { instance, module: given };
  } catch (error) {
    marks.codeNote = `not used: ${message(error)}`;
    given = null;
    return null;
  }
}
/**
 * @param {Response | PromiseLike<Response>} source
 * @param {WebAssembly.Imports} [imports]
 */
WebAssembly.instantiateStreaming = async (source, imports) => {
  const placeholder = given !== null; // self.fetch gave an empty response for the wasm
  const shared = await fromGiven(imports);
  if (shared) return shared;
  let made;
  try {
    made = await instantiateStreaming(placeholder ? fetch(WASM) : source, imports);
  } catch (error) { // Pyodide would only warn, and wait forever: the start has failed
    fail(`pyodide.asm.wasm could not be compiled (${message(error)})`);
    throw error;
  }
  marks.code = "compiled";
  mine = made.module;
  self.postMessage({ type: "compiled" });
  return made;
};

boot().catch(fail);
