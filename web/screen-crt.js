// The screen of the Lone Wolf family (kind "crt": a Combat Results Table, a random number a round): the set-up form
// in the book's words, the fight (status, random number, WILLPOWER, Evade, Vigour), the log rows and the outcome.
import { h, numberOrText, signed } from "./dom.js";
import { enemyList, field, modifierList, resetRules, roller, rule } from "./setup.js";
import { t } from "./i18n.js";
import { language } from "./i18n.js";
import { announce, bar, fighterCard, logCard } from "./widgets.js";

/** @typedef {import("../types/screen").Conforms<typeof import("./screen-crt.js")>} Checked this module is a Screen */
/** @typedef {import("../types/screen").Shell} Shell */
/** @typedef {import("../types/screen").OpenFight} OpenFight */
/** @typedef {import("./rules.js").System} System */
/** @typedef {import("./rules.js").FightRecord} FightRecord */
/** @typedef {import("./rules.js").FightEvent} FightEvent */
/**
 * A fight's state as the rules show it (pyrules.systems.lonewolf: view).
 * @typedef {{outcome: string, rounds: number, current: number, combat_ratio: number,
 *   hero: {skill: number, endurance: number, willpower: number | null, weapon: string, vigour: boolean,
 *     endurance_max?: number, willpower_max?: number | null}, random_table?: number[],
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
// Phone first: the hero's and the current enemy's cards (ENDURANCE bars showing the round's change, the section's
// rules as chips), the Random Number Table to tap, one large Fight round, the costly actions with their cost and,
// when unavailable, why; the log as cards, newest first; each round said in words to screen readers.

const heroCard = h("div", { id: "hero-status" });
const enemyCard = h("div", { id: "enemy-status" });
const laterEnemies = h("ul", { className: "later-enemies", i18nLabel: "The other enemies of this fight" });
const ratio = h("output", { id: "combat-ratio" }, "0");
const number = h("input", { id: "number", inputMode: "numeric", autocomplete: "off", data: { field: "action.number" },
                            i18nPlaceholder: "blank: the app picks", attrs: { "aria-describedby": "number-hint" } });
const spend = h("input", { id: "willpower", inputMode: "numeric", autocomplete: "off", value: "1",
                           data: { field: "action.willpower" }, attrs: { "aria-describedby": "willpower-cost" } });
const spendBox = h("div", { className: "field costly-field" },
  h("label", { htmlFor: spend.id, i18n: "WILLPOWER to spend" }), spend,
  h("span", { className: "cost-text", id: "willpower-cost",
              i18n: "Costs that many WILLPOWER points this round; the enemy's loss is multiplied by it." }));
const tableHeading = h("h3", { id: "rnt-heading", i18n: "Random Number Table (pick one)" });
const grid = h("div", { className: "rnt-grid", attrs: { role: "group", "aria-labelledby": tableHeading.id } });
const tableBox = h("div", { className: "rnt", hidden: true }, tableHeading, grid);
const fightRound = h("button", { type: "submit", id: "fight-round", className: "primary-action", i18n: "Fight round" });

/**
 * A costly action: its button (the cost in it) and, beside it, what it costs or why it is unavailable, as text.
 * @param {string} id
 * @param {import("./dom.js").Props<"span">} name its words
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
const log = h("ol", { className: "log-cards", id: "log", attrs: { "aria-labelledby": "log-heading" } });

/** @type {number | null} the Random Number Table's cell picked for the round just fought (marked until the next) */
let picked = null;
let tableShown = "";
/** @type {{session: number, hero: number, willpower: number | null, enemies: number[]} | null} the last view drawn */
let previous = null;
let announcing = false; // an action was just taken: its event is said to screen readers

/** @param {Shell} given */
export function init(given) {
  shell = given;
  weapon.addEventListener("change", showWeaponBonus);
  spend.addEventListener("input", () => shell.changed());
  evade.button.addEventListener("click", () => {
    picked = null;
    shell.act(roundAction("evade"));
  });
  vigour.button.addEventListener("click", () => shell.act({ do: "vigour" }));
  grid.addEventListener("click", pickCell);
  grid.addEventListener("keydown", moveInGrid);
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
    top: [h("div", { className: "crt-cards" }, heroCard,
      h("p", { className: "ratio" }, h("span", { className: "caption", i18n: "Combat Ratio" }), " ", ratio),
      enemyCard), laterEnemies],
    controls: [tableBox,
      h("div", { className: "field" }, h("label", { htmlFor: number.id, i18n: "Random number" }), number,
        h("span", { className: "hint", id: "number-hint",
                    i18n: "Type the number you picked from your book's Random Number Table, or leave it blank." })),
      spendBox],
    buttons: [h("div", { className: "crt-actions" }, fightRound, evade.box, vigour.box)],
    log,
    bottom: [h("div", { className: "crt-log" },
      h("h3", { id: "log-heading", i18n: "Combat log" }), log)],
  };
}

