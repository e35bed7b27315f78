// @ts-check
// A game's history: every move as compact text (cell-layers.js encodes it), and how many of them
// are applied. Undo steps back, redo forward, a new move drops the undone ones. Saved with the
// game, so it survives reloads; at MAX_MOVES the oldest move goes with each new one, so what is
// written is always what the reader takes. Beside the moves, `times`: the play time (whole
// seconds) each move was made at, for the review of the solve; null for a move whose time is
// unknown (made by a page that did not keep times, or merged from another tab). A history
// without `times` (an older page's) is read as it is. The times are optional: damaged ones are
// dropped or made unknown as they are read, never a reason to refuse the game. Plain data, no DOM.

import { decodeMove } from "../board/cell-layers.js";

/**
 * `moves[0..at)` are applied; `moves[at..]` can be redone; `times[i]`, when there, is the play
 * time in whole seconds that `moves[i]` was made at (null: unknown), as long as `moves`.
 * @typedef {{moves: string[], at: number, times?: (number | null)[]}} History
 */

/** @returns {History} */
export const emptyHistory = () => ({ moves: [], at: 0 });

/**
 * After a new move: the redo tail is gone, and past MAX_MOVES the oldest move too. `seconds`: the
 * play time it was made at (null: unknown); the first timed move of an older history gives its
 * earlier moves unknown times.
 * @param {History} history @param {string} move @param {number | null} [seconds] @returns {History}
 */
export function pushMove(history, move, seconds = null) {
  const moves = [...history.moves.slice(0, history.at), move];
  const time = seconds === null ? null : Math.min(Math.max(0, Math.floor(seconds)), Number.MAX_SAFE_INTEGER);
  if (!history.times && time === null) return fitHistory({ moves, at: history.at + 1 });
  const times = [...(history.times ?? new Array(history.moves.length).fill(null)).slice(0, history.at), time];
  return fitHistory({ moves, at: history.at + 1, times });
}

/**
 * The history with `at` moved (undo, redo): the moves and their times kept.
 * @param {History} history @param {number} at @returns {History}
 */
export const historyAt = (history, at) => ({ ...history, at });

/**
 * A history of at most MAX_MOVES moves, the same one when it is already: the moves that can be
 * undone are kept before those that can be redone, the latest first. Dropping the oldest applied
 * moves keeps every state the rest passes through, so the game's cells need no change.
 * @template {{moves: unknown[], at: number}} H
 * @param {H} history @returns {H}
 */
export function fitHistory(history) {
  if (history.moves.length <= MAX_MOVES) return history;
  const end = Math.max(history.at, MAX_MOVES); // the redo tail's end goes first
  const start = end - MAX_MOVES;
  const cut = { ...history, moves: history.moves.slice(start, end), at: history.at - start };
  const times = /** @type {{times?: unknown[]}} */ (history).times;
  return Array.isArray(times) ? { ...cut, times: times.slice(start, end) } : cut;
}

/** @param {History} history */
export const canUndo = (history) => history.at > 0;
/** @param {History} history */
export const canRedo = (history) => history.at < history.moves.length;

/** More moves than a person makes in any game (a history is bounded, and so is reading one). */
export const MAX_MOVES = 100_000;
/** The longest move: every layer of every cell changed (Solve, a merge) is 81 * 5 changes. */
const MAX_MOVE_LENGTH = 1 + 81 * 5 * 3;

/**
 * A stored history, checked (storage is untrusted: every move is decoded), with its moves. One
 * longer than MAX_MOVES (an older page wrote it) is cut to fit (fitHistory): `dropped` counts the
 * moves left out; only the kept ones are read. Damaged times are repaired (readTimes), and
 * `repaired` says how ("" when they were sound).
 * @param {unknown} value
 * @returns {{ok: true, history: History, moves: import("../board/cell-layers.js").Move[], dropped: number, repaired: string} | {ok: false, problem: string}}
 */
export function readHistory(value) {
  const shape = readHistoryShape(value);
  if (!shape.ok) return shape;
  const { stored, dropped, repaired } = shape;
  const fitted = fitHistory(stored);
  const first = stored.at - fitted.at; // the first kept move's place in the stored list
  const moves = [];
  for (const [i, text] of fitted.moves.entries()) {
    const move = typeof text === "string" && text.length <= MAX_MOVE_LENGTH ? decodeMove(text) : null;
    if (!move) return { ok: false, problem: `move ${first + i + 1} is unreadable` };
    moves.push(move);
  }
  /** @type {History} */
  const history = { moves: /** @type {string[]} */ ([...fitted.moves]), at: fitted.at };
  if (fitted.times) history.times = [...fitted.times];
  return { ok: true, history, moves, dropped, repaired };
}

/**
 * A stored history's shape, without decoding its moves: a list of moves, a position in it, and
 * its times repaired (readTimes); `stored` is not yet cut to MAX_MOVES, `dropped` says how many
 * moves the cut leaves out. For the list of games, which shows no history, and for readHistory.
 * @param {unknown} value
 * @returns {{ok: true, stored: {moves: unknown[], at: number, times?: (number | null)[]}, dropped: number, repaired: string}
 *   | {ok: false, problem: string}}
 */
export function readHistoryShape(value) {
  if (!value || typeof value !== "object") return { ok: false, problem: "it is not a history" };
  const v = /** @type {Record<string, unknown>} */ (value);
  if (!Array.isArray(v.moves)) return { ok: false, problem: "its moves are not a list" };
  if (!Number.isSafeInteger(v.at) || Number(v.at) < 0 || Number(v.at) > v.moves.length) {
    return { ok: false, problem: "its position is outside its moves" };
  }
  const times = readTimes(v.times, v.moves.length);
  const stored = { moves: /** @type {unknown[]} */ (v.moves), at: Number(v.at), ...(times.times ? { times: times.times } : {}) };
  return { ok: true, stored, dropped: Math.max(0, v.moves.length - MAX_MOVES), repaired: times.repaired };
}

/**
 * Stored move times, repaired rather than refused: they are optional (the review alone reads
 * them), and a damaged list must never cost the player the game. Absent (an older page's
 * history) stays absent; not one per move (not a list, or of another length: which time goes
 * with which move is lost) is dropped whole; within a list of the right length, a time that is
 * not a whole number of seconds becomes unknown (null), the others kept. `repaired` says what
 * was done, as the record's other repairs are said ("" when nothing).
 * @param {unknown} times @param {number} count the history's moves
 * @returns {{times: (number | null)[] | undefined, repaired: string}}
 */
export function readTimes(times, count) {
  if (times === undefined) return { times: undefined, repaired: "" };
  if (!Array.isArray(times) || times.length !== count) return { times: undefined, repaired: "dropped its move times (not one per move)" };
  /** @type {number[]} */
  const unreadable = [];
  const read = times.map((t, i) => {
    if (t === null || (Number.isSafeInteger(t) && t >= 0)) return /** @type {number | null} */ (t);
    unreadable.push(i);
    return null;
  });
  const repaired = unreadable.length === 0 ? ""
    : unreadable.length === 1 ? `forgot the unreadable time of move ${unreadable[0] + 1}`
    : `forgot the unreadable times of ${unreadable.length.toLocaleString("en")} moves`;
  return { times: read, repaired };
}

/** What is wrong with a stored history, or "". @param {unknown} value */
export function historyProblem(value) {
  const read = readHistory(value);
  return read.ok ? "" : read.problem;
}
