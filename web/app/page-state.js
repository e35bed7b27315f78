// @ts-check
// The page's shared state: the board element (which holds the givens, entries and mode) and what
// the page knows beside it. One object, read and written by the concern modules (game-view,
// engine-runner, engine-actions, new-puzzle-dialog, pool-refill); app.js wires them together.

import { byId } from "./dom.js";

/** @typedef {import("../board/sudoku-board.js").SudokuBoardElement} SudokuBoardElement */
/** @typedef {import("../puzzles/puzzle-info.js").PuzzleInfo} PuzzleInfo */

/**
 * @typedef {object} PageState
 * @property {boolean} saving  autosave works (off while writes fail and are retried, or for good
 *   when the game library cannot be opened; the footer says which)
 * @property {AbortController | null} busy  the person's engine request in progress (one at a time)
 * @property {{puzzle: string, solution: string} | null} solution  the known solution, for Reveal
 * @property {PuzzleInfo | null} info  what is known about the puzzle on the board (seed, level...),
 *   while its givens are unchanged
 * @property {string} grading  the puzzle the engine is grading in the background, or ""
 * @property {Progress} progress  the game's history and the help used (its marks are on the board,
 *   its time in game-timer.js)
 */
/**
 * @typedef {{history: import("../game/move-history.js").History, hints: number, reveals: number, undos: number,
 *   solved: boolean}} Progress
 */

export const board = /** @type {SudokuBoardElement} */ (byId("board"));

/** @type {PageState} */
export const state = {
  saving: true, busy: null, solution: null, info: null, grading: "",
  progress: { history: { moves: [], at: 0 }, hints: 0, reveals: 0, undos: 0, solved: false },
};
