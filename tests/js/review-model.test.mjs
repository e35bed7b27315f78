// The review's model (web/teach/review-model.js, no DOM) and the move times the history keeps
// (web/game/move-history.js): a game played move by move becomes the engine's moves, the board
// after each step, and the cells to flag. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  LAYER, applyChanges, autoCandidates, decodeMove, editCells, encodeMove, formatMarks, layersOf,
} from "../../web/board/cell-layers.js";
import { fitPlay, mergeGames, readRecord, newPlay } from "../../web/game/game-record.js";
import {
  MAX_HINTED, MAX_MOVES, MAX_READ, MAX_UNDONE, fitHistory, hintedMarks, historyAt, pushMove, readHistory, undoneSoFar,
  withHintsRead,
} from "../../web/game/move-history.js";
import { MAX_REVIEW_MOVES, flaggedAt, labelsAt, reviewGame } from "../../web/teach/review-model.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);
const NOTES = { marksComplete: false, autoCandidates: false };

/**
 * A game played move by move, as the page keeps it: its layers and timed history (each move with
 * the digits and centre marks before it, as play-history.js records it, and the hints read in
 * the history, as page-state keeps them).
 */
function play() {
  let layers = layersOf(PUZZLE, EMPTY);
  /** @type {import("../../web/game/move-history.js").History} */
  let history = { moves: [], at: 0 };
  let seconds = 0;
  const game = {
    /** @param {import("../../web/board/cell-layers.js").MoveKind} kind @param {import("../../web/board/cell-layers.js").Change[]} changes */
    move(kind, changes) {
      const before = layers;
      layers = applyChanges(layers, changes);
      seconds += 5;
      const hinted = hintedMarks(kind, before, layers, new Set(history.read));
      history = pushMove(history, encodeMove({ kind, changes }), seconds, { entries: before.entries, centre: before.centre, hinted });
      return game;
    },
    undo() {
      const move = decodeMove(history.moves[history.at - 1]);
      layers = applyChanges(layers, /** @type {NonNullable<typeof move>} */ (move).changes);
      history = historyAt(history, history.at - 1);
      seconds += 1;
      return game;
    },
    /** A hint read: its step's placements ("39=3") and eliminations ("0-5"). @param {string[]} keys */
    hint(...keys) {
      history = withHintsRead(history, keys);
      return game;
    },
    /** The game as saved and read back (a reload). */
    reload() {
      const read = readRecord(record(layers.entries, history, layers.centre));
      assert.ok(read.ok && read.repaired === "", read.ok ? read.repaired : read.problem);
      history = read.record.play.history;
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

/**
 * A saved game of PUZZLE with these digits, history and centre marks.
 * @param {string} entries @param {unknown} history @param {number[]} [centre]
 */
const record = (entries, history, centre = new Array(81).fill(0)) => ({
  schema: 2, id: "g1", givens: PUZZLE, entries, mode: "play", rev: 1,
  createdAt: "2026-01-01T00:00:00.000Z", savedAt: "2026-01-01T00:00:00.000Z",
  play: { ...newPlay(), centre: formatMarks(centre), history },
});

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

test("a given erased in Create mode starts the review after it, as a given typed does", () => {
  const game = play().digit(39, 3);
  // Delete on a given in Create mode: an "erase" whose change is to the givens
  const erased = { kind: /** @type {const} */ ("erase"), changes: [{ layer: LAYER.given, cell: 2, xor: 9 }] }; // its 9 taken out
  const history = pushMove(game.history, encodeMove(erased), 9, { entries: game.layers.entries });
  const layers = applyChanges(game.layers, erased.changes);
  const review = reviewGame({ layers, history, settings: NOTES });
  assert.equal(review.text, "");
  assert.equal(review.states.length, 1, "no step: the moves before were another puzzle's, the erase is no move of play");
  assert.equal(review.givens, layers.givens);
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

test("a wrong digit placed and undone is in the review where it was made, as an undone move", () => {
  // r5c4 (cell 39) is 3, r4c6 (cell 32) is 6, r1c1 (cell 0) is 5
  const game = play().digit(39, 3).digit(0, 4).undo().digit(32, 6);
  assert.deepEqual(game.history.undone, [{ after: 1, cell: 0, digit: 4, time: 10 }]);
  const review = reviewGame({ layers: game.layers, history: game.history, settings: NOTES });
  assert.equal(review.text, "r5c4=3@5 r1c1=4~@10 r4c6=6@16");
  assert.deepEqual(review.moves.map((m) => [m.step, m.undone]), [[1, false], [2, true], [3, false]]);
  assert.equal(review.states.length, 4);
  assert.equal(review.states[2].entries[0], "4", "the undone digit's step shows it");
  assert.equal(review.states[3].entries[0], ".", "and the next step shows it gone");
  assert.equal(review.states[3].entries, game.layers.entries);
  assert.deepEqual(review.kinds, ["digit", "undone", "digit"]);
  const labels = [{ index: 0, kind: "technique" }, { index: 1, kind: "wrong" }, { index: 2, kind: "technique" }];
  assert.deepEqual(flaggedAt(review, labels, 2), [0]);
  assert.deepEqual(flaggedAt(review, labels, 3), [], "an undone wrong digit is flagged at its own step only");
});

test("undone moves not yet replaced (the redo tail) are reviewed too, and undone undos in the order made", () => {
  const tail = play().digit(39, 3).digit(0, 4).undo();
  const review = reviewGame({ layers: tail.layers, history: tail.history, settings: NOTES });
  assert.equal(review.text, "r5c4=3@5 r1c1=4~@10");
  // the undone digit's step, then the board as it is now (the review ends where the game is)
  assert.deepEqual(review.kinds, ["digit", "undone", "now"]);
  assert.equal(review.states.length, 4);
  assert.equal(review.states[2].entries[0], "4");
  assert.deepEqual(review.states[3], tail.layers);
  // a wrong 4 undone, then 6 in r4c6 and 7 over it, both undone, then 8 in r4c5 (cell 31)
  const nested = play().digit(39, 3).digit(0, 4).undo().digit(32, 6).digit(32, 7).undo().undo().digit(31, 8);
  assert.deepEqual(nested.history.undone?.map((u) => [u.after, u.cell, u.digit, u.time]), [
    [1, 0, 4, 10], [1, 32, 6, 16], [1, 32, 7, 21],
  ]);
  const text = reviewGame({ layers: nested.layers, history: nested.history, settings: NOTES }).text;
  assert.equal(text, "r5c4=3@5 r1c1=4~@10 r4c6=6~@16 r4c6=7~@21 r4c5=8@28");
});

test("a move that places or strikes what a hint read named is marked, and reviewed as after a hint", () => {
  const game = play().fill().hint("39=3", "0-5").digit(39, 3).centre(0, 5).centre(1, 3).digit(32, 6);
  assert.deepEqual(game.history.hinted, [{ move: 1, cell: 39, digit: 3 }, { move: 2, cell: 0, digit: 5 }]);
  const review = reviewGame({ layers: game.layers, history: game.history, settings: NOTES });
  assert.equal(review.text, "r5c4=3h@10 r1c1-5h@15 r1c2-3@20 r4c6=6@25");
  assert.deepEqual(hintedMarks("digit", game.layers, game.layers, new Set(["39=3"])), [], "no change, no mark");
  assert.deepEqual(hintedMarks("centre", layersOf(PUZZLE, EMPTY), layersOf(PUZZLE, "3" + EMPTY.slice(1)), new Set(["0=3"])), []);
});

test("undone and hinted marks: kept through undo, a new move and the history's limit", () => {
  const game = play().hint("39=3").digit(39, 3).digit(0, 4).undo().undo().digit(32, 6);
  assert.equal(game.history.hinted, undefined, "the hinted move was undone and replaced");
  assert.deepEqual(game.history.undone?.map((u) => [u.after, u.cell, u.digit]), [[0, 39, 3], [0, 0, 4]]);
  const many = Array.from({ length: MAX_UNDONE + 3 }, (_, i) => ({ after: 0, cell: 0, digit: 4, time: i }));
  const capped = pushMove({ moves: [], at: 0, undone: many }, "dAAF", 1);
  assert.equal(capped.undone?.length, MAX_UNDONE);
  assert.equal(capped.undone?.[0].time, 3, "the oldest go first");
  const marks = Array.from({ length: MAX_HINTED + 2 }, (_, i) => ({ move: i, cell: 0, digit: 5 }));
  const long = fitHistory({ moves: new Array(MAX_HINTED + 2).fill("dAAF"), at: MAX_HINTED + 2, hinted: marks });
  assert.equal(long.hinted?.length, MAX_HINTED);
  const cut = fitHistory({
    moves: new Array(MAX_MOVES + 2).fill("dAAF"), at: MAX_MOVES + 2,
    undone: [{ after: 1, cell: 0, digit: 4, time: null }, { after: 2, cell: 0, digit: 4, time: null }, { after: 9, cell: 0, digit: 4, time: null }],
    hinted: [{ move: 1, cell: 0, digit: 5 }, { move: 2, cell: 0, digit: 5 }],
  });
  assert.deepEqual(cut.undone?.map((u) => u.after), [0, 7], "shifted with the moves; those before the cut go");
  assert.deepEqual(cut.hinted?.map((h) => h.move), [0]);
});

test("stored undone and hinted marks are checked; over their limits they are repaired as read", () => {
  const five = encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell: 0, xor: 5 }] });
  const base = { moves: [five], at: 1 };
  const ok = readHistory({ ...base, undone: [{ after: 0, cell: 0, digit: 4, time: 3 }], hinted: [{ move: 0, cell: 0, digit: 5 }] });
  assert.ok(ok.ok);
  assert.deepEqual(ok.history.undone, [{ after: 0, cell: 0, digit: 4, time: 3 }]);
  assert.deepEqual(ok.history.hinted, [{ move: 0, cell: 0, digit: 5 }]);
  for (const undone of ["x", [{ after: 2, cell: 0, digit: 4, time: null }], [{ after: 0, cell: 81, digit: 4, time: null }],
    [{ after: 0, cell: 0, digit: 0, time: null }], [{ after: 0, cell: 0, digit: 4, time: -1 }], [{ after: 1, cell: 0, digit: 4, time: 1 }, { after: 0, cell: 0, digit: 4, time: 2 }], [null]]) {
    // optional: a damaged list is dropped and said, never a reason to refuse the game
    const read = readHistory({ ...base, undone, hinted: [{ move: 0, cell: 0, digit: 5 }] });
    assert.ok(read.ok, JSON.stringify(undone));
    assert.equal(read.history.undone, undefined, JSON.stringify(undone));
    assert.deepEqual(read.history.hinted, [{ move: 0, cell: 0, digit: 5 }], "the sound list is kept");
    assert.match(read.repaired, /^dropped its undone digits \(/);
  }
  for (const hinted of [{}, [{ move: 1, cell: 0, digit: 5 }], [{ move: 0, cell: 0, digit: 10 }], [{ move: "0", cell: 0, digit: 5 }]]) {
    const read = readHistory({ ...base, hinted });
    assert.ok(read.ok, JSON.stringify(hinted));
    assert.equal(read.history.hinted, undefined, JSON.stringify(hinted));
    assert.match(read.repaired, /^dropped its hint marks \(/);
  }
  const record = (history) => ({
    schema: 2, id: "g1", givens: PUZZLE, entries: "5" + EMPTY.slice(1), mode: "play", rev: 1,
    createdAt: "2026-01-01T00:00:00.000Z", savedAt: "2026-01-01T00:00:00.000Z", play: { ...newPlay(), history },
  });
  const over = Array.from({ length: MAX_UNDONE + 4 }, () => ({ after: 0, cell: 0, digit: 4, time: null }));
  const read = readRecord(record({ ...base, undone: over }));
  assert.ok(read.ok, read.ok ? "" : read.problem);
  assert.equal(read.record.play.history.undone?.length, MAX_UNDONE);
  assert.match(read.repaired, /dropped the oldest 4 undone digits and strikes and hint marks/);
  const shallow = readRecord(record({ ...base, undone: over }), { deep: false });
  assert.ok(shallow.ok && shallow.record.play.history.undone?.length === MAX_UNDONE);
  const bad = readRecord(record({ ...base, hinted: [{ move: 3, cell: 0, digit: 5 }] }));
  assert.ok(bad.ok && bad.record.play.history.hinted === undefined, bad.ok ? "" : bad.problem);
  assert.match(bad.repaired, /dropped its hint marks \(hint mark 1 /, "the game is kept, the damage said");
  const written = fitPlay({ ...newPlay(), history: { ...base, undone: over } });
  assert.equal(written.history.undone?.length, MAX_UNDONE, "the writer keeps the limit its reader checks");
  const again = readRecord(record(written.history));
  assert.ok(again.ok && again.repaired === "");
});

test("digits undone after a change of the givens still to redo are another puzzle's, never this one's", () => {
  const digit = (/** @type {number} */ cell, /** @type {number} */ d) => encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell, xor: d }] });
  const given = encodeMove({ kind: "given", changes: [{ layer: LAYER.given, cell: 80, xor: 9 }] });
  // 4 in r1c1, then the givens changed and 6 placed in r2c2 and undone there; all of it undone back to the 4
  const history = { moves: [digit(0, 4), given, digit(10, 7)], at: 1, undone: [{ after: 0, cell: 0, digit: 2, time: 1 }, { after: 2, cell: 10, digit: 6, time: 9 }] };
  const entries = "4" + EMPTY.slice(1);
  assert.deepEqual(undoneSoFar(history, entries).undone, [{ after: 0, cell: 0, digit: 2, time: 1 }]);
});

