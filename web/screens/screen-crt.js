// The screen of the Lone Wolf family (kind "crt": a Combat Results Table, a random number a round): the set-up form
// in the book's words, the fight (status, random number, WILLPOWER, Evade, Vigour), the log rows and the outcome.
import { h, numberOrText, signed } from "../base/dom.js";
import { enemyList, field, modifierList, resetRules, rolledLimits, roller, ruleForm } from "./form.js";
import { t } from "../base/i18n.js";
import { announce, bar, fighterCard, logCard } from "./widgets.js";

/** @typedef {import("../../types/screen").Conforms<typeof import("./screen-crt.js")>} Checked this module is a Screen */
/** @typedef {import("../../types/screen").Shell} Shell */
/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("../base/rules.js").System} System */
/** @typedef {import("../base/rules.js").FightRecord} FightRecord */
/** @typedef {import("../base/rules.js").FightEvent} FightEvent */
/**
 * A fight's state as the rules show it (pyrules.systems.lonewolf: view).
 * @typedef {{outcome: string, rounds: number, current: number, combat_ratio: number,
 *   hero: {skill: number, endurance: number, willpower: number | null, weapon: string, vigour: boolean,
 *     endurance_max?: number, willpower_max?: number | null, dead: boolean},
 *   enemies: {name: string, skill: number, endurance: number, dead: boolean}[], willpower_spend: [number, number] | null,
 *   evade: {possible: boolean, allowed: boolean, why: string, at_once: boolean, cost: string},
 *   vigour: {possible: boolean, allowed: boolean, why: string, cost: string}, rules_said: string[],
 *   can: {use: {item: string, label: string}[]}, said: {outcome: string}}} View
 *   rules_said: this section's rules, as chips; said: in words; cost: under each costly action's button, in words;
 *   can.use: the items that may be used now, each with its button's words
 */

/** @type {Shell} */
let shell;
/** @type {System} */
let system;

// ---- the set-up form ---------------------------------------------------------------------------------------------

/** The book's word for its numbered sections. */
export const sectionWord = () => t("Section");

const legend = h("legend", { id: "hero-legend" });
const skill = field("hero-skill", "hero.skill", { required: true });
const endurance = field("hero-endurance", "hero.endurance", { required: true });
const enduranceMax = field("hero-endurance-max", "hero.endurance_max", { i18nPlaceholder: "as now" });
const willpower = field("hero-willpower", "hero.willpower");
const willpowerMax = field("hero-willpower-max", "hero.willpower_max", { i18nPlaceholder: "as now" });
const markRolled = rolledLimits([[endurance.input, enduranceMax.input], [willpower.input, willpowerMax.input]]);
const weapon = h("select", { id: "hero-weapon", data: { field: "hero.weapon" } });
const weaponLabel = h("label", { htmlFor: weapon.id });
const weaponBonus = field("hero-weapon-bonus", "hero.weapon_bonus");
const items = modifierList(() => t("Bonus to {skill}", { skill: system.labels.skill }));
/** @type {unknown} the Action Chart of the hero shown (action-chart.js changes it): sent with the hero as it is */
let chart;
const enemies = enemyList("endurance",
  h("p", { className: "hint", i18n: "Several enemies are fought one after another, in this order." }));

function showWeaponBonus() {
  weaponBonus.box.hidden = !system.other_weapon_bonus || weapon.value !== "other";
}

/**
 * The set-up in this system's words; `reset`: its default weapon (a language switch keeps the one chosen).
 * @param {System} next
 * @param {boolean} reset
 */
export function apply(next, reset) {
  system = next;
  const { labels } = system;
  legend.textContent = system.hero;
  skill.label.textContent = labels.skill;
  endurance.label.textContent = labels.endurance;
  enduranceMax.label.textContent = labels.endurance_max ?? t("Starting {stat}", { stat: labels.endurance });
  willpower.label.textContent = labels.willpower;
  willpowerMax.label.textContent = labels.willpower_max ?? t("Starting {stat}", { stat: labels.willpower });
  weaponLabel.textContent = labels.weapon;
  weaponBonus.label.textContent = labels.weapon_bonus;
  items.relabel();
  willpower.box.hidden = !system.has_willpower;
  willpowerMax.box.hidden = !system.has_willpower;
  /** @type {{key: string, name: string}[]} */
  const weapons = system.weapons;
  const chosen = weapon.value;
  weapon.replaceChildren(...weapons.map(({ key, name }) => new Option(name, key)));
  weapon.value = reset || !weapons.some((w) => w.key === chosen) ? system.default_weapon : chosen;
  showWeaponBonus();
  enemies.relabel(system.enemy_labels);
}

