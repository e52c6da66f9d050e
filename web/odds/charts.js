// The page's small SVG charts, drawn from numbers the rules computed (no library; text via textContent): the odds
// panel's bars and curves (odds.js), and the story's chart of the chance to win before every action (story.js).
import { svgNode as node } from "../base/dom.js";
import { percentText } from "../base/i18n.js";

/**
 * @typedef {{index: number, round: number, did: string, best: string | null, before: number | null,
 *   after: number | null, known: boolean, judged: boolean, choice: number | null, luck: number | null,
 *   sheet: number | null, mark: string | null, sides: [string, string, number][], error: number | null,
 *   low?: number | null, high?: number | null, words?: string, win?: number | null, win_after?: number | null}} Row
 * @typedef {{name: string, before: string, column?: string, now: string}} Measure column: none in a link's preview
 * @typedef {{start: number | null, result: number | null, outcome: string, rows: Row[], turning: number | null,
 *   worst: number | null, summary: string, unknown: number, sides: [string, string, number][],
 *   simulated?: {pending: boolean, words: string}, measure: Measure, win_line?: Measure}} Review
 * win_line: the chance to win fighting on to the end, drawn beside the worth where the fight has a way out
 */

// The story's chart, in its own units.
const W = 420, H = 180, RIGHT = 10, TOP = 10, BOTTOM = 26;
let LEFT = 46; // room for the chance's labels: more where the worth's bottom is written longer ("−600 %")
const DOTS = 400; // actions up to which each has its dot on the chart (past it they would be one smudge)

/**
 * A chance as the page writes it: one that is not certain never reads as certain (0.9996 is "> 99.9 %", not
 * "100 %"; 0.0004 "< 0.1 %"); exactly 1 and 0 are "100 %" and "0 %".
 * @param {number} p
 */
const percent = (p) => percentText(p, 1);
let floor = 0; // the story chart's bottom: 0 %, or a half lower where a spend's cost takes the worth below nothing
/** @param {number} v */
const yOf = (v) => TOP + (1 - v) / (1 - floor) * (H - TOP - BOTTOM);

/**
 * The story chart's step width, for `steps` steps (the actions of the longest review drawn).
 * @param {number} steps
 */
export const stepWidth = (steps) => (W - LEFT - RIGHT) / Math.max(1, steps);
/** The x of step `i`, of steps `width` wide. @param {number} i @param {number} width */
export const xOf = (i, width) => LEFT + i * width;
/** The step under a point, at `fraction` of the chart's width. @param {number} fraction @param {number} width */
export const stepAt = (fraction, width) => Math.round((fraction * W - LEFT) / width);

/**
 * The worth before each action, and after the last; `win`: the chance to win beside it (where there is a way out).
 * @param {Review} review
 * @param {boolean} [win]
 * @returns {[number, number | null][]}
 */
export function values(review, win = false) {
  const { rows } = review, last = rows[rows.length - 1];
  /** @type {[number, number | null][]} */
  const found = rows.map((row, i) => [i, (win ? row.win : row.before) ?? null]);
  return [...found, [rows.length, (last && (win ? last.win_after : last.after)) ?? null]];
}

/**
 * The story's chart: the review's chance to win before every action, its marked actions, the round that turned the
 * fight, and under it the fight it fights again (`other`), if any.
 * @param {Review} review
 * @param {Review | null} other
 */
export function reviewChart(review, other) {
  floor = Math.floor(2 * Math.min(0, ...[review, ...other ? [other] : []].flatMap((r) => values(r).map(([, v]) => v ?? 0)))) / 2;
  LEFT = Math.max(46, 6 + 8.5 * percentText(floor, 0).length);
  const width = stepWidth(Math.max(review.rows.length, other?.rows.length ?? 0));
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, class: "story-svg", "aria-hidden": "true" });
  for (const v of new Set([floor, 0, floor < -0.5 ? 0 : 0.5, 1])) {
    svg.append(node("line", { x1: LEFT, x2: W - RIGHT, y1: yOf(v), y2: yOf(v), class: "grid" }));
    svg.append(node("text", { x: LEFT - 6, y: yOf(v) + 4, class: "tick", "text-anchor": "end" }, percentText(v, 0)));
  }
  if (review.turning !== null) { // the round that turned the fight: its band
    const x = xOf(review.turning, width);
    svg.append(node("rect", { x, y: TOP, width, height: H - TOP - BOTTOM, class: "turning" }));
  }
  if (other) svg.append(node("path", { d: line(other, width), class: "line other" }));
  if (review.win_line) svg.append(node("path", { d: line(review, width, true), class: "line win" }));
  svg.append(node("path", { d: line(review, width), class: "line" }));
  let labelled = -Infinity; // a round's number under its first action, none closer than 20 units to the last
  const dots = review.rows.length <= DOTS; // a long fight's line alone, with its marked actions
  review.rows.forEach((row, i) => {
    if ((dots || row.mark) && row.before !== null && row.error) { // a simulated chance: its 95 % interval
      svg.append(node("line", { x1: xOf(i, width), x2: xOf(i, width), y1: yOf(row.low ?? Math.max(0, row.before - row.error)),
                                y2: yOf(row.high ?? Math.min(1, row.before + row.error)), class: "error" }));
    }
    if ((dots || row.mark) && row.before !== null) {
      svg.append(node("circle", { cx: xOf(i, width), cy: yOf(row.before), r: row.mark ? 6 : 3.5,
                                  class: `dot ${row.mark ?? ""}`, "data-at": String(i) }));
    }
    if (row.round !== review.rows[i - 1]?.round && xOf(i, width) - labelled >= 20) {
      svg.append(node("text", { x: xOf(i, width), y: H - 8, class: "tick", "text-anchor": "middle" }, String(row.round)));
      labelled = xOf(i, width);
    }
  });
  svg.append(node("line", { x1: 0, x2: 0, y1: TOP, y2: H - BOTTOM, class: "cursor" }));
  return svg;
}

