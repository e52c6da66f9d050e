// The odds panel: exact chances computed by the rules (pyrules.odds) in a second worker (odds-worker.js, its
// lifecycle), so that a long computation never delays a round; the rules' own worker answers the cheap ones until it
// is up. A request not answered in time, and any fight the rules refuse as too large for them, are offered the
// simulation instead; a system without exact odds (its capabilities, from the rules, say so) has only the
// simulation: a Monte Carlo run in steps of a quarter second. Its charts are charts.js's.
import { bars, curve } from "./charts.js";
import { $, element, h } from "../base/dom.js";
import { capital, language, percentText, systemsWords, t } from "../base/i18n.js";
import { get } from "../base/state.js";
import { allow, ask, askEither, quickly, tooLarge, warm } from "./odds-worker.js";

export { quickFrom } from "./odds-worker.js";

/** @typedef {import("../base/rules.js").FightRecord} FightRecord */
/** @typedef {import("../base/rules.js").Refusal} Refusal */
/** @typedef {import("../base/rules.js").Reply} Reply */

const $panel = $("#odds"), $toggle = $("#odds-toggle"), $status = $("#odds-status"), $numbers = $("#odds-numbers"),
  $chart = $("#odds-chart"), $advice = $("#odds-advice"), $spends = $("#odds-spends"), $curve = $("#odds-curve"),
  $bestBox = $("#odds-best-box"), $spendsCaption = $("#odds-spends .caption"),
  $best = /** @type {HTMLButtonElement} */ ($("#odds-best")), $policy = $("#odds-policy"),
  $spendNow = /** @type {HTMLButtonElement} */ ($("#odds-spend-now")), $frontier = $("#odds-frontier"),
  $sim = $("#odds-sim"),
  $simRun = /** @type {HTMLButtonElement} */ ($("#odds-sim-run")), $simCancel = $("#odds-sim-cancel"),
  $simProgress = /** @type {HTMLProgressElement} */ ($("#odds-sim-progress")), $simResult = $("#odds-sim-result");
const SIM_FIGHTS = 1000;
const SIM_STEP_MS = 250; // each step plays fights for about this long (and ends the one in progress): Cancel is quick
// Grey Star's best spend and its trade-off points: a request is answered within the rules' budget once it runs
// (pyrules.budget, 3 s), but it may wait behind the panel's odds.
const BEST_SPEND_PATIENCE_MS = 10_000;
let busy = false; // the panel's odds are being computed
let dirty = false; // a newer fight arrived meanwhile
/** @type {FightRecord | null} */
let record = null; // the fight the panel shows: a record (from the form, or the open fight's)
let form = false;
let spend = 1;
/** @type {Record<string, string>} */
let spendWords = {}; // the words of the spend table, the best spend and its trade-off, from the rules' last odds
let exact = true; // its kind of system has exact odds
let stat = ""; // the hero's statistic the chart is about, in the book's words (the system's main_stat's label)
/** @type {string[]} */
let missing = []; // the set-up's required fields left empty (their labels)
/** @type {((n: number, asked?: boolean) => void) | null} */
let spendNow = null; // fills the fight's spend field (Grey Star's WILLPOWER)
let fightKey = ""; // the fight's state the panel shows (its record as JSON)
let adviceKey = ""; // the state and worth the best-spend advice was computed for ("" : none shown)
let advising = ""; // the state and worth the advice is being computed for
/** @type {number | null} */
let adviceSpend = null; // the spend advised now (null: none)
let simulation = 0; // the running simulation's token; 0: none
const CANCELLED = -1; // the player pressed Cancel
let cancel = () => {}; // ends the running simulation's wait

/**
 * A choice the odds take from the player, as a system declares it (pyrules.contract.OddsOption): drawn as radio buttons.
 * @typedef {{name: string, legend: string, default: number, choices: {value: number, label: string, hint?: string}[],
 *   trade_off?: {label: string, points: number[]}}} OddsOption
 */
