// The entries set aside (storage.js): saved fights and adventures this browser could not read, and the originals of
// damaged fights, kept as they were. Listed under Saved fights, each with why and when, to export (its text as it
// was, to look at or send for help) or to delete, by the player only.
import { $, fileName, h, saveFile } from "../base/dom.js";
import { t } from "../base/i18n.js";
import { ASIDE, asides, drop } from "../base/storage.js";

const $box = $("#aside"), $list = $("#aside-list"), $count = $("#aside-count");

export function init() {
  $list.addEventListener("click", async (event) => {
    const button = /** @type {Element} */ (event.target).closest("button");
    const item = /** @type {HTMLElement | null} */ (button?.closest("li") ?? null);
    const entry = asides().find((kept) => kept.key === item?.dataset.key);
    if (!button || !item || !entry) return;
    const confirm = $(".save-confirm", item);
    switch (button.dataset.do) {
      case "export":
        return saveFile(fileName(entry.key.slice(ASIDE.length), "json"),
                        new Blob([entry.raw ?? ""], { type: "application/json" }));
      case "delete":
        confirm.hidden = false;
        return $("button", confirm).focus();
      case "confirm-delete":
        await drop(entry.key);
        render();
        return ($("button", $list) ?? $box.querySelector("summary"))?.focus();
      case "cancel":
        confirm.hidden = true;
        return $("button", item).focus();
    }
  });
}

/** The list drawn again (after a load, a check, a delete, a language switch). */
export function render() {
  const kept = asides();
  $box.hidden = kept.length === 0;
  $count.textContent = String(kept.length);
  $list.replaceChildren(...kept.map(({ key, reason, at }) => {
    const when = at ? new Date(at).toLocaleString(document.documentElement.lang,
                                                  { dateStyle: "medium", timeStyle: "short" }) : "";
    const name = key.slice(ASIDE.length);
    return h("li", { className: "save", data: { key } },
      h("div", { className: "save-text" }, h("strong", {}, name), " ",
        h("span", { className: "save-summary hint" }, [when, t(reason)].filter(Boolean).join(" · "))),
      h("div", { className: "save-actions" },
        h("button", { type: "button", className: "secondary", data: { do: "export" }, i18n: "Export",
                      attrs: { "aria-label": t("Export {name}", { name }) } }),
        h("button", { type: "button", className: "secondary", data: { do: "delete" }, i18n: "Delete",
                      attrs: { "aria-label": t("Delete {name}", { name }) } })),
      h("p", { className: "save-confirm", hidden: true },
        h("span", { i18n: "Delete this set-aside entry for good?" }), " ",
        h("button", { type: "button", data: { do: "confirm-delete" }, i18n: "Yes, delete" }), " ",
        h("button", { type: "button", className: "secondary", data: { do: "cancel" }, i18n: "Keep it" })));
  }));
}
