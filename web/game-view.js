// @ts-check
// The game on the board and everything that follows from it: the mode, the conflicts line, the
// puzzle's seed and level (above the board and in the print header), the export fields and share
// link, and which saved game is on the board (autosave.js saves it; a new game gets its own
// record, and the game it replaces can be brought back with Undo or from Recent games).

import { autosave, currentGameId, openLibrary, switchGame, unsavedGame } from "./autosave.js";
import { byId } from "./dom.js";
import { gameOf, sameGame } from "./game-record.js";
import { EMPTY_GRID, combine, filledCount, findConflicts } from "./grid.js";
import { board, state } from "./page-state.js";
import { LEVEL_NAMES, describeInfo } from "./puzzle-info.js";
import { refreshRecentGames } from "./recent-games.js";
import { shareLinkFor } from "./share-link.js";
import { offerUndo } from "./undo-line.js";
import { clearVerdict } from "./verdict-view.js";

/** @typedef {import("./storage.js").Game} Game */
/** @typedef {import("./game-record.js").GameRecord} GameRecord */

const boardMessage = byId("board-message");
const conflictsText = byId("conflicts");
const exportLine = /** @type {HTMLInputElement} */ (byId("export-line"));
const shareLink = /** @type {HTMLInputElement} */ (byId("share-link"));
const shareProgress = /** @type {HTMLInputElement} */ (byId("share-progress"));
const puzzleInfo = byId("puzzle-info");
const printTitle = byId("print-title");
const modeRadios = /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="mode"]'));

/** @returns {Game} */
export const currentGame = () => ({ givens: board.givens, entries: board.entries, mode: board.mode, info: state.info });

/** The line under the board (what just happened to it; "" clears it). @param {string} text */
export function sayOnBoard(text) {
  boardMessage.textContent = text;
}

/**
 * Put a game on the board: a new game (its own saved record) unless `record` is the saved game
 * it comes from. The game it replaces stays saved; `undo` (what happened, for the undo line)
 * offers to bring it back.
 * @param {Game} game
 * @param {{keepVerdict?: boolean, record?: GameRecord | null, undo?: string}} [options]
 */
export function showGame(game, options = {}) {
  const before = currentGame();
  const beforeId = currentGameId();
  const record = options.record ?? null;
  switchGame(record);
  setBoard(game);
  if (!options.keepVerdict) clearVerdict();
  afterChange();
  void refreshRecentGames();
  const wasEmpty = before.givens === EMPTY_GRID && before.entries === EMPTY_GRID;
  if (options.undo && !wasEmpty && !(record && record.id === beforeId) && !sameGame(before, game)) {
    offerUndo(`${options.undo} The game before is in Recent games.`, () => void returnTo(beforeId, before));
  }
}

/** Put the cells, info and mode on the board (no new game). @param {Game} game */
function setBoard(game) {
  board.givens = game.givens;
  board.entries = game.entries;
  state.info = game.info && game.info.puzzle === game.givens ? game.info : null;
  setMode(game.mode);
}

/** Another tab's moves merged into this game: show them (the verdict stays). @param {Game} game */
export function applyMergedGame(game) {
  setBoard(game);
  afterChange();
}

/**
 * Put a saved game back on the board (Undo, Recent games): as stored now (or as this tab has
 * it waiting to be written, when writes fail), or as this tab last had it when storage cannot
 * be read.
 * @param {string} id @param {Game} [fallback] @param {string} [undo]
 */
export async function returnTo(id, fallback, undo) {
  const library = openLibrary();
  const got = library ? await library.get(id) : null;
  if (got && got.ok && got.record) showGame(unsavedGame(id) ?? gameOf(got.record), { record: got.record, undo });
  else if (fallback) showGame(fallback, { undo });
}

/**
 * Change the entries of the game on the board in one go (Solve, Clear entries), with Undo.
 * @param {string} entries @param {string} message  what happened, for the undo line
 */
export function replaceEntries(entries, message) {
  const before = board.entries;
  if (before === entries) return;
  board.entries = entries;
  afterChange();
  const givens = board.givens;
  const id = currentGameId();
  offerUndo(message, () => {
    if (currentGameId() !== id || board.givens !== givens) return;
    board.entries = before;
    afterChange();
  });
}

/** @param {"play" | "enter"} mode */
function setMode(mode) {
  board.mode = mode;
  for (const radio of modeRadios) radio.checked = radio.value === mode;
  document.body.dataset.mode = mode;
}

/** The mode radios: each switches the board's mode (and the choice is saved). */
export function wireModeRadios() {
  for (const radio of modeRadios) {
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      setMode(radio.value === "enter" ? "enter" : "play");
      autosave();
    });
  }
}

/** Whatever changed on the board: conflicts text, exports, autosave. */
export function afterChange() {
  const grid = combine(board.givens, board.entries);
  const conflicts = findConflicts(grid);
  conflictsText.dataset.count = String(conflicts.length);
  if (conflicts.length) {
    const shown = conflicts.slice(0, 2).map((c) => c.message);
    const more = conflicts.length > 2 ? `; and ${conflicts.length - 2} more` : "";
    conflictsText.textContent = `Conflict: ${shown.join("; ")}${more}.`;
  } else {
    conflictsText.textContent = "";
  }
  const filled = filledCount(grid);
  document.body.dataset.filled = String(filled);
  document.body.dataset.complete = String(filled === 81 && conflicts.length === 0);
  if (filled === 81 && conflicts.length === 0 && board.mode === "play" && board.entries !== EMPTY_GRID) {
    boardMessage.textContent = "Complete: every row, column and box has 1 to 9.";
  }
  exportLine.value = board.givens;
  if (state.info && state.info.puzzle !== board.givens) state.info = null; // the givens were edited
  showInfo();
  updateShareLink();
  autosave();
}

/** The puzzle's seed and level above the board and in the print header. */
export function showInfo() {
  const info = state.info;
  const text = info ? describeInfo(info, { grading: state.grading === info.puzzle }) : "";
  if (puzzleInfo.textContent !== text) puzzleInfo.textContent = text; // unchanged text is not announced again
  puzzleInfo.hidden = !info;
  for (const [name, value] of Object.entries({
    seed: info?.seed, level: info?.level, score: info?.score, symmetry: info?.symmetry, source: info?.source,
  })) {
    if (value === undefined) delete puzzleInfo.dataset[name];
    else puzzleInfo.dataset[name] = String(value);
  }
  printTitle.textContent = info?.level ? `Sudoku · ${LEVEL_NAMES[info.level]}` : "Sudoku";
}

/** The info changed (graded in the background): show it, link it, save it. */
export function infoChanged() {
  showInfo();
  updateShareLink();
  autosave();
}

/** The share link field, for the game as it is now; returns the link. */
export function updateShareLink() {
  shareLink.value = shareLinkFor(currentGame(), shareProgress.checked, location.href);
  return shareLink.value;
}

