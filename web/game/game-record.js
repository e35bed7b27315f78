// @ts-check
// A saved game as the game library stores it, and the rules for what comes back from storage:
// untrusted input, checked cell by cell (grids of 1-9 and ".", no entry on a given, a known
// mode, info that belongs to these givens). A record written by a newer version of the page
// (a larger `schema`) or one that fails the checks is never rewritten: the library leaves it
// as it is and the page says so. One that is only over a limit (a history longer than
// MAX_MOVES, a count past Number.MAX_SAFE_INTEGER) is repaired as it is read, and fitPlay keeps
// every record the page writes within the same limits. So is one whose optional parts are
// damaged (the moves' times, the puzzle's info): they are dropped or forgotten, never the game.
// Also the three-way merge that keeps two tabs' moves.
// Plain data and functions, no DOM and no storage.

import { diffLayers, encodeMove, formatMarks, historyIsSound, marksProblem, parseMarks } from "../board/cell-layers.js";
import { EMPTY, cellName, isGrid } from "../board/grid.js";
import { MAX_MOVES, emptyHistory, fitHistory, pushMove, readHistory, readHistoryShape, withHintsRead } from "./move-history.js";
import { toPuzzleInfo } from "../puzzles/puzzle-info.js";

/** @typedef {import("../puzzles/puzzle-info.js").PuzzleInfo} PuzzleInfo */
/** @typedef {import("../app/storage.js").Game} Game */

/** The record layout this page writes (2: with `play`); a larger number is a newer page's, kept untouched. */
export const SCHEMA_VERSION = 2;

/**
 * What the player did beside the digits: marks and colours (cell-layers.js text), the history
 * (move-history.js), the time played, the help used and whether the grid was completed.
 * @typedef {{corner: string, centre: string, colours: string, history: import("./move-history.js").History,
 *   ms: number, hints: number, reveals: number, undos: number, solved: boolean}} PlayState
 */

/** @returns {PlayState} */
export const newPlay = () => ({
  corner: "", centre: "", colours: "", history: emptyHistory(), ms: 0, hints: 0, reveals: 0, undos: 0, solved: false,
});

/**
 * One saved game. `rev` grows by one with each write, so a tab whose write is based on an older
 * revision merges instead of overwriting. Schema 1 records (no `play`) are read as games with
 * no marks and an empty history.
 * @typedef {{schema: 2, id: string, givens: string, entries: string, mode: "play" | "enter",
 *   info?: PuzzleInfo, play: PlayState, rev: number, createdAt: string, savedAt: string}} GameRecord
 */
/**
 * `repaired`: what was put within a limit, or dropped as damaged and optional, as it was read
 * ("" when nothing); the next save writes the repaired record.
 * @typedef {{ok: true, record: GameRecord, repaired: string} | {ok: false, newer: boolean, problem: string}} ReadResult
 */

/** A count as the reader takes it: a whole number from `min`, saturated at the largest safe one. */
const LARGEST = Number.MAX_SAFE_INTEGER;

/** @param {unknown} value @param {number} min @returns {number | null} */
function readCount(value, min) {
  return typeof value === "number" && Number.isInteger(value) && value >= min ? Math.min(value, LARGEST) : null;
}

/** A record's next revision: one more, saturated (the reader takes it). @param {number} rev */
export const nextRev = (rev) => Math.min(rev + 1, LARGEST);

/**
 * A play state within every limit the reader checks: the history cut to MAX_MOVES (and its
 * undone digits and hint marks to theirs), the counts saturated. The same object when it already is.
 * @param {PlayState} play @returns {PlayState}
 */
export function fitPlay(play) {
  const history = fitHistory(play.history);
  const over = history !== play.history || COUNTERS.some((name) => play[name] > LARGEST);
  if (!over) return play;
  return {
    ...play, history,
    ms: Math.min(play.ms, LARGEST), hints: Math.min(play.hints, LARGEST), reveals: Math.min(play.reveals, LARGEST), undos: Math.min(play.undos, LARGEST),
  };
}

