// @ts-check
// The values of <sudoku-board>'s attributes and arguments, read with safe defaults (no DOM): a
// page, a test or another site may write anything into an attribute, and the element must still
// draw a board. Each reader keeps what is valid and drops the rest, never throwing.

/** @param {unknown} n @returns {n is number} a cell, 0..80 */
export const isCell = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) < 81;
/** @param {unknown} n @returns {n is number} a digit, 1..9 */
export const isDigit = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 1 && /** @type {number} */ (n) <= 9;

/**
 * Cells from text ("3 17, 40"): the valid ones, each once, in order.
 * @param {string | null | undefined} value @returns {number[]}
 */
export function parseCells(value) {
  if (!value) return [];
  const cells = value
    .split(/[\s,]+/)
    .filter((s) => /^\d{1,2}$/.test(s))
    .map(Number)
    .filter(isCell);
  return [...new Set(cells)];
}

/** @param {unknown} masks @returns {number[]} 81 masks of 9 bits (anything else is 0) */
export function cleanMasks(masks) {
  const list = Array.isArray(masks) ? masks : [];
  return Array.from({ length: 81 }, (_, cell) => {
    const m = list[cell];
    return Number.isInteger(m) && m > 0 ? m & 0x1ff : 0;
  });
}

/**
 * A digit argument as 0..9: 1..9 or "1".."9"; anything else ("", ".", "0", 0, 12) is 0 (clear,
 * or none).
 * @param {unknown} digit @returns {number}
 */
export function digitValue(digit) {
  const n = typeof digit === "number" ? digit : typeof digit === "string" && /^[1-9]$/.test(digit) ? Number(digit) : 0;
  return isDigit(n) ? n : 0;
}

/**
 * The `filter` attribute: its digit 1..9, or 0 (no filter) for anything else.
 * @param {string | null | undefined} value @returns {number}
 */
export const parseFilter = (value) => digitValue(value?.trim() ?? "");
