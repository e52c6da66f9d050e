// The screen of the Lone Wolf family (kind "crt": a Combat Results Table, a random number a round): the set-up form
// in the book's words, the fight (status, random number, WILLPOWER, Evade, Vigour), the log rows and the outcome.
import { cell, element, h, noteRow, numberOrText, signed, stats } from "./dom.js";
import { enemyList, field, modifierList, resetRules, roller, rule } from "./setup.js";
import { t } from "./i18n.js";

/** @typedef {import("../types/screen").Conforms<typeof import("./screen-crt.js")>} Checked this module is a Screen */
/** @typedef {import("../types/screen").Shell} Shell */
/** @typedef {import("../types/screen").OpenFight} OpenFight */
/** @typedef {import("./rules.js").System} System */
/** @typedef {import("./rules.js").FightRecord} FightRecord */
/** @typedef {import("./rules.js").FightEvent} FightEvent */
/**
 * A fight's state as the rules show it (pyrules.systems.lonewolf: view).
 * @typedef {{outcome: string, rounds: number, current: number, combat_ratio: number,
 *   hero: {skill: number, endurance: number, willpower: number | null, weapon: string, vigour: boolean},
 *   enemies: {name: string, skill: number, endurance: number}[], willpower_spend: [number, number] | null,
 *   evade: {possible: boolean, allowed: boolean, why: string}, vigour: {possible: boolean, allowed: boolean, why: string}}} View
 */

/** The words beside a book in the book list. */
export const notes = { "lone-wolf": { i18n: "(Banedon, Lone Wolf rules)" }, "freeway-warrior": { i18n: "(Cal Phoenix)" } };

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
const weapon = h("select", { id: "hero-weapon", data: { field: "hero.weapon" } });
const weaponLabel = h("label", { htmlFor: weapon.id });
const weaponBonus = field("hero-weapon-bonus", "hero.weapon_bonus");
const items = modifierList(() => t("Bonus to {skill}", { skill: system.labels.skill }));
const enemies = enemyList("endurance",
  h("p", { className: "hint", i18n: "Several enemies are fought one after another, in this order." }));
const vigourRule = rule("vigour", { check: true, defaultChecked: true });

const RULES = [
  rule("evade_after", { i18nPlaceholder: "no evasion" }), rule("evade_until"), rule("evade_when_enemy_at_most"),
  rule("evade_before_round", { check: true, hint: true }),
  h("p", { className: "hint", id: "rule-evade_before_round-hint",
            i18n: "Unchecked, an evasion before the first round is fought as a round: the hero's losses stand, the enemy's are ignored." }),
  rule("skill_modifier", { placeholder: "0" }), rule("skill_modifier_rounds", { i18nPlaceholder: "the whole fight" }),
  ...["unarmed_rounds", "enemy_immune_rounds", "hero_immune_rounds"].map((key) => rule(key, { placeholder: "0" })),
  ...["enemy_loss_multiplier", "hero_loss_multiplier"].map((key) => rule(key, { decimal: true, placeholder: "1" })),
  ...["enemy_extra_loss", "hero_extra_loss", "hero_extra_loss_when_wounded"].map((key) => rule(key, { placeholder: "0" })),
  ...["max_rounds", "end_when_enemy_at_most", "end_when_hero_at_most"].map((key) => rule(key)),
  rule("restore_endurance", { check: true }), rule("restore_part", { decimal: true, placeholder: "0" }),
  rule("restore_points", { placeholder: "0" }), vigourRule,
];

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
  vigourRule.hidden = !system.has_vigour;
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
  const weapons = /** @type {{key: string}[]} */ (system.weapons);
  weapon.value = weapons.some((w) => w.key === hero?.weapon) ? hero?.weapon : system.default_weapon;
  weaponBonus.input.value = text(hero?.weapon_bonus);
  showWeaponBonus();
  items.set(hero?.modifiers ?? []);
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

const heroStatus = h("div", { className: "side", id: "hero-status", i18nLabel: "Hero" });
const enemyStatus = h("div", { className: "side", id: "enemy-status", i18nLabel: "Enemies" });
const ratio = h("output", { id: "combat-ratio" }, "0");
const number = h("input", { id: "number", inputMode: "numeric", autocomplete: "off", data: { field: "action.number" },
                            i18nPlaceholder: "blank: the app picks", attrs: { "aria-describedby": "number-hint" } });
