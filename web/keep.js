// Where fights are kept and how they travel: storage (localStorage, one key per fight), the "Saved fights" card (every
// fight kept in this browser, checked by the rules at start-up; resumed, renamed, exported or deleted), share links
// (#f=<code>, read by the rules), the exported file and an imported one.
import { $, $$, element, showError, tell } from "./dom.js";
import { t, translatePage } from "./i18n.js";

/** @typedef {import("./rules.js").FightRecord} FightRecord */
/** @typedef {import("./rules.js").Summary} Summary */
/** @typedef {import("./rules.js").Opened} Opened */
/** @typedef {import("./rules.js").Rules} Rules */
/** @typedef {import("../types/screen").OpenFight} OpenFight */
/**
 * @typedef {{id: string, name: string, created?: number, updated?: number, record: FightRecord, summary?: Summary,
 *   adventure?: string, section?: string}} Save
 */
/**
 * One hero going through one book (the adventure document of pyrules/adventure.py without its fights, which are the
 * saves that name it), as kept in this browser.
 * `left`: the hero as the adventure's last fight left it (the rules' hero_after), which the next fight is compared with.
 * @typedef {{id: string, system: string, name: string, hero: Record<string, any> | null, section: string,
 *   notes: string, updated?: number, left?: Record<string, any>}} Adventure
 */
/**
 * What keeping asks of the page: the rules once started, the open fight, to show a fight the rules opened (with its
 * saved id and name), and a book's name.
 * @typedef {{rules: () => Rules | null, fight: () => OpenFight | null,
 *   show: (reply: Opened, meta: {id?: string | null, name: string, created?: number, adventure?: string}) => void,
 *   book: (system: string) => string | undefined, adventureChanged: (system: string) => void}} Page
 */

// ---- storage ------------------------------------------------------------------------------------------------------
// One localStorage key per fight, so that a damaged entry never takes the others with it. Entries that cannot be read
// are set aside under their own key (never deleted, never overwritten) and reported.

const FIGHT = "pyrules:fight:";
const ASIDE = "pyrules:aside:";
const CURRENT = "pyrules:current";
const ADVENTURE = "pyrules:adventure:";
const BOOK = "pyrules:book:"; // the current adventure's id, per book
const ADVENTURE_FORMAT = "pyrules-adventure";
const ADVENTURE_VERSION = 1;
const SAVE_FORMAT = "pyrules-save";
const SAVE_VERSION = 1;

/**
 * A problem met in storage, for the page to translate: `text` with its fields.
 * @typedef {{text: string, why?: string, version?: number, error?: string}} Problem
 */

const MISPLACED = { problem: "its name does not match its place in storage" };

// When the save format grows: MIGRATIONS[n] turns a version-n entry into a version n+1 entry.
/** @type {Record<number, (entry: any) => any>} */
const MIGRATIONS = {};

function storage() {
  try {
    return window.localStorage.getItem("") === undefined ? null : window.localStorage; // blocked: throws on use
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

function newId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * @param {string | null} raw
 * @returns {{entry?: Save, problem?: string, version?: number}}
 */
function readEntry(raw) {
  let entry;
  try {
    entry = JSON.parse(raw ?? "");
  } catch {
    return { problem: "it is not valid JSON" };
  }
  if (!entry || typeof entry !== "object" || entry.format !== SAVE_FORMAT) return { problem: "it is not a saved fight" };
  if (!Number.isInteger(entry.version) || entry.version < 1) return { problem: "its format version is missing" };
  if (entry.version > SAVE_VERSION) return { problem: "it was saved by a newer version of pyrules", version: entry.version };
  while (entry.version < SAVE_VERSION) {
    if (!MIGRATIONS[entry.version]) return { problem: "its format version can no longer be read", version: entry.version };
    entry = { ...MIGRATIONS[entry.version](entry), version: entry.version + 1 };
  }
  if (typeof entry.id !== "string" || typeof entry.name !== "string" || !entry.record || typeof entry.record !== "object") {
    return { problem: "it lacks its name or its fight record" };
  }
  return { entry };
}

/**
 * All saved fights, newest first, and the problems met reading them.
 * @returns {{saves: Save[], problems: Problem[]}}
 */
function loadAll() {
  const store = storage();
  if (!store) return { saves: [], problems: [{ text: "This browser blocks storage: fights will not be kept after the tab closes." }] };
  const keys = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key && key.startsWith(FIGHT)) keys.push(key);
  }
  /** @type {Save[]} */
  const saves = [];
  /** @type {Problem[]} */
  const problems = [];
  for (const key of keys) {
    const raw = store.getItem(key);
    const { entry, problem, version } = readEntry(raw);
    const id = key.slice(FIGHT.length);
    if (entry && entry.id === id) {
      saves.push(entry);
    } else {
      const why = problem || MISPLACED.problem;
      setAside(id, raw, why);
      problems.push({ text: "A saved fight could not be read and was set aside ({why}).", why, version });
    }
  }
  saves.sort((a, b) => (b.updated || 0) - (a.updated || 0));
  return { saves, problems };
}

