// The odds panel: exact chances computed by the rules (pyrules.odds) in a second worker (odds-worker.js, its
// lifecycle), so that a long computation never delays a round; the rules' own worker answers the cheap ones until it
// is up. A request not answered in time, and any fight the rules refuse as too large for them, are offered the
// simulation instead; a system without exact odds (its capabilities, from the rules, say so) has only the
// simulation: a Monte Carlo run in steps of a quarter second. Its charts are charts.js's.
import { bars, curve } from "./charts.js";
import { $, element, h } from "../base/dom.js";
import { capital, language, percentText, systemsWords, t } from "../base/i18n.js";
import { get } from "../base/state.js";
import { allow, ask, askEither, quickly, running, tooLarge, warm } from "./odds-worker.js";

export { quickFrom } from "./odds-worker.js";

/** @typedef {import("../base/rules.js").FightRecord} FightRecord */
/** @typedef {import("../base/rules.js").Refusal} Refusal */
/** @typedef {import("../base/rules.js").Reply} Reply */

const $panel = $("#odds"), $toggle = $("#odds-toggle"), $status = $("#odds-status"), $numbers = $("#odds-numbers"),
  $chart = $("#odds-chart"), $advice = $("#odds-advice"), $table = $("#odds-table"), $curve = $("#odds-curve"),
  $bestBox = $("#odds-best-box"), $tableCaption = $("#odds-table .caption"),
  $trade = /** @type {HTMLButtonElement} */ ($("#odds-trade")), $policy = $("#odds-policy"),
  $take = /** @type {HTMLButtonElement} */ ($("#odds-take")), $frontier = $("#odds-frontier"),
  $sim = $("#odds-sim"),
  $simRun = /** @type {HTMLButtonElement} */ ($("#odds-sim-run")), $simCancel = $("#odds-sim-cancel"),
  $simProgress = /** @type {HTMLProgressElement} */ ($("#odds-sim-progress")), $simResult = $("#odds-sim-result");
const SIM_FIGHTS = 1000;
const SIM_STEP_MS = 250; // each step plays fights for about this long (and ends the one in progress): Cancel is quick
// A trade-off's point: a request is answered within the rules' budget once it runs (pyrules.budget, 3 s), but it may
// wait behind the panel's odds.
const TRADE_PATIENCE_MS = 10_000;
const CANCELLED = -1; // the player pressed Cancel

/**
 * A choice the odds take from the player, as a system declares it (pyrules.contract.OddsOption): its choices drawn
 * as radio buttons; one without choices is the fight's screen's to give (its field).
 * @typedef {{name: string, legend: string, default: number, choices: {value: number, label: string, hint?: string}[],
 *   trade_off?: {label: string, points: number[], caption: string, x: string}}} OddsOption
 */
/** @typedef {Record<string, number>} Options the odds options chosen, by name */

/** The panel's state, in one place: the fight it shows and what the page told of it, its requests, its advice. */
const panel = {
  busy: false, // the panel's odds are being computed
  dirty: false, // a newer fight arrived meanwhile
  /** @type {FightRecord | null} */
  record: null, // the fight the panel shows: a record (from the form, or the open fight's)
  form: false,
  /** @type {Options} */
  given: {}, // the options the fight's screen gives (its fields)
  exact: true, // its kind of system has exact odds
  stat: "", // the hero's statistic the chart is about, in the book's words (the system's main_stat's label)
  /** @type {string[]} */
  missing: [], // the set-up's required fields left empty (their labels)
  /** @type {((options: Options, asked?: boolean) => void) | null} */
  take: null, // fills the fight's screen's fields from the advice
  key: "", // the fight's state the panel shows (its record as JSON)
  adviceKey: "", // the state and options whose advice the screen was given ("": none)
  /** @type {Options | null} */
  advised: null, // the options the advice proposes now (null: none)
  /** @type {OddsOption | null} */
  trade: null, // the shown book's option that offers a trade-off
  simulation: 0, // the running simulation's token; 0: none
  cancel: () => {}, // ends the running simulation's wait
};

/** @returns {Record<string, {odds_options?: OddsOption[]}>} every system's description, in the page's language */
const described = () => /** @type {any} */ (systemsWords(language())
  ?? JSON.parse($("#systems-data").textContent ?? "{}").en).systems;