/** The hero as typed (the Action Chart): the rules check every value and name the field they refuse. */
export function heroOf() {
  /** @type {Record<string, unknown>} */
  const hero = { skill: skill.input.value, endurance: endurance.input.value, weapon: weapon.value };
  if (enduranceMax.input.value.trim()) hero.endurance_max = enduranceMax.input.value;
  if (system.has_willpower) {
    hero.willpower = willpower.input.value;
    if (willpowerMax.input.value.trim()) hero.willpower_max = willpowerMax.input.value;
  }
  if (!weaponBonus.box.hidden) hero.weapon_bonus = weaponBonus.input.value;
  const modifiers = items.values();
  if (modifiers.length) hero.modifiers = modifiers;
  if (chart) hero.chart = chart;
  return hero;
}

/**
 * The Action Chart filled from an adventure's hero (null: an empty one, the book's default weapon).
 * @param {Record<string, any> | null} hero
 * @param {System} shown
 */
export function setHero(hero, shown) {
  system = shown;
  const text = (/** @type {unknown} */ value) => (value === undefined || value === null ? "" : String(value));
  skill.input.value = text(hero?.skill);
  endurance.input.value = text(hero?.endurance);
  enduranceMax.input.value = text(hero?.endurance_max);
  willpower.input.value = text(hero?.willpower);
  willpowerMax.input.value = text(hero?.willpower_max);
  markRolled(false);
  const weapons = /** @type {{key: string}[]} */ (system.weapons);
  weapon.value = weapons.some((w) => w.key === hero?.weapon) ? hero?.weapon : system.default_weapon;
  weaponBonus.input.value = text(hero?.weapon_bonus);
  showWeaponBonus();
  items.set(hero?.modifiers ?? []);
  chart = hero?.chart;
}

/** A new section: no enemy, the section's rules at their defaults. */
export function clearEnemies() {
  enemies.clear();
  enemies.relabel(system.enemy_labels);
  resetRules();
}

/** The hero and the enemies as typed: the rules check every value and name the field they refuse. */
export function recordParts() {
  return { hero: heroOf(), enemies: enemies.values() };
}

// ---- the fight ---------------------------------------------------------------------------------------------------
// Phone first: the hero's and the current enemy's cards side by side (ENDURANCE bars showing the round's change, the
// section's rules as chips), then the one way to fight a round: the Random Number Table, its squares face down as the
// printed table under a closed-eyed pencil; a tap fights the round and turns the square over to show the number the
// rules drew (the record's number, from the fight's seed). The costly actions follow with their cost and, when
// unavailable, why; the number picked from one's own book is typed below, apart, with its own button. The log as
// cards, newest first; each round said in words to screen readers.

const heroCard = h("div", { id: "hero-status" });
const enemyCard = h("div", { id: "enemy-status" });
const laterEnemies = h("ul", { className: "later-enemies", i18nLabel: "The other enemies of this fight" });
const rulesStrip = h("ul", { id: "crt-rules", className: "chips crt-rules", i18nLabel: "This section's rules" });
const ratio = h("output", { id: "combat-ratio" }, "0");
const number = h("input", { id: "number", inputMode: "numeric", autocomplete: "off", data: { field: "action.number" },
                            attrs: { "aria-describedby": "number-hint" } });
const spend = h("input", { id: "willpower", inputMode: "numeric", autocomplete: "off", value: "1",
                           data: { field: "action.willpower" }, attrs: { "aria-describedby": "willpower-cost willpower-advised" } });
// The odds' advised spend beside the field: "advised" where the field holds it, else a button that puts it there
// (one tap: the round is still played from the table). Said to screen readers as it changes.
const advised = h("span", { className: "advised", id: "willpower-advised", attrs: { "aria-live": "polite" } });
const takeAdvice = h("button", { type: "button", className: "secondary", id: "willpower-take-advice" });
const spendBox = h("div", { className: "field costly-field" },
  h("label", { htmlFor: spend.id, i18n: "WILLPOWER to spend" }), h("span", { className: "spend-row" }, spend, advised),
  h("span", { className: "cost-text", id: "willpower-cost",
              i18n: "Costs that many WILLPOWER points this round; the enemy's loss is multiplied by it." }));
