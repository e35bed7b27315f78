// @ts-check
// What is known about the puzzle on the board: for one made here (or that came in a link), its
// seed and options (which make it again); its level and score once graded. A puzzle that came
// with nothing (pasted, opened from a file, typed, a bare link) gets its level and score when the
// engine grades it in the background (source "graded": no seed, no symmetry). Plain data,
// checked on the way in from storage or a URL, and written into share links.

import { dayLabel, isDailyDay } from "./daily.js";
import { isGrid } from "../board/grid.js";

/** @typedef {"easy" | "medium" | "hard" | "unfair" | "extreme"} Level */
/** @typedef {"none" | "rot180" | "rot90" | "horizontal" | "vertical" | "diagonal" | "antidiagonal"} Symmetry */
/**
 * The givens it belongs to (`puzzle`), the seed and options that make it again (`difficulty` for
 * generate_graded; `clues` and `minimal` for generate), its grade when known, and where it came
 * from. A seed comes with its symmetry; info without a seed has a level. `claimed`: its level,
 * score and seed are a link's word, not yet verified on this device (the background grades the
 * puzzle and makes it again from its seed, then drops the flag, or what did not hold). `daily`:
 * the day ("YYYY-MM-DD") whose daily puzzle it is (daily.js).
 * @typedef {{puzzle: string, seed?: number, symmetry?: Symmetry, difficulty?: Level, clues?: number,
 *   minimal?: boolean, level?: Level, score?: number, source: "pool" | "generated" | "link" | "graded",
 *   claimed?: true, daily?: string}} PuzzleInfo
 */

/** @type {Record<Level, string>} */
export const LEVEL_NAMES = { easy: "Easy", medium: "Medium", hard: "Hard", unfair: "Unfair", extreme: "Extreme" };
/** @type {Record<Symmetry, string>} */
export const SYMMETRY_NAMES = {
  none: "no symmetry",
  rot180: "180° rotation",
  rot90: "90° rotation",
  horizontal: "left–right mirror",
  vertical: "top–bottom mirror",
  diagonal: "diagonal mirror",
  antidiagonal: "anti-diagonal mirror",
};
/** The fewest givens a unique puzzle can have, and the most a clue limit may ask for. */
export const MIN_CLUES = 17;
export const MAX_CLUES = 80;

/** @param {unknown} value @returns {value is Level} */
export const isLevel = (value) => typeof value === "string" && Object.hasOwn(LEVEL_NAMES, value);
/** @param {unknown} value @returns {value is Symmetry} */
export const isSymmetry = (value) => typeof value === "string" && Object.hasOwn(SYMMETRY_NAMES, value);
/** @param {unknown} value @returns {value is number} */
export const isSeed = (value) => Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0;

/**
 * A seed typed by a person or read from a link: digits only, at most 2^53 - 1; else null.
 * @param {string | null | undefined} text
 */
export function parseSeed(text) {
  const trimmed = (text ?? "").trim();
  if (!/^\d{1,16}$/.test(trimmed)) return null;
  const seed = Number(trimmed);
  return isSeed(seed) ? seed : null;
}

/**
 * Checked plain data (from storage) as PuzzleInfo for these givens, or null.
 * @param {unknown} value @param {string} givens @returns {PuzzleInfo | null}
 */
