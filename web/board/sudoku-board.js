// @ts-check
// <sudoku-board>: a 9×9 grid that a person can play with keyboard, mouse or touch, with
// SudokuPad's pencil marks, colours and multi-selection. The class only; define-sudoku-board.js
// registers it (guarded), as in relative-time-element. The cells' layers (digits, marks,
// colours) and every edit of them come from cell-layers.js, so the page's history records
// exactly the changes the board made.
//
// The element owns the attributes, properties, methods and events, and renders the cells. Its
// other concerns are modules of their own: board-input.js (keys and pointer), board-overlay.js
// (the highlight's SVG), cell-states.js (what each cell shows and says, no DOM), cell-view.js
// (a cell's elements), highlight.js (the highlight's value and words, no DOM), board-values.js
// (attribute values, no DOM). What is left is about 530 lines, most of them this header and the
// attributes' properties (a getter and a setter each, the public API): splitting those
// off would only scatter the API.
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
//   filter="1..9"         the candidate filter (HoDoKu's F1-F9): every empty cell where that
//                         digit may still go is tinted (its centre marks where it has some, else
//                         the rules); the cells holding it look `same` (property: 1..9, 0 none)
//   peer-marks="keep"     a placed digit leaves its peers' marks alone (default: removes it)
//   auto-candidates       keep centre marks = candidates as digits come and go
//   conflicts="off"       no conflict highlighting (default: on)
//   wrong="3 17"          digits to show as wrong (error colour, struck through, named "wrong")
//   paused                cells show nothing and input is ignored
//   flagged="3 17 40"     cells to point at (conflicts of a verdict, differences, mistakes)
//   label="Sudoku"        the grid's accessible name
//   highlight='{"houses": ["row 6"], "cells": [48], "candidates": [{"cell": 48, "digit": 1,
//             "role": "pattern"}], "links": [{"from": [48, 1], "to": [50, 1], "strong": true}]}'
//                         a drawing over the cells (property: the object, or null): highlight.js
//   preview-entries="81 chars", preview-centre="0:127 .."   the board shown instead of the
//                         player's (the solving path at a step): these digits and centre marks, no
//                         corner marks or colours; the player's layers are not touched (property:
//                         `preview`, {entries, centre: 81 masks} or null)
//   centre-layout="grid"  every pencil mark at its digit's place in the cell's 3x3 mini-grid (1 top
//                         left .. 9 bottom right), where the overlay draws a candidate; corner marks
//                         too, smaller and underlined, so the two layers never cover each other
//                         (default: centre marks as one centred string, corner marks in SudokuPad's
//                         corner order). Pure CSS: names and data- attributes do not change.
// Events (bubble, composed, detail is plain data):
//   sudoku-select  {cell, cells}
//   sudoku-change  {kind, changes, cell, digit, layer, givens, entries}   (one per input)
//   sudoku-tool    {tool}                    (the keyboard changed the tool)
//   sudoku-filter  {digit}                   (the keyboard changed the filter; 0: none)
//   sudoku-reject  {cell, reason: "given"}   (digits, or a clear with nothing else to clear, on
//                                             givens only, in play mode)
// Parts: grid, row, cell, fill, corner-marks, centre-marks, overlay, and on cells: given, entry,
// selected, peer, same, possible, lit, conflict, wrong, flagged.
//
// Speed: attribute changes schedule one render in a microtask (so `layers = ...` renders once);
// a render computes conflicts once and rewrites only the cells whose state changed.

import { BoardInput } from "./board-input.js";
import { BoardOverlay } from "./board-overlay.js";
import { cleanMasks, digitValue, isCell, parseCells, parseFilter } from "./board-values.js";
import { TOOLS, applyChanges as applyLayerChanges, editCells, formatMarks, parseMarks } from "./cell-layers.js";
import { cellStates } from "./cell-states.js";
import { CellView } from "./cell-view.js";
import { EMPTY, EMPTY_GRID, combine, isGrid } from "./grid.js";
import { cleanHighlight, colourName } from "./highlight.js";

// The page's modules (hint-view.js, path-view.js) import these from the element's module.
export { cleanHighlight, colourName };

