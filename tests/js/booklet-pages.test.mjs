// A printed booklet's pages (web/puzzles/booklet-pages.js): the puzzles a chosen number a page,
// then the answers 9 a page, and each puzzle's caption and link (the same as the command line's).
// Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { bookletLink, bookletSheets, caption, levelMix } from "../../web/puzzles/booklet-pages.js";

/** @param {number} number */
const puzzle = (number) => ({ number, level: "hard", score: 992, seed: 100 + number, puzzle: "1" + ".".repeat(80), solution: "9".repeat(81) });
const twelve = Array.from({ length: 12 }, (_, i) => puzzle(i + 1));

test("12 puzzles 4 a page: 3 pages of puzzles, then 2 of answers", () => {
  const sheets = bookletSheets(twelve, 4);
  assert.deepEqual(sheets.map((s) => [s.answers, s.puzzles.length]), [[false, 4], [false, 4], [false, 4], [true, 9], [true, 3]]);
  assert.deepEqual(sheets.flatMap((s) => (s.answers ? [] : s.puzzles.map((p) => p.number))), twelve.map((p) => p.number));
  assert.deepEqual([sheets[0].cols, sheets[0].rows, sheets[3].cols, sheets[3].rows], [2, 2, 3, 3]);
});

test("every layout: 1, 2, 4 or 6 a page, nothing else", () => {
  assert.deepEqual([1, 2, 4, 6].map((n) => bookletSheets(twelve, n).filter((s) => !s.answers).length), [12, 6, 3, 2]);
  assert.throws(() => bookletSheets(twelve, 3), /1, 2, 4 or 6/);
  assert.throws(() => bookletSheets(twelve, 9), /1, 2, 4 or 6/);
});

test("a caption and a link back to the page, as the command line prints them", () => {
  assert.equal(caption(puzzle(3)), "3 · Hard · seed 103");
  assert.equal(
    bookletLink(puzzle(3), "https://example.org/sudoku/?engine-seconds=9#puzzle=1"),
    `https://example.org/sudoku/#puzzle=1${"0".repeat(80)}&seed=103&difficulty=hard&level=hard&score=992`,
  );
  assert.equal(levelMix(["easy", "hard"]), "easy,hard");
  assert.deepEqual(levelMix([]), { error: "Choose at least one level." });
});
