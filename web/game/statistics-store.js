// @ts-check
// The player's statistics in this browser (localStorage `sudoku-studio.statistics`, the shape
// statistics.js reads and exports), and the recorder that keeps them: every game played in Play
// mode gets its entry at its first move and is brought up to date when it is solved, its level
// is found or help is used; not on every save (the entry is keyed by the game's id, so however
// often a game is saved or reopened, it is one game).
// Read again before every write, so two tabs add to one record rather than overwrite each
// other's games. A record this page cannot read (a newer version's) is never overwritten: the
// statistics are then not kept, and the Statistics view says why.
// An embedded frame writes nothing: its games are the host page's, not the studio's player's
// (as the game library's "last game", autosave.js).

import { loadRecord, saveRecord } from "../app/storage.js";
import { emptyStatistics, parseStatistics, recordGame, storedStatistics } from "./statistics.js";

/** @typedef {import("./statistics.js").Statistics} Statistics */
/** @typedef {import("./statistics.js").PlayedGame} PlayedGame */
/** `kept` false: this browser keeps no statistics, and `problem` says why. @typedef {{stats: Statistics, kept: boolean, problem: string}} Loaded */

export const STATISTICS_KEY = "sudoku-studio.statistics";

/** This page is an embedded frame (embed-mode.js marks <html> before any module runs). */
const framed = () => globalThis.document?.documentElement.dataset.embed === "true";

/** The statistics as stored (an empty record when there is none). @returns {Loaded} */
export function loadStatistics() {
  if (framed()) return { stats: emptyStatistics(), kept: false, problem: "an embedded studio keeps no statistics" };
  const loaded = loadRecord(STATISTICS_KEY);
  if (!loaded.ok) return { stats: emptyStatistics(), kept: false, problem: loaded.problem };
  if (loaded.data === null) return { stats: emptyStatistics(), kept: true, problem: "" };
  const read = parseStatistics(loaded.data, { strict: false });
  if (read.ok) return { stats: read.stats, kept: true, problem: "" };
  return { stats: emptyStatistics(), kept: false, problem: `the statistics stored in this browser cannot be read (${read.problems[0]}); they are kept as they are` };
}

/**
 * Write the statistics (not in a frame, nor over a record this page cannot read).
 * @param {Statistics} stats @returns {{ok: true} | {ok: false, problem: string}}
 */
export function saveStatistics(stats) {
  const now = loadStatistics();
  if (!now.kept) return { ok: false, problem: now.problem };
  return saveRecord(STATISTICS_KEY, storedStatistics(stats));
}

/** The last game written, as the recorder saw it: the same again is not written. */
let lastWritten = "";

/**
 * The game on the board was played: its entry added or brought up to date. Cheap when nothing
 * the statistics show has changed since the last call (no storage touched).
 * @param {PlayedGame} game
 */
export function recordPlayed(game) {
  const key = JSON.stringify([game.id, game.level, game.daily, game.hints, game.reveals, game.solved]);
  if (key === lastWritten) return;
  const loaded = loadStatistics();
  if (!loaded.kept) return;
  const after = recordGame(loaded.stats, game, new Date().toISOString());
  if (after === loaded.stats || saveRecord(STATISTICS_KEY, storedStatistics(after)).ok) lastWritten = key;
}
