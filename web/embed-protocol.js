// @ts-check
// The embed API's messages (docs/embed.md), version 1, and the frame's options from its URL.
// Every message either way is a plain object `{api: "sudoku-studio", version: 1, type, ...}`.
//
//   host -> frame   load {puzzle, progress?, id?}   get-state {id?}   set-options {controls?, mistakes?, id?}
//   frame -> host   ready {controls}   change {progress}   solved {progress}   state {id, progress}
//                   options {id, controls}
//                   error {code, message, request?, id?}   resize {height}
//
// What a host sends is untrusted input: every field is checked here, and a message that fails
// says exactly why (an `error` back to the host), never a half-applied change. Progress given
// back by a host is checked like a saved game read from storage (game-record.js): its cells,
// marks, counts and history must all hold. Plain functions, no DOM.

import { readRecord } from "./game-record.js";
import { toGrid } from "./grid.js";
import { gridProblem } from "./share-link.js";

/** @typedef {import("./storage.js").Game} Game */

export const API = "sudoku-studio";
export const API_VERSION = 1;

/** The actions a frame can show, in the order they are laid out (`?controls=`). */
export const CONTROLS = /** @type {const} */ (["undo", "redo", "check", "hint", "reveal", "candidates", "clear", "solve", "timer"]);
/** @typedef {typeof CONTROLS[number]} Control */
/** Without `controls=`: the issue's example set. */
export const DEFAULT_CONTROLS = /** @type {Control[]} */ (["undo", "check", "hint"]);
const MISTAKES = ["off", "conflicts", "solution"];

/** Longest message text read (a long history is ~3 characters a move; a game stays far below). */
export const MAX_MESSAGE_CHARS = 1_000_000;

/**
 * The frame's options from its address: embed mode at all, the host's origin (null: no host API),
 * the controls shown, and what was wrong with them (shown nowhere but sent as an `error`).
 * @typedef {{embed: boolean, host: string | null, controls: Control[], problems: string[]}} EmbedOptions
 */

/** @param {string} search  `location.search` @returns {EmbedOptions} */
export function embedOptions(search) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  const embed = params.has("embed");
  let host = null;
  const named = params.get("host");
  if (named !== null) {
    const origin = originOf(named);
    if (origin) host = origin;
    else problems.push(`host “${named.slice(0, 100)}” is not an origin (a scheme, a host and maybe a port, nothing more); the host API is off`);
  }
  const list = params.get("controls");
  const read = list === null ? { controls: DEFAULT_CONTROLS, problem: "" } : readControls(list.split(","));
  if (read.problem) problems.push(read.problem);
  return { embed, host, controls: read.controls, problems };
}

/**
 * An http or https origin (scheme, host, port: no path, query, fragment or password), or null.
 * @param {string} text
 */
