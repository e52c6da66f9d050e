// The shell. Python (in the worker) does the rules; the screen module of each kind of system (screen-<kind>.js, the
// contract in types/screen.d.ts, loaded by systems.js) owns that kind's set-up form, fight view, log and outcome. This
// file starts the page, routes between the set-up (setup.js) and a fight (played by play.js: one request per action,
// the answer drawn through the fight's screen module, the fight kept by saved.js), and feeds the odds panel. Nothing
// here knows a system.
import { $, clearErrors, leaveLink, place, tell } from "../base/dom.js";
import { capital, language, loadLanguage, preferred, setLanguage, t, translatePage } from "../base/i18n.js";
import * as links from "./links.js";
import * as saved from "../screens/saved.js";
import * as odds from "../odds/odds.js";
import * as setup from "../screens/setup.js";
import * as sheet from "../screens/sheet.js";
import * as story from "../screens/story.js";
import * as friend from "../screens/friend.js";
import * as log from "../screens/log.js";
import * as lookAt from "./looking.js";
import * as play from "../screens/play.js";
import { fight, rules } from "../screens/play.js";
import { start } from "../base/rules.js";
import { read } from "../base/preview.js";
import { loadScreens, screenOf, system } from "../screens/systems.js";

/** @typedef {import("../base/rules.js").Action} Action */
/** @typedef {import("../base/rules.js").Opened} Opened */
/** @typedef {import("../base/rules.js").Rules} Rules */
/** @template T @typedef {import("../base/rules.js").Reply<T>} Reply */

const $setup = $("#setup"), $start = /** @type {HTMLButtonElement} */ ($("#start")), $fight = $("#fight"),
  $heading = $("#fight-heading"), $book = $("#fight-book"), $newFight = $("#new-fight"), $shareBox = $("#share-box"),
  $actionError = $("#action-error"), $top = $("#fight-top"), $controls = $("#fight-controls"),
  $buttons = $("#fight-buttons"), $bottom = $("#fight-bottom"), $saves = $("#saves"),
  $language = /** @type {HTMLSelectElement} */ ($("#language"));

// ---- the fight --------------------------------------------------------------------------------------------------

/** @param {SubmitEvent} event */
async function startFight(event) {
  event.preventDefault();
  if (!rules) return;
  $("#setup-error").textContent = "";
  const record = setup.record();
  const adventure = await sheet.save(); // the sheet as typed; `left`: the hero the adventure's last fight left
  const left = adventure?.system === record.system ? adventure.left : undefined;
  /** @type {Reply<Opened & {changed?: {label: string, now: string, left: string}[]}>} */
  const reply = await rules.call({ op: "start", record, form: true, ...(left ? { left } : {}) });
  if (!reply.ok) return setup.refused(reply.error);
  clearErrors($setup);
  $("#messages").replaceChildren();
  show(reply, { name: "", adventure: adventure?.id, section: adventure?.section }); // named in the page's language
  if (reply.changed?.length) { // the sheet takes any edit the book asks for: said, not refused
    tell(t("This fight starts from values other than the last fight left: {changes}.", {
      changes: reply.changed.map((c) => t("{label} {now} (the last fight left {left})", c)).join(", ") }));
  }
  play.saveOpenFight(); // kept once played: an unplayed fight is not a save
  // The fight card at the top of the screen (the set-up above it is gone), its first control focused: a button, so a
  // phone opens no keyboard.
  $fight.scrollIntoView({ block: "start" });
  screenOf(reply.record.system).screen.focus();
}

/**
 * Shows a fight the rules have opened (a new one, a saved one, a shared one, or the same in another language).
 * @param {Opened} reply
 * @param {{id?: string | null, name: string, created?: number, redo?: Action[], adventure?: string, section?: string,
 *          link?: boolean, versus?: string, shared?: boolean, looking?: "fight" | "adventure", index?: number}} meta
 *   link: opened from a share link (its story first, read-only until Play on); looking: a friend's fight (of a shared
 *   adventure: its `index`), looked at and not kept; versus: the saved fight this one fights again; name: the
 *   player's, or "" (saved.title)
 * @param {boolean} [same] the open fight again (in another language): what is typed for the next action stays
 */