test("a true candidate struck and undone is in the review where it was struck, as an undone move", () => {
  // r1c1 (cell 0) is 5: struck from its candidates, then put back with Undo; r5c4 (cell 39) is 3
  const game = play().fill().centre(0, 5).undo().digit(39, 3);
  assert.deepEqual(game.history.undoneStrikes, [{ after: 1, cell: 0, digit: 5, time: 10 }]);
  assert.equal(game.history.undone, undefined, "no digit was undone");
  const review = reviewGame({ layers: game.layers, history: game.history, settings: NOTES });
  assert.equal(review.text, "r1c1-5~@10 r5c4=3@16");
  assert.deepEqual(review.kinds, ["candidates", "undone", "digit"]);
  assert.deepEqual(review.moves.map((m) => [m.step, m.undone]), [[2, true], [3, false]]);
  assert.equal(review.states[2].centre[0] & 16, 0, "the strike's step shows the 5 gone");
  assert.equal(review.states[3].centre[0] & 16, 16, "and the next step shows it back");
  const labels = [{ index: 0, kind: "lost" }, { index: 1, kind: "technique" }];
  assert.deepEqual(flaggedAt(review, labels, 2), [0]);
  assert.deepEqual(flaggedAt(review, labels, 3), [], "flagged at its own step only");
  // still to redo (the last move undone): reviewed too, then the board as it is
  const tail = play().fill().centre(0, 5).undo();
  const reviewed = reviewGame({ layers: tail.layers, history: tail.history, settings: NOTES });
  assert.equal(reviewed.text, "r1c1-5~@10");
  assert.deepEqual(reviewed.kinds, ["candidates", "undone", "now"]);
  assert.deepEqual(reviewed.states[3], tail.layers);
  // a reload keeps it
  const again = play().fill().centre(0, 5).undo().digit(39, 3).reload();
  assert.equal(reviewGame({ layers: again.layers, history: again.history, settings: NOTES }).text, "r1c1-5~@10 r5c4=3@16");
});

