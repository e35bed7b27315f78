// @ts-check
// The Daily puzzle of the Games panel: a day (today, or one of the calendar's past days) and a
// button per level, each marked when that day's game of the level is solved. A day's puzzle is
// made in the worker from its seed (daily.js), so every visitor gets the same one, offline too.
// A daily game is a saved game like any other, its info marked with its day: pressing the level
// again brings that game back from the library rather than starting over.
// The page's address can ask for one too (`?daily=hard`, `?daily=2026-11-26:hard`: a plain link
// or a plain <iframe>), read as an embed's `data-sudoku-daily` is (daily.js readDaily); and the
// section offers the link to the day's puzzle of the level last chosen, to copy.

import { byId } from "../app/dom.js";
import {
  DAILY_LEVELS, DEFAULT_DAILY_LEVEL, calendarDays, dailyAddress, dailyArgs, dailyOfAddress, dayKey, dayLabel, isDailyDay, withoutDaily,
} from "./daily.js";
import { EMPTY_GRID } from "../board/grid.js";
import { LEVEL_NAMES } from "./puzzle-info.js";
import { board, knowSolution, state } from "../app/page-state.js";
import { clearVerdict, showFailure, showVerdict } from "../engine/verdict-view.js";
import { currentGameId, openLibrary } from "../game/autosave.js";
import { gameEvents, returnTo, showGame } from "../game/game-view.js";
import { say } from "../app/status.js";
import { startEngine } from "../engine/engine-runner.js";

/** @typedef {import("./puzzle-info.js").Level} Level */
/** @typedef {import("./puzzle-info.js").PuzzleInfo} PuzzleInfo */
/** @typedef {import("../game/game-record.js").GameRecord} GameRecord */

/** The saved daily games, by day then level (the most recently saved of each). @type {Map<string, Map<Level, GameRecord>>} */
let games = new Map();
/** The level whose daily puzzle was last asked for in this tab (the link to copy is to its puzzle). @type {Level} */
let lastLevel = DEFAULT_DAILY_LEVEL;

/** The day chosen in the calendar (today when its value is ""). */
function chosenDay() {
  const value = /** @type {HTMLSelectElement} */ (byId("daily-day")).value;
  return isDailyDay(value) ? value : dayKey(new Date());
}

/**
 * Show `day` in the calendar (a daily game on the board, from its button, a link or Recent
 * games, is that day's: the marks and the link to copy are then about it). A day older than the
 * calendar leaves the choice as it is.
 * @param {string} day
 */
function chooseDay(day) {
  if (calendarDays(dayKey(new Date())).includes(day)) dayAsked = day;
  draw();
}

/** The day a daily game asked for, until the calendar shows it (its options are drawn later). @type {string | null} */
let dayAsked = null;

/** The daily games of the library. @param {readonly GameRecord[]} records */
function dailyGames(records) {
  /** @type {Map<string, Map<Level, GameRecord>>} */
  const found = new Map();
  for (const record of records) {
    const day = record.info?.daily;
    const level = record.info?.difficulty;
    if (!day || !level) continue;
    const byLevel = found.get(day) ?? new Map();
    const kept = byLevel.get(level);
    if (!kept || kept.savedAt < record.savedAt) byLevel.set(level, record);
    found.set(day, byLevel);
  }
  return found;
}

/** Is the game on the board that day's game of the level? (Its first save may be under way.) @param {string} day @param {Level} level */
const onBoard = (day, level) => state.info?.daily === day && state.info.difficulty === level;

/** Is that day's game of the level solved? The game on the board counts as it is now. @param {string} day @param {Level} level */
function solved(day, level) {
  if (onBoard(day, level)) return state.progress.solved;
  const record = games.get(day)?.get(level);
  if (!record) return false;
  return record.id === currentGameId() ? state.progress.solved : record.play.solved;
}

/** Redraw the calendar and the level buttons from `games`. */
function draw() {
  const select = /** @type {HTMLSelectElement} */ (byId("daily-day"));
  const today = dayKey(new Date());
  const chosen = dayAsked ?? chosenDay();
  dayAsked = null;
  const options = calendarDays(today).map((day) => {
    const count = DAILY_LEVELS.filter((level) => solved(day, level)).length;
    const option = document.createElement("option");
    option.value = day === today ? "" : day;
    option.textContent = `${day === today ? "Today, " : ""}${dayLabel(day)}${count ? ` · ${count} of ${DAILY_LEVELS.length} solved` : ""}`;
    option.selected = day === chosen;
    return option;
  });
  select.replaceChildren(...options);
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (byId("daily-levels").querySelectorAll("button[data-daily-level]"))) {
    const level = /** @type {Level} */ (button.dataset.dailyLevel);
    const done = solved(chosen, level);
    const started = (games.get(chosen)?.has(level) ?? false) || onBoard(chosen, level);
    button.dataset.state = done ? "solved" : started ? "started" : "new";
    button.textContent = LEVEL_NAMES[level];
    button.removeAttribute("title");
    // "Daily Hard": the Games panel's New puzzle row has its own "Hard" button
    button.setAttribute("aria-label", `Daily ${LEVEL_NAMES[level]}`);
    if (done || started) {
      const mark = document.createElement("span");
      mark.className = "daily-mark";
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = done ? "✓" : "…";
      button.append(mark);
      button.setAttribute("aria-label", `Daily ${LEVEL_NAMES[level]}, ${done ? "solved" : "started"}`);
      button.title = done ? "Solved" : "Started"; // the mark's meaning, for the eye too
    }
  }
  const label = `Copy link to ${linkName(chosen, linkLevel())}`;
  const copy = byId("daily-copy");
  if (copy.textContent !== label) byId("daily-link-line").hidden = true; // the link shown was another's
  copy.textContent = label;
}

