// @ts-check
// The page's shared state: the board element (which holds the givens, entries, marks and mode)
// and what the page knows beside it. Everyone reads `state`; only the functions below write it
// (its type is read-only all the way down, so `tsc` refuses a write anywhere else): one place
// to look for who changes what the page knows.

import { byId } from "./dom.js";
import { withHintsRead } from "../game/move-history.js";

/** @typedef {import("../board/sudoku-board.js").SudokuBoardElement} SudokuBoardElement */
/** @typedef {import("../puzzles/puzzle-info.js").PuzzleInfo} PuzzleInfo */
/** @typedef {import("../game/move-history.js").History} History */

/**
 * The game's history and the help used (its marks are on the board, its time in game-timer.js).
 * @typedef {{readonly history: History, readonly hints: number, readonly reveals: number,
 *   readonly undos: number, readonly solved: boolean}} Progress
 */
/**
 * @typedef {object} PageState
 * @property {boolean} saving  autosave works (off while writes fail and are retried, or for good
 *   when the game library cannot be opened; the footer says which)
 * @property {AbortController | null} busy  the person's engine request in progress (one at a time)
 * @property {{readonly puzzle: string, readonly solution: string} | null} solution  the known
 *   solution, for Reveal, the mistake mode and Undo to last correct
 * @property {PuzzleInfo | null} info  what is known about the puzzle on the board (seed, level...),
 *   while its givens are unchanged
 * @property {string} grading  the puzzle the engine is grading in the background, or ""
 * @property {Progress} progress  (what the hints the player read in this game named is in its
 *   history's `read`, saved with it: the move that makes one of them is marked as made after a
 *   hint, after a reload too, and the review says "with help", not "found")
 */

export const board = /** @type {SudokuBoardElement} */ (byId("board"));

/** @type {PageState} */
const mutable = {
  saving: true, busy: null, solution: null, info: null, grading: "",
  progress: { history: { moves: [], at: 0 }, hints: 0, reveals: 0, undos: 0, solved: false },
};

/** What the page knows; read it anywhere, write it with the functions below. */
export const state = /** @type {Readonly<PageState>} */ (mutable);

/** Saving works, or not (autosave.js). @param {boolean} on */
export function setSaving(on) {
  mutable.saving = on;
}

/** The person's engine request in progress, or null (engine-runner.js). @param {AbortController | null} controller */
export function setBusy(controller) {
  mutable.busy = controller;
}

/** The puzzle's solution, now known. @param {string} puzzle @param {string} solution */
export function knowSolution(puzzle, solution) {
  mutable.solution = { puzzle, solution };
}

/** No known solution (another puzzle, or none found). */
export function forgetSolution() {
  mutable.solution = null;
}

/** What is known about the puzzle on the board (null: nothing). @param {PuzzleInfo | null} info */
export function setInfo(info) {
  mutable.info = info;
}

/** The puzzle the engine grades in the background ("" when none). @param {string} puzzle */
export function setGrading(puzzle) {
  mutable.grading = puzzle;
}

/** The game's progress, as a game put on the board brings it. @param {Progress} progress */
export function setProgress(progress) {
  mutable.progress = progress;
}

/**
 * The player read a hint in this game naming these placements and eliminations ("39=3": 3 placed
 * in cell 39; "0-5": 5 struck from cell 0). Returns whether any was new (the game changed: it is
 * saved). @param {readonly string[]} keys
 */
export function readHint(keys) {
  const history = withHintsRead(mutable.progress.history, keys);
  if (history === mutable.progress.history) return false;
  setHistory(history);
  return true;
}

/** The game's history after a move, an undo or a redo. @param {History} history */
export function setHistory(history) {
  mutable.progress = { ...mutable.progress, history };
}

/**
 * One more (or, with a negative `by`, fewer) of a kind of help: hints shown, cells revealed, undos.
 * @param {"hints" | "reveals" | "undos"} kind @param {number} [by]
 */
export function countHelp(kind, by = 1) {
  mutable.progress = { ...mutable.progress, [kind]: mutable.progress[kind] + by };
}

/** The player solved it (once per game). */
export function markSolved() {
  mutable.progress = { ...mutable.progress, solved: true };
}
