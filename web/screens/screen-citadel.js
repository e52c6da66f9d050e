// The screen of Citadel of Blood (SPI, kind "citadel"): the party and the monsters in march order. The set-up lists
// (characters, monsters, the editable Combat Results Table) are citadel-setup.js's; here, the fight: the
// board, the phase, the legal targets and moves, the log. Python decides every rule: who may be chosen
// (view.choosable), the spaces then legal (view.cells), the weapon's lock, each unit's loss in the round; this file
// draws them and sends the choice.
import { $$, element, find, h, numberOrText } from "../base/dom.js";
import { t } from "../base/i18n.js";
import { announce, bar, diceFaces, dieFace, logCard, resultLine, showResult } from "./widgets.js";
import { rulesParts, setupParts, space } from "./citadel-setup.js";

export { apply, clearEnemies, heroOf, recordParts, setHero } from "./citadel-setup.js";

/** @typedef {import("../../types/screen").Conforms<typeof import("./screen-citadel.js")>} Checked this module is a Screen */
/** @typedef {import("../../types/screen").Shell} Shell */
/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("../base/rules.js").System} System */
/** @typedef {import("../base/rules.js").Action} Action */
/** @typedef {import("../base/rules.js").FightEvent} FightEvent */
/** @typedef {import("./citadel-setup.js").Table} Table */
/**
 * @typedef {{id: string, side: string, name: string, alive: boolean, acted: boolean, wounds: number, wound_points: number,
 *   round_wounds: number, weapon: number, weapons: {name: string, skill: number}[]}} Unit
 */
/**
 * A combat's state as the rules show it (pyrules.systems.citadel: view).
 * @typedef {{outcome: string, round: number, phase: string, phase_name: string, units: Unit[],
 *   board: {party: (string | null)[][], monsters: (string | null)[][]}, targets: Record<string, string[]>,
 *   moves: Record<string, [number, number][]>, monster_moves: Record<string, unknown>,
 *   choosable: string[], cells: Record<string, string[]>, weapon_locked: boolean,
 *   next: {kinds: string[], unit: string, forced: boolean},
 *   forced_rule: string | null, blasts_left: number, verified: boolean, table: {blast: {wounds: number}},
 *   said: {outcome: string, next: string}, help: Record<string, string>}} View  said, help: in words (help: what to
 *   do now, by the id of the unit chosen on the board, "" for none)
 */
/** @typedef {Record<string, {acts: string[], passes: string | null, party: boolean, buttons: string[]}>} PhaseTable */


/** @type {Shell} */
let shell;
/** @type {System} */
let system;
/** @type {string | null} */
let selected = null; // the unit chosen on the board (a character to attack or move with)
/** @type {string | null} */
let shownPhase = null; // the round and phase drawn last
/** @type {OpenFight} */
let fight;

// ---- the fight --------------------------------------------------------------------------------------------------

// The phase and what to do now, in one line.
const phase = h("strong", { id: "cob-phase" });
const help = h("span", { id: "cob-help" });
const now = h("p", { className: "phase cob-now" }, phase, " ", help);
// The rules' readings of what the text leaves open in this phase (describe().readings), folded under the line above.
const readingsText = h("div", {});
const readings = h("details", { id: "cob-readings", className: "hint readings" },
  h("summary", { i18n: "How this app reads the rules here" }), readingsText);
const unverified = h("p", { id: "cob-unverified", className: "hint",
                            i18n: "The Combat Results Table and the monsters' numbers are unverified fan transcriptions." });
const board = h("div", { id: "cob-board", className: "board", i18nLabel: "March order", attrs: { role: "group" } });
const fallen = h("p", { id: "cob-fallen", className: "cob-fallen" }); // the dead, in words (they leave the board)
const weapon = h("select", { id: "cob-weapon", data: { field: "action.weapon" } });
/** @param {string} id @param {string} path */
const die = (id, path) => h("input", { id, inputMode: "numeric", autocomplete: "off", data: { field: path },
                                        i18nPlaceholder: "blank: the app rolls" });
