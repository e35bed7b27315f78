// What the page says about a puzzle that is not one proper puzzle (web/engine/verdict-words.js,
// no DOM) under Node's own test runner: Check on an empty grid and on a puzzle with several
// solutions, and why there is no hint. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { EMPTY_GRID_WORDS, cellList, checkWords, noHintWords } from "../../web/engine/verdict-words.js";

/** A verdict as the engine sends it, with only what a test sets filled in. */
function verdict(fields) {
  return {
    status: "multiple", message: "Multiple solutions: two of them differ in 4 cells (r1c1, r1c5, r4c1, r4c5).",
    puzzle: "", givens: 77, too_few_givens: false, conflicts: [], solution: null, solutions: [], differences: [0, 4, 27, 31],
    stats: { nodes: 1, guesses: 0, seconds: 0 }, ...fields,
  };
}

test("cells are listed as a sentence does, the rest counted", () => {
  assert.equal(cellList([0]), "r1c1");
  assert.equal(cellList([0, 4]), "r1c1 and r1c5");
  assert.equal(cellList([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), "r1c1, r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8 and 2 more cells");
});

test("Check on an empty grid says how to start, not how many givens a unique puzzle needs", () => {
  const empty = verdict({ givens: 0, too_few_givens: true, differences: [...Array(81).keys()],
    message: "Multiple solutions: two of them differ in 81 cells (…). It has only 0 givens; a unique puzzle needs at least 17." });
  assert.equal(checkWords(empty, { playing: false }), EMPTY_GRID_WORDS);
  assert.match(EMPTY_GRID_WORDS, /^The grid is empty: type the givens/);
  assert.doesNotMatch(checkWords(empty, { playing: false }), /0 givens/);
  assert.match(noHintWords(empty), /^No hint on an empty grid\./);
});

test("several solutions: Check while playing and Hint say so in plain words, naming where two differ", () => {
  const two = verdict({});
  assert.equal(checkWords(two, { playing: false }), two.message); // Create mode: the engine's sentence
  assert.equal(
    checkWords(two, { playing: true }),
    "This puzzle has more than one solution: two of them differ in 4 cells (r1c1, r1c5, r4c1 and r4c5, marked on the board). "
      + "So Check cannot tell which of your digits are right: there is no single answer to compare them with.",
  );
  const words = noHintWords(two);
  assert.equal(
    words,
    "This puzzle has more than one solution, so logic alone cannot decide every cell and no hint can be found: "
      + "two of them differ in 4 cells (r1c1, r1c5, r4c1 and r4c5, marked on the board).",
  );
  assert.doesNotMatch(words, /engine|no hint:/);
});

test("no solution, broken rules and a search out of time each say why there is no hint", () => {
  assert.match(noHintWords(verdict({ status: "no_solution", differences: [] })), /no solution/);
  const clash = { digit: 5, kind: "row", number: 1, cells: [0, 1], message: "5 appears twice in row 1: r1c1, r1c2" };
  assert.equal(
    noHintWords(verdict({ status: "invalid", conflicts: [clash], differences: [] })),
    "The givens break the rules, so there is no hint to find: 5 appears twice in row 1: r1c1, r1c2.",
  );
  assert.match(noHintWords(verdict({ status: "gave_up", differences: [] })), /could not tell in time/);
});
