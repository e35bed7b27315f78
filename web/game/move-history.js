// @ts-check
// A game's history: every move as compact text (cell-layers.js encodes it), and how many of them
// are applied. Undo steps back, redo forward, a new move drops the undone ones. Saved with the
// game, so it survives reloads; at MAX_MOVES the oldest move goes with each new one, so what is
// written is always what the reader takes. Beside the moves, `times`: the play time (whole
// seconds) each move was made at, for the review of the solve; null for a move whose time is
// unknown (made by a page that did not keep times, or merged from another tab). A history
// without `times` (an older page's) is read as it is.
// Two more lists for the review, each bounded and absent when empty (an older page reads past
// them, and drops them at its next save):
//   - `undone`: the digits the player placed and undid, kept when a new move drops the undone
//     moves (the review flags a wrong digit even if it was taken back), each with how many of
//     `moves` came before it and its time;
//   - `hinted`: the moves that placed or struck what a hint the player had read named (the
//     review says "with help", not "found").
// The times and these two lists are optional: damaged ones are dropped (or a time made unknown)
// as they are read, and said in `repaired`, never a reason to refuse the game. Plain data, no DOM.

import { LAYER, decodeMove, maskDigits } from "../board/cell-layers.js";
import { EMPTY } from "../board/grid.js";

/**
 * A digit placed in `cell` and undone, with the play time it was placed at (null: unknown). It
 * was made after `after` of the history's moves (and before `moves[after]`, which came later);
 * the list is in the order the digits were placed, so `after` never decreases.
 * @typedef {{after: number, cell: number, digit: number, time: number | null}} Undone
 */
/**
 * `moves[move]` placed `digit` in `cell` (or struck it from the cell's centre marks) after the
 * player read a hint that named it. In the order of `move`.
 * @typedef {{move: number, cell: number, digit: number}} Hinted
 */
/**
 * `moves[0..at)` are applied; `moves[at..]` can be redone; `times[i]`, when there, is the play
 * time in whole seconds that `moves[i]` was made at (null: unknown), as long as `moves`.
 * @typedef {{moves: string[], at: number, times?: (number | null)[], undone?: Undone[], hinted?: Hinted[]}} History
 */

/** @returns {History} */
export const emptyHistory = () => ({ moves: [], at: 0 });

/**
 * After a new move: the redo tail is gone (its digits kept in `undone`), and past MAX_MOVES the
 * oldest move too. `seconds`: the play time it was made at (null: unknown); the first timed move
 * of an older history gives its earlier moves unknown times. `options.entries`: the digits before
 * the move (the redo tail is replayed from them; without them its digits are not kept);
 * `options.hinted`: what of the move a hint the player read named (hintedMarks).
 * @param {History} history @param {string} move @param {number | null} [seconds]
 * @param {{entries?: string, hinted?: readonly {cell: number, digit: number}[]}} [options]
 * @returns {History}
 */
export function pushMove(history, move, seconds = null, options = {}) {
  const at = history.at;
  const moves = [...history.moves.slice(0, at), move];
  const time = seconds === null ? null : Math.min(Math.max(0, Math.floor(seconds)), Number.MAX_SAFE_INTEGER);
  /** @type {History} */
  const next = { moves, at: at + 1 };
  if (history.times || time !== null) {
    next.times = [...(history.times ?? new Array(history.moves.length).fill(null)).slice(0, at), time];
  }
  const undone = undoneSoFar(history, options.entries);
  if (undone.length) next.undone = undone;
  const hinted = [...(history.hinted ?? []).filter((h) => h.move < at), ...(options.hinted ?? []).map(({ cell, digit }) => ({ move: at, cell, digit }))];
  if (hinted.length) next.hinted = hinted;
  return fitHistory(next);
}

/**
 * The digits undone as they stand when the redo tail goes: those made before `at`, as they are;
 * then the tail's own digit placements (replayed from `entries`, the digits at `at`) and the
 * digits undone on it, in the order they were made, all now made after `at` moves (the moves
 * between are undone too). Without `entries` only the stored ones are kept. Also the review's
 * view of a history whose last moves are undone and not yet replaced.
 * @param {History} history @param {string} [entries] @returns {Undone[]}
 */
