// @ts-check
// The verdict line under the engine buttons: what the last engine action found, the cells it
// points at on the board, and "Keep trying" when it gave up. Tests read #verdict's data-status,
// data-action and data-count.

import { byId } from "../app/dom.js";
import { board, state } from "../app/page-state.js";
import { CancelledError, SolverError } from "./solver-client.js";

/** @typedef {import("./protocol.js").Verdict} Verdict */

const verdictText = byId("verdict");
const continueButton = /** @type {HTMLButtonElement} */ (byId("continue"));

export function clearVerdict() {
  verdictText.textContent = "";
  verdictText.dataset.status = "none";
  delete verdictText.dataset.action;
  continueButton.hidden = true;
  state.again = null;
  board.flagged = [];
}

/** True while a verdict is shown (a change on the board clears it). */
export const hasVerdict = () => verdictText.dataset.status !== "none";

/**
 * @param {string} status  an engine verdict status, or mistakes/consistent/error/cancelled/...
 * @param {string} action  the button that asked
 * @param {string} text
 * @param {number[]} [flagged]
 */
export function showVerdict(status, action, text, flagged = []) {
  verdictText.dataset.status = status;
  verdictText.dataset.action = action;
  verdictText.textContent = text;
  board.flagged = flagged;
  continueButton.hidden = state.again === null;
}

/** The count a "count" verdict found (for tests; the text says it in words). @param {number} count */
export function showCount(count) {
  verdictText.dataset.count = String(count);
}

/** @param {unknown} error @param {string} action */
export function showFailure(error, action) {
  if (error instanceof CancelledError) {
    showVerdict("cancelled", action, "Cancelled.");
  } else if (error instanceof SolverError) {
    showVerdict("error", action, `The engine could not do that: ${error.message}`);
  } else {
    showVerdict("error", action, `Something went wrong: ${String(error)}`);
  }
}

/** The cells a verdict points at: its conflicts, or where two solutions differ. @param {Verdict} v */
export const verdictCells = (v) => [...new Set([...v.conflicts.flatMap((c) => c.cells), ...v.differences])].sort((a, b) => a - b);

/** "Keep trying": the request that gave up, again with a larger budget. */
export function keepTrying() {
  state.again?.();
}
