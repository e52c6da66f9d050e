// A friend's fight or adventure, looked at: a share link's preview drawn before the rules have loaded, a shared
// adventure's overview, the way back to one's own fights, and "Fight it yourself". Nothing of the friend's is kept
// unasked (saved.js keeps it when asked).
import { $, leaveLink, showError } from "../base/dom.js";
import { t } from "../base/i18n.js";
import * as friend from "../screens/friend.js";
import * as play from "../screens/play.js";
import { fight, rules } from "../screens/play.js";
import * as saved from "../screens/saved.js";
import * as setup from "../screens/setup.js";
import * as story from "../screens/story.js";
import { screenOf, system, words } from "../screens/systems.js";

/** @typedef {import("../base/rules.js").Opened} Opened */
/** @template T @typedef {import("../base/rules.js").Reply<T>} Reply */
/**
 * What looking asks of the shell: a fight shown, the set-up again.
 * @typedef {{show: (reply: Opened, meta: {name: string, versus?: string}) => void, newFight: () => Promise<boolean>}}
 *   Shell
 */

const $fight = $("#fight"), $heading = $("#fight-heading"), $book = $("#fight-book"), $actionError = $("#action-error");
/** @type {Shell} */
let shell;

/** @param {Shell} with_ */
export function init(with_) {
  shell = with_;
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
export function leaveShared() {
  friend.hide(true);
  leaveLink();
}

// "Back to my fights": the fight this browser had open (the current one), else the set-up.
async function backToMine() {
  leaveShared();
  const save = saved.find(saved.currentId() ?? "");
  if (save) return saved.resume(save);
  play.open(null); // nothing of one's own was open: the set-up, as newFight leaves it
  await shell.newFight();
}

// "Back to the adventure" from one of its fights, or "Back to my fights".
export function back() {
  if (fight?.looking === "adventure") {
    const from = fight.index;
    story.hide();
    play.open(null);
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
export async function fightItYourself() {
  if (!fight || !rules) return;
  await saved.keep(fight);
  const record = { ...fight.record, seed: setup.randomSeed(), actions: [] };
  /** @type {Reply<Opened>} */
  const reply = await rules.call({ op: "restore", record });
  if (!reply.ok) return showError(reply.error, $actionError, $fight);
  const versus = fight.id ?? undefined;
  story.hide();
  shell.show(reply, { name: "", versus });
  $fight.scrollIntoView({ block: "start" });
  screenOf(reply.record.system).screen.focus();
}
