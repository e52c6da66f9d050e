// The screen of Fighting Fantasy («Подземелья Чёрного замка», kind "ff"): the set-up form with the adventure sheet's
// numbers and spells, the fight (status, whom to strike, dice, escape, luck), the adventure sheet, the log.
import { $$, cell, element, h, noteRow, numberOrText, stats } from "./dom.js";
import { enemyList, field, resetRules, roller, rule } from "./setup.js";
import { t } from "./i18n.js";

/** @typedef {import("../types/screen").Conforms<typeof import("./screen-ff.js")>} Checked this module is a Screen */
/** @typedef {import("../types/screen").Shell} Shell */
/** @typedef {import("../types/screen").OpenFight} OpenFight */
/** @typedef {import("./rules.js").System} System */
/** @typedef {import("./rules.js").FightRecord} FightRecord */
/** @typedef {import("./rules.js").FightEvent} FightEvent */
/**
 * @typedef {{skill: number, max_skill: number, stamina: number, max_stamina: number, luck: number, max_luck: number,
 *   gold: number, flask: number, food: number, backpack: string[], slots_free: number, spells: Record<string, number>,
 *   strength: boolean}} Hero
 */
/**
 * A fight's state as the rules show it (pyrules.systems.fighting_fantasy: view).
 * @typedef {{outcome: string, hero: Hero, enemies: {name: string, skill: number, stamina: number, weakened: boolean}[],
 *   fighting: number[], can: Record<string, boolean>}} View
 */

export const notes = { "fighting-fantasy": { i18n: "(D. Braslavsky, 1991)" } };

const COLUMNS = 5;
/** @type {Shell} */
let shell;
/** @type {System} */
let system;

// ---- the set-up form ---------------------------------------------------------------------------------------------

/** The book's word for its numbered sections. */
export const sectionWord = () => t("Paragraph");

const legend = h("legend", { id: "hero-legend" });
const skill = field("hero-skill", "hero.skill", { required: true });
const stamina = field("hero-stamina", "hero.stamina", { required: true });
const luck = field("hero-luck", "hero.luck");
const maxSkill = field("hero-max-skill", "hero.max_skill", { i18nPlaceholder: "as now" });
const maxStamina = field("hero-max-stamina", "hero.max_stamina", { i18nPlaceholder: "as now" });
const maxLuck = field("hero-max-luck", "hero.max_luck", { i18nPlaceholder: "as now" });
const gold = field("hero-gold", "hero.gold", { value: "15" });
const flask = field("hero-flask", "hero.flask", { value: "2" });
const food = field("hero-food", "hero.food", { placeholder: "0" });
const backpack = h("textarea", { id: "hero-backpack", rows: 3, data: { field: "hero.backpack" } });
const spellsLegend = h("legend");
const spellFields = h("div", { id: "spell-fields", className: "spell-grid" });
const enemies = enemyList("stamina", h("p", { className: "hint",
  i18n: "Several enemies fight all at once, unless the paragraph says they come one after another." }));

/**
 * A rule of this section with the book's words beside it (its hint, the rule's description).
 * @param {string} key
 * @param {HTMLElement} field
 * @param {import("./dom.js").Props<"p">} hint
 */
const explained = (key, field, hint) => h("div", {}, field, h("p", { className: "hint", id: `rule-${key}-hint`, ...hint }));