const spend = h("input", { id: "willpower", inputMode: "numeric", autocomplete: "off", value: "1",
                           data: { field: "action.willpower" } });
const spendBox = h("div", { className: "field" }, h("label", { htmlFor: spend.id, i18n: "WILLPOWER to spend" }), spend);
const fightRound = h("button", { type: "submit", id: "fight-round", i18n: "Fight round" });
const evade = h("button", { type: "button", id: "evade", hidden: true, i18n: "Evade" });
const vigour = h("button", { type: "button", id: "vigour", hidden: true, i18n: "Cast Vigour" });
const heroLoses = h("th", { scope: "col", id: "hero-loses-heading" });
const willpowerAfter = h("th", { scope: "col", i18n: "WILLPOWER after" });
const log = h("tbody", { id: "log" });

/** @param {Shell} given */
export function init(given) {
  shell = given;
  weapon.addEventListener("change", showWeaponBonus);
  spend.addEventListener("input", () => shell.changed());
  evade.addEventListener("click", () => shell.act(roundAction("evade")));
  vigour.addEventListener("click", () => shell.act({ do: "vigour" }));
  const [roll, rollHint] = roller(shell.rollHero, () => t("Random numbers picked:"), (rolled) => {
    skill.input.value = String(rolled.skill);
    endurance.input.value = enduranceMax.input.value = String(rolled.endurance);
    if ("willpower" in rolled) willpower.input.value = willpowerMax.input.value = String(rolled.willpower);
    return system.labels;
  });
  return {
    setup: [h("div", { className: "columns" },
      h("fieldset", {}, legend, skill.box, endurance.box, enduranceMax.box, willpower.box, willpowerMax.box,
        h("div", { className: "field" }, weaponLabel, weapon), weaponBonus.box, items.box, roll, rollHint),
      enemies.box)],
    rules: [h("div", { className: "rules-grid" }, ...RULES)],
    top: [h("div", { className: "status" }, heroStatus,
      h("div", { className: "ratio" }, h("span", { className: "caption", i18n: "Combat Ratio" }), " ", ratio),
      enemyStatus)],
    controls: [
      h("div", { className: "field" }, h("label", { htmlFor: number.id, i18n: "Random number" }), number,
        h("span", { className: "hint", id: "number-hint",
                    i18n: "Type the number you picked from your book's Random Number Table, or leave it blank." })),
      spendBox],
    buttons: [fightRound, evade, vigour],
    log,
    bottom: [h("div", { className: "log-wrap" }, h("table", { id: "log-table" }, h("caption", { i18n: "Combat log" }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", i18n: "Round" }), h("th", { scope: "col", i18n: "Enemy" }),
        h("th", { scope: "col", i18n: "Combat Ratio" }), h("th", { scope: "col", i18n: "Random number" }),
        h("th", { scope: "col", i18n: "Enemy loses" }), heroLoses, h("th", { scope: "col", i18n: "ENDURANCE after" }),
        h("th", { scope: "col", i18n: "Enemy ENDURANCE after" }), willpowerAfter)), log))],
  };
}

/**
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function render(fight, shown) {
  const view = /** @type {View} */ (fight.view);
  const { labels } = shown;
  /** @type {[string, string | number, boolean?][]} */
  const heroStats = [[labels.skill, view.hero.skill], [labels.endurance, view.hero.endurance, view.hero.endurance <= 0]];
  if (view.hero.willpower !== null) heroStats.push([labels.willpower, view.hero.willpower]);
  heroStats.push([labels.weapon, view.hero.weapon]);
  heroStatus.replaceChildren(element("h3", shown.hero + (view.hero.vigour ? ` (${t("Vigour")})` : "")), stats(heroStats));

  const current = view.enemies[view.current];
  const parts = [element("h3", current.name), stats([[labels.skill, current.skill],
    [labels.endurance, current.endurance, current.endurance <= 0]])];
  if (view.enemies.length > 1) {
    parts.push(element("p", view.enemies.map((e) => `${e.name} ${e.endurance}`).join(" · "), "hint"));
  }
  enemyStatus.replaceChildren(...parts);
  ratio.textContent = signed(view.combat_ratio);
  heroLoses.textContent = t("{hero} loses", { hero: shown.hero });

  const over = view.outcome !== "ongoing";
  fightRound.disabled = over;
  number.disabled = over;
  evade.hidden = !view.evade.possible || over;
  evade.disabled = !view.evade.allowed;
  evade.title = view.evade.why;
  vigour.hidden = !view.vigour.possible || view.hero.vigour || over;
  vigour.disabled = !view.vigour.allowed;
  vigour.title = view.vigour.why;
  const range = view.willpower_spend;
  willpowerAfter.hidden = view.hero.willpower === null;
  spendBox.hidden = !range;
  if (range) {
    spend.max = String(range[1]);
    if (Number(spend.value) > range[1]) spend.value = String(range[1]);
  }
}

