// @ts-check
// The welcome over an empty board (a first visit, or no saved game to go back to): a puzzle of a
// level at once, entering one, or pasting or opening one. It covers the board only while the
// board is empty and nothing has been chosen; any game shown, any move or Create mode hides it.
// The level buttons of the Games panel do the same as its own.

import { byId } from "./dom.js";

/** @typedef {import("../puzzles/puzzle-info.js").Level} Level */
/** @typedef {{play: (level: Level) => void, create: () => void, paste: () => void, dismiss: () => void}} WelcomeActions */

const LEVELS = /** @type {const} */ (["easy", "medium", "hard", "unfair", "extreme"]);

/** @param {string | undefined} value @returns {value is Level} */
const isLevel = (value) => LEVELS.includes(/** @type {Level} */ (value));

/** Show the welcome (the board is empty). */
export function showWelcome() {
  const welcome = byId("welcome");
  welcome.hidden = false;
  document.body.dataset.welcome = "true";
  // focused in the next frame, which lays the page out anyway: focus() now would make the task
  // that showed it (the page's start) lay out the whole page first, ~30 ms on a phone
  requestAnimationFrame(() => {
    if (!welcome.hidden) /** @type {HTMLButtonElement | null} */ (welcome.querySelector("button.primary"))?.focus({ preventScroll: true });
  });
}

/** Hide it (something was chosen, or a game is on the board). */
export function hideWelcome() {
  const welcome = byId("welcome");
  if (welcome.hidden) return;
  welcome.hidden = true;
  document.body.dataset.welcome = "false";
}

/** Every level button of the page, and the welcome's other two. @param {WelcomeActions} actions */
export function wireWelcome(actions) {
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button[data-level]"))) {
    button.addEventListener("click", () => {
      const level = button.dataset.level;
      if (!isLevel(level)) return;
      hideWelcome();
      actions.play(level);
    });
  }
  byId("welcome-create").addEventListener("click", () => {
    hideWelcome();
    actions.create();
  });
  byId("welcome-paste").addEventListener("click", () => {
    hideWelcome();
    actions.paste();
  });
  // Escape, or a cell chosen on the board around the card: just the empty grid
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !byId("welcome").hidden && !document.querySelector("dialog[open]")) {
      hideWelcome();
      actions.dismiss();
    }
  });
}
