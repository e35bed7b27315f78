// What the page does with a puzzle that comes in and with the givens typed in Create mode
// (web/puzzles/intake.js) under Node's own test runner: the findings from the rules alone and
// from the engine's verdict, the Play gate, where an intake opens a puzzle and what it says, how
// a pasted text is read, and which saved game the same puzzle reopens. Run by
// tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";
import { Worker } from "node:worker_threads";

import {
  MIN_UNIQUE_GIVENS, awaitsEngine, describeConflict, describeConflicts, formatOf, gameFromRead, hasProgress, intakeMessage,
  asSentence, intakeMode, judge, notOpenedText, notPlayedText, openedText, playGate, progressText, readPasted, savedGameFor,
} from "../../web/puzzles/intake.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983";
const EMPTY = ".".repeat(81);
const TWO_FIVES_IN_ROW_1 = "5...5" + ".".repeat(76);
const PAGE = "https://studio.example/sudoku/";

/** A verdict as the engine's `check` answers (protocol.js Verdict). */
const verdict = (status, puzzle, more = {}) => ({
  status, message: "", puzzle, givens: [...puzzle].filter((d) => d !== ".").length, too_few_givens: false,
  conflicts: [], solution: status === "unique" ? SOLUTION : null, solutions: [], differences: [],
  stats: { nodes: 10, guesses: 1, seconds: 0.4 }, ...more,
});

/** A saved game record (game-record.js GameRecord). */
const record = (id, givens, entries = EMPTY, play = {}) => ({
  schema: 2, id, givens, entries, mode: "play", rev: 1, createdAt: "2025-01-01T00:00:00Z", savedAt: "2025-01-01T00:00:00Z",
  play: { corner: "", centre: "", colours: "", history: { moves: [], at: 0 }, ms: 0, hints: 0, reveals: 0, undos: 0, solved: false, ...play },
});

test("an empty grid: refused, named", () => {
  const f = judge(EMPTY);
  assert.equal(f.status, "empty");
  assert.equal(f.text, "The puzzle is empty: no givens.");
  assert.equal(intakeMode(f), "refuse");
  assert.deepEqual(intakeMessage({ kind: "paste" }, f), { text: "The puzzle is empty: no givens.", tone: "error" });
  assert.equal(playGate(f), "anyway"); // Play on an empty board: only by an explicit "Play anyway"
});

test("clashing givens: named digit, unit and cells; Create mode, whatever the engine said", () => {
  const f = judge(TWO_FIVES_IN_ROW_1, { verdict: verdict("multiple", TWO_FIVES_IN_ROW_1) });
  assert.equal(f.status, "invalid");
  assert.equal(f.text, "Digit 5 appears twice in row 1 (r1c1, r1c5).");
  assert.equal(intakeMode(f), "enter");
  assert.equal(playGate(f), "anyway");
  const said = intakeMessage({ kind: "paste" }, f);
  assert.equal(said.tone, "error");
  assert.match(said.text, /^Imported a puzzle with 2 givens\. Digit 5 appears twice in row 1 \(r1c1, r1c5\)\. It is open in Create mode/);
});

test("several clashes: three named, then how many more", () => {
  const conflict = (digit, number) => ({ digit, kind: "row", number, cells: [9 * (number - 1), 9 * (number - 1) + 1], message: "" });
  assert.equal(describeConflict({ digit: 3, kind: "box", number: 2, cells: [3, 4, 5], message: "" }), "Digit 3 appears 3 times in box 2 (r1c4, r1c5, r1c6)");
  const text = describeConflicts([1, 2, 3, 4, 5].map((n) => conflict(n, n)));
  assert.equal(text, "Digit 1 appears twice in row 1 (r1c1, r1c2); digit 2 appears twice in row 2 (r2c1, r2c2); digit 3 appears twice in row 3 (r3c1, r3c2); and 2 more.");
});

