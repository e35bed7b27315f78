// @ts-check
// "Practise a technique" (#drill-dialog): a position whose next step is the chosen technique on a
// board of its own (the game's board and saved game are never touched), answered on that board
// (place the digit, or strike the candidates from the centre marks), judged, with the step drawn
// as Hint draws it and said in words (its notation behind a "Notation" disclosure, as on the hint
// card), and the next one. "Mixed" picks among the player's weakest techniques.
// Positions come from the shipped pack (drill-pack.json); a technique the pack has none of is
// made by the engine (the `drill` operation), with progress and Cancel in the dialog (the page's
// work area is behind the modal dialog). The record per technique is kept in localStorage.
// The pure parts: drill-pack.js, drill-answer.js, drill-stats.js.

import { byId } from "../app/dom.js";
import { loadRecord, saveRecord } from "../app/storage.js";
import { EMPTY, EMPTY_GRID } from "../board/grid.js";
import { CancelledError } from "../engine/solver-client.js";
import { client, personRequests } from "../engine/engine-runner.js";
import { feedbackDrawing, judge } from "./drill-answer.js";
import { pickDrill, readDrill, readPack } from "./drill-pack.js";
import { STATS_KEY, readStats, recordAnswer, statsWords, storedStats, weakest } from "./drill-stats.js";

/** @typedef {import("./drill-pack.js").Drill} Drill */
/** @typedef {import("./drill-pack.js").DrillPack} DrillPack */
/** @typedef {import("./drill-stats.js").DrillStats} DrillStats */
/** @typedef {import("../board/sudoku-board.js").SudokuBoardElement} SudokuBoard */

/** Positions remembered so Next does not show them again soon. */
const RECENT = 20;
/** Seconds the engine looks for a position of a technique the pack lacks. */
const ON_DEMAND_SECONDS = 60;

const LEVEL_NAMES = /** @type {const} */ ({ easy: "Easy", medium: "Medium", hard: "Hard", unfair: "Unfair" });

/**
 * The dialog's state: the pack, the player's record, the drill shown and whether its answer was
 * counted yet, the positions shown lately, and the engine request running.
 * @type {{pack: DrillPack, stats: DrillStats, drill: Drill | null, counted: boolean,
 *   recent: string[], running: AbortController | null, loading: Promise<DrillPack> | null}}
 */
const drills = { pack: { techniques: [], never: [], drills: [] }, stats: {}, drill: null, counted: false, recent: [], running: null, loading: null };

/** @type {{dialog: HTMLDialogElement, board: SudokuBoard, select: HTMLSelectElement, task: HTMLElement,
 *   feedback: HTMLElement, notation: HTMLDetailsElement, notationText: HTMLElement, stats: HTMLElement,
 *   work: HTMLElement, workText: HTMLElement} | null} */
let ui = null;
/** Told when the player goes to the drills and comes back (the game's clock stops meanwhile). */
let away = (/** @type {boolean} */ _on) => {};

/** The pack, fetched once (a failed fetch is tried again next time). @returns {Promise<DrillPack>} */
function loadPack() {
  drills.loading ??= fetch(new URL("./drill-pack.json", import.meta.url))
    .then((response) => (response.ok ? response.json() : null))
    .then((data) => readPack(data))
    .catch(() => {
      drills.loading = null;
      return readPack(null);
    });
  return drills.loading;
}

/** The record as stored (untrusted: what is unsound is dropped). */
function loadStats() {
  const names = drills.pack.techniques.map((t) => t.name);
  const found = loadRecord(STATS_KEY);
  drills.stats = found.ok ? readStats(found.data, names) : {};
}

/** The technique list: "Mixed", then each level's techniques; those the engine makes are marked,
 * and those no drill can serve are listed, disabled, with why. */
function fillTechniques() {
  if (!ui) return;
  const select = ui.select;
  const chosen = select.value;
  select.replaceChildren(select.options[0]);
  for (const [level, title] of Object.entries(LEVEL_NAMES)) {
    const group = document.createElement("optgroup");
    group.label = title;
    for (const t of drills.pack.techniques.filter((item) => item.level === level)) {
      group.append(new Option(t.count ? t.name : `${t.name} (made now, may take a minute)`, t.name));
    }
    for (const t of drills.pack.never.filter((item) => item.level === level)) {
      const option = new Option(`${t.name}: ${t.why}`, "");
      option.disabled = true;
      option.dataset.never = t.name;
      group.append(option);
    }
    if (group.children.length) select.append(group);
  }
  select.value = chosen;
}

