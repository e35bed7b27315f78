// @ts-check
// What <sudoku-board>'s overlay draws (the `highlight` attribute), as plain data (no DOM): the
// value cleaned from untrusted input, and what each cell's accessible name says about it. The
// drawing itself is board-overlay.js's; the page fills the value in (hint-view.js, path-view.js).

import { isCell, isDigit } from "./board-values.js";
import { boxOf, colOf, rowOf } from "./grid.js";

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

/** @type {CandidateRole[]} */
export const ROLES = ["pattern", "eliminate", "place"];
/** A house's name as people read it: "row 6", "column 2", "box 5". */
export const HOUSE = /^(row|column|box) ([1-9])$/;

/** @param {unknown} pair @returns {pair is [number, number]} a [cell, digit] */
const isCandidate = (pair) => Array.isArray(pair) && pair.length === 2 && isCell(pair[0]) && isDigit(pair[1]);
/** @param {unknown} x @returns {unknown[]} */
const list = (x) => (Array.isArray(x) ? x : []);
/** @param {unknown} x @returns {string[]} valid house names, each once */
const houseList = (x) => [...new Set(list(x).filter((h) => typeof h === "string" && HOUSE.test(h)))].map(String);
/** @param {unknown} x @returns {number[]} valid cells, each once */
const cellList = (x) => [...new Set(list(x).filter(isCell))];

/**
 * A highlight from untrusted data: what is valid, each once, in order (one role per cell and
 * digit, the last wins); null when nothing is left.
 * @param {unknown} value @returns {Highlight | null}
 */
export function cleanHighlight(value) {
  if (!value || typeof value !== "object") return null;
  const v = /** @type {Record<string, unknown>} */ (value);
  const houses = houseList(v.houses);
  const cells = cellList(v.cells);
  /** @type {Map<string, CandidateMark>} */
  const candidates = new Map();
  for (const item of list(v.candidates)) {
    const { cell, digit, role } = item && typeof item === "object" ? /** @type {Record<string, unknown>} */ (item) : {};
    if (isCell(cell) && isDigit(digit) && ROLES.includes(/** @type {CandidateRole} */ (role))) {
      candidates.set(`${cell}:${digit}`, { cell, digit, role: /** @type {CandidateRole} */ (role) });
    }
  }
  /** @type {LinkMark[]} */
  const links = [];
  for (const item of list(v.links)) {
    const { from, to, strong, from_cells: fromCells, to_cells: toCells } =
      item && typeof item === "object" ? /** @type {Record<string, unknown>} */ (item) : {};
    if (!isCandidate(from) || !isCandidate(to)) continue;
    /** @type {LinkMark} */
    const link = { from: [from[0], from[1]], to: [to[0], to[1]], strong: strong === true };
    if (cellList(fromCells).length > 1) link.from_cells = cellList(fromCells);
    if (cellList(toCells).length > 1) link.to_cells = cellList(toCells);
    links.push(link);
  }
  const base = houseList(v.base);
  const cover = houseList(v.cover);
  const fins = cellList(v.fins);
  const groups = (/** @type {unknown} */ x) => list(x).map(cellList).filter((g) => g.length);
  const colours = groups(v.colours);
  const als = groups(v.als);
  if (![houses, cells, links, base, cover, fins, colours, als].some((x) => x.length) && !candidates.size) return null;
  return { houses, cells, candidates: [...candidates.values()], links, base, cover, fins, colours, als };
}

/** The name of colour class i of a colouring step: A, B (the first cluster), C, D, .. @param {number} i */
export const colourName = (i) => (i < 26 ? String.fromCharCode(65 + i) : String(i + 1));

/** The cells of a house name ("row 6", "column 2", "box 5"); [] for anything else. @param {string} house @returns {number[]} */
export function houseCells(house) {
  const match = HOUSE.exec(house);
  if (!match) return [];
  const n = Number(match[2]) - 1;
  const unitOf = match[1] === "row" ? rowOf : match[1] === "column" ? colOf : boxOf;
  return Array.from({ length: 81 }, (_, c) => c).filter((c) => unitOf(c) === n);
}

/**
 * What each cell's name says about the highlight ("" for most): "highlighted" (its cells),
 * "base region", "cover region", "highlighted region" (the rest of its houses), "fin",
 * "colour A", "ALS 1", "group", then "pattern 1 6", "eliminate 3", "place 5".
 * @param {Highlight | null} highlight @returns {string[]} 81 texts
 */
export function highlightWords(highlight) {
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
