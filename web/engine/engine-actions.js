// @ts-check
// The engine buttons: Solve, Check (the verdict, or the player's mistakes while playing), Reveal
// cell and Count solutions. Each runs one request through runEngine and says what it found in the
// verdict line; one that gave up offers "Keep trying" with four times the budget.

import { setEntries } from "../board/cell-layers.js";
import { byId } from "../app/dom.js";
import { COUNT_SECONDS, SOLVE_SECONDS } from "./engine-budgets.js";
import { runEngine } from "./engine-runner.js";
import { EMPTY, EMPTY_GRID, cellName, filledCount } from "../board/grid.js";
import { board, countHelp, knowSolution, state } from "../app/page-state.js";
import { makeMove, undoToLastCorrect } from "../game/play-history.js";
import { settings } from "../app/settings.js";
import { say } from "../app/status.js";
import { showFailure, showVerdict, verdictCells } from "./verdict-view.js";
import { checkWords } from "./verdict-words.js";

/** How the page's own moves tidy marks: as the player's typed digits do. */
export const editOptions = () => ({ clearPeerMarks: settings.clearPeerMarks, keepCandidates: settings.autoCandidates });

/** @param {number} seconds */
async function solve(seconds = SOLVE_SECONDS) {
  const puzzle = board.givens;
  try {
    const v = await runEngine("solve", { grid: puzzle, max_seconds: seconds }, "Solving");
    if (v.status === "unique" && v.solution) {
      knowSolution(puzzle, v.solution);
      if (board.givens === puzzle) {
        let entries = "";
        for (let c = 0; c < 81; c++) entries += puzzle[c] === EMPTY ? v.solution[c] : EMPTY;
        if (makeMove("solve", setEntries(board.layers, entries, editOptions()))) {
          say("Solved: the solution fills the board. Undo takes it back.");
        }
      }
      showVerdict("unique", "solve", `Solved. ${v.message}`);
    } else {
      const again = v.status === "gave_up" ? () => void solve(seconds * 4) : null;
      showVerdict(v.status, "solve", v.message, verdictCells(v), { again });
    }
  } catch (error) {
    showFailure(error, "solve");
  }
}

/** The puzzle's verdict; while playing, the player's digits against the solution. @param {number} seconds */
async function check(seconds = SOLVE_SECONDS) {
  const puzzle = board.givens;
  const entries = board.entries;
  const playing = board.mode === "play" && entries !== EMPTY_GRID;
  const again = () => void check(seconds * 4);
  try {
    if (!playing) {
      const v = await runEngine("check", { grid: puzzle, max_seconds: seconds }, "Checking");
      if (v.status === "unique" && v.solution) knowSolution(puzzle, v.solution);
      const words = checkWords(v, { playing: false });
      const cells = v.givens ? verdictCells(v) : []; // an empty grid: no cell is special
      showVerdict(v.status, "check", words, cells, { again: v.status === "gave_up" ? again : null });
      return;
    }
    const r = await runEngine("find_mistakes", { grid: puzzle, entries, max_seconds: seconds }, "Checking");
    const v = r.verdict;
    if (v.status === "unique" && v.solution) knowSolution(puzzle, v.solution);
    if (v.status !== "unique" || r.mistakes === null) {
      const words = checkWords(v, { playing: true });
      showVerdict(v.status, "check", words, verdictCells(v), { again: v.status === "gave_up" ? again : null });
    } else if (r.mistakes.length) {
      const n = r.mistakes.length;
      showVerdict(
        "mistakes", "check",
        `${n} of your digits ${n === 1 ? "does" : "do"} not match the solution: ${r.mistakes.map(cellName).join(", ")}.`,
        r.mistakes,
      );
    } else {
      const count = filledCount(entries);
      showVerdict("consistent", "check", `So far so good: all ${count} of your digits fit the unique solution.`);
    }
  } catch (error) {
    showFailure(error, "check");
  }
}

/**
 * The unique solution of the puzzle on the board: known, or asked of the engine (the verdict
 * line says why there is none). @param {string} action @returns {Promise<string | null>}
 */
