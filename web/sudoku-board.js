// @ts-check
// <sudoku-board>: a 9×9 grid that a person can play with keyboard, mouse or touch.
// The class only; define-sudoku-board.js registers it (guarded), as in relative-time-element.
//
// Attributes are the API (all reflected by properties, validated, with safe defaults):
//   givens="81 chars"    the puzzle ("." empty); read-only in play mode
//   entries="81 chars"   the player's digits (ignored where there is a given)
//   mode="play|enter"    enter: typed digits become givens; play: givens are locked (default)
//   selected="0..80"     the selected cell (absent: none)
//   flagged="3 17 40"    cells to point at (conflicts of a verdict, differences, mistakes)
//   label="Sudoku"       the grid's accessible name
// Events (bubble, composed, detail is plain data):
//   sudoku-select  {cell}
//   sudoku-change  {cell, digit, layer: "given"|"entry", givens, entries}
//   sudoku-reject  {cell, reason: "given"}   (typing over a given in play mode)
// Parts: grid, row, cell, and on cells: given, entry, selected, peer, same, conflict, flagged.

import { EMPTY, EMPTY_GRID, boxOf, colOf, combine, findConflicts, isGrid, rowOf } from "./grid.js";

/** @typedef {{cell: number}} SelectDetail */
/** @typedef {{cell: number, digit: string, layer: "given" | "entry", givens: string, entries: string}} ChangeDetail */
/** @typedef {{cell: number, reason: "given"}} RejectDetail */

const STYLESHEET = new URL("./sudoku-board.css", import.meta.url).href;
const DIGIT_KEYS = /^[1-9]$/;
const CLEAR_KEYS = new Set(["Backspace", "Delete", "0"]);

/**
 * @param {string | null} value
 * @returns {number[]}
 */
function parseCells(value) {
  if (!value) return [];
  return value
    .split(/[\s,]+/)
    .filter((s) => /^\d{1,2}$/.test(s))
    .map(Number)
    .filter((c) => c >= 0 && c < 81);
}

export class SudokuBoardElement extends HTMLElement {
  static observedAttributes = ["givens", "entries", "mode", "selected", "flagged", "label"];

