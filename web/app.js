// The screen. Python (in the worker) does the rules; this file reads the form, sends one request per action, draws
// the answer and keeps the fight saved. Text from records, links or the rules is only ever set with textContent.
import { Rules } from "./rules.js";
import * as saves from "./saves.js";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
const SYSTEMS = JSON.parse($("#systems-data").textContent);

const ui = {
  setup: $("#setup"), start: $("#start"), setupError: $("#setup-error"), messages: $("#messages"),
  fight: $("#fight"), heading: $("#fight-heading"), roundForm: $("#round-form"), number: $("#number"),
  willpower: $("#willpower"), fightRound: $("#fight-round"), evade: $("#evade"), vigour: $("#vigour"),
  newFight: $("#new-fight"), undo: $("#undo"), redo: $("#redo"), share: $("#share"), exportButton: $("#export"),
  shareBox: $("#share-box"), shareLink: $("#share-link"), shareStatus: $("#share-status"),
  actionError: $("#action-error"), outcome: $("#outcome"), log: $("#log"), ratio: $("#combat-ratio"),
  heroStatus: $("#hero-status"), enemyStatus: $("#enemy-status"), enemies: $("#enemies"),
  saves: $("#saves"), saveList: $("#save-list"), noSaves: $("#no-saves"), importFile: $("#import-file"),
};

let rules = null; // the worker client, once ready
let fight = null; // the open fight: {id, name, created, session, record, view, redo: [actions]}
let saved = []; // saved fights: {id, name, created, updated, record, summary?}
let enemyCount = 0;

const system = () => $('input[name="system"]:checked').value;
const info = () => SYSTEMS[system()];

// ---- messages --------------------------------------------------------------------------------------------------

function tell(...lines) {
  for (const line of lines) {
    const p = document.createElement("p");
    p.textContent = line;
    ui.messages.append(p);
  }
}

// ---- start-up ---------------------------------------------------------------------------------------------------

function startRules() {
  const workerCreated = performance.timeOrigin + performance.now();
  const client = new Rules(({ stage, stages, text }) => {
    $("#startup-progress").max = stages;
    $("#startup-progress").value = stage;
    $("#startup-text").textContent = text;
  }, saves.flag(SNAPSHOT_MADE) ? "rules-snapshot" : "rules");
  client.ready.then(async ({ timing }) => {
    rules = client;
    window.pyrulesTiming = { ...timing, workerCreated, readyOnPage: performance.timeOrigin + performance.now() };
    $("#startup").classList.add("ready");
    $("#startup-text").textContent = "Rules loaded: ready to fight.";
    await checkSaves();
    const opened = await openFromLink();
    if (!opened) {
      const id = saves.currentId();
      if (id && saved.some((s) => s.id === id)) await resume(id);
    }
    ui.start.disabled = false;
    renderSaves();
    document.body.dataset.ready = "true";
    registerServiceWorker();
    snapshotLater(timing);
  }, (error) => {
    $("#startup").classList.add("failed");
    $("#startup-text").textContent = `The rules could not start: ${error.message}. Reload the page to try again.`;
  });
}

// The shell paints first: Pyodide starts in the worker one frame after the first one, so that it does not compete
// with the shell's first paint for the CPU.
function afterFirstPaint(start) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
}

// ---- saved fights ------------------------------------------------------------------------------------------------

function loadSaves() {
  const { saves: list, problems } = saves.loadAll();
  saved = list;
  tell(...problems);
}

// Python checks every saved record: unreadable ones are set aside, damaged tails are cut (the original kept aside).
async function checkSaves() {
  if (!saved.length) return;
  const reply = await rules.call({ op: "check_saves", records: saved.map((s) => JSON.stringify(s.record)) });
  if (!reply.ok) return tell(`The saved fights could not be checked: ${reply.error.text}`);
  const kept = [];
  reply.results.forEach((result, i) => {
    const save = saved[i];
    if (!result.ok) {
      saves.setAside(save.id, JSON.stringify(save), result.error.text);
      tell(`The saved fight "${save.name}" could not be read and was set aside: ${result.error.text}`);
      return;
    }
    if (result.dropped) {
      saves.setAside(`${save.id}-original`, JSON.stringify(save), result.dropped.error.text);
      save.record = result.record;
      saves.store(save);
      tell(`The saved fight "${save.name}" was damaged: its first ${result.dropped.kept} actions were kept and the` +
           ` last ${result.dropped.dropped} dropped (${result.dropped.error.text}).`);
    }
    save.summary = result.summary;
    kept.push(save);
  });
  saved = kept;
}

