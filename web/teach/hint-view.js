// @ts-check
// Hint (the button and the H key): help in three steps for the game as it is now, said in the
// live region (#hint-text) and drawn on the board (its `highlight` overlay). The first press says
// where to look (the step's houses outlined, no digits), the next names the technique and shows
// its cells and candidates, the third what it eliminates (struck) or places, with Apply, which
// makes it one undoable move. A wrong digit, or a centre mark that removed a cell's true digit,
// is reported before any technique. Each press that shows something new counts as one hint; any
// change of the board takes the hint (and its drawing) away.
//
// From the pattern level on the board also draws a Step's `links` (chains, loops, AICs, wings;
// a group node as all its cells), a fish's base and cover sets and fins, a colouring's colour
// classes and an ALS step's cell groups (`als`, when the engine sends it); the hint's text then
// says the same in words ("Base: row 2, row 7 (solid outline) ..."), so nothing rests on colour.
// A kept mark that a placed digit rules out, when the step depends on it (hint kind
// "remove_first"), is named before the step, with Apply removing it. Levels 2 and 3 offer
// "What is a <technique>?" (technique-help.js).

import { applyChanges, bit, candidateMasks, diffLayers, parseMarks, setEntries } from "../board/cell-layers.js";
import { byId } from "../app/dom.js";
import { runEngine } from "../engine/engine-runner.js";
import { EMPTY, cellName, combine } from "../board/grid.js";
import { colourName } from "../board/sudoku-board.js";
import { askAbout } from "./technique-help.js";
import { board } from "../app/page-state.js";
import { makeMove } from "../game/play-history.js";
import { showFailure } from "../engine/verdict-view.js";

/** @typedef {import("../engine/protocol.js").Hint} Hint */
/** @typedef {import("../engine/protocol.js").Step} Step */
/** @typedef {import("../board/sudoku-board.js").Highlight} Highlight */
/** @typedef {import("../board/sudoku-board.js").CandidateMark} CandidateMark */
/** @typedef {import("../board/cell-layers.js").Change} Change */

const text = byId("hint-text");
const applyButton = /** @type {HTMLButtonElement} */ (byId("hint-apply"));
const techniqueButton = byId("hint-technique");
const LEVELS = /** @type {const} */ (["nudge", "pattern", "effect"]);

/** The hint for the state it was asked for, and how many of its levels are shown. */
let current = /** @type {{key: string, hint: Hint, shown: number} | null} */ (null);

/**
 * The candidates the engine should work from: the player's centre marks where a cell has some,
 * the rules' candidates where it has none; undefined when no empty cell has centre marks (the
 * engine computes them all). So an elimination the player made, or Apply made, is taken into
 * account although the other cells are unmarked.
 * @returns {string[] | undefined}
 */
function playerCandidates() {
  const grid = combine(board.givens, board.entries);
  const centre = parseMarks(board.getAttribute("centre"));
  const computed = candidateMasks(board.givens, board.entries);
  const marks = [];
  let marked = false;
  for (let c = 0; c < 81; c++) {
    if (grid[c] !== EMPTY) {
      marks.push("");
      continue;
    }
    marked ||= centre[c] !== 0;
    const mask = centre[c] || computed[c];
    marks.push([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & bit(d)).join(""));
  }
  return marked ? marks : undefined;
}

/** The hint line is for another state now: hide it, and its drawing. */
export function clearHint() {
  board.highlight = null;
  if (!current && text.hidden) return;
  current = null;
  text.hidden = true;
  text.textContent = "";
  text.dataset.level = "0";
  applyButton.hidden = true;
  askAbout(techniqueButton, null);
}

/**
 * What the board draws for a hint at a level (1..3).
 * @param {Hint} hint @param {number} level @returns {Partial<Highlight> | null}
 */