/**
 * The SVG path of a review's worth (or chance to win): a gap where an action is past the exact odds' budget.
 * @param {Review} review
 * @param {number} width a step's
 * @param {boolean} [win]
 */
function line(review, width, win) {
  let d = "", pen = false;
  for (const [i, v] of values(review, win)) {
    if (v !== null) d += `${pen ? "L" : "M"}${xOf(i, width).toFixed(1)},${yOf(v).toFixed(1)}`;
    pen = v !== null;
  }
  return d;
}


/**
 * @param {number} width
 * @param {number} height
 * @param {string} label
 */
function frame(width, height, label) {
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart" });
  svg.append(node("title", {}, label));
  return svg;
}

/**
 * Bars: points is [[x, p], ...] (a distribution); the bars of x <= 0 are drawn in the "dead" colour. The axes say
 * what they hold: the chance (0 and the tallest bar's) up the left, the values of x along the bottom.
 * @param {[number, number][]} points
 * @param {{label: string, xLabel: string, yLabel: string, width?: number, height?: number}} options
 */
export function bars(points, { label, xLabel, yLabel, width = 320, height = 136 }) {
  const svg = frame(width, height, label);
  if (!points.length) return svg;
  const top = Math.max(...points.map(([, p]) => p)) || 1;
  const left = 42, right = 4, upper = 18, bottom = height - 18, span = width - left - right;
  const step = span / points.length;
  const bar = Math.max(1, step * 0.8);
  points.forEach(([x, p], i) => {
    const h = Math.max(p > 0 ? 1 : 0, (p / top) * (bottom - upper));
    const rect = node("rect", { x: left + i * step + (step - bar) / 2, y: bottom - h, width: bar, height: h,
                                class: x <= 0 ? "bar dead" : "bar" });
    rect.append(node("title", {}, `${xLabel} ${x}: ${percent(p)}`));
    svg.append(rect);
  });
  const first = points[0][0], last = points[points.length - 1][0];
  svg.append(node("line", { x1: left, y1: bottom, x2: width - right, y2: bottom, class: "axis" }));
  svg.append(node("line", { x1: left, y1: upper, x2: left, y2: bottom, class: "axis" }));
  svg.append(node("text", { x: left - 3, y: upper + 4, class: "tick", "text-anchor": "end" }, percent(top)));
  svg.append(node("text", { x: left - 3, y: bottom, class: "tick", "text-anchor": "end" }, percent(0)));
  svg.append(node("text", { x: left + 3, y: upper - 6, class: "tick" }, yLabel)); // above the tallest bar
  svg.append(node("text", { x: left, y: height - 4, class: "tick" }, String(first)));
  svg.append(node("text", { x: width - right, y: height - 4, class: "tick", "text-anchor": "end" }, String(last)));
  svg.append(node("text", { x: (left + width) / 2, y: height - 4, class: "tick", "text-anchor": "middle" }, xLabel));
  return svg;
}

/**
 * A curve: points is [[x, y], ...] with y in 0..1; mark is the index of the point to ring (the recommendation).
 * @param {[number, number][]} points
 * @param {{label: string, xLabel: string, yLabel: string, mark?: number, width?: number, height?: number}} options
 */
export function curve(points, { label, xLabel, yLabel, mark = -1, width = 320, height = 140 }) {
  const svg = frame(width, height, label);
  if (!points.length) return svg;
  const left = 40, right = 8, top = 8, bottom = height - 20;
  const xs = points.map(([x]) => x);
  const low = Math.min(...xs), high = Math.max(...xs);
  /** @param {number} x */
  const sx = (x) => left + (high === low ? 0.5 : (x - low) / (high - low)) * (width - left - right);
  /** @param {number} y */
  const sy = (y) => bottom - y * (bottom - top);
  svg.append(node("line", { x1: left, y1: bottom, x2: width - right, y2: bottom, class: "axis" }));
  svg.append(node("line", { x1: left, y1: top, x2: left, y2: bottom, class: "axis" }));
  svg.append(node("polyline", { points: points.map(([x, y]) => `${sx(x)},${sy(y)}`).join(" "), class: "line" }));
  if (points[mark]) {
    const [x, y] = points[mark];
    svg.append(node("circle", { cx: sx(x), cy: sy(y), r: 4, class: "mark" }));
  }
  svg.append(node("text", { x: left - 4, y: top + 8, class: "tick", "text-anchor": "end" }, percent(1)));
  svg.append(node("text", { x: left - 4, y: bottom, class: "tick", "text-anchor": "end" }, percent(0)));
  svg.append(node("text", { x: left, y: height - 4, class: "tick" }, String(low)));
  svg.append(node("text", { x: width - right, y: height - 4, class: "tick", "text-anchor": "end" }, String(high)));
  svg.append(node("text", { x: (left + width) / 2, y: height - 4, class: "tick", "text-anchor": "middle" }, xLabel));
  svg.append(node("text", { x: 2, y: (top + bottom) / 2, class: "tick" }, yLabel));
  return svg;
}