function show(reply, { id = null, name, created, redo = [], adventure: of, section, link = false, versus, shared,
                       looking, index }, same = false) {
  const open = { id, name, created, session: reply.session, record: reply.record, view: reply.view,
            summary: reply.summary, why: reply.why, redo, adventure: of, section, terms: reply.terms,
            ...(versus ? { versus } : {}), ...(shared ? { shared } : {}), ...(looking ? { looking, index } : {}) };
  play.open(open);
  friend.hide();
  const { kind } = system(open.record.system);
  const { screen, parts } = screenOf(open.record.system);
  if ($top.dataset.kind !== kind) { // this kind's fight view in the fight card
    $top.dataset.kind = kind;
    place($top, parts.top);
    place($controls, parts.controls);
    place($buttons, parts.buttons);
    place($bottom, parts.bottom);
    play.cardsSeen.disconnect();
    const card = document.getElementById("hero-status");
    if (card) play.cardsSeen.observe(card);
  }
  $heading.textContent = saved.title(open);
  $book.textContent = system(open.record.system).book;
  $setup.hidden = true;
  $saves.hidden = true;
  $fight.hidden = false;
  $shareBox.hidden = true;
  $actionError.textContent = "";
  clearErrors($fight);
  if (!same) screen.resetInputs();
  play.render();
  play.drawLog(reply.log, reply.log_from ?? 0);
  if (id) saved.setCurrent(id);
  tellStory(link);
}

/**
 * The open fight's story (story.js) where its book's fights are reviewed: when it has ended, or when it came from a
 * link (read-only until the friend plays on).
 */
function tellStory(link = false) {
  const reviewed = fight !== null && system(fight.record.system).capabilities.includes("review");
  story.show(reviewed ? fight : null, { link: link && reviewed });
}

// Back to the set-up: the hero as the fight left it (its adventure's sheet), no enemy, a new section's rules. False
// when the fight stays (its hero could not be carried back: said beside the fight). From a friend's fight or
// adventure, looked at: the set-up as this browser left it, the current fight still the one the next visit opens.
async function newFight() {
  const open = fight;
  const looking = Boolean(open?.looking) || friend.open();
  if (looking) lookAt.leaveShared();
  else if (open && !(await sheet.heroBack(open, $actionError, $fight))) return false;
  play.open(null);
  story.hide();
  if (!looking) saved.setCurrent(null);
  $fight.hidden = true;
  $setup.hidden = false;
  $saves.hidden = false;
  $actionError.textContent = "";
  clearErrors($fight);
  if (open && !looking) {
    setup.choose(open.record.system); // its adventure's sheet, filled
    screenOf(open.record.system).screen.clearEnemies?.();
  }
  saved.render();
  showOddsSoon();
  setup.focus();
  return true;
}

/** @param {string} code */
async function switchLanguage(code) {
  if (!(await loadLanguage(code))) {
    $language.value = language();
    tell(t("The words of this language could not be downloaded: check the connection and try again."));
    return;
  }
  setLanguage(code);
  $language.value = language();
  translatePage();
  odds.translate();
  log.relabel();
  setup.select(false);
  sheet.relabel(setup.chosen());
  saved.render();
  if (rules) rules.lang = language();
  showOdds(); // in the new language at once
  if (friend.open() && rules) { // a shared adventure's words (its statistic, its key, its fights' outcomes) again
    /** @type {Reply<import("../screens/friend.js").Shared>} */
    const reply = await rules.call({ op: "open_link", code: location.hash.slice(3) });
    if (reply.ok && reply.adventure) friend.replace(reply);
  }
  if (fight && rules) {
    // The rules' words in the log (notes, reasons) come back in the new language.
    /** @type {Reply<Opened>} */
    const reply = await rules.call({ op: "restore", record: fight.record });
    if (reply.ok) show(reply, { ...fight, link: $fight.classList.contains("reading") }, true);
  }
  if (rules) { // the saved fights' lines made again in the new language (the book's own hero, the chart's names)
    await saved.check(rules);
    saved.render();
  }
}

