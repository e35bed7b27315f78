// @ts-check
// A game's history: every move as compact text (cell-layers.js encodes it), and how many of them
// are applied. Undo steps back, redo forward, a new move drops the undone ones. Saved with the
// game, so it survives reloads; at MAX_MOVES the oldest move goes with each new one, so what is
// written is always what the reader takes. Plain data, no DOM.

import { decodeMove } from "../board/cell-layers.js";

/** `moves[0..at)` are applied; `moves[at..]` can be redone. @typedef {{moves: string[], at: number}} History */

/** @returns {History} */
export const emptyHistory = () => ({ moves: [], at: 0 });

/**
 * After a new move: the redo tail is gone, and past MAX_MOVES the oldest move too.
 * @param {History} history @param {string} move @returns {History}
 */
export const pushMove = (history, move) => fitHistory({ moves: [...history.moves.slice(0, history.at), move], at: history.at + 1 });

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
  return { ...history, moves: history.moves.slice(start, end), at: history.at - start };
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
 * moves left out; only the kept ones are read.
 * @param {unknown} value
 * @returns {{ok: true, history: History, moves: import("../board/cell-layers.js").Move[], dropped: number} | {ok: false, problem: string}}
 */
export function readHistory(value) {
  if (!value || typeof value !== "object") return { ok: false, problem: "it is not a history" };
  const v = /** @type {Record<string, unknown>} */ (value);
  if (!Array.isArray(v.moves)) return { ok: false, problem: "its moves are not a list" };
  if (!Number.isSafeInteger(v.at) || Number(v.at) < 0 || Number(v.at) > v.moves.length) {
    return { ok: false, problem: "its position is outside its moves" };
  }
  const fitted = fitHistory({ moves: /** @type {unknown[]} */ (v.moves), at: Number(v.at) });
  const dropped = v.moves.length - fitted.moves.length;
  const first = Number(v.at) - fitted.at; // the first kept move's place in the stored list
  const moves = [];
  for (const [i, text] of fitted.moves.entries()) {
    const move = typeof text === "string" && text.length <= MAX_MOVE_LENGTH ? decodeMove(text) : null;
    if (!move) return { ok: false, problem: `move ${first + i + 1} is unreadable` };
    moves.push(move);
  }
  return { ok: true, history: { moves: /** @type {string[]} */ ([...fitted.moves]), at: fitted.at }, moves, dropped };
}

/** What is wrong with a stored history, or "". @param {unknown} value */
export function historyProblem(value) {
  const read = readHistory(value);
  return read.ok ? "" : read.problem;
}
