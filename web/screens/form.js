// The parts the screen modules build their set-up forms from (setup.js shows the chosen book's): fields, the rules'
// fields (made once each, so that what was typed stays through a language switch or another book), the enemies, the
// hero's roll and modifiers. Every input carries its record path in data-field: a refusal of the rules finds its
// field by it.
import { $, $$, find, h } from "../base/dom.js";
import { t } from "../base/i18n.js";

const $rules = $("#rules-body");

/**
 * This section's rules back to their defaults (a new section).
 * @param {ParentNode} [root]
 */
export function resetRules(root = $rules) {
  const kept = root === $rules ? [...ruleFields.values()].map((made) => made.input) : []; // another book's too
  for (const input of new Set([...$$("input", root), ...kept])) {
    if (input.type === "checkbox") input.checked = input.defaultChecked;
    else input.value = input.defaultValue;
  }
}

/**
 * The keypad of a number that may be negative (a modifier, gold spent): a phone's numeric keypad (inputmode
 * "numeric", "decimal") has no minus on iPhones, so these fields open the keyboard with its "123" keys, minus included.
 */
export const SIGNED = /** @type {const} */ ({ inputMode: "text", autocapitalize: "off", spellcheck: false });

/**
 * Limits filled by Roll a new hero follow their numbers typed afterwards (one's own hero typed over a rolled one: its
 * 26 ENDURANCE is its starting ENDURANCE too, not a refusal against the rolled 24), until a limit is typed itself.
 * @param {[HTMLInputElement, HTMLInputElement][]} pairs [a number, its limit]
 * @returns {(rolled: boolean) => void} marks the limits as rolled (true) or as the player's (a hero loaded: false)
 */
export function rolledLimits(pairs) {
  for (const [number, limit] of pairs) {
    number.addEventListener("input", () => { if (limit.dataset.rolled) limit.value = number.value; });
    limit.addEventListener("input", () => { delete limit.dataset.rolled; });
  }
  return (rolled) => {
    for (const [, limit] of pairs) {
      if (rolled) limit.dataset.rolled = "true";
      else delete limit.dataset.rolled;
    }
  };
}

/**
 * A labelled number field (the screen words its label in the system's words).
 * @param {string} id
 * @param {string} path
 * @param {import("../base/dom.js").Props<"input">} [props]
 */
export function field(id, path, props = {}) {
  const input = h("input", { id, inputMode: "numeric", autocomplete: "off", ...props, data: { field: path } });
  const label = h("label", { htmlFor: id });
  return { box: h("div", { className: "field" }, label, input), label, input };
}

/**
 * A per-fight rule as the rules declare it (pyrules.params, describe()'s `rules`), in the page's language: a whole
 * number unless `check` (a box, `checked` to start with), `decimal` or `signed` (may be below 0).
 * @typedef {{key: string, label: string, check?: boolean, checked?: boolean, decimal?: boolean, signed?: boolean,
 *   hint?: string, placeholder?: string}} RuleField
 */

/**
 * This section's combat rules: the place of the one form builder's fields, the chosen book's declared rules (drawn in
 * by select()). The screen lays out only: `explained` puts each rule in a box with its hint under it (else a hint
 * follows its field in the grid).
 * @param {{explained?: boolean}} [layout]
 */
export const ruleForm = ({ explained = false } = {}) =>
  h("div", { className: "rules-grid", data: { rules: explained ? "explained" : "grid" } });

/** @type {Map<string, {box: HTMLElement, input: HTMLInputElement, label: HTMLElement, hint: HTMLElement}>} */
const ruleFields = new Map(); // made once each: what was typed stays through a language switch or another book

/**
 * A rule's field (its id rule-<key>, its record path data-field rules.<key>), its words in the page's language.
 * @param {RuleField} rule
 */
