// @ts-check
// What the page says about a puzzle that is not one proper puzzle, in a player's words (no DOM):
// Check's answer on an empty grid or on a puzzle with several solutions while playing, and why
// Hint has nothing to offer there. The engine's own sentence (verdict.describe) stays for the
// cases it already says plainly. Node tests: tests/js/verdict-words.test.mjs.

import { cellName } from "../board/grid.js";

/** @typedef {import("./protocol.js").Verdict} Verdict */

/** How many cells a sentence names before "and N more". */
const NAMED = 8;

/** "r1c1", "r1c1 and r1c5", "r1c1, r1c5 and 2 more cells". @param {readonly number[]} cells */
export function cellList(cells) {
  const names = cells.slice(0, NAMED).map(cellName);
  if (cells.length > NAMED) names.push(`${cells.length - NAMED} more cell${cells.length - NAMED === 1 ? "" : "s"}`);
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** What an empty grid needs: said by Check on it. */
export const EMPTY_GRID_WORDS = "The grid is empty: type the givens of a puzzle (select a cell, then a digit), "
  + "paste one (Games panel, Paste puzzle…), or start a new one (New puzzle…).";

/** Where two solutions differ, as the end of a sentence. @param {Verdict} v */
const differing = (v) => {
  const n = v.differences.length;
  return n ? `two of them differ in ${n === 1 ? "one cell" : `${n} cells`} (${cellList(v.differences)}, marked on the board)` : "";
};

/**
 * Check's answer on a verdict: the engine's sentence, except for an empty grid (how to start)
 * and a puzzle with several solutions while the player plays it (why their digits cannot be
 * checked). @param {Verdict} v @param {{playing: boolean}} context
 */
export function checkWords(v, context) {
  if (v.givens === 0) return EMPTY_GRID_WORDS;
  if (v.status === "multiple" && context.playing) {
    const where = differing(v);
    return `This puzzle has more than one solution${where ? `: ${where}` : ""}. `
      + "So Check cannot tell which of your digits are right: there is no single answer to compare them with.";
  }
  return v.message;
}

/**
 * Why there is no hint, for a puzzle that is not one proper puzzle. @param {Verdict} v
 * @returns {string}
 */
export function noHintWords(v) {
  switch (v.status) {
    case "multiple": {
      if (v.givens === 0) return `No hint on an empty grid. ${EMPTY_GRID_WORDS}`;
      const where = differing(v);
      return "This puzzle has more than one solution, so logic alone cannot decide every cell and no hint can be "
        + `found${where ? `: ${where}` : ""}.`;
    }
    case "no_solution":
      return "These givens have no solution, so there is no hint to find: some given must be wrong.";
    case "invalid":
      return `The givens break the rules, so there is no hint to find: ${v.conflicts.map((c) => c.message).join("; ")}.`;
    case "gave_up":
      return "The engine could not tell in time whether this puzzle has one solution, so it has no hint to give.";
    default:
      return "There is no hint for this position.";
  }
}