test("undone digits and strikes are reviewed in the order made; a note rubbed out and undone is nothing", () => {
  const game = play().fill().digit(39, 4).undo().centre(0, 5).undo().digit(32, 6).undo().digit(31, 8);
  assert.deepEqual(game.history.undone?.map((u) => [u.after, u.cell, u.digit]), [[1, 39, 4], [1, 32, 6]]);
  assert.deepEqual(game.history.undoneStrikes?.map((u) => [u.after, u.cell, u.digit]), [[1, 0, 5]]);
  const review = reviewGame({ layers: game.layers, history: game.history, settings: NOTES });
  assert.equal(review.text, "r5c4=4~@10 r1c1-5~@16 r4c6=6~@22 r4c5=8@28");
  // centre marks written as notes (not complete candidates): a strike is no claim, undone or not
  const notes = play().centre(0, 5).centre(0, 5).undo().digit(39, 3);
  assert.deepEqual(notes.history.undoneStrikes?.map((u) => [u.after, u.cell, u.digit]), [[1, 0, 5]]);
  assert.equal(reviewGame({ layers: notes.layers, history: notes.history, settings: NOTES }).text, "r5c4=3@16");
  const said = reviewGame({ layers: notes.layers, history: notes.history, settings: { marksComplete: true, autoCandidates: false } });
  assert.equal(said.text, "r1c1-5~@10 r5c4=3@16", "unless the player says their marks are candidates");
  // a mark added (not struck) and undone is no strike
  assert.equal(play().fill().centre(0, 5).centre(0, 5).undo().digit(39, 3).history.undoneStrikes, undefined);
});