function ruleField(rule) {
  const { key } = rule;
  let made = ruleFields.get(key);
  if (!made) {
    const id = `rule-${key}`;
    const kind = rule.check ? { type: "checkbox", defaultChecked: Boolean(rule.checked) }
      : rule.signed ? SIGNED : { inputMode: rule.decimal ? "decimal" : "numeric" };
    const input = h("input", { id, ...kind, data: { field: `rules.${key}` } });
    const label = h("label", { htmlFor: id });
    const box = rule.check ? h("div", { className: "field check" }, input, label) : h("div", { className: "field" }, label, input);
    made = { box, input, label, hint: h("p", { className: "hint", id: `${id}-hint` }) };
    ruleFields.set(key, made);
  }
  made.label.textContent = rule.label;
  made.hint.textContent = rule.hint ?? "";
  if (rule.hint) made.input.setAttribute("aria-describedby", made.hint.id);
  if (rule.placeholder) made.input.placeholder = rule.placeholder;
  return made;
}

/**
 * The chosen book's rules in the screen's rule form.
 * @param {RuleField[]} rules
 */
export function drawRules(rules) {
  const grid = /** @type {HTMLElement | null} */ (find("[data-rules]", $rules));
  if (!grid) return;
  const explained = grid.dataset.rules === "explained";
  grid.replaceChildren(...rules.flatMap((rule) => {
    const { box, hint } = ruleField(rule);
    if (explained) return [h("div", {}, box, hint)];
    return rule.hint ? [box, hint] : [box];
  }));
}

/**
 * The enemies, a group of fields each, in the list's order (the rules read them in that order).
 * @param {string} stamina the record's key of an enemy's endurance ("endurance", "stamina")
 * @param {HTMLElement} hint how several enemies fight
 */
export function enemyList(stamina, hint) {
  const rows = h("div", { id: "enemies" });
  const keys = ["name", "skill", stamina];
  /** @type {Record<string, string>} */
  let labels = {};
  let made = 0;

  function renumber() {
    $$(".enemy", rows).forEach((row, i) => {
      row.setAttribute("aria-label", t("Enemy {n}", { n: i + 1 }));
      for (const input of $$("input", row)) input.dataset.field = `enemies.${i}.${input.dataset.key}`;
      $(".remove-enemy", row).setAttribute("aria-label", t("Remove enemy {n}", { n: i + 1 }));
    });
  }

  /** @param {HTMLElement} row */
  const word = (row) => {
    for (const label of $$("label", row)) label.textContent = labels[label.dataset.label ?? ""] ?? "";
  };

  function add() {
    const index = made++;
    const row = h("div", { className: "enemy", attrs: { role: "group" } }, ...keys.map((key) => {
      const id = `enemy-${index}-${key}`;
      const kind = key === "name" ? { i18nPlaceholder: "name from the book" } : { inputMode: "numeric" };
      return h("div", { className: "field" }, h("label", { htmlFor: id, data: { label: key } }),
        h("input", { id, autocomplete: "off", ...kind, data: { key } }));
    }));
    const remove = h("button", { type: "button", className: "secondary remove-enemy", i18n: "Remove enemy" });
    remove.addEventListener("click", () => { row.remove(); renumber(); });
    row.append(remove);
    word(row);
    rows.append(row);
    renumber();
    return row;
  }

  const more = h("button", { type: "button", id: "add-enemy", className: "secondary", i18n: "Add another enemy" });
  more.addEventListener("click", () => $("input", add()).focus());
  add();
  return {
    /** One empty enemy again (a new section: the enemy just fought is not left behind). */
    clear() {
      rows.replaceChildren();
      add();
    },
    box: h("fieldset", { className: "enemies" }, h("legend", { i18n: "Enemy" }), rows, more, hint),
    /** @param {Record<string, string>} enemyLabels the system's words */
    relabel(enemyLabels) {
      labels = enemyLabels;
      for (const row of $$(".enemy", rows)) word(row);
      renumber();
    },
    /** The enemies as typed (`typed`: only those with something typed). */
    values(typed = false) {
      const enemies = $$(".enemy", rows).map((row) => Object.fromEntries($$("input", row)
        .filter((input) => input.value.trim() !== "")
        .map((input) => [input.dataset.key, input.value])));
      return typed ? enemies.filter((enemy) => Object.keys(enemy).length) : enemies;
    },
  };
}