/**
 * Moves a damaged entry out of the way, keeping its text; the original is removed only once the copy is stored.
 * @param {string} id
 * @param {string | null} raw
 * @param {string} reason
 */
function setAside(id, raw, reason) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(ASIDE + id, JSON.stringify({ reason, raw, at: Date.now() }));
    store.removeItem(FIGHT + id);
  } catch {
    // no room for the copy: leave the entry where it is rather than lose it
  }
}

/**
 * Stores a fight; a problem when it could not be stored.
 * @param {Save} save
 * @returns {Problem | null}
 */
function store(save) {
  const target = storage();
  if (!target) return { text: "This browser blocks storage: the fight is not saved." };
  const entry = { format: SAVE_FORMAT, version: SAVE_VERSION, id: save.id, name: save.name,
                  created: save.created || Date.now(), updated: Date.now(), record: save.record,
                  adventure: save.adventure, section: save.section };
  try {
    target.setItem(FIGHT + save.id, JSON.stringify(entry));
    return null;
  } catch (error) {
    const { name } = /** @type {Error} */ (error);
    return { text: "The fight could not be saved ({error}): the browser's storage may be full.", error: name };
  }
}

/** @param {string} id */
function remove(id) {
  storage()?.removeItem(FIGHT + id);
  if (currentId() === id) setCurrent(null);
}

// ---- adventures ---------------------------------------------------------------------------------------------------
// One key per adventure; which one is each book's current adventure under its own key. A damaged entry is set aside
// like a damaged fight, never lost.

/** @type {Map<string, Adventure>} */
const adventures = new Map();

/**
 * @param {string | null} raw
 * @returns {{entry?: Adventure, problem?: string, version?: number}}
 */
function readAdventure(raw) {
  let entry;
  try {
    entry = JSON.parse(raw ?? "");
  } catch {
    return { problem: "it is not valid JSON" };
  }
  if (!entry || typeof entry !== "object" || entry.format !== ADVENTURE_FORMAT) return { problem: "it is not an adventure" };
  if (entry.version !== ADVENTURE_VERSION) {
    return { problem: "it was saved by a newer version of pyrules", version: entry.version };
  }
  if (typeof entry.id !== "string" || typeof entry.system !== "string") return { problem: "it lacks its book" };
  const text = (/** @type {unknown} */ value) => (typeof value === "string" ? value : "");
  return { entry: { id: entry.id, system: entry.system, name: text(entry.name), section: text(entry.section),
                    notes: text(entry.notes), hero: entry.hero && typeof entry.hero === "object" ? entry.hero : null,
                    updated: entry.updated } };
}

