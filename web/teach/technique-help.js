// @ts-check
// "What is a Naked Pair?": a short explanation of a technique (what to look for, why it works) in
// an accessible dialog (#technique-dialog). The texts, written for this project, are in
// technique-notes.json (one entry per technique of the engine's catalogue; a Python test checks
// that none is missing); the page's service worker precaches it with the rest of the site, so
// they work offline. Hint (levels 2 and 3), the Path's selected step and Why this grade's
// techniques open it.

import { byId } from "../app/dom.js";

const dialog = /** @type {HTMLDialogElement} */ (byId("technique-dialog"));
const title = byId("technique-title");
const look = byId("technique-look");
const why = byId("technique-why");

/** @typedef {{look: string, why: string}} Note */

/** The notes, fetched once. @type {Promise<Record<string, Note>> | null} */
let loading = null;

/** @returns {Promise<Record<string, Note>>} */
function notes() {
  loading ??= fetch(new URL("./technique-notes.json", import.meta.url))
    .then((response) => (response.ok ? response.json() : { techniques: {} }))
    .then((data) => /** @type {Record<string, Note>} */ (data?.techniques ?? {}))
    .catch(() => {
      loading = null; // try again next time
      return {};
    });
  return loading;
}

/** The question a link asks: "What is a Naked Pair?" @param {string} technique */
export function question(technique) {
  const bare = /^(?:Trial|Simple Colors|Multi Colors|Locked Candidates|Sue de Coq)/.test(technique);
  const article = bare ? "" : /^(?:[AEIO]|X|ALS)/.test(technique) ? "an " : "a ";
  return `What is ${article}${technique}?`;
}

/** Open the dialog on a technique. @param {string} technique */
export async function explain(technique) {
  const found = (await notes())[technique];
  title.textContent = technique;
  look.textContent = found ? found.look : "No explanation of this technique here yet.";
  why.textContent = found ? found.why : "";
  dialog.dataset.technique = technique;
  if (!dialog.open) dialog.showModal();
}

/**
 * Make a button ask about a technique (or hide it with none).
 * @param {HTMLElement} button @param {string | null} technique
 */
export function askAbout(button, technique) {
  button.hidden = !technique;
  button.textContent = technique ? question(technique) : "";
  button.dataset.technique = technique ?? "";
}

/** Every `[data-technique]` button with the `technique-link` class, or wired by askAbout, opens the dialog. */
export function wireTechniqueHelp() {
  document.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest?.("button[data-technique]");
    if (button instanceof HTMLButtonElement && button.dataset.technique) void explain(button.dataset.technique);
  });
}
