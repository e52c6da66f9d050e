// The screen. Python (in the worker) does the rules; this file reads the form, sends one request per action, draws
// the answer and keeps the fight saved. Text from records, links or the rules is only ever set with textContent.
import * as citadel from "./citadel.js";
import * as crt from "./crt.js";
import { $, $$, element } from "./dom.js";
import * as ff from "./ff.js";
import * as odds from "./odds.js";
import { language, preferred, setLanguage, t, translatePage } from "./i18n.js";
import { Rules } from "./rules.js";
import * as saves from "./saves.js";

const ALL_SYSTEMS = JSON.parse($("#systems-data").textContent); // {en: {systems, rule_labels}, ru: ...}, from the rules
const SCREENS = { crt, ff, citadel };

const ui = {
  setup: $("#setup"), start: $("#start"), setupError: $("#setup-error"), messages: $("#messages"),
  fight: $("#fight"), heading: $("#fight-heading"), roundForm: $("#round-form"), newFight: $("#new-fight"),
  undo: $("#undo"), redo: $("#redo"), share: $("#share"), exportButton: $("#export"),
  shareBox: $("#share-box"), shareLink: $("#share-link"), shareStatus: $("#share-status"),
  actionError: $("#action-error"), outcome: $("#outcome"), enemies: $("#enemies"), saves: $("#saves"),
  saveList: $("#save-list"), noSaves: $("#no-saves"), importFile: $("#import-file"), language: $("#language"),
};

let rules = null; // the worker client, once ready
let fight = null; // the open fight: {id, name, created, session, record, view, summary, redo: [actions]}
let saved = []; // saved fights: {id, name, created, updated, record, summary?}
let enemyCount = 0;

const systems = () => ALL_SYSTEMS[language()].systems;
const system = () => $('input[name="system"]:checked').value;
const info = () => systems()[system()];
const screenOf = (key) => SCREENS[systems()[key].kind];

// ---- messages and the language -------------------------------------------------------------------------------

function tell(...lines) {
  for (const line of lines) ui.messages.append(element("p", line));
}

async function switchLanguage(code) {
  setLanguage(code);
  ui.language.value = language();
  translatePage();
  applySystem(false);
  renderSaves();
  if (rules) rules.lang = language();
  showOddsSoon();
  if (fight && rules) {
    // The rules' words in the log (notes, reasons) come back in the new language.
    const reply = await rules.call({ op: "restore", record: fight.record });
    if (reply.ok) show(reply, fight);
  }
}

// ---- start-up ---------------------------------------------------------------------------------------------------

