// @ts-check
// Work the engine does while the person does not need it: solve the puzzle on the board when the
// mistake mode marks digits against the solution, grade a puzzle generated without a difficulty
// (so its level appears), then make the pool's owed puzzles, one at a time. It runs
// only after the engine has been idle for a second and while the page is visible; anything the
// person asks for stops it first (engine-runner's "start"), so it never delays a request.

import { client } from "../engine/engine-runner.js";
import { GRADED_SECONDS } from "../engine/engine-budgets.js";
import { infoChanged, markMistakes, showInfo, solutionWanted } from "../game/game-view.js";
import { state } from "../app/page-state.js";
import { PuzzlePool } from "./puzzle-pool.js";
import { CancelledError } from "../engine/solver-client.js";

/** The engine works for the pool only after it has been idle this long (and stops when asked). */
const BACKGROUND_DELAY_MS = 1000;

/** The puzzles behind an instant "New puzzle" of a difficulty (shipped and made here). */
export const pool = new PuzzlePool(new URL("./puzzle-pool.json", import.meta.url));

/** Dispatches "change" when the pool's puzzles or the background's job changed (the dialog's status line). */
export const poolChanges = new EventTarget();

/**
 * @type {{controller: AbortController | null, timer: ReturnType<typeof setTimeout> | undefined,
 *   job: "solve" | "grade" | "refill" | "", failed: Set<string>}}
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

async function runBackground() {
  if (state.busy || background.controller || !client.ready) return; // runEngine or "ready" call again
  if (document.visibilityState === "hidden") return; // visibilitychange calls again
  const info = state.info;
  const wanted = pool.wanted();
  const unsolved = solutionWanted();
  const solve = unsolved && !background.failed.has(`solve:${unsolved}`) ? unsolved : null;
  const grade = info && !info.level && !background.failed.has(info.puzzle) ? info : null;
  if (!solve && !grade && !wanted) return;
  const controller = new AbortController();
  background.controller = controller;
  background.job = solve ? "solve" : grade ? "grade" : "refill";
  try {
    if (solve) {
      const v = await client.request("solve", { grid: solve, max_seconds: GRADED_SECONDS }, { signal: controller.signal });
      if (v.status === "unique" && v.solution) state.solution = { puzzle: solve, solution: v.solution };
      else background.failed.add(`solve:${solve}`);
      markMistakes();
    } else if (grade) {
      state.grading = grade.puzzle;
      showInfo();
      const r = await client.request("grade", { grid: grade.puzzle, path: false }, { signal: controller.signal });
      if (state.info?.puzzle === grade.puzzle) {
        state.info = { ...state.info, level: r.level, score: r.score };
      }
    } else if (wanted) {
      poolChanges.dispatchEvent(new Event("change"));
      const r = await client.request(
        "generate_graded", { difficulty: wanted.level, symmetry: wanted.symmetry, max_seconds: GRADED_SECONDS },
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
      else if (grade) background.failed.add(grade.puzzle); // e.g. not unique: no level to show
      else if (wanted) pool.forgive(wanted.level, wanted.symmetry);
    }
  } finally {
    background.controller = null;
    background.job = "";
    state.grading = "";
    infoChanged();
    poolChanges.dispatchEvent(new Event("change"));
    if (!controller.signal.aborted) scheduleBackground(0);
  }
}
