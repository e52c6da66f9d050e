// Citadel of Blood's set-up (the screen-citadel.js module's first part): the party and the monsters in march order,
// from the game's roster and chart or typed, and the editable Combat Results Table. What it reads is the record's
// set-up; the rules check it.
import { $, $$, element, h, numberOrText } from "../base/dom.js";
import { SIGNED, resetRules, ruleForm } from "./form.js";
import { t } from "../base/i18n.js";

/** @typedef {import("../base/rules.js").System} System */
/** @typedef {{title: string, credit: string, columns: {key: string, name: string}[], rows: number[][], row_starts: number[]}} Table */

/** @param {number} col */
export const space = (col) => [t("left"), t("middle"), t("right")][col];

/** @type {System} */
let system;

// ---- the lists -----------------------------------------------------------------------------------------------------

const party = h("div", { id: "party" });
const monsters = h("div", { id: "monsters" });
const heroPick = h("select", { id: "hero-pick" });
const monsterPick = h("select", { id: "monster-pick" });
const heroPickLabel = h("label", { htmlFor: heroPick.id });
const monsterPickLabel = h("label", { htmlFor: monsterPick.id });
const addHero = h("button", { type: "button", id: "add-hero", className: "secondary", i18n: "Add this hero" });
const addOwn = h("button", { type: "button", id: "add-character", className: "secondary",
                             i18n: "Add a character of your own" });
const addMonster = h("button", { type: "button", id: "add-monster", className: "secondary", i18n: "Add this monster" });
// The table's credit: the page's words, then its source's name as it is written (a citation: not translated).
const tableCredit = h("span", { attrs: { translate: "no" } });
const tableSource = h("p", { id: "cob-table-source", className: "hint" },
  h("span", { i18n: "Not checked against the printed game; transcribed by fans:" }), " ", tableCredit, ".");
const editor = h("table", { id: "cob-table", className: "crt-editor" });
const partyHint = h("p", { className: "hint" });
const monstersHint = h("p", { className: "hint" });
const tableTitle = h("summary");

/** @param {boolean} withNone */
function weaponOptions(withNone) {
  /** @type {{key: string, name: string}[]} */
  const weapons = system.weapons;
  const options = weapons.map(({ key, name }) => new Option(name, key));
  if (withNone) options.unshift(new Option(t("none"), ""));
  return options;
}

/**
 * @param {string} labelText
 * @param {HTMLInputElement | HTMLSelectElement} input
 * @param {string} key
 */
function field(labelText, input, key) {
  input.dataset.key = key;
  return h("div", { className: "field" }, element("label", labelText), input);
}

const textInput = () => h("input", { autocomplete: "off" });

/**
 * @param {unknown} [value]
 * @param {boolean} [signed] it may be below 0 (a Combat Bonus, a Weapon Skill): a keypad with a minus
 */
const numberInput = (value = "", signed = false) => h("input", { autocomplete: "off", inputMode: "numeric",
  ...(signed ? SIGNED : {}), value: value === null || value === undefined ? "" : String(value) });

/** @param {HTMLOptionElement[]} options */
const select = (options) => h("select", {}, ...options);

const rowOptions = () => Array.from({ length: system.rows }, (_, i) => new Option(t("row {n}", { n: i + 1 }), String(i)));
const spaceOptions = () => Array.from({ length: system.row_width }, (_, i) => new Option(space(i), String(i)));

/**
 * The fields of a character's or a monster's row, in the current language.
 * @param {string} kind "character" or "monster"
 */
function fields(kind) {
  const labels = kind === "character" ? system.labels : system.enemy_labels;
  const common = [field(labels.name, textInput(), "name"),
    field(labels.wound_points, numberInput(), "wound_points"),
    field(labels.resistance, numberInput(), "resistance"),
    field(labels.combat_bonus, numberInput("", true), "combat_bonus")];
  if (kind === "character") {
    return [...common,
      field(t("First weapon"), select(weaponOptions(false)), "weapon0"),
      field(t("Weapon Skill with the first weapon"), numberInput("", true), "skill0"),
      field(t("Second weapon"), select(weaponOptions(true)), "weapon1"),
      field(t("Weapon Skill with the second weapon"), numberInput("", true), "skill1"),
      field(t("Row"), select(rowOptions()), "row"),
      field(t("Space"), select(spaceOptions()), "col")];
  }
  // 9.1 deploys the monsters; the players may choose who faces whom within its limits.
  return [...common,
    field(labels.weapon, select([new Option(t("Monster column (unarmed)"), ""), ...weaponOptions(false)]), "weapon"),
    field(t("Row"), select([new Option(system.hints.deployed, ""), ...rowOptions()]), "row"),
    field(t("Space"), select([new Option(system.hints.deployed, ""), ...spaceOptions()]), "col")];
}

/**
 * A row of the list, its fields holding the values given by their key (a language switch builds it again).
 * @param {string} kind
 * @param {Record<string, unknown>} values
 */
