// @ts-check
// "Review my solve" (#review-dialog): the player's own moves replayed on a board of its own
// (#review-board, read-only: the game is never touched), one step of the game's history at a
// time with a slider (Left/Right, Home/End; the same keys anywhere in the dialog), each step's
// moves labelled by the engine's `review` with the simplest technique that justified them then
// (or a guess, a wrong digit, a lost candidate: flagged on the board; a digit placed and undone
// is a step of its own), and the summary beside the grader's path. Opened from the Learn panel
// and from the Solved moment, at any point of a game; the game's clock stops meanwhile. Its board
// lays out centre marks as the game's board does (the setting "Show centre marks in 3x3
// positions"). The pure part: review-model.js.

import { byId } from "../app/dom.js";
import { board as gameBoard, state } from "../app/page-state.js";
import { settings, settingsChanges } from "../app/settings.js";
import { CancelledError } from "../engine/solver-client.js";
import { client, personRequests } from "../engine/engine-runner.js";
import { formatTime } from "../game/game-summary.js";
import { wireCentreLayout } from "./centre-layout.js";
import { flaggedAt, labelsAt, reviewGame } from "./review-model.js";

/** @typedef {import("./review-model.js").ReviewGame} ReviewGame */
/** @typedef {import("../engine/protocol.js").ReviewResult} ReviewResult */
/** @typedef {import("../engine/protocol.js").ReviewLabel} ReviewLabel */
/** @typedef {import("../board/sudoku-board.js").SudokuBoardElement} SudokuBoard */

/** Seconds the engine may take to label a game (the rest are said to be not checked). */
const REVIEW_SECONDS = 60;
const LEVEL_NAMES = /** @type {Record<string, string>} */ ({ easy: "Easy", medium: "Medium", hard: "Hard", unfair: "Unfair", extreme: "Extreme" });
const PHASE_NAMES = /** @type {Record<string, string>} */ ({ opening: "Opening", middle: "Middle game", endgame: "Endgame" });
/** How each kind of step is named in the list of the step's moves. */
const KIND_WORDS = /** @type {Record<string, string>} */ ({
  technique: "found", guess: "guess", wrong: "mistake", seen: "seen", lost: "mistake", helped: "help",
  erase: "erase", repeat: "again", undone: "undone", unchecked: "not checked",
});
/** What a history step was, when it gave the engine no move. */
const STEP_WORDS = /** @type {Record<string, string>} */ ({
  corner: "Corner marks (notes).", centre: "Centre marks (notes).", colour: "A colour.", candidates: "Fill candidates.",
  erase: "Marks erased.", clear: "Clear entries.", merge: "Moves from another tab.", digit: "A digit.",
  hint: "A hint applied.", reveal: "A revealed digit.", solve: "Solve.", undone: "A digit, undone.",
  now: "Your board as it is now: the digits before this were taken back.",
});

/** @type {{game: ReviewGame | null, result: ReviewResult | null, failed: boolean, step: number, running: AbortController | null}} */
const review = { game: null, result: null, failed: false, step: 0, running: null };

/** @type {{dialog: HTMLDialogElement, board: SudokuBoard, slider: HTMLInputElement, at: HTMLOutputElement,
 *   labels: HTMLElement, work: HTMLElement, yours: HTMLElement, grader: HTMLElement, phases: HTMLElement,
 *   summary: HTMLElement} | null} */
let ui = null;
/** Told when the review opens and closes (the game's clock stops meanwhile). */
let away = (/** @type {boolean} */ _on) => {};

/** Show step `k` of the game: the board after k moves, its labels, the mistakes flagged. @param {number} k */
function showStep(k) {
  if (!ui || !review.game) return;
  const game = review.game;
  const last = game.states.length - 1;
  const step = Math.max(0, Math.min(last, Math.round(k)));
  review.step = step;
  ui.slider.value = String(step);
  ui.slider.setAttribute("aria-valuetext", `Move ${step} of ${last}`);
  ui.at.value = `${step} of ${last}`;
  ui.dialog.dataset.step = String(step);
  ui.board.layers = game.states[step];
  const labels = review.result?.labels ?? [];
  const here = labelsAt(game, labels, step);
  const cells = game.moves.filter((m) => m.step === step).map((m) => m.cell);
  ui.board.selected = cells.length ? cells[0] : -1;
  ui.board.flagged = review.result ? flaggedAt(game, labels, step) : [];
  ui.labels.replaceChildren(...stepItems(game, here, step));
}

