// @ts-check
// Path (the button in the controls): the engine's logical solution of the board as it is now
// (`grade {grid: givens + the player's digits, path: true}`), one numbered line per step in a
// listbox, and "Why this grade" (level, score, ratings, the techniques used, the hardest step).
// Selecting a step (click, arrows, Previous/Next) shows the board as it is at that step, as the
// board's `preview`: the digits the earlier steps placed and the candidates (centre marks) left
// after their eliminations, with the step drawn on it as Hint's third level does (hint-drawing.js's
// highlightFor). The player's own layers are never changed by looking (the preview is shown
// instead of them, not written into them), so nothing is saved or undone, and closing the panel
// shows the player's board again. "What is a ...?" explains the selected step's technique, and
// each technique of Why this grade (technique-help.js). "Apply up to here" makes the steps up to the selected one ONE undoable
// move of kind "hint" (each step's changes as hint-drawing.js's stepChanges computes them).
// Closing the panel clears the drawing; a change of the board's digits closes it (the path
// belongs to the grid it was found for); any other change (marks) keeps it and redraws.

import { bit, candidateMasks, diffLayers } from "../board/cell-layers.js";
import { byId } from "../app/dom.js";
import { runEngine } from "../engine/engine-runner.js";
import { EMPTY, PEERS, combine, findConflicts } from "../board/grid.js";
import { drawingWords, highlightFor, stepChanges } from "./hint-drawing.js";
import { clearHint } from "./hint-view.js";
import { askAbout } from "./technique-help.js";
import { board } from "../app/page-state.js";
import { makeMove } from "../game/play-history.js";
import { showFailure } from "../engine/verdict-view.js";

/** @typedef {import("../engine/protocol.js").Step} Step */
/** @typedef {import("../engine/protocol.js").Grade} Grade */
/** @typedef {import("../board/sudoku-board.js").CandidateMark} CandidateMark */

const panel = byId("path-panel");
const pathBar = byId("path-bar");
const list = byId("path-list");
const status = byId("path-status");
const note = byId("path-note");
const prevButton = /** @type {HTMLButtonElement} */ (byId("path-prev"));
const nextButton = /** @type {HTMLButtonElement} */ (byId("path-next"));
const applyButton = /** @type {HTMLButtonElement} */ (byId("path-apply"));
const closeButton = /** @type {HTMLButtonElement} */ (byId("path-close"));
const gradeSummary = byId("grade-summary");
const histogram = byId("grade-histogram");
const bottleneckButton = /** @type {HTMLButtonElement} */ (byId("grade-bottleneck"));
const hardestLine = byId("grade-hardest");
const pathButton = /** @type {HTMLButtonElement} */ (byId("path"));
const techniqueButton = byId("path-technique");
const notation = /** @type {HTMLDetailsElement} */ (byId("path-notation"));
const notationText = byId("path-notation-text");

/** A step in words (its notation is behind the Notation disclosure). @param {Step} step */
const said = (step) => step.summary ?? step.text;

/** The path on show: the grid it was found for (givens, entries), its grade and steps, the selected step. */
let shown = /** @type {{grid: string, givens: string, entries: string, grade: Grade, steps: Step[], at: number} | null} */ (null);

/** Setting the board's layers inside "Apply up to here" must not close the panel. */
let applying = false;

/** A step as a Hint of kind "step", for hint-drawing.js's highlightFor. @param {Step} step */
function asHint(step) {
  /** @type {import("../engine/protocol.js").Hint} */
  const hint = {
    kind: "step", message: step.text, mistakes: [], missing: [],
    levels: { nudge: "", pattern: "", effect: step.text }, step, remove: [],
  };
  return hint;
}

/**
 * The board before step `at`: the path's start (the player's digits, every empty cell's
 * candidates) with the earlier steps' placements made (peers lose the digit) and their
 * eliminations taken out. Plain data; the board shows it as its preview.
 * @param {{givens: string, entries: string, steps: Step[]}} path @param {number} at
 * @returns {{entries: string, centre: number[], placed: number, removed: number}}
 */
export function boardBefore(path, at) {
  const entries = [...path.entries];
  const centre = candidateMasks(path.givens, path.entries);
  let placed = 0;
  let removed = 0;
  for (const step of path.steps.slice(0, at)) {
    for (const { cell, digit } of step.eliminations) {
      if (centre[cell] & bit(digit)) removed += 1;
      centre[cell] &= ~bit(digit);
    }
    for (const { cell, digit } of step.placements) {
      if (path.givens[cell] !== EMPTY || entries[cell] !== EMPTY) continue;
      entries[cell] = String(digit);
      centre[cell] = 0;
      for (const peer of PEERS[cell]) centre[peer] &= ~bit(digit);
      placed += 1;
    }
  }
  return { entries: entries.join(""), centre, placed, removed };
}

/** Show the board at the selected step (the board's preview) with the step drawn on it (Hint's level 3). */
function draw() {
  if (!shown) return;
  const at = boardBefore(shown, shown.at);
  board.preview = { entries: at.entries, centre: at.centre };
  board.highlight = highlightFor(asHint(shown.steps[shown.at]), 3);
}

