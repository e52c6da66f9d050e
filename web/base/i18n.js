// The page's own words in each language. Texts are written in English in index.html and app.js; the other languages'
// versions live in pyrules/locales/<code>/page.json, which tools/words.py writes, with the rules' texts in that language
// (rules.json), as dist/locales/<code>.json.gz (keyed short: by 24 bits of each English text's CRC-32; in the
// encoding the list below names, Russian's a single-byte code page; gzipped by Zopfli at build time, inflated here), fetched when the page first needs that language (loadLanguage): a visitor
// downloads only their own; the service worker keeps them all for offline use. The list of languages with their
// plural forms (pyrules/locales/languages.json) is written into this file by tools/site.py. The rules' own messages come
// from Python in the language the page asks for, from the texts the page gives each worker before its first request
// in that language (rules.js). A plural choice has one form per category of the language, in its list's order:
// {n|one|other} in English, {n|one|few|many} in Russian.
const LANGUAGES = __LANGUAGES__;
/** @type {Record<string, Record<string, string>>} */
const CATALOGS = { en: {} };
/** @type {Record<string, Record<string, string>>} */
const RULES = {}; // the rules' texts in each language downloaded, which the page gives its workers (rulesWords)
/** @type {Record<string, any>} */
const SYSTEMS = {}; // what the systems say of themselves in each language downloaded (English's is in index.html)
/** @type {Record<string, string[]>} */
const FORMS = Object.fromEntries(LANGUAGES.map((language) => [language.code, language.forms]));
const KEY = "pyrules:lang";
const $manifest = document.querySelector('link[rel="manifest"]'); // the installed app's name, in the page's language
let current = "en";

// A catalog keyed short (its "" says "crc24") is keyed by the low 24 bits of the CRC-32 of each English text's UTF-8
// bytes, in base64: pyrules.i18n.short_key, the same key tools/words.py gives it (and refuses two texts of a catalog with
// one). A language's download holds each catalog packed (tools/words.py packed): its texts in order, and every key, four
// characters each, in one string after them ("keys": the page's, then the rules').
const CRC = Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n;
});
/** @type {Map<string, string>} */
const shortKeys = new Map();

/**
 * The CRC-32 of bytes (zlib's, as a share link's check: pyrules.share), unsigned.
 * @param {Uint8Array} bytes
 */
export function crc32(bytes) {
  let crc = -1;
  for (const byte of bytes) crc = CRC[(crc ^ byte) & 255] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/** @param {string} text */
function shortKey(text) {
  let key = shortKeys.get(text);
  if (key === undefined) {
    const crc = crc32(new TextEncoder().encode(text));
    key = btoa(String.fromCharCode((crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255));
    shortKeys.set(text, key);
  }
  return key;
}

export function language() {
  return current;
}

/** The languages' codes, in the switch's order. */
export function languages() {
  return LANGUAGES.map((language) => language.code);
}

/** The player's choice if they made one, else the first of the browser's languages the app has, else English. */
export function preferred() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && Object.hasOwn(FORMS, saved)) return saved;
  } catch {
    // storage blocked: fall back to the browser's language
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language || ""];
  for (const tag of browser) {
    const code = languages().find((known) => tag.toLowerCase().split("-")[0] === known);
    if (code) return code;
  }
  return "en";
}

/**
 * A chance as a percent to `digits` decimals in the page's language, one that is not certain never written as
 * certain: 0.9996 to one decimal is "> 99.9 %", not "100 %"; 0.004 to none "< 1 %"; exactly 1 and 0 as they are.
 * @param {number} p
 * @param {number} digits
 */
export function percentText(p, digits) {
  const format = new Intl.NumberFormat(current, { style: "percent", maximumFractionDigits: digits });
  const text = format.format(p), step = 10 ** -(digits + 2);
  if (p > 0 && p < 1 && text === format.format(1)) return `>\u00a0${format.format(1 - step)}`;
  if (p > 0 && p < 1 && text === format.format(0)) return `<\u00a0${format.format(step)}`;
  return text;
}

/**
 * A text with its first letter in capitals, as the page's language writes it (a name starting a line).
 * @param {string} text
 */
export const capital = (text) => text.charAt(0).toLocaleUpperCase(current) + text.slice(1);

/**
 * Fetches the page's words in `code` once (English needs none). Resolves with whether they are there; a failed
 * download is said by the caller, and the page stays in the language it has.
 * @param {string} code
 */
export async function loadLanguage(code) {
  if (Object.hasOwn(CATALOGS, code)) return true;
  if (!Object.hasOwn(FORMS, code)) return false;
  try {
    const response = await fetch(new URL(`./locales/${code}.json.gz`, import.meta.url));
    if (!response.ok || !response.body) return false;
    const data = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    const charset = LANGUAGES.find((language) => language.code === code)?.charset; // tools/words.py's encoded()
    const words = JSON.parse(new TextDecoder(charset).decode(data));
    // each catalog's texts, and their keys (four characters each) in one string: the page's, then the rules'
    /** @param {string[]} texts @param {number} from its first key's index @returns {Record<string, string>} */
    const unpack = (texts, from) =>
      Object.fromEntries([["", "crc24"], ...texts.map((text, i) => [words.keys.slice(4 * (from + i), 4 * (from + i) + 4), text])]);
    RULES[code] = unpack(words.rules, words.page.length);
    SYSTEMS[code] = words.systems;
    CATALOGS[code] = { ...RULES[code], ...unpack(words.page, 0) }; // the page's words, and the rules' it shares (tools/words.py)
    return true;
  } catch {
    return false;
  }
}

