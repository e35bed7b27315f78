// The page's Sudoku vocabulary (web/board/grid.js): conflicts and each digit's tally, which the
// number pad shows. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { PEERS, UNITS, combine, digitTally, findConflicts } from "../../web/board/grid.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983";
const EMPTY = ".".repeat(81);

test("units and peers", () => {
  assert.equal(UNITS.length, 27);
  assert.ok(UNITS.every((u) => u.cells.length === 9 && new Set(u.cells).size === 9));
  assert.ok(PEERS.every((p) => p.length === 20));
});

test("each digit's count on a puzzle", () => {
  const tally = digitTally(PUZZLE);
  assert.deepEqual(tally.map((t) => t.digit), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  for (const { digit, count, complete } of tally) {
    assert.equal(count, [...PUZZLE].filter((d) => d === String(digit)).length);
    assert.equal(complete, false);
  }
  assert.ok(digitTally(EMPTY).every((t) => t.count === 0 && !t.complete));
});

test("a digit is complete when placed 9 times with no conflict", () => {
  const tally = digitTally(SOLUTION);
  assert.ok(tally.every((t) => t.count === 9 && t.complete));
  // all the 5s of the solution, and nothing else
  const fives = combine(EMPTY, [...SOLUTION].map((d) => (d === "5" ? d : ".")).join(""));
  assert.deepEqual(digitTally(fives).map((t) => t.complete), [false, false, false, false, true, false, false, false, false]);
  // nine 5s, one moved a cell along its row (so two in a column and one column without): not complete
  const cells = [...fives];
  const a = cells.indexOf("5"); // in row 1
  cells[a] = ".";
  cells[a % 9 === 8 ? a - 1 : a + 1] = "5";
  const clashing = cells.join("");
  assert.ok(findConflicts(clashing).some((c) => c.digit === 5));
  assert.deepEqual(digitTally(clashing)[4], { digit: 5, count: 9, complete: false });
});
