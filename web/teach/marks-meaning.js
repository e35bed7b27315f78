// @ts-check
// What the player's centre marks mean to a hint (no DOM): each marked cell's complete candidate
// list, or notes. Notes are the rule: a player jots "127" in a cell while thinking, and a hint
// that read it as "3, 4, 5, 6, 8 and 9 are out" would "correct" the note by naming the answer.
// The marks are complete candidates only when the player has said so, in one of three ways:
//   - Fill candidates made them (or "Keep the candidates as centre marks" does), and the
//     player has not cleared them all since;
//   - every empty cell has centre marks (nobody notes every cell by accident);
//   - the setting "My centre marks are complete candidates".
// The engine's `hint` takes the answer as its `marks` argument (docs/web.md, Hint).
// Node tests: tests/js/marks-meaning.test.mjs.

import { LAYER, decodeMove } from "../board/cell-layers.js";
import { EMPTY, combine } from "../board/grid.js";

/** @typedef {"complete" | "notes"} MarksMeaning */

/**
 * Whether Fill candidates made the centre marks and they were never all cleared since: the
 * history's applied moves (before `at`) read backwards from the marks now, each undone on a
 * copy of the centre layer (a change is an XOR: the same change undoes it), until the move that
 * filled them, or a state without any centre mark.
 * @param {readonly string[]} moves the history's moves, as saved (cell-layers encodeMove)
 * @param {number} at how many of them are applied
 * @param {readonly number[]} centre the centre marks now (81 masks)
 */
export function filledSinceCleared(moves, at, centre) {
  const marks = [...centre];
  for (let i = Math.min(at, moves.length) - 1; i >= 0; i--) {
    if (marks.every((mask) => mask === 0)) return false;
    const move = decodeMove(moves[i]);
    if (!move) return false; // unreadable (the saved history is checked on load): claim nothing
    if (move.kind === "candidates") return true;
    for (const { layer, cell, xor } of move.changes) if (layer === LAYER.centre) marks[cell] ^= xor;
  }
  return false;
}

/**
 * Whether every empty cell has centre marks (and at least one cell is empty).
 * @param {string} givens @param {string} entries @param {readonly number[]} centre
 */
export function everyEmptyCellMarked(givens, entries, centre) {
  const grid = combine(givens, entries);
  let empty = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (grid[cell] !== EMPTY) continue;
    empty += 1;
    if (!centre[cell]) return false;
  }
  return empty > 0;
}

/**
 * What the player's centre marks are, for the hint's `marks` argument.
 * @param {{givens: string, entries: string, centre: readonly number[],
 *   history: {readonly moves: readonly string[], readonly at: number},
 *   settings: {marksComplete: boolean, autoCandidates: boolean}}} game
 * @returns {MarksMeaning}
 */
export function marksMeaning({ givens, entries, centre, history, settings }) {
  if (settings.marksComplete || settings.autoCandidates) return "complete";
  if (everyEmptyCellMarked(givens, entries, centre)) return "complete";
  return filledSinceCleared(history.moves, history.at, centre) ? "complete" : "notes";
}
