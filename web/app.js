// The screen. Python (in the worker) does the rules; this file reads the form, sends one request per action and
// draws the answer. Text from records or the rules is only ever set with textContent, never as HTML.
import { Rules } from "./rules.js";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
const SYSTEMS = JSON.parse($("#systems-data").textContent);

const ui = {
  setup: $("#setup"), start: $("#start"), setupError: $("#setup-error"),
  fight: $("#fight"), roundForm: $("#round-form"), number: $("#number"), willpower: $("#willpower"),
  fightRound: $("#fight-round"), evade: $("#evade"), vigour: $("#vigour"), newFight: $("#new-fight"),
  actionError: $("#action-error"), outcome: $("#outcome"), log: $("#log"), ratio: $("#combat-ratio"),
  heroStatus: $("#hero-status"), enemyStatus: $("#enemy-status"), enemies: $("#enemies"),
};

let rules = null; // the worker client, once ready
let fight = null; // {session, record, view}
let enemyCount = 0;

const system = () => $('input[name="system"]:checked').value;
const info = () => SYSTEMS[system()];

// ---- start-up ---------------------------------------------------------------------------------------------------

function startRules() {
  const workerCreated = performance.timeOrigin + performance.now();
  const client = new Rules(({ stage, stages, text }) => {
    $("#startup-progress").max = stages;
    $("#startup-progress").value = stage;
    $("#startup-text").textContent = text;
  });
  client.ready.then(({ timing }) => {
    rules = client;
    window.pyrulesTiming = { ...timing, workerCreated, readyOnPage: performance.timeOrigin + performance.now() };
    $("#startup").classList.add("ready");
    $("#startup-text").textContent = "Rules loaded: ready to fight.";
    ui.start.disabled = false;
    document.body.dataset.ready = "true";
  }, (error) => {
    $("#startup").classList.add("failed");
    $("#startup-text").textContent = `The rules could not start: ${error.message}. Reload the page to try again.`;
  });
}

// ---- the set-up form --------------------------------------------------------------------------------------------

function showFor(key) {
  for (const element of $$("[data-systems]")) {
    element.hidden = !element.dataset.systems.split(" ").includes(key);
  }
  const weapon = $("#hero-weapon").value;
  for (const element of $$("[data-weapon]")) {
    if (!element.hidden) element.hidden = element.dataset.weapon !== weapon;
  }
}

function applySystem() {
  const key = system();
  const data = info();
  $("#hero-legend").textContent = data.hero;
  $('[data-label="skill"]').textContent = data.labels.skill;
  $('[data-label="bonus"]').textContent = `Bonus to ${data.labels.skill} from items or spells`;
  $('[data-label="skill_modifier"]').textContent = `${data.labels.skill} modifier for this fight`;
  for (const label of $$('[data-label="enemy-skill"]')) label.textContent = data.enemy_labels.skill;
  $("#hero-loses-heading").textContent = `${data.hero} loses`;
  const select = $("#hero-weapon");
  select.replaceChildren(...data.weapons.map(({ key: value, name }) => new Option(name, value)));
  select.value = data.default_weapon;
  showFor(key);
}

function addEnemy(values = {}) {
  const index = enemyCount++;
  const row = $("#enemy-template").content.firstElementChild.cloneNode(true);
  for (const input of $$("input", row)) {
    const id = `enemy-${index}-${input.dataset.key}`;
    input.id = id;
    input.previousElementSibling.htmlFor = id;
    input.value = values[input.dataset.key] ?? "";
  }
  $('[data-label="enemy-skill"]', row).textContent = info().enemy_labels.skill;
  row.setAttribute("aria-label", `Enemy ${ui.enemies.children.length + 1}`);
  $(".remove-enemy", row).addEventListener("click", () => { row.remove(); renumberEnemies(); });
  ui.enemies.append(row);
  renumberEnemies();
  return row;
}

