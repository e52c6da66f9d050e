// The shell. Python (in the worker) does the rules; the screen module of each kind of system (screen-<kind>.js, the
// contract in types/screen.d.ts) owns that kind's set-up form, fight view, log and outcome. This file starts the page,
// routes between the set-up (setup.js) and a fight, sends one request per action and draws the answer through the
// fight's screen module, keeps the fight saved (saved.js), and feeds the odds panel. Nothing here knows a system.
import { $, clearErrors, place, showError, tell, undoKeys } from "./dom.js";
import { capital, language, loadLanguage, preferred, setLanguage, systemsWords, t, translatePage } from "./i18n.js";
import * as links from "./links.js";
import * as saved from "./saved.js";
import * as odds from "./odds.js";
import * as setup from "./setup.js";
import * as sheet from "./sheet.js";
import * as story from "./story.js";
import * as friend from "./friend.js";
import * as log from "./log.js";
import { start } from "./rules.js";
import { read } from "./preview.js";

/** @typedef {import("../types/screen").Screen} Screen */
/** @typedef {import("../types/screen").Parts} Parts */
/** @typedef {import("../types/screen").OpenFight} OpenFight */
/** @typedef {import("./rules.js").Action} Action */
/** @typedef {import("./rules.js").FightEvent} FightEvent */
/** @typedef {import("./rules.js").Opened} Opened */
/** @typedef {import("./rules.js").Rules} Rules */
/** @typedef {import("./rules.js").Words} Words */
/** @template T @typedef {import("./rules.js").Reply<T>} Reply */

/** @type {Record<string, Words>} {en: {systems, measures}}: the rules' describe() in English, written by build.py */
const WORDS = JSON.parse($("#systems-data").textContent ?? "");
const words = () => systemsWords(language()) ?? WORDS.en; // another language's come with its download

const ui = {
  setup: $("#setup"), start: /** @type {HTMLButtonElement} */ ($("#start")), fight: $("#fight"),
  heading: $("#fight-heading"), book: $("#fight-book"), roundForm: $("#round-form"), newFight: $("#new-fight"),
  undo: /** @type {HTMLButtonElement} */ ($("#undo")), redo: /** @type {HTMLButtonElement} */ ($("#redo")),
  shareBox: $("#share-box"), actionError: $("#action-error"), outcome: $("#outcome"), top: $("#fight-top"),
  controls: $("#fight-controls"), buttons: $("#fight-buttons"), bottom: $("#fight-bottom"), saves: $("#saves"),
  language: /** @type {HTMLSelectElement} */ ($("#language")), strip: $("#fight-strip"),
};

/** @type {Rules | null} */
let rules = null; // the worker client, once ready
/** @type {OpenFight | null} */
let fight = null;
/** @type {Map<string, {screen: Screen, parts: Parts}>} */
const screens = new Map(); // by kind

// Each kind's screen module, loaded while the shell paints: a new kind of system is one more screen-<kind>.js.
async function loadScreens() {
  const shell = { act, changed: showOddsSoon, rollHero: setup.rollHero };
  const kinds = new Set(Object.values(WORDS.en.systems).map((system) => system.kind));
  await Promise.all([...kinds].map(async (kind) => {
    /** @type {Screen} */
    const screen = await import(`./screen-${kind}.js`);
    screens.set(kind, { screen, parts: screen.init(shell) });
  }));
}

/** @param {string} key a system's */
const system = (key) => words().systems[key];
/**
 * An open fight's system as its screen shows it: the hero named as the rules name him in this fight (the summary's:
 * the adventure sheet's name, or the book's hero).
 * @param {OpenFight} open
 */
