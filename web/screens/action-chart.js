// The Action Chart of an adventure whose book declares one (its describe()'s `chart`, which the rules' hello tells;
// sheet.js's part): each part the book declares, drawn from the declaration alone (a list of items or a count, and
// its limit), the powers chosen, the book's own actions between sections, a section's gain or loss and the section.
// Each change is one `sheet` request with the adventure and its fights (its journal counts them): its refusal is shown
// beside the field it names, in the part it concerns; the adventure's log is the rules' lines of its journal.
import { h, numberOrText, showError, signed } from "../base/dom.js";
import { fill, language, t } from "../base/i18n.js";
import { emit, get, on } from "../base/state.js";
import * as adventures from "./adventures.js";
import { SIGNED } from "./form.js";
import { documentOf } from "./saved.js";
import { announce } from "./widgets.js";

/** @typedef {import("./adventures.js").Adventure} Adventure */
/** @typedef {import("../base/rules.js").System} System */
/** @typedef {string | {name: string, skill?: number, endurance?: number, uses?: number, in_fight?: boolean}} Item */
/**
 * What an item may do, as the book declares it: its field in the form adding one (`label`; `check`: a box, else a
 * whole number) and how a carried item says it (`said`, its {n} the item's value, with its sign where `signed`).
 * @typedef {{key: string, label: string, said: string, signed?: boolean, check?: boolean}} Effect
 */
/**
 * A part of the chart as the book declares it: a list of items or a count; its limit (null: the player keeps it,
 * `note` says so); what a count holds; a box of named counts' `names` (the record's) and their `labels` (shown);
 * `meals`: the Meals take its spaces; `use`: the words of using one of a count's units (a Medi-Kit's), its button.
 * @typedef {{key: string, label: string, kind: string, limit: number | null, note?: string, holds?: string,
 *   names?: string[], labels?: string[], meals?: boolean, use?: string}} Part
 */

// The actions a form or an item's button sends; the book's others are a button each (a Meal eaten, none to eat).
const FIELDED = ["take", "drop", "count", "use", "endurance", "willpower", "section"];

const log = h("ol", { className: "backpack", id: "chart-log" });
const box = h("section", { id: "action-chart", className: "card", hidden: true,
                           attrs: { "aria-labelledby": "chart-heading" } });
/** @type {(() => unknown)[]} what each control of the chart as drawn sends (its data-i) */
let acts = [];
/** @type {System} */
let shown;
/** @type {{names: string[], labels: string[]}} the powers' names as the record keeps them, and as they are shown */
let known = { names: [], labels: [] };
/** @type {Effect[]} what an item of the book drawn may do */
let effects = [];
/** @type {Adventure | null} the adventure drawn */
let last = null;
/** @type {Record<string, Record<string, System> | null | undefined>} each language's books as the rules tell them
 * (their charts; null: asked) */
const told = {};
let drawn = 0; // the chart drawn last: an earlier drawing's log lines come too late
/** @type {Record<string, string>} the fields of the change the rules just took, as it was sent: emptied for the
 * next, unless typed again since (a change typed while the one before it is answered stays) */
let sent = {};

export function init() {
  on("rules", () => { if (last) draw(last, shown); }); // the books' charts are the rules' to tell
  document.getElementById("setup")?.after(box); // shown with the set-up (style.css hides it with the set-up)
  box.addEventListener("click", (event) => {
    const button = /** @type {Element} */ (event.target).closest("button[data-i]");
    if (button instanceof HTMLElement) send(acts[Number(button.dataset.i)](), button);
  });
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = /** @type {HTMLElement} */ (event.target);
    send(acts[Number(form.dataset.i)](), form);
  });
}

/**
 * The adventure's chart, as its book declares it (nothing where the book declares none); what is typed and not yet
 * sent stays, but in the form whose change the rules just took (where an item goes stays chosen there too).
 * @param {Adventure | null} next
 * @param {System} system
 */
