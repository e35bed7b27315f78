// The page's pure modules (no DOM) under Node's own test runner: cell-layers.js (edits as
// SudokuPad makes them, changes that undo themselves, moves as text), move-history.js and the
// saved game's checks in game-record.js. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  LAYER, applyChanges, autoCandidates, bit, candidateMasks, decodeMove, diffLayers, editCells, encodeMove,
  formatMarks, layersAreSound, layersOf, marksProblem, parseMarks, setEntries,
} from "../../web/board/cell-layers.js";
import { gameProblem, mergeGames, readRecord } from "../../web/game/game-record.js";
import { historyProblem, pushMove } from "../../web/game/move-history.js";
import { seededRandom } from "../../web/puzzles/puzzle-pool.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983";
const EMPTY = ".".repeat(81);

/** The page's seeded generator (mulberry32), so a failure can be replayed. */
const random = seededRandom;

/** Random player moves on PUZZLE: [layers after each, changes of each]. */
function randomGame(seed, moves) {
  const next = random(seed);
  const pick = (n) => Math.floor(next() * n);
  let layers = layersOf(PUZZLE, EMPTY);
  const states = [layers];
  const all = [];
  const tools = ["digit", "corner", "centre", "colour"];
  while (all.length < moves) {
    const cells = Array.from({ length: 1 + pick(3) }, () => pick(81));
    const roll = pick(20);
    const changes = roll === 0 ? autoCandidates(layers)
      : editCells(layers, cells, tools[pick(4)], roll === 1 ? 0 : 1 + pick(9), "play", { keepCandidates: roll === 2 });
    if (!changes.length) continue;
    layers = applyChanges(layers, changes);
    states.push(layers);
    all.push(changes);
  }
  return { states, moves: all };
}

test("a digit clears itself from its peers' marks, unless kept", () => {
  let layers = applyChanges(layersOf(PUZZLE, EMPTY), autoCandidates(layersOf(PUZZLE, EMPTY)));
  const before = layers.centre[1];
  assert.ok(before & bit(1), "r1c2 has candidate 1");
  const cleared = applyChanges(layers, editCells(layers, [0], "digit", 1, "play"));
  assert.equal(cleared.entries[0], "1");
  assert.equal(cleared.centre[1] & bit(1), 0);
  const kept = applyChanges(layers, editCells(layers, [0], "digit", 1, "play", { clearPeerMarks: false }));
  assert.equal(kept.centre[1], before);
  layers = cleared;
  assert.equal(layers.centre[0], applyChanges(layersOf(PUZZLE, EMPTY), autoCandidates(layersOf(PUZZLE, EMPTY))).centre[0], "the cell's own marks stay, hidden");
});

test("marks toggle on a selection: added to all unless all have it", () => {
  const layers = layersOf(PUZZLE, EMPTY);
  const once = applyChanges(layers, editCells(layers, [0, 1], "corner", 5, "play"));
  assert.deepEqual([once.corner[0], once.corner[1]], [bit(5), bit(5)]);
  const mixed = applyChanges(layers, editCells(layers, [0], "centre", 5, "play"));
  const both = applyChanges(mixed, editCells(mixed, [0, 1], "centre", 5, "play"));
  assert.deepEqual([both.centre[0], both.centre[1]], [bit(5), bit(5)]);
  const off = applyChanges(both, editCells(both, [0, 1], "centre", 5, "play"));
  assert.deepEqual([off.centre[0], off.centre[1]], [0, 0]);
  assert.deepEqual(editCells(layers, [2], "corner", 5, "play"), [], "no marks on a given");
  const coloured = applyChanges(layers, editCells(layers, [2], "colour", 3, "play"));
  assert.equal(coloured.colours[2], bit(3), "a given can be coloured");
});

test("clear takes the top layer first: digit, centre, corner, colour", () => {
  let layers = layersOf(PUZZLE, EMPTY);
  for (const [tool, d] of [["colour", 2], ["corner", 3], ["centre", 4], ["digit", 5]]) {
    layers = applyChanges(layers, editCells(layers, [0], tool, d, "play"));
  }
  const order = [];
  for (let i = 0; i < 4; i++) {
    const changes = editCells(layers, [0], "digit", 0, "play");
    order.push(changes.map((c) => c.layer));
    layers = applyChanges(layers, changes);
  }
  assert.deepEqual(order, [[LAYER.entry], [LAYER.centre], [LAYER.corner], [LAYER.colour]]);
  assert.deepEqual(editCells(layers, [0], "digit", 0, "play"), []);
  assert.deepEqual(editCells(layersOf(PUZZLE, EMPTY), [2], "digit", 0, "play"), [], "a given is not cleared in play");
});

