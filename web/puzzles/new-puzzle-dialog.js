// @ts-check
// "New puzzle…": the dialog (difficulty, symmetry, maximum clues, minimal, seed; the options, not
// the seed, are remembered), and making the puzzle: from the pool at once when a difficulty is
// chosen without a seed, else by the engine (generate or generate_graded) with progress and Cancel.

import { byId } from "../app/dom.js";
import { GENERATE_SECONDS, GRADED_SECONDS } from "../engine/engine-budgets.js";
import { cancelButton, client, startEngine } from "../engine/engine-runner.js";
import { showGame } from "../game/game-view.js";
import { say } from "../app/status.js";
import { EMPTY_GRID } from "../board/grid.js";
import { board, forgetSolution, knowSolution, state } from "../app/page-state.js";
import { isFilling, pool, poolChanges, scheduleBackground } from "./pool-refill.js";
import { LEVEL_NAMES, MAX_CLUES, MIN_CLUES, SYMMETRY_NAMES, isLevel, isSymmetry, parseSeed } from "./puzzle-info.js";
import { loadRecord, saveRecord } from "../app/storage.js";
import { clearVerdict, showFailure, showVerdict } from "../engine/verdict-view.js";

/** @typedef {import("./puzzle-info.js").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./puzzle-info.js").Level} Level */
/** @typedef {import("./puzzle-info.js").Symmetry} Symmetry */
/**
 * The New-puzzle options a person chose (kept under `sudoku-studio.new-puzzle`, without the seed).
 * @typedef {{difficulty: Level | "any", symmetry: Symmetry, clues: number | null, minimal: boolean}} NewOptions
 */

const OPTIONS_KEY = "sudoku-studio.new-puzzle";

const newButton = /** @type {HTMLButtonElement} */ (byId("new-puzzle"));
const newDialog = /** @type {HTMLDialogElement} */ (byId("new-dialog"));
const newForm = /** @type {HTMLFormElement} */ (byId("new-form"));
const newDifficulty = /** @type {HTMLSelectElement} */ (byId("new-difficulty"));
const newSymmetry = /** @type {HTMLSelectElement} */ (byId("new-symmetry"));
const newShape = /** @type {HTMLFieldSetElement} */ (byId("new-shape"));
const newShapeReason = byId("new-shape-reason");
const newClues = /** @type {HTMLInputElement} */ (byId("new-clues"));
const newMinimal = /** @type {HTMLInputElement} */ (byId("new-minimal"));
const newSeed = /** @type {HTMLInputElement} */ (byId("new-seed"));
const newSame = /** @type {HTMLButtonElement} */ (byId("new-same"));
const newError = byId("new-error");
const poolStatus = byId("pool-status");

// --- the options ------------------------------------------------------------------------------

/** The options chosen last time (checked: storage may hold anything). @returns {NewOptions} */
function loadOptions() {
  const loaded = loadRecord(OPTIONS_KEY);
  const data = loaded.ok && loaded.data && typeof loaded.data === "object" ? /** @type {Record<string, unknown>} */ (loaded.data) : {};
  const clues = Number(data.clues);
  return {
    difficulty: isLevel(data.difficulty) ? data.difficulty : "any",
    symmetry: isSymmetry(data.symmetry) ? data.symmetry : "none",
    clues: Number.isInteger(clues) && clues >= MIN_CLUES && clues <= MAX_CLUES ? clues : null,
    minimal: data.minimal === true,
  };
}

/** @param {NewOptions} options */
function saveOptions(options) {
  if (state.saving) saveRecord(OPTIONS_KEY, { v: 1, ...options });
}

// --- the form ---------------------------------------------------------------------------------

/** @param {NewOptions} options @param {string} seed */
function fillNewForm(options, seed) {
  newDifficulty.value = options.difficulty;
  newSymmetry.value = options.symmetry;
  newClues.value = options.clues === null ? "" : String(options.clues);
  newMinimal.checked = options.minimal;
  newSeed.value = seed;
  updateNewForm();
}

/** Max clues and minimal apply to ungraded generation only: disabled, with the reason, otherwise. */
function updateNewForm() {
  const graded = newDifficulty.value !== "any";
  newShape.disabled = graded;
  newShapeReason.textContent = graded
    ? "A difficulty picks puzzles by grading them: maximum clues and minimal do not apply."
    : "Fewer than about 22 clues may not be reached in time; then you get the fewest found.";
  showPoolStatus();
}

