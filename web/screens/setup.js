// The set-up card: the book list (from the rules' describe(), in the registry's order), the chosen book's set-up form
// and rules (its screen module's, built from form.js's parts), the record as typed, a rolled hero. Nothing here knows
// a system.
import { $, $$, find, place, showError } from "../base/dom.js";
import { emit, get } from "../base/state.js";
import { drawRules } from "./form.js";
import { screenOf, words } from "./systems.js";

/** @typedef {import("../base/rules.js").System} System */

const $form = /** @type {HTMLFormElement} */ ($("#setup")), $books = $("#books"), $body = $("#setup-body"),
  $rules = $("#rules-body"), $error = $("#setup-error");
// Another book chosen: the events "leaving" (before its form replaces the one left) and "chose" (its key), which
// sheet.js follows.
export function init() {
  // The book list is in the page from its first paint (tools/site.py writes it from the rules' registry): it is only
  // given its listeners here, and its words in the page's language by select().
  for (const radio of $$("input", $books)) {
    radio.addEventListener("change", () => {
      emit("leaving");
      select();
      emit("chose", /** @type {HTMLInputElement} */ (radio).value);
    });
  }
  const last = find(`input[value="${CSS.escape(lastBook())}"]`, $books); // the book played last, after a reload too
  if (last instanceof HTMLInputElement) last.checked = true;
  select();
  // A refusal said in the box (no field to say it beside: "Party: must hold from 1 to 6 entries") is about the form
  // as it was: an edit takes it away (the odds' line says what is still wrong, as it is typed).
  for (const type of ["input", "change"]) {
    $form.addEventListener(type, () => { if (!$error.classList.contains("said-beside")) $error.textContent = ""; });
  }
  document.documentElement.classList.add("shaped"); // what follows the set-up's form is shown now: it will not move
}

/** The chosen book's system key. */
export const chosen = () => /** @type {HTMLInputElement} */ ($("input:checked", $books)).value;

/**
 * The chosen book's set-up form, in its words (reset: its defaults, not what was chosen in another language).
 * @param {boolean} [reset]
 */
export function select(reset = true) {
  const key = chosen();
  const { systems } = words();
  const system = systems[key];
  const { screen, parts } = screenOf(key);
  if ($body.dataset.kind !== system.kind) {
    $body.dataset.kind = system.kind;
    place($body, parts.setup);
    place($rules, parts.rules);
  }
  for (const span of $$("[data-book]", $books)) span.textContent = systems[span.dataset.book ?? ""].book;
  for (const small of $$("[data-note]", $books)) small.textContent = systems[small.dataset.note ?? ""].note;
  drawRules(system.rules ?? []);
  screen.apply(system, reset);
  try {
    localStorage.setItem(LAST_BOOK, key);
  } catch {
    // storage blocked: the book is chosen for this visit only
  }
}

const LAST_BOOK = "pyrules:last-book"; // a page setting, like the language: the book chosen last

/** The book chosen last on this device ("" where none was, or storage is blocked). */
function lastBook() {
  try {
    return localStorage.getItem(LAST_BOOK) ?? "";
  } catch {
    return "";
  }
}

/**
 * Chooses a book (the one of a fight that ended, to carry its hero over), its adventure's hero in the form.
 * @param {string} key
 */
export function choose(key) {
  const radio = find(`input[value="${CSS.escape(key)}"]`, $books);
  if (radio instanceof HTMLInputElement && !radio.checked) {
    emit("leaving");
    radio.checked = true;
    select();
  }
  emit("chose", key);
}

// This section's rules as typed: a number typed, or a choice changed from its default.
function sectionRules() {
  /** @type {Record<string, string | boolean>} */
  const chosenRules = {};
  for (const input of $$("input", $rules)) {
    const key = input.dataset.field?.replace(/^rules\./, "");
    if (!key || input.closest("[hidden]")) continue;
    if (input.type === "checkbox") {
      chosenRules[key] = input.checked; // said either way: a box may start ticked where the record's default is off
    } else if (input.value.trim() !== "") {
      chosenRules[key] = input.value;
    }
  }
  return chosenRules;
}

// The record as typed; Python checks every value and names the field it refuses. The adventure sheet's "Hero's
// name" is the hero's name where the system's hero takes one (named_hero): the fight's title, cards and saved-fights
// list say it instead of the book's hero.
export function record() {
  const key = chosen();
  const system = words().systems[key];
  const parts = screenOf(key).screen.recordParts(system);
  const name = /** @type {HTMLInputElement} */ ($("#adventure-name")).value.trim();
  return { format: "pyrules-fight", version: 1, system: key, ...parts,
           hero: system.named_hero && name ? { ...parts.hero, name } : parts.hero, rules: sectionRules(),
           seed: randomSeed(), actions: [] };
}

export function randomSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1]; // 53 bits, exact in JSON
}

/** A new hero by the chosen book's creation rules (null when refused, the message shown by its field). */
export async function rollHero() {
  const rules = get("rules");
  if (!rules) return null;
  const reply = await rules.call({ op: "new_hero", system: chosen(), seed: randomSeed() });
  if (reply.ok) return reply;
  showError(reply.error, $error, $form);
  return null;
}

/** @param {import("../base/rules.js").RuleError} error */
export const refused = (error) => showError(error, $error, $form);

// Where the next typing goes: after New fight the hero is filled and the enemy is not, so the first enemy's first
// field (a Citadel party's monsters' form); else the form's first field.
export function focus() {
  const enemy = find("#enemies input, #monsters :is(input, select)", $body);
  (enemy ?? find("input, select, textarea", $body))?.focus();
}

// The set-up's required fields left empty, by their labels: the odds say what they still need.
export function missing() {
  return [.../** @type {NodeListOf<HTMLInputElement>} */ ($form.querySelectorAll("input[required]"))]
    .filter((input) => input.value.trim() === "" && input.checkVisibility())
    .map((input) => input.labels?.[0]?.textContent?.trim() ?? "");
}