const dieInput = die("cob-die", "action.die");
const targetDie = die("cob-target-die", "action.target_die");

/**
 * Six die faces to tap beside a die's field (typing still works): a face fills the field, the same face again
 * empties it. Named "Die 4", "Die for the target 4" (render words them: the field's label and the face).
 * @param {HTMLInputElement} input
 */
function diePad(input) {
  const pad = h("div", { className: "die-pad" });
  for (let n = 1; n <= 6; n++) {
    const face = h("button", { type: "button", className: "die-button secondary", data: { n: String(n) } }, dieFace(n));
    face.addEventListener("click", () => {
      input.value = input.value.trim() === String(n) ? "" : String(n);
      markFaces();
    });
    pad.append(face);
  }
  input.addEventListener("input", markFaces);
  return pad;
}
const diePads = /** @type {[HTMLInputElement, HTMLElement][]} */ ([[dieInput, diePad(dieInput)],
                                                                    [targetDie, diePad(targetDie)]]);

// The faces say which one is entered, and their names follow the page's language.
function markFaces() {
  for (const [input, pad] of diePads) {
    const label = input.labels?.[0]?.textContent ?? "";
    for (const face of $$("button", pad)) {
      face.setAttribute("aria-label", `${label} ${face.dataset.n}`);
      face.setAttribute("aria-pressed", String(input.value.trim() === face.dataset.n));
    }
  }
}

// The phases' moves, named in the rules' words (describe().actions), as the rules' phase table lists them
// (describe().phase_table: each phase's kinds that are a button, the others chosen on the board); beside them two
// choices the rules leave to the players: the Hellgate "may cast 3" Blast spells (9.2.3), and with a full first row
// one monster "may" move up (9.8.2).
/** The Combat Round as the rules play it: each phase's kinds, the kind that ends it at once, whether the party acts. */
const phases = () => /** @type {PhaseTable} */ (system.phase_table);
/** @param {string} kind */
const ends = (kind) => Object.values(phases()).some((phase) => phase.passes === kind);
/** @param {string} kind the phase's own move, drawn large: the monsters' or the Hellgate's */
const primary = (kind) => Object.values(phases()).some((phase) => !phase.party && phase.acts.includes(kind));
/** @param {string} kind @param {string} field whether an action of this kind takes the field (describe().action_fields) */
const takes = (kind, field) => (/** @type {Record<string, string[]>} */ (system.action_fields)[kind] ?? []).includes(field);
/** @param {string} kind a party's button that acts with the character chosen on the board (change weapon, hold) */
const withUnit = (kind) => takes(kind, "unit") && Object.values(phases()).some((phase) => phase.party && phase.acts.includes(kind));
/** @type {string[]} */
let KINDS = []; // the kinds with a button, in the phase table's order (made at the first fight drawn)
/** @type {HTMLButtonElement[]} */
let buttons = [];
/** @type {HTMLElement[]} */
let costs = [];
/** @type {HTMLElement[]} */
let actions = [];
const actionsBox = h("div", { className: "cob-actions" });

// The phases' buttons, once: the rules' phase table says which kinds are buttons.
function makeButtons() {
  if (KINDS.length) return;
  KINDS = Object.values(phases()).flatMap((phase) => phase.buttons);
  buttons = KINDS.map((kind) => h("button", { type: "button", data: { cob: kind },
                                               attrs: { "aria-describedby": `cob-cost-${kind}` } }));
  costs = KINDS.map((kind) => h("span", { id: `cob-cost-${kind}`, className: "cost" }));
  actions = KINDS.map((kind, i) => h("div", { className: "cob-action", hidden: true, data: { cob: kind } },
                                     buttons[i], costs[i]));
  for (const button of buttons) button.addEventListener("click", () => press(button.dataset.cob ?? ""));
  actionsBox.replaceChildren(...actions);
}