const RULES = [
  explained("escape", rule("escape", { check: true, hint: true }),
    { i18n: "Only where the paragraph allows it. The enemy has the last blow: 2 STAMINA lost." }),
  explained("one_by_one", rule("one_by_one", { check: true, hint: true }),
    { i18n: "Off: they all fight at once and you choose whom to strike each round. Between opponents you are not in a fight: the adventure sheet and luck tests are open." }),
  explained("luck_in_combat", rule("luck_in_combat", { check: true, hint: true }),
    { i18n: "After a wound you may test your luck: a wound you deal takes 4 if you are lucky, 1 if not; a wound you take costs 1 if you are lucky, 3 if not. A killing blow ends the enemy: there is no test on it." }),
  explained("decline_costs_luck", rule("decline_costs_luck", { check: true, hint: true }),
    { i18n: "The book: each time you are offered to TEST YOUR LUCK you must subtract 1, and a declined test counts as unlucky. Off: a declined test is unlucky but costs no LUCK." }),
  explained("flask_in_combat", rule("flask_in_combat", { check: true, hint: true }),
    { i18n: "The book shuts only the backpack during a fight; the flask hangs at the belt. Off: no drink until the fight is over." }),
  explained("strength_bonus", rule("strength_bonus", { placeholder: "2", hint: true }),
    { i18n: "The 1991 text says only that the spell raises your ATTACK STRENGTH; the remake gives +2. Blank: 2." }),
  explained("weakness_penalty", rule("weakness_penalty", { placeholder: "2", hint: true }),
    { i18n: "The 1991 text says only that the spell weakens the enemy's ATTACK STRENGTH; the remake gives −2. Blank: 2." }),
];

/**
 * The set-up in this system's words (what was typed is kept).
 * @param {System} next
 */
export function apply(next) {
  system = next;
  const { labels } = system;
  legend.textContent = system.hero;
  for (const [part, key] of /** @type {const} */ ([[skill, "skill"], [stamina, "stamina"], [luck, "luck"],
    [maxSkill, "max_skill"], [maxStamina, "max_stamina"], [maxLuck, "max_luck"],
    [gold, "gold"], [flask, "flask"], [food, "food"]])) part.label.textContent = labels[key];
  spellsLegend.textContent = labels.spells;
  const typed = Object.fromEntries($$("input", spellFields).map((input) => [input.dataset.spell, input.value]));
  /** @type {{key: string, name: string}[]} */
  const spells = system.spells;
  spellFields.replaceChildren(...spells.map(({ key, name }) => {
    const input = h("input", { id: `spell-${key}`, inputMode: "numeric", autocomplete: "off", placeholder: "0",
                               value: typed[key] ?? "", data: { spell: key, field: `hero.spells.${key}` } });
    return h("div", { className: "field" }, h("label", { htmlFor: input.id }, name), input);
  }));
  enemies.relabel(system.enemy_labels);
}

/** The hero as typed (the Adventure Sheet): the rules check every value and name the field they refuse. */
export function heroOf() {
  /** @type {Record<string, unknown>} */
  const hero = { skill: skill.input.value, stamina: stamina.input.value, luck: luck.input.value,
                 gold: gold.input.value, flask: flask.input.value, food: food.input.value };
  for (const [part, key] of /** @type {const} */ ([[maxSkill, "max_skill"], [maxStamina, "max_stamina"],
    [maxLuck, "max_luck"]])) if (part.input.value.trim()) hero[key] = part.input.value;
  const things = backpack.value.split("\n").map((line) => line.trim()).filter(Boolean);
  if (things.length) hero.backpack = things;
  const spells = Object.fromEntries($$("input", spellFields).filter((input) => input.value.trim())
    .map((input) => [input.dataset.spell, input.value]));
  if (Object.keys(spells).length) hero.spells = spells;
  return hero;
}

/**
 * The Adventure Sheet filled from an adventure's hero (null: an empty sheet, the book's 15 gold and 2 drinks).
 * @param {Record<string, any> | null} hero
 */
export function setHero(hero) {
  const text = (/** @type {unknown} */ value) => (value === undefined || value === null ? "" : String(value));
  for (const [part, key] of /** @type {const} */ ([[skill, "skill"], [stamina, "stamina"], [luck, "luck"],
    [maxSkill, "max_skill"], [maxStamina, "max_stamina"], [maxLuck, "max_luck"]])) part.input.value = text(hero?.[key]);
  gold.input.value = text(hero ? hero.gold : 15);
  flask.input.value = text(hero ? hero.flask : 2);
  food.input.value = hero?.food ? String(hero.food) : "";
  backpack.value = (hero?.backpack ?? []).join("\n");
  for (const input of $$("input", spellFields)) input.value = text(hero?.spells?.[input.dataset.spell ?? ""]);
}

