// @ts-check
// The short link (`#p=<code>&l=h&s=123`) printed under a booklet's puzzles: the givens in a few
// dozen URL-safe characters, then the level's letter and the seed. The code is one whole number
// in base64url (most significant first, no leading "A"): digits * 2^81 + mask, where bit c of
// mask is set when cell c (r1c1 = 0, row by row) holds a given and digits is the givens in cell
// order as a base-9 number (digit d written d - 1, the first given most significant). 17 givens
// take 23 characters, 25 take 27, 35 take 32 (the 81 digits as one base-10 number take 45).
// sudoku_core/formats/_short_link.py is the same codec; tests/test_short_link.py runs both.
// Plain functions, no DOM: share-link.js reads a short link as the long one it stands for.

import { EMPTY } from "../board/grid.js";

/** @typedef {import("./puzzle-info.js").Level} Level */

/** The URL-safe digits of the code, and of share-link.js's marks. */
export const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** The longest code: a full grid, 81 + 81 * log2(9) bits. */
export const MAX_CODE_CHARS = 57;
/** A level as the short link writes it (`l=h`). @type {Record<Level, string>} */
export const LEVEL_LETTERS = { easy: "e", medium: "m", hard: "h", unfair: "u", extreme: "x" };

const CELL_BITS = 81n;

/** A character of a link as an error message shows it: “x”, or its code for one not printable. @param {string} ch */
export const shownCharacter = (ch) => (/^[\x21-\x7e]$/.test(ch) ? `“${ch}”` : `character U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`);

/**
 * The givens (81 characters, digits and "." or "0" for empty) as the short link's code.
 * @param {string} givens @returns {string}
 */
export function shortCode(givens) {
  let mask = 0n;
  let digits = 0n;
  for (let cell = 0; cell < 81; cell++) {
    const digit = givens[cell];
    if (digit === EMPTY || digit === "0") continue;
    mask |= 1n << BigInt(cell);
    digits = digits * 9n + BigInt(Number(digit) - 1);
  }
  let value = (digits << CELL_BITS) | mask;
  let out = "";
  do {
    out = BASE64URL[Number(value & 63n)] + out;
    value >>= 6n;
  } while (value);
  return out;
}

/**
 * The givens (81 characters, "0" for empty) a code holds, or what is wrong with it.
 * @param {string} code @returns {{ok: true, grid: string} | {ok: false, problem: string}}
 */
export function readShortCode(code) {
  if (!code) return { ok: false, problem: "its short code is empty" };
  if (code.length > MAX_CODE_CHARS) return { ok: false, problem: `its short code is ${code.length.toLocaleString("en")} characters long; at most ${MAX_CODE_CHARS}` };
  let value = 0n;
  for (let at = 0; at < code.length; at++) {
    const digit = BASE64URL.indexOf(code[at]);
    if (digit < 0) {
      const shown = shownCharacter(String.fromCodePoint(code.codePointAt(at) ?? 0));
      return { ok: false, problem: `its short code has ${shown} at character ${at + 1}; a code is written with A-Z, a-z, 0-9, - and _` };
    }
    value = value * 64n + BigInt(digit);
  }
  const mask = value & ((1n << CELL_BITS) - 1n);
  let digits = value >> CELL_BITS;
  const cells = [];
  for (let cell = 0; cell < 81; cell++) if ((mask >> BigInt(cell)) & 1n) cells.push(cell);
  if (digits >= 9n ** BigInt(cells.length)) return { ok: false, problem: `its short code holds more digits than its ${cells.length} givens` };
  const grid = Array(81).fill("0");
  for (const cell of cells.reverse()) {
    grid[cell] = String(Number(digits % 9n) + 1);
    digits /= 9n;
  }
  return { ok: true, grid: grid.join("") };
}

/**
 * The short link's fragment, without its "#": `p=<code>`, then `&l=` the level's letter and
 * `&s=` the seed when known.
 * @param {string} givens @param {{level?: Level, seed?: number}} [info]
 */
export function shortFragment(givens, info = {}) {
  let fragment = `p=${shortCode(givens)}`;
  if (info.level) fragment += `&l=${LEVEL_LETTERS[info.level]}`;
  if (info.seed !== undefined) fragment += `&s=${info.seed}`;
  return fragment;
}

/**
 * A short link's parameters as the long link's they stand for (`puzzle`, and `seed`, `level`
 * and `difficulty`: a booklet's puzzle is made from its level and seed), or what is wrong with
 * its code. An unknown level letter or a seed that is not a number is left out, as a long
 * link's bad level or seed is: the puzzle still opens.
 * @param {URLSearchParams} parts  with a `p` parameter
 * @returns {{ok: true, parts: URLSearchParams} | {ok: false, problem: string}}
 */
export function longParams(parts) {
  const read = readShortCode(parts.get("p") ?? "");
  if (!read.ok) return read;
  const long = new URLSearchParams({ puzzle: read.grid });
  const seed = parts.get("s");
  if (seed !== null) long.set("seed", seed);
  const letter = parts.get("l");
  const level = Object.entries(LEVEL_LETTERS).find(([, l]) => l === letter)?.[0];
  if (level) {
    long.set("difficulty", level);
    long.set("level", level);
  }
  return { ok: true, parts: long };
}
