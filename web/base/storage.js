// This browser's storage: one entry per key (a fight, an adventure, a set-aside copy), so that a damaged entry never
// takes the others with it. The entries live in IndexedDB (the plain API: one database, one object store of
// key → text), which grows with the player where localStorage stops at about 5 MB; they are read whole into memory
// once at start-up (open), so the page reads them synchronously, and every write goes to memory at once and to the
// database in order, its failure said. Entries a browser kept in localStorage (earlier versions) are moved over
// once, and removed from localStorage only when the database has confirmed them. Where IndexedDB cannot be opened,
// localStorage is used as before. Entries that cannot be read are set aside under a name of their own (never
// deleted, never overwritten) and reported.

/** @typedef {import("./rules.js").FightRecord} FightRecord */
/** @typedef {import("./rules.js").Summary} Summary */
/**
 * @typedef {{id: string, name: string, created?: number, updated?: number, record: FightRecord, summary?: Summary,
 *   adventure?: string, section?: string, versus?: string, shared?: boolean}} Save  versus: the saved fight this one
 *   fights again; name: the player's, or "" for the app's (its fighters' names, "Shared: …" if it came from a link,
 *   said in the page's language of the moment: saved.title)
 */
/**
 * A problem met in storage, for the page to translate: `text` with its fields.
 * @typedef {{text: string, why?: string, version?: number, error?: string, used?: number, quota?: number}} Problem
 */
/** A set-aside entry: the key it is kept under, why, when, and the text it held. @typedef {{key: string,
 *   reason: string, at: number, raw: string | null}} Aside */

export const FIGHT = "pyrules:fight:";
export const ADVENTURE = "pyrules:adventure:";
export const BOOK = "pyrules:book:"; // the current adventure's id, per book
export const ASIDE = "pyrules:aside:";
const CURRENT = "pyrules:current";
const MOVED = [FIGHT, ADVENTURE, BOOK, ASIDE, CURRENT]; // what lives in the database (the page's settings stay)
export const SAVE_FORMAT = "pyrules-save";
export const SAVE_VERSION = 1;
const DATABASE = "pyrules";
const ENTRIES = "entries";
// (each text on one line: tests/browser/ui_texts.py finds the page's texts by their shape)
const FULL = { text: "This browser's storage is full ({error}): what you just did is kept in this tab only. Export the adventures you want to keep (Saved fights), then delete fights you no longer need." };

const MISPLACED = { problem: "its name does not match its place in storage" };
const SECOND = { why: "another copy of it was found in the browser's older storage" };

// When the save format grows: MIGRATIONS[n] turns a version-n entry into a version n+1 entry.
/** @type {Record<number, (entry: any) => any>} */
const MIGRATIONS = {};

/** @type {Map<string, string>} every entry, as stored */
const entries = new Map();
/** @type {IDBDatabase | null} */
let database = null;
/** @type {Storage | null} where IndexedDB could not be opened */
let fallback = null;
/** @type {(problem: Problem) => void} */
let said = () => {};

/** localStorage, or null where the browser blocks it. */
function local() {
  try {
    return window.localStorage.getItem("") === undefined ? null : window.localStorage; // blocked: throws on use
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

/**
 * An IndexedDB request's result, as a promise.
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

/**
 * A transaction's end: resolved once its writes are on disk, rejected with its error (QuotaExceededError…).
 * @param {IDBTransaction} transaction
 * @returns {Promise<void>}
 */
const committed = (transaction) => new Promise((resolve, reject) => {
  transaction.oncomplete = () => resolve();
  transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new DOMException("", "AbortError"));
});

/**
 * Reads every entry into memory, moving localStorage's over first; the problems met, for the page to say.
 * @param {(problem: Problem) => void} tell how a write's failure is said later
 * @returns {Promise<Problem[]>}
 */
export async function open(tell) {
  said = tell;
  try {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(ENTRIES);
    database = await done(opening);
    const store = database.transaction(ENTRIES).objectStore(ENTRIES);
    const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
    keys.forEach((key, i) => entries.set(String(key), values[i]));
  } catch {
    database = null;
    fallback = local();
    if (!fallback) return [];
  }
  return fallback ? fromLocal(fallback) : move();
}

/** @param {string} key */
const movable = (key) => MOVED.some((prefix) => key === prefix || key.startsWith(prefix));

/**
 * Where IndexedDB is closed to the page: localStorage's entries, read as they are.
 * @param {Storage} store
 */
function fromLocal(store) {
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key && movable(key)) entries.set(key, store.getItem(key) ?? "");
  }
  return [];
}

/**
 * localStorage's entries (an earlier version's) moved into the database: written in one transaction, then removed
 * from localStorage once it has committed. An entry the database already holds with other text is kept beside it,
 * set aside, never dropped.
 * @returns {Promise<Problem[]>}
 */
