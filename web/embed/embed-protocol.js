// @ts-check
// The embed API's messages (docs/embed.md), version 1, and the frame's options from its URL.
// Every message either way is a plain object `{api: "sudoku-studio", version: 1, type, ...}`.
//
//   host -> frame   load {puzzle | daily, progress?, id?}   get-state {id?}   set-options {controls?, mistakes?, id?}
//   frame -> host   ready {controls}   change {progress}   solved {progress}   state {id, progress}
//                   options {id, controls}
//                   error {code, message, request?, id?}   resize {height}
//
// What a host sends is untrusted input: every field is checked here, and a message that fails
// says exactly why (an `error` back to the host), never a half-applied change. Progress given
// back by a host is checked like a saved game read from storage (game-record.js): its cells,
// marks, counts and history must all hold. Plain functions, no DOM.

import { readRecord, SCHEMA_VERSION } from "../game/game-record.js";
import { combine, findConflicts, toGrid } from "../board/grid.js";
import { gridProblem } from "../puzzles/share-link.js";
import { dayKey, readDaily } from "../puzzles/daily.js";

/** @typedef {import("../app/storage.js").Game} Game */
/** @typedef {import("../puzzles/puzzle-info.js").Level} Level */

export const API = "sudoku-studio";
export const API_VERSION = 1;

/** The actions a frame can show, in the order they are laid out (`?controls=`). */
export const CONTROLS = /** @type {const} */ (["undo", "redo", "check", "hint", "reveal", "candidates", "clear", "solve", "timer"]);
/** @typedef {typeof CONTROLS[number]} Control */
/** Without `controls=`: the example set. */
export const DEFAULT_CONTROLS = /** @type {Control[]} */ (["undo", "check", "hint"]);
const MISTAKES = ["off", "conflicts", "solution"];

/** Largest progress read, as JSON characters (a long history is ~3 characters a move; a game stays far below). */
export const MAX_MESSAGE_CHARS = 1_000_000;
/** Longest puzzle text read (81 cells, with room for spaces around it). */
export const MAX_PUZZLE_CHARS = 100;
/** Most control names read (there are 9; a few repeated are fine). */
export const MAX_CONTROL_NAMES = 20;
/** Longest comma-separated controls text read (9 names, with room). */
const MAX_CONTROLS_CHARS = 400;
/** Unknown names an error lists (the rest are counted). */
const UNKNOWN_LISTED = 5;

/**
 * A host's value as a short text for an error message: strings and numbers are shown (cut),
 * anything else by its kind only. Never throws (String() of `{toString: 1}` or JSON of a BigInt
 * would).
 * @param {unknown} value
 */
export function shown(value) {
  if (typeof value === "string") return `“${value.slice(0, 40)}”`;
  if (typeof value === "number") return String(value);
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Roughly how many JSON characters `value` takes, counting no further than `limit` (work stays
 * bounded however large the value is). -1 for what is not plain JSON data (a BigInt, a Map, a
 * Date, a cycle or one object met twice, ...): structured clone carries those, JSON and the
 * studio do not.
 * @param {unknown} value @param {number} limit
 */
export function plainSize(value, limit) {
  let size = 0;
  /** @type {unknown[]} */
  const stack = [value];
  /** @type {Set<object>} */
  const seen = new Set();
  while (stack.length) {
    const v = stack.pop();
    if (size > limit) return size;
    if (v === null || typeof v === "boolean") size += 5;
    else if (typeof v === "number") {
      if (!Number.isFinite(v)) return -1; // JSON would make it null
      size += String(v).length;
    }
    else if (typeof v === "string") size += v.length + 2;
    else if (typeof v === "object") {
      const proto = Object.getPrototypeOf(v);
      if ((proto !== Object.prototype && proto !== Array.prototype && proto !== null) || seen.has(v)) return -1;
      seen.add(v); // a value met twice is a cycle or a shared part: neither comes from a saved game
      size += 2;
      if (Array.isArray(v)) {
        // by index, stopping once over the limit (a hole reads undefined: not plain data)
        for (let i = 0; i < v.length && size <= limit; i++, size++) stack.push(v[i]);
      } else {
        // the keys of a huge object cost what its structured clone cost already
        for (const key of Object.keys(v)) {
          size += key.length + 4;
          stack.push(/** @type {Record<string, unknown>} */ (v)[key]);
          if (size > limit) break;
        }
      }
    } else return -1; // undefined, a BigInt, a symbol: not JSON
  }
  return size;
}

/**
 * The frame's options from its address: embed mode at all, the host's origin (null: no host API),
 * the controls shown, and what was wrong with them (sent as an `error`). `hostProblem` is set when
 * a host was named but is not an origin: then the frame posts nothing at all (not even its
 * height to "*": the address meant to name one page) and says so on its own page.
 * @typedef {{embed: boolean, host: string | null, hostProblem: string, controls: Control[], problems: string[]}} EmbedOptions
 */

/** @param {string} search  `location.search` @returns {EmbedOptions} */
export function embedOptions(search) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  const embed = params.has("embed");
  let host = null;
  let hostProblem = "";
  const named = params.get("host");
  if (named !== null) {
    const origin = originOf(named);
    if (origin) host = origin;
    else hostProblem = `The address names the host page as “${named.slice(0, 100)}”, which is not an origin (a scheme, a host and maybe a port, nothing more): this frame sends nothing to its page.`;
  }
  const list = params.get("controls");
  const read = list === null ? { controls: DEFAULT_CONTROLS, problem: "" } : readControls(list.slice(0, MAX_CONTROLS_CHARS).split(","));
  if (read.problem) problems.push(read.problem);
  return { embed, host, hostProblem, controls: read.controls, problems };
}

