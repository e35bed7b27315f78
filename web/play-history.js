// @ts-check
// Undo and redo inside a game: every move on the board (digits, marks, colours, candidates, Solve,
// Reveal, Restart, a hint) is recorded as its changes (cell-layers.js), and undo applies them back.
// The history is part of the saved game, so it survives a reload. Replacing the whole game (New
// puzzle, Paste, a link, Clear all) is a different story: those are undone by the undo line
// (undo-line.js), which Ctrl+Z reaches once the game's own history is at its start.

import { applyChanges, decodeMove, encodeMove } from "./cell-layers.js";
import { byId } from "./dom.js";
import { EMPTY } from "./grid.js";
import { canRedo, canUndo, pushMove } from "./move-history.js";
import { board, state } from "./page-state.js";
import { undoLineChanges, undoOffered, useUndoLine } from "./undo-line.js";

/** @typedef {import("./cell-layers.js").Change} Change */
/** @typedef {import("./cell-layers.js").MoveKind} MoveKind */

const undoButton = /** @type {HTMLButtonElement} */ (byId("undo-move"));
const redoButton = /** @type {HTMLButtonElement} */ (byId("redo-move"));
const announcer = byId("history-status");

/** What a move was, in the words of "Undid …" / "Redid …". @type {Record<MoveKind, string>} */
const MOVE_WORDS = {
  digit: "a digit", given: "a given", corner: "corner marks", centre: "centre marks", colour: "a colour",
  erase: "an erase", candidates: "filling the candidates", solve: "Solve", reveal: "a revealed digit",
  clear: "Restart", hint: "a hint", merge: "moves from another tab",
};

/** @type {() => void} */
let changed = () => {};

/** Say it in the history's live region. @param {string} text */
function announce(text) {
  announcer.textContent = text;
}

/**
 * A move was made on the board (its changes already applied): keep it for undo.
 * @param {MoveKind} kind @param {Change[]} changes
 */
export function recordMove(kind, changes) {
  if (!changes.length) return;
  state.progress.history = pushMove(state.progress.history, encodeMove({ kind, changes }));
  updateHistoryButtons();
}

/**
 * Make a move the page computed (Solve, Reveal, Restart, candidates): apply, record, follow up.
 * @param {MoveKind} kind @param {Change[]} changes
 */
export function makeMove(kind, changes) {
  if (!changes.length) return false;
  board.applyChanges(changes);
  recordMove(kind, changes);
  changed();
  return true;
}

/** Undo the last move; at the history's start, the undo line's offer (the game before). */
export function undo() {
  const history = state.progress.history;
  if (!canUndo(history)) {
    if (undoOffered()) useUndoLine();
    else announce("Nothing to undo.");
    return;
  }
  const move = decodeMove(history.moves[history.at - 1]);
  if (!move) return;
  board.applyChanges(move.changes);
  state.progress.history = { moves: history.moves, at: history.at - 1 };
  state.progress.undos += 1;
  announce(`Undid ${MOVE_WORDS[move.kind]}.`);
  updateHistoryButtons();
  changed();
}

/** Redo the last undone move. */
export function redo() {
  const history = state.progress.history;
  if (!canRedo(history)) {
    announce("Nothing to redo.");
    return;
  }
  const move = decodeMove(history.moves[history.at]);
  if (!move) return;
  board.applyChanges(move.changes);
  state.progress.history = { moves: history.moves, at: history.at + 1 };
  announce(`Redid ${MOVE_WORDS[move.kind]}.`);
  updateHistoryButtons();
  changed();
}

/**
 * How many moves back the newest state lies whose digits all agree with `solution` (0: the board
 * is that state now), or -1 when no state in the history does.
 * @param {string} solution
 */
export function movesToLastCorrect(solution) {
  const history = state.progress.history;
  let layers = board.layers;
  for (let back = 0; back <= history.at; back++) {
    if (agrees(layers.entries, solution)) return back;
    if (back === history.at) break;
    const move = decodeMove(history.moves[history.at - 1 - back]);
    if (!move) return -1;
    layers = applyChanges(layers, move.changes);
  }
  return -1;
}

/** @param {string} entries @param {string} solution */
function agrees(entries, solution) {
  for (let c = 0; c < 81; c++) if (entries[c] !== EMPTY && entries[c] !== solution[c]) return false;
  return true;
}

/**
 * Step back to the newest state whose digits all agree with the solution, in one go (one undo;
 * each move stays redoable). Returns what happened, for the board's message line.
 * @param {string} solution
 */
export function undoToLastCorrect(solution) {
  const back = movesToLastCorrect(solution);
  if (back === 0) return "All your digits agree with the solution: nothing to undo.";
  if (back < 0) return "No earlier state of this game has only correct digits.";
  const history = state.progress.history;
  let layers = board.layers;
  for (let i = 0; i < back; i++) {
    layers = applyChanges(layers, /** @type {import("./cell-layers.js").Move} */ (decodeMove(history.moves[history.at - 1 - i])).changes);
  }
  board.layers = layers;
  state.progress.history = { moves: history.moves, at: history.at - back };
  state.progress.undos += 1;
  const text = `Undid ${back} move${back === 1 ? "" : "s"}, back to the last state with only correct digits.`;
  announce(text);
  updateHistoryButtons();
  changed();
  return text;
}

/** The Undo and Redo buttons follow the history (and the undo line's offer). */
export function updateHistoryButtons() {
  const history = state.progress.history;
  undoButton.disabled = !canUndo(history) && !undoOffered();
  redoButton.disabled = !canRedo(history);
  undoButton.dataset.moves = String(history.at);
  redoButton.dataset.moves = String(history.moves.length - history.at);
}

/**
 * The buttons, and what follows a change (the page's afterChange).
 * @param {() => void} afterChange
 */
export function wireHistory(afterChange) {
  changed = afterChange;
  undoButton.addEventListener("click", undo);
  redoButton.addEventListener("click", redo);
  undoLineChanges.addEventListener("change", updateHistoryButtons);
  updateHistoryButtons();
}