function build(kind, values) {
  const row = h("fieldset", { className: kind }, element("legend"), ...fields(kind));
  for (const input of $$("input, select", row)) {
    const value = values[/** @type {HTMLInputElement} */ (input).dataset.key ?? ""];
    if (value !== undefined && value !== null) /** @type {HTMLInputElement} */ (input).value = String(value);
  }
  const remove = h("button", { type: "button", className: "secondary remove" });
  remove.addEventListener("click", () => { row.remove(); renumber(); });
  row.append(remove);
  return row;
}

/**
 * A character of the party: from the roster (its values) or the player's own (blank).
 * @param {Record<string, any>} [values]
 */
function addCharacter(values = {}) {
  const index = $$(".character", party).length;
  /** @type {string[]} */
  const weapons = values.weapons || [];
  /** @type {Record<string, number>} */
  const skills = values.skills || {};
  const width = system.row_width;
  const [row, col] = values.pos || [Math.floor(index / width), index % width];
  party.append(build("character", { ...values, weapon0: weapons[0] || system.default_weapon, skill0: skills[weapons[0]],
                                    weapon1: weapons[1] || "", skill1: skills[weapons[1]], row, col }));
  renumber();
  return /** @type {HTMLElement} */ (party.lastElementChild);
}

/** @param {Record<string, any>} values */
function addMonsterRow(values) {
  monsters.append(build("monster", { ...values, weapon: values.weapon || "" }));
  renumber();
}

// Ids, labels and the record path of every input, after a row is added or removed (errors find their field by it).
function renumber() {
  /** @type {Record<string, string>} */
  const path = { name: "name", wound_points: "wound_points", resistance: "resistance", combat_bonus: "combat_bonus",
                 weapon0: "weapons", skill0: "skills", weapon1: "weapons", skill1: "skills", row: "pos", col: "pos",
                 weapon: "weapon" };
  // The rules' ids of the units, in the set-up's order (a row past the most a side may have, which the rules refuse:
  // its number).
  /** @type {{party: string[], monsters: string[]}} */
  const ids = system?.unit_ids ?? { party: [], monsters: [] };
  /** @type {[HTMLElement, string, string, (i: number) => string][]} */
  const groups = [[party, "hero.party", "character", (i) => ids.party[i] ?? String(i + 1)],
                  [monsters, "enemies", "monster", (i) => ids.monsters[i] ?? String(i + 1)]];
  for (const [list, root, kind, id] of groups) {
    $$(`.${kind}`, list).forEach((row, i) => {
      const name = kind === "character" ? t("Character {id}", { id: id(i) }) : t("Monster {id}", { id: id(i) });
      $("legend", row).textContent = name;
      const remove = $(".remove", row);
      remove.textContent = kind === "character" ? t("Remove character") : t("Remove monster");
      remove.setAttribute("aria-label", `${remove.textContent} ${id(i)}`);
      for (const input of $$("input, select", row)) {
        const key = input.dataset.key ?? "";
        input.id = `cob-${kind}-${i}-${key}`;
        /** @type {HTMLLabelElement} */ (input.previousElementSibling).htmlFor = input.id;
        input.dataset.field = `${root}.${i}.${path[key]}`;
      }
    });
  }
  if (system) addOwn.disabled = $$(".character", party).length >= system.max_party;
  // A row added or removed is an edit of the set-up: the odds follow, a refusal of the list ("Party: …") goes.
  party.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * The set-up in this system's words: the roster, the chart, the lists (rebuilt in this language, with what was
 * typed) and the table.
 * @param {System} next
 */
export function apply(next) {
  system = next;
  /** @type {{key: string, name: string}[][]} */
  const [heroes, chart] = [system.heroes, system.monsters];
  heroPickLabel.textContent = system.labels.hero;
  partyHint.textContent = system.hints.party;
  monstersHint.textContent = system.hints.monsters;
  tableTitle.textContent = system.hints.table;
  monsterPickLabel.textContent = system.enemy_labels.monster;
  heroPick.replaceChildren(...heroes.map((hero) => new Option(hero.name, hero.key)));
  monsterPick.replaceChildren(...chart.map((monster) => new Option(monster.name, monster.key)));
  for (const row of [...$$(".character", party), ...$$(".monster", monsters)]) {
    const typed = Object.fromEntries($$("input, select", row).map((input) => [input.dataset.key,
      /** @type {HTMLInputElement} */ (input).value]));
    row.replaceWith(build(row.classList.contains("monster") ? "monster" : "character", typed));
  }
  renumber();
  tableEditor();
}