/** A new paragraph: no enemy, its rules at their defaults. */
export function clearEnemies() {
  enemies.clear();
  enemies.relabel(system.enemy_labels);
  resetRules();
}

/** The hero and the enemies as typed: the rules check every value and name the field they refuse. */
export function recordParts() {
  return { hero: heroOf(), enemies: enemies.values(true) };
}

// ---- the fight ---------------------------------------------------------------------------------------------------

const heroStatus = h("div", { className: "side", id: "hero-status", i18nLabel: "Hero" });
const enemyStatus = h("div", { className: "side", id: "enemy-status", i18nLabel: "Enemies" });
const targets = h("fieldset", { id: "targets", className: "targets", hidden: true });
const targetOptions = h("div", { id: "target-options" });
const heroDice = h("input", { id: "hero-dice", inputMode: "numeric", autocomplete: "off", data: { field: "action.dice.0" },
                              i18nPlaceholder: "blank: the app rolls", attrs: { "aria-describedby": "dice-hint" } });
const enemyDice = h("div", { id: "enemy-dice" });
const fightRound = h("button", { type: "submit", id: "fight-round", i18n: "Fight round" });
const escape = h("button", { type: "button", id: "escape", hidden: true, i18n: "Escape" });
const testLuck = h("button", { type: "button", id: "test-luck", hidden: true, i18n: "Test your luck" });
const decline = h("button", { type: "button", id: "decline-luck", className: "secondary", hidden: true,
                              i18n: "Decline the test" });
const log = h("tbody", { id: "ff-log" });
// the adventure sheet
// the sheet's words are the rules' labels (describe().labels)
const sheetWords = Object.fromEntries(["gold", "flask", "food", "backpack", "spells"].map((key) => [key, element("span")]));
const sheetGold = h("strong", { id: "sheet-gold" }, "0");
const sheetFlask = h("strong", { id: "sheet-flask" }, "0");
const sheetFood = h("strong", { id: "sheet-food" }, "0");
const sheetSlots = h("span", { id: "sheet-slots" });
const sheetBackpack = h("ul", { id: "sheet-backpack", className: "backpack" });
const sheetSpells = h("ul", { id: "sheet-spells", className: "spells-left" });
const goldChange = h("input", { id: "gold-change", inputMode: "numeric", autocomplete: "off",
                                data: { field: "action.amount" } });
const eatStamina = h("input", { id: "eat-stamina", inputMode: "numeric", autocomplete: "off", placeholder: "0",
                                data: { field: "action.stamina" } });
const newItem = h("input", { id: "new-item", autocomplete: "off", data: { field: "action.item" } });
/** @param {import("./dom.js").Props<"button">} props */
const sheetButton = (props) => h("button", { type: "button", className: "secondary", ...props });
const drink = sheetButton({ id: "drink", i18n: "Drink from the flask" });
const eat = sheetButton({ id: "eat", i18n: "Eat" });
const takeItem = sheetButton({ id: "take-item", i18n: "Put in the backpack" });
const takeFood = sheetButton({ id: "take-food", i18n: "Put food in the backpack" });
const changeGold = sheetButton({ id: "gold-apply", i18n: "Change gold" });

/**
 * A field of the sheet with its buttons on one line.
 * @param {import("./dom.js").Props<"label">} label
 * @param {HTMLElement} input
 * @param {...HTMLElement} buttons
 */
const inline = (label, input, ...buttons) => h("div", { className: "inline" },
  h("label", { htmlFor: input.id, ...label }), input, ...buttons);