async function knownSolution(action) {
  const puzzle = board.givens;
  if (state.solution?.puzzle === puzzle) return state.solution.solution;
  try {
    const v = await runEngine("solve", { grid: puzzle, max_seconds: SOLVE_SECONDS }, "Solving");
    if (v.status !== "unique" || !v.solution) {
      showVerdict(v.status, action, v.message, verdictCells(v));
      return null;
    }
    knowSolution(puzzle, v.solution);
    return board.givens === puzzle ? v.solution : null;
  } catch (error) {
    showFailure(error, action);
    return null;
  }
}

/** The solution's digit in the selected cell (solving first, unless the solution is known). */
async function reveal() {
  const cell = board.selected;
  if (cell < 0) {
    say("Select a cell to reveal first.", "info", { untilSelect: true });
    return;
  }
  if (board.givens[cell] !== EMPTY) {
    say(`${cellName(cell)} is a given.`);
    return;
  }
  const solution = await knownSolution("reveal");
  if (!solution) return;
  const entries = board.entries;
  const changes = setEntries(board.layers, entries.slice(0, cell) + solution[cell] + entries.slice(cell + 1), editOptions());
  if (!changes.length) return; // already that digit: no help used
  countHelp("reveals"); // before the move: a reveal that completes the grid is counted
  if (!makeMove("reveal", changes)) countHelp("reveals", -1); // paused
  say(`Revealed ${cellName(cell)}: ${solution[cell]}.`);
}

/** Back to the newest state of this game whose digits all agree with the solution. */
async function lastCorrect() {
  const solution = await knownSolution("last-correct");
  if (solution) say(undoToLastCorrect(solution));
}

/** @param {number} seconds */
async function countSolutions(seconds = COUNT_SECONDS) {
  const countLimit = /** @type {HTMLInputElement} */ (byId("count-limit"));
  const limit = Math.round(Number(countLimit.value));
  if (!Number.isInteger(limit) || limit < 1 || limit > 1_000_000) {
    showVerdict("error", "count", "The limit must be a whole number from 1 to 1,000,000.");
    return;
  }
  const fmt = new Intl.NumberFormat("en");
  try {
    const r = await runEngine(
      "count_solutions", { grid: board.givens, limit, max_seconds: seconds }, "Counting solutions",
      (p) => `Counting… ${fmt.format(Number(p.count ?? 0))} solutions so far (${fmt.format(Number(p.nodes ?? 0))} steps)`,
    );
    let text;
    let again = null;
    if (r.invalid) text = "No solutions: the givens break the rules (see the conflicts).";
    else if (r.gave_up) {
      again = () => void countSolutions(seconds * 4);
      text = `Gave up after ${Math.round(r.stats.seconds)} s with ${fmt.format(r.count)} solutions found so far.`;
    } else if (r.complete) text = `Exactly ${fmt.format(r.count)} solution${r.count === 1 ? "" : "s"}.`;
    else text = `At least ${fmt.format(r.count)} solutions (counting stopped at the limit).`;
    showVerdict(r.gave_up ? "gave_up" : "counted", "count", text, [], { again, count: r.count });
  } catch (error) {
    showFailure(error, "count");
  }
}

/**
 * Solve is a spoiler: it asks first (#solve-dialog), and the answer can still be undone.
 * @param {HTMLDialogElement} dialog
 */
function askBeforeSolving(dialog) {
  dialog.returnValue = "";
  dialog.showModal();
}

/** The engine buttons. */
export function wireEngineActions() {
  const solveDialog = /** @type {HTMLDialogElement} */ (byId("solve-dialog"));
  byId("solve").addEventListener("click", () => askBeforeSolving(solveDialog));
  solveDialog.addEventListener("close", () => {
    if (solveDialog.returnValue === "solve") void solve();
  });
  byId("check").addEventListener("click", () => void check());
  byId("reveal").addEventListener("click", () => void reveal());
  byId("last-correct").addEventListener("click", () => void lastCorrect());
  byId("count").addEventListener("click", () => void countSolutions());
}
