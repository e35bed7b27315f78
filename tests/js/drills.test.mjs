// Practise a technique's pure parts (web/train/): the shipped pack read and checked, answers
// judged against the step, the record per technique read from untrusted storage and the weakest
// techniques picked. Run by tests/test_web_modules.py.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { bit, maskDigits } from "../../web/board/cell-layers.js";
import { EMPTY } from "../../web/board/grid.js";
import { feedbackDrawing, isSingleOfKind, judge } from "../../web/train/drill-answer.js";
import { pickDrill, readCandidates, readDrill, readPack } from "../../web/train/drill-pack.js";
import { knowledge, readStats, recordAnswer, statsWords, storedStats, weakest } from "../../web/train/drill-stats.js";

const RAW = JSON.parse(readFileSync(new URL("../../web/train/drill-pack.json", import.meta.url), "utf8"));
const PACK = readPack(RAW);
const first = (technique) => PACK.drills.find((d) => d.technique === technique);
const raw = (technique) => RAW.drills.find((d) => d.technique === technique);

/** The board's layers after the player makes a drill's step exactly. */
function answered(drill, { skip = 0, strike = [], place = [] } = {}) {
  let entries = EMPTY.repeat(81).split("");
  const centre = [...drill.candidates];
  for (const { cell, digit } of drill.step.placements) entries[cell] = String(digit);
  for (const { cell, digit } of drill.step.eliminations.slice(skip)) centre[cell] &= ~bit(digit);
  for (const { cell, digit } of strike) centre[cell] &= ~bit(digit);
  for (const { cell, digit } of place) entries[cell] = String(digit);
  return { entries: entries.join(""), centre };
}

test("every drill of the shipped pack reads well, and every technique up to Unfair is named", () => {
  assert.equal(PACK.drills.length, RAW.drills.length);
  assert.ok(PACK.drills.length >= 1000, `${PACK.drills.length} drills`);
  const names = PACK.techniques.map((t) => t.name);
  for (const name of ["Full House", "Hidden Single", "X-Wing", "XY-Wing", "Skyscraper", "ALS-XZ", "Nice Loop/AIC"]) {
    assert.ok(names.includes(name), name);
    assert.ok(PACK.techniques.find((t) => t.name === name).count >= 3, name);
  }
  assert.ok(!names.includes("Forcing Chain") && !names.includes("Trial and Error"));
});

test("a drill that does not hold together is left out", () => {
  const good = raw("X-Wing");
  assert.ok(readDrill(good));
  assert.deepEqual(readDrill({ ...good, candidates: good.candidates.split(",") }), readDrill(good)); // the engine's form
  const solution = good.solution;
  const other = solution[0] === "1" ? "2" : "1";
  const bad = [
    null, "text", { ...good, technique: "Y-Wing" }, { ...good, level: "extreme" },
    { ...good, solution: other + solution.slice(1) }, // the digits disagree with it (or a given does)
    { ...good, candidates: good.candidates.split(",").slice(1).join(",") },
    { ...good, candidates: "9".repeat(81).split("").join(",") }, // candidates where digits are
    { ...good, step: { ...good.step, eliminations: [{ cell: 99, digit: 1 }] } },
    { ...good, step: { ...good.step, eliminations: [], placements: [] } },
  ];
  for (const item of bad) assert.equal(readDrill(item), null, JSON.stringify(item)?.slice(0, 80));
  assert.deepEqual(readPack({ v: 2, techniques: [], drills: [good] }).drills, []);
  assert.equal(readCandidates("1,2"), null);
});

test("the step's effect, exactly, is right; nothing done is not judged", () => {
  for (const technique of ["X-Wing", "Naked Pair", "Hidden Single", "Skyscraper"]) {
    const drill = first(technique);
    const { entries, centre } = answered(drill);
    const verdict = judge(drill, entries, centre);
    assert.equal(verdict.state, "right", `${technique}: ${verdict.words}`);
  }
  const drill = first("X-Wing");
  assert.equal(judge(drill, EMPTY.repeat(81), [...drill.candidates]).state, "empty");
});

test("the verdict says the step in words; its notation is kept apart, for the disclosure", () => {
  const drill = first("X-Wing");
  assert.ok(drill.step.summary, "the pack's steps carry their words");
  const { entries, centre } = answered(drill);
  const right = judge(drill, entries, centre);
  assert.equal(right.words, `Right. ${drill.step.summary}.`);
  assert.equal(right.notation, drill.step.text);
  assert.ok(!right.words.includes(drill.step.text));
  const missed = answered(drill, { skip: 1 });
  const wrong = judge(drill, missed.entries, missed.centre);
  assert.ok(wrong.words.endsWith(`The step is ${drill.step.summary}.`), wrong.words);
  assert.equal(wrong.notation, drill.step.text);
  assert.equal(judge(drill, EMPTY.repeat(81), [...drill.candidates]).notation, "");
});

