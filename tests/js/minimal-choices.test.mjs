// Make minimal…'s choices in words (web/puzzles/minimal-choices.js): each once, labels that tell
// choices apart by the givens they remove, their symmetry and level. Run by tests/test_web_modules.py.

import assert from "node:assert/strict";
import { test } from "node:test";

import { choiceLabel, minimalChoices } from "../../web/puzzles/minimal-choices.js";

const A = { puzzle: "a".repeat(81), givens: 24, removed: [3, 5, 37, 40], symmetry: [] };
const B = { puzzle: "b".repeat(81), givens: 24, removed: [3, 5, 37, 44], symmetry: [] };
const C = { puzzle: "c".repeat(81), givens: 26, removed: [3, 5], symmetry: ["rot180", "diagonal"] };

test("choices with as many givens read differently: the givens they remove that set them apart come first", () => {
  const [a, b] = minimalChoices([A, B]);
  assert.equal(a.label, "24 givens · no symmetry · removes r5c5, r1c4, r1c6, r5c2");
  assert.equal(b.label, "24 givens · no symmetry · removes r5c9, r1c4, r1c6, r5c2");
  assert.notEqual(a.label, b.label);
  assert.deepEqual(a.removed, [40, 3, 5, 37]);
});

test("the same puzzle is offered once; the symmetry in words; many removed givens are counted", () => {
  const offered = minimalChoices([A, C, { ...A }]);
  assert.deepEqual(offered.map((o) => o.choice.puzzle), [A.puzzle, C.puzzle]);
  assert.equal(offered[1].label, "26 givens · 180° rotation · removes r1c4, r1c6");
  const many = { ...A, removed: [0, 1, 2, 3, 4, 5, 6] };
  assert.equal(minimalChoices([many])[0].label, "24 givens · no symmetry · removes r1c1, r1c2, r1c3, r1c4 and 3 more");
});

test("the level, once graded, comes after the number of givens", () => {
  assert.equal(choiceLabel(C, [3, 5], "hard"), "26 givens · Hard · 180° rotation · removes r1c4, r1c6");
});
