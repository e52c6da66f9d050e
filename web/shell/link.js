// A page opened from a share link (#f=… a fight, #a=… an adventure) says so from its first paint, in the browser's
// language, instead of an empty set-up form for the seconds Pyodide takes: a classic script, run before the body is
// drawn, marks the page; the stylesheet shows the message and hides the set-up; app.js ends the mark once the link's
// fight is shown (or refused).
if (/^#[fa]=/.test(location.hash)) {
  const root = document.documentElement;
  root.classList.add("opening-link");
  root.classList.toggle("adventure-link", location.hash[1] === "a");
  let saved = null;
  try {
    saved = localStorage.getItem("pyrules:lang"); // i18n.js's choice, if the player made one
  } catch {
    // storage blocked: the browser's language
  }
  const codes = __LANGUAGES__.map((language) => language.code); // i18n.js's preferred(), which is not loaded yet
  const browser = (navigator.languages?.length ? navigator.languages : [navigator.language || ""])
    .map((tag) => tag.toLowerCase().split("-")[0]).find((code) => codes.includes(code));
  root.lang = saved && codes.includes(saved) ? saved : browser || "en";
}
