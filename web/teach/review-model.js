// @ts-check
// The review of the player's own solve, as data (no DOM): the game's history replayed into the
// board after each of its moves, and the moves the engine's `review` labels (docs/web.md), in its
// notation ("r1c3=5@12": a digit placed 12 s into play; "r1c3-5": a candidate removed; "r1c3x":
// a digit erased; "!" when a hint, Reveal or Solve made it; "h" when the player made it after
// reading a hint that named it, then or before a reload; "~" when it was undone).
//
// Which history moves give the engine which moves:
//   - a digit written in a cell: a placement (over another digit: that one erased first); a
//     digit taken out (erase, Clear entries): an erasure;
//   - a centre mark taken out with the centre tool, while the centre marks are complete
//     candidates: an elimination. Complete as web/teach/marks-meaning.js decides it (Fill
//     candidates made them and they were not all cleared since, every empty cell is marked, or
//     the settings say so): a player who strikes from full candidate lists (HoDoKu,
//     sudoku.coach) claims "not here" with each strike; one who writes centre marks as notes
//     (SudokuPad) rubs them out while thinking, and those are not claims, never a lost candidate.
//     Marks a placed digit takes out of its peers, or that Fill candidates or an erase change,
//     are the page's tidying, not the player's claims. Corner marks and colours are notes.
//   - a hint applied, Reveal and Solve: their digits and eliminations, marked as helped; the
//     player's digits and strikes that a hint they had read named (the history's `hinted`):
//     marked as made after a hint.
//   - a digit the player placed and undid (the history's `undone`, and the digits of the moves
//     still to redo): a step of its own where it was made, the board then showing it; the next
//     step shows the board without it. So is a candidate struck with the centre tool and undone
//     (`undoneStrikes`, and the strikes still to redo), when the centre marks were complete
//     candidates there (a strike of a note, undone, is nothing to review).
// Node tests: tests/js/review-model.test.mjs.

import { applyChanges, changesTheGivens, decodeMove, maskDigits } from "../board/cell-layers.js";
import { EMPTY, PEERS, cellName, combine } from "../board/grid.js";
import { undoneSoFar } from "../game/move-history.js";

/** @typedef {import("../board/cell-layers.js").Layers} Layers */
/** @typedef {import("../board/cell-layers.js").MoveKind} MoveKind */

/** The most moves one review sends (the engine's limit, sudoku_core.review.MAX_MOVES). */
export const MAX_REVIEW_MOVES = 5000;

/**
 * One move for the engine, with the step it belongs to (1: the first move replayed) and whether
 * it was undone.
 * @typedef {{text: string, step: number, cell: number, undone: boolean}} ReviewMove
 */
/**
 * What a step was: a history move's kind, or "undone" (a digit placed, or a candidate struck,
 * and undone).
 * @typedef {MoveKind | "undone" | "now"} StepKind
 */
/**
 * A game ready for review: the board before each step (`states[0]` the start, `states[k]` after
 * k steps: the history's moves, and the digits and strikes undone where they were made), each step's kind,
 * the engine's moves and their text, whether moves past MAX_REVIEW_MOVES were left out, and the
 * player's digits at the start (a game opened from a link with progress, or older than its
 * recorded moves: the engine's `digits`; none: "").
 * @typedef {{givens: string, start: string, states: Layers[], kinds: StepKind[], moves: ReviewMove[],
 *   text: string, cut: boolean}} ReviewGame
 */

const HELPED = new Set(["hint", "reveal", "solve"]);

/**
 * The game's history replayed for review, from the board as it is now (`layers`) and its history
 * (the applied moves, `moves[0..at)`, are undone from the board to find the start; the moves
 * still to redo were undone, so their digits are reviewed as undone). A change of the givens
 * (Create mode) starts the review after it: the moves before were another puzzle's.
 * @param {{layers: Layers, history: import("../game/move-history.js").History,
 *   settings: {marksComplete: boolean, autoCandidates: boolean}}} game
 * @returns {ReviewGame}
 */
