// The systems as the page knows them: their words in the page's language (the rules' describe(): English's written
// into the page by tools/site.py, another language's come with its download) and each kind's screen module
// (screen-<kind>.js, the contract in types/screen.d.ts), loaded by the shell. Nothing here knows a system.
import { $ } from "../base/dom.js";
import { language, systemsWords } from "../base/i18n.js";

/** @typedef {import("../../types/screen").Screen} Screen */
/** @typedef {import("../../types/screen").Parts} Parts */
/** @typedef {import("../../types/screen").Shell} Shell */
/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("../base/rules.js").Words} Words */

/** @type {Record<string, Words>} {en: {systems, measures}}: the rules' describe() in English, written by tools/site.py */
const WORDS = JSON.parse($("#systems-data").textContent ?? "");
export const words = () => systemsWords(language()) ?? WORDS.en; // another language's come with its download

/** @type {Map<string, {screen: Screen, parts: Parts}>} */
const screens = new Map(); // by kind

/**
 * Each kind's screen module, loaded while the shell paints: a new kind of system is one more screen-<kind>.js. The
 * bundle lists every file the import's pattern matches as a screen (each with its exports' object): a screen's parts
 * are named <kind>-<part>.js.
 * @param {Shell} shell
 */
export async function loadScreens(shell) {
  const kinds = new Set(Object.values(WORDS.en.systems).map((system) => system.kind));
  await Promise.all([...kinds].map(async (kind) => {
    /** @type {Screen} */
    const screen = await import(`./screen-${kind}.js`);
    screens.set(kind, { screen, parts: screen.init(shell) });
  }));
}

/** @param {string} key a system's */
export const system = (key) => words().systems[key];
/**
 * An open fight's system as its screen shows it: the hero named as the rules name him in this fight (the summary's:
 * the adventure sheet's name, or the book's hero).
 * @param {OpenFight} open
 */
export const shownFor = (open) => ({ ...system(open.record.system), hero: open.summary.hero });
/** @param {string} key a system's */
export const screenOf = (key) => /** @type {{screen: Screen, parts: Parts}} */ (screens.get(system(key).kind));
