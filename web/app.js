// @ts-check
// UI wiring only: the board, the buttons, the messages. Sudoku work goes to the engine through
// SolverClient (the page never knows about Pyodide); manual play needs no engine at all.

import "./define-sudoku-board.js";
import { EMPTY, EMPTY_GRID, cellName, combine, findConflicts, toGrid } from "./grid.js";
import {
  LEVEL_NAMES, MAX_CLUES, MIN_CLUES, SYMMETRY_NAMES, describeInfo, isLevel, isSymmetry, parseSeed,
  readInfoParams, writeInfoParams,
} from "./puzzle-info.js";
import { PuzzlePool } from "./puzzle-pool.js";
import { CancelledError, SolverClient, SolverError } from "./solver-client.js";
import { loadGame, loadRecord, saveGame, saveRecord } from "./storage.js";

/** @typedef {import("./sudoku-board.js").SudokuBoardElement} SudokuBoardElement */
/** @typedef {import("./sudoku-board.js").ChangeDetail} ChangeDetail */
/** @typedef {import("./storage.js").Game} Game */
/** @typedef {import("./puzzle-info.js").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./puzzle-info.js").Level} Level */
/** @typedef {import("./puzzle-info.js").Symmetry} Symmetry */
/** @typedef {import("./puzzle-pool.js").PoolEntry} PoolEntry */
/**
 * The bridge's `generate` result (sudoku_core.Generated.to_dict()).
 * @typedef {{puzzle: string, solution: string, seed: number, givens: number, symmetry: Symmetry,
 *   minimal: boolean | null, target_met: boolean, tries: number, seconds: number, message: string}} Generated
 */
/**
 * The bridge's `generate_graded` result (sudoku_core.GradedPuzzle.to_dict()): Generated plus the grade.
 * @typedef {Generated & {difficulty: Level, level: Level, score: number, puzzle_seed: number,
 *   rating: {er: number, ep: number, ed: number}, histogram: Record<string, number>}} GradedGenerated
 */
/**
 * Progress of `generate` ({tries, best, givens, seconds}) and `generate_graded` (also {level, last}).
 * @typedef {{tries?: number, best?: number, givens?: number, seconds?: number, level?: string, last?: string}} GenerateProgress
 */
/**
 * The New-puzzle options a person chose (kept under `sudoku-studio.new-puzzle`, without the seed).
 * @typedef {{difficulty: Level | "any", symmetry: Symmetry, clues: number | null, minimal: boolean}} NewOptions
 */
/**
 * The engine's verdict (sudoku_core.verdict, via the bridge's check/solve).
 * @typedef {{status: "invalid" | "no_solution" | "unique" | "multiple" | "gave_up", message: string,
 *   puzzle: string, givens: number, too_few_givens: boolean,
 *   conflicts: {digit: number, kind: string, number: number, cells: number[], message: string}[],
 *   solution: string | null, solutions: string[], differences: number[],
 *   stats: {nodes: number, guesses: number, seconds: number}}} Verdict
 */

const MAX_FILE_BYTES = 64 * 1024;
const params = new URLSearchParams(location.search);
/** @param {string} name @param {number} fallback @param {number} min @param {number} max */
function numberParam(name, fallback, min, max) {
  const value = Number(params.get(name) ?? Number.NaN);
  return Number.isFinite(value) && value >= min ? Math.min(value, max) : fallback;
}
// Budgets per request (the engine gives up after them; the user may then keep trying).
// ?engine-seconds=N overrides both, for slow devices and for tests; ?boot-timeout=ms the boot's.
const SOLVE_SECONDS = numberParam("engine-seconds", 10, 0.1, 3600);
const COUNT_SECONDS = numberParam("engine-seconds", 120, 0.1, 3600);
const BOOT_TIMEOUT_MS = numberParam("boot-timeout", 60_000, 1000, 600_000);
const GENERATE_SECONDS = numberParam("engine-seconds", 30, 0.1, 3600);
const GRADED_SECONDS = numberParam("engine-seconds", 60, 0.1, 3600);
/** The engine works for the pool only after it has been idle this long (and stops when asked). */
const BACKGROUND_DELAY_MS = 1000;
const OPTIONS_KEY = "sudoku-studio.new-puzzle";

// --- elements ---------------------------------------------------------------------------------

