// @ts-check
// <sudoku-board>: a 9×9 grid that a person can play with keyboard, mouse or touch, with
// SudokuPad's pencil marks, colours and multi-selection. The class only; define-sudoku-board.js
// registers it (guarded), as in relative-time-element. The cells' layers (digits, marks,
// colours) and every edit of them come from cell-layers.js, so the page's history records
// exactly the changes the board made.
//
// Attributes are the API (all reflected by properties, validated, with safe defaults):
//   givens="81 chars"     the puzzle ("." empty); read-only in play mode
//   entries="81 chars"    the player's digits (ignored where there is a given)
//   corner, centre="0:127 17:4"   pencil marks, "cell:digits" (properties: 81 digit masks)
//   colours="0:13"        cell colours 1..9, same text (property: 81 colour masks)
//   mode="play|enter"     enter: typed digits become givens; play: givens are locked (default)
//   selected="0..80"      the cursor cell (absent: none); setting it alone selects just it
//   selection="3 4 5"     the selected cells (always holding the cursor)
//   tool="digit|corner|centre|colour"   what a plain digit key and input(d) do (default digit)
//   peer-marks="keep"     a placed digit leaves its peers' marks alone (default: removes it)
//   auto-candidates       keep centre marks = candidates as digits come and go
//   conflicts="off"       no conflict highlighting (default: on)
//   wrong="3 17"          digits to show as wrong (error colour, struck through, named "wrong")
//   paused                cells show nothing and input is ignored
//   flagged="3 17 40"     cells to point at (conflicts of a verdict, differences, mistakes)
//   label="Sudoku"        the grid's accessible name
//   highlight='{"houses": ["row 6"], "cells": [48], "candidates": [{"cell": 48, "digit": 1,
//             "role": "pattern"}], "links": [{"from": [48, 1], "to": [50, 1], "strong": true}]}'
//                         a drawing over the cells (property: the object, or null): see Highlight
// Events (bubble, composed, detail is plain data):
//   sudoku-select  {cell, cells}
//   sudoku-change  {kind, changes, cell, digit, layer, givens, entries}   (one per input)
//   sudoku-tool    {tool}                    (the keyboard changed the tool)
//   sudoku-reject  {cell, reason: "given"}   (digits, or a clear with nothing else to clear, on
//                                             givens only, in play mode)
// Parts: grid, row, cell, fill, corner-marks, centre-marks, overlay, and on cells: given, entry,
// selected, peer, same, conflict, wrong, flagged.
//
// The overlay (an SVG above the cells, viewBox 0 0 9 9 so it scales with the board, never
// taking a pointer) draws `highlight`: houses outlined, cells tinted, candidates as discs at the
// digit's place in the cell's 3x3 mini-grid (pattern, eliminate: struck, place), links between
// candidates (strong solid, weak dashed, arrows in order; a group node as one capsule round all
// its cells' candidates), a fish's base (solid outline) and cover sets (dashed) and its fins, a
// colouring's colour classes (A, C.. filled, B, D.. hatched, so they differ without colour) and
// ALS cell groups. Its shapes carry data-house, data-base, data-cover, data-fin, data-colour,
// data-als, data-group, data-cell, data-digit, data-role, data-from, data-to, data-strong for
// tests; it is hidden from assistive technology, and the cells' names say the same in words
// ("highlighted", "fin", "colour A", "ALS 1", "eliminate 3", "place 5").
//
//   preview-entries="81 chars", preview-centre="0:127 .."   the board shown instead of the
//                         player's (the solving path at a step): these digits and centre marks, no
//                         corner marks or colours; the player's layers are not touched (property:
//                         `preview`, {entries, centre: 81 masks} or null)
//
// Speed: attribute changes schedule one render in a microtask (so `layers = ...` renders once);
// a render computes conflicts once and rewrites only the cells whose signature changed.

import {
  COLOUR_NAMES, TOOLS, applyChanges as applyLayerChanges, editCells, formatMarks, maskDigits, parseMarks,
} from "./cell-layers.js";
import { EMPTY, EMPTY_GRID, boxOf, colOf, combine, findConflicts, isGrid, rowOf } from "./grid.js";

/** @typedef {import("./cell-layers.js").Tool} Tool */
/** @typedef {import("./cell-layers.js").Layers} Layers */
/** @typedef {import("./cell-layers.js").Change} Change */
/** @typedef {import("./cell-layers.js").MoveKind} MoveKind */
/** @typedef {"given" | "entry" | "corner" | "centre" | "colour"} LayerName */
/** @typedef {{cell: number, cells: number[]}} SelectDetail */
/**
 * @typedef {{kind: MoveKind, changes: Change[], cell: number, digit: string, layer: LayerName,
 *   givens: string, entries: string}} ChangeDetail
 */
/** @typedef {{tool: Tool}} ToolDetail */
/**
 * What the overlay draws. `houses`: "row 1".."row 9", "column 1".., "box 1".. (outlined; the
 * cells' names say "highlighted region"); `cells`: tinted ("highlighted"); `candidates`: a digit
 * of a cell in a role ("pattern 1 6", "eliminate 3", "place 5"); `links`: candidate to candidate,
 * in order (drawn, not named: the hint text says the chain in words).
 * @typedef {"pattern" | "eliminate" | "place"} CandidateRole
 * @typedef {{cell: number, digit: number, role: CandidateRole}} CandidateMark
 * `base`, `cover`: a fish's houses (solid, dashed); `fins`: its fin cells; `colours`: a colouring
 * step's colour classes (cells), two per cluster, named A, B, C, D..; `als`: ALS cell groups.
 * A link's `from_cells` / `to_cells` (two or more cells) make that end a group node.
 * @typedef {{from: [number, number], to: [number, number], strong: boolean, from_cells?: number[],
 *   to_cells?: number[]}} LinkMark
 * @typedef {{houses: string[], cells: number[], candidates: CandidateMark[], links: LinkMark[], base: string[],
 *   cover: string[], fins: number[], colours: number[][], als: number[][]}} Highlight
 */