// The last move's result under the board (who struck whom, the wounds, who died): the bars change on the board, the
// words are here, not only in the log below.
const result = resultLine("cob-result");

const logHeading = h("h3", { id: "cob-log-heading", i18n: "Combat log" });
const log = h("ol", { id: "cob-log", className: "log-cards", attrs: { "aria-labelledby": logHeading.id } });
/** @param {Shell} given */
export function init(given) {
  shell = given;
  board.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-row]"));
    if (button) choose(button);
  });
  board.addEventListener("dragstart", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-unit]"));
    if (!button) return;
    selected = button.dataset.unit ?? null;
    event.dataTransfer?.setData("text/plain", selected ?? "");
    draw();
  });
  board.addEventListener("dragover", (event) => {
    if (/** @type {Element} */ (event.target).closest("button.legal")) event.preventDefault();
  });
  board.addEventListener("drop", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button.legal"));
    if (button) {
      event.preventDefault();
      choose(button);
    }
  });
  return {
    setup: setupParts(),
    rules: rulesParts(),
    top: [],
    // The board and the phase's moves first (the app rolls each die a move needs); the dice rolled at the table are
    // typed (or tapped on their faces) below, apart, and used by the next move that rolls.
    controls: [h("div", { className: "citadel" }, now, readings, unverified, board, fallen), result,
      actionsBox,
      h("div", { className: "field cob-weapon" }, h("label", { htmlFor: weapon.id, i18n: "Weapon in hand" }), weapon),
      h("fieldset", { className: "typed-number dice" }, h("legend", { i18n: "Or type the dice you rolled" }),
        h("div", { className: "field die-field" }, h("label", { htmlFor: dieInput.id, i18n: "Die" }), dieInput,
          diePads[0][1]),
        h("div", { className: "field die-field" }, h("label", { htmlFor: targetDie.id, i18n: "Die for the target" }),
          targetDie, diePads[1][1]))],
    buttons: [],
    log,
    newestFirst: true, // the newest card first, in the page as on the screen
    bottom: [h("section", { className: "cob-log", attrs: { "aria-labelledby": logHeading.id } }, logHeading, log)],
  };
}

/** @param {Action} action */
function dice(action) {
  if (!takes(action.do, "die")) return action;
  if (dieInput.value.trim() !== "") action.die = numberOrText(dieInput.value);
  if (targetDie.value.trim() !== "" && takes(action.do, "target_die")) {
    action.target_die = numberOrText(targetDie.value);
  }
  return action;
}

/** @param {string} kind */
function press(kind) {
  /** @type {Action} */
  const action = { do: kind };
  if (withUnit(kind)) action.unit = selected;
  shell.act(dice(action));
}

/** @param {HTMLElement} button */
function choose(button) {
  const view = /** @type {View} */ (fight.view);
  const unit = button.dataset.unit;
  if (view.phase === "monster_reorg" && unit && view.monster_moves[unit]) { // any monster allowed, not only the default
    shell.act(dice({ do: "monster_move", unit }));
    return;
  }
  if (unit && view.choosable.includes(unit)) {
    selected = selected === unit ? null : unit;
    draw();
    return;
  }
  if (!selected || !button.classList.contains("legal")) return;
  if (view.phase === "party") {
    /** @type {Action} */
    const action = { do: "attack", unit: selected, target: unit };
    if (!weapon.disabled) action.weapon = Number(weapon.value);
    shell.act(dice(action));
  } else if (view.phase === "party_reorg") {
    shell.act({ do: "move", unit: selected, to: [Number(button.dataset.row), Number(button.dataset.col)] });
  }
}

/** @param {View} view */
const byId = (view) => Object.fromEntries(view.units.map((unit) => [unit.id, unit]));

/**
 * A unit's Wound Points in words ("Wound Points 3 of 5"), and as a bar with the round's loss.
 * @param {Unit} unit
 */