test("a complete valid grid: already solved, opened in Create mode, never played", () => {
  const f = judge(SOLUTION);
  assert.equal(f.status, "solved");
  assert.match(f.text, /already solved: nothing to play/);
  assert.equal(intakeMode(f), "enter");
  assert.equal(playGate(f), "refuse");
  assert.equal(notPlayedText(f), "Not played. The grid is already solved: nothing to play (all 81 cells are givens).");
  assert.match(intakeMessage({ kind: "file", name: "full.txt" }, f).text, /^Opened full\.txt: a puzzle with 81 givens\. The grid is already solved/);
});

test("a grid that follows the rules waits for the engine; Play waits too", () => {
  const f = judge(PUZZLE);
  assert.equal(f.status, "pending");
  assert.equal(f.text, "Checking the puzzle…");
  assert.ok(awaitsEngine(f));
  assert.equal(intakeMode(f), "check");
  assert.equal(playGate(f), "wait");
  assert.equal(intakeMessage({ kind: "link" }, f).text, "Opened the puzzle from the link. Checking the puzzle…");
});

test("unique: played, with the texts the page always said", () => {
  const f = judge(PUZZLE, { verdict: verdict("unique", PUZZLE) });
  assert.equal(f.status, "unique");
  assert.equal(f.text, "Unique: exactly one solution.");
  assert.equal(intakeMode(f), "play");
  assert.equal(playGate(f), "play");
  assert.equal(intakeMessage({ kind: "paste" }, f).text, "Imported a puzzle with 27 givens.");
  assert.equal(intakeMessage({ kind: "file", name: "good.sdk" }, f).text, "Opened good.sdk: a puzzle with 27 givens.");
  assert.equal(intakeMessage({ kind: "link" }, f).text, "Opened the puzzle from the link.");
  assert.equal(intakeMessage({ kind: "link", info: "Hard (score 1200) · seed 7" }, f).text, "Opened the puzzle from the link: Hard (score 1200) · seed 7.");
  assert.equal(intakeMessage({ kind: "clipboard" }, f).text, "Pasted a puzzle with 27 givens.");
  assert.equal(intakeMessage({ kind: "paste" }, f, { reopened: true }).text, "You have played this puzzle before: your game is back.");
});

test("unique with its grade when known", () => {
  const f = judge(PUZZLE, { verdict: verdict("unique", PUZZLE), grade: { level: "hard", score: 1234 } });
  assert.equal(f.text, "Unique: exactly one solution. Level: Hard (score 1234).");
  assert.equal(judge(PUZZLE, { verdict: verdict("unique", PUZZLE), grade: { level: "easy" } }).text, "Unique: exactly one solution. Level: Easy.");
});

test("a verdict on other givens is not used (the board changed since)", () => {
  const other = "1" + PUZZLE.slice(1);
  assert.equal(judge(PUZZLE, { verdict: verdict("unique", other) }).status, "pending");
  // the engine writes empty cells as "." but a "0" line names the same grid
  assert.equal(judge(PUZZLE, { verdict: verdict("unique", PUZZLE.replaceAll(".", "0")) }).status, "unique");
});

test("no solution: Create mode, said so", () => {
  const unsolvable = PUZZLE.slice(0, -1) + "1";
  const f = judge(unsolvable, { verdict: verdict("no_solution", unsolvable) });
  assert.equal(f.status, "no_solution");
  assert.equal(f.text, "No solution: the givens follow the rules but cannot be completed.");
  assert.equal(intakeMode(f), "enter");
  assert.equal(playGate(f), "anyway");
  assert.match(intakeMessage({ kind: "paste" }, f).text, /cannot be completed\. It is open in Create mode: change the givens, or Play anyway\.$/);
});

test("several solutions: the cells where two differ flagged and named", () => {
  const sparse = PUZZLE.slice(0, 40) + ".".repeat(41);
  const differences = Array.from({ length: 14 }, (_, i) => 41 + i);
  const f = judge(sparse, { verdict: verdict("multiple", sparse, { differences }) });
  assert.equal(f.status, "multiple");
  assert.deepEqual(f.flagged, differences);
  assert.match(f.text, /^Several solutions: two of them differ in 14 cells \(r5c6, r5c7, .*, …\)\./);
  assert.equal(playGate(f), "anyway");
  assert.match(notPlayedText(f), /^Not played yet\. Several solutions: .* Change the givens, or Play anyway\.$/);
});

