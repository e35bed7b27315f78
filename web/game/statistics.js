// @ts-check
// The player's statistics (no DOM, no storage): games started and solved per level, best and
// median times, help used, and the days whose daily puzzle was solved (for the streak).
//
// Why a record of its own rather than the game library: the player deletes games from Recent
// games ("Clear finished" too), and a statistic must not fall when they tidy up. So every game
// played (a first move in Play mode) gets one small entry here, keyed by its game-library id:
// a game saved a hundred times, reopened, or imported twice is still one game. The record is
// bounded: the latest MAX_GAMES entries are kept whole (the times charted, the medians); older
// ones are folded into per-level totals (`earlier`), so the counts stay right for ever in a
// record of a few hundred kilobytes at most.
//
// The same shape is stored (localStorage, statistics-store.js) and exported as a file, so one
// reader checks both. Both are untrusted: `parseStatistics` checks every field, and says which
// entry and field is wrong (an import is refused whole: nothing half-imported); stored data is
// read leniently (a bad entry is dropped, the rest kept).

import { isDailyDay } from "../puzzles/daily.js";
import { LEVEL_NAMES, isLevel } from "../puzzles/puzzle-info.js";

/** @typedef {import("../puzzles/puzzle-info.js").Level} Level */
/** A level, or "ungraded" for a puzzle whose level is not known (pasted, typed, never graded). @typedef {Level | "ungraded"} Bucket */
/**
 * One game played: its level when known, its day when it is a daily puzzle, when it was started
 * and solved (ISO; solvedAt null: not solved, given up or still being played), the time played
 * (at the solve, for a solved game), and the help used (hints and path steps; revealed cells).
 * @typedef {{id: string, level: Level | null, daily: string | null, startedAt: string,
 *   solvedAt: string | null, ms: number, hints: number, reveals: number}} GameEntry
 */
/**
 * Totals of the games folded out of the kept entries, per bucket: games started, solved, solved
 * without help, the help used, and the best time without help (null: none).
 * @typedef {{started: number, solved: number, unaided: number, hints: number, bestMs: number | null}} Totals
 */
/** @typedef {Partial<Record<Bucket, Totals>>} Earlier */
/**
 * Oldest entry first. `clearedAt` (ISO): when the player last cleared the statistics; the daily
 * games of the library solved before it no longer count (statistics-view.js).
 * @typedef {{games: GameEntry[], earlier: Earlier, clearedAt?: string}} Statistics
 */
/**
 * `problems`: each fault and where ("games[3].ms: …"); `message`: what is wrong with the file as
 * a whole, in plain words, for the player ("This file is not a statistics export: …").
 * @typedef {{ok: true, stats: Statistics} | {ok: false, problems: string[], message: string}} ParseResult
 */

export const FORMAT = "sudoku-studio-statistics";
export const VERSION = 1;
/** The entries kept whole; older ones are folded into `earlier`. */
export const MAX_GAMES = 3000;
/** An export is at most ~250 bytes per game: a file much larger than that is not one of ours. */
export const MAX_FILE_BYTES = 2_000_000;
/** Longer than any real game (100 hours): a larger number is not a time this page wrote. */
export const MAX_MS = 100 * 3600 * 1000;
const MAX_HELP = 1_000_000;
const MAX_COUNT = 1_000_000_000;
/** Nothing this page wrote is dated before this. */
const FIRST_DATE = Date.parse("2020-01-01T00:00:00Z");
/** The buckets in the order shown. @type {readonly Bucket[]} */
export const BUCKETS = ["easy", "medium", "hard", "unfair", "extreme", "ungraded"];
/** How many problems an import names at most (the rest are counted). */
const MAX_PROBLEMS = 5;

/** @returns {Statistics} */
export const emptyStatistics = () => ({ games: [], earlier: {} });

/** The statistics just cleared (Clear statistics…): nothing, and when. @param {string} now ISO @returns {Statistics} */
export const clearedStatistics = (now) => ({ games: [], earlier: {}, clearedAt: now });

/** @param {Bucket} bucket */
export const bucketName = (bucket) => (bucket === "ungraded" ? "Not graded" : LEVEL_NAMES[bucket]);

/** @param {GameEntry} game @returns {Bucket} */
const bucketOf = (game) => game.level ?? "ungraded";
/** @param {GameEntry} game */
const isUnaided = (game) => game.hints + game.reveals === 0;

// --- reading (storage and files alike) ----------------------------------------------------------