export function reviewGame({ layers, history, settings }) {
  const decoded = history.moves.slice(0, history.at).map((text) => decodeMove(text));
  let first = 0;
  decoded.forEach((move, i) => {
    if (!move || changesTheGivens(move)) first = i + 1;
  });
  let start = layers;
  for (let i = decoded.length - 1; i >= first; i--) start = applyChanges(start, /** @type {NonNullable<typeof decoded[number]>} */ (decoded[i]).changes);
  /** @type {Layers[]} */
  const states = [start];
  /** @type {StepKind[]} */
  const kinds = [];
  /** @type {ReviewMove[]} */
  const moves = [];
  const hinted = new Set((history.hinted ?? []).map((h) => `${h.move}:${h.cell}:${h.digit}`));
  const undone = inOrderMade(undoneSoFar(history, layers.entries, layers.centre), first);
  let kept = start; // the board after the history's moves so far (an undone move's step is not one)
  let next = 0; // the next undone digit or strike
  let filled = false; // Fill candidates made the centre marks, and they were not all cleared since
  const complete = (/** @type {Layers} */ before) => settings.marksComplete || settings.autoCandidates || filled || everyEmptyCellMarked(before);
  /** The steps of the undone digits and strikes made before the history's move `i` (Infinity: all left). @param {number} i */
  const undoneBefore = (i) => {
    for (; next < undone.length && undone[next].after <= i; next++) {
      const { cell, digit, time, strike } = undone[next];
      if (kept.givens[cell] !== EMPTY) continue; // not the player's cell (storage is untrusted)
      if (strike && (kept.entries[cell] !== EMPTY || !complete(kept))) continue; // a note rubbed out, not a claim
      const at = time === null ? "" : `@${time}`;
      moves.push({ text: `${cellName(cell)}${strike ? "-" : "="}${digit}~${at}`, step: states.length, cell, undone: true });
      states.push(strike
        ? { ...kept, centre: kept.centre.map((mask, c) => (c === cell ? mask & ~(1 << (digit - 1)) : mask)) }
        : { ...kept, entries: kept.entries.slice(0, cell) + String(digit) + kept.entries.slice(cell + 1) });
      kinds.push("undone");
    }
  };
  for (let i = first; i < decoded.length; i++) {
    undoneBefore(i);
    const move = /** @type {NonNullable<typeof decoded[number]>} */ (decoded[i]);
    const before = kept;
    const after = applyChanges(before, move.changes);
    const time = history.times?.[i];
    const at = typeof time === "number" ? `@${time}` : "";
    const step = states.length;
    for (const { text, cell, digit } of movesOf(move.kind, before, after, complete(before))) {
      const help = HELPED.has(move.kind) ? "!" : hinted.has(`${i}:${cell}:${digit}`) ? "h" : "";
      moves.push({ text: text + help + at, step, cell, undone: false });
    }
    if (move.kind === "candidates") filled = true;
    if (after.centre.every((mask) => mask === 0)) filled = false;
    states.push(after);
    kinds.push(move.kind);
    kept = after;
  }
  const ended = states.length;
  undoneBefore(Infinity);
  // digits undone after the last move: the review ends on the board as it is, without them
  if (states.length > ended) {
    states.push(kept);
    kinds.push("now");
  }
  const cut = moves.length > MAX_REVIEW_MOVES;
  const sent = cut ? moves.slice(0, MAX_REVIEW_MOVES) : moves;
  const begun = start.entries.replaceAll(EMPTY, "") ? start.entries : "";
  return { givens: start.givens, start: begun, states, kinds, moves: sent, text: sent.map((m) => m.text).join(" "), cut };
}

/**
 * The undone digits and strikes of the review (those after the move `first`), in one list in
 * the order made: by the moves they came after, then by their times where both are known.
 * @param {{undone: import("../game/move-history.js").Undone[], undoneStrikes: import("../game/move-history.js").Undone[]}} lists
 * @param {number} first
 * @returns {(import("../game/move-history.js").Undone & {strike: boolean})[]}
 */
