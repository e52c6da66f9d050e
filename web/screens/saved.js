// The "Saved fights" card: every fight kept in this browser (storage.js), grouped by adventure (adventures.js), checked
// by the rules at start-up; resumed, renamed, exported or deleted; the fights saved before adventures existed, each
// made a one-fight adventure; an adventure brought in (imported, or a friend's kept). How fights travel (share links,
// files) is links.js's, which draws on this module.
import { $, $$, download, leaveLink, tell } from "../base/dom.js";
import { language, t, translatePage } from "../base/i18n.js";
import { emit, get } from "../base/state.js";
import * as adventures from "./adventures.js";
import * as setup from "./setup.js";
import { system } from "./systems.js";
import { checks, currentId, FIGHT, keepChecks, loadSaves, newId, open, remove, SAVE_FORMAT, SAVE_VERSION, setAside,
  setCurrent, store, watchRoom } from "../base/storage.js";
import * as aside from "./aside.js";

/** @typedef {import("../base/rules.js").FightRecord} FightRecord */
/** @typedef {import("../base/rules.js").Summary} Summary */
/** @typedef {import("../base/rules.js").Opened} Opened */
/** @typedef {import("../base/rules.js").Rules} Rules */
/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("../base/storage.js").Save} Save */
/** @typedef {import("./adventures.js").Adventure} Adventure */

// ---- the saved fights' card -------------------------------------------------------------------------------------

const $list = $("#save-list"), $template = /** @type {HTMLTemplateElement} */ ($("#save-template")),
  $groupTemplate = /** @type {HTMLTemplateElement} */ ($("#adventure-template"));
/** @type {Save[]} */
let saved = []; // the saved fights, newest first

export { currentId, setCurrent };

/** @param {import("../base/storage.js").Problem} problem */
const said = (problem) => t(problem.text, { ...problem, why: t(problem.why ?? "", problem) });

/** Reads this browser's storage (storage.js) and draws the card. */
export async function init() {
  const problems = await open((problem) => tell(said(problem)));
  const { saves: stored, problems: unread } = loadSaves();
  saved = stored;
  problems.push(...unread, ...adventures.load());
  tell(...problems.map(said));
  aside.init();
  $list.addEventListener("click", clicked);
  $list.addEventListener("submit", renamed);
  render();
}

// ---- saved fights ------------------------------------------------------------------------------------------------

// Fights saved before adventures existed: each opens as a one-fight adventure (the rules make it from the save).
/** @param {Rules} rules */
async function migrate(rules) {
  for (const save of saved) {
    if (!played(save) || (save.adventure && adventures.byId(save.adventure))) continue;
    const entry = { format: SAVE_FORMAT, version: SAVE_VERSION, id: save.id, name: save.name, created: save.created,
                    updated: save.updated, record: save.record };
    const reply = await rules.call({ op: "adventure", adventure: entry });
    if (!reply.ok) continue; // listed on its own, as before
    const adventure = adventures.fromDocument(reply.adventure, false);
    save.adventure = adventure.id;
    save.section = reply.adventure.fights?.[0]?.section ?? "";
    persist(save);
  }
}

/**
 * The adventure document of an adventure and its saved fights (as Export writes it, and its link carries).
 * @param {Adventure} adventure
 */
export const documentOf = (adventure) =>
  adventures.toDocument(adventure, saved.filter((save) => save.adventure === adventure.id));

/** @param {string} id */
export const find = (id) => saved.find((s) => s.id === id);

// Characters of records a check_saves request carries at most (the rules read 1,000,000): a batch of 300,000 takes
// 0.1 to 0.8 s in Chromium at load 7 to 9, so it stays inside a request's budget at a several-fold slowdown (900,000
// took up to 2.6 s, and ran out on a busy machine); smaller batches cost no more in all (65 saves of 1,000 rounds:
// 7.0 to 12.5 s against 10.3 to 19.6 s).
const CHECKED = 300_000;
// The rules that check the saves: their pack and the runtime under them, as the build names the start-up snapshot.
const RULES = "__RULES__";

/**
 * A save's kept check: the digest of what the check read (these rules, the page's language, the record's text) with
 * what it gave (the summary). A record or a summary changed (damaged, edited), other rules or another language match
 * it no more: the save is checked again. "" where the browser gives no digest (a page on plain http, not localhost).
 * @param {string} text
 * @param {unknown} summary
 */