/** @typedef {import("./cell-layers.js").Tool} Tool */
/** @typedef {import("./cell-layers.js").Layers} Layers */
/** @typedef {import("./cell-layers.js").Change} Change */
/** @typedef {import("./cell-layers.js").MoveKind} MoveKind */
/** @typedef {import("./highlight.js").Highlight} Highlight */
/** @typedef {import("./highlight.js").CandidateMark} CandidateMark */
/** @typedef {import("./highlight.js").CandidateRole} CandidateRole */
/** @typedef {import("./highlight.js").LinkMark} LinkMark */
/** @typedef {"given" | "entry" | "corner" | "centre" | "colour"} LayerName */
/** @typedef {{cell: number, cells: number[]}} SelectDetail */
/**
 * @typedef {{kind: MoveKind, changes: Change[], cell: number, digit: string, layer: LayerName,
 *   givens: string, entries: string}} ChangeDetail
 */
/** @typedef {{tool: Tool}} ToolDetail */
/** @typedef {{digit: number}} FilterDetail */
/** The board shown instead of the player's: digits (81 chars) and centre marks (81 masks). @typedef {{entries: string, centre: number[]}} Preview */
/** @typedef {{cell: number, reason: "given"}} RejectDetail */

const STYLESHEET = new URL("./sudoku-board.css", import.meta.url).href;
/** @type {LayerName[]} */
const LAYER_NAMES = ["given", "entry", "corner", "centre", "colour"];

export class SudokuBoardElement extends HTMLElement {
  static observedAttributes = [
    "givens", "entries", "corner", "centre", "colours", "mode", "selected", "selection", "tool", "filter", "peer-marks",
    "auto-candidates", "conflicts", "wrong", "paused", "flagged", "label", "highlight", "preview-entries", "preview-centre",
  ];

