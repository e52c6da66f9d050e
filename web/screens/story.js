// The fight's story: the review the rules compute (pyrules.review) drawn as an analysis board draws a game. The win
// chance before every action as a chart, the actions marked by what their choice cost, the round that turned the
// fight ringed; a step through the fight by tap or arrow keys (the log row, both sides' numbers, the choice and the
// luck); the same as a table; the summary in the rules' words; the story as a picture to paste in a chat. Shown when a
// fight ends and when a share link is opened (read-only until the friend chooses to play). No rule number here: every
// number is the review's.
import { reviewChart, stepAt, stepWidth, values, xOf } from "../odds/charts.js";
import { $, $$, element, fileName, h, saveFile } from "../base/dom.js";
import { capital, language, percentText, t } from "../base/i18n.js";
import { emit, get } from "../base/state.js";
import * as odds from "../odds/odds.js";
import * as saved from "./saved.js";
import { screenOf, system } from "./systems.js";

/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("../odds/charts.js").Review} Review */
/** @typedef {import("../odds/charts.js").Measure} Measure */
/** @typedef {import("../odds/charts.js").Row} Row */

/**
 * What the story's numbers are, in the rules' words (a chance to win, to come through alive, or the fight's worth
 * to the player: the worth the review judged by), its {chance} filled in.
 * @param {keyof Measure} key
 * @param {string} [chance]
 */
const measured = (key, chance = "") => String(/** @type {Review} */ (shown).measure[key]).replace("{chance}", chance);

const $box = $("#story"), $status = $("#story-status"), $summary = $("#story-summary"), $chart = $("#story-chart"),
  $measure = $("#story-measure"),
  $step = $("#story-step"), $table = $("#story-table"), $play = /** @type {HTMLButtonElement} */ ($("#story-play")),
  $again = /** @type {HTMLButtonElement} */ ($("#story-again")),
  $picture = /** @type {HTMLButtonElement} */ ($("#story-picture")), $fight = $("#fight"),
  $controls = $("#fight-controls"),
  $strip = $("#fight-strip"), $below = $("#report-box"),
  $heading = $("#story-heading"), $looking = $("#story-looking"), $lookingText = $("#story-looking-text"),
  $keep = /** @type {HTMLButtonElement} */ ($("#story-keep")), $back = $("#story-back"), $key = $("#story-key");

/** @type {Review | null} */
let shown = null;
/** @type {{name: string, review: Review} | null} */
let other = null; // the fight this one fights again ("Fight it yourself"), drawn beside it
/** @type {OpenFight | null} */
let open = null;
let at = 0; // the step shown: an action's index, or rows.length for the end
let asked = 0; // the newest request's token: an older answer is dropped
/** @type {any} */
let given = null; // the share link's preview (pyrules.preview), compared by the rules with their own story
let told = ""; // the fight whose story is drawn (its record), or "link": a link's preview, of the fight it opens

/** @param {number} p a chance, whole percents (one not certain never reads as certain: "> 99 %") */
const percent = (p) => percentText(p, 0);
/** @param {number} p a change of a win chance, in points */
const points = (p) =>
  new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 0, signDisplay: "exceptZero" })
    .format(p).replace("-", "−");

/** @param {OpenFight} fight */
const ending = (fight) => capital(saved.state(fight.summary));

export function init() {
  $chart.addEventListener("keydown", key);
  $chart.addEventListener("click", (event) => {
    const svg = $("svg", $chart);
    if (!shown || !svg) return;
    const box = svg.getBoundingClientRect();
    go(stepAt((event.clientX - box.left) / box.width, width()));
  });
  $play.addEventListener("click", async () => { // the friend plays: the story comes back when the fight ends
    $play.disabled = true; // kept first (the link leaves the address), then played: one tap, one fight kept
    try {
      const fight = get("fight");
      if (!fight) return;
      await saved.keep(fight, true);
      hide();
      $fight.scrollIntoView({ block: "start" }); // the fight card at the top, as a new fight starts
      screenOf(fight.record.system).screen.focus();
    } finally {
      $play.disabled = false;
    }
  });
  $again.addEventListener("click", () => emit("again")); // the shell's "Fight it yourself"
  $picture.addEventListener("click", savePicture);
  $keep.addEventListener("click", async () => {
    const fight = get("fight");
    if (fight) await saved.keep(fight);
    $keep.hidden = true;
    $lookingText.textContent = t("Kept in your saved fights.");
  });
  $back.addEventListener("click", () => emit("back")); // the shell's: to the shared adventure, or one's own fights
}

