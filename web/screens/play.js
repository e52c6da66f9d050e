// The open fight: shown from the rules' answer (a new one, a saved one, a shared one), played one action at a time
// with the rules, undo and redo, the fight card drawn from each answer through the fight's screen module (its cards,
// outcome and strip, its log), and its story told where its book's fights are reviewed (story.js).
import { $, clearErrors, place, showError, undoKeys } from "../base/dom.js";
import { emit, get, on, set } from "../base/state.js";
import * as log from "./log.js";
import * as saved from "./saved.js";
import * as sheet from "./sheet.js";
import * as story from "./story.js";
import { screenOf, shownFor, system } from "./systems.js";

/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("../base/rules.js").Action} Action */
/** @typedef {import("../base/rules.js").FightEvent} FightEvent */
/** @typedef {import("../base/rules.js").Opened} Opened */
/** @template T @typedef {import("../base/rules.js").Reply<T>} Reply */

const $fight = $("#fight"), $roundForm = $("#round-form"), $newFight = $("#new-fight"),
  $actionError = $("#action-error"),
  $undo = /** @type {HTMLButtonElement} */ ($("#undo")), $redo = /** @type {HTMLButtonElement} */ ($("#redo")),
  $outcome = $("#outcome"), $strip = $("#fight-strip"), $top = $("#fight-top"), $controls = $("#fight-controls"),
  $buttons = $("#fight-buttons"), $bottom = $("#fight-bottom");
/** @type {Promise<boolean> | null} an action with the rules, or being drawn */
let inFlight = null;
// Redo is a deliberate press of its own button, never a bounce: pressed while an action is with the rules (the story's
// review before it, say), it waits for it, and each press redoes one action.
let redone = Promise.resolve();
// The strip of both sides' numbers: at the top of the screen while the hero's card is scrolled past (the log read
// under it); not while the card is still below (a friend's story read above the cards, under the fight's heading).
let cardsPassed = false;
on("show", show); // a saved fight resumed (saved.js)

/**
 * Shows a fight the rules have opened (a new one, a saved one, a shared one, or the same in another language); saved.js
 * asks for it by the event "show".
 * @param {Opened} reply
 * @param {{id?: string | null, name: string, created?: number, redo?: Action[], adventure?: string, section?: string,
 *          link?: boolean, versus?: string, shared?: boolean, looking?: "fight" | "adventure", index?: number}} meta
 *   link: opened from a share link (its story first, read-only until Play on); looking: a friend's fight (of a shared
 *   adventure: its `index`), looked at and not kept; versus: the saved fight this one fights again; name: the
 *   player's, or "" (saved.title)
 * @param {boolean} [same] the open fight again (in another language): what is typed for the next action stays
 */
export function show(reply, { id = null, name, created, redo = [], adventure: of, section, link = false, versus,
                              shared, looking, index }, same = false) {
  const open = { id, name, created, session: reply.session, record: reply.record, view: reply.view,
            summary: reply.summary, why: reply.why, redo, adventure: of, section, terms: reply.terms,
            ...(versus ? { versus } : {}), ...(shared ? { shared } : {}), ...(looking ? { looking, index } : {}) };
  set("fight", open); // a shared adventure's overview, followed by friend.js, steps aside
  const { kind, book } = system(open.record.system);
  const { screen, parts } = screenOf(open.record.system);
  if ($top.dataset.kind !== kind) { // this kind's fight view in the fight card
    $top.dataset.kind = kind;
    place($top, parts.top);
    place($controls, parts.controls);
    place($buttons, parts.buttons);
    place($bottom, parts.bottom);
    cardsSeen.disconnect();
    const card = document.getElementById("hero-status");
    if (card) cardsSeen.observe(card);
  }
  $("#fight-heading").textContent = saved.title(open);
  $("#fight-book").textContent = book;
  $("#setup").hidden = true;
  $("#saves").hidden = true;
  $fight.hidden = false;
  $("#share-box").hidden = true;
  $actionError.textContent = "";
  clearErrors($fight);
  if (!same) screen.resetInputs();
  render();
  drawLog(reply.log, reply.log_from ?? 0);
  if (id) saved.setCurrent(id);
  tellStory(link);
}

/**
 * The open fight's story (story.js) where its book's fights are reviewed: when it has ended, or when it came from a
 * link (read-only until the friend plays on).
 */
function tellStory(link = false) {
  const fight = get("fight");
  const reviewed = fight !== null && system(fight.record.system).capabilities.includes("review");
  story.show(reviewed ? fight : null, { link: link && reviewed });
}

/** The fight card's controls. */
export function init() {
  $roundForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const fight = get("fight");
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
  undoKeys(() => get("fight") !== null && !$fight.hidden, undo, redo);
}

/**
 * One action of the open fight: the rules' answer drawn, the fight kept. False when the rules refuse it.
 * @param {Action | null} action
 */
export async function act(action, fromRedo = false) {
  // one action at a time: a tap during one is not another
  if (!get("fight") || !action || !get("rules") || inFlight) return false;
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
  const fight = get("fight"), rules = get("rules");
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
    tellStory();
  }
  return true;
}

export async function undo() {
  const fight = get("fight"), rules = get("rules");
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
  tellStory();
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
    const fight = get("fight");
    if (fight && fight.redo.length) await act(/** @type {Action} */ (fight.redo.pop()), true);
  });
}

/**
 * The open fight's log, from the events the rules sent (its last ones); earlier ones asked for page by page.
 * @param {FightEvent[]} events
 * @param {number} start the first one's index in the fight's log
 */
function drawLog(events, start) {
  const open = /** @type {OpenFight} */ (get("fight"));
  const { parts } = screenOf(open.record.system);
  log.draw({ log: parts.log, newestFirst: parts.newestFirst, rows: rowsOf, more: async (end) => {
    const rules = get("rules");
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
  const open = /** @type {OpenFight} */ (get("fight"));
  const rows = screenOf(open.record.system).screen.logRows(event, open, shownFor(open));
  for (const row of rows) row.dataset.action = String(index);
  return rows;
}

function render() {
  const open = /** @type {OpenFight} */ (get("fight"));
  const { screen } = screenOf(open.record.system);
  const shown = shownFor(open);
  screen.render(open, shown);
  $undo.disabled = open.record.actions.length === 0;
  $redo.disabled = open.redo.length === 0;
  $outcome.className = `outcome ${open.view.outcome}`;
  $outcome.textContent = screen.outcomeText(open.view, shown);
  $strip.textContent = screen.strip?.(open, shown) ?? "";
  showStrip();
  emit("changed"); // the odds follow (the shell)
  const opened = document.activeElement === document.body; // a finished fight opened (a link, a saved one)
  if (open.view.outcome !== "ongoing" && !open.looking && ($roundForm.contains(document.activeElement) || opened)) {
    // The controls just used are disabled now; a fight just opened stays shown from its cards, not scrolled away.
    $newFight.focus({ preventScroll: opened });
  }
}

const cardsSeen = new IntersectionObserver((entries) => {
  const last = entries[entries.length - 1];
  cardsPassed = !last.isIntersecting && last.boundingClientRect.bottom <= 0;
  showStrip();
});
function showStrip() {
  $strip.hidden = !cardsPassed || !get("fight") || $fight.hidden || !$strip.textContent;
  // What is scrolled into view (a control focused, the table after a round) comes under the strip, not behind it.
  document.documentElement.style.scrollPaddingTop = $strip.hidden ? "" : `${$strip.offsetHeight + 8}px`;
}

/** The open fight kept (saved.js). */
export function saveOpenFight() {
  const fight = get("fight");
  if (fight) saved.saveFight(fight);
}