/** The board shown instead of the player's: digits (81 chars) and centre marks (81 masks). @typedef {{entries: string, centre: number[]}} Preview */
/** @typedef {{cell: number, reason: "given"}} RejectDetail */

const STYLESHEET = new URL("./sudoku-board.css", import.meta.url).href;
/** @type {LayerName[]} */
const LAYER_NAMES = ["given", "entry", "corner", "centre", "colour"];
/** Digit keys by physical key, so that Shift+digit works on every layout. */
const DIGIT_CODE = /^(?:Digit|Numpad)([0-9])$/;
/** @type {Record<string, Tool>} */
const TOOL_KEYS = { z: "digit", x: "corner", c: "centre", v: "colour" };
const SVG = "http://www.w3.org/2000/svg";
/** @type {CandidateRole[]} */
const ROLES = ["pattern", "eliminate", "place"];
const HOUSE = /^(row|column|box) ([1-9])$/;

/**
 * Cells from text ("3 17, 40"): valid ones, each once, in order.
 * @param {string | null} value
 * @returns {number[]}
 */
function parseCells(value) {
  if (!value) return [];
  const cells = value
    .split(/[\s,]+/)
    .filter((s) => /^\d{1,2}$/.test(s))
    .map(Number)
    .filter((c) => c >= 0 && c < 81);
  return [...new Set(cells)];
}

/** @param {unknown} masks @returns {number[]} 81 masks of 9 bits (anything else is 0) */
function cleanMasks(masks) {
  const list = Array.isArray(masks) ? masks : [];
  return Array.from({ length: 81 }, (_, cell) => {
    const m = list[cell];
    return Number.isInteger(m) && m > 0 ? m & 0x1ff : 0;
  });
}

/** A digit argument as 0..9: "1".."9" or 1..9; anything else ("", ".", "0", 0) clears. @param {unknown} digit */
function digitValue(digit) {
  const n = typeof digit === "number" ? digit : typeof digit === "string" && /^[1-9]$/.test(digit) ? Number(digit) : 0;
  return Number.isInteger(n) && n >= 1 && n <= 9 ? n : 0;
}

/** @param {unknown} n */
const isCell = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) < 81;
/** @param {unknown} n */
const isDigit = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 1 && /** @type {number} */ (n) <= 9;
/** @param {unknown} pair @returns {pair is [number, number]} */
const isCandidate = (pair) => Array.isArray(pair) && pair.length === 2 && isCell(pair[0]) && isDigit(pair[1]);

/**
 * A highlight from untrusted data: what is valid, each once, in order; null when nothing is left.
 * @param {unknown} value @returns {Highlight | null}
 */
export function cleanHighlight(value) {
  if (!value || typeof value !== "object") return null;
  const v = /** @type {Record<string, unknown>} */ (value);
  const list = (/** @type {unknown} */ x) => (Array.isArray(x) ? x : []);
  const houses = [...new Set(list(v.houses).filter((h) => typeof h === "string" && HOUSE.test(h)))];
  const cells = [...new Set(list(v.cells).filter(isCell))];
  /** @type {Map<string, CandidateMark>} */
  const candidates = new Map();
  for (const item of list(v.candidates)) {
    const { cell, digit, role } = item && typeof item === "object" ? item : {};
    if (isCell(cell) && isDigit(digit) && ROLES.includes(role)) candidates.set(`${cell}:${digit}`, { cell, digit, role });
  }
  /** @type {LinkMark[]} */
  const links = [];
  for (const item of list(v.links)) {
    const { from, to, strong, from_cells: fromCells, to_cells: toCells } = item && typeof item === "object" ? item : {};
    if (!isCandidate(from) || !isCandidate(to)) continue;
    /** @type {LinkMark} */
    const link = { from: [from[0], from[1]], to: [to[0], to[1]], strong: strong === true };
    const group = (/** @type {unknown} */ x) => [...new Set(list(x).filter(isCell))];
    if (group(fromCells).length > 1) link.from_cells = group(fromCells);
    if (group(toCells).length > 1) link.to_cells = group(toCells);
    links.push(link);
  }
  const houseList = (/** @type {unknown} */ x) => [...new Set(list(x).filter((h) => typeof h === "string" && HOUSE.test(h)))];
  const base = houseList(v.base);
  const cover = houseList(v.cover);
  const fins = [...new Set(list(v.fins).filter(isCell))];
  const groups = (/** @type {unknown} */ x) => list(x).map((g) => [...new Set(list(g).filter(isCell))]).filter((g) => g.length);
  const colours = groups(v.colours);
  const als = groups(v.als);
  if (![houses, cells, links, base, cover, fins, colours, als].some((x) => x.length) && !candidates.size) return null;
  return { houses, cells, candidates: [...candidates.values()], links, base, cover, fins, colours, als };
}

/** The name of colour class i of a colouring step: A, B (the first cluster), C, D, .. @param {number} i */
export const colourName = (i) => (i < 26 ? String.fromCharCode(65 + i) : String(i + 1));

/** The cells of a house name ("row 6", "column 2", "box 5"). @param {string} house @returns {number[]} */
function houseCells(house) {
  const match = HOUSE.exec(house);
  if (!match) return [];
  const n = Number(match[2]) - 1;
  return Array.from({ length: 81 }, (_, c) => c).filter((c) =>
    match[1] === "row" ? rowOf(c) === n : match[1] === "column" ? colOf(c) === n : boxOf(c) === n);
}

/** @param {number} cell */
const cellWords = (cell) => `Row ${rowOf(cell) + 1}, column ${colOf(cell) + 1}`;

/** Corner mark places, SudokuPad's order: TL, TR, BL, BR, top, bottom, left, right, centre. */
const CORNER_PLACES = 9;

/** The child elements of one cell, made once. */
class CellView {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.el = el;
    this.fill = document.createElement("span");
    this.fill.className = "fill";
    this.fill.setAttribute("part", "fill");
    this.corner = document.createElement("span");
    this.corner.className = "corner";
    this.corner.setAttribute("part", "corner-marks");
    this.centre = document.createElement("span");
    this.centre.className = "centre";
    this.centre.setAttribute("part", "centre-marks");
    this.digit = document.createElement("span");
    this.digit.className = "digit";
    for (const child of [this.fill, this.corner, this.centre, this.digit]) child.setAttribute("aria-hidden", "true");
    el.append(this.fill, this.corner, this.centre, this.digit);
    /** What was rendered last (skip the cell, or its parts, when nothing changed). */
    this.signature = "";
    this.shown = { digit: "", corner: -1, centre: -1, colours: -1 };
  }
}