/** @returns {Record<string, {odds_options?: OddsOption[]}>} every system's description, in the page's language */
const described = () => /** @type {any} */ (systemsWords(language())
  ?? JSON.parse($("#systems-data").textContent ?? "{}").en).systems;
/** @type {Map<string, HTMLFieldSetElement>} each option's radio buttons, by its name (a worth part, or "lambda") */
const choices = new Map();
for (const option of Object.values(described()).flatMap((system) => system.odds_options ?? [])) {
  if (choices.has(option.name)) continue;
  const field = option.name === "lambda" ? "keep" : option.name; // the worth of a point kept: the best spend's λ
  const box = h("fieldset", { id: `odds-${field}`, className: "odds-keep", hidden: option.name !== "lambda" },
    h("legend"), ...option.choices.flatMap((choice) => [" ", h("label", {}, // spaced as words are
      h("input", { type: "radio", name: `odds-${field}`, value: String(choice.value),
                   defaultChecked: choice.value === option.default }), " ", h("span"))]));
  choices.set(option.name, box);
}
const keepBox = choices.get("lambda");
/** The worth parts the player chooses (each but λ), with their boxes: under the advice. */
const worthBoxes = [...choices].filter(([name]) => name !== "lambda");
$advice.after(...worthBoxes.map(([, box]) => box));
if (keepBox) $bestBox.prepend(keepBox, h("p", { id: "odds-keep-meaning", className: "hint" })); // with the spends
/** @type {number[]} the values of λ the trade-off charts (the option's declaration) */
let tradePoints = [];
/** The options' words in the page's language, a box shared by several books in the shown book's words (its own
 * declaration last): at start, for each fight, and again in another language. */
function label() {
  const systems = described(), shown = systems[record?.system ?? ""] ?? {};
  for (const option of [...Object.values(systems), shown].flatMap((system) => system.odds_options ?? [])) {
    const box = choices.get(option.name);
    if (!box) continue;
    $("legend", box).textContent = option.legend;
    box.querySelectorAll("span").forEach((span, i) => { span.textContent = option.choices[i]?.label ?? ""; });
    box.dataset.hints = JSON.stringify(option.choices.map((choice) => choice.hint ?? ""));
    if (option.trade_off) {
      $best.textContent = option.trade_off.label;
      tradePoints = option.trade_off.points;
    }
  }
}
label();

/** The page's percent format, to a tenth of a point. */
const rounded = () => new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 });
/**
 * A chance as the page writes it: one that is not certain never reads as certain (0.9996 is "> 99.9 %", not
 * "100 %"; 0.0004 "< 0.1 %"); exactly 1 and 0 are "100 %" and "0 %".
 * @param {number} p
 */
const percent = (p) => percentText(p, 1);
/**
 * A simulated chance's 95 % interval (Wilson's: within 0 and 1), its ends rounded outwards, as the page writes them.
 * @param {number} low
 * @param {number} high
 */
const ends = (low, high) => [Math.floor(low * 1000) / 1000, Math.ceil(high * 1000) / 1000]
  .map((end) => rounded().format(end));
/**
 * The interval in one: "98.1–100 %", one number where both ends read alike.
 * @param {number} low
 * @param {number} high
 */
function interval(low, high) {
  const [from, to] = ends(low, high);
  return from === to ? to : `${from.replace(/\s*%/, "")}–${to}`;
}
/** @param {number} x */
const decimal = (x) => new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(x);

export function start() {
  // the worker itself starts once the odds are needed (the shell shows the odds next)
  allow($panel, () => { $status.textContent = t("The odds could not start in this browser."); });
  $simRun.addEventListener("click", simulate);
  $simCancel.addEventListener("click", () => {
    simulation = CANCELLED;
    cancel();
  });
  $best.addEventListener("click", tradeOff);
}