/** @returns {Problem[]} */
function loadAdventures() {
  const store = storage();
  /** @type {Problem[]} */
  const problems = [];
  if (!store) return problems;
  const keys = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key && key.startsWith(ADVENTURE)) keys.push(key);
  }
  for (const key of keys) {
    const raw = store.getItem(key);
    const { entry, problem, version } = readAdventure(raw);
    const id = key.slice(ADVENTURE.length);
    if (entry && entry.id === id) {
      adventures.set(id, entry);
    } else {
      const why = problem || MISPLACED.problem;
      try {
        store.setItem(`${ASIDE}adventure-${id}`, JSON.stringify({ reason: why, raw, at: Date.now() }));
        store.removeItem(key);
      } catch {
        // no room for the copy: leave it where it is
      }
      problems.push({ text: "An adventure could not be read and was set aside ({why}).", why, version });
    }
  }
  return problems;
}

/**
 * Stores an adventure (after each change of the sheet, and after each fight).
 * @param {Adventure} adventure
 */
export function keepAdventure(adventure) {
  adventure.updated = Date.now();
  adventures.set(adventure.id, adventure);
  try {
    storage()?.setItem(ADVENTURE + adventure.id, JSON.stringify({ format: ADVENTURE_FORMAT, version: ADVENTURE_VERSION,
                                                                  ...adventure }));
  } catch (error) {
    tell(t("The adventure could not be saved ({error}): the browser's storage may be full.",
           { error: /** @type {Error} */ (error).name }));
  }
}

/** @param {string} id */
export const adventureById = (id) => adventures.get(id) ?? null;

/**
 * A book's current adventure (a fresh one, not stored until something is typed, when there is none).
 * @param {string} system
 * @returns {Adventure}
 */
export function adventureOf(system) {
  const found = adventures.get(storage()?.getItem(BOOK + system) ?? "");
  if (found && found.system === system) return found;
  return newAdventure(system);
}

/**
 * A fresh hero for a book, made its current adventure (the earlier adventures stay, with their fights).
 * @param {string} system
 * @param {Partial<Adventure>} [from]
 */
export function newAdventure(system, from = {}) {
  /** @type {Adventure} */
  const adventure = { name: "", hero: null, section: "", notes: "", ...from, id: newId(), system };
  adventures.set(adventure.id, adventure);
  makeCurrent(adventure);
  return adventure;
}

/**
 * The adventure its book's set-up shows.
 * @param {Adventure} adventure
 */
function makeCurrent(adventure) {
  try {
    storage()?.setItem(BOOK + adventure.system, adventure.id);
  } catch {
    // storage full or blocked: the adventure stays open in this tab
  }
}

/**
 * An adventure document (pyrules/adventure.py) as the rules normalized it, kept with its fights as saved fights.
 * @param {Record<string, any>} document
 * @returns {Adventure}
 */
function adopt(document) {
  const adventure = newAdventure(document.system, { name: document.name, hero: document.hero,
                                                    section: document.section, notes: document.notes });
  keepAdventure(adventure);
  for (const fight of document.fights ?? []) {
    const save = { id: newId(), name: fight.name || adventure.name, created: fight.when || Date.now(),
                   record: fight.record, adventure: adventure.id, section: fight.section };
    saved.unshift(save);
    persist(save);
  }
  return adventure;
}

/**
 * The whole adventure as one document: its sheet and its fights, oldest first.
 * @param {Adventure} adventure
 */
function adventureDocument(adventure) {
  const fights = saved.filter((save) => save.adventure === adventure.id).reverse().map((save) => ({
    name: save.name, section: save.section ?? "", outcome: save.summary?.outcome ?? "ongoing",
    when: save.updated ?? save.created ?? 0, record: save.record }));
  return { format: ADVENTURE_FORMAT, version: ADVENTURE_VERSION, system: adventure.system, name: adventure.name,
           hero: adventure.hero, section: adventure.section, notes: adventure.notes, fights };
}

export function currentId() {
  return storage()?.getItem(CURRENT) || null;
}

/** @param {string | null} id */
export function setCurrent(id) {
  try {
    if (id) storage()?.setItem(CURRENT, id);
    else storage()?.removeItem(CURRENT);
  } catch {
    // storage full or blocked: the fight stays open, only the resume-on-reload is lost
  }
}

