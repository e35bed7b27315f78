// @ts-check
// Create mode's tools for setters (#setter-tools, in the sheet), as the setter types: once the
// live verdict says "several solutions" (from 17 givens) or "unique", the engine's `study` runs
// as background work and the bar shows, for several solutions, the fewest givens to add (drawn
// on the board as the digits to place; the cells where two solutions differ are flagged by the
// verdict) with a button for each; for a unique puzzle, the redundant givens (highlighted) and
// "Make minimal…", which asks `minimize` as the person's request (progress, Cancel) and offers
// its choices; and always the givens' symmetry. Every change the tools make is one undoable move.
// They are in the sheet (which scrolls), not in the bar above the pad: a list of choices there
// pushed the pad and the game's buttons off a phone's screen. What they offer anew is scrolled
// into the sheet's view.

import { byId } from "../app/dom.js";
import { board } from "../app/page-state.js";
import { say } from "../app/status.js";
import { diffLayers, layersOf } from "../board/cell-layers.js";
import { cellName } from "../board/grid.js";
import { LIVE_CHECK_SECONDS } from "../engine/engine-budgets.js";
import { client, personRequests, runEngine } from "../engine/engine-runner.js";
import { CancelledError, SolverError } from "../engine/solver-client.js";
import { gameEvents } from "../game/game-view.js";
import { makeMove } from "../game/play-history.js";
import { knownVerdict, verdictEvents } from "./puzzle-check.js";
import { choiceLabel, minimalChoices } from "./minimal-choices.js";

/** @typedef {import("../engine/protocol.js").Study} Study */
/** @typedef {import("../engine/protocol.js").MinimalChoice} MinimalChoice */

const DEBOUNCE_MS = 300;
/** At most this many single givens are offered as buttons (all of them are named). */
const MOST_BUTTONS = 6;
/** Past this many redundant givens they are counted, not named (the board shows them). */
const MOST_NAMED = 12;
/** No added given can make a puzzle with fewer givens unique: the tools wait for 17. */
const MIN_GIVENS = 17;

const live = {
  /** the givens the shown study is for */
  shown: "",
  timer: /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined),
  controller: /** @type {AbortController | null} */ (null),
  /** @type {Map<string, Study>} the latest studies, by givens */
  known: new Map(),
  /** the levels of Make minimal…'s choices being graded */
  grading: /** @type {AbortController | null} */ (null),
};

/** @type {{tools: HTMLElement, text: HTMLElement, actions: HTMLElement, symmetry: HTMLElement} | null} */
let view = null;

/** Wire the tools: they follow the board, the verdicts and the person's requests. */
export function wireSetter() {
  view = { tools: byId("setter-tools"), text: byId("setter-text"), actions: byId("setter-actions"), symmetry: byId("setter-symmetry") };
  gameEvents.addEventListener("change", update);
  verdictEvents.addEventListener("verdict", update);
  personRequests.addEventListener("start", () => stop());
  personRequests.addEventListener("idle", update);
  update();
}

/** @param {string} givens */
const countGivens = (givens) => [...givens].filter((d) => d !== "." && d !== "0").length;

/** Show what is known for the board's givens, and ask the engine for what is not. */
function update() {
  const givens = board.givens;
  if (board.mode !== "enter") {
    stop();
    hide();
    return;
  }
  const verdict = knownVerdict(givens);
  const wanted = verdict && (verdict.status === "unique" || (verdict.status === "multiple" && countGivens(givens) >= MIN_GIVENS));
  if (!wanted) {
    stop();
    hide();
    return;
  }
  const known = live.known.get(givens);
  if (known) {
    draw(givens, known);
    return;
  }
  if (live.shown !== givens) hide();
  if (live.controller || live.timer !== undefined) stop();
  live.timer = setTimeout(() => void ask(givens), DEBOUNCE_MS);
}

function stop() {
  live.grading?.abort();
  clearTimeout(live.timer);
  live.timer = undefined;
  live.controller?.abort();
  live.controller = null;
}

/** @param {string} givens */
async function ask(givens) {
  live.timer = undefined;
  if (board.givens !== givens || board.mode !== "enter") return;
  const controller = new AbortController();
  live.controller = controller;
  try {
    const study = await client.request("study", { grid: givens, max_seconds: LIVE_CHECK_SECONDS }, { signal: controller.signal });
    live.known.set(givens, study);
    if (live.known.size > 16) live.known.delete(/** @type {string} */ (live.known.keys().next().value));
    if (board.givens === givens && board.mode === "enter") draw(givens, study);
  } catch (error) {
    if (!(error instanceof SolverError)) throw error; // cancelled, or the engine could not: nothing to show
  } finally {
    if (live.controller === controller) live.controller = null;
  }
}

function hide() {
  if (!view) return;
  view.tools.hidden = true;
  if (live.shown) board.highlight = null;
  live.shown = "";
}

/** @param {[number, number][]} clues */
const clueWords = (clues) => clues.map(([cell, digit]) => `${cellName(cell)}=${digit}`).join(", ");

