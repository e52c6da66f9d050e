// The fight screen of the Lone Wolf family (a Combat Results Table): status, controls, log rows, outcome.
import { $, cell, element, noteRow, numberOrText, signed, stats } from "./dom.js";
import { t } from "./i18n.js";

const ui = {
  number: $("#number"), willpower: $("#willpower"), ratio: $("#combat-ratio"), evade: $("#evade"),
  vigour: $("#vigour"), fightRound: $("#fight-round"),
};

export function columns(fight) {
  return fight.view.hero.willpower !== null ? 9 : 8;
}

export function render(fight, system) {
  const { view } = fight;
  const hero = element("h3", system.hero + (view.hero.vigour ? ` (${t("Vigour")})` : ""));
  const heroStats = [[system.labels.skill, view.hero.skill], [system.labels.endurance, view.hero.endurance,
    view.hero.endurance <= 0]];
  if (view.hero.willpower !== null) heroStats.push([system.labels.willpower, view.hero.willpower]);
  heroStats.push([system.labels.weapon, view.hero.weapon]);
  $("#hero-status").replaceChildren(hero, stats(heroStats));

  const current = view.enemies[view.current];
  const parts = [element("h3", current.name), stats([[system.labels.skill, current.skill],
    [system.labels.endurance, current.endurance, current.endurance <= 0]])];
  if (view.enemies.length > 1) {
    parts.push(element("p", view.enemies.map((e) => `${e.name} ${e.endurance}`).join(" · "), "hint"));
  }
  $("#enemy-status").replaceChildren(...parts);
  ui.ratio.textContent = signed(view.combat_ratio);
  $("#hero-loses-heading").textContent = t("{hero} loses", { hero: system.hero });

  const over = view.outcome !== "ongoing";
  ui.fightRound.disabled = over;
  ui.number.disabled = over;
  ui.evade.hidden = !view.evade.possible || over;
  ui.evade.disabled = !view.evade.allowed;
  ui.evade.title = view.evade.why;
  ui.vigour.hidden = !view.vigour.possible || view.hero.vigour || over;
  ui.vigour.disabled = !view.vigour.allowed;
  ui.vigour.title = view.vigour.why;
  const spend = view.willpower_spend;
  for (const node of document.querySelectorAll("[data-willpower]")) node.hidden = view.hero.willpower === null;
  ui.willpower.closest(".field").hidden = !spend;
  if (spend) {
    ui.willpower.max = spend[1];
    if (Number(ui.willpower.value) > spend[1]) ui.willpower.value = String(spend[1]);
  }
}

export function roundAction(fight, kind) {
  const action = { do: kind };
  if (ui.number.value.trim() !== "") action.number = numberOrText(ui.number.value);
  if (fight.view.willpower_spend && ui.willpower.value.trim() !== "") action.willpower = numberOrText(ui.willpower.value);
  return action;
}

export function clearInputs() {
  ui.number.value = "";
}

export function resetInputs() {
  ui.number.value = "";
  ui.willpower.value = "1";
}

function lossText(loss, how) {
  const shown = loss === "K" ? t("K (killed)") : String(loss);
  if (/[×+]/.test(how)) return `${how} = ${shown}`;
  return how === String(loss) || how === "K" ? shown : `${shown} (${how})`;
}

export function logRows(event, fight) {
  const width = columns(fight);
  if (event.kind === "vigour") {
    return [noteRow(t("Vigour cast: {skill} for this fight, ENDURANCE {endurance}.", event), width)];
  }
  if (event.kind === "evade_no_round") return event.notes.map((note) => noteRow(note, width)); // no round fought
  const row = element("tr");
  cell(row, event.kind === "evade" ? t("{round} (evade)", event) : String(event.round));
  cell(row, event.enemy);
  cell(row, signed(event.combat_ratio));
  const numberCell = cell(row, String(event.number));
  if (event.typed) numberCell.append(element("span", t("typed"), "typed"));
  cell(row, lossText(event.enemy_loss, event.enemy_loss_text));
  cell(row, lossText(event.hero_loss, event.hero_loss_text));
  cell(row, String(event.endurance));
  cell(row, String(event.enemy_endurance));
  if (width === 9) cell(row, event.willpower === null ? "" : String(event.willpower));
  return [row, ...event.notes.map((note) => noteRow(note, width))];
}

export function outcomeText(view, system) {
  const fields = { hero: system.hero, endurance: view.hero.endurance, willpower: view.hero.willpower,
                   enemies: view.enemies.map((e) => e.name).join(t(" and ")), rounds: view.rounds,
                   count: view.enemies.length };
  const left = view.hero.willpower !== null
    ? t("{hero} has {endurance} ENDURANCE and {willpower} WILLPOWER left.", fields)
    : t("{hero} has {endurance} ENDURANCE left.", fields);
  switch (view.outcome) {
    case "won": return `${t("Victory: {enemies} {count|falls|fall}.", fields)} ${left}`;
    case "lost":
      return view.enemies[view.current].endurance <= 0
        ? t("{hero} is dead, and so is the enemy: the adventure is over.", fields)
        : t("{hero} is dead: the adventure is over.", fields);
    case "evaded": return `${t("{hero} evades the fight.", fields)} ${left}`;
    case "ended": return `${t("The fight stops after round {rounds}, as the section says.", fields)} ${left}`;
    default: return "";
  }
}
