// Small DOM helpers. Text is only ever set with textContent: nothing from a record, a link or the rules is HTML.
export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

export function element(tag, text = "", className = "") {
  const node = document.createElement(tag);
  if (text !== "") node.textContent = text;
  if (className) node.className = className;
  return node;
}

export function cell(row, text) {
  const td = element("td", text);
  row.append(td);
  return td;
}

export function noteRow(text, columns) {
  const row = element("tr", "", "note");
  cell(row, text).colSpan = columns;
  return row;
}

export function stats(pairs) {
  const list = element("dl");
  for (const [term, value, dead] of pairs) {
    list.append(element("dt", term), element("dd", String(value), dead ? "dead" : ""));
  }
  return list;
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n).replace("-", "−");
}

// Whole numbers typed in a field go to the rules as numbers; anything else as typed, so that the rules' message
// names what was wrong.
export function numberOrText(text) {
  const trimmed = text.trim();
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}
