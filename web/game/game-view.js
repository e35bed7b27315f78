// @ts-check
// The game on the board and everything that follows from it: the mode, the conflicts line, the
// puzzle's seed and level (above the board and in the print header), the export fields and share
// link, and which saved game is on the board (autosave.js saves it; a new game gets its own
// record, and the game it replaces can be brought back with Undo or from Recent games).

import { autosave, currentGameId, openLibrary, switchGame, unsavedGame } from "./autosave.js";
import { decodeMove, formatMarks, layersOf } from "../board/cell-layers.js";
import { showCompletion } from "./completion-view.js";
import { byId } from "../app/dom.js";
import { gameOf, layersOfGame, newPlay, sameGame } from "./game-record.js";
import { elapsedMs, isPaused, setElapsed, setPlayable } from "./game-timer.js";
import { EMPTY_GRID, combine, filledCount, findConflicts, wrongCells } from "../board/grid.js";
import { clearHint } from "../teach/hint-view.js";
import { board, markSolved, setInfo, setProgress, state } from "../app/page-state.js";
import { updateHistoryButtons } from "./play-history.js";
import { LEVEL_NAMES, describeInfo, infoParts } from "../puzzles/puzzle-info.js";
import { showCurrentGame } from "./recent-games.js";
import { settings } from "../app/settings.js";
import { gameChanged, say } from "../app/status.js";
import { shareLinkFor } from "../puzzles/share-link.js";
import { offerUndo } from "./undo-line.js";

/** @typedef {import("../app/storage.js").Game} Game */
/** @typedef {import("./game-record.js").GameRecord} GameRecord */

const conflictsText = byId("conflicts");
const exportLine = /** @type {HTMLOutputElement} */ (byId("export-line"));
const shareLink = /** @type {HTMLOutputElement} */ (byId("share-link"));
const shareProgress = /** @type {HTMLInputElement} */ (byId("share-progress"));
const puzzleInfo = byId("puzzle-info");
const printTitle = byId("print-title");
const modeRadios = /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="mode"]'));

/** What was known about the puzzle before its givens were edited (Undo may bring them back). */
let infoSetAside = /** @type {import("../puzzles/puzzle-info.js").PuzzleInfo | null} */ (null);

/**
 * Fires "shown" when another game is put on the board (app.js schedules background work),
 * "change" after every change to the game (embed-frame.js tells the host), and "info" when what
 * is known about the puzzle changed (its grade came: Create mode's verdict shows it).
 */
export const gameEvents = new EventTarget();

/** The game on the board, as it is saved: cells, marks, history, time and help used. @returns {Game} */
export function currentGame() {
  const layers = board.layers;
  const { history, hints, reveals, undos, solved } = state.progress;
  return {
    givens: layers.givens, entries: layers.entries, mode: board.mode, info: state.info,
    play: {
      corner: formatMarks(layers.corner), centre: formatMarks(layers.centre), colours: formatMarks(layers.colours),
      history, ms: elapsedMs(), hints, reveals, undos, solved,
    },
  };
}

/**
 * Put a game on the board: a new game (its own saved record) unless `record` is the saved game
 * it comes from. The game it replaces stays saved; `undo` (what happened, for the undo line)
 * offers to bring it back.
 * @param {Game} game
 * @param {{record?: GameRecord | null, undo?: string}} [options]
 */
export function showGame(game, options = {}) {
  autosave(); // the game left, as it is now (its clock has run since its last move)
  const before = currentGame();
  const beforeId = currentGameId();
  const record = options.record ?? null;
  switchGame(record);
  setBoard(game);
  afterChange();
  gameEvents.dispatchEvent(new Event("shown"));
  showCurrentGame();
  const wasEmpty = before.givens === EMPTY_GRID && before.entries === EMPTY_GRID;
  if (options.undo && !wasEmpty && !(record && record.id === beforeId) && !sameGame(before, game)) {
    offerUndo(`${options.undo} The game before is in Recent games.`, () => void returnTo(beforeId, before));
  }
}