/** @param {Shell} given */
export function init(given) {
  shell = given;
  escape.addEventListener("click", () => shell.act({ do: "escape" }));
  testLuck.addEventListener("click", () => shell.act(luckAction()));
  decline.addEventListener("click", () => shell.act({ do: "luck", decline: true })); // unlucky, as the book says
  /** @type {[HTMLButtonElement, () => import("./rules.js").Action][]} */
  const sheet = [
    [drink, () => ({ do: "drink" })],
    [eat, () => ({ do: "eat", stamina: numberOrText(eatStamina.value || "0") })],
    [takeItem, () => ({ do: "take", item: newItem.value })],
    [takeFood, () => ({ do: "take", food: 1 })],
    [changeGold, () => ({ do: "gold", amount: numberOrText(goldChange.value.replace("−", "-")) })],
  ];
  for (const [button, action] of sheet) {
    button.addEventListener("click", async () => {
      if (await shell.act(action())) for (const input of [newItem, goldChange]) input.value = "";
    });
  }
  sheetBackpack.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-item]"));
    if (button) shell.act({ do: "drop", item: button.dataset.item });
  });
  sheetSpells.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-spell]"));
    if (!button) return;
    /** @type {import("./rules.js").Action} */
    const action = { do: "spell", spell: button.dataset.spell };
    const chosen = target();
    if (chosen !== undefined) action.target = chosen;
    shell.act(action);
  });
  const [roll, rollHint] = roller(shell.rollHero, () => t("Dice rolled:"), (rolled) => {
    skill.input.value = maxSkill.input.value = String(rolled.skill);
    stamina.input.value = maxStamina.input.value = String(rolled.stamina);
    luck.input.value = maxLuck.input.value = String(rolled.luck);
    return system.labels;
  });
  targets.append(h("legend", { i18n: "Whom do you strike?" }), targetOptions);
  return {
    setup: [h("div", { className: "columns" },
      h("fieldset", {}, legend, h("div", { className: "sheet-pairs" }, skill.box, maxSkill.box, stamina.box, maxStamina.box,
        luck.box, maxLuck.box),
        h("div", {}, gold.box, flask.box, food.box,
          h("div", { className: "field" },
            h("label", { htmlFor: backpack.id, i18n: "Backpack: one thing per line (at most 7, food included)" }),
            backpack),
          h("fieldset", { className: "spells", attrs: { "aria-describedby": "spells-hint" } }, spellsLegend,
            h("p", { className: "hint", id: "spells-hint", i18n: "How many times each spell was chosen (10 in all at most)." }),
            spellFields)),
        roll, rollHint),
      enemies.box)],
    rules: [h("div", { className: "rules-grid" }, ...RULES)],
    top: [h("div", { className: "status" }, heroStatus, enemyStatus)],
    controls: [targets, h("div", { className: "dice" },
      h("div", { className: "field" }, h("label", { htmlFor: heroDice.id, i18n: "Your dice" }), heroDice), enemyDice,
      h("span", { className: "hint", id: "dice-hint",
                  i18n: "Type the two dice you rolled, such as 3 5, or leave them blank." }))],
    buttons: [fightRound, escape, testLuck, decline],
    log,
    bottom: [
      h("section", { id: "sheet", className: "sheet", attrs: { "aria-labelledby": "sheet-heading" } },
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
            inline({ i18n: "Thing" }, newItem, takeItem, takeFood)),
          h("div", {}, h("p", {}, sheetWords.spells), sheetSpells))),
      h("div", { className: "log-wrap" }, h("table", { id: "ff-log-table" }, h("caption", { i18n: "Adventure log" }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", i18n: "Round" }),
          h("th", { scope: "col", i18n: "Your ATTACK STRENGTH" }), h("th", { scope: "col", i18n: "Opponents" }),
          h("th", { scope: "col", i18n: "STAMINA after" }), h("th", { scope: "col", i18n: "Enemies' STAMINA after" }))),
        log))],
  };
}

// "3 5", "35", "3,5" are two dice; anything else goes to the rules as typed, to be refused with a message.
/** @param {string} text */
function dice(text) {
  const match = text.trim().match(/^([1-6])\D*([1-6])$/);
  return match ? [Number(match[1]), Number(match[2])] : text.trim();
}