/**
 * An http or https origin (scheme, host, port: no path, query, fragment or password), or null.
 * @param {string} text
 */
export function originOf(text) {
  if (typeof text !== "string" || text.length > 300) return null;
  let url;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) return null;
  return url.origin;
}

/**
 * Controls by name: known ones in their layout order, unknown ones named in `problem` (the first
 * few: a host's mistake, not an echo of whatever it sent). More than MAX_CONTROL_NAMES names
 * is refused whole.
 * @param {unknown[]} names @returns {{controls: Control[], problem: string}}
 */
export function readControls(names) {
  if (names.length > MAX_CONTROL_NAMES) {
    return { controls: [], problem: `${names.length.toLocaleString("en")} control names; at most ${MAX_CONTROL_NAMES} (known: ${CONTROLS.join(", ")})` };
  }
  const wanted = new Set(names.map((n) => (typeof n === "string" ? n.trim() : n)).filter((n) => n !== ""));
  const unknown = [...wanted].filter((n) => !CONTROLS.includes(/** @type {Control} */ (n)));
  const controls = CONTROLS.filter((c) => wanted.has(c));
  const more = unknown.length > UNKNOWN_LISTED ? ` and ${unknown.length - UNKNOWN_LISTED} more` : "";
  const problem = unknown.length
    ? `unknown control${unknown.length === 1 ? "" : "s"} ${unknown.slice(0, UNKNOWN_LISTED).map(shown).join(", ")}${more}; known: ${CONTROLS.join(", ")}`
    : "";
  return { controls, problem };
}

/** A message to the host. @param {string} type @param {Record<string, unknown>} [fields] */
export const message = (type, fields = {}) => ({ api: API, version: API_VERSION, type, ...fields });

/**
 * A host's request, checked.
 * @typedef {{type: "load", id: string | null, game: Game}
 *   | {type: "load-daily", id: string | null, day: string, level: Level, progress: unknown}
 *   | {type: "get-state", id: string | null}
 *   | {type: "set-options", id: string | null, controls: Control[] | null, mistakes: "off" | "conflicts" | "solution" | null}} Request
 * @typedef {{ok: true, request: Request}
 *   | {ok: false, ignore: true}
 *   | {ok: false, ignore: false, code: string, message: string, request: string | null, id: string | null}} ReadRequest
 */

/**
 * Read what a host posted. Messages of other APIs (not `api: "sudoku-studio"`) are ignored
 * quietly: a page may use postMessage for its own things too. A `load` with `daily` names a day's
 * puzzle (daily.js readDaily; `today` is the visitor's local day): it is made in the worker
 * before its progress can be checked against it (readLoad), so it comes back as `load-daily`.
 * @param {unknown} data @param {string} [today] @returns {ReadRequest}
 */
