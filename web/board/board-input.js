// @ts-check
// <sudoku-board>'s input: the keyboard (SudokuPad's keys, HoDoKu's F1-F9 filter) and the
// pointer (press, Shift/Ctrl, drag) turned into selections, edits, tools and filters. The
// element owns the state and the events; this module only decides what a key or a press means.
//
// Keys: arrows move (Shift+arrows extend the selection; left/right run on in reading order),
// Home/End, Ctrl+Home/End, PageUp/PageDown, Ctrl+A all, Escape back to the cursor cell (with
// one cell selected: clears the filter); digits by `event.code`, so Shift+digit works on every
// layout: plain = the tool, Shift = corner, Ctrl/Cmd = centre, Ctrl+Shift = colour;
// Backspace/Delete/0 clear the top layer; Z/X/C/V pick the tool, Space cycles it; F1..F9 toggle
// the candidate filter for that digit. Ctrl+Z/Y, ?, H, P are left to the page.

import { TOOLS } from "./cell-layers.js";
import { colOf, rowOf } from "./grid.js";

/** @typedef {import("./cell-layers.js").Tool} Tool */

/** Digit keys by physical key, so that Shift+digit works on every layout. */
const DIGIT_CODE = /^(?:Digit|Numpad)([0-9])$/;
/** @type {Record<string, Tool>} */
const TOOL_KEYS = { z: "digit", x: "corner", c: "centre", v: "colour" };
const FILTER_KEY = /^F([1-9])$/;

/**
 * What the input reads and changes on the element (its properties), and the element's own
 * actions: `select` (cells, cursor, focus it; sudoku-select when it changed), `write` (a digit
 * with a tool on the selection), `setTool` and `setFilter` (with their events).
 * @typedef {object} InputHost
 * @property {() => {cursor: number, selection: number[], tool: Tool, filter: number}} read
 * @property {(cells: number[], cursor: number, focus: boolean) => void} select
 * @property {(digit: number, tool: Tool) => void} write
 * @property {(tool: Tool) => void} setTool
 * @property {(digit: number) => void} setFilter
 */

/** The cell (0..80) an event's target is in, or null. @param {EventTarget | null} target */
export function cellOf(target) {
  if (!(target instanceof Element)) return null;
  const el = target.closest("[data-cell]");
  return el instanceof HTMLElement ? Number(el.dataset.cell) : null;
}

/**
 * The cell a navigation key moves the cursor to, or null for other keys.
 * @param {string} key @param {number} current @param {boolean} ctrl
 */
export function moveTarget(key, current, ctrl) {
  const r = rowOf(current);
  const c = colOf(current);
  switch (key) {
    case "ArrowUp": return r > 0 ? current - 9 : current;
    case "ArrowDown": return r < 8 ? current + 9 : current;
    // left/right run on in reading order (handy when typing a puzzle in), stopping at the ends
    case "ArrowLeft": return current > 0 ? current - 1 : current;
    case "ArrowRight": return current < 80 ? current + 1 : current;
    case "Home": return ctrl ? 0 : r * 9;
    case "End": return ctrl ? 80 : r * 9 + 8;
    case "PageUp": return c;
    case "PageDown": return 72 + c;
    default: return null;
  }
}

/** Listens to the grid's keys and pointer and tells the host what they mean. */
export class BoardInput {
  /** A pointer drag in progress: whether it adds or removes cells. @type {{add: boolean} | null} */
  #drag = null;
  /** @type {InputHost} */
  #host;
  /** @type {HTMLElement} */
  #grid;