/** Put the cells, marks, history, time, info and mode on the board (no new game). @param {Game} game */
function setBoard(game) {
  const play = game.play ?? newPlay();
  board.layers = game.play ? layersOfGame(game) : layersOf(game.givens, game.entries);
  setInfo(game.info && game.info.puzzle === game.givens ? game.info : null);
  setProgress({ history: play.history, hints: play.hints, reveals: play.reveals, undos: play.undos, solved: play.solved });
  setElapsed(play.ms);
  setMode(game.mode);
  updateHistoryButtons();
}

/**
 * Another tab's moves merged into this game: show them (the verdict, this tab's clock and its
 * pause stay). @param {Game} game
 */
export function applyMergedGame(game) {
  const ms = elapsedMs();
  const paused = isPaused();
  setBoard(game);
  setElapsed(Math.max(ms, game.play?.ms ?? 0), paused);
  gameChanged();
  showChange(); // not saved again: it is the stored game (saving it would echo between the tabs)
}

/**
 * Put a saved game back on the board (Undo, Recent games): as stored now (or as this tab has
 * it waiting to be written, when writes fail), or as this tab last had it when storage cannot
 * be read.
 * @param {string} id @param {Game} [fallback] @param {string} [undo]
 */
export async function returnTo(id, fallback, undo) {
  const library = openLibrary();
  const got = library ? await library.get(id) : null;
  if (got && got.ok && got.record) {
    showGame(unsavedGame(id) ?? gameOf(got.record), { record: got.record, undo });
    if (got.repaired) say(repairedNote(got.repaired), "warning");
  } else if (fallback) showGame(fallback, { undo });
}

/**
 * What the player is told of a saved game that was repaired as it was read (game-record.js
 * `repaired`: "dropped its move times (not one per move)"): the game is there, a part is not.
 * @param {string} repaired
 */
export function repairedNote(repaired) {
  return `This saved game needed a repair as it opened: it ${repaired}. Your digits and marks are as saved.`;
}

/** @param {"play" | "enter"} mode */
function setMode(mode) {
  board.mode = mode;
  showModeRadios();
  document.body.dataset.mode = mode;
  byId("create-bar").hidden = mode !== "enter";
}

/** The mode radios say the board's mode. */
function showModeRadios() {
  for (const radio of modeRadios) radio.checked = radio.value === board.mode;
}

/**
 * Switch the game on the board to Play or Create mode (the clock, the mistakes and the conflicts
 * follow the mode, and it is saved). Play from Create goes through create-view.js's gate first.
 * @param {"play" | "enter"} mode
 */
export function switchMode(mode) {
  if (board.mode === mode) return;
  setMode(mode);
  afterChange();
}

/**
 * The mode radios. Create switches at once (the player's digits stay); Play from Create asks
 * `askToPlay` (the gate: a puzzle that is not unique stays in Create mode until "Play anyway"),
 * and the radios keep saying Create until the gate lets it through.
 * @param {() => void} askToPlay
 */
export function wireModeRadios(askToPlay) {
  for (const radio of modeRadios) {
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      const mode = radio.value === "enter" ? "enter" : "play";
      if (mode === "play" && board.mode === "enter") {
        showModeRadios();
        askToPlay();
      } else {
        switchMode(mode);
      }
    });
  }
}

/** @typedef {{givens: string, since: number}} ClockHold */
/** The hold on the clock of the puzzle whose check is awaited, or null. @type {ClockHold | null} */
let clockHold = null;

/**
 * Hold the clock of the game with these givens until `releaseClock`: a puzzle shown at once in
 * Play mode (a link opened while the engine starts) is not a timed game before it is known to be
 * a proper puzzle. The time it is held is kept aside, and counted once the check says it is one
 * (or when the player solves it meanwhile). A newer hold replaces it.
 * @param {string} givens @returns {ClockHold}
 */
export function holdClock(givens) {
  clockHold = { givens, since: performance.now() };
  updateClock();
  return clockHold;
}

