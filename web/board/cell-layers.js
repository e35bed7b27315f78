// @ts-check
// What a player writes in the cells, layer by layer, and the edits that change it, as plain data
// (no DOM: <sudoku-board> edits with it, the page's history replays it, Node tests import it).
//
// Five layers per cell, each a small number:
//   given   the puzzle's digit (0 = none)          entry   the player's digit (0 = none)
//   corner  corner marks, a 9-bit digit mask        centre  centre marks, a 9-bit digit mask
//   colour  cell colours, a 9-bit mask of colours 1..9 (a cell may have several)
// An edit is a list of changes, each "XOR this value into one layer of one cell". XOR is its own
// inverse, so the same list undoes and redoes a move, and a change fits in 18 bits: three
// base64url characters in a saved history (a 5,000-move history stays far below 100 KB).

import { EMPTY, PEERS, UNITS } from "./grid.js";

export const LAYER = /** @type {const} */ ({ given: 0, entry: 1, corner: 2, centre: 3, colour: 4 });
/** @typedef {0 | 1 | 2 | 3 | 4} LayerIndex */
/** The four tools of the pad and the Z/X/C/V keys. @typedef {"digit" | "corner" | "centre" | "colour"} Tool */
export const TOOLS = /** @type {const} */ (["digit", "corner", "centre", "colour"]);

/** Nine cell colours (1..9): Okabe–Ito's seven hues and two greys, distinct for colour-blind eyes. */
export const COLOUR_NAMES = ["orange", "sky blue", "green", "yellow", "blue", "vermilion", "purple", "grey", "dark grey"];

/**
 * The player's cells: the digits of both layers as 81-char grids, the marks and colours as 81 masks.
 * @typedef {{givens: string, entries: string, corner: number[], centre: number[], colours: number[]}} Layers
 */
/** One cell's value in one layer XOR-ed with `xor`. @typedef {{layer: LayerIndex, cell: number, xor: number}} Change */

/** @param {number} digit 1..9 */
export const bit = (digit) => 1 << (digit - 1);
/** The digits (or colours) of a mask, ascending. @param {number} mask @returns {number[]} */
export function maskDigits(mask) {
  const out = [];
  for (let d = 1; d <= 9; d++) if (mask & bit(d)) out.push(d);
  return out;
}

/** 81 empty masks. @returns {number[]} */
export const noMarks = () => new Array(81).fill(0);

/** @param {string} givens @param {string} entries @returns {Layers} */
export const layersOf = (givens, entries) => ({ givens, entries, corner: noMarks(), centre: noMarks(), colours: noMarks() });

// --- marks as text: "0:127 17:4" (cell:digits, cells 0..80 ascending) ------------------------------

/** @param {number[]} masks @returns {string} */
export function formatMarks(masks) {
  const parts = [];
  for (let cell = 0; cell < 81; cell++) if (masks[cell]) parts.push(`${cell}:${maskDigits(masks[cell]).join("")}`);
  return parts.join(" ");
}

/**
 * Marks from text; what is not a `cell:digits` token is skipped (the element's safe default).
 * @param {string | null | undefined} text @returns {number[]}
 */
export function parseMarks(text) {
  const masks = noMarks();
  for (const token of (text ?? "").split(/\s+/)) {
    const match = /^(\d{1,2}):([1-9]{1,9})$/.exec(token);
    if (!match || Number(match[1]) > 80) continue;
    for (const d of match[2]) masks[Number(match[1])] |= bit(Number(d));
  }
  return masks;
}

/**
 * What is wrong with stored marks text, or "" (strict: storage is untrusted).
 * @param {unknown} text
 */
export function marksProblem(text) {
  if (typeof text !== "string") return "they are not text";
  if (text === "") return "";
  for (const token of text.split(" ")) {
    const match = /^(\d{1,2}):([1-9]{1,9})$/.exec(token);
    if (!match || Number(match[1]) > 80) return `“${token.slice(0, 20)}” is not a cell and its digits`;
  }
  return "";
}

// --- changes ---------------------------------------------------------------------------------------