export function highlightFor(hint, level) {
  if (hint.kind === "mistake") return { cells: hint.mistakes.map((m) => m.cell) };
  if (hint.kind === "missing_candidate") {
    return {
      cells: hint.missing.map((m) => m.cell),
      candidates: hint.missing.map((m) => ({ cell: m.cell, digit: m.digit, role: /** @type {const} */ ("pattern") })),
    };
  }
  if (hint.kind === "remove_first") {
    const remove = hint.remove ?? [];
    return {
      cells: remove.map((r) => r.seen),
      candidates: remove.map((r) => ({ cell: r.cell, digit: r.digit, role: /** @type {const} */ ("eliminate") })),
    };
  }
  const step = hint.step;
  if (hint.kind !== "step" || !step) return null;
  if (level === 1) return step.units.length ? { houses: step.units } : { cells: step.cells };
  /** @type {Map<string, CandidateMark>} */
  const candidates = new Map();
  for (const [cell, digit] of step.candidates) candidates.set(`${cell}:${digit}`, { cell, digit, role: "pattern" });
  if (level >= 3) {
    for (const { cell, digit } of step.eliminations) candidates.set(`${cell}:${digit}`, { cell, digit, role: "eliminate" });
    for (const { cell, digit } of step.placements) candidates.set(`${cell}:${digit}`, { cell, digit, role: "place" });
  }
  const base = step.base ?? [];
  const cover = step.cover ?? [];
  const fishHouses = new Set([...base, ...cover]);
  const coloured = new Set((step.colours ?? []).flat()); // drawn in their colour, not tinted twice
  return {
    houses: step.units.filter((house) => !fishHouses.has(house)), cells: step.cells.filter((cell) => !coloured.has(cell)),
    candidates: [...candidates.values()],
    links: /** @type {import("../board/sudoku-board.js").LinkMark[]} */ (step.links ?? []),
    base, cover, fins: step.fins ?? [], colours: step.colours ?? [], als: step.als ?? [],
  };
}

/**
 * The drawing in words, for the pattern and effect levels: which houses are the fish's base and
 * cover, which cells its fins, which cells are colour A or B, which the ALS groups ("" if none).
 * @param {Step} step
 */
export function drawingWords(step) {
  const cells = (/** @type {number[]} */ list) => list.map(cellName).join(", ");
  const words = [];
  if (step.base?.length) words.push(`Base: ${step.base.join(", ")} (solid outline).`);
  if (step.cover?.length) words.push(`Cover: ${step.cover.join(", ")} (dashed outline).`);
  if (step.fins?.length) words.push(`Fin${step.fins.length === 1 ? "" : "s"}: ${cells(step.fins)}.`);
  if (step.colours?.length) {
    words.push(`${step.colours.map((group, i) => `Colour ${colourName(i)} (${i % 2 ? "hatched" : "filled"}): ${cells(group)}`).join("; ")}.`);
  }
  if (step.als?.length) words.push(`${step.als.map((group, i) => `ALS ${i + 1}: ${cells(group)}`).join("; ")}.`);
  const groups = (step.links ?? []).flatMap((l) => [l.from_cells, l.to_cells]).filter((g) => g && g.length > 1);
  if (groups.length) words.push(`Groups: ${[...new Set(groups.map((g) => cells(/** @type {number[]} */ (g))))].join("; ")}.`);
  return words.join(" ");
}

/** @param {Hint} hint @param {number} level 1..3 */
function show(hint, level) {
  const step = hint.step;
  const legend = hint.kind === "step" && step && level >= 2 ? drawingWords(step) : "";
  const words = hint.kind === "step" ? hint.levels[LEVELS[level - 1]] : hint.message;
  text.textContent = legend ? `${words}${/[.!?]$/.test(words) ? "" : "."} ${legend}` : words;
  text.hidden = false;
  text.dataset.level = String(level);
  text.dataset.kind = hint.kind;
  board.highlight = highlightFor(hint, level);
  askAbout(techniqueButton, hint.kind === "step" && step && level >= 2 ? step.technique : null);
  applyButton.hidden = !(
    (hint.kind === "step" && level === 3 && step && (step.eliminations.length || step.placements.length))
    || (hint.kind === "remove_first" && (hint.remove ?? []).length)
  );
}

