// Recent games' two lines (web/game/game-summary.js) and the player's best times per level
// (web/game/best-times.js): plain functions of a checked record, the time now and stored data.
// Run by tests/test_web_modules.py.

import assert from "node:assert/strict";
import { test } from "node:test";

import { formatTime, formatWhen, summarizeGame } from "../../web/game/game-summary.js";
import { newPlay } from "../../web/game/game-record.js";
import { readBestTimes, withSolve } from "../../web/game/best-times.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983";
const EMPTY = ".".repeat(81);
const GIVENS = PUZZLE.replaceAll(".", "").length;
const NOW = new Date(2026, 2, 14, 15, 30);

const at = (...parts) => new Date(...parts).toISOString();
/** A record as game-record.js reads it back. */
function record(fields = {}) {
  return {
    schema: 2, id: "g", givens: PUZZLE, entries: EMPTY, mode: "play", play: newPlay(), rev: 1,
    createdAt: NOW.toISOString(), savedAt: NOW.toISOString(), ...fields,
  };
}
const solvedEntries = [...SOLUTION].map((d, c) => (PUZZLE[c] === "." ? d : ".")).join("");

test("times read as a clock: minutes and seconds, hours when there are some", () => {
  assert.equal(formatTime(0), "0:00");
  assert.equal(formatTime(247_900), "4:07");
  assert.equal(formatTime(3_729_000), "1:02:09");
  assert.equal(formatTime(-5), "0:00");
});

test("when: just now, minutes ago, today, yesterday, a date (with the year only when another)", () => {
  const when = (iso) => formatWhen(iso, NOW, "en-GB");
  assert.equal(when(at(2026, 2, 14, 15, 29, 40)), "just now");
  assert.equal(when(at(2026, 2, 14, 15, 5)), "25 min ago");
  assert.equal(when(at(2026, 2, 14, 9, 5)), "today 9:05");
  assert.equal(when(at(2026, 2, 13, 23, 59)), "yesterday 23:59");
  assert.equal(when(at(2026, 1, 3, 12, 0)), "3 Feb");
  assert.equal(when(at(2025, 11, 31, 12, 0)), "31 Dec 2025");
  assert.equal(when("not a date"), "");
});

test("a game's summary: its level or givens, how far it got, time played, when", () => {
  const playing = summarizeGame(record({ entries: "5" + EMPTY.slice(1), play: { ...newPlay(), ms: 252_000 } }), NOW, "en-GB");
  assert.deepEqual(playing, { title: `Puzzle, ${GIVENS} givens`, state: "playing", progress: `1 of ${81 - GIVENS} filled`, played: "4:12", when: "just now" });
  const graded = record({ info: { puzzle: PUZZLE, level: "hard", score: 1140, source: "graded" }, entries: solvedEntries, play: { ...newPlay(), solved: true, ms: 600_000 } });
  assert.equal(summarizeGame(graded, NOW).title, `Hard, ${GIVENS} givens`);
  assert.equal(summarizeGame(graded, NOW).state, "solved");
  assert.equal(summarizeGame(graded, NOW).progress, "Solved");
  const full = record({ entries: solvedEntries });
  assert.equal(summarizeGame(full, NOW).progress, "All filled");
  const creating = summarizeGame(record({ mode: "enter", givens: "1" + EMPTY.slice(1) }), NOW);
  assert.deepEqual([creating.title, creating.state, creating.progress, creating.played], ["Puzzle, 1 given", "creating", "Being created", ""]);
  // a game in progress switched to Create mode (its givens edited) is still in progress
  const edited = summarizeGame(record({ mode: "enter", entries: "5" + EMPTY.slice(1), play: { ...newPlay(), ms: 4_000 } }), NOW);
  assert.deepEqual([edited.state, edited.progress, edited.played], ["playing", `1 of ${81 - GIVENS} filled`, "0:04"]);
  const timed = summarizeGame(record({ mode: "enter", play: { ...newPlay(), ms: 4_000 } }), NOW);
  assert.equal(timed.state, "playing");
  const empty = summarizeGame(record({ mode: "enter", givens: EMPTY }), NOW);
  assert.deepEqual([empty.title, empty.state], ["Empty grid", "empty"]);
});

test("best times: the first counted solve sets it, a faster one beats it, a slower one does not", () => {
  let times = {};
  let solve = withSolve(times, "hard", 600_000, false, "2026-03-14T10:00:00.000Z");
  assert.deepEqual(solve.result, { level: "hard", previous: null, best: { ms: 600_000, at: "2026-03-14T10:00:00.000Z" }, isNew: true, counted: true, kept: true });
  times = solve.times;
  solve = withSolve(times, "hard", 700_000, false, "x");
  assert.equal(solve.result.isNew, false);
  assert.equal(solve.result.best.ms, 600_000);
  assert.equal(solve.times, times);
  solve = withSolve(times, "hard", 500_000, false, "2026-03-15T10:00:00.000Z");
  assert.equal(solve.result.isNew, true);
  assert.equal(solve.result.previous.ms, 600_000);
  assert.equal(solve.times.hard.ms, 500_000);
  assert.equal(withSolve(solve.times, "easy", 90_000, false, "y").times.hard.ms, 500_000, "levels apart");
});

test("best times: a solve with help is not counted", () => {
  const times = { hard: { ms: 600_000, at: "2026-03-14T10:00:00.000Z" } };
  const solve = withSolve(times, "hard", 1_000, true, "z");
  assert.deepEqual([solve.result.isNew, solve.result.counted, solve.result.best.ms], [false, false, 600_000]);
  assert.equal(solve.times, times);
});

test("best times from storage are checked entry by entry", () => {
  const good = { ms: 600_000, at: "2026-03-14T10:00:00.000Z" };
  assert.deepEqual(readBestTimes({ v: 1, levels: { hard: good } }), { hard: good });
  assert.deepEqual(readBestTimes({ v: 1, levels: {
    hard: good, easy: { ms: -1, at: good.at }, medium: { ms: 1.5, at: good.at }, unfair: { ms: 10, at: "yesterday" },
    extreme: { ms: 1e15, at: good.at }, impossible: good, __proto__: good,
  } }), { hard: good });
  for (const junk of [null, 7, "x", [], { v: 2, levels: { hard: good } }, { v: 1 }, { v: 1, levels: "hard" }]) {
    assert.deepEqual(readBestTimes(junk), {}, JSON.stringify(junk));
  }
});
