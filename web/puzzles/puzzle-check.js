// @ts-check
// The engine's verdict on a grid of givens, asked once: the intake (a puzzle that comes in) and
// Create mode (the givens as they are typed, and Play) share the latest answers, so a puzzle
// that came in is not checked again when Create mode shows it, nor a typed one when Play is
// pressed. Also the grade of a unique puzzle typed in Create mode. A verdict that gave up is kept
// with its budget: asked again with a larger one, the engine may answer.

import { client } from "../engine/engine-runner.js";
import { state } from "../app/page-state.js";

/** @typedef {import("../engine/protocol.js").Verdict} Verdict */
/** @typedef {import("./intake.js").GradeNote} GradeNote */

/** How many grids' answers are kept (a setter's last edits, and the puzzles opened lately). */
const KEEP = 64;
/** @type {Map<string, {verdict: Verdict, seconds: number}>} */
const verdicts = new Map();
/** @type {Map<string, GradeNote>} */
const grades = new Map();

/**
 * @template V
 * @param {Map<string, V>} map @param {string} key @param {V} value
 */
function keep(map, key, value) {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEEP) map.delete(/** @type {string} */ (map.keys().next().value));
}

/**
 * The engine's verdict on these givens, if it answered; one that gave up only if its budget was
 * at least `seconds` (a check with a larger budget may still answer).
 * @param {string} givens @param {number} [seconds] @returns {Verdict | null}
 */
export function knownVerdict(givens, seconds = 0) {
  const known = verdicts.get(givens);
  if (!known) return null;
  return known.verdict.status !== "gave_up" || known.seconds >= seconds ? known.verdict : null;
}

/** Keep a verdict, asked with a budget of `seconds`. @param {string} givens @param {Verdict} verdict @param {number} seconds */
export function rememberVerdict(givens, verdict, seconds) {
  const known = verdicts.get(givens);
  if (verdict.status === "gave_up" && known && (known.verdict.status !== "gave_up" || known.seconds >= seconds)) return;
  keep(verdicts, givens, { verdict, seconds });
  verdictEvents.dispatchEvent(new Event("verdict"));
}

/**
 * The grade of these givens when known: the page's info about the puzzle on the board (the
 * background grading fills it in), else a grade Create mode asked for.
 * @param {string} givens @returns {GradeNote | null}
 */
export function knownGrade(givens) {
  const info = state.info;
  if (info && info.puzzle === givens && info.level && !info.claimed) return info.score === undefined ? { level: info.level } : { level: info.level, score: info.score };
  return grades.get(givens) ?? null;
}

/** Fires "verdict" when the engine has answered about some givens (Create mode shows it). */
export const verdictEvents = new EventTarget();

/** The engine as the findings need it. @returns {"ready" | "starting" | "failed"} */
export const engineState = () => client.status.state;

/**
 * Ask the engine's `check` (queued behind its start when it is still starting); the answer is kept.
 * @param {string} givens @param {number} seconds  its budget @param {AbortSignal} [signal]
 * @returns {Promise<Verdict>}
 */
export async function checkGivens(givens, seconds, signal) {
  const verdict = await client.request("check", { grid: givens, max_seconds: seconds }, { signal });
  rememberVerdict(givens, verdict, seconds);
  return verdict;
}

/**
 * Grade a unique puzzle (its level and score); the answer is kept.
 * @param {string} givens @param {AbortSignal} [signal] @returns {Promise<GradeNote>}
 */
export async function gradeGivens(givens, signal) {
  const grade = await client.request("grade", { grid: givens, path: false }, { signal });
  /** @type {GradeNote} */
  const note = { level: grade.level, score: grade.score };
  keep(grades, givens, note);
  return note;
}
