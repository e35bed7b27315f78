// @ts-check
// A game's history: every move as compact text (cell-layers.js encodes it), and how many of them
// are applied. Undo steps back, redo forward, a new move drops the undone ones. Saved with the
// game, so it survives reloads; at MAX_MOVES the oldest move goes with each new one, so what is
// written is always what the reader takes. Beside the moves, `times`: the play time (whole
// seconds) each move was made at, for the review of the solve; null for a move whose time is
// unknown (made by a page that did not keep times, or merged from another tab). A history
// without `times` (an older page's) is read as it is.
// Four more lists for the review, each bounded and absent when empty (an older page reads past
// them, and drops them at its next save):
//   - `undone`: the digits the player placed and undid, kept when a new move drops the undone
//     moves (the review flags a wrong digit even if it was taken back), each with how many of
//     `moves` came before it and its time;
//   - `undoneStrikes`: the same for the candidates the player struck from centre marks (the
//     centre tool) and undid (the review flags a true candidate struck even if it was put back).
//     A list of its own, not a kind in `undone`: an older page would read such an entry as a
//     digit placed, and write it back as one;
//   - `hinted`: the moves that placed or struck what a hint the player had read named (the
//     review says "with help", not "found");
//   - `read`: what the hints the player read in this game named ("39=3": 3 placed in cell 39;
//     "0-5": 5 struck from cell 0), so that a move made after a reload (or in another tab) is
//     still known as made after a hint. A game of its own: a new game of the same puzzle starts
//     with none; a change of the givens forgets them (they named another puzzle's cells).
// The times and these lists are optional: damaged ones are dropped (or a time made unknown) as
// they are read, and said in `repaired`, never a reason to refuse the game. Plain data, no DOM.

import { LAYER, changesTheGivens, decodeMove, maskDigits } from "../board/cell-layers.js";
import { EMPTY } from "../board/grid.js";

/**
 * A digit placed in `cell` and undone (in `undoneStrikes`: a candidate `digit` struck from the
 * cell's centre marks and undone), with the play time it was made at (null: unknown). It was
 * made after `after` of the history's moves (and before `moves[after]`, which came later); each
 * list is in the order its moves were made, so `after` never decreases.
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
 * @typedef {{moves: string[], at: number, times?: (number | null)[], undone?: Undone[], undoneStrikes?: Undone[],
 *   hinted?: Hinted[], read?: string[]}} History
 */

/** @returns {History} */
export const emptyHistory = () => ({ moves: [], at: 0 });

/**
 * After a new move: the redo tail is gone (its digits kept in `undone`, its strikes in
 * `undoneStrikes`), and past MAX_MOVES the oldest move too. `seconds`: the play time it was made
 * at (null: unknown); the first timed move of an older history gives its earlier moves unknown
 * times. `options.entries` and `options.centre`: the digits and centre marks before the move (the
 * redo tail is replayed from them; without them its digits, or strikes, are not kept);
 * `options.hinted`: what of the move a hint the player read named (hintedMarks). The hints read
 * stay, unless the move changes the givens.
 * @param {History} history @param {string} move @param {number | null} [seconds]
 * @param {{entries?: string, centre?: readonly number[], hinted?: readonly {cell: number, digit: number}[]}} [options]
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
  const { undone, undoneStrikes } = undoneSoFar(history, options.entries, options.centre);
  if (undone.length) next.undone = undone;
  if (undoneStrikes.length) next.undoneStrikes = undoneStrikes;
  const hinted = [...(history.hinted ?? []).filter((h) => h.move < at), ...(options.hinted ?? []).map(({ cell, digit }) => ({ move: at, cell, digit }))];
  if (hinted.length) next.hinted = hinted;
  const decoded = history.read ? decodeMove(move) : null;
  if (history.read && decoded && !changesTheGivens(decoded)) next.read = history.read;
  return fitHistory(next);
}

/**
 * The digits and strikes undone as they stand when the redo tail goes: those made before `at`,
 * as they are; then the tail's own digit placements and centre-tool strikes (replayed from
 * `entries` and `centre`, the cells at `at`) and those undone on it, in the order they were
 * made, all now made after `at` moves (the moves between are undone too). Without `entries` only
 * the stored ones are kept; without `centre`, the tail's strikes are not. Also the review's view
 * of a history whose last moves are undone and not yet replaced.
 * @param {History} history @param {string} [entries] @param {readonly number[]} [centre]
 * @returns {{undone: Undone[], undoneStrikes: Undone[]}}
 */
