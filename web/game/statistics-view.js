// @ts-check
// The Statistics dialog (Games panel, and the Solved moment): the player's numbers as tiles, a
// table per level with its bar chart, the latest solve times of a level, the daily streak's
// calendar and the techniques practised; Export and Import of the statistics file. Every chart
// has its numbers beside it in text (statistics-charts.js). The numbers come from the statistics
// record (statistics-store.js); the days whose daily puzzle was solved also from the game
// library (games solved before the statistics were kept), and the drills from their own record
// (drill-stats.js), shown here, not copied.
// Import merges (statistics.js mergeStatistics): a backup or another browser's file adds its games,
// and the same file imported twice counts nothing twice. A file with any problem is refused whole,
// with what is wrong said in plain words (where it stops being JSON; the entries and fields that
// are wrong), and the statistics here stay as they were.
// Clear statistics… asks first (#stats-clear-dialog), naming what goes and offering Export
// first; after it, Undo puts the cleared games back (merged with any played since).

import { byId } from "../app/dom.js";
import { loadRecord } from "../app/storage.js";
import { openLibrary } from "./autosave.js";
import { formatTime } from "./game-summary.js";
import { statTile } from "./completion-view.js";
import { dailyCalendar, levelBars, timeColumns } from "./statistics-charts.js";
import { loadStatistics, saveStatistics } from "./statistics-store.js";
import {
  MAX_FILE_BYTES, bucketName, clearWarning, clearedStatistics, dailyDaysSolved, dailyStreak, mergeStatistics, storedStatistics, summarize,
} from "./statistics.js";
import { parseStatisticsFile } from "./statistics-file.js";
import { addDays, dayKey, dayLabel } from "../puzzles/daily.js";
import { STATS_KEY as DRILLS_KEY, readStats as readDrillStats } from "../train/drill-stats.js";

/** @typedef {import("./statistics.js").LevelSummary} LevelSummary */
/** @typedef {import("./statistics.js").Statistics} Statistics */

/** The daily days solved by the library's games (read when the dialog opens). @type {Set<string>} */
let libraryDays = new Set();
/** The statistics as they were before the last Clear, for its Undo (null: nothing to undo). @type {Statistics | null} */
let cleared = null;

/** @param {number} n @param {string} one @param {string} many */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** A table from a header row and body rows (the first cell of each row is its header). @param {HTMLTableElement} table @param {string} caption @param {string[]} head @param {string[][]} rows */
function fillTable(table, caption, head, rows) {
  const cap = document.createElement("caption");
  cap.className = "visually-hidden";
  cap.textContent = caption;
  const thead = document.createElement("thead");
  const hr = document.createElement("tr");
  for (const text of head) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    hr.append(th);
  }
  thead.append(hr);
  const tbody = document.createElement("tbody");
  for (const row of rows) {
    const tr = document.createElement("tr");
    row.forEach((text, i) => {
      const cell = document.createElement(i === 0 ? "th" : "td");
      if (i === 0) /** @type {HTMLTableCellElement} */ (cell).scope = "row";
      cell.textContent = text;
      tr.append(cell);
    });
    tbody.append(tr);
  }
  table.replaceChildren(cap, thead, tbody);
}

/** @param {HTMLElement} figure @param {Element | string} content */
function fillFigure(figure, content) {
  if (typeof content === "string") {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = content;
    figure.replaceChildren(p);
  } else {
    figure.replaceChildren(content);
  }
}

/** @param {number | null} ms */
const time = (ms) => (ms === null ? "—" : formatTime(ms));

/** The tiles over the charts. @param {LevelSummary} all @param {{current: number, longest: number}} streak */
function drawTiles(all, streak) {
  const rate = all.started ? `(${Math.round((100 * all.solved) / all.started)}%)` : "";
  /** @type {[string, string, string, string][]} name, label, value, note */
  const tiles = [
    ["started", "Games played", String(all.started), ""],
    ["solved", "Solved", String(all.solved), rate],
    ["unaided", "Without help", String(all.unaided), ""],
    ["help", "Hints per game", all.started ? all.helpPerGame.toFixed(1) : "—", ""],
    ["streak", "Daily streak", String(streak.current), streak.longest ? `longest ${streak.longest}` : ""],
  ];
  byId("stats-tiles").replaceChildren(...tiles.map(([name, label, value, note]) => statTile("stats", name, label, value, note)));
}

/** The table and bars per level. @param {LevelSummary[]} levels */
function drawLevels(levels) {
  fillFigure(byId("stats-levels-chart"), levels.length ? levelBars(levels) : "No games yet: a game counts from its first move in Play mode.");
  const table = /** @type {HTMLTableElement} */ (byId("stats-levels-table"));
  table.hidden = !levels.length;
  fillTable(table, "Games per level", ["Level", "Solved of played", "Without help", "Best", "Median", "Hints per game"],
    levels.map((l) => [bucketName(l.bucket), `${l.solved} of ${l.started}`, String(l.unaided), time(l.bestMs), time(l.medianMs), l.helpPerGame.toFixed(1)]));
}