/**
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function render(fight, shown) {
  const view = /** @type {View} */ (fight.view);
  const { hero } = view;
  const { labels } = shown;
  heroStatus.replaceChildren(element("h3", shown.hero + (hero.strength ? ` (${spellName(shown, "strength")})` : "")),
    stats([[labels.skill, `${hero.skill} / ${hero.max_skill}`],
           [labels.stamina, `${hero.stamina} / ${hero.max_stamina}`, hero.stamina <= 0],
           [labels.luck, `${hero.luck} / ${hero.max_luck}`]]));
  const foes = view.enemies.map((enemy, i) => {
    const box = element("div", "", "foe");
    const title = enemy.name + (enemy.weakened ? ` (${t("weakened")})` : "");
    box.append(element("h3", title), stats([[labels.skill, enemy.skill],
      [labels.stamina, enemy.stamina, enemy.stamina <= 0]]));
    box.classList.toggle("dead", enemy.stamina <= 0);
    box.classList.toggle("waiting", !view.fighting.includes(i) && enemy.stamina > 0);
    return box;
  });
  enemyStatus.replaceChildren(...(foes.length ? foes : [element("p", t("No enemy in this paragraph."), "hint")]));

  // Whom to strike: a choice only when several fight at once.
  const chosen = Number(/** @type {HTMLInputElement | null} */ (targetOptions.querySelector("input:checked"))?.value ??
                        view.fighting[0]);
  targets.hidden = view.fighting.length < 2;
  targetOptions.replaceChildren(...view.fighting.map((i) => h("label", {},
    h("input", { type: "radio", name: "target", value: String(i),
                 checked: i === (view.fighting.includes(chosen) ? chosen : view.fighting[0]) }),
    ` ${view.enemies[i].name}`)));
  // A dice field for each opponent in the fight.
  enemyDice.replaceChildren(...view.fighting.map((i) => {
    const input = h("input", { id: `enemy-dice-${i}`, inputMode: "numeric", autocomplete: "off",
                               placeholder: t("blank: the app rolls"), data: { field: `action.dice.${i + 1}`, enemy: String(i) } });
    return h("div", { className: "field" },
      h("label", { htmlFor: input.id }, t("Dice of {name}", { name: view.enemies[i].name })), input);
  }));

  const can = view.can;
  fightRound.hidden = !view.enemies.length;
  fightRound.disabled = !can.round;
  heroDice.disabled = !can.round && !can.luck; // a luck test uses the same two dice
  escape.hidden = !can.escape;
  testLuck.hidden = !can.luck;
  testLuck.textContent = can.combat_luck ? t("Test your luck on this wound") : t("Test your luck");
  decline.hidden = !can.luck || can.combat_luck; // a paragraph's test may be declined (unlucky)
  renderSheet(view, shown);
}

/**
 * @param {View} view
 * @param {System} shown
 */
function renderSheet(view, shown) {
  const hero = view.hero;
  for (const [key, span] of Object.entries(sheetWords)) span.textContent = shown.labels[key];
  const peace = view.can.sheet;
  sheetGold.textContent = String(hero.gold);
  sheetFlask.textContent = String(hero.flask);
  sheetFood.textContent = String(hero.food);
  sheetSlots.textContent = t("{used} of 7 places taken", { used: 7 - hero.slots_free });
  sheetBackpack.replaceChildren(...hero.backpack.map((item, i) => {
    const button = h("button", { type: "button", className: "secondary", disabled: !peace, data: { item },
                                 attrs: { "aria-label": t("Take {item} out of the backpack", { item }) } }, t("Take out"));
    return h("li", { data: { index: String(i) } }, element("span", item), " ", button);
  }));
  const spells = Object.entries(hero.spells);
  /** @type {{key: string, name: string, when: string}[]} */
  const known = shown.spells;
  sheetSpells.replaceChildren(...(spells.length ? spells.map(([key, uses]) => {
    const spell = known.find((s) => s.key === key) ?? { key, name: key, when: "" };
    const disabled = spell.when === "combat" ? !view.can.round : spell.when === "peace" ? !peace : view.outcome === "lost";
    const button = h("button", { type: "button", className: "secondary", disabled, data: { spell: key },
                                 attrs: { "aria-label": t("Cast the {spell}", { spell: spell.name }) } }, t("Cast"));
    return h("li", {}, element("span", `${spell.name}: ${uses}`), " ", button);
  }) : [element("li", t("No spells left."), "hint")]));
  for (const button of [eat, takeItem, takeFood]) button.disabled = !peace;
  drink.disabled = !view.can.drink; // between rounds too, where this fight's rules allow it
}

