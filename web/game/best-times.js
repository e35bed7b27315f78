// @ts-check
// The player's best time per level, kept in this browser (localStorage `sudoku-studio.best-times`,
// `{v: 1, levels: {hard: {ms, at}, ...}}`) for the Solved moment. Only a solve without help
// counts (no hint, no revealed cell): a best made with the answer shown would be nobody's best.
// Storage is untrusted: every level's entry is checked when read, and one that fails is dropped
// (the next best written replaces it). No DOM; storage through app/storage.js, which never throws.

import { loadRecord, saveRecord } from "../app/storage.js";
import { isLevel } from "../puzzles/puzzle-info.js";

/** @typedef {import("../puzzles/puzzle-info.js").Level} Level */
/** A best time: how long, and when it was set (ISO). @typedef {{ms: number, at: string}} Best */
/** @typedef {Partial<Record<Level, Best>>} BestTimes */
/**
 * What a solve did to the level's best: `previous` is the best before it (null: the first solve
 * of the level that counts), `best` the best now, `isNew` true when this solve set it, `counted`
 * false for a solve with help, `kept` false when this browser keeps no best times (no storage).
 * @typedef {{level: Level, previous: Best | null, best: Best | null, isNew: boolean, counted: boolean, kept: boolean}} BestResult
 */

export const BEST_KEY = "sudoku-studio.best-times";
/** Longer than any real solve (100 hours): a larger number is not a time this page wrote. */
const MAX_MS = 100 * 3600 * 1000;

/** @param {unknown} value @returns {value is Best} */
function isBest(value) {
  if (!value || typeof value !== "object") return false;
  const v = /** @type {Record<string, unknown>} */ (value);
  return Number.isSafeInteger(v.ms) && Number(v.ms) > 0 && Number(v.ms) <= MAX_MS
    && typeof v.at === "string" && v.at.length <= 40 && !Number.isNaN(Date.parse(v.at));
}

/**
 * The best times in stored data (anything at all): the levels whose entry holds, the rest dropped.
 * @param {unknown} data @returns {BestTimes}
 */
export function readBestTimes(data) {
  /** @type {BestTimes} */
  const best = {};
  if (!data || typeof data !== "object") return best;
  const v = /** @type {Record<string, unknown>} */ (data);
  if (v.v !== 1 || !v.levels || typeof v.levels !== "object") return best;
  for (const [level, entry] of Object.entries(/** @type {Record<string, unknown>} */ (v.levels))) {
    if (isLevel(level) && isBest(entry)) best[level] = { ms: entry.ms, at: entry.at };
  }
  return best;
}

/**
 * The best times after a solve of `level` in `ms` (with help: not counted), and what it did.
 * @param {BestTimes} times @param {Level} level @param {number} ms @param {boolean} helped @param {string} at
 * @returns {{times: BestTimes, result: BestResult}}
 */
export function withSolve(times, level, ms, helped, at) {
  const previous = times[level] ?? null;
  const counted = !helped && Number.isSafeInteger(ms) && ms > 0 && ms <= MAX_MS;
  const isNew = counted && (!previous || ms < previous.ms);
  const best = isNew ? { ms, at } : previous;
  return { times: isNew ? { ...times, [level]: best } : times, result: { level, previous, best, isNew, counted, kept: true } };
}

/**
 * Count a solve: keep the new best, if it is one. Without storage (or when the new best cannot
 * be written) nothing is claimed: `kept` is false.
 * @param {Level} level @param {number} ms @param {boolean} helped @returns {BestResult}
 */
export function recordSolve(level, ms, helped) {
  const loaded = loadRecord(BEST_KEY);
  const { times, result } = withSolve(loaded.ok ? readBestTimes(loaded.data) : {}, level, ms, helped, new Date().toISOString());
  const kept = loaded.ok && (!result.isNew || saveRecord(BEST_KEY, { v: 1, levels: times }).ok);
  return kept ? result : { ...result, isNew: false, kept: false };
}
