// @ts-check
// One cell of <sudoku-board> in the DOM: its elements, made once, and the writing of a CellState
// (cell-states.js) into them, touching only what changed since the last time.
//
// Marks are drawn by CSS (`content: attr(data-d)`), not as text: the cell's accessible name says
// them in words ("corner 1 3 7"), and text "137" in the cell would not match that name (axe's
// label-content-name-mismatch, WCAG 2.5.3). The digit stays text: the name starts with it.
// Each mark is its own span, so that one digit can be lit (the cursor's or the filter's digit:
// `data-lit`, drawn bold in the accent colour on a small tinted disc).

import { maskDigits } from "./cell-layers.js";
import { EMPTY } from "./grid.js";
import { cellLabel } from "./cell-states.js";

/** @typedef {import("./cell-states.js").CellState} CellState */

/** Corner mark places, SudokuPad's order: TL, TR, BL, BR, top, bottom, left, right, centre. */
const CORNER_PLACES = 9;

/** @param {string} className @param {string} part */
function layer(className, part) {
  const el = document.createElement("span");
  el.className = className;
  if (part) el.setAttribute("part", part);
  el.setAttribute("aria-hidden", "true");
  return el;
}

/**
 * Mark spans for digits (drawn by CSS from `data-d`), the lit ones with `data-lit`.
 * @param {number[]} digits @param {number} lit a mask @param {(i: number) => string} className
 */
function markSpans(digits, lit, className) {
  return digits.map((d, i) => {
    const mark = document.createElement("span");
    mark.className = className(i);
    mark.dataset.d = String(d);
    if (lit & (1 << (d - 1))) mark.dataset.lit = "";
    return mark;
  });
}

/** The child elements of one cell, made once, and what they show. */
export class CellView {
  /** @param {HTMLElement} el the gridcell */
  constructor(el) {
    this.el = el;
    this.fill = layer("fill", "fill");
    this.corner = layer("corner", "corner-marks");
    this.centre = layer("centre", "centre-marks");
    this.digit = layer("digit", "");
    el.append(this.fill, this.corner, this.centre, this.digit);
    /** What was rendered last (skip the cell, or its parts, when nothing changed). */
    this.signature = "";
    this.shown = { digit: "", corner: "", centre: "", colours: -1 };
  }

  /** Show a cell's state (nothing when it is what was shown last). @param {number} cell @param {CellState} s */
  render(cell, s) {
    const signature = JSON.stringify(s);
    if (signature === this.signature) return;
    this.signature = signature;
    const { el, shown } = this;
    if (shown.digit !== s.digit) {
      shown.digit = s.digit;
      this.digit.textContent = s.digit === EMPTY ? "" : s.digit;
    }
    const cornerDigits = maskDigits(s.corner).slice(0, CORNER_PLACES);
    if (shown.corner !== `${s.corner}:${s.lit}`) {
      shown.corner = `${s.corner}:${s.lit}`;
      this.corner.replaceChildren(...markSpans(cornerDigits, s.lit, (i) => `p${i}`));
    }
    const centreDigits = maskDigits(s.centre);
    if (shown.centre !== `${s.centre}:${s.lit}`) {
      shown.centre = `${s.centre}:${s.lit}`;
      this.centre.replaceChildren(...markSpans(centreDigits, s.lit, () => "m"));
      if (centreDigits.length) this.centre.dataset.digits = centreDigits.join("");
      else delete this.centre.dataset.digits;
      this.centre.dataset.count = String(centreDigits.length);
    }
    const colourList = maskDigits(s.colours);
    if (shown.colours !== s.colours) {
      shown.colours = s.colours;
      if (colourList.length) {
        const step = 360 / colourList.length;
        this.fill.style.setProperty("background", colourList.length === 1
          ? `var(--sudoku-colour-${colourList[0]})`
          : `conic-gradient(${colourList.map((k, i) => `var(--sudoku-colour-${k}) ${i * step}deg ${(i + 1) * step}deg`).join(", ")})`);
      } else {
        this.fill.style.removeProperty("background");
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
    mark("possible", s.possible !== 0, String(s.possible));
    mark("lit", s.lit !== 0, maskDigits(s.lit).join(""));
    mark("conflict", s.conflict);
    mark("wrong", s.wrong);
    mark("flagged", s.flagged);
    if (s.possible) parts.push("possible");
    if (s.lit) parts.push("lit");
    el.setAttribute("part", parts.join(" "));

    el.tabIndex = s.cursor ? 0 : -1;
    el.setAttribute("aria-selected", String(s.selected));
    el.setAttribute("aria-readonly", String(s.readonly));
    if (s.conflict || s.wrong) el.setAttribute("aria-invalid", "true");
    else el.removeAttribute("aria-invalid");
    el.setAttribute("aria-label", cellLabel(cell, s));
  }
}