const SQUARES = 10; // the table's squares face down: a tap draws, so their count is only a matter of reach
const tableHeading = h("h3", { id: "rnt-heading", i18n: "Random Number Table" });
const tableHint = h("p", { className: "rnt-hint", id: "rnt-hint" });
const grid = h("div", { className: "rnt-grid", attrs: { role: "group", "aria-labelledby": tableHeading.id,
                                                        "aria-describedby": tableHint.id } });
const tableBox = h("div", { className: "rnt", hidden: true }, tableHeading, tableHint, grid);
const fightRound = h("button", { type: "submit", id: "fight-round", className: "typed-action", i18n: "Fight round" });
const typedBox = h("fieldset", { className: "typed-number" },
  h("legend", { i18n: "Or type the number you picked" }),
  h("div", { className: "typed-row" },
    h("div", { className: "field" }, h("label", { htmlFor: number.id, i18n: "Random number" }), number), fightRound),
  h("p", { className: "hint", id: "number-hint",
           i18n: "From your book's own Random Number Table. Typed, it is used by Fight round or Evade; blank, the app draws one." }));

/**
 * A costly action: its button (the cost in it) and, beside it, what it costs or why it is unavailable, as text.
 * @param {string} id
 * @param {import("../base/dom.js").Props<"span">} name its words
 */
function costly(id, name) {
  const cost = h("span", { className: "cost" });
  const button = h("button", { type: "button", id, className: "costly", attrs: { "aria-describedby": `${id}-why` } },
    h("span", name), " ", cost);
  const why = h("p", { className: "why", id: `${id}-why` });
  return { box: h("div", { className: "costly-action", hidden: true }, button, why), button, cost, why };
}
const evade = costly("evade", { i18n: "Evade" });
const vigour = costly("vigour", { i18n: "Cast Vigour" });
const actions = h("div", { className: "crt-actions" }, evade.box, vigour.box);
const log = h("ol", { className: "log-cards", id: "log", attrs: { "aria-labelledby": "log-heading" } });

/** @type {number | null} the square tapped for the action on its way (its number comes with the event) */
let picked = null;
/** @type {{square: number, number: number, actions: number} | null} the square turned over by the last action */
let revealed = null;
let evadeAtOnce = false; // the section's evasion before the first round: no round, no number
let ownSpend = false; // the player typed the spend: the odds' advice is offered beside it, not filled over it
/** @type {{n: number, at: string} | null} the odds' advised spend, for the state drawn then */
let advice = null;
let drawnAt = ""; // the state drawn: its session and its number of actions
/** @type {{session: number, hero: number, willpower: number | null, enemies: number[]} | null} the last view drawn */
let previous = null;
let announcing = false; // an action was just taken: its event is said to screen readers

/** @param {Shell} given */
export function init(given) {
  shell = given;
  weapon.addEventListener("change", showWeaponBonus);
  spend.addEventListener("input", () => {
    ownSpend = true;
    showAdvice();
    shell.changed();
  });
  takeAdvice.addEventListener("click", () => {
    if (!advice) return;
    setSpend(advice.n, true);
    shell.changed();
    focus(); // the button gives way to "advised": the table is next
  });
  evade.button.addEventListener("click", pressEvade);
  vigour.button.addEventListener("click", () => shell.act({ do: "vigour" }));
  grid.replaceChildren(...Array.from({ length: SQUARES }, (_, i) => h("button", {
    type: "button", className: "rnt-cell", tabIndex: i === 0 ? 0 : -1, data: { index: String(i) } })));
  grid.addEventListener("click", pickCell);
  grid.addEventListener("keydown", moveInGrid);
  const [roll, rollHint] = roller(shell.rollHero, () => t("Random numbers picked:"), (rolled) => {
    skill.input.value = String(rolled.skill);
    endurance.input.value = enduranceMax.input.value = String(rolled.endurance);
    if ("willpower" in rolled) willpower.input.value = willpowerMax.input.value = String(rolled.willpower);
    markRolled(true);
    return system.labels;
  });
  return {
    setup: [h("div", { className: "columns" },
      h("fieldset", {}, legend,
        h("div", { className: "sheet-pairs crt-setup" }, skill.box, endurance.box, enduranceMax.box, willpower.box, willpowerMax.box),
        h("div", { className: "field" }, weaponLabel, weapon), weaponBonus.box, items.box, roll, rollHint),
      enemies.box)],
    rules: [ruleForm()],
    top: [h("div", { className: "crt-cards" }, heroCard,
      h("p", { className: "ratio" }, h("span", { className: "caption", i18n: "Combat Ratio" }), " ", ratio),
      enemyCard)],
    // The section's rules and the enemies still to come under the table: after Start fight, a phone shows both
    // fighters, the spend and the table without scrolling.
    controls: [spendBox, tableBox, actions, rulesStrip,
      laterEnemies, typedBox],
    buttons: [],
    log,
    bottom: [h("div", { className: "crt-log" },
      h("h3", { id: "log-heading", i18n: "Combat log" }), log)],
  };
}