test("fewer than 17 givens: cannot be unique, known at once, still checked", () => {
  const nine = "123456789" + ".".repeat(72);
  const f = judge(nine);
  assert.equal(f.status, "few");
  assert.ok(f.few);
  assert.equal(f.text, `With 9 givens it cannot be unique: a unique puzzle needs at least ${MIN_UNIQUE_GIVENS}.`);
  assert.ok(awaitsEngine(f)); // no solution or several: the engine says which
  assert.equal(intakeMode(f), "enter");
  assert.equal(playGate(f), "anyway");
  const checked = judge(nine, { verdict: verdict("multiple", nine, { differences: [9, 10] }) });
  assert.equal(checked.status, "multiple");
  assert.match(checked.text, /differ in 2 cells \(r2c1, r2c2\)\. With 9 givens it cannot be unique/);
  assert.equal(judge("1" + ".".repeat(80)).text, "With 1 given it cannot be unique: a unique puzzle needs at least 17.");
});

test("the engine gave up, or is not there", () => {
  const gaveUp = judge(PUZZLE, { verdict: verdict("gave_up", PUZZLE) });
  assert.equal(gaveUp.status, "gave_up");
  assert.equal(gaveUp.text, "The check gave up after 1 s without an answer.");
  assert.equal(intakeMode(gaveUp), "enter");
  assert.equal(playGate(gaveUp), "anyway");
  const unchecked = judge(PUZZLE, { engine: "failed" });
  assert.equal(unchecked.status, "unchecked");
  assert.equal(intakeMode(unchecked), "play"); // played, with a warning
  assert.equal(playGate(unchecked), "play");
  const said = intakeMessage({ kind: "link" }, unchecked);
  assert.equal(said.tone, "warning");
  assert.match(said.text, /not checked \(the engine is not available\)/);
  assert.equal(judge(PUZZLE, { engine: "starting" }).status, "pending");
});

test("openedText for each way in", () => {
  assert.equal(openedText({ kind: "paste" }, 1), "Imported a puzzle with 1 given.");
  assert.equal(openedText({ kind: "clipboard" }, 30), "Pasted a puzzle with 30 givens.");
});

test("openedText says a text held several puzzles and what came with the givens", () => {
  assert.equal(openedText({ kind: "paste", of: 2 }, 28), "This text holds 2 puzzles; the first was opened: a puzzle with 28 givens.");
  assert.equal(openedText({ kind: "file", name: "book.sdm", of: 40 }, 25), "book.sdm holds 40 puzzles; the first was opened: a puzzle with 25 givens.");
  const wiki = { kind: "paste", from: "the sudokuwiki link", progress: "17 digits you placed and candidates in 52 cells" };
  assert.equal(openedText(/** @type {any} */ (wiki), 29), "Imported: the sudokuwiki link, a puzzle with 29 givens, 17 digits you placed and candidates in 52 cells.");
  assert.equal(openedText({ kind: "clipboard", progress: "candidates in 3 cells" }, 29), "Pasted a puzzle with 29 givens, candidates in 3 cells.");
  const unique = judge(PUZZLE, { verdict: verdict("unique", PUZZLE) });
  assert.equal(intakeMessage({ kind: "paste", of: 2 }, unique, { reopened: true }).text, "This text holds 2 puzzles; the first is one you have played before: your game is back.");
});

test("progressText: the digits and marks a format brought, in words", () => {
  /** @param {string} entries @param {string} [centre] @param {string} [corner] */
  const game = (entries, centre = "", corner = "") => /** @type {any} */ ({ givens: PUZZLE, entries, mode: "play", play: { centre, corner } });
  assert.equal(progressText(/** @type {any} */ ({ givens: PUZZLE, entries: EMPTY, mode: "play" })), undefined);
  assert.equal(progressText(game("5" + ".".repeat(80), "2:13 3:4")), "1 digit you placed and candidates in 2 cells");
  assert.equal(progressText(game("56" + ".".repeat(79))), "2 digits you placed");
  assert.equal(progressText(game(EMPTY, "2:13", "4:1 5:2")), "centre marks in 1 cell and corner marks in 2 cells");
  assert.equal(progressText(game("5" + ".".repeat(80), "2:13", "4:1")), "1 digit you placed, centre marks in 1 cell and corner marks in 1 cell");
});