/**
 * The list items of one step: its labels, else what the step was in words.
 * @param {ReviewGame} game @param {ReviewLabel[]} here @param {number} step @returns {HTMLElement[]}
 */
function stepItems(game, here, step) {
  const item = (/** @type {string} */ text, /** @type {string} */ kind) => {
    const li = document.createElement("li");
    li.dataset.kind = kind;
    const tag = document.createElement("span");
    tag.className = "review-tag";
    tag.textContent = KIND_WORDS[kind] ?? "";
    li.append(...(tag.textContent ? [tag, " "] : []), text);
    return li;
  };
  if (here.length) return here.map((label) => item(label.text, label.kind));
  if (step === 0) {
    if (!game.givens.replaceAll(".", "")) return [item("No puzzle on the board yet.", "start")];
    const before = game.start.replaceAll(".", "").length;
    return [item(before ? `The start: ${before} of your digits were on the board before the recorded moves.` : "The start: the puzzle as given.", "start")];
  }
  const kind = game.kinds[step - 1];
  if (!review.result && !review.failed && game.moves.some((m) => m.step === step)) return [item("Labelling…", "waiting")];
  return [item(STEP_WORDS[kind] ?? "A move.", "note")];
}

/** A <div> of term and value pairs for a <dl>. @param {[string, string][]} pairs */
function pairs(pairs) {
  return pairs.map(([term, value]) => {
    const row = document.createElement("div");
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = value;
    row.append(dt, dd);
    return row;
  });
}

/** Techniques and counts as "X-Wing ×2, Naked Single ×30". @param {Record<string, number>} counts */
const techniques = (counts) => Object.entries(counts).map(([name, n]) => `${name} ×${n}`).join(", ") || "none";

/** The summary, beside the grader's path. @param {ReviewResult} result */
function showSummary(result) {
  if (!ui) return;
  const s = result.summary;
  const mistakes = s.wrong + s.lost;
  const undone = s.undone ? ` (${s.undone} of them undone)` : "";
  ui.yours.replaceChildren(...pairs([
    ["Techniques", techniques(s.used)],
    ["Hardest found yourself", s.hardest ? s.hardest.technique ?? "" : "none yet"],
    ["Guesses", String(s.guesses)],
    ["Mistakes", mistakes ? `${s.wrong} wrong digit${s.wrong === 1 ? "" : "s"}, ${s.lost} true candidate${s.lost === 1 ? "" : "s"} lost${undone}` : "none"],
    ["Moves with help", String(s.helped)], // moves, not hints: a hint read and not used moves nothing
  ]));
  const g = result.grader;
  ui.grader.replaceChildren(...pairs([
    ["Level", `${LEVEL_NAMES[g.level] ?? g.level} (score ${g.score})`],
    ["Techniques", techniques(g.histogram)],
    ["Hardest step", g.hardest ?? "none"],
    ["Steps", String(g.steps)],
  ]));
  ui.phases.replaceChildren(...pairs(s.phases.map((p) => [
    PHASE_NAMES[p.name] ?? p.name,
    `${p.moves} move${p.moves === 1 ? "" : "s"}${p.seconds === null ? "" : `, ${formatTime(p.seconds * 1000)}`}`,
  ])));
  ui.summary.hidden = false;
}

