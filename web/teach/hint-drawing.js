// @ts-check
// What a hint or a path step draws and says, and what applying it changes (no DOM): the board's
// highlight for a hint at each level, the drawing said in words, and a step's effect as the
// changes of one move. hint-view.js and path-view.js show them; Node tests pin them
// (tests/js/hint-drawing.test.mjs).

import { applyChanges, bit, candidateMasks, diffLayers, parseMarks, setEntries } from "../board/cell-layers.js";
import { EMPTY, cellName, combine } from "../board/grid.js";
import { colourName } from "../board/highlight.js";

/** @typedef {import("../engine/protocol.js").Hint} Hint */
/** @typedef {import("../engine/protocol.js").Step} Step */
/** @typedef {import("../board/sudoku-board.js").Highlight} Highlight */
/** @typedef {import("../board/sudoku-board.js").CandidateMark} CandidateMark */
/** @typedef {import("../board/cell-layers.js").Change} Change */
/** @typedef {import("../board/cell-layers.js").Layers} Layers */

export const LEVELS = /** @type {const} */ (["nudge", "pattern", "effect"]);

/**
 * The candidates the engine should work from: the player's centre marks where a cell has some,
 * the rules' candidates where it has none; undefined when no empty cell has centre marks (the
 * engine computes them all). So an elimination the player made, or Apply made, is taken into
 * account although the other cells are unmarked.
 * @param {{givens: string, entries: string, centre: string | null}} board  the centre marks as the board's attribute text
 * @returns {string[] | undefined}
 */