/** The level of the link to copy: the daily game's on the board, else the one last asked for. @returns {Level} */
const linkLevel = () => (state.info?.daily && state.info.difficulty) || lastLevel;

/** "today's Hard puzzle", "the Hard puzzle of Wed 25 Nov 2026". @param {string} day @param {Level} level */
function linkName(day, level) {
  return day === dayKey(new Date()) ? `today's ${LEVEL_NAMES[level]} puzzle` : `the ${LEVEL_NAMES[level]} puzzle of ${dayLabel(day)}`;
}

/**
 * Copy the link to the chosen day's puzzle of the level, and show it under the button (on a
 * phone the status line is out of sight there); where the clipboard is refused, select it to
 * copy by hand.
 */
async function copyLink() {
  const [day, level] = [chosenDay(), linkLevel()];
  const link = dailyAddress(location.href, day, level);
  const shown = /** @type {HTMLOutputElement} */ (byId("daily-link"));
  shown.value = link;
  byId("daily-link-line").hidden = false;
  try {
    await navigator.clipboard.writeText(link);
    byId("daily-link-note").textContent = "Copied:";
    say(`Copied the link to ${linkName(day, level)}: whoever opens it plays the same puzzle.`);
  } catch {
    byId("daily-link-note").textContent = "Press Ctrl+C (⌘C) to copy:";
    shown.tabIndex = -1;
    shown.focus();
    getSelection()?.selectAllChildren(shown);
    say(`The link to ${linkName(day, level)} is selected under the Daily puzzle: press Ctrl+C (⌘C) to copy it.`);
  }
}

/** Read the library's daily games again and redraw. */
async function refresh() {
  const library = openLibrary();
  const read = library ? await library.list() : null;
  if (read?.ok) games = dailyGames(read.games);
  draw();
}

/**
 * Play a day's puzzle of a level: its saved game when there is one, else the puzzle made from
 * the day's seed (a new saved game, marked with the day). True once a game is on the board.
 * @param {string} day @param {Level} level @returns {Promise<boolean>}
 */
export async function playDaily(day, level) {
  lastLevel = level;
  chooseDay(day);
  await refresh();
  const name = `the ${LEVEL_NAMES[level]} daily puzzle of ${dayLabel(day)}`;
  const record = games.get(day)?.get(level);
  if (record) {
    if (record.id !== currentGameId()) await returnTo(record.id, undefined, `Opened ${name}.`);
    say(`Back to ${name}.`);
    board.focusGrid();
    return true;
  }
  clearVerdict();
  try {
    // a puzzle that missed its level in the time allowed is said to be not the day's puzzle
    const r = await startEngine(
      "generate_graded", dailyArgs(day, level),
      `Making ${name}`,
      (p) => `Making ${name}… try ${p.tries ?? 1}`,
    );
    /** @type {PuzzleInfo} */
    const info = {
      puzzle: r.puzzle, seed: r.seed, symmetry: "none", difficulty: level, level: r.level, score: r.score,
      source: "generated", daily: day,
    };
    showGame({ givens: r.puzzle, entries: EMPTY_GRID, mode: "play", info }, { undo: `Started ${name}.` });
    knowSolution(r.puzzle, r.solution);
    say("");
    if (r.target_met) {
      const everyone = day === dayKey(new Date()) ? "the same for everyone today" : "everyone's puzzle of that day";
      showVerdict("generated", "new", `${name[0].toUpperCase()}${name.slice(1)} (score ${r.score}, ${r.givens} givens): ${everyone}.`);
    } else {
      showVerdict("target_missed", "new",
        `This device ran out of time making ${name}: this ${LEVEL_NAMES[r.level]} puzzle is not the day's puzzle.`);
    }
    board.focusGrid();
    void refresh();
    return true;
  } catch (error) {
    showFailure(error, "new");
    return false;
  }
}

/**
 * The daily puzzle the page's address asks for (`?daily=…`), played as its button plays it (the
 * saved game when there is one). A value that names no daily puzzle is said, and no other puzzle
 * is shown in its place. Once the game is on the board and saving is on, the parameter leaves the
 * address (as a share link's fragment does): a later reload shows the tab's game, which the
 * daily game stays until another is chosen.
 */
export async function openDailyLink() {
  const asked = dailyOfAddress(location.search, dayKey(new Date()));
  if (!asked) return;
  if (!asked.ok) {
    say(`This address asks for a daily puzzle the studio cannot give: ${asked.problem}.`, "error");
    return;
  }
  if ((await playDaily(asked.day, asked.level)) && state.saving) history.replaceState(history.state, "", withoutDaily(location.href));
}

/** Play today's puzzle of a level (the welcome's Daily button: the default level). @param {Level} [level] */
export function playToday(level = DEFAULT_DAILY_LEVEL) {
  return playDaily(dayKey(new Date()), level);
}

/** The calendar and the level buttons; their marks follow the library. */
export function wireDaily() {
  byId("daily-day").addEventListener("change", draw);
  byId("daily-copy").addEventListener("click", () => void copyLink());
  byId("daily-day").addEventListener("focus", () => void refresh()); // a new day may have begun
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (byId("daily-levels").querySelectorAll("button[data-daily-level]"))) {
    button.addEventListener("click", () => void playDaily(chosenDay(), /** @type {Level} */ (button.dataset.dailyLevel)));
  }
  gameEvents.addEventListener("shown", () => {
    // the calendar and the link's level follow the board's daily game too
    if (state.info?.daily) chooseDay(state.info.daily);
    void refresh();
  });
  let wasSolved = state.progress.solved;
  gameEvents.addEventListener("change", () => {
    if (state.progress.solved !== wasSolved && state.info?.daily) void refresh();
    wasSolved = state.progress.solved;
  });
  void refresh();
}
