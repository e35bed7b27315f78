// @ts-check
// What the page does with a puzzle that comes in (Paste puzzle…, Open file…, a share link, Ctrl+V
// on the board, this page's own share URL pasted) and with the givens typed in Create mode. One
// *finding* about the givens, first from the rules alone (empty, clashing givens, a complete
// grid, too few givens to be unique), then from the engine's `check` verdict (no solution,
// several solutions, unique, gave up), and what follows from it: refused, opened in Create mode,
// or played. None of the ways in starts a timed game for a puzzle that is not unique; only the
// player's explicit "Play anyway" does. Plain data and functions, no DOM: intake-view.js and
// create-view.js act on them.

import { EMPTY, EMPTY_GRID, cellName, filledCount, findConflicts, toGrid } from "../board/grid.js";
import { formatMarks } from "../board/cell-layers.js";
import { newPlay } from "../game/game-record.js";
import { LEVEL_NAMES } from "./puzzle-info.js";
import { gameFromLink } from "./share-link.js";

/** @typedef {import("../engine/protocol.js").Verdict} Verdict */
/** @typedef {import("../board/grid.js").Conflict} Conflict */
/** @typedef {import("../app/storage.js").Game} Game */
/** @typedef {import("../game/game-record.js").GameRecord} GameRecord */
/** @typedef {import("./share-link.js").LinkResult} LinkResult */
/** @typedef {import("./puzzle-info.js").Level} Level */
/** @typedef {import("../engine/protocol.js").ReadPosition} ReadPosition */

/** No puzzle with fewer givens has a unique solution (McGuire, Tugemann and Civario, 2012). */
export const MIN_UNIQUE_GIVENS = 17;

/** How many clashes or differing cells a sentence names before "and N more". */
const NAMED = 3;
const NAMED_CELLS = 12;

/**
 * What is known about a grid of givens:
 * - `empty`: no givens; `invalid`: givens that break the rules; `solved`: 81 givens that follow
 *   them; `few`: fewer than 17 givens (not unique), the engine's answer not in yet (all four
 *   known without the engine);
 * - `pending`: the rules hold, the engine's answer is awaited; `unchecked`: there is no engine
 *   to ask (it could not start);
 * - `no_solution`, `multiple`, `unique`, `gave_up`: the engine's verdict.
 * @typedef {"empty" | "invalid" | "solved" | "few" | "pending" | "unchecked" | "no_solution" | "multiple"
 *   | "unique" | "gave_up"} FindingStatus
 */
/**
 * A finding: its status, the number of givens, whether they are too few to be unique, a sentence
 * for the player, and the cells to flag on the board (where two solutions differ; clashing givens
 * are shown by the board's own conflict highlighting).
 * @typedef {{status: FindingStatus, givens: number, few: boolean, text: string, flagged: number[]}} Finding
 */
/** @typedef {{level: Level, score?: number}} GradeNote  what the grading said, when known */

/** "1 given", "27 givens". @param {number} n */
export const givensText = (n) => `${n} given${n === 1 ? "" : "s"}`;

/** "Digit 5 appears twice in row 1 (r1c1, r1c5)". @param {Conflict} conflict */
export function describeConflict(conflict) {
  const times = conflict.cells.length === 2 ? "twice" : `${conflict.cells.length} times`;
  return `Digit ${conflict.digit} appears ${times} in ${conflict.kind} ${conflict.number} (${conflict.cells.map(cellName).join(", ")})`;
}

/** The clashes in one sentence: the first three named, then how many more. @param {Conflict[]} conflicts */
export function describeConflicts(conflicts) {
  const named = conflicts.slice(0, NAMED).map((c, i) => {
    const text = describeConflict(c);
    return i === 0 ? text : text.charAt(0).toLowerCase() + text.slice(1);
  });
  const more = conflicts.length > NAMED ? `; and ${conflicts.length - NAMED} more` : "";
  return `${named.join("; ")}${more}.`;
}

/** @param {number} n */
const fewText = (n) => `With ${givensText(n)} it cannot be unique: a unique puzzle needs at least ${MIN_UNIQUE_GIVENS}.`;

/** @param {number[]} cells */
function namedCells(cells) {
  const shown = cells.slice(0, NAMED_CELLS).map(cellName).join(", ");
  return cells.length > NAMED_CELLS ? `${shown}, …` : shown;
}

