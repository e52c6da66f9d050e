// The screen of Fighting Fantasy («Подземелья Чёрного замка», kind "ff"): the set-up form with the adventure sheet's
// numbers and spells, the fight (status, whom to strike, dice, escape, luck), the adventure sheet, the log.
import { $$, element, h } from "../base/dom.js";
import { enemyList, field, resetRules, rolledLimits, roller, ruleForm } from "./form.js";
import { t } from "../base/i18n.js";
import { costly, costOf, sheet, spellName } from "./ff-sheet.js";
import { announce, diceFaces, dieFace, fighterCard, logCard, resultLine, showResult } from "./widgets.js";

/** @typedef {import("../../types/screen").Conforms<typeof import("./screen-ff.js")>} Checked this module is a Screen */
/** @typedef {import("../../types/screen").Shell} Shell */
/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("../base/rules.js").System} System */
/** @typedef {import("../base/rules.js").FightRecord} FightRecord */
/** @typedef {import("../base/rules.js").FightEvent} FightEvent */
/**
 * @typedef {{skill: number, max_skill: number, stamina: number, max_stamina: number, luck: number, max_luck: number,
 *   gold: number, flask: number, food: number, backpack: string[], weapons: string[], slots_free: number,
 *   spells: Record<string, number>, strength: boolean, dead: boolean}} Hero
 */
/**
 * A fight's state as the rules show it (pyrules.systems.fighting_fantasy: view), with its words (said: words.py's
 * view_words: the outcome, each costly control's cost, why no luck test follows a wound).
 * @typedef {{outcome: string, hero: Hero,
 *   enemies: {name: string, skill: number, stamina: number, weakened: boolean, dead: boolean}[],
 *   fighting: number[], can: Record<string, boolean>, decline_cost: number, weakness: number, rules_said: string[],
 *   said: {outcome: string, costs: Record<string, string>, no_wound_luck: string, hero: string, foes: string[]}}} View
 *   weakness: the Spell of Weakness's penalty in this fight; rules_said: this paragraph's rules, as chips; said.hero,
 *   said.foes: where each fighter stands, on the cards
 */


/** @type {Shell} */
let shell;
/** @type {ReturnType<typeof sheet>} its adventure sheet, made by init */
let adventureSheet;
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
const markRolled = rolledLimits([[skill.input, maxSkill.input], [stamina.input, maxStamina.input], [luck.input, maxLuck.input]]);
const gold = field("hero-gold", "hero.gold");
const flask = field("hero-flask", "hero.flask");
flask.input.setAttribute("aria-describedby", "hero-flask-hint");
const flaskHint = h("p", { className: "hint", id: "hero-flask-hint" });
const food = field("hero-food", "hero.food", { placeholder: "0" });
const backpack = h("textarea", { id: "hero-backpack", rows: 3, data: { field: "hero.backpack" } });
const spellsLegend = h("legend", { className: "visually-hidden" });
const spellsHint = h("p", { className: "hint", id: "spells-hint" });
const backpackLabel = h("label", { htmlFor: "hero-backpack" });
const spellFields = h("div", { id: "spell-fields", className: "spell-grid" });
// The spells folded (eight fields, for a hero who took Майлин's spells only): open when the hero has any.
const spellsSummary = h("summary");
const spellsBox = h("details", { className: "spells-box" }, spellsSummary,
  h("fieldset", { className: "spells", attrs: { "aria-describedby": "spells-hint" } }, spellsLegend, spellsHint,
    spellFields));
const enemies = enemyList("stamina", h("p", { className: "hint",
  i18n: "Several enemies fight all at once, unless the paragraph says they come one after another." }));

/**
 * The set-up in this system's words (what was typed is kept).
 * @param {System} next
 */
