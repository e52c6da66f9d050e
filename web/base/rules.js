// The page's side of the one boundary: every call to the rules is a JSON request to a worker (Pyodide), answered as
// data. The rules' worker starts as the page begins (boot.js), from the start-up snapshot tools/snapshot.py made (worker.js);
// the service worker makes the app work offline and offers updates.
import { $, tell } from "./dom.js";
import { language, rulesWords, t } from "./i18n.js";

// ---- the shapes of the rules' replies (pyrules/api.py); each screen module types its own system's views ----------

/**
 * A refusal naming its field; a form's, every faulty field's (`errors`, the first of them the refusal's own).
 * @typedef {{field: string, label: string, message: string, text: string, errors?: RuleError[]}} RuleError
 */
/** @typedef {{ok: false, error: RuleError, too_large?: boolean, internal?: boolean}} Refusal */
/**
 * The reply to a request: the op's fields (T), or a refusal that names the field.
 * @template [T=Record<string, any>]
 * @typedef {({ok: true} & T) | Refusal} Reply
 */
/** @typedef {{do: string} & Record<string, unknown>} Action */
/**
 * A fight record (format `pyrules-fight`): each system reads its own hero, enemies and rules.
 * @typedef {{format: string, version: number, system: string, hero: any, enemies: any[], rules?: Record<string, unknown>,
 *   seed?: number, tables?: object, actions: Action[]}} FightRecord
 */
/**
 * What the saved-fights list shows of a fight.
 * @typedef {{system: string, book: string, hero: string, enemies: string[], outcome: string, rounds: number,
 *   stats?: [string, string | number][]}} Summary
 */
/** @typedef {{outcome: string} & Record<string, any>} View the fight's state as the screen draws it */
/** @typedef {{kind: string} & Record<string, any>} FightEvent what one action did (a log entry) */
/**
 * A fight the rules opened; `terms`: the key to its numbers ([term in the book's words, meaning]); `preview`: a
 * link's, where the rules compared it on opening ("same", "differs": pyrules.preview.compared).
 * @typedef {{session: number, record: FightRecord, view: View, why: Record<string, string>, summary: Summary,
 *   log: FightEvent[], log_from?: number, terms?: string[][], preview?: string}} Opened  log: the fight's last
 *   events, from log_from on
 */
/** @typedef {{action: Action, view: View, why: Record<string, string>, summary: Summary, event: FightEvent}} Acted */
/** @typedef {{view: View, why: Record<string, string>, summary: Summary}} Undone */
/**
 * What a system says of itself (its `describe()`, in one language): the screen module of its kind reads the rest.
 * @typedef {{kind: string, book: string, hero: string, labels: Record<string, string>,
 *   enemy_labels: Record<string, string>} & Record<string, any>} System
 */
/**
 * @typedef {{systems: Record<string, System>,
 *   measures: Record<string, {name: string, before: string, now: string}>}} Words measures: what the
 *   story's numbers are, by kind (pyrules.odds.measure_words), in English: said through the rules' catalog
 */

/** @typedef {{type: string, value: number, text?: string}} Progress value from 0 to 1; text: a stage's words */

/**
 * How long a starting worker may say nothing (no progress, no ready) before the page says so and offers to try
 * again, in ms: a download that never answers must not leave the page waiting forever. The worker goes on meanwhile
 * (a slow connection may still bring Pyodide, and then the page starts as usual). A test may shorten it by setting
 * `window.pyrulesBootTimeout` (ms) before the page's scripts run.
 */
export const BOOT_SILENCE = 60_000;

/**
 * The worker that compiled the runtime's code (a WebAssembly.Module) and keeps it: every later worker (the odds', a
 * fresh start after a failed one) is given it, worker to worker over a channel of their own, and instantiates it
 * instead of downloading and compiling the wasm again; the engine keeps one copy of its machine code for all of
 * them. The code never passes through the page, whose memory outlives its workers when it is left (a later visit's
 * page would start beside it).
 * @type {Worker | null}
 */
let compiler = null;

/** @param {Worker} worker ended at once; if it kept the compiled code, the next worker compiles, and keeps, its own */
function end(worker) {
  worker.terminate();
  if (compiler === worker) compiler = null;
  settled(worker);
}

/**
 * The workers whose start has not ended yet (ready, failed or ended). How many, and when the last start ended (ms, the
 * page's clock), are said on <body> for whoever looks (data-starting, data-settled): WebKitGTK's page process can abort
 * when a page is left just after a worker's start (docs/design.md, "A WebKitGTK crash"), so the cross-engine tests
 * reload only once no start is near; a start can come at any time (the odds' worker, when the odds first need it).
 * @type {Set<Worker>}
 */
const starts = new Set();

/** @param {Worker} worker whose start has ended */
function settled(worker) {
  if (!starts.delete(worker)) return;
  document.body.dataset.starting = String(starts.size);
  document.body.dataset.settled = String(Math.round(performance.now()));
}

