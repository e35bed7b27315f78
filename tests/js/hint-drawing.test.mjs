// What a hint draws, says and changes (web/teach/hint-drawing.js, no DOM) under Node's own test
// runner: the highlight at each level, the drawing in words, Apply's changes, and the candidates
// sent to the engine. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { applyChanges, bit, candidateMasks, layersOf } from "../../web/board/cell-layers.js";
import {
  applyLabel, canApply, drawingWords, eraseChanges, highlightFor, hintSubject, hintWords, levelCount, playerCandidates, removalChanges,
  restoreChanges, stepChanges,
} from "../../web/teach/hint-drawing.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);

/** A step as the engine sends it, with only what a test sets filled in. */
function step(fields) {
  return {
    technique: "Naked Single", text: "Naked Single: r1c1=5", placements: [], eliminations: [],
    cells: [], candidates: [], units: [], links: [], base: [], cover: [], fins: [], colours: [], als: [],
    ...fields,
  };
}

/** A hint of kind "step" around `s`. */
function hintOf(s) {
  return {
    kind: "step", message: s.text, mistakes: [], missing: [], remove: [], step: s,
    levels: { nudge: "Look at row 1.", pattern: "A Naked Single in r1c1.", effect: "r1c1 can only be 5." },
  };
}

test("level 1 outlines the step's houses (its cells when it names none) and shows no digit", () => {
  const single = step({ units: ["row 1"], cells: [0], candidates: [[0, 5]], placements: [{ cell: 0, digit: 5 }] });
  assert.deepEqual(highlightFor(hintOf(single), 1), { houses: ["row 1"] });
  const noHouse = step({ cells: [0, 1] });
  assert.deepEqual(highlightFor(hintOf(noHouse), 1), { cells: [0, 1] });
});

test("level 2 draws the pattern; level 3 adds what it eliminates and places", () => {
  const s = step({
    units: ["row 1"], cells: [0], candidates: [[0, 5], [1, 5]],
    eliminations: [{ cell: 1, digit: 5 }], placements: [{ cell: 0, digit: 5 }],
  });
  const pattern = highlightFor(hintOf(s), 2);
  assert.deepEqual(pattern.candidates, [{ cell: 1, digit: 5, role: "pattern" }], "the digit placed waits for level 3");
  const effect = highlightFor(hintOf(s), 3);
  assert.deepEqual(effect.candidates, [
    { cell: 0, digit: 5, role: "place" },
    { cell: 1, digit: 5, role: "eliminate" },
  ]);
  assert.equal(canApply(hintOf(s), 2), false);
  assert.equal(canApply(hintOf(s), 3), true);
});

test("a Naked Single's pattern is its cell's row, column and box, without the digit", () => {
  const single = step({ units: ["box 5"], cells: [39], candidates: [[39, 3]], placements: [{ cell: 39, digit: 3 }] });
  const pattern = highlightFor(hintOf(single), 2);
  assert.deepEqual(pattern.houses, ["row 5", "column 4", "box 5"]);
  assert.deepEqual(pattern.cells, [39]);
  assert.deepEqual(pattern.candidates, []);
  assert.deepEqual(highlightFor(hintOf(single), 3).candidates, [{ cell: 39, digit: 3, role: "place" }]);
});

test("a fish's base and cover are drawn as such, not as plain houses; coloured cells are not tinted twice", () => {
  const fish = step({
    technique: "X-Wing", units: ["row 1", "row 4", "column 2"], base: ["row 1", "row 4"], cover: ["column 2"],
    cells: [1, 28, 40], colours: [[40]], fins: [2],
  });
  const drawn = highlightFor(hintOf(fish), 2);
  assert.deepEqual(drawn.houses, []);
  assert.deepEqual(drawn.base, ["row 1", "row 4"]);
  assert.deepEqual(drawn.cover, ["column 2"]);
  assert.deepEqual(drawn.cells, [1, 28]);
  assert.deepEqual(drawn.fins, [2]);
  const words = drawingWords(fish);
  assert.match(words, /^Base: row 1, row 4 \(solid outline\)\. Cover: column 2 \(dashed outline\)\. Fin: r1c3\./);
  assert.match(words, /Colour A \(filled\): r5c5\./);
  // the words follow the level's text from the pattern level on, never at the nudge
  assert.equal(hintWords(hintOf(fish), 1), "Look at row 1.");
  assert.equal(hintWords(hintOf(fish), 2), `A Naked Single in r1c1. ${words}`);
});

test("a wrong digit is hinted in three levels: its row, its cell, then Apply removes it", () => {
  const mistake = {
    ...hintOf(step({})), kind: "mistake", message: "r1c6: this digit is wrong", mistakes: [{ cell: 5, name: "r1c6" }], step: null,
    levels: {
      nudge: "A digit you placed in row 1 is wrong.",
      pattern: "The digit in r1c6 is wrong.",
      effect: "Remove the 6 from r1c6: the solution has another digit there.",
    },
  };
  assert.equal(levelCount(mistake), 3);
  assert.deepEqual(highlightFor(mistake, 1), { houses: ["row 1"] }); // not the cell yet
  assert.deepEqual(highlightFor(mistake, 2), { cells: [5] });
  assert.equal(hintWords(mistake, 1), mistake.levels.nudge);
  assert.equal(hintWords(mistake, 2), mistake.levels.pattern);
  assert.equal(canApply(mistake, 2), false);
  assert.equal(canApply(mistake, 3), true);
  assert.equal(applyLabel(mistake), "Remove it"); // the button says what it does
  assert.equal(applyLabel({ ...mistake, mistakes: [...mistake.mistakes, ...mistake.mistakes] }), "Remove them");
  // Apply erases the wrong digit, and nothing else (its marks stay as they were)
  const entries = `.....6${".".repeat(75)}`;
  const before = { ...layersOf(EMPTY, entries), centre: Array(81).fill(0) };
  before.centre[7] = bit(4);
  const after = applyChanges(before, eraseChanges(mistake, before));
  assert.equal(after.entries, EMPTY);
  assert.deepEqual(after.centre, before.centre);
});

