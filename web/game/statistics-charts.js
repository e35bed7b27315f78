// @ts-check
// The Statistics view's three small charts, drawn as inline SVG by hand: bars of games started
// and solved per level, the latest solve times of a level with their median, and a calendar of
// the days whose daily puzzle was solved. Hand-written rather than a chart library: these are
// three fixed shapes of a few dozen rectangles (~150 lines), while a library would add 50-200 KB
// to a page that works offline, with no bundler and no CDN, and would still need styling for dark
// mode and checking for accessibility. Colours come from the page's CSS variables (style.css,
// `.stats-*`), so dark mode needs nothing here. Each chart is role="img" with a label that says
// what it shows in words; the view puts the numbers beside it in a table or a list.

import { bucketName } from "./statistics.js";
import { formatTime } from "./game-summary.js";

/** @typedef {import("./statistics.js").LevelSummary} LevelSummary */

const SVG = "http://www.w3.org/2000/svg";

/**
 * An SVG element with attributes.
 * @param {string} name @param {Record<string, string | number>} [attrs] @param {string} [text]
 * @returns {SVGElement}
 */
function el(name, attrs = {}, text) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG, name));
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A chart's frame: scales with its box (viewBox), described by `label`. @param {number} width @param {number} height @param {string} label */
function chart(width, height, label) {
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "stats-chart" });
  svg.style.aspectRatio = `${width} / ${height}`;
  return svg;
}

/**
 * Started (a light bar) and solved (the accent bar over it) per level.
 * @param {LevelSummary[]} levels
 */
export function levelBars(levels) {
  const rowH = 26;
  const labelW = 84;
  const width = 340;
  const barW = width - labelW - 56;
  const most = Math.max(1, ...levels.map((l) => l.started));
  const label = levels.map((l) => `${bucketName(l.bucket)}: ${l.solved} solved of ${l.started} started`).join("; ");
  const svg = chart(width, levels.length * rowH + 4, `Games per level. ${label}.`);
  levels.forEach((l, i) => {
    const y = i * rowH + 4;
    svg.append(
      el("text", { x: labelW - 8, y: y + 15, "text-anchor": "end", class: "stats-label" }, bucketName(l.bucket)),
      el("rect", { x: labelW, y, width: Math.max(2, (barW * l.started) / most), height: 18, rx: 3, class: "stats-started" }),
      el("rect", { x: labelW, y, width: l.solved ? Math.max(2, (barW * l.solved) / most) : 0, height: 18, rx: 3, class: "stats-solved" }),
      el("text", { x: labelW + (barW * l.started) / most + 6, y: y + 15, class: "stats-value" }, `${l.solved}/${l.started}`),
    );
  });
  return svg;
}

/**
 * The latest solves of a level as columns, oldest left; a solve with help is hollow; the median
 * of the solves without help is a dashed line.
 * @param {LevelSummary} level
 */
export function timeColumns(level) {
  const width = 340;
  const height = 150;
  const left = 44;
  const top = 12;
  const bottom = 20;
  const plotH = height - top - bottom;
  const solves = level.recent;
  const most = Math.max(1, ...solves.map((s) => s.ms));
  const name = bucketName(level.bucket);
  const median = level.medianMs === null ? "" : ` Median without help ${formatTime(level.medianMs)}.`;
  const svg = chart(width, height, solves.length
    ? `Times of the last ${solves.length} ${name} solves, from ${formatTime(Math.min(...solves.map((s) => s.ms)))} to ${formatTime(most)}.${median}`
    : `No ${name} puzzle solved yet.`);
  const y = (/** @type {number} */ ms) => top + plotH - (plotH * ms) / most;
  svg.append(
    el("line", { x1: left, x2: width, y1: top + plotH, y2: top + plotH, class: "stats-axis" }),
    el("text", { x: left - 6, y: top + 4, "text-anchor": "end", class: "stats-value" }, formatTime(most)),
    el("text", { x: left - 6, y: top + plotH + 4, "text-anchor": "end", class: "stats-value" }, "0:00"),
  );
  const slot = (width - left) / 20;
  solves.forEach((s, i) => {
    const x = left + i * slot + slot * 0.15;
    const h = Math.max(2, top + plotH - y(s.ms));
    svg.append(el("rect", {
      x, y: top + plotH - h, width: slot * 0.7, height: h, rx: 2, class: s.helped ? "stats-helped" : "stats-solved",
    }));
  });
  if (level.medianMs !== null) {
    const my = y(level.medianMs);
    svg.append(
      el("line", { x1: left, x2: width, y1: my, y2: my, class: "stats-median" }),
      el("text", { x: width - 2, y: my - 4, "text-anchor": "end", class: "stats-value" }, `median ${formatTime(level.medianMs)}`),
    );
  }
  svg.append(el("text", { x: left, y: height - 4, class: "stats-value" }, solves.length ? "oldest" : "no solves yet"));
  if (solves.length > 1) svg.append(el("text", { x: width - 2, y: height - 4, "text-anchor": "end", class: "stats-value" }, "latest"));
  return svg;
}

const WEEKDAYS = ["M", "T", "W", "T", "F", "S", "S"];

/**
 * The last `weeks` weeks as a calendar (Monday first, the current week at the bottom), each day
 * filled when its daily puzzle was solved, today outlined.
 * @param {Set<string>} solved  "YYYY-MM-DD" @param {string} today
 * @param {(day: string, offset: number) => string} addDays @param {number} weekday  today's, 0 = Monday
 * @param {{current: number, longest: number}} streak @param {number} [weeks]
 */
export function dailyCalendar(solved, today, addDays, weekday, streak, weeks = 6) {
  const cell = 24;
  const gap = 4;
  const width = 7 * (cell + gap);
  const height = 18 + weeks * (cell + gap);
  const first = addDays(today, -weekday - 7 * (weeks - 1));
  /** @type {string[]} */
  const shown = [];
  for (let i = 0; i < 7 * weeks; i++) shown.push(addDays(first, i));
  const count = shown.filter((d) => d <= today && solved.has(d)).length;
  const svg = chart(width, height, `Daily puzzles solved on ${count} of the last ${weeks} weeks' days. Current streak ${streak.current}, longest ${streak.longest}.`);
  svg.classList.add("stats-calendar");
  WEEKDAYS.forEach((d, i) => svg.append(el("text", { x: i * (cell + gap) + cell / 2, y: 12, "text-anchor": "middle", class: "stats-value" }, d)));
  shown.forEach((day, i) => {
    const x = (i % 7) * (cell + gap);
    const y = 18 + Math.floor(i / 7) * (cell + gap);
    const state = day > today ? "future" : solved.has(day) ? "solved" : "open";
    svg.append(el("rect", { x, y, width: cell, height: cell, rx: 4, class: `stats-day stats-day-${state}${day === today ? " stats-today" : ""}` }));
    if (state !== "future") {
      svg.append(el("text", { x: x + cell / 2, y: y + cell / 2 + 4, "text-anchor": "middle", class: `stats-daynum stats-daynum-${state}` }, String(Number(day.slice(8)))));
    }
  });
  return svg;
}
