// The daily puzzle's date -> seed mapping (web/puzzles/daily.js): pinned, because every visitor's
// page must make the same puzzle of a day for ever (tests/test_daily.py pins the puzzles these
// seeds make). Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { DAILY_LEVELS, addDays, calendarDays, dailySeed, dayKey, dayLabel, dayNumber, isDailyDay } from "../../web/puzzles/daily.js";

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