/** @type {Record<string, {rule_labels: Record<string, string>}> | null} */
let words = null;

/**
 * The section's rules of this fight, in the rules' own words ("Evasion allowed after round: 3").
 * @param {Record<string, unknown>} rules the record's (only those that differ from the plain case)
 */
function ruleChips(rules) {
  words ??= JSON.parse(document.getElementById("systems-data")?.textContent ?? "{}");
  const labels = words?.[language()]?.rule_labels ?? {};
  return Object.entries(rules).map(([key, value]) => {
    const label = labels[key] ?? key;
    if (value === true) return label;
    return `${label}: ${value === false ? t("no") : String(value)}`;
  });
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
    name: record.hero.name || shown.hero, stats: [[labels.skill, hero.skill]], className: "hero",
    bar: { label: labels.endurance, current: hero.endurance, change: before ? hero.endurance - before.hero : 0,
           max: hero.endurance_max ?? record.hero.endurance_max ?? record.hero.endurance, id: "hero-endurance-bar" },
    chips: [`${labels.weapon}: ${hero.weapon}`, ...(hero.vigour ? [t("Vigour")] : [])], dead: hero.endurance <= 0,
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
      chips: small ? [] : ruleChips(record.rules ?? {}), dead: enemy.endurance <= 0,
    });
  };
  enemyCard.replaceChildren(enemyCardOf(view.current));
  laterEnemies.replaceChildren(...view.enemies.flatMap((_, i) => (i === view.current ? []
    : [h("li", {}, enemyCardOf(i, true))])));
  laterEnemies.hidden = view.enemies.length < 2;
  ratio.textContent = signed(view.combat_ratio);
  previous = { session: fight.session, hero: hero.endurance, willpower: hero.willpower,
               enemies: view.enemies.map((e) => e.endurance) };

  const over = view.outcome !== "ongoing";
  fightRound.disabled = over;
  number.disabled = over;
  drawTable(view.random_table ?? null, over);
  const atOnce = view.rounds === 0 && record.rules?.evade_before_round === true;
  showCostly(evade, view.evade, !view.evade.possible || over,
    atOnce ? t("nothing is lost") : t("a round: only your losses count"));
  showCostly(vigour, view.vigour, !view.vigour.possible || hero.vigour || over,
    `+3 ${labels.skill}, −3 ${labels.endurance}`);
  const range = view.willpower_spend;
  spendBox.hidden = !range;
  if (range) {
    spend.max = String(range[1]);
    if (Number(spend.value) > range[1]) spend.value = String(range[1]);
  }
}

/**
 * @param {ReturnType<typeof costly>} action
 * @param {{allowed: boolean, why: string}} state the view's: whether it is allowed now, and why (not)
 * @param {boolean} hidden
 * @param {string} cost
 */
function showCostly(action, state, hidden, cost) {
  action.box.hidden = hidden;
  action.button.disabled = !state.allowed;
  action.cost.textContent = cost;
  action.why.textContent = state.why;
  action.why.classList.toggle("unavailable", !state.allowed);
}

/**
 * The Random Number Table of this fight (the view's, drawn from its seed), the cell picked for the last round marked.
 * @param {number[] | null} digits
 * @param {boolean} over
 */
function drawTable(digits, over) {
  tableBox.hidden = !digits || over;
  if (!digits) return;
  const key = digits.join("");
  if (key !== tableShown) {
    tableShown = key;
    picked = null;
    grid.replaceChildren(...digits.map((digit, i) => h("button", {
      type: "button", className: "rnt-cell", tabIndex: i === 0 ? 0 : -1, data: { index: String(i) },
      attrs: { "aria-label": t("Pick {n}, row {row}, column {column}",
                                { n: digit, row: Math.floor(i / 10) + 1, column: (i % 10) + 1 }) },
    }, String(digit))));
  }
  grid.querySelectorAll("button").forEach((cell, i) => {
    if (i === picked) cell.setAttribute("aria-current", "true");
    else cell.removeAttribute("aria-current");
  });
}

/** @param {MouseEvent} event a tap on a cell: the round fought with its number, as if typed */
function pickCell(event) {
  const cell = /** @type {Element} */ (event.target).closest("button");
  if (!(cell instanceof HTMLButtonElement) || cell.disabled) return;
  number.value = cell.textContent ?? "";
  const action = roundAction("round");
  picked = Number(cell.dataset.index);
  shell.act(action);
}

/** @param {KeyboardEvent} event arrow keys, Home and End move within the table (one cell in the tab order) */
function moveInGrid(event) {
  const cells = [...grid.querySelectorAll("button")];
  const at = cells.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
  if (at < 0) return;
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 };
  let to = at + (moves[event.key] ?? 0);
  if (event.key === "Home") to = at - (at % 10);
  else if (event.key === "End") to = at - (at % 10) + 9;
  else if (!(event.key in moves)) return;
  event.preventDefault();
  if (to < 0 || to >= cells.length) return;
  cells[at].tabIndex = -1;
  cells[to].tabIndex = 0;
  cells[to].focus();
}