/** @param {unknown} n @param {number} max */
const isCount = (n, max) => Number.isSafeInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) <= max;

/** An ISO moment as toISOString writes it, from 2020 to a day after `now`. @param {unknown} s @param {number} now */
function isMoment(s, now) {
  if (typeof s !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(s)) return false;
  const at = Date.parse(s);
  return !Number.isNaN(at) && at >= FIRST_DATE && at <= now + 86_400_000;
}

/**
 * One entry, or what is wrong with it ("ms: …").
 * @param {unknown} value @param {number} now @returns {GameEntry | string}
 */
function readEntry(value, now) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return "is not an object";
  const v = /** @type {Record<string, unknown>} */ (value);
  if (typeof v.id !== "string" || !/^[\w.:-]{1,64}$/.test(v.id)) return "id: not a game id (1 to 64 letters, digits, '-', '_', '.', ':')";
  if (v.level !== null && v.level !== undefined && !isLevel(v.level)) {
    return `level: ${JSON.stringify(v.level)} is not a level (${Object.keys(LEVEL_NAMES).join(", ")} or null)`;
  }
  if (v.daily !== null && v.daily !== undefined && !isDailyDay(v.daily)) return "daily: not a day with a daily puzzle (YYYY-MM-DD from 2026-01-01)";
  if (!isMoment(v.startedAt, now)) return "startedAt: not a date and time (ISO, UTC) between 2020 and today";
  if (v.solvedAt !== null && v.solvedAt !== undefined && !isMoment(v.solvedAt, now)) {
    return "solvedAt: not a date and time (ISO, UTC) between 2020 and today, nor null";
  }
  const startedAt = /** @type {string} */ (v.startedAt);
  const solvedAt = typeof v.solvedAt === "string" ? v.solvedAt : null;
  if (solvedAt && Date.parse(solvedAt) < Date.parse(startedAt)) return "solvedAt: before startedAt";
  if (!isCount(v.ms, MAX_MS)) return "ms: not a whole number of milliseconds from 0 to 100 hours";
  if (!isCount(v.hints, MAX_HELP)) return "hints: not a whole number from 0 to 1,000,000";
  if (!isCount(v.reveals, MAX_HELP)) return "reveals: not a whole number from 0 to 1,000,000";
  return {
    id: v.id, level: isLevel(v.level) ? v.level : null, daily: isDailyDay(v.daily) ? v.daily : null,
    startedAt, solvedAt, ms: /** @type {number} */ (v.ms), hints: /** @type {number} */ (v.hints), reveals: /** @type {number} */ (v.reveals),
  };
}

/** One bucket's totals, or what is wrong with them. @param {unknown} value @returns {Totals | string} */
function readTotals(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return "is not an object";
  const v = /** @type {Record<string, unknown>} */ (value);
  for (const name of ["started", "solved", "unaided", "hints"]) {
    if (!isCount(v[name], MAX_COUNT)) return `${name}: not a whole number from 0 to 1,000,000,000`;
  }
  const [started, solved, unaided, hints] = /** @type {number[]} */ ([v.started, v.solved, v.unaided, v.hints]);
  if (solved > started) return "solved: more than started";
  if (unaided > solved) return "unaided: more than solved";
  if (v.bestMs !== null && !(isCount(v.bestMs, MAX_MS) && Number(v.bestMs) > 0)) return "bestMs: not a time from 1 ms to 100 hours, nor null";
  if (v.bestMs !== null && unaided === 0) return "bestMs: a best time without a game solved without help";
  return { started, solved, unaided, hints, bestMs: /** @type {number | null} */ (v.bestMs) };
}

/**
 * Statistics from a stored record or an imported file (anything at all). `strict` (a file): any
 * problem refuses it whole, and the problems say where ("games[3].ms: …"). Not strict (this
 * browser's own record): the entries that hold are kept, the rest dropped.
 * @param {unknown} data @param {{strict?: boolean, now?: number}} [options] @returns {ParseResult}
 */