test("stored undone strikes are checked like undone digits, cut with the moves, and an older record reads without them", () => {
  const five = encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell: 0, xor: 5 }] });
  const base = { moves: [five], at: 1 };
  const ok = readHistory({ ...base, undoneStrikes: [{ after: 1, cell: 2, digit: 4, time: null }] });
  assert.ok(ok.ok && ok.repaired === "");
  assert.deepEqual(ok.history.undoneStrikes, [{ after: 1, cell: 2, digit: 4, time: null }]);
  for (const undoneStrikes of [7, [{ after: 2, cell: 0, digit: 4, time: null }], [{ after: 0, cell: 0, digit: 0, time: null }], [null]]) {
    const read = readHistory({ ...base, undoneStrikes, undone: [{ after: 0, cell: 0, digit: 4, time: 3 }] });
    assert.ok(read.ok, JSON.stringify(undoneStrikes));
    assert.equal(read.history.undoneStrikes, undefined);
    assert.deepEqual(read.history.undone, [{ after: 0, cell: 0, digit: 4, time: 3 }], "the sound list is kept");
    assert.match(read.repaired, /^dropped its undone strikes \(/);
  }
  const cut = fitHistory({
    moves: new Array(MAX_MOVES + 2).fill("dAAF"), at: MAX_MOVES + 2,
    undoneStrikes: [{ after: 1, cell: 0, digit: 4, time: null }, { after: 2, cell: 0, digit: 4, time: null }, { after: 9, cell: 0, digit: 4, time: null }],
  });
  assert.deepEqual(cut.undoneStrikes?.map((u) => u.after), [0, 7], "shifted with the moves; those before the cut go");
  const over = Array.from({ length: MAX_UNDONE + 2 }, () => ({ after: 0, cell: 0, digit: 4, time: null }));
  const capped = readRecord(record("5" + EMPTY.slice(1), { ...base, undoneStrikes: over }));
  assert.ok(capped.ok && capped.record.play.history.undoneStrikes?.length === MAX_UNDONE);
  assert.match(capped.repaired, /dropped the oldest 2 undone digits and strikes and hint marks/);
});