/** Select step `at` (clamped): the listbox, the buttons, the drawing. @param {number} at */
function select(at) {
  if (!shown || !shown.steps.length) return;
  shown.at = Math.max(0, Math.min(shown.steps.length - 1, at));
  for (const option of list.children) {
    const selected = Number(/** @type {HTMLElement} */ (option).dataset.index) === shown.at;
    option.setAttribute("aria-selected", String(selected));
    if (selected) {
      list.setAttribute("aria-activedescendant", option.id);
      scrollListTo(/** @type {HTMLElement} */ (option));
    }
  }
  panel.dataset.selected = String(shown.at);
  prevButton.disabled = shown.at === 0;
  nextButton.disabled = shown.at === shown.steps.length - 1;
  const step = shown.steps[shown.at];
  const { placed, removed } = boardBefore(shown, shown.at);
  const legend = drawingWords(step);
  status.textContent = `Step ${shown.at + 1} of ${shown.steps.length}: ${said(step)}.${legend ? ` ${legend}` : ""}`;
  notationText.textContent = step.text;
  notation.hidden = false;
  note.textContent = "The board shows the path's candidates before this step"
    + (placed || removed ? ` (${placed} digit${placed === 1 ? "" : "s"} placed by the steps before, in italics; ${removed} candidate${removed === 1 ? "" : "s"} removed)` : "")
    + ". Your own board comes back when you close the path.";
  panel.dataset.placed = String(placed);
  panel.dataset.removed = String(removed);
  askAbout(techniqueButton, step.technique);
  draw();
}

/** Hide the panel and its drawing. */
export function closePath() {
  if (panel.hidden && !shown) return;
  const hadFocus = panel.contains(document.activeElement) || pathBar.contains(document.activeElement);
  shown = null;
  panel.hidden = true;
  pathBar.hidden = true;
  panel.dataset.selected = "";
  board.preview = null;
  board.highlight = null;
  askAbout(techniqueButton, null);
  if (hadFocus) pathButton.focus({ preventScroll: true });
}

/**
 * Bring a step into the list's view by scrolling the list alone: `scrollIntoView` would scroll
 * the page too, and the board must never leave the screen while the path is stepped through.
 * @param {HTMLElement} option
 */
function scrollListTo(option) {
  const top = option.offsetTop; // the list is the options' offset parent (position: relative)
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + option.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + option.offsetHeight - list.clientHeight;
}

/** The grid is full and breaks no rule: solved, with no step left to show or grade. @param {string} grid */
const isSolved = (grid) => !grid.includes(EMPTY) && findConflicts(grid).length === 0;

/** @param {Grade} grade */
function showGrade(grade) {
  if (!(grade.path ?? []).length && grade.steps === 0) {
    // the engine's answer for a solved grid: an empty path (its level and score say nothing)
    gradeSummary.textContent = "The puzzle is already solved: there is nothing left to grade.";
    gradeSummary.dataset.level = "";
    gradeSummary.dataset.score = "";
    histogram.replaceChildren();
    hardestLine.hidden = true;
    bottleneckButton.textContent = "";
    bottleneckButton.dataset.index = "-1";
    return;
  }
  const r = grade.rating;
  gradeSummary.textContent = `${grade.level[0].toUpperCase()}${grade.level.slice(1)}, score ${grade.score}; `
    + `rating ER ${r.er.toFixed(1)}, EP ${r.ep.toFixed(1)}, ED ${r.ed.toFixed(1)}; ${grade.steps} steps`
    + (grade.logical ? "." : ", with a guess (trial and error).")
    + (/[1-9]/.test(board.entries) ? " This grades the board as it is now, with your digits, not the puzzle as it was given." : "");
  gradeSummary.dataset.level = grade.level;
  gradeSummary.dataset.score = String(grade.score);
  histogram.replaceChildren(...Object.entries(grade.histogram).map(([technique, count]) => {
    const item = document.createElement("li");
    item.dataset.technique = technique;
    item.dataset.count = String(count);
    const name = document.createElement("button");
    name.type = "button";
    name.className = "link-button";
    name.dataset.technique = technique; // technique-help.js opens its explanation
    name.textContent = `${technique}: ${count}`; // one box: a long name wraps with its count
    name.setAttribute("aria-label", `${technique}: ${count}. What is it?`);
    item.append(name);
    return item;
  }));
  const hardest = grade.bottleneck;
  hardestLine.hidden = !hardest;
  bottleneckButton.textContent = hardest ? said(hardest) : "";
  const index = hardest ? (grade.path ?? []).findIndex((s) => JSON.stringify(s) === JSON.stringify(hardest)) : -1;
  bottleneckButton.dataset.index = String(index);
}

