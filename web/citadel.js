// Citadel of Blood (SPI): the party and the monsters in march order. The set-up lists (characters, monsters, the
// editable Combat Results Table) and the fight screen: the board, the phase, the legal targets and moves, the log.
// Python decides every rule; this file shows view.targets / view.moves and sends the player's choice.
import { $, $$, cell, element, noteRow, numberOrText } from "./dom.js";
import { t } from "./i18n.js";

const COLUMNS = 6;
const space = (col) => [t("left"), t("middle"), t("right")][col];
const DICE = ["attack", "monster", "hellgate", "monster_move"]; // the actions that take a typed die

// Two choices the rules leave to the players, beside the phase buttons of index.html: the Hellgate "may cast 3" Blast
// spells (9.2.3), and with a full first row one monster "may" move up (9.8.2).
function phaseButton(kind, after) {
  const button = element("button");
  Object.assign(button, { type: "button", hidden: true });
  Object.assign(button.dataset, { cob: kind, kind: "citadel" });
  button.setAttribute("data-i18n", "");
  $(`[data-cob="${after}"]`).after(button);
  return button;
}
phaseButton("hellgate_pass", "hellgate").dataset.i18nKey = "The Hellgate casts no more";
phaseButton("monster_pass", "monster_move").dataset.i18nKey = "The monsters stay"; // worded by translatePage()

const ui = {
  phase: $("#cob-phase"), board: $("#cob-board"), help: $("#cob-help"), die: $("#cob-die"),
  targetDie: $("#cob-target-die"), weapon: $("#cob-weapon"), buttons: $$("[data-cob]"),
};
let selected = null; // the unit chosen on the board (a character to attack or move with)
let shownPhase = null; // the round and phase drawn last
let actNow = () => {};
let current = null; // {fight, system}

// ---- set-up -----------------------------------------------------------------------------------------------------

function weaponOptions(system, withNone) {
  const options = system.weapons.map(({ key, name }) => new Option(name, key));
  if (withNone) options.unshift(new Option(t("none"), ""));
  return options;
}

function field(labelText, input, key) {
  const box = element("div", "", "field");
  const label = element("label", labelText);
  input.dataset.key = key;
  box.append(label, input);
  return box;
}

function textInput() {
  return Object.assign(element("input"), { autocomplete: "off" });
}

function numberInput(value = "") {
  const input = textInput();
  input.inputMode = "numeric";
  input.value = value === null || value === undefined ? "" : String(value);
  return input;
}

function select(options) {
  const input = element("select");
  input.append(...options);
  return input;
}

const rowOptions = () => [1, 2, 3].map((n) => new Option(t("row {n}", { n }), String(n - 1)));
const spaceOptions = () => [0, 1, 2].map((i) => new Option(space(i), String(i)));

// The fields of a character's or a monster's row, in the current language.
function fields(kind, system) {
  const labels = kind === "character" ? system.labels : system.enemy_labels;
  const common = [field(labels.name, textInput(), "name"),
    field(labels.wound_points, numberInput(), "wound_points"),
    field(labels.resistance, numberInput(), "resistance"),
    field(labels.combat_bonus, numberInput(), "combat_bonus")];
  if (kind === "character") {
    return [...common,
      field(t("First weapon"), select(weaponOptions(system, false)), "weapon0"),
      field(t("Weapon Skill with the first weapon"), numberInput(), "skill0"),
      field(t("Second weapon"), select(weaponOptions(system, true)), "weapon1"),
      field(t("Weapon Skill with the second weapon"), numberInput(), "skill1"),
      field(t("Row"), select(rowOptions()), "row"),
      field(t("Space"), select(spaceOptions()), "col")];
  }
  // 9.1 deploys the monsters; the players may choose who faces whom within its limits.
  return [...common,
    field(labels.weapon, select([new Option(t("Monster column (unarmed)"), ""), ...weaponOptions(system, false)]),
      "weapon"),
    field(t("Row"), select([new Option(t("by 9.1"), ""), ...rowOptions()]), "row"),
    field(t("Space"), select([new Option(t("by 9.1"), ""), ...spaceOptions()]), "col")];
}

// A row of the list, its fields holding the values given by their key (a language switch builds it again).
function build(kind, system, values) {
  const row = element("fieldset", "", kind);
  row.append(element("legend", ""), ...fields(kind, system));
  for (const input of $$("input, select", row)) {
    const value = values[input.dataset.key];
    if (value !== undefined && value !== null) input.value = String(value);
  }
  const remove = element("button", "", "secondary remove");
  remove.type = "button";
  remove.addEventListener("click", () => { row.remove(); renumber(system); });
  row.append(remove);
  return row;
}

