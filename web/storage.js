// This browser's storage: one localStorage key per entry (a fight, an adventure), so that a damaged entry never takes
// the others with it. Entries that cannot be read are set aside under their own key (never deleted, never
// overwritten) and reported. Also which fight is open.

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
 * @typedef {{text: string, why?: string, version?: number, error?: string}} Problem
 */

export const FIGHT = "pyrules:fight:";
export const ADVENTURE = "pyrules:adventure:";
export const BOOK = "pyrules:book:"; // the current adventure's id, per book
const ASIDE = "pyrules:aside:";
const CURRENT = "pyrules:current";
export const SAVE_FORMAT = "pyrules-save";
export const SAVE_VERSION = 1;

const MISPLACED = { problem: "its name does not match its place in storage" };

// When the save format grows: MIGRATIONS[n] turns a version-n entry into a version n+1 entry.
/** @type {Record<number, (entry: any) => any>} */
const MIGRATIONS = {};

/** localStorage, or null where the browser blocks it. */
export function storage() {
  try {
    return window.localStorage.getItem("") === undefined ? null : window.localStorage; // blocked: throws on use
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

export function newId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Every entry stored under `prefix` that `read` accepts with its own id; the others set aside (as `aside` + id),
 * each with its problem.
 * @template T
 * @param {string} prefix
 * @param {(raw: string | null) => {entry?: T & {id: string}, problem?: string, version?: number}} read
 * @param {string} aside the set-aside key's prefix after ASIDE
 * @param {{text: string}} said the problem's words ({why} is filled in)
 * @returns {{entries: T[], problems: Problem[]}}
 */
export function loadEntries(prefix, read, aside, said) {
  const store = storage();
  /** @type {T[]} */
  const entries = [];
  /** @type {Problem[]} */
  const problems = [];
  if (!store) return { entries, problems };
  const keys = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key && key.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) {
    const raw = store.getItem(key);
    const { entry, problem, version } = read(raw);
    const id = key.slice(prefix.length);
    if (entry && entry.id === id) {
      entries.push(entry);
    } else {
      const why = problem || MISPLACED.problem;
      setAside(key, aside + id, raw, why);
      problems.push({ text: said.text, why, version });
    }
  }
  return { entries, problems };
}

/**
 * Moves a damaged entry out of the way, keeping its text; the original is removed only once the copy is stored.
 * @param {string} key where it is
 * @param {string} name its set-aside name
 * @param {string | null} raw
 * @param {string} reason
 */
export function setAside(key, name, raw, reason) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(ASIDE + name, JSON.stringify({ reason, raw, at: Date.now() }));
    store.removeItem(key);
  } catch {
    // no room for the copy: leave the entry where it is rather than lose it
  }
}

/**
 * A damaged saved fight set aside.
 * @param {string} id the name it is set aside under
 * @param {string | null} raw
 * @param {string} reason
 */
export const setFightAside = (id, raw, reason) => setAside(FIGHT + id, id, raw, reason);

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
  if (!storage()) {
    return { saves: [], problems: [{ text: "This browser blocks storage: fights will not be kept after the tab closes." }] };
  }
  const { entries: saves, problems } = loadEntries(FIGHT, readSave, "",
                                                   { text: "A saved fight could not be read and was set aside ({why})." });
  saves.sort((a, b) => (b.updated || 0) - (a.updated || 0));
  return { saves, problems };
}

/**
 * Stores a fight; a problem when it could not be stored.
 * @param {Save} save
 * @returns {Problem | null}
 */
export function store(save) {
  const target = storage();
  if (!target) return { text: "This browser blocks storage: the fight is not saved." };
  const entry = { format: SAVE_FORMAT, version: SAVE_VERSION, id: save.id, name: save.name,
                  created: save.created || Date.now(), updated: Date.now(), record: save.record,
                  adventure: save.adventure, section: save.section, ...(save.shared ? { shared: true } : {}) };
  try {
    target.setItem(FIGHT + save.id, JSON.stringify(entry));
    return null;
  } catch (error) {
    const { name } = /** @type {Error} */ (error);
    return { text: "The fight could not be saved ({error}): the browser's storage may be full.", error: name };
  }
}

/** @param {string} id */
export function remove(id) {
  storage()?.removeItem(FIGHT + id);
  if (currentId() === id) setCurrent(null);
}

/** The open fight's id: opened again on reload. */
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