  /** @type {CellView[]} */
  #cells = [];
  #grid = document.createElement("div");
  /** A task of its own is to make the board (connected, not made yet). */
  #buildTask = false;
  /** Its dialog's opening will make the board (it was in a closed dialog at its first render). */
  #buildQueued = false;
  #overlay = new BoardOverlay();
  #renderQueued = false;
  /** Set while the element writes `selected` and `selection` together. */
  #selecting = false;

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
  }

  /**
   * The shadow tree: the stylesheet, 81 cells and the overlay, made once, by the first render. A
   * board in a closed dialog (the drills', the review's) is made when the dialog opens: the
   * three boards of the page made at once were a third of the start's longest task (Lighthouse's
   * phone, 4x CPU slowdown), and most visits never open those dialogs.
   */
  #build() {
    const root = /** @type {ShadowRoot} */ (this.shadowRoot);
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = STYLESHEET;
    root.append(link);

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
    root.append(this.#grid, this.#overlay.element);

    new BoardInput(this.#grid, {
      read: () => ({ cursor: this.selected, selection: this.selection, tool: this.tool, filter: this.filter }),
      select: (cells, cursor, focus) => this.#select(cells, cursor, focus),
      write: (digit, tool) => { this.#input(digit, tool); },
      setTool: (tool) => {
        const changed = tool !== this.tool;
        this.tool = tool; // written even when unchanged: the attribute shows the tool from then on
        if (changed) this.#emit("sudoku-tool", /** @type {ToolDetail} */ ({ tool }));
      },
      setFilter: (digit) => {
        if (digit === this.filter) return;
        this.filter = digit;
        this.#emit("sudoku-filter", /** @type {FilterDetail} */ ({ digit }));
      },
    });
  }

  connectedCallback() {
    // made in a task of its own (attribute changes meanwhile wait for it; focusGrid does not):
    // defined with the page's modules, its build and first render were the largest part of the
    // task that runs them all (Lighthouse's phone, 4x CPU slowdown)
    if (this.#cells.length) this.#render();
    if (this.#cells.length || this.#buildTask) return;
    this.#buildTask = true;
    setTimeout(() => {
      this.#buildTask = false;
      this.#render();
    }, 0);
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
    return isCell(value) ? value : -1;
  }
  set selected(value) {
    if (isCell(value)) this.setAttribute("selected", String(value));
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

  /** The candidate filter's digit, 1..9, or 0 (none; the setter removes the attribute). */
  get filter() {
    return parseFilter(this.getAttribute("filter"));
  }
  set filter(digit) {
    const value = digitValue(digit);
    if (value) this.setAttribute("filter", String(value));
    else this.removeAttribute("filter");
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
    this.#setCells("wrong", cells);
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
    this.#setCells("flagged", cells);
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

  /** "grid": pencil marks at their digits' places; "line" (the default): a centred string. @returns {"grid" | "line"} */
  get centreLayout() {
    return this.getAttribute("centre-layout") === "grid" ? "grid" : "line";
  }
  set centreLayout(value) {
    if (value === "grid") this.setAttribute("centre-layout", "grid");
    else this.removeAttribute("centre-layout");
  }

  /** Digits of both layers as one 81-character grid. */
  get grid() {
    return combine(this.givens, this.entries);
  }

  // --- methods ----------------------------------------------------------------------------------

  /** Move keyboard focus to the grid (its cursor cell). */
  focusGrid() {
    if (!this.#cells.length) this.#build();
    const cell = this.selected >= 0 ? this.selected : 0;
    this.#cells[cell].el.focus();
  }

  /**
   * Select cells (no event); the cursor is `cursor` if given and among them, else the last one.
   * @param {number[]} cells @param {number} [cursor]
   */
  selectCells(cells, cursor) {
    const valid = [...new Set(cells.filter(isCell))];
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

  /** @param {"wrong" | "flagged"} name @param {number[]} cells */
  #setCells(name, cells) {
    if (cells.length) this.setAttribute(name, cells.join(" "));
    else this.removeAttribute(name);
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

  /** @param {string} type @param {object} detail */
  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  // --- rendering ----------------------------------------------------------------------------

  /** Make the board when its closed dialog opens (a render while it is closed does nothing). */
  #buildWhenOpen() {
    const dialog = this.closest("dialog");
    if (this.#buildQueued || !dialog) return;
    this.#buildQueued = true;
    const opened = new MutationObserver(() => {
      if (!dialog.open) return;
      opened.disconnect();
      this.#render(true);
    });
    opened.observe(dialog, { attributes: true, attributeFilter: ["open"] });
  }

  #queueRender() {
    if (this.#renderQueued || this.#buildTask) return; // the build's task renders
    this.#renderQueued = true;
    queueMicrotask(() => {
      this.#renderQueued = false;
      this.#render();
    });
  }

  /** @param {boolean} [opened] its dialog has just opened: make the board wherever it is now */
  #render(opened = false) {
    if (!this.isConnected) return;
    if (!this.#cells.length) {
      if (!opened && this.closest("dialog:not([open])")) {
        this.#buildWhenOpen();
        return;
      }
      this.#build();
    }
    const preview = this.preview;
    const label = this.getAttribute("label") || "Sudoku";
    this.#grid.setAttribute("aria-label", preview ? `${label}: the solving path's board, not yours` : label);
    this.#grid.toggleAttribute("data-preview", Boolean(preview));
    const paused = this.paused;
    const filter = paused ? 0 : this.filter;
    this.#grid.toggleAttribute("data-paused", paused);
    if (filter) this.#grid.dataset.filter = String(filter);
    else delete this.#grid.dataset.filter;
    const players = this.layers;
    const layers = preview
      ? { ...players, entries: preview.entries, corner: cleanMasks([]), centre: preview.centre, colours: cleanMasks([]) }
      : players;
    const highlight = paused ? null : this.highlight;
    const focusInside = this.shadowRoot?.activeElement != null;
    this.#overlay.draw(highlight);
    const cursor = this.selected;
    const states = cellStates({
      layers, players: combine(players.givens, players.entries), mode: this.mode, paused, cursor, selection: this.selection,
      flagged: this.flagged, wrong: this.wrong, conflicts: this.conflicts !== "off", filter, highlight,
    });
    states.forEach((state, cell) => this.#cells[cell].render(cell, state));
    if (focusInside && cursor >= 0 && this.shadowRoot?.activeElement !== this.#cells[cursor].el) {
      this.#cells[cursor].el.focus();
    }
  }
}