function startRules() {
  const workerCreated = performance.timeOrigin + performance.now();
  const client = new Rules(({ stage, stages, text }) => {
    $("#startup-progress").max = stages;
    $("#startup-progress").value = stage;
    $("#startup-text").textContent = t(text);
  }, saves.flag(SNAPSHOT_MADE) ? "rules-snapshot" : "rules");
  client.lang = language();
  client.ready.then(async ({ timing }) => {
    rules = client;
    window.pyrulesTiming = { ...timing, workerCreated, readyOnPage: performance.timeOrigin + performance.now() };
    $("#startup").classList.add("ready");
    const status = $("#startup-text");
    status.dataset.i18nKey = "Rules loaded: ready to fight.";
    status.setAttribute("data-i18n", "");
    status.textContent = t(status.dataset.i18nKey);
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
    // The odds get their own worker, once the snapshot (if this browser makes one) is ready to start it quickly.
    window.pyrulesSnapshot.then(() => {
      odds.start(saves.flag(SNAPSHOT_MADE));
      showOdds();
    });
  }, (error) => {
    $("#startup").classList.add("failed");
    $("#startup-text").textContent = t("The rules could not start: {error}. Reload the page to try again.",
                                       { error: error.message });
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
  tell(...problems.map((problem) => t(problem.text, { ...problem, why: t(problem.why ?? "", problem) })));
}

// Python checks every saved record: unreadable ones are set aside, damaged tails are cut (the original kept aside).
async function checkSaves() {
  if (!saved.length) return;
  const reply = await rules.call({ op: "check_saves", records: saved.map((s) => JSON.stringify(s.record)) });
  if (!reply.ok) return tell(t("The saved fights could not be checked: {error}", { error: reply.error.text }));
  const kept = [];
  reply.results.forEach((result, i) => {
    const save = saved[i];
    if (!result.ok) {
      saves.setAside(save.id, JSON.stringify(save), result.error.text);
      tell(t('The saved fight "{name}" could not be read and was set aside: {error}',
             { name: save.name, error: result.error.text }));
      return;
    }
    if (result.dropped) {
      saves.setAside(`${save.id}-original`, JSON.stringify(save), result.dropped.error.text);
      save.record = result.record;
      saves.store(save);
      tell(t('The saved fight "{name}" was damaged: its first {kept} actions were kept and the last {dropped} dropped ({error}).',
             { name: save.name, ...result.dropped, error: result.dropped.error.text }));
    }
    save.summary = result.summary;
    kept.push(save);
  });
  saved = kept;
}

function describe(summary) {
  if (!summary) return "";
  const book = systems()[summary.system]?.book ?? summary.book;
  const fields = { rounds: summary.rounds, outcome: t(summary.outcome) };
  const state = summary.outcome === "ongoing" ? t("round {rounds}", fields)
    : t("{outcome} after {rounds} {rounds|round|rounds}", fields);
  return [book, state, ...(summary.stats ?? []).map(([label, value]) => `${label} ${value}`)].join(" · ");
}

function renderSaves() {
  const items = saved.map((save) => {
    const item = $("#save-template").content.firstElementChild.cloneNode(true);
    translatePage(item);
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
    $(".save-rename label", item).textContent = t("New name for {name}", { name: save.name });
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
  }
  renderSaves();
});

function persist(save) {
  const problem = saves.store(save);
  if (problem) tell(t(problem.text, problem));
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
  const link = element("a");
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
  if (file.size > 1_000_000) return tell(t("{file} is too large to be a fight record.", { file: file.name }));
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    return tell(t("{file} is not a fight record: it is not valid JSON.", { file: file.name }));
  }
  const reply = await rules.call({ op: "start", record });
  if (!reply.ok) return tell(t("{file} could not be imported: {error}", { file: file.name, error: reply.error.text }));
  show(reply, { name: file.name.replace(/\.json$/i, "") });
  keep();
  renderSaves();
});

async function resume(id) {
  const save = saved.find((s) => s.id === id);
  const reply = await rules.call({ op: "restore", record: save.record });
  if (!reply.ok) {
    return tell(t('The saved fight "{name}" could not be opened: {error}', { name: save.name, error: reply.error.text }));
  }
  show(reply, save);
}

function fightName(summary) {
  return summary.enemies.length ? t("{hero} vs {enemies}", { hero: summary.hero, enemies: summary.enemies.join(t(" and ")) })
    : summary.hero;
}

// ---- share links -------------------------------------------------------------------------------------------------

async function openFromLink() {
  const hash = location.hash;
  if (!hash.startsWith("#f=")) return false;
  history.replaceState(null, "", location.pathname + location.search);
  const reply = await rules.call({ op: "open_link", code: hash.slice(3) });
  if (!reply.ok) {
    tell(t("This share link could not be opened: {error}. Your saved fights are unchanged.",
           { error: reply.error.message }));
    return false;
  }
  show(reply, { name: t("Shared: {name}", { name: fightName(reply.summary) }) });
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
  ui.shareStatus.textContent = copied ? t("Link copied to the clipboard.") : t("Copy the link above to share this fight.");
  if (navigator.share && navigator.canShare?.({ url })) {
    navigator.share({ title: fight.name, url }).catch(() => {});
  }
});
ui.shareLink.addEventListener("focus", () => ui.shareLink.select());
ui.exportButton.addEventListener("click", () => download(fight.name, fight.record));

