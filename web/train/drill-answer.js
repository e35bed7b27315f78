// @ts-check
// A drill's answer judged (no DOM): what the player did on the drill's board (digits placed,
// candidates struck from the centre marks) against the instances of the technique there: the
// step the grader takes, then the drill's `others` (a second X-Wing elsewhere). Right is one
// instance's effect, exactly (with a later instance, the eliminations it shares with an earlier
// one may be struck too: it was found once those were made); a single may be any single of the
// same kind (a position has many, all as good). Otherwise the verdict is about the instance the
// answer comes closest to (most of its effect made; the grader's step when none): what was
// missed, what was wrong (a struck candidate that is the solution's digit, a placed digit that
// is not) and what was true but not this pattern's doing, and what the board draws: that
// instance as Hint draws it at its last level, and the cells where the player went wrong
// flagged. The instance is said in words (its `summary`); its notation (`text`, the expert's
// line) is the verdict's `notation`, for a disclosure.

import { bit, maskDigits } from "../board/cell-layers.js";
import { EMPTY, UNITS, cellName } from "../board/grid.js";
import { highlightFor } from "../teach/hint-drawing.js";

/** @typedef {import("./drill-pack.js").Drill} Drill */
/** @typedef {import("../engine/protocol.js").Step} Step */
/** @typedef {import("../board/sudoku-board.js").Highlight} Highlight */
/** @typedef {{cell: number, digit: number}} Candidate */
/**
 * `state`: "empty" (nothing done yet: not judged), "right" or "wrong". `missed`: the step's
 * placements and eliminations not made; `wrong`: struck candidates that are the solution's
 * digit, placed digits that are not; `extra`: true deductions this step does not make;
 * `notation`: the step in notation ("" when the verdict is not about the pack's step); `step`:
 * the instance of the technique the verdict is about (the drill's step unless the answer was
 * another instance, or came closer to one).
 * @typedef {{state: "empty" | "right" | "wrong", placed: Candidate[], struck: Candidate[],
 *   missed: Candidate[], wrong: Candidate[], extra: Candidate[], words: string, notation: string,
 *   step: Step}} Verdict
 */

export const SINGLES = ["Full House", "Naked Single", "Hidden Single"];

/** @param {Candidate[]} list @param {Candidate} item */
const has = (list, item) => list.some((c) => c.cell === item.cell && c.digit === item.digit);
/** @param {Candidate[]} list */
const named = (list) => list.map(({ cell, digit }) => `${digit} in ${cellName(cell)}`).join(", ");
/** A step in words (a step from before steps carried them: its notation). @param {Step} step */
const said = (step) => step.summary ?? step.text;

/**
 * Whether placing `digit` in `cell` is a single of the technique's kind in the drill's position.
 * @param {Drill} drill @param {Candidate} placed @param {string} technique
 */
export function isSingleOfKind(drill, { cell, digit }, technique) {
  const units = UNITS.filter((unit) => unit.cells.includes(cell));
  if (!(drill.candidates[cell] & bit(digit))) return false;
  if (technique === "Naked Single") return drill.candidates[cell] === bit(digit);
  if (technique === "Full House") return units.some((unit) => unit.cells.filter((c) => drill.digits[c] === EMPTY).length === 1);
  if (technique === "Hidden Single") return units.some((unit) => unit.cells.filter((c) => drill.candidates[c] & bit(digit)).length === 1);
  return false;
}

/**
 * What the player did: digits in the drill's empty cells, and candidates gone from the centre
 * marks of the cells still empty (marks added beyond the candidates are not answers).
 * @param {Drill} drill @param {string} entries the board's digits (81 characters) @param {number[]} centre the board's centre marks
 */
export function playerMoves(drill, entries, centre) {
  /** @type {Candidate[]} */
  const placed = [];
  /** @type {Candidate[]} */
  const struck = [];
  for (let cell = 0; cell < 81; cell++) {
    if (drill.digits[cell] !== EMPTY) continue;
    if (entries[cell] !== EMPTY && entries[cell] !== undefined) placed.push({ cell, digit: Number(entries[cell]) });
    else for (const digit of maskDigits(drill.candidates[cell] & ~(centre[cell] ?? 0))) struck.push({ cell, digit });
  }
  return { placed, struck };
}