const digitCode = (/** @type {string} */ ch) => (ch === EMPTY ? 0 : Number(ch));
/** A digit's character; "?" for a code no digit has (a bad change), which no check lets through. */
const digitChar = (/** @type {number} */ code) => (code === 0 ? EMPTY : code <= 9 ? String(code) : "?");

/** One cell's value in one layer. @param {Layers} layers @param {LayerIndex} layer @param {number} cell */
export function valueAt(layers, layer, cell) {
  switch (layer) {
    case LAYER.given: return digitCode(layers.givens[cell]);
    case LAYER.entry: return digitCode(layers.entries[cell]);
    case LAYER.corner: return layers.corner[cell];
    case LAYER.centre: return layers.centre[cell];
    default: return layers.colours[cell];
  }
}

/**
 * The layers after the changes (a new object; `layers` is not modified). Also undoes them.
 * @param {Layers} layers @param {Change[]} changes @returns {Layers}
 */
export function applyChanges(layers, changes) {
  const givens = [...layers.givens];
  const entries = [...layers.entries];
  const next = { corner: [...layers.corner], centre: [...layers.centre], colours: [...layers.colours] };
  for (const { layer, cell, xor } of changes) {
    if (layer === LAYER.given) givens[cell] = digitChar(digitCode(givens[cell]) ^ xor);
    else if (layer === LAYER.entry) entries[cell] = digitChar(digitCode(entries[cell]) ^ xor);
    else if (layer === LAYER.corner) next.corner[cell] ^= xor;
    else if (layer === LAYER.centre) next.centre[cell] ^= xor;
    else next.colours[cell] ^= xor;
  }
  return { givens: givens.join(""), entries: entries.join(""), ...next };
}

/**
 * The changes that turn `from` into `to`.
 * @param {Layers} from @param {Layers} to @returns {Change[]}
 */
export function diffLayers(from, to) {
  /** @type {Change[]} */
  const changes = [];
  for (let cell = 0; cell < 81; cell++) {
    for (const layer of /** @type {LayerIndex[]} */ ([0, 1, 2, 3, 4])) {
      const xor = valueAt(from, layer, cell) ^ valueAt(to, layer, cell);
      if (xor) changes.push({ layer, cell, xor });
    }
  }
  return changes;
}

/** Collects changes against the layers as they become (so two edits of one cell compose). */
class Edit {
  /** @param {Layers} layers */
  constructor(layers) {
    this.layers = layers;
    /** @type {Map<number, number>} key: cell * 5 + layer, value: accumulated xor */
    this.xors = new Map();
  }

  /** @param {LayerIndex} layer @param {number} cell */
  get(layer, cell) {
    return valueAt(this.layers, layer, cell) ^ (this.xors.get(cell * 5 + layer) ?? 0);
  }

  /** @param {LayerIndex} layer @param {number} cell @param {number} value */
  set(layer, cell, value) {
    const xor = this.get(layer, cell) ^ value;
    if (!xor) return;
    const key = cell * 5 + layer;
    const total = (this.xors.get(key) ?? 0) ^ xor;
    if (total) this.xors.set(key, total);
    else this.xors.delete(key);
  }

  /** @returns {Change[]} */
  changes() {
    return [...this.xors].sort((a, b) => a[0] - b[0]).map(([key, xor]) => ({
      layer: /** @type {LayerIndex} */ (key % 5), cell: Math.floor(key / 5), xor,
    }));
  }
}

/** What an edit does besides its own cells. @typedef {{clearPeerMarks?: boolean, keepCandidates?: boolean}} EditOptions */

/**
 * The candidates of every empty cell (digits of neither layer in its row, column or box); 0 for
 * filled cells.
 * @param {string} givens @param {string} entries @returns {number[]}
 */
export function candidateMasks(givens, entries) {
  const seen = new Array(27).fill(0);
  const unitsOf = unitIndex();
  const digitAt = (/** @type {number} */ cell) => digitCode(givens[cell] !== EMPTY ? givens[cell] : entries[cell]);
  for (let cell = 0; cell < 81; cell++) {
    const d = digitAt(cell);
    if (d) for (const u of unitsOf[cell]) seen[u] |= bit(d);
  }
  return Array.from({ length: 81 }, (_, cell) =>
    digitAt(cell) ? 0 : 0x1ff & ~unitsOf[cell].reduce((m, u) => m | seen[u], 0));
}

