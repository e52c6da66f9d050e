// Fighting Fantasy's adventure sheet in the fight (the screen-ff.js module's part): gold, the flask, food, the
// backpack, weapons and spells, each with its actions, and why a control is unavailable now, in the rules' words.
// Its costly buttons are styled as the fight's (costly, costOf).
import { element, h, numberOrText } from "../base/dom.js";
import { SIGNED } from "./form.js";
import { t } from "../base/i18n.js";

/** @typedef {import("../../types/screen").Shell} Shell */
/** @typedef {import("../base/rules.js").System} System */
/** @typedef {import("./screen-ff.js").View} View */

/**
 * A button that costs something: styled apart from the round, its cost in words inside its name (costOf).
 * @param {string} id
 * @param {HTMLElement} label
 */
export function costly(id, label) {
  return h("button", { type: "button", id, className: "costly" }, label, " ", h("span", { className: "cost" }));
}

/**
 * A field of the sheet with its buttons on one line.
 * @param {import("../base/dom.js").Props<"label">} label
 * @param {HTMLElement} input
 * @param {...HTMLElement} buttons
 */
function inline(label, input, ...buttons) {
  return h("div", { className: "inline" }, h("label", { htmlFor: input.id, ...label }), input, ...buttons);
}

/** @param {import("../base/dom.js").Props<"button">} props */
function sheetButton(props) {
  return h("button", { type: "button", className: "secondary", ...props });
}

/**
 * The sheet: its section, its controls acting through the shell; its drawing from a view, and why its disabled
 * controls are so.
 * @param {Shell["act"]} act
 * @param {() => number | undefined} target the enemy chosen (a spell's target)
 */
