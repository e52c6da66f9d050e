// How fights travel: share links (#f=<code> for a fight, #a=<code> for an adventure, read by the rules), the exported
// file and an imported one. The list they come into is saved.js's (its "Share" asks here by the event "share").
import { $, download, leaveLink, showError, tell } from "../base/dom.js";
import { t } from "../base/i18n.js";
import { get, on } from "../base/state.js";
import * as adventures from "../screens/adventures.js";
import { chosenWorth, judgedBy } from "../odds/odds.js";
import { show } from "../screens/play.js";
import { adopt, documentOf, render, saveFight, title } from "../screens/saved.js";
import { look } from "./looking.js";

/** @typedef {import("../base/rules.js").Opened} Opened */
/** @typedef {import("../base/rules.js").Rules} Rules */
/** @typedef {import("../screens/adventures.js").Adventure} Adventure */

const $shareBox = $("#share-box"), $shareStatus = $("#share-status"),
  $shareLink = /** @type {HTMLInputElement} */ ($("#share-link")),
  $importFile = /** @type {HTMLInputElement} */ ($("#import-file"));

/** The card's buttons that send a fight away or bring one in; a link pasted into an open app. */
export function init() {
  on("share", shareAdventure);
  // A link pasted into the address bar of an open app changes only the fragment.
  window.addEventListener("hashchange", () => {
    if (get("rules") && /^#[fa]=/.test(location.hash)) openFromLink();
  });
  $("#share").addEventListener("click", share);
  $shareLink.addEventListener("focus", () => $shareLink.select());
  $("#export").addEventListener("click", () => {
    const fight = get("fight");
    if (fight) download(title(fight), fight.record);
  });
  $importFile.addEventListener("change", importFile);
}

/**
 * A whole adventure as one link: copied, and shown in its group to copy by hand; one too long for a link reader is
 * refused by the rules with the words to export it instead.
 * @param {Adventure} adventure
 * @param {HTMLElement} group
 */
async function shareAdventure(adventure, group) {
  const rules = get("rules");
  if (!rules) return;
  const reply = await rules.call({ op: "share_adventure", adventure: documentOf(adventure) });
  const box = $(".adventure-link", group);
  const status = $(".adventure-link-status", group);
  box.hidden = false;
  const input = $("input", box);
  if (!reply.ok) {
    input.value = "";
    input.hidden = true;
    status.textContent = reply.error.text ?? reply.error.message;
    return;
  }
  const url = linkTo(reply.code, "a"), copied = await copy(url);
  input.hidden = false;
  input.value = url;
  status.textContent = copied ? t("Link copied to the clipboard.") : t("Copy the link above to share this adventure.");
}

/**
 * A fight imported from a file, shown and kept as a one-fight adventure (the rules make it from the fight).
 * @param {Opened} reply
 * @param {string} name
 */
async function opened(reply, name) {
  const rules = get("rules");
  const made = rules && await rules.call({ op: "adventure", adventure: reply.record });
  const adventure = made?.ok ? adventures.fromDocument(made.adventure) : undefined;
  show(reply, { name, adventure: adventure?.id });
  const fight = get("fight");
  if (fight) saveFight(fight);
  render();
}

// ---- a fight leaves the page or comes into it ----------------------------------------------------------------------

/**
 * Text copied to the clipboard where the browser lets the page (else shown to copy by hand): whether it was.
 * @param {string} text
 */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard permission
  }
}

/**
 * A share code as the page's link.
 * @param {string} code
 * @param {string} key "f" for a fight, "a" for an adventure (link.js says which is being opened; both open alike)
 */
const linkTo = (code, key) => `${location.origin}${location.pathname}#${key}=${code}`;

/**
 * The open fight's share link (its code the rules' own, with the story judged as this player judges it), or
 * undefined with the refusal shown under the fight's controls.
 */
export async function fightLink() {
  const rules = get("rules");
  const fight = get("fight");
  if (!rules || !fight) return;
  const book = fight.record.system; // the fight's own book: the panel may still show the one before
  const reply = await rules.call({ op: "share", session: fight.session, ...chosenWorth(book), judged: judgedBy(book) });
  if (reply.ok) return linkTo(reply.code, "f");
  showError(reply.error, $("#action-error"), $("#fight"));
}

// The fight a link carries, or the adventure it carries, shown to look at: nothing of this browser's changes (the
// address keeps the link, so that a reload shows it again) until the friend keeps or plays it. False when there is
// none (or it cannot be read).
export async function openFromLink() {
  const rules = get("rules");
  const hash = location.hash;
  if (!rules || !/^#[fa]=/.test(hash)) return false;
  /** @type {import("../base/rules.js").Reply<Opened & import("../screens/friend.js").Shared>} */
  const reply = await rules.call({ op: "open_link", code: hash.slice(3) });
  if (!reply.ok) {
    leaveLink();
    tell(t("This share link could not be opened because it {error}. Your saved fights are unchanged.",
           { error: reply.error.message }));
    return false;
  }
  if (reply.adventure) look(reply);
  else {
    show(reply, { name: "", link: true, shared: true, looking: "fight" });
    // a fight of no action (no story to tell) whose preview is not the rules' own
    if (reply.preview === "differs") tell(t("This link's preview did not match what it holds: what is shown is the rules' own."));
  }
  return true;
}

async function share() {
  const link = await fightLink();
  const fight = get("fight");
  if (!link || !fight) return;
  const copied = await copy(link);
  $shareBox.hidden = false;
  $shareLink.value = link;
  $shareStatus.textContent = copied ? t("Link copied to the clipboard.") : t("Copy the link above to share this fight.");
  if (navigator.share && navigator.canShare?.({ url: link })) {
    navigator.share({ title: title(fight), url: link }).catch(() => {});
  }
}

async function importFile() {
  const file = $importFile.files?.[0];
  const rules = get("rules");
  $importFile.value = "";
  if (!file || !rules) return;
  if (file.size > 1_000_000) return tell(t("{file} is too large to be a fight record.", { file: file.name }));
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    return tell(t("{file} is not a fight record: it is not valid JSON.", { file: file.name }));
  }
  if (record?.format === adventures.ADVENTURE_FORMAT) {
    const reply = await rules.call({ op: "adventure", adventure: record });
    if (!reply.ok) return tell(t("{file} could not be imported ({error}).", { file: file.name, error: reply.error.text }));
    adopt(reply.adventure);
    return;
  }
  /** @type {import("../base/rules.js").Reply<Opened>} */
  const reply = await rules.call({ op: "start", record });
  if (!reply.ok) return tell(t("{file} could not be imported ({error}).", { file: file.name, error: reply.error.text }));
  await opened(reply, file.name.replace(/\.json$/i, ""));
}
