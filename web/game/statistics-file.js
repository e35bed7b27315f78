// @ts-check
// A statistics file the player chose to import, read: its size, then its JSON, then the record
// (statistics.js parseStatistics). Apart from statistics.js because only the Statistics dialog
// imports files: the JSON checker it needs is not loaded with every page.
// Plain functions, no DOM (tests/js/statistics.test.mjs).

import { jsonProblem } from "../app/json-problem.js";
import { MAX_FILE_BYTES, NOT_AN_EXPORT, parseStatistics } from "./statistics.js";

/** @typedef {import("./statistics.js").ParseResult} ParseResult */

/**
 * A file's text to statistics: its size and JSON first, then `parseStatistics`.
 * @param {string} text @param {number} [now] @returns {ParseResult}
 */
export function parseStatisticsFile(text, now) {
  if (text.length > MAX_FILE_BYTES) {
    const size = `${Math.round(text.length / 1000).toLocaleString("en")} kB`;
    return {
      ok: false, problems: [`the file is ${size}; a statistics file is at most ${MAX_FILE_BYTES / 1_000_000} MB`],
      message: `${NOT_AN_EXPORT}: it is ${size}, and an export is at most ${MAX_FILE_BYTES / 1_000_000} MB.`,
    };
  }
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    // the browser's own message differs in every browser and names no line: said here instead
    return { ok: false, problems: ["the file is not JSON"], message: notJson(text) };
  }
  return parseStatistics(data, { strict: true, now });
}

/** Why a text JSON.parse refused is not an export, in plain words, with where. @param {string} text */
export function notJson(text) {
  if (!text.trim()) return `${NOT_AN_EXPORT}: it is empty.`;
  const problem = jsonProblem(text);
  if (!problem) return `${NOT_AN_EXPORT}: it is not valid JSON.`; // JSON.parse refused what the grammar takes: not expected
  const where = `line ${problem.line.toLocaleString("en")}, column ${problem.column.toLocaleString("en")}`;
  if (problem.end) return `${NOT_AN_EXPORT}: it is not valid JSON: it ends too soon (${where}), as a file cut short does.`;
  return `${NOT_AN_EXPORT}: it is not valid JSON (${where}). Expected there: ${problem.expected}.`;
}
