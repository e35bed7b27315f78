// @ts-check
// A printed booklet's pages, as plain data (no DOM): the puzzles 1, 2, 4 or 6 a page, then the
// answers 9 a page; each puzzle's caption (number, level, seed) and its link back to this page.
// The command line's `booklet` (sudoku_core/cli/booklet.py) lays out the same pages, and
// sudoku_core.booklet.BookletPuzzle.link writes the same links.

import { shortFragment } from "./short-link.js";

/** @typedef {import("../engine/protocol.js").BookletPuzzle} BookletPuzzle */
/**
 * @typedef {{answers: boolean, cols: number, rows: number, gridMm: number, puzzles: BookletPuzzle[]}} Sheet
 *   One printed page: its puzzles (or their answers), in a grid of `cols` x `rows` slots, each
 *   board `gridMm` wide.
 */

/** Puzzles a page the person may choose. */
export const PER_PAGE = /** @type {const} */ ([1, 2, 4, 6]);
export const ANSWERS_PER_PAGE = 9;
/** Slots a page -> [columns, rows]. @type {Record<number, [number, number]>} */
const LAYOUT = { 1: [1, 1], 2: [1, 2], 4: [2, 2], 6: [2, 3], [ANSWERS_PER_PAGE]: [3, 3] };
/** A board's width in millimetres for each layout (A4 and Letter, in the print margins, fit). @type {Record<number, number>} */
const GRID_MM = { 1: 150, 2: 96, 4: 80, 6: 60, [ANSWERS_PER_PAGE]: 52 };

/**
 * The sheets of a booklet: the puzzles `perPage` a page, then the answers 9 a page.
 * @param {BookletPuzzle[]} puzzles @param {number} perPage @returns {Sheet[]}
 */
export function bookletSheets(puzzles, perPage) {
  if (!(perPage in LAYOUT) || perPage === ANSWERS_PER_PAGE) throw new RangeError(`puzzles a page must be 1, 2, 4 or 6, got ${perPage}`);
  /** @param {number} size @param {boolean} answers @returns {Sheet[]} */
  const cut = (size, answers) => {
    const [cols, rows] = LAYOUT[size];
    /** @type {Sheet[]} */
    const sheets = [];
    for (let i = 0; i < puzzles.length; i += size) sheets.push({ answers, cols, rows, gridMm: GRID_MM[size], puzzles: puzzles.slice(i, i + size) });
    return sheets;
  };
  return [...cut(perPage, false), ...cut(ANSWERS_PER_PAGE, true)];
}

/** "3 · Hard · seed 1234". @param {BookletPuzzle} puzzle */
export function caption(puzzle) {
  return `${puzzle.number} · ${puzzle.level.charAt(0).toUpperCase()}${puzzle.level.slice(1)} · seed ${puzzle.seed}`;
}

/**
 * The short link to a booklet's puzzle, short enough to print under it: this page's address
 * with `#p=<the givens' code>&l=<level>&s=<seed>` (the page opens it with its level and seed
 * as the link's claims).
 * @param {BookletPuzzle} puzzle @param {string} pageUrl
 */
export function bookletLink(puzzle, pageUrl) {
  const base = pageUrl.split("#")[0].split("?")[0];
  return `${base}#${shortFragment(puzzle.puzzle, { level: puzzle.level, seed: puzzle.seed })}`;
}

/**
 * The level mix the person chose, as the engine reads it ("easy,medium"), or a message.
 * @param {string[]} levels @returns {string | {error: string}}
 */
export function levelMix(levels) {
  return levels.length ? levels.join(",") : { error: "Choose at least one level." };
}
