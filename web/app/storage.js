// @ts-check
// The page's small records in localStorage (the pool), and the one save slot of earlier versions
// (`sudoku-studio.game`), read once to move it into the game library (game-library.js) and then
// removed. Storage may be missing, throw, be full or hold something unreadable: nothing here
// throws; callers get {ok, problem}. A save this page cannot read is never removed or rewritten.

import { gameProblem } from "../game/game-record.js";
import { toPuzzleInfo } from "../puzzles/puzzle-info.js";

/** @typedef {import("../puzzles/puzzle-info.js").PuzzleInfo} PuzzleInfo */

/** The one save slot of versions before the game library. */
const STORAGE_KEY = "sudoku-studio.game";
const SLOT_VERSION = 1;

/**
 * A game: the two digit layers, the mode, what is known about the puzzle, and what the player did
 * beside the digits (absent: nothing yet; game-record.js newPlay()).
 * @typedef {{givens: string, entries: string, mode: "play" | "enter", info?: PuzzleInfo | null,
 *   play?: import("../game/game-record.js").PlayState}} Game
 */
/** `note` says why a save that is there was not read (it is kept). @typedef {{ok: true, game: Game | null, note: string} | {ok: false, problem: string}} LoadResult */
/** @typedef {{ok: true} | {ok: false, problem: string}} SaveResult */
/** @typedef {{ok: true, data: unknown} | {ok: false, problem: string}} RecordResult */

/**
 * What went wrong with the browser's storage, for a person (localStorage and IndexedDB alike).
 * @param {unknown} error
 */
export function describeStorageError(error) {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "QuotaExceededError" || (error instanceof DOMException && error.code === 22)) {
    return "the browser's storage is full";
  }
  if (name === "SecurityError") return "the browser does not allow storage here";
  if (name === "VersionError") return "a newer version of the studio is open in another tab";
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
    return { ok: false, problem: describeStorageError(error) };
  }
  if (text === null) return { ok: true, game: null, note: "" };
  /** @type {unknown} */
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON: said below
  }
  const v = /** @type {Record<string, unknown> | null} */ (data && typeof data === "object" ? data : null);
  if (v && Number.isInteger(v.v) && Number(v.v) > SLOT_VERSION) {
    return { ok: true, game: null, note: "A saved game from a newer version of the studio could not be read; it is kept as it is." };
  }
  const problem = v && v.v === SLOT_VERSION ? gameProblem(v.givens, v.entries) : "its format is unknown";
  if (v && !problem) {
    const givens = /** @type {string} */ (v.givens);
    const mode = v.mode === "enter" ? "enter" : "play";
    const info = toPuzzleInfo(v.info, givens);
    return { ok: true, game: { givens, entries: /** @type {string} */ (v.entries), mode, info }, note: "" };
  }
  return { ok: true, game: null, note: `A saved game from another version could not be read (${problem}); it is kept as it is.` };
}

/** The old save slot has been moved into the game library: remove it. */
export function forgetOldSave() {
  try {
    storage().removeItem(STORAGE_KEY);
  } catch {
    // it stays; moving it again next time only adds the same game once more
  }
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
    return { ok: false, problem: describeStorageError(error) };
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
    return { ok: false, problem: describeStorageError(error) };
  }
}