test("a hint is one hint whatever its level: its subject is the same, another step's is not", () => {
  const single = step({ units: ["row 1"], cells: [0], placements: [{ cell: 0, digit: 5 }] });
  const again = step({ units: ["row 1"], cells: [0], placements: [{ cell: 0, digit: 5 }], text: "said again" });
  const other = step({ units: ["row 2"], cells: [9], placements: [{ cell: 9, digit: 5 }] });
  assert.equal(hintSubject(hintOf(single)), hintSubject(hintOf(again)));
  assert.notEqual(hintSubject(hintOf(single)), hintSubject(hintOf(other)));
  const mistake = { ...hintOf(single), kind: "mistake", mistakes: [{ cell: 0, name: "r1c1" }], step: null };
  assert.notEqual(hintSubject(mistake), hintSubject(hintOf(single)));
});

test("a missing candidate is drawn unit first, then the cell, its digit only at the last level", () => {
  const missing = {
    ...hintOf(step({})), kind: "missing_candidate", message: "A candidate needed in row 1 has been removed.",
    missing: [{ cell: 3, name: "r1c4", digit: 6, unit: "row 1" }],
    levels: {
      nudge: "A candidate needed in row 1 has been removed.",
      pattern: "A candidate needed in row 1 has been removed from r1c4.",
      effect: "Put 6 back in r1c4: it is the only place for 6 in row 1.",
    },
  };
  assert.equal(levelCount(missing), 3);
  assert.deepEqual(highlightFor(missing, 1), { houses: ["row 1"] });
  assert.deepEqual(highlightFor(missing, 2), { houses: ["row 1"], cells: [3] });
  assert.deepEqual(highlightFor(missing, 3), { houses: ["row 1"], cells: [3], candidates: [{ cell: 3, digit: 6, role: "pattern" }] });
  assert.equal(hintWords(missing, 1), missing.levels.nudge);
  assert.equal(hintWords(missing, 3), missing.levels.effect);
  assert.equal(canApply(missing, 2), false);
  assert.equal(canApply(missing, 3), true);
  assert.equal(applyLabel(missing), "Put it back");
  // Apply puts the digit back into the cell's centre marks, and nothing else
  const before = { ...layersOf(PUZZLE, EMPTY), centre: Array(81).fill(0) };
  before.centre[3] = bit(2) | bit(5);
  const after = applyChanges(before, restoreChanges(missing, before));
  assert.equal(after.centre[3], bit(2) | bit(5) | bit(6));
  assert.deepEqual(after.centre.filter((m, cell) => cell !== 3 && m), []);
});

test("Apply takes eliminations out of the marks (filling a cell's candidates first) and writes placements", () => {
  const before = layersOf(PUZZLE, EMPTY);
  const s = step({ eliminations: [{ cell: 0, digit: 3 }], placements: [{ cell: 1, digit: 1 }] });
  const after = applyChanges(before, stepChanges(s, before, { clearPeerMarks: true, keepCandidates: false }));
  const computed = candidateMasks(PUZZLE, EMPTY);
  assert.equal(after.centre[0], computed[0] & ~bit(3) & ~bit(1)); // 1 placed in its row: a peer's mark goes
  assert.equal(after.entries[1], "1");
  assert.equal(after.givens, PUZZLE);
});

test("a remove-first hint takes the named marks out of the centre and corner marks only", () => {
  const before = { ...layersOf(PUZZLE, EMPTY), centre: Array(81).fill(0), corner: Array(81).fill(0) };
  before.centre[0] = bit(3) | bit(5);
  before.corner[0] = bit(3);
  const hint = { ...hintOf(step({})), kind: "remove_first", remove: [{ cell: 0, digit: 3, name: "r1c1", seen: 2, seen_name: "r1c3" }] };
  const after = applyChanges(before, removalChanges(hint, before));
  assert.equal(after.centre[0], bit(5));
  assert.equal(after.corner[0], 0);
  assert.equal(canApply(hint, 1), true);
});

test("the engine is sent the player's centre marks only when some empty cell has them", () => {
  assert.equal(playerCandidates({ givens: PUZZLE, entries: EMPTY, centre: "" }), undefined);
  const sent = playerCandidates({ givens: PUZZLE, entries: EMPTY, centre: "0:15" });
  assert.equal(sent.length, 81);
  assert.equal(sent[0], "15"); // the player's marks where a cell has some
  assert.equal(sent[2], ""); // a given
  const computed = candidateMasks(PUZZLE, EMPTY);
  const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => computed[1] & bit(d)).join("");
  assert.equal(sent[1], digits); // the rules' candidates where it has none
});
