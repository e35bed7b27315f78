// @ts-check
// The page's wiring, and nothing else: which module answers which control, and the start-up.
// Each concern lives in its own module:
//   game-view.js          the game on the board: mode, conflicts, seed and level, exports
//   autosave.js           saving it in the game library (game-library.js), other tabs, retries
//   recent-games.js       Recent games; undo-line.js: Undo after what replaces the board
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
import { currentGameId, otherTabs, savingOff, startSaving, tabGameId } from "./autosave.js";
import { afterChange, applyMergedGame, currentGame, replaceEntries, returnTo, sayOnBoard, showGame, wireModeRadios } from "./game-view.js";
import { newGameId } from "./game-library.js";
import { EMPTY_GRID, cellName } from "./grid.js";
import { openLink, wireExport, wireImport } from "./import-export.js";
import { wireNewPuzzleDialog } from "./new-puzzle-dialog.js";
import { board } from "./page-state.js";
import { scheduleBackground, stopBackground } from "./pool-refill.js";
import { refreshRecentGames, wireRecentGames } from "./recent-games.js";
import { forgetOldSave, loadGame } from "./storage.js";
import { wireUndo } from "./undo-line.js";
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
  clearVerdict();
  replaceEntries(EMPTY_GRID, "Cleared your entries.");
});
byId("clear-all").addEventListener("click", () => {
  showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: "enter" }, { undo: "Cleared the board for a new puzzle." });
  sayOnBoard("Cleared. Type a puzzle in “Enter puzzle” mode, or paste one.");
});
wireUndo();

// --- saved games --------------------------------------------------------------------------------

wireRecentGames((record) => {
  if (record.id !== currentGameId()) void returnTo(record.id, undefined, "Opened a game from Recent games.");
});
otherTabs.addEventListener("change", () => void refreshRecentGames());

// --- puzzles in and out -----------------------------------------------------------------------

wireNewPuzzleDialog();
wireImport();
wireExport();
window.addEventListener("hashchange", () => void openLink());

// --- start ------------------------------------------------------------------------------------

/**
 * The game from a share link, else the game this tab had before a reload, else the most recently
 * saved game, else an empty board to type a
 * puzzle into. The old single save slot moves into the game library first (kept when unreadable).
 */
async function start() {
  const tabGame = tabGameId(); // read before the empty board below takes its place
  showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: "enter" });
  const library = await startSaving({ read: currentGame, apply: applyMergedGame, saved: () => void refreshRecentGames() });
  const old = loadGame();
  let note = old.ok ? old.note : "";
  /** @type {import("./game-record.js").GameRecord | null} */
  let latest = null;
  if (library) {
    if (old.ok && old.game) {
      const moved = await library.save(newGameId(), old.game, null);
      if (moved.ok) forgetOldSave();
      else note = `Your saved game could not be moved into the game library (${moved.problem}); it is kept as it is.`;
    }
    const listed = await library.list();
    if (listed.ok) latest = listed.games.find((g) => g.id === tabGame) ?? listed.games[0] ?? null;
  } else if (!old.ok) {
    savingOff(old.problem);
  }
  if (!openLink()) {
    if (latest) showGame({ givens: latest.givens, entries: latest.entries, mode: latest.mode, info: latest.info ?? null }, { record: latest });
    else if (!library && old.ok && old.game) showGame(old.game);
    if (note) sayOnBoard(note);
  }
  void refreshRecentGames();
  updateEngineUi();
  document.body.dataset.app = "ready";
}

void start();