/**
 * The finding about `givens`: from the rules alone, then from the engine's verdict on these
 * givens when there is one (a verdict on other givens is ignored).
 * @param {string} givens  81 characters, "." empty
 * @param {{verdict?: Verdict | null, engine?: "ready" | "starting" | "failed", grade?: GradeNote | null}} [known]
 * @returns {Finding}
 */
export function judge(givens, known = {}) {
  const n = filledCount(givens);
  const few = n < MIN_UNIQUE_GIVENS;
  /** @param {FindingStatus} status @param {string} text @param {number[]} [flagged] @returns {Finding} */
  const finding = (status, text, flagged = []) => ({ status, givens: n, few, text, flagged });
  if (n === 0) return finding("empty", "The puzzle is empty: no givens.");
  const conflicts = findConflicts(givens);
  if (conflicts.length) return finding("invalid", describeConflicts(conflicts));
  if (n === 81) return finding("solved", "The grid is already solved: nothing to play (all 81 cells are givens).");
  const tail = few ? ` ${fewText(n)}` : "";
  const verdict = known.verdict && toGrid(known.verdict.puzzle) === givens ? known.verdict : null;
  if (verdict) {
    switch (verdict.status) {
      case "unique": return finding("unique", `Unique: exactly one solution.${gradeText(known.grade ?? null)}`);
      case "no_solution": return finding("no_solution", `No solution: the givens follow the rules but cannot be completed.${tail}`);
      case "multiple": {
        const cells = verdict.differences;
        return finding("multiple", `Several solutions: two of them differ in ${cells.length} cells (${namedCells(cells)}).${tail}`, cells);
      }
      case "gave_up": return finding("gave_up", `The check gave up after ${Math.max(1, Math.round(verdict.stats.seconds))} s without an answer.${tail}`);
      default: break; // "invalid": the rules above found it first
    }
  }
  if (few) return finding("few", fewText(n));
  if (known.engine === "failed") return finding("unchecked", "Not checked: the engine is not available.");
  return finding("pending", "Checking the puzzle…");
}

/** " Level: Hard (score 1234)." or "". @param {GradeNote | null} grade */
function gradeText(grade) {
  if (!grade) return "";
  return ` Level: ${LEVEL_NAMES[grade.level]}${grade.score !== undefined ? ` (score ${grade.score})` : ""}.`;
}

/** True when the engine's answer could still change the finding. @param {Finding} f */
export const awaitsEngine = (f) => f.status === "pending" || (f.status === "few" && f.givens > 0);

/**
 * What Play (the Mode radio, "Play this puzzle") does with a finding:
 * `play` (unique; or no engine to ask: played with a warning), `wait` (ask the engine first),
 * `refuse` (a complete grid: nothing to play), `anyway` (not unique: stay in Create mode, say why,
 * and offer "Play anyway").
 * @param {Finding} f @returns {"play" | "wait" | "refuse" | "anyway"}
 */
export function playGate(f) {
  if (f.status === "unique" || f.status === "unchecked") return "play";
  if (f.status === "pending") return "wait";
  if (f.status === "solved") return "refuse";
  return "anyway";
}

/**
 * Where a puzzle that comes in goes: `refuse` (empty: nothing changes), `check` (the engine's
 * answer is needed first), or opened in `play` (unique, or unchecked) or `enter` (Create mode:
 * everything else, so no timed game starts for it).
 * @param {Finding} f @returns {"refuse" | "check" | "play" | "enter"}
 */
export function intakeMode(f) {
  if (f.status === "empty") return "refuse";
  if (f.status === "pending") return "check";
  return f.status === "unique" || f.status === "unchecked" ? "play" : "enter";
}

/**
 * Where a puzzle came from, for the sentences about it.
 * @typedef {({kind: "paste"} | {kind: "clipboard"} | {kind: "file", name: string} | {kind: "link", info?: string})
 *   & {from?: string, of?: number, progress?: string}} Source
 *   paste: the Paste dialog; clipboard: Ctrl+V on the board; file: Open file…; link: a share
 *   link (in the address, or this page's share URL pasted), `info` its seed and level in words;
 *   `from`: another app's format it was read from, in words ("the f-puzzles link"); `of`: how
 *   many puzzles the text held (the first is opened); `progress`: what came with the givens
 *   ("17 digits you placed and candidates in 52 cells", see progressText)
 */

/**
 * A message (the engine's, a finding's) as a sentence of its own: a capital first, a full stop
 * last. @param {string} text
 */