export function sheet(act, target) {
  // the adventure sheet
  // the sheet's words are the rules' labels (describe().labels)
  const sheetWords = Object.fromEntries(["gold", "flask", "food", "backpack", "weapons", "spells"]
    .map((key) => [key, element("span")]));
  const sheetGold = h("strong", { id: "sheet-gold" }, "0");
  const sheetFlask = h("strong", { id: "sheet-flask" }, "0");
  const sheetFood = h("strong", { id: "sheet-food" }, "0");
  const sheetSlots = h("span", { id: "sheet-slots" });
  const sheetBackpack = h("ul", { id: "sheet-backpack", className: "backpack" });
  const sheetWeapons = h("ul", { id: "sheet-weapons", className: "backpack" });
  const sheetSpells = h("ul", { id: "sheet-spells", className: "spells-left" });
  // Why the sheet's disabled controls are unavailable now, in the rules' own words (the reply's `why`).
  const sheetWhy = h("ul", { id: "sheet-why", className: "why-list" });
  const goldChange = h("input", { id: "gold-change", ...SIGNED, autocomplete: "off",
                                  data: { field: "action.amount" } });
  const eatStamina = h("input", { id: "eat-stamina", inputMode: "numeric", autocomplete: "off", placeholder: "0",
                                  data: { field: "action.stamina" } });
  const newItem = h("input", { id: "new-item", autocomplete: "off", data: { field: "action.item" } });
  const drink = costly("drink", h("span", { i18n: "Drink from the flask" }));
  const eat = sheetButton({ id: "eat", i18n: "Eat" });
  const takeItem = sheetButton({ id: "take-item", i18n: "Put in the backpack" });
  const takeWeapon = sheetButton({ id: "take-weapon", i18n: "Take as a weapon" });
  const takeFood = sheetButton({ id: "take-food", i18n: "Put food in the backpack" });
  const changeGold = sheetButton({ id: "gold-apply", i18n: "Change gold" });

  /** @type {[HTMLButtonElement, () => import("../base/rules.js").Action][]} */
  const actions = [
    [drink, () => ({ do: "drink" })],
    [eat, () => ({ do: "eat", stamina: numberOrText(eatStamina.value || "0") })],
    [takeItem, () => ({ do: "take", item: newItem.value })],
    [takeWeapon, () => ({ do: "arm", weapon: newItem.value })],
    [takeFood, () => ({ do: "take", food: 1 })],
    [changeGold, () => ({ do: "gold", amount: numberOrText(goldChange.value.replace("−", "-")) })],
  ];
  for (const [button, action] of actions) {
    button.addEventListener("click", async () => {
      if (await act(action())) for (const input of [newItem, goldChange]) input.value = "";
    });
  }
  sheetWeapons.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-weapon]"));
    if (button) act({ do: "disarm", weapon: button.dataset.weapon });
  });
  sheetBackpack.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-item]"));
    if (button) act({ do: "drop", item: button.dataset.item });
  });
  sheetSpells.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-spell]"));
    if (!button) return;
    /** @type {import("../base/rules.js").Action} */
    const action = { do: "spell", spell: button.dataset.spell };
    const chosen = target();
    if (chosen !== undefined) action.target = chosen;
    act(action);
  });
  const box = h("section", { id: "sheet", className: "sheet", attrs: { "aria-labelledby": "sheet-heading" } },
    h("h3", { id: "sheet-heading", i18n: "Adventure sheet" }),
    h("div", { className: "sheet-grid" },
      h("div", {},
        h("p", {}, sheetWords.gold, ": ", sheetGold),
        inline({ i18n: "Gold gained (+) or spent (−)" }, goldChange, changeGold),
        h("p", {}, sheetWords.flask, ": ", sheetFlask, " ", drink),
        h("p", {}, sheetWords.food, ": ", sheetFood),
        inline({ i18n: "STAMINA the food gives (as the paragraph says)" }, eatStamina, eat)),
      h("div", {},
        h("p", {}, sheetWords.backpack, " (", sheetSlots, ")"), sheetBackpack,
        h("p", {}, sheetWords.weapons, " ", h("span", { className: "hint", i18n: "(money and weapons are not put in the backpack)" })),
        sheetWeapons,
        inline({ i18n: "Thing" }, newItem, takeItem, takeWeapon, takeFood)),
      h("div", {}, h("p", {}, sheetWords.spells), sheetSpells)),
    sheetWhy);

  /**
   * @param {View} view
   * @param {System} shown
   * @param {Record<string, string>} why the rules' refusals (a spell's: it cannot be cast now)
   */
  function render(view, shown, why) {
    const hero = view.hero;
    for (const [key, span] of Object.entries(sheetWords)) span.textContent = shown.labels[key];
    const peace = view.can.sheet;
    sheetGold.textContent = String(hero.gold);
    sheetFlask.textContent = String(hero.flask);
    sheetFood.textContent = String(hero.food);
    sheetSlots.textContent = t("{used} of {n} places taken",
      { used: shown.backpack_slots - hero.slots_free, n: shown.backpack_slots });
    const weapons = hero.weapons ?? [];
    sheetWeapons.replaceChildren(element("li", t("your trusty sword")), ...weapons.map((weapon, i) => {
      const button = h("button", { type: "button", className: "secondary", disabled: !peace, data: { weapon },
                                   attrs: { "aria-label": t("Leave {weapon}", { weapon }) } }, t("Leave"));
      return h("li", { data: { index: String(i) } }, element("span", weapon), " ", button);
    }));
    sheetBackpack.replaceChildren(...hero.backpack.map((item, i) => {
      const button = h("button", { type: "button", className: "secondary", disabled: !peace, data: { item },
                                   attrs: { "aria-label": t("Take {item} out of the backpack", { item }) } }, t("Take out"));
      return h("li", { data: { index: String(i) } }, element("span", item), " ", button);
    }));
    const spells = Object.entries(hero.spells);
    sheetSpells.replaceChildren(...(spells.length ? spells.map(([key, uses]) => {
      const name = spellName(shown, key);
      const cost = view.said.costs[`spell:${key}`];
      const button = h("button", { type: "button", className: "costly", disabled: Boolean(why[`spell:${key}`]),
                                   data: { spell: key },
                                   attrs: { "aria-label": `${t("Cast the {spell}", { spell: name })} (${cost})` } },
        t("Cast"), " ", h("span", { className: "cost" }, `(${cost})`));
      return h("li", {}, element("span", `${name}: ${uses}`), " ", button);
    }) : [element("li", t("No spells left."), "hint")]));
    for (const button of [eat, takeItem, takeWeapon, takeFood]) button.disabled = !peace;
    drink.disabled = !view.can.drink; // between rounds too, where this fight's rules allow it
    costOf(drink, view.said.costs.drink);
  }

  /**
   * Each disabled control of the sheet, and why (the rules' refusal of its action): a line under the sheet, which
   * the control's accessible description points to.
   * @param {Record<string, string>} why by control: drink, eat, take, spell:<key>
   */
  function explain(why) {
    /** @type {[HTMLButtonElement, string, string][]} */
    const controls = [[drink, "drink", t("Drink from the flask")], [eat, "eat", t("Eat")],
                      [takeItem, "take", t("Put in the backpack")], [takeFood, "take", t("Put food in the backpack")],
                      [takeWeapon, "arm", t("Take as a weapon")],
                      .../** @type {HTMLButtonElement[]} */ ([...sheetSpells.querySelectorAll("button[data-spell]")])
                        .map((b) => /** @type {[HTMLButtonElement, string, string]} */ (
                          [b, `spell:${b.dataset.spell}`, b.closest("li")?.firstChild?.textContent ?? ""]))];
    /** @type {Map<string, string[]>} reason -> the controls it disables */
    const reasons = new Map();
    for (const [button, key, name] of controls) {
      const reason = why[key];
      button.removeAttribute("aria-describedby");
      if (!button.disabled || !reason) continue;
      reasons.set(reason, [...(reasons.get(reason) ?? []), name]);
      button.setAttribute("aria-describedby", `ff-why-${[...reasons.keys()].indexOf(reason)}`);
    }
    sheetWhy.replaceChildren(...[...reasons].map(([reason, names], i) =>
      h("li", { id: `ff-why-${i}` }, t("Not now ({controls}): {reason}", { controls: names.join(", "), reason }))));
  }

  return { box, render, explain };
}

/**
 * @param {HTMLElement} button
 * @param {string} text
 */
export function costOf(button, text) {
  /** @type {HTMLElement} */ (button.querySelector(".cost")).textContent = text ? `(${text})` : "";
}

/**
 * A spell's name in the rules' words (describe().spells).
 * @param {System} shown
 * @param {string} key
 */
export function spellName(shown, key) {
  /** @type {{key: string, name: string}[]} */
  const spells = shown.spells;
  return spells.find((spell) => spell.key === key)?.name ?? key;
}