export function apply(next) {
  if (!system) setSheet(next.sheet_defaults); // a new sheet's gold and drinks, the rules' (describe().sheet_defaults)
  system = next;
  const { labels } = system;
  legend.textContent = system.hero;
  for (const [part, key] of /** @type {const} */ ([[skill, "skill"], [stamina, "stamina"], [luck, "luck"],
    [maxSkill, "max_skill"], [maxStamina, "max_stamina"], [maxLuck, "max_luck"],
    [gold, "gold"], [flask, "flask"], [food, "food"]])) part.label.textContent = labels[key];
  spellsLegend.textContent = spellsSummary.textContent = labels.spells;
  spellsHint.textContent = t("How many times each spell was chosen ({n} in all at most).", { n: system.spell_uses });
  backpackLabel.textContent = t("Backpack: one thing per line (at most {n}, food included)", { n: system.backpack_slots });
  flaskHint.textContent = t("The book gives two drinks; up to {n}, where a paragraph refills the flask.", { n: system.flask_max });
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

/** @param {unknown} value a number of the sheet, "" for none */
const text = (value) => (value === undefined || value === null ? "" : String(value));

/** @param {Record<string, unknown>} hero the sheet's gold and drinks */
function setSheet(hero) {
  gold.input.value = text(hero.gold);
  flask.input.value = text(hero.flask);
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
 * The Adventure Sheet filled from an adventure's hero (null: an empty sheet, the rules' gold and drinks).
 * @param {Record<string, any> | null} hero
 */
export function setHero(hero) {
  for (const [part, key] of /** @type {const} */ ([[skill, "skill"], [stamina, "stamina"], [luck, "luck"],
    [maxSkill, "max_skill"], [maxStamina, "max_stamina"], [maxLuck, "max_luck"]])) part.input.value = text(hero?.[key]);
  markRolled(false);
  setSheet(hero ?? system.sheet_defaults);
  food.input.value = hero?.food ? String(hero.food) : "";
  backpack.value = (hero?.backpack ?? []).join("\n");
  for (const input of $$("input", spellFields)) input.value = text(hero?.spells?.[input.dataset.spell ?? ""]);
  spellsBox.open = Object.values(hero?.spells ?? {}).some((uses) => Number(uses) > 0);
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

// The cards: the hero's and one per opponent, with the section's rules as chips under them (all fight long).
const heroCard = h("div", { id: "hero-status", className: "ff-hero" });
const enemyCards = h("div", { id: "enemy-status", className: "ff-foes" });
const ruleChips = h("ul", { id: "ff-rules", className: "chips ff-rules", i18nLabel: "This section's rules" });
const targets = h("fieldset", { id: "targets", className: "targets", hidden: true });
const targetOptions = h("div", { id: "target-options" });
const heroDice = h("input", { id: "hero-dice", inputMode: "numeric", autocomplete: "off", data: { field: "action.dice.0" },
                              i18nPlaceholder: "blank: the app rolls", attrs: { "aria-describedby": "dice-hint" } });
const heroFaces = h("div", { className: "die-picks" });
const enemyDice = h("div", { id: "enemy-dice" });
const fightRound = h("button", { type: "submit", id: "fight-round", className: "primary", i18n: "Fight round" });
const escape = costly("escape", h("span", { i18n: "Escape" }));
const testLuck = costly("test-luck", h("span", { i18n: "Test your luck" }));
const decline = costly("decline-luck", h("span", { i18n: "Decline the test" }));
// Where a Fighting Fantasy player looks for the luck test after a wound: this book has none (its combat rules take 2
// for every wound), unless the section's rules turn on the other books' rule (luck in combat).
const noWoundLuck = h("p", { className: "hint", id: "no-wound-luck", hidden: true });
// The last round's, luck test's or escape's result, under the buttons that made it (the log is screens below).
const result = resultLine("ff-result");
const FIGHT_KINDS = ["round", "luck", "escape"];
const log = h("ol", { id: "ff-log", className: "log-cards ff-log", i18nLabel: "Adventure log" });
/** @param {Shell} given */
export function init(given) {
  shell = given;
  adventureSheet = sheet(shell.act, target);
  escape.addEventListener("click", () => shell.act({ do: "escape" }));
  testLuck.addEventListener("click", () => shell.act(luckAction()));
  decline.addEventListener("click", () => shell.act({ do: "luck", decline: true })); // unlucky, as the book says
  const [roll, rollHint] = roller(shell.rollHero, () => t("Dice rolled:"), (rolled) => {
    skill.input.value = maxSkill.input.value = String(rolled.skill);
    stamina.input.value = maxStamina.input.value = String(rolled.stamina);
    luck.input.value = maxLuck.input.value = String(rolled.luck);
    markRolled(true);
    return system.labels;
  });
  targets.append(h("legend", { i18n: "Whom do you strike?" }), targetOptions);
  targetOptions.addEventListener("change", markTarget);
  // The die faces write into the typed field, and typing shows on the faces: one value, two ways to enter it.
  heroDice.addEventListener("input", () => showPicked(heroDice));
  enemyDice.addEventListener("input", (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    if (input.type !== "radio") showPicked(input);
  });
  return {
    setup: [h("div", { className: "columns" },
      h("fieldset", {}, legend, h("div", { className: "sheet-pairs" }, skill.box, maxSkill.box, stamina.box, maxStamina.box,
        luck.box, maxLuck.box),
        h("div", {}, gold.box, flask.box, flaskHint, food.box,
          h("div", { className: "field" },
            backpackLabel,
            backpack),
          spellsBox),
        roll, rollHint),
      enemies.box)],
    rules: [ruleForm({ explained: true })],
    top: [h("div", { className: "ff-cards" }, heroCard, enemyCards), ruleChips],
    // The round first (the app rolls every die), the costly actions beside it; the dice rolled at the table are
    // typed (or tapped on their faces) below, apart, and used by the next round or luck test.
    controls: [targets, h("div", { className: "ff-actions" }, fightRound, escape, testLuck, decline), result, noWoundLuck,
      h("fieldset", { className: "typed-number ff-dice" },
        h("legend", { i18n: "Or type the dice you rolled" }),
        h("div", { className: "ff-die-entry" },
          h("div", { className: "field" }, h("label", { htmlFor: heroDice.id, i18n: "Your dice" }), heroDice), heroFaces),
        enemyDice,
        h("p", { className: "hint", id: "dice-hint",
                 i18n: "Type the two dice you rolled, such as 3 5, or tap their faces, or leave them blank." }))],
    buttons: [],
    log,
    bottom: [
      adventureSheet.box,
      h("section", { className: "ff-log-box", attrs: { "aria-labelledby": "ff-log-heading" } },
        h("h3", { id: "ff-log-heading", i18n: "Adventure log" }), log)],
  };
}

// "3 5", "35", "3,5" are two dice; anything else goes to the rules as typed, to be refused with a message.
/** @param {string} text */
function dice(text) {
  const match = text.trim().match(/^([1-6])\D*([1-6])$/);
  return match ? [Number(match[1]), Number(match[2])] : text.trim();
}

/**
 * Two rows of die faces to tap (radio buttons named "Your first die: 4"), writing the two dice into `input`.
 * @param {HTMLInputElement} input
 * @param {string} first the first die's name
 * @param {string} second
 */
function diePicks(input, first, second) {
  return [first, second].map((name, which) => h("div", { className: "die-pick", attrs: { role: "radiogroup",
                                                                                         "aria-label": name } },
    ...[1, 2, 3, 4, 5, 6].map((n) => {
      const radio = h("input", { type: "radio", name: `${input.id}-${which}`, value: String(n),
                                 attrs: { "aria-label": `${name}: ${n}` }, data: { die: String(which) } });
      radio.addEventListener("change", () => {
        const picked = inputs("input:checked", /** @type {HTMLElement} */ (radio.closest(".die-picks")))
          .sort((a, b) => Number(a.dataset.die) - Number(b.dataset.die)).map((r) => r.value);
        input.value = picked.join(" ");
      });
      return h("label", { className: "die-choice" }, radio, dieFace(n));
    })));
}

/**
 * @param {string} selector of inputs only
 * @param {ParentNode} root
 */
const inputs = (selector, root) => /** @type {HTMLInputElement[]} */ ($$(selector, root));

/**
 * The faces show the dice typed in `input` (none when it holds no two dice).
 * @param {HTMLInputElement} input
 */
function showPicked(input) {
  const picks = input.closest(".ff-die-entry")?.querySelector(".die-picks");
  if (!picks) return;
  const typed = dice(input.value);
  for (const radio of inputs("input", picks)) {
    radio.checked = Array.isArray(typed) && typed[Number(radio.dataset.die)] === Number(radio.value);
  }
}

// What the screen remembers between two draws of the same fight: the view before the last action (for the bars'
// change and the announcement) and the last round's event (its dice on the cards).
/** @type {{session: number, count: number, view: View | null}} */
let drawn = { session: -1, count: 0, view: null };
/** @type {View | null} */
let before = null;
let fresh = false;
/** @type {FightEvent | null} */
let lastRound = null;
/** @type {Map<number, HTMLElement>} the dice slot of each card: -1 the hero's, else the enemy's index */
const diceSlots = new Map();

/**
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function render(fight, shown) {
  const view = /** @type {View} */ (fight.view);
  const count = fight.record.actions.length;
  const same = fight.session === drawn.session;
  fresh = same && count === drawn.count + 1; // one new action: its event is announced
  if (same && count === drawn.count) fresh = false; // drawn again (a language): the change stays as it was
  else before = fresh ? drawn.view : null;
  if (!same || count < drawn.count) lastRound = null;
  if (!fresh && count !== drawn.count) showResult(result, ""); // an undo, another fight: its result is not this one's
  drawn = { session: fight.session, count, view };
  drawCards(fight, view, shown);

  // Whom to strike: a choice only when several fight at once.
  const chosen = Number(/** @type {HTMLInputElement | null} */ (targetOptions.querySelector("input:checked"))?.value ??
                        view.fighting[0]);
  targets.hidden = view.fighting.length < 2;
  targetOptions.replaceChildren(...view.fighting.map((i) => h("label", {},
    h("input", { type: "radio", name: "target", value: String(i),
                 checked: i === (view.fighting.includes(chosen) ? chosen : view.fighting[0]) }),
    ` ${view.enemies[i].name}`)));
  markTarget();
  // The dice of each opponent in the fight: typed, or tapped on their faces.
  enemyDice.replaceChildren(...view.fighting.map((i) => {
    const name = view.enemies[i].name;
    const input = h("input", { id: `enemy-dice-${i}`, inputMode: "numeric", autocomplete: "off",
                               placeholder: t("blank: the app rolls"), data: { field: `action.dice.${i + 1}`, enemy: String(i) } });
    return h("div", { className: "ff-die-entry" },
      h("div", { className: "field" }, h("label", { htmlFor: input.id }, t("Dice of {name}", { name })), input),
      h("div", { className: "die-picks" }, ...diePicks(input, t("First die of {name}", { name }),
                                                      t("Second die of {name}", { name }))));
  }));
  heroFaces.replaceChildren(...diePicks(heroDice, t("Your first die"), t("Your second die"))); // in the page's language
  showPicked(heroDice);

  const can = view.can;
  fightRound.hidden = fightRound.disabled = !can.round; // no round to fight: no paragraph's enemy, or the fight is over
  heroDice.disabled = !can.round && !can.luck; // a luck test uses the same two dice
  for (const radio of inputs("input", heroFaces)) radio.disabled = heroDice.disabled;
  const { costs } = view.said;
  escape.hidden = !can.escape;
  costOf(escape, costs.escape);
  testLuck.hidden = !can.luck;
  /** @type {HTMLElement} */ (testLuck.firstElementChild).textContent =
    can.combat_luck ? t("Test your luck on this wound") : t("Test your luck");
  costOf(testLuck, costs.luck);
  decline.hidden = !can.decline;
  // Where a player looks for the luck test after a wound, in a fight: the rules say why there is none ("" where the
  // section's rules offer it).
  noWoundLuck.hidden = can.luck || !view.fighting.length || !view.said.no_wound_luck;
  noWoundLuck.textContent = view.said.no_wound_luck;
  costOf(decline, costs.decline);
  adventureSheet.render(view, shown, fight.why ?? {});
  adventureSheet.explain(fight.why ?? {});
}

/**
 * The hero's card and one per opponent, from the view; the round's change on each bar.
 * @param {OpenFight} fight
 * @param {View} view
 * @param {System} shown
 */
function drawCards(fight, view, shown) {
  const { hero } = view;
  const { labels } = shown;
  diceSlots.clear();
  const heroName = shown.hero + (hero.strength ? ` (${spellName(shown, "strength")})` : "");
  const card = fighterCard({ name: heroName, id: "hero-card", className: "ff-card",
    stats: [[labels.skill, `${hero.skill} / ${hero.max_skill}`], [labels.luck, `${hero.luck} / ${hero.max_luck}`]],
    bar: { label: labels.stamina, current: hero.stamina, max: hero.max_stamina,
           change: before ? hero.stamina - before.hero.stamina : 0 },
    dead: hero.dead });
  if (view.said.hero) card.querySelector(".fighter-name")?.after(h("p", { className: "foe-state" }, view.said.hero));
  card.append(slot(-1));
  heroCard.replaceChildren(card);
  /** @type {{stamina: number}[]} */
  const starting = fight.record.enemies;
  enemyCards.replaceChildren(...(view.enemies.length ? view.enemies.map((enemy, i) => {
    const out = enemy.dead;
    const waiting = !out && view.can.round && !view.fighting.includes(i); // its turn to come (none after the fight)
    const chips = [];
    if (enemy.weakened) chips.push(t("{spell}: −{n} to ATTACK STRENGTH", { spell: spellName(shown, "weakness"),
                                                                          n: view.weakness }));
    const foe = fighterCard({ name: enemy.name, className: "ff-card foe", dead: out, chips,
      stats: [[labels.skill, enemy.skill]],
      bar: { label: labels.stamina, current: enemy.stamina, max: starting[i]?.stamina ?? enemy.stamina,
             change: before ? enemy.stamina - (before.enemies[i]?.stamina ?? enemy.stamina) : 0 } });
    foe.id = `foe-${i}`;
    foe.dataset.index = String(i);
    foe.classList.toggle("waiting", waiting);
    foe.querySelector(".fighter-name")?.after(h("p", { className: "foe-state" }, view.said.foes[i]));
    foe.append(slot(i));
    return foe;
  }) : [element("p", t("No enemy in this paragraph."), "hint")]));
  const chips = view.rules_said;
  ruleChips.replaceChildren(...chips.map((text) => h("li", {}, text)));
  ruleChips.hidden = !chips.length;
  cardDice();
}

/** The last round's dice on the cards while the fight goes on (a fight over has no live dice: they are in the log). */
function cardDice() {
  if (lastRound && drawn.view?.fighting.length) showRoundDice(lastRound);
}

/** @param {number} index */
function slot(index) {
  const box = h("p", { className: "card-dice" });
  diceSlots.set(index, box);
  return box;
}

/** The card of the opponent struck this round says so, in words. */
function markTarget() {
  const chosen = target();
  for (const card of $$(".foe", enemyCards)) {
    const aimed = !targets.hidden && Number(card.dataset.index) === chosen;
    card.classList.toggle("target", aimed);
    card.querySelector(".target-mark")?.remove();
    if (aimed) card.querySelector(".foe-state")?.append(" · ", h("strong", { className: "target-mark" },
                                                                    t("your target this round")));
  }
}

/**
 * The last round's dice on the cards, as faces.
 * @param {FightEvent} event
 */
function showRoundDice(event) {
  diceSlots.get(-1)?.replaceChildren(diceFaces(event.hero_dice), ` → ${event.hero_strength}`);
  /** @type {{index: number, dice: number[], strength: number}[]} */
  const foes = event.enemies;
  for (const foe of foes) diceSlots.get(foe.index)?.replaceChildren(diceFaces(foe.dice), ` → ${foe.strength}`);
}

function target() {
  const checked = /** @type {HTMLInputElement | null} */ (targetOptions.querySelector("input:checked"));
  return checked ? Number(checked.value) : undefined;
}

/** The round form's action (Enter, or Fight round): the target and the dice typed. */
export function formAction() {
  /** @type {import("../base/rules.js").Action} */
  const action = { do: "round" };
  const chosen = target();
  if (chosen !== undefined) action.target = chosen;
  /** @type {(number[] | string | null)[]} */
  const typed = [heroDice.value.trim() ? dice(heroDice.value) : null];
  for (const input of inputs("input:not([type=radio])", enemyDice)) {
    typed[1 + Number(input.dataset.enemy)] = input.value.trim() ? dice(input.value) : null;
  }
  if (typed.some((d) => d !== null && d !== undefined)) action.dice = Array.from(typed, (d) => d ?? null);
  return action;
}

function luckAction() {
  /** @type {import("../base/rules.js").Action} */
  const action = { do: "luck" };
  if (heroDice.value.trim()) action.dice = dice(heroDice.value);
  return action;
}

export function clearInputs() {
  heroDice.value = "";
  for (const input of inputs("input:not([type=radio])", enemyDice)) input.value = "";
  for (const radio of inputs("input[type=radio]", heroFaces)) radio.checked = false;
  for (const radio of inputs("input[type=radio]", enemyDice)) radio.checked = false;
}

export const resetInputs = clearInputs;

/**
 * The hero's STAMINA and that of the opponents in the fight, in one line, for the top of the screen while the log is
 * read.
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function strip(fight, shown) {
  const { hero, enemies, fighting } = fight.view;
  const foes = /** @type {number[]} */ (fighting).map((i) => `${enemies[i].name} ${enemies[i].stamina}`);
  return `${shown.labels.stamina}: ${[`${shown.hero} ${hero.stamina} / ${hero.max_stamina}`, ...foes].join(" · ")}`;
}

