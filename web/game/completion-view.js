// @ts-check
// The moment a puzzle is solved by the player: a dialog with the time, the help used (hints,
// revealed cells, undos) and the difficulty. Nothing to type; Close, or straight to a new puzzle.

import { byId } from "../app/dom.js";
import { formatTime } from "./game-timer.js";
import { LEVEL_NAMES } from "../puzzles/puzzle-info.js";

/** @typedef {import("../puzzles/puzzle-info.js").PuzzleInfo} PuzzleInfo */

const dialog = /** @type {HTMLDialogElement} */ (byId("done-dialog"));
const summary = byId("done-summary");
const stats = byId("done-stats");

/** @param {number} n @param {string} one @param {string} many */
const count = (n, one, many) => `${n === 0 ? "no" : n} ${n === 1 ? one : many}`;

/**
 * Show the completion.
 * @param {{ms: number, hints: number, reveals: number, undos: number, info: PuzzleInfo | null}} game
 */
export function showCompletion(game) {
  const level = game.info?.level ? LEVEL_NAMES[game.info.level] : "";
  const help = game.hints + game.reveals === 0 ? "without help" : `with ${count(game.hints, "hint", "hints")} and ${count(game.reveals, "revealed cell", "revealed cells")}`;
  summary.textContent = `${level ? `${level} puzzle` : "Puzzle"} solved in ${formatTime(game.ms)}, ${help}.`;
  /** @type {[string, string, string][]} */
  const rows = [
    ["time", "Time", formatTime(game.ms)],
    ["level", "Difficulty", level || "not graded"],
    ["hints", "Hints", String(game.hints)],
    ["reveals", "Revealed cells", String(game.reveals)],
    ["undos", "Undos", String(game.undos)],
  ];
  stats.replaceChildren();
  for (const [name, label, value] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dd.dataset.stat = name;
    stats.append(dt, dd);
  }
  if (!dialog.open) dialog.showModal();
}

/** @param {() => void} newPuzzle  opens the New puzzle dialog */
export function wireCompletion(newPuzzle) {
  byId("done-new").addEventListener("click", () => {
    dialog.close();
    newPuzzle();
  });
}