// The odds panel follows the open fight, or the set-up form as it is typed. Its advice ("Spend 3 now") fills the
// fight's fields through the screen, and the odds follow them.
function showOdds() {
  const key = fight ? fight.record.system : setup.chosen();
  const { screen } = screenOf(key);
  const words = system(key);
  const options = { stat: words.labels[words.main_stat], exact: words.capabilities.includes("exact_odds") };
  if (fight) {
    const take = screen.takeOptions ? (/** @type {Record<string, number>} */ chosen, asked = false) => {
      screen.takeOptions?.(chosen, asked);
      showOddsSoon();
    } : null;
    odds.update(fight.record, { ...options, given: screen.oddsOptions?.(fight) ?? {}, take });
  } else {
    odds.update(setup.record(), { ...options, form: true, missing: setup.missing() });
  }
}

let oddsTimer = 0;
function showOddsSoon() {
  clearTimeout(oddsTimer);
  oddsTimer = setTimeout(showOdds, 300);
}

// ---- start-up ---------------------------------------------------------------------------------------------------

const linked = read(location.hash); // a share link's preview, read while the page's words download
await loadLanguage(preferred()); // its words, one small file (English: none); offline from the service worker's cache
setLanguage(preferred());
$language.value = language();
translatePage();
odds.translate();
const loaded = loadScreens({ act: play.act, changed: showOddsSoon, rollHero: setup.rollHero });
lookAt.init({ show, newFight });
friend.init({ book: (key) => system(key)?.book, fightName: saved.fightName, state: saved.state, back: lookAt.back,
              keep: (document) => { links.adopt(document, true, friend.lines()); leaveLink(); },
              open: async ({ name, record }, index) => {
                /** @type {Reply<Opened> | null} */
                const reply = rules && await rules.call({ op: "restore", record });
                if (reply?.ok) show(reply, { name, link: true, shared: true, looking: "adventure", index });
              } });
story.init({ review: odds.review, book: () => (fight ? system(fight.record.system).book : ""), again: lookAt.fightItYourself,
             versus: (id) => saved.find(id), title: saved.title, back: lookAt.back,
             keep: async () => { if (fight) await saved.keep(fight); },
             ending: (open) => capital(saved.state(open.summary)),
             playOn: async () => {
               if (!fight) return;
               await saved.keep(fight, true);
               story.hide();
               $fight.scrollIntoView({ block: "start" }); // the fight card at the top, as a new fight starts
               screenOf(fight.record.system).screen.focus();
             } });
lookAt.showPreview(await linked); // a share link's story at once, before the saves are read and the rules have loaded
/** @type {import("../screens/saved.js").Page} */
const page = { rules: () => rules, fight: () => fight, show, look: lookAt.look, book: (key) => system(key)?.book,
               adventureChanged: (key) => { if (!fight) setup.choose(key); }, home: newFight,
               shareAdventure: links.shareAdventure };
await saved.init(page);
links.init(page);
start(async (client) => {
  play.connect(client);
  odds.quickFrom((request) => client.call(request)); // the cheap odds at once, before the odds' worker is up
  await loaded;
  await saved.check(client);
  if (!(await links.openFromLink())) {
    const save = saved.find(saved.currentId() ?? "");
    if (save) await saved.resume(save);
  }
  document.documentElement.classList.remove("opening-link"); // link.js's mark: the link's fight is shown, or refused
  $start.disabled = false;
  saved.render();
  odds.start(); // the odds may start their own worker once asked
  showOdds();
});

await loaded;
play.init({ tellStory, changed: showOddsSoon });
sheet.init({ rules: () => rules });
setup.init({ rules: () => rules, chose: sheet.show, leaving: sheet.save });
sheet.show(setup.chosen());
showOdds(); // what the set-up still needs is said at once, before the odds' worker has started
$language.addEventListener("change", () => switchLanguage($language.value));
$setup.addEventListener("submit", startFight);
for (const type of ["input", "change"]) $setup.addEventListener(type, showOddsSoon);
$setup.addEventListener("click", (event) => {
  if (/** @type {Element} */ (event.target).closest("button")) showOddsSoon();
});
$newFight.addEventListener("click", newFight);