export function parseStatistics(data, options = {}) {
  const strict = options.strict ?? true;
  const now = options.now ?? Date.now();
  const notOurs = `${NOT_AN_EXPORT}: it is JSON, but not the studio's statistics.`;
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, problems: ["the file is not a JSON object"], message: notOurs };
  const v = /** @type {Record<string, unknown>} */ (data);
  if (v.format !== FORMAT) return { ok: false, problems: [`format: not "${FORMAT}" (this is not a statistics file of the studio)`], message: notOurs };
  if (v.version !== VERSION) {
    const newer = Number.isInteger(v.version) && Number(v.version) > VERSION;
    return newer
      ? { ok: false, problems: [`version: ${v.version} is from a newer version of the studio (this one reads ${VERSION})`],
        message: `This statistics export was made by a newer version of the studio (its version is ${v.version}; this one reads version ${VERSION}).` }
      : { ok: false, problems: [`version: not ${VERSION}`], message: `This statistics export has a version this studio does not know (${VERSION} is the one it reads).` };
  }
  /** @type {string[]} */
  const problems = [];
  const stats = emptyStatistics();
  if (!Array.isArray(v.games)) problems.push("games: not a list");
  else if (v.games.length > MAX_GAMES) problems.push(`games: ${v.games.length} entries, more than the ${MAX_GAMES} a file holds`);
  else {
    const seen = new Set();
    v.games.forEach((value, i) => {
      const game = readEntry(value, now);
      if (typeof game === "string") problems.push(`games[${i}]${game === "is not an object" ? " " : "."}${game}`);
      else if (seen.has(game.id)) problems.push(`games[${i}].id: ${game.id} is listed twice`);
      else {
        seen.add(game.id);
        stats.games.push(game);
      }
    });
  }
  if (!v.earlier || typeof v.earlier !== "object" || Array.isArray(v.earlier)) problems.push("earlier: not an object");
  else {
    for (const [bucket, value] of Object.entries(v.earlier)) {
      if (!(/** @type {readonly string[]} */ (BUCKETS)).includes(bucket)) {
        problems.push(`earlier.${bucket}: not a level (${BUCKETS.join(", ")})`);
        continue;
      }
      const totals = readTotals(value);
      if (typeof totals === "string") problems.push(`earlier.${bucket}${totals === "is not an object" ? " " : "."}${totals}`);
      else stats.earlier[/** @type {Bucket} */ (bucket)] = totals;
    }
  }
  if (v.clearedAt !== undefined) {
    if (isMoment(v.clearedAt, now)) stats.clearedAt = /** @type {string} */ (v.clearedAt);
    else problems.push("clearedAt: not a date and time (ISO, UTC) between 2020 and today");
  }
  if (strict && problems.length) {
    const more = problems.length > MAX_PROBLEMS ? [`and ${problems.length - MAX_PROBLEMS} more problems`] : [];
    const named = [...problems.slice(0, MAX_PROBLEMS), ...more];
    return { ok: false, problems: named, message: `This statistics export is damaged: ${named.join("; ")}.` };
  }
  stats.games.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  return { ok: true, stats };
}

/** How every refusal of a file that is not an export begins. */
export const NOT_AN_EXPORT = "This file is not a statistics export";

/** The record as stored and exported. @param {Statistics} stats @param {string} [exportedAt] */
export function storedStatistics(stats, exportedAt) {
  return {
    format: FORMAT, version: VERSION, ...(exportedAt ? { exportedAt } : {}), ...(stats.clearedAt ? { clearedAt: stats.clearedAt } : {}),
    games: stats.games, earlier: stats.earlier,
  };
}

// --- recording ------------------------------------------------------------------------------------

/**
 * The game on the board as the recorder sees it. `level`: null when not known (or only claimed
 * by a link); `solved`: the player completed the grid.
 * @typedef {{id: string, level: Level | null, daily: string | null, ms: number, hints: number,
 *   reveals: number, solved: boolean}} PlayedGame
 */

/**
 * Two entries of the same game as one: the further state wins (solved beats unsolved, and a
 * solve is dated and timed by the first one), the larger help, a known level.
 * @param {GameEntry} a @param {GameEntry} b @returns {GameEntry}
 */
function combineEntries(a, b) {
  const solvedOf = [a, b].filter((g) => g.solvedAt).sort((x, y) => /** @type {string} */ (x.solvedAt).localeCompare(/** @type {string} */ (y.solvedAt)));
  const first = solvedOf[0];
  return {
    id: a.id,
    level: b.level ?? a.level,
    daily: b.daily ?? a.daily,
    startedAt: a.startedAt < b.startedAt ? a.startedAt : b.startedAt,
    solvedAt: first ? first.solvedAt : null,
    ms: first ? first.ms : Math.max(a.ms, b.ms),
    hints: first ? first.hints : Math.max(a.hints, b.hints),
    reveals: first ? first.reveals : Math.max(a.reveals, b.reveals),
  };
}