/**
 * The rules' texts in `code`, once downloaded (loadLanguage): the page's copy of the rules has none of its own.
 * @param {string} code
 * @returns {Record<string, string> | undefined}
 */
export function rulesWords(code) {
  return RULES[code];
}

/**
 * What the systems say of themselves (their labels, weapons, rules' labels) in `code`, once downloaded, laid over
 * English's (index.html's #systems-data, which the caller reads for English itself).
 * @param {string} code
 * @returns {import("./rules.js").Words | undefined}
 */
export function systemsWords(code) {
  const own = SYSTEMS[code];
  if (own === undefined) return undefined;
  if (!Object.hasOwn(MERGED, code)) {
    const english = JSON.parse(document.getElementById("systems-data")?.textContent ?? "{}").en;
    MERGED[code] = /** @type {import("./rules.js").Words} */ (over(translated(english, RULES[code]), own));
  }
  return MERGED[code];
}

/**
 * English's systems' words with every text the rules' catalog has put in its language (the download leaves those
 * out of its differences: tools/words.py ``translated``).
 * @param {unknown} english
 * @param {Record<string, string>} catalog keyed short
 * @returns {unknown}
 */
function translated(english, catalog) {
  if (typeof english === "string") return english && Object.hasOwn(catalog, shortKey(english)) ? catalog[shortKey(english)] : english;
  if (Array.isArray(english)) return english.map((item) => translated(item, catalog));
  if (typeof english !== "object" || english === null) return english;
  return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, translated(value, catalog)]));
}

/** @type {Record<string, import("./rules.js").Words>} each language's systems' words, laid over English's */
const MERGED = {};

/**
 * A language's systems' words laid over English's (tools/words.py ``changed``: a language's download carries only what
 * differs): objects key by key, lists item by item (null: English's item), anything else whole.
 * @param {unknown} english
 * @param {unknown} own
 * @returns {unknown}
 */
function over(english, own) {
  if (own === null || own === undefined) return english;
  if (Array.isArray(own)) return own.map((item, i) => over(Array.isArray(english) ? english[i] : undefined, item));
  if (typeof own !== "object" || typeof english !== "object" || english === null) return own;
  const laid = /** @type {Record<string, unknown>} */ ({ ...english });
  for (const [key, value] of Object.entries(own)) laid[key] = over(laid[key], value);
  return laid;
}

/**
 * The language `code` if its words are here (loadLanguage), else English for now: the player's choice is kept only
 * when it is the one shown, so a visit whose words could not be downloaded does not forget it.
 * @param {string} code
 */
export function setLanguage(code) {
  current = Object.hasOwn(CATALOGS, code) ? code : "en";
  document.documentElement.lang = current;
  const own = LANGUAGES.find((language) => language.code === current)?.manifest;
  // the app installed from now on is named and described in this language
  $manifest?.setAttribute("href", own ? `manifest.${current}.webmanifest` : "manifest.webmanifest");
  if (current !== code) return;
  try {
    localStorage.setItem(KEY, current);
  } catch {
    // the choice holds for this visit only
  }
}

/**
 * A page text in the page's language, its {fields} and {n|plural|forms} filled in.
 * @param {string} text the English text (the key)
 * @param {Record<string, unknown>} [fields]
 */
export function t(text, fields = {}) {
  const catalog = CATALOGS[current];
  const key = catalog[""] === "crc24" ? shortKey(text) : text;
  const known = key !== "" && Object.hasOwn(catalog, key);
  return fill(known ? catalog[key] : text, fields, known ? current : "en");
}

/**
 * A text already in the language `code` (the page's, where the rules said it), its {fields} and {n|plural|forms}
 * filled in.
 * @param {string} template
 * @param {Record<string, unknown>} fields
 * @param {string} [code]
 */
export function fill(template, fields, code = current) {
  const rules = new Intl.PluralRules(code);
  return template
    .replace(/\{(\w+)\|([^{}]*)\}/g, (_, name, forms) => {
      const options = forms.split("|");
      const index = FORMS[code].indexOf(rules.select(Number(fields[name])));
      return options[index >= 0 && index < options.length ? index : options.length - 1];
    })
    .replace(/\{(\w+)\}/g, (match, name) => (name in fields ? filled(fields[name]) : match));
}

/** @param {unknown} value a field's value: names (an array) are said as the page's language lists them */
function filled(value) {
  return Array.isArray(value) ? list(value.map(String)) : String(value);
}

/**
 * Names as the page's language lists them ("Almuric, Rolf and Elyra", «Альмурик, Рольф и Элира», "Almuric, Rolf y
 * Elyra"), a name said more than once counted once ("Orcs ×2"): as pyrules.i18n.join_list says them in the log.
 * @param {readonly string[]} names
 */
export function list(names) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const items = [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
  return new Intl.ListFormat(current === "en" ? "en-GB" : current, { type: "conjunction" }).format(items); // no serial comma
}

// Elements marked data-i18n keep their English text as the key; placeholders and accessible names likewise.
/** @param {ParentNode} [root] */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    const node = /** @type {HTMLElement} */ (element);
    node.dataset.i18nKey ??= (node.textContent ?? "").trim();
    node.textContent = t(node.dataset.i18nKey);
  }
  for (const element of root.querySelectorAll("[data-i18n-placeholder]")) {
    element.setAttribute("placeholder", t(/** @type {HTMLElement} */ (element).dataset.i18nPlaceholder ?? ""));
  }
  for (const element of root.querySelectorAll("[data-i18n-aria-label]")) {
    element.setAttribute("aria-label", t(/** @type {HTMLElement} */ (element).dataset.i18nAriaLabel ?? ""));
  }
}
