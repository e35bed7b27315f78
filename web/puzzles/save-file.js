// @ts-check
// Save file (Share panel): what the saved file holds and what it is called. With "Include my
// digits and marks" ticked and some progress on the board, the file holds the game's share link
// (share-link.js): Open file… here reads it back with the player's digits, corner and centre
// marks, colours, level and seed, and opening it in a browser opens the game on this page. Else
// it holds the 81-character puzzle line, which every Sudoku app reads. The name says which
// puzzle it is: its level, seed or daily day, and the date it was saved. Plain functions, no DOM.

import { EMPTY } from "../board/grid.js";
import { hasProgress } from "./intake.js";
import { shareLinkFor } from "./share-link.js";

/** @typedef {import("../app/storage.js").Game} Game */

/**
 * A short, stable name for givens (FNV-1a, 6 base-36 characters): two puzzles saved the same
 * day get different file names.
 * @param {string} givens
 */
export function puzzleId(givens) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < givens.length; i++) {
    hash ^= givens.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, "0").slice(-6);
}

/** "2026-11-26", the local date. @param {Date} date */
export const localDay = (date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/**
 * The file's name: `sudoku-daily-<day>-<level>.txt` for a daily puzzle, else
 * `sudoku-<level>-<seed or id>-<date saved>.txt` (no level when none is known).
 * @param {Game} game @param {Date} now
 */
export function saveFileName(game, now) {
  const info = game.info;
  const level = info?.level ?? info?.difficulty;
  if (info?.daily) return `sudoku-daily-${info.daily}${level ? `-${level}` : ""}.txt`;
  const which = info?.seed !== undefined ? String(info.seed) : puzzleId(game.givens);
  return `sudoku-${level ? `${level}-` : ""}${which}-${localDay(now)}.txt`;
}

/**
 * The saved file: its name and text, and what it holds in words.
 * @param {Game} game @param {boolean} withProgress  "Include my digits and marks"
 * @param {string} pageUrl  this page's address (for the link) @param {Date} now
 * @returns {{name: string, text: string, holds: "link" | "line"}}
 */
export function savedFile(game, withProgress, pageUrl, now) {
  const name = saveFileName(game, now);
  if (withProgress && hasProgress(game)) return { name, text: `${shareLinkFor(game, true, pageUrl)}\n`, holds: "link" };
  return { name, text: `${game.givens.replaceAll(EMPTY, ".")}\n`, holds: "line" };
}
