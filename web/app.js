// @ts-check
// The page's wiring, and nothing else: which module answers which control, and the start-up.
// Each concern lives in its own module:
//   game-view.js          the game on the board: mode, conflicts, seed and level, exports, autosave
//   verdict-view.js       the verdict line and "Keep trying"
//   engine-runner.js      the engine's status, its buttons' state, one request at a time with Cancel
//   engine-actions.js     Solve, Check, Reveal cell, Count solutions
//   new-puzzle-dialog.js  New puzzle…: the dialog, the pool, generation
//   pool-refill.js        background work: grading, refilling the pool
//   import-export.js      paste, open file, share links, copy, save, print
// Sudoku work goes to the engine through SolverClient (the page never knows about Pyodide);
// manual play needs no engine at all.

import "./define-sudoku-board.js";
import { byId } from "./dom.js";
import { wireEngineActions } from "./engine-actions.js";
import { client, personRequests, updateEngineUi, wireEngineControls } from "./engine-runner.js";
import { afterChange, savingOff, sayOnBoard, showGame, wireModeRadios } from "./game-view.js";
import { EMPTY_GRID, cellName } from "./grid.js";
import { openLink, wireExport, wireImport } from "./import-export.js";
import { wireNewPuzzleDialog } from "./new-puzzle-dialog.js";
import { board } from "./page-state.js";
import { scheduleBackground, stopBackground } from "./pool-refill.js";
import { loadGame } from "./storage.js";
import { clearVerdict, hasVerdict, keepTrying } from "./verdict-view.js";

// --- the engine -------------------------------------------------------------------------------

client.addEventListener("statechange", () => {
  updateEngineUi();
  if (client.ready) scheduleBackground();
});
// The person's request goes first: background work stops before it and may resume after it.
personRequests.addEventListener("start", () => stopBackground());
personRequests.addEventListener("idle", () => scheduleBackground());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") scheduleBackground();
});
wireEngineControls();
wireEngineActions();
byId("continue").addEventListener("click", keepTrying);

// --- the board and manual play ----------------------------------------------------------------

board.addEventListener("sudoku-change", () => {
  sayOnBoard("");
  if (hasVerdict()) clearVerdict();
  afterChange();
});
board.addEventListener("sudoku-reject", (event) => {
  const { cell } = /** @type {CustomEvent<import("./sudoku-board.js").RejectDetail>} */ (event).detail;
  sayOnBoard(`${cellName(cell)} is a given; switch to “Enter puzzle” to change it.`);
});
board.addEventListener("sudoku-select", () => sayOnBoard(""));
wireModeRadios();

const numpad = byId("numpad");
// Keep the focus on the grid: pressing a pad key must not take it away from the selected cell.
numpad.addEventListener("pointerdown", (event) => {
  if (event.target instanceof HTMLButtonElement) event.preventDefault();
});
numpad.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (!button) return;
  if (board.selected < 0) {
    sayOnBoard("Select a cell first.");
    return;
  }
  board.input(button.dataset.digit ?? "");
});

byId("clear-entries").addEventListener("click", () => {
  board.entries = EMPTY_GRID;
  clearVerdict();
  afterChange();
});
byId("clear-all").addEventListener("click", () => {
  showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: "enter" });
  sayOnBoard("Cleared. Type a puzzle in “Enter puzzle” mode, or paste one.");
});

// --- puzzles in and out -----------------------------------------------------------------------

wireNewPuzzleDialog();
wireImport();
wireExport();
window.addEventListener("hashchange", () => void openLink());

// --- start ------------------------------------------------------------------------------------

/** The game from a share link, else the saved one, else an empty board to type a puzzle into. */
function start() {
  const loaded = loadGame();
  if (!loaded.ok) savingOff(loaded.problem);
  if (!openLink()) {
    if (loaded.ok && loaded.game) showGame(loaded.game);
    else showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: "enter" });
    if (loaded.ok && loaded.note) sayOnBoard(loaded.note);
  }
  updateEngineUi();
  document.body.dataset.app = "ready";
}

start();
