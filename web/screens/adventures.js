// The adventures kept in this browser: one hero going through one book (the adventure document of
// pyrules/adventure.py without its fights, which are the saved fights that name it), one key per adventure, and
// which one is each book's current adventure. The one place the page writes or takes an adventure document; the rules
// check it (the adventure op) before it is taken.
import { ADVENTURE, BOOK, drop, get, loadEntries, newId, parsed, put } from "../base/storage.js";

/** @typedef {import("../base/storage.js").Problem} Problem */
/** @typedef {import("../base/storage.js").Save} Save */
/**
 * One hero going through one book, as kept in this browser.
 * `left`: the hero as the adventure's last fight left it (the rules' hero_after), which the next fight is compared with;
 * `journal`: the changes of its Action Chart between sections (the rules' sheet op keeps it, undo drops the last).
 * @typedef {{id: string, system: string, name: string, hero: Record<string, any> | null, section: string,
 *   notes: string, updated?: number, left?: Record<string, any>, journal?: unknown[]}} Adventure
 */

export const ADVENTURE_FORMAT = "pyrules-adventure";
const ADVENTURE_VERSION = 1;

/** @type {Map<string, Adventure>} */
const adventures = new Map();

/**
 * @param {string | null} raw
 * @returns {{entry?: Adventure, problem?: string, version?: number}}
 */
function readAdventure(raw) {
  const { entry, problem } = parsed(raw, ADVENTURE_FORMAT, { problem: "it is not an adventure" });
  if (problem) return { problem };
  if (entry.version !== ADVENTURE_VERSION) {
    return { problem: "it was saved by a newer version of pyrules", version: entry.version };
  }
  if (typeof entry.id !== "string" || typeof entry.system !== "string") return { problem: "it lacks its book" };
  const text = (/** @type {unknown} */ value) => (typeof value === "string" ? value : "");
  return { entry: { id: entry.id, system: entry.system, name: text(entry.name), section: text(entry.section),
                    notes: text(entry.notes), hero: entry.hero && typeof entry.hero === "object" ? entry.hero : null,
                    updated: entry.updated, journal: list(entry.journal) } };
}

/** @param {unknown} value */
const list = (value) => (Array.isArray(value) ? value : []);

/**
 * Every stored adventure, read once at start-up; the problems met (damaged ones are set aside).
 * @returns {Problem[]}
 */
export function load() {
  const { entries, problems } = loadEntries(ADVENTURE, readAdventure, "adventure-",
                                            { text: "An adventure could not be read and was set aside ({why})." });
  for (const adventure of entries) adventures.set(adventure.id, adventure);
  return problems;
}

/**
 * Stores an adventure (after each change of the sheet, and after each fight).
 * @param {Adventure} adventure
 */
export function save(adventure) {
  adventure.updated = Date.now();
  adventures.set(adventure.id, adventure);
  put(ADVENTURE + adventure.id, JSON.stringify({ format: ADVENTURE_FORMAT, version: ADVENTURE_VERSION, ...adventure }));
}

/** @param {string} id */
export const stored = (id) => Boolean(get(ADVENTURE + id));

/** @param {string} id */
export const byId = (id) => adventures.get(id) ?? null;

/** @param {string} id */
export function remove(id) {
  adventures.delete(id);
  return drop(ADVENTURE + id);
}

/**
 * A book's current adventure (a fresh one, not stored until something is typed, when there is none).
 * @param {string} system
 * @returns {Adventure}
 */
export function of(system) {
  const found = adventures.get(get(BOOK + system) ?? "");
  if (found && found.system === system) return found;
  return start(system);
}

/**
 * A fresh hero for a book, made its current adventure (the earlier adventures stay, with their fights).
 * @param {string} system
 * @param {Partial<Adventure>} [from]
 */
export function start(system, from = {}) {
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
export function makeCurrent(adventure) {
  if (get(BOOK + adventure.system) !== adventure.id) put(BOOK + adventure.system, adventure.id);
}

/**
 * A new adventure from an adventure document the rules returned (normalized), stored; its fights are the caller's to
 * keep.
 * @param {Record<string, any>} document
 * @param {boolean} [current] made its book's current adventure (not for fights saved before adventures existed)
 * @returns {Adventure}
 */
export function fromDocument(document, current = true) {
  const sheet = { name: document.name ?? "", hero: document.hero ?? null, section: document.section ?? "",
                  notes: document.notes ?? "", journal: list(document.journal) };
  /** @type {Adventure} */
  const adventure = current ? start(document.system, sheet) : { ...sheet, id: newId(), system: document.system };
  save(adventure);
  return adventure;
}

/**
 * An adventure as one document (pyrules/adventure.py's format): its sheet and its fights, oldest first.
 * @param {Pick<Adventure, "system" | "name" | "hero" | "section" | "notes" | "journal">} adventure
 * @param {Save[]} saves its fights, newest first
 */
export function toDocument(adventure, saves = []) {
  const fights = [...saves].reverse().map((save) => ({
    name: save.name, section: save.section ?? "", outcome: save.summary?.outcome ?? "ongoing",
    when: save.updated ?? save.created ?? 0, record: save.record }));
  return { format: ADVENTURE_FORMAT, version: ADVENTURE_VERSION, system: adventure.system, name: adventure.name,
           hero: adventure.hero, section: adventure.section, notes: adventure.notes, fights,
           ...(adventure.journal?.length ? { journal: adventure.journal } : {}) };
}