/** How many puzzles of the chosen difficulty are ready at once (and whether more are being made). */
function showPoolStatus() {
  const level = newDifficulty.value;
  const symmetry = isSymmetry(newSymmetry.value) ? newSymmetry.value : "none";
  poolStatus.dataset.state = isFilling() ? "filling" : "idle";
  if (!isLevel(level)) {
    poolStatus.textContent = "Generated now, then graded; a few seconds at most for most options.";
    delete poolStatus.dataset.available;
    return;
  }
  const n = pool.available(level, symmetry);
  poolStatus.dataset.available = String(n);
  const name = LEVEL_NAMES[level];
  const dropped = pool.dropped
    ? ` ${pool.dropped} stored puzzle${pool.dropped === 1 ? " was" : "s were"} damaged and set aside.`
    : "";
  poolStatus.textContent = (n > 0
    ? `${n} ${name} puzzle${n === 1 ? "" : "s"} with ${SYMMETRY_NAMES[symmetry]} ready at once (without a seed).`
    : `No ${name} puzzle with ${SYMMETRY_NAMES[symmetry]} is ready: one is generated now (a few seconds).`) + dropped;
}

/** The form's options and seed, or a message saying what is wrong. @returns {{options: NewOptions, seed: number | null} | {error: string}} */
function readNewForm() {
  const difficulty = newDifficulty.value;
  const symmetry = newSymmetry.value;
  if (!(difficulty === "any" || isLevel(difficulty)) || !isSymmetry(symmetry)) return { error: "Choose a difficulty and a symmetry." };
  const cluesText = newClues.value.trim();
  const clues = cluesText === "" ? null : Number(cluesText);
  if (clues !== null && !(Number.isInteger(clues) && clues >= MIN_CLUES && clues <= MAX_CLUES)) {
    return { error: `Maximum clues is a whole number from ${MIN_CLUES} to ${MAX_CLUES}, or empty for no limit.` };
  }
  const seedText = newSeed.value.trim();
  const seed = seedText === "" ? null : parseSeed(seedText);
  if (seedText !== "" && seed === null) return { error: "The seed is a whole number (digits only, e.g. 12345), or empty for a random one." };
  return { options: { difficulty, symmetry, clues, minimal: newMinimal.checked }, seed };
}

// --- making the puzzle ------------------------------------------------------------------------

/** @param {number} started */
const elapsed = (started) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/**
 * Show a puzzle made here (or taken from the pool) in play mode, with what is known about it.
 * @param {string} puzzle @param {string | null} solution @param {PuzzleInfo} info
 * @param {"generated" | "target_missed"} status @param {string} text
 */
function loadNewPuzzle(puzzle, solution, info, status, text) {
  showGame({ givens: puzzle, entries: EMPTY_GRID, mode: "play", info }, { undo: "Started a new puzzle." });
  if (solution) knowSolution(puzzle, solution);
  else forgetSolution();
  say("");
  showVerdict(status, "new", text);
  const focus = document.activeElement;
  if (!focus || focus === document.body || focus === cancelButton || focus === newButton || focus.closest("[data-level]")) board.focusGrid();
}