/**
 * A channel from the compiler to a new worker: the compiler sends its code down it (once the request it may be
 * computing is done), and the new worker waits for it a while before it compiles its own (worker.js). Null when no
 * worker has compiled the code yet.
 */
function codeChannel() {
  if (!compiler) return null;
  const channel = new MessageChannel();
  compiler.postMessage({ share: channel.port1 }, [channel.port1]);
  return channel.port2;
}

/** The worker's script (or a module it imports) did not load: an error event with no message. */
class LoadFailure extends Error {}

export class Rules {
  /**
   * `name` names the worker in the browser's tools: "rules", or "odds" for the odds panel's own.
   * `early`: the worker boot.js started as the page began, with the messages it sent since.
   * @param {(progress: Progress) => void} onProgress
   * @param {string} [name]
   * @param {{worker: Worker, queue: Event[], created: number} | null} [early]
   */
  constructor(onProgress, name = "rules", early = null) {
    /** @type {Map<number, (reply: any) => void>} */
    this.pending = new Map();
    this.nextId = 1;
    this.lang = "en";
    /** @type {Set<string>} the languages whose rules' texts this worker has been given */
    this.given = new Set(["en"]);
    /** @type {((seconds: number) => void) | null} called when the starting worker has said nothing for a while */
    this.silent = null;
    this.worker = early ? early.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
    starts.add(this.worker);
    document.body.dataset.starting = String(starts.size);
    if (!early) { // how to start (worker.js's Start): a later visit, and where the runtime's compiled code comes from
      const code = codeChannel();
      this.worker.postMessage({ start: { cached: Boolean(navigator.serviceWorker?.controller), code } },
                              code ? [code] : []);
    }
    const silence = window.pyrulesBootTimeout ?? BOOT_SILENCE;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let watchdog;
    let starting = true; // the watchdog is for the start only: replies to calls come when they come
    /** @type {Promise<{timing: Record<string, any>}>} */
    this.ready = new Promise((resolve, reject) => {
      const watch = () => {
        clearTimeout(watchdog);
        if (starting) watchdog = setTimeout(() => this.silent?.(Math.round(silence / 1000)), silence);
      };
      watch();
      this.worker.onmessage = ({ data }) => {
        watch();
        if (data.id !== undefined) {
          const resolveCall = this.pending.get(data.id);
          this.pending.delete(data.id);
          resolveCall?.(JSON.parse(data.reply));
        } else if (data.type === "compiled") {
          compiler ??= this.worker;
        } else if (data.type === "progress") {
          onProgress(data);
        } else if (data.type === "ready") {
          resolve(data);
        } else if (data.type === "failed") {
          // `dropped`: the runtime files the worker found damaged in the cache, downloaded again unless `lost`
          reject(Object.assign(new Error(data.text), { dropped: data.dropped, lost: data.lost }));
        }
      };
      this.worker.onerror = (event) => {
        event.preventDefault(); // said in the start-up alert, not thrown again on the page
        reject(event.message ? new Error(event.message) : new LoadFailure("the rules worker could not start"));
      };
      for (const event of early ? early.queue.splice(0) : []) {
        if (event instanceof MessageEvent) this.worker.onmessage?.(event);
        else this.worker.onerror?.(/** @type {ErrorEvent} */ (event));
      }
    });
    this.ready.finally(() => {
      starting = false;
      clearTimeout(watchdog);
      settled(this.worker);
    }).catch(() => {});
  }

  /**
   * Ends the worker at once, whatever it is computing; every call still waiting is answered with `reply`.
   * @param {Refusal} reply
   */
  terminate(reply) {
    end(this.worker);
    for (const resolveCall of this.pending.values()) resolveCall(reply);
    this.pending.clear();
  }

  /**
   * Resolves with the reply: {ok: true, ...} or {ok: false, error: {field, label, message, text}}, in this.lang.
   * @template [T=Record<string, any>]
   * @param {Record<string, unknown>} request
   * @returns {Promise<Reply<T>>}
   */
  call(request) {
    const words = this.given.has(this.lang) ? undefined : rulesWords(this.lang);
    if (words) { // the rules' texts in this language, before its first request in it (the messages are in order)
      this.given.add(this.lang);
      const request = JSON.stringify({ op: "words", language: this.lang, catalog: words });
      this.worker.postMessage({ id: this.nextId++, request }); // its answer is not waited for
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, request: JSON.stringify({ ...request, lang: this.lang }) });
    });
  }
}

// ---- start-up ----------------------------------------------------------------------------------------------------

/**
 * Starts the rules one frame after the shell's first paint, so that Pyodide does not compete with it for the CPU.
 * `ready` gets the rules once they answer.
 * A start that fails (or goes silent, BOOT_SILENCE) says why and offers "Try again": a fresh worker, nothing stored
 * touched; `ready` runs once, for the start that succeeds. A start that failed on runtime files damaged in the cache,
 * which its worker downloaded again, is followed at once by a fresh one, and the player is told.
 * @param {(rules: Rules) => Promise<void>} ready
 */
