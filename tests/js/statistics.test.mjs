// The player's statistics (web/game/statistics.js): a game recorded once however often it is
// saved, the totals that survive the bound on kept games, the daily streak, and the file reader
// that names the entry and field that is wrong and says in plain words what is wrong with the
// file; clearing, and its undo. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { addDays } from "../../web/puzzles/daily.js";
import {
  FORMAT, MAX_GAMES, VERSION, clearWarning, clearedStatistics, dailyDaysSolved, dailyStreak, emptyStatistics, median,
  mergeStatistics, parseStatistics, recordGame, storedStatistics, summarize,
} from "../../web/game/statistics.js";
import { parseStatisticsFile } from "../../web/game/statistics-file.js";

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

/** What the player is told about a file the import refused. @param {string} text */
const message = (text) => {
  const read = parseStatisticsFile(text, NOW);
  assert.equal(read.ok, false);
  return /** @type {{message: string}} */ (read).message;
};

test("a refused file is said in plain words, never in the browser's parser text", () => {
  assert.equal(message("{\n \"format\": \"sudoku-studio-statistics\",\n \"version\" 1\n}"),
    "This file is not a statistics export: it is not valid JSON (line 3, column 12). Expected there: a colon “:”.");
  const lines = JSON.stringify(valid(), null, 1).split("\n");
  lines.splice(2, 0, "    oops,");
  assert.equal(message(lines.join("\n")),
    "This file is not a statistics export: it is not valid JSON (line 3, column 5). Expected there: a name in quotes.");
  const cut = JSON.stringify(valid(), null, 1);
  assert.match(message(cut.slice(0, cut.length - 20)), /^This file is not a statistics export: it is not valid JSON: it ends too soon \(line \d+, column \d+\), as a file cut short does\.$/);
  assert.equal(message(""), "This file is not a statistics export: it is empty.");
  assert.equal(message("hello"), "This file is not a statistics export: it is not valid JSON (line 1, column 1). Expected there: a value (a text in quotes, a number, true, false, null, [ or {).");
  for (const other of ["[]", "42", JSON.stringify({ ...valid(), format: "another-app" }), JSON.stringify({ v: 1, techniques: {} })]) {
    assert.equal(message(other), "This file is not a statistics export: it is JSON, but not the studio's statistics.", other);
  }
  assert.equal(message(JSON.stringify({ ...valid(), version: 2 })),
    "This statistics export was made by a newer version of the studio (its version is 2; this one reads version 1).");
  assert.match(message(JSON.stringify({ ...valid(), games: [{ ...valid().games[0], ms: -5 }] })),
    /^This statistics export is damaged: games\[0\]\.ms: not a whole number of milliseconds from 0 to 100 hours\.$/);
  assert.equal(message("x".repeat(2_000_001)), "This file is not a statistics export: it is 2,000 kB, and an export is at most 2 MB.");
  for (const text of ["{", "hello", "", "[1,]", '{"a":}']) assert.doesNotMatch(message(text), /Unexpected|position|JSON\.parse|SyntaxError/);
});

test("clearing: nothing kept but when, the library's earlier daily days no longer count, and Undo merges back", () => {
  let s = played(emptyStatistics(), game({ id: "a", solved: true, daily: "2026-11-25" }), at(0));
  s = played(s, game({ id: "b", level: "easy" }), at(1));
  const days = dailyDaysSolved(s);
  assert.equal(clearWarning(s, days, "2026-11-26", addDays),
    "This deletes the record of 2 games played (1 solved) with their times and the 1 day you solved the daily puzzle (a streak of 1) from this browser. Your saved games and practised techniques are kept.");
  assert.equal(clearWarning(played(emptyStatistics(), game({ id: "c" }), at(2)), new Set(), "2026-11-26", addDays),
    "This deletes the record of 1 game played (0 solved) from this browser. Your saved games and practised techniques are kept.");
  const cleared = clearedStatistics("2026-11-26T12:00:00.000Z");
  assert.deepEqual(summarize(cleared).levels, []);
  // kept through storage, an export and the bound; a file's own clearedAt is checked
  const stored = storedStatistics(cleared);
  assert.equal(stored.clearedAt, "2026-11-26T12:00:00.000Z");
  const back = parseStatistics(JSON.parse(JSON.stringify(stored)), { now: NOW });
  assert.ok(back.ok && back.stats.clearedAt === "2026-11-26T12:00:00.000Z");
  assert.match(problems({ ...stored, clearedAt: "never" })[0], /^clearedAt: /);
  let after = recordGame(cleared, game({ id: "n" }), at(10));
  assert.equal(after.clearedAt, cleared.clearedAt, "a game recorded after the clear keeps it");
  // Undo: the cleared games merged with those played since; the clear's mark goes with it
  const undone = mergeStatistics(s, after);
  assert.deepEqual(undone.games.map((g) => g.id), ["a", "b", "n"]);
  assert.equal(undone.clearedAt, undefined);
  // an import after a clear keeps this browser's clear
  after = mergeStatistics(after, s);
  assert.equal(after.clearedAt, cleared.clearedAt);
  const many = { ...cleared, games: Array.from({ length: MAX_GAMES + 1 }, (_, i) => ({ ...s.games[0], id: `g${i}` })) };
  assert.equal(mergeStatistics(many, emptyStatistics()).clearedAt, cleared.clearedAt, "kept when older games are folded");
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
