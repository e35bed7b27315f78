// @ts-check
// Autosave of the game in localStorage, with a versioned schema. Storage may be missing, throw,
// be full or hold something unreadable: nothing here throws; callers get {ok, problem}.

import { isGrid } from "./grid.js";

export const STORAGE_KEY = "sudoku-studio.game";
export const SCHEMA_VERSION = 1;

/** @typedef {{givens: string, entries: string, mode: "play" | "enter"}} Game */
/** @typedef {{v: 1, givens: string, entries: string, mode: "play" | "enter", savedAt: string}} SavedGameV1 */
/** @typedef {{ok: true, game: Game | null, note: string} | {ok: false, problem: string}} LoadResult */
/** @typedef {{ok: true} | {ok: false, problem: string}} SaveResult */

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
      return { ok: true, game: { givens: data.givens, entries: data.entries, mode: data.mode === "enter" ? "enter" : "play" }, note: "" };
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
  try {
    storage().setItem(STORAGE_KEY, JSON.stringify(data));
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: describe(error) };
  }
}