export function undoneSoFar(history, entries) {
  const { at } = history;
  const stored = history.undone ?? [];
  const out = stored.filter((u) => u.after < at);
  const later = stored.filter((u) => u.after >= at);
  let next = 0;
  const flush = (/** @type {number} */ upTo) => {
    for (; next < later.length && later[next].after <= upTo; next++) out.push({ ...later[next], after: at });
  };
  if (entries !== undefined) {
    const digits = [...entries].map((d) => (d === EMPTY ? 0 : Number(d)));
    for (let j = at; j < history.moves.length; j++) {
      flush(j);
      const move = decodeMove(history.moves[j]);
      if (!move || move.kind === "given") {
        next = later.length; // after a change of the givens: another puzzle's digits, undone or not
        break;
      }
      for (const { layer, cell, xor } of move.changes) {
        if (layer !== LAYER.entry) continue;
        digits[cell] ^= xor;
        const digit = digits[cell];
        if (move.kind === "digit" && digit >= 1 && digit <= 9) out.push({ after: at, cell, digit, time: history.times?.[j] ?? null });
      }
    }
  }
  flush(Infinity);
  return out;
}

/**
 * What of a move a hint the player read named: the digits it placed (kind "digit") and the
 * centre marks it struck (kind "centre") whose keys are in `read` ("39=3": 3 placed in cell 39;
 * "0-5": 5 struck from cell 0).
 * @param {string} kind the move's kind
 * @param {{entries: string, centre: readonly number[]}} before @param {{entries: string, centre: readonly number[]}} after
 * @param {ReadonlySet<string>} read
 * @returns {{cell: number, digit: number}[]}
 */
export function hintedMarks(kind, before, after, read) {
  /** @type {{cell: number, digit: number}[]} */
  const found = [];
  if (!read.size) return found;
  for (let cell = 0; cell < 81; cell++) {
    if (kind === "digit") {
      const digit = after.entries[cell];
      if (digit !== before.entries[cell] && digit !== EMPTY && read.has(`${cell}=${digit}`)) found.push({ cell, digit: Number(digit) });
    } else if (kind === "centre") {
      for (const digit of maskDigits(before.centre[cell] & ~after.centre[cell])) {
        if (read.has(`${cell}-${digit}`)) found.push({ cell, digit });
      }
    }
  }
  return found;
}

/**
 * The history with `at` moved (undo, redo): the moves and their times kept.
 * @param {History} history @param {number} at @returns {History}
 */
export const historyAt = (history, at) => ({ ...history, at });

/**
 * A history of at most MAX_MOVES moves, MAX_UNDONE undone digits and MAX_HINTED hint marks, the
 * same one when it is already: the moves that can be undone are kept before those that can be
 * redone, the latest first. Dropping the oldest applied moves keeps every state the rest passes
 * through, so the game's cells need no change; the undone digits and hint marks move with their
 * moves (those of the dropped moves go), and past their limits the oldest go.
 * @template {{moves: unknown[], at: number}} H
 * @param {H} history @returns {H}
 */
export function fitHistory(history) {
  const notes = /** @type {{undone?: Undone[], hinted?: Hinted[]}} */ (history);
  const overNotes = (notes.undone?.length ?? 0) > MAX_UNDONE || (notes.hinted?.length ?? 0) > MAX_HINTED;
  if (history.moves.length <= MAX_MOVES && !overNotes) return history;
  const end = Math.max(history.at, Math.min(history.moves.length, MAX_MOVES)); // the redo tail's end goes first
  const start = Math.max(0, end - MAX_MOVES);
  /** @type {Record<string, unknown>} */
  const cut = { ...history, moves: history.moves.slice(start, end), at: history.at - start };
  const times = /** @type {{times?: unknown[]}} */ (history).times;
  if (Array.isArray(times)) cut.times = times.slice(start, end);
  const undone = (notes.undone ?? []).filter((u) => u.after >= start).map((u) => ({ ...u, after: Math.min(u.after, end) - start }));
  const hinted = (notes.hinted ?? []).filter((h) => h.move >= start && h.move < end).map((h) => ({ ...h, move: h.move - start }));
  delete cut.undone;
  delete cut.hinted;
  if (undone.length) cut.undone = undone.slice(-MAX_UNDONE);
  if (hinted.length) cut.hinted = hinted.slice(-MAX_HINTED);
  return /** @type {H} */ (cut);
}