/** @type {Map<string, HTMLFieldSetElement>} each option's radio buttons, by its name, with its hint under them */
const boxes = new Map();
for (const option of Object.values(described()).flatMap((system) => system.odds_options ?? [])) {
  if (boxes.has(option.name) || !option.choices.length) continue;
  boxes.set(option.name, h("fieldset", { id: `odds-${option.name}`, className: "odds-choice", hidden: true },
    h("legend"), ...option.choices.flatMap((choice) => [" ", h("label", {}, // spaced as words are
      h("input", { type: "radio", name: `odds-${option.name}`, value: String(choice.value),
                   defaultChecked: choice.value === option.default }), " ", h("span"))]),
    h("p", { className: "hint" })));
}
$table.after(...boxes.values());
/** The options' words in the page's language, a box shared by several books in the shown book's words (its own
 * declaration last): at start, for each fight, and again in another language. */
function label() {
  const systems = described(), shown = systems[panel.record?.system ?? ""] ?? {};
  for (const option of [...Object.values(systems), shown].flatMap((system) => system.odds_options ?? [])) {
    const box = boxes.get(option.name);
    if (!box) continue;
    $("legend", box).textContent = option.legend;
    box.querySelectorAll("span").forEach((span, i) => { span.textContent = option.choices[i]?.label ?? ""; });
    box.dataset.hints = JSON.stringify(option.choices.map((choice) => choice.hint ?? ""));
    explain(box);
  }
  panel.trade = (shown.odds_options ?? []).find((option) => option.trade_off) ?? null;
  $trade.textContent = panel.trade?.trade_off?.label ?? "";
  if (!panel.trade) $trade.hidden = true; // shown by the odds where the option is weighed now (advise)
}

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
    panel.simulation = CANCELLED;
    panel.cancel();
  });
  $trade.addEventListener("click", tradeOff);
}

/**
 * A fight's review (its story): from the odds' worker once it is up, so that rounds never wait on it; before then
 * from the rules' own worker (a shared fight just opened: no round is being played), with the whole request budget.
 * @param {FightRecord} fight
 * @param {any} [preview] a share link's preview: the reply says whether it is the rules' own ("same", "differs")
 * @returns {Promise<Reply>}
 */
export async function review(fight, preview = null) {
  const request = { op: "review", record: fight, ...judgedBy(fight.system), ...(preview ? { preview } : {}) };
  warm(); // a review may take the whole budget, and a Citadel story asks again and again
  return askEither(request);
}

// The panel's words that do not depend on a fight: once at start, and again in another language.
export function translate() {
  label();
  if (!panel.record) say(t("The odds are being prepared…"));
}

// Phones: the panel folds into its one-line summary (a button); wide screens show it all (the CSS hides the button).
$toggle.addEventListener("click", () => {
  const open = $toggle.getAttribute("aria-expanded") !== "true";
  $toggle.setAttribute("aria-expanded", String(open));
  $panel.classList.toggle("open", open); // it rises from its line at the screen's foot (style.css): no scroll
});
$take.addEventListener("click", () => panel.advised && panel.take?.(panel.advised, true));
// What the player chooses (what coming through alive without a win, a point kept... is worth): remembered on this
// device, asked with every request (the odds, their advice, the story); a record that carries its own worth (a
// friend's) is judged by that. A new choice: the odds and the advice again.
for (const [name, box] of boxes) {
  const key = `pyrules:${name}-worth`;
  try {
    const kept = localStorage.getItem(key);
    const input = kept && /** @type {HTMLInputElement | null} */ (box.querySelector(`input[value="${CSS.escape(kept)}"]`));
    if (input) input.checked = true;
  } catch { /* no storage: the default */ }
  box.addEventListener("change", () => {
    try { localStorage.setItem(key, String(chosen(box))); } catch { /* kept for this visit only */ }
    explain(box);
    clearAdvice();
    if (!panel.record) return;
    if (panel.busy) panel.dirty = true;
    else refresh();
  });
}

/** @param {string} text the one-line summary of the odds (the toggle's words) */
function summarize(text) {
  $toggle.textContent = text;
}