/**
 * What a friend's fight is, before its story: shared, not one's own (and how to go back), and what its numbers are
 * (the rules' key, in the book's words). Shown only while it is looked at.
 * @param {OpenFight} fight
 */
function looked(fight) {
  $looking.hidden = $key.hidden = !fight.looking;
  if (!fight.looking) return;
  $keep.hidden = false;
  $lookingText.textContent = t("A fight shared with you: your own fights are as you left them.");
  $back.textContent = fight.looking === "adventure" ? t("Back to the adventure") : t("Back to my fights");
  $key.textContent = (fight.terms ?? []).map(([term, meaning]) => `${term}: ${meaning}`).join("; ");
}

/**
 * The story of the open fight: shown when it has ended, or when it came from a link (read-only until the friend
 * chooses to play); hidden otherwise.
 * @param {OpenFight | null} fight
 * @param {{link?: boolean}} [options]
 */
export async function show(fight, { link = false } = {}) {
  open = fight;
  const token = ++asked;
  reading(link);
  if (!fight || (fight.view.outcome === "ongoing" && !link)) {
    $box.hidden = true;
    shown = null;
    return;
  }
  const mine = JSON.stringify(fight.record);
  if (told !== mine && !(link && told === "link")) clear(); // another fight's story: never shown with this one's
  told = mine;
  $box.hidden = false;
  $play.hidden = !link || fight.view.outcome !== "ongoing";
  $again.hidden = !link;
  looked(fight);
  if (!fight.record.actions.length) return hide();
  const linked = link ? given : null; // the link's preview, for the rules to compare with their story
  /** @type {Promise<any> | null} */
  let asking = odds.review(fight.record, linked); // asked at once: the rules work while the page draws
  await new Promise((resolve) => setTimeout(resolve)); // the fight drawn is a task of its own (a long one's is long)
  if (token !== asked) return;
  if (link) { // a friend's fight: who fought whom, in which book, then its story, looked at first
    $fight.scrollIntoView({ block: "start" });
    $heading.focus({ preventScroll: true });
  }
  $status.textContent = t("The story is being told…");
  const against = fight.versus ? saved.find(fight.versus) : undefined;
  // A simulated review (a book without exact odds) comes in parts: each drawn as it comes, until the last. The
  // compared fight's is asked again only while it is still coming.
  /** @type {any} */
  let theirs = null;
  for (let first = true, pending = true; pending; first = false) {
    const again = against && (!theirs || theirs.simulated?.pending) ? odds.review(against.record) : theirs;
    const [reply, compared] = await Promise.all([asking ?? odds.review(fight.record, linked), again]);
    asking = null;
    if (token !== asked) return;
    theirs = compared;
    pending = draws(reply, theirs, against, first);
  }
}

/**
 * Draws a review's answer (and the one it is compared with); true while a simulated part is still to come.
 * @param {any} reply
 * @param {any} theirs
 * @param {import("../base/storage.js").Save | undefined} against
 * @param {boolean} first the first part: the step shown is the turning round
 */
