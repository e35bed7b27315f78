// @ts-check
// Work the engine does while the person does not need it: solve the puzzle on the board when the
// mistake mode marks digits against the solution, grade the puzzle being played when its level is
// not known (one generated without a difficulty, pasted, opened, typed or from a bare link: its
// level appears above the board, in Recent games and in the Solved moment) or when its level,
// score and seed are only a link's claim (graded, and the seed made again, here), then make
// again from its seed each fresh pool puzzle read from storage (a claim too, until then), then
// make the pool's owed puzzles, one at a time, each from a random seed. It runs
// only after the engine has been idle for a second and while the page is visible; anything the
// person asks for stops it first (engine-runner's "start"), so it never delays a request.

import { client } from "../engine/engine-runner.js";
import { GRADED_SECONDS } from "../engine/engine-budgets.js";
import { infoChanged, markMistakes, showInfo, solutionWanted } from "../game/game-view.js";
import { levelFound } from "../game/completion-view.js";
import { filledCount } from "../board/grid.js";
import { board, knowSolution, setGrading, setInfo, state } from "../app/page-state.js";
import { PuzzlePool } from "./puzzle-pool.js";
import { CancelledError } from "../engine/solver-client.js";

/** @typedef {import("./puzzle-info.js").PuzzleInfo} PuzzleInfo */

/** The engine works for the pool only after it has been idle this long (and stops when asked). */
const BACKGROUND_DELAY_MS = 1000;

/** The puzzles behind an instant "New puzzle" of a difficulty (shipped and made here). */
export const pool = new PuzzlePool(new URL("./puzzle-pool.json", import.meta.url));

/** Dispatches "change" when the pool's puzzles or the background's job changed (the dialog's status line). */
export const poolChanges = new EventTarget();

/**
 * @type {{controller: AbortController | null, timer: ReturnType<typeof setTimeout> | undefined,
 *   job: "solve" | "grade" | "check" | "refill" | "", failed: Set<string>}}
 *   failed: puzzles that could not be solved or graded (e.g. not unique), not tried again
 */
const background = { controller: null, timer: undefined, job: "", failed: new Set() };

/** True while the background makes a puzzle for the pool (not while it grades). */
export const isFilling = () => background.job === "refill";

/** Run the background work after `delay` ms (unless the person asks for something first). */
export function scheduleBackground(delay = BACKGROUND_DELAY_MS) {
  clearTimeout(background.timer);
  background.timer = setTimeout(() => void runBackground(), delay);
}

/** The person's request goes first: background work stops between two slices. */
export function stopBackground() {
  clearTimeout(background.timer);
  background.controller?.abort();
}

/**
 * The puzzle on the board to grade, or null: its info has no level or only a claimed one, or it
 * has no info and is being played (in Create mode the givens are still changing); not one that
 * failed before.
 */
function gradeWanted() {
  const info = state.info;
  const puzzle = info ? (info.level && !info.claimed ? null : info.puzzle)
    : board.mode === "play" && filledCount(board.givens) >= 17 ? board.givens : null;
  return puzzle && !background.failed.has(puzzle) ? puzzle : null;
}

/**
 * The Solved moment wants the level of `puzzle` (the board's): it comes from the background's
 * grading, started now if the engine is idle; levelFound says at once when it cannot come.
 * @param {string} puzzle
 */
export function levelWanted(puzzle) {
  if (background.failed.has(puzzle) || client.status.state === "failed") levelFound(puzzle, null);
  else scheduleBackground(0);
}

/**
 * The claimed seed (with its options) makes this puzzle on this device; true when there is no
 * seed to check.
 * @param {PuzzleInfo} info @param {AbortSignal} signal
 */
async function seedMakes(info, signal) {
  if (info.seed === undefined) return true;
  const symmetry = info.symmetry ?? "none";
  try {
    const made = info.difficulty
      ? await client.request("generate_graded", { difficulty: info.difficulty, seed: info.seed, symmetry, max_seconds: GRADED_SECONDS }, { signal })
      : await client.request("generate", {
        seed: info.seed, symmetry, minimal: info.minimal ?? false, max_seconds: GRADED_SECONDS,
        ...(info.clues !== undefined ? { max_givens: info.clues } : {}),
      }, { signal });
    return made.puzzle === info.puzzle;
  } catch (error) {
    if (error instanceof CancelledError) throw error; // verified on a later run
    return false;
  }
}