/** @param {History} history */
export const canUndo = (history) => history.at > 0;
/** @param {History} history */
export const canRedo = (history) => history.at < history.moves.length;

/** More moves than a person makes in any game (a history is bounded, and so is reading one). */
export const MAX_MOVES = 100_000;
/** Undone digits kept: as many as a review takes moves (review-model.js, MAX_REVIEW_MOVES). */
export const MAX_UNDONE = 5000;
/** Hint marks kept: as many as a review takes moves. */
export const MAX_HINTED = 5000;
/** The longest move: every layer of every cell changed (Solve, a merge) is 81 * 5 changes. */
const MAX_MOVE_LENGTH = 1 + 81 * 5 * 3;

/**
 * A stored history's lists checked (not its moves: readHistory decodes them) and cut to their
 * limits (fitHistory): `dropped` counts the moves left out, `notesDropped` the undone digits and
 * hint marks left out beyond those of the dropped moves. The optional lists are repaired rather
 * than refused (readTimes, readUndone, readHinted); `repaired` says how ("" when they were sound).
 * The moves are as stored (unknown).
 * @param {unknown} value
 * @returns {{ok: true, history: {moves: unknown[], at: number, times?: (number | null)[], undone?: Undone[], hinted?: Hinted[]},
 *   dropped: number, notesDropped: number, repaired: string} | {ok: false, problem: string}}
 */
export function readHistoryShape(value) {
  if (!value || typeof value !== "object") return { ok: false, problem: "it is not a history" };
  const v = /** @type {Record<string, unknown>} */ (value);
  if (!Array.isArray(v.moves)) return { ok: false, problem: "its moves are not a list" };
  if (!Number.isSafeInteger(v.at) || Number(v.at) < 0 || Number(v.at) > v.moves.length) {
    return { ok: false, problem: "its position is outside its moves" };
  }
  const count = v.moves.length;
  const times = readTimes(v.times, count);
  const undoneProblem = readUndone(v.undone, count);
  const hintedProblem = readHinted(v.hinted, count);
  /** @type {{moves: unknown[], at: number, times?: (number | null)[], undone?: Undone[], hinted?: Hinted[]}} */
  const stored = { moves: v.moves, at: Number(v.at) };
  if (times.times) stored.times = times.times;
  const undone = undoneProblem ? undefined : /** @type {Undone[] | undefined} */ (v.undone);
  const hinted = hintedProblem ? undefined : /** @type {Hinted[] | undefined} */ (v.hinted);
  if (undone?.length) stored.undone = undone.map(({ after, cell, digit, time }) => ({ after, cell, digit, time }));
  if (hinted?.length) stored.hinted = hinted.map(({ move, cell, digit }) => ({ move, cell, digit }));
  const fitted = fitHistory(stored);
  const start = stored.at - fitted.at; // the first kept move's place in the stored list
  const end = start + fitted.moves.length;
  // those that went with the dropped moves are counted with the moves, not again
  const kept = (stored.undone ?? []).filter((u) => u.after >= start).length
    + (stored.hinted ?? []).filter((h) => h.move >= start && h.move < end).length;
  const notesDropped = kept - (fitted.undone?.length ?? 0) - (fitted.hinted?.length ?? 0);
  const repaired = [
    times.repaired,
    undoneProblem && `dropped its undone digits (${undoneProblem})`,
    hintedProblem && `dropped its hint marks (${hintedProblem})`,
  ].filter(Boolean).join("; ");
  return { ok: true, history: fitted, dropped: count - fitted.moves.length, notesDropped, repaired };
}

/**
 * A stored history, checked (storage is untrusted: every move is decoded), with its moves. One
 * longer than MAX_MOVES (an older page wrote it) is cut to fit (fitHistory): `dropped` counts the
 * moves left out; only the kept ones are read. Its undone digits and hint marks are cut to their
 * limits too (`notesDropped`); damaged optional lists are repaired and said in `repaired`.
 * @param {unknown} value
 * @returns {{ok: true, history: History, moves: import("../board/cell-layers.js").Move[], dropped: number, notesDropped: number,
 *   repaired: string} | {ok: false, problem: string}}
 */
