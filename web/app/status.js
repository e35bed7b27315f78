// @ts-check
// The page's status model (status-model.js) and the status line it draws (#status): what the
// page says about the game, gone as soon as the game changes. `say` is how every module speaks
// to the player; `gameChanged` is called by game-view.js at every change of the game.

import { NOTICE_TONES, StatusModel, statusLine } from "./status-model.js";

/** @typedef {import("./status-model.js").Tone} Tone */
/** @typedef {import("./status-model.js").StatusLine} StatusLine */

/** The one model of the page. */
export const status = new StatusModel();

/**
 * Say something about the game as it is now ("" clears the line). `untilSelect`: a pointer for
 * the player's next selection ("Select a cell first."), which selecting a cell clears. Info and
 * success are notices of what was done: the player's next action replaces them too.
 * @param {string} text @param {Tone} [tone] @param {{untilSelect?: boolean}} [options]
 */
export function say(text, tone = "info", options = {}) {
  status.set("status", statusLine(text, tone, options), { untilAction: NOTICE_TONES.includes(tone) });
}

/** The status line's element, once drawn (wireStatusLine). @type {HTMLElement | null} */
let statusElement = null;

/**
 * Scroll the status line into its sheet's view, when it says something: what came of a paste or
 * a file opened, asked for from a panel further down the sheet (a phone's sheet is short, and the
 * message would be said above its visible part). The sheet alone scrolls, never the page.
 */
export function revealStatus() {
  const sheet = statusElement?.closest(".sheet");
  if (!statusElement || !sheet || !statusElement.textContent) return;
  const view = sheet.getBoundingClientRect();
  const line = statusElement.getBoundingClientRect();
  if (line.top < view.top) sheet.scrollTop -= view.top - line.top;
  else if (line.bottom > view.bottom) sheet.scrollTop += Math.min(line.bottom - view.bottom, line.top - view.top);
}

/** The player did something (a hint asked by key, say): the notices said before it go. */
export function actionTaken() {
  status.acted();
}

/** A cell was selected: a pointer said for that goes (other messages stay). */
export function selectionMade() {
  const line = /** @type {StatusLine | null} */ (status.get("status"));
  if (line?.untilSelect) status.clear("status");
}

/** The game changed (an edit, undo, redo, a mode change, another game): old messages go. */
export function gameChanged() {
  status.changed();
}

/**
 * Draw the status line into `element` from now on; a press of a button on the page is an action
 * that the notices said before give way to (in the capture phase: before the button says what it
 * did). Looking around is not: a panel's tab, or a menu opened or closed, leaves them said.
 * @param {HTMLElement} element
 */
export function wireStatusLine(element) {
  statusElement = element;
  element.ownerDocument.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && button.getAttribute("role") !== "tab" && !button.hasAttribute("aria-expanded")) actionTaken();
  }, true);
  const draw = () => {
    const line = /** @type {StatusLine | null} */ (status.get("status"));
    const text = line?.text ?? "";
    if (element.textContent !== text) element.textContent = text; // unchanged text is not announced again
    element.dataset.tone = line?.tone ?? "info";
  };
  status.subscribe(draw);
  draw();
}