/** @param {Step} step @returns {{placed: Candidate[], struck: Candidate[]}} */
const effectOf = (step) => ({
  placed: step.placements.map(({ cell, digit }) => ({ cell, digit })),
  struck: step.eliminations.map(({ cell, digit }) => ({ cell, digit })),
});

/**
 * The answer against each instance of the technique, in the drill's order: what of its effect
 * was missed, and what true move is neither its doing nor an earlier instance's.
 * @param {Drill} drill @param {Candidate[]} placed @param {Candidate[]} struck @param {Candidate[]} wrong
 */
function againstInstances(drill, placed, struck, wrong) {
  /** @type {Candidate[]} */
  const earlier = [];
  return [drill.step, ...drill.others].map((step) => {
    const want = effectOf(step);
    const missed = [...want.placed.filter((c) => !has(placed, c)), ...want.struck.filter((c) => !has(struck, c))];
    const extra = [
      ...placed.filter((p) => !has(wrong, p) && !has(want.placed, p)),
      ...struck.filter((s) => !has(wrong, s) && !has(want.struck, s) && !has(earlier, s)),
    ];
    const made = want.placed.length + want.struck.length - missed.length;
    earlier.push(...want.struck);
    return { step, missed, extra, made };
  });
}

/**
 * The verdict on the player's answer.
 * @param {Drill} drill @param {string} entries @param {number[]} centre @returns {Verdict}
 */
export function judge(drill, entries, centre) {
  const { placed, struck } = playerMoves(drill, entries, centre);
  const solution = (/** @type {number} */ cell) => Number(drill.solution[cell]);
  const base = { placed, struck, missed: [], wrong: [], extra: [], notation: "", step: drill.step };
  if (!placed.length && !struck.length) {
    return { ...base, state: "empty", words: "Make the step on the board first: place its digit, or strike the candidates it removes." };
  }
  const wrong = [
    ...placed.filter((p) => solution(p.cell) !== p.digit),
    ...struck.filter((s) => solution(s.cell) === s.digit),
  ];
  const anySingle = SINGLES.includes(drill.technique) && placed.length === 1 && !wrong.length && !struck.length
    && isSingleOfKind(drill, placed[0], drill.technique);
  if (anySingle) return { ...base, state: "right", words: `Right. ${drill.technique}: place ${named(placed)}.` };
  const judged = againstInstances(drill, placed, struck, wrong);
  const found = judged.find((item) => !wrong.length && !item.missed.length && !item.extra.length);
  if (found) {
    return { ...base, state: "right", words: `Right. ${said(found.step)}.`, notation: found.step.text, step: found.step };
  }
  const { step, missed, extra } = judged.reduce((best, item) => (item.made > best.made ? item : best));
  const parts = [];
  const wrongStruck = struck.filter((s) => has(wrong, s));
  const wrongPlaced = placed.filter((p) => has(wrong, p));
  if (wrongStruck.length) parts.push(`Struck, but the solution needs ${wrongStruck.length === 1 ? "it" : "them"}: ${named(wrongStruck)}.`);
  if (wrongPlaced.length) parts.push(`Not the solution's digit: ${named(wrongPlaced)}.`);
  if (missed.length) parts.push(`Missed: ${named(missed)}.`);
  if (extra.length) parts.push(`Not this step's: ${named(extra)}.`);
  parts.push(`The step is ${said(step)}.`);
  return { ...base, state: "wrong", missed, wrong, extra, words: parts.join(" "), notation: step.text, step };
}

/**
 * What the drill's board draws with a verdict: the instance it is about (pattern, eliminations,
 * placements) as Hint's last level draws it, and the cells to flag (wrong or not its doing).
 * @param {Verdict} verdict
 * @returns {{highlight: Partial<Highlight> | null, flagged: number[]}}
 */
export function feedbackDrawing(verdict) {
  const hint = /** @type {import("../engine/protocol.js").Hint} */ ({
    kind: "step", message: verdict.step.text, mistakes: [], missing: [], remove: [],
    levels: { nudge: "", pattern: "", effect: "" }, step: verdict.step,
  });
  const flagged = [...new Set([...verdict.wrong, ...verdict.extra].map((c) => c.cell))];
  return { highlight: highlightFor(hint, 3), flagged };
}
