// <sudoku-board>'s attribute values (web/board/board-values.js): whatever a page writes, the
// element reads something valid, never throwing. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { cleanMasks, digitValue, isCell, isDigit, parseCells, parseFilter } from "../../web/board/board-values.js";

test("cells from text keep the valid ones, each once, in order", () => {
  assert.deepEqual(parseCells("3 17, 40"), [3, 17, 40]);
  assert.deepEqual(parseCells("80 81 -1 7.5 x 007 12 3 12"), [80, 12, 3]);
  assert.deepEqual(parseCells(""), []);
  assert.deepEqual(parseCells(null), []);
  assert.deepEqual(parseCells(undefined), []);
  assert.deepEqual(parseCells("  5\n\t6  "), [5, 6]);
});

test("masks are 81 numbers of 9 bits; anything else is 0", () => {
  const masks = cleanMasks([1, 0x3ff, -4, 2.5, "7", null, 511]);
  assert.equal(masks.length, 81);
  assert.deepEqual(masks.slice(0, 8), [1, 0x1ff, 0, 0, 0, 0, 511, 0]);
  assert.deepEqual(cleanMasks("0:1"), new Array(81).fill(0));
  assert.deepEqual(cleanMasks(undefined), new Array(81).fill(0));
  assert.equal(cleanMasks(new Array(100).fill(3)).length, 81);
});

test("a digit argument is 1..9, or 0 for a clear or anything unknown", () => {
  for (const [value, digit] of [[5, 5], ["9", 9], [0, 0], ["0", 0], ["", 0], [".", 0], [10, 0], [2.5, 0], ["12", 0], [null, 0], [undefined, 0], [[5], 0], ["5 ", 0]]) {
    assert.equal(digitValue(value), digit, `digitValue(${JSON.stringify(value)})`);
  }
});

test("the filter attribute is its digit, else 0", () => {
  assert.equal(parseFilter("5"), 5);
  assert.equal(parseFilter(" 7 "), 7);
  for (const value of [null, undefined, "", "0", "10", "x", "5 6", "05"]) assert.equal(parseFilter(value), 0, String(value));
});

test("cells are 0..80 and digits 1..9, integers only", () => {
  assert.ok(isCell(0) && isCell(80) && !isCell(81) && !isCell(-1) && !isCell(3.5) && !isCell("3"));
  assert.ok(isDigit(1) && isDigit(9) && !isDigit(0) && !isDigit(10) && !isDigit("5"));
});