// Small settings of this browser (true/false), e.g. that a Pyodide snapshot was made.
/** @param {string} key */
export function flag(key) {
  return storage()?.getItem(key) === "yes";
}

/**
 * @param {string} key
 * @param {boolean} on
 */
export function setFlag(key, on) {
  try {
    if (on) storage()?.setItem(key, "yes");
    else storage()?.removeItem(key);
  } catch {
    // storage full or blocked: the flag is only a hint
  }
}

// ---- the saved fights' card -------------------------------------------------------------------------------------

const ui = {
  list: $("#save-list"), template: /** @type {HTMLTemplateElement} */ ($("#save-template")),
  groupTemplate: /** @type {HTMLTemplateElement} */ ($("#adventure-template")),
  shareBox: $("#share-box"), shareStatus: $("#share-status"),
  shareLink: /** @type {HTMLInputElement} */ ($("#share-link")),
  importFile: /** @type {HTMLInputElement} */ ($("#import-file")),
};
/** @type {Save[]} */
let saved = [];
/** @type {Page} */
let page;

/** @param {Page} with_ */
export function init(with_) {
  page = with_;
  const { saves: stored, problems } = loadAll();
  saved = stored;
  problems.push(...loadAdventures());
  tell(...problems.map((problem) => t(problem.text, { ...problem, why: t(problem.why ?? "", problem) })));
  ui.list.addEventListener("click", clicked);
  ui.list.addEventListener("submit", renamed);
  // A link pasted into the address bar of an open app changes only the fragment.
  window.addEventListener("hashchange", () => {
    if (page.rules() && location.hash.startsWith("#f=")) openFromLink();
  });
  $("#share").addEventListener("click", share);
  ui.shareLink.addEventListener("focus", () => ui.shareLink.select());
  $("#export").addEventListener("click", () => {
    const fight = page.fight();
    if (fight) download(fight.name, fight.record);
  });
  ui.importFile.addEventListener("change", importFile);
  render();
}

// ---- saved fights ------------------------------------------------------------------------------------------------

/** @param {string} id */
export const find = (id) => saved.find((s) => s.id === id);

// Python checks every saved record: unreadable ones are set aside, damaged tails are cut (the original kept aside).
/** @param {Rules} rules */
export async function check(rules) {
  if (!saved.length) return;
  /** @type {{ok: boolean, error: {text: string}, record: FightRecord, summary: Summary, dropped?: any}[]} */
  const results = [];
  while (results.length < saved.length) { // as many as a request's time allows, then the rest
    const records = saved.slice(results.length).map((s) => JSON.stringify(s.record));
    const reply = await rules.call({ op: "check_saves", records });
    if (!reply.ok) return tell(t("The saved fights could not be checked: {error}", { error: reply.error.text }));
    results.push(...reply.results);
  }
  /** @type {Save[]} */
  const kept = [];
  results.forEach((result, i) => {
    const save = saved[i];
    if (!result.ok) {
      setAside(save.id, JSON.stringify(save), result.error.text);
      tell(t('The saved fight "{name}" could not be read and was set aside: {error}',
             { name: save.name, error: result.error.text }));
      return;
    }
    if (result.dropped) {
      setAside(`${save.id}-original`, JSON.stringify(save), result.dropped.error.text);
      save.record = result.record;
      store(save);
      tell(t('The saved fight "{name}" was damaged: its first {kept} actions were kept and the last {dropped} dropped ({error}).',
             { name: save.name, ...result.dropped, error: result.dropped.error.text }));
    }
    save.summary = result.summary;
    kept.push(save);
  });
  saved = kept;
  await migrate(rules);
}