async function move() {
  const store = local();
  const keys = [];
  for (let i = 0; store && i < store.length; i++) {
    const key = store.key(i);
    if (key && movable(key)) keys.push(key);
  }
  if (!store || !keys.length || !database) return [];
  const writing = database.transaction(ENTRIES, "readwrite");
  for (const key of keys) {
    const raw = store.getItem(key) ?? "";
    const held = entries.get(key);
    const target = held === undefined || held === raw ? key : asideName(`${key.slice(8).replace(":", "-")}-local`);
    const text = target === key ? raw : JSON.stringify({ reason: SECOND.why, raw, at: Date.now() });
    entries.set(target, text);
    writing.objectStore(ENTRIES).put(text, target);
  }
  try {
    await committed(writing);
  } catch (error) {
    return [{ text: "The saved fights could not be moved to this browser's larger storage ({error}): they stay where they were.",
              error: /** @type {Error} */ (error).name }];
  }
  for (const key of keys) store.removeItem(key);
  return [];
}

const ASKED = "pyrules:persist-asked";
let warned = false;

/**
 * Once something worth keeping is stored: the browser asked, once ever, to keep this site's storage even when it is
 * short of room (persistent storage); and, once a visit, the player told when the storage is nine-tenths full, before
 * a save fails.
 */
export async function watchRoom() {
  const manager = navigator.storage;
  if (!database || !manager) return;
  if (!get(ASKED)) {
    put(ASKED, "1");
    manager.persist?.().catch(() => {});
  }
  const { usage = 0, quota = 0 } = (await manager.estimate?.().catch(() => null)) ?? {};
  if (warned || !quota || usage < 0.9 * quota) return;
  warned = true;
  const mb = (/** @type {number} */ n) => Math.round(n / 1e5) / 10;
  said({ text: "This browser's storage is nearly full ({used} MB of {quota} MB): export the adventures you want to keep (Saved fights) and delete fights you no longer need, before new fights can no longer be saved.",
         used: mb(usage), quota: mb(quota) });
}

// The saves' checks (saved.js) live in localStorage, apart from the saves: they never take the saves' room, and are
// kept only where the saves are in the database (localStorage's room is the saves' where it holds them). Losing them
// (damaged, full, blocked) only means every save is checked again.
const CHECKS = "pyrules:checks";

/** The saves' checks as kept, by save id: {} when there are none or they cannot be read. */
export function checks() {
  try {
    return Object(JSON.parse(local()?.getItem(CHECKS) ?? "{}"));
  } catch {
    return {};
  }
}

/** @param {Record<string, unknown>} found the saves' checks, by save id */
export function keepChecks(found) {
  try {
    if (database) local()?.setItem(CHECKS, JSON.stringify(found));
  } catch {
    // full: checked again at the next visit
  }
}

/** Whether entries are kept beyond this tab (false: the browser blocks storage). */
export const kept = () => Boolean(database || fallback);

/**
 * An entry's text, or null.
 * @param {string} key
 */
export const get = (key) => entries.get(key) ?? null;

/**
 * The keys stored under a prefix.
 * @param {string} prefix
 */
export const keys = (prefix) => [...entries.keys()].filter((key) => key.startsWith(prefix));

/**
 * Stores an entry: in memory at once, then in the database; a problem (said as well) when the write fails.
 * @param {string} key
 * @param {string} text
 * @returns {Promise<Problem | null>}
 */
export async function put(key, text) {
  entries.set(key, text);
  try {
    if (database) {
      const writing = database.transaction(ENTRIES, "readwrite");
      writing.objectStore(ENTRIES).put(text, key);
      await committed(writing);
    } else if (fallback) {
      fallback.setItem(key, text);
    } else {
      return null;
    }
    return null;
  } catch (error) {
    const problem = { ...FULL, error: /** @type {Error} */ (error).name };
    said(problem);
    return problem;
  }
}

/**
 * Removes an entry (the player's Delete, or a set-aside copy's original once the copy is stored).
 * @param {string} key
 */
export async function drop(key) {
  entries.delete(key);
  try {
    if (database) {
      const writing = database.transaction(ENTRIES, "readwrite");
      writing.objectStore(ENTRIES).delete(key);
      await committed(writing);
    } else {
      fallback?.removeItem(key);
    }
  } catch {
    // still in storage: it comes back at the next visit, nothing is lost
  }
}

export function newId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A set-aside key of its own for `name`: never one already used (a second damage of the same fight keeps both).
 * @param {string} name
 */
function asideName(name) {
  let key = ASIDE + name;
  for (let n = 2; entries.has(key); n++) key = `${ASIDE}${name}-${n}`;
  return key;
}

