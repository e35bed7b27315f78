// @ts-check
// "Make minimal…"'s choices in words (setter-view.js offers them): each once, and each label
// says what sets it apart: its number of givens, its level once graded, its symmetry, and the
// givens of the current puzzle it removes, those that not every choice removes named first (two
// choices with as many givens differ in those). Plain functions, no DOM.

import { cellName } from "../board/grid.js";
import { LEVEL_NAMES, SYMMETRY_NAMES, isSymmetry } from "./puzzle-info.js";

/** @typedef {import("../engine/protocol.js").MinimalChoice} MinimalChoice */
/** @typedef {import("./puzzle-info.js").Level} Level */

/** Removed givens named in a label; the rest are counted (the board's preview shows them all). */
const NAMED = 4;

/** "r1c4, r5c2 and 3 more". @param {number[]} cells */
function named(cells) {
  const shown = cells.slice(0, NAMED).map(cellName).join(", ");
  return cells.length > NAMED ? `${shown} and ${cells.length - NAMED} more` : shown;
}

/**
 * The choices to offer, each once (the same puzzle found twice is one choice), with their
 * labels; `removed` lists what each drops, the cells that set it apart first.
 * @param {readonly MinimalChoice[]} choices
 * @returns {{choice: MinimalChoice, removed: number[], label: string}[]}
 */
export function minimalChoices(choices) {
  const seen = new Set();
  const unique = choices.filter((c) => !seen.has(c.puzzle) && seen.add(c.puzzle));
  const everywhere = new Set(unique[0]?.removed.filter((cell) => unique.every((c) => c.removed.includes(cell))) ?? []);
  return unique.map((choice) => {
    const removed = [...choice.removed.filter((c) => !everywhere.has(c)), ...choice.removed.filter((c) => everywhere.has(c))];
    return { choice, removed, label: choiceLabel(choice, removed, null) };
  });
}

/**
 * "24 givens · Hard · 180° rotation · removes r1c4, r5c2": the level when it is known.
 * @param {MinimalChoice} choice @param {number[]} removed  in the order to name them
 * @param {Level | null} level
 */
export function choiceLabel(choice, removed, level) {
  const shape = choice.symmetry.find(isSymmetry);
  const parts = [`${choice.givens} givens`];
  if (level) parts.push(LEVEL_NAMES[level]);
  parts.push(shape ? SYMMETRY_NAMES[shape] : "no symmetry");
  parts.push(removed.length ? `removes ${named(removed)}` : "removes none");
  return parts.join(" · ");
}
