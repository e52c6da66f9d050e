// Leaving the open fight: the set-up again (New fight), or a friend's fight or adventure, looked at: a share link's
// preview drawn before the rules have loaded, a shared adventure's overview, the way back to one's own fights, and
// "Fight it yourself" (the story's buttons ask for them by the events "back" and "again"). Nothing of the friend's is
// kept unasked (saved.js keeps it when asked).
import { $, clearErrors, leaveLink, showError } from "../base/dom.js";
import { t } from "../base/i18n.js";
import { emit, get, on, set } from "../base/state.js";
import * as friend from "../screens/friend.js";
import * as play from "../screens/play.js";
import * as saved from "../screens/saved.js";
import * as setup from "../screens/setup.js";
import * as sheet from "../screens/sheet.js";
import * as story from "../screens/story.js";
import { screenOf, system, words } from "../screens/systems.js";

/** @typedef {import("../base/rules.js").Opened} Opened */
/** @template T @typedef {import("../base/rules.js").Reply<T>} Reply */

const $fight = $("#fight"), $heading = $("#fight-heading"), $book = $("#fight-book"), $actionError = $("#action-error");
on("back", back);
on("again", fightItYourself);

// Back to the set-up: the hero as the fight left it (its adventure's sheet), no enemy, a new section's rules. False
// when the fight stays (its hero could not be carried back: said beside the fight). From a friend's fight or
// adventure, looked at: the set-up as this browser left it, the current fight still the one the next visit opens.
export async function home() {
  const open = get("fight");
  const looking = Boolean(open?.looking) || friend.open();
  if (looking) leaveShared();
  else if (open && !(await sheet.heroBack(open, $actionError, $fight))) return false;
  set("fight", null);
  story.hide();
  if (!looking) saved.setCurrent(null);
  $fight.hidden = true;
  $("#setup").hidden = false;
  $("#saves").hidden = false;
  $actionError.textContent = "";
  clearErrors($fight);
  if (open && !looking) {
    setup.choose(open.record.system); // its adventure's sheet, filled
    screenOf(open.record.system).screen.clearEnemies?.();
  }
  saved.render();
  emit("changed"); // the odds of the set-up
  setup.focus();
  return true;
}

/**
 * A shared adventure's overview, this browser's own cards set aside (the open fight stays saved and current).
 * @param {import("../screens/friend.js").Shared} reply
 */
export function look(reply) {
  story.hide();
  $fight.hidden = true;
  friend.show(reply);
}

// The link left: what the next visit opens is this browser's own again (nothing of the friend's was kept unasked).
function leaveShared() {
  friend.hide(true);
  leaveLink();
}

// "Back to my fights": the fight this browser had open (the current one), else the set-up.
async function backToMine() {
  leaveShared();
  const save = saved.find(saved.currentId() ?? "");
  if (save) return saved.resume(save);
  set("fight", null); // nothing of one's own was open: the set-up, as New fight leaves it
  await home();
}

// "Back to the adventure" from one of its fights, or "Back to my fights".
function back() {
  const fight = get("fight");
  if (fight?.looking === "adventure") {
    const from = fight.index;
    story.hide();
    set("fight", null);
    $fight.hidden = true;
    return friend.show(null, from);
  }
  return backToMine();
}

/**
 * A share link's preview, drawn before the rules have loaded (unless they were quicker): a fight's story, or an
 * adventure's list of fights. The rules replace it with their own when they open the link.
 * @param {[Record<string, any>, any] | null} pair the link's record (or adventure) and preview (preview.js)
 */
export function showPreview(pair) {
  if (!pair || get("fight") || friend.open()) return;
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
      $heading.textContent = saved.fightName(summary);
      $book.textContent = system(record.system).book;
      $fight.hidden = false;
      // the labels are the rules' English words: said in the page's language through the rules' catalog
      story.preview(summary, sides.map((/** @type {any[]} */ [name, label, value]) => [named(name), t(label), value]),
                    chart, words().measures, shown);
    }
  } catch { // not a preview these pages can draw: the rules' story when they have loaded
    $fight.hidden = true;
    story.hide();
    friend.hide(true);
    return;
  }
  window.pyrulesTiming = { ...window.pyrulesTiming, preview: performance.now() };
}

// "Fight it yourself": the shared fight's set-up with a seed of one's own and no action, as one's own new fight (the
// friend's kept, to be drawn beside it).
async function fightItYourself() {
  const fight = get("fight"), rules = get("rules");
  if (!fight || !rules) return;
  await saved.keep(fight);
  const record = { ...fight.record, seed: setup.randomSeed(), actions: [] };
  /** @type {Reply<Opened>} */
  const reply = await rules.call({ op: "restore", record });
  if (!reply.ok) return showError(reply.error, $actionError, $fight);
  const versus = fight.id ?? undefined;
  story.hide();
  play.show(reply, { name: "", versus });
  $fight.scrollIntoView({ block: "start" });
  screenOf(reply.record.system).screen.focus();
}
