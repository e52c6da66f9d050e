// Building the page: small DOM helpers, and the messages. Text is only ever set with textContent: nothing from a
// record, a link or the rules is HTML.
import { t, translatePage } from "./i18n.js";

// Look-ups: a tag name gives its element type (as querySelector does); other selectors an HTMLElement, or the type
// the caller states.

/**
 * The element that `selector` names in the page's own markup (there by construction; `find` when it may not be).
 * @template {keyof HTMLElementTagNameMap} K
 * @overload
 * @param {K} selector
 * @param {ParentNode} [root]
 * @returns {HTMLElementTagNameMap[K]}
 */
/**
 * @template {Element} [T=HTMLElement]
 * @overload
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {T}
 */
/**
 * @param {string} selector
 * @param {ParentNode} [root]
 */
export function $(selector, root = document) {
  return root.querySelector(selector);
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @overload
 * @param {K} selector
 * @param {ParentNode} [root]
 * @returns {HTMLElementTagNameMap[K] | null}
 */
/**
 * @template {Element} [T=HTMLElement]
 * @overload
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {T | null}
 */
/**
 * @param {string} selector
 * @param {ParentNode} [root]
 */
export function find(selector, root = document) {
  return root.querySelector(selector);
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @overload
 * @param {K} selector
 * @param {ParentNode} [root]
 * @returns {HTMLElementTagNameMap[K][]}
 */
/**
 * @template {Element} [T=HTMLElement]
 * @overload
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {T[]}
 */
/**
 * @param {string} selector
 * @param {ParentNode} [root]
 */
export function $$(selector, root = document) {
  return [...root.querySelectorAll(selector)];
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, text = "", className = "") {
  const node = document.createElement(tag);
  if (text !== "") node.textContent = text;
  if (className) node.className = className;
  return node;
}

/**
 * An element's properties, plus: `data` (data-* attributes), `attrs` (other attributes, such as aria-*), and the
 * page's own words, written in English as their key and shown in the page's language (translatePage() words them
 * again when it changes): `i18n` (the text), `i18nPlaceholder`, `i18nLabel` (the accessible name).
 * @template {keyof HTMLElementTagNameMap} K
 * @typedef {Partial<Omit<HTMLElementTagNameMap[K], "dataset" | "style" | "children">> & {data?: Record<string, string>,
 *   attrs?: Record<string, string>, i18n?: string, i18nPlaceholder?: string, i18nLabel?: string}} Props
 */

/**
 * An element with its properties and children (text children are set as text, never parsed).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props<K>} [props]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const { data = {}, attrs = {}, i18n, i18nPlaceholder, i18nLabel, ...rest } = props;
  const node = Object.assign(document.createElement(tag), rest);
  Object.assign(node.dataset, data);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (i18n) {
    node.dataset.i18n = "";
    node.dataset.i18nKey = i18n;
    node.textContent = t(i18n);
  }
  if (i18nPlaceholder) {
    node.dataset.i18nPlaceholder = i18nPlaceholder;
    node.setAttribute("placeholder", t(i18nPlaceholder));
  }
  if (i18nLabel) {
    node.dataset.i18nAriaLabel = i18nLabel;
    node.setAttribute("aria-label", t(i18nLabel));
  }
  node.append(...children);
  return node;
}

/**
 * Puts a screen module's nodes into a slot of the shell, in the page's language (they may have been built, or last
 * shown, in another).
 * @param {Element} slot
 * @param {Node[]} nodes
 */
export function place(slot, nodes) {
  slot.replaceChildren(...nodes);
  translatePage(slot);
}

/**
 * @param {HTMLTableRowElement} row
 * @param {string} text
 */
export function cell(row, text) {
  const td = element("td", text);
  row.append(td);
  return td;
}

/** @param {number} n */
export function signed(n) {
  return n > 0 ? `+${n}` : String(n).replace("-", "−");
}

/**
 * Whole numbers typed in a field go to the rules as numbers; anything else as typed, so that the rules' message
 * names what was wrong.
 * @param {string} text
 */
export function numberOrText(text) {
  const trimmed = text.trim().replace(/^\u2212/, "-"); // a typographic minus (−4, as the books print it) is a minus
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

// ---- messages: the page's own (at the top), and the rules' refusals beside the field they name ---------------------

/** @typedef {import("./rules.js").RuleError} RuleError */

/** @param {...string} lines */
export function tell(...lines) {
  for (const line of lines) $("#messages").append(element("p", line));
}

/** @param {ParentNode} root */
export function clearErrors(root) {
  for (const input of $$("[aria-invalid]", root)) forget(input);
  for (const note of $$(".field-error", root)) note.remove();
}

/**
 * A field's refusal gone: its mark, and the note beside it hidden, its place kept until the next refusal or action,
 * so that nothing moves as the player types (the box is the shell's to empty on the next action).
 * @param {Element} input
 */
function forget(input) {
  const note = `${input.id}-error`;
  input.removeAttribute("aria-invalid");
  input.removeAttribute("aria-errormessage");
  const described = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== note);
  if (described.length) input.setAttribute("aria-describedby", described.join(" "));
  else input.removeAttribute("aria-describedby");
  document.getElementById(note)?.classList.add("mended");
}

/**
 * The refusal said once, every faulty field of a form's (`errors`) at once. In `box` (an alert: what a screen reader
 * hears), a line each; a fault that names a field of `root` (found by the record path in its data-field) is shown
 * beside that field too, which is marked invalid and described by the note until it is edited; the first such field
 * is focused. A single fault shown beside its field keeps the box for screen readers alone.
 * @param {RuleError} error
 * @param {HTMLElement} box
 * @param {ParentNode} root
 */
export function showError(error, box, root) {
  clearErrors(root);
  const faults = error.errors ?? [error];
  /** @type {HTMLInputElement[]} */
  const marked = [];
  box.textContent = faults.map((fault) => {
    const path = fault.field.replace(/\[(\d+)\]/g, ".$1").replace(/^actions\.\d+/, "action");
    /** @param {string} field */
    const named = (field) => find(`[data-field="${CSS.escape(field)}"]`, root);
    const input = /** @type {HTMLInputElement | null} */ (named(path) ?? named(path.replace(/\.\d+$/, "")));
    const label = input?.labels?.[0]?.textContent || fault.label;
    if (input && !input.closest("[hidden]") && !input.hasAttribute("aria-invalid")) {
      const note = element("span", fault.message, "field-error");
      note.id = `${input.id}-error`;
      input.after(note);
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-errormessage", note.id);
      input.setAttribute("aria-describedby", `${input.getAttribute("aria-describedby") ?? ""} ${note.id}`.trim());
      input.addEventListener("input", () => forget(input), { once: true });
      input.closest("details")?.setAttribute("open", "");
      marked.push(input);
    }
    return label ? `${label}: ${fault.message}` : fault.text;
  }).join("\n");
  box.classList.toggle("said-beside", !faults[1] && marked.length > 0);
  marked[0]?.focus();
}

/**
 * Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes (⌘ on a Mac) while `active()`; inside a text field that is not empty,
 * the keys are the field's own.
 * @param {() => boolean} active
 * @param {() => void} undo
 * @param {() => void} redo
 */
export function undoKeys(active, undo, redo) {
  document.addEventListener("keydown", (event) => {
    if (!active() || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key !== "z" && key !== "y") return;
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (target.matches?.("input, textarea") && target.value !== "") return; // undo inside the text field itself
    event.preventDefault();
    if (key === "y" || event.shiftKey) redo();
    else undo();
  });
}

// ---- SVG and files -----------------------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";

/**
 * An SVG element (charts drawn from the rules' numbers, no library; text via textContent).
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 */
export function svgNode(tag, attributes = {}, text = "") {
  const item = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) item.setAttribute(key, String(value));
  if (text !== "") item.textContent = text;
  return item;
}

/**
 * A file's name made from a fight's or an adventure's name: letters, digits, spaces, _ and - kept.
 * @param {string} name
 * @param {string} extension without its dot
 */
export const fileName = (name, extension) =>
  `${name.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "fight"}.${extension}`;

/**
 * The browser's download of `blob` as `name`.
 * @param {string} name
 * @param {Blob} blob
 */
export function saveFile(name, blob) {
  const link = element("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * A fight record or an adventure downloaded as its JSON file.
 * @param {string} name
 * @param {object} record a fight record or an adventure
 */
export function download(name, record) {
  saveFile(fileName(name, "json"), new Blob([JSON.stringify(record, null, 1)], { type: "application/json" }));
}

/** The address without the link the page was opened from: the next visit opens the player's own fight. */
export const leaveLink = () => history.replaceState(null, "", location.pathname + location.search);