export function readHistory(value) {
  const shape = readHistoryShape(value);
  if (!shape.ok) return shape;
  const fitted = shape.history;
  const first = /** @type {{at: number}} */ (value).at - fitted.at; // the first kept move's place in the stored list
  const moves = [];
  for (const [i, text] of fitted.moves.entries()) {
    const move = typeof text === "string" && text.length <= MAX_MOVE_LENGTH ? decodeMove(text) : null;
    if (!move) return { ok: false, problem: `move ${first + i + 1} is unreadable` };
    moves.push(move);
  }
  /** @type {History} */
  const history = { ...fitted, moves: /** @type {string[]} */ ([...fitted.moves]) };
  if (fitted.times) history.times = [...fitted.times];
  return { ok: true, history, moves, dropped: shape.dropped, notesDropped: shape.notesDropped, repaired: shape.repaired };
}

/**
 * Stored move times, repaired rather than refused: they are optional (the review alone reads
 * them), and a damaged list must never cost the player the game. Absent (an older page's
 * history) stays absent; not one per move (not a list, or of another length: which time goes
 * with which move is lost) is dropped whole; within a list of the right length, a time that is
 * not a whole number of seconds becomes unknown (null), the others kept. `repaired` says what
 * was done, as the record's other repairs are said ("" when nothing).
 * @param {unknown} times @param {number} count the history's moves
 * @returns {{times: (number | null)[] | undefined, repaired: string}}
 */
export function readTimes(times, count) {
  if (times === undefined) return { times: undefined, repaired: "" };
  if (!Array.isArray(times) || times.length !== count) return { times: undefined, repaired: "dropped its move times (not one per move)" };
  /** @type {number[]} */
  const unreadable = [];
  const read = times.map((t, i) => {
    if (t === null || (Number.isSafeInteger(t) && t >= 0)) return /** @type {number | null} */ (t);
    unreadable.push(i);
    return null;
  });
  const repaired = unreadable.length === 0 ? ""
    : unreadable.length === 1 ? `forgot the unreadable time of move ${unreadable[0] + 1}`
    : `forgot the unreadable times of ${unreadable.length.toLocaleString("en")} moves`;
  return { times: read, repaired };
}

/** Whether a value is a whole number from `min` to `max`. @param {unknown} n @param {number} min @param {number} max */
const whole = (n, min, max) => Number.isSafeInteger(n) && Number(n) >= min && Number(n) <= max;

/**
 * What is wrong with stored undone digits, or "": absent, or a list of {after, cell, digit,
 * time} in the order made (`after` never decreasing, at most the history's moves).
 * @param {unknown} undone @param {number} count the history's moves
 */
export function readUndone(undone, count) {
  if (undone === undefined) return "";
  if (!Array.isArray(undone)) return "its undone digits are not a list";
  let last = 0;
  for (const [i, u] of undone.entries()) {
    const ok = u && typeof u === "object" && whole(u.after, last, count) && whole(u.cell, 0, 80) && whole(u.digit, 1, 9)
      && (u.time === null || whole(u.time, 0, Number.MAX_SAFE_INTEGER));
    if (!ok) return `undone digit ${i + 1} is not a cell, a digit and a time in the order made`;
    last = u.after;
  }
  return "";
}

/**
 * What is wrong with stored hint marks, or "": absent, or a list of {move, cell, digit} in the
 * order of `move`, each one of the history's moves.
 * @param {unknown} hinted @param {number} count the history's moves
 */
export function readHinted(hinted, count) {
  if (hinted === undefined) return "";
  if (!Array.isArray(hinted)) return "its hint marks are not a list";
  let last = 0;
  for (const [i, h] of hinted.entries()) {
    if (!(h && typeof h === "object" && whole(h.move, last, count - 1) && whole(h.cell, 0, 80) && whole(h.digit, 1, 9))) {
      return `hint mark ${i + 1} is not a move's cell and digit in the order of the moves`;
    }
    last = h.move;
  }
  return "";
}

/** What is wrong with a stored history, or "". @param {unknown} value */
export function historyProblem(value) {
  const read = readHistory(value);
  return read.ok ? "" : read.problem;
}
