// @ts-check
// A game's history: every move as compact text (cell-layers.js encodes it), and how many of them
// are applied. Undo steps back, redo forward, a new move drops the undone ones. Unlimited and
// saved with the game, so it survives reloads; plain data, no DOM.

import { decodeMove } from "../board/cell-layers.js";

/** `moves[0..at)` are applied; `moves[at..]` can be redone. @typedef {{moves: string[], at: number}} History */

/** @returns {History} */
export const emptyHistory = () => ({ moves: [], at: 0 });

/** After a new move: the redo tail is gone. @param {History} history @param {string} move @returns {History} */
export const pushMove = (history, move) => ({ moves: [...history.moves.slice(0, history.at), move], at: history.at + 1 });

/** @param {History} history */
export const canUndo = (history) => history.at > 0;
/** @param {History} history */
export const canRedo = (history) => history.at < history.moves.length;

/** More moves than a person makes in any game (a history is bounded, and so is reading one). */
export const MAX_MOVES = 100_000;
/** The longest move: every layer of every cell changed (Solve, a merge) is 81 * 5 changes. */
const MAX_MOVE_LENGTH = 1 + 81 * 5 * 3;

/**
 * A stored history, checked (storage is untrusted: every move is decoded), with its moves.
 * @param {unknown} value
 * @returns {{ok: true, history: History, moves: import("../board/cell-layers.js").Move[]} | {ok: false, problem: string}}
 */
export function readHistory(value) {
  if (!value || typeof value !== "object") return { ok: false, problem: "it is not a history" };
  const v = /** @type {Record<string, unknown>} */ (value);
  if (!Array.isArray(v.moves)) return { ok: false, problem: "its moves are not a list" };
  if (v.moves.length > MAX_MOVES) return { ok: false, problem: `it has more than ${MAX_MOVES} moves` };
  if (!Number.isSafeInteger(v.at) || Number(v.at) < 0 || Number(v.at) > v.moves.length) {
    return { ok: false, problem: "its position is outside its moves" };
  }
  const moves = [];
  for (const [i, text] of v.moves.entries()) {
    const move = typeof text === "string" && text.length <= MAX_MOVE_LENGTH ? decodeMove(text) : null;
    if (!move) return { ok: false, problem: `move ${i + 1} is unreadable` };
    moves.push(move);
  }
  return { ok: true, history: { moves: /** @type {string[]} */ ([...v.moves]), at: Number(v.at) }, moves };
}

/** What is wrong with a stored history, or "". @param {unknown} value */
export function historyProblem(value) {
  const read = readHistory(value);
  return read.ok ? "" : read.problem;
}
