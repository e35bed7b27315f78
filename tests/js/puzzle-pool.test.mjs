// The pool behind an instant New puzzle (web/puzzles/puzzle-pool.js): every visitor gets the
// shipped puzzles in an order of their own, kept across visits (nothing comes twice), and fresh
// puzzles are made from random seeds. The randomness is given here, so each case is exact.
// Run by tests/test_web_modules.py.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { POOL_KEY, PuzzlePool, seededRandom, shippedOrder } from "../../web/puzzles/puzzle-pool.js";

const SHIPPED = readFileSync(new URL("../../web/puzzles/puzzle-pool.json", import.meta.url), "utf8");
const URL_OF_POOL = `data:application/json,${encodeURIComponent(SHIPPED)}`;
const ENTRIES = JSON.parse(SHIPPED).puzzles;
const LEVELS = ["easy", "medium", "hard", "unfair", "extreme"];

/** A localStorage of this test's own (storage.js reads globalThis.localStorage when called). */
function useStorage(initial = {}) {
  const items = new Map(Object.entries(initial));
  globalThis.localStorage = {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    key: (i) => [...items.keys()][i] ?? null,
    get length() { return items.size; },
  };
  return items;
}

async function pool(seed) {
  const made = new PuzzlePool(URL_OF_POOL, { random: seededRandom(seed) });
  await made.loaded;
  return made;
}

test("the shipped pool has several puzzles per level (else every visitor's first would be the same)", () => {
  for (const level of LEVELS) assert.ok(ENTRIES.filter((e) => e.level === level).length >= 5, level);
});

test("each kind's order is a permutation, fixed by the visitor's number, its own per level", () => {
  for (const level of LEVELS) {
    const kind = ENTRIES.filter((e) => e.level === level && e.symmetry === "none");
    const order = shippedOrder(ENTRIES, 12345, level, "none");
    assert.deepEqual([...order].sort((a, b) => a.seed - b.seed), kind);
    assert.deepEqual(shippedOrder(ENTRIES, 12345, level, "none"), order);
  }
  const firsts = new Set(Array.from({ length: 40 }, (_, n) => shippedOrder(ENTRIES, n * 7919, "hard", "none")[0].seed));
  assert.ok(firsts.size >= 5, `40 visitors, ${firsts.size} different first Hard puzzles`);
});

test("two visitors get different first puzzles; one visitor never gets one twice", async () => {
  useStorage();
  const a = await pool(1);
  useStorage();
  const b = await pool(2);
  const firstsA = LEVELS.map((level) => a.take(level, "none").seed);
  const firstsB = LEVELS.map((level) => b.take(level, "none").seed);
  assert.notDeepEqual(firstsA, firstsB);
  const taken = new Set(firstsA.slice(0, 1));
  for (let i = 1; i < 10; i++) {
    const entry = a.take("easy", "none");
    assert.ok(entry && !taken.has(entry.puzzle), "no repeat");
    taken.add(entry.puzzle);
  }
  assert.equal(a.take("easy", "none"), null, "all ten handed out");
});

test("the order is kept in storage: a reload continues it, with no repeat", async () => {
  const items = useStorage();
  const first = await pool(3);
  const seeds = [first.take("hard", "none").seed, first.take("hard", "none").seed];
  const stored = JSON.parse(items.get(POOL_KEY));
  assert.ok(Number.isInteger(stored.order));
  const again = await pool(99); // another random source: the stored order wins
  const next = again.take("hard", "none").seed;
  const expected = shippedOrder(ENTRIES, stored.order, "hard", "none").map((e) => e.seed);
  assert.deepEqual([...seeds, next], expected.slice(0, 3));
});

test("a record kept before the order existed gets one, and keeps what was handed out", async () => {
  const used = [ENTRIES[0].puzzle];
  const items = useStorage({ [POOL_KEY]: JSON.stringify({ v: 1, used, fresh: [], owed: {} }) });
  const made = await pool(4);
  for (let i = 0; i < 9; i++) assert.notEqual(made.take(ENTRIES[0].level, "none").puzzle, ENTRIES[0].puzzle);
  assert.ok(Number.isInteger(JSON.parse(items.get(POOL_KEY)).order));
});

test("fresh puzzles are made from random seeds", async () => {
  useStorage();
  const made = await pool(5);
  const seeds = new Set(Array.from({ length: 20 }, () => made.newSeed()));
  assert.equal(seeds.size, 20);
  for (const seed of seeds) assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32);
  const same = await pool(5);
  assert.equal(same.newSeed(), [...seeds][0], "given the same randomness, the same seeds");
});

test("fresh puzzles read from storage are handed out only once the engine made them again", async () => {
  // a stored "Hard, score 1300" of 34 clues with several solutions (the shape is all storage checks)
  const several = ENTRIES.find((e) => e.level === "easy").puzzle.replace(/[1-9]/, ".");
  const claim = { seed: 424242, level: "hard", score: 1300, givens: several.replace(/\./g, "").length, symmetry: "none", puzzle: several };
  const made = { ...ENTRIES.find((e) => e.level === "hard" && e.symmetry === "none"), score: 1234 };
  const real = { ...made, score: 1 };
  useStorage({ [POOL_KEY]: JSON.stringify({ v: 1, used: [], fresh: [claim, real], owed: {}, order: 7 }) });
  const p = await pool(1);
  const before = p.available("hard", "none");
  assert.notEqual(p.take("hard", "none").puzzle, several, "an unchecked one is never handed out");
  const first = p.uncheckedFresh();
  assert.deepEqual(first, claim);
  p.checkedFresh(first, null); // the engine could not make it again: dropped, another owed
  assert.deepEqual(p.wanted(), { level: "hard", symmetry: "none" });
  const second = p.uncheckedFresh();
  assert.deepEqual(second, real);
  p.checkedFresh(second, { puzzle: made.puzzle, level: "hard", score: 1234 }); // made again: kept, its score found here
  assert.equal(p.uncheckedFresh(), null);
  assert.equal(p.available("hard", "none"), before - 1 + 1, "the checked one can be handed out now");
  const served = p.take("hard", "none");
  assert.deepEqual([served.puzzle, served.score], [made.puzzle, 1234]);
});
