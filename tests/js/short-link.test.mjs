// The short link a booklet prints (web/puzzles/short-link.js): its codec on the vectors the
// library's codec is tested with (tests/test_short_link.py, which also compares the two over
// random grids), round trips, the page opening a short link with its level and seed as claims,
// and every bad code refused with its reason. Run by tests/test_web_modules.py.

import assert from "node:assert/strict";
import { test } from "node:test";

import { seededRandom } from "../../web/puzzles/puzzle-pool.js";
import { describeInfo } from "../../web/puzzles/puzzle-info.js";
import { gameFromLink } from "../../web/puzzles/share-link.js";
import { MAX_CODE_CHARS, readShortCode, shortCode, shortFragment } from "../../web/puzzles/short-link.js";

const PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EMPTY = ".".repeat(81);
const zeros = (grid) => grid.replaceAll(".", "0");

/** The same codes as tests/test_short_link.py's VECTORS. */
const VECTORS = [
  [EMPTY, "A"],
  ["1" + EMPTY.slice(1), "B"],
  [EMPTY.slice(1) + "1", "EAAAAAAAAAAAAA"],
  ["53" + EMPTY.slice(2), "EwAAAAAAAAAAAAD"],
  [PUZZLE, "CC_GgjzXW3b6OIR_GQnDCiMpiKGHIT"],
  ["123456789".repeat(9), "DZW3kXXeieq7nLGbvZDdft4d1h1UaAJ7vmIUuOoEKcn_____________"],
];

test("the fixed codes, both ways", () => {
  for (const [grid, code] of VECTORS) {
    assert.equal(shortCode(grid), code);
    assert.equal(shortCode(zeros(grid)), code, "0 and . are both empty");
    assert.deepEqual(readShortCode(code), { ok: true, grid: zeros(grid) });
  }
});

test("random grids round-trip in at most 81 + givens * log2(9) bits", () => {
  const next = seededRandom(28);
  for (let i = 0; i < 300; i++) {
    const share = next();
    const grid = Array.from({ length: 81 }, () => (next() < share ? String(1 + Math.floor(next() * 9)) : "0")).join("");
    const code = shortCode(grid);
    const givens = [...grid].filter((d) => d !== "0").length;
    assert.ok(code.length <= Math.ceil((81 + givens * Math.log2(9)) / 6), `${givens} givens: ${code}`);
    assert.ok(code.length <= MAX_CODE_CHARS);
    assert.deepEqual(readShortCode(code), { ok: true, grid });
  }
});

test("the page opens a short link: the givens, and its level and seed as the link's claims", () => {
  const read = gameFromLink(`#${shortFragment(PUZZLE, { level: "hard", seed: 3000 })}`);
  assert.equal(read?.ok, true);
  assert.equal(read.game.givens, PUZZLE);
  assert.equal(read.game.entries, EMPTY);
  assert.deepEqual(read.game.info, { puzzle: PUZZLE, seed: 3000, symmetry: "none", difficulty: "hard", level: "hard", source: "link", claimed: true });
  assert.equal(describeInfo(read.game.info), "Hard · seed 3000 · no symmetry · claimed by the link, not yet checked");
  // without a level or a seed, or with ones that are not, the puzzle alone
  for (const hash of [`#p=${shortCode(PUZZLE)}`, `#p=${shortCode(PUZZLE)}&l=q&s=-1`]) {
    const bare = gameFromLink(hash);
    assert.equal(bare?.ok, true, hash);
    assert.equal(bare.game.givens, PUZZLE);
    assert.equal(bare.game.info, null);
  }
  // the long link still wins when a fragment somehow has both
  assert.equal(gameFromLink(`#puzzle=${zeros("1" + EMPTY.slice(1))}&p=${shortCode(PUZZLE)}`)?.game?.givens, "1" + EMPTY.slice(1));
});

test("a bad short code says exactly what is wrong", () => {
  const problem = (hash) => {
    const read = gameFromLink(hash);
    assert.equal(read?.ok, false, hash);
    return read.problem;
  };
  assert.equal(problem("#p="), "its short code is empty");
  assert.equal(problem("#p=CC_G!jz"), "its short code has “!” at character 5; a code is written with A-Z, a-z, 0-9, - and _");
  assert.equal(problem("#p=CC_G%20jz"), "its short code has character U+0020 at character 5; a code is written with A-Z, a-z, 0-9, - and _");
  assert.equal(problem(`#p=${"A".repeat(58)}`), "its short code is 58 characters long; at most 57");
  assert.equal(problem("#p=BIAAAAAAAAAAAAB"), "its short code holds more digits than its 1 givens");
});
