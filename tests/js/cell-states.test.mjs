// What each cell of the board shows and says (web/board/cell-states.js): peers, the same digit,
// lit pencil marks, the candidate filter, conflicts, the preview, pause, and the cells' names.
// Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { bit, layersOf } from "../../web/board/cell-layers.js";
import { cellLabel, cellStates, listWords, possibleCells } from "../../web/board/cell-states.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);

/** A board view with defaults, `changes` laid over it. */
function view(changes = {}) {
  const layers = changes.layers ?? layersOf(PUZZLE, EMPTY);
  return {
    layers, players: layers.givens, mode: "play", paused: false, cursor: -1, selection: [], flagged: [], wrong: [],
    conflicts: true, filter: 0, highlight: null, ...changes,
  };
}

/** The cells where a state's key is truthy. */
const where = (states, key) => states.flatMap((s, cell) => (s[key] ? [cell] : []));

/** @param {number[]} masks entries as [cell, mask] pairs */
function marks(pairs) {
  const out = new Array(81).fill(0);
  for (const [cell, digits] of pairs) for (const d of String(digits)) out[cell] |= bit(Number(d));
  return out;
}

test("a cursor on a digit: its 20 peers, the same digit elsewhere, its marks lit", () => {
  const layers = { ...layersOf(PUZZLE, EMPTY), corner: marks([[0, 19], [80, 2]]), centre: marks([[1, 39], [9, 12]]) };
  const states = cellStates(view({ layers, cursor: 2, selection: [2] })); // the 9 at r1c3
  assert.equal(where(states, "peer").length, 20);
  assert.deepEqual(where(states, "same"), [...PUZZLE].flatMap((d, c) => (d === "9" && c !== 2 ? [c] : [])));
  assert.equal(states[2].same, false, "the cursor is selected, not `same`");
  assert.deepEqual(where(states, "lit"), [0, 1]);
  assert.equal(states[0].lit, bit(9));
  assert.equal(states[1].lit, bit(9));
  assert.equal(states[9].lit, 0);
  assert.deepEqual(where(states, "selected"), [2]);
  assert.deepEqual(where(states, "cursor"), [2]);
});

test("marks hidden under a digit are not lit, and an empty cursor lights nothing", () => {
  const layers = { ...layersOf(PUZZLE, "5" + EMPTY.slice(1)), corner: marks([[0, 9]]) };
  let states = cellStates(view({ layers, cursor: 2, selection: [2] }));
  assert.equal(states[0].corner, 0);
  assert.equal(states[0].keptCorner, bit(9));
  assert.equal(states[0].lit, 0);
  states = cellStates(view({ layers: { ...layers, corner: marks([[1, 9]]) }, cursor: 10, selection: [10] }));
  assert.deepEqual(where(states, "lit"), []);
  assert.deepEqual(where(states, "same"), []);
});

test("peers only with a single cell selected", () => {
  const states = cellStates(view({ cursor: 40, selection: [39, 40] }));
  assert.deepEqual(where(states, "peer"), []);
  assert.deepEqual(where(states, "selected"), [39, 40]);
});

test("the filter: empty cells where the digit may go, by centre marks, else by the rules", () => {
  // r1c1 is empty; 5 is not in row 1, column 1 or box 1 of PUZZLE
  const rules = possibleCells(layersOf(PUZZLE, EMPTY), 5);
  const expected = [...PUZZLE].flatMap((d, cell) => {
    if (d !== ".") return [];
    const r = Math.floor(cell / 9);
    const c = cell % 9;
    const b = Math.floor(r / 3) * 3 + Math.floor(c / 3);
    const seen = [...PUZZLE].some((x, o) => x === "5" && (Math.floor(o / 9) === r || o % 9 === c
      || Math.floor(Math.floor(o / 9) / 3) * 3 + Math.floor((o % 9) / 3) === b));
    return seen ? [] : [cell];
  });
  assert.deepEqual(rules.flatMap((on, cell) => (on ? [cell] : [])), expected);
  assert.ok(expected.length > 5);
  // centre marks win where a cell has some: without 5 it is not possible, with 5 it is
  const [a, b] = expected;
  const layers = { ...layersOf(PUZZLE, EMPTY), centre: marks([[a, 12], [1, 5]]) };
  const states = cellStates(view({ layers, filter: 5 }));
  assert.equal(states[a].possible, 0);
  assert.equal(states[b].possible, 5);
  assert.equal(PUZZLE[1], ".");
  assert.equal(states[1].possible, 5, "a centre mark says 5, whatever the rules say");
  assert.equal(states[1].lit, bit(5), "and the mark is lit");
  // the givens holding 5 look `same`; filled cells are never `possible`
  assert.deepEqual(where(states, "same"), [...PUZZLE].flatMap((d, c) => (d === "5" ? [c] : [])));
  assert.ok(where(states, "possible").every((cell) => PUZZLE[cell] === "."));
  assert.deepEqual(possibleCells(layers, 0), new Array(81).fill(false));
});