function draws(reply, theirs, against, first) {
  other = against && theirs?.ok ? { name: saved.title(against), review: theirs } : null;
  if (!reply.ok) {
    clear();
    $status.textContent = t("The story could not be told: {error}", { error: reply.error.message });
    $picture.hidden = true;
    return false;
  }
  shown = reply;
  const measure = capital(/** @type {Review} */ (shown).measure.name);
  $measure.textContent = measure; // what the chart plots
  $chart.setAttribute("aria-label", t("{measure}, action by action", { measure }));
  $status.textContent = reply.preview === "differs" ? t("This link's preview did not match what it holds: what is shown is the rules' own.")
    : reply.preview === "other" ? t("This story is judged by your worth settings, not the sharer's.")
    : reply.simulated?.words ?? "";
  $summary.textContent = reply.summary;
  $picture.hidden = false;
  draw();
  tabled = null;
  if (tableBox.open) table();
  else $table.replaceChildren();
  go(first ? reply.turning ?? reply.rows.length : at);
  return Boolean(reply.simulated?.pending || theirs?.simulated?.pending);
}

/** Empties the story drawn (its words, chart, step and table): nothing of it stays beside another fight's. */
function clear() {
  shown = null;
  $status.textContent = $summary.textContent = $measure.textContent = $step.textContent = "";
  $chart.replaceChildren();
  $table.replaceChildren();
  tabled = null;
  for (const old of $$(".story-legend", $box)) old.remove();
}

const MARKS = { i: "inaccuracy", m: "mistake", b: "blunder" };

/**
 * A share link's preview (pyrules.preview), drawn before the rules have loaded: the outcome, both sides' numbers at
 * the end and, where it has one, the story's chart, every number the sharer's rules wrote; the rules' own story
 * replaces it (show).
 * @param {import("../base/rules.js").Summary} summary
 * @param {[string, string, number][]} sides
 * @param {any[] | undefined} chart [turning, worths, judged, marks, steps, measure's kind]
 * @param {Record<string, Measure>} measures the rules' words of each kind, in the page's language (tools/words.py)
 * @param {any} preview the link's, for the rules to compare
 */
export function preview(summary, sides, chart, measures, preview) {
  given = preview;
  asked++;
  clear();
  told = "link";
  open = /** @type {OpenFight} */ (/** @type {unknown} */ ({ summary, view: { outcome: summary.outcome } }));
  reading(true);
  $box.hidden = false;
  $play.hidden = $again.hidden = $picture.hidden = $looking.hidden = $key.hidden = true;
  $status.textContent = t("The story is being told…");
  $summary.textContent = `${ending(open)}.`;
  const [turning = null, worths = "", , marks = "", steps = [], kind = "win", chances] = chart ?? [];
  // pyrules.preview.worth_text: a character each, or whole per cents where one is outside 0–100 %
  const read = (/** @type {any} */ text) => Array.isArray(text)
    ? text.map((cent) => (typeof cent === "number" ? cent / 100 : null))
    : Array.from(String(text), (c) => {
      const code = c.charCodeAt(0) - 40;
      return code < 0 ? null : (code > 52 ? code - 1 : code) / 100;
    });
  const values = read(worths), wins = chances === undefined ? null : read(chances);
  let round = 0;
  const rows = values.slice(0, -1).map((before, i) => ({ round: (round += Number(steps[i] ?? 1)), before,
    mark: MARKS[/** @type {keyof typeof MARKS} */ (marks[i])] ?? null, known: before !== null, preview: true,
    after: values[i + 1], sides, win: wins?.[i], win_after: wins?.[i + 1] }));
  const measure = measures[kind] ?? measures.win;
  shown = /** @type {Review} */ (/** @type {unknown} */ ({ rows, turning, measure, sides, result: values.at(-1) ?? null,
    win_line: wins ? measures.win : undefined }));
  other = null;
  $measure.textContent = rows.length ? capital(measure.name) : "";
  if (rows.length) draw();
  go(rows.length);
}

export function hide() {
  asked++;
  shown = null;
  $box.hidden = true;
  reading(false);
}

/**
 * @param {boolean} on read-only: the fight's controls hidden until "Play on from here", and the story read first,
 *   under the fight's heading (the cards, the log and the controls after it); else under the fight's tools (Undo,
 *   Share: a story drawn a moment after the outcome moves nothing a player may be tapping)
 */