function points(unit) {
  const left = unit.wound_points - unit.wounds;
  const label = system.labels.wound_points;
  return { words: t("{label} {left} of {points}", { label, left, points: unit.wound_points }),
           bar: bar({ label, current: left, max: unit.wound_points, change: -unit.round_wounds }) };
}

/**
 * What a space of the board says of itself now, in words (its accessible name and its visible mark).
 * @param {View} view
 * @param {Unit | null} unit
 * @param {boolean} legal
 */
function marks(view, unit, legal) {
  const says = [];
  if (!unit) {
    if (legal) says.push(t("can move here"));
    return says;
  }
  if (unit.id === selected) says.push(t("chosen"));
  else if (view.choosable.includes(unit.id)) says.push(view.phase === "party" ? t("can act") : t("can move"));
  if (unit.acted) says.push(t("has acted"));
  if (legal && view.phase === "party") says.push(t("can be attacked"));
  if (view.phase === "monster_reorg" && view.monster_moves[unit.id]) {
    says.push(t("may move forward"));
    if (view.next.unit === unit.id) says.push(t("moves by default"));
  }
  return says;
}

/**
 * @param {View} view
 * @param {string} side
 * @param {number} row
 * @param {number} col
 * @param {string | null} id
 * @param {boolean} legal
 */
function cellButton(view, side, row, col, id, legal) {
  const button = h("button", { type: "button", className: "space",
                               data: { row: String(row), col: String(col), side } });
  const where = t("{side}, row {row}, {space}", { side: side === "party" ? t("party") : t("monsters"), row: row + 1,
                                                 space: space(col) });
  const unit = id ? byId(view)[id] : null;
  const says = marks(view, unit, legal);
  if (legal) button.classList.add("legal");
  if (unit) {
    button.dataset.unit = unit.id;
    button.draggable = Boolean(view.moves[unit.id]);
    const held = unit.weapons[unit.weapon];
    const { words, bar: shown } = points(unit);
    button.append(element("strong", `${unit.id} ${unit.name}`), " ", shown, " ");
    if (side === "party" && held) button.append(element("span", held.name, "weapon"), " ");
    // The name holds what the space shows, in its order (WCAG 2.5.3, label in name), then where it stands; the
    // bar's own meter left out (inside a button its name would be read twice).
    shown.querySelector("meter")?.remove();
    const seen = [shown.querySelector(".bar-text")?.textContent ?? words, ...(side === "party" && held ? [held.name] : []),
                  ...says];
    button.setAttribute("aria-label", `${unit.id} ${unit.name}: ${seen.join(", ")}; ${where}`);
    if (unit.acted) button.classList.add("acted");
    if (unit.id === selected) {
      button.classList.add("selected");
      button.setAttribute("aria-pressed", "true");
    } else if (view.choosable.includes(unit.id)) {
      button.setAttribute("aria-pressed", "false");
    }
  } else {
    button.setAttribute("aria-label", [t("empty space: {where}", { where }), ...says].join(", "));
    button.classList.add("empty");
  }
  if (says.length) button.append(element("span", says.join(", "), "mark"));
  return button;
}

/**
 * The line under an action that costs something or cannot be undone by playing on: what it costs, or why it is not
 * offered now. Empty for the others.
 * @param {View} view
 * @param {string} kind
 */
function costOf(view, kind) {
  if (kind === "hellgate") {
    return t("{n} more in this phase; a hit: {wounds} {wounds|wound|wounds}",
      { n: view.blasts_left, wounds: view.table.blast.wounds });
  }
  if (kind === "end_phase") {
    const units = byId(view);
    const waiting = Object.keys(view.targets).map((id) => `${id} ${units[id].name}`); // the rules': yet to act
    return waiting.length ? t("Ends the phase; no attack from: {names}", { names: waiting.join(", ") })
      : t("Ends the phase");
  }
  return ends(kind) ? t("Ends the phase") : "";
}