/**
 * The check has answered: the clock may run (if the game is still played), and the time the
 * player already spent on the puzzle counts. @param {ClockHold} hold
 */
export function releaseClock(hold) {
  if (clockHold !== hold) return;
  foldHeldTime();
  updateClock();
}

/** The held time of the game on the board, added to its clock; the hold ends. */
function foldHeldTime() {
  const hold = clockHold;
  clockHold = null;
  if (!hold || hold.givens !== board.givens || board.mode !== "play" || state.progress.solved) return;
  setElapsed(elapsedMs() + Math.max(0, performance.now() - hold.since), isPaused());
}

/** The clock runs in Play mode with givens, until the grid is complete and not while its check is awaited. */
function updateClock() {
  const complete = document.body.dataset.complete === "true";
  setPlayable(board.mode === "play" && board.givens !== EMPTY_GRID && !complete && clockHold?.givens !== board.givens);
}

/**
 * After a move by the player (typed, from the pad, undone or redone, Reveal, a hint): everything
 * afterChange does, and the completion when this move solved the grid, once per game. Not when
 * Solve filled any of it (the engine solved it, not the player), even if a digit was then
 * erased and typed again.
 */
export function afterMove() {
  afterChange();
  const { history, solved } = state.progress;
  if (solved || board.mode !== "play" || document.body.dataset.complete !== "true" || history.at === 0) return;
  if (history.moves.slice(0, history.at).some((move) => decodeMove(move)?.kind === "solve")) return;
  foldHeldTime(); // solved while its check was awaited: that time was played too
  markSolved();
  setPlayable(false);
  const { hints, reveals, undos } = state.progress;
  showCompletion({ puzzle: board.givens, ms: elapsedMs(), hints, reveals, undos, info: state.info });
  say("Solved! Every row, column and box has 1 to 9.", "success");
  autosave();
  gameEvents.dispatchEvent(new Event("change"));
}

/**
 * Whatever changed on the board: what was said about the game before goes (the status model),
 * then the conflicts text, mistakes, the clock, exports, autosave.
 */
export function afterChange() {
  gameChanged();
  showChange();
  autosave();
  gameEvents.dispatchEvent(new Event("change"));
}

/** The settings changed: what the board shows follows them (the game itself did not change). */
export function settingsApplied() {
  showChange();
}

/** What follows from the board as it is now: conflicts text, mistakes, the clock, info, exports. */
function showChange() {
  const grid = combine(board.givens, board.entries);
  const found = findConflicts(grid); // the rules hold whatever the mistake mode shows
  // in Create mode the verdict names the givens' own clashes: the line names only the rest
  const givensOwn = new Set(board.mode === "enter" ? findConflicts(board.givens).map((c) => c.message) : []);
  const conflicts = settings.mistakes === "off" ? [] : found.filter((c) => !givensOwn.has(c.message));
  clearHint();
  conflictsText.dataset.count = String(conflicts.length);
  if (conflicts.length) {
    const shown = conflicts.slice(0, 2).map((c) => c.message);
    const more = conflicts.length > 2 ? `; and ${conflicts.length - 2} more` : "";
    conflictsText.textContent = `Conflict: ${shown.join("; ")}${more}.`;
  } else {
    conflictsText.textContent = "";
  }
  const filled = filledCount(grid);
  const complete = filled === 81 && found.length === 0;
  document.body.dataset.filled = String(filled);
  document.body.dataset.complete = String(complete);
  if (complete && board.mode === "play" && board.entries !== EMPTY_GRID) {
    say("Complete: every row, column and box has 1 to 9.", "success");
  }
  markMistakes();
  // the clock runs until the grid is complete (a full grid with a mistake is still being played)
  updateClock();
  exportLine.value = board.givens;
  // the givens were edited: the info no longer applies, but comes back if the edit is undone
  if (state.info && state.info.puzzle !== board.givens) {
    infoSetAside = state.info;
    setInfo(null);
  } else if (!state.info && infoSetAside?.puzzle === board.givens) {
    setInfo(infoSetAside);
  }
  showInfo();
  updateShareLink();
}