export function asSentence(text) {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * What the status line says when a text that came in was not opened: a variant the engine read
 * and refused is said as refused (its message names the rules), text it could not read as that.
 * @param {{why: "unreadable" | "refused" | "variant", message: string}} result
 * @param {string} what  "the pasted text", or the file's name
 */
export function notOpenedText(result, what) {
  const why = asSentence(result.message);
  if (result.why === "unreadable") return `Could not read ${what} as a puzzle. ${why}`;
  const named = what === "the pasted text" ? "Nothing was pasted" : `${what} was not opened`;
  return result.why === "variant" ? `${why} Your game is as it was.` : `${named}. ${why} Your game is as it was.`;
}

/** "Imported a puzzle with 27 givens." and the like. @param {Source} source @param {number} n */
export function openedText(source, n) {
  const puzzle = `a puzzle with ${givensText(n)}${source.progress ? `, ${source.progress}` : ""}`;
  if (source.of && source.of > 1 && source.kind !== "link") {
    const holder = source.kind === "file" ? source.name : "This text";
    return `${holder} holds ${source.of} puzzles; the first was opened: ${puzzle}.`;
  }
  if ((source.from || source.progress) && source.kind !== "link") {
    const opened = source.kind === "file" ? `Opened ${source.name}` : source.kind === "clipboard" ? "Pasted" : "Imported";
    return source.from ? `${opened}: ${source.from}, ${puzzle}.` : `${opened} ${puzzle}.`;
  }
  switch (source.kind) {
    case "paste": return `Imported a puzzle with ${givensText(n)}.`;
    case "clipboard": return `Pasted a puzzle with ${givensText(n)}.`;
    case "file": return `Opened ${source.name}: a puzzle with ${givensText(n)}.`;
    case "link": return source.info ? `Opened the puzzle from the link: ${source.info}.` : "Opened the puzzle from the link.";
  }
  return "";
}

/**
 * The status line after a puzzle came in, for the finding it got.
 * @param {Source} source @param {Finding} f
 * @param {{reopened?: boolean}} [more]  reopened: the player's saved game of this puzzle is back
 * @returns {{text: string, tone: "info" | "success" | "warning" | "error"}}
 */
export function intakeMessage(source, f, more = {}) {
  const several = source.of && source.of > 1 && source.kind !== "link" ? `${source.kind === "file" ? source.name : "This text"} holds ${source.of} puzzles; the first ` : "";
  const back = several ? `${several}is one you have played before: your game is back.` : "You have played this puzzle before: your game is back.";
  const opened = more.reopened ? back : openedText(source, f.givens);
  switch (f.status) {
    case "empty": return { text: f.text, tone: "error" };
    case "unique": return { text: opened, tone: "info" };
    case "unchecked": return { text: `${opened} It was not checked (the engine is not available): it is played as it is.`, tone: "warning" };
    case "pending": return { text: `${opened} Checking the puzzle…`, tone: "info" };
    case "solved": return { text: `${opened} ${f.text} It is open in Create mode: clear some cells to make a puzzle of it.`, tone: "warning" };
    case "invalid": return { text: `${opened} ${f.text} It is open in Create mode: correct the givens.`, tone: "error" };
    default: return { text: `${opened} ${f.text} It is open in Create mode: change the givens, or Play anyway.`, tone: "warning" };
  }
}

/**
 * Why Play did not start (the gate said `anyway` or `refuse`), for the status line.
 * @param {Finding} f
 */
export function notPlayedText(f) {
  if (f.status === "solved") return `Not played. ${f.text}`;
  return `Not played yet. ${f.text} Change the givens, or Play anyway.`;
}

// --- text that comes in ---------------------------------------------------------------------

/**
 * What a pasted text is: this page's share link (read as that link: its progress and marks come
 * too), a plain 81-cell line (read here, no engine needed), or anything else (the engine reads
 * every other format, other apps' links included, and says where a text is wrong or which rules
 * a variant has).
 * A file of one puzzle a line (SudoCue's `.sdm`, any puzzle list) opens its first puzzle: `of`
 * says how many there were.
 * @typedef {{kind: "link", link: LinkResult} | {kind: "grid", grid: string, of?: number} | {kind: "text"}} PastedText
 */

/** The page's path without a trailing "index.html": the same page either way. @param {URL} url */
const pagePath = (url) => url.pathname.replace(/\/index\.html$/, "/");

/**
 * @param {string} text  as pasted
 * @param {string} pageUrl  this page's address (`location.href`)
 * @returns {PastedText}
 */
export function readPasted(text, pageUrl) {
  const trimmed = text.trim();
  if (trimmed.startsWith("#puzzle=") || trimmed.startsWith("#p=")) return { kind: "link", link: linkOrWhy(trimmed) };
  if (/^https?:\/\/\S+$/i.test(trimmed)) {
    /** @type {URL} */
    let url;
    try {
      url = new URL(trimmed);
    } catch {
      return { kind: "text" };
    }
    const page = new URL(pageUrl);
    if (url.origin !== page.origin || pagePath(url) !== pagePath(page)) return { kind: "text" };
    return { kind: "link", link: linkOrWhy(url.hash) };
  }
  const line = toGrid(trimmed);
  if (line) return { kind: "grid", grid: line };
  const lines = trimmed.split(/\r?\n/).map(withoutComment).filter((l) => l && !l.startsWith("#"));
  if (lines.length >= 1 && lines.every((l) => l.length === 81 && toGrid(l))) {
    const grid = toGrid(lines[0]) ?? EMPTY_GRID;
    return lines.length > 1 ? { kind: "grid", grid, of: lines.length } : { kind: "grid", grid };
  }
  return { kind: "text" };
}

/**
 * A line up to its comment ("#" after a space, as the library reads it), trimmed. A search for two
 * fixed characters stays linear on a long run of spaces, where /\s+#.*$/ is quadratic.
 * @param {string} line
 */
function withoutComment(line) {
  const at = line.search(/\s#/);
  return (at < 0 ? line : line.slice(0, at)).trim();
}

/** The game of this page's link, or why it holds none. @param {string} hash @returns {LinkResult} */
function linkOrWhy(hash) {
  return gameFromLink(hash) ?? { ok: false, problem: "it holds no puzzle (#puzzle=…)" };
}

/**
 * The game of a puzzle the engine read (`read`): its givens, the player's digits, and their
 * corner and centre marks when the format had them, in Play mode.
 * @param {ReadPosition} read @returns {Game}
 */
export function gameFromRead(read) {
  /** @type {Game} */
  const game = { givens: toGrid(read.givens) ?? EMPTY_GRID, entries: toGrid(read.entries) ?? EMPTY_GRID, mode: "play" };
  const corner = formatMarks(read.corner);
  const centre = formatMarks(read.centre);
  if (corner || centre) game.play = { ...newPlay(), corner, centre };
  return game;
}

/**
 * What came with the givens of a game read from another app's format, in words ("17 of your
 * digits and candidates in 52 cells"), or undefined when nothing did.
 * @param {Game} game
 */
export function progressText(game) {
  const digits = [...game.entries].filter((d) => d !== EMPTY).length;
  const cells = (/** @type {string | undefined} */ marks) => (marks ? marks.split(/\s+/).filter(Boolean).length : 0);
  const centre = cells(game.play?.centre);
  const corner = cells(game.play?.corner);
  const parts = [];
  if (digits) parts.push(`${digits} digit${digits === 1 ? "" : "s"} you placed`);
  const inCells = (/** @type {number} */ n) => `in ${n} cell${n === 1 ? "" : "s"}`;
  if (centre) parts.push(corner ? `centre marks ${inCells(centre)}` : `candidates ${inCells(centre)}`);
  if (corner) parts.push(`corner marks ${inCells(corner)}`);
  if (!parts.length) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** "the f-puzzles link", or undefined for a plain layout. @param {ReadPosition} read */
export const formatOf = (read) => (read.source && read.source !== "the puzzle" ? read.source : undefined);

// --- the same puzzle again ---------------------------------------------------------------------

/**
 * The saved game a puzzle that comes in should reopen instead of adding a copy: the most recently
 * saved game with the same givens (`records` newest first, as the game library lists them). A
 * game that comes with progress (a share link with the sender's digits or marks) is a new game
 * unless that progress is exactly the saved game's: the player's own progress is never replaced
 * by someone else's, nor theirs dropped.
 * @param {Game} game @param {readonly GameRecord[]} records @returns {GameRecord | null}
 */
export function savedGameFor(game, records) {
  const saved = records.find((r) => r.givens === game.givens) ?? null;
  if (!saved || !hasProgress(game)) return saved;
  const play = game.play;
  const sameMarks = !play || (play.corner === saved.play.corner && play.centre === saved.play.centre && play.colours === saved.play.colours);
  return saved.entries === game.entries && sameMarks ? saved : null;
}

/** True when a game carries the player's digits or marks. @param {Game} game */
export function hasProgress(game) {
  const play = game.play;
  return [...game.entries].some((d) => d !== EMPTY) || Boolean(play && (play.corner || play.centre || play.colours));
}
