// @ts-check
// The share link: the page's address (no query string: `?boot-timeout=` and the like are this
// device's settings, not the puzzle's) with the game in the fragment (`#puzzle=<81>&progress=<81>`,
// "0" for empty, plus the puzzle's seed and level when known). The fragment is never sent to a
// server. A link is untrusted input: reading one says exactly why it cannot be opened. Plain
// functions, no DOM: game-view writes the link, import-export opens one.

import { EMPTY, EMPTY_GRID, cellName, toGrid } from "../board/grid.js";
import { readInfoParams, writeInfoParams } from "./puzzle-info.js";

/** @typedef {import("../app/storage.js").Game} Game */
/** @typedef {{ok: true, game: Game} | {ok: false, problem: string}} LinkResult */

/** The longest fragment read: a link with every parameter is under 300 characters. */
export const MAX_LINK_CHARS = 1000;

/**
 * The link that opens this game on this page.
 * @param {Game} game @param {boolean} withProgress  include the player's entries (if any)
 * @param {string} pageUrl  the page's own URL (its query string and fragment are replaced)
 */
export function shareLinkFor(game, withProgress, pageUrl) {
  const url = new URL(pageUrl);
  url.search = "";
  const parts = new URLSearchParams();
  parts.set("puzzle", game.givens.replaceAll(EMPTY, "0"));
  if (withProgress && game.entries !== EMPTY_GRID) parts.set("progress", game.entries.replaceAll(EMPTY, "0"));
  if (game.info) writeInfoParams(game.info, parts);
  url.hash = parts.toString();
  return url.href;
}

/**
 * What is wrong with a grid parameter of a link, or "" if it is 81 cells of 1-9 and 0 (or ".",
 * "-", "_") for empty.
 * @param {string} text
 */
export function gridProblem(text) {
  const cells = [...text];
  for (let c = 0; c < Math.min(cells.length, 81); c++) {
    if (!/^[0-9._-]$/.test(cells[c])) {
      const shown = /^[\x21-\x7e]$/.test(cells[c]) ? `“${cells[c]}”` : `character U+${(cells[c].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
      return `${cellName(c)} is ${shown}; a cell is a digit 1-9, or 0 for empty`;
    }
  }
  if (cells.length !== 81) return `it has ${cells.length} cells; a puzzle has 81`;
  return "";
}

/**
 * The game a URL fragment (`#puzzle=…&progress=…`) carries, in play mode: null if the fragment
 * is not a puzzle link at all, else the game or why the link cannot be opened.
 * @param {string} hash  `location.hash`, with its "#"
 * @returns {LinkResult | null}
 */
export function gameFromLink(hash) {
  if (!hash || hash === "#") return null;
  if (hash.length - 1 > MAX_LINK_CHARS) {
    return { ok: false, problem: `the link is ${(hash.length - 1).toLocaleString("en")} characters long; a puzzle link is at most ${MAX_LINK_CHARS.toLocaleString("en")}` };
  }
  const parts = new URLSearchParams(hash.slice(1));
  const puzzle = parts.get("puzzle");
  if (puzzle === null) return null;
  const puzzleProblem = gridProblem(puzzle);
  if (puzzleProblem) return { ok: false, problem: `its puzzle is not a Sudoku grid: ${puzzleProblem}` };
  const givens = toGrid(puzzle) ?? EMPTY_GRID; // checked above
  let entries = EMPTY_GRID;
  const progress = parts.get("progress");
  if (progress !== null) {
    const progressProblem = gridProblem(progress);
    if (progressProblem) return { ok: false, problem: `its progress is not a Sudoku grid: ${progressProblem}` };
    // an entry never sits on a given
    entries = [...(toGrid(progress) ?? EMPTY_GRID)].map((d, c) => (givens[c] === EMPTY ? d : EMPTY)).join("");
  }
  return { ok: true, game: { givens, entries, mode: "play", info: readInfoParams(parts, givens) } };
}