function reading(on) {
  $fight.classList.toggle("reading", on);
  $controls.inert = on; // what stays in view of them (Citadel's board) is not played either
  const after = on ? $strip : $below;
  if (after.nextElementSibling !== $box) after.after($box);
  // The log row of the step shown is marked by the story drawn next, if any (after an undo, none, or another row).
  for (const row of $$(".story-at", $fight)) row.classList.remove("story-at");
}

/** The story chart's step width, for the reviews drawn. */
const width = () => stepWidth(Math.max(/** @type {Review} */ (shown).rows.length, other?.review.rows.length ?? 0));

function draw() {
  const review = /** @type {Review} */ (shown), win = review.win_line;
  $chart.replaceChildren(reviewChart(review, other?.review ?? null));
  for (const old of $$(".story-legend", $box)) old.remove();
  if (other || win) { // each line by its name: the worth (or this fight), the chance to win, the fight fought again
    $chart.after(h("p", { className: "story-legend" },
      h("span", { className: "own" }, win ? capital(review.measure.name) : t("This fight")), " ",
      ...win ? [h("span", { className: "win" }, capital(win.name)), " "] : [],
      ...other ? [h("span", { className: "other" }, other.name)] : []));
  }
  $chart.setAttribute("aria-valuemax", String(review.rows.length));
}

/** @param {KeyboardEvent} event */
function key(event) {
  if (!shown) return;
  const moves = { ArrowLeft: at - 1, ArrowDown: at - 1, ArrowRight: at + 1, ArrowUp: at + 1, Home: 0,
                  End: shown.rows.length, PageUp: at - 5, PageDown: at + 5 };
  const to = moves[/** @type {keyof typeof moves} */ (event.key)];
  if (to === undefined) return;
  event.preventDefault();
  go(to);
}

/**
 * Steps to an action (or the end): the cursor, the step's words, its log row marked.
 * @param {number} i
 */
function go(i) {
  const review = /** @type {Review} */ (shown);
  at = Math.max(0, Math.min(review.rows.length, i));
  const cursor = $(".cursor", $chart);
  cursor?.setAttribute("x1", String(xOf(at, width())));
  cursor?.setAttribute("x2", String(xOf(at, width())));
  $(".dot.at", $chart)?.classList.remove("at");
  $(`.dot[data-at="${at}"]`, $chart)?.classList.add("at");
  const text = stepText(at);
  $chart.setAttribute("aria-valuenow", String(at));
  $chart.setAttribute("aria-valuetext", text);
  $step.textContent = text;
  for (const row of $$("[data-action]", $fight)) row.classList.toggle("story-at", row.dataset.action === String(at));
}

/** @param {string | null} mark the analysis board's word for a choice, in the page's language */
const markWords = (mark) => mark === "blunder" ? t("blunder") : mark === "mistake" ? t("mistake")
  : mark === "inaccuracy" ? t("inaccuracy") : "";

/**
 * Both sides' numbers, each name once: "Hero: STAMINA 18, LUCK 7 · ОРК: STAMINA 4".
 * @param {[string, string, number][]} sides
 */
function sidesText(sides) {
  /** @type {[string, string[]][]} */
  const named = [];
  for (const [name, label, value] of sides) {
    const last = named[named.length - 1];
    if (last && last[0] === name) last[1].push(`${label} ${value}`);
    else named.push([name, [`${label} ${value}`]]);
  }
  return named.map(([name, numbers]) => `${name}: ${numbers.join(", ")}`).join(" · ");
}

/**
 * A log row's words as the fight screen shows them, each die face as its number ("Dmitri: 3+5 + 10 = 18"): a face
 * is a picture (named for screen readers only), which innerText leaves out. A block starts a new word, as in
 * innerText; what is not displayed is left out.
 * @param {HTMLElement} item
 */