/** The info with no seed nor the options that went with it. @param {PuzzleInfo} info @returns {PuzzleInfo} */
function withoutSeed(info) {
  const { seed: _seed, symmetry: _symmetry, difficulty: _difficulty, clues: _clues, minimal: _minimal, ...rest } = info;
  return rest;
}

async function runBackground() {
  if (state.busy || background.controller || !client.ready) return; // runEngine or "ready" call again
  if (document.visibilityState === "hidden") return; // visibilitychange calls again
  const wanted = pool.wanted();
  const unsolved = solutionWanted();
  const solve = unsolved && !background.failed.has(`solve:${unsolved}`) ? unsolved : null;
  const grade = gradeWanted();
  const unchecked = pool.uncheckedFresh();
  if (!solve && !grade && !unchecked && !wanted) return;
  const controller = new AbortController();
  background.controller = controller;
  background.job = solve ? "solve" : grade ? "grade" : unchecked ? "check" : "refill";
  try {
    if (solve) {
      const v = await client.request("solve", { grid: solve, max_seconds: GRADED_SECONDS }, { signal: controller.signal });
      if (v.status === "unique" && v.solution) knowSolution(solve, v.solution);
      else background.failed.add(`solve:${solve}`);
      markMistakes();
    } else if (grade) {
      setGrading(grade);
      showInfo();
      const r = await client.request("grade", { grid: grade, path: false }, { signal: controller.signal });
      const claimed = state.info?.puzzle === grade && state.info.claimed ? state.info : null;
      const seedMade = claimed ? await seedMakes(claimed, controller.signal) : true;
      if (state.info?.puzzle === grade) {
        const { claimed: _claim, ...info } = { ...state.info, level: r.level, score: r.score };
        setInfo(seedMade ? info : withoutSeed(info));
      } else if (!state.info && board.givens === grade) {
        setInfo({ puzzle: grade, level: r.level, score: r.score, source: "graded" });
      }
      levelFound(grade, r.level);
    } else if (unchecked) {
      /** @type {{puzzle: string, level: import("./puzzle-info.js").Level, score: number} | null} */
      let made = null;
      try {
        made = await client.request(
          "generate_graded",
          { difficulty: unchecked.level, symmetry: unchecked.symmetry, seed: unchecked.seed, max_seconds: GRADED_SECONDS },
          { signal: controller.signal },
        );
      } catch (error) {
        if (error instanceof CancelledError) throw error; // checked on a later run
      }
      pool.checkedFresh(unchecked, made);
    } else if (wanted) {
      poolChanges.dispatchEvent(new Event("change"));
      const r = await client.request(
        "generate_graded",
        { difficulty: wanted.level, symmetry: wanted.symmetry, seed: pool.newSeed(), max_seconds: GRADED_SECONDS },
        { signal: controller.signal },
      );
      if (r.target_met && r.level === wanted.level) {
        pool.addFresh({ seed: r.seed, level: r.level, score: r.score, givens: r.givens, symmetry: wanted.symmetry, puzzle: r.puzzle });
      } else {
        pool.forgive(wanted.level, wanted.symmetry);
      }
    }
  } catch (error) {
    if (!(error instanceof CancelledError)) {
      if (solve) background.failed.add(`solve:${solve}`);
      else if (grade) {
        background.failed.add(grade); // e.g. not unique: no level to show
        // what a link claimed about it could not be verified: it is not shown as if it were
        if (state.info?.puzzle === grade && state.info.claimed) setInfo(null);
        levelFound(grade, null);
      } else if (wanted) pool.forgive(wanted.level, wanted.symmetry);
    }
  } finally {
    background.controller = null;
    background.job = "";
    setGrading("");
    infoChanged();
    poolChanges.dispatchEvent(new Event("change"));
    if (!controller.signal.aborted) scheduleBackground(0);
  }
}
