// @ts-check
// Undo and redo inside a game: every move on the board (digits, marks, colours, candidates, Solve,
// Reveal, Clear entries, a hint) is recorded as its changes (cell-layers.js), and undo applies
// them back. The history is part of the saved game, so it survives a reload. Replacing the whole
// game (New puzzle, Paste, a link, Clear all) is a different story: the undo line's "Bring it
// back" (undo-line.js) does that, never Undo (held down, it would run on into the game before and
// the next digit would drop that game's redo moves). Nothing changes while the game is paused.
// Each move keeps the play time it was made at (the review of the solve replays them), the
// digits and strikes of the undone moves it drops, and what of it a hint the player read named.

import { applyChanges, changesTheGivens, decodeMove, encodeMove } from "../board/cell-layers.js";
import { byId } from "../app/dom.js";
import { elapsedMs, isPaused } from "./game-timer.js";
import { wrongCells } from "../board/grid.js";
import { canRedo, canUndo, hintedMarks, historyAt, pushMove } from "./move-history.js";
import { board, countHelp, setHistory, state } from "../app/page-state.js";

/** @typedef {import("../board/cell-layers.js").Change} Change */
/** @typedef {import("../board/cell-layers.js").MoveKind} MoveKind */

const undoButton = /** @type {HTMLButtonElement} */ (byId("undo-move"));
const redoButton = /** @type {HTMLButtonElement} */ (byId("redo-move"));
const announcer = byId("history-status");

/** What a move was, in the words of "Undid …" / "Redid …". @type {Record<MoveKind, string>} */
const MOVE_WORDS = {
  digit: "a digit", given: "a given", corner: "corner marks", centre: "centre marks", colour: "a colour",
  erase: "an erase", candidates: "filling the candidates", solve: "Solve", reveal: "a revealed digit",
  clear: "Clear entries", hint: "a hint", merge: "moves from another tab",
};

/** @type {() => void} */
let changed = () => {};

/**
 * Say it in the history's live region, with what is left to undo and redo (so that two undos in
 * a row are two different messages, both read out). @param {string} text
 */
function announce(text) {
  const { moves, at } = state.progress.history;
  announcer.textContent = `${text} ${at} to undo, ${moves.length - at} to redo.`;
}

/**
 * A move was made on the board (its changes already applied): keep it for undo.
 * @param {MoveKind} kind @param {Change[]} changes
 */
export function recordMove(kind, changes) {
  if (!changes.length) return;
  const after = board.layers;
  const before = applyChanges(after, changes); // a change is an XOR: applied again, it undoes
  const history = state.progress.history;
  const hinted = hintedMarks(kind, before, after, new Set(history.read));
  setHistory(pushMove(history, encodeMove({ kind, changes }), elapsedMs() / 1000, { entries: before.entries, centre: before.centre, hinted }));
  updateHistoryButtons();
}

/**
 * Make a move the page computed (Solve, Reveal, Restart, candidates): apply, record, follow up.
 * @param {MoveKind} kind @param {Change[]} changes
 */
export function makeMove(kind, changes) {
  if (!changes.length || isPaused()) return false;
  board.applyChanges(changes);
  recordMove(kind, changes);
  changed();
  return true;
}

/** Undo the last move. */
export function undo() {
  const history = state.progress.history;
  if (isPaused()) return;
  if (!canUndo(history)) {
    announce("Nothing to undo.");
    return;
  }
  const move = decodeMove(history.moves[history.at - 1]);
  if (!move) return;
  board.applyChanges(move.changes);
  setHistory(historyAt(history, history.at - 1));
  countHelp("undos");
  announce(`Undid ${MOVE_WORDS[move.kind]}.`);
  updateHistoryButtons();
  changed();
}

/** Redo the last undone move. */
export function redo() {
  const history = state.progress.history;
  if (isPaused()) return;
  if (!canRedo(history)) {
    announce("Nothing to redo.");
    return;
  }
  const move = decodeMove(history.moves[history.at]);
  if (!move) return;
  board.applyChanges(move.changes);
  setHistory(historyAt(history, history.at + 1));
  announce(`Redid ${MOVE_WORDS[move.kind]}.`);
  updateHistoryButtons();
  changed();
}

/**
 * How many moves back the newest state lies whose digits all agree with `solution` (0: the board
 * is that state now), or -1 when no state in the history does before a change of the givens
 * (the solution belongs to these givens only).
 * @param {string} solution
 */
export function movesToLastCorrect(solution) {
  const history = state.progress.history;
  let layers = board.layers;
  for (let back = 0; back <= history.at; back++) {
    if (!wrongCells(layers.entries, solution).length) return back;
    if (back === history.at) break;
    const move = decodeMove(history.moves[history.at - 1 - back]);
    if (!move || changesTheGivens(move)) return -1;
    layers = applyChanges(layers, move.changes);
  }
  return -1;
}

/**
 * Step back to the newest state whose digits all agree with the solution, in one go (one undo;
 * each move stays redoable). Returns what happened, for the board's message line.
 * @param {string} solution
 */
export function undoToLastCorrect(solution) {
  const back = movesToLastCorrect(solution);
  if (back === 0) return "All your digits agree with the solution: nothing to undo.";
  if (back < 0) return "No earlier state of this puzzle has only correct digits.";
  if (isPaused()) return "";
  const history = state.progress.history;
  let layers = board.layers;
  for (let i = 0; i < back; i++) {
    layers = applyChanges(layers, /** @type {import("../board/cell-layers.js").Move} */ (decodeMove(history.moves[history.at - 1 - i])).changes);
  }
  board.layers = layers;
  setHistory(historyAt(history, history.at - back));
  countHelp("undos");
  const text = `Undid ${back} move${back === 1 ? "" : "s"}, back to the last state with only correct digits.`;
  announce(text);
  updateHistoryButtons();
  changed();
  return text;
}

/** The Undo and Redo buttons follow the history. */
export function updateHistoryButtons() {
  const history = state.progress.history;
  undoButton.disabled = !canUndo(history);
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
  updateHistoryButtons();
}