/** @param {HTMLElement} box a fieldset of radio buttons: the value chosen */
const chosen = (box) => Number(/** @type {HTMLInputElement} */ ($("input:checked", box)).value);
/**
 * The panel's choices a book declares (by default the shown one's), by name.
 * @param {string} [system]
 */
const declared = (system = panel.record?.system ?? "") => [...boxes].filter(([name]) =>
  described()[system]?.odds_options?.some((option) => option.name === name));
/** @returns {Options} the options the player chose in the panel, of those the book declares */
const options = (system = panel.record?.system) => Object.fromEntries(declared(system).map(([name, box]) => [name, chosen(box)]));
/**
 * What the player's stories are judged by, as a request's options (a share's preview is judged so too).
 * @param {string} [system] the fight's book (by default the shown one)
 */
export const judgedBy = (system) => ({ options: options(system) });

/**
 * The player's choices other than the page's defaults, as a share request's options: the link carries them, so that
 * a friend's story is judged as the player's was (with the defaults, the friend's page judges alike).
 * @param {string} [system] the fight's book (by default the shown one)
 * @returns {{options: Options}}
 */
export function chosenWorth(system) {
  const moved = (/** @type {HTMLElement} */ box) => !(/** @type {HTMLInputElement} */ ($("input:checked", box))).defaultChecked;
  return { options: Object.fromEntries(declared(system).filter(([, box]) => moved(box)).map(([name, box]) => [name, chosen(box)])) };
}

/**
 * Whether any of the options differs from the same option among all.
 * @param {Options} some
 * @param {Options} all
 */
const differs = (some, all) => Object.entries(some).some(([name, value]) => all[name] !== value);

// The meaning of the choice, written under it (the declaration's hint: {p} the value, as a percent).
/** @param {HTMLElement} box */
function explain(box) {
  const hints = JSON.parse(box.dataset.hints ?? "[]");
  const index = [...box.querySelectorAll("input")].findIndex((input) => input.checked);
  const hint = $(".hint", box);
  hint.textContent = fill({ text: hints[index] ?? "", chances: { p: chosen(box) } });
  hint.hidden = !hint.textContent;
}

function clearAdvice() {
  panel.adviceKey = "";
  panel.advised = null;
  $policy.textContent = "";
  $frontier.replaceChildren();
  $take.hidden = true;
}

/** @param {boolean} offer */
function offerSimulation(offer) {
  $sim.hidden = !offer;
}