// Fights saved before adventures existed: each opens as a one-fight adventure (the rules make it from the save).
/** @param {Rules} rules */
async function migrate(rules) {
  for (const save of saved) {
    if (!played(save) || (save.adventure && adventures.has(save.adventure))) continue;
    const entry = { format: SAVE_FORMAT, version: SAVE_VERSION, id: save.id, name: save.name, created: save.created,
                    updated: save.updated, record: save.record };
    const reply = await rules.call({ op: "adventure", adventure: entry });
    if (!reply.ok) continue; // listed on its own, as before
    const { fights, ...sheet } = reply.adventure;
    /** @type {Adventure} */
    const adventure = { id: newId(), system: sheet.system, name: sheet.name, hero: sheet.hero,
                        section: sheet.section ?? "", notes: sheet.notes ?? "" };
    keepAdventure(adventure);
    save.adventure = adventure.id;
    save.section = fights?.[0]?.section ?? "";
    persist(save);
  }
}

/**
 * A fight with at least one action (an unplayed one is not a save).
 * @param {Save} save
 */
const played = (save) => (save.record?.actions?.length ?? 0) > 0;

/**
 * Whether an adventure has a fight played (listed in Saved fights under it).
 * @param {string} id an adventure's
 */
export const hasFights = (id) => saved.some((save) => save.adventure === id && played(save));

/**
 * A new fight's name: the hero against the enemies.
 * @param {Summary} summary
 */
export function fightName(summary) {
  return summary.enemies.length
    ? t("{hero} vs {enemies}", { hero: summary.hero, enemies: summary.enemies.join(t(" and ")) })
    : summary.hero;
}

/** @param {Summary | undefined} summary */
function describe(summary) {
  if (!summary) return "";
  const book = page.book(summary.system) ?? summary.book;
  const fields = { rounds: summary.rounds, outcome: t(summary.outcome) };
  const state = summary.outcome === "ongoing" ? t("round {rounds}", fields)
    : t("{outcome} after {rounds} {rounds|round|rounds}", fields);
  return [book, state, ...(summary.stats ?? []).map(([label, value]) => `${label} ${value}`)].join(" · ");
}

export function render() {
  const open = page.fight()?.id;
  const listed = saved.filter(played);
  /** @type {Map<string, Save[]>} by adventure id ("" for fights of none) */
  const groups = new Map();
  for (const save of listed) {
    const key = save.adventure && adventures.has(save.adventure) ? save.adventure : "";
    groups.set(key, [...(groups.get(key) ?? []), save]);
  }
  const items = [...groups].map(([id, saves]) => {
    const adventure = adventures.get(id);
    const group = /** @type {HTMLElement} */ (ui.groupTemplate.content.firstElementChild?.cloneNode(true));
    translatePage(group);
    group.dataset.adventure = id;
    const title = adventure ? adventureTitle(adventure) : t("Fights of no adventure");
    $(".adventure-title", group).textContent = title;
    const actions = $(".adventure-actions", group);
    actions.hidden = !adventure;
    for (const button of $$("button", actions)) button.setAttribute("aria-label", `${button.textContent}: ${title}`);
    $(".adventure-fights", group).replaceChildren(...saves.map((save) => fightItem(save, open)));
    return group;
  });
  ui.list.replaceChildren(...items);
  $("#no-saves").hidden = listed.length > 0;
}

/**
 * The hero, the book and the section of an adventure, as its heading in Saved fights.
 * @param {Adventure} adventure
 */
function adventureTitle(adventure) {
  const book = page.book(adventure.system) ?? adventure.system;
  const hero = adventure.name || t("Unnamed hero");
  return [hero, book, ...(adventure.section ? [t("section {section}", { section: adventure.section })] : [])].join(" · ");
}

/**
 * One saved fight under its adventure: date, section, outcome, name.
 * @param {Save} save
 * @param {string | null | undefined} open the open fight's id
 */
