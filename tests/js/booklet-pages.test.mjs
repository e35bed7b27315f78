// A printed booklet's pages (web/puzzles/booklet-pages.js): the puzzles a chosen number a page,
// then the answers 9 a page, and each puzzle's caption and link (the same as the command line's).
// Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { bookletLink, bookletSheets, caption, levelMix } from "../../web/puzzles/booklet-pages.js";
import { gameFromLink } from "../../web/puzzles/share-link.js";

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

test("a caption and a short link back to the page, as the command line prints them", () => {
  assert.equal(caption(puzzle(3)), "3 · Hard · seed 103");
  // sudoku_core.booklet.BookletPuzzle.link writes the same (tests/test_booklet.py)
  const PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  assert.equal(
    bookletLink({ ...puzzle(3), puzzle: PUZZLE, seed: 4294967295 }, "https://example.org/sudoku/?engine-seconds=9#puzzle=1"),
    "https://example.org/sudoku/#p=CC_GgjzXW3b6OIR_GQnDCiMpiKGHIT&l=h&s=4294967295",
  );
  const link = bookletLink(puzzle(3), "https://example.org/sudoku/");
  assert.equal(link, "https://example.org/sudoku/#p=B&l=h&s=103");
  const opened = gameFromLink(new URL(link).hash);
  assert.ok(opened?.ok);
  assert.equal(opened.game.givens, puzzle(3).puzzle);
  assert.deepEqual(opened.game.info, { puzzle: puzzle(3).puzzle, seed: 103, symmetry: "none", difficulty: "hard", level: "hard", source: "link", claimed: true });
  assert.equal(levelMix(["easy", "hard"]), "easy,hard");
  assert.deepEqual(levelMix([]), { error: "Choose at least one level." });
});