function logText(item) {
  /** @param {Node} node @returns {string} */
  const words = (node) => {
    if (!(node instanceof Element)) return node.nodeType === Node.TEXT_NODE ? node.textContent ?? "" : "";
    if (node.classList.contains("dice-faces")) return $$(".die", node).map((die) => die.childElementCount).join("+");
    const { display } = getComputedStyle(node);
    if (display === "none") return "";
    const inner = Array.from(node.childNodes, words).join("");
    return display.startsWith("inline") ? inner : ` ${inner} `;
  };
  return words(item).replace(/\s+/g, " ").trim();
}

/** @param {number} i */
function stepText(i) {
  const review = /** @type {Review} */ (shown);
  if (i >= review.rows.length) {
    const last = review.rows.length ? review.rows[review.rows.length - 1].sides : review.sides;
    const now = /** @type {OpenFight} */ (open).view.outcome === "ongoing"
      ? measured("now", review.result === null ? "?" : percent(review.result))
      : t("The end.");
    return `${now} ${sidesText(last)}.`;
  }
  const row = review.rows[i];
  if (/** @type {any} */ (row).preview) { // a link's preview: its chance and mark (the rules' words come with them)
    return [`${t("Round")} ${row.round}:`, row.known ? measured("before", percent(/** @type {number} */ (row.before))) : "?",
      winText(row), markWords(row.mark)].join(" ").replace(/ +/g, " ").trim();
  }
  const parts = [t("Round {round}: {did}.", { round: row.round, did: row.did })];
  if (row.words) { // simulated: the chance and the luck with their errors, in the rules' words
    parts.push(row.words);
  } else if (!row.known) {
    parts.push(t("Past what the exact odds can count: not reviewed."));
  } else {
    parts.push(measured("before", percent(/** @type {number} */ (row.before))));
    if (review.win_line) parts.push(winText(row));
    if (!row.judged) {
      parts.push(t("Not judged; it changed the chance by {change}.", { change: points(/** @type {number} */ (row.sheet)) }));
    } else if (row.best) {
      parts.push(t("Choice: {change}, {mark}; the best was to {best}.", {
        change: points(/** @type {number} */ (row.choice)), mark: markWords(row.mark) || t("a small loss"),
        best: row.best }));
    } else {
      parts.push(t("Choice: the best."));
    }
    if (row.judged) parts.push(t("Luck: {change}.", { change: points(/** @type {number} */ (row.luck)) }));
  }
  const log = $$(`[data-action="${i}"]`, $fight).map(logText);
  if (log.length) parts.push(`${t("Log")}: ${log.join(" ")}`);
  parts.push(t("After it: {numbers}.", { numbers: sidesText(row.sides) }));
  return parts.join(" ");
}

/** The chance to win before a row in the rules' words, where the story draws it beside the worth. @param {Row} row */
const winText = (row) => /** @type {Review} */ (shown).win_line?.before.replace("{chance}", row.win == null ? "?"
  : percent(row.win)) ?? "";

/**
 * A chance to win as the table shows it: a simulated one with its 95 % interval ("100 % (99 %–100 %)") unless the
 * interval, rounded, is the chance itself.
 * @param {number} before
 * @param {Row} row
 */
function chanceText(before, row) {
  const shown = percent(before);
  if (row.low === undefined || row.low === null || row.high === undefined || row.high === null) return shown; // exact
  const [low, high] = [percent(row.low), percent(row.high)];
  return low === shown && high === shown ? shown : `${shown} (${low}–${high})`;
}

// The table is made when it is opened, TABLE_ROWS rows a task: a 5,000-round fight's is 30,000 cells, seconds of the
// page's work at once.
const TABLE_ROWS = 250;
const tableBox = /** @type {HTMLDetailsElement} */ ($table.closest("details"));
/** @type {Review | null} */
let tabled = null; // the review the table holds, or is being made of
tableBox.addEventListener("toggle", () => {
  if (tableBox.open && shown && tabled !== shown) table();
});