/** A fight just started: the round's button (no keyboard opens on a phone). */
export const focus = () => fightRound.focus({ preventScroll: true });

/**
 * The log's card for one event, in the rules' words (event.said: the round's lines around its dice, a note otherwise);
 * a new event is also announced to screen readers.
 * @param {FightEvent} event
 * @param {OpenFight} fight
 */
export function logRows(event, fight) {
  /** @type {{text: string, title: string, hero: string[], enemies: string[][], after: string}} */
  const said = event.said;
  if (fresh) {
    fresh = false;
    announce(said.text);
    if (FIGHT_KINDS.includes(event.kind)) showResult(result, said.text);
  }
  if (event.kind !== "round") return [logCard(said.text, [], "note")];
  lastRound = event;
  if (drawn.count === fight.record.actions.length) cardDice();
  /** @type {{index: number, dice: number[], result: string}[]} */
  const foes = event.enemies;
  const [hero, sum] = said.hero;
  const lines = [
    h("span", { className: "who" }, hero, diceFaces(event.hero_dice), sum),
    ...foes.map((foe, i) => h("span", { className: `who ${foe.result}` }, said.enemies[i][0], diceFaces(foe.dice),
                              said.enemies[i][1])),
    h("span", { className: "after" }, said.after),
  ];
  return [logCard(said.title, lines, "ff-round")];
}

/**
 * How the fight ended, in the rules' words (the view's).
 * @param {View} view
 */
export const outcomeText = (view) => view.said.outcome;