/**
 * What is wrong with a game's two layers, or "" if nothing: both grids, and no entry on a given.
 * @param {unknown} givens @param {unknown} entries
 */
export function gameProblem(givens, entries) {
  if (!isGrid(givens)) return "its givens are not a Sudoku grid";
  if (!isGrid(entries)) return "its entries are not a Sudoku grid";
  const [g, e] = [/** @type {string} */ (givens), /** @type {string} */ (entries)];
  for (let c = 0; c < 81; c++) {
    if (g[c] !== EMPTY && e[c] !== EMPTY) return `an entry sits on the given at ${cellName(c)}`;
  }
  return "";
}

/**
 * Check a record read from storage. `deep: false` (the list of games) checks all but the history's
 * moves, which it only counts: replaying every game's history on each list made every save cost
 * more with each game kept (1 s with 5,000 games of 1,000 moves). Such a record is for showing
 * only: a game is opened, written or deleted from a deep read (GameLibrary.get, save, remove).
 * @param {unknown} value @param {{deep?: boolean}} [options] @returns {ReadResult}
 */
export function readRecord(value, options = {}) {
  if (!value || typeof value !== "object") return { ok: false, newer: false, problem: "it is not a saved game" };
  const v = /** @type {Record<string, unknown>} */ (value);
  if (Number.isInteger(v.schema) && Number(v.schema) > SCHEMA_VERSION) {
    return { ok: false, newer: true, problem: "it was saved by a newer version of the studio" };
  }
  if (v.schema !== SCHEMA_VERSION && v.schema !== 1) return { ok: false, newer: false, problem: "its format is unknown" };
  if (typeof v.id !== "string" || !v.id) return { ok: false, newer: false, problem: "it has no name" };
  const problem = gameProblem(v.givens, v.entries);
  if (problem) return { ok: false, newer: false, problem };
  if (v.mode !== "play" && v.mode !== "enter") return { ok: false, newer: false, problem: "its mode is unknown" };
  const rev = readCount(v.rev, 1);
  if (rev === null) return { ok: false, newer: false, problem: "its revision is not a count" };
  if (typeof v.createdAt !== "string" || typeof v.savedAt !== "string") return { ok: false, newer: false, problem: "its dates are missing" };
  const givens = /** @type {string} */ (v.givens);
  const entries = /** @type {string} */ (v.entries);
  const play = v.schema === 1 ? /** @type {const} */ ({ ok: true, play: newPlay(), repaired: "" })
    : options.deep === false ? readPlay(v.play, givens, entries, false) : checkPlay(v.play, givens, entries);
  if (!play.ok) return { ok: false, newer: false, problem: play.problem };
  /** @type {GameRecord} */
  const record = {
    schema: SCHEMA_VERSION, id: v.id, givens, entries, mode: v.mode, play: play.play,
    rev, createdAt: v.createdAt, savedAt: v.savedAt,
  };
  // optional, so damaged info costs the info, never the game (a level, seed and score the
  // engine can find again)
  const info = toPuzzleInfo(v.info, givens);
  if (info) record.info = info;
  const infoLost = !info && v.info !== undefined && v.info !== null;
  const repaired = [
    ...(rev !== v.rev ? ["capped its revision"] : []),
    ...(infoLost ? ["dropped its unreadable puzzle details (seed, level, score)"] : []),
    ...(play.repaired ? [play.repaired] : []),
  ].join("; ");
  return { ok: true, record, repaired };
}

const COUNTERS = /** @type {const} */ (["ms", "hints", "reveals", "undos"]);

/**
 * Play states already checked, by their exact stored text (with the cells): the library reads
 * every record for Recent games after each save, and replaying long histories each time would
 * cost the player's keystrokes. Serialising is far cheaper than decoding and replaying.
 * @type {Map<string, ReturnType<typeof readPlay>>}
 */
const checkedPlay = new Map();
const CHECKED_KEPT = 64;

