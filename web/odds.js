// The odds panel: exact chances computed by the rules (pyrules.odds) in a second worker, so that a long computation
// never delays a round. A request that worker has not answered in time is abandoned: the worker is ended and a new
// one started, and the panel offers the simulation instead. Citadel of Blood (too large for exact odds), and any fight
// too large for them, by a Monte Carlo run in steps of a quarter of a second.
import { bars, curve } from "./chart.js";
import { $, element } from "./dom.js";
import { language, t } from "./i18n.js";
import { Rules } from "./rules.js";

const ui = {
  panel: $("#odds"), status: $("#odds-status"), numbers: $("#odds-numbers"), chart: $("#odds-chart"),
  advice: $("#odds-advice"), greyStar: $("#odds-grey-star"), curve: $("#odds-curve"), worth: $("#odds-worth"),
  best: $("#odds-best"), policy: $("#odds-policy"), frontier: $("#odds-frontier"), sim: $("#odds-sim"), simRun: $("#odds-sim-run"),
  simCancel: $("#odds-sim-cancel"), simProgress: $("#odds-sim-progress"), simResult: $("#odds-sim-result"),
};
const SIM_FIGHTS = 1000;
const SIM_STEP_MS = 250; // each step plays fights for about this long (and ends the one in progress): Cancel is quick
const PATIENCE_MS = 5000; // an odds request not answered by then is abandoned and its worker restarted
const BEST_SPEND_PATIENCE_MS = 30_000; // "Find the best spend now" computes several policies on request: it may take longer
let worker = null;
let workerName = "odds";
let ready = null;
let busy = false; // a request is being computed
let dirty = false; // a newer fight arrived meanwhile
let record = null; // the fight the panel shows: a record (from the form, or the open fight's)
let form = false;
let spend = 1;
let labels = {};
let simulation = 0; // the running simulation's token; 0: none
const CANCELLED = -1; // the player pressed Cancel

const percent = (p) => new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 }).format(p);
const decimal = (x) => new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(x);

export function start(snapshot) {
  workerName = snapshot ? "odds-snapshot" : "odds";
  launch().then((ok) => {
    if (ok && record) update(record, { form, spend, labels });
  });
  ui.simRun.addEventListener("click", simulate);
  ui.simCancel.addEventListener("click", () => { simulation = CANCELLED; });
  ui.best.addEventListener("click", bestSpend);
}

function launch() {
  worker = new Rules(() => {}, workerName);
  worker.usable = worker.ready.then(() => true, () => false);
  ready = worker.usable;
  ready.then((ok) => {
    if (!ok) ui.status.textContent = t("The odds could not start in this browser.");
  });
  return ready;
}

function tooLarge() {
  const text = t("This fight is too large for exact odds: use the simulation.");
  return { ok: false, too_large: true, error: { field: "", label: "", message: text, text } };
}

// One request to the odds worker, once it is ready. If it has not answered within `patience` ms, the worker is ended
// (whatever it is computing) and a new one started for the next request; this one, and any other still waiting on
// the old worker, are answered as too large for exact odds.
async function ask(request, patience = PATIENCE_MS) {
  let current = null;
  while (current !== worker) { // the newest worker, once it has started (its start-up is not counted)
    current = worker;
    if (!(await current.usable)) return { ok: false, error: { text: t("The odds could not start in this browser.") } };
  }
  current.lang = language();
  const timer = setTimeout(() => {
    if (worker !== current) return;
    current.terminate(tooLarge());
    launch();
  }, patience);
  const reply = await current.call(request);
  clearTimeout(timer);
  return reply;
}

function offerSimulation(offer) {
  ui.sim.hidden = !offer;
}

function clear() {
  ui.numbers.replaceChildren();
  ui.chart.replaceChildren();
  ui.advice.replaceChildren();
  ui.policy.textContent = "";
  ui.frontier.replaceChildren();
  ui.greyStar.hidden = true;
}

