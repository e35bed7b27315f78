// @ts-check
// The verdict line: what the last engine action found, the cells it points at on the board, and
// "Keep trying" when it gave up. The verdict is a slot of the page's status model (app/status.js):
// it belongs to the game as it was when it was found, and goes at the game's next change. Tests
// read #verdict's data-status, data-action and data-count.

import { byId } from "../app/dom.js";
import { board } from "../app/page-state.js";
import { status } from "../app/status.js";
import { CancelledError, SolverError } from "./solver-client.js";

/** @typedef {import("./protocol.js").Verdict} Verdict */
/**
 * What the verdict line shows.
 * @typedef {{status: string, action: string, text: string, flagged: number[], count?: number,
 *   again: (() => void) | null}} VerdictLine
 */

/** Verdicts that report an action done, not a problem: the player's next action replaces them. */
const NOTICES = new Set(["unique", "consistent", "counted", "generated", "cancelled"]);

/** The verdict for the game as it is now, or null. */
const current = () => /** @type {VerdictLine | null} */ (status.get("verdict"));

/** Draw the verdict slot into #verdict, #continue and the board's flagged cells from now on. */
export function wireVerdict() {
  const verdictText = byId("verdict");
  const continueButton = /** @type {HTMLButtonElement} */ (byId("continue"));
  const draw = () => {
    const line = current();
    verdictText.textContent = line?.text ?? "";
    verdictText.dataset.status = line?.status ?? "none";
    if (line) verdictText.dataset.action = line.action;
    else delete verdictText.dataset.action;
    if (line?.count !== undefined) verdictText.dataset.count = String(line.count);
    continueButton.hidden = !line?.again;
    const flagged = line?.flagged ?? [];
    if (board.flagged.join(" ") !== flagged.join(" ")) board.flagged = flagged;
  };
  status.subscribe((slot) => {
    if (slot === null || slot === "verdict") draw();
  });
  continueButton.addEventListener("click", () => current()?.again?.());
  draw();
}

export function clearVerdict() {
  status.clear("verdict");
}

/** True while a verdict is shown (a change of the game clears it). */
export const hasVerdict = () => current() !== null;

/**
 * @param {string} status_  an engine verdict status, or mistakes/consistent/error/cancelled/...
 * @param {string} action  the button that asked
 * @param {string} text
 * @param {number[]} [flagged]
 * @param {{again?: (() => void) | null, count?: number}} [more]  "Keep trying"; a count found
 */
export function showVerdict(status_, action, text, flagged = [], more = {}) {
  /** @type {VerdictLine} */
  const line = { status: status_, action, text, flagged, again: more.again ?? null };
  if (more.count !== undefined) line.count = more.count;
  status.set("verdict", line, { untilAction: NOTICES.has(status_) });
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