/** readPlay, remembered. @param {unknown} value @param {string} givens @param {string} entries */
function checkPlay(value, givens, entries) {
  let key = "";
  try {
    key = `${givens}${entries}${JSON.stringify(value)}`;
  } catch {
    return readPlay(value, givens, entries); // not serialisable (a cycle): checked, not kept
  }
  const known = checkedPlay.get(key);
  if (known) return known;
  const read = readPlay(value, givens, entries);
  checkedPlay.set(key, read);
  if (checkedPlay.size > CHECKED_KEPT) checkedPlay.delete(/** @type {string} */ (checkedPlay.keys().next().value));
  return read;
}

/**
 * Check a stored play state against the cells it belongs to. Like the cells, marks, counts and
 * history must all be readable, and every state the history passes through must be a possible
 * one; otherwise the record is kept as it is and the page says why (a history is not dropped
 * silently: the next save would lose it for good). The moves' times alone are optional: damaged
 * ones are repaired (move-history.js readTimes) and said in `repaired`.
 * With `deep` false, the history is only checked to be a list with a position in it.
 * @param {unknown} value @param {string} givens @param {string} entries @param {boolean} [deep]
 * @returns {{ok: true, play: PlayState, repaired: string} | {ok: false, problem: string}}
 */
function readPlay(value, givens, entries, deep = true) {
  if (!value || typeof value !== "object") return { ok: false, problem: "its marks and history are missing" };
  const v = /** @type {Record<string, unknown>} */ (value);
  for (const layer of /** @type {const} */ (["corner", "centre", "colours"])) {
    const problem = marksProblem(v[layer]);
    if (problem) return { ok: false, problem: `its ${layer === "colours" ? "colours" : `${layer} marks`} are unreadable: ${problem}` };
  }
  /** @type {Record<typeof COUNTERS[number], number>} */
  const counts = { ms: 0, hints: 0, reveals: 0, undos: 0 };
  for (const name of COUNTERS) {
    const count = readCount(v[name], 0);
    if (count === null) return { ok: false, problem: `its ${name === "ms" ? "time played" : name} is not a count` };
    counts[name] = count;
  }
  if (typeof v.solved !== "boolean") return { ok: false, problem: "its completion is unknown" };
  const history = deep ? readHistory(v.history) : historyShape(v.history);
  if (!history.ok) return { ok: false, problem: `its history is unreadable: ${history.problem}` };
  const play = {
    corner: formatMarks(parseMarks(/** @type {string} */ (v.corner))),
    centre: formatMarks(parseMarks(/** @type {string} */ (v.centre))),
    colours: formatMarks(parseMarks(/** @type {string} */ (v.colours))),
    history: history.history,
    ...counts, solved: v.solved,
  };
  if (deep && !historyIsSound(history.moves, history.history.at, layersOfGame({ givens, entries, play }))) {
    return { ok: false, problem: "its history does not lead to its cells" };
  }
  const repaired = [
    ...(history.dropped ? [`dropped its oldest ${history.dropped.toLocaleString("en")} moves (a history keeps ${MAX_MOVES.toLocaleString("en")})`] : []),
    ...(history.notesDropped ? [`dropped the oldest ${history.notesDropped.toLocaleString("en")} undone digits and strikes and hint marks`] : []),
    ...(history.repaired ? [history.repaired] : []),
    ...COUNTERS.filter((name) => counts[name] !== v[name]).map((name) => `capped its ${name === "ms" ? "time played" : name}`),
  ].join("; ");
  return { ok: true, play, repaired };
}

/**
 * A stored history's shape only (a list of moves and a position in it, cut to MAX_MOVES; its times,
 * undone digits and hint marks), not its moves: for the list of games, which shows no history.
 * @param {unknown} value
 * @returns {{ok: true, history: import("./move-history.js").History, moves: import("../board/cell-layers.js").Move[],
 *   dropped: number, notesDropped: number, repaired: string} | {ok: false, problem: string}}
 */
function historyShape(value) {
  const shape = readHistoryShape(value);
  if (!shape.ok) return shape;
  const { history } = shape;
  const copy = { ...history, moves: /** @type {string[]} */ ([...history.moves]) };
  if (history.times) copy.times = [...history.times];
  return { ...shape, history: copy, moves: [] };
}