/**
 * A fight's review (its story): from the odds' worker once it is up, so that rounds never wait on it; before then
 * from the rules' own worker (a shared fight just opened: no round is being played), with the whole request budget.
 * @param {FightRecord} fight
 * @param {any} [preview] a share link's preview: the reply says whether it is the rules' own ("same", "differs")
 * @returns {Promise<Reply>}
 */
export async function review(fight, preview = null) {
  const request = { op: "review", record: fight, ...judgedBy(), ...(preview ? { preview } : {}) };
  warm(); // a review may take the whole budget, and a Citadel story asks again and again
  return askEither(request);
}

// The panel's words that do not depend on a fight: once at start, and again in another language.
export function translate() {
  label();
  explainKeep();
  if (!record) say(t("The odds are being prepared…"));
}

// Phones: the panel folds into its one-line summary (a button); wide screens show it all (the CSS hides the button).
$toggle.addEventListener("click", () => {
  const open = $toggle.getAttribute("aria-expanded") !== "true";
  $toggle.setAttribute("aria-expanded", String(open));
  $panel.classList.toggle("open", open); // it rises from its line at the screen's foot (style.css): no scroll
});
keepBox?.addEventListener("change", () => {
  clearAdvice();
  explainKeep();
  if (form && record) { // the set-up's odds assume the advised spend: asked again under the new worth
    if (busy) dirty = true;
    else refresh();
  } else if (!$bestBox.hidden) bestSpend();
});
$spendNow.addEventListener("click", () => spendNow?.(Number($spendNow.dataset.spend), true));
// What coming through alive without a win, and a point of ENDURANCE spent on Vigour, are worth to the player:
// remembered on this device, asked with every request that judges (the advice, the story); a record that carries
// its own (a friend's) is judged by that.
for (const [name, box] of worthBoxes) {
  const key = `pyrules:${name}-worth`;
  try {
    const kept = localStorage.getItem(key);
    const input = kept && /** @type {HTMLInputElement | null} */ (box.querySelector(`input[value="${CSS.escape(kept)}"]`));
    if (input) input.checked = true;
  } catch { /* no storage: the default */ }
  box.addEventListener("change", () => {
    try { localStorage.setItem(key, String(chosen(box))); } catch { /* kept for this visit only */ }
    clearAdvice(); // Grey Star's best spend too weighs what an evasion is worth
    if (record) refresh();
  });
}
/** @param {string} text the one-line summary of the odds (the toggle's words) */
function summarize(text) {
  $toggle.textContent = text;
}

/** @param {HTMLElement} box a fieldset of radio buttons: the value chosen */
const chosen = (box) => Number(/** @type {HTMLInputElement} */ ($("input:checked", box)).value);
/** The player's parts of the worth the advice and the story weigh (pyrules.contract.Worth), in wins. */
const worth = () => Object.fromEntries(worthBoxes.map(([name, box]) => [name, chosen(box)]));
/** What the player's stories are judged by, as a request's options (a share's preview is judged so too). */
export const judgedBy = () => ({ lambda: keepWorth(), worth: worth() });

/**
 * The player's choices of worth other than the page's defaults, as a share request's options: the link carries
 * them, so that a friend's story is judged as the player's was (with the defaults, the friend's page judges alike).
 * @returns {{worth: Record<string, number>, lambda?: number}}
 */
export function chosenWorth() {
  const moved = (/** @type {HTMLElement} */ box) => !(/** @type {HTMLInputElement} */ ($("input:checked", box))).defaultChecked;
  return { worth: Object.fromEntries(worthBoxes.filter(([, box]) => moved(box)).map(([name, box]) => [name, chosen(box)])),
           ...(keepBox && moved(keepBox) ? { lambda: keepWorth() } : {}) };
}

/** The chosen value of a point of WILLPOWER kept, in wins (λ). */
const keepWorth = () => (keepBox ? chosen(keepBox) : 0);

