// @ts-check
// Other apps' formats out, as plain data: what each is called, the file it is saved as, what of
// the player's progress it carries, and the engine's `export` arguments for a game. The engine
// (sudoku_core.formats) writes every format, so the page and the command line write the same
// text. No DOM: export-view.js acts on these.

import { EMPTY_GRID } from "../board/grid.js";
import { parseMarks } from "../board/cell-layers.js";

/** @typedef {import("../app/storage.js").Game} Game */
/** @typedef {import("../engine/protocol.js").Ops["export"]["args"]} ExportArgs */
/** @typedef {ExportArgs["to"]} ExportFormat */

/**
 * Each format the Share panel offers: its name in words, its file name, and what of the game it
 * carries besides the givens (sudoku_core.formats.FORMATS says the same).
 * @type {Readonly<Record<ExportFormat, {name: string, file: string, carries: string}>>}
 */
export const EXPORT_FORMATS = {
  line: { name: "Puzzle line", file: "sudoku.txt", carries: "" },
  grid: { name: "Grid", file: "sudoku-grid.txt", carries: "" },
  fpuzzles: { name: "f-puzzles link", file: "sudoku-f-puzzles.txt", carries: "your digits, corner and centre marks" },
  sudokupad: { name: "SudokuPad link", file: "sudoku-sudokupad.txt", carries: "your corner and centre marks (SudokuPad links carry no digits)" },
  sudokuwiki: { name: "sudokuwiki link", file: "sudoku-sudokuwiki.txt", carries: "your digits and your centre marks as candidates" },
  coach: { name: "sudoku.coach link", file: "sudoku-coach.txt", carries: "" },
  hodoku: { name: "HoDoKu line", file: "sudoku-hodoku.txt", carries: "your digits, and your centre marks as candidates when every empty cell has some" },
  ss: { name: "Simple Sudoku .ss", file: "sudoku.ss", carries: "" },
  sdk: { name: "SudoCue .sdk", file: "sudoku.sdk", carries: "" },
  sdx: { name: "SudoCue .sdx", file: "sudoku.sdx", carries: "your digits, and your centre marks as candidates (a cell without centre marks is left empty)" },
};

/** True for a name the Share panel offers. @param {string} name @returns {name is ExportFormat} */
export const isExportFormat = (name) => Object.hasOwn(EXPORT_FORMATS, name);

/**
 * The engine's `export` arguments for a game: its givens, and the player's digits and marks
 * when `withProgress` (the Share panel's "Include my digits and marks").
 * @param {Game} game @param {ExportFormat} to @param {boolean} withProgress @returns {ExportArgs}
 */
export function exportArgs(game, to, withProgress) {
  /** @type {ExportArgs} */
  const args = { grid: game.givens, to };
  if (!withProgress) return args;
  if (game.entries !== EMPTY_GRID) args.entries = game.entries;
  if (game.play?.centre) args.centre = parseMarks(game.play.centre);
  if (game.play?.corner) args.corner = parseMarks(game.play.corner);
  return args;
}

/**
 * What the Share panel says under the format choice: what the chosen format keeps of the game.
 * @param {ExportFormat} to @param {boolean} withProgress
 */
export function exportNote(to, withProgress) {
  const carries = EXPORT_FORMATS[to].carries;
  if (!carries) return `${EXPORT_FORMATS[to].name}: the givens only.`;
  return withProgress ? `${EXPORT_FORMATS[to].name}: the givens and ${carries}.` : `${EXPORT_FORMATS[to].name}: the givens (tick “Include my digits and marks” for ${carries}).`;
}