// ---- the set-up form --------------------------------------------------------------------------------------------

function showFor(key) {
  for (const node of $$("[data-systems]")) node.hidden = !node.dataset.systems.split(" ").includes(key);
  const weapon = $("#hero-weapon").value;
  for (const node of $$("[data-weapon]")) {
    if (!node.hidden) node.hidden = node.dataset.weapon !== weapon;
  }
}

function applySystem(resetWeapon = true) {
  const key = system();
  const data = info();
  for (const span of $$("[data-book]")) span.textContent = systems()[span.dataset.book].book;
  $("#hero-legend").textContent = data.hero;
  for (const label of $$("#setup [data-label]")) {
    const name = label.dataset.label;
    if (name === "bonus") label.textContent = t("Bonus to {skill} from items or spells", { skill: data.labels.skill });
    else if (data.labels[name]) label.textContent = data.labels[name];
    else if (name === "endurance") label.textContent = data.labels.stamina;
  }
  // One field for ENDURANCE (Lone Wolf family) and ВЫНОСЛИВОСТЬ (Fighting Fantasy): the record names them apart.
  $("#hero-endurance").dataset.field = data.kind === "ff" ? "hero.stamina" : "hero.endurance";
  const ruleLabels = ALL_SYSTEMS[language()].rule_labels;
  for (const label of $$("#setup [data-rule]")) label.textContent = ruleLabels[label.dataset.rule] ?? label.textContent;
  for (const row of $$(".enemy", ui.enemies)) labelEnemy(row);
  if (data.kind === "citadel") {
    citadel.fillRoster(data);
  } else if (data.kind === "crt") {
    const select = $("#hero-weapon");
    const chosen = select.value;
    select.replaceChildren(...data.weapons.map(({ key: value, name }) => new Option(name, value)));
    select.value = resetWeapon || !data.weapons.some((w) => w.key === chosen) ? data.default_weapon : chosen;
  } else {
    spellFields(data);
  }
  renumberEnemies();
  showFor(key);
}

function spellFields(data) {
  const box = $("#spell-fields");
  const typed = Object.fromEntries($$("input", box).map((input) => [input.dataset.spell, input.value]));
  box.replaceChildren(...data.spells.map(({ key, name }) => {
    const field = element("div", "", "field");
    const input = element("input");
    input.id = `spell-${key}`;
    input.dataset.spell = key;
    input.dataset.field = `hero.spells.${key}`;
    input.inputMode = "numeric";
    input.autocomplete = "off";
    input.placeholder = "0";
    input.value = typed[key] ?? "";
    const label = element("label", name);
    label.htmlFor = input.id;
    field.append(label, input);
    return field;
  }));
}

function labelEnemy(row) {
  const labels = info().enemy_labels;
  for (const label of $$("[data-label]", row)) {
    const name = label.dataset.label;
    label.textContent = labels[name] ?? labels.stamina ?? label.textContent;
  }
  translatePage(row);
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
  labelEnemy(row);
  $(".remove-enemy", row).addEventListener("click", () => { row.remove(); renumberEnemies(); });
  ui.enemies.append(row);
  renumberEnemies();
  return row;
}

function renumberEnemies() {
  const ffSystem = info().kind === "ff";
  $$(".enemy", ui.enemies).forEach((row, i) => {
    row.setAttribute("aria-label", t("Enemy {n}", { n: i + 1 }));
    for (const input of $$("input", row)) {
      const key = ffSystem && input.dataset.key === "endurance" ? "stamina" : input.dataset.key;
      input.dataset.field = `enemies.${i}.${key}`;
    }
    $(".remove-enemy", row).setAttribute("aria-label", t("Remove enemy {n}", { n: i + 1 }));
  });
}

