// @ts-check
// The overlay of <sudoku-board>: an SVG over the cells (viewBox 0 0 9 9, so it scales with the
// board; it never takes a pointer, and it is hidden from assistive technology: the cells' names
// say the same in words, highlight.js) that draws a cleaned Highlight: houses outlined, cells
// tinted, candidates as discs at the digit's place in the cell's 3x3 mini-grid (pattern,
// eliminate: struck, place), links between candidates (strong solid, weak dashed, arrows in
// order; a group node as one capsule round all its cells' candidates), a fish's base (solid
// outline) and cover sets (dashed) and its fins, a colouring's colour classes (A, C.. filled,
// B, D.. hatched, so they differ without colour) and ALS cell groups.
// Its shapes carry data-house, data-base, data-cover, data-fin, data-colour, data-als,
// data-group, data-cell, data-digit, data-role, data-from, data-to, data-strong for tests.
// The geometry (where a candidate sits, a chain node's box) is plain functions; nothing touches
// the DOM before an overlay is made.

import { colOf, rowOf } from "./grid.js";
import { colourName } from "./highlight.js";

/** @typedef {import("./highlight.js").Highlight} Highlight */

const SVG = "http://www.w3.org/2000/svg";
/** A candidate disc's radius, in cells. */
export const CANDIDATE_R = 0.155;
/** Hues for colour classes (A, B, C, D: one each) and ALS groups, cycled. */
export const HUES = 4;
/** How far a cell's or house's outline keeps inside its edges, in cells. */
const INSET = 0.05;

/**
 * Where digit d sits in a cell: the centre of its place in the cell's 3x3 mini-grid (x, y in cells).
 * @param {number} cell @param {number} digit @returns {[number, number]}
 */
export function candidateAt(cell, digit) {
  return [colOf(cell) + (((digit - 1) % 3) + 0.5) / 3, rowOf(cell) + (Math.floor((digit - 1) / 3) + 0.5) / 3];
}

/**
 * A chain node as drawn: the centre of its candidates' places and the half-size of the box round
 * them (a single candidate: its disc; a group node: a capsule over all its cells).
 * @param {number} digit @param {number[]} cells @returns {{x: number, y: number, hx: number, hy: number, digit: number}}
 */
export function nodeShape(digit, cells) {
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
export function edgeDistance(node, ux, uy) {
  if (node.hx === CANDIDATE_R && node.hy === CANDIDATE_R) return CANDIDATE_R;
  return Math.min(Math.abs(ux) > 1e-9 ? node.hx / Math.abs(ux) : Infinity, Math.abs(uy) > 1e-9 ? node.hy / Math.abs(uy) : Infinity);
}

/**
 * A house's box in cells (x, y, width, height), from its name ("row 6", "column 2", "box 5").
 * @param {string} house @returns {[number, number, number, number]}
 */
export function houseBox(house) {
  const [name, number] = house.split(" ");
  const n = Number(number) - 1;
  return name === "row" ? [0, n, 9, 1] : name === "column" ? [n, 0, 1, 9] : [3 * (n % 3), 3 * Math.floor(n / 3), 3, 3];
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

/** The overlay's SVG and its drawing. */
export class BoardOverlay {
  /** What the overlay shows now (skip redrawing when nothing changed). */
  #drawn = "";

  constructor() {
    /** The element, for the board's shadow root (`part="overlay"`). */
    this.element = svg("svg", { viewBox: "0 0 9 9", preserveAspectRatio: "none", part: "overlay", "aria-hidden": "true", class: "overlay" });
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
    this.drawing = svg("g", {});
    this.element.append(defs, this.drawing);
  }

  /** Draw the highlight (nothing: null); the svg has `data-drawn` while it shows something. @param {Highlight | null} highlight */
  draw(highlight) {
    const key = highlight ? JSON.stringify(highlight) : "";
    if (key === this.#drawn) return;
    this.#drawn = key;
    this.element.toggleAttribute("data-drawn", Boolean(highlight));
    this.drawing.replaceChildren(...(highlight ? shapesOf(highlight) : []));
  }
}

/** The shapes of a highlight, bottom to top. @param {Highlight} highlight @returns {SVGElement[]} */
function shapesOf(highlight) {
  return [
    ...highlight.houses.map((house) => houseShape("house", house)),
    ...highlight.base.map((house) => houseShape("base", house)),
    ...highlight.cover.map((house) => houseShape("cover", house)),
    ...highlight.colours.flatMap((cells, i) => cells.map((cell) => {
      const hue = i % HUES;
      const shape = cellShape(`colour ${i % 2 ? "hatched" : "solid"} hue-${hue}`, cell, { "data-colour": colourName(i), "data-cell": cell }, 0.03);
      if (i % 2) shape.setAttribute("fill", `url(#hatch-${hue})`);
      return shape;
    })),
    ...highlight.als.flatMap((cells, i) => cells.map((cell) => cellShape(`als hue-${i % HUES}`, cell, { "data-als": i + 1, "data-cell": cell }, 0.08))),
    ...highlight.cells.map((cell) => cellShape("cell-mark", cell, { "data-cell": cell })),
    ...highlight.fins.map((cell) => cellShape("fin", cell, { "data-fin": cell }, 0.1)),
    ...linkShapes(highlight.links),
    ...highlight.candidates.map(candidateShape),
  ];
}

/** @param {"house" | "base" | "cover"} kind @param {string} house */
function houseShape(kind, house) {
  const [x, y, w, h] = houseBox(house);
  const shift = kind === "cover" ? 2 * INSET : INSET; // a cover set crossing a base stays visible inside it
  return svg("rect", { class: `house ${kind}`, [`data-${kind}`]: house, x: x + shift, y: y + shift, width: w - 2 * shift, height: h - 2 * shift, rx: 0.08 });
}

/** @param {string} className @param {number} cell @param {Record<string, string | number>} data @param {number} [pad] */
function cellShape(className, cell, data, pad = INSET) {
  return svg("rect", {
    class: className, ...data, x: colOf(cell) + pad, y: rowOf(cell) + pad, width: 1 - 2 * pad, height: 1 - 2 * pad, rx: 0.06,
  });
}

/**
 * The links, in order, each after the capsules of its group nodes (each group drawn once).
 * @param {Highlight["links"]} links @returns {SVGElement[]}
 */
function linkShapes(links) {
  /** @type {SVGElement[]} */
  const shapes = [];
  /** @type {Set<string>} */
  const groupsDrawn = new Set();
  for (const link of links) {
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
  return shapes;
}

/** A candidate's disc with its digit (struck through when eliminated). @param {Highlight["candidates"][number]} mark */
function candidateShape({ cell, digit, role }) {
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
  return group;
}
