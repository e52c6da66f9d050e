// The open fight's log as drawn: the rules send its last events (a fight of thousands of rounds would be a million
// nodes and seconds of work), and earlier ones come a page at a time when asked ("Show earlier actions").
import { h } from "../base/dom.js";
import { t } from "../base/i18n.js";

/**
 * @typedef {{log: HTMLElement, newestFirst?: boolean, rows: (event: any, index: number) => HTMLElement[],
 *   more: (end: number) => Promise<{log: any[], log_from: number} | null>}} Source  newestFirst: the log's rows in
 *   the page newest first (the screen's Parts); rows: an event's rows, marked with its index; more: the events before index `end` that the rules give at a time (their "log" op, from its
 *   `log_from`), null when refused (said by the caller)
 */

const button = h("button", { type: "button", className: "secondary earlier", hidden: true });
/** @type {Source | null} */
let source = null;
let from = 0; // the index of the first event drawn

button.addEventListener("click", async () => {
  if (!source || from === 0) return;
  const { log, rows, more } = source;
  button.disabled = true;
  const page = await more(from);
  button.disabled = false;
  if (!page || source?.log !== log) return;
  log.prepend(...page.log.flatMap((event, i) => rows(event, page.log_from + i)));
  from = page.log_from;
  label();
});

function label() {
  button.hidden = from === 0;
  button.textContent = t("Show earlier actions ({n} more)", { n: from });
}

/**
 * Draws a fight's log from its event `start` on (the events the rules sent), the way to earlier ones under it.
 * @param {Source} of
 * @param {any[]} events
 * @param {number} start
 */
export function draw(of, events, start) {
  source = of;
  from = start;
  const rows = events.flatMap((event, i) => of.rows(event, start + i));
  of.log.replaceChildren(...(of.newestFirst ? rows.reverse() : rows));
  (of.log.closest("table") ?? of.log).after(button); // the log reads newest first: its oldest rows at its end
  label();
}

/**
 * After an undo: the fight has `kept` actions, and the way to earlier ones starts there at most.
 * @param {number} kept
 */
export function undone(kept) {
  from = Math.min(from, kept);
  label();
}

/** The button's words again (the language switched). */
export const relabel = label;