// Builds the record from the form, as typed; Python checks every value and names the field it refuses.
function recordFromForm() {
  const data = info();
  if (data.kind === "citadel") {
    return { format: "pyrules-fight", version: 1, system: system(), ...citadel.recordParts(data), seed: randomSeed(),
             actions: [] };
  }
  const ffSystem = data.kind === "ff";
  const hero = { skill: $("#hero-skill").value };
  if (ffSystem) {
    Object.assign(hero, { stamina: $("#hero-endurance").value, luck: $("#hero-luck").value, gold: $("#hero-gold").value,
                          flask: $("#hero-flask").value, food: $("#hero-food").value });
    const things = $("#hero-backpack").value.split("\n").map((line) => line.trim()).filter(Boolean);
    if (things.length) hero.backpack = things;
    const spells = {};
    for (const input of $$("#spell-fields input")) if (input.value.trim()) spells[input.dataset.spell] = input.value;
    if (Object.keys(spells).length) hero.spells = spells;
  } else {
    Object.assign(hero, { endurance: $("#hero-endurance").value, weapon: $("#hero-weapon").value });
    if (data.has_willpower) hero.willpower = $("#hero-willpower").value;
    if (data.other_weapon_bonus && hero.weapon === "other") hero.weapon_bonus = $("#hero-weapon-bonus").value;
    const bonus = $("#hero-bonus").value.trim();
    if (bonus) hero.modifiers = [{ name: t("Items or spells"), skill: bonus }];
  }
  const enemies = $$(".enemy", ui.enemies).map((row) => {
    const enemy = {};
    for (const input of $$("input", row)) {
      if (input.value.trim() === "") continue;
      enemy[input.dataset.field.split(".").pop()] = input.value;
    }
    return enemy;
  }).filter((enemy) => !ffSystem || Object.keys(enemy).length);
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
  const input = $(`[data-field="${CSS.escape(path)}"]`, root) ?? $(`[data-field="${CSS.escape(path.replace(/\.\d+$/, ""))}"]`, root);
  const label = input && input.labels && input.labels[0] ? input.labels[0].textContent : error.label;
  box.textContent = label ? `${label}: ${error.message}` : error.text;
  if (input && !input.closest("[hidden]")) {
    input.setAttribute("aria-invalid", "true");
    const note = element("span", error.message, "field-error");
    note.id = `${input.id}-error`;
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
  show(reply, { name: fightName(reply.summary) });
  keep();
  const first = { ff: "#hero-dice", crt: "#number", citadel: "#cob-board button[aria-pressed]" }[info().kind];
  $(first)?.focus();
}

// Shows a fight the rules have opened (a new one, a saved one, a shared one, or the same in another language).
function show(reply, { id = null, name, created, redo = [] }) {
  fight = { id, name, created, session: reply.session, record: reply.record, view: reply.view,
            summary: reply.summary, redo };
  const screen = screenOf(fight.record.system);
  for (const node of $$("#fight [data-kind]")) {
    node.hidden = !node.dataset.kind.split(" ").includes(systems()[fight.record.system].kind);
  }
  ui.heading.textContent = name;
  ui.setup.hidden = true;
  ui.saves.hidden = true;
  ui.fight.hidden = false;
  ui.shareBox.hidden = true;
  ui.actionError.textContent = "";
  clearErrors(ui.fight);
  screen.resetInputs();
  render();
  drawLog(reply.log);
  if (id) saves.setCurrent(id);
}

async function act(action, { fromRedo = false } = {}) {
  if (!fight || !action) return;
  const reply = await rules.call({ op: "act", session: fight.session, action });
  if (!reply.ok) {
    showError(reply.error, ui.actionError, ui.fight);
    return;
  }
  clearErrors(ui.fight);
  ui.actionError.textContent = "";
  fight.record.actions.push(reply.action);
  fight.view = reply.view;
  fight.summary = reply.summary;
  if (!fromRedo) fight.redo = [];
  keep();
  const screen = screenOf(fight.record.system);
  screen.clearInputs();
  render();
  for (const row of screen.logRows(reply.event, fight)) logBody().append(row);
}

async function undo() {
  if (!fight || !fight.record.actions.length) return;
  const reply = await rules.call({ op: "undo", session: fight.session });
  if (!reply.ok) return showError(reply.error, ui.actionError, ui.fight);
  fight.redo.push(fight.record.actions.pop());
  fight.view = reply.view;
  fight.summary = reply.summary;
  keep();
  render();
  drawLog(reply.log);
}

function redo() {
  if (fight && fight.redo.length) act(fight.redo.pop(), { fromRedo: true });
}

function logBody() {
  return { ff: $("#ff-log"), citadel: $("#cob-log"), crt: $("#log") }[systems()[fight.record.system].kind];
}

function drawLog(events) {
  const screen = screenOf(fight.record.system);
  logBody().replaceChildren(...events.flatMap((event) => screen.logRows(event, fight)));
}

// The odds panel follows the open fight, or the set-up form as it is typed.
function showOdds() {
  if (fight) {
    const spend = fight.view.willpower_spend ? Number($("#willpower").value) || 1 : 1;
    odds.update(fight.record, { spend, labels: systems()[fight.record.system].labels });
  } else {
    odds.update(recordFromForm(), { form: true, labels: info().labels });
  }
}

let oddsTimer = 0;
function showOddsSoon() {
  clearTimeout(oddsTimer);
  oddsTimer = setTimeout(showOdds, 300);
}

function render() {
  const data = systems()[fight.record.system];
  const screen = screenOf(fight.record.system);
  screen.render(fight, data);
  ui.undo.disabled = fight.record.actions.length === 0;
  ui.redo.disabled = fight.redo.length === 0;
  ui.outcome.className = `outcome ${fight.view.outcome}`;
  ui.outcome.textContent = screen.outcomeText(fight.view, data);
  showOddsSoon();
  if (fight.view.outcome !== "ongoing" && (ui.roundForm.contains(document.activeElement) ||
      document.activeElement === document.body)) {
    ui.newFight.focus(); // the controls just used are disabled now
  }
}

function newFight() {
  if (fight) carryOver(fight);
  fight = null;
  saves.setCurrent(null);
  ui.fight.hidden = true;
  ui.setup.hidden = false;
  ui.saves.hidden = false;
  renderSaves();
  showOddsSoon();
  $("#hero-skill").focus();
}

// The hero's state after a fight starts the next one, as players do between sections.
function carryOver(previous) {
  const { record, view } = previous;
  const radio = $(`input[name="system"][value="${CSS.escape(record.system)}"]`);
  if (radio && !radio.checked) {
    radio.checked = true;
    applySystem();
  }
  if (systems()[record.system].kind === "citadel") return; // the party and monsters stay as listed
  const alive = view.outcome !== "lost";
  $("#hero-skill").value = record.hero.skill;
  if (systems()[record.system].kind === "ff") {
    const hero = alive ? view.hero : { ...record.hero, backpack: record.hero.backpack ?? [] };
    $("#hero-endurance").value = hero.stamina;
    $("#hero-luck").value = hero.luck;
    $("#hero-gold").value = hero.gold;
    $("#hero-flask").value = hero.flask;
    $("#hero-food").value = hero.food || "";
    $("#hero-backpack").value = (hero.backpack || []).join("\n");
    for (const input of $$("#spell-fields input")) input.value = (hero.spells || {})[input.dataset.spell] || "";
    $("#hero-skill").value = alive ? view.hero.skill : record.hero.skill;
  } else {
    $("#hero-endurance").value = alive ? view.hero.endurance : record.hero.endurance;
    if (view.hero.willpower !== null) $("#hero-willpower").value = alive ? view.hero.willpower : record.hero.willpower;
  }
}

async function rollHero() {
  if (!rules) return;
  const reply = await rules.call({ op: "new_hero", system: system(), seed: randomSeed() });
  if (!reply.ok) {
    showError(reply.error, ui.setupError, ui.setup);
    return;
  }
  $("#hero-skill").value = reply.hero.skill;
  for (const key of ["endurance", "willpower", "stamina", "luck"]) {
    if (key in reply.hero) $(`#hero-${key === "stamina" ? "endurance" : key}`).value = reply.hero[key];
  }
  const labels = info().labels;
  const picks = Object.entries(reply.numbers).map(([key, n]) => `${Array.isArray(n) ? n.join("+") : n} → ${labels[key]}`);
  $("#roll-hint").textContent = `${info().kind === "ff" ? t("Dice rolled:") : t("Random numbers picked:")} ${picks.join(", ")}.`;
}

// ---- faster second visits --------------------------------------------------------------------------------------

const SNAPSHOT_MADE = "pyrules:snapshot";

// After a fresh boot, a second worker makes a memory snapshot of Pyodide with the rules loaded, for the next visit
// (see worker.js). It starts a few seconds after the rules are ready, on the other core, and then ends.
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
        } else if (data.type === "failed") {
          finish("failed");
        }
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
  }, (error) => tell(t("Offline use is not available: {error}", { error: error.message })));
}