export class SudokuBoardElement extends HTMLElement {
  static observedAttributes = [
    "givens", "entries", "corner", "centre", "colours", "mode", "selected", "selection", "tool", "peer-marks",
    "auto-candidates", "conflicts", "wrong", "paused", "flagged", "label", "highlight", "preview-entries", "preview-centre",
  ];

  /** @type {CellView[]} */
  #cells = [];
  /** @type {HTMLElement} */
  #grid;
  /** The overlay and the group its drawing goes in. @type {SVGSVGElement} */
  #overlay;
  /** @type {SVGGElement} */
  #drawing;
  /** What the overlay shows now (skip redrawing when nothing changed). */
  #drawn = "";
  #renderQueued = false;
  /** Set while the element writes `selected` and `selection` together. */
  #selecting = false;
  /** A pointer drag in progress: whether it adds or removes cells. @type {{add: boolean} | null} */
  #drag = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = STYLESHEET;
    root.append(link);

    this.#grid = document.createElement("div");
    this.#grid.setAttribute("role", "grid");
    this.#grid.setAttribute("part", "grid");
    this.#grid.setAttribute("aria-multiselectable", "true");
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.setAttribute("part", "row");
      row.className = "row";
      for (let c = 0; c < 9; c++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        cell.dataset.cell = String(r * 9 + c);
        cell.className = `cell r${r} c${c}`;
        row.append(cell);
        this.#cells.push(new CellView(cell));
      }
      this.#grid.append(row);
    }
    root.append(this.#grid);
    this.#overlay = svg("svg", { viewBox: "0 0 9 9", preserveAspectRatio: "none", part: "overlay", "aria-hidden": "true", class: "overlay" });
    const defs = svg("defs", {});
    for (const kind of ["strong", "weak"]) {
      const marker = svg("marker", {
        id: `arrow-${kind}`, viewBox: "0 0 10 10", refX: "9", refY: "5", markerUnits: "userSpaceOnUse",
        markerWidth: "0.22", markerHeight: "0.22", orient: "auto", class: `arrow ${kind}`,
      });
      marker.append(svg("path", { d: "M0,0 L10,5 L0,10 z" }));
      defs.append(marker);
    }
    // The hatch of colour classes B, D, ..: stripes in the class's hue (the hue comes from CSS)
    for (let hue = 0; hue < HUES; hue++) {
      const hatch = svg("pattern", {
        id: `hatch-${hue}`, class: `hatch hue-${hue}`, patternUnits: "userSpaceOnUse", width: "0.2", height: "0.2",
        patternTransform: "rotate(45)",
      });
      hatch.append(svg("rect", { class: "hatch-ground", width: "0.2", height: "0.2" }), svg("rect", { class: "hatch-stripe", width: "0.07", height: "0.2" }));
      defs.append(hatch);
    }
    this.#drawing = svg("g", {});
    this.#overlay.append(defs, this.#drawing);
    root.append(this.#overlay);

    this.#grid.addEventListener("keydown", (event) => this.#onKeyDown(event));
    this.#grid.addEventListener("pointerdown", (event) => this.#onPointerDown(event));
    this.#grid.addEventListener("pointermove", (event) => this.#onPointerMove(event));
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      this.#grid.addEventListener(type, () => { this.#drag = null; });
    }
    this.#grid.addEventListener("focusin", (event) => {
      const cell = this.#cellOf(event.target);
      if (cell !== null && cell !== this.selected && !this.#drag) this.#select([cell], cell, false);
    });
  }

  connectedCallback() {
    this.#render();
  }

  /** @param {string} name @param {string | null} old @param {string | null} value */
  attributeChangedCallback(name, old, value) {
    if (!this.#selecting && old !== value) {
      // `selected` alone (the page) selects just that cell; `selection` alone moves the cursor into it
      if (name === "selected") {
        this.#withSelecting(() => {
          if (value !== null && this.selected >= 0) this.setAttribute("selection", String(this.selected));
          else this.removeAttribute("selection");
        });
      }
      if (name === "selection") {
        const cells = parseCells(value);
        if (cells.length && !cells.includes(this.selected)) this.#withSelecting(() => this.setAttribute("selected", String(cells[cells.length - 1])));
      }
    }
    this.#queueRender();
  }

  // --- properties reflecting the attributes -------------------------------------------------

  /** The puzzle's digits ("." empty). */
  get givens() {
    const value = this.getAttribute("givens");
    return isGrid(value) ? /** @type {string} */ (value) : EMPTY_GRID;
  }
  set givens(value) {
    this.setAttribute("givens", isGrid(value) ? value : EMPTY_GRID);
  }

  /** The player's digits (a given wins over an entry in the same cell). */
  get entries() {
    const value = this.getAttribute("entries");
    return isGrid(value) ? /** @type {string} */ (value) : EMPTY_GRID;
  }
  set entries(value) {
    this.setAttribute("entries", isGrid(value) ? value : EMPTY_GRID);
  }

  /** Corner marks: 81 digit masks. */
  get corner() {
    return parseMarks(this.getAttribute("corner"));
  }
  set corner(masks) {
    this.#setMarks("corner", masks);
  }

  /** Centre marks: 81 digit masks. */
  get centre() {
    return parseMarks(this.getAttribute("centre"));
  }
  set centre(masks) {
    this.#setMarks("centre", masks);
  }

  /** Cell colours: 81 masks of colours 1..9. */
  get colours() {
    return parseMarks(this.getAttribute("colours"));
  }
  set colours(masks) {
    this.#setMarks("colours", masks);
  }

  /** All five layers at once (the setter renders once). @returns {Layers} */
  get layers() {
    return { givens: this.givens, entries: this.entries, corner: this.corner, centre: this.centre, colours: this.colours };
  }
  set layers(layers) {
    this.givens = layers.givens;
    this.entries = layers.entries;
    this.corner = layers.corner;
    this.centre = layers.centre;
    this.colours = layers.colours;
  }

  /** @returns {"play" | "enter"} */
  get mode() {
    return this.getAttribute("mode") === "enter" ? "enter" : "play";
  }
  set mode(value) {
    this.setAttribute("mode", value === "enter" ? "enter" : "play");
  }

  /** The cursor cell (focus; the last one clicked or moved to), or -1. */
  get selected() {
    const value = Number(this.getAttribute("selected") ?? "-1");
    return Number.isInteger(value) && value >= 0 && value < 81 ? value : -1;
  }
  set selected(value) {
    if (Number.isInteger(value) && value >= 0 && value < 81) this.setAttribute("selected", String(value));
    else this.removeAttribute("selected");
  }

  /** The selected cells: the `selection` attribute's, always with the cursor; [] when no cursor. */
  get selection() {
    const cursor = this.selected;
    if (cursor < 0) return [];
    const cells = parseCells(this.getAttribute("selection"));
    return cells.includes(cursor) ? cells : [...cells, cursor];
  }
  set selection(cells) {
    this.selectCells(cells);
  }

  /** @returns {Tool} */
  get tool() {
    const value = /** @type {Tool} */ (this.getAttribute("tool"));
    return TOOLS.includes(value) ? value : "digit";
  }
  set tool(value) {
    this.setAttribute("tool", TOOLS.includes(value) ? value : "digit");
  }

  /** False with peer-marks="keep": a placed digit leaves its peers' marks alone. */
  get clearPeerMarks() {
    return this.getAttribute("peer-marks") !== "keep";
  }
  set clearPeerMarks(on) {
    if (on) this.removeAttribute("peer-marks");
    else this.setAttribute("peer-marks", "keep");
  }

  get autoCandidates() {
    return this.hasAttribute("auto-candidates");
  }
  set autoCandidates(on) {
    this.toggleAttribute("auto-candidates", Boolean(on));
  }

  /** @returns {"on" | "off"} */
  get conflicts() {
    return this.getAttribute("conflicts") === "off" ? "off" : "on";
  }
  set conflicts(value) {
    if (value === "off") this.setAttribute("conflicts", "off");
    else this.removeAttribute("conflicts");
  }

  /** Cells whose digit is shown as wrong. @returns {number[]} */
  get wrong() {
    return parseCells(this.getAttribute("wrong"));
  }
  set wrong(cells) {
    if (cells.length) this.setAttribute("wrong", cells.join(" "));
    else this.removeAttribute("wrong");
  }

  get paused() {
    return this.hasAttribute("paused");
  }
  set paused(on) {
    this.toggleAttribute("paused", Boolean(on));
  }

  /** @returns {number[]} */
  get flagged() {
    return parseCells(this.getAttribute("flagged"));
  }
  set flagged(cells) {
    if (cells.length) this.setAttribute("flagged", cells.join(" "));
    else this.removeAttribute("flagged");
  }

  /**
   * What the overlay draws (see Highlight), or null: the `highlight` attribute's JSON, cleaned.
   * @returns {Highlight | null}
   */
  get highlight() {
    const text = this.getAttribute("highlight");
    if (!text) return null;
    try {
      return cleanHighlight(JSON.parse(text));
    } catch {
      return null; // not JSON: nothing drawn (the safe default)
    }
  }
  /** @param {Partial<Highlight> | null | undefined} value */
  set highlight(value) {
    const clean = cleanHighlight(value);
    if (clean) this.setAttribute("highlight", JSON.stringify(clean));
    else this.removeAttribute("highlight");
  }

  /**
   * The board shown instead of the player's (preview-entries, preview-centre), or null; the
   * player's layers stay as they are. @returns {Preview | null}
   */
  get preview() {
    const entries = this.getAttribute("preview-entries");
    return isGrid(entries) ? { entries: /** @type {string} */ (entries), centre: parseMarks(this.getAttribute("preview-centre")) } : null;
  }
  /** @param {Preview | null | undefined} value */
  set preview(value) {
    if (value && isGrid(value.entries)) {
      this.setAttribute("preview-entries", value.entries);
      this.setAttribute("preview-centre", formatMarks(cleanMasks(value.centre)));
    } else {
      this.removeAttribute("preview-entries");
      this.removeAttribute("preview-centre");
    }
  }

  /** Digits of both layers as one 81-character grid. */
  get grid() {
    return combine(this.givens, this.entries);
  }

  // --- methods ----------------------------------------------------------------------------------

  /** Move keyboard focus to the grid (its cursor cell). */
  focusGrid() {
    const cell = this.selected >= 0 ? this.selected : 0;
    this.#cells[cell].el.focus();
  }

  /**
   * Select cells (no event); the cursor is `cursor` if given and among them, else the last one.
   * @param {number[]} cells @param {number} [cursor]
   */
  selectCells(cells, cursor) {
    const valid = [...new Set(cells.filter((c) => Number.isInteger(c) && c >= 0 && c < 81))];
    if (!valid.length) {
      this.#withSelecting(() => {
        this.removeAttribute("selection");
        this.removeAttribute("selected");
      });
      return;
    }
    const at = cursor !== undefined && valid.includes(cursor) ? cursor : valid[valid.length - 1];
    this.#withSelecting(() => {
      this.setAttribute("selection", valid.join(" "));
      this.setAttribute("selected", String(at));
    });
  }

  /**
   * Apply a digit (1..9; 0, "", "." clear) with a tool to the selection, as if typed; for the
   * number pad. True if something changed or nothing needed to; false if refused (paused, no
   * selection, or digits over givens only in play mode).
   * @param {string | number} digit @param {Tool} [tool]
   */
  input(digit, tool = this.tool) {
    return this.#input(digitValue(digit), TOOLS.includes(tool) ? tool : "digit");
  }

  /**
   * Apply cell-layers changes (undo, redo, a merge by the page): the attributes change, no event.
   * @param {Change[]} changes
   */
  applyChanges(changes) {
    if (changes.length) this.layers = applyLayerChanges(this.layers, changes);
  }

  // --- behaviour ----------------------------------------------------------------------------

  /** @param {() => void} write */
  #withSelecting(write) {
    const was = this.#selecting;
    this.#selecting = true;
    try {
      write();
    } finally {
      this.#selecting = was;
    }
  }

  /** @param {"corner" | "centre" | "colours"} name @param {number[]} masks */
  #setMarks(name, masks) {
    const text = formatMarks(cleanMasks(masks));
    if (text) this.setAttribute(name, text);
    else this.removeAttribute(name);
  }

  /** @param {EventTarget | null} target */
  #cellOf(target) {
    if (!(target instanceof Element)) return null;
    const el = target.closest("[data-cell]");
    return el instanceof HTMLElement ? Number(el.dataset.cell) : null;
  }

  /**
   * Make `cells` the selection with `cursor` as cursor; sudoku-select if that changed anything.
   * @param {number[]} cells @param {number} cursor @param {boolean} focus
   */
  #select(cells, cursor, focus) {
    const before = `${this.selected}|${this.selection.join(" ")}`;
    this.selectCells(cells, cursor);
    if (`${this.selected}|${this.selection.join(" ")}` !== before) {
      this.#emit("sudoku-select", /** @type {SelectDetail} */ ({ cell: this.selected, cells: this.selection }));
    }
    if (focus && this.selected >= 0) this.#cells[this.selected].el.focus();
  }

  /** @param {number} digit 0..9 @param {Tool} tool */
  #input(digit, tool) {
    const cells = this.selection;
    if (this.paused || !cells.length) return false;
    const layers = this.layers;
    const mode = this.mode;
    const onlyGivens = tool === "digit" && mode === "play" && cells.every((cell) => layers.givens[cell] !== EMPTY);
    const reject = () => {
      this.#emit("sudoku-reject", /** @type {RejectDetail} */ ({ cell: this.selected, reason: "given" }));
      return false;
    };
    if (digit && onlyGivens) return reject();
    const changes = editCells(layers, cells, tool, digit, mode, {
      clearPeerMarks: this.clearPeerMarks, keepCandidates: this.autoCandidates,
    });
    if (!changes.length) return onlyGivens ? reject() : true; // clearing givens (nothing else on them)
    const next = applyLayerChanges(layers, changes);
    this.layers = next;
    /** @type {MoveKind} */
    const kind = digit === 0 ? "erase" : tool === "digit" ? (mode === "enter" ? "given" : "digit") : tool;
    /** @type {LayerName} */
    const layer = digit === 0
      ? LAYER_NAMES[changes.reduce((top, c) => Math.min(top, c.layer), 4)]
      : tool === "digit" ? (mode === "enter" ? "given" : "entry") : tool;
    this.#emit("sudoku-change", /** @type {ChangeDetail} */ ({
      kind, changes, cell: this.selected, digit: digit ? String(digit) : EMPTY, layer,
      givens: next.givens, entries: next.entries,
    }));
    return true;
  }

  /** @param {KeyboardEvent} event */
  #onKeyDown(event) {
    if (event.altKey) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const current = this.selected >= 0 ? this.selected : 0;
    const r = rowOf(current);
    const c = colOf(current);
    // Windows with NumLock on sends Shift+numpad digit as a navigation key ("End" for 1) with
    // Shift released; its code still names the digit. SudokuPad reads it as Shift+digit.
    const numpadShifted = /^Numpad[0-9]$/.test(event.code) && !/^[0-9]$/.test(event.key);
    const shift = event.shiftKey || numpadShifted;
    /** @type {number | null} */
    let target = null;
    switch (numpadShifted ? "" : event.key) {
      case "ArrowUp": target = r > 0 ? current - 9 : current; break;
      case "ArrowDown": target = r < 8 ? current + 9 : current; break;
      // left/right run on in reading order (handy when typing a puzzle in), stopping at the ends
      case "ArrowLeft": target = current > 0 ? current - 1 : current; break;
      case "ArrowRight": target = current < 80 ? current + 1 : current; break;
      case "Home": target = event.ctrlKey ? 0 : r * 9; break;
      case "End": target = event.ctrlKey ? 80 : r * 9 + 8; break;
      case "PageUp": target = c; break;
      case "PageDown": target = 72 + c; break;
      default: break;
    }
    if (target !== null) {
      event.preventDefault();
      const cells = event.shiftKey && this.selected >= 0 ? [...this.selection.filter((x) => x !== target), target] : [target];
      this.#select(cells, target, true);
      return;
    }
    if (ctrl && !event.shiftKey && event.code === "KeyA") {
      event.preventDefault();
      this.#select(Array.from({ length: 81 }, (_, i) => i), current, true);
      return;
    }
    if (event.key === "Escape" && this.selection.length > 1) {
      event.preventDefault();
      this.#select([current], current, true);
      return;
    }
    const digitKey = DIGIT_CODE.exec(event.code);
    if (digitKey || (!ctrl && (event.key === "Backspace" || event.key === "Delete"))) {
      event.preventDefault();
      if (this.selected < 0) this.#select([current], current, true);
      /** @type {Tool} */
      const tool = ctrl && shift ? "colour" : ctrl ? "centre" : shift ? "corner" : this.tool;
      this.#input(digitKey ? Number(digitKey[1]) : 0, tool);
      return;
    }
    if (ctrl) return;
    const toolKey = TOOL_KEYS[event.key.toLowerCase()];
    if (toolKey || event.key === " ") {
      event.preventDefault();
      const next = toolKey ?? TOOLS[(TOOLS.indexOf(this.tool) + 1) % TOOLS.length];
      const changed = next !== this.tool;
      this.tool = next;
      if (changed) this.#emit("sudoku-tool", /** @type {ToolDetail} */ ({ tool: next }));
    }
  }

  /** @param {PointerEvent} event */
  #onPointerDown(event) {
    const cell = this.#cellOf(event.target);
    if (cell === null || event.button !== 0) return;
    event.preventDefault(); // keep focus handling ours (no text selection on long press)
    const selection = this.selected >= 0 ? this.selection : [];
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && selection.includes(cell)) {
      const rest = selection.filter((x) => x !== cell);
      this.#drag = { add: false };
      if (rest.length) this.#select(rest, rest.includes(this.selected) ? this.selected : rest[rest.length - 1], true);
    } else if (ctrl || event.shiftKey) {
      this.#drag = { add: true };
      this.#select([...selection, cell], cell, true);
    } else {
      this.#drag = { add: true };
      this.#select([cell], cell, true);
    }
    try {
      this.#grid.setPointerCapture(event.pointerId);
    } catch {
      // a pointer that is already gone: no drag
      this.#drag = null;
    }
  }

  /** @param {PointerEvent} event */
  #onPointerMove(event) {
    if (!this.#drag || !this.shadowRoot) return;
    const cell = this.#cellOf(this.shadowRoot.elementFromPoint(event.clientX, event.clientY));
    if (cell === null) return;
    const selection = this.selection;
    if (this.#drag.add && !selection.includes(cell)) {
      this.#select([...selection, cell], cell, true);
    } else if (!this.#drag.add && selection.includes(cell) && selection.length > 1) {
      const rest = selection.filter((x) => x !== cell);
      this.#select(rest, rest.includes(this.selected) ? this.selected : rest[rest.length - 1], true);
    }
  }

  /** @param {string} type @param {object} detail */
  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  // --- rendering ----------------------------------------------------------------------------

  #queueRender() {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    queueMicrotask(() => {
      this.#renderQueued = false;
      this.#render();
    });
  }

  #render() {
    if (!this.#cells.length || !this.isConnected) return;
    const preview = this.preview;
    const label = this.getAttribute("label") || "Sudoku";
    this.#grid.setAttribute("aria-label", preview ? `${label}: the solving path's board, not yours` : label);
    this.#grid.toggleAttribute("data-preview", Boolean(preview));
    const { givens, entries, corner, centre, colours } = preview
      ? { ...this.layers, entries: preview.entries, corner: cleanMasks([]), centre: preview.centre, colours: cleanMasks([]) }
      : this.layers;
    const grid = combine(givens, entries);
    const players = preview ? this.grid : grid;
    const mode = this.mode;
    const paused = this.paused;
    const cursor = this.selected;
    const selection = new Set(this.selection);
    const single = selection.size === 1;
    const flagged = new Set(this.flagged);
    const wrong = new Set(this.wrong);
    const conflictCells = new Set(this.conflicts === "off" || paused ? [] : findConflicts(grid).flatMap((x) => x.cells));
    const cursorDigit = cursor >= 0 && !paused ? grid[cursor] : EMPTY;
    const focusInside = this.shadowRoot?.activeElement != null;
    this.#grid.toggleAttribute("data-paused", paused);
    const highlight = paused ? null : this.highlight;
    const marked = highlightWords(highlight);
    this.#drawOverlay(highlight);

    for (let cell = 0; cell < 81; cell++) {
      const view = this.#cells[cell];
      const hide = paused;
      const digit = hide ? EMPTY : grid[cell];
      const state = {
        digit,
        given: !hide && givens[cell] !== EMPTY,
        corner: hide || digit !== EMPTY ? 0 : corner[cell],
        centre: hide || digit !== EMPTY ? 0 : centre[cell],
        colours: hide ? 0 : colours[cell],
        keptCorner: hide ? 0 : corner[cell],
        keptCentre: hide ? 0 : centre[cell],
        selected: selection.has(cell),
        cursor: cell === (cursor >= 0 ? cursor : 0),
        peer: !hide && single && cursor >= 0 && cell !== cursor &&
          (rowOf(cell) === rowOf(cursor) || colOf(cell) === colOf(cursor) || boxOf(cell) === boxOf(cursor)),
        same: cursorDigit !== EMPTY && digit === cursorDigit && cell !== cursor,
        conflict: conflictCells.has(cell),
        wrong: !hide && wrong.has(cell) && digit !== EMPTY && givens[cell] === EMPTY,
        fromPath: !hide && digit !== EMPTY && players[cell] === EMPTY,
        flagged: !hide && flagged.has(cell),
        readonly: givens[cell] !== EMPTY && mode === "play",
        hide,
        highlight: marked[cell],
      };
      const signature = JSON.stringify(state);
      if (signature === view.signature) continue;
      view.signature = signature;
      this.#renderCell(cell, view, state);
    }
    if (focusInside && cursor >= 0 && this.shadowRoot?.activeElement !== this.#cells[cursor].el) {
      this.#cells[cursor].el.focus();
    }
  }

  /** Draw the highlight on the overlay (nothing: null). @param {Highlight | null} highlight */
  #drawOverlay(highlight) {
    const key = highlight ? JSON.stringify(highlight) : "";
    if (key === this.#drawn) return;
    this.#drawn = key;
    this.#overlay.toggleAttribute("data-drawn", Boolean(highlight));
    if (!highlight) {
      this.#drawing.replaceChildren();
      return;
    }
    /** @type {SVGElement[]} */
    const shapes = [];
    const inset = 0.05;
    /** @param {string} kind  house, base or cover @param {string} house */
    const houseShape = (kind, house) => {
      const [name, number] = house.split(" ");
      const n = Number(number) - 1;
      const [x, y, w, h] = name === "row" ? [0, n, 9, 1] : name === "column" ? [n, 0, 1, 9] : [3 * (n % 3), 3 * Math.floor(n / 3), 3, 3];
      const shift = kind === "cover" ? 2 * inset : inset; // a cover set crossing a base stays visible inside it
      return svg("rect", { class: `house ${kind}`, [`data-${kind}`]: house, x: x + shift, y: y + shift, width: w - 2 * shift, height: h - 2 * shift, rx: 0.08 });
    };
    /** @param {string} className @param {number} cell @param {Record<string, string | number>} data @param {number} [pad] */
    const cellShape = (className, cell, data, pad = inset) => svg("rect", {
      class: className, ...data, x: colOf(cell) + pad, y: rowOf(cell) + pad, width: 1 - 2 * pad, height: 1 - 2 * pad, rx: 0.06,
    });
    for (const house of highlight.houses) shapes.push(houseShape("house", house));
    for (const house of highlight.base) shapes.push(houseShape("base", house));
    for (const house of highlight.cover) shapes.push(houseShape("cover", house));
    highlight.colours.forEach((cells, i) => {
      const hue = i % HUES;
      for (const cell of cells) {
        const shape = cellShape(`colour ${i % 2 ? "hatched" : "solid"} hue-${hue}`, cell, { "data-colour": colourName(i), "data-cell": cell }, 0.03);
        if (i % 2) shape.setAttribute("fill", `url(#hatch-${hue})`);
        shapes.push(shape);
      }
    });
    highlight.als.forEach((cells, i) => {
      for (const cell of cells) shapes.push(cellShape(`als hue-${i % HUES}`, cell, { "data-als": i + 1, "data-cell": cell }, 0.08));
    });
    for (const cell of highlight.cells) shapes.push(cellShape("cell-mark", cell, { "data-cell": cell }));
    for (const cell of highlight.fins) shapes.push(cellShape("fin", cell, { "data-fin": cell }, 0.1));
    /** @type {Set<string>} */
    const groupsDrawn = new Set();
    for (const link of highlight.links) {
      const from = nodeShape(link.from[1], link.from_cells ?? [link.from[0]]);
      const to = nodeShape(link.to[1], link.to_cells ?? [link.to[0]]);
      for (const [node, cells] of /** @type {const} */ ([[from, link.from_cells], [to, link.to_cells]])) {
        const id = cells ? `${cells.join(" ")}:${node.digit}` : "";
        if (!cells || groupsDrawn.has(id)) continue;
        groupsDrawn.add(id);
        shapes.push(svg("rect", {
          class: "group", "data-group": cells.join(" "), "data-digit": node.digit,
          x: node.x - node.hx, y: node.y - node.hy, width: 2 * node.hx, height: 2 * node.hy, rx: CANDIDATE_R,
        }));
      }
      const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
      const [ux, uy] = [(to.x - from.x) / length, (to.y - from.y) / length];
      const cutFrom = Math.min(edgeDistance(from, ux, uy) + 0.02, length / 3);
      const cutTo = Math.min(edgeDistance(to, ux, uy) + 0.02, length / 3);
      const kind = link.strong ? "strong" : "weak";
      /** @type {Record<string, string | number>} */
      const data = { "data-from": link.from.join(":"), "data-to": link.to.join(":"), "data-strong": String(link.strong) };
      if (link.from_cells) data["data-from-cells"] = link.from_cells.join(" ");
      if (link.to_cells) data["data-to-cells"] = link.to_cells.join(" ");
      shapes.push(svg("line", {
        class: `link ${kind}`, ...data,
        x1: from.x + ux * cutFrom, y1: from.y + uy * cutFrom, x2: to.x - ux * cutTo, y2: to.y - uy * cutTo, "marker-end": `url(#arrow-${kind})`,
      }));
    }
    for (const { cell, digit, role } of highlight.candidates) {
      const [x, y] = candidateAt(cell, digit);
      const group = svg("g", { class: `candidate ${role}`, "data-cell": cell, "data-digit": digit, "data-role": role });
      group.append(svg("circle", { cx: x, cy: y, r: CANDIDATE_R }));
      const label = svg("text", { x, y: y + 0.005 });
      label.textContent = String(digit);
      group.append(label);
      if (role === "eliminate") {
        const r = CANDIDATE_R * 0.95;
        group.append(svg("line", { class: "strike", x1: x - r, y1: y + r, x2: x + r, y2: y - r }));
      }
      shapes.push(group);
    }
    this.#drawing.replaceChildren(...shapes);
  }

  /**
   * @param {number} cell @param {CellView} view
   * @param {{digit: string, given: boolean, corner: number, centre: number, colours: number, keptCorner: number,
   *   keptCentre: number, selected: boolean, cursor: boolean, peer: boolean, same: boolean, conflict: boolean,
   *   wrong: boolean, fromPath: boolean, flagged: boolean, readonly: boolean, hide: boolean, highlight: string}} s
   */
  // Marks are drawn by CSS (`content: attr(...)`), not as text: the cell's accessible name says
  // them in words ("corner 1 3 7"), and text "137" in the cell would not match that name (axe's
  // label-content-name-mismatch, WCAG 2.5.3). The digit stays text: the name starts with it.
  #renderCell(cell, view, s) {
    const el = view.el;
    const shown = view.shown;
    if (shown.digit !== s.digit) {
      shown.digit = s.digit;
      view.digit.textContent = s.digit === EMPTY ? "" : s.digit;
    }
    const cornerDigits = maskDigits(s.corner);
    if (shown.corner !== s.corner) {
      shown.corner = s.corner;
      view.corner.replaceChildren(...cornerDigits.slice(0, CORNER_PLACES).map((d, i) => {
        const mark = document.createElement("span");
        mark.className = `p${i}`;
        mark.dataset.d = String(d); // drawn by CSS (see #renderCell's note)
        return mark;
      }));
    }
    const centreDigits = maskDigits(s.centre);
    if (shown.centre !== s.centre) {
      shown.centre = s.centre;
      if (centreDigits.length) view.centre.dataset.digits = centreDigits.join("");
      else delete view.centre.dataset.digits;
      view.centre.dataset.count = String(centreDigits.length);
    }
    const colourList = maskDigits(s.colours);
    if (shown.colours !== s.colours) {
      shown.colours = s.colours;
      if (colourList.length) {
        const step = 360 / colourList.length;
        view.fill.style.setProperty("background", colourList.length === 1
          ? `var(--sudoku-colour-${colourList[0]})`
          : `conic-gradient(${colourList.map((k, i) => `var(--sudoku-colour-${k}) ${i * step}deg ${(i + 1) * step}deg`).join(", ")})`);
      } else {
        view.fill.style.removeProperty("background");
      }
    }

    /** @type {string[]} */
    const parts = ["cell"];
    /** @param {string} name @param {boolean} on @param {string} [value] */
    const mark = (name, on, value = "") => {
      if (on) el.setAttribute(`data-${name}`, value);
      else el.removeAttribute(`data-${name}`);
      if (on && !value) parts.push(name);
    };
    mark("given", s.given);
    mark("entry", !s.given && s.digit !== EMPTY);
    mark("from-path", s.fromPath);
    mark("corner", s.keptCorner !== 0, maskDigits(s.keptCorner).join(""));
    mark("centre", s.keptCentre !== 0, maskDigits(s.keptCentre).join(""));
    mark("colours", s.colours !== 0, colourList.join(" "));
    mark("selected", s.selected);
    mark("peer", s.peer);
    mark("same", s.same);
    mark("conflict", s.conflict);
    mark("wrong", s.wrong);
    mark("flagged", s.flagged);
    el.setAttribute("part", parts.join(" "));

    el.tabIndex = s.cursor ? 0 : -1;
    el.setAttribute("aria-selected", String(s.selected));
    el.setAttribute("aria-readonly", String(s.readonly));
    if (s.conflict || s.wrong) el.setAttribute("aria-invalid", "true");
    else el.removeAttribute("aria-invalid");

    const words = [cellWords(cell)];
    if (s.hide) {
      words.push("hidden");
    } else {
      words.push(s.digit === EMPTY ? "empty" : s.digit);
      if (s.given) words.push("given");
      if (s.conflict) words.push("conflict");
      if (s.wrong) words.push("wrong");
      if (s.fromPath) words.push("placed by the path");
      if (centreDigits.length) words.push(`centre ${centreDigits.join(" ")}`);
      if (cornerDigits.length) words.push(`corner ${cornerDigits.join(" ")}`);
      if (colourList.length) words.push(`colour ${listWords(colourList.map((k) => COLOUR_NAMES[k - 1]))}`);
      if (s.flagged) words.push("marked");
      if (s.highlight) words.push(s.highlight);
    }
    el.setAttribute("aria-label", words.join(", "));
  }
}

