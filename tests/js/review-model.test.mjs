// The review's model (web/teach/review-model.js, no DOM) and the move times the history keeps
// (web/game/move-history.js): a game played move by move becomes the engine's moves, the board
// after each step, and the cells to flag. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { LAYER, applyChanges, autoCandidates, editCells, encodeMove, layersOf } from "../../web/board/cell-layers.js";
import { readRecord, newPlay } from "../../web/game/game-record.js";
import { MAX_MOVES, fitHistory, historyAt, pushMove, readHistory } from "../../web/game/move-history.js";
import { MAX_REVIEW_MOVES, flaggedAt, labelsAt, reviewGame } from "../../web/teach/review-model.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);
const NOTES = { marksComplete: false, autoCandidates: false };

/** A game played move by move, as the page keeps it: its layers and timed history. */
function play() {
  let layers = layersOf(PUZZLE, EMPTY);
  let history = { moves: /** @type {string[]} */ ([]), at: 0 };
  let seconds = 0;
  const game = {
    /** @param {import("../../web/board/cell-layers.js").MoveKind} kind @param {import("../../web/board/cell-layers.js").Change[]} changes */
    move(kind, changes) {
      layers = applyChanges(layers, changes);
      seconds += 5;
      history = pushMove(history, encodeMove({ kind, changes }), seconds);
      return game;
    },
    /** @param {number} cell @param {number} digit */
    digit(cell, digit) {
      return game.move("digit", editCells(layers, [cell], "digit", digit, "play"));
    },
    /** @param {number} cell @param {number} digit */
    centre(cell, digit) {
      return game.move("centre", editCells(layers, [cell], "centre", digit, "play"));
    },
    /** @param {number} cell */
    erase(cell) {
      return game.move("erase", editCells(layers, [cell], "digit", 0, "play"));
    },
    fill() {
      return game.move("candidates", autoCandidates(layers));
    },
    get layers() { return layers; },
    get history() { return history; },
  };
  return game;
}

test("digits placed, overwritten and erased become placements and erasures, timed", () => {
  // r5c4 (cell 39) is 3; r1c1 (cell 0) is 5
  const game = play().digit(39, 3).digit(0, 4).digit(0, 5).erase(0);
  const review = reviewGame({ layers: game.layers, history: game.history, settings: NOTES });
  assert.equal(review.text, "r5c4=3@5 r1c1=4@10 r1c1x@15 r1c1=5@15 r1c1x@20");
  assert.deepEqual(review.moves.map((m) => m.step), [1, 2, 3, 3, 4]);
  assert.equal(review.states.length, 5);
  assert.equal(review.states[0].entries, EMPTY);
  assert.equal(review.states[2].entries[0], "4");
  assert.equal(review.states[4].entries, game.layers.entries);
  assert.equal(review.givens, PUZZLE);
});

test("centre marks struck count only while they are complete candidates", () => {
  const notes = play().centre(0, 5).centre(0, 5); // a note written and rubbed out
  assert.equal(reviewGame({ layers: notes.layers, history: notes.history, settings: NOTES }).text, "");
  const full = play().fill().centre(0, 5).centre(1, 3);
  const review = reviewGame({ layers: full.layers, history: full.history, settings: NOTES });
  assert.equal(review.text, "r1c1-5@10 r1c2-3@15");
  const setting = play().centre(0, 5).centre(0, 5);
  const said = reviewGame({ layers: setting.layers, history: setting.history, settings: { marksComplete: true, autoCandidates: false } });
  assert.equal(said.text, "r1c1-5@10");
});

test("marks a placed digit takes out of its peers are not the player's claims", () => {
  const game = play().fill().digit(39, 3); // the 3s leave row 5, column 4 and box 5
  const review = reviewGame({ layers: game.layers, history: game.history, settings: NOTES });
  assert.equal(review.text, "r5c4=3@10");
});

test("a hint, Reveal and Solve are marked as help; the digits before the history are the start", () => {
  const start = play().digit(39, 3);
  const game = start.move("reveal", [{ layer: LAYER.entry, cell: 0, xor: 5 }]);
  const history = { moves: game.history.moves.slice(1), at: 1, times: game.history.times?.slice(1) };
  const review = reviewGame({ layers: game.layers, history, settings: NOTES });
  assert.equal(review.text, "r1c1=5!@10");
  assert.deepEqual(review.moves.map((m) => m.step), [1]);
  assert.equal(review.start, EMPTY.slice(0, 39) + "3" + EMPTY.slice(40));
  assert.equal(reviewGame({ layers: game.layers, history: game.history, settings: NOTES }).start, "");
});

test("the labels of a step, and the cells flagged after it", () => {
  const game = play().digit(0, 4).digit(39, 3).erase(0);
  const review = reviewGame({ layers: game.layers, history: game.history, settings: NOTES });
  const labels = [{ index: 0, kind: "wrong" }, { index: 1, kind: "technique" }, { index: 2, kind: "erase" }];
  assert.deepEqual(labelsAt(review, labels, 2), [labels[1]]);
  assert.deepEqual(flaggedAt(review, labels, 1), [0]);
  assert.deepEqual(flaggedAt(review, labels, 2), [0]);
  assert.deepEqual(flaggedAt(review, labels, 3), []);
});

