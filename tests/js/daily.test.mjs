// The daily puzzle's date -> seed mapping (web/puzzles/daily.js): pinned, because every visitor's
// page must make the same puzzle of a day for ever (tests/test_daily.py pins the puzzles these
// seeds make). Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { describeInfo } from "../../web/puzzles/puzzle-info.js";
import { test } from "node:test";

import {
  DAILY_LEVELS, addDays, calendarDays, dailyAddress, dailyArgs, dailyOfAddress, dailySeed, dayKey, dayLabel, dayNumber,
  isDailyDay, readDaily, withoutDaily,
} from "../../web/puzzles/daily.js";

test("the seeds of a day are pinned", () => {
  assert.equal(dayNumber("2026-01-01"), 0);
  assert.equal(dailySeed("2026-01-01", "easy"), 1_000_000_000);
  assert.equal(dailySeed("2026-01-01", "extreme"), 1_000_000_004);
  assert.equal(dayNumber("2026-11-26"), 329);
  assert.deepEqual(DAILY_LEVELS.map((level) => dailySeed("2026-11-26", level)),
    [1_000_001_645, 1_000_001_646, 1_000_001_647, 1_000_001_648, 1_000_001_649]);
  assert.equal(dailySeed("2028-03-01", "medium"), 1_000_000_000 + 790 * 5 + 1); // across a leap day
});

test("the day is the local calendar date, and daylight saving does not shift the count", () => {
  assert.equal(dayKey(new Date(2026, 2, 29, 23, 30)), "2026-03-29");
  assert.equal(dayNumber("2026-03-30") - dayNumber("2026-03-29"), 1);
  assert.equal(dayNumber("2026-10-26") - dayNumber("2026-10-25"), 1);
});

test("only real dates from the first day have a daily puzzle", () => {
  assert.ok(isDailyDay("2026-02-28"));
  for (const bad of ["2025-12-31", "2026-02-29", "2026-13-01", "26-01-01", "", null, 20260101]) {
    assert.equal(isDailyDay(bad), false, String(bad));
  }
  assert.throws(() => dailySeed("2025-12-31", "easy"), RangeError);
  assert.throws(() => dailySeed("2026-01-02", /** @type {any} */ ("beginner")), RangeError);
});

test("the calendar goes back from today and stops at the first day", () => {
  assert.deepEqual(calendarDays("2026-03-01", 3), ["2026-03-01", "2026-02-28", "2026-02-27"]);
  assert.deepEqual(calendarDays("2026-01-02"), ["2026-01-02", "2026-01-01"]);
  assert.equal(calendarDays("2026-11-26").length, 60);
  assert.equal(addDays("2026-12-31", 1), "2027-01-01");
  assert.equal(dayLabel("2026-11-26"), "Thu 26 Nov 2026");
});

test("a daily puzzle named in text: a level, a day or both; today by default, Medium by default", () => {
  const today = "2026-11-26";
  const read = (/** @type {unknown} */ text) => readDaily(text, today);
  assert.deepEqual(read(""), { ok: true, day: today, level: "medium" });
  assert.deepEqual(read("hard"), { ok: true, day: today, level: "hard" });
  assert.deepEqual(read("  Extreme "), { ok: true, day: today, level: "extreme" });
  assert.deepEqual(read("2026-11-01"), { ok: true, day: "2026-11-01", level: "medium" });
  assert.deepEqual(read("2026-11-26:hard"), { ok: true, day: today, level: "hard" });
  assert.deepEqual(read("today:unfair"), { ok: true, day: today, level: "unfair" });
  assert.deepEqual(read("2026-01-01:"), { ok: true, day: "2026-01-01", level: "medium" });
  // the engine is asked the same thing as the page's Daily puzzle asks
  assert.deepEqual(dailyArgs(today, "hard"), { difficulty: "hard", seed: 1_000_001_647, symmetry: "none", max_seconds: 120 });
});