export function originOf(text) {
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
 * Controls by name: known ones in their layout order, unknown ones named in `problem`.
 * @param {unknown[]} names @returns {{controls: Control[], problem: string}}
 */
export function readControls(names) {
  const wanted = new Set(names.map((n) => (typeof n === "string" ? n.trim() : n)).filter((n) => n !== ""));
  const unknown = [...wanted].filter((n) => !CONTROLS.includes(/** @type {Control} */ (n)));
  const controls = CONTROLS.filter((c) => wanted.has(c));
  const problem = unknown.length
    ? `unknown control${unknown.length === 1 ? "" : "s"} ${unknown.map((n) => `“${String(n).slice(0, 40)}”`).join(", ")}; known: ${CONTROLS.join(", ")}`
    : "";
  return { controls, problem };
}

/** A message to the host. @param {string} type @param {Record<string, unknown>} [fields] */
export const message = (type, fields = {}) => ({ api: API, version: API_VERSION, type, ...fields });

/**
 * A host's request, checked.
 * @typedef {{type: "load", id: string | null, game: Game}
 *   | {type: "get-state", id: string | null}
 *   | {type: "set-options", id: string | null, controls: Control[] | null, mistakes: "off" | "conflicts" | "solution" | null}} Request
 * @typedef {{ok: true, request: Request}
 *   | {ok: false, ignore: true}
 *   | {ok: false, ignore: false, code: string, message: string, request: string | null, id: string | null}} ReadRequest
 */

/**
 * Read what a host posted. Messages of other APIs (not `api: "sudoku-studio"`) are ignored
 * quietly: a page may use postMessage for its own things too.
 * @param {unknown} data @returns {ReadRequest}
 */
export function readRequest(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, ignore: true };
  const v = /** @type {Record<string, unknown>} */ (data);
  if (v.api !== API) return { ok: false, ignore: true };
  const type = typeof v.type === "string" ? v.type.slice(0, 40) : null;
  const id = typeof v.id === "string" ? v.id.slice(0, 200) : typeof v.id === "number" && Number.isFinite(v.id) ? String(v.id) : null;
  const fail = (/** @type {string} */ code, /** @type {string} */ text) => /** @type {const} */ ({ ok: false, ignore: false, code, message: text, request: type, id });
  if (v.version !== API_VERSION) {
    return fail("unsupported-version", `this frame speaks version ${API_VERSION} of the embed API, not ${JSON.stringify(v.version ?? null).slice(0, 20)}`);
  }
  let size = 0;
  try {
    size = JSON.stringify(data).length;
  } catch {
    return fail("bad-message", "the message is not plain data");
  }
  if (size > MAX_MESSAGE_CHARS) return fail("bad-message", `the message is ${size.toLocaleString("en")} characters long; at most ${MAX_MESSAGE_CHARS.toLocaleString("en")}`);
  if (type === "get-state") return { ok: true, request: { type, id } };
  if (type === "load") {
    const game = readLoad(v.puzzle, v.progress);
    return game.ok ? { ok: true, request: { type, id, game: game.game } } : fail(game.code, game.message);
  }
  if (type === "set-options") {
    let controls = null;
    if (v.controls !== undefined) {
      if (!Array.isArray(v.controls) && typeof v.controls !== "string") return fail("bad-options", "controls is a list of names (or one comma-separated string)");
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
  return fail("unknown-type", `unknown message type ${JSON.stringify(type)}; known: load, get-state, set-options`);
}

/**
 * The game a `load` puts on the board: the puzzle, and the progress a host kept from a `change`
 * (checked like a saved game: it must belong to this puzzle, and its history lead to its cells).
 * @param {unknown} puzzle @param {unknown} progress
 * @returns {{ok: true, game: Game} | {ok: false, code: string, message: string}}
 */
export function readLoad(puzzle, progress) {
  if (typeof puzzle !== "string") return { ok: false, code: "bad-puzzle", message: "puzzle is missing: 81 characters, 1-9 and 0 or . for empty" };
  const problem = gridProblem(puzzle.trim());
  if (problem) return { ok: false, code: "bad-puzzle", message: `the puzzle is not a Sudoku grid: ${problem}` };
  const givens = /** @type {string} */ (toGrid(puzzle.trim()));
  if (progress === undefined || progress === null) return { ok: true, game: { givens, entries: ".".repeat(81), mode: "play" } };
  if (typeof progress !== "object" || Array.isArray(progress)) return { ok: false, code: "bad-progress", message: "the progress is not a game (give back what a change message carried)" };
  const p = /** @type {Record<string, unknown>} */ (progress);
  if (p.givens !== givens) return { ok: false, code: "bad-progress", message: "the progress belongs to another puzzle" };
  const read = readRecord({ ...p, schema: 2, id: "embed", rev: 1, createdAt: "", savedAt: "" });
  if (!read.ok) return { ok: false, code: "bad-progress", message: `the progress cannot be used: ${read.problem}` };
  const { entries, info, play } = read.record;
  return { ok: true, game: { givens, entries, mode: "play", info: info ?? null, play } };
}