export function playerCandidates(board) {
  const grid = combine(board.givens, board.entries);
  const centre = parseMarks(board.centre);
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

/** The row, column and box of a cell, by the names the engine gives units. @param {number} cell */
const housesOf = (cell) => {
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  return [`row ${row + 1}`, `column ${col + 1}`, `box ${Math.floor(row / 3) * 3 + Math.floor(col / 3) + 1}`];
};

/**
 * What the board draws for a hint at a level (1..3).
 * @param {Hint} hint @param {number} level @returns {Partial<Highlight> | null}
 */
export function highlightFor(hint, level) {
  if (hint.kind === "mistake") {
    // the row first, then the cell (as the words say): the digit is on the board already
    const cells = hint.mistakes.map((m) => m.cell);
    return level === 1 ? { houses: [...new Set(cells.map((cell) => housesOf(cell)[0]))] } : { cells };
  }
  if (hint.kind === "missing_candidate") {
    // the unit first, then the cell, the digit only at the last level (as the words say)
    const houses = [...new Set(hint.missing.map((m) => m.unit).filter(Boolean))];
    if (level === 1) return { houses };
    const cells = hint.missing.map((m) => m.cell);
    if (level === 2) return { houses, cells };
    return { houses, cells, candidates: hint.missing.map((m) => ({ cell: m.cell, digit: m.digit, role: /** @type {const} */ ("pattern") })) };
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
  // The pattern level never shows a digit the step places: that digit in its cell is the answer,
  // which only the effect level gives (as the words do).
  const placed = new Set(step.placements.map(({ cell, digit }) => `${cell}:${digit}`));
  for (const [cell, digit] of step.candidates) {
    if (level >= 3 || !placed.has(`${cell}:${digit}`)) candidates.set(`${cell}:${digit}`, { cell, digit, role: "pattern" });
  }
  if (level >= 3) {
    for (const { cell, digit } of step.eliminations) candidates.set(`${cell}:${digit}`, { cell, digit, role: "eliminate" });
    for (const { cell, digit } of step.placements) candidates.set(`${cell}:${digit}`, { cell, digit, role: "place" });
  }
  const base = step.base ?? [];
  const cover = step.cover ?? [];
  const fishHouses = new Set([...base, ...cover]);
  const coloured = new Set((step.colours ?? []).flat()); // drawn in their colour, not tinted twice
  // A Naked Single's pattern is the cell's row, column and box, which hold every other digit.
  const houses = step.technique === "Naked Single" && step.cells.length === 1 ? housesOf(step.cells[0]) : step.units;
  return {
    houses: houses.filter((house) => !fishHouses.has(house)), cells: step.cells.filter((cell) => !coloured.has(cell)),
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

/** How many levels a hint has: a step, a mistake and a missing candidate three, the others one. @param {Hint} hint */
export function levelCount(hint) {
  return hint.kind === "step" || hint.kind === "mistake" || hint.kind === "missing_candidate" ? 3 : 1;
}

/**
 * What a hint is about, the same at each of its levels and for the same step asked again after
 * another edit: the hints counted in a game are these, one each (reading a hint's next level,
 * or applying it, is not another hint). @param {Hint} hint
 */
export function hintSubject(hint) {
  const step = hint.step;
  return JSON.stringify([
    hint.kind,
    hint.mistakes.map((m) => m.cell),
    hint.missing.map((m) => [m.cell, m.digit]),
    (hint.remove ?? []).map((r) => [r.cell, r.digit]),
    step ? [step.technique, step.placements.map((p) => [p.cell, p.digit]), step.eliminations.map((e) => [e.cell, e.digit])] : null,
  ]);
}

/**
 * What a hint says at a level (1..3): the level's words, then, from the pattern level on, the
 * drawing in words.
 * @param {Hint} hint @param {number} level
 */
export function hintWords(hint, level) {
  const step = hint.step;
  const legend = hint.kind === "step" && step && level >= 2 ? drawingWords(step) : "";
  const words = levelCount(hint) === 3 ? hint.levels[LEVELS[level - 1]] : hint.message;
  return legend ? `${words}${/[.!?]$/.test(words) ? "" : "."} ${legend}` : words;
}

/**
 * Whether a hint at this level can be applied (an effect to make, marks to remove, a removed
 * candidate to put back once its digit is said, or a wrong digit to remove once its cell is). @param {Hint} hint @param {number} level
 */
export function canApply(hint, level) {
  const step = hint.step;
  return Boolean(
    (hint.kind === "step" && level === 3 && step && (step.eliminations.length || step.placements.length))
    || (hint.kind === "remove_first" && (hint.remove ?? []).length)
    || (hint.kind === "missing_candidate" && level === 3 && hint.missing.length)
    || (hint.kind === "mistake" && level === 3 && hint.mistakes.length),
  );
}

/**
 * The words on the hint's action button: what pressing it does ("Apply" for a step's effect).
 * @param {Hint} hint
 */
export function applyLabel(hint) {
  if (hint.kind === "mistake") return hint.mistakes.length > 1 ? "Remove them" : "Remove it";
  if (hint.kind === "missing_candidate") return hint.missing.length > 1 ? "Put them back" : "Put it back";
  return "Apply";
}

/**
 * The wrong digits a "mistake" hint names, erased (their cells' marks stay as they were).
 * @param {Hint} hint @param {Layers} before @returns {Change[]}
 */
export function eraseChanges(hint, before) {
  const entries = [...before.entries];
  for (const { cell } of hint.mistakes) entries[cell] = EMPTY;
  return diffLayers(before, { ...before, entries: entries.join("") });
}

/**
 * The needed candidates a "missing candidate" hint names, put back into the centre marks.
 * @param {Hint} hint @param {Layers} before @returns {Change[]}
 */
export function restoreChanges(hint, before) {
  const centre = [...before.centre];
  for (const { cell, digit } of hint.missing) centre[cell] |= bit(digit);
  return diffLayers(before, { ...before, centre });
}

/**
 * The kept marks a "remove first" hint names, taken out of the centre and corner marks.
 * @param {Hint} hint @param {Layers} before @returns {Change[]}
 */
export function removalChanges(hint, before) {
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
 * digit, by the board's settings).
 * @param {Step} step @param {Layers} before
 * @param {{clearPeerMarks: boolean, keepCandidates: boolean}} options
 * @returns {Change[]}
 */
export function stepChanges(step, before, options) {
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
    const placed = setEntries(after, entries.join(""), options);
    after = applyChanges(after, placed);
  }
  return diffLayers(before, after);
}