/** The kept marks a "remove first" hint names, taken out of the centre and corner marks. @param {Hint} hint @returns {Change[]} */
function removalChanges(hint) {
  const before = board.layers;
  const centre = [...before.centre];
  const corner = [...before.corner];
  for (const { cell, digit } of hint.remove ?? []) {
    centre[cell] &= ~bit(digit);
    corner[cell] &= ~bit(digit);
  }
  return diffLayers(before, { ...before, centre, corner });
}

/**
 * The step's effect on the board as one move's changes: its eliminations taken out of the centre
 * and corner marks (a cell without centre marks gets its candidates first, so the elimination
 * shows), then its placements written as the player's digits (peers' marks tidied as for a typed
 * digit).
 * @param {Step} step @returns {Change[]}
 */
export function stepChanges(step) {
  const before = board.layers;
  const computed = candidateMasks(before.givens, before.entries);
  const centre = [...before.centre];
  const corner = [...before.corner];
  for (const { cell, digit } of step.eliminations) {
    if (combine(before.givens, before.entries)[cell] !== EMPTY) continue;
    if (!centre[cell]) centre[cell] = computed[cell];
    centre[cell] &= ~bit(digit);
    corner[cell] &= ~bit(digit);
  }
  let after = { ...before, centre, corner };
  if (step.placements.length) {
    const entries = [...after.entries];
    for (const { cell, digit } of step.placements) if (after.givens[cell] === EMPTY) entries[cell] = String(digit);
    const placed = setEntries(after, entries.join(""), { clearPeerMarks: board.clearPeerMarks, keepCandidates: board.autoCandidates });
    after = applyChanges(after, placed);
  }
  return diffLayers(before, after);
}

/** Apply: the shown step's effect as one undoable move ("a hint"). */
function apply() {
  const step = current?.hint.step;
  if (current?.hint.kind === "remove_first") {
    const removed = (current.hint.remove ?? []).map((r) => `${r.digit} from ${r.name}`).join(", ");
    if (!makeMove("hint", removalChanges(current.hint))) return;
    board.focusGrid();
    text.textContent = `Removed ${removed}. Undo brings ${removed.includes(",") ? "them" : "it"} back.`;
    text.hidden = false;
    text.dataset.level = "0";
    text.dataset.kind = "applied";
    return;
  }
  if (!current || current.shown < 3 || !step) return;
  const words = `Applied: ${step.text.slice(step.text.lastIndexOf(": ") + 2)}. Undo takes it back.`;
  if (!makeMove("hint", stepChanges(step))) return;
  board.focusGrid(); // Apply hides itself: play goes on on the board
  // the move cleared the hint (any change does); say what it did in the same live region
  text.textContent = words;
  text.hidden = false;
  text.dataset.level = "0";
  text.dataset.kind = "applied";
}

/** The Apply button; the hint goes with any edit on the board (the page's afterChange clears it too). */
export function wireHint() {
  applyButton.addEventListener("click", apply);
  board.addEventListener("sudoku-change", () => clearHint());
}

/** One press of Hint. @param {() => void} counted  a new hint level was shown */
export async function hint(counted) {
  if (board.mode !== "play") {
    text.hidden = false;
    text.textContent = "Hints are for playing: switch to “Play” first.";
    text.dataset.level = "0";
    return;
  }
  const digits = combine(board.givens, board.entries);
  const candidates = playerCandidates();
  const key = JSON.stringify([board.givens, digits, candidates ?? null]);
  if (current && current.key === key) {
    const levels = current.hint.kind === "step" ? 3 : 1;
    if (current.shown < levels) {
      current.shown += 1;
      counted();
    }
    show(current.hint, current.shown);
    return;
  }
  try {
    /** @type {import("../engine/protocol.js").Ops["hint"]["args"]} */
    const args = { grid: board.givens, digits };
    if (candidates) args.candidates = candidates;
    const found = await runEngine("hint", args, "Finding a hint");
    if (JSON.stringify([board.givens, combine(board.givens, board.entries), playerCandidates() ?? null]) !== key) return;
    current = { key, hint: found, shown: 1 };
    if (found.kind !== "solved") counted();
    show(found, 1);
  } catch (error) {
    showFailure(error, "hint");
  }
}