test("a missed elimination, a true candidate struck, a placed digit: each said and flagged", () => {
  const drill = PACK.drills.find((d) => d.technique === "X-Wing" && d.step.eliminations.length >= 2);
  const missed = answered(drill, { skip: 1 });
  const one = judge(drill, missed.entries, missed.centre);
  assert.equal(one.state, "wrong");
  assert.deepEqual(one.missed, [{ cell: drill.step.eliminations[0].cell, digit: drill.step.eliminations[0].digit }]);
  assert.match(one.words, /Missed: \d in r\dc\d/);
  // strike the solution's digit somewhere empty
  const cell = [...drill.digits].findIndex((c, i) => c === EMPTY && drill.candidates[i] !== bit(Number(drill.solution[i])));
  const truth = { cell, digit: Number(drill.solution[cell]) };
  const wrong = answered(drill, { strike: [truth] });
  const two = judge(drill, wrong.entries, wrong.centre);
  assert.deepEqual(two.wrong, [truth]);
  assert.match(two.words, /the solution needs it/);
  const drawing = feedbackDrawing(two);
  assert.deepEqual(drawing.flagged, [cell]);
  const eliminated = drawing.highlight.candidates.filter((c) => c.role === "eliminate");
  assert.equal(eliminated.length, drill.step.eliminations.length);
  // a right digit placed instead of striking: true, but not this step's
  const placed = answered(drill, { place: [truth] });
  const three = judge(drill, placed.entries, placed.centre);
  assert.deepEqual(three.extra, [truth]);
  assert.match(three.words, /Not this step's/);
});

/** The board's layers after the player strikes `step`'s eliminations (all, or `take` of them). */
function struckOnly(drill, step, take = step.eliminations.length) {
  const centre = [...drill.candidates];
  for (const { cell, digit } of step.eliminations.slice(0, take)) centre[cell] &= ~bit(digit);
  return { entries: EMPTY.repeat(81), centre };
}

test("every instance of the technique in the position is right, named and drawn", () => {
  const many = PACK.drills.filter((d) => d.others.length && !d.step.placements.length);
  assert.ok(many.length >= 10, `${many.length} drills with more than one instance`);
  for (const drill of many) {
    for (const other of drill.others) {
      const { entries, centre } = struckOnly(drill, other);
      const verdict = judge(drill, entries, centre);
      assert.equal(verdict.state, "right", `${drill.technique}: ${verdict.words}`);
      assert.equal(verdict.words, `Right. ${other.summary}.`);
      assert.equal(verdict.notation, other.text);
      assert.equal(verdict.step, other);
      const drawn = feedbackDrawing(verdict).highlight.candidates.filter((c) => c.role === "eliminate");
      assert.equal(drawn.length, other.eliminations.length);
    }
    const own = judge(drill, ...Object.values(struckOnly(drill, drill.step)));
    assert.equal(own.state, "right");
    assert.equal(own.step, drill.step);
  }
});

test("part of another instance's eliminations: what it missed is said, of that instance", () => {
  // an instance, not the step, with two eliminations, its first one no other instance's
  const own = (d, o) => o.eliminations.length >= 2 && [d.step, ...d.others].every((x) => x === o
    || !x.eliminations.some((e) => e.cell === o.eliminations[0].cell && e.digit === o.eliminations[0].digit));
  const drill = PACK.drills.find((d) => d.others.some((o) => own(d, o)));
  assert.ok(drill, "a drill whose other instance makes two eliminations");
  const other = drill.others.find((o) => own(drill, o));
  const { entries, centre } = struckOnly(drill, other, 1);
  const verdict = judge(drill, entries, centre);
  assert.equal(verdict.state, "wrong");
  assert.equal(verdict.step, other);
  assert.deepEqual(verdict.missed, other.eliminations.slice(1).map(({ cell, digit }) => ({ cell, digit })));
  assert.deepEqual(verdict.extra, []);
  assert.ok(verdict.words.endsWith(`The step is ${other.summary}.`), verdict.words);
});

test("a drill's other instances are checked as its step is; the techniques never drilled are read", () => {
  const good = RAW.drills.find((d) => d.others);
  assert.ok(readDrill(good));
  assert.equal(readDrill({ ...good, others: "x" }), null);
  assert.equal(readDrill({ ...good, others: [{ ...good.others[0], technique: "Y-Wing" }] }), null);
  assert.equal(readDrill({ ...good, others: [{ ...good.others[0], eliminations: [{ cell: 99, digit: 1 }] }] }), null);
  assert.deepEqual(readDrill({ ...good, others: undefined }).others, []);
  assert.deepEqual(PACK.never.map((t) => t.name), ["Franken X-Wing"]);
  assert.match(PACK.never[0].why, /never the next step/);
  assert.ok(!PACK.techniques.some((t) => t.name === "Franken X-Wing"));
  assert.deepEqual(readPack({ ...RAW, never: [["X-Wing", "hard", "no"], [1, "hard", "no"]] }).never, []);
});

test("a single may be any single of the same kind", () => {
  const drill = first("Hidden Single");
  const own = drill.step.placements[0];
  assert.ok(isSingleOfKind(drill, own, "Hidden Single"));
  for (let cell = 0; cell < 81; cell++) {
    if (drill.digits[cell] !== EMPTY || cell === own.cell) continue;
    const digit = Number(drill.solution[cell]);
    const entries = EMPTY.repeat(cell) + digit + EMPTY.repeat(80 - cell);
    const verdict = judge(drill, entries, [...drill.candidates]);
    assert.equal(verdict.state, isSingleOfKind(drill, { cell, digit }, "Hidden Single") ? "right" : "wrong", `r${Math.floor(cell / 9) + 1}c${cell % 9 + 1}`);
  }
  const naked = first("Naked Single");
  const { cell, digit } = naked.step.placements[0];
  assert.deepEqual(maskDigits(naked.candidates[cell]), [digit]);
});

test("pickDrill keeps away from the positions shown lately", () => {
  const all = PACK.drills.filter((d) => d.technique === "X-Wing");
  const recent = all.slice(1).map((d) => d.digits);
  assert.equal(pickDrill(PACK, "X-Wing", () => 0.99, recent), all[0]);
  assert.equal(pickDrill(PACK, "No Such Wing", Math.random), null);
});

test("the record is read from untrusted storage: what is unsound is dropped", () => {
  const known = ["X-Wing", "XY-Wing", "Skyscraper"];
  const stored = {
    v: 1,
    techniques: {
      "X-Wing": { tries: 5, right: 3, streak: 2, best: 3 },
      "XY-Wing": { tries: 2, right: 3, streak: 0, best: 0 }, // more right than tries
      Skyscraper: { tries: -1, right: 0, streak: 0, best: 0 },
      "Made Up": { tries: 1, right: 1, streak: 1, best: 1 },
      __proto__: { tries: 1, right: 1, streak: 1, best: 1 },
    },
  };
  assert.deepEqual(readStats(stored, known), { "X-Wing": { tries: 5, right: 3, streak: 2, best: 3 } });
  for (const junk of [null, 5, "x", [], { v: 2, techniques: {} }, { v: 1, techniques: null }]) assert.deepEqual(readStats(junk, known), {});
  assert.deepEqual(readStats(JSON.parse(JSON.stringify(storedStats(readStats(stored, known))))), readStats(stored, known));
});

test("answers make streaks and rates; mixed picks the weakest, not the last one again", () => {
  let stats = {};
  for (const right of [true, true, false, true]) stats = recordAnswer(stats, "X-Wing", right);
  assert.deepEqual(stats["X-Wing"], { tries: 4, right: 3, streak: 1, best: 2 });
  assert.equal(statsWords(stats["X-Wing"]), "Streak 1 (best 2) · 3 of 4 right (75%).");
  assert.equal(statsWords(undefined), "Not tried yet.");
  stats = recordAnswer(recordAnswer(stats, "Skyscraper", false), "Skyscraper", false);
  stats = recordAnswer(stats, "XY-Wing", true);
  assert.ok(knowledge(stats.Skyscraper) < knowledge(undefined));
  const names = ["X-Wing", "XY-Wing", "Skyscraper", "Swordfish"];
  assert.equal(weakest(stats, names, () => 0, "", 1), "Skyscraper");
  assert.equal(weakest(stats, names, () => 0, "Skyscraper", 1), "Swordfish"); // never tried: half known
  assert.equal(weakest({}, ["Only"], () => 0.5, "Only"), "Only");
});