function target() {
  const checked = /** @type {HTMLInputElement | null} */ (targetOptions.querySelector("input:checked"));
  return checked ? Number(checked.value) : undefined;
}

/** The round form's action (Enter, or Fight round): the target and the dice typed. */
export function formAction() {
  /** @type {import("./rules.js").Action} */
  const action = { do: "round" };
  const chosen = target();
  if (chosen !== undefined) action.target = chosen;
  /** @type {(number[] | string | null)[]} */
  const typed = [heroDice.value.trim() ? dice(heroDice.value) : null];
  for (const input of $$("input", enemyDice)) {
    typed[1 + Number(input.dataset.enemy)] = input.value.trim() ? dice(input.value) : null;
  }
  if (typed.some((d) => d !== null && d !== undefined)) action.dice = Array.from(typed, (d) => d ?? null);
  return action;
}

function luckAction() {
  /** @type {import("./rules.js").Action} */
  const action = { do: "luck" };
  if (heroDice.value.trim()) action.dice = dice(heroDice.value);
  return action;
}

export function clearInputs() {
  heroDice.value = "";
  for (const input of $$("input", enemyDice)) input.value = "";
}

export const resetInputs = clearInputs;

export const focus = () => heroDice.focus();

/** @param {number[] | null} d */
function roll(d) {
  return d ? `${d[0]}+${d[1]}` : "";
}

/** @type {Record<string, string>} */
const RESULTS = {
  hit: "you wound it (−2)",
  hurt: "it wounds you (−2)",
  parry: "parried",
  wounds: "it wounds you (−2)",
  misses: "misses you",
};

/**
 * @param {FightEvent} event
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function logRows(event, fight, shown) {
  /** @type {string[]} */
  const names = fight.view.enemies.map((/** @type {{name: string}} */ e) => e.name);
  if (event.kind === "round") {
    const row = element("tr");
    cell(row, String(event.round));
    cell(row, `${roll(event.hero_dice)} + ${event.hero_strength - event.hero_dice[0] - event.hero_dice[1]} = ${event.hero_strength}`);
    const list = element("ul", "", "foes");
    /** @type {{index: number, name: string, dice: number[], strength: number, result: string}[]} */
    const foes = event.enemies;
    for (const foe of foes) {
      const aim = foe.index === event.target ? ` (${t("your target")})` : "";
      list.append(element("li", `${foe.name}${aim}: ${roll(foe.dice)} → ${foe.strength}: ${t(RESULTS[foe.result])}`));
    }
    cell(row, "").append(list);
    cell(row, String(event.stamina));
    cell(row, event.enemy_stamina.join(" · "));
    return [row];
  }
  return [noteRow(note(event, names, shown), COLUMNS)];
}

/** @param {FightEvent} event */
function luckText(event) {
  if (event.declined && event.cost) return t("The test is declined: unlucky, and it costs 1 LUCK (this fight's rule: every test offered costs 1).");
  if (event.declined && event.luck_before > 0) return t("The test is declined: unlucky; in this fight declining costs no LUCK.");
  if (event.declined) return t("The test is declined: unlucky.");
  if (event.no_luck) return t("LUCK is 0: unlucky.");
  const fields = { dice: roll(event.dice), total: event.dice[0] + event.dice[1], luck: event.luck_before };
  return event.lucky ? t("{dice} = {total}, not above LUCK {luck}: lucky!", fields)
    : t("{dice} = {total}, above LUCK {luck}: unlucky.", fields);
}

