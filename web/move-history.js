// @ts-check
// A game's history: every move as compact text (cell-layers.js encodes it), and how many of them
// are applied. Undo steps back, redo forward, a new move drops the undone ones. Unlimited and
// saved with the game, so it survives reloads; plain data, no DOM.

import { decodeMove } from "./cell-layers.js";

/** `moves[0..at)` are applied; `moves[at..]` can be redone. @typedef {{moves: string[], at: number}} History */

/** @returns {History} */
export const emptyHistory = () => ({ moves: [], at: 0 });

/** After a new move: the redo tail is gone. @param {History} history @param {string} move @returns {History} */
export const pushMove = (history, move) => ({ moves: [...history.moves.slice(0, history.at), move], at: history.at + 1 });

/** @param {History} history */
export const canUndo = (history) => history.at > 0;
/** @param {History} history */
export const canRedo = (history) => history.at < history.moves.length;

/**
 * What is wrong with a stored history, or "" (storage is untrusted: every move is decoded).
 * @param {unknown} value
 */
export function historyProblem(value) {
  if (!value || typeof value !== "object") return "it is not a history";
  const v = /** @type {Record<string, unknown>} */ (value);
  if (!Array.isArray(v.moves)) return "its moves are not a list";
  if (!Number.isSafeInteger(v.at) || Number(v.at) < 0 || Number(v.at) > v.moves.length) return "its position is outside its moves";
  const bad = v.moves.findIndex((move) => decodeMove(move) === null);
  return bad >= 0 ? `move ${bad + 1} is unreadable` : "";
}