function fightItem(save, open) {
  const item = /** @type {HTMLElement} */ (ui.template.content.firstElementChild?.cloneNode(true));
  translatePage(item);
  item.dataset.id = save.id;
  item.classList.toggle("current", open === save.id);
  $(".save-name", item).textContent = save.name;
  const when = save.updated ?? save.created;
  const date = when ? new Date(when).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" }) : "";
  const section = save.section ? t("section {section}", { section: save.section }) : "";
  $(".save-summary", item).textContent = [date, section, describe(save.summary)].filter(Boolean).join(" · ");
  for (const button of $$("button", $(".save-actions", item))) {
    button.setAttribute("aria-label", `${button.textContent} ${save.name}`);
    button.disabled = button.dataset.do === "resume" && !page.rules();
  }
  const input = $("input", $(".save-rename", item));
  input.id = `rename-${save.id}`;
  const label = $("label", $(".save-rename", item));
  label.htmlFor = input.id;
  label.textContent = t("New name for {name}", { name: save.name });
  return item;
}

/** @param {MouseEvent} event */
function clicked(event) {
  const target = /** @type {Element} */ (event.target);
  const button = target.closest("button");
  const group = /** @type {HTMLElement | null} */ (target.closest(".adventure-group"));
  const adventure = adventures.get(group?.dataset.adventure ?? "");
  if (button && group && adventure && button.closest(".adventure-actions, .adventure-confirm")) {
    return adventureClicked(button.dataset.do ?? "", adventure, group);
  }
  const item = /** @type {HTMLElement | null} */ (target.closest(".save"));
  const save = item && find(item.dataset.id ?? "");
  if (!button || !item || !save) return;
  const rename = $(".save-rename", item);
  const confirm = $(".save-confirm", item);
  const name = $("input", rename);
  switch (button.dataset.do) {
    case "resume": return resume(save);
    case "export": return download(save.name, save.record);
    case "rename":
      rename.hidden = false;
      name.value = save.name;
      return name.focus();
    case "delete":
      confirm.hidden = false;
      return $("button", confirm).focus();
    case "confirm-delete":
      remove(save.id);
      saved = saved.filter((s) => s !== save);
      render();
      return (ui.list.querySelector("button") ?? ui.importFile).focus();
    case "cancel":
      rename.hidden = true;
      confirm.hidden = true;
      return $("button", item).focus();
  }
}

/**
 * Export, open or delete a whole adventure (Delete asks first, and deletes its fights with it).
 * @param {string} what
 * @param {Adventure} adventure
 * @param {HTMLElement} group
 */
function adventureClicked(what, adventure, group) {
  const confirm = $(".adventure-confirm", group);
  switch (what) {
    case "open":
      makeCurrent(adventure);
      return page.adventureChanged(adventure.system);
    case "export":
      return download(adventure.name || t("adventure"), adventureDocument(adventure));
    case "delete":
      confirm.hidden = false;
      return $("button", confirm).focus();
    case "confirm-delete":
      for (const save of saved.filter((s) => s.adventure === adventure.id)) remove(save.id);
      saved = saved.filter((s) => s.adventure !== adventure.id);
      adventures.delete(adventure.id);
      storage()?.removeItem(ADVENTURE + adventure.id);
      render();
      page.adventureChanged(adventure.system);
      return (ui.list.querySelector("button") ?? ui.importFile).focus();
    case "cancel":
      confirm.hidden = true;
      return $("button", group).focus();
  }
}

/** @param {SubmitEvent} event */
function renamed(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const save = find(/** @type {HTMLElement} */ (form.closest(".save")).dataset.id ?? "");
  const name = $("input", form).value.trim();
  if (save && name) {
    save.name = name.slice(0, 80);
    persist(save);
  }
  render();
}

/** @param {Save} save */
function persist(save) {
  const problem = store(save);
  if (problem) tell(t(problem.text, problem));
}

/**
 * The open fight as a saved fight under its adventure: stored after every action (an unplayed fight is not kept).
 * @param {OpenFight} fight
 */