/** @type {number[][] | null} */
let unitIndexCache = null;
/** The three unit indexes (into UNITS) of each cell. */
function unitIndex() {
  if (!unitIndexCache) {
    const index = Array.from({ length: 81 }, () => /** @type {number[]} */ ([]));
    UNITS.forEach((unit, u) => unit.cells.forEach((cell) => index[cell].push(u)));
    unitIndexCache = index;
  }
  return unitIndexCache;
}

/** @param {Edit} edit @param {number} cell */
const digitIn = (edit, cell) => edit.get(LAYER.given, cell) || edit.get(LAYER.entry, cell);

/**
 * After digits were placed or removed: peers lose a placed digit from their marks; with
 * `keepCandidates`, an emptied cell gets its candidates back and peers regain the removed digit
 * where it is a candidate again.
 * @param {Edit} edit @param {{cell: number, placed: number, removed: number}[]} moved @param {EditOptions} options
 */
function tidyMarks(edit, moved, options) {
  const { givens, entries } = currentDigits(edit);
  const candidates = options.keepCandidates ? candidateMasks(givens, entries) : null;
  for (const { cell, placed, removed } of moved) {
    if (placed && (options.clearPeerMarks ?? true)) {
      for (const peer of PEERS[cell]) {
        if (digitIn(edit, peer)) continue;
        edit.set(LAYER.corner, peer, edit.get(LAYER.corner, peer) & ~bit(placed));
        edit.set(LAYER.centre, peer, edit.get(LAYER.centre, peer) & ~bit(placed));
      }
    }
    if (candidates && removed && !placed) {
      edit.set(LAYER.centre, cell, candidates[cell]);
      for (const peer of PEERS[cell]) {
        if (candidates[peer] & bit(removed)) edit.set(LAYER.centre, peer, edit.get(LAYER.centre, peer) | bit(removed));
      }
    }
  }
}

/** @param {Edit} edit */
function currentDigits(edit) {
  let givens = "";
  let entries = "";
  for (let cell = 0; cell < 81; cell++) {
    givens += digitChar(edit.get(LAYER.given, cell));
    entries += digitChar(edit.get(LAYER.entry, cell));
  }
  return { givens, entries };
}

/**
 * The changes for one input on a selection of cells, the way SudokuPad does it:
 * - `digit` 1..9 writes the digit (in "enter" mode as a given, which also clears that cell's
 *   entry and marks); givens are skipped in "play" mode. Peers lose the digit from their marks
 *   (`clearPeerMarks`, on by default).
 * - `corner`/`centre` toggle the digit in the marks of the selected empty cells: added to all
 *   unless all have it, then removed from all. `colour` does the same with colour 1..9 on any cell.
 * - `digit` 0 ("clear", Delete) clears the top layer present in the selection: the player's
 *   digits, else centre marks, else corner marks, else colours (with the colour tool: colours).
 * An empty list means nothing changes.
 * @param {Layers} layers @param {number[]} cells @param {Tool} tool @param {number} digit 0..9
 * @param {"play" | "enter"} mode @param {EditOptions} [options]
 * @returns {Change[]}
 */
