// @ts-check
// The share link: the page's URL with the game in the fragment (`#puzzle=<81>&progress=<81>`,
// "0" for empty, plus the puzzle's seed and level when known). The fragment is never sent to a
// server. Plain functions, no DOM: game-view writes the link, import-export opens one.

import { EMPTY, EMPTY_GRID, toGrid } from "./grid.js";
import { readInfoParams, writeInfoParams } from "./puzzle-info.js";

/** @typedef {import("./storage.js").Game} Game */

/**
 * The link that opens this game on this page.
 * @param {Game} game @param {boolean} withProgress  include the player's entries (if any)
 * @param {string} pageUrl  the page's own URL (its fragment is replaced)
 */
export function shareLinkFor(game, withProgress, pageUrl) {
  const url = new URL(pageUrl);
  const parts = new URLSearchParams();
  parts.set("puzzle", game.givens.replaceAll(EMPTY, "0"));
  if (withProgress && game.entries !== EMPTY_GRID) parts.set("progress", game.entries.replaceAll(EMPTY, "0"));
  if (game.info) writeInfoParams(game.info, parts);
  url.hash = parts.toString();
  return url.href;
}

/**
 * The game a URL fragment (`#puzzle=…&progress=…`) carries, in play mode; null if none.
 * @param {string} hash  `location.hash`, with its "#"
 * @returns {Game | null}
 */
export function gameFromLink(hash) {
  if (!hash) return null;
  const parts = new URLSearchParams(hash.slice(1));
  const givens = toGrid(parts.get("puzzle"));
  if (!givens) return null;
  let entries = toGrid(parts.get("progress") ?? "") ?? EMPTY_GRID;
  // an entry never sits on a given
  entries = [...entries].map((d, c) => (givens[c] === EMPTY ? d : EMPTY)).join("");
  return { givens, entries, mode: "play", info: readInfoParams(parts, givens) };
}