test("notOpenedText: unreadable text, a refused puzzle and a variant each said as sentences", () => {
  assert.equal(notOpenedText({ why: "unreadable", message: "unexpected character 'h' at row 1, column 5 (line 1, character 5)" }, "the pasted text"),
    "Could not read the pasted text as a puzzle. Unexpected character 'h' at row 1, column 5 (line 1, character 5).");
  assert.equal(notOpenedText({ why: "unreadable", message: "80 cells, expected 81" }, "bad.txt"), "Could not read bad.txt as a puzzle. 80 cells, expected 81.");
  assert.equal(notOpenedText({ why: "refused", message: "The puzzle is empty: no givens." }, "empty.txt"), "empty.txt was not opened. The puzzle is empty: no givens. Your game is as it was.");
  const variant = "The f-puzzles link holds a puzzle with extra rules: diagonals (X-Sudoku). The studio plays classic 9x9 Sudoku only, so it is not opened.";
  const said = notOpenedText({ why: "variant", message: variant }, "the pasted text");
  assert.equal(said, `${variant} Your game is as it was.`);
  assert.doesNotMatch(said, /could not read/i);
  assert.equal(asSentence("the sudokuwiki link: S9B is followed by 4 characters"), "The sudokuwiki link: S9B is followed by 4 characters.");
});

test("readPasted: this page's share URL is read as its link, progress included", () => {
  const url = `${PAGE}#puzzle=${PUZZLE.replaceAll(".", "0")}&progress=5${"0".repeat(80)}`;
  for (const text of [url, `  ${url}\n`, url.replace("/sudoku/#", "/sudoku/index.html#")]) {
    const read = readPasted(text, `${PAGE}?engine-seconds=2#old`);
    assert.equal(read.kind, "link");
    assert.ok(read.kind === "link" && read.link.ok);
    assert.equal(read.link.game.givens, PUZZLE);
    assert.equal(read.link.game.entries, "5" + ".".repeat(80));
  }
  const bare = readPasted(`#puzzle=${PUZZLE}`, PAGE);
  assert.ok(bare.kind === "link" && bare.link.ok && bare.link.game.givens === PUZZLE);
});

test("readPasted: this page without a puzzle, a broken link; another site's link goes to the engine", () => {
  const none = readPasted(PAGE, PAGE);
  assert.ok(none.kind === "link" && !none.link.ok);
  assert.match(none.link.problem, /holds no puzzle/);
  const broken = readPasted(`${PAGE}#puzzle=${"0".repeat(80)}`, PAGE);
  assert.ok(broken.kind === "link" && !broken.link.ok);
  assert.match(broken.link.problem, /80 cells/);
  for (const other of [`https://sudokupad.app/?puzzle=${PUZZLE}`, `https://studio.example/other/#puzzle=${PUZZLE}`, `http://studio.example/sudoku/#puzzle=${PUZZLE}`]) {
    const read = readPasted(other, PAGE);
    assert.equal(read.kind, "text", other);
  }
});

test("gameFromRead: the engine's reading of another app's format becomes a game with its marks", () => {
  const centre = Array(81).fill(0);
  centre[2] = 0b101;
  const game = gameFromRead({ givens: PUZZLE, entries: "..4" + ".".repeat(78), centre, corner: Array(81).fill(0), title: "", author: "", source: "the f-puzzles link" });
  assert.equal(game.givens, PUZZLE);
  assert.equal(game.entries.slice(0, 3), "..4");
  assert.equal(game.play?.centre, "2:13");
  assert.equal(game.play?.corner, "");
  assert.equal(gameFromRead({ givens: PUZZLE, entries: ".".repeat(81), centre: Array(81).fill(0), corner: Array(81).fill(0), title: "", author: "", source: "the puzzle" }).play, undefined);
  assert.equal(formatOf({ givens: PUZZLE, entries: "", centre: [], corner: [], title: "", author: "", source: "the puzzle" }), undefined);
  assert.equal(openedText({ kind: "paste", from: "the f-puzzles link" }, 27), "Imported: the f-puzzles link, a puzzle with 27 givens.");
});

