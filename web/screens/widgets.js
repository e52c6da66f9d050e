// Shared pieces of the fight screens: a fighter's card with its ENDURANCE bar, die faces, a log card and
// the screen readers' announcement. Plain DOM; each screen module fills them with its own system's words.
import { h } from "../base/dom.js";
import { t } from "../base/i18n.js";

/**
 * A bar of current / starting points (ENDURANCE, ВЫНОСЛИВОСТЬ, Wound Points), the round's change shown as a marked
 * part (its width animates unless the player prefers reduced motion: style.css). A <meter> with its own label, so
 * screen readers read "ENDURANCE 24 of 30".
 * @param {{label: string, current: number, max: number, change?: number, id?: string}} bar
 */
export function bar({ label, current, max, change = 0, id }) {
  const top = Math.max(max, current, 1);
  const meter = h("meter", { min: 0, max: top, value: Math.max(current, 0), low: top / 3 + 0.001, optimum: top,
                             attrs: { "aria-label": `${label} ${current} / ${max}` } });
  if (id) meter.id = id;
  const lost = change < 0 ? Math.min(-change, top) : 0;
  // Widths through the CSSOM: the Content-Security-Policy (style-src 'self') refuses style attributes.
  const fill = h("span", { className: "bar-fill" });
  fill.style.width = `${(100 * Math.max(current, 0)) / top}%`;
  const loss = h("span", { className: "bar-loss" });
  loss.style.width = `${(100 * lost) / top}%`;
  const shown = h("div", { className: "bar", attrs: { "aria-hidden": "true" } }, fill, loss);
  // "4 / 4" and the round's change kept on one line (a board's space is narrow): the label may wrap, not a number.
  const numbers = h("span", { className: "bar-numbers" }, `${current} / ${max}`);
  const text = h("span", { className: "bar-text" }, `${label} `, numbers);
  if (change) numbers.append(" ", h("span", { className: change < 0 ? "change bad" : "change good" },
                                     change > 0 ? `+${change}` : `−${-change}`));
  return h("div", { className: "bar-box" }, text, shown, meter);
}

/**
 * A fighter's card: name, the numbers that matter, the bar, and chips (the section's rules, Vigour, a weapon).
 * @param {{name: string, stats?: [string, string | number][], bar?: Parameters<typeof bar>[0], chips?: string[],
 *   dead?: boolean, className?: string, id?: string}} card
 */
export function fighterCard({ name, stats = [], bar: points, chips = [], dead = false, className = "", id }) {
  const card = h("article", { className: `fighter ${className}${dead ? " dead" : ""}`.trim() });
  if (id) card.id = id;
  const heading = h("h3", { className: "fighter-name" }, name);
  card.append(heading);
  if (stats.length) {
    card.append(h("dl", { className: "fighter-stats" },
      ...stats.flatMap(([label, value]) => [h("dt", {}, label), h("dd", {}, String(value))])));
  }
  if (points) card.append(bar(points));
  if (chips.length) card.append(h("ul", { className: "chips" }, ...chips.map((chip) => h("li", {}, chip))));
  return card;
}

/**
 * One die, drawn as its face (pips), named for screen readers ("die showing 4").
 * @param {number} value 1 to 6
 */
export function dieFace(value) {
  const face = h("span", { className: `die die-${value}`, attrs: { role: "img",
                                                                   "aria-label": t("die showing {n}", { n: value }) } });
  for (let i = 0; i < value; i++) face.append(h("span", { className: "pip" }));
  return face;
}

/** @param {number[]} values */
export const diceFaces = (values) => h("span", { className: "dice-faces" }, ...values.map(dieFace));

/**
 * A card of the log: a heading ("Round 3 · picked 7") and its lines, nothing wider than the screen.
 * @param {string | Node} title
 * @param {(string | Node)[]} lines
 * @param {string} [className]
 */
export function logCard(title, lines, className = "") {
  return h("li", { className: `log-card ${className}`.trim() },
    h("p", { className: "log-title" }, title), ...lines.map((line) => h("p", { className: "log-line" }, line)));
}

/**
 * Says a round's result to screen readers ("Drakkar loses 8, you lose 1: ENDURANCE 24"), in the page's live region.
 * @param {string} text
 */
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region) return;
  region.textContent = "";
  // A new text node after a tick: screen readers announce a change, even of the same words twice.
  setTimeout(() => { region.textContent = text; }, 50);
}

/**
 * The line that shows an action's result beside the control that caused it (a luck test's verdict, a monster's
 * attack): in view where the player tapped, while the log is screens below. Screen readers hear the result through
 * `announce`; this line is for the eyes, and stays readable in the page's order.
 * @param {string} id
 */
export const resultLine = (id) => h("p", { id, className: "last-result", hidden: true });

/**
 * Shows `text` in a result line (empty: hides it).
 * @param {HTMLElement} line
 * @param {string} text
 */
export function showResult(line, text) {
  line.textContent = text;
  line.hidden = !text;
  // Tapped at the screen's foot, the result below the control would be under the odds' summary: brought just into
  // view (the page's scroll padding keeps it above the summary), the page still where it was otherwise.
  if (text) requestAnimationFrame(() => line.scrollIntoView({ block: "nearest" }));
}
