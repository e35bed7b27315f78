// @ts-check
// A saved game as the game library stores it, and the rules for what comes back from storage:
// untrusted input, checked cell by cell (grids of 1-9 and ".", no entry on a given, a known
// mode, info that belongs to these givens). A record written by a newer version of the page
// (a larger `schema`) or one that fails the checks is never rewritten: the library leaves it
// as it is and the page says so. Also the three-way merge that keeps two tabs' moves.
// Plain data and functions, no DOM and no storage.

import { EMPTY, cellName, isGrid } from "./grid.js";
import { toPuzzleInfo } from "./puzzle-info.js";

/** @typedef {import("./puzzle-info.js").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./storage.js").Game} Game */

/** The record layout this page writes; a larger number is a newer page's, kept untouched. */
export const SCHEMA_VERSION = 1;

/**
 * One saved game. `rev` grows by one with each write, so a tab whose write is based on an older
 * revision merges instead of overwriting.
 * @typedef {{schema: 1, id: string, givens: string, entries: string, mode: "play" | "enter",
 *   info?: PuzzleInfo, rev: number, createdAt: string, savedAt: string}} GameRecord
 */
/** @typedef {{ok: true, record: GameRecord} | {ok: false, newer: boolean, problem: string}} ReadResult */

/**
 * What is wrong with a game's two layers, or "" if nothing: both grids, and no entry on a given.
 * @param {unknown} givens @param {unknown} entries
 */
export function gameProblem(givens, entries) {
  if (!isGrid(givens)) return "its givens are not a Sudoku grid";
  if (!isGrid(entries)) return "its entries are not a Sudoku grid";
  const [g, e] = [/** @type {string} */ (givens), /** @type {string} */ (entries)];
  for (let c = 0; c < 81; c++) {
    if (g[c] !== EMPTY && e[c] !== EMPTY) return `an entry sits on the given at ${cellName(c)}`;
  }
  return "";
}

/**
 * Check a record read from storage.
 * @param {unknown} value @returns {ReadResult}
 */
export function readRecord(value) {
  if (!value || typeof value !== "object") return { ok: false, newer: false, problem: "it is not a saved game" };
  const v = /** @type {Record<string, unknown>} */ (value);
  if (Number.isInteger(v.schema) && Number(v.schema) > SCHEMA_VERSION) {
    return { ok: false, newer: true, problem: "it was saved by a newer version of the studio" };
  }
  if (v.schema !== SCHEMA_VERSION) return { ok: false, newer: false, problem: "its format is unknown" };
  if (typeof v.id !== "string" || !v.id) return { ok: false, newer: false, problem: "it has no name" };
  const problem = gameProblem(v.givens, v.entries);
  if (problem) return { ok: false, newer: false, problem };
  if (v.mode !== "play" && v.mode !== "enter") return { ok: false, newer: false, problem: "its mode is unknown" };
  if (!Number.isSafeInteger(v.rev) || Number(v.rev) < 1) return { ok: false, newer: false, problem: "its revision is not a count" };
  if (typeof v.createdAt !== "string" || typeof v.savedAt !== "string") return { ok: false, newer: false, problem: "its dates are missing" };
  const givens = /** @type {string} */ (v.givens);
  /** @type {GameRecord} */
  const record = {
    schema: SCHEMA_VERSION, id: v.id, givens, entries: /** @type {string} */ (v.entries), mode: v.mode,
    rev: Number(v.rev), createdAt: v.createdAt, savedAt: v.savedAt,
  };
  const info = toPuzzleInfo(v.info, givens);
  if (info) record.info = info;
  return { ok: true, record };
}

/** The game a record holds. @param {GameRecord} record @returns {Game} */
export function gameOf(record) {
  return { givens: record.givens, entries: record.entries, mode: record.mode, info: record.info ?? null };
}

/** True when two games have the same cells, mode and info. @param {Game} a @param {Game} b */
export function sameGame(a, b) {
  return a.givens === b.givens && a.entries === b.entries && a.mode === b.mode
    && JSON.stringify(a.info ?? null) === JSON.stringify(b.info ?? null);
}

/**
 * Cell by cell: what this tab changed since `base` wins, every other cell is as stored.
 * @param {string} base @param {string} mine @param {string} stored
 */
export function mergeGrids(base, mine, stored) {
  let out = "";
  for (let c = 0; c < 81; c++) out += mine[c] !== base[c] ? mine[c] : stored[c];
  return out;
}

/**
 * Three-way merge of this tab's game with the stored one (another tab wrote since `base`): both
 * tabs' moves are kept; where both changed a cell, this tab's (the later) move wins.
 * @param {Game} base @param {Game} mine @param {Game} stored @returns {Game}
 */
export function mergeGames(base, mine, stored) {
  const givens = mergeGrids(base.givens, mine.givens, stored.givens);
  const merged = mergeGrids(base.entries, mine.entries, stored.entries);
  const entries = [...merged].map((d, c) => (givens[c] === EMPTY ? d : EMPTY)).join("");
  const mode = mine.mode !== base.mode ? mine.mode : stored.mode;
  const info = [mine.info, stored.info].find((i) => i && i.puzzle === givens) ?? null;
  return { givens, entries, mode, info };
}
