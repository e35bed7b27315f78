// @ts-check
// A saved game as Recent games shows it, in two short lines: what it is (its level, or its
// number of givens) and how far it got (solved, cells filled, being created), then the time
// played and when it was last played. Also the time texts the page shares ("4:07", "today
// 14:05"). Plain functions of a checked record and the time now, no DOM: tests/js runs them.

import { combine, filledCount } from "../board/grid.js";
import { LEVEL_NAMES } from "../puzzles/puzzle-info.js";

/** @typedef {import("./game-record.js").GameRecord} GameRecord */
/** @typedef {"solved" | "playing" | "creating" | "empty"} GameState */
/**
 * `title`: "Hard, 24 givens"; `progress`: "Solved", "12 of 57 filled"; `played`: the time
 * played ("" before the clock ever ran); `when`: when it was last saved.
 * @typedef {{title: string, state: GameState, progress: string, played: string, when: string}} GameSummary
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "4:07", "1:02:09". @param {number} ms */
export function formatTime(ms) {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Midnight before `date` (local time). @param {Date} date */
const dayOf = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * When something happened, as briefly as a person says it: "just now", "5 min ago", "today
 * 14:05", "yesterday 09:30", "3 Mar", "3 Mar 2025" (in the reader's locale); "" for a date that
 * cannot be read.
 * @param {string} iso  an ISO date (a record's savedAt) @param {Date} now @param {string} [locale]
 */
export function formatWhen(iso, now, locale) {
  const then = new Date(iso);
  const at = then.getTime();
  if (Number.isNaN(at)) return "";
  const ago = now.getTime() - at;
  if (ago >= -MINUTE && ago < MINUTE) return "just now";
  if (ago > 0 && ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  const time = then.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
  const days = Math.round((dayOf(now) - dayOf(then)) / (24 * HOUR));
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  const sameYear = then.getFullYear() === now.getFullYear();
  return then.toLocaleDateString(locale, sameYear ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" });
}

/**
 * What Recent games says about a game.
 * @param {GameRecord} record @param {Date} now @param {string} [locale]
 * @returns {GameSummary}
 */
export function summarizeGame(record, now, locale) {
  const givens = filledCount(record.givens);
  const level = record.info?.claimed ? undefined : record.info?.level; // a link's claim is not said as fact
  const title = givens === 0 ? "Empty grid"
    : `${level ? LEVEL_NAMES[level] : "Puzzle"}, ${givens} given${givens === 1 ? "" : "s"}`;
  const open = 81 - givens;
  const filled = filledCount(combine(record.givens, record.entries)) - givens;
  // a game with digits or time played is in progress even while its givens are being edited
  const begun = filled > 0 || record.play.ms >= 1000;
  /** @type {GameState} */
  const state = record.play.solved ? "solved"
    : givens === 0 && filled === 0 ? "empty"
    : record.mode === "enter" && !begun ? "creating" : "playing";
  const progress = state === "solved" ? "Solved"
    : state === "creating" ? "Being created"
    : state === "empty" ? "Nothing entered"
    : filled === open ? "All filled" : `${filled} of ${open} filled`;
  return {
    title, state, progress,
    played: record.play.ms >= 1000 ? formatTime(record.play.ms) : "",
    when: formatWhen(record.savedAt, now, locale),
  };
}
