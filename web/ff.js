// The fight screen of «Подземелья Чёрного замка» (Fighting Fantasy): status, target, dice, the adventure sheet, the log.
import { $, $$, cell, element, noteRow, numberOrText, stats } from "./dom.js";
import { t } from "./i18n.js";

const COLUMNS = 5;
const ui = {
  targets: $("#targets"), targetOptions: $("#target-options"), heroDice: $("#hero-dice"), enemyDice: $("#enemy-dice"),
  fightRound: $("#fight-round"), escape: $("#escape"), luck: $("#test-luck"), decline: $("#decline-luck"),
  sheet: $("#sheet"),
};

// "3 5", "35", "3,5" are two dice; anything else goes to the rules as typed, to be refused with a message.
function dice(text) {
  const match = text.trim().match(/^([1-6])\D*([1-6])$/);
  return match ? [Number(match[1]), Number(match[2])] : text.trim();
}

export function render(fight, system) {
  const { view } = fight;
  const hero = view.hero;
  $("#hero-status").replaceChildren(element("h3", system.hero + (hero.strength ? ` (${t("Spell of Strength")})` : "")),
    stats([[system.labels.skill, `${hero.skill} / ${hero.max_skill}`],
           [system.labels.stamina, `${hero.stamina} / ${hero.max_stamina}`, hero.stamina <= 0],
           [system.labels.luck, `${hero.luck} / ${hero.max_luck}`]]));
  const enemies = view.enemies.map((enemy, i) => {
    const box = element("div", "", "foe");
    const title = enemy.name + (enemy.weakened ? ` (${t("weakened")})` : "");
    box.append(element("h3", title), stats([[system.labels.skill, enemy.skill],
      [system.labels.stamina, enemy.stamina, enemy.stamina <= 0]]));
    box.classList.toggle("dead", enemy.stamina <= 0);
    box.classList.toggle("waiting", !view.fighting.includes(i) && enemy.stamina > 0);
    return box;
  });
  $("#enemy-status").replaceChildren(...(enemies.length ? enemies : [element("p", t("No enemy in this paragraph."),
    "hint")]));

  // Whom to strike: a choice only when several fight at once.
  const chosen = Number(ui.targetOptions.querySelector("input:checked")?.value ?? view.fighting[0]);
  ui.targets.hidden = view.fighting.length < 2;
  ui.targetOptions.replaceChildren(...view.fighting.map((i) => {
    const label = element("label");
    const radio = element("input");
    radio.type = "radio";
    radio.name = "target";
    radio.value = String(i);
    radio.checked = i === (view.fighting.includes(chosen) ? chosen : view.fighting[0]);
    label.append(radio, ` ${view.enemies[i].name}`);
    return label;
  }));
  // A dice field for each opponent in the fight.
  ui.enemyDice.replaceChildren(...view.fighting.map((i) => {
    const field = element("div", "", "field");
    const label = element("label", t("Dice of {name}", { name: view.enemies[i].name }));
    const input = element("input");
    input.id = `enemy-dice-${i}`;
    label.htmlFor = input.id;
    input.dataset.field = `action.dice.${i + 1}`;
    input.dataset.enemy = String(i);
    input.inputMode = "numeric";
    input.autocomplete = "off";
    input.placeholder = t("blank: the app rolls");
    field.append(label, input);
    return field;
  }));

  const can = view.can;
  ui.fightRound.hidden = !view.enemies.length;
  ui.fightRound.disabled = !can.round;
  ui.heroDice.disabled = !can.round && !can.luck; // a luck test uses the same two dice
  ui.escape.hidden = !can.escape;
  ui.luck.hidden = !can.luck;
  ui.luck.textContent = can.combat_luck ? t("Test your luck on this wound") : t("Test your luck");
  ui.decline.hidden = !can.luck || can.combat_luck; // a paragraph's test may be declined (unlucky)
  renderSheet(view, system);
}