function renumberEnemies() {
  $$(".enemy", ui.enemies).forEach((row, i) => {
    row.setAttribute("aria-label", `Enemy ${i + 1}`);
    for (const input of $$("input", row)) input.dataset.field = `enemies.${i}.${input.dataset.key}`;
    $(".remove-enemy", row).setAttribute("aria-label", `Remove enemy ${i + 1}`);
  });
}

// Builds the record from the form, as typed; Python checks every value and names the field it refuses.
function recordFromForm() {
  const data = info();
  const hero = { skill: $("#hero-skill").value, endurance: $("#hero-endurance").value, weapon: $("#hero-weapon").value };
  if (data.has_willpower) hero.willpower = $("#hero-willpower").value;
  if (data.other_weapon_bonus && hero.weapon === "other") hero.weapon_bonus = $("#hero-weapon-bonus").value;
  const bonus = $("#hero-bonus").value.trim();
  if (bonus) hero.modifiers = [{ name: "Items or spells", skill: bonus }];
  const enemies = $$(".enemy", ui.enemies).map((row) => {
    const enemy = {};
    for (const input of $$("input", row)) if (input.value.trim() !== "") enemy[input.dataset.key] = input.value;
    return enemy;
  });
  const fightRules = {};
  for (const input of $$("[data-field^='rules.']")) {
    if (input.closest("[hidden]")) continue;
    const key = input.dataset.field.slice(6);
    if (input.type === "checkbox") {
      if (input.checked !== (key === "vigour")) fightRules[key] = input.checked;
    } else if (input.value.trim() !== "") {
      fightRules[key] = input.value;
    }
  }
  return { format: "pyrules-fight", version: 1, system: system(), hero, enemies, rules: fightRules,
           seed: randomSeed(), actions: [] };
}

function randomSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1]; // 53 bits, exact in JSON
}

// ---- errors: shown beside the field, named in the book's words --------------------------------------------------

function clearErrors(root) {
  for (const input of $$("[aria-invalid]", root)) input.removeAttribute("aria-invalid");
  for (const note of $$(".field-error", root)) note.remove();
}

function showError(error, box, root) {
  clearErrors(root);
  const path = error.field.replace(/\[(\d+)\]/g, ".$1").replace(/^actions\.\d+/, "action");
  const input = $(`[data-field="${CSS.escape(path)}"]`, root);
  const label = input && input.labels && input.labels[0] ? input.labels[0].textContent : error.label;
  const message = label ? `${label}: ${error.message}` : error.text;
  box.textContent = message;
  if (input) {
    input.setAttribute("aria-invalid", "true");
    const note = document.createElement("span");
    note.className = "field-error";
    note.id = `${input.id}-error`;
    note.textContent = error.message;
    input.after(note);
    input.setAttribute("aria-errormessage", note.id);
    input.closest("details")?.setAttribute("open", "");
    input.focus();
  }
}

// ---- the fight --------------------------------------------------------------------------------------------------

async function startFight(event) {
  event.preventDefault();
  if (!rules) return;
  ui.setupError.textContent = "";
  const reply = await rules.call({ op: "start", record: recordFromForm(), form: true });
  if (!reply.ok) {
    showError(reply.error, ui.setupError, ui.setup);
    return;
  }
  clearErrors(ui.setup);
  fight = { session: reply.session, record: reply.record, view: reply.view };
  ui.log.replaceChildren();
  reply.log.forEach(addLogRow);
  ui.setup.hidden = true;
  ui.fight.hidden = false;
  ui.actionError.textContent = "";
  ui.number.value = "";
  ui.willpower.value = "1";
  render();
  ui.number.focus();
}

async function act(action) {
  if (!fight || fight.view.outcome !== "ongoing") return;
  const reply = await rules.call({ op: "act", session: fight.session, action });
  if (!reply.ok) {
    showError(reply.error, ui.actionError, ui.fight);
    return;
  }
  clearErrors(ui.fight);
  ui.actionError.textContent = "";
  fight.record.actions.push(reply.action);
  fight.view = reply.view;
  addLogRow(reply.event);
  ui.number.value = "";
  render();
}