test("a review sends at most the engine's limit of moves", () => {
  let history = { moves: /** @type {string[]} */ ([]), at: 0 };
  let layers = layersOf(PUZZLE, EMPTY);
  for (let i = 0; i < MAX_REVIEW_MOVES + 2; i++) {
    const changes = [{ layer: LAYER.entry, cell: 0, xor: layers.entries[0] === "." ? 5 : 5 }];
    layers = applyChanges(layers, changes);
    history = pushMove(history, encodeMove({ kind: "digit", changes }));
  }
  const review = reviewGame({ layers, history, settings: NOTES });
  assert.equal(review.moves.length, MAX_REVIEW_MOVES);
  assert.ok(review.cut);
});

test("move times: kept beside the moves, through undo, redo and the history's limit", () => {
  let history = pushMove({ moves: [], at: 0 }, "dAAF", 3.7);
  history = pushMove(history, "dAAF", 9);
  assert.deepEqual(history.times, [3, 9]);
  history = historyAt(history, 1);
  assert.deepEqual(history.times, [3, 9]);
  history = pushMove(history, "dAAF", 12);
  assert.deepEqual(history.times, [3, 12]);
  const old = pushMove({ moves: ["dAAF", "dAAF"], at: 2 }, "dAAF", 20);
  assert.deepEqual(old.times, [null, null, 20], "an older history's moves have unknown times");
  const untimed = pushMove({ moves: [], at: 0 }, "dAAF");
  assert.equal(untimed.times, undefined);
  const long = fitHistory({ moves: new Array(MAX_MOVES + 2).fill("dAAF"), at: MAX_MOVES + 2, times: Array.from({ length: MAX_MOVES + 2 }, (_, i) => i) });
  assert.equal(long.times?.length, MAX_MOVES);
  assert.equal(long.times?.[0], 2);
});

test("stored times are optional: damaged ones are dropped or forgotten, the history and the game load", () => {
  const five = encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell: 0, xor: 5 }] });
  const colour = encodeMove({ kind: "colour", changes: [{ layer: LAYER.colour, cell: 1, xor: 1 }] });
  assert.ok(readHistory({ moves: [five], at: 1 }).ok);
  const timed = readHistory({ moves: [five], at: 1, times: [7] });
  assert.ok(timed.ok && timed.history.times?.[0] === 7 && timed.repaired === "");
  const unknown = readHistory({ moves: [five], at: 1, times: [null] });
  assert.ok(unknown.ok && unknown.repaired === "");
  // not one per move (or not a list): all dropped, the moves kept
  for (const times of [[], [1, 2], "7", null, { 0: 1 }]) {
    const read = readHistory({ moves: [five], at: 1, times });
    assert.ok(read.ok, JSON.stringify(times));
    assert.equal(read.history.times, undefined, JSON.stringify(times));
    assert.deepEqual(read.history.moves, [five]);
    assert.equal(read.repaired, "dropped its move times (not one per move)");
  }
  // one per move, some unreadable: those become unknown, the rest kept
  for (const bad of [-1, 1.5, "3", Number.MAX_SAFE_INTEGER + 2, true, {}]) {
    const read = readHistory({ moves: [five, colour], at: 2, times: [bad, 9] });
    assert.ok(read.ok, String(bad));
    assert.deepEqual(read.history.times, [null, 9], String(bad));
    assert.equal(read.repaired, "forgot the unreadable time of move 1");
  }
  const two = readHistory({ moves: [five, colour], at: 2, times: ["x", -2] });
  assert.ok(two.ok && two.repaired === "forgot the unreadable times of 2 moves");
  const record = (history) => ({
    schema: 2, id: "g1", givens: PUZZLE, entries: "5" + EMPTY.slice(1), mode: "play", rev: 1,
    createdAt: "2026-01-01T00:00:00.000Z", savedAt: "2026-01-01T00:00:00.000Z", play: { ...newPlay(), history },
  });
  const read = readRecord(record({ moves: [five], at: 1, times: [7] }));
  assert.ok(read.ok && read.record.play.history.times?.[0] === 7 && read.repaired === "");
  const shallow = readRecord(record({ moves: [five], at: 1, times: [7] }), { deep: false });
  assert.ok(shallow.ok && shallow.record.play.history.times?.[0] === 7);
  assert.ok(readRecord(record({ moves: [five], at: 1 })).ok, "an older page's record loads");
  // a damaged time never costs the game: deep (to open it) and shallow (Recent games) alike
  for (const deep of [true, false]) {
    const bad = readRecord(record({ moves: [five], at: 1, times: [-4] }), { deep });
    assert.ok(bad.ok, bad.ok ? "" : bad.problem);
    assert.equal(bad.record.entries, "5" + EMPTY.slice(1));
    assert.deepEqual(bad.record.play.history, { moves: [five], at: 1, times: [null] });
    assert.equal(bad.repaired, "forgot the unreadable time of move 1");
    const mismatched = readRecord(record({ moves: [five], at: 1, times: [1, 2, 3] }), { deep });
    assert.ok(mismatched.ok, mismatched.ok ? "" : mismatched.problem);
    assert.deepEqual(mismatched.record.play.history, { moves: [five], at: 1 });
    assert.equal(mismatched.repaired, "dropped its move times (not one per move)");
  }
});
