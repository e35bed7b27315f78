// Where a text stops being JSON (web/app/json-problem.js): the same verdict as JSON.parse on
// every text, and the line and column of the first fault in plain words. Run by
// tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { jsonProblem, place } from "../../web/app/json-problem.js";
// the page's seeded generator (mulberry32): the same texts on every run
import { seededRandom as random } from "../../web/puzzles/puzzle-pool.js";

const parses = (/** @type {string} */ text) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const SAMPLE = JSON.stringify({
  format: "sudoku-studio-statistics", version: 1, exportedAt: "2026-11-26T09:30:00.000Z",
  games: [{ id: "g-1", level: "hard", daily: null, startedAt: "2026-11-26T09:00:00.000Z", solvedAt: null, ms: 1250, hints: 0, reveals: 0 }],
  earlier: { easy: { started: 3, solved: 2, unaided: 1, hints: 4, bestMs: 61000 } },
  odd: ["t\u00e9xt \\ \" \n \u2028", -0.5e-3, 1E+2, true, false, null, [], {}],
}, null, 1);
/** Characters that make and break JSON. */
const PIECES = ['"', "\\", "{", "}", "[", "]", ",", ":", " ", "\n", "\r", "\t", "0", "1", "-", "+", ".", "e", "E", "t", "n", "f", "u", "x", "a", "\u0001", "/"];

test("its verdict is JSON.parse's on thousands of damaged texts", () => {
  const next = random(29);
  let broken = 0;
  for (let n = 0; n < 6000; n++) {
    let text = SAMPLE;
    const edits = 1 + Math.floor(next() * 3);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(next() * (text.length + 1));
      const piece = PIECES[Math.floor(next() * PIECES.length)];
      const kind = next();
      if (kind < 0.34) text = text.slice(0, at) + text.slice(at + 1); // a character lost
      else if (kind < 0.67) text = text.slice(0, at) + piece + text.slice(at); // one added
      else text = text.slice(0, at) + piece + text.slice(at + 1); // one changed
    }
    if (next() < 0.1) text = text.slice(0, Math.floor(next() * text.length)); // cut short
    const problem = jsonProblem(text);
    assert.equal(problem === null, parses(text), JSON.stringify(text));
    if (problem) broken++;
  }
  assert.ok(broken > 3000, `only ${broken} of the texts were broken: the test would prove little`);
  assert.equal(jsonProblem(SAMPLE), null);
});

test("short texts of JSON's own characters: the same verdict", () => {
  const next = random(30);
  for (let n = 0; n < 20000; n++) {
    const length = 1 + Math.floor(next() * 7);
    let text = "";
    for (let k = 0; k < length; k++) text += PIECES[Math.floor(next() * PIECES.length)];
    assert.equal(jsonProblem(text) === null, parses(text), JSON.stringify(text));
  }
});

test("the first fault's line and column, and what was expected there", () => {
  assert.deepEqual(jsonProblem('{\n "games": [],\n "x" 5\n}'), { line: 3, column: 6, expected: "a colon “:”", end: false });
  assert.deepEqual(jsonProblem('{\n  "a": 1\n  "b": 2\n}'), { line: 3, column: 3, expected: "a comma “,” or “}”", end: false });
  assert.deepEqual(jsonProblem("[1, 2,]"), { line: 1, column: 7, expected: "a value (a text in quotes, a number, true, false, null, [ or {)", end: false });
  assert.equal(jsonProblem("hello")?.column, 1);
  const cut = jsonProblem('{\n "games": [\n  {"id": "g1"');
  assert.deepEqual(cut, { line: 3, column: 14, expected: "a comma “,” or “}”", end: true });
  assert.equal(jsonProblem("")?.end, true);
  assert.equal(jsonProblem("{} x")?.expected, "nothing more after the end of the data");
  // \r\n and \r end lines as \n does
  assert.deepEqual(place("a\r\nb\rc\nd", 7), { line: 4, column: 1 });
  // a character beyond the BMP is two UTF-16 units and one column
  assert.deepEqual(place('{"😀": 1 2}', 9), { line: 1, column: 9 });
  assert.deepEqual(jsonProblem('{"name": "😀😀" 1}'), { line: 1, column: 15, expected: "a comma “,” or “}”", end: false });
});

test("nesting deeper than the call stack is read, not a RangeError", () => {
  const deep = 200_000;
  assert.equal(jsonProblem("[".repeat(deep) + "]".repeat(deep)), null);
  const open = jsonProblem("[".repeat(deep));
  assert.ok(open && open.end && open.column === deep + 1);
});
