// @ts-check
// The daily puzzle: one puzzle a day per level, the same for every visitor, with no server. A
// day's puzzle is generate_graded(difficulty=level, seed=dailySeed(day, level)), made in the
// worker like any graded puzzle, so a past day plays offline too and nothing is shipped per day.
// The seed is the day's number since DAILY_EPOCH times the five levels plus the level's index,
// offset into a range no other seed of the page uses (New puzzle's seeds are small, the pool's
// are below it). The day is the player's local calendar date: everyone's "today" is theirs.
// Pure: no DOM (tests/js/daily.test.mjs pins the mapping; tests/test_daily.py the puzzles).

/** @typedef {import("./puzzle-info.js").Level} Level */

/** The levels in seed order (a level's index is part of its seed: never reorder). */
export const DAILY_LEVELS = /** @type {const} */ (["easy", "medium", "hard", "unfair", "extreme"]);
/** The first day with a daily puzzle (day 0). */
export const DAILY_EPOCH = "2026-01-01";
/** Where the daily seeds start. */
export const DAILY_SEED_BASE = 1_000_000_000;
/** How many past days the calendar offers (today included). */
export const CALENDAR_DAYS = 60;
/** The level of a daily puzzle asked for without one (an embed's `data-sudoku-daily=""`, the welcome's button). */
export const DEFAULT_DAILY_LEVEL = /** @type {Level} */ ("medium");
/** The longest daily puzzle name read ("2026-11-26:extreme" is 18 characters). */
export const MAX_DAILY_CHARS = 40;
/**
 * The search for a day's puzzle runs without a time limit in Python's tests; in a browser it has
 * a generous one (every pinned day takes well under a second), and a puzzle that missed its
 * level in that time is not the day's puzzle.
 */
export const DAILY_SECONDS = 120;

const DAY_MS = 86_400_000;

/** @param {number} n */
const two = (n) => String(n).padStart(2, "0");

