// Playing the open fight (app.js opens it, and holds it here): one action at a time with the rules, undo and redo,
// and the fight card drawn from each answer through the fight's screen module (its cards, outcome and strip, its log).
import { $, clearErrors, showError, undoKeys } from "../base/dom.js";
import * as log from "./log.js";
import * as saved from "./saved.js";
import * as sheet from "./sheet.js";
import { screenOf, shownFor } from "./systems.js";

/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("../base/rules.js").Action} Action */
/** @typedef {import("../base/rules.js").FightEvent} FightEvent */
/** @typedef {import("../base/rules.js").Rules} Rules */
/** @template T @typedef {import("../base/rules.js").Reply<T>} Reply */
/**
 * What playing asks of the shell: the fight's story told again (it may have ended, or be ongoing again), and the odds
 * asked again soon.
 * @typedef {{tellStory: () => void, changed: () => void}} Shell
 */

const $fight = $("#fight"), $roundForm = $("#round-form"), $newFight = $("#new-fight"),
  $actionError = $("#action-error"),
  $undo = /** @type {HTMLButtonElement} */ ($("#undo")), $redo = /** @type {HTMLButtonElement} */ ($("#redo")),
  $outcome = $("#outcome"), $strip = $("#fight-strip");
/** @type {Rules | null} */
export let rules = null; // the worker client, once ready
/** @type {OpenFight | null} */
export let fight = null;
/** @type {Shell} */
let shell;
/** @type {Promise<boolean> | null} an action with the rules, or being drawn */
let inFlight = null;
// Redo is a deliberate press of its own button, never a bounce: pressed while an action is with the rules (the story's
// review before it, say), it waits for it, and each press redoes one action.
let redone = Promise.resolve();
// The strip of both sides' numbers: at the top of the screen while the hero's card is scrolled past (the log read
// under it); not while the card is still below (a friend's story read above the cards, under the fight's heading).
let cardsPassed = false;

/** The rules are ready. @param {Rules} client */
export const connect = (client) => { rules = client; };
/** The fight open now (null: none). @param {OpenFight | null} open */
export const open = (open) => { fight = open; };