test("keepCandidates puts candidates back when a digit is erased", () => {
  const start = applyChanges(layersOf(PUZZLE, EMPTY), autoCandidates(layersOf(PUZZLE, EMPTY)));
  const placed = applyChanges(start, editCells(start, [0], "digit", 5, "play", { keepCandidates: true }));
  const erased = applyChanges(placed, editCells(placed, [0], "digit", 0, "play", { keepCandidates: true }));
  assert.deepEqual(erased.centre, start.centre);
});

test("candidates come from the givens and the player's digits", () => {
  const masks = candidateMasks(PUZZLE, EMPTY);
  for (let cell = 0; cell < 81; cell++) {
    if (PUZZLE[cell] !== ".") assert.equal(masks[cell], 0);
    else assert.ok(masks[cell] & bit(Number(SOLUTION[cell])), `the solution's digit is a candidate at ${cell}`);
  }
});

test("undoing every move of random games restores each earlier state; encode/decode round-trips", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const { states, moves } = randomGame(seed, 300);
    let layers = states.at(-1);
    for (let i = moves.length - 1; i >= 0; i--) {
      const move = decodeMove(encodeMove({ kind: "digit", changes: moves[i] }));
      assert.deepEqual(move.changes, moves[i]);
      layers = applyChanges(layers, move.changes);
      assert.deepEqual(layers, states[i], `seed ${seed}, undo of move ${i + 1}`);
      assert.ok(layersAreSound(layers));
    }
    assert.deepEqual(diffLayers(states[0], states.at(-1)).length > 0, true);
    assert.deepEqual(applyChanges(states[0], diffLayers(states[0], states.at(-1))), states.at(-1));
  }
});

test("a 5,000-move history saved as JSON stays under 100 KB", () => {
  const { moves } = randomGame(7, 5000);
  let history = { moves: [], at: 0 };
  for (const changes of moves) history = pushMove(history, encodeMove({ kind: "digit", changes }));
  const bytes = JSON.stringify(history).length;
  console.log(`5000-move history: ${(bytes / 1024).toFixed(1)} KB`);
  assert.ok(bytes < 100 * 1024, `${bytes} bytes`);
  assert.equal(historyProblem(history), "");
});

test("stored marks, moves and histories are checked strictly", () => {
  assert.equal(marksProblem("0:12 80:9"), "");
  assert.match(marksProblem("81:1"), /not a cell/);
  assert.match(marksProblem("0:0"), /not a cell/);
  assert.match(marksProblem(5), /not text/);
  assert.equal(formatMarks(parseMarks("3:21 3:3 x 90:1")), "3:123");
  for (const bad of ["", "d", "dAA", "zAAA", "dA!A", 7, null]) assert.equal(decodeMove(bad), null, String(bad));
  assert.equal(decodeMove("dAAA"), null, "a change of nothing");
  assert.match(historyProblem({ moves: ["dAAB"], at: 2 }), /position/);
  assert.match(historyProblem({ moves: ["d!!!"], at: 0 }), /move 1/);
  assert.equal(historyProblem({ moves: [], at: 0 }), "");
});

const RECORD = {
  schema: 2, id: "g1", givens: PUZZLE, entries: EMPTY, mode: "play", rev: 1,
  createdAt: "2026-01-01T00:00:00.000Z", savedAt: "2026-01-01T00:00:00.000Z",
  play: { corner: "", centre: "", colours: "", history: { moves: [], at: 0 }, ms: 0, hints: 0, reveals: 0, undos: 0, solved: false },
};