// The meaning of the choice, written under it (the declaration's hint: {p} the value, as a percent).
function explainKeep() {
  if (!keepBox) return;
  const hints = JSON.parse(keepBox.dataset.hints ?? "[]");
  const index = [...keepBox.querySelectorAll("input")].findIndex((input) => input.checked);
  $("#odds-keep-meaning").textContent = fill({ text: hints[index] ?? "", chances: { p: keepWorth() } });
}

function clearAdvice() {
  adviceKey = "";
  advising = "";
  adviceSpend = null;
  $policy.textContent = "";
  $frontier.replaceChildren();
  $spendNow.hidden = true;
}

/** @param {boolean} offer */
function offerSimulation(offer) {
  $sim.hidden = !offer;
}

function clear() {
  $numbers.replaceChildren();
  $chart.replaceChildren();
  $advice.replaceChildren();
  $spends.hidden = true;
  $bestBox.hidden = true;
}

/** @param {string} text the panel's state in words, when it has no chances to show (the summary only offers it) */
function say(text) {
  $status.textContent = text;
  summarize(t("See the odds"));
}

/** @param {{label: string, message: string}} error a refusal in the rules' words, by the field's label */
const refusal = (error) => (error.label ? `${error.label}: ${error.message}` : error.message);

// What the set-up still needs before there are odds: its empty required fields, or the field the rules refuse.
/** @param {{field: string, label: string, message: string} | null} error */
function needs(error) {
  if (missing.length) {
    const fields = new Intl.ListFormat(language(), { type: "conjunction" }).format(missing);
    return t("Enter {fields} to see the odds.", { fields });
  }
  if (!error) return "";
  const path = error.field.replace(/\[(\d+)\]/g, ".$1"); // the rules' enemies[0].skill is the form's enemies.0.skill
  const input = /** @type {HTMLInputElement | null} */ (document.querySelector(`#setup [data-field="${CSS.escape(path)}"]`));
  if (input && input.value.trim() === "" && error.label) return t("Enter {fields} to see the odds.", { fields: error.label });
  return t("To see the odds, correct {field}", { field: refusal(error) });
}

// Shows the odds of a fight: called as the set-up form is typed (form: true, strings allowed) and after each round.
// One request at a time: while one is computed, only the newest fight waits (rounds never queue up work).
/**
 * @param {FightRecord} next
 * @param {{form?: boolean, spend?: number, stat?: string, exact?: boolean, missing?: string[],
 *          spendNow?: ((n: number, asked?: boolean) => void) | null}} [options]
 *   exact: false for a kind of system that has no exact odds (the simulation is offered at once); missing: the
 *   set-up's required fields left empty; spendNow: fills the fight's spend field ("Spend 3 now")
 */
export function update(next, options = {}) {
  const other = next.system !== record?.system;
  record = next;
  if (other) label(); // another book's words for the options it shares
  ({ form = false, spend = 1, stat = "", exact = true, missing = [], spendNow = null } = options);
  fightKey = `${form}|${JSON.stringify(next)}`; // the set-up's advice is not the fight's: that one fills the field
  if (!adviceKey.startsWith(`${fightKey}|`)) clearAdvice(); // advice lasts until the fight's state changes, not a re-render
  $spendNow.hidden = adviceSpend === null || !spendNow || spend === adviceSpend;
  simulation = 0;
  $simResult.textContent = "";
  $simProgress.hidden = true;
  $simCancel.hidden = true;
  $simRun.disabled = false;
  offerSimulation(!exact); // the others when exact odds are refused as too large
  if (form && missing.length) { // said at once, even while a request is on its way
    clear();
    say(needs(null));
  }
  if (busy) {
    dirty = true;
    return;
  }
  refresh();
}

async function refresh() {
  busy = true;
  do {
    dirty = false;
    await compute();
  } while (dirty);
  busy = false;
}

