// The overlay's geometry (web/board/board-overlay.js) and the keys' moves (board-input.js):
// the parts of the board's drawing and input that are plain functions. Importing both modules
// must not touch the DOM (Node has none). Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { moveTarget } from "../../web/board/board-input.js";
import { CANDIDATE_R, candidateAt, edgeDistance, houseBox, nodeShape } from "../../web/board/board-overlay.js";

const close = (a, b) => Math.abs(a - b) < 1e-9;

test("a candidate sits at its digit's place in the cell's 3x3 mini-grid", () => {
  assert.deepEqual(candidateAt(0, 1), [1 / 6, 1 / 6]);
  assert.deepEqual(candidateAt(0, 5), [0.5, 0.5]);
  const [x, y] = candidateAt(80, 9);
  assert.ok(close(x, 8 + 5 / 6) && close(y, 8 + 5 / 6));
  const [x3, y3] = candidateAt(10, 3); // r2c2, top right
  assert.ok(close(x3, 1 + 5 / 6) && close(y3, 1 + 1 / 6));
});

test("a node is a disc, a group node a capsule round its cells' candidates", () => {
  const single = nodeShape(4, [40]);
  assert.deepEqual([single.hx, single.hy], [CANDIDATE_R, CANDIDATE_R]);
  assert.equal(edgeDistance(single, 0.6, 0.8), CANDIDATE_R);
  const row = nodeShape(4, [27, 28, 29]); // r4c1..c3: a capsule along the row
  assert.ok(close(row.x, 1 + 1 / 6) && close(row.y, 3.5));
  assert.ok(close(row.hx, 1 + CANDIDATE_R) && close(row.hy, CANDIDATE_R));
  assert.ok(close(edgeDistance(row, 1, 0), row.hx), "along the row: its half-length");
  assert.ok(close(edgeDistance(row, 0, -1), row.hy), "across: its half-height");
  assert.ok(close(edgeDistance(row, Math.SQRT1_2, Math.SQRT1_2), row.hy / Math.SQRT1_2));
});

test("a house's box in cells", () => {
  assert.deepEqual(houseBox("row 6"), [0, 5, 9, 1]);
  assert.deepEqual(houseBox("column 3"), [2, 0, 1, 9]);
  assert.deepEqual(houseBox("box 5"), [3, 3, 3, 3]);
  assert.deepEqual(houseBox("box 9"), [6, 6, 3, 3]);
});

test("navigation keys move the cursor, stopping at the edges", () => {
  const moves = [
    ["ArrowUp", 4, false, 4], ["ArrowUp", 13, false, 4], ["ArrowDown", 76, false, 76], ["ArrowDown", 4, false, 13],
    ["ArrowLeft", 9, false, 8], ["ArrowLeft", 0, false, 0], ["ArrowRight", 8, false, 9], ["ArrowRight", 80, false, 80],
    ["Home", 13, false, 9], ["End", 13, false, 17], ["Home", 13, true, 0], ["End", 13, true, 80],
    ["PageUp", 76, false, 4], ["PageDown", 4, false, 76],
  ];
  for (const [key, from, ctrl, to] of moves) assert.equal(moveTarget(key, from, ctrl), to, `${key} from ${from}`);
  for (const key of ["a", "F5", "Escape", "5"]) assert.equal(moveTarget(key, 40, false), null);
});