async function digest(text, summary) {
  try {
    const bytes = new TextEncoder().encode(JSON.stringify([RULES, language(), text, summary]));
    return btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes), 0, 12)));
  } catch {
    return "";
  }
}

// Python checks every saved record that no kept check vouches for, in requests as large as the rules read and as long
// as a request's time allows: unreadable ones are set aside, damaged tails are cut (the original kept aside, under a
// name of its own); the checks of those found whole are kept, so that the next visit replays none of them.
/** @param {Rules} rules */
export async function check(rules) {
  const known = checks();
  const texts = saved.map((s) => JSON.stringify(s.record));
  // each save's check: its kept one, or the rules' (null: too large to check; undefined: not checked yet)
  /** @type {({ok: false, error: {text: string}} | {ok: true, summary: Summary, record?: any, dropped?: any,
   *   hash?: string} | null | undefined)[]} */
  const results = await Promise.all(saved.map(async (save, i) => {
    const [hash, summary] = Array.isArray(known[save.id]) ? known[save.id] : [];
    return hash && hash === await digest(texts[i], summary) ? { ok: /** @type {true} */ (true), summary, hash } : undefined;
  }));
  const todo = [...results.keys()].filter((i) => !results[i]);
  for (let n = 0; n < todo.length;) {
    const records = [];
    for (let size = 0, i = n; i < todo.length; i++) {
      size += JSON.stringify(texts[todo[i]]).length + 1; // as the request carries it
      if (records.length && size > CHECKED) break;
      records.push(texts[todo[i]]);
    }
    const reply = await rules.call({ op: "check_saves", records });
    if (reply.ok) {
      for (const result of reply.results) results[todo[n++]] = result;
      continue;
    }
    // One record too large for a request by itself: kept as it is, unchecked (it opens or says why when resumed).
    tell(t('The saved fight "{name}" could not be checked ({error}).',
           { name: title(saved[todo[n]]), error: reply.error.text }));
    results[todo[n++]] = null;
  }
  /** @type {Save[]} */
  const kept = [];
  /** @type {Record<string, [string, Summary]>} */
  const checked = {};
  for (const [i, result] of results.entries()) {
    const save = saved[i];
    if (result && !result.ok) {
      await setAside(FIGHT + save.id, save.id, JSON.stringify(save), result.error.text);
      tell(t('The saved fight "{name}" could not be read and was set aside ({error}).',
             { name: title(save), error: result.error.text }));
      continue;
    }
    if (result?.dropped) await cut(save, result.record, result.dropped); // checked again, as it is now, next time
    else if (result) {
      const hash = result.hash ?? await digest(texts[i], result.summary);
      if (hash) checked[save.id] = [hash, result.summary];
    }
    if (result) save.summary = result.summary;
    kept.push(save);
  }
  saved = kept;
  keepChecks(checked);
  await migrate(rules);
}

/**
 * A saved fight whose last actions are damaged: the whole save set aside under a name of its own, then the valid part
 * kept in its place (not while the copy could not be stored: nothing is lost).
 * @param {Save} save
 * @param {FightRecord} record its valid part, as the rules replayed it
 * @param {{kept: number, dropped: number, error: {text: string}}} dropped
 */
async function cut(save, record, dropped) {
  if (!(await setAside(null, `${save.id}-original`, JSON.stringify(save), dropped.error.text))) return;
  save.record = record;
  persist(save);
  tell(t('The saved fight "{name}" was damaged: its first {kept} actions were kept and the last {dropped} dropped ({error}). The original is set aside.',
         { name: title(save), ...dropped, error: dropped.error.text }));
}

/**
 * A fight with at least one action (an unplayed one is not a save).
 * @param {Save} save
 */
export const played = (save) => (save.record?.actions?.length ?? 0) > 0;

/**
 * Whether an adventure has a fight played (listed in Saved fights under it).
 * @param {string} id an adventure's
 */
export const hasFights = (id) => saved.some((save) => save.adventure === id && played(save));

/**
 * A fight's title in the page's language: the name the player gave it, else its fighters' names, made now, so that
 * it follows the language switch.
 * @param {{name: string, summary?: Summary, record: FightRecord}} fight a saved or open fight
 */
export function title(fight) {
  if (fight.name) return fight.name;
  return fight.summary ? fightName(fight.summary) : system(fight.record.system)?.book ?? "";
}

/**
 * A fight's fighters: the hero against the enemies.
 * @param {Summary} summary
 */
