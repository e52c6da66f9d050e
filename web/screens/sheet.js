// The adventure in the set-up: the chosen book's current adventure (adventures.js stores one per book), whose hero's sheet
// is the set-up's hero fields (each screen module's heroOf / setHero), with its name, section and notes; kept as it
// is typed once the rules accept it (the adventure op); a fight's hero back on it (the rules' hero_after).
import { $, clearErrors, h, showError } from "../base/dom.js";
import { t } from "../base/i18n.js";
import { get, on } from "../base/state.js";
import * as adventures from "./adventures.js";
import * as saved from "./saved.js";
import * as setup from "./setup.js";
import { screenOf, system } from "./systems.js";

/** @typedef {import("../../types/screen").OpenFight} OpenFight */
/** @typedef {import("./adventures.js").Adventure} Adventure */

/** @type {Adventure | null} the set-up's adventure */
let adventure = null;
/** @type {Promise<typeof import("./action-chart.js")> | null} the Action Chart's screen (its own file in the site),
 * loaded the first time a book that has one is shown once the rules have started (they declare its parts) */
let chart = null;

const $name = /** @type {HTMLInputElement} */ ($("#adventure-name")),
  $section = /** @type {HTMLInputElement} */ ($("#adventure-section")),
  $sectionLabel = $("#adventure-section-label"),
  $notes = /** @type {HTMLTextAreaElement} */ ($("#adventure-notes")),
  $confirm = $("#new-adventure-confirm"), $question = $("#new-adventure-question"),
  // What "New adventure" did when it had nothing to ask (see ask).
  $begun = h("p", { id: "new-adventure-begun", className: "hint adventure-confirm", attrs: { role: "status" } });

export function init() {
  on("leaving", save); // another book is being chosen (setup.js): the sheet of the one left is kept first
  on("chose", show); // and its adventure's hero goes into the form
  const form = $("#setup");
  // The hero's fields, the name, section and notes are the sheet: kept as typed (not the enemies, not the rules).
  for (const type of ["input", "change"]) {
    form.addEventListener(type, (event) => {
      if (!(/** @type {Element} */ (event.target)).closest("#books, #enemies, #rules-body, #monsters, #cob-table")) saveSoon();
    });
  }
  form.addEventListener("click", (event) => {
    if ((/** @type {Element} */ (event.target)).closest("button")) saveSoon();
  });
  $confirm.after($begun);
  on("keep", save); // a change of the Action Chart is sent with the sheet as typed (action-chart.js)
  on("kept", show); // and drawn again as the rules changed it
  on("rules", drawChart); // the Action Chart, once the rules can tell it
  $("#new-adventure").addEventListener("click", ask);
  $("#new-adventure-yes").addEventListener("click", startNew);
  $("#new-adventure-no").addEventListener("click", () => {
    $confirm.hidden = true;
    $("#new-adventure").focus();
  });
}

/**
 * The chosen book's Action Chart, drawn; not while a link's fight is being opened (app.js draws it once that fight is
 * shown): the rules would tell the books' charts before the story's review, and the story would come later.
 */
export function drawChart() {
  if (adventure && !document.documentElement.classList.contains("opening-link")) relabel(adventure.system);
}

/**
 * A section in the book's word ("Section", «Параграф»).
 * @param {string} key a system's
 */
export const sectionWord = (key) => screenOf(key).screen.sectionWord?.() ?? t("Section");

/**
 * The section's label in the book's word, and the Action Chart in the page's language.
 * @param {string} key a system's
 */
export function relabel(key) {
  $sectionLabel.textContent = sectionWord(key);
  const shown = adventure;
  if (system(key).has_chart && get("rules")) {
    chart ??= import("./action-chart.js").then((module) => (module.init(), module));
  }
  chart?.then((module) => module.draw(shown, system(key))); // a book without one: none left drawn
}

/**
 * The chosen book's current adventure in the set-up: its name, section, notes and hero.
 * @param {string} key a system's
 */
export function show(key) {
  adventure = adventures.of(key);
  $name.value = adventure.name;
  $section.value = adventure.section;
  $notes.value = adventure.notes;
  relabel(key);
  $confirm.hidden = true;
  said();
  screenOf(key).screen.setHero?.(adventure.hero, system(key));
  clearErrors($("#setup"));
}

let timer = 0;

/**
 * The sheet as typed, kept once the rules accept it (the adventure op checks the hero and names a refused field).
 * What is typed is read at once: called as another book is chosen, it keeps the book being left. The adventure.
 * @param {(error: import("../base/rules.js").RuleError) => void} [refused] told the refusal, if any
 */
export async function save(refused) {
  clearTimeout(timer);
  const kept = adventure;
  const rules = get("rules");
  if (!rules || !kept) return kept;
  const key = kept.system;
  const typed = adventures.toDocument({ system: key, name: $name.value.trim(), section: $section.value.trim(),
                                       hero: screenOf(key).screen.heroOf?.(system(key)) ?? null,
                                       notes: $notes.value });
  const reply = await rules.call({ op: "adventure", adventure: typed, form: true });
  if (!reply.ok) return refused?.(reply.error), kept;
  Object.assign(kept, { name: typed.name, section: typed.section, notes: typed.notes, hero: reply.adventure.hero });
  adventures.save(kept);
  return kept;
}

export function saveSoon() {
  clearTimeout(timer);
  timer = setTimeout(save, 400);
}

/**
 * The hero as a fight left it, back on its adventure's sheet (the rules' hero_after); false when refused (the
 * refusal shown in `box`).
 * @param {OpenFight} open
 * @param {HTMLElement} box
 * @param {ParentNode} root
 */
export async function heroBack(open, box, root) {
  const rules = get("rules");
  if (!rules || !open.record.actions.length) return true;
  const reply = await rules.call({ op: "hero_after", record: open.record });
  if (!reply.ok) {
    showError(reply.error, box, root);
    return false;
  }
  const owner = open.adventure ? adventures.byId(open.adventure) : null;
  const target = owner ?? adventures.of(open.record.system);
  target.hero = reply.hero;
  target.left = reply.hero; // what the next fight is compared with (the sheet may be edited after)
  adventures.save(target);
  return true;
}

// The line of what New adventure did, gone.
function said() {
  delete $begun.dataset.i18n;
  $begun.textContent = "";
}

/**
 * "New adventure". With a fight played, the hero and the fights stay in Saved fights under this adventure: asked
 * first, then a blank sheet. With none played there is nothing to lose and nothing to keep apart, so nothing is
 * asked and nothing cleared: a player who typed a hero and then pressed New adventure means to begin with that hero,
 * so this sheet as typed (the hero, the name, the section, the notes, and the enemies too) is the new adventure's
 * start; a line says so and the name is next to type.
 */
function ask() {
  if (!adventure || !saved.hasFights(adventure.id)) {
    $confirm.hidden = true;
    $begun.dataset.i18n = ""; // translated again by a switch of language
    $begun.dataset.i18nKey = "No fight played yet: the new adventure starts from this sheet as it is.";
    $begun.textContent = t($begun.dataset.i18nKey);
    $name.focus();
    return;
  }
  said();
  const book = system(setup.chosen()).book;
  $question.textContent = t("A new hero for {book}? The fights of {name} stay in Saved fights.",
                              { book, name: adventure?.name || t("this hero") });
  $confirm.hidden = false;
  $("#new-adventure-yes").focus();
}

async function startNew() {
  await save(); // what was just typed stays with the adventure left
  const key = setup.chosen();
  adventures.start(key);
  show(key);
  screenOf(key).screen.clearEnemies?.();
  $name.focus();
}