export function readRequest(data, today = dayKey(new Date())) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, ignore: true };
  const v = /** @type {Record<string, unknown>} */ (data);
  if (v.api !== API) return { ok: false, ignore: true };
  const type = typeof v.type === "string" ? v.type.slice(0, 40) : null;
  const id = typeof v.id === "string" ? v.id.slice(0, 200) : typeof v.id === "number" && Number.isFinite(v.id) ? String(v.id) : null;
  const fail = (/** @type {string} */ code, /** @type {string} */ text) => /** @type {const} */ ({ ok: false, ignore: false, code, message: text, request: type, id });
  if (v.version !== API_VERSION) {
    return fail("unsupported-version", `this frame speaks version ${API_VERSION} of the embed API, not ${shown(v.version)}`);
  }
  if (type === "get-state") return { ok: true, request: { type, id } };
  if (type === "load") {
    // sizes before any work: the progress plain data of bounded size (readLoad checks the
    // puzzle's length before reading it)
    if (v.progress !== undefined && v.progress !== null) {
      const size = plainSize(v.progress, MAX_MESSAGE_CHARS);
      if (size < 0) return fail("bad-message", "the progress is not plain data (give back what a change message carried)");
      if (size > MAX_MESSAGE_CHARS) return fail("bad-message", `the progress is over ${MAX_MESSAGE_CHARS.toLocaleString("en")} characters long`);
    }
    if (v.daily !== undefined) {
      if (v.puzzle !== undefined) return fail("bad-message", "a load names a puzzle or a daily puzzle, not both");
      const daily = readDaily(v.daily, today);
      if (!daily.ok) return fail("bad-daily", `no daily puzzle for ${shown(v.daily)}: ${daily.problem}`);
      if (v.progress !== undefined && v.progress !== null && (typeof v.progress !== "object" || Array.isArray(v.progress))) {
        return fail("bad-progress", "the progress is not a game (give back what a change message carried)");
      }
      return { ok: true, request: { type: "load-daily", id, day: daily.day, level: daily.level, progress: v.progress ?? null } };
    }
    const game = readLoad(v.puzzle, v.progress);
    return game.ok ? { ok: true, request: { type, id, game: game.game } } : fail(game.code, game.message);
  }
  if (type === "set-options") {
    let controls = null;
    if (v.controls !== undefined) {
      if (!Array.isArray(v.controls) && typeof v.controls !== "string") return fail("bad-options", "controls is a list of names (or one comma-separated string)");
      if (typeof v.controls === "string" && v.controls.length > MAX_CONTROLS_CHARS) {
        return fail("bad-options", `controls is ${v.controls.length.toLocaleString("en")} characters long; at most ${MAX_CONTROLS_CHARS}`);
      }
      const read = readControls(Array.isArray(v.controls) ? v.controls : v.controls.split(","));
      if (read.problem) return fail("bad-options", read.problem);
      controls = read.controls;
    }
    let mistakes = null;
    if (v.mistakes !== undefined) {
      if (typeof v.mistakes !== "string" || !MISTAKES.includes(v.mistakes)) return fail("bad-options", `mistakes is one of ${MISTAKES.join(", ")}`);
      mistakes = /** @type {"off" | "conflicts" | "solution"} */ (v.mistakes);
    }
    return { ok: true, request: { type, id, controls, mistakes } };
  }
  return fail("unknown-type", `unknown message type ${shown(v.type)}; known: load, get-state, set-options`);
}

/**
 * The game a `load` puts on the board: the puzzle, and the progress a host kept from a `change`
 * (checked like a saved game: it must belong to this puzzle, and its history lead to its cells).
 * @param {unknown} puzzle @param {unknown} progress
 * @returns {{ok: true, game: Game} | {ok: false, code: string, message: string}}
 */
export function readLoad(puzzle, progress) {
  if (typeof puzzle !== "string") return { ok: false, code: "bad-puzzle", message: "puzzle is missing: 81 characters, 1-9 and 0 or . for empty" };
  if (puzzle.length > MAX_PUZZLE_CHARS) return { ok: false, code: "bad-puzzle", message: `the puzzle is ${puzzle.length.toLocaleString("en")} characters long; a puzzle is 81` };
  const problem = gridProblem(puzzle.trim());
  if (problem) return { ok: false, code: "bad-puzzle", message: `the puzzle is not a Sudoku grid: ${problem}` };
  const givens = /** @type {string} */ (toGrid(puzzle.trim()));
  if (progress === undefined || progress === null) return { ok: true, game: { givens, entries: ".".repeat(81), mode: "play" } };
  if (typeof progress !== "object" || Array.isArray(progress)) return { ok: false, code: "bad-progress", message: "the progress is not a game (give back what a change message carried)" };
  const p = /** @type {Record<string, unknown>} */ (progress);
  if (p.givens !== givens) return { ok: false, code: "bad-progress", message: "the progress belongs to another puzzle" };
  // progress sent before it carried its schema is read as the current one
  const read = readRecord({ ...p, schema: p.schema ?? SCHEMA_VERSION, id: "embed", rev: 1, createdAt: "", savedAt: "" });
  if (!read.ok) return { ok: false, code: "bad-progress", message: `the progress cannot be used: ${read.problem}` };
  const { entries, info, play } = read.record;
  // "solved" only on a finished grid: else the game could never complete (and send `solved`)
  if (play.solved && solvedProblem(givens, entries)) {
    return { ok: false, code: "bad-progress", message: `the progress cannot be used: it is marked solved, but ${solvedProblem(givens, entries)}` };
  }
  return { ok: true, game: { givens, entries, mode: "play", info: info ?? null, play } };
}

/**
 * Why these cells are not a solved grid ("" when they are: every cell filled, no digit twice in
 * a unit; for a puzzle with one solution, that is the solution).
 * @param {string} givens @param {string} entries
 */
export function solvedProblem(givens, entries) {
  const grid = combine(givens, entries);
  const empty = grid.split(".").length - 1;
  if (empty) return `${empty} cell${empty === 1 ? " is" : "s are"} empty`;
  const conflict = findConflicts(grid)[0];
  return conflict ? conflict.message : "";
}
