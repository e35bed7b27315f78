// The player's statistics (web/game/statistics.js): a game recorded once however often it is
// saved, the totals that survive the bound on kept games, the daily streak, and the file reader
// that names the entry and field that is wrong. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { addDays } from "../../web/puzzles/daily.js";
import {
  FORMAT, MAX_GAMES, VERSION, dailyDaysSolved, dailyStreak, emptyStatistics, median, mergeStatistics,
  parseStatistics, parseStatisticsFile, recordGame, storedStatistics, summarize,
} from "../../web/game/statistics.js";

const NOW = Date.parse("2026-11-26T12:00:00Z");
/** @param {number} minutes */
const at = (minutes) => new Date(Date.parse("2026-11-20T08:00:00Z") + minutes * 60_000).toISOString();
/** @param {Partial<import("../../web/game/statistics.js").PlayedGame>} over */
const game = (over) => ({ id: "g1", level: "hard", daily: null, ms: 60_000, hints: 0, reveals: 0, solved: false, ...over });

/**
 * A game played as the page tells it: its first move (unsolved), then its state now.
 * @param {import("../../web/game/statistics.js").Statistics} s
 * @param {import("../../web/game/statistics.js").PlayedGame} g @param {string} when
 */
const played = (s, g, when) => recordGame(recordGame(s, { ...g, solved: false, ms: 0 }, when), g, when);

test("a game is one entry however often it is recorded, and a solve is kept as it was", () => {
  let s = emptyStatistics();
  s = recordGame(s, game({ ms: 1000 }), at(0));
  const again = recordGame(s, game({ ms: 1000 }), at(1));
  assert.equal(again, s, "nothing changed: the same object (nothing to write)");
  s = recordGame(s, game({ ms: 300_000, solved: true }), at(5));
  s = recordGame(s, game({ ms: 400_000, solved: true, hints: 2 }), at(9)); // saved again later
  assert.equal(s.games.length, 1);
  assert.deepEqual(s.games[0], {
    id: "g1", level: "hard", daily: null, startedAt: at(0), solvedAt: at(5), ms: 300_000, hints: 0, reveals: 0,
  });
});

test("a game first seen solved (solved before the statistics were kept) is not counted", () => {
  const s = emptyStatistics();
  assert.equal(recordGame(s, game({ solved: true }), at(0)), s);
});

test("a level found after the game started is kept; an unknown level is 'ungraded'", () => {
  let s = recordGame(emptyStatistics(), game({ id: "a", level: null }), at(0));
  assert.equal(summarize(s).levels[0].bucket, "ungraded");
  s = recordGame(s, game({ id: "a", level: "easy" }), at(1));
  s = recordGame(s, game({ id: "a", level: null, solved: true }), at(2));
  assert.equal(s.games[0].level, "easy");
  assert.deepEqual(summarize(s).levels.map((l) => l.bucket), ["easy"]);
});

test("per level: started, solved, without help, best and median of the solves without help", () => {
  let s = emptyStatistics();
  const plays = [
    ["a", "easy", 100_000, 0, true], ["b", "easy", 300_000, 0, true], ["c", "easy", 200_000, 1, true],
    ["d", "easy", 50_000, 0, false], ["e", "hard", 900_000, 0, true],
  ];
  plays.forEach(([id, level, ms, hints, solved], i) => {
    s = played(s, game({ id, level, ms, hints, solved }), at(i));
  });
  const { levels, all } = summarize(s);
  const easy = levels[0];
  assert.deepEqual([easy.bucket, easy.started, easy.solved, easy.unaided, easy.bestMs, easy.medianMs], ["easy", 4, 3, 2, 100_000, 200_000]);
  assert.equal(easy.helpPerGame, 0.25);
  assert.deepEqual(easy.recent.map((r) => [r.ms, r.helped]), [[100_000, false], [300_000, false], [200_000, true]]);
  assert.deepEqual([all.started, all.solved, all.unaided], [5, 4, 3]);
  assert.equal(median([]), null);
  assert.equal(median([3, 1, 2]), 2);
});

test("past the bound, the oldest games are folded into totals and the counts stay right", () => {
  let s = emptyStatistics();
  for (let i = 0; i < MAX_GAMES + 10; i++) s = played(s, game({ id: `g${i}`, ms: 10_000 + i, solved: true }), at(i));
  assert.equal(s.games.length, MAX_GAMES);
  assert.deepEqual(s.earlier.hard, { started: 10, solved: 10, unaided: 10, hints: 0, bestMs: 10_000 });
  const hard = summarize(s).levels[0];
  assert.deepEqual([hard.started, hard.solved, hard.bestMs], [MAX_GAMES + 10, MAX_GAMES + 10, 10_000]);
  const back = parseStatistics(JSON.parse(JSON.stringify(storedStatistics(s))), { now: NOW });
  assert.ok(back.ok);
  assert.deepEqual(back.stats, s);
});