test("the hints read are the game's: saved with it, kept through moves and undo, forgotten when the givens change", () => {
  // a hint naming 3 in r5c4 read, the game saved and read back (a reload), then the move made
  const game = play().fill().hint("39=3", "0-5").reload().digit(39, 3);
  assert.deepEqual(game.history.read, ["39=3", "0-5"]);
  assert.deepEqual(game.history.hinted, [{ move: 1, cell: 39, digit: 3 }]);
  assert.equal(reviewGame({ layers: game.layers, history: game.history, settings: NOTES }).text, "r5c4=3h@10");
  assert.deepEqual(game.undo().history.read, ["39=3", "0-5"], "undo unreads nothing");
  assert.deepEqual(play().digit(39, 3).history.read, undefined, "absent when none was read");
  const h = withHintsRead({ moves: [], at: 0 }, ["39=3", "39=3", "81=1", "0-0", "x", "80-9"]);
  assert.deepEqual(h.read, ["39=3", "80-9"], "keys once, and only keys");
  assert.equal(withHintsRead(h, ["80-9"]), h, "nothing new: the same history");
  const given = encodeMove({ kind: "given", changes: [{ layer: LAYER.given, cell: 80, xor: 9 }] });
  assert.equal(pushMove(h, given).read, undefined, "they named another puzzle's cells");
  const five = encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell: 0, xor: 5 }] });
  assert.deepEqual(pushMove(h, five).read, ["39=3", "80-9"]);
});