function describe(summary) {
  if (!summary) return "";
  const state = summary.outcome === "ongoing" ? `round ${summary.rounds}` :
    `${summary.outcome} after ${summary.rounds} round${summary.rounds === 1 ? "" : "s"}`;
  return `${summary.book} · ${state} · ENDURANCE ${summary.endurance}`;
}

function renderSaves() {
  const items = saved.map((save) => {
    const item = $("#save-template").content.firstElementChild.cloneNode(true);
    item.dataset.id = save.id;
    item.classList.toggle("current", fight?.id === save.id);
    $(".save-name", item).textContent = save.name;
    $(".save-summary", item).textContent = describe(save.summary);
    for (const button of $$(".save-actions button", item)) {
      button.setAttribute("aria-label", `${button.textContent} ${save.name}`);
      button.disabled = button.dataset.do === "resume" && !rules;
    }
    const input = $(".save-rename input", item);
    input.id = `rename-${save.id}`;
    $(".save-rename label", item).htmlFor = input.id;
    $(".save-rename label", item).textContent = `New name for ${save.name}`;
    return item;
  });
  ui.saveList.replaceChildren(...items);
  ui.noSaves.hidden = saved.length > 0;
}

ui.saveList.addEventListener("click", async (event) => {
  const button = event.target.closest("button");
  const item = event.target.closest(".save");
  if (!button || !item) return;
  const save = saved.find((s) => s.id === item.dataset.id);
  const rename = $(".save-rename", item);
  const confirm = $(".save-confirm", item);
  switch (button.dataset.do) {
    case "resume": return resume(save.id);
    case "export": return download(save.name, save.record);
    case "rename":
      rename.hidden = false;
      $("input", rename).value = save.name;
      return $("input", rename).focus();
    case "delete":
      confirm.hidden = false;
      return $("button", confirm).focus();
    case "confirm-delete":
      saves.remove(save.id);
      saved = saved.filter((s) => s !== save);
      if (fight?.id === save.id) fight.id = null;
      renderSaves();
      return ui.saveList.querySelector("button")?.focus() ?? ui.importFile.focus();
    case "cancel":
      rename.hidden = true;
      confirm.hidden = true;
      return $("button", item).focus();
  }
});

ui.saveList.addEventListener("submit", (event) => {
  event.preventDefault();
  const item = event.target.closest(".save");
  const save = saved.find((s) => s.id === item.dataset.id);
  const name = $("input", event.target).value.trim();
  if (name) {
    save.name = name.slice(0, 80);
    persist(save);
    if (fight?.id === save.id) {
      fight.name = save.name;
      ui.heading.textContent = save.name;
    }
  }
  renderSaves();
});

function persist(save) {
  const problem = saves.store(save);
  if (problem) tell(problem);
}

// The open fight as a saved fight: stored after every change.
function keep() {
  if (!fight) return;
  if (!fight.id) fight.id = saves.newId();
  let save = saved.find((s) => s.id === fight.id);
  if (!save) {
    save = { id: fight.id, name: fight.name, created: Date.now() };
    saved.unshift(save);
  }
  save.record = fight.record;
  save.summary = fight.summary;
  persist(save);
  saves.setCurrent(fight.id);
}

function download(name, record) {
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${name.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "fight"}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

ui.importFile.addEventListener("change", async () => {
  const file = ui.importFile.files[0];
  ui.importFile.value = "";
  if (!file || !rules) return;
  if (file.size > 1_000_000) return tell(`${file.name} is too large to be a fight record.`);
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    return tell(`${file.name} is not a fight record: it is not valid JSON.`);
  }
  const reply = await rules.call({ op: "start", record });
  if (!reply.ok) return tell(`${file.name} could not be imported: ${reply.error.text}`);
  show(reply, { name: file.name.replace(/\.json$/i, "") });
  keep();
  renderSaves();
});

async function resume(id) {
  const save = saved.find((s) => s.id === id);
  const reply = await rules.call({ op: "restore", record: save.record });
  if (!reply.ok) return tell(`The saved fight "${save.name}" could not be opened: ${reply.error.text}`);
  show(reply, save);
}