async function compute() {
  if (form && missing.length) { // said at once: no need to wait for the odds' worker
    clear();
    say(needs(null));
    return;
  }
  if (!exact) {
    warm(); // the simulation is offered: its worker started ahead of the click
    clear();
    say(get("oddsAllowed") ? t("Too many possibilities for exact odds: estimate them by simulation.") : t("The odds are being prepared…"));
    return;
  }
  // The set-up's odds assume the spend the fight will advise (Grey Star: the best policy's spend now, under the worth
  // of a point kept), not 1 a round: asked with the advice, then again under its spend where that differs.
  let request = { op: "odds", record, form, willpower: spend, worth: worth(), ...(form ? { lambda: keepWorth() } : {}) };
  let asked = await oddsOf(request);
  if (dirty || !asked) return;
  const advised = form && asked.reply.ok ? asked.reply.policy?.spend ?? null : null;
  if (advised !== null && advised !== spend) {
    request = { ...request, willpower: advised };
    asked = await oddsOf(request);
    if (dirty || !asked) return;
  }
  const { reply, fast } = asked;
  shown(reply);
  if (!fast || !reply.ok || !reply.left_out || !get("oddsAllowed")) return;
  // A part that did not fit the quick deadline (Grey Star's table of spends) comes from the odds' worker, which has
  // the whole budget: drawn when it comes, if it does; the quick answer stays otherwise.
  const full = await ask(request);
  if (!dirty && full.ok) shown(full);
}

/**
 * The odds asked: the rules' own worker's quick answer (fast), else the odds' worker's; null while it cannot start.
 * @param {Record<string, unknown>} request
 * @returns {Promise<{reply: Reply, fast: boolean} | null>}
 */
async function oddsOf(request) {
  const fast = await quickly(request);
  if (fast) return { reply: fast, fast: true };
  // said while the odds' worker starts
  if (!get("oddsAllowed") || !get("oddsWorker")) say(t("The odds are being prepared…"));
  if (!get("oddsAllowed")) return null;
  return { reply: await ask(request), fast: false };
}

/** @param {Reply} reply the odds, or why there are none */
function shown(reply) {
  clear();
  if (reply.ok) return draw(reply);
  if (reply.too_large) { // refused by the rules, or not answered in time: the same words, and the simulation
    say(tooLarge().error.text);
    offerSimulation(true);
    return;
  }
  say(form ? needs(reply.error) : refusal(reply.error));
}

/** @param {Record<string, any>} reply */
function draw(reply) {
  const ongoing = reply.outcome === "ongoing";
  if (!ongoing) { // a fight over: its outcome, for certain; no chance or average left to give
    const outcome = t(reply.outcome);
    $status.textContent = t("The fight is over: {outcome}.", { outcome });
    summarize(capital(outcome));
    advise({});
    return;
  }
  // The chance to win is the headline (the status line); the numbers under it are the rest.
  const lines = [[t("Lose"), percent(reply.lose)]];
  if (reply.ended > 0) lines.push([t("The fight stops by the section's rule"), percent(reply.ended)]);
  if (reply.never > 0) lines.push([t("Nobody can be hurt: the fight never ends"), percent(reply.never)]);
  if (reply.rounds !== null && reply.rounds !== undefined) lines.push([t("Rounds, on average"), decimal(reply.rounds)]);
  for (const [term, value] of reply.lines ?? []) lines.push([term, decimal(value)]); // the system's own numbers
  $numbers.replaceChildren(...lines.flatMap(([term, value]) => [element("dt", term), element("dd", value)]));
  $status.textContent = form && reply.advised // the set-up's odds under the spend the fight will advise: said which
    ? fill({ text: reply.advised, chances: { win: reply.win } })
    : t("Chance to win, fighting to the end: {win}", { win: percent(reply.win) });
  summarize(`${t("Win {win}", { win: percent(reply.win) })}${reply.summary ? ` · ${reply.summary}` : ""}`);
  const stamina = stat || reply.main_stat;
  const ends = reply[reply.main_stat] ?? []; // where the system's main statistic ends up
  if (ends.length) {
    $chart.replaceChildren(element("p", t("Where {stat} ends up", { stat: stamina }), "caption"),
      bars(ends, { label: t("Chance of each {stat} at the end of the fight", { stat: stamina }),
                   xLabel: stamina, yLabel: t("chance") }));
  }
  advise(reply);
  if (reply.spend_words) spendWords = reply.spend_words;
  if (reply.spends && reply.spends.length) {
    $spends.hidden = false;
    $spendsCaption.textContent = spendWords.caption;
    /** @type {[number, number][]} */
    const points = reply.spends.map((/** @type {{spend: number, win: number}} */ row) => [row.spend, row.win]);
    const mark = points.findIndex(([s]) => s === reply.spend);
    $curve.replaceChildren(curve(points, { label: spendWords.caption, xLabel: spendWords.x, yLabel: t("win"), mark }));
  }
  $bestBox.hidden = !(reply.spends && reply.spends.length); // something to spend now
  if ($bestBox.hidden || adviceKey === `${fightKey}|${keepWorth()}`) return;
  if (reply.policy && reply.policy.lambda === keepWorth()) showPolicy(`${fightKey}|${reply.policy.lambda}`, reply.policy);
  else bestSpend(); // the advice, unasked
}