  /** @param {HTMLElement} grid the element with role=grid, in a shadow root @param {InputHost} host */
  constructor(grid, host) {
    this.#grid = grid;
    this.#host = host;
    grid.addEventListener("keydown", (event) => this.#onKeyDown(event));
    grid.addEventListener("pointerdown", (event) => this.#onPointerDown(event));
    grid.addEventListener("pointermove", (event) => this.#onPointerMove(event));
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      grid.addEventListener(type, () => { this.#drag = null; });
    }
    grid.addEventListener("focusin", (event) => {
      const cell = cellOf(event.target);
      if (cell !== null && cell !== host.read().cursor && !this.#drag) host.select([cell], cell, false);
    });
  }

  /** @param {KeyboardEvent} event */
  #onKeyDown(event) {
    if (event.altKey) return;
    const host = this.#host;
    const { cursor, selection, tool, filter } = host.read();
    const ctrl = event.ctrlKey || event.metaKey;
    const current = cursor >= 0 ? cursor : 0;
    // Windows with NumLock on sends Shift+numpad digit as a navigation key ("End" for 1) with
    // Shift released; its code still names the digit. SudokuPad reads it as Shift+digit.
    const numpadShifted = /^Numpad[0-9]$/.test(event.code) && !/^[0-9]$/.test(event.key);
    const shift = event.shiftKey || numpadShifted;
    const target = numpadShifted ? null : moveTarget(event.key, current, event.ctrlKey);
    if (target !== null) {
      event.preventDefault();
      const cells = event.shiftKey && cursor >= 0 ? [...selection.filter((x) => x !== target), target] : [target];
      host.select(cells, target, true);
      return;
    }
    if (ctrl && !event.shiftKey && event.code === "KeyA") {
      event.preventDefault();
      host.select(Array.from({ length: 81 }, (_, i) => i), current, true);
      return;
    }
    if (event.key === "Escape" && (selection.length > 1 || filter)) {
      event.preventDefault();
      if (selection.length > 1) host.select([current], current, true);
      else host.setFilter(0);
      return;
    }
    const filterKey = FILTER_KEY.exec(event.key);
    if (filterKey && !ctrl && !event.shiftKey) {
      event.preventDefault(); // F5 must not reload the page, nor F3 search it
      const digit = Number(filterKey[1]);
      host.setFilter(digit === filter ? 0 : digit);
      return;
    }
    const digitKey = DIGIT_CODE.exec(event.code);
    if (digitKey || (!ctrl && (event.key === "Backspace" || event.key === "Delete"))) {
      event.preventDefault();
      if (cursor < 0) host.select([current], current, true);
      /** @type {Tool} */
      const using = ctrl && shift ? "colour" : ctrl ? "centre" : shift ? "corner" : tool;
      host.write(digitKey ? Number(digitKey[1]) : 0, using);
      return;
    }
    if (ctrl) return;
    const toolKey = TOOL_KEYS[event.key.toLowerCase()];
    if (toolKey || event.key === " ") {
      event.preventDefault();
      host.setTool(toolKey ?? TOOLS[(TOOLS.indexOf(tool) + 1) % TOOLS.length]);
    }
  }

  /** @param {PointerEvent} event */
  #onPointerDown(event) {
    const cell = cellOf(event.target);
    if (cell === null || event.button !== 0) return;
    event.preventDefault(); // keep focus handling ours (no text selection on long press)
    const host = this.#host;
    const { cursor } = host.read();
    const selection = cursor >= 0 ? host.read().selection : [];
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && selection.includes(cell)) {
      const rest = selection.filter((x) => x !== cell);
      this.#drag = { add: false };
      if (rest.length) host.select(rest, rest.includes(cursor) ? cursor : rest[rest.length - 1], true);
    } else if (ctrl || event.shiftKey) {
      this.#drag = { add: true };
      host.select([...selection, cell], cell, true);
    } else {
      this.#drag = { add: true };
      host.select([cell], cell, true);
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
    const root = this.#grid.getRootNode();
    if (!this.#drag || !(root instanceof ShadowRoot)) return;
    const cell = cellOf(root.elementFromPoint(event.clientX, event.clientY));
    if (cell === null) return;
    const { cursor, selection } = this.#host.read();
    if (this.#drag.add && !selection.includes(cell)) {
      this.#host.select([...selection, cell], cell, true);
    } else if (!this.#drag.add && selection.includes(cell) && selection.length > 1) {
      const rest = selection.filter((x) => x !== cell);
      this.#host.select(rest, rest.includes(cursor) ? cursor : rest[rest.length - 1], true);
    }
  }
}