function clear() {
  $numbers.replaceChildren();
  $chart.replaceChildren();
  $advice.replaceChildren();
  $table.hidden = true;
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
  if (panel.missing.length) {
    const fields = new Intl.ListFormat(language(), { type: "conjunction" }).format(panel.missing);
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
 * @param {{form?: boolean, given?: Options, stat?: string, exact?: boolean, missing?: string[],
 *          take?: ((options: Options, asked?: boolean) => void) | null}} [told]
 *   given: the options the fight's screen gives (its fields); exact: false for a kind of system that has no exact
 *   odds (the simulation is offered at once); missing: the set-up's required fields left empty; take: fills the
 *   fight's screen's fields from the advice (its button: asked)
 */
export function update(next, told = {}) {
  const other = next.system !== panel.record?.system;
  panel.record = next;
  if (other) label(); // another book's words for the options it shares
  const { form = false, given = {}, stat = "", exact = true, missing = [], take = null } = told;
  Object.assign(panel, { form, given, stat, exact, missing, take });
  panel.key = `${form}|${JSON.stringify(next)}`; // the set-up's advice is not the fight's: that one fills the field
  if (!panel.adviceKey.startsWith(`${panel.key}|`)) clearAdvice(); // until the state changes, not a re-render
  $take.hidden = !panel.advised || !take || !differs(panel.advised, given);
  panel.simulation = 0;
  $simResult.textContent = "";
  $simProgress.hidden = true;
  $simCancel.hidden = true;
  $simRun.disabled = false;
  offerSimulation(!exact); // the others when exact odds are refused as too large
  if (form && missing.length) { // said at once, even while a request is on its way
    clear();
    say(needs(null));
  }
  if (panel.busy) {
    panel.dirty = true;
    return;
  }
  refresh();
}

async function refresh() {
  panel.busy = true;
  do {
    panel.dirty = false;
    await compute();
  } while (panel.dirty);
  panel.busy = false;
}

/** @returns {Record<string, unknown>} an odds request for the panel's fight, under the options chosen */
const asking = () => ({ op: "odds", record: panel.record, form: panel.form, options: { ...options(), ...panel.given } });

async function compute() {
  if (panel.form && panel.missing.length) { // said at once: no need to wait for the odds' worker
    clear();
    say(needs(null));
    return;
  }
  if (!panel.exact) {
    warm(); // the simulation is offered: its worker started ahead of the click
    // A set-up's form is read by the rules first (at once: they have no exact odds to try, a form they take is "too
    // large"): a field they refuse is said as in every book, and there is nothing to simulate until it is mended.
    const read = panel.form && get("oddsAllowed") ? await askEither(asking()) : null;
    if (panel.dirty) return;
    clear();
    if (read && !read.ok && !read.too_large) {
      offerSimulation(false);
      return say(needs(read.error));
    }
    say(get("oddsAllowed") ? t("Too many possibilities for exact odds: estimate them by simulation.") : t("The odds are being prepared…"));
    return;
  }
  // The set-up's odds assume the options the fight's advice will give (its best play's now), not the defaults:
  // asked with the advice, then again under its options where they differ.
  let request = asking();
  let asked = await oddsOf(request);
  if (panel.dirty || !asked) return;
  const advised = panel.form && asked.reply.ok ? asked.reply.policy?.options ?? null : null;
  const mine = /** @type {Options} */ (request.options);
  if (advised && differs(advised, mine)) {
    request = { ...request, options: { ...mine, ...advised } };
    asked = await oddsOf(request);
    if (panel.dirty || !asked) return;
  }
  const { reply, fast } = asked;
  shown(reply);
  if (!fast || !reply.ok || !reply.left_out || !get("oddsAllowed")) return;
  // A part that did not fit the quick request (a table of fixed choices) comes from the odds' worker, which has the
  // whole budget: drawn when it comes, if it does; the quick answer stays otherwise.
  const full = await ask(request);
  if (!panel.dirty && full.ok) shown(full);
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
  if (!get("oddsAllowed") || !running()) say(t("The odds are being prepared…"));
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
  say(panel.form ? needs(reply.error) : refusal(reply.error));
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
  $status.textContent = panel.form && reply.advised // the set-up's odds under the advice's options: said which
    ? fill({ text: reply.advised, chances: { win: reply.win } })
    : t("Chance to win, fighting to the end: {win}", { win: percent(reply.win) });
  summarize(`${t("Win {win}", { win: percent(reply.win) })}${reply.summary ? ` · ${reply.summary}` : ""}`);
  const stamina = panel.stat || reply.main_stat;
  const ends = reply[reply.main_stat] ?? []; // where the system's main statistic ends up
  if (ends.length) {
    $chart.replaceChildren(element("p", t("Where {stat} ends up", { stat: stamina }), "caption"),
      bars(ends, { label: t("Chance of each {stat} at the end of the fight", { stat: stamina }),
                   xLabel: stamina, yLabel: t("chance") }));
  }
  advise(reply);
  const table = reply.table; // the system's table of fixed choices: its chance to win for each
  if (table) {
    $table.hidden = false;
    $tableCaption.textContent = table.caption;
    $curve.replaceChildren(curve(table.points, { label: table.caption, xLabel: table.x, yLabel: t("win"), mark: table.mark }));
  }
  if (reply.policy && (!panel.trade || !$trade.hidden)) advised(reply.policy); // where its option is weighed now
}

/**
 * An advice item's words (pyrules.contract.Advice), its chances written as percents and its numbers as decimals.
 * @param {{text: string, chances?: Record<string, number>, numbers?: Record<string, number>}} item
 */
const fill = ({ text, chances = {}, numbers = {} }) => text.replace(/\{(\w+)\}/g, (all, name) =>
  (name in chances ? percent(chances[name]) : name in numbers ? decimal(numbers[name]) : all));

/** @param {Record<string, any>} reply the system's advice, in its words; the options it weighs now (its asks) */
function advise(reply) {
  for (const [name, box] of boxes) box.hidden = !reply.asks?.includes(name);
  $trade.hidden = !panel.trade || !reply.asks?.includes(panel.trade.name); // its trade-off where it is weighed now
  // the system's lines on what each item usable now changes, then its advice
  $advice.replaceChildren(...[...reply.uses ?? [], ...reply.advice ?? []].map((/** @type {any} */ item) => element("p", fill(item))));
}

/**
 * The best play now, under the options chosen: said in the panel, and its options (a round's spend, say) given to the
 * fight's screen once for each state and choice (filled in its fields unless the player typed their own), or by the
 * button that says them.
 * @param {{advice: {text: string}, button?: string, options: Options | null}} best its words from the rules
 */
function advised(best) {
  $bestBox.hidden = false;
  $policy.textContent = fill(best.advice);
  panel.advised = best.options;
  $take.textContent = best.button ?? "";
  $take.hidden = !best.options || !panel.take || !differs(best.options, panel.given);
  const key = `${panel.key}|${JSON.stringify(options())}`;
  if (!best.options || !panel.take || panel.adviceKey === key) return;
  panel.adviceKey = key;
  panel.take(best.options); // the screen fills it, or says it beside the player's own
}

// The trade-off, on request: for each value of the option that offers one (its declared points and the chosen one,
// ringed), what the best play wins against what it spends. One request a point, each with the whole budget.
async function tradeOff() {
  const option = panel.trade, box = option && boxes.get(option.name);
  if (!option?.trade_off || !box) return;
  const { name, trade_off: { points, caption, x } } = option;
  const value = chosen(box), key = panel.key, gone = () => key !== panel.key || value !== chosen(box);
  $trade.disabled = true;
  $frontier.replaceChildren(element("p", t("Computing…")));
  /** @type {[number, [number, number]][]} */
  const found = [];
  for (const at of [...points, value].filter((v, i, all) => all.indexOf(v) === i)) {
    const reply = await ask({ ...asking(), options: { ...options(), ...panel.given, [name]: at }, table: false },
                            TRADE_PATIENCE_MS);
    if (gone()) break;
    if (!reply.ok) {
      $trade.disabled = false;
      return $frontier.replaceChildren(element("p", refusal(reply.error)));
    }
    found.push([at, reply.policy.point]);
  }
  $trade.disabled = false;
  if (gone()) return $frontier.replaceChildren();
  found.sort((a, b) => a[0] - b[0]);
  $frontier.replaceChildren(element("p", caption, "caption"), curve(found.map(([, point]) => point),
    { label: caption, xLabel: x, yLabel: t("win"), mark: found.findIndex(([at]) => at === value) }));
}

// A Monte Carlo in steps of SIM_STEP_MS, with a progress bar and a cancel button; the page stays responsive, and
// Cancel ends it at once: the step in progress (a quarter of a second, plus the end of one fight, which in a long
// fight can take a second) finishes in the odds' worker unread.
async function simulate() {
  const token = Date.now() + Math.random();
  panel.simulation = token;
  $simProgress.max = SIM_FIGHTS;
  $simProgress.value = 0;
  $simProgress.hidden = false;
  $simCancel.hidden = false;
  $simRun.disabled = true;
  $simResult.textContent = "";
  /** @type {Promise<null>} */
  const cancelled = new Promise((resolve) => { panel.cancel = () => resolve(null); });
  /** @type {Reply} */
  let reply = (await Promise.race([ask({ op: "mc_start", record: panel.record, form: panel.form, options: panel.given }), cancelled]))
    ?? { ok: true, runs: 0 };
  while (reply.ok && panel.simulation === token && reply.runs < SIM_FIGHTS) {
    const next = await Promise.race([ask({ op: "mc_run", mc: reply.mc, n: SIM_FIGHTS - reply.runs, ms: SIM_STEP_MS }),
                                     cancelled]);
    if (!next) break;
    reply = next;
    if (reply.ok && panel.simulation === token) {
      $simProgress.value = reply.runs;
      $simResult.textContent = simText(reply);
    }
  }
  if (panel.simulation !== token && panel.simulation !== CANCELLED) return; // a newer fight or simulation owns the panel now
  $simRun.disabled = false;
  $simCancel.hidden = true;
  if (!reply.ok) $simResult.textContent = reply.error.text;
  else if (panel.simulation === CANCELLED) $simResult.textContent = `${simText(reply)} ${t("(cancelled)")}`;
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

label(); // last: it writes each choice's meaning with the helpers above
