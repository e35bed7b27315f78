// @ts-check
// Autosave of the game in localStorage, with a versioned schema. Storage may be missing, throw,
// be full or hold something unreadable: nothing here throws; callers get {ok, problem}.

import { isGrid } from "./grid.js";
import { toPuzzleInfo } from "./puzzle-info.js";

/** @typedef {import("./puzzle-info.js").PuzzleInfo} PuzzleInfo */

export const STORAGE_KEY = "sudoku-studio.game";
export const SCHEMA_VERSION = 1;

/** @typedef {{givens: string, entries: string, mode: "play" | "enter", info?: PuzzleInfo | null}} Game */
/**
 * `info` (optional; older saves lack it) is what is known about a puzzle made here: seed, level...
 * @typedef {{v: 1, givens: string, entries: string, mode: "play" | "enter", info?: PuzzleInfo, savedAt: string}} SavedGameV1
 */
/** @typedef {{ok: true, game: Game | null, note: string} | {ok: false, problem: string}} LoadResult */
/** @typedef {{ok: true} | {ok: false, problem: string}} SaveResult */
/** @typedef {{ok: true, data: unknown} | {ok: false, problem: string}} RecordResult */

/** @param {unknown} error */
function describe(error) {
  if (error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === 22)) {
    return "the browser's storage is full";
  }
  if (error instanceof Error && error.name === "SecurityError") return "the browser does not allow storage here";
  return "storage is not available";
}

/** @returns {Storage} */
function storage() {
  const store = globalThis.localStorage; // the getter itself may throw (SecurityError)
  if (!store) throw new Error("no localStorage");
  return store;
}

/**
 * Read the saved game: null if none, or if what is there is unreadable (then `note` says so).
 * @returns {LoadResult}
 */
export function loadGame() {
  /** @type {string | null} */
  let text;
  try {
    text = storage().getItem(STORAGE_KEY);
  } catch (error) {
    return { ok: false, problem: describe(error) };
  }
  if (text === null) return { ok: true, game: null, note: "" };
  try {
    const data = JSON.parse(text);
    if (data && typeof data === "object" && data.v === SCHEMA_VERSION && isGrid(data.givens) && isGrid(data.entries)) {
      const mode = data.mode === "enter" ? "enter" : "play";
      const info = toPuzzleInfo(data.info, data.givens);
      return { ok: true, game: { givens: data.givens, entries: data.entries, mode, info }, note: "" };
    }
  } catch {
    // fall through: not JSON
  }
  return { ok: true, game: null, note: "A saved game from another version could not be read; starting afresh." };
}

/**
 * @param {Game} game
 * @returns {SaveResult}
 */
export function saveGame(game) {
  /** @type {SavedGameV1} */
  const data = { v: SCHEMA_VERSION, givens: game.givens, entries: game.entries, mode: game.mode, savedAt: new Date().toISOString() };
  if (game.info && game.info.puzzle === game.givens) data.info = game.info;
  return saveRecord(STORAGE_KEY, data);
}

/**
 * Read another record of the page (JSON under `key`): `data` is null when there is none or it
 * is not JSON; the caller checks its shape.
 * @param {string} key @returns {RecordResult}
 */
export function loadRecord(key) {
  /** @type {string | null} */
  let text;
  try {
    text = storage().getItem(key);
  } catch (error) {
    return { ok: false, problem: describe(error) };
  }
  if (text === null) return { ok: true, data: null };
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    return { ok: true, data: null };
  }
}

/** @param {string} key @param {unknown} data @returns {SaveResult} */
export function saveRecord(key, data) {
  try {
    storage().setItem(key, JSON.stringify(data));
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: describe(error) };
  }
}