// ---- wiring -----------------------------------------------------------------------------------------------------

for (const radio of $$('input[name="system"]')) radio.addEventListener("change", () => applySystem());
$("#hero-weapon").addEventListener("change", () => showFor(system()));
$("#add-enemy").addEventListener("click", () => $("input", addEnemy()).focus());
$("#roll-hero").addEventListener("click", rollHero);
ui.language.addEventListener("change", () => switchLanguage(ui.language.value));
ui.setup.addEventListener("submit", startFight);
ui.roundForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (fight) act(screenOf(fight.record.system).roundAction(fight, "round"));
});
citadel.bind((action) => act(action));
ui.setup.addEventListener("input", showOddsSoon);
ui.setup.addEventListener("change", showOddsSoon);
ui.setup.addEventListener("click", (event) => { if (event.target.closest("button")) showOddsSoon(); });
$("#willpower").addEventListener("input", showOddsSoon);
$("#add-hero").addEventListener("click", () => {
  const hero = info().heroes.find((h) => h.key === $("#hero-pick").value);
  if (hero) citadel.addCharacter(info(), hero);
});
$("#add-character").addEventListener("click", () => citadel.addCharacter(info()).querySelector("input").focus());
$("#add-monster").addEventListener("click", () => {
  const monster = info().monsters.find((m) => m.key === $("#monster-pick").value);
  if (monster) citadel.addMonster(info(), monster);
});
$("#evade").addEventListener("click", () => act(crt.roundAction(fight, "evade")));
$("#vigour").addEventListener("click", () => act({ do: "vigour" }));
$("#escape").addEventListener("click", () => act({ do: "escape" }));
$("#test-luck").addEventListener("click", () => act(ff.luckAction()));
$("#decline-luck").addEventListener("click", () => act({ do: "luck", decline: true })); // unlucky, as the book says
for (const id of ["drink", "eat", "take-item", "take-food", "gold-apply"]) {
  $(`#${id}`).addEventListener("click", async () => {
    await act(ff.sheetAction(id));
    if (!ui.actionError.textContent) for (const field of ["#new-item", "#gold-change"]) $(field).value = "";
  });
}
$("#sheet-backpack").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-item]");
  if (button) act({ do: "drop", item: button.dataset.item });
});
$("#sheet-spells").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-spell]");
  if (!button) return;
  const action = { do: "spell", spell: button.dataset.spell };
  const target = ff.target();
  if (target !== undefined) action.target = target;
  act(action);
});
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

setLanguage(preferred());
ui.language.value = language();
translatePage();
applySystem();
addEnemy();
loadSaves();
renderSaves();
afterFirstPaint(startRules);