function roundAction(kind) {
  const action = { do: kind };
  if (ui.number.value.trim() !== "") action.number = ui.number.value.trim();
  if (fight.view.willpower_spend && ui.willpower.value.trim() !== "") action.willpower = ui.willpower.value.trim();
  return numbersIn(action);
}

// Numbers typed in the fight controls go to the rules as numbers when they are whole numbers, as typed otherwise,
// so that the rules' message names what was wrong.
function numbersIn(action) {
  for (const key of ["number", "willpower"]) {
    if (key in action && /^[+-]?\d+$/.test(action[key])) action[key] = Number(action[key]);
  }
  return action;
}

function stat(list, term, value, dead = false) {
  const dt = document.createElement("dt");
  dt.textContent = term;
  const dd = document.createElement("dd");
  dd.textContent = value;
  if (dead) dd.className = "dead";
  list.append(dt, dd);
}

function render() {
  const { view } = fight;
  const data = SYSTEMS[view.system];
  const heroList = document.createElement("dl");
  stat(heroList, data.labels.skill, view.hero.skill);
  stat(heroList, "ENDURANCE", view.hero.endurance, view.hero.endurance <= 0);
  if (view.hero.willpower !== null) stat(heroList, "WILLPOWER", view.hero.willpower);
  stat(heroList, "Weapon", view.hero.weapon);
  const heroTitle = document.createElement("h3");
  heroTitle.textContent = data.hero + (view.hero.vigour ? " (Vigour)" : "");
  ui.heroStatus.replaceChildren(heroTitle, heroList);

  const enemyTitle = document.createElement("h3");
  const current = view.enemies[view.current];
  enemyTitle.textContent = current.name;
  const enemyList = document.createElement("dl");
  stat(enemyList, data.labels.skill, current.skill);
  stat(enemyList, "ENDURANCE", current.endurance, current.endurance <= 0);
  const parts = [enemyTitle, enemyList];
  if (view.enemies.length > 1) {
    const others = document.createElement("p");
    others.className = "hint";
    others.textContent = view.enemies.map((e) => `${e.name} ${e.endurance}`).join(" · ");
    parts.push(others);
  }
  ui.enemyStatus.replaceChildren(...parts);
  ui.ratio.textContent = signed(view.combat_ratio);

  const over = view.outcome !== "ongoing";
  ui.fightRound.disabled = over;
  ui.number.disabled = over;
  ui.evade.hidden = !view.evade.possible || over;
  ui.evade.disabled = !view.evade.allowed;
  ui.evade.title = view.evade.why;
  ui.vigour.hidden = !view.vigour.possible || view.hero.vigour || over;
  ui.vigour.disabled = !view.vigour.allowed;
  ui.vigour.title = view.vigour.why;
  const spend = view.willpower_spend;
  $("#willpower").closest(".field").hidden = !spend;
  if (spend) {
    ui.willpower.max = spend[1];
    if (Number(ui.willpower.value) > spend[1]) ui.willpower.value = String(spend[1]);
  }
  ui.outcome.className = `outcome ${view.outcome}`;
  ui.outcome.textContent = outcomeText(view, data);
  if (over) ui.newFight.focus();
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n).replace("-", "−");
}

function outcomeText(view, data) {
  const left = `${data.hero} has ${view.hero.endurance} ENDURANCE left`;
  const wp = view.hero.willpower !== null ? ` and ${view.hero.willpower} WILLPOWER` : "";
  const enemyNames = view.enemies.map((e) => e.name).join(" and ");
  switch (view.outcome) {
    case "won": return `Victory: ${enemyNames} ${view.enemies.length > 1 ? "are" : "is"} dead. ${left}${wp}.`;
    case "lost": {
      const both = view.enemies[view.current].endurance <= 0;
      return `${data.hero} is dead${both ? ", and so is the enemy" : ""}: the adventure is over.`;
    }
    case "evaded": return `${data.hero} evades the fight. ${left}${wp}.`;
    case "ended": return `The fight stops after round ${view.rounds}, as the section says. ${left}${wp}.`;
    default: return "";
  }
}