export function toPuzzleInfo(value, givens) {
  if (!value || typeof value !== "object") return null;
  const v = /** @type {Record<string, unknown>} */ (value);
  if (!isGrid(v.puzzle) || v.puzzle !== givens) return null;
  const seeded = v.seed !== undefined && v.seed !== null;
  if (seeded ? !(isSeed(v.seed) && isSymmetry(v.symmetry)) : !isLevel(v.level)) return null;
  const source = v.source === "pool" || v.source === "link" || v.source === "graded" ? v.source : "generated";
  /** @type {PuzzleInfo} */
  const info = { puzzle: v.puzzle, source };
  if (seeded) {
    info.seed = /** @type {number} */ (v.seed);
    info.symmetry = /** @type {Symmetry} */ (v.symmetry);
  }
  if (isLevel(v.difficulty)) info.difficulty = v.difficulty;
  if (Number.isInteger(v.clues) && Number(v.clues) >= MIN_CLUES && Number(v.clues) <= MAX_CLUES) info.clues = Number(v.clues);
  if (v.minimal === true) info.minimal = true;
  if (isLevel(v.level)) info.level = v.level;
  if (Number.isInteger(v.score) && Number(v.score) >= 0) info.score = Number(v.score);
  if (v.claimed === true) info.claimed = true;
  if (isDailyDay(v.daily) && seeded && info.difficulty) info.daily = v.daily;
  return info;
}

/**
 * Add the info to a share link's fragment parameters.
 * @param {PuzzleInfo} info @param {URLSearchParams} parts
 */
export function writeInfoParams(info, parts) {
  if (info.seed !== undefined) parts.set("seed", String(info.seed));
  if (info.symmetry) parts.set("symmetry", info.symmetry);
  if (info.difficulty) parts.set("difficulty", info.difficulty);
  if (info.clues !== undefined) parts.set("clues", String(info.clues));
  if (info.minimal) parts.set("minimal", "1");
  if (info.level) parts.set("level", info.level);
  if (info.score !== undefined) parts.set("score", String(info.score));
}

/**
 * The info a share link carries for these givens, or null when it has neither a (valid) seed nor
 * a level.
 * @param {URLSearchParams} parts @param {string} givens @returns {PuzzleInfo | null}
 */
export function readInfoParams(parts, givens) {
  const seed = parseSeed(parts.get("seed"));
  const number = (/** @type {string} */ name) => {
    const text = parts.get(name);
    return text !== null && /^\d{1,6}$/.test(text) ? Number(text) : undefined;
  };
  return toPuzzleInfo(
    {
      puzzle: givens, seed: seed ?? undefined, symmetry: seed === null ? undefined : parts.get("symmetry") ?? "none", source: "link",
      difficulty: parts.get("difficulty"), clues: number("clues"), minimal: parts.get("minimal") === "1",
      level: parts.get("level"), score: number("score"), claimed: true, // a link's word, until verified here
    },
    givens,
  );
}

/**
 * The info in parts: the first thing said (the level, else "grading…" or whatever comes first),
 * the level's score, and the rest (seed, symmetry, ...), each part starting lower case. A
 * narrow top bar shows the first on a line of its own and the others under it.
 * @param {PuzzleInfo} info @param {{grading?: boolean}} [options]
 * @returns {{head: string, score: string, rest: string[]}}
 */
export function infoParts(info, options = {}) {
  const parts = [];
  let score = "";
  if (info.level) {
    parts.push(LEVEL_NAMES[info.level]);
    if (info.score !== undefined) score = `score ${info.score}`;
  } else if (options.grading) parts.push("grading…");
  // a daily puzzle's seed is its day's: the day says more to a player
  if (info.daily) parts.push(`daily puzzle of ${dayLabel(info.daily)}`);
  else if (info.seed !== undefined) parts.push(`seed ${info.seed}`);
  if (info.symmetry) parts.push(SYMMETRY_NAMES[info.symmetry]);
  if (info.clues !== undefined) parts.push(`at most ${info.clues} clues`);
  if (info.minimal) parts.push("minimal");
  if (info.claimed && parts.length) parts.push("claimed by the link, not yet checked");
  const [head = "", ...rest] = parts;
  return { head: head.charAt(0).toUpperCase() + head.slice(1), score, rest };
}

/**
 * One line for people: "Hard (score 1140) · seed 3000 · no symmetry".
 * @param {PuzzleInfo} info @param {{grading?: boolean}} [options]
 */
export function describeInfo(info, options = {}) {
  const { head, score, rest } = infoParts(info, options);
  return [`${head}${score ? ` (${score})` : ""}`, ...rest].filter(Boolean).join(" · ");
}