  /** @type {HTMLElement[]} */
  #cells = [];
  /** @type {HTMLElement} */
  #grid;

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
        this.#cells.push(cell);
      }
      this.#grid.append(row);
    }
    root.append(this.#grid);

    this.#grid.addEventListener("keydown", (event) => this.#onKeyDown(event));
    this.#grid.addEventListener("pointerdown", (event) => this.#onPointerDown(event));
    this.#grid.addEventListener("focusin", (event) => {
      const cell = this.#cellOf(event.target);
      if (cell !== null && cell !== this.selected) this.#select(cell, false);
    });
  }

  connectedCallback() {
    this.#render();
  }

  attributeChangedCallback() {
    this.#render();
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

  /** @returns {"play" | "enter"} */
  get mode() {
    return this.getAttribute("mode") === "enter" ? "enter" : "play";
  }
  set mode(value) {
    this.setAttribute("mode", value === "enter" ? "enter" : "play");
  }

  /** The selected cell, or -1. */
  get selected() {
    const value = Number(this.getAttribute("selected") ?? "-1");
    return Number.isInteger(value) && value >= 0 && value < 81 ? value : -1;
  }
  set selected(value) {
    if (Number.isInteger(value) && value >= 0 && value < 81) this.setAttribute("selected", String(value));
    else this.removeAttribute("selected");
  }

  /** @returns {number[]} */
  get flagged() {
    return parseCells(this.getAttribute("flagged"));
  }
  set flagged(cells) {
    if (cells.length) this.setAttribute("flagged", cells.join(" "));
    else this.removeAttribute("flagged");
  }

  /** Digits of both layers as one 81-character grid. */
  get grid() {
    return combine(this.givens, this.entries);
  }

  /** Move keyboard focus to the grid (its selected cell). */
  focusGrid() {
    const cell = this.selected >= 0 ? this.selected : 0;
    this.#cells[cell].focus();
  }

  /**
   * Put a digit into the selected cell as if typed ("1".."9"; "", "0" or "." clear). For the number pad.
   * @param {string} digit
   */
  input(digit) {
    if (this.selected < 0) return false;
    return this.#write(this.selected, DIGIT_KEYS.test(digit) ? digit : EMPTY);
  }

  // --- behaviour ----------------------------------------------------------------------------

  /** @param {EventTarget | null} target */
  #cellOf(target) {
    if (!(target instanceof HTMLElement)) return null;
    const el = target.closest("[data-cell]");
    return el instanceof HTMLElement ? Number(el.dataset.cell) : null;
  }

  /** @param {number} cell @param {boolean} focus */
  #select(cell, focus) {
    if (cell !== this.selected) {
      this.selected = cell;
      this.#emit("sudoku-select", /** @type {SelectDetail} */ ({ cell }));
    }
    if (focus) this.#cells[cell].focus();
  }

  /**
   * Change one cell in the layer of the current mode; false if refused.
   * @param {number} cell @param {string} digit
   */
  #write(cell, digit) {
    const givens = this.givens;
    const entries = this.entries;
    if (this.mode === "enter") {
      if (givens[cell] === digit && entries[cell] === EMPTY) return true;
      const nextGivens = givens.slice(0, cell) + digit + givens.slice(cell + 1);
      const nextEntries = entries.slice(0, cell) + EMPTY + entries.slice(cell + 1);
      this.setAttribute("givens", nextGivens);
      this.setAttribute("entries", nextEntries);
      this.#emit("sudoku-change", /** @type {ChangeDetail} */ ({ cell, digit, layer: "given", givens: nextGivens, entries: nextEntries }));
      return true;
    }
    if (givens[cell] !== EMPTY) {
      this.#emit("sudoku-reject", /** @type {RejectDetail} */ ({ cell, reason: "given" }));
      return false;
    }
    if (entries[cell] === digit) return true;
    const nextEntries = entries.slice(0, cell) + digit + entries.slice(cell + 1);
    this.setAttribute("entries", nextEntries);
    this.#emit("sudoku-change", /** @type {ChangeDetail} */ ({ cell, digit, layer: "entry", givens, entries: nextEntries }));
    return true;
  }

  /** @param {KeyboardEvent} event */
  #onKeyDown(event) {
    if (event.altKey || event.metaKey) return;
    const current = this.selected >= 0 ? this.selected : 0;
    const r = rowOf(current);
    const c = colOf(current);
    /** @type {number | null} */
    let target = null;
    switch (event.key) {
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
      this.#select(target, true);
      return;
    }
    if (event.ctrlKey) return;
    if (DIGIT_KEYS.test(event.key)) {
      event.preventDefault();
      if (this.selected < 0) this.#select(current, true);
      this.#write(current, event.key);
    } else if (CLEAR_KEYS.has(event.key)) {
      event.preventDefault();
      if (this.selected < 0) this.#select(current, true);
      this.#write(current, EMPTY);
    }
  }

  /** @param {PointerEvent} event */
  #onPointerDown(event) {
    const cell = this.#cellOf(event.target);
    if (cell === null) return;
    event.preventDefault(); // keep focus handling ours (no text selection on long press)
    this.#select(cell, true);
  }

  /** @param {string} type @param {object} detail */
  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  // --- rendering ----------------------------------------------------------------------------

  #render() {
    if (!this.#cells.length) return;
    this.#grid.setAttribute("aria-label", this.getAttribute("label") || "Sudoku");
    const givens = this.givens;
    const grid = this.grid;
    const mode = this.mode;
    const selected = this.selected;
    const flagged = new Set(this.flagged);
    const conflictCells = new Set(findConflicts(grid).flatMap((c) => c.cells));
    const selDigit = selected >= 0 ? grid[selected] : EMPTY;
    const focusInside = this.shadowRoot?.activeElement != null;

    for (let cell = 0; cell < 81; cell++) {
      const el = this.#cells[cell];
      const digit = grid[cell];
      const isGiven = givens[cell] !== EMPTY;
      const peer =
        selected >= 0 && cell !== selected &&
        (rowOf(cell) === rowOf(selected) || colOf(cell) === colOf(selected) || boxOf(cell) === boxOf(selected));
      const same = selDigit !== EMPTY && digit === selDigit && cell !== selected;
      const conflict = conflictCells.has(cell);
      const flag = flagged.has(cell);

      el.textContent = digit === EMPTY ? "" : digit;
      /** @type {string[]} */
      const parts = ["cell"];
      /** @param {string} name @param {boolean} on */
      const mark = (name, on) => {
        el.toggleAttribute(`data-${name}`, on);
        if (on) parts.push(name);
      };
      mark("given", isGiven);
      mark("entry", !isGiven && digit !== EMPTY);
      mark("selected", cell === selected);
      mark("peer", peer);
      mark("same", same);
      mark("conflict", conflict);
      mark("flagged", flag);
      el.setAttribute("part", parts.join(" "));

      el.tabIndex = cell === (selected >= 0 ? selected : 0) ? 0 : -1;
      el.setAttribute("aria-selected", String(cell === selected));
      el.setAttribute("aria-readonly", String(isGiven && mode === "play"));
      if (conflict) el.setAttribute("aria-invalid", "true");
      else el.removeAttribute("aria-invalid");
      const words = [`Row ${rowOf(cell) + 1}, column ${colOf(cell) + 1}`, digit === EMPTY ? "empty" : digit];
      if (isGiven) words.push("given");
      if (conflict) words.push("conflict");
      if (flag) words.push("marked");
      el.setAttribute("aria-label", words.join(", "));
    }
    if (focusInside && selected >= 0 && this.shadowRoot?.activeElement !== this.#cells[selected]) {
      this.#cells[selected].focus();
    }
  }
}