/** @param {string} givens @param {Study} study */
function draw(givens, study) {
  if (!view) return;
  const anew = view.tools.hidden || live.shown !== givens;
  live.shown = givens;
  view.tools.hidden = false;
  view.actions.replaceChildren();
  view.symmetry.textContent = study.symmetry.message;
  if (study.status === "multiple" && study.clues.length) {
    view.text.textContent = study.repair_message ?? "";
    // the given the sentence names comes first, then the others in cell order
    const named = study.clues.length === 1 ? study.clues[0] : null;
    const singles = named
      ? [named, ...study.single_clues.filter(([cell, digit]) => cell !== named[0] || digit !== named[1])]
      : study.single_clues;
    const offers = singles.length ? singles.slice(0, MOST_BUTTONS).map((clue) => [clue]) : [study.clues];
    for (const clues of offers) view.actions.append(button(`Add ${clueWords(clues)}`, () => addGivens(givens, clues)));
    board.highlight = { cells: [], candidates: offers.flat().map(([cell, digit]) => ({ cell, digit, role: "place" })) };
  } else if (study.status === "unique" && study.redundant) {
    const count = study.redundant.length;
    const names = study.redundant.map(cellName).join(", ");
    view.text.textContent = !count
      ? "Minimal: no given can go."
      : count > MOST_NAMED
        ? `${count} redundant givens (each could go alone), highlighted on the board.`
        : `Redundant givens (each could go alone): ${names}.`;
    if (count) view.actions.append(button("Make minimal…", () => void makeMinimal(givens)));
    board.highlight = { cells: study.redundant };
  } else {
    view.text.textContent = "";
    board.highlight = null;
  }
  if (anew) bringIntoView(view);
}

/**
 * The tools, down to their buttons, into the sheet's view when they are not: the sheet may be
 * scrolled down to the panels, or the buttons may be below its bottom (only the sheet scrolls:
 * the board and the pad stay where they are). Scrolled as near the sheet's top as shows them, so
 * that the status line above stays in view when it can; never past the tools' top.
 * @param {{tools: HTMLElement, text: HTMLElement, actions: HTMLElement}} parts
 */
function bringIntoView({ tools, text, actions }) {
  const sheet = tools.closest(".sheet");
  if (!sheet) return;
  const port = sheet.getBoundingClientRect();
  const top = tools.getBoundingClientRect().top - port.top; // from the sheet's view
  const end = (actions.childElementCount ? actions : text).getBoundingClientRect().bottom - port.top;
  if (top >= 0 && end <= sheet.clientHeight) return;
  sheet.scrollTop = Math.min(sheet.scrollTop + top, Math.max(0, sheet.scrollTop + end - sheet.clientHeight));
}

/** @param {string} label @param {() => void} act */
function button(label, act) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = label;
  made.addEventListener("click", act);
  return made;
}

/** Replace the board's givens by `next`, as one undoable move. @param {string} next @param {string} what */
function setGivens(next, what) {
  const layers = board.layers;
  if (makeMove("given", diffLayers(layers, layersOf(next, layers.entries)))) say(what, "success");
}

/** @param {string} givens @param {[number, number][]} clues */
function addGivens(givens, clues) {
  if (board.givens !== givens) return;
  const cells = [...givens];
  for (const [cell, digit] of clues) cells[cell] = String(digit);
  setGivens(cells.join(""), `Added ${clueWords(clues)}: the puzzle is unique.`);
}

/** Ask for minimal puzzles inside this one and offer them. @param {string} givens */
async function makeMinimal(givens) {
  if (!view) return;
  let choices;
  try {
    ({ choices } = await runEngine("minimize", { grid: givens, choices: 4 }, "Finding minimal puzzles"));
  } catch (error) {
    if (error instanceof CancelledError) return;
    if (!(error instanceof SolverError)) throw error;
    say(`No minimal puzzle: ${error.message}`, "error");
    return;
  }
  if (board.givens !== givens || board.mode !== "enter") return;
  view.actions.replaceChildren();
  const offered = minimalChoices(choices);
  view.text.textContent = `Minimal puzzles inside this one (${offered.length}): choose one (pointing at one shows the givens it removes).`;
  const shownBefore = board.highlight;
  const made = offered.map(({ choice, removed, label }) => {
    const made = button(label, () => chooseMinimal(givens, choice));
    // the givens it removes, drawn as the redundant givens are, while it is pointed at or focused
    const preview = () => {
      if (board.givens === givens) board.highlight = { cells: removed };
    };
    const unpreview = () => {
      if (board.givens === givens) board.highlight = shownBefore;
    };
    made.addEventListener("pointerenter", preview);
    made.addEventListener("focus", preview);
    made.addEventListener("pointerleave", unpreview);
    made.addEventListener("blur", unpreview);
    view?.actions.append(made);
    return made;
  });
  bringIntoView(view);
  made[0]?.focus();
  void gradeChoices(givens, offered, made);
}

/**
 * Each choice's level, graded in the background after they are offered (a minimal puzzle grades
 * in milliseconds to a second or two here, so the choices come first and the levels follow);
 * stops when the givens change or a person's request starts.
 * @param {string} givens @param {ReturnType<typeof minimalChoices>} offered @param {HTMLButtonElement[]} made
 */
async function gradeChoices(givens, offered, made) {
  live.grading?.abort();
  const controller = new AbortController();
  live.grading = controller;
  for (const [i, { choice, removed }] of offered.entries()) {
    if (board.givens !== givens || controller.signal.aborted || !made[i].isConnected) break;
    try {
      const graded = await client.request("grade", { grid: choice.puzzle }, { signal: controller.signal });
      made[i].textContent = choiceLabel(choice, removed, graded.level);
    } catch (error) {
      // cancelled (the loop ends above), or the engine gave up on this one: it shows no level,
      // and the next choice is still graded
      if (!(error instanceof SolverError)) throw error;
    }
  }
  if (live.grading === controller) live.grading = null;
}

/** @param {string} givens @param {MinimalChoice} choice */
function chooseMinimal(givens, choice) {
  if (board.givens !== givens) return;
  setGivens(choice.puzzle, `Made minimal: ${choice.givens} givens, ${choice.removed.length} removed (Undo brings them back).`);
}