test("stored hints read are checked: damaged ones are dropped and said, the game kept; an older record has none", () => {
  const five = encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell: 0, xor: 5 }] });
  const base = { moves: [five], at: 1 };
  const ok = readHistory({ ...base, read: ["39=3", "0-5"] });
  assert.ok(ok.ok && ok.repaired === "");
  assert.deepEqual(ok.history.read, ["39=3", "0-5"]);
  const all = Array.from({ length: 81 }, (_, cell) => [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((d) => ["=", "-", "x", "+"].map((kind) => `${cell}${kind}${d}`))).flat();
  assert.equal(all.length, MAX_READ);
  assert.ok(readHistory({ ...base, read: all }).ok && readHistory({ ...base, read: all }).repaired === "", "every key once fits");
  for (const read of ["39=3", { 0: "39=3" }, [...all, ...all, "0=1"]]) {
    const got = readHistory({ ...base, read });
    assert.ok(got.ok, JSON.stringify(read).slice(0, 40));
    assert.equal(got.history.read, undefined);
    assert.match(got.repaired, /^dropped its hints read \(/);
    const opened = readRecord(record("5" + EMPTY.slice(1), { ...base, read }));
    assert.ok(opened.ok && opened.record.entries[0] === "5" && opened.record.play.history.read === undefined);
  }
  // a damaged key costs only itself: the others are kept
  for (const [read, kept, left] of /** @type {[unknown[], string[] | undefined, number][]} */ ([
    [[39, "0-5"], ["0-5"], 1], [["39=3", "39=3"], ["39=3"], 1], [["81=3", "3=0", "03=3", null], undefined, 4], [[...all, "0=1"], all, 1],
  ])) {
    const got = readHistory({ ...base, read });
    assert.ok(got.ok);
    assert.deepEqual(got.history.read, kept, JSON.stringify(read).slice(0, 40));
    assert.equal(got.repaired, `dropped ${left} of its hints read (not a cell and a digit named once)`);
  }
  const older = readRecord(record("5" + EMPTY.slice(1), base));
  assert.ok(older.ok && older.record.play.history.read === undefined && older.repaired === "");
});

test("two tabs' hints read are both kept when their moves merge", () => {
  const game = (/** @type {import("../../web/game/move-history.js").History} */ history, entries = EMPTY) => ({
    givens: PUZZLE, entries, mode: /** @type {const} */ ("play"), info: null, play: { ...newPlay(), history },
  });
  const base = game({ moves: [], at: 0, read: ["0-5"] });
  const mine = game({ moves: [], at: 0, read: ["0-5", "39=3"] });
  const theirs = game({ moves: ["dAAF"], at: 1, read: ["0-5", "32=6"] }, "5" + EMPTY.slice(1));
  const merged = mergeGames(base, mine, theirs);
  assert.equal(merged.entries[0], "5", "their move is in");
  assert.deepEqual(merged.play.history.read, ["0-5", "39=3", "32=6"]);
});