export function editCells(layers, cells, tool, digit, mode, options = {}) {
  const edit = new Edit(layers);
  if (!cells.length) return [];
  if (digit === 0) {
    clearTopLayer(edit, cells, tool, mode, options);
    return edit.changes();
  }
  if (tool === "digit") {
    const writable = cells.filter((cell) => mode === "enter" || !edit.get(LAYER.given, cell));
    /** @type {{cell: number, placed: number, removed: number}[]} */
    const moved = [];
    for (const cell of writable) {
      const before = digitIn(edit, cell);
      if (mode === "enter") {
        edit.set(LAYER.given, cell, digit);
        edit.set(LAYER.entry, cell, 0);
        edit.set(LAYER.corner, cell, 0);
        edit.set(LAYER.centre, cell, 0);
      } else {
        edit.set(LAYER.entry, cell, digit);
      }
      if (before !== digit) moved.push({ cell, placed: digit, removed: before });
    }
    tidyMarks(edit, moved, options);
    return edit.changes();
  }
  const layer = tool === "corner" ? LAYER.corner : tool === "centre" ? LAYER.centre : LAYER.colour;
  const targets = tool === "colour" ? cells : cells.filter((cell) => !digitIn(edit, cell));
  if (!targets.length) return [];
  const allHave = targets.every((cell) => edit.get(layer, cell) & bit(digit));
  for (const cell of targets) {
    const value = edit.get(layer, cell);
    edit.set(layer, cell, allHave ? value & ~bit(digit) : value | bit(digit));
  }
  return edit.changes();
}

/**
 * @param {Edit} edit @param {number[]} cells @param {Tool} tool @param {"play" | "enter"} mode
 * @param {EditOptions} options
 */
function clearTopLayer(edit, cells, tool, mode, options) {
  /** @type {LayerIndex[]} in Enter mode a given goes first, then a player's digit left there */
  const digits = mode === "enter" ? [LAYER.given, LAYER.entry] : [LAYER.entry];
  /** @type {LayerIndex[]} */
  const order = tool === "colour" ? [LAYER.colour] : [...digits, LAYER.centre, LAYER.corner, LAYER.colour];
  for (const layer of order) {
    const present = cells.filter((cell) => edit.get(layer, cell) && (layer !== LAYER.entry || !edit.get(LAYER.given, cell)));
    if (!present.length) continue;
    /** @type {{cell: number, placed: number, removed: number}[]} */
    const moved = [];
    for (const cell of present) {
      if (layer === LAYER.given || layer === LAYER.entry) moved.push({ cell, placed: 0, removed: edit.get(layer, cell) });
      edit.set(layer, cell, 0);
    }
    tidyMarks(edit, moved, options);
    return;
  }
}

/**
 * Fill every empty cell's centre marks with its candidates (from the givens and the player's
 * digits): one move, undone in one step.
 * @param {Layers} layers @returns {Change[]}
 */
export function autoCandidates(layers) {
  const edit = new Edit(layers);
  const candidates = candidateMasks(layers.givens, layers.entries);
  for (let cell = 0; cell < 81; cell++) if (!digitIn(edit, cell)) edit.set(LAYER.centre, cell, candidates[cell]);
  return edit.changes();
}

/**
 * Set the player's digits to `entries` (Solve, Reveal, Clear entries, a merge): the changes,
 * with peers' marks tidied as for typed digits.
 * @param {Layers} layers @param {string} entries @param {EditOptions} [options] @returns {Change[]}
 */
export function setEntries(layers, entries, options = {}) {
  const edit = new Edit(layers);
  /** @type {{cell: number, placed: number, removed: number}[]} */
  const moved = [];
  for (let cell = 0; cell < 81; cell++) {
    if (edit.get(LAYER.given, cell)) continue;
    const before = edit.get(LAYER.entry, cell);
    const after = digitCode(entries[cell]);
    if (before === after) continue;
    edit.set(LAYER.entry, cell, after);
    moved.push({ cell, placed: after, removed: before });
  }
  tidyMarks(edit, moved, options);
  return edit.changes();
}

// --- moves as text -----------------------------------------------------------------------------

/**
 * What a move was, by its first character in a saved history (the rest: its changes).
 * @typedef {"digit" | "given" | "corner" | "centre" | "colour" | "erase" | "candidates" | "solve" | "reveal" |
 *   "clear" | "hint" | "merge"} MoveKind
 */
/** @type {Record<MoveKind, string>} */
const KIND_CODE = {
  digit: "d", given: "g", corner: "c", centre: "n", colour: "k", erase: "e", candidates: "a", solve: "s",
  reveal: "r", clear: "x", hint: "h", merge: "m",
};
const CODE_KIND = /** @type {Record<string, MoveKind>} */ (Object.fromEntries(Object.entries(KIND_CODE).map(([k, c]) => [c, k])));
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const MAX_CODE = 81 * 5 * 512;
/** Each base64url character's six bits by char code, -1 for the others (decoding reads whole histories). */
const SIXES = Array.from({ length: 128 }, (_, code) => BASE64.indexOf(String.fromCharCode(code)));