export function start(ready) {
  const early = window.pyrulesBoot ?? null; // boot.js has started the worker: take it over now
  $("#startup-retry").addEventListener("click", () => {
    if (starting) end(starting.worker); // a start that went silent: a fresh worker instead
    boot(null, ready);
  });
  if (early) return boot(early, ready);
  // boot.js (an async module) may run after this bundle: one frame after the paint, its worker if it has started
  // one by then; if not, a worker of our own, and boot.js, told so, starts none (never two Pyodides booting)
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
    const late = window.pyrulesBoot ?? null;
    if (!late) window.pyrulesBootTaken = true;
    boot(late, ready);
  }, 0)));
}

/** @type {Rules | null} the rules' worker being started, until it is ready */
let starting = null;

const RETRY_MS = 500; // a worker whose script did not load is started once more, after this pause, before the alert

/**
 * @param {{worker: Worker, queue: Event[], created: number} | null} early
 * @param {(rules: Rules) => Promise<void>} ready
 * @param {boolean} [again] this is the start made once more after a worker that did not load
 * @param {string} [healed] the runtime files this start has afresh, found damaged in the cache (their names)
 */
function boot(early, ready, again = false, healed = "") {
  const workerCreated = early ? early.created : performance.timeOrigin + performance.now();
  /** @type {HTMLProgressElement} */
  const progress = $("#startup-progress");
  const status = $("#startup-text");
  $("#startup-failed").hidden = true;
  $("#startup").hidden = false;
  progress.max = 1;
  progress.value = 0;
  status.textContent = t(status.dataset.i18nKey ?? "Loading the rules…");
  const client = new Rules(({ value, text }) => {
    progress.value = Math.max(progress.value, value); // a download's size learnt late never moves it back
    if (text) status.textContent = t(text);
  }, "rules", early);
  client.lang = language();
  starting = client;
  /** @param {string} text */
  const failed = (text) => {
    $("#startup").hidden = true; // the alert below says it all
    $("#startup-error").textContent = text;
    $("#startup-failed").hidden = false;
  };
  client.silent = (n) => failed(
    t("The rules could not start: no word from them in {n} {n|second|seconds}. Check the connection and try again.", { n }));
  client.ready.then(async ({ timing }) => {
    if (starting !== client) return; // a start given up for a fresh one
    starting = null;
    $("#startup-failed").hidden = true; // a slow start that was said to be silent: it came after all
    $("#startup").hidden = false;
    window.pyrulesTiming = { ...window.pyrulesTiming, ...timing, workerCreated, readyOnPage: performance.timeOrigin + performance.now() };
    $("#startup").classList.add("ready");
    progress.value = 1;
    status.dataset.i18nKey = "Rules loaded: ready to fight.";
    status.setAttribute("data-i18n", "");
    status.textContent = t(status.dataset.i18nKey);
    await ready(client);
    if (healed) {
      tell(t("A damaged copy of {files} in this browser's storage was replaced by a fresh download. Nothing you saved was touched.",
             { files: healed }));
    }
    document.body.dataset.ready = "true";
    registerServiceWorker();
  }, (error) => {
    end(client.worker);
    if (starting !== client) return;
    // A worker whose script did not load is started once more before the alert: WebKit, offline, has been seen to
    // fail one load of worker.js from the service worker's cache just after a reload, and to load it the next time.
    if (!again && error instanceof LoadFailure) {
      setTimeout(() => { if (starting === client) boot(null, ready, true, healed); }, RETRY_MS);
      return;
    }
    // Runtime files damaged in the cache, replaced by the worker: a fresh start, once.
    const files = healed ? "" : error.dropped?.join(", ");
    if (files && !error.lost) return boot(null, ready, again, files);
    failed(files
      ? t("The rules could not start: a damaged copy of {files} was removed from this browser's storage and could not be downloaded again ({error}). Check the connection and try again. Nothing you saved was touched.",
          { files, error: error.lost })
      : t("The rules could not start: {error}. Check the connection and try again.", { error: error.message }));
  });
}

// ---- offline and updates -----------------------------------------------------------------------------------------

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let updating = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updating) location.reload(); // only when the player asked: a fight is never interrupted
  });
  navigator.serviceWorker.register("sw.js").then((registration) => {
    if (!registration) return; // a browser (or a test) that blocks service workers
    /** @param {ServiceWorker} worker */
    const offer = (worker) => {
      $("#update-banner").hidden = false;
      $("#update-now").onclick = () => {
        updating = true;
        worker.postMessage({ type: "skip-waiting" });
      };
    };
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        // An update is a worker installed beside another one still active. Not the first install: WebKit has been
        // seen to say "installed" after that worker took control, and a first visit then offered an update (a
        // banner that moved the page under the player's finger).
        const active = registration.active;
        if (worker.state === "installed" && navigator.serviceWorker.controller && active && active !== worker) {
          offer(worker);
        }
      });
    });
    window.pyrulesServiceWorker = registration;
  }, (error) => tell(t("Offline use is not available: {error}", { error: error.message })));
}