/** @param {string} kind */
function roundAction(kind) {
  /** @type {import("./rules.js").Action} */
  const action = { do: kind };
  if (number.value.trim() !== "") action.number = numberOrText(number.value);
  if (!spendBox.hidden && spend.value.trim() !== "") action.willpower = numberOrText(spend.value);
  return action;
}

/** The round form's action (Enter, or Fight round). */
export const formAction = () => roundAction("round");

/**
 * What the odds assume a round spends (Grey Star's WILLPOWER, as typed).
 * @param {OpenFight} fight
 */
export const spendOf = (fight) => (fight.view.willpower_spend ? Number(spend.value) || 1 : 1);

export function clearInputs() {
  number.value = "";
}

export function resetInputs() {
  number.value = "";
  spend.value = "1";
}

export const focus = () => number.focus();

/**
 * @param {number | string} loss
 * @param {string} how
 */
function lossText(loss, how) {
  const shown = loss === "K" ? t("K (killed)") : String(loss);
  if (/[×+]/.test(how)) return `${how} = ${shown}`;
  return how === String(loss) || how === "K" ? shown : `${shown} (${how})`;
}

/**
 * @param {FightEvent} event
 * @param {OpenFight} fight
 */
export function logRows(event, fight) {
  const width = fight.view.hero.willpower !== null ? 9 : 8;
  if (event.kind === "vigour") {
    return [noteRow(t("Vigour cast: {skill} for this fight, ENDURANCE {endurance}.", event), width)];
  }
  /** @type {string[]} */
  const notes = event.notes;
  if (event.kind === "evade_no_round") return notes.map((note) => noteRow(note, width)); // no round fought
  const row = element("tr");
  cell(row, event.kind === "evade" ? t("{round} (evade)", event) : String(event.round));
  cell(row, event.enemy);
  cell(row, signed(event.combat_ratio));
  const numberCell = cell(row, String(event.number));
  if (event.typed) numberCell.append(element("span", t("typed"), "typed"));
  cell(row, lossText(event.enemy_loss, event.enemy_loss_text));
  cell(row, lossText(event.hero_loss, event.hero_loss_text));
  cell(row, String(event.endurance));
  cell(row, String(event.enemy_endurance));
  if (width === 9) cell(row, event.willpower === null ? "" : String(event.willpower));
  return [row, ...notes.map((note) => noteRow(note, width))];
}

/**
 * @param {View} view
 * @param {System} shown
 */
export function outcomeText(view, shown) {
  const fields = { hero: shown.hero, endurance: view.hero.endurance, willpower: view.hero.willpower,
                   enemies: view.enemies.map((e) => e.name).join(t(" and ")), rounds: view.rounds,
                   count: view.enemies.length };
  const left = view.hero.willpower !== null
    ? t("{hero} has {endurance} ENDURANCE and {willpower} WILLPOWER left.", fields)
    : t("{hero} has {endurance} ENDURANCE left.", fields);
  switch (view.outcome) {
    case "won": return `${t("Victory: {enemies} {count|falls|fall}.", fields)} ${left}`;
    case "lost":
      return view.enemies[view.current].endurance <= 0
        ? t("{hero} is dead, and so is the enemy: the adventure is over.", fields)
        : t("{hero} is dead: the adventure is over.", fields);
    case "evaded": return `${t("{hero} evades the fight.", fields)} ${left}`;
    case "ended": return `${t("The fight stops after round {rounds}, as the section says.", fields)} ${left}`;
    default: return "";
  }
}