/**
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function render(fight, shown) {
  const view = /** @type {View} */ (fight.view);
  const { labels } = shown;
  const { record } = fight;
  const before = previous && previous.session === fight.session ? previous : null;
  const hero = view.hero;
  const card = fighterCard({
    name: shown.hero, stats: [[labels.skill, hero.skill]], className: "hero",
    bar: { label: labels.endurance, current: hero.endurance, change: before ? hero.endurance - before.hero : 0,
           max: hero.endurance_max ?? record.hero.endurance_max ?? record.hero.endurance, id: "hero-endurance-bar" },
    chips: [`${labels.weapon}: ${hero.weapon}`, ...(hero.vigour ? [t("Vigour")] : [])], dead: hero.dead,
  });
  if (hero.willpower !== null) { // Grey Star: WILLPOWER under ENDURANCE
    card.querySelector(".bar-box")?.after(bar({ label: labels.willpower, current: hero.willpower,
      max: hero.willpower_max ?? record.hero.willpower_max ?? record.hero.willpower,
      change: before && before.willpower !== null ? hero.willpower - before.willpower : 0 }));
  }
  heroCard.replaceChildren(card);

  const enemyCardOf = (/** @type {number} */ i, small = false) => {
    const enemy = view.enemies[i];
    return fighterCard({
      name: enemy.name, stats: [[labels.skill, enemy.skill]], className: small ? "small" : "opponent",
      bar: { label: labels.endurance, current: enemy.endurance, max: record.enemies[i]?.endurance ?? enemy.endurance,
             change: before ? enemy.endurance - (before.enemies[i] ?? enemy.endurance) : 0 },
      dead: enemy.dead,
    });
  };
  enemyCard.replaceChildren(enemyCardOf(view.current));
  const chips = view.rules_said;
  rulesStrip.replaceChildren(...chips.map((chip) => h("li", {}, chip)));
  rulesStrip.hidden = chips.length === 0;
  laterEnemies.replaceChildren(...view.enemies.flatMap((_, i) => (i === view.current ? []
    : [h("li", {}, enemyCardOf(i, true))])));
  laterEnemies.hidden = view.enemies.length < 2;
  ratio.textContent = signed(view.combat_ratio);
  drawnAt = `${fight.session}|${record.actions.length}`;
  showAdvice(); // an advice for another state is gone
  previous = { session: fight.session, hero: hero.endurance, willpower: hero.willpower,
               enemies: view.enemies.map((e) => e.endurance) };

  const over = view.outcome !== "ongoing";
  fightRound.disabled = over;
  number.disabled = over;
  evadeAtOnce = view.evade.at_once;
  showCostly(evade, view.evade, fight.why.evade, !view.evade.possible || over);
  showCostly(vigour, view.vigour, fight.why.vigour, !view.vigour.possible || hero.vigour || over);
  actions.replaceChildren(evade.box, vigour.box, ...view.can.use.map(({ item, label }) =>
    h("button", { type: "button", className: "costly costly-action", onclick: () => shell.act({ do: "use", item }) }, label)));
  // A new action, or one undone: the square turned over by the last one goes with it.
  if (revealed && revealed.actions !== fight.record.actions.length) revealed = null;
  tableBox.hidden = over;
  typedBox.hidden = over; // a fight over takes no number: its outcome comes next
  drawTable();
  const range = view.willpower_spend;
  spendBox.hidden = !range;
  if (range) {
    spend.max = String(range[1]);
    if (Number(spend.value) > range[1]) spend.value = String(range[1]);
  }
}

/**
 * Both sides' ENDURANCE in one line, for the top of the screen while the log is read.
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function strip(fight, shown) {
  const view = /** @type {View} */ (fight.view);
  const enemy = view.enemies[view.current];
  const max = view.hero.endurance_max ?? fight.record.hero.endurance;
  return `${shown.labels.endurance}: ${shown.hero} ${view.hero.endurance} / ${max} · ${enemy.name} ${enemy.endurance}`
    + ` / ${fight.record.enemies[view.current]?.endurance ?? enemy.endurance}`;
}

