// @ts-check
// The drill pack (drill-pack.json, made by `python -m sudoku_core drill --pack`): positions of
// real puzzles whose next step, by the grader, is a named technique, a few dozen per technique
// up to Unfair. This module reads it (no DOM, no fetch): every drill is checked as it is read
// (grids, candidates that agree with the digits, a step of the named technique whose cells are
// cells), and one that fails is left out, so a damaged file costs drills, never the page.
// A drill the engine made on demand (the `drill` operation) is read by the same `readDrill`.
// A drill's `others` are the technique's other instances in its position (a second X-Wing):
// right answers too (drill-answer.js).

import { bit, candidateMasks } from "../board/cell-layers.js";
import { EMPTY, isGrid } from "../board/grid.js";

/** @typedef {import("../engine/protocol.js").Step} Step */
/** @typedef {import("../engine/protocol.js").Level} Level */
/**
 * A position and its next step: `puzzle` (the givens), `digits` (givens and the digits placed
 * since), `candidates` (81 masks, 0 where a digit is), `solution`, `step`, and `others`, the
 * technique's other instances there (none in most positions).
 * @typedef {{technique: string, level: Level, puzzle: string, digits: string, candidates: number[],
 *   solution: string, step: Step, others: Step[]}} Drill
 */
/** A technique drilled: its name, level, and how many drills the pack has of it. @typedef {{name: string, level: Level, count: number}} DrillTechnique */
/** A technique up to Unfair no drill can serve, and why. @typedef {{name: string, level: Level, why: string}} NeverDrilled */
/** @typedef {{techniques: DrillTechnique[], never: NeverDrilled[], drills: Drill[]}} DrillPack */

export const PACK_VERSION = 1;
const LEVELS = ["easy", "medium", "hard", "unfair"];

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
/** @param {unknown} n */
const isCell = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) <= 80;
/** @param {unknown} n */
const isDigit = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 1 && /** @type {number} */ (n) <= 9;

/**
 * Candidates from their text: 81 strings of digits, as an array or one comma-separated string
 * (the pack's form and `hint --candidates`'); null when that is not what it is.
 * @param {unknown} value @returns {number[] | null}
 */
export function readCandidates(value) {
  const cells = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(cells) || cells.length !== 81) return null;
  const masks = [];
  for (const text of cells) {
    if (typeof text !== "string" || !/^[1-9]{0,9}$/.test(text)) return null;
    let mask = 0;
    for (const d of text) mask |= bit(Number(d));
    masks.push(mask);
  }
  return masks;
}

/** @param {unknown} list */
const cellDigits = (list) => Array.isArray(list) && list.every((item) => isObject(item) && isCell(item.cell) && isDigit(item.digit));

/**
 * Whether a step from untrusted data names the technique, has cells and units, and changes
 * something among the candidates.
 * @param {unknown} step @param {string} technique @param {number[]} candidates
 * @returns {step is Step}
 */
function isStepOf(step, technique, candidates) {
  if (!isObject(step) || step.technique !== technique) return false;
  if (!cellDigits(step.placements) || !cellDigits(step.eliminations)) return false;
  if (!Array.isArray(step.cells) || !step.cells.every(isCell) || !Array.isArray(step.units)) return false;
  if (!Array.isArray(step.candidates)) return false;
  const effect = [.../** @type {{cell: number, digit: number}[]} */ (step.placements), .../** @type {{cell: number, digit: number}[]} */ (step.eliminations)];
  return effect.length > 0 && effect.every(({ cell, digit }) => candidates[cell] & bit(digit));
}

/**
 * One drill from untrusted data, or null: the grids agree (the givens are in the digits, the
 * digits in the solution), each empty cell has candidates the rules allow, the solution's digit
 * among them, and the step (and each other instance) names the technique and changes something
 * there.
 * @param {unknown} data @returns {Drill | null}
 */
export function readDrill(data) {
  if (!isObject(data)) return null;
  const { technique, level, puzzle, digits, solution, step } = data;
  if (typeof technique !== "string" || !LEVELS.includes(/** @type {string} */ (level))) return null;
  if (typeof puzzle !== "string" || typeof digits !== "string" || typeof solution !== "string") return null;
  if (!isGrid(puzzle) || !isGrid(digits) || !isGrid(solution) || solution.includes(EMPTY)) return null;
  const candidates = readCandidates(data.candidates);
  if (!candidates) return null;
  const others = data.others ?? [];
  if (!Array.isArray(others)) return null;
  if (![step, ...others].every((item) => isStepOf(item, technique, candidates))) return null;
  const allowed = candidateMasks(puzzle, digits);
  for (let c = 0; c < 81; c++) {
    if (puzzle[c] !== EMPTY && puzzle[c] !== digits[c]) return null;
    if (digits[c] !== EMPTY && digits[c] !== solution[c]) return null;
    if (digits[c] !== EMPTY ? candidates[c] !== 0 : (candidates[c] & ~allowed[c]) !== 0 || !(candidates[c] & bit(Number(solution[c])))) return null;
  }
  return {
    technique, level: /** @type {Level} */ (level), puzzle, digits, candidates, solution,
    step: /** @type {Step} */ (step), others: /** @type {Step[]} */ (others),
  };
}

/**
 * The pack from its parsed JSON: the techniques it names (in its order), those it says are never
 * a next step, and the drills that read well. A pack of another version, or not a pack, is empty.
 * @param {unknown} data @returns {DrillPack}
 */
export function readPack(data) {
  if (!isObject(data) || data.v !== PACK_VERSION || !Array.isArray(data.drills) || !Array.isArray(data.techniques)) {
    return { techniques: [], never: [], drills: [] };
  }
  const drills = data.drills.map(readDrill).filter((drill) => drill !== null);
  /** @type {DrillTechnique[]} */
  const techniques = [];
  for (const item of data.techniques) {
    if (!Array.isArray(item) || typeof item[0] !== "string" || !LEVELS.includes(item[1])) continue;
    const name = item[0];
    techniques.push({ name, level: item[1], count: drills.filter((d) => d.technique === name).length });
  }
  /** @type {NeverDrilled[]} */
  const never = [];
  for (const item of Array.isArray(data.never) ? data.never : []) {
    if (!Array.isArray(item) || typeof item[0] !== "string" || !LEVELS.includes(item[1]) || typeof item[2] !== "string") continue;
    if (!techniques.some((t) => t.name === item[0])) never.push({ name: item[0], level: item[1], why: item[2] });
  }
  return { techniques, never, drills };
}

/**
 * The next drill of a technique: the pack's drills of it in an order of `random`'s, skipping the
 * `recent` ones (positions by their digits) while others are left; null when the pack has none.
 * @param {DrillPack} pack @param {string} technique @param {() => number} random
 * @param {string[]} [recent]
 * @returns {Drill | null}
 */
export function pickDrill(pack, technique, random, recent = []) {
  const all = pack.drills.filter((drill) => drill.technique === technique);
  const fresh = all.filter((drill) => !recent.includes(drill.digits));
  const from = fresh.length ? fresh : all;
  return from.length ? from[Math.floor(random() * from.length)] : null;
}