/** Ask the engine to label the game's moves; progress in the dialog, cancelled by Close. */
async function label() {
  if (!ui || !review.game) return;
  const game = review.game;
  if (!game.givens.replaceAll(".", "")) {
    ui.work.textContent = "Start a puzzle (Games panel), play, then review your moves here.";
    return;
  }
  if (!game.moves.length) {
    ui.work.textContent = "No digit or candidate moves to label yet: play some, then review.";
    return;
  }
  const controller = new AbortController();
  review.running = controller;
  ui.dialog.dataset.state = "labelling";
  ui.work.textContent = `Labelling ${game.moves.length} moves…`;
  personRequests.dispatchEvent(new Event("start"));
  try {
    /** @type {import("../engine/protocol.js").Ops["review"]["args"]} */
    const args = { grid: game.givens, moves: game.text, max_seconds: REVIEW_SECONDS };
    if (game.start) args.digits = game.start;
    const result = await client.request("review", args, {
      signal: controller.signal,
      onProgress: (p) => {
        if (ui && typeof p.moves === "number") ui.work.textContent = `Labelling move ${p.moves + 1} of ${game.moves.length}…`;
      },
    });
    if (review.game !== game || !ui) return;
    review.result = result;
    ui.dialog.dataset.state = "done";
    const cut = game.cut ? ` Only the first ${game.moves.length} moves were labelled.` : "";
    ui.work.textContent = (result.complete ? "" : "The review ran out of time: the last moves are not checked.") + cut;
    showSummary(result);
    showStep(review.step);
  } catch (error) {
    if (review.game !== game || !ui) return;
    review.failed = true;
    ui.dialog.dataset.state = "failed";
    const said = error instanceof Error ? error.message : String(error);
    ui.work.textContent = error instanceof CancelledError ? "Cancelled."
      // a puzzle played anyway with several solutions (or none): no one answer to label against
      : said.startsWith("cannot review: ") ? `Your moves cannot be labelled: ${said.slice("cannot review: ".length)}.`
      : `The engine could not review this game (${said}).`;
    showStep(review.step); // the steps say what each move was, without "Labelling…"
  } finally {
    if (review.running === controller) {
      review.running = null;
      personRequests.dispatchEvent(new Event("idle"));
    }
  }
}

/** Open the review of the game on the board, at its last move. */
export function openReview() {
  if (!ui) return;
  const layers = gameBoard.layers;
  const game = reviewGame({ layers, history: state.progress.history, settings });
  review.game = game;
  review.result = null;
  review.failed = false;
  ui.summary.hidden = true;
  ui.work.textContent = "";
  ui.dialog.dataset.state = "idle";
  ui.slider.max = String(game.states.length - 1);
  ui.slider.disabled = game.states.length < 2;
  if (!ui.dialog.open) ui.dialog.showModal();
  away(true);
  showStep(game.states.length - 1);
  ui.slider.focus();
  void label();
}

/** The keys that move through the moves, anywhere in the dialog but a control that uses them. @param {KeyboardEvent} event */
function onKey(event) {
  if (!ui || !review.game || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = /** @type {HTMLElement} */ (event.target);
  if (target === ui.slider || target.closest("select, textarea, input")) return; // the slider moves itself
  const last = review.game.states.length - 1;
  const to = { ArrowLeft: review.step - 1, ArrowRight: review.step + 1, Home: 0, End: last }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  showStep(to);
}

/**
 * Find the dialog's elements and wire them (once). `options.away(on)` is told when the dialog
 * opens (true) and closes (false).
 * @param {{away?: (on: boolean) => void}} [options]
 */
export function wireReview(options = {}) {
  if (ui) return;
  if (options.away) away = options.away;
  const dialog = /** @type {HTMLDialogElement} */ (byId("review-dialog"));
  ui = {
    dialog,
    board: /** @type {SudokuBoard} */ (byId("review-board")),
    slider: /** @type {HTMLInputElement} */ (byId("review-step")),
    at: /** @type {HTMLOutputElement} */ (byId("review-at")),
    labels: byId("review-labels"),
    work: byId("review-work"),
    yours: byId("review-yours"),
    grader: byId("review-grader"),
    phases: byId("review-phases"),
    summary: byId("review-summary"),
  };
  wireCentreLayout(ui.board, () => settings.centreGrid, settingsChanges);
  const slider = ui.slider;
  slider.addEventListener("input", () => showStep(Number(slider.value)));
  byId("review-prev").addEventListener("click", () => showStep(review.step - 1));
  byId("review-next").addEventListener("click", () => showStep(review.step + 1));
  byId("review-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", onKey);
  dialog.addEventListener("close", () => {
    review.running?.abort();
    away(false);
  });
}