async function table() {
  const review = /** @type {Review} */ (shown), win = review.win_line;
  tabled = review;
  const head = h("tr", {}, h("th", { scope: "col", i18n: "Round" }), h("th", { scope: "col", i18n: "Action" }),
    h("th", { scope: "col" }, measured(review.measure.column ? "column" : "name")), // a link's preview: its name
    ...win ? [h("th", { scope: "col" }, win.column ?? capital(win.name))] : [], h("th", { scope: "col", i18n: "Choice" }),
    h("th", { scope: "col", i18n: "Luck" }), h("th", { scope: "col", i18n: "Mark" }));
  const row = (/** @type {Row} */ row) => h("tr", {},
    element("td", String(row.round)), element("td", row.did),
    element("td", row.before === null ? "?" : chanceText(row.before, row)),
    ...win ? [element("td", row.win == null ? "?" : percent(row.win))] : [],
    // not judged (the sheet's actions; every simulated one): the change it made, bracketed, in the choice's column
    element("td", !row.known ? "?" : row.judged ? points(/** @type {number} */ (row.choice))
      : row.sheet !== null ? `(${points(row.sheet)})`
        : row.error !== null ? `(${points(/** @type {number} */ (row.luck))})` : ""),
    element("td", row.known && row.judged ? points(/** @type {number} */ (row.luck)) : ""),
    element("td", markWords(row.mark)));
  const body = h("tbody", {});
  $table.replaceChildren(h("caption", { i18n: "The fight, action by action" }), h("thead", {}, head), body);
  for (let from = 0; from < review.rows.length; from += TABLE_ROWS) {
    if (from) await new Promise((resolve) => setTimeout(resolve));
    if (tabled !== review) return; // another story, or a step's redraw, took the table over
    body.append(...review.rows.slice(from, from + TABLE_ROWS).map(row));
  }
}

// ---- the story as a picture (1200×630, the size chats and forums preview) -------------------------------------

/**
 * The picture: the book, who fought whom, how it ended and what each side had left in large type, the summary, and
 * the chart with its rounds under it and the turning round marked. Its y axis starts low enough to show the line's
 * moves (an easy fight's chance, near 100 % throughout, is not a flat line at the top).
 * @returns {HTMLCanvasElement}
 */