// ---- share links -------------------------------------------------------------------------------------------------

async function openFromLink() {
  const hash = location.hash;
  if (!hash.startsWith("#f=")) return false;
  history.replaceState(null, "", location.pathname + location.search);
  const reply = await rules.call({ op: "open_link", code: hash.slice(3) });
  if (!reply.ok) {
    tell(`This share link could not be opened: ${reply.error.message}. Your saved fights are unchanged.`);
    return false;
  }
  const summary = reply.summary;
  show(reply, { name: `Shared: ${summary.hero} vs ${summary.enemies.join(" and ")}` });
  keep();
  return true;
}

// A link pasted into the address bar of an open app changes only the fragment.
window.addEventListener("hashchange", () => {
  if (rules && location.hash.startsWith("#f=")) openFromLink();
});

ui.share.addEventListener("click", async () => {
  const reply = await rules.call({ op: "share", session: fight.session });
  if (!reply.ok) return showError(reply.error, ui.actionError, ui.fight);
  const url = `${location.origin}${location.pathname}#f=${reply.code}`;
  ui.shareBox.hidden = false;
  ui.shareLink.value = url;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    // no clipboard permission: the link is shown to copy by hand
  }
  ui.shareStatus.textContent = copied ? "Link copied to the clipboard." : "Copy the link above to share this fight.";
  if (navigator.share && navigator.canShare?.({ url })) {
    navigator.share({ title: fight.name, url }).catch(() => {});
  }
});
ui.shareLink.addEventListener("focus", () => ui.shareLink.select());
ui.exportButton.addEventListener("click", () => download(fight.name, fight.record));

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
  box.textContent = label ? `${label}: ${error.message}` : error.text;
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
  const summary = reply.summary;
  show(reply, { name: `${summary.hero} vs ${summary.enemies.join(" and ")}` });
  keep();
  ui.number.focus();
}

// Shows a fight the rules have opened (a new one, a saved one, a shared one).
function show(reply, { id = null, name, created }) {
  fight = { id, name, created, session: reply.session, record: reply.record, view: reply.view,
            summary: reply.summary, redo: [] };
  drawLog(reply.log);
  ui.heading.textContent = name;
  ui.setup.hidden = true;
  ui.saves.hidden = true;
  ui.fight.hidden = false;
  ui.shareBox.hidden = true;
  ui.actionError.textContent = "";
  clearErrors(ui.fight);
  ui.number.value = "";
  ui.willpower.value = "1";
  render();
  if (id) saves.setCurrent(id);
}

async function act(action, { fromRedo = false } = {}) {
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
  if (!fromRedo) fight.redo = [];
  addLogRow(reply.event);
  ui.number.value = "";
  updateSummary();
  keep();
  render();
}

async function undo() {
  if (!fight || !fight.record.actions.length) return;
  const reply = await rules.call({ op: "undo", session: fight.session });
  if (!reply.ok) return showError(reply.error, ui.actionError, ui.fight);
  fight.redo.push(fight.record.actions.pop());
  fight.view = reply.view;
  drawLog(reply.log);
  updateSummary();
  keep();
  render();
}

function redo() {
  if (fight && fight.redo.length) act(fight.redo.pop(), { fromRedo: true });
}

function updateSummary() {
  const { view } = fight;
  fight.summary = { ...fight.summary, rounds: view.rounds, outcome: view.outcome, endurance: view.hero.endurance,
                    willpower: view.hero.willpower };
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
  $("#hero-loses-heading").textContent = `${data.hero} loses`;
  $("th[data-systems]").hidden = !data.has_willpower;
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
  ui.undo.disabled = fight.record.actions.length === 0;
  ui.redo.disabled = fight.redo.length === 0;
  const spend = view.willpower_spend;
  ui.willpower.closest(".field").hidden = !spend;
  if (spend) {
    ui.willpower.max = spend[1];
    if (Number(ui.willpower.value) > spend[1]) ui.willpower.value = String(spend[1]);
  }
  ui.outcome.className = `outcome ${view.outcome}`;
  ui.outcome.textContent = outcomeText(view, data);
  if (over && (ui.roundForm.contains(document.activeElement) || document.activeElement === document.body)) {
    ui.newFight.focus(); // the controls just used are disabled now
  }
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

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = text;
  row.append(td);
  return td;
}