export function addCharacter(system, values = {}) {
  const index = $$("#party .character").length;
  const weapons = values.weapons || [];
  const skills = values.skills || {};
  const [row, col] = values.pos || [Math.floor(index / 3), index % 3];
  $("#party").append(build("character", system, { ...values, weapon0: weapons[0] || "sword", skill0: skills[weapons[0]],
                                                 weapon1: weapons[1] || "", skill1: skills[weapons[1]], row, col }));
  renumber(system);
  return $("#party").lastElementChild;
}

export function addMonster(system, values = {}) {
  $("#monsters").append(build("monster", system, { ...values, weapon: values.weapon || "" }));
  renumber(system);
  return $("#monsters").lastElementChild;
}

// Ids, labels and the record path of every input, after a row is added or removed (errors find their field by it).
export function renumber(system) {
  const path = { name: "name", wound_points: "wound_points", resistance: "resistance", combat_bonus: "combat_bonus",
                 weapon0: "weapons", skill0: "skills", weapon1: "weapons", skill1: "skills", row: "pos", col: "pos",
                 weapon: "weapon" };
  const groups = [["#party .character", "hero.party", "character", (i) => String.fromCharCode(65 + i)],
                  ["#monsters .monster", "enemies", "monster", (i) => String(i + 1)]];
  for (const [selector, root, kind, id] of groups) {
    $$(selector).forEach((row, i) => {
      const name = kind === "character" ? t("Character {id}", { id: id(i) }) : t("Monster {id}", { id: id(i) });
      $("legend", row).textContent = name;
      $(".remove", row).textContent = kind === "character" ? t("Remove character") : t("Remove monster");
      $(".remove", row).setAttribute("aria-label", `${$(".remove", row).textContent} ${id(i)}`);
      for (const input of $$("input, select", row)) {
        input.id = `cob-${kind}-${i}-${input.dataset.key}`;
        input.previousElementSibling.htmlFor = input.id;
        input.dataset.field = `${root}.${i}.${path[input.dataset.key]}`;
      }
    });
  }
  if (system) $("#add-character").disabled = $$("#party .character").length >= system.max_party;
}

export function fillRoster(system) {
  $("#hero-pick").replaceChildren(...system.heroes.map((h) => new Option(h.name, h.key)));
  $("#monster-pick").replaceChildren(...system.monsters.map((m) => new Option(m.name, m.key)));
  for (const row of $$("#party .character, #monsters .monster")) { // in this language, with what was typed
    const typed = Object.fromEntries($$("input, select", row).map((input) => [input.dataset.key, input.value]));
    row.replaceWith(build(row.classList.contains("monster") ? "monster" : "character", system, typed));
  }
  renumber(system);
  tableEditor(system);
}

// The Combat Results Table 9.9 as editable cells, filled with the shipped (unverified) values.
function tableEditor(system) {
  const table = system.table;
  const editor = $("#cob-table");
  const typed = $$("input", editor).map((input) => input.value);
  $("#cob-table-source").textContent = `${table.source}`;
  const head = element("tr");
  head.append(element("th", t("Modified roll")));
  for (const column of table.columns) head.append(Object.assign(element("th", column.name), { scope: "col" }));
  const rows = table.rows.map((values, r) => {
    const tr = element("tr");
    const low = table.row_starts[r];
    const high = r + 1 < table.row_starts.length ? table.row_starts[r + 1] - 1 : null;
    const rowName = r === 0 ? `≤ ${high}` : high === null ? `${low}+` : low === high ? String(low) : `${low}–${high}`;
    tr.append(Object.assign(element("th", rowName), { scope: "row" }));
    values.forEach((value, c) => {
      const input = numberInput(value);
      input.dataset.field = `tables.crt.rows.${r}.${c}`;
      input.setAttribute("aria-label", t("{column}, roll {row}", { column: table.columns[c].name, row: rowName }));
      const td = element("td");
      td.append(input);
      tr.append(td);
    });
    return tr;
  });
  editor.replaceChildren(element("thead"), element("tbody"));
  editor.tHead.append(head);
  editor.tBodies[0].append(...rows);
  if (typed.length === table.rows.length * table.columns.length) $$("input", editor).forEach((input, i) => { input.value = typed[i]; });
}

function value(row, key) {
  return $(`[data-key="${key}"]`, row).value.trim();
}