export function picture() {
  const review = /** @type {Review} */ (shown);
  const fight = /** @type {OpenFight} */ (open);
  const canvas = document.createElement("canvas");
  canvas.width = 1200;
  canvas.height = 630;
  const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  const style = getComputedStyle(document.documentElement);
  const color = (/** @type {string} */ name) => style.getPropertyValue(name).trim(); // each one set in style.css
  /** @param {string} font @param {string} fill */
  const pen = (font, fill) => {
    g.font = `${font} system-ui, sans-serif`;
    g.fillStyle = color(fill);
  };
  g.fillStyle = color("--paper");
  g.fillRect(0, 0, 1200, 630);
  pen("600 28px", "--muted");
  const openFight = get("fight");
  g.fillText(openFight ? system(openFight.record.system).book : "", 48, 58, 1104);
  pen("700 44px", "--ink");
  g.fillText(saved.title(fight), 48, 112, 1104);
  const outcome = fight.view.outcome;
  pen("800 56px", outcome === "lost" ? "--bad" : outcome === "ongoing" ? "--ink" : "--good");
  g.fillText(ending(fight), 48, 182, 1104);
  const last = review.rows.length ? review.rows[review.rows.length - 1].sides : review.sides;
  pen("600 28px", "--ink");
  g.fillText(sidesText(last), 48, 226, 1104);
  pen("22px", "--muted");
  wrap(g, review.summary, 1104).slice(0, 3).forEach((line, i) => g.fillText(line, 48, 266 + i * 28));
  const top = 370, height = 190, left = 110, width = 1040;
  const drawn = [values(review), review.win_line ? values(review, true) : [], other ? values(other.review) : []]
    .flatMap((line) => line.map(([, v]) => v ?? 1));
  const low = Math.max(0, Math.min(0.9, Math.floor(Math.min(...drawn) * 10 - 1) / 10)); // the axis's bottom
  const yOf = (/** @type {number} */ v) => top + ((1 - v) / (1 - low)) * height;
  const n = Math.max(1, review.rows.length, other?.review.rows.length ?? 0);
  const xOf = (/** @type {number} */ i) => left + (i / n) * width;
  pen("20px", "--muted");
  g.fillText(capital(review.measure.name), left, top - 18, width);
  if (review.turning !== null) { // the round that turned the fight: its band
    g.fillStyle = color("--tint");
    g.fillRect(xOf(review.turning), top, width / n, height);
    g.fillStyle = color("--muted");
  }
  g.strokeStyle = color("--line");
  g.textAlign = "right";
  for (const v of [low, (1 + low) / 2, 1]) {
    g.beginPath();
    g.moveTo(left, yOf(v));
    g.lineTo(left + width, yOf(v));
    g.stroke();
    g.fillText(percent(v), left - 12, yOf(v) + 7);
  }
  g.textAlign = "center";
  let labelled = -Infinity; // a round's number under its first action, none closer than 40 pixels to the last
  review.rows.forEach((row, i) => {
    if (row.round !== review.rows[i - 1]?.round && xOf(i) - labelled >= 40) {
      g.fillText(String(row.round), xOf(i), top + height + 28);
      labelled = xOf(i);
    }
  });
  g.textAlign = "left";
  /**
   * One review's worth as a line on the picture (a gap where an action is past the exact odds' budget).
   * @param {Review} line
   * @param {boolean} [win]
   */
  const trace = (line, win) => {
    g.beginPath();
    let drawing = false;
    for (const [i, v] of values(line, win)) {
      if (v !== null) {
        if (drawing) g.lineTo(xOf(i), yOf(v));
        else g.moveTo(xOf(i), yOf(v));
      }
      drawing = v !== null;
    }
    g.stroke();
  };
  if (other) { // the fight this one fought again, dashed under it
    g.strokeStyle = color("--muted");
    g.lineWidth = 3;
    g.setLineDash([12, 8]);
    trace(other.review);
    g.setLineDash([]);
  }
  if (review.win_line) { // the chance to win beside the worth, dotted, named at the right in its colour
    g.strokeStyle = g.fillStyle = color("--good");
    g.textAlign = "right";
    g.fillText(capital(review.win_line.name), left + width, top - 18, width / 2);
    g.textAlign = "left";
    g.lineWidth = 3;
    g.setLineDash([4, 6]);
    trace(review, true);
    g.setLineDash([]);
  }
  g.strokeStyle = color("--accent");
  g.lineWidth = 4;
  trace(review);
  const colors = { inaccuracy: color("--inaccuracy"), mistake: color("--mistake"), blunder: color("--bad") };
  review.rows.forEach((row, i) => {
    if (row.before === null || !row.mark) return;
    g.fillStyle = colors[/** @type {keyof typeof colors} */ (row.mark)];
    g.beginPath();
    g.arc(xOf(i), yOf(row.before), 9, 0, 2 * Math.PI);
    g.fill();
  });
  g.textAlign = "right";
  pen("18px", "--muted");
  g.fillText(t("Round"), left - 20, top + height + 28);
  g.fillText("pyrules", 1152, 618);
  return canvas;
}

/**
 * @param {CanvasRenderingContext2D} g
 * @param {string} text
 * @param {number} width
 */
function wrap(g, text, width) {
  const lines = [""];
  for (const word of text.split(" ")) {
    const line = lines[lines.length - 1];
    const next = line ? `${line} ${word}` : word;
    if (g.measureText(next).width > width && line) lines.push(word);
    else lines[lines.length - 1] = next;
  }
  return lines;
}

async function savePicture() {
  if (!shown || !open) return;
  const blob = await new Promise((done) => picture().toBlob(done, "image/png"));
  if (!blob) return;
  const name = fileName(saved.title(open), "png");
  const file = new File([blob], name, { type: "image/png" });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: saved.title(open) });
      return;
    } catch {
      // dismissed, or refused: the download below
    }
  }
  saveFile(name, blob);
}