const shownFor = (open) => ({ ...system(open.record.system), hero: open.summary.hero });
/** @param {string} key a system's */
const screenOf = (key) => /** @type {{screen: Screen, parts: Parts}} */ (screens.get(system(key).kind));

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
  clearErrors(ui.setup);
  $("#messages").replaceChildren();
  show(reply, { name: "", adventure: adventure?.id, section: adventure?.section }); // named in the page's language
  if (reply.changed?.length) { // the sheet takes any edit the book asks for: said, not refused
    tell(t("This fight starts from values other than the last fight left: {changes}.", {
      changes: reply.changed.map((c) => t("{label} {now} (the last fight left {left})", c)).join(", ") }));
  }
  saveOpenFight(); // kept once played: an unplayed fight is not a save
  // The fight card at the top of the screen (the set-up above it is gone), its first control focused: a button, so a
  // phone opens no keyboard.
  ui.fight.scrollIntoView({ block: "start" });
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
  fight = { id, name, created, session: reply.session, record: reply.record, view: reply.view,
            summary: reply.summary, why: reply.why, redo, adventure: of, section, terms: reply.terms,
            ...(versus ? { versus } : {}), ...(shared ? { shared } : {}), ...(looking ? { looking, index } : {}) };
  friend.hide();
  const { kind } = system(fight.record.system);
  const { screen, parts } = screenOf(fight.record.system);
  if (ui.top.dataset.kind !== kind) { // this kind's fight view in the fight card
    ui.top.dataset.kind = kind;
    place(ui.top, parts.top);
    place(ui.controls, parts.controls);
    place(ui.buttons, parts.buttons);
    place(ui.bottom, parts.bottom);
    cardsSeen.disconnect();
    const card = document.getElementById("hero-status");
    if (card) cardsSeen.observe(card);
  }
  ui.heading.textContent = saved.title(fight);
  ui.book.textContent = system(fight.record.system).book;
  ui.setup.hidden = true;
  ui.saves.hidden = true;
  ui.fight.hidden = false;
  ui.shareBox.hidden = true;
  ui.actionError.textContent = "";
  clearErrors(ui.fight);
  if (!same) screen.resetInputs();
  render();
  drawLog(reply.log, reply.log_from ?? 0);
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

/**
 * One action of the open fight: the rules' answer drawn, the fight kept. False when the rules refuse it.
 * @param {Action | null} action
 */
async function act(action, fromRedo = false) {
  if (!fight || !action || !rules || inFlight) return false; // one action at a time: a tap during one is not another
  inFlight = acted(action, fromRedo);
  try {
    return await inFlight;
  } finally {
    inFlight = null;
  }
}

/** @type {Promise<boolean> | null} an action with the rules, or being drawn */
let inFlight = null;

/**
 * @param {Action} action
 * @param {boolean} fromRedo
 */
async function acted(action, fromRedo) {
  if (!fight || !rules) return false;
  /** @type {Reply<import("./rules.js").Acted>} */
  const reply = await rules.call({ op: "act", session: fight.session, action });
  if (!reply.ok) {
    showError(reply.error, ui.actionError, ui.fight);
    return false;
  }
  clearErrors(ui.fight);
  ui.actionError.textContent = "";
  $("#messages").replaceChildren();
  fight.record.actions.push(reply.action);
  fight.view = reply.view;
  fight.summary = reply.summary;
  fight.why = reply.why;
  if (!fromRedo) fight.redo = [];
  if (fight.looking) await saved.keep(fight, true); // a friend's fight played (one with no story yet): kept, as Play on
  saveOpenFight();
  const { screen, parts } = screenOf(fight.record.system);
  screen.clearInputs();
  render();
  parts.log.append(...rowsOf(reply.event, fight.record.actions.length - 1));
  if (fight.view.outcome !== "ongoing") {
    sheet.heroBack(fight, ui.actionError, ui.fight); // the sheet follows the fight as soon as it is over
    tellStory();
  }
  return true;
}

async function undo() {
  if (!fight || !rules || !fight.record.actions.length) return;
  /** @type {Reply<import("./rules.js").Undone>} */
  const reply = await rules.call({ op: "undo", session: fight.session });
  if (!reply.ok) return showError(reply.error, ui.actionError, ui.fight);
  fight.redo.push(/** @type {Action} */ (fight.record.actions.pop()));
  fight.view = reply.view;
  fight.summary = reply.summary;
  fight.why = reply.why;
  saveOpenFight();
  render();
  tellStory();
  // The rows of the action undone go (each row says its action's index): the reply carries no log to draw again.
  const { parts } = screenOf(fight.record.system);
  const kept = fight.record.actions.length;
  for (const row of [...parts.log.children]) {
    if (Number(/** @type {HTMLElement} */ (row).dataset.action) >= kept) row.remove();
  }
  log.undone(kept);
}