// The party, the monsters, the Hellgate rule and (when edited) the table, as typed; Python checks every value.
export function recordParts(system) {
  const party = $$("#party .character").map((row) => {
    const weapons = [value(row, "weapon0"), value(row, "weapon1")].filter(Boolean);
    const skills = {};
    if (value(row, "skill0") !== "") skills[weapons[0]] = numberOrText(value(row, "skill0"));
    if (weapons[1] && value(row, "skill1") !== "") skills[weapons[1]] = numberOrText(value(row, "skill1"));
    const character = { name: value(row, "name"), wound_points: numberOrText(value(row, "wound_points")),
                        resistance: numberOrText(value(row, "resistance")),
                        combat_bonus: numberOrText(value(row, "combat_bonus")), weapons, skills,
                        pos: [Number(value(row, "row")), Number(value(row, "col"))] };
    if (!character.name) delete character.name;
    return character;
  });
  const enemies = $$("#monsters .monster").map((row) => {
    const monster = { name: value(row, "name"), wound_points: numberOrText(value(row, "wound_points")),
                      resistance: numberOrText(value(row, "resistance")),
                      combat_bonus: numberOrText(value(row, "combat_bonus")) };
    if (value(row, "weapon")) monster.weapon = value(row, "weapon");
    if (value(row, "row") !== "" || value(row, "col") !== "") {
      monster.pos = [numberOrText(value(row, "row")), numberOrText(value(row, "col"))];
    }
    if (!monster.name) delete monster.name;
    return monster;
  });
  const rows = system.table.rows.map((values, r) => values.map((_, c) =>
    numberOrText($(`[data-field="tables.crt.rows.${r}.${c}"]`).value)));
  const edited = JSON.stringify(rows) !== JSON.stringify(system.table.rows);
  const parts = { hero: { party }, enemies, rules: {} };
  if ($("#rule-hellgate").checked) parts.rules.hellgate = true;
  if (edited) parts.tables = { crt: { rows, row_starts: system.table.row_starts } };
  return parts;
}

// ---- the fight --------------------------------------------------------------------------------------------------

export function bind(act) {
  actNow = act;
  ui.board.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-row]");
    if (button) choose(button);
  });
  ui.board.addEventListener("dragstart", (event) => {
    const button = event.target.closest("button[data-unit]");
    if (!button) return;
    selected = button.dataset.unit;
    event.dataTransfer.setData("text/plain", selected);
    draw();
  });
  ui.board.addEventListener("dragover", (event) => {
    if (event.target.closest("button.legal")) event.preventDefault();
  });
  ui.board.addEventListener("drop", (event) => {
    const button = event.target.closest("button.legal");
    if (button) {
      event.preventDefault();
      choose(button);
    }
  });
  for (const button of ui.buttons) button.addEventListener("click", () => press(button.dataset.cob));
}

function dice(action) {
  if (!DICE.includes(action.do)) return action;
  if (ui.die.value.trim() !== "") action.die = numberOrText(ui.die.value);
  if (ui.targetDie.value.trim() !== "" && ["monster", "hellgate"].includes(action.do)) {
    action.target_die = numberOrText(ui.targetDie.value);
  }
  return action;
}

function press(kind) {
  const action = { do: kind };
  if (["change_weapon", "hold"].includes(kind)) action.unit = selected;
  actNow(dice(action));
}

function choose(button) {
  const { view } = current.fight;
  const unit = button.dataset.unit;
  if (view.phase === "monster_reorg" && view.monster_moves[unit]) { // any monster allowed to move, not only the default
    return actNow(dice({ do: "monster_move", unit }));
  }
  if (unit && pickable(view, unit)) {
    selected = selected === unit ? null : unit;
    return draw();
  }
  if (!selected || !button.classList.contains("legal")) return;
  if (view.phase === "party") {
    const action = { do: "attack", unit: selected, target: unit };
    if (!ui.weapon.disabled) action.weapon = Number(ui.weapon.value);
    actNow(dice(action));
  } else if (view.phase === "party_reorg") {
    actNow({ do: "move", unit: selected, to: [Number(button.dataset.row), Number(button.dataset.col)] });
  }
}

const byId = (view) => Object.fromEntries(view.units.map((unit) => [unit.id, unit]));

// Whom the player may pick now: a character who has not acted in the party's phase, or one who may move.
function pickable(view, id) {
  const unit = byId(view)[id];
  if (!unit || unit.side !== "party" || !unit.alive) return false;
  if (view.phase === "party") return !unit.acted && view.outcome === "ongoing";
  return Boolean(view.moves[id]);
}

