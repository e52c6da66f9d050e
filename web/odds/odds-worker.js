// The odds' worker's lifecycle (odds.js's panel asks through it): a second Pyodide, so that a long computation never
// delays a round. It starts only when the odds need more than the rules' own worker answers as a quick request (a
// fight whose exact odds are more work than pyrules.budget.QUICK_WORK, the same fights whatever the machine's load; a
// part left out of the quick answer, the best spend, the simulation offered or asked for, a story), and ends when the
// page has been hidden for a while; it starts again when the odds need it. A request it has not answered in time is
// abandoned: the worker is ended and a new one started, and the request answered as too large for exact odds (the
// panel offers the simulation instead). Whether it may start and the one running are the page's state (state.js:
// oddsAllowed), which the panel reads, and the worker running (running()).
import { language, t } from "../base/i18n.js";
import { Rules } from "../base/rules.js";
import { get, set } from "../base/state.js";

/** @typedef {import("../base/rules.js").Refusal} Refusal */
/** @typedef {import("../base/rules.js").Reply} Reply */

const PATIENCE_MS = 5000; // an odds request not answered by then is abandoned and its worker restarted
const HIDDEN_MS = 30_000; // the odds' worker ends once the page has been hidden this long with nothing asked
/** @type {((request: Record<string, unknown>) => Promise<Reply>) | null} */
let quick = null; // the rules' own worker: the cheap exact odds, a quick request's, while the odds' worker is not up
let workerUp = false; // the odds' worker has started and answers
/** @type {() => void} */
let allowing = () => {};
const started = new Promise((resolve) => { allowing = () => resolve(undefined); }); // resolved once allowed
/** @type {Rules | null} */
let worker = null; // started by the first request (ask)
/** @type {WeakMap<Rules, Promise<boolean>>} */
const usable = new WeakMap();
let asking = 0; // requests sent to the odds' worker and not answered yet
let hiddenTimer = 0;
/** @type {HTMLElement} the panel: its data-worker and data-code say the worker's state (the tests wait on them) */
let panel = document.body;
let failed = () => {}; // the worker could not start

/**
 * The rules are ready: while the odds' worker is not up, they answer the cheap exact odds themselves (a cold visit
 * has its first odds within a second of ready; a fight whose odds are all cheap never starts the odds' worker).
 * @param {(request: Record<string, unknown>) => Promise<Reply>} rules the rules' worker
 */
export function quickFrom(rules) {
  quick = rules;
}

/**
 * The rules are ready: the odds' worker may start (once the odds need it).
 * @param {HTMLElement} shown the panel, which says the worker's state
 * @param {() => void} broke said when a worker could not start
 */
export function allow(shown, broke) {
  [panel, failed] = [shown, broke];
  set("oddsAllowed", true);
  allowing();
  document.addEventListener("visibilitychange", visibility);
}

/** Whether an odds' worker runs (started, or starting). */
export const running = () => worker !== null;

/** The odds' worker started ahead of a request that will want it (once allowed). */
export function warm() {
  if (get("oddsAllowed") && !worker) launch();
}

/**
 * A request with the whole budget: from the odds' worker once it is up, before then from the rules' own worker.
 * @param {Record<string, unknown>} request
 * @returns {Promise<Reply>}
 */
export function askEither(request) {
  return !workerUp && quick ? quick(request) : ask(request);
}

// Hidden (another tab, the phone locked): after HIDDEN_MS the odds' worker ends, unless it is answering a request.
// Back in view: the panel's odds are asked again (so the worker starts again) if they were not all drawn.
function visibility() {
  clearTimeout(hiddenTimer);
  if (document.visibilityState === "hidden") hiddenTimer = setTimeout(stop, HIDDEN_MS);
}

function stop() {
  if (document.visibilityState !== "hidden" || !worker) return;
  if (asking) {
    hiddenTimer = setTimeout(stop, HIDDEN_MS);
    return;
  }
  worker.terminate(tooLarge()); // nothing is waiting on it: the reply is never used
  worker = null;
  workerUp = false;
  panel.dataset.worker = "ended";
}

function launch() {
  worker = new Rules(() => {}, "odds");
  workerUp = false;
  panel.dataset.worker = "starting";
  const launched = worker;
  const ready = worker.ready.then(({ timing }) => {
    if (worker === launched) panel.dataset.code = String(timing.code); // its runtime's code: shared, or compiled
    return true;
  }, () => false);
  ready.then((ok) => {
    if (worker !== launched) return; // ended, or replaced by a newer one
    workerUp = ok;
    panel.dataset.worker = ok ? "up" : "failed"; // said for whoever looks (the tests wait on it)
  });
  usable.set(worker, ready);
  ready.then((ok) => {
    if (!ok) failed();
  });
}

/** @returns {Refusal} */
export function tooLarge() {
  const text = t("This fight is too large for exact odds: use the simulation.");
  return { ok: false, too_large: true, error: { field: "", label: "", message: text, text } };
}

// One request to the odds worker, once it is ready. If it has not answered within `patience` ms, the worker is ended
// (whatever it is computing) and a new one started for the next request; this one, and any other still waiting on
// the old worker, are answered as too large for exact odds.
/**
 * @param {Record<string, unknown>} request
 * @returns {Promise<Reply>}
 */
export async function ask(request, patience = PATIENCE_MS) {
  asking++;
  try {
    return await answer(request, patience);
  } finally {
    asking--;
  }
}

/**
 * @param {Record<string, unknown>} request
 * @param {number} patience
 * @returns {Promise<Reply>}
 */
async function answer(request, patience) {
  await started; // not before the rules are ready
  if (!worker) launch();
  /** @type {Rules | null} */
  let current = null;
  while (current !== worker) { // the newest worker, once it has started (its start-up is not counted)
    current = worker;
    if (!current || !(await usable.get(current))) {
      const text = t("The odds could not start in this browser.");
      return { ok: false, error: { field: "", label: "", message: text, text } };
    }
  }
  const asked = /** @type {Rules} */ (current);
  asked.lang = language();
  const timer = setTimeout(() => {
    if (worker !== asked) return;
    asked.terminate(tooLarge());
    launch(); // the one that timed out is not up any more: the quick answers come back until the new one is
  }, patience);
  const reply = await asked.call(request);
  clearTimeout(timer);
  return reply;
}

/**
 * While the odds' worker is not up: the rules' own worker's answer to a quick request (the odds, or why there are none);
 * null when the odds are more work than a quick request allows, or once the odds' worker is up.
 * @param {Record<string, unknown>} request
 * @returns {Promise<Reply | null>}
 */
export async function quickly(request) {
  if (workerUp || !quick) return null;
  const reply = await quick({ ...request, quick: true });
  return reply.ok || !reply.too_large ? reply : null;
}