function inOrderMade({ undone, undoneStrikes }, first) {
  const digits = undone.filter((u) => u.after >= first).map((u) => ({ ...u, strike: false }));
  const strikes = undoneStrikes.filter((u) => u.after >= first).map((u) => ({ ...u, strike: true }));
  const out = [];
  let [d, s] = [0, 0];
  while (d < digits.length || s < strikes.length) {
    const [digit, strike] = [digits[d], strikes[s]];
    const strikeFirst = !digit || (strike && (strike.after < digit.after
      || (strike.after === digit.after && strike.time !== null && digit.time !== null && strike.time < digit.time)));
    out.push(strikeFirst ? strikes[s++] : digits[d++]);
  }
  return out;
}

/** Whether every empty cell has centre marks (and one is empty). @param {Layers} layers */
function everyEmptyCellMarked(layers) {
  const grid = combine(layers.givens, layers.entries);
  let empty = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (grid[cell] !== EMPTY) continue;
    empty += 1;
    if (!layers.centre[cell]) return false;
  }
  return empty > 0;
}

/**
 * The engine's moves of one history move, without the help mark and the time: digits placed and
 * erased (digit 0), and the centre marks struck that are claims (see the module's comment).
 * @param {MoveKind} kind @param {Layers} before @param {Layers} after @param {boolean} complete
 * @returns {{text: string, cell: number, digit: number}[]}
 */
function movesOf(kind, before, after, complete) {
  /** @type {{text: string, cell: number, digit: number}[]} */
  const found = [];
  const placed = new Set();
  for (let cell = 0; cell < 81; cell++) {
    const [was, now] = [before.entries[cell], after.entries[cell]];
    if (was === now) continue;
    const name = cellName(cell);
    if (was !== EMPTY) found.push({ text: `${name}x`, cell, digit: 0 });
    if (now !== EMPTY) {
      found.push({ text: `${name}=${now}`, cell, digit: Number(now) });
      placed.add(cell);
    }
  }
  const strikes = kind === "hint" || (complete && (kind === "centre" || kind === "merge"));
  if (!strikes) return found;
  for (let cell = 0; cell < 81; cell++) {
    const gone = before.centre[cell] & ~after.centre[cell];
    if (!gone || placed.has(cell) || after.entries[cell] !== EMPTY || after.givens[cell] !== EMPTY) continue;
    for (const digit of maskDigits(gone)) {
      if (seenByPlaced(after, cell, digit, placed)) continue; // tidied after a digit placed in this move
      found.push({ text: `${cellName(cell)}-${digit}`, cell, digit });
    }
  }
  return found;
}

/** Whether a digit placed in this move, in a peer of `cell`, is `digit`. @param {Layers} layers
 * @param {number} cell @param {number} digit @param {Set<number>} placed */
function seenByPlaced(layers, cell, digit, placed) {
  return PEERS[cell].some((peer) => placed.has(peer) && layers.entries[peer] === String(digit));
}

/**
 * The review's labels of one step (the engine's, by the moves' order), or [] for a step that
 * gave the engine nothing (a mark, a colour).
 * @template {{index: number}} L
 * @param {ReviewGame} game @param {readonly L[]} labels @param {number} step
 * @returns {L[]}
 */
export function labelsAt(game, labels, step) {
  return labels.filter((label) => game.moves[label.index]?.step === step);
}

/**
 * The cells to flag on the board after `step` steps: a wrong digit still there, and a cell that
 * lost its answer from its marks, or got a wrong digit that was undone, in this very step.
 * @param {ReviewGame} game @param {readonly {index: number, kind: string}[]} labels @param {number} step
 * @returns {number[]}
 */
export function flaggedAt(game, labels, step) {
  /** @type {Map<number, boolean>} */
  const wrong = new Map();
  /** @type {number[]} */
  const lost = [];
  for (const label of labels) {
    const move = game.moves[label.index];
    if (!move || move.step > step) break;
    if (move.undone) {
      if ((label.kind === "wrong" || label.kind === "lost") && move.step === step) lost.push(move.cell);
      continue;
    }
    if (label.kind === "wrong") wrong.set(move.cell, true);
    else if (move.text.includes("=") || move.text.includes("x")) wrong.delete(move.cell);
    if (label.kind === "lost" && move.step === step) lost.push(move.cell);
  }
  const entries = game.states[step]?.entries ?? "";
  return [...new Set([...[...wrong.keys()].filter((cell) => entries[cell] !== EMPTY), ...lost])].sort((a, b) => a - b);
}
