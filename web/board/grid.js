// @ts-check
// Sudoku vocabulary for the page, shared by the board and the app (no engine needed):
// a grid is an 81-character string, "1".."9" or "." for empty, cells 0..80 row-major;
// row, column and box are 0..8 here and 1..9 in every text a person reads.

export const EMPTY = ".";
export const EMPTY_GRID = EMPTY.repeat(81);

/** @param {number} cell */
export const rowOf = (cell) => Math.floor(cell / 9);
/** @param {number} cell */
export const colOf = (cell) => cell % 9;
/** @param {number} cell */
export const boxOf = (cell) => Math.floor(rowOf(cell) / 3) * 3 + Math.floor(colOf(cell) / 3);

/** @typedef {"row" | "column" | "box"} UnitKind */
/** @typedef {{kind: UnitKind, number: number, cells: number[]}} Unit  number is 1..9 */

/** All 27 units, each a list of 9 cells. @type {Unit[]} */
export const UNITS = [];
for (let i = 0; i < 9; i++) {
  const row = [];
  const col = [];
  const box = [];
  for (let j = 0; j < 9; j++) {
    row.push(i * 9 + j);
    col.push(j * 9 + i);
    box.push((Math.floor(i / 3) * 3 + Math.floor(j / 3)) * 9 + (i % 3) * 3 + (j % 3));
  }
  UNITS.push({ kind: "row", number: i + 1, cells: row });
  UNITS.push({ kind: "column", number: i + 1, cells: col });
  UNITS.push({ kind: "box", number: i + 1, cells: box });
}

/** How many cells of a grid hold a digit. @param {string} grid */
export const filledCount = (grid) => grid.replaceAll(EMPTY, "").length;

/** "r3c5", the engine's way of naming a cell. @param {number} cell */
export const cellName = (cell) => `r${rowOf(cell) + 1}c${colOf(cell) + 1}`;

/** True for an 81-character string of digits 1-9 and ".". @param {unknown} text */
export function isGrid(text) {
  return typeof text === "string" && /^[1-9.]{81}$/.test(text);
}

/**
 * Normalise "0", "-", "_" and "." to "." in an 81-character string; null if it isn't one.
 * @param {unknown} text
 * @returns {string | null}
 */
export function toGrid(text) {
  if (typeof text !== "string" || !/^[0-9._-]{81}$/.test(text)) return null;
  return text.replace(/[0_-]/g, EMPTY);
}

/**
 * The digits of both layers: a given wins over an entry.
 * @param {string} givens @param {string} entries
 */
export function combine(givens, entries) {
  let out = "";
  for (let c = 0; c < 81; c++) out += givens[c] !== EMPTY ? givens[c] : entries[c];
  return out;
}

/** @typedef {{digit: number, kind: UnitKind, number: number, cells: number[], message: string}} Conflict */

/**
 * Same digit twice in a unit (computed here so that play needs no engine).
 * @param {string} grid
 * @returns {Conflict[]}
 */
export function findConflicts(grid) {
  /** @type {Conflict[]} */
  const found = [];
  for (const unit of UNITS) {
    /** @type {Map<string, number[]>} */
    const seen = new Map();
    for (const cell of unit.cells) {
      const d = grid[cell];
      if (d === EMPTY) continue;
      const list = seen.get(d) ?? [];
      list.push(cell);
      seen.set(d, list);
    }
    for (const [d, cells] of seen) {
      if (cells.length > 1) {
        found.push({
          digit: Number(d),
          kind: unit.kind,
          number: unit.number,
          cells,
          message: `${d} appears ${cells.length === 2 ? "twice" : `${cells.length} times`} in ${unit.kind} ${unit.number}: ${cells.map(cellName).join(", ")}`,
        });
      }
    }
  }
  return found;
}

/**
 * Each digit's tally on a grid: how many cells hold it, and whether it is complete (placed 9
 * times with no conflict, so once in every row, column and box). Index 0 is digit 1.
 * @param {string} grid @returns {{digit: number, count: number, complete: boolean}[]}
 */
export function digitTally(grid) {
  const counts = new Array(10).fill(0);
  for (const ch of grid) if (ch !== EMPTY) counts[Number(ch)] += 1;
  const conflicted = new Set(findConflicts(grid).map((c) => c.digit));
  return Array.from({ length: 9 }, (_, i) => {
    const digit = i + 1;
    return { digit, count: counts[digit], complete: counts[digit] === 9 && !conflicted.has(digit) };
  });
}

/** Each cell's 20 peers: the other cells of its row, column and box. @type {number[][]} */
export const PEERS = Array.from({ length: 81 }, (_, cell) => {
  const peers = [];
  for (let other = 0; other < 81; other++) {
    if (other === cell) continue;
    if (rowOf(other) === rowOf(cell) || colOf(other) === colOf(cell) || boxOf(other) === boxOf(cell)) peers.push(other);
  }
  return peers;
});

/**
 * The player's digits that differ from the solution (mistake mode, Undo to last correct).
 * @param {string} entries @param {string} solution @returns {number[]}
 */
export function wrongCells(entries, solution) {
  const wrong = [];
  for (let c = 0; c < 81; c++) if (entries[c] !== EMPTY && entries[c] !== solution[c]) wrong.push(c);
  return wrong;
}