/**
 * An advice item's words (pyrules.contract.Advice), its chances written as percents and its numbers as decimals.
 * @param {{text: string, chances?: Record<string, number>, numbers?: Record<string, number>}} item
 */
const fill = ({ text, chances = {}, numbers = {} }) => text.replace(/\{(\w+)\}/g, (all, name) =>
  (name in chances ? percent(chances[name]) : name in numbers ? decimal(numbers[name]) : all));

/** @param {Record<string, any>} reply the system's advice, in its words; the choices of worth it weighs now */
function advise(reply) {
  for (const [name, box] of worthBoxes) box.hidden = !reply.asks?.includes(name);
  $advice.replaceChildren(...(reply.advice ?? []).map((/** @type {any} */ item) => element("p", fill(item))));
}

// Grey Star: the best adaptive spend for the value the player puts on a point of WILLPOWER kept (λ, in wins), computed
// as soon as the fight's state is known and after every round, and filled in the fight's spend field (marked as
// advised, unless the player has typed their own). It stays until the fight's state or the worth changes.
async function bestSpend() {
  const lambda = keepWorth();
  const key = `${fightKey}|${lambda}`;
  if (advising === key) return;
  advising = key;
  $policy.textContent = spendWords.computing ?? t("Computing…");
  const request = { op: "odds", record, form, willpower: spend, lambda, table: false, worth: worth() };
  const reply = (await quickly(request)) ?? (await ask(request, BEST_SPEND_PATIENCE_MS));
  if (advising !== key || key !== `${fightKey}|${keepWorth()}`) return; // for a state or a worth that is gone
  advising = "";
  if (!reply.ok) {
    $policy.textContent = refusal(reply.error);
    return;
  }
  showPolicy(key, reply.policy);
}

/**
 * The best spend now, said in the panel and filled in the fight's spend field.
 * @param {string} key the state and worth it is for
 * @param {{spend: number | null, advice: {text: string}, button?: string}} best its words from the rules
 */
function showPolicy(key, best) {
  advising = "";
  adviceKey = key;
  $policy.textContent = fill(best.advice);
  adviceSpend = best.spend;
  $spendNow.dataset.spend = String(best.spend);
  $spendNow.textContent = best.button ?? "";
  $spendNow.hidden = true;
  if (best.spend !== null && spendNow) spendNow(best.spend); // the screen fills it, or says it beside the player's own
}