/** @param {Drill} drill */
const taskWords = (drill) => (drill.step.placements.length
  ? `Find the ${drill.technique}: place its digit.`
  : `Find the ${drill.technique}: strike the candidates it removes (Strike, then the digit).`);

/** Show a drill on the dialog's board, as it starts. @param {Drill} drill */
function showDrill(drill) {
  if (!ui) return;
  drills.drill = drill;
  drills.counted = false;
  drills.recent = [drill.digits, ...drills.recent.filter((d) => d !== drill.digits)].slice(0, RECENT);
  resetBoard(drill);
  ui.board.selected = drill.digits.indexOf(EMPTY); // an empty cell: no digit lit to start with
  ui.dialog.dataset.technique = drill.technique;
  ui.dialog.dataset.state = "asking";
  ui.task.textContent = taskWords(drill);
  say("");
  showStats();
}

/** The drill's position on its board, without drawing. @param {Drill} drill */
function resetBoard(drill) {
  if (!ui) return;
  const board = ui.board;
  board.layers = { givens: drill.digits, entries: EMPTY_GRID, corner: new Array(81).fill(0), centre: [...drill.candidates], colours: new Array(81).fill(0) };
  board.highlight = null;
  board.flagged = [];
}

function showStats() {
  if (!ui) return;
  const technique = drills.drill?.technique;
  ui.stats.textContent = technique ? `${technique}: ${statsWords(drills.stats[technique])}` : "";
}

/** The techniques "Mixed" draws from: those the pack has positions of (no waiting). */
const packed = () => drills.pack.techniques.filter((t) => t.count > 0).map((t) => t.name);

/** The next drill: of the chosen technique, or of one of the weakest for "Mixed". */
async function nextDrill() {
  if (!ui) return;
  stopEngine();
  const technique = ui.select.value || weakest(drills.stats, packed(), Math.random, drills.drill?.technique);
  const drill = pickDrill(drills.pack, technique, Math.random, drills.recent);
  if (drill) showDrill(drill);
  else if (technique) await makeDrill(technique);
  else say("No drills could be loaded; reload the page to try again.", "wrong");
}

/**
 * The feedback line, and the step's notation behind its disclosure (none: hidden).
 * @param {string} text @param {"none" | "right" | "wrong"} [state] @param {string} [notation]
 */
function say(text, state = "none", notation = "") {
  if (!ui) return;
  ui.feedback.textContent = text;
  ui.feedback.dataset.state = state;
  ui.notationText.textContent = notation;
  ui.notation.hidden = !notation;
  if (!notation) ui.notation.open = false;
}

/** A drill made by the engine, with progress and Cancel in the dialog. @param {string} technique */
async function makeDrill(technique) {
  if (!ui) return;
  const controller = new AbortController();
  drills.running = controller;
  ui.work.hidden = false;
  ui.workText.textContent = `Looking for a ${technique}…`;
  ui.dialog.dataset.state = "making";
  personRequests.dispatchEvent(new Event("start"));
  try {
    const result = await client.request("drill", { technique, max_seconds: ON_DEMAND_SECONDS }, {
      signal: controller.signal,
      onProgress: (p) => {
        if (ui) ui.workText.textContent = `Looking for a ${technique}: ${p.puzzles} puzzles, ${p.positions} positions looked at…`;
      },
    });
    const drill = result.found ? readDrill(result) : null;
    if (drill) showDrill(drill);
    else say(`No ${technique} turned up in ${result.puzzles} puzzles; Next looks again.`);
  } catch (error) {
    if (!(error instanceof CancelledError)) say(`The engine could not make a drill (${error instanceof Error ? error.message : String(error)}).`, "wrong");
    else say("Cancelled.");
  } finally {
    if (drills.running === controller) {
      drills.running = null;
      if (ui) {
        ui.work.hidden = true;
        if (ui.dialog.dataset.state === "making") ui.dialog.dataset.state = "idle";
      }
      personRequests.dispatchEvent(new Event("idle"));
    }
  }
}