/** @param {GameEntry} a @param {GameEntry} b */
const sameEntry = (a, b) => (Object.keys(a)).every((k) => a[/** @type {keyof GameEntry} */ (k)] === b[/** @type {keyof GameEntry} */ (k)]);

/** The totals of some games. @param {GameEntry[]} games @param {Totals} [start] @returns {Totals} */
function totalsOf(games, start) {
  const t = { ...(start ?? { started: 0, solved: 0, unaided: 0, hints: 0, bestMs: null }) };
  for (const g of games) {
    t.started = Math.min(t.started + 1, MAX_COUNT);
    t.hints = Math.min(t.hints + g.hints + g.reveals, MAX_COUNT);
    if (!g.solvedAt) continue;
    t.solved = Math.min(t.solved + 1, MAX_COUNT);
    if (!isUnaided(g)) continue;
    t.unaided = Math.min(t.unaided + 1, MAX_COUNT);
    if (g.ms > 0 && (t.bestMs === null || g.ms < t.bestMs)) t.bestMs = g.ms;
  }
  return t;
}

/** Keep the latest MAX_GAMES entries; fold the older ones into `earlier`. @param {Statistics} stats @returns {Statistics} */
function bound(stats) {
  if (stats.games.length <= MAX_GAMES) return stats;
  const folded = stats.games.slice(0, stats.games.length - MAX_GAMES);
  const earlier = { ...stats.earlier };
  for (const bucket of BUCKETS) {
    const mine = folded.filter((g) => bucketOf(g) === bucket);
    if (mine.length) earlier[bucket] = totalsOf(mine, earlier[bucket]);
  }
  return { ...stats, games: stats.games.slice(-MAX_GAMES), earlier };
}

/**
 * The statistics after the game on the board was played (a move, a solve, its level found): its
 * entry added, or brought up to date. The same object when nothing changed (nothing to write).
 * A game first seen already solved is not added: it was solved before the statistics were kept
 * (an old game opened from Recent games), and when is not known. A game solved here is always
 * seen unsolved first (the move that completes it is told before the solve).
 * @param {Statistics} stats @param {PlayedGame} game @param {string} now  ISO
 * @returns {Statistics}
 */
export function recordGame(stats, game, now) {
  /** @type {GameEntry} */
  const seen = {
    id: game.id, level: game.level, daily: game.daily, startedAt: now, solvedAt: game.solved ? now : null,
    ms: Math.min(Math.max(0, Math.round(game.ms)), MAX_MS),
    hints: Math.min(game.hints, MAX_HELP), reveals: Math.min(game.reveals, MAX_HELP),
  };
  const index = stats.games.findIndex((g) => g.id === game.id);
  if (index < 0) return game.solved ? stats : bound({ ...stats, games: [...stats.games, seen] });
  const before = stats.games[index];
  const after = combineEntries(before, seen);
  if (sameEntry(before, after)) return stats;
  const games = stats.games.slice();
  games[index] = after;
  return { ...stats, games };
}

/**
 * Another record (an imported file) merged into this one: games are matched by their id, so a
 * file imported twice, or one exported from this browser, counts no game twice; a game in both
 * keeps its further state. The totals of folded games are the larger of the two per level (the
 * same folded games may be in both; their ids are gone). `clearedAt` stays ours: a file's games
 * are added, but when this browser was cleared is this browser's.
 * @param {Statistics} ours @param {Statistics} theirs @returns {Statistics}
 */
export function mergeStatistics(ours, theirs) {
  const byId = new Map(ours.games.map((g) => [g.id, g]));
  for (const g of theirs.games) {
    const mine = byId.get(g.id);
    byId.set(g.id, mine ? combineEntries(mine, g) : g);
  }
  /** @type {Earlier} */
  const earlier = { ...ours.earlier };
  for (const bucket of BUCKETS) {
    const a = ours.earlier[bucket];
    const b = theirs.earlier[bucket];
    if (!a || !b) {
      if (b) earlier[bucket] = b;
      continue;
    }
    earlier[bucket] = a.started >= b.started ? a : b;
  }
  const games = [...byId.values()].sort((x, y) => x.startedAt.localeCompare(y.startedAt));
  return bound({ games, earlier, ...(ours.clearedAt ? { clearedAt: ours.clearedAt } : {}) });
}

// --- what is shown --------------------------------------------------------------------------------