/**
 * "Roll a new hero" and the hint naming what was rolled: `fill` writes the new hero into the form.
 * @param {() => Promise<Record<string, any> | null>} roll the shell's request to the rules
 * @param {() => string} intro "Random numbers picked:" or "Dice rolled:", in the page's language
 * @param {(hero: Record<string, number>) => Record<string, string>} fill returns the labels of the numbers rolled
 */
export function roller(roll, intro, fill) {
  const hint = h("p", { className: "hint", id: "roll-hint" });
  const button = h("button", { type: "button", id: "roll-hero", className: "secondary", i18n: "Roll a new hero" });
  button.addEventListener("click", async () => {
    const reply = await roll();
    if (!reply) return;
    const labels = fill(reply.hero);
    /** @type {[string, number | number[]][]} */
    const numbers = Object.entries(reply.numbers);
    const picks = numbers.map(([key, n]) => `${Array.isArray(n) ? n.join("+") : n} → ${labels[key]}`);
    hint.textContent = `${intro()} ${picks.join(", ")}.`;
  });
  return [button, hint];
}

/**
 * The hero's items and weapons with their bonuses by name (record `hero.modifiers`: [{name, skill}]), a small list.
 * @param {() => string} bonusWord the bonus's label, in the system's words
 */
export function modifierList(bonusWord) {
  const rows = h("ul", { id: "modifiers", className: "modifiers" });
  let made = 0;

  function renumber() {
    $$("li", rows).forEach((row, i) => {
      for (const input of $$("input", row)) input.dataset.field = `hero.modifiers.${i}.${input.dataset.key}`;
      $("button", row).setAttribute("aria-label", t("Remove item {n}", { n: i + 1 }));
    });
  }

  /** @param {{name?: string, skill?: number | string}} [item] */
  function add(item = {}) {
    const index = made++;
    const name = h("input", { id: `modifier-${index}-name`, autocomplete: "off", value: item.name ?? "",
                              data: { key: "name" } });
    const skill = h("input", { id: `modifier-${index}-skill`, ...SIGNED, autocomplete: "off",
                               value: item.skill === undefined ? "" : String(item.skill), data: { key: "skill" } });
    const remove = h("button", { type: "button", className: "secondary remove-modifier", i18n: "Remove" });
    const row = h("li", {}, h("div", { className: "field" }, h("label", { htmlFor: name.id, i18n: "Item or weapon" }), name),
      h("div", { className: "field" }, h("label", { htmlFor: skill.id, data: { bonus: "" } }, bonusWord()), skill), remove);
    remove.addEventListener("click", () => {
      row.remove();
      renumber();
      rows.dispatchEvent(new Event("change", { bubbles: true }));
    });
    rows.append(row);
    renumber();
    return row;
  }

  const more = h("button", { type: "button", id: "add-modifier", className: "secondary", i18n: "Add an item" });
  more.addEventListener("click", () => $("input", add()).focus());
  return {
    box: h("fieldset", { className: "modifier-list" }, h("legend", { i18n: "Items and weapons with a bonus" }), rows, more),
    relabel() {
      for (const label of $$("[data-bonus]", rows)) label.textContent = bonusWord();
    },
    /** @param {{name?: string, skill?: number | string}[]} items */
    set(items) {
      rows.replaceChildren();
      for (const item of items) add(item);
    },
    /** The items as typed (rows left empty are left out). */
    values() {
      return $$("li", rows).map((row) => Object.fromEntries($$("input", row)
        .map((input) => [input.dataset.key, input.value.trim()])))
        .filter((item) => item.name || item.skill);
    },
  };
}