/** The chart of a level's latest solves, for the level chosen. @param {LevelSummary[]} levels */
function drawTimes(levels) {
  const select = /** @type {HTMLSelectElement} */ (byId("stats-times-level"));
  const solvedLevels = levels.filter((l) => l.recent.length);
  const wanted = select.value;
  // the level solved most recently, unless the player chose one
  const latest = solvedLevels.slice().sort((a, b) => (b.recent.at(-1)?.at ?? "").localeCompare(a.recent.at(-1)?.at ?? ""))[0];
  const chosen = solvedLevels.find((l) => l.bucket === wanted) ?? latest;
  select.replaceChildren(...solvedLevels.map((l) => {
    const option = document.createElement("option");
    option.value = l.bucket;
    option.textContent = bucketName(l.bucket);
    option.selected = l === chosen;
    return option;
  }));
  select.disabled = !solvedLevels.length;
  fillFigure(byId("stats-times-chart"), chosen ? timeColumns(chosen) : "No puzzle solved yet.");
  byId("stats-times-list").replaceChildren(...(chosen?.recent ?? []).map((s) => {
    const li = document.createElement("li");
    li.textContent = `${formatTime(s.ms)}${s.helped ? " (with help)" : ""}, ${dayLabel(dayKey(new Date(s.at)))}`;
    return li;
  }));
}

/** The daily streak's calendar and its days as a list. @param {Set<string>} days @param {{current: number, longest: number}} streak */
function drawDaily(days, streak) {
  const now = new Date();
  const today = dayKey(now);
  const weekday = (now.getDay() + 6) % 7;
  fillFigure(byId("stats-daily-chart"), dailyCalendar(days, today, addDays, weekday, streak));
  const list = [...days].sort().reverse();
  byId("stats-daily-list").replaceChildren(...(list.length ? list : [""]).map((day) => {
    const li = document.createElement("li");
    li.textContent = day ? dayLabel(day) : "No daily puzzle solved yet.";
    return li;
  }));
}

/** The drills' record per technique, as drill-view.js keeps it. */
function drawDrills() {
  const loaded = loadRecord(DRILLS_KEY);
  const drills = Object.entries(readDrillStats(loaded.ok ? loaded.data : null)).filter(([, s]) => s.tries > 0)
    .sort((a, b) => b[1].tries - a[1].tries || a[0].localeCompare(b[0]));
  const table = /** @type {HTMLTableElement} */ (byId("stats-drills-table"));
  table.hidden = !drills.length;
  byId("stats-drills-none").hidden = Boolean(drills.length);
  fillTable(table, "Practised techniques", ["Technique", "Right", "Rate", "Streak", "Best"],
    drills.map(([name, s]) => [name, `${s.right} of ${s.tries}`, `${Math.round((100 * s.right) / s.tries)}%`, String(s.streak), String(s.best)]));
}

/**
 * The days whose daily puzzle was solved: the statistics' own, and the library's daily games
 * solved (games from before the statistics were kept), unless the player has cleared them since.
 * @param {Statistics} stats
 */
const solvedDays = (stats) => new Set([...dailyDaysSolved(stats), ...(stats.clearedAt ? [] : libraryDays)]);

/** Everything, from the stored statistics. */
function draw() {
  const loaded = loadStatistics();
  const { levels, all } = summarize(loaded.stats);
  const days = solvedDays(loaded.stats);
  const streak = dailyStreak(days, dayKey(new Date()), addDays);
  drawTiles(all, streak);
  drawLevels(levels);
  drawTimes(levels);
  drawDaily(days, streak);
  drawDrills();
  /** @type {HTMLButtonElement} */ (byId("stats-clear")).disabled = !loaded.kept || (all.started === 0 && days.size === 0);
  if (!loaded.kept) tell(`Statistics are not kept here: ${loaded.problem}.`, "warning");
}

/**
 * Say what happened, in the dialog; `undo` offers the Undo button beside it (only after Clear).
 * @param {string} text @param {"info" | "success" | "warning" | "error"} [tone] @param {{undo?: boolean}} [options]
 */
function tell(text, tone = "info", options = {}) {
  const message = byId("stats-message");
  const undo = byId("stats-undo");
  if (!options.undo) cleared = null; // anything else said: the Undo has gone with it
  undo.hidden = !options.undo;
  message.dataset.tone = tone;
  message.textContent = text;
}

/** The daily games the library has solved (games from before the statistics were kept). */
async function readLibraryDays() {
  const library = openLibrary();
  const listed = library ? await library.list() : null;
  if (!listed?.ok) return;
  libraryDays = new Set(listed.games.filter((g) => g.info?.daily && g.play.solved).map((g) => /** @type {string} */ (g.info?.daily)));
}

/** Open the dialog with the numbers as they are now. */
export function openStatistics() {
  const dialog = /** @type {HTMLDialogElement} */ (byId("stats-dialog"));
  tell("");
  draw();
  if (!dialog.open) dialog.showModal();
  byId("stats-close").focus();
  void readLibraryDays().then(() => {
    if (dialog.open) draw();
  });
}

