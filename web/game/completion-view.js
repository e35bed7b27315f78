// @ts-check
// The Solved moment: a dialog with the time, the level, the player's best time for that level
// (kept in this browser: best-times.js; "New best!" when this solve beat it) and the help used
// (hints, revealed cells, undos). A puzzle whose level is not known yet (pasted, opened, from a
// bare link) says "grading…" and fills it in, with the best, when the background's grading
// answers (levelFound); "not graded" only when the engine cannot grade it. The next step is one
// press: "Another Hard puzzle" (the same level, from the pool), or New puzzle… for the dialog;
// "Review my solve" replays the game with each move labelled (teach/review-view.js).
// A short check-mark animation, none with prefers-reduced-motion (style.css).

import { byId } from "../app/dom.js";
import { formatTime } from "./game-summary.js";
import { recordSolve } from "./best-times.js";
import { LEVEL_NAMES } from "../puzzles/puzzle-info.js";

/** @typedef {import("../puzzles/puzzle-info.js").PuzzleInfo} PuzzleInfo */
/** @typedef {import("../puzzles/puzzle-info.js").Level} Level */
/** @typedef {import("./best-times.js").BestResult} BestResult */
/**
 * What the page does from the dialog (app.js wires them): the New puzzle dialog, a puzzle of a
 * level at once, asking for the level of a puzzle not graded yet, and the review of the solve.
 * @typedef {{newPuzzle: () => void, playLevel: (level: Level) => void, askLevel: (puzzle: string) => void,
 *   review: () => void}} CompletionActions
 */
/**
 * The solve shown: its numbers, its level ("grading" until known, null when it cannot be), and
 * what it did to the best time (null until the level is known).
 * @typedef {{puzzle: string, ms: number, hints: number, reveals: number, undos: number,
 *   level: Level | "grading" | null, best: BestResult | null}} Solve
 */

/** @type {CompletionActions} */
let actions = { newPuzzle: () => {}, playLevel: () => {}, askLevel: () => {}, review: () => {} };
/** @type {Solve | null} */
let shown = null;

/** @param {number} n @param {string} one @param {string} many */
const count = (n, one, many) => `${n === 0 ? "no" : n} ${n === 1 ? one : many}`;

/**
 * Show the completion of the game on the board.
 * @param {{puzzle: string, ms: number, hints: number, reveals: number, undos: number, info: PuzzleInfo | null}} game
 */
export function showCompletion(game) {
  // a level only claimed by a link is not recorded: its best time waits for the grading here
  const level = (game.info?.claimed ? undefined : game.info?.level) ?? "grading";
  shown = { puzzle: game.puzzle, ms: game.ms, hints: game.hints, reveals: game.reveals, undos: game.undos, level, best: null };
  if (level !== "grading") shown.best = recordSolve(level, game.ms, game.hints + game.reveals > 0);
  draw(shown);
  const dialog = /** @type {HTMLDialogElement} */ (byId("done-dialog"));
  if (!dialog.open) dialog.showModal();
  primaryButton()?.focus();
  if (level === "grading") actions.askLevel(game.puzzle);
}

/**
 * The background's grading answered for `puzzle` (null: it cannot be graded, e.g. it has
 * several solutions, or the engine is not available): the Solved moment shows the level and,
 * now that it is known, counts the best time.
 * @param {string} puzzle @param {Level | null} level
 */
export function levelFound(puzzle, level) {
  if (!shown || shown.puzzle !== puzzle || shown.level !== "grading") return;
  shown.level = level;
  if (level) shown.best = recordSolve(level, shown.ms, shown.hints + shown.reveals > 0);
  const focusWasOnPrimary = document.activeElement === primaryButton();
  draw(shown);
  if (focusWasOnPrimary) primaryButton()?.focus(); // the primary action is now "Another … puzzle"
}

/** The button Enter presses: another puzzle of the level, else New puzzle…. */
function primaryButton() {
  const again = /** @type {HTMLButtonElement} */ (byId("done-again"));
  const newButton = /** @type {HTMLButtonElement} */ (byId("done-new"));
  const visible = (/** @type {HTMLElement} */ el) => el.getClientRects().length > 0;
  return !again.hidden && visible(again) ? again : visible(newButton) ? newButton : null;
}