export function draw(next, system) {
  const focused = box.contains(document.activeElement) ? document.activeElement?.id : "";
  const typed = /** @type {HTMLInputElement[]} */ ([...box.querySelectorAll("input, select")])
    .filter((input) => input.tagName === "SELECT" || sent[input.id] !== input.value); // where an item goes stays chosen
  shown = system;
  last = next;
  const lang = language();
  const charts = told[lang];
  if (!charts) return ask(lang);
  const declared = next && charts[next.system]?.chart;
  box.hidden = !declared;
  box.lang = lang; // what it shows is in it now (another language's drawing stays, so marked, until the rules tell it)
  if (!declared || !next) return box.replaceChildren(); // no other book's controls left behind
  acts = [];
  const chart = next.hero?.chart ?? {};
  effects = declared.effects;
  /** @type {{do: string, label: string}[]} the book's actions between sections, each with its label */
  const actions = declared.actions;
  const said = Object.fromEntries(actions.map((a) => [a.do, a.label])); // each action's label, by its `do`
  /** @type {Part[]} */
  const parts = declared.parts;
  /** @type {{key: string, label: string, choose: number, names: string[], labels: string[]} | undefined} */
  const powers = declared.powers;
  /** @type {Item[]} */
  const chosen = powers ? chart[powers.key] ?? [] : [];
  known = powers ?? { names: [], labels: [] };
  box.replaceChildren(h("h2", { id: "chart-heading", tabIndex: -1, i18n: "Action Chart" }),
    h("div", { className: "sheet-grid" },
      ...parts.map((p) => p.kind === "items"
        ? listPart(p.key, p.label, chart[p.key], p.limit, p.note, undefined, p.meals ? chart.meals : 0)
        : counted(p, chart[p.key], said.count)),
      ...(powers ? [listPart(powers.key, powers.label, chosen, powers.choose, "",
        form("chart-power", () => ({ action: { do: "take", part: powers.key, item: value("chart-power-name") } }),
          [h("div", { className: "field" }, label("chart-power-name", t("Choose one")),
            h("select", { id: "chart-power-name", data: { field: "action.item" } },
              ...options(powers, powers.names.filter((name) => !chosen.some((item) => nameOf(item) === name)))))],
          t("Choose"), powers.label))] : []),
      tools(part(h("h3", { i18n: "Add an item" }),
        form("chart-add", () => ({ action: { do: "take", part: value("chart-add-part"), item: item() } }), [
          h("div", { className: "field" }, label("chart-add-part", t("Where")),
            h("select", { id: "chart-add-part", data: { field: "action.part" } },
              ...parts.filter((p) => p.kind === "items").map((p) => new Option(p.label, p.key)))),
          field("chart-add-name", t("Item"), "action.item", { maxLength: 80, inputMode: "text" }),
          h("details", {}, h("summary", { i18n: "Its effect, as the book says" }),
            ...effects.map((e) => (e.check
              ? h("div", { className: "field check" },
                  h("input", { type: "checkbox", id: `chart-add-${e.key}`, data: { field: `action.item.${e.key}` } }),
                  label(`chart-add-${e.key}`, e.label))
              : field(`chart-add-${e.key}`, e.label, `action.item.${e.key}`))))], t("Add")))),
      tools(part(h("h3", { i18n: "Between sections" }),
        h("div", { className: "inline" }, ...actions.filter((a) => !FIELDED.includes(a.do))
          .map((a) => button(a.label, () => ({ action: { do: a.do } }), `chart-${a.do}`))),
        ...["endurance", "willpower"].filter((stat) => said[stat]).map((stat) =>
          form(`chart-${stat}`, () => ({ action: { do: stat, change: value(`chart-${stat}-change`) } }),
            [field(`chart-${stat}-change`, said[stat], "action.change", SIGNED)], t("Apply"))),
        form("chart-section", () => ({ action: { do: "section", section: String(value("chart-section-to")) } }),
          [field("chart-section-to", t("Turn to"), "action.section", { maxLength: 20, defaultValue: next.section,
                                                                inputMode: "text" })], t("Go")))),
      part(h("h3", { i18n: "Adventure log" }), log,
        button(t("Undo"), () => ({ undo: true }), "chart-undo", !next.journal?.length))));
  lines(next);
  for (const input of typed) { // what was typed and not sent, in the chart drawn again
    const now = /** @type {HTMLInputElement | null} */ (box.querySelector(`#${input.id}`));
    if (!now) continue;
    if (input.type === "checkbox") now.checked = input.checked;
    else if (input.value !== input.defaultValue) now.value = input.value;
    if (now.value === "" && now instanceof HTMLSelectElement) now.selectedIndex = 0;
  }
  sent = {};
  // the control used keeps the focus where it is drawn again (an item dropped: the next one's), else the chart's heading
  if (focused) [document.getElementById(focused), /** @type {HTMLElement} */ (box.firstElementChild)]
    .find((e) => e && !e.matches(":disabled"))?.focus();
}

/**
 * The books' charts in a language, as the rules tell them (the page's copy of their words leaves them out: a page
 * that never opens one does not download them); the chart drawn once they are told.
 * @param {string} lang
 */
function ask(lang) {
  const rules = get("rules");
  if (!rules || told[lang] === null) return; // asked already
  told[lang] = null;
  rules.call({ op: "hello", describe: true }).then((reply) => {
    told[lang] = reply.ok ? reply.systems : undefined;
    if (reply.ok && last && lang === language()) draw(last, shown);
  });
}