function cell(row, text, extraClass) {
  const td = document.createElement("td");
  td.textContent = text;
  if (extraClass) td.className = extraClass;
  row.append(td);
  return td;
}

function addLogRow(event) {
  const row = document.createElement("tr");
  const grey = !$("th[data-systems]").hidden;
  if (event.kind === "vigour") {
    row.className = "note";
    const td = cell(row, `Vigour cast: COMBAT SKILL ${event.skill} for this fight, ENDURANCE ${event.endurance}.`);
    td.colSpan = grey ? 9 : 8;
    ui.log.append(row);
    return;
  }
  cell(row, event.kind === "evade" ? `${event.round} (evade)` : String(event.round));
  cell(row, event.enemy);
  cell(row, signed(event.combat_ratio));
  const numberCell = cell(row, String(event.number));
  if (event.typed) {
    const mark = document.createElement("span");
    mark.className = "typed";
    mark.textContent = "typed";
    numberCell.append(mark);
  }
  cell(row, lossText(event.enemy_loss, event.enemy_loss_text));
  cell(row, lossText(event.hero_loss, event.hero_loss_text));
  cell(row, String(event.endurance));
  cell(row, String(event.enemy_endurance));
  if (grey) cell(row, event.willpower === null ? "" : String(event.willpower));
  ui.log.append(row);
  for (const note of event.notes) {
    const noteRow = document.createElement("tr");
    noteRow.className = "note";
    cell(noteRow, note).colSpan = grey ? 9 : 8;
    ui.log.append(noteRow);
  }
}

function lossText(loss, how) {
  const shown = loss === "K" ? "K (killed)" : String(loss);
  if (/[×+]/.test(how)) return `${how} = ${shown}`;
  return how === String(loss) || how === "K" ? shown : `${shown} (${how})`;
}

function newFight() {
  if (fight && fight.view.outcome !== "lost" && fight.view.outcome !== "ongoing") {
    // The hero's state after a fight starts the next one, as players do between sections.
    $("#hero-endurance").value = fight.view.hero.endurance;
    if (fight.view.hero.willpower !== null) $("#hero-willpower").value = fight.view.hero.willpower;
  }
  fight = null;
  ui.fight.hidden = true;
  ui.setup.hidden = false;
  $("#hero-skill").focus();
}

async function rollHero() {
  if (!rules) return;
  const reply = await rules.call({ op: "new_hero", system: system(), seed: randomSeed() });
  if (!reply.ok) {
    showError(reply.error, ui.setupError, ui.setup);
    return;
  }
  $("#hero-skill").value = reply.hero.skill;
  $("#hero-endurance").value = reply.hero.endurance;
  if ("willpower" in reply.hero) $("#hero-willpower").value = reply.hero.willpower;
  const labels = info().labels;
  $("#roll-hint").textContent = "Random numbers picked: " +
    Object.entries(reply.numbers).map(([key, n]) => `${n} for ${labels[key]}`).join(", ") + ".";
}

// ---- wiring -----------------------------------------------------------------------------------------------------

for (const radio of $$('input[name="system"]')) radio.addEventListener("change", applySystem);
$("#hero-weapon").addEventListener("change", () => showFor(system()));
$("#add-enemy").addEventListener("click", () => $("input", addEnemy()).focus());
$("#roll-hero").addEventListener("click", rollHero);
ui.setup.addEventListener("submit", startFight);
ui.roundForm.addEventListener("submit", (event) => { event.preventDefault(); act(roundAction("round")); });
ui.evade.addEventListener("click", () => act(roundAction("evade")));
ui.vigour.addEventListener("click", () => act({ do: "vigour" }));
ui.newFight.addEventListener("click", newFight);

// The shell paints first: Pyodide starts in the worker one frame after the first one, so that it does not compete
// with the shell's first paint for the CPU.
function afterFirstPaint(start) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
}

applySystem();
addEnemy();
afterFirstPaint(startRules);
