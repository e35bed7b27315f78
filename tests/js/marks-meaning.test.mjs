// What the player's centre marks mean to a hint (web/teach/marks-meaning.js, no DOM): notes,
// unless Fill candidates made them (and they were not all cleared since), every empty cell has
// some, or a setting says so. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { LAYER, applyChanges, autoCandidates, bit, editCells, encodeMove, layersOf } from "../../web/board/cell-layers.js";
import { everyEmptyCellMarked, filledSinceCleared, marksMeaning } from "../../web/teach/marks-meaning.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);
const NO_SETTINGS = { marksComplete: false, autoCandidates: false };

/** A game played move by move: its layers and its history, as the page keeps them. */
function play() {
  let layers = layersOf(PUZZLE, EMPTY);
  /** @type {string[]} */
  const moves = [];
  /** The centre marks after each move (after[0]: before any). */
  const after = [layers.centre];
  const game = {
    /** @param {import("../../web/board/cell-layers.js").MoveKind} kind @param {import("../../web/board/cell-layers.js").Change[]} changes */
    move(kind, changes) {
      layers = applyChanges(layers, changes);
      moves.push(encodeMove({ kind, changes }));
      after.push(layers.centre);
      return game;
    },
    /** Centre marks typed into one cell. @param {number} cell @param {number} digit */
    centre(cell, digit) {
      return game.move("centre", editCells(layers, [cell], "centre", digit, "play"));
    },
    fill() {
      return game.move("candidates", autoCandidates(layers));
    },
    /** Every centre mark erased, cell by cell (as Delete would). */
    clearCentre() {
      const cells = layers.centre.flatMap((m, cell) => (m ? [cell] : []));
      return game.move("erase", cells.map((cell) => ({ layer: LAYER.centre, cell, xor: layers.centre[cell] })));
    },
    meaning(at = moves.length, settings = NO_SETTINGS) {
      return marksMeaning({ ...layers, history: { moves, at }, settings });
    },
    get layers() {
      return layers;
    },
    moves,
    after,
  };
  return game;
}

test("a few centre marks typed by hand are notes", () => {
  const game = play().centre(0, 1).centre(0, 2).centre(1, 3);
  assert.equal(game.meaning(), "notes");
});

test("after Fill candidates the marks are complete, however many the player takes out", () => {
  const game = play().fill().centre(0, 1).centre(1, 3); // centre tool on a marked cell: toggles a digit off
  assert.equal(game.meaning(), "complete");
  assert.equal(filledSinceCleared(game.moves, game.moves.length, game.layers.centre), true);
});

test("cleared all since the fill, notes typed again are notes", () => {
  const game = play().fill().clearCentre().centre(0, 1);
  assert.equal(game.meaning(), "notes");
  // undone back to before the clearing: complete again (the history is read up to `at`)
  assert.equal(filledSinceCleared(game.moves, 1, game.after[1]), true);
  assert.equal(filledSinceCleared(game.moves, 2, game.after[2]), false);
});

test("marks in every empty cell are complete; the setting and auto-candidates say so too", () => {
  const layers = layersOf(PUZZLE, EMPTY);
  const centre = layers.centre.map((_, cell) => (PUZZLE[cell] === "." ? bit(1) : 0));
  assert.equal(everyEmptyCellMarked(PUZZLE, EMPTY, centre), true);
  centre[0] = 0;
  assert.equal(everyEmptyCellMarked(PUZZLE, EMPTY, centre), false);
  assert.equal(everyEmptyCellMarked(PUZZLE.replaceAll(".", "1"), EMPTY, centre), false); // nothing empty
  const game = play().centre(0, 1);
  assert.equal(game.meaning(game.moves.length, { marksComplete: true, autoCandidates: false }), "complete");
  assert.equal(game.meaning(game.moves.length, { marksComplete: false, autoCandidates: true }), "complete");
});

test("an unreadable history claims nothing", () => {
  assert.equal(filledSinceCleared(["?!"], 1, [bit(1), ...Array(80).fill(0)]), false);
  assert.equal(filledSinceCleared([], 0, Array(81).fill(0)), false);
});
