// Save file (web/puzzles/save-file.js): with progress, the game's share link, read back with every
// digit and mark; without, the puzzle line; and a file name that says which puzzle it is. Run by
// tests/test_web_modules.py.

import assert from "node:assert/strict";
import { test } from "node:test";

import { newPlay } from "../../web/game/game-record.js";
import { puzzleId, saveFileName, savedFile } from "../../web/puzzles/save-file.js";
import { gameFromLink } from "../../web/puzzles/share-link.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);
const PAGE = "https://studio.example/sudoku/";
const NOW = new Date(2026, 10, 26, 18, 5);

const played = {
  givens: PUZZLE,
  entries: `5${EMPTY.slice(1)}`,
  mode: "play",
  info: null,
  play: { ...newPlay(), corner: "1:13", centre: "6:26", colours: "10:4" },
};

test("with progress the file is the share link, and it reads back with the digits and marks", () => {
  const file = savedFile(played, true, PAGE, NOW);
  assert.equal(file.holds, "link");
  const link = gameFromLink(new URL(file.text.trim()).hash);
  assert.ok(link?.ok);
  assert.equal(link.game.givens, PUZZLE);
  assert.equal(link.game.entries, played.entries);
  assert.deepEqual([link.game.play?.corner, link.game.play?.centre, link.game.play?.colours], ["1:13", "6:26", "10:4"]);
});

test("without progress, or with none to keep, the file is the puzzle line", () => {
  assert.deepEqual(savedFile(played, false, PAGE, NOW).text, `${PUZZLE}\n`);
  const fresh = { givens: PUZZLE, entries: EMPTY, mode: "play", info: null };
  assert.deepEqual(savedFile(fresh, true, PAGE, NOW), { name: `sudoku-${puzzleId(PUZZLE)}-2026-11-26.txt`, text: `${PUZZLE}\n`, holds: "line" });
});

test("the file name names the puzzle: level and seed, daily day, or a short id", () => {
  const seeded = { ...played, info: { puzzle: PUZZLE, seed: 123, symmetry: "none", difficulty: "hard", source: "generated" } };
  assert.equal(saveFileName(seeded, NOW), "sudoku-hard-123-2026-11-26.txt");
  const daily = { ...played, info: { puzzle: PUZZLE, seed: 9, symmetry: "rot180", level: "medium", source: "generated", daily: "2026-11-20" } };
  assert.equal(saveFileName(daily, NOW), "sudoku-daily-2026-11-20-medium.txt");
  const graded = { ...played, info: { puzzle: PUZZLE, level: "easy", source: "graded" } };
  assert.match(saveFileName(graded, NOW), /^sudoku-easy-[0-9a-z]{6}-2026-11-26\.txt$/);
  assert.notEqual(puzzleId(PUZZLE), puzzleId(`1${PUZZLE.slice(1)}`));
  assert.match(puzzleId(EMPTY), /^[0-9a-z]{6}$/);
});