export function keep(fight) {
  if (!fight.record.actions.length && !fight.id) return;
  fight.id ??= newId();
  let save = find(fight.id);
  if (!save) {
    save = { id: fight.id, name: fight.name, created: Date.now(), record: fight.record, adventure: fight.adventure,
             section: fight.section };
    saved.unshift(save);
    // Its adventure stored with it (a fresh one is kept only once something is typed, or now: its first fight).
    const owner = fight.adventure ? adventures.get(fight.adventure) : undefined;
    if (owner && !storage()?.getItem(ADVENTURE + owner.id)) keepAdventure(owner);
  }
  save.record = fight.record;
  save.summary = fight.summary;
  persist(save);
  setCurrent(fight.id);
}

/**
 * A saved fight, opened again (replayed by the rules).
 * @param {Save} save
 */
export async function resume(save) {
  const rules = page.rules();
  if (!rules) return;
  /** @type {import("./rules.js").Reply<Opened>} */
  const reply = await rules.call({ op: "restore", record: save.record });
  if (!reply.ok) {
    return tell(t('The saved fight "{name}" could not be opened: {error}', { name: save.name, error: reply.error.text }));
  }
  const adventure = adventures.get(save.adventure ?? "");
  if (adventure) makeCurrent(adventure); // its hero is the book's sheet again after this fight
  page.show(reply, save);
}

/**
 * A fight that came in (a link, a file), shown and kept as a one-fight adventure (the rules make it from the fight).
 * @param {Opened} reply
 * @param {string} name
 */
async function opened(reply, name) {
  const rules = page.rules();
  const made = rules && await rules.call({ op: "adventure", adventure: reply.record });
  /** @type {Adventure | undefined} */
  let adventure;
  if (made?.ok) {
    const { fights, ...sheet } = made.adventure;
    adventure = newAdventure(sheet.system, { name: sheet.name, hero: sheet.hero, section: sheet.section ?? "",
                                             notes: sheet.notes ?? "" });
    keepAdventure(adventure);
  }
  page.show(reply, { name, adventure: adventure?.id });
  const fight = page.fight();
  if (fight) keep(fight);
  render();
}

// ---- a fight leaves the page or comes into it ----------------------------------------------------------------------

/**
 * @param {string} name
 * @param {object} record a fight record or an adventure
 */
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

// The fight a link carries, opened as a new saved fight; false when there is none (or it cannot be read).
export async function openFromLink() {
  const rules = page.rules();
  const hash = location.hash;
  if (!rules || !hash.startsWith("#f=")) return false;
  history.replaceState(null, "", location.pathname + location.search);
  /** @type {import("./rules.js").Reply<Opened>} */
  const reply = await rules.call({ op: "open_link", code: hash.slice(3) });
  if (!reply.ok) {
    tell(t("This share link could not be opened: {error}. Your saved fights are unchanged.",
           { error: reply.error.message }));
    return false;
  }
  await opened(reply, t("Shared: {name}", { name: fightName(reply.summary) }));
  return true;
}

async function share() {
  const rules = page.rules();
  const fight = page.fight();
  if (!rules || !fight) return;
  const reply = await rules.call({ op: "share", session: fight.session });
  if (!reply.ok) return showError(reply.error, $("#action-error"), $("#fight"));
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
}

async function importFile() {
  const file = ui.importFile.files?.[0];
  const rules = page.rules();
  ui.importFile.value = "";
  if (!file || !rules) return;
  if (file.size > 1_000_000) return tell(t("{file} is too large to be a fight record.", { file: file.name }));
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    return tell(t("{file} is not a fight record: it is not valid JSON.", { file: file.name }));
  }
  if (record?.format === ADVENTURE_FORMAT) {
    const reply = await rules.call({ op: "adventure", adventure: record });
    if (!reply.ok) return tell(t("{file} could not be imported: {error}", { file: file.name, error: reply.error.text }));
    const adventure = adopt(reply.adventure);
    render();
    return page.adventureChanged(adventure.system);
  }
  /** @type {import("./rules.js").Reply<Opened>} */
  const reply = await rules.call({ op: "start", record });
  if (!reply.ok) return tell(t("{file} could not be imported: {error}", { file: file.name, error: reply.error.text }));
  await opened(reply, file.name.replace(/\.json$/i, ""));
}