export function undoneSoFar(history, entries, centre) {
  const { at } = history;
  const [digits, strikes] = [history.undone ?? [], history.undoneStrikes ?? []].map((stored) => ({
    out: stored.filter((u) => u.after < at), later: stored.filter((u) => u.after >= at), next: 0,
  }));
  const flush = (/** @type {number} */ upTo) => {
    for (const list of [digits, strikes]) {
      for (; list.next < list.later.length && list.later[list.next].after <= upTo; list.next++) list.out.push({ ...list.later[list.next], after: at });
    }
  };
  if (entries !== undefined) {
    const values = [...entries].map((d) => (d === EMPTY ? 0 : Number(d)));
    const marks = centre ? [...centre] : null;
    for (let j = at; j < history.moves.length; j++) {
      flush(j);
      const move = decodeMove(history.moves[j]);
      if (!move || changesTheGivens(move)) {
        digits.next = digits.later.length; // after a change of the givens: another puzzle's moves, undone or not
        strikes.next = strikes.later.length;
        break;
      }
      const time = history.times?.[j] ?? null;
      for (const { layer, cell, xor } of move.changes) {
        if (layer === LAYER.entry) {
          values[cell] ^= xor;
          const digit = values[cell];
          if (move.kind === "digit" && digit >= 1 && digit <= 9) digits.out.push({ after: at, cell, digit, time });
        } else if (layer === LAYER.centre && marks) {
          if (move.kind === "centre") for (const digit of maskDigits(marks[cell] & xor)) strikes.out.push({ after: at, cell, digit, time });
          marks[cell] ^= xor;
        }
      }
    }
  }
  flush(Infinity);
  return { undone: digits.out, undoneStrikes: strikes.out };
}

/**
 * A hint's key: a cell (0..80), then "=" placed or "-" struck (a step's; hintedMarks marks the
 * moves that make them), "x" a wrong digit named or "+" a removed candidate named (kept so that
 * the hint is not counted again after a reload), then a digit.
 */
const HINT_KEY = /^(?:[0-9]|[1-7][0-9]|80)[=\-x+][1-9]$/;

/**
 * The history with what a hint the player read named added to its `read` (keys as hintedMarks
 * takes them, "39=3", "0-5"; others are not keys and are left out); the same one when nothing is
 * new. @param {History} history @param {readonly string[]} keys @returns {History}
 */
