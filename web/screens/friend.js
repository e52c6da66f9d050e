// What a friend sees of a shared adventure (#a=…): the book, the hero and the run through it (the hero's main
// statistic fight after fight, each fight as "hero vs enemy, won after N rounds, ENDURANCE 22 → 15", tapped for its
// story), apart from the friend's own fights, which stay as they were until the friend keeps the adventure. Every
// number and word of the rules is the open_link reply's (pyrules.adventure.overview).
import { $, h, leaveLink, svgNode as node } from "../base/dom.js";
import { t } from "../base/i18n.js";
import { emit, get, on } from "../base/state.js";
import * as play from "./play.js";
import { adopt, fightName, state } from "./saved.js";
import { system } from "./systems.js";

/**
 * @typedef {import("../base/rules.js").Summary & {name: string, section: string, start: number, left: number}} Line
 * @typedef {{adventure: Record<string, any>, overview: {stat: string, fights: Line[]}, terms: string[][]}} Shared
 */

const $box = $("#friend"), $heading = $("#friend-heading"), $book = $("#friend-book"), $key = $("#friend-key"),
  $caption = $("#friend-caption"), $chart = $("#friend-chart"), $fights = $("#friend-fights"),
  $keep = /** @type {HTMLButtonElement} */ ($("#friend-keep")), $status = $("#friend-status");
/** @type {Shared | null} */
let shown = null;

export function init() {
  on("fight", (fight) => { if (fight) hide(); }); // one of its fights open, or one's own: the overview steps aside
  $keep.addEventListener("click", () => {
    if (!shown) return;
    adopt(shown.adventure, true, lines()); // kept, and the link leaves the address
    leaveLink();
    $keep.hidden = true;
    $status.textContent = t("Kept in your saved fights.");
  });
  $("#friend-back").addEventListener("click", () => emit("back")); // the shell's
  $fights.addEventListener("click", async (event) => {
    const button = /** @type {Element} */ (event.target).closest("button");
    const index = Number(button?.dataset.index);
    if (!shown || !button) return;
    const { name, record, section } = shown.adventure.fights[index], rules = get("rules");
    /** @type {import("../base/rules.js").Reply<import("../base/rules.js").Opened> | null} */
    const reply = rules && await rules.call({ op: "restore", record });
    if (reply?.ok) play.show(reply, { name, section, link: true, shared: true, looking: "adventure", index });
  });
}

/** Whether a shared adventure is open (shown, or one of its fights is). */
export const open = () => shown !== null;

/** Its fights' lines (their summaries): the titles of its fights once kept. */
export const lines = () => shown?.overview.fights ?? [];

/**
 * The same adventure in another language (the rules' words asked again): drawn again where it is in view.
 * @param {Shared} reply
 */
export function replace(reply) {
  shown = reply;
  if (!$box.hidden) draw();
}

/**
 * Shows a shared adventure (or the one shown, back from one of its fights), the page's own cards set aside.
 * @param {Shared & {preview?: string} | null} [reply] the open_link reply, or the link's preview (`early`: drawn
 *   before the rules have loaded, nothing to keep yet); none: the one shown
 * @param {number} [from] the fight just looked at: its button focused
 */
export function show(reply, from, early = false) {
  if (reply) {
    shown = reply;
    $keep.hidden = early;
    $status.textContent = reply.preview === "differs"
      ? t("This link's preview did not match what it holds: what is shown is the rules' own.") : "";
  }
  if (!shown) return;
  document.documentElement.classList.add("friend-view");
  $box.hidden = false;
  draw();
  const back = from === undefined ? null : $fights.querySelectorAll("button")[from];
  (back ?? $heading).focus();
  if (!back) $box.scrollIntoView({ block: "start" });
}

/** Leaves the adventure's overview (for one of its fights, or for good: `close`). */
export function hide(close = false) {
  document.documentElement.classList.remove("friend-view");
  $box.hidden = true;
  if (close) shown = null;
}

function draw() {
  const { adventure, overview, terms } = /** @type {Shared} */ (shown);
  const lines = overview.fights;
  const hero = adventure.name || lines[0]?.hero || "";
  $heading.textContent = hero;
  $book.textContent = [system(adventure.system)?.book ?? "",
    t("{n} {n|fight|fights}", { n: lines.length })].join(" · ");
  $key.textContent = terms.map(([term, meaning]) => `${term}: ${meaning}`).join("; ");
  $caption.textContent = t("{stat}, fight after fight", { stat: overview.stat });
  $chart.replaceChildren(chart(lines));
  $fights.replaceChildren(...lines.map((line, i) => h("li", {},
    h("button", { type: "button", className: "link", data: { index: String(i) } }, line.name || fightName(line)),
    h("span", { className: "hint" }, [line.name ? fightName(line) : "", // the sharer's name for it first
      line.section ? t("section {section}", { section: line.section }) : "",
      state(line), `${overview.stat} ${line.start} → ${line.left}`].filter(Boolean).join(" · ")))));
}

const W = 420, H = 150, LEFT = 40, RIGHT = 14, TOP = 16, BOTTOM = 24;

/**
 * The statistic from each fight's start to its end (solid), and from one fight's end to the next one's start (dashed:
 * what the book gave back between them), each fight numbered under it, each end's value written over it.
 * @param {Line[]} lines
 */
function chart(lines) {
  const most = Math.max(1, ...lines.flatMap((line) => [line.start, line.left]));
  const x = (/** @type {number} */ i) => LEFT + ((W - LEFT - RIGHT) * i) / Math.max(1, lines.length);
  const y = (/** @type {number} */ v) => TOP + (1 - v / most) * (H - TOP - BOTTOM);
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, class: "story-svg", "aria-hidden": "true" });
  for (const v of [0, most]) {
    svg.append(node("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: "grid" }));
    svg.append(node("text", { x: LEFT - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, String(v)));
  }
  lines.forEach((line, i) => {
    const [from, to] = [x(i) + 6, x(i + 1) - 6];
    svg.append(node("path", { d: `M${from},${y(line.start)}L${to},${y(line.left)}`, class: "line" }));
    const next = lines[i + 1];
    if (next) svg.append(node("path", { d: `M${to},${y(line.left)}L${x(i + 1) + 6},${y(next.start)}`, class: "line other" }));
    svg.append(node("circle", { cx: to, cy: y(line.left), r: 4, class: `dot ${line.outcome === "lost" ? "blunder" : ""}` }));
    svg.append(node("text", { x: to, y: y(line.left) - 8, class: "tick", "text-anchor": "middle" }, String(line.left)));
    svg.append(node("text", { x: (from + to) / 2, y: H - 6, class: "tick", "text-anchor": "middle" }, String(i + 1)));
  });
  return svg;
}
