// The coin-flip duel's screen (tests/coinflip): the one screen module a new kind of system needs. A browser test
// builds a site with it as web/screens/screen-coinflip.js, beside the package pyrules/systems/coinflip and one line of
// the registry, and plays a duel. Its words are the rules' own (describe()), so it needs no entry in the page's
// catalog.
import { cell, h } from "../base/dom.js";

/** @typedef {import("../../types/screen").Shell} Shell */

/** @type {Shell} */
let shell;

const lives = h("input", { id: "coin-hero-lives", inputMode: "numeric", autocomplete: "off",
                           data: { field: "hero.lives" } });
const livesLabel = h("label", { htmlFor: lives.id });
const enemyName = h("input", { id: "coin-enemy-name", autocomplete: "off", data: { field: "enemies.0.name" } });
const enemyLives = h("input", { id: "coin-enemy-lives", inputMode: "numeric", autocomplete: "off",
                                data: { field: "enemies.0.lives" } });
const enemyNameLabel = h("label", { htmlFor: enemyName.id });
const enemyLivesLabel = h("label", { htmlFor: enemyLives.id });
const status = h("p", { id: "coin-status" });
const coin = h("input", { id: "coin-typed", autocomplete: "off", data: { field: "action.coin" } });
const coinLabel = h("label", { htmlFor: coin.id });
const flip = h("button", { type: "submit", id: "coin-flip" });
const yieldButton = h("button", { type: "button", className: "secondary" });
const log = /** @type {HTMLTableSectionElement} */ (h("tbody"));

/** @param {Shell} given */
export function init(given) {
  shell = given;
  yieldButton.addEventListener("click", () => shell.act({ do: "yield" }));
  return {
    setup: [h("fieldset", {}, h("legend", {}, "Duel"), h("div", { className: "field" }, livesLabel, lives),
      h("div", { className: "field" }, enemyNameLabel, enemyName), h("div", { className: "field" }, enemyLivesLabel,
      enemyLives))],
    rules: [],
    top: [status],
    controls: [h("div", { className: "field" }, coinLabel, coin), flip],
    buttons: [yieldButton],
    bottom: [h("table", {}, h("caption", {}, "Flips"), log)],
    log,
  };
}

/** @param {any} system */
export function apply(system) {
  livesLabel.textContent = system.labels.lives;
  enemyNameLabel.textContent = system.words.enemy_name;
  enemyLivesLabel.textContent = system.words.enemy_lives;
  coinLabel.textContent = system.words.coin;
  flip.textContent = system.words.flip;
  yieldButton.textContent = system.words.yield;
}

export function recordParts() {
  return { hero: { lives: lives.value }, enemies: [{ name: enemyName.value, lives: enemyLives.value }] };
}

/** @param {any} record @param {any} view */
export function carryOver(record, view) {
  lives.value = String(view.outcome === "lost" ? record.hero.lives : view.hero.lives);
}

/** @param {any} fight @param {any} system */
export function render(fight, system) {
  const { view } = fight;
  status.textContent = `${system.hero} ${view.hero.lives} · ${view.enemies[0].name} ${view.enemies[0].lives}`;
  flip.disabled = yieldButton.disabled = view.outcome !== "ongoing";
}

/** @param {any} event */
export function logRows(event) {
  const row = h("tr");
  cell(row, String(event.round ?? ""));
  cell(row, event.coin ?? event.kind);
  cell(row, `${event.hero ?? ""} / ${event.enemy ?? ""}`);
  return [row];
}

/** @param {any} view @param {any} system */
export function outcomeText(view, system) {
  return view.outcome === "ongoing" ? "" : system.words[view.outcome];
}

export function formAction() {
  return coin.value.trim() ? { do: "flip", coin: coin.value.trim() } : { do: "flip" };
}

export function clearInputs() {
  coin.value = "";
}

export function resetInputs() {
  coin.value = "";
}

export function focus() {
  flip.focus();
}
