// "Something wrong here?": the player says what the book says at this section, and the page puts it together with
// the fight's book, section and share link and the app's version as a plain-text report. It leaves this device only
// when the player copies or sends it. Its own file in the site, imported when the button is first pressed (app.js).
import { $, clearErrors, showError } from "../base/dom.js";
import { t } from "../base/i18n.js";
import { get, on } from "../base/state.js";
import { sectionWord } from "../screens/sheet.js";
import { system } from "../screens/systems.js";
import { copy, fightLink } from "./links.js";

const $open = $("#report"), $box = $("#report-box"), $error = $("#report-error"), $status = $("#report-status"),
  $text = $("#report-text"), $send = $("#report-send"),
  $words = /** @type {HTMLTextAreaElement} */ ($("#report-words")),
  $section = /** @type {HTMLInputElement} */ ($("#report-section"));
let filled = ""; // the section the form was last given: replaced by the next fight's while the player left it

/** The report's form opened, or closed (the button pressed). */
export function toggle() {
  $box.hidden = !$box.hidden;
  $open.setAttribute("aria-expanded", String(!$box.hidden));
  fill();
  if (!$box.hidden) $words.focus();
}

{ // once, as the module loads
  $send.hidden = !navigator.share; // where the phone has it
  on("fight", fill); // another fight, or the same in another language
  $box.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = await report();
    if (text) $status.textContent = await copy(text) ? t("Report copied to the clipboard.") : t("Copy the report below to send it.");
  });
  $send.addEventListener("click", async () => {
    const text = await report();
    if (text) navigator.share({ text }).catch(() => {});
  });
}

/**
 * The section's label in the book's word, and the fight's section unless the player has typed another; a report made
 * of the fight before goes (the player's words stay).
 */
function fill() {
  const fight = get("fight");
  $status.textContent = $text.textContent = "";
  if (!fight) return;
  /** @type {HTMLElement} */ ($section.labels?.[0]).textContent = sectionWord(fight.record.system);
  if ($section.value === filled) $section.value = filled = fight.section ?? "";
}

/** The report, also shown under the form; undefined with the fault shown beside its field. */
async function report() {
  const fight = get("fight"), words = $words.value.trim();
  clearErrors($box);
  $error.textContent = $status.textContent = $text.textContent = "";
  if (!words) return showError({ field: "words", label: "", message: t("write the book's words here."), text: "" }, $error, $box);
  const link = fight && await fightLink();
  if (!fight || !link) return;
  return $text.textContent = [`pyrules __RELEASE__`, `${t("Book")}: ${system(fight.record.system).book}`,
    `${sectionWord(fight.record.system)}: ${$section.value.trim()}`, `${t("Share link")}: ${link}`,
    `${t("What the book says")}: ${words}`].join("\n");
}
