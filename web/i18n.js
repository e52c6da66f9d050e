// The page's own words in English and Russian. Texts are written in English in index.html and app.js; the Russian
// versions live in web/messages-ru.json (written into this file by build.py, keyed by each English text's CRC-32).
// The rules' own messages come from Python in the language the page asks for. Plural choices: {n|one|other} in English, {n|one|few|many} in Russian.
/** @type {Record<string, Record<string, string>>} */
const CATALOGS = { en: {}, ru: __UI_RU__ };
/** @type {Record<string, string[]>} */
const FORMS = { en: ["one", "other"], ru: ["one", "few", "many"] };
const KEY = "pyrules:lang";
let current = "en";

// A catalog keyed short (its "" says "crc32") is keyed by the CRC-32 of each English text's UTF-8 bytes, in hex:
// pyrules.i18n.short_key, the same key build.py gives it.
const CRC = Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n;
});
/** @type {Map<string, string>} */
const shortKeys = new Map();

/** @param {string} text */
function shortKey(text) {
  let key = shortKeys.get(text);
  if (key === undefined) {
    let crc = -1;
    for (const byte of new TextEncoder().encode(text)) crc = CRC[(crc ^ byte) & 255] ^ (crc >>> 8);
    key = ((crc ^ -1) >>> 0).toString(16);
    shortKeys.set(text, key);
  }
  return key;
}

export function language() {
  return current;
}

export function preferred() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === "en" || saved === "ru") return saved;
  } catch {
    // storage blocked: fall back to the browser's language
  }
  return (navigator.language || "").toLowerCase().startsWith("ru") ? "ru" : "en";
}

/** @param {string} code */
export function setLanguage(code) {
  current = code === "ru" ? "ru" : "en";
  document.documentElement.lang = current;
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
  const key = catalog[""] === "crc32" ? shortKey(text) : text;
  const known = key !== "" && Object.hasOwn(catalog, key);
  const template = known ? catalog[key] : text;
  const code = known ? current : "en";
  const rules = new Intl.PluralRules(code);
  return template
    .replace(/\{(\w+)\|([^{}]*)\}/g, (_, name, forms) => {
      const options = forms.split("|");
      const index = FORMS[code].indexOf(rules.select(Number(fields[name])));
      return options[index >= 0 && index < options.length ? index : options.length - 1];
    })
    .replace(/\{(\w+)\}/g, (match, name) => (name in fields ? String(fields[name]) : match));
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