/**
 * A level's numbers: games started and solved, solved without help, help used per game, the
 * best and median time of the solves without help (null: none), and the latest solves' times
 * (`recent`, oldest first, at most RECENT) for the chart.
 * @typedef {{bucket: Bucket, started: number, solved: number, unaided: number, helpPerGame: number,
 *   bestMs: number | null, medianMs: number | null, recent: {ms: number, helped: boolean, at: string}[]}} LevelSummary
 */
/** How many of a level's latest solves the chart shows. */
export const RECENT = 20;

/** The median of some numbers (null for none). @param {number[]} values */
export function median(values) {
  if (!values.length) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/**
 * Every bucket with a game in it, in BUCKETS order, and the totals over all of them. The
 * median is of the kept entries' solves without help (the folded ones' times are gone).
 * @param {Statistics} stats @returns {{levels: LevelSummary[], all: LevelSummary}}
 */
export function summarize(stats) {
  /** @param {GameEntry[]} games @param {Totals | undefined} earlier @param {Bucket} bucket @returns {LevelSummary} */
  const summary = (games, earlier, bucket) => {
    const t = totalsOf(games, earlier);
    const unaidedTimes = games.filter((g) => g.solvedAt && isUnaided(g) && g.ms > 0).map((g) => g.ms);
    const solves = games.filter((g) => g.solvedAt)
      .sort((a, b) => /** @type {string} */ (a.solvedAt).localeCompare(/** @type {string} */ (b.solvedAt)));
    return {
      bucket, started: t.started, solved: t.solved, unaided: t.unaided,
      helpPerGame: t.started ? t.hints / t.started : 0,
      bestMs: t.bestMs, medianMs: median(unaidedTimes),
      recent: solves.slice(-RECENT).map((g) => ({ ms: g.ms, helped: !isUnaided(g), at: /** @type {string} */ (g.solvedAt) })),
    };
  };
  const levels = BUCKETS.map((bucket) => summary(stats.games.filter((g) => bucketOf(g) === bucket), stats.earlier[bucket], bucket))
    .filter((s) => s.started > 0);
  const earlierAll = Object.values(stats.earlier).reduce((sum, t) => ({
    started: sum.started + t.started, solved: sum.solved + t.solved, unaided: sum.unaided + t.unaided,
    hints: sum.hints + t.hints, bestMs: null,
  }), { started: 0, solved: 0, unaided: 0, hints: 0, bestMs: null });
  const all = summary(stats.games, earlierAll, "ungraded");
  return { levels, all: { ...all, bestMs: null } };
}

/** @param {number} n @param {string} one @param {string} many */
const plural = (n, one, many) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/**
 * What Clear statistics deletes, for its confirmation: the games (and their times) and the days
 * whose daily puzzle was solved (`days`, with the streak they make); and what it keeps.
 * @param {Statistics} stats @param {Set<string>} days @param {string} today
 * @param {(day: string, offset: number) => string} addDays
 */
export function clearWarning(stats, days, today, addDays) {
  const { all } = summarize(stats);
  const streak = dailyStreak(days, today, addDays);
  const lost = [
    ...(all.started ? [`the record of ${plural(all.started, "game", "games")} played (${all.solved.toLocaleString("en")} solved)${all.solved ? " with their times" : ""}`] : []),
    ...(days.size ? [`the ${plural(days.size, "day", "days")} you solved the daily puzzle${streak.current ? ` (a streak of ${streak.current})` : ""}`] : []),
  ];
  return `This deletes ${lost.length ? lost.join(" and ") : "nothing yet"} from this browser. Your saved games and practised techniques are kept.`;
}

/** The days whose daily puzzle (of any level) was solved, by the kept entries. @param {Statistics} stats */
export function dailyDaysSolved(stats) {
  return new Set(stats.games.filter((g) => g.daily && g.solvedAt).map((g) => /** @type {string} */ (g.daily)));
}

/**
 * The daily streak: days in a row whose daily puzzle was solved (whenever it was played). The
 * current one ends today, or yesterday while today's is still to play; the longest is any run.
 * @param {Set<string>} days  "YYYY-MM-DD" @param {string} today @param {(day: string, offset: number) => string} addDays
 */
export function dailyStreak(days, today, addDays) {
  let current = 0;
  let day = days.has(today) ? today : addDays(today, -1);
  while (days.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  let longest = 0;
  for (const start of days) {
    if (days.has(addDays(start, -1))) continue; // not the first day of its run
    let run = 0;
    for (let d = start; days.has(d); d = addDays(d, 1)) run += 1;
    longest = Math.max(longest, run);
  }
  return { current, longest };
}