test("the daily streak: days in a row, today's still to play keeps yesterday's", () => {
  const days = new Set(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-24", "2026-11-25"]);
  assert.deepEqual(dailyStreak(days, "2026-11-26", addDays), { current: 2, longest: 3 });
  days.add("2026-11-26");
  assert.deepEqual(dailyStreak(days, "2026-11-26", addDays), { current: 3, longest: 3 });
  assert.deepEqual(dailyStreak(days, "2026-11-28", addDays), { current: 0, longest: 3 });
  assert.deepEqual(dailyStreak(new Set(), "2026-11-28", addDays), { current: 0, longest: 0 });
  let s = played(emptyStatistics(), game({ id: "d1", daily: "2026-11-25", solved: true }), at(0));
  s = recordGame(s, game({ id: "d2", daily: "2026-11-26" }), at(1)); // started, not solved
  assert.deepEqual([...dailyDaysSolved(s)], ["2026-11-25"]);
});

test("merging: games matched by id, nothing counted twice, the further state wins", () => {
  let ours = recordGame(emptyStatistics(), game({ id: "a" }), at(0));
  ours = played(ours, game({ id: "b", solved: true }), at(1));
  let theirs = played(emptyStatistics(), game({ id: "a", solved: true, ms: 5000 }), at(3));
  theirs = recordGame(theirs, game({ id: "c", level: "easy" }), at(4));
  const merged = mergeStatistics(ours, theirs);
  assert.deepEqual(merged.games.map((g) => [g.id, Boolean(g.solvedAt)]), [["a", true], ["b", true], ["c", false]]);
  assert.equal(merged.games[0].startedAt, at(0));
  assert.deepEqual(mergeStatistics(merged, merged), merged);
});

/** @param {unknown} data */
const problems = (data) => {
  const read = parseStatistics(data, { now: NOW });
  assert.equal(read.ok, false);
  return /** @type {{problems: string[]}} */ (read).problems;
};
const valid = () => storedStatistics(played(emptyStatistics(), game({ solved: true }), at(0)));

test("a file is refused whole, and says which entry and field is wrong", () => {
  assert.ok(parseStatistics(valid(), { now: NOW }).ok);
  assert.deepEqual(problems([]), ["the file is not a JSON object"]);
  assert.match(problems({ ...valid(), format: "other" })[0], /^format: /);
  assert.match(problems({ ...valid(), version: 2 })[0], /newer version/);
  const bad = (/** @type {Record<string, unknown>} */ over) => problems({ ...valid(), games: [{ ...valid().games[0], ...over }] })[0];
  assert.match(bad({ ms: -1 }), /^games\[0\]\.ms: /);
  assert.match(bad({ ms: 1.5 }), /^games\[0\]\.ms: /);
  assert.match(bad({ level: "impossible" }), /^games\[0\]\.level: "impossible" is not a level/);
  assert.match(bad({ startedAt: "yesterday" }), /^games\[0\]\.startedAt: /);
  assert.match(bad({ startedAt: "2031-01-01T00:00:00.000Z" }), /^games\[0\]\.startedAt: /, "a date in the future");
  assert.match(bad({ solvedAt: "2026-11-19T00:00:00.000Z" }), /^games\[0\]\.solvedAt: before startedAt/);
  assert.match(bad({ daily: "2026-02-30" }), /^games\[0\]\.daily: /);
  assert.match(bad({ hints: "2" }), /^games\[0\]\.hints: /);
  assert.match(bad({ id: "<script>" }), /^games\[0\]\.id: /);
  assert.match(problems({ ...valid(), games: [valid().games[0], valid().games[0]] })[0], /^games\[1\]\.id: g1 is listed twice/);
  assert.match(problems({ ...valid(), games: [1] })[0], /^games\[0\] is not an object/);
  assert.match(problems({ ...valid(), earlier: { hard: { started: 1, solved: 2, unaided: 0, hints: 0, bestMs: null } } })[0], /^earlier\.hard\.solved: more than started/);
  assert.match(problems({ ...valid(), earlier: { nightmare: {} } })[0], /^earlier\.nightmare: not a level/);
  const many = problems({ ...valid(), games: Array.from({ length: 8 }, () => 0) });
  assert.equal(many.length, 6);
  assert.equal(many[5], "and 3 more problems");
});

test("a file's size and JSON are checked first; stored data is read leniently", () => {
  assert.match(/** @type {any} */ (parseStatisticsFile("x".repeat(2_000_001), NOW)).problems[0], /at most 2 MB/);
  assert.match(/** @type {any} */ (parseStatisticsFile("{", NOW)).problems[0], /^the file is not JSON/);
  const text = JSON.stringify(valid());
  assert.ok(parseStatisticsFile(text, NOW).ok);
  const stored = { ...valid(), games: [valid().games[0], { id: 3 }] };
  const read = parseStatistics(stored, { strict: false, now: NOW });
  assert.ok(read.ok);
  assert.equal(read.stats.games.length, 1);
  assert.equal(FORMAT, "sudoku-studio-statistics");
  assert.equal(VERSION, 1);
});