function renderSheet(view, system) {
  const hero = view.hero;
  const peace = view.can.sheet;
  $("#sheet-gold").textContent = String(hero.gold);
  $("#sheet-flask").textContent = String(hero.flask);
  $("#sheet-food").textContent = String(hero.food);
  $("#sheet-slots").textContent = t("{used} of 7 places taken", { used: 7 - hero.slots_free });
  $("#sheet-backpack").replaceChildren(...hero.backpack.map((item, i) => {
    const entry = element("li");
    const button = element("button", t("Take out"), "secondary");
    button.type = "button";
    button.dataset.item = item;
    button.setAttribute("aria-label", t("Take {item} out of the backpack", { item }));
    button.disabled = !peace;
    entry.append(element("span", item), " ", button);
    entry.dataset.index = String(i);
    return entry;
  }));
  const spells = Object.entries(hero.spells);
  $("#sheet-spells").replaceChildren(...(spells.length ? spells.map(([key, uses]) => {
    const spell = system.spells.find((s) => s.key === key);
    const entry = element("li");
    const button = element("button", t("Cast"), "secondary");
    button.type = "button";
    button.dataset.spell = key;
    button.setAttribute("aria-label", t("Cast the {spell}", { spell: spell.name }));
    button.disabled = spell.when === "combat" ? !view.can.round : spell.when === "peace" ? !peace : view.outcome === "lost";
    entry.append(element("span", `${spell.name}: ${uses}`), " ", button);
    return entry;
  }) : [element("li", t("No spells left."), "hint")]));
  for (const id of ["#eat", "#take-item", "#take-food"]) $(id).disabled = !peace;
  $("#drink").disabled = !view.can.drink; // between rounds too, where this fight's rules allow it
}

export function target() {
  const checked = ui.targetOptions.querySelector("input:checked");
  return checked ? Number(checked.value) : undefined;
}

export function roundAction(fight) {
  const action = { do: "round" };
  const chosen = target();
  if (chosen !== undefined) action.target = chosen;
  const typed = [ui.heroDice.value.trim() ? dice(ui.heroDice.value) : null];
  for (const input of $$("input[data-enemy]", ui.enemyDice)) {
    typed[1 + Number(input.dataset.enemy)] = input.value.trim() ? dice(input.value) : null;
  }
  if (typed.some((d) => d !== null && d !== undefined)) action.dice = Array.from(typed, (d) => d ?? null);
  return action;
}

export function luckAction() {
  const action = { do: "luck" };
  if (ui.heroDice.value.trim()) action.dice = dice(ui.heroDice.value);
  return action;
}

export function clearInputs() {
  ui.heroDice.value = "";
  for (const input of $$("input", ui.enemyDice)) input.value = "";
}

export const resetInputs = clearInputs;

export function sheetAction(id) {
  switch (id) {
    case "drink": return { do: "drink" };
    case "eat": return { do: "eat", stamina: numberOrText($("#eat-stamina").value || "0") };
    case "take-item": return { do: "take", item: $("#new-item").value };
    case "take-food": return { do: "take", food: 1 };
    case "gold-apply": return { do: "gold", amount: numberOrText($("#gold-change").value.replace("−", "-")) };
    default: return null;
  }
}

function roll(d) {
  return d ? `${d[0]}+${d[1]}` : "";
}

const RESULTS = {
  hit: "you wound it (−2)",
  hurt: "it wounds you (−2)",
  parry: "parried",
  wounds: "it wounds you (−2)",
  misses: "misses you",
};

export function logRows(event, fight) {
  const names = fight.view.enemies.map((e) => e.name);
  if (event.kind === "round") {
    const row = element("tr");
    cell(row, String(event.round));
    cell(row, `${roll(event.hero_dice)} + ${event.hero_strength - event.hero_dice[0] - event.hero_dice[1]} = ${event.hero_strength}`);
    const list = element("ul", "", "foes");
    for (const foe of event.enemies) {
      const aim = foe.index === event.target ? ` (${t("your target")})` : "";
      list.append(element("li", `${foe.name}${aim}: ${roll(foe.dice)} → ${foe.strength}: ${t(RESULTS[foe.result])}`));
    }
    cell(row, "").append(list);
    cell(row, String(event.stamina));
    cell(row, event.enemy_stamina.join(" · "));
    return [row];
  }
  return [noteRow(note(event, names), COLUMNS)];
}