/** The fight card's controls. @param {Shell} with_ */
export function init(with_) {
  shell = with_;
  $roundForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (fight) act(screenOf(fight.record.system).screen.formAction(fight));
  });
  // One action per intent: a click the browser counts as the second of a double click or double tap (a bounce, a
  // nervous second tap on the same control, within the system's double-click time) does nothing in the fight card; a
  // deliberate next round, later than that, is a click of its own.
  $fight.addEventListener("click", (event) => {
    if (event.detail < 2 || !(/** @type {Element} */ (event.target).closest("button, input"))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
  $undo.addEventListener("click", undo);
  $redo.addEventListener("click", redo);
  undoKeys(() => fight !== null && !$fight.hidden, undo, redo);
}

/**
 * One action of the open fight: the rules' answer drawn, the fight kept. False when the rules refuse it.
 * @param {Action | null} action
 */
export async function act(action, fromRedo = false) {
  if (!fight || !action || !rules || inFlight) return false; // one action at a time: a tap during one is not another
  inFlight = acted(action, fromRedo);
  try {
    return await inFlight;
  } finally {
    inFlight = null;
  }
}

/**
 * @param {Action} action
 * @param {boolean} fromRedo
 */
async function acted(action, fromRedo) {
  if (!fight || !rules) return false;
  /** @type {Reply<import("../base/rules.js").Acted>} */
  const reply = await rules.call({ op: "act", session: fight.session, action });
  if (!reply.ok) {
    showError(reply.error, $actionError, $fight);
    return false;
  }
  clearErrors($fight);
  $actionError.textContent = "";
  $("#messages").replaceChildren();
  fight.record.actions.push(reply.action);
  fight.view = reply.view;
  fight.summary = reply.summary;
  fight.why = reply.why;
  if (!fromRedo) fight.redo = [];
  if (fight.looking) await saved.keep(fight, true); // a friend's fight played (one with no story yet): kept, as Play on
  saveOpenFight();
  const { screen, parts } = screenOf(fight.record.system);
  screen.clearInputs();
  render();
  const rows = rowsOf(reply.event, fight.record.actions.length - 1);
  if (parts.newestFirst) parts.log.prepend(...rows.reverse());
  else parts.log.append(...rows);
  if (fight.view.outcome !== "ongoing") {
    sheet.heroBack(fight, $actionError, $fight); // the sheet follows the fight as soon as it is over
    shell.tellStory();
  }
  return true;
}

export async function undo() {
  if (!fight || !rules || !fight.record.actions.length) return;
  /** @type {Reply<import("../base/rules.js").Undone>} */
  const reply = await rules.call({ op: "undo", session: fight.session });
  if (!reply.ok) return showError(reply.error, $actionError, $fight);
  fight.redo.push(/** @type {Action} */ (fight.record.actions.pop()));
  fight.view = reply.view;
  fight.summary = reply.summary;
  fight.why = reply.why;
  saveOpenFight();
  render();
  shell.tellStory();
  // The rows of the action undone go (each row says its action's index): the reply carries no log to draw again.
  const { parts } = screenOf(fight.record.system);
  const kept = fight.record.actions.length;
  for (const row of [...parts.log.children]) {
    if (Number(/** @type {HTMLElement} */ (row).dataset.action) >= kept) row.remove();
  }
  log.undone(kept);
}

export function redo() {
  redone = redone.then(async () => {
    while (inFlight) await inFlight.catch(() => false);
    if (fight && fight.redo.length) await act(/** @type {Action} */ (fight.redo.pop()), true);
  });
}

/**
 * The open fight's log, from the events the rules sent (its last ones); earlier ones asked for page by page.
 * @param {FightEvent[]} events
 * @param {number} start the first one's index in the fight's log
 */
export function drawLog(events, start) {
  const open = /** @type {OpenFight} */ (fight);
  const { parts } = screenOf(open.record.system);
  log.draw({ log: parts.log, newestFirst: parts.newestFirst, rows: rowsOf, more: async (end) => {
    /** @type {Reply<{log: FightEvent[], log_from: number}> | null} */
    const reply = rules && await rules.call({ op: "log", session: open.session, end });
    if (reply && !reply.ok) showError(reply.error, $actionError, $fight);
    return reply?.ok ? reply : null;
  } }, events, start);
}

/**
 * The log's rows for one action's event, each marked with the action's index (undo takes them away by it).
 * @param {FightEvent} event
 * @param {number} index
 */
function rowsOf(event, index) {
  const open = /** @type {OpenFight} */ (fight);
  const rows = screenOf(open.record.system).screen.logRows(event, open, shownFor(open));
  for (const row of rows) row.dataset.action = String(index);
  return rows;
}

export function render() {
  const open = /** @type {OpenFight} */ (fight);
  const { screen } = screenOf(open.record.system);
  const shown = shownFor(open);
  screen.render(open, shown);
  $undo.disabled = open.record.actions.length === 0;
  $redo.disabled = open.redo.length === 0;
  $outcome.className = `outcome ${open.view.outcome}`;
  $outcome.textContent = screen.outcomeText(open.view, shown);
  $strip.textContent = screen.strip?.(open, shown) ?? "";
  showStrip();
  shell.changed();
  const opened = document.activeElement === document.body; // a finished fight opened (a link, a saved one)
  if (open.view.outcome !== "ongoing" && !open.looking && ($roundForm.contains(document.activeElement) || opened)) {
    // The controls just used are disabled now; a fight just opened stays shown from its cards, not scrolled away.
    $newFight.focus({ preventScroll: opened });
  }
}

export const cardsSeen = new IntersectionObserver((entries) => {
  const last = entries[entries.length - 1];
  cardsPassed = !last.isIntersecting && last.boundingClientRect.bottom <= 0;
  showStrip();
});
export function showStrip() {
  $strip.hidden = !cardsPassed || !fight || $fight.hidden || !$strip.textContent;
  // What is scrolled into view (a control focused, the table after a round) comes under the strip, not behind it.
  document.documentElement.style.scrollPaddingTop = $strip.hidden ? "" : `${$strip.offsetHeight + 8}px`;
}

/** The open fight kept (saved.js). */
export function saveOpenFight() {
  if (fight) saved.saveFight(fight);
}