/** @param {Grade} grade @param {string} grid */
function showPath(grade, grid) {
  const steps = grade.path ?? [];
  shown = { grid, givens: board.givens, entries: board.entries, grade, steps, at: 0 };
  list.replaceChildren(...steps.map((step, i) => {
    const option = document.createElement("li");
    option.id = `path-step-${i}`;
    option.setAttribute("role", "option");
    option.setAttribute("aria-selected", "false");
    option.dataset.index = String(i);
    option.dataset.technique = step.technique;
    option.textContent = `${i + 1}. ${said(step)}`;
    return option;
  }));
  list.dataset.count = String(steps.length);
  showGrade(grade);
  panel.hidden = false;
  pathBar.hidden = false;
  pathBar.closest(".sheet")?.scrollTo({ top: 0 });
  if (steps.length) {
    select(0);
    list.focus({ preventScroll: true });
  } else {
    status.textContent = isSolved(grid) ? "The puzzle is already solved: there is no step left." : "Nothing left to solve: the grid is full.";
    note.textContent = "";
    notation.hidden = true;
    askAbout(techniqueButton, null);
    panel.dataset.selected = "";
    prevButton.disabled = nextButton.disabled = applyButton.disabled = true;
    closeButton.focus({ preventScroll: true });
  }
  applyButton.disabled = !steps.length;
}

/** Path: ask the engine for the board's solving path and its grade. */
export async function showSolvingPath() {
  clearHint(); // the board shows the path now, not the hint
  const grid = combine(board.givens, board.entries);
  if (isSolved(grid)) {
    // nothing for the engine to find: said at once, as the engine says it (an empty path)
    showPath(solvedGrade(grid), grid);
    return;
  }
  try {
    const grade = await runEngine("grade", { grid, path: true }, "Finding the solving path",
      (p) => `Finding the solving path: ${p.steps} steps, score ${p.score} (${p.level})`);
    if (combine(board.givens, board.entries) !== grid) return; // the board moved on meanwhile
    showPath(grade, grid);
  } catch (error) {
    showFailure(error, "path");
  }
}

/**
 * A solved grid's grade, as the engine gives it: no step, the lowest level, score 0.
 * @param {string} grid @returns {Grade}
 */
function solvedGrade(grid) {
  return /** @type {Grade} */ ({
    puzzle: grid, solution: grid, level: "easy", score: 0, rating: { er: 0, ep: 0, ed: 0 }, histogram: {},
    bottleneck: null, steps: 0, logical: true, seconds: 0, message: "The puzzle is already solved.", path: [],
  });
}

/** "Apply up to here": the steps up to the selected one as one undoable move. @returns {number} steps applied */
function applyUpToHere() {
  if (!shown) return 0;
  const count = shown.at + 1;
  const before = board.layers;
  board.preview = null;
  applying = true;
  let after = before;
  try {
    for (const step of shown.steps.slice(0, count)) {
      // each step from the board as the ones before left it
      board.applyChanges(stepChanges(step, board.layers, { clearPeerMarks: board.clearPeerMarks, keepCandidates: board.autoCandidates }));
    }
    after = board.layers;
  } finally {
    board.layers = before;
    applying = false;
  }
  const changes = diffLayers(before, after);
  if (!makeMove("hint", changes)) return 0;
  return count;
}

/**
 * The panel's controls, and what closes it.
 * @param {(steps: number) => void} applied  "Apply up to here" made a move of that many steps
 */
export function wirePath(applied) {
  list.addEventListener("click", (event) => {
    const option = /** @type {HTMLElement} */ (event.target).closest("[role=option]");
    if (option instanceof HTMLElement) select(Number(option.dataset.index));
  });
  list.addEventListener("keydown", (event) => {
    if (!shown) return;
    const moves = /** @type {Record<string, number>} */ ({
      ArrowDown: shown.at + 1, ArrowUp: shown.at - 1, Home: 0, End: shown.steps.length - 1,
      PageDown: shown.at + 10, PageUp: shown.at - 10,
    });
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]);
  });
  prevButton.addEventListener("click", () => shown && select(shown.at - 1));
  nextButton.addEventListener("click", () => shown && select(shown.at + 1));
  closeButton.addEventListener("click", closePath);
  bottleneckButton.addEventListener("click", () => {
    const index = Number(bottleneckButton.dataset.index);
    if (shown && index >= 0) {
      select(index);
      list.focus({ preventScroll: true });
    }
  });
  applyButton.addEventListener("click", () => {
    const steps = applyUpToHere();
    if (!steps) return;
    board.focusGrid(); // play goes on on the board (the panel closes: its grid has changed)
    closePath();
    applied(steps);
  });
  for (const part of [panel, pathBar]) {
    part.addEventListener("keydown", (event) => {
      if (event.key === "Escape") closePath();
    });
  }
  // The digits changed: the path is for another grid. Marks changed: the page cleared the drawing.
  new MutationObserver(() => {
    if (!shown || applying) return;
    if (combine(board.givens, board.entries) !== shown.grid) closePath();
    else if (!board.highlight) draw();
  }).observe(board, { attributes: true, attributeFilter: ["givens", "entries", "centre", "corner", "colours", "highlight", "mode"] });
}