/**
 * @param {ReturnType<typeof costly>} action
 * @param {{allowed: boolean, why: string, cost: string}} state the view's: whether it is allowed now, what it does
 *   then, and what it costs (in words: the rules')
 * @param {string | undefined} refused why it is unavailable: the engine's refusal (the reply's `why`), as for
 *   every system's controls
 * @param {boolean} hidden
 */
function showCostly(action, state, refused, hidden) {
  action.box.hidden = hidden;
  action.button.disabled = !state.allowed;
  action.cost.textContent = state.cost;
  action.why.textContent = state.allowed ? state.why : refused ?? "";
  action.why.classList.toggle("unavailable", !state.allowed);
}

// The table's squares: face down, but the one the last action turned over, which shows the number the rules drew.
function drawTable() {
  tableHint.textContent = t("Tap any square: the number is already drawn.");
  grid.querySelectorAll("button").forEach((cell, i) => {
    const shown = revealed && revealed.square === i ? revealed.number : null;
    cell.textContent = shown === null ? "" : String(shown);
    cell.classList.toggle("face-down", shown === null);
    if (shown === null) cell.removeAttribute("aria-current");
    else cell.setAttribute("aria-current", "true");
    cell.setAttribute("aria-label", shown !== null ? t("Square {n}: {number}, the last round's", { n: i + 1, number: shown })
      : t("Square {n}: fight the round", { n: i + 1 }));
  });
}

/** @param {MouseEvent} event a tap on a square: the round fought with a number the rules draw */
function pickCell(event) {
  const cell = /** @type {Element} */ (event.target).closest("button");
  if (!(cell instanceof HTMLButtonElement) || cell.disabled) return;
  picked = Number(cell.dataset.index);
  shell.act(drawnAction("round")).then((done) => {
    if (!done) picked = null;
  });
}

// Evade, one tap: before the first round where the section allows it, at once (no number); else the evasion round,
// with the number typed or, as a square's round, one the rules draw.
function pressEvade() {
  picked = null;
  shell.act(evadeAtOnce ? { do: "evade" } : roundAction("evade"));
}

/** @param {KeyboardEvent} event arrow keys, Home and End move within the table (one square in the tab order) */
function moveInGrid(event) {
  const cells = [...grid.querySelectorAll("button")];
  const at = cells.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
  if (at < 0) return;
  const row = SQUARES / 2; // two rows (style.css)
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -row, ArrowDown: row };
  let to = at + (moves[event.key] ?? 0);
  if (event.key === "Home") to = at - (at % row);
  else if (event.key === "End") to = at - (at % row) + row - 1;
  else if (!(event.key in moves)) return;
  event.preventDefault();
  if (to < 0 || to >= cells.length) return;
  cells[at].tabIndex = -1;
  cells[to].tabIndex = 0;
  cells[to].focus();
}

/**
 * A round (or an evasion) with the number typed, if any, and Grey Star's spend.
 * @param {string} kind
 */
function roundAction(kind) {
  const action = drawnAction(kind);
  if (number.value.trim() !== "") action.number = numberOrText(number.value);
  return action;
}

/**
 * A round (or an evasion) whose number the rules draw from the fight's seed: never the number typed.
 * @param {string} kind
 */
function drawnAction(kind) {
  /** @type {import("../base/rules.js").Action} */
  const action = { do: kind };
  if (!spendBox.hidden && spend.value.trim() !== "") action.willpower = numberOrText(spend.value);
  return action;
}

/** The round form's action (Enter, or Fight round): the number typed, or left to the app; never a square. */
export const formAction = () => {
  picked = null;
  return roundAction("round");
};

/**
 * The odds options this screen's fields give: a round's spend (Grey Star's WILLPOWER, as typed), where the fight has one.
 * @param {OpenFight} fight
 * @returns {Record<string, number>}
 */
export const oddsOptions = (fight) => (fight.view.willpower_spend ? { spend: Number(spend.value) || 1 } : {});

/**
 * The odds' advice, in the fields: its spend (see setSpend).
 * @param {Record<string, number>} options
 * @param {boolean} [asked]
 */
export function takeOptions(options, asked = false) {
  if (options.spend) setSpend(options.spend, asked);
}

/**
 * The odds' advised spend: filled in the field, marked as advised, unless the player has typed their own since the
 * last advice or is typing in it now (then a button beside it puts the advice in the field).
 * @param {number} n
 * @param {boolean} [asked] the player asked for it ("Spend 3 now"): filled whatever was typed
 */
