// The shell. Python (in the worker) does the rules; the screen module of each kind of system (screen-<kind>.js, the
// contract in types/screen.d.ts, loaded by systems.js) owns that kind's set-up form, fight view, log and outcome. This
// file starts the page: the set-up (setup.js) starts a fight, shown and played by play.js (one request per action,
// the answer drawn through the fight's screen module, the fight kept by saved.js), left by looking.js; it switches
// the language and feeds the odds panel. The page's state (the rules, the open fight) is base/state.js's: the modules
// read it there, and ask the shell for the odds by its event "changed". Nothing here knows a system.
import { $, clearErrors, tell } from "../base/dom.js";
import { language, loadLanguage, preferred, setLanguage, t, translatePage } from "../base/i18n.js";
import { get, on, set } from "../base/state.js";
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
import { start } from "../base/rules.js";
import { read } from "../base/preview.js";
import { loadScreens, screenOf, system } from "../screens/systems.js";

/** @typedef {import("../base/rules.js").Opened} Opened */
/** @template T @typedef {import("../base/rules.js").Reply<T>} Reply */

const $setup = $("#setup"), $odds = $("#odds"), $start = /** @type {HTMLButtonElement} */ ($("#start")),
  $fight = $("#fight"), $language = /** @type {HTMLSelectElement} */ ($("#language"));

// ---- the fight --------------------------------------------------------------------------------------------------

/** @param {SubmitEvent} event */
async function startFight(event) {
  event.preventDefault();
  const rules = get("rules");
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
  play.show(reply, { name: "", adventure: adventure?.id, section: adventure?.section }); // named in the page's language
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

/** @param {string} code */
async function switchLanguage(code) {
  if (!(await loadLanguage(code))) {
    $language.value = language();
    tell(t("The words of this language could not be downloaded: check the connection and try again."));
    return;
  }
  setLanguage(code);
  const rules = get("rules");
  if (rules) rules.lang = language(); // before the screens are drawn again: what they ask is answered in it
  $language.value = language();
  translatePage();
  odds.translate();
  log.relabel();
  setup.select(false);
  sheet.relabel(setup.chosen());
  saved.render();
  showOdds(); // in the new language at once
  if (friend.open() && rules) { // a shared adventure's words (its statistic, its key, its fights' outcomes) again
    /** @type {Reply<import("../screens/friend.js").Shared>} */
    const reply = await rules.call({ op: "open_link", code: location.hash.slice(3) });
    if (reply.ok && reply.adventure) friend.replace(reply);
  }
  const fight = get("fight");
  if (fight && rules) {
    // The rules' words in the log (notes, reasons) come back in the new language.
    /** @type {Reply<Opened>} */
    const reply = await rules.call({ op: "restore", record: fight.record });
    if (reply.ok) play.show(reply, { ...fight, link: $fight.classList.contains("reading") }, true);
  }
  if (rules) { // the saved fights' lines made again in the new language (the book's own hero, the chart's names)
    await saved.check(rules);
    saved.render();
  }
}

// The odds panel follows the open fight, or the set-up form as it is typed. Its advice ("Spend 3 now") fills the
// fight's fields through the screen, and the odds follow them. While a change waits to be shown (showOddsSoon), the
// panel is aria-busy: it still shows the page as it was (the tests wait for it to follow the page as it stands).
function showOdds() {
  clearTimeout(oddsTimer); // shown now: a change still waiting would show the same
  $odds.ariaBusy = "false";
  const fight = get("fight");
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
  $odds.ariaBusy = "true";
  oddsTimer = setTimeout(showOdds, 300);
}

// ---- start-up ---------------------------------------------------------------------------------------------------

const linked = read(location.hash); // a share link's preview, read while the page's words download
await loadLanguage(preferred()); // its words, one small file (English: none); offline from the service worker's cache
setLanguage(preferred());
$language.value = language();
translatePage();
odds.translate();
on("changed", showOddsSoon); // a set-up field, a spend typed, a round drawn, the set-up again: the odds follow
// The screens' contract (types/screen.d.ts): the one thing handed down.
const loaded = loadScreens({ act: play.act, changed: showOddsSoon, rollHero: setup.rollHero });
friend.init();
story.init();
lookAt.showPreview(await linked); // a share link's story at once, before the saves are read and the rules have loaded
await saved.init();
links.init();
// the report's form on first need (its own file): each press opens or closes it
$("#report").addEventListener("click", () => import("./report.js").then((report) => report.toggle()));
start(async (client) => {
  set("rules", client);
  odds.quickFrom((request) => client.call(request)); // the cheap odds at once, before the odds' worker is up
  await loaded;
  await saved.check(client);
  if (!(await links.openFromLink())) {
    const save = saved.find(saved.currentId() ?? "");
    if (save) await saved.resume(save);
  }
  const { classList } = document.documentElement;
  if (classList.contains("opening-link")) { // link.js's mark: the link's fight is shown, or refused
    classList.remove("opening-link");
    sheet.drawChart(); // held back until now (sheet.js); without a link it was drawn when the rules came
  }
  $start.disabled = false;
  saved.render();
  odds.start(); // the odds may start their own worker once asked
  showOdds();
});

await loaded;
play.init();
sheet.init();
setup.init();
sheet.show(setup.chosen());
showOdds(); // what the set-up still needs is said at once, before the odds' worker has started
$language.addEventListener("change", () => switchLanguage($language.value));
$setup.addEventListener("submit", startFight);
for (const type of ["input", "change"]) $setup.addEventListener(type, showOddsSoon);
$setup.addEventListener("click", (event) => {
  if (/** @type {Element} */ (event.target).closest("button")) showOddsSoon();
});
$("#new-fight").addEventListener("click", lookAt.home);