/** @param {NewOptions} options @param {number | null} seed */
async function newPuzzle(options, seed) {
  const { difficulty, symmetry } = options;
  clearVerdict();
  if (difficulty !== "any" && seed === null) {
    await pool.loaded;
    const entry = pool.take(difficulty, symmetry);
    if (entry) {
      /** @type {PuzzleInfo} */
      const info = { puzzle: entry.puzzle, seed: entry.seed, symmetry, difficulty, level: entry.level, score: entry.score, source: "pool" };
      const name = LEVEL_NAMES[entry.level];
      loadNewPuzzle(entry.puzzle, null, info, "generated",
        `A new ${name} puzzle (score ${entry.score}, ${entry.givens} clues), ready at once. Seed ${entry.seed}.`);
      showPoolStatus();
      scheduleBackground();
      return;
    }
  }
  if (client.status.state === "failed") {
    showVerdict("error", "new", "The engine is not available, so no puzzle can be generated now: press Retry. "
      + "Puzzles of a difficulty come from the ready pool while it lasts.");
    return;
  }
  const started = performance.now();
  try {
    if (difficulty !== "any") {
      const name = LEVEL_NAMES[difficulty];
      const r = await startEngine(
        "generate_graded", { difficulty, symmetry, max_seconds: GRADED_SECONDS, ...(seed === null ? {} : { seed }) },
        `Looking for a ${name} puzzle`,
        (p) => `Looking for a ${name} puzzle… try ${p.tries ?? 1}`
          + `${isLevel(p.last) ? `, the last one was ${LEVEL_NAMES[p.last]}` : ""}${p.givens ? `, ${p.givens} clues` : ""}, ${elapsed(started)}`,
      );
      if (seed === null) pool.owe(difficulty, symmetry); // so that the next one is ready at once
      /** @type {PuzzleInfo} */
      const info = { puzzle: r.puzzle, seed: r.seed, symmetry, difficulty, level: r.level, score: r.score, source: "generated" };
      const seconds = `${r.seconds.toFixed(1)} s`;
      if (r.target_met) {
        loadNewPuzzle(r.puzzle, r.solution, info, "generated",
          `A new ${name} puzzle (score ${r.score}, ${r.givens} clues), found in ${seconds} (${r.tries} ${r.tries === 1 ? "try" : "tries"}). Seed ${r.seed}.`);
      } else {
        loadNewPuzzle(r.puzzle, r.solution, info, "target_missed",
          `No ${name} puzzle turned up in ${seconds}; this one is ${LEVEL_NAMES[r.level]} (score ${r.score}), the closest found. Seed ${r.seed}.`);
      }
      return;
    }
    const r = await startEngine(
      "generate",
      {
        symmetry, minimal: options.minimal, max_seconds: GENERATE_SECONDS,
        ...(options.clues === null ? {} : { max_givens: options.clues }), ...(seed === null ? {} : { seed }),
      },
      "Generating a puzzle",
      (p) => `Generating… try ${p.tries ?? 1}`
        + `${p.givens ? `, ${p.givens} clues` : ""}${p.best ? ` (fewest so far ${p.best})` : ""}, ${elapsed(started)}`,
    );
    /** @type {PuzzleInfo} */
    const info = { puzzle: r.puzzle, seed: r.seed, symmetry, source: "generated" };
    if (options.clues !== null) info.clues = options.clues;
    if (options.minimal) info.minimal = true;
    const seconds = `${r.seconds.toFixed(1)} s`;
    let text = `A new puzzle with ${r.givens} clues (${SYMMETRY_NAMES[symmetry]}${r.minimal ? ", minimal" : ""}), `
      + `made in ${seconds} (${r.tries} ${r.tries === 1 ? "try" : "tries"}). Seed ${r.seed}.`;
    if (!r.target_met) {
      text = options.minimal && r.minimal !== true
        ? `No minimal puzzle with ${SYMMETRY_NAMES[symmetry]} turned up in ${seconds}; this one has ${r.givens} clues and is not minimal. Seed ${r.seed}.`
        : `No puzzle with at most ${options.clues} clues turned up in ${seconds}; this one has ${r.givens}, the fewest found. Seed ${r.seed}.`;
    }
    loadNewPuzzle(r.puzzle, r.solution, info, r.target_met ? "generated" : "target_missed", text);
  } catch (error) {
    showFailure(error, "new");
    const focus = document.activeElement;
    if (!focus || focus === document.body || focus === cancelButton) newButton.focus();
  }
}

/**
 * A puzzle of this level now (the welcome's and the Games panel's level buttons): from the pool
 * at once while it has one, else generated, with the symmetry chosen last in the dialog.
 * @param {Level} level
 */
export function playLevel(level) {
  void newPuzzle({ difficulty: level, symmetry: loadOptions().symmetry, clues: null, minimal: false }, null);
}

/** Open the New puzzle… dialog with the options used last (app.js answers the button: this
 * module loads after the board is ready, or on that first click). */
export function openNewPuzzleDialog() {
  if (newDialog.open) return;
  newError.textContent = "";
  fillNewForm(loadOptions(), "");
  newSame.hidden = state.info?.seed === undefined; // a puzzle graded here has no seed to make it again
  newDialog.showModal();
  newDifficulty.focus();
}

/** The dialog's controls, and the pool status line kept current. Once, when the module loads. */
export function wireNewPuzzleDialog() {
  newDifficulty.addEventListener("change", updateNewForm);
  newSymmetry.addEventListener("change", showPoolStatus);
  newSame.addEventListener("click", () => {
    const info = state.info;
    if (info?.seed === undefined) return;
    fillNewForm({ difficulty: info.difficulty ?? "any", symmetry: info.symmetry ?? "none", clues: info.clues ?? null, minimal: info.minimal === true }, String(info.seed));
    newSeed.focus();
  });
  byId("new-cancel").addEventListener("click", () => newDialog.close());
  newForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const read = readNewForm();
    if ("error" in read) {
      newError.textContent = read.error;
      return;
    }
    saveOptions(read.options);
    newDialog.close();
    void newPuzzle(read.options, read.seed);
  });
  poolChanges.addEventListener("change", showPoolStatus);
  void pool.loaded.then(() => showPoolStatus());
}