// The Combat Results Table 9.9 as editable cells, filled with the shipped (unverified) values.
function tableEditor() {
  /** @type {Table} */
  const table = system.table;
  const typed = $$("input", editor).map((input) => /** @type {HTMLInputElement} */ (input).value);
  tableCredit.textContent = table.credit;
  const head = element("tr");
  head.append(element("th", t("Modified roll")));
  for (const column of table.columns) head.append(h("th", { scope: "col" }, column.name));
  const rows = table.rows.map((values, r) => {
    const low = table.row_starts[r];
    const high = r + 1 < table.row_starts.length ? table.row_starts[r + 1] - 1 : null;
    const rowName = r === 0 ? `≤ ${high}` : high === null ? `${low}+` : low === high ? String(low) : `${low}–${high}`;
    const tr = h("tr", {}, h("th", { scope: "row" }, rowName));
    values.forEach((value, c) => {
      const input = numberInput(value);
      input.dataset.field = `tables.crt.rows.${r}.${c}`;
      input.setAttribute("aria-label", t("{column}, roll {row}", { column: table.columns[c].name, row: rowName }));
      tr.append(h("td", {}, input));
    });
    return tr;
  });
  editor.replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
  if (typed.length === table.rows.length * table.columns.length) {
    $$("input", editor).forEach((input, i) => { /** @type {HTMLInputElement} */ (input).value = typed[i]; });
  }
}

/**
 * @param {HTMLElement} row
 * @param {string} key
 */
function value(row, key) {
  return /** @type {HTMLInputElement} */ ($(`[data-key="${key}"]`, row)).value.trim();
}

/** The party, the monsters and (when edited) the table, as typed; Python checks every value. */
export function recordParts() {
  const heroes = $$(".character", party).map((row) => {
    const weapons = [value(row, "weapon0"), value(row, "weapon1")].filter(Boolean);
    /** @type {Record<string, unknown>} */
    const skills = {};
    if (value(row, "skill0") !== "") skills[weapons[0]] = numberOrText(value(row, "skill0"));
    if (weapons[1] && value(row, "skill1") !== "") skills[weapons[1]] = numberOrText(value(row, "skill1"));
    /** @type {Record<string, unknown>} */
    const character = { name: value(row, "name"), wound_points: numberOrText(value(row, "wound_points")),
                        resistance: numberOrText(value(row, "resistance")),
                        combat_bonus: numberOrText(value(row, "combat_bonus")), weapons, skills,
                        pos: [Number(value(row, "row")), Number(value(row, "col"))] };
    if (!character.name) delete character.name;
    return character;
  });
  const enemies = $$(".monster", monsters).map((row) => {
    /** @type {Record<string, unknown>} */
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
  /** @type {Table} */
  const table = system.table;
  const rows = table.rows.map((values, r) => values.map((_, c) =>
    numberOrText(/** @type {HTMLInputElement} */ ($(`[data-field="tables.crt.rows.${r}.${c}"]`, editor)).value)));
  const edited = JSON.stringify(rows) !== JSON.stringify(table.rows);
  return { hero: { party: heroes }, enemies, ...(edited ? { tables: { crt: { rows, row_starts: table.row_starts } } } : {}) };
}

/** The party as typed (the roster is this book's sheet). */
export const heroOf = () => recordParts().hero;

/**
 * The roster filled from an adventure's party (null: no one yet).
 * @param {{party?: Record<string, any>[]} | null} hero
 * @param {System} shown
 */
export function setHero(hero, shown) {
  system = shown;
  party.replaceChildren();
  for (const character of hero?.party ?? []) addCharacter(character);
  renumber();
}

/** A new encounter: no monster, the Hellgate rule at its default. */
export function clearEnemies() {
  monsters.replaceChildren();
  renumber();
  resetRules();
}

/** The set-up's parts, its roster's buttons wired: the party and the monsters side by side, the table's editor. */
export function setupParts() {
  addHero.addEventListener("click", () => {
    /** @type {{key: string}[]} */
    const heroes = system.heroes;
    const hero = heroes.find((one) => one.key === heroPick.value);
    if (hero) addCharacter(hero);
  });
  addOwn.addEventListener("click", () => $("input", addCharacter()).focus());
  addMonster.addEventListener("click", () => {
    /** @type {{key: string}[]} */
    const chart = system.monsters;
    const monster = chart.find((one) => one.key === monsterPick.value);
    if (monster) addMonsterRow(monster);
  });
  return [
      h("div", { className: "columns" },
        h("fieldset", {}, h("legend", { i18n: "Party, in march order" }), party,
          h("div", { className: "inline" }, heroPickLabel, heroPick,
            addHero),
          addOwn, partyHint),
        h("fieldset", {}, h("legend", { i18n: "Monsters" }), monsters,
          h("div", { className: "inline" },
            monsterPickLabel, monsterPick, addMonster),
          monstersHint)),
      h("details", { id: "cob-table-box" },
        tableTitle,
        tableSource,
        h("div", { className: "table-scroll" }, editor))];
}

/** This section's rules: those the rules declare (setup.js's form builder draws them). */
export const rulesParts = () => [ruleForm()];