// Shows the odds of a fight: called as the set-up form is typed (form: true, strings allowed) and after each round.
// One request at a time: while one is computed, only the newest fight waits (rounds never queue up work).
export function update(next, options = {}) {
  record = next;
  ({ form = false, spend = 1, labels = {} } = options);
  simulation = 0;
  ui.simResult.textContent = "";
  ui.simProgress.hidden = true;
  ui.simCancel.hidden = true;
  ui.simRun.disabled = false;
  offerSimulation(record.system === "citadel-of-blood"); // the others when exact odds are refused as too large
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
  if (!worker || !(await ready)) {
    ui.status.textContent = t("The odds are being prepared…");
    return;
  }
  if (record.system === "citadel-of-blood") {
    clear();
    ui.status.textContent = t("Too many possibilities for exact odds: estimate them by simulation.");
    return;
  }
  const reply = await ask({ op: "odds", record, form, willpower: spend });
  if (dirty) return; // a newer fight is waiting: draw that one
  clear();
  if (reply.too_large) { // refused by the rules, or not answered in time: the same words, and the simulation
    ui.status.textContent = tooLarge().error.text;
    offerSimulation(true);
    return;
  }
  if (!reply.ok) {
    ui.status.textContent = form ? t("Type the numbers of the hero and the enemy to see the odds.") : reply.error.text;
    return;
  }
  draw(reply);
}

function draw(reply) {
  const lines = [[t("Win"), percent(reply.win)], [t("Lose"), percent(reply.lose)]];
  if (reply.ended > 0) lines.push([t("The fight stops by the section's rule"), percent(reply.ended)]);
  if (reply.never > 0) lines.push([t("Nobody can be hurt: the fight never ends"), percent(reply.never)]);
  if (reply.rounds !== null && reply.rounds !== undefined) lines.push([t("Rounds, on average"), decimal(reply.rounds)]);
  if (reply.willpower_spent !== undefined) {
    lines.push([t("WILLPOWER spent, on average ({n} a round)", { n: reply.spend }), decimal(reply.willpower_spent)]);
  }
  ui.numbers.replaceChildren(...lines.flatMap(([term, value]) => [element("dt", term), element("dd", value)]));
  ui.status.textContent = reply.outcome === "ongoing"
    ? t("Chance to win, fighting to the end: {win}", { win: percent(reply.win) })
    : t("The fight is over.");
  const stamina = labels.endurance ?? labels.stamina ?? t("ENDURANCE");
  if (reply.outcome === "ongoing" && reply.endurance.length) {
    ui.chart.replaceChildren(element("p", t("Where {stat} ends up", { stat: stamina }), "caption"),
      bars(reply.endurance, { label: t("Chance of each {stat} at the end of the fight", { stat: stamina }),
                              xLabel: stamina }));
  }
  advise(reply);
  if (reply.spends && reply.spends.length) {
    ui.greyStar.hidden = false;
    const points = reply.spends.map((row) => [row.spend, row.win]);
    const mark = points.findIndex(([s]) => s === reply.spend);
    ui.curve.replaceChildren(curve(points, { label: t("Chance to win for each WILLPOWER spend per round"),
      xLabel: t("WILLPOWER a round"), yLabel: "%", mark }));
  }
}

function advise(reply) {
  const notes = [];
  if (reply.evade) {
    const { evade_now: now, fight_on: on, fight_on_win: onWin, allowed } = reply.evade;
    if (allowed) {
      notes.push(t("Evade now: you survive {now}. Fight on (evading later at the best moment): you survive {on} and win {win}.",
        { now: percent(now), on: percent(on), win: percent(onWin) }));
      notes.push(reply.evade.advice === "evade" ? t("Advice: evade now.") : t("Advice: fight on."));
    } else {
      notes.push(t("Evasion is not allowed yet. Fighting on, evading at the best moment: you survive {on}.",
        { on: percent(on) }));
    }
  }
  if (reply.target !== null && reply.target !== undefined && record.enemies && record.enemies.length > 1) {
    const name = record.enemies[reply.target]?.name || t("Enemy {n}", { n: reply.target + 1 });
    notes.push(t("Best target now: {name}. Striking them in the listed order instead: {win}.",
      { name, win: percent(reply.win_in_order) }));
  }
  if (reply.luck) {
    notes.push(reply.luck.test
      ? t("Test your luck on this wound: {yes} against {no}.", { yes: percent(reply.luck.win_if_tested),
                                                                 no: percent(reply.luck.win_if_not) })
      : t("Do not test your luck on this wound: {no} against {yes}.", { yes: percent(reply.luck.win_if_tested),
                                                                         no: percent(reply.luck.win_if_not) }));
  }
  ui.advice.replaceChildren(...notes.map((note) => element("p", note)));
}