/**
 * The adventure's log: its journal's lines in the page's language, which the rules say again from the journal (once
 * they have started, at the page's start).
 * @param {Adventure} adventure
 */
function lines(adventure) {
  log.replaceChildren();
  const asked = ++drawn;
  if (adventure.journal?.length) {
    get("rules")?.call({ op: "sheet", adventure: documentOf(adventure) }).then((reply) => {
      if (reply.ok && asked === drawn) log.replaceChildren(...reply.lines.map((/** @type {string} */ line) => h("li", {}, line)));
    });
  }
}

/**
 * A count (Meals, gold) with its limit, or a box of named counts (skills and their points): found or spent.
 * @param {Part} p
 * @param {number | Record<string, number> | undefined} has
 * @param {string} change the label of a change, in the book's words
 */
function counted(p, has, change) {
  const title = p.holds ? `${p.label} (${p.holds})` : p.label;
  const id = `chart-${p.key}`;
  const points = /** @type {Record<string, number>} */ (typeof has === "object" ? has : {});
  return part(
    h("h3", {}, title, p.names ? "" : ": ", p.names ? "" : h("strong", {}, held(Number(has ?? 0), p.limit))),
    hint(p.note),
    p.names ? h("ul", { className: "backpack" },
      ...p.names.map((name, i) => h("li", {}, `${p.labels?.[i] ?? name}: ${points[name] ?? 0}`))) : "",
    form(id, () => ({ action: { do: "count", part: p.key, change: value(`${id}-change`),
                                ...(p.names ? { name: value(`${id}-name`) } : {}) } }),
      [...(p.names ? [h("div", { className: "field" }, label(`${id}-name`, p.label),
        h("select", { id: `${id}-name`, data: { field: "action.name" } }, ...options(p, p.names)))] : []),
       field(`${id}-change`, change, "action.change", SIGNED)], t("Apply"), title),
    p.use ? button(p.use, () => ({ action: { do: "use", part: p.key } }), `${id}-use`, !(Number(has) > 0)) : "");
}

/**
 * @param {number} n
 * @param {number | null} limit
 */
const held = (n, limit) => (limit === null || limit === undefined ? String(n) : `${n}\u00a0/\u00a0${limit}`); // one line

/** @param {Item} item */
const nameOf = (item) => (typeof item === "string" ? item : item.name);

/**
 * Names the record keeps (the book's, in English) as options shown in the page's language.
 * @param {{names?: string[], labels?: string[]}} from the declaration's names and their labels
 * @param {string[]} names
 */
const options = (from, names) => names.map((name) => new Option(from.labels?.[from.names?.indexOf(name) ?? -1] ?? name, name));

/**
 * A part of the chart: its own box for what the rules refuse in it.
 * @param {...(Node | string | false | undefined)} children
 */
function part(...children) {
  return h("div", { className: "chart-part" },
    .../** @type {Node[]} */ (children.filter(Boolean)), h("div", { className: "error", attrs: { role: "alert" } }));
}

/**
 * A part of controls alone (adding an item, the actions between sections): left off the printed chart.
 * @param {HTMLElement} element
 */
const tools = (element) => {
  element.classList.add("chart-tools");
  return element;
};

/** @param {string | undefined} text */
const hint = (text) => (text ? h("p", { className: "hint" }, text) : undefined);

/**
 * A list of items with their count, their limit and the buttons of each.
 * @param {string} key
 * @param {string} title the book's printed label
 * @param {Item[] | undefined} items
 * @param {number | null} limit
 * @param {string | undefined} note why there is no limit
 * @param {Node} [more]
 * @param {number} [meals] the Meals that take its spaces
 */
function listPart(key, title, items = [], limit, note, more, meals = 0) {
  return part(h("h3", {}, `${title} `, h("span", { className: "hint" }, held(items.length + meals, limit))), hint(note),
    h("ul", { className: "backpack" }, ...items.map((item, index) => {
      const name = said(nameOf(item)); // a power in the page's language
      return h("li", {}, said(item), " ",
        typeof item !== "string" && item.uses !== undefined && item.uses !== null
          ? button(t("Use"), () => ({ action: { do: "use", part: key, index } }), `chart-${key}-use-${index}`, false,
                   t("Use {item}", { item: name })) : "", " ",
        button(t("Drop"), () => ({ action: { do: "drop", part: key, index } }), `chart-${key}-drop-${index}`, false,
               t("Drop {item}", { item: name })));
    })), more);
}

/**
 * An item as the chart shows it: its name and its effect in the book's words.
 * @param {Item} item
 */