function stopEngine() {
  drills.running?.abort();
}

/** Judge the answer on the board; the first judged answer of a drill counts in the record. */
function check() {
  const drill = drills.drill;
  if (!ui || !drill) return;
  const verdict = judge(drill, ui.board.entries, ui.board.centre);
  if (verdict.state === "empty") {
    say(verdict.words);
    return;
  }
  if (!drills.counted) {
    drills.counted = true;
    drills.stats = recordAnswer(drills.stats, drill.technique, verdict.state === "right");
    saveRecord(STATS_KEY, storedStats(drills.stats)); // storage off: the record lasts this visit
  }
  if (verdict.state === "wrong") resetBoard(drill); // the drawing is over the position as it was
  const drawing = feedbackDrawing(verdict);
  ui.board.highlight = drawing.highlight;
  ui.board.flagged = drawing.flagged;
  ui.dialog.dataset.state = verdict.state;
  say(verdict.words, verdict.state, verdict.notation);
  showStats();
}

/** @param {"digit" | "centre"} tool */
function setTool(tool) {
  if (!ui) return;
  ui.board.tool = tool;
  showTool();
}

function showTool() {
  if (!ui) return;
  for (const button of ui.dialog.querySelectorAll("button[data-drill-tool]")) {
    button.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (button).dataset.drillTool === ui.board.tool));
  }
}

/** Open the dialog: the pack and the record read, a drill shown (the last one if it was not
 * answered yet). */
export async function openDrills() {
  if (!ui) return;
  if (!ui.dialog.open) ui.dialog.showModal();
  away(true);
  if (!drills.pack.drills.length) {
    say("Loading the drills…");
    drills.pack = await loadPack();
    fillTechniques();
  }
  loadStats(); // storage is the record: another tab may have added to it
  if (!drills.drill || ui.dialog.dataset.state !== "asking") await nextDrill(); // an answered drill is done
  else showStats();
  ui.board.focusGrid();
}

/**
 * Find the dialog's elements and wire them (once). `options.away(on)` is told when the dialog
 * opens (true) and closes (false).
 * @param {{away?: (on: boolean) => void}} [options]
 */
export function wireDrills(options = {}) {
  if (ui) return;
  if (options.away) away = options.away;
  const dialog = /** @type {HTMLDialogElement} */ (byId("drill-dialog"));
  ui = {
    dialog,
    board: /** @type {SudokuBoard} */ (byId("drill-board")),
    select: /** @type {HTMLSelectElement} */ (byId("drill-technique")),
    task: byId("drill-task"),
    feedback: byId("drill-feedback"),
    notation: /** @type {HTMLDetailsElement} */ (byId("drill-notation")),
    notationText: byId("drill-notation-text"),
    stats: byId("drill-stats"),
    work: byId("drill-work"),
    workText: byId("drill-work-text"),
  };
  const board = ui.board;
  byId("drill-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    stopEngine();
    away(false);
  });
  byId("drill-check").addEventListener("click", check);
  byId("drill-next").addEventListener("click", () => void nextDrill());
  byId("drill-reset").addEventListener("click", () => drills.drill && showDrill(drills.drill));
  byId("drill-cancel").addEventListener("click", stopEngine);
  ui.select.addEventListener("change", () => void nextDrill());
  for (const button of dialog.querySelectorAll("button[data-drill-tool]")) {
    button.addEventListener("click", () => setTool(/** @type {HTMLElement} */ (button).dataset.drillTool === "centre" ? "centre" : "digit"));
  }
  for (const button of dialog.querySelectorAll("button[data-drill-digit]")) {
    button.addEventListener("click", () => board.input(Number(/** @type {HTMLElement} */ (button).dataset.drillDigit)));
  }
  board.addEventListener("sudoku-tool", showTool);
  board.addEventListener("sudoku-change", () => {
    // a move after the verdict starts a new try at the same position (the record counted once)
    if (ui && ui.dialog.dataset.state !== "asking") {
      board.highlight = null;
      board.flagged = [];
      ui.dialog.dataset.state = "asking";
    }
  });
  board.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Enter" && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      check();
    }
  });
}
