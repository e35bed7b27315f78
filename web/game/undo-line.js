// @ts-check
// The undo line: after an action that replaces the game on the board (Clear all, New puzzle, a
// share link, Paste, another game from Recent games), it says what happened and offers Undo,
// which puts the game before back. One offer at a time: the next such action replaces it. The
// game left is also in Recent games, so nothing is ever lost. Moves inside a game have their own
// history (play-history.js: Undo, Ctrl+Z), which never reaches back into the game before.
// Once the player plays on (their first edit of the board after the offer), what happened is
// old news: the sentence gives way to "The game before:" and the button, which stays while it
// can act.

import { byId } from "../app/dom.js";
import { board } from "../app/page-state.js";

const line = byId("undo-line");
const text = byId("undo-text");
const button = /** @type {HTMLButtonElement} */ (byId("undo"));

/** @type {(() => void) | null} */
let undoing = null;

/**
 * Say what just replaced the board, and offer to undo it.
 * @param {string} message @param {() => void} undo
 */
export function offerUndo(message, undo) {
  undoing = undo;
  text.textContent = message;
  line.hidden = false;
  line.dataset.state = "offered";
  delete line.dataset.settled;
}

/** The player played on: the offer stays, its sentence goes (one short line, no jump). */
function settleUndo() {
  if (!undoing || line.dataset.settled) return;
  text.textContent = "The game before:";
  line.dataset.settled = "true";
}

/** Nothing to undo any more (the game it would restore is gone from the board's story). */
function withdrawUndo() {
  undoing = null;
  line.hidden = true;
  line.dataset.state = "none";
  text.textContent = "";
}

/** Take the offer: put the game before back. */
function useUndoLine() {
  const undo = undoing;
  withdrawUndo();
  if (!undo) return;
  undo();
  line.dataset.state = "undone";
}

/** The Undo button; the sentence goes at the player's next edit of the board. */
export function wireUndo() {
  button.addEventListener("click", useUndoLine);
  board.addEventListener("sudoku-change", settleUndo);
}