/** The local calendar date of a moment, "YYYY-MM-DD". @param {Date} date */
export function dayKey(date) {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * The UTC midnight of a "YYYY-MM-DD" that is a real date, else null (days are counted in UTC so
 * that a daylight-saving change never makes a day 23 or 25 hours long).
 * @param {unknown} key
 */
function utcOf(key) {
  if (typeof key !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(key)) return null;
  const [y, m, d] = key.split("-").map(Number);
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : null;
}

/** A day with a daily puzzle: a real date, not before DAILY_EPOCH. @param {unknown} key @returns {key is string} */
export function isDailyDay(key) {
  const ms = utcOf(key);
  return ms !== null && ms >= /** @type {number} */ (utcOf(DAILY_EPOCH));
}

/** The day's number: 0 for DAILY_EPOCH. @param {string} key */
export function dayNumber(key) {
  const ms = utcOf(key);
  if (ms === null || !isDailyDay(key)) throw new RangeError(`not a day with a daily puzzle: ${key}`);
  return Math.round((ms - /** @type {number} */ (utcOf(DAILY_EPOCH))) / DAY_MS);
}

/** The seed of a day's puzzle of a level. @param {string} key @param {Level} level */
export function dailySeed(key, level) {
  const index = DAILY_LEVELS.indexOf(level);
  if (index < 0) throw new RangeError(`not a level: ${level}`);
  return DAILY_SEED_BASE + dayNumber(key) * DAILY_LEVELS.length + index;
}

/** The day `offset` days from a day (negative: earlier). @param {string} key @param {number} offset */
export function addDays(key, offset) {
  const ms = utcOf(key);
  if (ms === null) throw new RangeError(`not a date: ${key}`);
  const d = new Date(ms + offset * DAY_MS);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

/** Today and the days before it, newest first, at most `count`, none before DAILY_EPOCH. @param {string} today @param {number} [count] */
export function calendarDays(today, count = CALENDAR_DAYS) {
  const days = [];
  for (let i = 0; i < count; i++) {
    const key = addDays(today, -i);
    if (!isDailyDay(key)) break;
    days.push(key);
  }
  return days;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Thu 26 Nov 2026" for people, the same in every browser (the page's words are English). @param {string} key */
export function dayLabel(key) {
  const ms = utcOf(key);
  if (ms === null) return key;
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The engine's request for a day's puzzle of a level: the same everywhere it is made. @param {string} day @param {Level} level */
export function dailyArgs(day, level) {
  return { difficulty: level, seed: dailySeed(day, level), symmetry: /** @type {const} */ ("none"), max_seconds: DAILY_SECONDS };
}

/**
 * A daily puzzle named in text, as an embed names it (untrusted: every refusal says why):
 * "" for today's puzzle of the default level, a level ("hard": today's Hard), a day
 * ("2026-11-26": its Medium), or both ("2026-11-26:hard"; "today:hard" too). Case and spaces
 * around it do not matter. Today is the visitor's local day, given; the day after it is taken
 * (a link from a place already a day ahead names that day), a later one is refused (its puzzle
 * is not out yet anywhere), as is one before DAILY_EPOCH.
 * @param {unknown} text @param {string} today
 * @returns {{ok: true, day: string, level: Level} | {ok: false, problem: string}}
 */
export function readDaily(text, today) {
  const example = `write a level (${DAILY_LEVELS.join(", ")}), a day (YYYY-MM-DD) or both, as in “2026-11-26:hard”`;
  if (typeof text !== "string") return { ok: false, problem: `it is not a text: ${example}` };
  if (text.length > MAX_DAILY_CHARS) return { ok: false, problem: `it is ${text.length.toLocaleString("en")} characters long; at most ${MAX_DAILY_CHARS}: ${example}` };
  const value = text.trim().toLowerCase();
  const colon = value.indexOf(":");
  const named = (/** @type {string} */ part) => `“${part}”`;
  // one part alone is a day when it starts like one ("2026…", "today"), else a level
  const alone = /^(\d|today$)/.test(value);
  const dayPart = (colon >= 0 ? value.slice(0, colon) : alone ? value : "").trim();
  const levelPart = (colon >= 0 ? value.slice(colon + 1) : alone ? "" : value).trim();
  const level = levelPart === "" ? DEFAULT_DAILY_LEVEL : /** @type {Level} */ (levelPart);
  if (!DAILY_LEVELS.includes(/** @type {any} */ (level))) {
    return { ok: false, problem: `${named(levelPart)} is not a level; the levels are ${DAILY_LEVELS.join(", ")}` };
  }
  const day = dayPart === "" || dayPart === "today" ? today : dayPart;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { ok: false, problem: `${named(dayPart)} is not a day: write it as YYYY-MM-DD, as in 2026-11-26` };
  if (utcOf(day) === null) return { ok: false, problem: `${named(day)} is not a date on the calendar` };
  if (!isDailyDay(day)) return { ok: false, problem: `the daily puzzles begin on ${DAILY_EPOCH}; there is none for ${day}` };
  // a link names its sender's day: one day ahead of the visitor's is already today somewhere
  if (day > addDays(today, 1)) return { ok: false, problem: `the daily puzzle of ${day} is not out yet (today is ${today} here)` };
  return { ok: true, day, level };
}

/** The page address's query parameter that asks for a daily puzzle: `?daily=hard`. */
export const DAILY_PARAM = "daily";

/**
 * The daily puzzle a page's address asks for (`?daily=<level>`, `?daily=<YYYY-MM-DD>:<level>`,
 * `?daily` alone for today's default level): null when its query has no `daily`, else
 * readDaily's answer for its value, checked as an embed's `data-sudoku-daily` is.
 * @param {string} search  `location.search` @param {string} today
 */
export function dailyOfAddress(search, today) {
  const params = new URLSearchParams(search);
  const value = params.get(DAILY_PARAM);
  return value === null ? null : readDaily(value, today);
}

/**
 * The address of a day's puzzle of a level on this page: `page` (the page's own address) with
 * only `?daily=DAY:LEVEL` for its query and no fragment. The day is named: whoever opens it gets
 * that day's puzzle, whatever their date (one not yet out where they are is said, not replaced).
 * @param {string} page @param {string} day @param {Level} level
 */
export function dailyAddress(page, day, level) {
  const url = new URL(page);
  url.search = `?${DAILY_PARAM}=${day}:${level}`;
  url.hash = "";
  return url.href;
}

/**
 * The page's address with its `daily` parameter taken out (the rest of its query and its
 * fragment kept): once the daily game is on the board and saved, a reload shows the tab's game.
 * @param {string} page
 */
export function withoutDaily(page) {
  const url = new URL(page);
  // the other parameters as they were written ("?embed&transparent", not "?embed=&transparent=")
  const rest = url.search.slice(1).split("&").filter((part) => part && new URLSearchParams(part).keys().next().value !== DAILY_PARAM);
  url.search = rest.length ? `?${rest.join("&")}` : "";
  return url.href;
}