test("the filter and an entry: a placed digit takes its peers out", () => {
  const before = possibleCells(layersOf(PUZZLE, EMPTY), 5);
  assert.ok(before[0] && before[1]);
  const after = possibleCells(layersOf(PUZZLE, "5" + EMPTY.slice(1)), 5);
  assert.equal(after[0], false, "filled now");
  assert.equal(after[1], false, "a peer");
});

test("paused: every cell hidden, nothing lit, tinted or named but 'hidden'", () => {
  const layers = { ...layersOf(PUZZLE, EMPTY), corner: marks([[0, 9]]) };
  const states = cellStates(view({ layers, paused: true, cursor: 2, selection: [2], filter: 9, flagged: [3], wrong: [4] }));
  assert.ok(states.every((s) => s.hide && s.digit === "." && !s.lit && !s.possible && !s.same && !s.peer && !s.flagged));
  assert.equal(cellLabel(0, states[0]), "Row 1, column 1, hidden");
});

test("conflicts, wrong digits, flags and read-only givens", () => {
  const entries = "5" + EMPTY.slice(1, 7) + "5" + EMPTY.slice(8);
  const layers = layersOf(PUZZLE, entries);
  let states = cellStates(view({ layers, wrong: [0, 2], flagged: [40] }));
  assert.deepEqual(where(states, "conflict"), [0, 7]);
  assert.deepEqual(where(states, "wrong"), [0], "a given is never wrong");
  assert.deepEqual(where(states, "flagged"), [40]);
  assert.equal(states[2].readonly, true);
  assert.equal(cellStates(view({ layers, mode: "enter" }))[2].readonly, false);
  states = cellStates(view({ layers, conflicts: false }));
  assert.deepEqual(where(states, "conflict"), []);
});

test("a preview's digits are told apart from the player's", () => {
  const layers = layersOf(PUZZLE, "1" + EMPTY.slice(1));
  const states = cellStates(view({ layers, players: PUZZLE }));
  assert.equal(states[0].fromPath, true);
  assert.equal(states[2].fromPath, false);
  assert.equal(cellLabel(0, states[0]), "Row 1, column 1, 1, placed by the path");
});

test("names say the value, then what is on the cell", () => {
  const layers = {
    ...layersOf(PUZZLE, EMPTY), corner: marks([[20, 4]]), centre: marks([[20, 127]]), colours: marks([[20, 15]]),
  };
  const highlight = { houses: [], cells: [20], candidates: [], links: [], base: [], cover: [], fins: [], colours: [], als: [] };
  const states = cellStates(view({ layers, flagged: [20], filter: 1, highlight }));
  assert.equal(cellLabel(20, states[20]), "Row 3, column 3, empty, centre 1 2 7, corner 4, colour orange and blue, marked, 1 possible, highlighted");
  assert.equal(cellLabel(2, states[2]), "Row 1, column 3, 9, given");
  const plain = cellStates(view({ layers: layersOf(PUZZLE, EMPTY) }));
  assert.equal(cellLabel(0, plain[0]), "Row 1, column 1, empty");
});

test("lists in words", () => {
  assert.equal(listWords([]), "");
  assert.equal(listWords(["a"]), "a");
  assert.equal(listWords(["a", "b"]), "a and b");
  assert.equal(listWords(["a", "b", "c"]), "a, b and c");
});