function setSpend(n, asked = false) {
  if (asked) ownSpend = false;
  // The field being edited is the player's (a value set under their typing would join it: "3" then "40" is "340").
  if (!ownSpend && (asked || document.activeElement !== spend)) spend.value = String(n);
  advice = { n, at: drawnAt };
  showAdvice();
}

// Beside the spend field: "advised" where it holds the advice; a button that fills it in where it holds another.
// Redrawn only when it changes, so that screen readers hear each change once.
function showAdvice() {
  const n = advice && advice.at === drawnAt ? advice.n : null;
  const held = n !== null && spend.value.trim() === String(n);
  const words = n === null ? "" : held ? t("advised") : t("Spend {n} (advised)", { n });
  if (advised.dataset.shown === `${held}|${words}`) return;
  advised.dataset.shown = `${held}|${words}`;
  takeAdvice.textContent = words;
  advised.replaceChildren(...(n === null ? [] : [held ? words : takeAdvice]));
}

export function clearInputs() {
  number.value = "";
  announcing = true;
}

export function resetInputs() {
  number.value = "";
  spend.value = "1";
  ownSpend = false;
  advice = null;
  showAdvice();
  picked = null;
  revealed = null;
  announcing = false;
}

/** A fight just started: the table's square in the tab order (a button: no keyboard opens on a phone), in view. */
export const focus = () => {
  /** @type {HTMLButtonElement | null} */
  const square = grid.querySelector("button[tabindex='0']");
  (square && !tableBox.hidden ? square : fightRound).focus({ preventScroll: true });
  tableInView();
};

// The whole table on screen, under the strip at its top and above the odds' bar at its foot (the page's scroll
// padding), where it is not already: in a short screen (a phone held sideways) the fighters' cards fill the rest.
const tableInView = () => tableBox.hidden || tableBox.scrollIntoView({ block: "nearest" });

/**
 * A part of a round's card, named by what it holds (round, enemy, ratio, number, enemy-loss, hero-loss, endurance,
 * enemy-endurance, willpower), as microdata names a value: what a card says can be read without its words.
 * @param {string} name
 * @param {string} text
 */
const part = (name, text) => h("span", { data: { part: name } }, text);

/**
 * One card for each event, the rules' notes kept in it; the newest is shown first (style.css).
 * @param {FightEvent} event
 * @param {OpenFight} fight
 */
export function logRows(event, fight) {
  if (announcing) {
    announcing = false;
    announce(announcement(event));
    if (picked !== null && typeof event.number === "number") { // the square tapped shows the number drawn
      revealed = { square: picked, number: event.number, actions: fight.record.actions.length };
      picked = null;
      drawTable();
    }
    // The table for the next round in view (the control used may have been below it, or gone: Vigour's, once cast,
    // or an item's, drawn again; their focus goes to the square).
    if (event.kind === "vigour" || event.kind === "use") focus();
    else tableInView();
  }
  /** @type {string[]} */
  const notes = event.notes ?? [];
  const noteLines = notes.map((note) => h("span", { className: "log-note" }, note));
  const said = event.said ?? {};
  if (event.kind === "vigour" || event.kind === "use") return [logCard(said.title, [said.text], event.kind)];
  if (event.kind === "evade_no_round") return [logCard(said.title, noteLines, "evade")];
  const title = h("span", {}, part("round", said.title), " · ", said.pick, " ", part("number", String(event.number)));
  const losses = h("span", {}, part("enemy", event.enemy), " −", part("enemy-loss", said.enemy_loss),
    " → ", part("enemy-endurance", String(event.enemy_endurance)), " · ", said.you, " −",
    part("hero-loss", said.hero_loss), " → ", part("endurance", String(event.endurance)));
  const numbers = h("span", {}, said.ratio, " ", part("ratio", signed(event.combat_ratio)));
  if (said.willpower) numbers.append(` · ${said.willpower} −${event.willpower_spent ?? 0} → `, part("willpower", String(event.willpower)));
  return [logCard(title, [losses, numbers, ...noteLines], `fought${event.typed ? " typed" : ""}`)];
}

/**
 * What a screen reader hears after an action: "Drakkar loses 8, you lose 1: ENDURANCE 24" (the rules' words).
 * @param {FightEvent} event
 */
export const announcement = (event) => event.said?.text ?? "";

/**
 * The outcome in the rules' words ("" while the fight goes on).
 * @param {View} view
 */
export const outcomeText = (view) => view.said.outcome;