/** @template {HTMLElement} T @param {string} id @returns {T} */
function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from index.html`);
  return /** @type {T} */ (el);
}

const board = /** @type {SudokuBoardElement} */ ($("board"));
const engineBox = $("engine");
const engineText = $("engine-text");
const retryButton = /** @type {HTMLButtonElement} */ ($("retry"));
const engineReason = $("engine-reason");
const engineButtons = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll("button[data-engine]")]);
const boardMessage = $("board-message");
const conflictsText = $("conflicts");
const verdictText = $("verdict");
const continueButton = /** @type {HTMLButtonElement} */ ($("continue"));
const work = $("work");
const workText = $("work-text");
const workProgress = /** @type {HTMLProgressElement} */ ($("work-progress"));
const cancelButton = /** @type {HTMLButtonElement} */ ($("cancel"));
const countLimit = /** @type {HTMLInputElement} */ ($("count-limit"));
const ioMessage = $("io-message");
const exportLine = /** @type {HTMLInputElement} */ ($("export-line"));
const shareLink = /** @type {HTMLInputElement} */ ($("share-link"));
const shareProgress = /** @type {HTMLInputElement} */ ($("share-progress"));
const saveStatus = $("save-status");
const importDialog = /** @type {HTMLDialogElement} */ ($("import-dialog"));
const importText = /** @type {HTMLTextAreaElement} */ ($("import-text"));
const importError = $("import-error");
const fileInput = /** @type {HTMLInputElement} */ ($("file"));
const puzzleInfo = $("puzzle-info");
const printTitle = $("print-title");
const newButton = /** @type {HTMLButtonElement} */ ($("new-puzzle"));
const newDialog = /** @type {HTMLDialogElement} */ ($("new-dialog"));
const newForm = /** @type {HTMLFormElement} */ ($("new-form"));
const newDifficulty = /** @type {HTMLSelectElement} */ ($("new-difficulty"));
const newSymmetry = /** @type {HTMLSelectElement} */ ($("new-symmetry"));
const newShape = /** @type {HTMLFieldSetElement} */ ($("new-shape"));
const newShapeReason = $("new-shape-reason");
const newClues = /** @type {HTMLInputElement} */ ($("new-clues"));
const newMinimal = /** @type {HTMLInputElement} */ ($("new-minimal"));
const newSeed = /** @type {HTMLInputElement} */ ($("new-seed"));
const newSame = /** @type {HTMLButtonElement} */ ($("new-same"));
const newError = $("new-error");
const poolStatus = $("pool-status");

// --- state ------------------------------------------------------------------------------------

/**
 * info: what is known about the puzzle on the board (seed, level...), while its givens are unchanged.
 * @type {{saving: boolean, busy: AbortController | null, solution: {puzzle: string, solution: string} | null,
 *   again: (() => void) | null, info: PuzzleInfo | null}}
 */
const state = { saving: true, busy: null, solution: null, again: null, info: null };

/** @returns {Game} */
const currentGame = () => ({ givens: board.givens, entries: board.entries, mode: board.mode, info: state.info });

/** @param {Game} game @param {{keepVerdict?: boolean}} [options] */
function showGame(game, options = {}) {
  board.givens = game.givens;
  board.entries = game.entries;
  state.info = game.info && game.info.puzzle === game.givens ? game.info : null;
  setMode(game.mode);
  if (!options.keepVerdict) clearVerdict();
  afterChange();
}

/** @param {"play" | "enter"} mode */
function setMode(mode) {
  board.mode = mode;
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="mode"]'))) {
    radio.checked = radio.value === mode;
  }
  document.body.dataset.mode = mode;
}

/** Whatever changed on the board: conflicts text, exports, autosave. */
function afterChange() {
  const grid = combine(board.givens, board.entries);
  const conflicts = findConflicts(grid);
  conflictsText.dataset.count = String(conflicts.length);
  if (conflicts.length) {
    const shown = conflicts.slice(0, 2).map((c) => c.message);
    const more = conflicts.length > 2 ? `; and ${conflicts.length - 2} more` : "";
    conflictsText.textContent = `Conflict: ${shown.join("; ")}${more}.`;
  } else {
    conflictsText.textContent = "";
  }
  const filled = grid.replaceAll(EMPTY, "").length;
  document.body.dataset.filled = String(filled);
  document.body.dataset.complete = String(filled === 81 && conflicts.length === 0);
  if (filled === 81 && conflicts.length === 0 && board.mode === "play" && board.entries !== EMPTY_GRID) {
    boardMessage.textContent = "Complete: every row, column and box has 1 to 9.";
  }
  exportLine.value = board.givens;
  if (state.info && state.info.puzzle !== board.givens) state.info = null; // the givens were edited
  showInfo();
  shareLink.value = makeShareLink();
  autosave();
}

/** The puzzle's seed and level above the board and in the print header. */
function showInfo() {
  const info = state.info;
  const text = info ? describeInfo(info, { grading: background.grading === info.puzzle }) : "";
  if (puzzleInfo.textContent !== text) puzzleInfo.textContent = text; // unchanged text is not announced again
  puzzleInfo.hidden = !info;
  for (const [name, value] of Object.entries({
    seed: info?.seed, level: info?.level, score: info?.score, symmetry: info?.symmetry, source: info?.source,
  })) {
    if (value === undefined) delete puzzleInfo.dataset[name];
    else puzzleInfo.dataset[name] = String(value);
  }
  printTitle.textContent = info?.level ? `Sudoku · ${LEVEL_NAMES[info.level]}` : "Sudoku";
}

/** The info changed (graded in the background): show it, link it, save it. */
function infoChanged() {
  showInfo();
  shareLink.value = makeShareLink();
  autosave();
}

function autosave() {
  if (!state.saving) return;
  const result = saveGame(currentGame());
  if (!result.ok) savingOff(result.problem);
}

/** @param {string} problem */
function savingOff(problem) {
  state.saving = false;
  saveStatus.dataset.state = "off";
  saveStatus.textContent = `Saving is off: ${problem}. Your game stays in this tab until you close it.`;
}

// --- messages ---------------------------------------------------------------------------------

function clearVerdict() {
  verdictText.textContent = "";
  verdictText.dataset.status = "none";
  delete verdictText.dataset.action;
  continueButton.hidden = true;
  state.again = null;
  board.flagged = [];
}

/**
 * @param {string} status  an engine verdict status, or mistakes/consistent/error/cancelled/...
 * @param {string} action  the button that asked
 * @param {string} text
 * @param {number[]} [flagged]
 */
function showVerdict(status, action, text, flagged = []) {
  verdictText.dataset.status = status;
  verdictText.dataset.action = action;
  verdictText.textContent = text;
  board.flagged = flagged;
  continueButton.hidden = state.again === null;
}

/** @param {unknown} error @param {string} action */
function showFailure(error, action) {
  if (error instanceof CancelledError) {
    showVerdict("cancelled", action, "Cancelled.");
  } else if (error instanceof SolverError) {
    showVerdict("error", action, `The engine could not do that: ${error.message}`);
  } else {
    showVerdict("error", action, `Something went wrong: ${String(error)}`);
  }
}

/** The cells a verdict points at: its conflicts, or where two solutions differ. @param {Verdict} v */
const verdictCells = (v) => [...new Set([...v.conflicts.flatMap((c) => c.cells), ...v.differences])].sort((a, b) => a - b);

// --- engine status ----------------------------------------------------------------------------

const client = new SolverClient({ bootTimeoutMs: BOOT_TIMEOUT_MS });

function updateEngineUi() {
  const status = client.status;
  engineBox.dataset.state = status.state;
  engineBox.dataset.stage = status.stage;
  engineBox.dataset.restarts = String(status.restarts);
  engineBox.dataset.restarting = String(status.restarting);
  retryButton.hidden = status.state !== "failed";
  if (status.state === "ready") {
    engineText.textContent = `Engine ready (sudoku-core ${status.version})`;
    if (status.bootMs !== null) engineBox.dataset.bootMs = String(status.bootMs);
  } else if (status.state === "failed") {
    engineText.textContent = `The engine could not start: ${status.message}`;
  } else if (status.restarting) {
    engineText.textContent = `The engine stopped; restarting it. ${status.message}…`;
  } else {
    engineText.textContent = `${status.message}…`;
  }
  updateButtons();
}

function updateButtons() {
  const status = client.status;
  let reason = "";
  if (status.state === "failed") reason = "The engine is not available; press Retry. You can still play.";
  else if (status.state !== "ready") reason = "The engine is loading; you can already play.";
  else if (state.busy) reason = "The engine is busy; Cancel to stop it.";
  for (const button of engineButtons) {
    button.disabled = reason !== "";
    if (reason) button.title = reason;
    else button.removeAttribute("title");
    button.setAttribute("aria-describedby", "engine-reason");
  }
  engineReason.textContent = reason;
  engineReason.hidden = reason === "";
  newButton.disabled = state.busy !== null;
  if (state.busy) newButton.title = "The engine is busy; Cancel to stop it.";
  else newButton.removeAttribute("title");
}

client.addEventListener("statechange", () => {
  updateEngineUi();
  if (client.ready) scheduleBackground();
});
retryButton.addEventListener("click", () => client.retry());

/**
 * Run one engine request with the work area (progress + Cancel) shown.
 * @param {string} op @param {Record<string, unknown>} args @param {string} label
 * @param {(progress: Record<string, unknown>) => string} [describeProgress]
 */
async function runEngine(op, args, label, describeProgress) {
  state.busy?.abort();
  stopBackground(); // the person's request goes first: background work stops between two slices
  const controller = new AbortController();
  state.busy = controller;
  work.hidden = false;
  work.dataset.state = "running";
  work.dataset.op = op;
  workText.textContent = `${label}…`;
  workProgress.removeAttribute("value");
  updateButtons();
  try {
    return await client.request(op, args, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (describeProgress) workText.textContent = describeProgress(progress);
      },
    });
  } finally {
    if (state.busy === controller) {
      state.busy = null;
      work.hidden = true;
      work.dataset.state = controller.signal.aborted ? "cancelled" : "idle";
      updateButtons();
      scheduleBackground();
    }
  }
}

cancelButton.addEventListener("click", () => state.busy?.abort());

// --- engine actions ---------------------------------------------------------------------------

/** @param {number} seconds */
async function solve(seconds = SOLVE_SECONDS) {
  const puzzle = board.givens;
  state.again = null;
  try {
    /** @type {Verdict} */
    const v = await runEngine("solve", { grid: puzzle, max_seconds: seconds }, "Solving");
    if (v.status === "unique" && v.solution) {
      state.solution = { puzzle, solution: v.solution };
      if (board.givens === puzzle) {
        let entries = "";
        for (let c = 0; c < 81; c++) entries += puzzle[c] === EMPTY ? v.solution[c] : EMPTY;
        board.entries = entries;
        afterChange();
      }
      showVerdict("unique", "solve", `Solved. ${v.message}`);
    } else {
      if (v.status === "gave_up") state.again = () => void solve(seconds * 4);
      showVerdict(v.status, "solve", v.message, verdictCells(v));
    }
  } catch (error) {
    showFailure(error, "solve");
  }
}

/** @param {number} seconds */
async function check(seconds = SOLVE_SECONDS) {
  const puzzle = board.givens;
  const entries = board.entries;
  const playing = board.mode === "play" && entries !== EMPTY_GRID;
  state.again = null;
  try {
    if (!playing) {
      /** @type {Verdict} */
      const v = await runEngine("check", { grid: puzzle, max_seconds: seconds }, "Checking");
      if (v.status === "unique" && v.solution) state.solution = { puzzle, solution: v.solution };
      if (v.status === "gave_up") state.again = () => void check(seconds * 4);
      showVerdict(v.status, "check", v.message, verdictCells(v));
      return;
    }
    /** @type {{verdict: Verdict, mistakes: number[] | null}} */
    const r = await runEngine("find_mistakes", { grid: puzzle, entries, max_seconds: seconds }, "Checking");
    const v = r.verdict;
    if (v.status === "unique" && v.solution) state.solution = { puzzle, solution: v.solution };
    if (v.status !== "unique" || r.mistakes === null) {
      if (v.status === "gave_up") state.again = () => void check(seconds * 4);
      showVerdict(v.status, "check", v.message, verdictCells(v));
    } else if (r.mistakes.length) {
      const n = r.mistakes.length;
      showVerdict(
        "mistakes", "check",
        `${n} of your digits ${n === 1 ? "does" : "do"} not match the solution: ${r.mistakes.map(cellName).join(", ")}.`,
        r.mistakes,
      );
    } else {
      const count = entries.replaceAll(EMPTY, "").length;
      showVerdict("consistent", "check", `So far so good: all ${count} of your digits fit the unique solution.`);
    }
  } catch (error) {
    showFailure(error, "check");
  }
}

async function reveal() {
  const cell = board.selected;
  if (cell < 0) {
    boardMessage.textContent = "Select a cell to reveal first.";
    return;
  }
  if (board.givens[cell] !== EMPTY) {
    boardMessage.textContent = `${cellName(cell)} is a given.`;
    return;
  }
  const puzzle = board.givens;
  let solution = state.solution?.puzzle === puzzle ? state.solution.solution : null;
  if (!solution) {
    try {
      /** @type {Verdict} */
      const v = await runEngine("solve", { grid: puzzle, max_seconds: SOLVE_SECONDS }, "Solving");
      if (v.status !== "unique" || !v.solution) {
        showVerdict(v.status, "reveal", v.message, verdictCells(v));
        return;
      }
      solution = v.solution;
      state.solution = { puzzle, solution };
    } catch (error) {
      showFailure(error, "reveal");
      return;
    }
  }
  if (board.givens !== puzzle) return;
  const entries = board.entries;
  board.entries = entries.slice(0, cell) + solution[cell] + entries.slice(cell + 1);
  boardMessage.textContent = `Revealed ${cellName(cell)}: ${solution[cell]}.`;
  afterChange();
}

/** @param {number} seconds */
async function countSolutions(seconds = COUNT_SECONDS) {
  const limit = Math.round(Number(countLimit.value));
  if (!Number.isInteger(limit) || limit < 1 || limit > 1_000_000) {
    showVerdict("error", "count", "The limit must be a whole number from 1 to 1,000,000.");
    return;
  }
  state.again = null;
  const fmt = new Intl.NumberFormat("en");
  try {
    /** @type {{count: number, limit: number, complete: boolean, gave_up: boolean, invalid: boolean, stats: {seconds: number}}} */
    const r = await runEngine(
      "count_solutions", { grid: board.givens, limit, max_seconds: seconds }, "Counting solutions",
      (p) => `Counting… ${fmt.format(Number(p.count ?? 0))} solutions so far (${fmt.format(Number(p.nodes ?? 0))} steps)`,
    );
    let text;
    if (r.invalid) text = "No solutions: the givens break the rules (see the conflicts).";
    else if (r.gave_up) {
      state.again = () => void countSolutions(seconds * 4);
      text = `Gave up after ${Math.round(r.stats.seconds)} s with ${fmt.format(r.count)} solutions found so far.`;
    } else if (r.complete) text = `Exactly ${fmt.format(r.count)} solution${r.count === 1 ? "" : "s"}.`;
    else text = `At least ${fmt.format(r.count)} solutions (counting stopped at the limit).`;
    showVerdict(r.gave_up ? "gave_up" : "counted", "count", text);
    verdictText.dataset.count = String(r.count);
  } catch (error) {
    showFailure(error, "count");
  }
}

$("solve").addEventListener("click", () => void solve());
$("check").addEventListener("click", () => void check());
$("reveal").addEventListener("click", () => void reveal());
$("count").addEventListener("click", () => void countSolutions());
continueButton.addEventListener("click", () => state.again?.());

// --- board and manual play --------------------------------------------------------------------

board.addEventListener("sudoku-change", () => {
  boardMessage.textContent = "";
  if (verdictText.dataset.status !== "none") clearVerdict();
  afterChange();
});
board.addEventListener("sudoku-reject", (event) => {
  const { cell } = /** @type {CustomEvent<{cell: number}>} */ (event).detail;
  boardMessage.textContent = `${cellName(cell)} is a given; switch to “Enter puzzle” to change it.`;
});
board.addEventListener("sudoku-select", () => {
  boardMessage.textContent = "";
});

for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="mode"]'))) {
  radio.addEventListener("change", () => {
    if (!radio.checked) return;
    setMode(radio.value === "enter" ? "enter" : "play");
    autosave();
  });
}

const numpad = $("numpad");
// Keep the focus on the grid: pressing a pad key must not take it away from the selected cell.
numpad.addEventListener("pointerdown", (event) => {
  if (event.target instanceof HTMLButtonElement) event.preventDefault();
});
numpad.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (!button) return;
  if (board.selected < 0) {
    boardMessage.textContent = "Select a cell first.";
    return;
  }
  board.input(button.dataset.digit ?? "");
});

$("clear-entries").addEventListener("click", () => {
  board.entries = EMPTY_GRID;
  clearVerdict();
  afterChange();
});
$("clear-all").addEventListener("click", () => {
  showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: "enter" });
  boardMessage.textContent = "Cleared. Type a puzzle in “Enter puzzle” mode, or paste one.";
});

// --- import -----------------------------------------------------------------------------------

/**
 * Parse text with the engine; on success the board shows it, on failure the board is untouched.
 * @param {string} text @returns {Promise<{ok: true, givens: number} | {ok: false, message: string}>}
 */
async function importText_(text) {
  try {
    /** @type {{grid: string, givens: number, conflicts: unknown[]}} */
    const r = await runEngine("parse", { text }, "Reading the puzzle");
    showGame({ givens: r.grid, entries: EMPTY_GRID, mode: "play" });
    state.solution = null;
    return { ok: true, givens: r.givens };
  } catch (error) {
    if (error instanceof SolverError && error.line != null && error.column != null) {
      const where = /\bline\b/i.test(error.message) ? "" : `Line ${error.line}, column ${error.column}: `;
      return { ok: false, message: `${where}${error.message}` };
    }
    if (error instanceof SolverError) return { ok: false, message: error.message };
    return { ok: false, message: String(error) };
  }
}

$("import").addEventListener("click", () => {
  importError.textContent = "";
  importDialog.showModal();
  importText.focus();
});
importDialog.addEventListener("close", () => {
  importError.textContent = "";
});
$("import-submit").addEventListener("click", async (event) => {
  event.preventDefault();
  const text = importText.value;
  if (!text.trim()) {
    importError.textContent = "Paste a puzzle first.";
    return;
  }
  const result = await importText_(text);
  if (result.ok) {
    importDialog.close();
    importText.value = "";
    ioMessage.dataset.state = "ok";
    ioMessage.textContent = `Imported a puzzle with ${result.givens} givens.`;
  } else {
    importError.textContent = result.message;
  }
});

$("open-file").addEventListener("click", () => fileInput.click());
fileInput.addEventListener("change", async () => {
  const file = fileInput.files?.[0];
  fileInput.value = "";
  if (!file) return;
  if (file.size > MAX_FILE_BYTES) {
    ioMessage.dataset.state = "error";
    ioMessage.textContent = `${file.name} is too large (${Math.ceil(file.size / 1024)} KB); a puzzle file is at most ${MAX_FILE_BYTES / 1024} KB.`;
    return;
  }
  const result = await importText_(await file.text());
  ioMessage.dataset.state = result.ok ? "ok" : "error";
  ioMessage.textContent = result.ok
    ? `Opened ${file.name}: a puzzle with ${result.givens} givens.`
    : `Could not read ${file.name}: ${result.message}`;
});

// --- export -----------------------------------------------------------------------------------

/** @param {string} text @param {HTMLInputElement} field @param {string} what */
async function copy(text, field, what) {
  try {
    await navigator.clipboard.writeText(text);
    ioMessage.dataset.state = "ok";
    ioMessage.textContent = `Copied the ${what}.`;
  } catch {
    field.focus();
    field.select();
    ioMessage.dataset.state = "ok";
    ioMessage.textContent = `The ${what} is selected below: press Ctrl+C (⌘C) to copy it.`;
  }
}

/** The page's URL with the game in the fragment (never sent to a server). */
function makeShareLink() {
  const url = new URL(location.href);
  const parts = new URLSearchParams();
  parts.set("puzzle", board.givens.replaceAll(EMPTY, "0"));
  if (shareProgress.checked && board.entries !== EMPTY_GRID) parts.set("progress", board.entries.replaceAll(EMPTY, "0"));
  if (state.info) writeInfoParams(state.info, parts);
  url.hash = parts.toString();
  return url.href;
}

$("copy").addEventListener("click", () => void copy(board.givens, exportLine, "puzzle line"));
$("share").addEventListener("click", () => {
  shareLink.value = makeShareLink();
  void copy(shareLink.value, shareLink, "share link");
});
shareProgress.addEventListener("change", () => {
  shareLink.value = makeShareLink();
});
$("save-file").addEventListener("click", () => {
  const blob = new Blob([`${board.givens}\n`], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = "sudoku.txt";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  ioMessage.dataset.state = "ok";
  ioMessage.textContent = "Saved sudoku.txt.";
});
$("print").addEventListener("click", () => window.print());

/** A game from the URL fragment (#puzzle=…&progress=…), or null. @returns {Game | null} */
function gameFromLink() {
  if (!location.hash) return null;
  const parts = new URLSearchParams(location.hash.slice(1));
  const givens = toGrid(parts.get("puzzle"));
  if (!givens) return null;
  let entries = toGrid(parts.get("progress") ?? "") ?? EMPTY_GRID;
  // an entry never sits on a given
  entries = [...entries].map((d, c) => (givens[c] === EMPTY ? d : EMPTY)).join("");
  return { givens, entries, mode: "play", info: readInfoParams(parts, givens) };
}

function openLink() {
  const game = gameFromLink();
  if (!game) return false;
  showGame(game);
  ioMessage.dataset.state = "ok";
  ioMessage.textContent = game.info
    ? `Opened the puzzle from the link: ${describeInfo(game.info)}.`
    : "Opened the puzzle from the link.";
  // Once it is saved, the fragment has done its job (a reload must not undo later progress).
  if (state.saving) history.replaceState(null, "", location.pathname + location.search);
  return true;
}
window.addEventListener("hashchange", () => void openLink());

// --- new puzzle -------------------------------------------------------------------------------

const pool = new PuzzlePool(new URL("puzzle-pool.json", location.href));
void pool.loaded.then(() => showPoolStatus());

/** @returns {NewOptions} */
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
  poolStatus.dataset.state = background.controller && background.job !== "grade" ? "filling" : "idle";
  if (!isLevel(level)) {
    poolStatus.textContent = "Generated now, then graded; a few seconds at most for most options.";
    delete poolStatus.dataset.available;
    return;
  }
  const n = pool.available(level, symmetry);
  poolStatus.dataset.available = String(n);
  const name = LEVEL_NAMES[level];
  poolStatus.textContent = n > 0
    ? `${n} ${name} puzzle${n === 1 ? "" : "s"} with ${SYMMETRY_NAMES[symmetry]} ready at once (without a seed).`
    : `No ${name} puzzle with ${SYMMETRY_NAMES[symmetry]} is ready: one is generated now (a few seconds).`;
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

/** @param {number} started */
const elapsed = (started) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/**
 * Show a puzzle made here (or taken from the pool) in play mode, with what is known about it.
 * @param {string} puzzle @param {string | null} solution @param {PuzzleInfo} info
 * @param {"generated" | "target_missed"} status @param {string} text
 */
function loadNewPuzzle(puzzle, solution, info, status, text) {
  showGame({ givens: puzzle, entries: EMPTY_GRID, mode: "play", info });
  state.solution = solution ? { puzzle, solution } : null;
  boardMessage.textContent = "";
  showVerdict(status, "new", text);
  const focus = document.activeElement;
  if (!focus || focus === document.body || focus === cancelButton || focus === newButton) board.focusGrid();
}

/** @param {NewOptions} options @param {number | null} seed */
async function newPuzzle(options, seed) {
  const { difficulty, symmetry } = options;
  clearVerdict();
  if (difficulty !== "any" && seed === null) {
    await pool.loaded;
    const entry = pool.take(difficulty, symmetry);
    if (entry) {
      const info = { puzzle: entry.puzzle, seed: entry.seed, symmetry, difficulty, level: entry.level, score: entry.score, source: /** @type {const} */ ("pool") };
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
  state.again = null;
  const started = performance.now();
  try {
    if (difficulty !== "any") {
      const name = LEVEL_NAMES[difficulty];
      /** @type {GradedGenerated} */
      const r = await startEngine(
        "generate_graded", { difficulty, symmetry, max_seconds: GRADED_SECONDS, ...(seed === null ? {} : { seed }) },
        `Looking for a ${name} puzzle`,
        (/** @type {GenerateProgress} */ p) => `Looking for a ${name} puzzle… try ${p.tries ?? 1}`
          + `${isLevel(p.last) ? `, the last one was ${LEVEL_NAMES[p.last]}` : ""}${p.givens ? `, ${p.givens} clues` : ""}, ${elapsed(started)}`,
      );
      if (seed === null) pool.owe(difficulty, symmetry); // so that the next one is ready at once
      const info = { puzzle: r.puzzle, seed: r.seed, symmetry, difficulty, level: r.level, score: r.score, source: /** @type {const} */ ("generated") };
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
    /** @type {Generated} */
    const r = await startEngine(
      "generate",
      {
        symmetry, minimal: options.minimal, max_seconds: GENERATE_SECONDS,
        ...(options.clues === null ? {} : { max_givens: options.clues }), ...(seed === null ? {} : { seed }),
      },
      "Generating a puzzle",
      (/** @type {GenerateProgress} */ p) => `Generating… try ${p.tries ?? 1}`
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
 * runEngine, with the keyboard focus on Cancel while it works (the dialog that asked has closed).
 * @param {string} op @param {Record<string, unknown>} args @param {string} label
 * @param {(progress: Record<string, unknown>) => string} describeProgress
 */
function startEngine(op, args, label, describeProgress) {
  const running = runEngine(op, args, label, describeProgress);
  cancelButton.focus();
  return running;
}

newButton.addEventListener("click", () => {
  newError.textContent = "";
  fillNewForm(loadOptions(), "");
  newSame.hidden = state.info === null;
  newDialog.showModal();
  newDifficulty.focus();
});
newDifficulty.addEventListener("change", updateNewForm);
newSymmetry.addEventListener("change", showPoolStatus);
newSame.addEventListener("click", () => {
  const info = state.info;
  if (!info) return;
  fillNewForm({ difficulty: info.difficulty ?? "any", symmetry: info.symmetry, clues: info.clues ?? null, minimal: info.minimal === true }, String(info.seed));
  newSeed.focus();
});
$("new-cancel").addEventListener("click", () => newDialog.close());
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

// --- background work --------------------------------------------------------------------------
// While the engine is idle: grade a puzzle generated without a difficulty, then make the pool's
// owed puzzles, one at a time. Anything the person asks for stops it first (runEngine).

/** @type {{controller: AbortController | null, timer: ReturnType<typeof setTimeout> | undefined, job: "grade" | "refill" | "", grading: string, failed: Set<string>}} */
const background = { controller: null, timer: undefined, job: "", grading: "", failed: new Set() };

function scheduleBackground(delay = BACKGROUND_DELAY_MS) {
  clearTimeout(background.timer);
  background.timer = setTimeout(() => void runBackground(), delay);
}

function stopBackground() {
  clearTimeout(background.timer);
  background.controller?.abort();
}

async function runBackground() {
  if (state.busy || background.controller || !client.ready) return; // runEngine or "ready" call again
  if (document.visibilityState === "hidden") return; // visibilitychange calls again
  const info = state.info;
  const wanted = pool.wanted();
  const grade = info && !info.level && !background.failed.has(info.puzzle) ? info : null;
  if (!grade && !wanted) return;
  const controller = new AbortController();
  background.controller = controller;
  background.job = grade ? "grade" : "refill";
  try {
    if (grade) {
      background.grading = grade.puzzle;
      showInfo();
      /** @type {{level: Level, score: number}} */
      const r = await client.request("grade", { grid: grade.puzzle, path: false }, { signal: controller.signal });
      if (state.info?.puzzle === grade.puzzle) {
        state.info = { ...state.info, level: r.level, score: r.score };
      }
    } else if (wanted) {
      showPoolStatus();
      /** @type {GradedGenerated} */
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
      if (grade) background.failed.add(grade.puzzle); // e.g. not unique: no level to show
      else if (wanted) pool.forgive(wanted.level, wanted.symmetry);
    }
  } finally {
    background.controller = null;
    background.job = "";
    background.grading = "";
    infoChanged();
    showPoolStatus();
    if (!controller.signal.aborted) scheduleBackground(0);
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") scheduleBackground();
});

// --- start ------------------------------------------------------------------------------------

function start() {
  const loaded = loadGame();
  if (!loaded.ok) savingOff(loaded.problem);
  if (!openLink()) {
    if (loaded.ok && loaded.game) showGame(loaded.game);
    else showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: "enter" });
    if (loaded.ok && loaded.note) boardMessage.textContent = loaded.note;
  }
  updateEngineUi();
  document.body.dataset.app = "ready";
}

start();