/** @param {string} kind */
function roundAction(kind) {
  /** @type {import("./rules.js").Action} */
  const action = { do: kind };
  if (number.value.trim() !== "") action.number = numberOrText(number.value);
  if (!spendBox.hidden && spend.value.trim() !== "") action.willpower = numberOrText(spend.value);
  return action;
}

/** The round form's action (Enter, or Fight round): typed or left to the app, not a cell of the table. */
export const formAction = () => {
  picked = null;
  return roundAction("round");
};

/**
 * What the odds assume a round spends (Grey Star's WILLPOWER, as typed).
 * @param {OpenFight} fight
 */
export const spendOf = (fight) => (fight.view.willpower_spend ? Number(spend.value) || 1 : 1);

/**
 * Fills the spend field from the odds' advice ("Spend 3 now").
 * @param {number} n
 */
export function setSpend(n) {
  spend.value = String(n);
}

export function clearInputs() {
  number.value = "";
  announcing = true;
}

export function resetInputs() {
  number.value = "";
  spend.value = "1";
  picked = null;
  announcing = false;
}

export const focus = () => number.focus();

/**
 * A loss as the log shows it: the points, then how the section's rules made them ("10 (5 × 2)").
 * @param {number | string} loss
 * @param {string} how
 */
function lossText(loss, how) {
  const shown = loss === "K" ? t("K (killed)") : String(loss);
  if (/[×+]/.test(how)) return `${shown} (${how.replace(/\s*=.*$/, "")})`;
  return how === String(loss) || how === "K" ? shown : `${shown} (${how})`;
}

/**
 * A part of a round's card, the log's column it was in the old table (the tests read them by it).
 * @param {number} column
 * @param {string} text
 */
const part = (column, text) => h("span", { data: { col: String(column) } }, text);

/**
 * One card for each event, the rules' notes kept in it; the newest is shown first (style.css).
 * @param {FightEvent} event
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function logRows(event, fight, shown) {
  if (announcing) {
    announcing = false;
    announce(announcement(event, fight, shown));
  }
  /** @type {string[]} */
  const notes = event.notes ?? [];
  const noteLines = notes.map((note) => h("span", { className: "log-note" }, note));
  if (event.kind === "vigour") {
    return [logCard(t("Vigour"), [t("Vigour cast: {skill} for this fight, ENDURANCE {endurance}.", event)], "vigour")];
  }
  if (event.kind === "evade_no_round") return [logCard(t("Evade"), noteLines, "evade")];
  const { labels } = shown;
  const round = part(0, event.kind === "evade" ? t("Round {round} (evade)", event) : t("Round {round}", event));
  const pick = event.typed ? t("picked") : t("drawn");
  const title = h("span", {}, round, " · ", pick, " ", part(3, String(event.number)));
  const losses = h("span", {}, part(1, event.enemy), " −", part(4, lossText(event.enemy_loss, event.enemy_loss_text)),
    " → ", part(7, String(event.enemy_endurance)), " · ", t("you"), " −",
    part(5, lossText(event.hero_loss, event.hero_loss_text)), " → ", part(6, String(event.endurance)));
  const numbers = h("span", {}, t("Combat Ratio"), " ", part(2, signed(event.combat_ratio)));
  if (event.willpower !== null && event.willpower !== undefined) {
    numbers.append(` · ${labels.willpower} −${event.willpower_spent ?? 0} → `, part(8, String(event.willpower)));
  }
  return [logCard(title, [losses, numbers, ...noteLines], `fought${event.typed ? " typed" : ""}`)];
}

/**
 * What a screen reader hears after an action: "Drakkar loses 8, you lose 1: ENDURANCE 24".
 * @param {FightEvent} event
 * @param {OpenFight} fight
 * @param {System} shown
 */
export function announcement(event, fight, shown) {
  if (event.kind === "vigour") return t("Vigour cast: {skill} for this fight, ENDURANCE {endurance}.", event);
  if (event.kind === "evade_no_round") return (event.notes ?? []).join(" ");
  const { labels } = shown;
  const enemy = event.enemy_loss === "K" ? t("{name}: out of the fight", { name: event.enemy })
    : t("{name} loses {n}", { name: event.enemy, n: event.enemy_loss });
  const hero = event.hero_loss === "K" ? t("you are out of the fight") : t("you lose {n}", { n: event.hero_loss });
  let left = `${labels.endurance} ${event.endurance}`;
  if (event.willpower !== null && event.willpower !== undefined) left += `, ${labels.willpower} ${event.willpower}`;
  return `${enemy}, ${hero}: ${left}`;
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
