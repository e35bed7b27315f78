// The Share panel's other formats: the engine's arguments for a game, and what each keeps.
import assert from "node:assert/strict";
import test from "node:test";

import { EXPORT_FORMATS, exportArgs, exportNote, isExportFormat } from "../../web/puzzles/export-formats.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);

test("exportArgs: the givens alone, or with the player's digits and marks", () => {
  const game = { givens: PUZZLE, entries: "5" + ".".repeat(80), mode: /** @type {const} */ ("play"),
    play: { corner: "1:12", centre: "2:3", colours: "", history: { moves: [], at: 0 }, ms: 0, hints: 0, reveals: 0, undos: 0, solved: false } };
  assert.deepEqual(exportArgs(/** @type {any} */ (game), "fpuzzles", false), { grid: PUZZLE, to: "fpuzzles" });
  const args = exportArgs(/** @type {any} */ (game), "sudokuwiki", true);
  assert.equal(args.entries, game.entries);
  assert.equal(args.corner?.[1], 0b11);
  assert.equal(args.centre?.[2], 0b100);
  assert.deepEqual(exportArgs({ givens: PUZZLE, entries: EMPTY, mode: "play" }, "hodoku", true), { grid: PUZZLE, to: "hodoku" });
});

test("the formats and what they keep", () => {
  assert.ok(isExportFormat("sdx") && !isExportFormat("pdf") && !isExportFormat("toString"));
  assert.equal(exportNote("coach", true), "sudoku.coach link: the givens only.");
  assert.match(exportNote("sudokuwiki", true), /^sudokuwiki link: the givens and your digits and your centre marks as candidates\.$/);
  assert.match(exportNote("fpuzzles", false), /tick “Include my digits and marks”/);
  assert.deepEqual(Object.keys(EXPORT_FORMATS).sort(), ["coach", "fpuzzles", "grid", "hodoku", "line", "sdk", "sdx", "ss", "sudokupad", "sudokuwiki"]);
});
