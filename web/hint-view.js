// @ts-check
// Hint (the button and the H key): help in three steps for the game as it is now. The first
// press says where to look, the next names the technique and its cells, the third what it
// eliminates or places. A wrong digit, or a centre mark that removed a cell's true digit, is
// reported before any technique. Each press that shows something new counts as one hint.

import { parseMarks } from "./cell-layers.js";
import { byId } from "./dom.js";
import { runEngine } from "./engine-runner.js";
import { EMPTY, combine } from "./grid.js";
import { board } from "./page-state.js";
import { showFailure } from "./verdict-view.js";

/** @typedef {import("./protocol.js").Hint} Hint */

const text = byId("hint-text");
const LEVELS = /** @type {const} */ (["nudge", "pattern", "effect"]);

/** The hint for the state it was asked for, and how many of its levels are shown. */
let current = /** @type {{key: string, hint: Hint, shown: number} | null} */ (null);

/**
 * The player's centre marks as candidates, when every empty cell has some (a fully marked grid);
 * otherwise the engine works from the computed candidates.
 * @returns {string[] | undefined}
 */
function playerCandidates() {
  const grid = combine(board.givens, board.entries);
  const centre = parseMarks(board.getAttribute("centre"));
  const marks = [];
  for (let c = 0; c < 81; c++) {
    if (grid[c] !== EMPTY) marks.push("");
    else if (!centre[c]) return undefined;
    else marks.push([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => centre[c] & (1 << (d - 1))).join(""));
  }
  return marks;
}

/** The hint line is for another state now: hide it. */
export function clearHint() {
  if (!current) return;
  current = null;
  text.hidden = true;
  text.textContent = "";
  text.dataset.level = "0";
}

/** @param {Hint} hint @param {number} level 1..3 */
function show(hint, level) {
  const words = hint.kind === "step" ? hint.levels[LEVELS[level - 1]] : hint.message;
  text.textContent = words;
  text.hidden = false;
  text.dataset.level = String(level);
  text.dataset.kind = hint.kind;
}

/** One press of Hint. @param {() => void} counted  a new hint level was shown */
export async function hint(counted) {
  if (board.mode !== "play") {
    text.hidden = false;
    text.textContent = "Hints are for playing: switch to “Play” first.";
    text.dataset.level = "0";
    return;
  }
  const digits = combine(board.givens, board.entries);
  const candidates = playerCandidates();
  const key = JSON.stringify([board.givens, digits, candidates ?? null]);
  if (current && current.key === key) {
    const levels = current.hint.kind === "step" ? 3 : 1;
    if (current.shown < levels) {
      current.shown += 1;
      counted();
    }
    show(current.hint, current.shown);
    return;
  }
  try {
    /** @type {import("./protocol.js").Ops["hint"]["args"]} */
    const args = { grid: board.givens, digits };
    if (candidates) args.candidates = candidates;
    const found = await runEngine("hint", args, "Finding a hint");
    if (JSON.stringify([board.givens, combine(board.givens, board.entries), playerCandidates() ?? null]) !== key) return;
    current = { key, hint: found, shown: 1 };
    if (found.kind !== "solved") counted();
    show(found, 1);
  } catch (error) {
    showFailure(error, "hint");
  }
}