function cellButton(view, side, row, col, id) {
  const units = byId(view);
  const button = element("button", "", "space");
  button.type = "button";
  button.dataset.row = String(row);
  button.dataset.col = String(col);
  button.dataset.side = side;
  const where = t("{side}, row {row}, {space}", { side: side === "party" ? t("party") : t("monsters"), row: row + 1,
                                                 space: space(col) });
  if (id) {
    const unit = units[id];
    button.dataset.unit = id;
    button.draggable = Boolean(view.moves[id]);
    const weapon = unit.weapons[unit.weapon];
    button.append(element("strong", `${id} ${unit.name}`),
      element("span", t("{wounds} of {points} wounds", { wounds: unit.wounds, points: unit.wound_points }), "wounds"));
    if (side === "party") button.append(element("span", weapon ? weapon.name : "", "weapon"));
    const notes = [t("{wounds} of {points} wounds", { wounds: unit.wounds, points: unit.wound_points })];
    if (side === "party" && weapon) notes.push(weapon.name);
    if (view.phase === "monster_reorg" && view.monster_moves[id]) {
      notes.push(t("may move forward"));
      if (view.next.unit === id) notes.push(t("moves by default"));
    }
    button.setAttribute("aria-label", `${id} ${unit.name}: ${where}, ${notes.join(", ")}`);
    if (unit.acted) button.classList.add("acted");
  } else {
    button.setAttribute("aria-label", t("empty space: {where}", { where }));
    button.classList.add("empty");
  }
  return button;
}

function legalCells(view) {
  if (view.phase === "monster_reorg") return new Set(Object.keys(view.monster_moves).map((id) => `monsters:${id}`));
  if (!selected) return new Set();
  if (view.phase === "party") return new Set((view.targets[selected] || []).map((id) => `monsters:${id}`));
  if (view.phase === "party_reorg") return new Set((view.moves[selected] || []).map(([r, c]) => `party:${r},${c}`));
  return new Set();
}

function draw() {
  const { view } = current.fight;
  if (selected && !pickable(view, selected)) selected = null;
  const legal = legalCells(view);
  const focused = document.activeElement?.closest?.("#cob-board button")?.dataset;
  const rows = [];
  const monsterRows = view.board.monsters.map((cells, r) => [r, cells]).reverse();
  for (const [side, list] of [["monsters", monsterRows], ["party", view.board.party.map((cells, r) => [r, cells])]]) {
    for (const [r, cells] of list) {
      const line = element("div", "", `board-row ${side}`);
      line.append(element("span", t("{side}, row {row}", { side: side === "party" ? t("party") : t("monsters"),
                                                           row: r + 1 }), "row-name"));
      cells.forEach((id, c) => {
        const button = cellButton(view, side, r, c, id);
        const key = side === "monsters" ? `monsters:${id}` : `party:${r},${c}`;
        if (legal.has(key) && (side === "monsters" ? id : !id)) button.classList.add("legal");
        if (id && id === selected) {
          button.classList.add("selected");
          button.setAttribute("aria-pressed", "true");
        } else if (id && pickable(view, id)) {
          button.setAttribute("aria-pressed", "false");
        }
        line.append(button);
      });
      rows.push(line);
    }
    if (side === "monsters") rows.push(element("hr"));
  }
  ui.board.replaceChildren(...rows);
  if (focused) { // the player keeps his place on the board from the keyboard
    $(`button[data-side="${focused.side}"][data-row="${focused.row}"][data-col="${focused.col}"]`, ui.board)?.focus();
  }

  const over = view.outcome !== "ongoing";
  ui.phase.textContent = over ? "" : t("Round {round}: {phase}", { round: view.round, phase: view.phase_name });
  const kinds = over ? [] : view.next.kinds;
  for (const button of ui.buttons) {
    const kind = button.dataset.cob;
    button.hidden = !kinds.includes(kind);
    button.disabled = ["change_weapon", "hold"].includes(kind) && !selected;
  }
  ui.targetDie.closest(".field").hidden = !kinds.includes("monster") && !kinds.includes("hellgate");
  ui.die.closest(".field").hidden = over || !(kinds.includes("attack") || kinds.includes("monster") ||
    kinds.includes("hellgate") || kinds.includes("monster_move"));
  const unit = selected ? byId(view)[selected] : null;
  ui.weapon.closest(".field").hidden = !(view.phase === "party" && unit);
  if (unit && view.phase === "party") {
    const chosen = ui.weapon.dataset.unit === unit.id ? ui.weapon.value : String(unit.weapon);
    ui.weapon.replaceChildren(...unit.weapons.map((w, i) => new Option(`${w.name} (+${w.skill})`, String(i))));
    ui.weapon.value = chosen;
    ui.weapon.dataset.unit = unit.id;
    ui.weapon.disabled = view.round !== 1;
  }
  ui.help.textContent = over ? "" : helpText(view, unit);
  $("#cob-unverified").hidden = view.verified !== false;
}

