// The board's highlight as data (web/board/highlight.js): the value cleaned from untrusted input
// and what each cell's name says about it. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { cleanHighlight, colourName, houseCells, highlightWords } from "../../web/board/highlight.js";

const NONE = { houses: [], cells: [], candidates: [], links: [], base: [], cover: [], fins: [], colours: [], als: [] };

test("nothing valid is no highlight", () => {
  for (const value of [null, undefined, 0, "row 1", [], {}, { houses: ["row 0", "lane 3", 5] }, { cells: [81, -1, "3"] },
    { candidates: [{ cell: 3, digit: 0, role: "pattern" }, { cell: 3, digit: 4, role: "other" }] },
    { links: [{ from: [0, 1], to: [81, 1] }, { from: [0], to: [1, 1] }] }, { colours: [[], [90]], als: "1 2" }]) {
    assert.equal(cleanHighlight(value), null, JSON.stringify(value));
  }
});

test("valid parts are kept, each once, in order; unknown ones dropped", () => {
  const clean = cleanHighlight({
    houses: ["row 6", "column 3", "row 6", "box 10", "box 5"],
    cells: [48, 50, 48, 81],
    candidates: [
      { cell: 48, digit: 1, role: "pattern" }, { cell: 48, digit: 1, role: "eliminate" }, { cell: 50, digit: 2, role: "place" },
      { cell: 50, digit: 3, role: "nope" },
    ],
    base: ["row 1", "row 1", "column 2"], cover: ["column 4", "row x"], fins: [3, 3, 99],
    colours: [[1, 2, 2], [], [4, "5"]], als: [[7, 8], [80]], extra: "ignored",
  });
  assert.deepEqual(clean, {
    ...NONE,
    houses: ["row 6", "column 3", "box 5"],
    cells: [48, 50],
    // one role per cell and digit, the last wins (in the place of the first)
    candidates: [{ cell: 48, digit: 1, role: "eliminate" }, { cell: 50, digit: 2, role: "place" }],
    base: ["row 1", "column 2"], cover: ["column 4"], fins: [3],
    colours: [[1, 2], [4]], als: [[7, 8], [80]],
  });
});

test("links keep their order; two or more cells make an end a group node", () => {
  const clean = cleanHighlight({
    links: [
      { from: [27, 4], to: [31, 4], strong: true, from_cells: [27, 28, 28, 29], to_cells: [31] },
      { from: [31, 4], to: [40, 4], strong: "yes" },
      { from: [40, 4], to: [40, 10] },
    ],
  });
  assert.deepEqual(clean?.links, [
    { from: [27, 4], to: [31, 4], strong: true, from_cells: [27, 28, 29] },
    { from: [31, 4], to: [40, 4], strong: false },
  ]);
});

test("a house's cells", () => {
  assert.deepEqual(houseCells("row 2"), [9, 10, 11, 12, 13, 14, 15, 16, 17]);
  assert.deepEqual(houseCells("column 9"), [8, 17, 26, 35, 44, 53, 62, 71, 80]);
  assert.deepEqual(houseCells("box 5"), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
  assert.deepEqual(houseCells("box 0"), []);
});

test("colour classes are named A, B, C...", () => {
  assert.deepEqual([0, 1, 2, 3, 25, 26].map(colourName), ["A", "B", "C", "D", "Z", "27"]);
});

test("the cells' words say the highlight in order", () => {
  assert.deepEqual(highlightWords(null), new Array(81).fill(""));
  const words = highlightWords(/** @type {any} */ (cleanHighlight({
    houses: ["row 1"], cells: [0], base: ["column 9"], cover: ["box 9"], fins: [80],
    colours: [[1], [2]], als: [[3]],
    candidates: [{ cell: 4, digit: 6, role: "pattern" }, { cell: 4, digit: 1, role: "pattern" }, { cell: 4, digit: 3, role: "eliminate" }],
    links: [{ from: [5, 2], to: [6, 2], strong: true, to_cells: [6, 7] }],
  })));
  assert.equal(words[0], "highlighted");
  assert.equal(words[1], "highlighted region, colour A");
  assert.equal(words[2], "highlighted region, colour B");
  assert.equal(words[3], "highlighted region, ALS 1");
  assert.equal(words[4], "highlighted region, pattern 1 6, eliminate 3");
  assert.equal(words[6], "highlighted region, group");
  assert.equal(words[8], "base region");
  assert.equal(words[80], "base region, cover region, fin");
  assert.equal(words[9], "");
});