/** A candidate disc's radius, in cells. */
const CANDIDATE_R = 0.155;
/** Hues for colour classes (A, B, C, D: one each) and ALS groups, cycled. */
const HUES = 4;

/**
 * A chain node as drawn: the centre of its candidates' places and the half-size of the box round
 * them (a single candidate: its disc; a group node: a capsule over all its cells).
 * @param {number} digit @param {number[]} cells @returns {{x: number, y: number, hx: number, hy: number, digit: number}}
 */
function nodeShape(digit, cells) {
  const places = cells.map((cell) => candidateAt(cell, digit));
  const xs = places.map((p) => p[0]);
  const ys = places.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, hx: (x1 - x0) / 2 + CANDIDATE_R, hy: (y1 - y0) / 2 + CANDIDATE_R, digit };
}

/**
 * How far from a node's centre a line leaving in direction (ux, uy) crosses its edge (a disc:
 * its radius; a capsule: its box).
 * @param {{hx: number, hy: number}} node @param {number} ux @param {number} uy
 */
function edgeDistance(node, ux, uy) {
  if (node.hx === CANDIDATE_R && node.hy === CANDIDATE_R) return CANDIDATE_R;
  return Math.min(Math.abs(ux) > 1e-9 ? node.hx / Math.abs(ux) : Infinity, Math.abs(uy) > 1e-9 ? node.hy / Math.abs(uy) : Infinity);
}

