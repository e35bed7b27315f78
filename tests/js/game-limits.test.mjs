// The saved game's limits (game-record.js, move-history.js): what the page writes is always what
// its reader takes (the history cut at MAX_MOVES, counts saturated), and a record over a limit,
// written by an older page, is repaired as it is read, never refused. Run by
// tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { LAYER, encodeMove } from "../../web/board/cell-layers.js";
import { fitPlay, newPlay, nextRev, readRecord } from "../../web/game/game-record.js";
import { MAX_MOVES, fitHistory, pushMove } from "../../web/game/move-history.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);
const LARGEST = Number.MAX_SAFE_INTEGER;

/** A colour toggled on and off in r1c1, `n` times: any number of moves, always sound. */
const toggles = (n) => Array.from({ length: n }, () => encodeMove({ kind: "colour", changes: [{ layer: LAYER.colour, cell: 0, xor: 1 }] }));
/** A digit 5 in r1c1 (an empty cell of PUZZLE). */
const FIVE = encodeMove({ kind: "digit", changes: [{ layer: LAYER.entry, cell: 0, xor: 5 }] });
const FIVE_ENTRIES = "5" + EMPTY.slice(1);

/** A stored record of PUZZLE with `play` over the defaults. */
const record = (play, extra = {}) => ({
  schema: 2, id: "g1", givens: PUZZLE, entries: EMPTY, mode: "play", rev: 1,
  createdAt: "2026-01-01T00:00:00.000Z", savedAt: "2026-01-01T00:00:00.000Z",
  play: { ...newPlay(), ...play }, ...extra,
});

test("a move at the history's limit drops the oldest: the record written is read back", () => {
  const full = { moves: toggles(MAX_MOVES), at: MAX_MOVES };
  const next = pushMove(full, FIVE);
  assert.equal(next.moves.length, MAX_MOVES);
  assert.equal(next.at, MAX_MOVES);
  assert.equal(next.moves.at(-1), FIVE);
  const read = readRecord(record({ history: next }, { entries: FIVE_ENTRIES }));
  assert.ok(read.ok, read.ok ? "" : read.problem);
  assert.equal(read.repaired, "");
  assert.equal(read.record.entries, FIVE_ENTRIES);
});

test("the writer saturates counts and the revision at the largest safe integer", () => {
  assert.equal(nextRev(LARGEST), LARGEST);
  assert.equal(nextRev(LARGEST - 1), LARGEST);
  assert.equal(nextRev(41), 42);
  const play = fitPlay({ ...newPlay(), ms: LARGEST + 5000, hints: LARGEST * 2, history: { moves: toggles(MAX_MOVES + 3), at: MAX_MOVES + 3 } });
  assert.equal(play.ms, LARGEST);
  assert.equal(play.hints, LARGEST);
  assert.equal(play.history.moves.length, MAX_MOVES);
  const read = readRecord(record(play, { rev: nextRev(LARGEST) }));
  assert.ok(read.ok);
  assert.equal(read.repaired, "");
  const same = newPlay();
  assert.equal(fitPlay(same), same, "a play state within the limits is not copied");
});

test("a record over a limit is repaired as it is read, never refused", () => {
  const long = readRecord(record({ history: { moves: [...toggles(MAX_MOVES + 1), FIVE], at: MAX_MOVES + 2 } }, { entries: FIVE_ENTRIES }));
  assert.ok(long.ok, long.ok ? "" : long.problem);
  assert.equal(long.record.play.history.moves.length, MAX_MOVES);
  assert.equal(long.record.play.history.at, MAX_MOVES);
  assert.equal(long.record.play.history.moves.at(-1), FIVE, "the latest moves are kept");
  assert.match(long.repaired, /dropped its oldest 2 moves/);
  const counted = readRecord(record({ ms: LARGEST + 1000, undos: 2 ** 60 }, { rev: LARGEST + 2 }));
  assert.ok(counted.ok, counted.ok ? "" : counted.problem);
  assert.equal(counted.record.rev, LARGEST);
  assert.equal(counted.record.play.ms, LARGEST);
  assert.equal(counted.record.play.undos, LARGEST);
  assert.match(counted.repaired, /revision.*time played.*undos/);
  // not counts at all: still refused (kept as they are)
  for (const bad of [Number.POSITIVE_INFINITY, Number.NaN, 1.5, -1, "7"]) {
    assert.equal(readRecord(record({ ms: bad })).ok, false, String(bad));
    assert.equal(readRecord(record({}, { rev: bad })).ok, false, String(bad));
  }
});

test("cutting a history keeps the moves that can be undone before those that can be redone", () => {
  const moves = Array.from({ length: MAX_MOVES + 10 }, (_, i) => i);
  assert.deepEqual(fitHistory({ moves: moves.slice(0, 5), at: 2 }), { moves: moves.slice(0, 5), at: 2 });
  // 4 redoable: they go first, then the 6 oldest
  const latest = fitHistory({ moves, at: MAX_MOVES + 6 });
  assert.equal(latest.moves[0], 6);
  assert.equal(latest.moves.at(-1), MAX_MOVES + 5);
  assert.equal(latest.at, MAX_MOVES);
  // at the start: the redo tail's end goes
  const early = fitHistory({ moves, at: 3 });
  assert.equal(early.moves[0], 0);
  assert.equal(early.moves.length, MAX_MOVES);
  assert.equal(early.at, 3);
  // a stored record whose redo tail is unsound past the limit: cut, the rest checked
  const tail = readRecord(record({ history: { moves: [...toggles(MAX_MOVES), "d!!!"], at: 0 } }));
  assert.ok(tail.ok, tail.ok ? "" : tail.problem);
});

test("a damaged optional field costs that field, never the game, and the repair says so", () => {
  const info = { puzzle: PUZZLE, seed: 7, symmetry: "none", source: "generated", level: "hard" };
  const kept = readRecord(record({}, { info }));
  assert.ok(kept.ok && kept.record.info?.level === "hard" && kept.repaired === "");
  assert.equal(readRecord(record({}, { info: null })).repaired, "", "no info is nothing to repair");
  for (const damaged of [{ ...info, puzzle: EMPTY }, { ...info, seed: -1 }, { puzzle: PUZZLE, source: "pool" }, "hard", 7]) {
    const read = readRecord(record({}, { info: damaged }));
    assert.ok(read.ok, read.ok ? "" : read.problem);
    assert.equal(read.record.info, undefined);
    assert.equal(read.repaired, "dropped its unreadable puzzle details (seed, level, score)", JSON.stringify(damaged));
  }
  // with the history's times: every repair said, in one note
  const both = readRecord(record({ history: { moves: [FIVE], at: 1, times: "soon" } }, { entries: FIVE_ENTRIES, info: 7, rev: LARGEST + 1 }));
  assert.ok(both.ok, both.ok ? "" : both.problem);
  assert.equal(both.repaired, "capped its revision; dropped its unreadable puzzle details (seed, level, score); dropped its move times (not one per move)");
});