// Grey Star: the best adaptive spend for the value the player puts on a point of WILLPOWER (in % of a win).
async function bestSpend() {
  const worth = Number(ui.worth.value.replace(",", "."));
  if (!Number.isFinite(worth) || worth < 0 || worth > 100 || ui.worth.value.trim() === "") {
    ui.policy.textContent = t("{label}: must be a number from 0 to 100", { label: $("label[for=odds-worth]").textContent });
    return;
  }
  ui.policy.textContent = t("Computing…");
  ui.best.disabled = true;
  const lambda = worth / 100;
  const lambdas = [0, 0.003, 0.01, 0.03, 0.1, 0.3, 1].filter((x) => x !== lambda); // the chosen one is reply.policy
  const request = { op: "odds", record, form, willpower: spend, lambda, curve: lambdas, table: false };
  const reply = await ask(request, BEST_SPEND_PATIENCE_MS);
  ui.best.disabled = false;
  if (!reply.ok) {
    ui.policy.textContent = reply.error.text;
    return;
  }
  const best = reply.policy;
  // The trade-off: the best chance to win for each expected WILLPOWER spent; the chosen point ringed.
  const trade = [...reply.curve, best].sort((a, b) => a.lambda - b.lambda);
  const points = trade.map((p) => [Math.round(p.willpower_spent * 10) / 10, p.win]);
  ui.frontier.replaceChildren(element("p", t("Best chance to win against WILLPOWER spent on average"), "caption"),
    curve(points, { label: t("Best chance to win against WILLPOWER spent on average"),
                    xLabel: t("WILLPOWER spent"), yLabel: "%", mark: trade.indexOf(best) }));
  ui.policy.textContent = best.spend === null ? t("The Staff takes no WILLPOWER now.")
    : t("Spend {n} now. Following the best policy you win {win}, spending {spent} WILLPOWER on average.",
      { n: best.spend, win: percent(best.win), spent: decimal(best.willpower_spent) });
}

// A Monte Carlo in steps of SIM_STEP_MS, with a progress bar and a cancel button; the page stays responsive, and
// Cancel takes effect when the step in progress ends (a quarter of a second, plus the end of one fight).
async function simulate() {
  const token = Date.now() + Math.random();
  simulation = token;
  ui.simProgress.max = SIM_FIGHTS;
  ui.simProgress.value = 0;
  ui.simProgress.hidden = false;
  ui.simCancel.hidden = false;
  ui.simRun.disabled = true;
  ui.simResult.textContent = "";
  let reply = await ask({ op: "mc_start", record, form, willpower: spend });
  while (reply.ok && simulation === token && reply.runs < SIM_FIGHTS) {
    reply = await ask({ op: "mc_run", mc: reply.mc, n: SIM_FIGHTS - reply.runs, ms: SIM_STEP_MS });
    if (reply.ok && simulation === token) {
      ui.simProgress.value = reply.runs;
      ui.simResult.textContent = simText(reply);
    }
  }
  if (simulation !== token && simulation !== CANCELLED) return; // a newer fight or simulation owns the panel now
  ui.simRun.disabled = false;
  ui.simCancel.hidden = true;
  if (!reply.ok) ui.simResult.textContent = reply.error.text;
  else if (simulation === CANCELLED) ui.simResult.textContent = `${simText(reply)} ${t("(cancelled)")}`;
  else ui.status.textContent = t("Chance to win, fighting to the end: {win}", { win: percent(reply.win) });
}

function simText(reply) {
  if (!reply.runs) return "";
  return t("Win {win} (95 % interval {low} to {high}) in {n} simulated {n|fight|fights}.",
    { win: percent(reply.win), low: percent(reply.low), high: percent(reply.high), n: reply.runs });
}

export function hide(hidden) {
  ui.panel.hidden = hidden;
}