/**
 * Every entry stored under `prefix` that `read` accepts with its own id; the others set aside (as `aside` + id),
 * each with its problem.
 * @template T
 * @param {string} prefix
 * @param {(raw: string | null) => {entry?: T & {id: string}, problem?: string, version?: number}} read
 * @param {string} aside the set-aside key's prefix after ASIDE
 * @param {{text: string}} words the problem's words ({why} is filled in)
 * @returns {{entries: T[], problems: Problem[]}}
 */
export function loadEntries(prefix, read, aside, words) {
  /** @type {T[]} */
  const found = [];
  /** @type {Problem[]} */
  const problems = [];
  for (const key of keys(prefix)) {
    const raw = get(key);
    const { entry, problem, version } = read(raw);
    const id = key.slice(prefix.length);
    if (entry && entry.id === id) {
      found.push(entry);
    } else {
      const why = problem || MISPLACED.problem;
      setAside(key, aside + id, raw, why);
      problems.push({ text: words.text, why, version });
    }
  }
  return { entries: found, problems };
}

/**
 * Moves a damaged entry out of the way under a name of its own, keeping its text; the original is removed only
 * once the copy is stored (`key` null: a copy only, the entry stays). Whether the copy is stored.
 * @param {string | null} key where it is
 * @param {string} name its set-aside name
 * @param {string | null} raw
 * @param {string} reason
 */
export async function setAside(key, name, raw, reason) {
  const problem = await put(asideName(name), JSON.stringify({ reason, raw, at: Date.now() }));
  if (!problem && key) await drop(key); // no room for the copy: the entry stays where it is rather than be lost
  return !problem;
}

/**
 * The set-aside entries, newest first, for the page to list (Export, Delete).
 * @returns {Aside[]}
 */
export function asides() {
  return keys(ASIDE).map((key) => {
    let kept = { reason: "", at: 0, raw: get(key) };
    try {
      const read = JSON.parse(get(key) ?? "");
      if (read && typeof read === "object") kept = { reason: String(read.reason ?? ""), at: Number(read.at) || 0,
                                                     raw: typeof read.raw === "string" ? read.raw : null };
    } catch {
      // an entry set aside by hand or damaged itself: listed with its text as it is
    }
    return { key, ...kept };
  }).sort((a, b) => b.at - a.at);
}

/**
 * A stored entry's JSON, if it is JSON and an object of `format`; else the problem (`other`'s, when of another kind).
 * @param {string | null} raw
 * @param {string} format
 * @param {{problem: string}} other
 * @returns {{entry?: any, problem?: string}}
 */
export function parsed(raw, format, other) {
  let entry;
  try {
    entry = JSON.parse(raw ?? "");
  } catch {
    return { problem: "it is not valid JSON" };
  }
  if (!entry || typeof entry !== "object" || entry.format !== format) return other;
  return { entry };
}

/**
 * @param {string | null} raw
 * @returns {{entry?: Save, problem?: string, version?: number}}
 */
function readSave(raw) {
  const read = parsed(raw, SAVE_FORMAT, { problem: "it is not a saved fight" });
  if (read.problem) return { problem: read.problem };
  let entry = read.entry;
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
export function loadSaves() {
  if (!kept()) {
    return { saves: [], problems: [{ text: "This browser blocks storage: fights will not be kept after the tab closes." }] };
  }
  const { entries: saves, problems } = loadEntries(FIGHT, readSave, "",
                                                   { text: "A saved fight could not be read and was set aside ({why})." });
  saves.sort((a, b) => (b.updated || 0) - (a.updated || 0));
  return { saves, problems };
}

/**
 * Stores a fight; a problem when it could not be stored (said as well).
 * @param {Save} save
 * @returns {Promise<Problem | null>}
 */
export function store(save) {
  if (!kept()) return Promise.resolve({ text: "This browser blocks storage: the fight is not saved." });
  const entry = { format: SAVE_FORMAT, version: SAVE_VERSION, id: save.id, name: save.name,
                  created: save.created || Date.now(), updated: Date.now(), record: save.record,
                  adventure: save.adventure, section: save.section, ...(save.shared ? { shared: true } : {}) };
  return put(FIGHT + save.id, JSON.stringify(entry));
}

/**
 * Deletes a saved fight; settled once the database has written it, so that a list redrawn after it never shows a
 * fight that a reload would bring back.
 * @param {string} id
 */
export async function remove(id) {
  await Promise.all([drop(FIGHT + id), currentId() === id ? setCurrent(null) : null]);
}

/** The open fight's id: opened again on reload. */
export const currentId = () => get(CURRENT);

/**
 * @param {string | null} id
 * @returns {Promise<unknown>} settled once the database has it
 */
export function setCurrent(id) {
  if (id === currentId()) return Promise.resolve();
  return id ? put(CURRENT, id) : drop(CURRENT);
}