// Redo is a deliberate press of its own button, never a bounce: pressed while an action is with the rules (the story's
// review before it, say), it waits for it, and each press redoes one action.
let redone = Promise.resolve();
function redo() {
  redone = redone.then(async () => {
    while (inFlight) await inFlight.catch(() => false);
    if (fight && fight.redo.length) await act(/** @type {Action} */ (fight.redo.pop()), true);
  });
}

/**
 * The open fight's log, from the events the rules sent (its last ones); earlier ones asked for page by page.
 * @param {FightEvent[]} events
 * @param {number} start the first one's index in the fight's log
 */
function drawLog(events, start) {
  const open = /** @type {OpenFight} */ (fight);
  log.draw({ log: screenOf(open.record.system).parts.log, rows: rowsOf, more: async (end) => {
    /** @type {Reply<{log: FightEvent[], log_from: number}> | null} */
    const reply = rules && await rules.call({ op: "log", session: open.session, end });
    if (reply && !reply.ok) showError(reply.error, ui.actionError, ui.fight);
    return reply?.ok ? reply : null;
  } }, events, start);
}

/**
 * The log's rows for one action's event, each marked with the action's index (undo takes them away by it).
 * @param {FightEvent} event
 * @param {number} index
 */
function rowsOf(event, index) {
  const open = /** @type {OpenFight} */ (fight);
  const rows = screenOf(open.record.system).screen.logRows(event, open, shownFor(open));
  for (const row of rows) row.dataset.action = String(index);
  return rows;
}

function render() {
  const open = /** @type {OpenFight} */ (fight);
  const { screen } = screenOf(open.record.system);
  const shown = shownFor(open);
  screen.render(open, shown);
  ui.undo.disabled = open.record.actions.length === 0;
  ui.redo.disabled = open.redo.length === 0;
  ui.outcome.className = `outcome ${open.view.outcome}`;
  ui.outcome.textContent = screen.outcomeText(open.view, shown);
  ui.strip.textContent = screen.strip?.(open, shown) ?? "";
  showStrip();
  showOddsSoon();
  const opened = document.activeElement === document.body; // a finished fight opened (a link, a saved one)
  if (open.view.outcome !== "ongoing" && !open.looking && (ui.roundForm.contains(document.activeElement) || opened)) {
    // The controls just used are disabled now; a fight just opened stays shown from its cards, not scrolled away.
    ui.newFight.focus({ preventScroll: opened });
  }
}

// The strip of both sides' numbers: at the top of the screen while the hero's card is scrolled past (the log read
// under it); not while the card is still below (a friend's story read above the cards, under the fight's heading).
let cardsPassed = false;
const cardsSeen = new IntersectionObserver((entries) => {
  const last = entries[entries.length - 1];
  cardsPassed = !last.isIntersecting && last.boundingClientRect.bottom <= 0;
  showStrip();
});
function showStrip() {
  ui.strip.hidden = !cardsPassed || !fight || ui.fight.hidden || !ui.strip.textContent;
}

function saveOpenFight() {
  if (fight) saved.saveFight(fight);
}