/**
 * The mistake mode on the board: conflicts shown or not, and with "against the solution" the
 * player's digits that differ from it (once the engine has solved the puzzle in the background).
 */
export function markMistakes() {
  board.toggleAttribute("conflicts", false);
  // while givens are typed, clashing givens are always shown: the verdict on them names them
  if (settings.mistakes === "off" && board.mode === "play") board.setAttribute("conflicts", "off");
  const solution = state.solution?.puzzle === board.givens ? state.solution.solution : null;
  const wrong = settings.mistakes === "solution" && solution && board.mode === "play" ? wrongCells(board.entries, solution) : [];
  if (wrong.length) board.setAttribute("wrong", wrong.join(" "));
  else board.removeAttribute("wrong");
}

/** The puzzle the engine should solve in the background for the mistake mode, or null. */
export function solutionWanted() {
  if (settings.mistakes !== "solution" || board.mode !== "play") return null;
  if (state.solution?.puzzle === board.givens || filledCount(board.givens) < 17) return null;
  return board.givens;
}

/** The puzzle's seed and level above the board and in the print header. */
export function showInfo() {
  const info = state.info;
  const grading = info ? state.grading === info.puzzle : false;
  const text = info ? describeInfo(info, { grading }) : "";
  // unchanged text is not announced again
  if (puzzleInfo.textContent !== text) puzzleInfo.replaceChildren(...(info ? infoSpans(infoParts(info, { grading })) : []));
  puzzleInfo.title = text; // the whole line, where a narrow top bar cuts it short
  puzzleInfo.hidden = !info;
  for (const [name, value] of Object.entries({
    seed: info?.seed, level: info?.level, score: info?.score, symmetry: info?.symmetry, source: info?.source,
    claimed: info?.claimed ? "true" : undefined,
  })) {
    if (value === undefined) delete puzzleInfo.dataset[name];
    else puzzleInfo.dataset[name] = String(value);
  }
  printTitle.textContent = info?.level ? `Sudoku · ${LEVEL_NAMES[info.level]}` : "Sudoku";
}

/**
 * The info line as spans (its text is describeInfo's): the first part, then the score and the
 * rest in `.info-sub`, which a phone's top bar puts on a second line, smaller: the score alone
 * when there is one, without the brackets and the separator that would start it (`.info-punct`).
 * @param {{head: string, score: string, rest: string[]}} parts
 */
function infoSpans({ head, score, rest }) {
  const span = (/** @type {string} */ text, /** @type {string} */ className = "") => {
    const element = document.createElement("span");
    element.textContent = text;
    if (className) element.className = className;
    return element;
  };
  const sub = span("", "info-sub");
  if (score) sub.append(span(" (", "info-punct"), span(score, "info-score"), span(")", "info-punct"));
  rest.forEach((part, i) => {
    const more = span("", "info-rest");
    more.append(span(" · ", i === 0 && !score ? "info-punct" : ""), part);
    sub.append(more);
  });
  return [span(head, "info-head"), sub];
}

/** The info changed (graded in the background): show it, link it, save it. */
export function infoChanged() {
  showInfo();
  updateShareLink();
  autosave();
  gameEvents.dispatchEvent(new Event("info"));
}

/** The share link field, for the game as it is now; returns the link ("" for an empty board: nothing to share). */
export function updateShareLink() {
  const empty = board.givens === EMPTY_GRID;
  shareLink.value = empty ? "No givens yet" : shareLinkFor(currentGame(), shareProgress.checked, location.href);
  shareLink.dataset.empty = String(empty);
  // nothing to share, copy, save or print before the first given (the engine's formats say so)
  for (const id of ["share", "copy", "save-file", "print"]) /** @type {HTMLButtonElement} */ (byId(id)).disabled = empty;
  return empty ? "" : shareLink.value;
}

