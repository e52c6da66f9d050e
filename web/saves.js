// Saved fights in localStorage: one key per fight, so that a damaged entry never takes the others with it.
// Entries that cannot be read are set aside under their own key (never deleted, never overwritten) and reported.
const FIGHT = "pyrules:fight:";
const ASIDE = "pyrules:aside:";
const CURRENT = "pyrules:current";
export const SAVE_FORMAT = "pyrules-save";
export const SAVE_VERSION = 1;

const MISPLACED = { problem: "its name does not match its place in storage" };

// When the save format grows: MIGRATIONS[n] turns a version-n entry into a version n+1 entry.
const MIGRATIONS = {};

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

export function newId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function readEntry(raw) {
  let entry;
  try {
    entry = JSON.parse(raw);
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

// All saved fights, newest first, and the problems met reading them ({text, ...fields}, for the page to translate).
export function loadAll() {
  const store = storage();
  if (!store) return { saves: [], problems: [{ text: "This browser blocks storage: fights will not be kept after the tab closes." }] };
  const keys = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key && key.startsWith(FIGHT)) keys.push(key);
  }
  const saves = [];
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

// Moves a damaged entry out of the way, keeping its text; the original is removed only once the copy is stored.
export function setAside(id, raw, reason) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(ASIDE + id, JSON.stringify({ reason, raw, at: Date.now() }));
    store.removeItem(FIGHT + id);
  } catch {
    // no room for the copy: leave the entry where it is rather than lose it
  }
}

// Returns a problem ({text, ...fields}) or null when saved.
export function store(save) {
  const target = storage();
  if (!target) return { text: "This browser blocks storage: the fight is not saved." };
  const entry = { format: SAVE_FORMAT, version: SAVE_VERSION, id: save.id, name: save.name,
                  created: save.created || Date.now(), updated: Date.now(), record: save.record };
  try {
    target.setItem(FIGHT + save.id, JSON.stringify(entry));
    return null;
  } catch (error) {
    return { text: "The fight could not be saved ({error}): the browser's storage may be full.", error: error.name };
  }
}

export function remove(id) {
  storage()?.removeItem(FIGHT + id);
  if (currentId() === id) setCurrent(null);
}

export function currentId() {
  return storage()?.getItem(CURRENT) || null;
}

export function setCurrent(id) {
  try {
    if (id) storage()?.setItem(CURRENT, id);
    else storage()?.removeItem(CURRENT);
  } catch {
    // storage full or blocked: the fight stays open, only the resume-on-reload is lost
  }
}

// Small settings of this browser (true/false), e.g. that a Pyodide snapshot was made.
export function flag(key) {
  return storage()?.getItem(key) === "yes";
}

export function setFlag(key, on) {
  try {
    if (on) storage()?.setItem(key, "yes");
    else storage()?.removeItem(key);
  } catch {
    // storage full or blocked: the flag is only a hint
  }
}
