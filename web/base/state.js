// The page's state, in one place: the rules' client once ready, the open fight, and whether the odds' worker may
// start (odds-worker.js keeps the one running). A module reads it with get() and changes it with set(); whoever follows
// a key is told (on). A module that needs something done by one above it (the shell: the set-up again, the odds asked again) emits
// an event that module listens to; the arrows of imports still point down.

/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("./rules.js").Rules} Rules */
/**
 * @typedef {{rules: Rules | null, fight: OpenFight | null, oddsAllowed: boolean}} State
 */

/** @type {State} */
const state = { rules: null, fight: null, oddsAllowed: false };
/** @type {Record<string, ((...args: any[]) => any)[]>} by key or event */
const heard = {};

/** @template {keyof State} K @param {K} key @returns {State[K]} */
export const get = (key) => state[key];

/** @template {keyof State} K @param {K} key @param {State[K]} value */
export function set(key, value) {
  state[key] = value;
  emit(key, value);
}

/**
 * Follows a key of the state (told its new value), or an event (told its arguments).
 * @param {string} name
 * @param {(...args: any[]) => any} listener
 */
export function on(name, listener) {
  (heard[name] ??= []).push(listener);
}

/**
 * An event, told to whoever follows it: their answers (a promise, where one is asked to do something that takes time).
 * @param {string} name
 * @param {...any} args
 */
export const emit = (name, ...args) => (heard[name] ?? []).map((listener) => listener(...args));