/** @typedef {import("../board/cell-layers.js").Layers} Layers */

/** A game's cells as cell-layers. @param {{givens: string, entries: string, play?: PlayState}} game @returns {Layers} */
export function layersOfGame(game) {
  const play = game.play ?? newPlay();
  return {
    givens: game.givens, entries: game.entries,
    corner: parseMarks(play.corner), centre: parseMarks(play.centre), colours: parseMarks(play.colours),
  };
}

/** The game a record holds. @param {GameRecord} record @returns {Game} */
export function gameOf(record) {
  return { givens: record.givens, entries: record.entries, mode: record.mode, info: record.info ?? null, play: record.play };
}

/**
 * True when two games have the same cells, marks, history, mode and info, and (unless `time` is
 * false) the same time played. The clock moves on its own: "has the player moved since?" asks
 * without it.
 * @param {Game} a @param {Game} b @param {boolean} [time]
 */
export function sameGame(a, b, time = true) {
  const playOf = (/** @type {Game} */ g) => JSON.stringify({ ...(g.play ?? newPlay()), ms: time ? (g.play?.ms ?? 0) : 0 });
  return a.givens === b.givens && a.entries === b.entries && a.mode === b.mode
    && JSON.stringify(a.info ?? null) === JSON.stringify(b.info ?? null) && playOf(a) === playOf(b);
}

/**
 * Cell by cell: what this tab changed since `base` wins, every other cell is as stored.
 * @param {string} base @param {string} mine @param {string} stored
 */
export function mergeGrids(base, mine, stored) {
  let out = "";
  for (let c = 0; c < 81; c++) out += mine[c] !== base[c] ? mine[c] : stored[c];
  return out;
}

/** A count both tabs added to since `base`. @param {number} base @param {number} mine @param {number} stored */
const sum = (base, mine, stored) => Math.max(mine, stored, mine + stored - base);

/**
 * Three-way merge of this tab's game with the stored one (another tab wrote since `base`): both
 * tabs' moves are kept; where both changed a cell, this tab's (the later) move wins.
 * @param {Game} base @param {Game} mine @param {Game} stored @returns {Game}
 */
export function mergeGames(base, mine, stored) {
  const givens = mergeGrids(base.givens, mine.givens, stored.givens);
  const merged = mergeGrids(base.entries, mine.entries, stored.entries);
  const entries = [...merged].map((d, c) => (givens[c] === EMPTY ? d : EMPTY)).join("");
  const mode = mine.mode !== base.mode ? mine.mode : stored.mode;
  const info = [mine.info, stored.info].find((i) => i && i.puzzle === givens) ?? null;
  const [b, m, s] = [base, mine, stored].map((g) => g.play ?? newPlay());
  const marks = (/** @type {"corner" | "centre" | "colours"} */ layer) => {
    const [bm, mm, sm] = [b, m, s].map((p) => parseMarks(p[layer]));
    return formatMarks(mm.map((mask, cell) => (mask !== bm[cell] ? mask : sm[cell])));
  };
  /** @type {PlayState} */
  const play = {
    corner: marks("corner"), centre: marks("centre"), colours: marks("colours"), history: m.history,
    // the help used in either tab counts once each; the time, the longer of the two clocks
    ms: Math.max(m.ms, s.ms), hints: sum(b.hints, m.hints, s.hints), reveals: sum(b.reveals, m.reveals, s.reveals),
    undos: sum(b.undos, m.undos, s.undos), solved: m.solved || s.solved,
  };
  // This tab's history stays the way back: the other tab's moves arrive as one "merge" move.
  const changes = diffLayers(layersOfGame(mine), layersOfGame({ givens, entries, play }));
  if (changes.length) {
    play.history = pushMove(m.history, encodeMove({ kind: "merge", changes }), null, { entries: mine.entries, centre: parseMarks(m.centre) });
  }
  // a hint read in either tab is read (when it named this puzzle's cells)
  if (s.history.read && stored.givens === givens) play.history = withHintsRead(play.history, s.history.read);
  return { givens, entries, mode, info, play };
}