/** Where digit d sits in a cell: the centre of its place in the cell's 3x3 mini-grid (x, y in cells). @param {number} cell @param {number} digit */
function candidateAt(cell, digit) {
  return [colOf(cell) + (((digit - 1) % 3) + 0.5) / 3, rowOf(cell) + (Math.floor((digit - 1) / 3) + 0.5) / 3];
}

/**
 * An SVG element with attributes.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} name @param {Record<string, string | number>} attributes @returns {SVGElementTagNameMap[K]}
 */
function svg(name, attributes) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
}

/**
 * What each cell's name says about the highlight ("" for most): "highlighted" (its cells),
 * "highlighted region" (the rest of its houses), then "pattern 1 6", "eliminate 3", "place 5".
 * @param {Highlight | null} highlight @returns {string[]}
 */
function highlightWords(highlight) {
  const words = Array.from({ length: 81 }, () => /** @type {string[]} */ ([]));
  if (!highlight) return words.map(() => "");
  const inCells = new Set(highlight.cells);
  const inHouses = new Set(highlight.houses.flatMap(houseCells));
  const inBase = new Set(highlight.base.flatMap(houseCells));
  const inCover = new Set(highlight.cover.flatMap(houseCells));
  for (let cell = 0; cell < 81; cell++) {
    if (inCells.has(cell)) words[cell].push("highlighted");
    if (inBase.has(cell)) words[cell].push("base region");
    if (inCover.has(cell)) words[cell].push("cover region");
    if (!inCells.has(cell) && !inBase.has(cell) && !inCover.has(cell) && inHouses.has(cell)) words[cell].push("highlighted region");
  }
  for (const cell of highlight.fins) words[cell].push("fin");
  highlight.colours.forEach((cells, i) => cells.forEach((cell) => words[cell].push(`colour ${colourName(i)}`)));
  highlight.als.forEach((cells, i) => cells.forEach((cell) => words[cell].push(`ALS ${i + 1}`)));
  for (const link of highlight.links) {
    for (const cells of [link.from_cells, link.to_cells]) for (const cell of cells ?? []) if (!words[cell].includes("group")) words[cell].push("group");
  }
  for (const role of ROLES) {
    /** @type {Map<number, number[]>} */
    const digits = new Map();
    for (const c of highlight.candidates) if (c.role === role) digits.set(c.cell, [...(digits.get(c.cell) ?? []), c.digit]);
    for (const [cell, ds] of digits) words[cell].push(`${role} ${ds.sort((a, b) => a - b).join(" ")}`);
  }
  return words.map((w) => w.join(", "));
}

/** "a", "a and b", "a, b and c" @param {string[]} items */
function listWords(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