/**
 * @param {FightEvent} event
 * @param {string[]} names
 * @param {System} shown
 */
function note(event, names, shown) {
  const after = t("LUCK is now {luck}, STAMINA {stamina}.", event);
  switch (event.kind) {
    case "luck":
      if (event.combat) {
        const which = event.combat === "hit" ? t("on the wound dealt to {name}", { name: names[event.enemy] })
          : t("on the wound taken from {name}", { name: names[event.enemy] });
        return `${t("Test your luck")} ${which}: ${luckText(event)} ${after}`;
      }
      return `${t("Test your luck")}: ${luckText(event)} ${after}`;
    case "escape":
      return `${t("Escape: the enemy has the last blow, {n} STAMINA lost.", { n: event.loss })}` +
        (event.test ? ` ${luckText(event.test)}` : "");
    case "drink": return event.in_combat
      ? t("A drink from the flask between rounds, as this fight's rules allow: +{gained} STAMINA ({flask} left).", event)
      : t("A drink from the flask: +{gained} STAMINA ({flask} left).", event);
    case "eat": return t("Food eaten: +{gained} STAMINA.", event);
    case "take": return event.item ? t("Put in the backpack: {item}.", event) : t("Food put in the backpack.");
    case "drop": return event.item ? t("Taken out of the backpack: {item}.", event) : t("Food taken out of the backpack.");
    case "gold": return t("Gold: {amount}, now {gold}.", { amount: event.amount > 0 ? `+${event.amount}` : event.amount,
                                                          gold: event.gold });
    case "adjust": return t("Changed by the paragraph: SKILL {skill}, STAMINA {stamina}, LUCK {luck}.", event);
    case "spell": return spellNote(event, names, shown);
    default: return "";
  }
}

/**
 * A spell's name in the rules' words (describe().spells).
 * @param {System} shown
 * @param {string} key
 */
function spellName(shown, key) {
  /** @type {{key: string, name: string}[]} */
  const spells = shown.spells;
  return spells.find((spell) => spell.key === key)?.name ?? key;
}

/**
 * @param {FightEvent} event
 * @param {string[]} names
 * @param {System} shown
 */
function spellNote(event, names, shown) {
  const spell = spellName(shown, event.spell);
  let text = t("{spell} cast.", { spell });
  if (event.spell === "strength") text += ` ${t("+{n} to your ATTACK STRENGTH for this fight.", { n: event.bonus })}`;
  if (event.spell === "weakness") {
    text += ` ${t("{name}: −{n} to ATTACK STRENGTH for this fight.", { name: names[event.target], n: event.penalty })}`;
  }
  if (event.spell === "healing") text += ` ${t("+{gained} STAMINA.", event)}`;
  if (event.spell === "copy") {
    const last = event.copy_rounds.at(-1);
    text += ` ${t("The copy fought {name} for {n} {n|round|rounds}:", { name: names[event.target], n: event.copy_rounds.length })}`;
    text += ` ${last && last.enemy_stamina <= 0 ? t("the enemy is dead.") : t("the copy is gone; the enemy has {n} STAMINA.", { n: last ? last.enemy_stamina : 0 })}`;
  }
  return text;
}

/**
 * @param {View} view
 * @param {System} shown
 */
export function outcomeText(view, shown) {
  const fields = { hero: shown.hero, stamina: view.hero.stamina, enemies: view.enemies.map((e) => e.name).join(t(" and ")),
                   count: view.enemies.length };
  switch (view.outcome) {
    case "won": return `${t("Victory: {enemies} {count|falls|fall}.", fields)} ${t("{hero} has {stamina} STAMINA left.", fields)}`;
    case "lost": return t("{hero} is dead: the adventure is over.", fields);
    case "escaped": return t("{hero} escapes with {stamina} STAMINA.", fields);
    default: return "";
  }
}