function said(item) {
  if (typeof item === "string") return known.labels[known.names.indexOf(item)] ?? item; // a power's, translated
  const has = /** @type {Record<string, unknown>} */ (item);
  const its = effects.filter((e) => has[e.key] !== undefined && has[e.key] !== null && has[e.key] !== false)
    .map((e) => fill(e.said, { n: e.signed ? signed(Number(has[e.key])) : has[e.key] }));
  return its.length ? `${item.name} (${its.join(", ")})` : item.name;
}

/**
 * @param {string} text
 * @param {() => unknown} request
 * @param {string} id
 * @param {boolean} [disabled]
 * @param {string} [name] its accessible name, where the text alone does not say what it acts on
 */
function button(text, request, id, disabled = false, name) {
  return h("button", { type: "button", className: "secondary", id, disabled, data: { i: String(acts.push(request) - 1) },
                       attrs: name ? { "aria-label": name } : {} }, text);
}

/**
 * A form sending one request (Enter sends it too), its button last.
 * @param {string} id
 * @param {() => unknown} request
 * @param {HTMLElement[]} fields
 * @param {string} send its button's words
 * @param {string} [title] the form's accessible name, where its field's label does not say what it changes
 */
function form(id, request, fields, send, title) {
  return h("form", { id, className: "inline", noValidate: true, data: { i: String(acts.push(request) - 1) },
                     attrs: title ? { "aria-label": title } : {} },
    ...fields, h("button", { id: `${id}-send`, className: "secondary" }, send));
}

/**
 * @param {string} id
 * @param {string} text
 */
const label = (id, text) => h("label", { htmlFor: id }, text);

/**
 * A labelled field, a whole number unless `props` say otherwise.
 * @param {string} id
 * @param {string} text
 * @param {string} path the request's field it fills (a refusal names it)
 * @param {import("../base/dom.js").Props<"input">} [props]
 */
const field = (id, text, path, props = {}) => h("div", { className: "field" }, label(id, text),
  h("input", { id, inputMode: "numeric", autocomplete: "off", ...props, data: { field: path } }));

/** @param {string} id a field's: what it holds, a whole number as a number */
function value(id) {
  const input = /** @type {HTMLInputElement} */ (box.querySelector(`#${id}`));
  return input.type === "checkbox" ? input.checked : numberOrText(input.value);
}

/**
 * The item typed in the add form: its name and the effects typed.
 */
function item() {
  /** @type {Record<string, unknown>} */
  const typed = { name: String(value("chart-add-name")) };
  for (const { key, check } of effects) {
    const given = value(`chart-add-${key}`);
    if (check ? given : given !== "") typed[key] = given;
  }
  return typed;
}

/** @type {Promise<unknown>} the changes sent, one after another: each from the sheet the one before left */
let sending = Promise.resolve();

/**
 * One change, read from the chart as the player pressed, sent once the changes before it are answered.
 * @param {any} request
 * @param {Element} from the control
 */
function send(request, from) {
  const values = Object.fromEntries([...from.querySelectorAll("input")].map((input) => [input.id, input.value]));
  const now = () => sendNow(request, from, values);
  sending = sending.then(now, now);
}

/**
 * One change sent with the adventure as kept (the set-up's sheet as typed first); its line logged, or its refusal
 * shown in the part it concerns, beside the field it names.
 * @param {any} request
 * @param {Element} from the control
 * @param {Record<string, string>} values its fields as sent
 */
async function sendNow(request, from, values) {
  if (!from.isConnected && from.id) from = box.querySelector(`#${CSS.escape(from.id)}`) ?? from; // the chart drawn since
  const rules = get("rules");
  const root = /** @type {HTMLElement} */ (from.closest(".chart-part"));
  const said = /** @type {HTMLElement} */ (root.lastElementChild);
  /** @type {import("../base/rules.js").RuleError | undefined} */
  let refusal;
  /** @type {Adventure | null} the sheet as typed, kept (sheet.js's) */
  const kept = await emit("keep", (/** @type {any} */ error) => { refusal = error; })[0];
  // the set-up's hero refused (a number missing): said here, and beside its field in the set-up
  if (refusal) return showError(refusal, said, document.body);
  if (!rules || !kept) return;
  const reply = await rules.call({ op: "sheet", adventure: documentOf(kept), ...request });
  if (!reply.ok) return showError(reply.error, said, root);
  Object.assign(kept, { hero: reply.adventure.hero, section: reply.adventure.section,
                        journal: reply.adventure.journal ?? [] });
  adventures.save(kept);
  announce(reply.line);
  sent = values;
  emit("kept", kept.system); // the set-up's hero and section, and this chart, drawn again (sheet.js)
}