export function fightName(summary) {
  return summary.enemies.length
    ? t("{hero} vs {enemies}", { hero: summary.hero, enemies: summary.enemies })
    : summary.hero;
}

/**
 * How a fight stands: "won after 3 rounds", "round 2".
 * @param {Summary} summary
 */
export function state(summary) {
  const fields = { rounds: summary.rounds, outcome: t(summary.outcome) };
  return summary.outcome === "ongoing" ? t("round {rounds}", fields)
    : t("{outcome} after {rounds} {rounds|round|rounds}", fields);
}

/** @param {Summary | undefined} summary */
function describe(summary) {
  if (!summary) return "";
  const book = system(summary.system)?.book ?? summary.book;
  return [book, state(summary), ...(summary.stats ?? []).map(([label, value]) => `${label} ${value}`)].join(" · ");
}

export function render() {
  const open = get("fight")?.id;
  const listed = saved.filter(played);
  /** @type {Map<string, Save[]>} by adventure id ("" for fights of none) */
  const groups = new Map();
  for (const save of listed) {
    const key = save.adventure && adventures.byId(save.adventure) ? save.adventure : "";
    groups.set(key, [...(groups.get(key) ?? []), save]);
  }
  const items = [...groups].map(([id, saves]) => {
    const adventure = adventures.byId(id);
    const group = /** @type {HTMLElement} */ ($groupTemplate.content.firstElementChild?.cloneNode(true));
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
  $list.replaceChildren(...items);
  $("#no-saves").hidden = listed.length > 0;
  aside.render();
}

/**
 * The hero, the book and the section of an adventure, as its heading in Saved fights.
 * @param {Adventure} adventure
 */
function adventureTitle(adventure) {
  const book = system(adventure.system)?.book ?? adventure.system;
  const hero = adventure.name || t("Unnamed hero");
  return [hero, book, ...(adventure.section ? [t("section {section}", { section: adventure.section })] : [])].join(" · ");
}

/**
 * One saved fight under its adventure: date, section, outcome, name.
 * @param {Save} save
 * @param {string | null | undefined} open the open fight's id
 */
function fightItem(save, open) {
  const item = /** @type {HTMLElement} */ ($template.content.firstElementChild?.cloneNode(true));
  translatePage(item);
  item.dataset.id = save.id;
  item.classList.toggle("current", open === save.id);
  $(".save-name", item).textContent = save.shared ? t("Shared: {name}", { name: title(save) }) : title(save);
  const when = save.updated ?? save.created;
  const date = when ? new Date(when).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" }) : "";
  const section = save.section ? t("section {section}", { section: save.section }) : "";
  $(".save-summary", item).textContent = [date, section, describe(save.summary)].filter(Boolean).join(" · ");
  for (const button of $$("button", $(".save-actions", item))) {
    button.setAttribute("aria-label", `${button.textContent} ${title(save)}`);
    button.disabled = button.dataset.do === "resume" && !get("rules");
  }
  const input = $("input", $(".save-rename", item));
  input.id = `rename-${save.id}`;
  const label = $("label", $(".save-rename", item));
  label.htmlFor = input.id;
  label.textContent = t("New name for {name}", { name: title(save) });
  return item;
}

/** @param {MouseEvent} event */
async function clicked(event) {
  const target = /** @type {Element} */ (event.target);
  const button = target.closest("button");
  const group = /** @type {HTMLElement | null} */ (target.closest(".adventure-group"));
  const adventure = adventures.byId(group?.dataset.adventure ?? "");
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
    case "export": return download(title(save), save.record);
    case "rename":
      rename.hidden = false;
      name.value = title(save);
      return name.focus();
    case "delete":
      confirm.hidden = false;
      return $("button", confirm).focus();
    case "confirm-delete":
      await remove(save.id); // the list redrawn once it is written: a reload before then still finds it, and lists it
      saved = saved.filter((s) => s !== save);
      render();
      return ($list.querySelector("button") ?? $("#import-file")).focus();
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
async function adventureClicked(what, adventure, group) {
  const confirm = $(".adventure-confirm", group);
  switch (what) {
    case "open":
      adventures.makeCurrent(adventure);
      return adventureChanged(adventure.system);
    case "export":
      return download(adventure.name || t("adventure"), documentOf(adventure));
    case "share":
      return emit("share", adventure, group); // links.js's
    case "delete":
      confirm.hidden = false;
      return $("button", confirm).focus();
    case "confirm-delete": {
      // its fights and itself written gone before the list is redrawn, as a fight's Delete above
      const fights = saved.filter((s) => s.adventure === adventure.id);
      await Promise.all([...fights.map((save) => remove(save.id)), adventures.remove(adventure.id)]);
      saved = saved.filter((s) => s.adventure !== adventure.id);
      render();
      adventureChanged(adventure.system);
      return ($list.querySelector("button") ?? $("#import-file")).focus();
    }
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

/**
 * Stores a saved fight (a failure is said by storage.js); once one is played, the browser is asked to keep storage.
 * @param {Save} save
 */
export async function persist(save) {
  if (!(await store(save)) && played(save)) watchRoom();
}

/**
 * The open fight as a saved fight under its adventure: stored after every action (an unplayed fight is not kept, nor
 * one only looked at: a friend's, until kept or played), and the one the next visit opens (`current`).
 * @param {OpenFight} fight
 */
export function saveFight(fight, current = true) {
  if ((!fight.record.actions.length && !fight.id) || fight.looking) return;
  fight.id ??= newId();
  let save = find(fight.id);
  if (!save) {
    save = { id: fight.id, name: fight.name, created: Date.now(), record: fight.record, adventure: fight.adventure,
             section: fight.section, ...(fight.versus ? { versus: fight.versus } : {}),
             ...(fight.shared ? { shared: true } : {}) };
    saved.unshift(save);
    // Its adventure stored with it (a fresh one is kept only once something is typed, or now: its first fight).
    const owner = fight.adventure ? adventures.byId(fight.adventure) : null;
    if (owner && !adventures.stored(owner.id)) adventures.save(owner);
  }
  save.record = fight.record;
  save.summary = fight.summary;
  persist(save);
  if (current) setCurrent(fight.id);
}

/**
 * A friend's fight, looked at, kept as a saved fight of its own one-fight adventure (made by the rules), neither
 * becoming this browser's current adventure; the open fight too when the friend plays it (`play`).
 * @param {OpenFight} fight
 */
export async function keep(fight, play = false) {
  if (!fight.looking) return;
  const rules = get("rules");
  const made = rules && await rules.call({ op: "adventure", adventure: fight.record });
  fight.adventure = made?.ok ? adventures.fromDocument(made.adventure, false).id : undefined;
  delete fight.looking;
  saveFight(fight, play);
  leaveLink();
  render();
}

/**
 * A saved fight, opened again (replayed by the rules).
 * @param {Save} save
 */
export async function resume(save) {
  const rules = get("rules");
  if (!rules) return;
  /** @type {import("../base/rules.js").Reply<Opened>} */
  /** @type {import("../base/rules.js").Reply<Opened & {dropped?: any}>} */
  const reply = await rules.call({ op: "restore", record: save.record });
  if (!reply.ok) {
    return tell(t('The saved fight "{name}" could not be opened ({error}).', { name: title(save), error: reply.error.text }));
  }
  if (reply.dropped) await cut(save, reply.record, reply.dropped);
  const adventure = adventures.byId(save.adventure ?? "");
  if (adventure) adventures.makeCurrent(adventure); // its hero is the book's sheet again after this fight
  emit("show", reply, save); // play.js's
}

/**
 * An adventure brought in changed the set-up's book's: drawn there, unless a fight is open.
 * @param {string} key a system's
 */
function adventureChanged(key) {
  if (!get("fight")) setup.choose(key);
}

/**
 * An imported adventure document (as the rules normalized it), or a shared one kept (`shared`: not made this
 * browser's current adventure): a new adventure, its fights kept as saved fights, the list drawn again, and the set-up
 * told that the adventure changed. Each fight is titled by its fighters (its summary, where the rules gave one).
 * @param {Record<string, any>} document
 * @param {Summary[]} [summaries] its fights' (a shared adventure's overview)
 * @returns {Adventure}
 */
export function adopt(document, shared = false, summaries = []) {
  const adventure = adventures.fromDocument(document, !shared);
  for (const [i, fight] of (document.fights ?? []).entries()) {
    const save = { id: newId(), name: fight.name, created: fight.when || Date.now(), record: fight.record,
                   adventure: adventure.id, section: fight.section, summary: summaries[i],
                   ...(shared ? { shared } : {}) };
    saved.unshift(save);
    persist(save);
  }
  render();
  if (!shared) adventureChanged(adventure.system);
  return adventure;
}