/** Download the statistics as a file; its name, or null when there was nothing to export. @returns {string | null} */
function exportFile() {
  const loaded = loadStatistics();
  if (!loaded.kept) {
    tell(`Nothing to export: ${loaded.problem}.`, "error");
    return null;
  }
  const text = `${JSON.stringify(storedStatistics(loaded.stats, new Date().toISOString()), null, 1)}\n`;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `sudoku-statistics-${dayKey(new Date())}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  tell(`Exported ${plural(loaded.stats.games.length, "game", "games")} as ${link.download}.`, "success");
  return link.download;
}

/** Clear statistics…: ask first, naming what goes. */
function askToClear() {
  const loaded = loadStatistics();
  if (!loaded.kept) {
    tell(`Nothing to clear: ${loaded.problem}.`, "error");
    return;
  }
  const dialog = /** @type {HTMLDialogElement} */ (byId("stats-clear-dialog"));
  byId("stats-clear-text").textContent = clearWarning(loaded.stats, solvedDays(loaded.stats), dayKey(new Date()), addDays);
  byId("stats-clear-exported").textContent = "";
  dialog.returnValue = "";
  dialog.showModal();
  byId("stats-clear-cancel").focus(); // the safe answer first
}

/** The confirmation answered "Clear statistics". */
function clearStatistics() {
  const loaded = loadStatistics();
  if (!loaded.kept) {
    tell(`Nothing cleared: ${loaded.problem}.`, "error");
    return;
  }
  const saved = saveStatistics(clearedStatistics(new Date().toISOString()));
  if (!saved.ok) {
    tell(`Your statistics were not cleared: ${saved.problem}.`, "error");
    return;
  }
  draw();
  tell(`Cleared the statistics of ${plural(loaded.stats.games.length, "game", "games")}.`, "success", { undo: true });
  cleared = loaded.stats;
  byId("stats-undo").focus();
}

/** Undo the Clear: the games cleared come back, with any played since (merged, none twice). */
function undoClear() {
  const before = cleared;
  if (!before) return;
  const now = loadStatistics();
  const saved = now.kept ? saveStatistics(mergeStatistics(before, now.stats)) : { ok: false, problem: now.problem };
  if (!saved.ok) {
    tell(`Your statistics could not be put back: ${saved.problem}.`, "error", { undo: true });
    return;
  }
  draw();
  tell(`Put back the statistics of ${plural(before.games.length, "game", "games")}.`, "success");
  byId("stats-clear").focus();
}

/** Read a statistics file the player chose, check it whole, then merge it in. @param {File} file */
async function importFile(file) {
  if (file.size > MAX_FILE_BYTES) {
    tell(`${file.name} was not imported. This file is not a statistics export: it is ${Math.round(file.size / 1000).toLocaleString("en")} kB, and an export is at most ${MAX_FILE_BYTES / 1_000_000} MB. Your statistics are unchanged.`, "error");
    return;
  }
  /** @type {string} */
  let text;
  try {
    text = await file.text();
  } catch (error) {
    tell(`${file.name} could not be read (${error instanceof Error ? error.message : String(error)}). Your statistics are unchanged.`, "error");
    return;
  }
  const read = parseStatisticsFile(text);
  if (!read.ok) {
    tell(`${file.name} was not imported. ${read.message} Your statistics are unchanged.`, "error");
    return;
  }
  const loaded = loadStatistics();
  if (!loaded.kept) {
    tell(`${file.name} was not imported: ${loaded.problem}.`, "error");
    return;
  }
  const known = new Set(loaded.stats.games.map((g) => g.id));
  const added = read.stats.games.filter((g) => !known.has(g.id)).length;
  const saved = saveStatistics(mergeStatistics(loaded.stats, read.stats));
  if (!saved.ok) {
    tell(`${file.name} was not imported: ${saved.problem}. Your statistics are unchanged.`, "error");
    return;
  }
  draw();
  tell(`Imported ${file.name}: ${plural(read.stats.games.length, "game", "games")}, ${added} of them new here.`, "success");
}

/** The dialog's buttons (app.js loads this module after the board). */
export function wireStatistics() {
  const dialog = /** @type {HTMLDialogElement} */ (byId("stats-dialog"));
  byId("stats-close").addEventListener("click", () => dialog.close());
  byId("stats-times-level").addEventListener("change", draw);
  byId("stats-export").addEventListener("click", () => void exportFile());
  const clearDialog = /** @type {HTMLDialogElement} */ (byId("stats-clear-dialog"));
  byId("stats-clear").addEventListener("click", askToClear);
  byId("stats-clear-export").addEventListener("click", () => {
    const name = exportFile();
    byId("stats-clear-exported").textContent = name ? `Exported as ${name}: your statistics are in that file.` : byId("stats-message").textContent;
  });
  clearDialog.addEventListener("close", () => {
    if (clearDialog.returnValue === "clear") clearStatistics();
    else byId("stats-clear").focus();
  });
  byId("stats-undo").addEventListener("click", undoClear);
  const input = /** @type {HTMLInputElement} */ (byId("stats-file"));
  byId("stats-import").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = ""; // the same file chosen again is read again
    if (file) void importFile(file);
  });
}