function draw() {
  const view = /** @type {View} */ (fight.view);
  if (selected && !view.choosable.includes(selected)) selected = null;
  const legal = new Set(view.cells[selected ?? ""]); // the spaces the rules let the player choose now
  const focused = /** @type {HTMLElement | null} */ (document.activeElement?.closest?.("#cob-board button"))?.dataset;
  const rows = [];
  /** @type {[string, [number, (string | null)[]][]][]} */
  const sides = [["monsters", view.board.monsters.map((cells, r) => /** @type {[number, (string | null)[]]} */ ([r, cells])).reverse()],
                 ["party", view.board.party.map((cells, r) => [r, cells])]];
  for (const [side, list] of sides) {
    for (const [r, cells] of list) {
      const line = element("div", "", `board-row ${side}`);
      line.append(element("span", t("{side}, row {row}", { side: side === "party" ? t("party") : t("monsters"),
                                                           row: r + 1 }), "row-name"));
      cells.forEach((id, c) => line.append(cellButton(view, side, r, c, id, legal.has(id ?? `${side}:${r},${c}`))));
      rows.push(line);
    }
    if (side === "monsters") rows.push(element("hr"));
  }
  board.replaceChildren(...rows);
  if (focused) { // the player keeps his place on the board from the keyboard
    find(`button[data-side="${focused.side}"][data-row="${focused.row}"][data-col="${focused.col}"]`, board)?.focus();
  }
  const dead = view.units.filter((unit) => !unit.alive).map((unit) => `${unit.id} ${unit.name}`);
  fallen.textContent = dead.length ? t("Out of the fight: {names}", { names: dead.join(", ") }) : "";
  fallen.hidden = !dead.length;

  const over = view.outcome !== "ongoing";
  phase.textContent = over ? "" : t("Round {round}: {phase}", { round: view.round, phase: view.phase_name });
  const kinds = over ? [] : view.next.kinds;
  // A phase's way to end it without a move, refused now (the view's next.forced): shown, not offered, with the rule
  // the view names (9.8.4 or 9.0 for the party) or the plain reason.
  const refused = !over && view.next.forced ? phases()[view.phase]?.passes ?? "" : "";
  const large = kinds.find(primary);
  KINDS.forEach((kind, i) => {
    const button = buttons[i];
    const unchosen = withUnit(kind) && !selected;
    actions[i].hidden = !kinds.includes(kind) && kind !== refused;
    button.disabled = unchosen || kind === refused;
    button.className = kind === large ? "primary" : ends(kind) ? "secondary ends" : "secondary";
    if (kind === "hellgate") button.classList.add("costly");
    // why it is not offered now is a hint, in the line's own style: only a refused action is said as an error
    costs[i].textContent = kind === refused ? view.forced_rule ?? t("Not now: one of them must move forward.")
      : unchosen ? t("Choose a character on the board first") : costOf(view, kind);
  });
  /** @param {HTMLElement} input */
  const box = (input) => /** @type {HTMLElement} */ (input.closest(".field"));
  box(targetDie).hidden = !kinds.some((kind) => takes(kind, "target_die"));
  box(dieInput).hidden = over || !kinds.some((kind) => takes(kind, "die"));
  // No die to type now (the fight over, a phase without a roll): not an empty "Or type the dice you rolled" box.
  /** @type {HTMLElement} */ (dieInput.closest("fieldset")).hidden = box(dieInput).hidden && box(targetDie).hidden;
  const unit = selected ? byId(view)[selected] : null;
  box(weapon).hidden = !(view.phase === "party" && unit);
  if (unit && view.phase === "party") {
    const chosen = weapon.dataset.unit === unit.id ? weapon.value : String(unit.weapon);
    weapon.replaceChildren(...unit.weapons.map((w, i) => new Option(`${w.name} (+${w.skill})`, String(i))));
    weapon.value = chosen;
    weapon.dataset.unit = unit.id;
    weapon.disabled = view.weapon_locked;
  }
  help.textContent = over ? "" : helpText(view, unit);
  const read = over ? [] : readingsOf(view, unit);
  readings.hidden = !read.length;
  readingsText.replaceChildren(...read.map((text) => element("p", `${text}.`)));
  unverified.hidden = view.verified !== false;
  markFaces();
}