test("a bad daily puzzle name says what is wrong and never names another puzzle", () => {
  const today = "2026-11-26";
  const problem = (/** @type {unknown} */ text) => {
    const read = readDaily(text, today);
    assert.equal(read.ok, false, String(text));
    return /** @type {{problem: string}} */ (read).problem;
  };
  assert.match(problem("harder"), /^“harder” is not a level; the levels are easy, medium, hard, unfair, extreme$/);
  assert.match(problem("2026-11-26:beginner"), /“beginner” is not a level/);
  assert.match(problem("26-11-2026:hard"), /“26-11-2026” is not a day: write it as YYYY-MM-DD/);
  assert.match(problem("2026-02-30"), /“2026-02-30” is not a date on the calendar/);
  assert.match(problem("2025-12-31:easy"), /begin on 2026-01-01; there is none for 2025-12-31/);
  assert.match(problem("2026-11-28:hard"), /the daily puzzle of 2026-11-28 is not out yet \(today is 2026-11-26 here\)/);
  // the next day is already today east of here: a link from there names it, and it opens
  assert.deepEqual(readDaily("2026-11-27:hard", today), { ok: true, day: "2026-11-27", level: "hard" });
  assert.match(problem("x".repeat(5000)), /5,000 characters long; at most 40/);
  for (const odd of [null, 3, ["hard"], { level: "hard" }]) assert.match(problem(odd), /not a text/);
});

test("a daily game's info line names its day, not the seed the day makes", () => {
  const info = {
    puzzle: ".".repeat(81), seed: 1_000_001_646, symmetry: /** @type {const} */ ("none"), difficulty: /** @type {const} */ ("medium"),
    level: /** @type {const} */ ("medium"), score: 438, daily: "2026-11-26",
  };
  assert.equal(describeInfo(info), "Medium (score 438) · daily puzzle of Thu 26 Nov 2026 · no symmetry");
  const { daily: _, ...other } = info;
  assert.equal(describeInfo(other), "Medium (score 438) · seed 1000001646 · no symmetry");
});

test("a page's address asks for a daily puzzle as an embed does, and a link names its day", () => {
  const today = "2026-11-26";
  assert.equal(dailyOfAddress("", today), null);
  assert.equal(dailyOfAddress("?embed&puzzle=1", today), null);
  assert.deepEqual(dailyOfAddress("?daily=hard", today), { ok: true, day: today, level: "hard" });
  assert.deepEqual(dailyOfAddress("?daily", today), { ok: true, day: today, level: "medium" });
  assert.deepEqual(dailyOfAddress("?embed&daily=2026-11-01:Easy", today), { ok: true, day: "2026-11-01", level: "easy" });
  assert.deepEqual(dailyOfAddress("?daily=2026-11-01%3Aeasy", today), { ok: true, day: "2026-11-01", level: "easy" });
  assert.deepEqual(dailyOfAddress("?daily=today:extreme", today), { ok: true, day: today, level: "extreme" });
  // the same refusals as data-sudoku-daily, each with its reason
  for (const [search, reason] of [
    ["?daily=nightmare", /“nightmare” is not a level; the levels are easy, medium, hard, unfair, extreme/],
    ["?daily=2026-11-28:hard", /not out yet \(today is 2026-11-26 here\)/],
    ["?daily=2025-12-31:hard", /begin on 2026-01-01/],
    ["?daily=2026-02-30", /not a date on the calendar/],
    [`?daily=${"x".repeat(41)}`, /at most 40/],
  ]) {
    const read = dailyOfAddress(search, today);
    assert.ok(read && !read.ok, search);
    assert.match(read.problem, reason, search);
    assert.deepEqual(read, readDaily(new URLSearchParams(search).get("daily"), today), "the embeds' own reader");
  }
  // the link: this page, the day named, nothing else of the address kept
  const link = dailyAddress("https://sudoku.example/studio/index.html?embed#puzzle=123", today, "hard");
  assert.equal(link, "https://sudoku.example/studio/index.html?daily=2026-11-26:hard");
  assert.deepEqual(dailyOfAddress(new URL(link).search, today), { ok: true, day: today, level: "hard" });
  assert.equal(withoutDaily("https://s.example/?daily=hard"), "https://s.example/");
  assert.equal(withoutDaily("https://s.example/?embed&daily=hard&transparent#x"), "https://s.example/?embed&transparent#x");
  assert.equal(withoutDaily("https://s.example/?dailyx=1&daily&daily=2"), "https://s.example/?dailyx=1");
});