test("readPasted: a plain line is read at once; any other text goes to the engine", () => {
  assert.deepEqual(readPasted(` ${PUZZLE.replaceAll(".", "0")}\n`, PAGE), { kind: "grid", grid: PUZZLE });
  assert.deepEqual(readPasted(EMPTY, PAGE), { kind: "grid", grid: EMPTY });
  assert.deepEqual(readPasted("..9748...\n7........\n", PAGE), { kind: "text" });
  assert.deepEqual(readPasted("see https://studio.example/sudoku/#puzzle=1", PAGE), { kind: "text" });
  assert.deepEqual(readPasted(`# an .sdm file\n${PUZZLE}\n${SOLUTION}\n`, PAGE), { kind: "grid", grid: PUZZLE, of: 2 });
  assert.deepEqual(readPasted(`${PUZZLE}  # from my book`, PAGE), { kind: "grid", grid: PUZZLE });
  assert.deepEqual(readPasted(`${PUZZLE} #1 Hidden Single\n${SOLUTION} #2\n`, PAGE), { kind: "grid", grid: PUZZLE, of: 2 });
});

test("savedGameFor: the same givens reopen the newest saved game", () => {
  const records = [record("new", PUZZLE, "5" + ".".repeat(80)), record("old", PUZZLE), record("other", SOLUTION)];
  const fresh = { givens: PUZZLE, entries: EMPTY, mode: "play" };
  assert.equal(savedGameFor(fresh, records)?.id, "new");
  assert.equal(savedGameFor({ ...fresh, givens: "1" + PUZZLE.slice(1) }, records), null);
  assert.equal(savedGameFor(fresh, []), null);
});

test("savedGameFor: a link with progress is a new game unless its progress is the saved one", () => {
  const mine = "5" + ".".repeat(80);
  const records = [record("mine", PUZZLE, mine, { centre: "2:13" })];
  const theirs = { givens: PUZZLE, entries: ".1" + ".".repeat(79), mode: "play" };
  assert.ok(hasProgress(theirs));
  assert.equal(savedGameFor(theirs, records), null);
  // the same digits, and no marks in the link: the saved game (its marks are the player's own)
  assert.equal(savedGameFor({ ...theirs, entries: mine }, records)?.id, "mine");
  // the same digits but other marks: someone else's position, a new game
  const marked = { ...theirs, entries: mine, play: { ...records[0].play, centre: "3:4" } };
  assert.ok(hasProgress(marked));
  assert.equal(savedGameFor(marked, records), null);
  assert.equal(savedGameFor({ ...marked, play: { ...records[0].play } }, records)?.id, "mine");
  assert.ok(!hasProgress({ givens: PUZZLE, entries: EMPTY, mode: "play" }));
});

// A hang guard, not a speed bound: /\s+#.*$/ took about a minute on this line (quadratic in the
// run of spaces); the reading now takes milliseconds. It runs in a worker thread so that a
// reading that hangs is stopped after 30 s (over a thousand times its need) and fails the test.
test("readPasted: a comment is cut in one pass, however long the run of spaces before it", async () => {
  const intake = new URL("../../web/puzzles/intake.js", import.meta.url).href;
  const code = `
    const { parentPort } = require("node:worker_threads");
    import(${JSON.stringify(intake)}).then(({ readPasted }) => {
      const spaces = " ".repeat(400000);
      const text = readPasted("1" + spaces + "x\\n2", ${JSON.stringify(PAGE)});
      const commented = readPasted(${JSON.stringify(PUZZLE)} + spaces + "# from my book\\n", ${JSON.stringify(PAGE)});
      parentPort.postMessage([text.kind, commented.kind, commented.kind === "grid" ? commented.grid : ""]);
    });`;
  const worker = new Worker(code, { eval: true });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const hung = new Promise((resolve) => { timer = setTimeout(() => resolve("hung"), 30_000); });
  const answer = await Promise.race([new Promise((resolve) => worker.once("message", resolve)), hung]);
  clearTimeout(timer);
  await worker.terminate();
  assert.deepEqual(answer, ["text", "grid", PUZZLE]);
});