/**
 * The readings that apply now: the monsters' order and 9.3's in the Monster Combat phase, 9.3's where the chosen
 * character has several monsters to choose among.
 * @param {View} view
 * @param {Unit | null} unit
 * @returns {string[]}
 */
function readingsOf(view, unit) {
  if (view.phase === "monster") return [system.readings.monster, system.readings.attack];
  if (view.phase === "party" && unit && (view.targets[unit.id] || []).length > 1) return [system.readings.attack];
  return [];
}

/**
 * What to do now, the rules' words for the unit chosen (the view's help, "" with none chosen or one it has no words
 * for).
 * @param {View} view
 * @param {Unit | null} unit
 */
function helpText(view, unit) {
  return (unit && view.help[unit.id]) ?? view.help[""] ?? "";
}

let drawn = 0; // the actions of the fight drawn last
let announceNext = false; // the next event drawn is the one just taken: it is announced

/**
 * @param {OpenFight} shown
 * @param {System} words its system, in the page's language
 */
export function render(shown, words) {
  announceNext = shown === fight && shown.record.actions.length === drawn + 1;
  if (!announceNext && shown.record.actions.length !== drawn) showResult(result, ""); // an undo, another fight
  drawn = shown.record.actions.length;
  fight = shown;
  system = words;
  makeButtons();
  KINDS.forEach((kind, i) => { buttons[i].textContent = words.actions[kind]; });
  const now = `${fight.view.round} ${fight.view.phase}`;
  if (now !== shownPhase) selected = null; // a choice on the board belongs to one phase
  shownPhase = now;
  draw();
}

export function clearInputs() {
  dieInput.value = "";
  targetDie.value = "";
  markFaces();
}

export function resetInputs() {
  selected = null;
  clearInputs();
}

export const formAction = () => null; // actions come from the board and the phase buttons

export const focus = () => find("button[aria-pressed]", board)?.focus({ preventScroll: true });

/**
 * The log's card of one event (newest first: see `log`): who, whom, the dice as faces, the result, the rules' notes.
 * @param {FightEvent} event
 * @param {OpenFight} shown
 */
export function logRows(event, shown) {
  if (announceNext) {
    announceNext = false;
    announce(announcement(event, shown));
    showResult(result, event.said?.text ?? "");
  }
  const said = event.said ?? {};
  /** @type {(string | Node)[]} */
  const lines = [];
  const who = h("span", { className: "who" }, said.who);
  if (event.target_die) who.append(` ${said.target_die} `, diceFaces([event.target_die]));
  if (said.roll) {
    const roll = h("span", { className: "roll" }, diceFaces([event.die]), " ", said.roll);
    if (said.typed) roll.append(" ", element("span", said.typed, "typed"));
    // A kill in the colour of its news: a monster's good, a character's bad.
    const killed = event.killed ? (event.kind === "monster" ? " killed lost" : " killed won") : "";
    lines.push(who, roll, h("span", { className: `result${killed}` }, said.result));
  } else {
    if (event.die) who.append(" ", diceFaces([event.die]));
    lines.push(who);
  }
  /** @type {string[]} */
  const notes = event.notes || [];
  lines.push(...notes.map((note) => h("span", { className: "note" }, note)));
  return [logCard(said.title, lines, `cob-${event.kind}`)];
}

/**
 * What a screen reader hears after an action: the action, its result in words, then the phase now (the rules' words;
 * the outcome is said by its own live region, #outcome).
 * @param {FightEvent} event
 * @param {OpenFight} shown
 */
export function announcement(event, shown) {
  const view = /** @type {View} */ (shown.view);
  return [event.said?.text ?? "", view.said.next].filter(Boolean).join(" ");
}

/**
 * The outcome in the rules' words ("" while the combat goes on).
 * @param {View} view
 */
export const outcomeText = (view) => view.said.outcome;