function luckText(event) {
  if (event.declined && event.cost) return t("The test is declined: unlucky, and it costs 1 LUCK (this fight's rule: every test offered costs 1).");
  if (event.declined && event.luck_before > 0) return t("The test is declined: unlucky; in this fight declining costs no LUCK.");
  if (event.declined) return t("The test is declined: unlucky.");
  if (event.no_luck) return t("LUCK is 0: unlucky.");
  const fields = { dice: roll(event.dice), total: event.dice[0] + event.dice[1], luck: event.luck_before };
  return event.lucky ? t("{dice} = {total}, not above LUCK {luck}: lucky!", fields)
    : t("{dice} = {total}, above LUCK {luck}: unlucky.", fields);
}

function note(event, names) {
  const after = t("LUCK is now {luck}, STAMINA {stamina}.", event);
  switch (event.kind) {
    case "luck":
      if (event.combat) {
        const which = event.combat === "hit" ? t("on the wound dealt to {name}", { name: names[event.enemy] })
          : t("on the wound taken from {name}", { name: names[event.enemy] });
        return `${t("Test your luck")} ${which}: ${luckText(event)} ${after}`;
      }
      return `${t("Test your luck")}: ${luckText(event)} ${after}`;
    case "escape":
      return `${t("Escape: the enemy has the last blow, {n} STAMINA lost.", { n: event.loss })}` +
        (event.test ? ` ${luckText(event.test)}` : "");
    case "drink": return event.in_combat
      ? t("A drink from the flask between rounds, as this fight's rules allow: +{gained} STAMINA ({flask} left).", event)
      : t("A drink from the flask: +{gained} STAMINA ({flask} left).", event);
    case "eat": return t("Food eaten: +{gained} STAMINA.", event);
    case "take": return event.item ? t("Put in the backpack: {item}.", event) : t("Food put in the backpack.");
    case "drop": return event.item ? t("Taken out of the backpack: {item}.", event) : t("Food taken out of the backpack.");
    case "gold": return t("Gold: {amount}, now {gold}.", { amount: event.amount > 0 ? `+${event.amount}` : event.amount,
                                                          gold: event.gold });
    case "adjust": return t("Changed by the paragraph: SKILL {skill}, STAMINA {stamina}, LUCK {luck}.", event);
    case "spell": return spellNote(event, names);
    default: return "";
  }
}

const SPELL_NAMES = {
  strength: "Spell of Strength",
  weakness: "Spell of Weakness",
  copy: "Spell of the Copy",
  healing: "Spell of Healing",
  levitation: "Spell of Levitation",
  fire: "Spell of Fire",
  illusion: "Spell of Illusion",
  swimming: "Spell of Swimming",
};

function spellNote(event, names) {
  const spell = t(SPELL_NAMES[event.spell]);
  let text = t("{spell} cast.", { spell });
  if (event.spell === "strength") text += ` ${t("+{n} to your ATTACK STRENGTH for this fight.", { n: event.bonus })}`;
  if (event.spell === "weakness") {
    text += ` ${t("{name}: −{n} to ATTACK STRENGTH for this fight.", { name: names[event.target], n: event.penalty })}`;
  }
  if (event.spell === "healing") text += ` ${t("+{gained} STAMINA.", event)}`;
  if (event.spell === "copy") {
    const last = event.copy_rounds.at(-1);
    text += ` ${t("The copy fought {name} for {n} {n|round|rounds}:", { name: names[event.target], n: event.copy_rounds.length })}`;
    text += ` ${last && last.enemy_stamina <= 0 ? t("the enemy is dead.") : t("the copy is gone; the enemy has {n} STAMINA.", { n: last ? last.enemy_stamina : 0 })}`;
  }
  return text;
}

export function outcomeText(view, system) {
  const fields = { hero: system.hero, stamina: view.hero.stamina, enemies: view.enemies.map((e) => e.name).join(t(" and ")),
                   count: view.enemies.length };
  switch (view.outcome) {
    case "won": return `${t("Victory: {enemies} {count|falls|fall}.", fields)} ${t("{hero} has {stamina} STAMINA left.", fields)}`;
    case "lost": return t("{hero} is dead: the adventure is over.", fields);
    case "escaped": return t("{hero} escapes with {stamina} STAMINA.", fields);
    default: return "";
  }
}
