// @ts-check
// The share link: the page's address (no query string: `?boot-timeout=` and the like are this
// device's settings, not the puzzle's) with the game in the fragment (`#puzzle=<81>&progress=<81>`,
// "0" for empty, the player's marks `&corner=&centre=&colour=`, plus the puzzle's seed and level
// when known). The short link a booklet prints (`#p=<code>&l=h&s=123`, short-link.js) reads as
// the long link it stands for. The fragment is never sent to a server. A link is untrusted input: reading one
// says exactly why it cannot be opened. Plain functions, no DOM: game-view writes the link,
// import-export opens one.
//
// Marks are written compactly, three URL-safe characters (base64url) per marked cell: the number
// cell * 512 + mask (mask: the 9-bit set of digits, or of colours), cells in order. Mid-game a
// player's corner and centre marks fill 20-50 cells: 60-150 characters a layer, where the
// readable "cell:digits" form (escaped in a URL) takes two to three times as many; a full layer
// (81 cells, 243 characters) still keeps a link with everything under 1,100 characters.

import { EMPTY, EMPTY_GRID, cellName, toGrid } from "../board/grid.js";
import { formatMarks, noMarks, parseMarks } from "../board/cell-layers.js";
import { newPlay } from "../game/game-record.js";
import { readInfoParams, writeInfoParams } from "./puzzle-info.js";
import { BASE64URL, longParams, shownCharacter } from "./short-link.js";

/** @typedef {import("../app/storage.js").Game} Game */
/** @typedef {{ok: true, game: Game} | {ok: false, problem: string}} LinkResult */

/** The longest fragment read: a link with every parameter and every mark is under 1,100 characters. */
export const MAX_LINK_CHARS = 2000;

/** The link's mark parameters and the layers of a game's play they carry. */
const MARK_LAYERS = /** @type {const} */ ([["corner", "corner", "corner marks"], ["centre", "centre", "centre marks"], ["colour", "colours", "colours"]]);
/** Characters per marked cell, and the most a layer can have. */
const MARK_CHARS = 3;
export const MAX_MARK_CHARS = 81 * MARK_CHARS;

/**
 * A layer of marks (81 masks of 9 bits) as link text: "" when no cell has any.
 * @param {readonly number[]} masks @returns {string}
 */
export function encodeMarks(masks) {
  let out = "";
  for (let cell = 0; cell < 81; cell++) {
    const mask = masks[cell] & 0x1ff;
    if (!mask) continue;
    const value = cell * 512 + mask;
    out += BASE64URL[value >> 12] + BASE64URL[(value >> 6) & 63] + BASE64URL[value & 63];
  }
  return out;
}

/**
 * Link text back into a layer of marks, or what is wrong with it.
 * @param {string} text @returns {{ok: true, masks: number[]} | {ok: false, problem: string}}
 */
export function decodeMarks(text) {
  if (text.length > MAX_MARK_CHARS) return { ok: false, problem: `they are ${text.length.toLocaleString("en")} characters long; at most ${MAX_MARK_CHARS} (${MARK_CHARS} a cell)` };
  if (text.length % MARK_CHARS) return { ok: false, problem: `they are ${text.length} characters long; marks come in groups of ${MARK_CHARS} (a cell and its digits)` };
  const masks = noMarks();
  for (let at = 0; at < text.length; at += MARK_CHARS) {
    let value = 0;
    for (let i = at; i < at + MARK_CHARS; i++) {
      const digit = BASE64URL.indexOf(text[i]);
      if (digit < 0) {
        return { ok: false, problem: `character ${i + 1} is ${shownCharacter(String.fromCodePoint(text.codePointAt(i) ?? 0))}; marks are written with A-Z, a-z, 0-9, - and _` };
      }
      value = value * 64 + digit;
    }
    const cell = Math.floor(value / 512);
    const mask = value % 512;
    if (cell > 80) return { ok: false, problem: `group ${at / MARK_CHARS + 1} names cell ${cell + 1}; the grid has 81` };
    if (!mask) return { ok: false, problem: `${cellName(cell)} is written with no digit` };
    if (masks[cell]) return { ok: false, problem: `${cellName(cell)} is written twice` };
    masks[cell] = mask;
  }
  return { ok: true, masks };
}

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
  if (withProgress && game.play) {
    for (const [name, layer] of MARK_LAYERS) {
      const text = encodeMarks(parseMarks(game.play[layer]));
      if (text) parts.set(name, text);
    }
  }
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
      return `${cellName(c)} is ${shownCharacter(cells[c])}; a cell is a digit 1-9, or 0 for empty`;
    }
  }
  if (cells.length !== 81) return `it has ${cells.length} cells; a puzzle has 81`;
  return "";
}

/**
 * The game a URL fragment (`#puzzle=…&progress=…&corner=…`, or the short `#p=…&l=…&s=…`) carries,
 * in play mode: null if the fragment is not a puzzle link at all, else the game or why the link
 * cannot be opened. A short link's level and seed are claims, as a long link's are. Corner
 * and centre marks on a given are dropped (as an entry on a given is); colours stay.
 * @param {string} hash  `location.hash`, with its "#"
 * @returns {LinkResult | null}
 */
export function gameFromLink(hash) {
  if (!hash || hash === "#") return null;
  if (hash.length - 1 > MAX_LINK_CHARS) {
    return { ok: false, problem: `the link is ${(hash.length - 1).toLocaleString("en")} characters long; a puzzle link is at most ${MAX_LINK_CHARS.toLocaleString("en")}` };
  }
  let parts = new URLSearchParams(hash.slice(1));
  if (!parts.has("puzzle") && parts.has("p")) {
    const long = longParams(parts);
    if (!long.ok) return long;
    parts = long.parts;
  }
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
  /** @type {Game} */
  const game = { givens, entries, mode: "play", info: readInfoParams(parts, givens) };
  for (const [name, layer, what] of MARK_LAYERS) {
    const text = parts.get(name);
    if (text === null || text === "") continue;
    const read = decodeMarks(text);
    if (!read.ok) return { ok: false, problem: `its ${what} are not readable: ${read.problem}` };
    const masks = layer === "colours" ? read.masks : read.masks.map((mask, c) => (givens[c] === EMPTY ? mask : 0));
    game.play ??= newPlay();
    game.play[layer] = formatMarks(masks);
  }
  return { ok: true, game };
}