export function withHintsRead(history, keys) {
  const known = new Set(history.read ?? []);
  const added = [];
  for (const key of keys) {
    if (known.has(key) || !HINT_KEY.test(key)) continue;
    known.add(key);
    added.push(key);
  }
  return added.length ? { ...history, read: [...(history.read ?? []), ...added] } : history;
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
 * A history of at most MAX_MOVES moves, MAX_UNDONE undone digits (and as many undone strikes) and
 * MAX_HINTED hint marks, the same one when it is already: the moves that can be undone are kept
 * before those that can be redone, the latest first. Dropping the oldest applied moves keeps every
 * state the rest passes through, so the game's cells need no change; the undone digits and
 * strikes and the hint marks move with their moves (those of the dropped moves go), and past their
 * limits the oldest go. The hints read are a set of distinct keys, within MAX_READ by their kind.
 * @template {{moves: unknown[], at: number}} H
 * @param {H} history @returns {H}
 */
export function fitHistory(history) {
  const notes = /** @type {{undone?: Undone[], undoneStrikes?: Undone[], hinted?: Hinted[]}} */ (history);
  const overNotes = (notes.undone?.length ?? 0) > MAX_UNDONE || (notes.undoneStrikes?.length ?? 0) > MAX_UNDONE
    || (notes.hinted?.length ?? 0) > MAX_HINTED;
  if (history.moves.length <= MAX_MOVES && !overNotes) return history;
  const end = Math.max(history.at, Math.min(history.moves.length, MAX_MOVES)); // the redo tail's end goes first
  const start = Math.max(0, end - MAX_MOVES);
  /** @type {Record<string, unknown>} */
  const cut = { ...history, moves: history.moves.slice(start, end), at: history.at - start };
  const times = /** @type {{times?: unknown[]}} */ (history).times;
  if (Array.isArray(times)) cut.times = times.slice(start, end);
  const shift = (/** @type {Undone[] | undefined} */ list) => (list ?? []).filter((u) => u.after >= start).map((u) => ({ ...u, after: Math.min(u.after, end) - start }));
  const undone = shift(notes.undone);
  const undoneStrikes = shift(notes.undoneStrikes);
  const hinted = (notes.hinted ?? []).filter((h) => h.move >= start && h.move < end).map((h) => ({ ...h, move: h.move - start }));
  delete cut.undone;
  delete cut.undoneStrikes;
  delete cut.hinted;
  if (undone.length) cut.undone = undone.slice(-MAX_UNDONE);
  if (undoneStrikes.length) cut.undoneStrikes = undoneStrikes.slice(-MAX_UNDONE);
  if (hinted.length) cut.hinted = hinted.slice(-MAX_HINTED);
  return /** @type {H} */ (cut);
}

/** @param {History} history */
export const canUndo = (history) => history.at > 0;
/** @param {History} history */
export const canRedo = (history) => history.at < history.moves.length;

/** More moves than a person makes in any game (a history is bounded, and so is reading one). */
export const MAX_MOVES = 100_000;
/** Undone digits kept, and undone strikes: as many as a review takes moves (review-model.js, MAX_REVIEW_MOVES). */
export const MAX_UNDONE = 5000;
/** Hint marks kept: as many as a review takes moves. */
export const MAX_HINTED = 5000;
/** Hints read kept: each of the four kinds of key for every digit of every cell, once. */
export const MAX_READ = 4 * 81 * 9;
/** The longest move: every layer of every cell changed (Solve, a merge) is 81 * 5 changes. */
const MAX_MOVE_LENGTH = 1 + 81 * 5 * 3;

/**
 * A stored history's lists checked (not its moves: readHistory decodes them) and cut to their
 * limits (fitHistory): `dropped` counts the moves left out, `notesDropped` the undone digits and
 * strikes and hint marks left out beyond those of the dropped moves. The optional lists are
 * repaired rather than refused (readTimes, readUndone, readHinted, readHintsRead); `repaired` says
 * how ("" when they were sound). The moves are as stored (unknown).
 * @param {unknown} value
 * @returns {{ok: true, history: {moves: unknown[], at: number, times?: (number | null)[], undone?: Undone[],
 *   undoneStrikes?: Undone[], hinted?: Hinted[], read?: string[]}, dropped: number, notesDropped: number, repaired: string}
 *   | {ok: false, problem: string}}
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
  const strikesProblem = readUndone(v.undoneStrikes, count, "undone strike");
  const hintedProblem = readHinted(v.hinted, count);
  const { keys: readKeys, problem: readProblem } = readHintsRead(v.read);
  /** @type {{moves: unknown[], at: number, times?: (number | null)[], undone?: Undone[], undoneStrikes?: Undone[], hinted?: Hinted[], read?: string[]}} */
  const stored = { moves: v.moves, at: Number(v.at) };
  if (times.times) stored.times = times.times;
  const undone = undoneProblem ? undefined : /** @type {Undone[] | undefined} */ (v.undone);
  const undoneStrikes = strikesProblem ? undefined : /** @type {Undone[] | undefined} */ (v.undoneStrikes);
  const hinted = hintedProblem ? undefined : /** @type {Hinted[] | undefined} */ (v.hinted);
  if (undone?.length) stored.undone = undone.map(({ after, cell, digit, time }) => ({ after, cell, digit, time }));
  if (undoneStrikes?.length) stored.undoneStrikes = undoneStrikes.map(({ after, cell, digit, time }) => ({ after, cell, digit, time }));
  if (hinted?.length) stored.hinted = hinted.map(({ move, cell, digit }) => ({ move, cell, digit }));
  if (readKeys?.length) stored.read = readKeys;
  const fitted = fitHistory(stored);
  const start = stored.at - fitted.at; // the first kept move's place in the stored list
  const end = start + fitted.moves.length;
  // those that went with the dropped moves are counted with the moves, not again
  const kept = (stored.undone ?? []).filter((u) => u.after >= start).length
    + (stored.undoneStrikes ?? []).filter((u) => u.after >= start).length
    + (stored.hinted ?? []).filter((h) => h.move >= start && h.move < end).length;
  const notesDropped = kept - (fitted.undone?.length ?? 0) - (fitted.undoneStrikes?.length ?? 0) - (fitted.hinted?.length ?? 0);
  const repaired = [
    times.repaired,
    undoneProblem && `dropped its undone digits (${undoneProblem})`,
    strikesProblem && `dropped its undone strikes (${strikesProblem})`,
    hintedProblem && `dropped its hint marks (${hintedProblem})`,
    readProblem,
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
 * What is wrong with stored undone digits (or strikes: `noun` "undone strike"), or "": absent,
 * or a list of {after, cell, digit, time} in the order made (`after` never decreasing, at most
 * the history's moves).
 * @param {unknown} undone @param {number} count the history's moves @param {string} [noun]
 */
export function readUndone(undone, count, noun = "undone digit") {
  if (undone === undefined) return "";
  if (!Array.isArray(undone)) return `its ${noun}s are not a list`;
  let last = 0;
  for (const [i, u] of undone.entries()) {
    const ok = u && typeof u === "object" && whole(u.after, last, count) && whole(u.cell, 0, 80) && whole(u.digit, 1, 9)
      && (u.time === null || whole(u.time, 0, Number.MAX_SAFE_INTEGER));
    if (!ok) return `${noun} ${i + 1} is not a cell, a digit and a time in the order made`;
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

/**
 * Stored hints read, repaired: the distinct keys ("39=3", "0-5") of the list, and what was left
 * out ("" when nothing). One damaged key costs only itself: the others still mark the moves
 * made after their hints and keep the hints from being counted again. A list far longer than
 * any real one (every key once is MAX_READ) is not read at all.
 * @param {unknown} read
 * @returns {{keys: string[] | undefined, problem: string}}
 */
export function readHintsRead(read) {
  if (read === undefined) return { keys: undefined, problem: "" };
  if (!Array.isArray(read)) return { keys: undefined, problem: "dropped its hints read (not a list)" };
  if (read.length > 2 * MAX_READ) return { keys: undefined, problem: `dropped its hints read (more than ${(2 * MAX_READ).toLocaleString("en")})` };
  const keys = [...new Set(read.filter((key) => typeof key === "string" && HINT_KEY.test(key)))];
  const left = read.length - keys.length;
  return { keys, problem: left ? `dropped ${left} of its hints read (not a cell and a digit named once)` : "" };
}

/** What is wrong with a stored history, or "". @param {unknown} value */
export function historyProblem(value) {
  const read = readHistory(value);
  return read.ok ? "" : read.problem;
}