/** @param {Solve} solve */
function draw(solve) {
  const dialog = byId("done-dialog");
  const level = solve.level && solve.level !== "grading" ? solve.level : null;
  const levelName = level ? LEVEL_NAMES[level] : "";
  const help = solve.hints + solve.reveals === 0 ? "without help"
    : `with ${count(solve.hints, "hint", "hints")} and ${count(solve.reveals, "revealed cell", "revealed cells")}`;
  const best = solve.best;
  const beaten = best?.isNew && best.previous ? ` Your best was ${formatTime(best.previous.ms)}.` : "";
  byId("done-summary").textContent = `${levelName ? `${levelName} puzzle` : "Puzzle"} solved in ${formatTime(solve.ms)}, ${help}.${beaten}`;
  dialog.dataset.level = solve.level ?? "none";
  dialog.dataset.best = !best || !best.kept ? "none" : best.isNew ? "new" : best.counted ? "kept" : "not-counted";

  /** @type {[string, string, string, string][]} name, label, value, a badge */
  const tiles = [
    ["time", "Time", formatTime(solve.ms), ""],
    ["level", "Level", levelName || (solve.level === "grading" ? "grading…" : "not graded"), ""],
  ];
  if (best?.kept) {
    tiles.push(["best", `Best ${levelName}`, best.best ? formatTime(best.best.ms) : "—", best.isNew ? "New best!" : ""]);
  } else if (solve.level === "grading") {
    tiles.push(["best", "Best", "…", ""]);
  }
  byId("done-stats").replaceChildren(...tiles.map(([name, label, value, badge]) => statTile("done", name, label, value, badge)));

  const notes = [
    ["hints", "Hints", solve.hints], ["reveals", "Revealed cells", solve.reveals], ["undos", "Undos", solve.undos],
  ];
  byId("done-help").replaceChildren(...notes.map(([name, label, value]) => {
    const pair = document.createElement("div");
    const dt = document.createElement("dt");
    dt.textContent = String(label);
    const dd = document.createElement("dd");
    dd.dataset.stat = String(name);
    dd.textContent = String(value);
    pair.append(dt, dd);
    return pair;
  }));
  const note = byId("done-note");
  note.textContent = best?.kept && !best.counted ? "Solves with hints or revealed cells do not count for the best time." : "";

  const again = /** @type {HTMLButtonElement} */ (byId("done-again"));
  again.hidden = !level;
  if (level) {
    again.textContent = `Another ${levelName} puzzle`;
    again.dataset.level = level;
  }
  byId("done-new").classList.toggle("primary", !level);
}

/**
 * A number as a tile of a <dl> (the Solved moment's, the Statistics view's): its label, its
 * value (`dd[data-stat=name]`) and, when given, a note after it (the `<kind>-badge` span).
 * @param {"done" | "stats"} kind  the class prefix @param {string} name @param {string} label
 * @param {string} value @param {string} note
 */
export function statTile(kind, name, label, value, note) {
  const tile = document.createElement("div");
  tile.className = `${kind}-tile`;
  const dt = document.createElement("dt");
  dt.textContent = label;
  const dd = document.createElement("dd");
  dd.dataset.stat = name;
  const text = document.createElement("span");
  text.textContent = value;
  dd.append(text);
  if (note) {
    const mark = document.createElement("span");
    mark.className = `${kind}-badge`;
    mark.textContent = note;
    dd.append(" ", mark);
  }
  tile.append(dt, dd);
  return tile;
}

/** The dialog's buttons. @param {CompletionActions} wanted */
export function wireCompletion(wanted) {
  actions = wanted;
  const dialog = /** @type {HTMLDialogElement} */ (byId("done-dialog"));
  byId("done-new").addEventListener("click", () => {
    dialog.close();
    actions.newPuzzle();
  });
  byId("done-review").addEventListener("click", () => {
    dialog.close();
    actions.review();
  });
  const again = byId("done-again");
  again.addEventListener("click", () => {
    const level = shown?.level;
    dialog.close();
    if (level && level !== "grading") actions.playLevel(level);
  });
}
