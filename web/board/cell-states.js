// @ts-check
// What each cell of <sudoku-board> shows and what its accessible name says, as plain data (no
// DOM): the element reads its attributes into a BoardView, and cell-view.js writes each
// CellState into the cell's elements. Kept apart so that the rules of the board's looks (which
// cells are peers, hold the same digit, are possible for the filter, have a mark lit) are tested
// in Node.
//
// Highlighting a digit everywhere: the cursor's digit, and the filter's, light up in every cell:
// the cells holding it (`same`) and the pencil marks (corner or centre) that hold it (`lit`).
// The candidate filter (HoDoKu's F1-F9) also tints every empty cell where its digit is still
// possible: per the player's centre marks where the cell has some, else per the rules (the digits
// of its row, column and box).

import { COLOUR_NAMES, bit, candidateMasks, maskDigits } from "./cell-layers.js";
import { EMPTY, boxOf, colOf, combine, findConflicts, rowOf } from "./grid.js";
import { highlightWords } from "./highlight.js";

/** @typedef {import("./cell-layers.js").Layers} Layers */
/** @typedef {import("./highlight.js").Highlight} Highlight */

/**
 * What the board shows, read from its attributes.
 * @typedef {object} BoardView
 * @property {Layers} layers      the layers shown: the player's, or the preview's (no corner marks or colours)
 * @property {string} players     the player's digits (both layers), so a digit of the preview is told apart
 * @property {"play" | "enter"} mode
 * @property {boolean} paused     every cell blank
 * @property {number} cursor      -1: none
 * @property {number[]} selection
 * @property {number[]} flagged
 * @property {number[]} wrong
 * @property {boolean} conflicts  conflicts shown (not conflicts="off")
 * @property {number} filter      the candidate filter's digit, 0: none
 * @property {Highlight | null} highlight
 */

/**
 * One cell as drawn. `corner`, `centre`: the marks shown (none under a digit); `keptCorner`,
 * `keptCentre`: the marks kept (data- attributes); `lit`: the shown marks drawn highlighted
 * (a mask); `possible`: the filter's digit when it may go in this empty cell, else 0;
 * `highlight`: what the overlay's drawing says about the cell.
 * @typedef {{digit: string, given: boolean, corner: number, centre: number, colours: number, keptCorner: number,
 *   keptCentre: number, lit: number, selected: boolean, cursor: boolean, peer: boolean, same: boolean,
 *   possible: number, conflict: boolean, wrong: boolean, fromPath: boolean, flagged: boolean, readonly: boolean,
 *   hide: boolean, highlight: string}} CellState
 */

/**
 * The cells where `digit` may still go: empty cells whose centre marks hold it, or, where a cell
 * has no centre marks, whose row, column and box do not hold it yet.
 * @param {Layers} layers @param {number} digit 1..9 @returns {boolean[]} 81 flags (all false for 0)
 */
export function possibleCells(layers, digit) {
  if (digit < 1 || digit > 9) return new Array(81).fill(false);
  const rules = candidateMasks(layers.givens, layers.entries);
  const grid = combine(layers.givens, layers.entries);
  return Array.from({ length: 81 }, (_, cell) =>
    grid[cell] === EMPTY && Boolean((layers.centre[cell] || rules[cell]) & bit(digit)));
}

/** @param {number} a @param {number} b */
const arePeers = (a, b) => a !== b && (rowOf(a) === rowOf(b) || colOf(a) === colOf(b) || boxOf(a) === boxOf(b));

/**
 * Every cell's state.
 * @param {BoardView} view @returns {CellState[]}
 */
export function cellStates(view) {
  const { layers, players, mode, paused, cursor } = view;
  const grid = combine(layers.givens, layers.entries);
  const selection = new Set(view.selection);
  const single = selection.size === 1;
  const flagged = new Set(view.flagged);
  const wrong = new Set(view.wrong);
  const conflicts = new Set(!view.conflicts || paused ? [] : findConflicts(grid).flatMap((x) => x.cells));
  const cursorDigit = cursor >= 0 && !paused ? grid[cursor] : EMPTY;
  const filter = paused ? 0 : view.filter;
  const filterDigit = filter ? String(filter) : EMPTY;
  const possible = possibleCells(layers, filter);
  // the digits lit everywhere: the cursor's and the filter's
  const litMask = (cursorDigit !== EMPTY ? bit(Number(cursorDigit)) : 0) | (filter ? bit(filter) : 0);
  const words = highlightWords(paused ? null : view.highlight);
  return Array.from({ length: 81 }, (_, cell) => {
    const hide = paused;
    const digit = hide ? EMPTY : grid[cell];
    const corner = hide || digit !== EMPTY ? 0 : layers.corner[cell];
    const centre = hide || digit !== EMPTY ? 0 : layers.centre[cell];
    return {
      digit,
      given: !hide && layers.givens[cell] !== EMPTY,
      corner,
      centre,
      colours: hide ? 0 : layers.colours[cell],
      keptCorner: hide ? 0 : layers.corner[cell],
      keptCentre: hide ? 0 : layers.centre[cell],
      lit: (corner | centre) & litMask,
      selected: selection.has(cell),
      cursor: cell === (cursor >= 0 ? cursor : 0),
      peer: !hide && single && cursor >= 0 && arePeers(cell, cursor),
      same: digit !== EMPTY && cell !== cursor && (digit === cursorDigit || digit === filterDigit),
      possible: possible[cell] ? filter : 0,
      conflict: conflicts.has(cell),
      wrong: !hide && wrong.has(cell) && digit !== EMPTY && layers.givens[cell] === EMPTY,
      fromPath: !hide && digit !== EMPTY && players[cell] === EMPTY,
      flagged: !hide && flagged.has(cell),
      readonly: layers.givens[cell] !== EMPTY && mode === "play",
      hide,
      highlight: words[cell],
    };
  });
}

/** "Row 5, column 3" @param {number} cell */
export const cellWords = (cell) => `Row ${rowOf(cell) + 1}, column ${colOf(cell) + 1}`;

/** "a", "a and b", "a, b and c" @param {string[]} items */
export function listWords(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * A cell's accessible name: "Row r, column c, value[, given][, conflict][, wrong][, placed by the
 * path][, centre 1 2 7][, corner 4][, colour orange and blue][, marked][, 5 possible][, the
 * highlight's words]", or "Row r, column c, hidden" while paused. Lit marks are not named: the
 * marks are, and the cursor's digit says which ones light up.
 * @param {number} cell @param {CellState} s
 */
export function cellLabel(cell, s) {
  const words = [cellWords(cell)];
  if (s.hide) return [...words, "hidden"].join(", ");
  words.push(s.digit === EMPTY ? "empty" : s.digit);
  if (s.given) words.push("given");
  if (s.conflict) words.push("conflict");
  if (s.wrong) words.push("wrong");
  if (s.fromPath) words.push("placed by the path");
  if (s.centre) words.push(`centre ${maskDigits(s.centre).join(" ")}`);
  if (s.corner) words.push(`corner ${maskDigits(s.corner).join(" ")}`);
  if (s.colours) words.push(`colour ${listWords(maskDigits(s.colours).map((k) => COLOUR_NAMES[k - 1]))}`);
  if (s.flagged) words.push("marked");
  if (s.possible) words.push(`${s.possible} possible`);
  if (s.highlight) words.push(s.highlight);
  return words.join(", ");
}