// Back to the set-up: the hero as the fight left it (its adventure's sheet), no enemy, a new section's rules. False
// when the fight stays (its hero could not be carried back: said beside the fight). From a friend's fight or
// adventure, looked at: the set-up as this browser left it, the current fight still the one the next visit opens.
async function newFight() {
  const open = fight;
  const looking = Boolean(open?.looking) || friend.open();
  if (looking) leaveShared();
  else if (open && !(await sheet.heroBack(open, ui.actionError, ui.fight))) return false;
  fight = null;
  story.hide();
  if (!looking) saved.setCurrent(null);
  ui.fight.hidden = true;
  ui.setup.hidden = false;
  ui.saves.hidden = false;
  ui.actionError.textContent = "";
  clearErrors(ui.fight);
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
    ui.language.value = language();
    tell(t("The words of this language could not be downloaded: check the connection and try again."));
    return;
  }
  setLanguage(code);
  ui.language.value = language();
  translatePage();
  odds.translate();
  log.relabel();
  setup.select(false);
  sheet.relabel(setup.chosen());
  saved.render();
  if (rules) rules.lang = language();
  showOdds(); // in the new language at once
  if (friend.open() && rules) { // a shared adventure's words (its statistic, its key, its fights' outcomes) again
    /** @type {Reply<import("./friend.js").Shared>} */
    const reply = await rules.call({ op: "open_link", code: location.hash.slice(3) });
    if (reply.ok && reply.adventure) friend.replace(reply);
  }
  if (fight && rules) {
    // The rules' words in the log (notes, reasons) come back in the new language.
    /** @type {Reply<Opened>} */
    const reply = await rules.call({ op: "restore", record: fight.record });
    if (reply.ok) show(reply, { ...fight, link: ui.fight.classList.contains("reading") }, true);
  }
}

// ---- a friend's fight or adventure, looked at -------------------------------------------------------------------

/**
 * A shared adventure's overview, this browser's own cards set aside (the open fight stays saved and current).
 * @param {import("./friend.js").Shared} reply
 */
function look(reply) {
  story.hide();
  ui.fight.hidden = true;
  friend.show(reply);
}

// The link left: what the next visit opens is this browser's own again (nothing of the friend's was kept unasked).
function leaveShared() {
  friend.hide(true);
  links.leaveLink();
}

// "Back to my fights": the fight this browser had open (the current one), else the set-up.
async function backToMine() {
  leaveShared();
  const save = saved.find(saved.currentId() ?? "");
  if (save) return saved.resume(save);
  fight = null; // nothing of one's own was open: the set-up, as newFight leaves it
  await newFight();
}

// "Back to the adventure" from one of its fights, or "Back to my fights".
function back() {
  if (fight?.looking === "adventure") {
    const from = fight.index;
    story.hide();
    fight = null;
    ui.fight.hidden = true;
    return friend.show(null, from);
  }
  return backToMine();
}