function helpText(view, unit) {
  if (view.phase === "party") {
    if (!unit) return t("Choose a character (highlighted buttons can act), then the monster he attacks.");
    if (!(view.targets[unit.id] || []).length) {
      return t("{name} has no monster to attack with this weapon: change weapon or do not attack.", { name: unit.name });
    }
    return t("{name} attacks: choose a highlighted monster.", { name: unit.name });
  }
  if (view.phase === "party_reorg") {
    if (!unit) return view.forced_rule ? t("{rule}. Choose a highlighted character.", { rule: view.forced_rule })
      : t("Choose a character to move, or move no one.");
    return t("Choose a highlighted space for {name}.", { name: unit.name });
  }
  if (view.phase === "monster") return t("The monsters attack one by one: type the dice or leave them blank.");
  if (view.phase === "hellgate") {
    const more = t("9.2.3: it may cast {n} more in this phase, or stop.", { n: view.blasts_left });
    return `${t("The Hellgate casts its Blast spells one by one.")} ${more}`;
  }
  const mover = byId(view)[view.next.unit];
  const name = `${mover.id} ${mover.name}`;
  const texts = [Object.keys(view.monster_moves).length > 1
    ? t("9.8: {name} moves by default (the left-most that may), or choose another highlighted monster.", { name })
    : t("9.8: {name} moves up.", { name })];
  if (view.next.kinds.includes("monster_pass")) texts.push(t("9.8.2: the first row is full, so the monsters may stay."));
  return texts.join(" ");
}

export function render(fight, system) {
  current = { fight, system };
  const phase = `${fight.view.round} ${fight.view.phase}`;
  if (phase !== shownPhase) selected = null; // a choice on the board belongs to one phase
  shownPhase = phase;
  draw();
}

export function clearInputs() {
  ui.die.value = "";
  ui.targetDie.value = "";
}

export function resetInputs() {
  selected = null;
  clearInputs();
}

export function roundAction() {
  return null; // actions come from the board and the phase buttons
}

function place([row, col]) {
  return t("row {row}, {space}", { row: row + 1, space: space(col) });
}

export function logRows(event, fight) {
  const phases = fight && current ? current.system.phases : {};
  const row = element("tr");
  cell(row, String(event.round));
  cell(row, phases[event.phase] ?? event.phase);
  cell(row, event.name ?? "");
  const columns = current ? Object.fromEntries(current.system.table.columns.map((c) => [c.key, c.name])) : {};
  if (["attack", "monster", "hellgate"].includes(event.kind)) {
    const roll = event.kind === "hellgate"
      ? t("{die} against Resistance {resistance}", event)
      : `${event.die} + ${event.skill} + ${event.combat_bonus} = ${event.total} (${columns[event.column] ?? event.column})`;
    const choice = event.target_die ? ` ${t("(target die {n})", { n: event.target_die })}` : "";
    cell(row, `→ ${event.target_name}${choice}`);
    const rollCell = cell(row, roll);
    if (event.typed) rollCell.append(element("span", t("typed"), "typed"));
    cell(row, `${t("{n} {n|wound|wounds}", { n: event.wounds })}: ${event.target_wounds}/${event.target_wound_points}` +
      (event.killed ? ` ${t("dead")}` : ""));
  } else {
    const what = {
      move: () => t("moves from {from} to {to}", { from: place(event.from), to: place(event.to) }),
      monster_move: () => t("moves from {from} to {to}", { from: place(event.from), to: place(event.to) }),
      change_weapon: () => t("takes up another weapon"),
      hold: () => t("does not attack"),
      end_phase: () => t("the party's attacks end"),
      pass: () => t("no one moves"),
      monster_pass: () => t("the monsters stay"),
      hellgate_pass: () => t("casts no more"),
    }[event.kind];
    cell(row, what ? what() : event.kind).colSpan = 3;
  }
  return [row, ...(event.notes || []).map((note) => noteRow(note, COLUMNS))];
}

export function outcomeText(view) {
  const alive = (side) => view.units.filter((u) => u.side === side && u.alive).map((u) => u.name).join(t(" and "));
  switch (view.outcome) {
    case "won": return t("Victory in round {round}: the monsters are dead. Standing: {names}.",
      { round: view.round, names: alive("party") });
    case "lost": return t("The party is dead.");
    default: return "";
  }
}