// The trade-off, on request: the best chance to win for each expected WILLPOWER spent at each λ the option declares,
// the chosen worth's point ringed. One request a point (a policy each), so that each has the whole budget of a request.
async function tradeOff() {
  const lambda = keepWorth();
  const asked = fightKey;
  $best.disabled = true;
  $frontier.replaceChildren(element("p", t("Computing…")));
  /** @type {{lambda: number, willpower_spent: number, win: number}[]} */
  const trade = [];
  for (const x of [...tradePoints, lambda].filter((x, i, all) => all.indexOf(x) === i)) {
    const reply = await ask({ op: "odds", record, form, willpower: spend, lambda: x, table: false, worth: worth() },
                            BEST_SPEND_PATIENCE_MS);
    if (asked !== fightKey || lambda !== keepWorth()) break;
    if (!reply.ok) {
      $best.disabled = false;
      return $frontier.replaceChildren(element("p", refusal(reply.error)));
    }
    trade.push(reply.policy);
  }
  $best.disabled = false;
  if (asked !== fightKey || lambda !== keepWorth()) return $frontier.replaceChildren();
  const best = /** @type {{lambda: number, willpower_spent: number, win: number}} */ (trade.find((p) => p.lambda === lambda));
  trade.sort((a, b) => a.lambda - b.lambda);
  /** @type {[number, number][]} */
  const points = trade.map((p) => [Math.round(p.willpower_spent * 10) / 10, p.win]);
  $frontier.replaceChildren(element("p", spendWords.frontier, "caption"),
    curve(points, { label: spendWords.frontier, xLabel: spendWords.spent, yLabel: t("win"), mark: trade.indexOf(best) }));
}

// A Monte Carlo in steps of SIM_STEP_MS, with a progress bar and a cancel button; the page stays responsive, and
// Cancel ends it at once: the step in progress (a quarter of a second, plus the end of one fight, which in a long
// fight can take a second) finishes in the odds' worker unread.
async function simulate() {
  const token = Date.now() + Math.random();
  simulation = token;
  $simProgress.max = SIM_FIGHTS;
  $simProgress.value = 0;
  $simProgress.hidden = false;
  $simCancel.hidden = false;
  $simRun.disabled = true;
  $simResult.textContent = "";
  /** @type {Promise<null>} */
  const cancelled = new Promise((resolve) => { cancel = () => resolve(null); });
  /** @type {Reply} */
  let reply = (await Promise.race([ask({ op: "mc_start", record, form, willpower: spend }), cancelled]))
    ?? { ok: true, runs: 0 };
  while (reply.ok && simulation === token && reply.runs < SIM_FIGHTS) {
    const next = await Promise.race([ask({ op: "mc_run", mc: reply.mc, n: SIM_FIGHTS - reply.runs, ms: SIM_STEP_MS }),
                                     cancelled]);
    if (!next) break;
    reply = next;
    if (reply.ok && simulation === token) {
      $simProgress.value = reply.runs;
      $simResult.textContent = simText(reply);
    }
  }
  if (simulation !== token && simulation !== CANCELLED) return; // a newer fight or simulation owns the panel now
  $simRun.disabled = false;
  $simCancel.hidden = true;
  if (!reply.ok) $simResult.textContent = reply.error.text;
  else if (simulation === CANCELLED) $simResult.textContent = `${simText(reply)} ${t("(cancelled)")}`;
  else { // an estimate: its interval, never a certainty it is not
    $status.textContent = t("Chance to win, fighting to the end: {win}", { win: interval(reply.low, reply.high) });
    summarize(t("Win {win}", { win: interval(reply.low, reply.high) }));
  }
}

/** @param {Record<string, any>} reply */
function simText(reply) {
  if (!reply.runs) return "";
  const [low, high] = ends(reply.low, reply.high);
  return t("Win {win} (95 % interval {low} to {high}) in {n} simulated {n|fight|fights}.", // every fight won: not certain
    { win: percent(Math.min(Math.max(reply.win, 1e-9), 1 - 1e-9)), low, high, n: reply.runs });
}