test("saved games: schema 1 reads with no marks; bad marks or a bad history refuse the record (kept as it is)", () => {
  const { play, ...old } = RECORD;
  const v1 = readRecord({ ...old, schema: 1 });
  assert.ok(v1.ok);
  assert.equal(v1.record.play.history.moves.length, 0);
  assert.equal(readRecord({ ...RECORD, play: { ...play, centre: "99:1" } }).ok, false);
  assert.equal(readRecord({ ...RECORD, play: { ...play, ms: -1 } }).ok, false);
  // an entry on a given at the history's start: the history cannot lead here
  const onGiven = encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell: 2, xor: 9 }] });
  const refused = readRecord({ ...RECORD, play: { ...play, history: { moves: [onGiven], at: 1 } } });
  assert.equal(refused.ok, false);
  assert.match(refused.problem, /history does not lead/);
  // a change to a "digit" above 9 (0 ^ 12) in the redo part: refused, not an 82-character grid
  const twelve = encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell: 5, xor: 12 }] });
  assert.equal(readRecord({ ...RECORD, play: { ...play, history: { moves: [twelve], at: 0 } } }).ok, false);
  assert.equal(applyChanges(layersOf(PUZZLE, EMPTY), [{ layer: LAYER.entry, cell: 5, xor: 12 }]).entries.length, 81);
  assert.equal(layersAreSound(applyChanges(layersOf(PUZZLE, EMPTY), [{ layer: LAYER.entry, cell: 5, xor: 12 }])), false);
  // a damaged move: refused, never silently dropped
  assert.match(readRecord({ ...RECORD, play: { ...play, history: { moves: ["d!!!"], at: 1 } } }).problem, /history is unreadable/);
  const good = encodeMove({ kind: "digit", changes: setEntries(layersOf(PUZZLE, EMPTY), "5" + EMPTY.slice(1)) });
  const kept = readRecord({ ...RECORD, entries: "5" + EMPTY.slice(1), play: { ...play, history: { moves: [good], at: 1 } } });
  assert.deepEqual(kept.record.play.history, { moves: [good], at: 1 });
  assert.equal(readRecord({ ...RECORD, schema: 3 }).newer, true);
  assert.match(gameProblem(PUZZLE, "..5" + EMPTY.slice(3)), /r1c3/);
});

test("a 5,000-move history is checked quickly (in place)", () => {
  const { states, moves } = randomGame(11, 5000);
  const history = { moves: moves.map((changes) => encodeMove({ kind: "digit", changes })), at: 5000 };
  const last = states.at(-1);
  const record = {
    ...RECORD, entries: last.entries,
    play: { ...RECORD.play, corner: formatMarks(last.corner), centre: formatMarks(last.centre), colours: formatMarks(last.colours), history },
  };
  const start = performance.now();
  const read = readRecord(record);
  const ms = performance.now() - start;
  console.log(`reading a 5000-move record: ${ms.toFixed(1)} ms`);
  assert.ok(read.ok, read.problem);
});

test("two tabs' marks merge cell by cell; the merge is one undoable move; help counts add up", () => {
  const base = { givens: PUZZLE, entries: EMPTY, mode: "play", info: null, play: RECORD.play };
  const mine = { ...base, play: { ...RECORD.play, corner: "0:1", history: pushMove(RECORD.play.history, "cAAB") } };
  const stored = { ...base, entries: "." + "1" + EMPTY.slice(2), play: { ...RECORD.play, centre: "5:23", ms: 5000 } };
  const merged = mergeGames(base, mine, stored);
  assert.equal(merged.play.corner, "0:1");
  assert.equal(merged.play.centre, "5:23");
  assert.equal(merged.entries[1], "1");
  assert.equal(merged.play.ms, 5000);
  const counts = mergeGames(
    { ...base, play: { ...RECORD.play, hints: 1 } }, { ...base, play: { ...RECORD.play, hints: 3 } }, { ...base, play: { ...RECORD.play, hints: 4 } },
  );
  assert.equal(counts.play.hints, 6, "2 hints in one tab and 3 in the other, after 1 before");
  assert.equal(merged.play.history.at, 2);
  const back = decodeMove(merged.play.history.moves[1]);
  assert.equal(back.kind, "merge");
  const undone = applyChanges(
    { givens: PUZZLE, entries: merged.entries, corner: parseMarks("0:1"), centre: parseMarks("5:23"), colours: parseMarks("") },
    back.changes,
  );
  assert.equal(undone.entries, EMPTY);
  assert.equal(formatMarks(undone.centre), "");
});