function drawLog(events) {
  ui.log.replaceChildren();
  events.forEach(addLogRow);
}

function addLogRow(event) {
  const columns = fight.view.hero.willpower !== null ? 9 : 8;
  const row = document.createElement("tr");
  if (event.kind === "vigour") {
    row.className = "note";
    cell(row, `Vigour cast: COMBAT SKILL ${event.skill} for this fight, ENDURANCE ${event.endurance}.`).colSpan = columns;
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
  if (columns === 9) cell(row, event.willpower === null ? "" : String(event.willpower));
  ui.log.append(row);
  for (const note of event.notes) {
    const noteRow = document.createElement("tr");
    noteRow.className = "note";
    cell(noteRow, note).colSpan = columns;
    ui.log.append(noteRow);
  }
}

function lossText(loss, how) {
  const shown = loss === "K" ? "K (killed)" : String(loss);
  if (/[×+]/.test(how)) return `${how} = ${shown}`;
  return how === String(loss) || how === "K" ? shown : `${shown} (${how})`;
}

function newFight() {
  if (fight) {
    // The hero's state after a fight starts the next one, as players do between sections.
    const setup = fight.record;
    const system = $(`input[name="system"][value="${CSS.escape(setup.system)}"]`);
    if (system && !system.checked) {
      system.checked = true;
      applySystem();
    }
    $("#hero-skill").value = setup.hero.skill;
    const alive = fight.view.outcome !== "lost";
    $("#hero-endurance").value = alive ? fight.view.hero.endurance : setup.hero.endurance;
    if (fight.view.hero.willpower !== null) {
      $("#hero-willpower").value = alive ? fight.view.hero.willpower : setup.hero.willpower;
    }
  }
  fight = null;
  saves.setCurrent(null);
  ui.fight.hidden = true;
  ui.setup.hidden = false;
  ui.saves.hidden = false;
  renderSaves();
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

// ---- faster second visits --------------------------------------------------------------------------------------

// After a fresh boot, a second worker makes a memory snapshot of Pyodide with the rules loaded, for the next visit
// (see worker.js). It starts a few seconds after the rules are ready, on the other core, and then ends.
const SNAPSHOT_MADE = "pyrules:snapshot";

function snapshotLater(timing) {
  if (!timing.snapshot) saves.setFlag(SNAPSHOT_MADE, false);
  if (timing.snapshot || !("caches" in window) || !("CompressionStream" in window)) {
    window.pyrulesSnapshot = Promise.resolve(timing.snapshot ? "used" : "unavailable");
    return;
  }
  window.pyrulesSnapshot = new Promise((resolve) => {
    setTimeout(() => {
      const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "make-snapshot" });
      const finish = (result) => { worker.terminate(); resolve(result); };
      worker.onmessage = ({ data }) => {
        if (data.type === "snapshot") {
          saves.setFlag(SNAPSHOT_MADE, true);
          finish("made");
        }
        else if (data.type === "failed") finish("failed");
      };
      worker.onerror = () => finish("failed");
    }, 3000);
  });
}

// ---- offline and updates -----------------------------------------------------------------------------------------

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let updating = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updating) location.reload(); // only when the player asked: a fight is never interrupted
  });
  navigator.serviceWorker.register("sw.js").then((registration) => {
    const offer = (worker) => {
      $("#update-banner").hidden = false;
      $("#update-now").onclick = () => {
        updating = true;
        worker.postMessage({ type: "skip-waiting" });
      };
    };
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
    window.pyrulesServiceWorker = registration;
  }, (error) => tell(`Offline use is not available: ${error.message}`));
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
ui.undo.addEventListener("click", undo);
ui.redo.addEventListener("click", redo);
document.addEventListener("keydown", (event) => {
  if (!fight || ui.fight.hidden || !(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  if (key !== "z" && key !== "y") return;
  const typing = event.target.matches?.("input, textarea") && event.target.value !== "";
  if (typing) return; // undo inside the text field itself
  event.preventDefault();
  if (key === "y" || event.shiftKey) redo();
  else undo();
});

applySystem();
addEnemy();
loadSaves();
renderSaves();
afterFirstPaint(startRules);