// The odds panel follows the open fight, or the set-up form as it is typed. Its advice "Spend 3 now" fills the fight's
// spend field through the screen, and the odds follow the new spend.
function showOdds() {
  const key = fight ? fight.record.system : setup.chosen();
  const { screen } = screenOf(key);
  const words = system(key);
  const options = { stat: words.labels[words.main_stat], exact: words.capabilities.includes("exact_odds") };
  if (fight) {
    const spendNow = screen.setSpend ? (/** @type {number} */ n, asked = false) => {
      screen.setSpend?.(n, asked);
      showOddsSoon();
    } : null;
    odds.update(fight.record, { ...options, spend: screen.spendOf?.(fight) ?? 1, spendNow });
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
ui.language.value = language();
translatePage();
odds.translate();
const loaded = loadScreens();
friend.init({ book: (key) => system(key)?.book, fightName: saved.fightName, state: saved.state, back,
              keep: (document) => { links.adopt(document, true, friend.lines()); links.leaveLink(); },
              open: async ({ name, record }, index) => {
                /** @type {Reply<Opened> | null} */
                const reply = rules && await rules.call({ op: "restore", record });
                if (reply?.ok) show(reply, { name, link: true, shared: true, looking: "adventure", index });
              } });
story.init({ review: odds.review, book: () => (fight ? system(fight.record.system).book : ""), again: fightItYourself,
             versus: (id) => saved.find(id), title: saved.title, back,
             keep: async () => { if (fight) await saved.keep(fight); },
             ending: (open) => capital(saved.state(open.summary)),
             playOn: async () => {
               if (!fight) return;
               await saved.keep(fight, true);
               story.hide();
               ui.fight.scrollIntoView({ block: "start" }); // the fight card at the top, as a new fight starts
               screenOf(fight.record.system).screen.focus();
             } });
showPreview(await linked); // a share link's story at once, before the saves are read and the rules have loaded
await saved.init({ rules: () => rules, fight: () => fight, show, look, book: (key) => system(key)?.book,
            adventureChanged: (key) => { if (!fight) setup.choose(key); }, home: newFight });
start(async (client) => {
  rules = client;
  odds.quickFrom((request) => client.call(request)); // the cheap odds at once, before the odds' worker is up
  await loaded;
  await saved.check(client);
  if (!(await links.openFromLink())) {
    const save = saved.find(saved.currentId() ?? "");
    if (save) await saved.resume(save);
  }
  document.documentElement.classList.remove("opening-link"); // link.js's mark: the link's fight is shown, or refused
  ui.start.disabled = false;
  saved.render();
  odds.start(); // the odds may start their own worker once asked
  showOdds();
});

/**
 * A share link's preview, drawn before the rules have loaded (unless they were quicker): a fight's story, or an
 * adventure's list of fights. The rules replace it with their own when they open the link.
 * @param {[Record<string, any>, any] | null} pair the link's record (or adventure) and preview (preview.js)
 */
function showPreview(pair) {
  if (!pair || fight || friend.open()) return;
  const [record, shown] = pair;
  /** @param {unknown} name "": the book's hero, as the page's language names him */
  const named = (name) => String(name || system(record.system).hero);
  try {
    if (record.format === "pyrules-adventure") {
      friend.show({ adventure: record, overview: { stat: t(shown.stat), fights: shown.fights }, terms: [] }, undefined,
                  true);
    } else {
      const [outcome, rounds, hero, enemies, sides, chart] = shown;
      const summary = { system: record.system, book: "", hero: named(hero), enemies, outcome, rounds };
      ui.heading.textContent = saved.fightName(summary);
      ui.book.textContent = system(record.system).book;
      ui.fight.hidden = false;
      // the labels are the rules' English words: said in the page's language through the rules' catalog
      story.preview(summary, sides.map((/** @type {any[]} */ [name, label, value]) => [named(name), t(label), value]),
                    chart, words().measures, shown);
    }
  } catch { // not a preview these pages can draw: the rules' story when they have loaded
    ui.fight.hidden = true;
    story.hide();
    friend.hide(true);
    return;
  }
  window.pyrulesTiming = { ...window.pyrulesTiming, preview: performance.now() };
}

// "Fight it yourself": the shared fight's set-up with a seed of one's own and no action, as one's own new fight (the
// friend's kept, to be drawn beside it).
async function fightItYourself() {
  if (!fight || !rules) return;
  await saved.keep(fight);
  const record = { ...fight.record, seed: setup.randomSeed(), actions: [] };
  /** @type {Reply<Opened>} */
  const reply = await rules.call({ op: "restore", record });
  if (!reply.ok) return showError(reply.error, ui.actionError, ui.fight);
  const versus = fight.id ?? undefined;
  story.hide();
  show(reply, { name: "", versus });
  ui.fight.scrollIntoView({ block: "start" });
  screenOf(reply.record.system).screen.focus();
}

await loaded;
sheet.init({ rules: () => rules, screenOf, system });
setup.init({ words, screenOf, rules: () => rules, chose: sheet.show, leaving: sheet.save });
sheet.show(setup.chosen());
showOdds(); // what the set-up still needs is said at once, before the odds' worker has started
ui.language.addEventListener("change", () => switchLanguage(ui.language.value));
ui.setup.addEventListener("submit", startFight);
for (const type of ["input", "change"]) ui.setup.addEventListener(type, showOddsSoon);
ui.setup.addEventListener("click", (event) => {
  if (/** @type {Element} */ (event.target).closest("button")) showOddsSoon();
});
ui.roundForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (fight) act(screenOf(fight.record.system).screen.formAction(fight));
});
// One action per intent: a click the browser counts as the second of a double click or double tap (a bounce, a
// nervous second tap on the same control, within the system's double-click time) does nothing in the fight card; a
// deliberate next round, later than that, is a click of its own.
ui.fight.addEventListener("click", (event) => {
  if (event.detail < 2 || !(/** @type {Element} */ (event.target).closest("button, input"))) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}, true);
ui.newFight.addEventListener("click", newFight);
ui.undo.addEventListener("click", undo);
ui.redo.addEventListener("click", redo);
undoKeys(() => fight !== null && !ui.fight.hidden, undo, redo);