/** @typedef {{kind: MoveKind, changes: Change[]}} Move */

/**
 * Does the move change the puzzle itself (a given typed or erased in Create mode)? The moves
 * before it were another puzzle's. Read from the changes, not only the kind: Delete in Create
 * mode is an "erase" of givens.
 * @param {Move} move
 */
export const changesTheGivens = (move) => move.kind === "given" || move.changes.some((change) => change.layer === LAYER.given);

/** @param {Move} move @returns {string} */
export function encodeMove(move) {
  let text = KIND_CODE[move.kind];
  for (const { layer, cell, xor } of move.changes) {
    const code = (cell * 5 + layer) * 512 + xor;
    text += BASE64[code >> 12] + BASE64[(code >> 6) & 63] + BASE64[code & 63];
  }
  return text;
}

/**
 * A move from saved text; null when it is not one (storage is untrusted).
 * @param {unknown} text @returns {Move | null}
 */
export function decodeMove(text) {
  if (typeof text !== "string" || text.length < 4 || (text.length - 1) % 3 !== 0) return null;
  const kind = CODE_KIND[text[0]];
  if (!kind) return null;
  /** @type {Change[]} */
  const changes = [];
  for (let i = 1; i < text.length; i += 3) {
    const [a, b, c] = [SIXES[text.charCodeAt(i)] ?? -1, SIXES[text.charCodeAt(i + 1)] ?? -1, SIXES[text.charCodeAt(i + 2)] ?? -1];
    if (a < 0 || b < 0 || c < 0) return null;
    const code = (a << 12) | (b << 6) | c;
    const xor = code & 511;
    const slot = code >> 9;
    const layer = /** @type {LayerIndex} */ (slot % 5);
    if (code >= MAX_CODE || xor === 0 || ((layer === LAYER.given || layer === LAYER.entry) && xor > 15)) return null;
    changes.push({ layer, cell: Math.floor(slot / 5), xor });
  }
  return { kind, changes };
}

/**
 * The layers are a possible state: two 81-digit grids of 1-9 and ".", no entry on a given, 81
 * masks of 9 bits each (marks under a digit are kept, hidden, and come back when the digit is
 * erased, as in SudokuPad).
 * @param {Layers} layers
 */
export function layersAreSound(layers) {
  if (layers.givens.length !== 81 || layers.entries.length !== 81) return false;
  for (let cell = 0; cell < 81; cell++) {
    const g = layers.givens[cell];
    const e = layers.entries[cell];
    if (!/^[1-9.]$/.test(g) || !/^[1-9.]$/.test(e) || (g !== EMPTY && e !== EMPTY)) return false;
    for (const masks of [layers.corner, layers.centre, layers.colours]) {
      if (!Number.isInteger(masks[cell]) || masks[cell] < 0 || masks[cell] > 0x1ff) return false;
    }
  }
  return true;
}

/**
 * Every state a history passes through is sound: undoing the `at` applied moves from `layers`,
 * and redoing the others. In place, cell by cell (a 5,000-move history is checked in about a
 * millisecond; copying the layers per move took 38 ms).
 * @param {Move[]} moves @param {number} at @param {Layers} layers
 */
export function historyIsSound(moves, at, layers) {
  if (!layersAreSound(layers)) return false;
  for (const [from, to, step] of [[at - 1, -1, -1], [at, moves.length, 1]]) {
    const values = [[...layers.givens].map(digitCode), [...layers.entries].map(digitCode), [...layers.corner], [...layers.centre], [...layers.colours]];
    for (let i = from; i !== to; i += step) {
      for (const { layer, cell, xor } of moves[i].changes) {
        const value = (values[layer][cell] ^= xor);
        if (layer <= LAYER.entry ? value > 9 : value > 0x1ff) return false;
        if (values[LAYER.given][cell] && values[LAYER.entry][cell]) return false;
      }
    }
  }
  return true;
}
