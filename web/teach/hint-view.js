// @ts-check
// Hint (the button and the H key): help in three steps for the game as it is now, said in the
// live region (#hint-text) and drawn on the board (its `highlight` overlay). The first press says
// where to look (the step's houses outlined, no digits), the next names the technique and shows
// its cells and candidates, the third what it eliminates (struck) or places, with Apply, which
// makes it one undoable move. A wrong digit is reported before any technique, in three levels
// too: its row, its cell, then Apply removing it; so is a needed candidate the player removed,
// but only when their centre marks are complete candidates (marks-meaning.js: else they are
// notes, and the engine takes nothing as removed): the unit, the cell, then the digit, with Apply
// putting it back. A hint counts once for what it is about (hintSubject): its further levels,
// Apply, and the same step asked again after another edit add nothing. Any change of the board
// takes the hint (and its drawing) away, but not what it named: a step's digits and
// eliminations, once shown at any level, are read (the history's `read`, saved with the game),
// and the move that makes one, now or after a reload, is marked in the history as made after a
// hint (the review says "with help").
//
// From the pattern level on the board also draws a Step's `links` (chains, loops, AICs, wings;
// a group node as all its cells), a fish's base and cover sets and fins, a colouring's colour
// classes and an ALS step's cell groups (`als`, when the engine sends it); the hint's text then
// says the same in words ("Base: row 2, row 7 (solid outline) ..."), so nothing rests on colour.
// A kept mark that a placed digit rules out, when the step depends on it (hint kind
// "remove_first"), is named before the step, with Apply removing it. Levels 2 and 3 offer
// "What is a <technique>?" (technique-help.js) and, behind a "Notation" disclosure, the step in
// the standard notation (the expert's line).

import { byId } from "../app/dom.js";
import { runEngine } from "../engine/engine-runner.js";
import { combine } from "../board/grid.js";
import {
  applyLabel, canApply, eraseChanges, highlightFor, hintSubject, hintWords, levelCount, playerCandidates, removalChanges, restoreChanges,
  stepChanges,
} from "./hint-drawing.js";
import { marksMeaning } from "./marks-meaning.js";
import { askAbout } from "./technique-help.js";
import { autosave, currentGameId } from "../game/autosave.js";
import { board, readHint, state } from "../app/page-state.js";
import { settings } from "../app/settings.js";
import { makeMove } from "../game/play-history.js";
import { clearVerdict, showFailure } from "../engine/verdict-view.js";
import { noHintWords } from "../engine/verdict-words.js";
import { SolverError } from "../engine/solver-client.js";
import { actionTaken, status } from "../app/status.js";

/** @typedef {import("../engine/protocol.js").Hint} Hint */
/** @typedef {import("../engine/protocol.js").Step} Step */

const text = byId("hint-text");
const applyButton = /** @type {HTMLButtonElement} */ (byId("hint-apply"));
const techniqueButton = byId("hint-technique");
const notation = byId("hint-notation");
const notationText = byId("hint-notation-text");

/** The hint for the state it was asked for, and how many of its levels are shown. */
let current = /** @type {{key: string, hint: Hint, shown: number} | null} */ (null);

/**
 * What the hints counted in this game (its id and givens) were about (hint-drawing's
 * hintSubject). A step's hint is also known as counted after a reload: what it named is in the
 * game's saved `read` (see namedBy).
 */
let counted = { game: "", subjects: new Set() };

/**
 * What a hint names, as the keys of the history's `read`: a step's digits and eliminations
 * ("39=3", "0-5"), the wrong digits a mistake hint is about ("51x6"), the removed candidates a
 * missing-candidate hint puts back ("3+6"). @param {Hint} hint
 */
function namedBy(hint) {
  if (hint.kind === "step" && hint.step) {
    return [...hint.step.placements.map((p) => `${p.cell}=${p.digit}`), ...hint.step.eliminations.map((e) => `${e.cell}-${e.digit}`)];
  }
  if (hint.kind === "mistake") return hint.mistakes.map((m) => `${m.cell}x${board.entries[m.cell]}`);
  if (hint.kind === "missing_candidate") return hint.missing.map((m) => `${m.cell}+${m.digit}`);
  return [];
}

/** The hint line is for another state now: hide it, and its drawing. */
export function clearHint() {
  board.highlight = null;
  if (!current && text.hidden) return;
  current = null;
  text.hidden = true;
  text.textContent = "";
  text.dataset.level = "0";
  applyButton.hidden = true;
  notation.hidden = true;
  askAbout(techniqueButton, null);
}

/**
 * The hint's words into the sheet's view: the sheet may be scrolled down to the panels, which
 * would leave the words above its top (only the sheet scrolls, so the board does not move).
 */
function bringIntoView() {
  const sheet = text.closest(".sheet");
  if (!sheet) return;
  const above = sheet.getBoundingClientRect().top - text.getBoundingClientRect().top;
  if (above > 0) sheet.scrollTop -= above;
}

/** @param {Hint} hint @param {number} level 1..3 */
function show(hint, level) {
  const step = hint.step;
  const named = namedBy(hint);
  if (named.length && readHint(named)) autosave();
  text.textContent = hintWords(hint, level);
  text.hidden = false;
  bringIntoView();
  text.dataset.level = String(level);
  text.dataset.kind = hint.kind;
  if (hint.kind === "mistake" && mistakesVerdict()) clearVerdict(); // said once: here, level by level
  board.highlight = highlightFor(hint, level);
  askAbout(techniqueButton, hint.kind === "step" && step && level >= 2 ? step.technique : null);
  applyButton.hidden = !canApply(hint, level);
  applyButton.textContent = applyLabel(hint);
  const expert = hint.kind === "step" && level >= 2 ? hint.levels.notation ?? "" : "";
  notationText.textContent = expert;
  notation.hidden = !expert;
}

/** The board's options for tidying marks as a typed digit does. */
const tidy = () => ({ clearPeerMarks: board.clearPeerMarks, keepCandidates: board.autoCandidates });

/** The board, as playerCandidates reads it. */
const boardMarks = () => ({ givens: board.givens, entries: board.entries, centre: board.getAttribute("centre") });

/**
 * What the engine is asked about: the puzzle, the player's digits, and their centre marks (when
 * any) with what those are; also the key of the hint it gives (same key, same hint).
 */
function request() {
  const digits = combine(board.givens, board.entries);
  const candidates = playerCandidates(boardMarks());
  /** @type {import("../engine/protocol.js").Ops["hint"]["args"]} */
  const args = { grid: board.givens, digits };
  if (candidates) {
    args.candidates = candidates;
    args.marks = marksMeaning({
      givens: board.givens, entries: board.entries, centre: board.centre, history: state.progress.history, settings,
    });
  }
  return { args, key: JSON.stringify(args) };
}

/** Apply: the shown step's effect as one undoable move ("a hint"). */
function apply() {
  const step = current?.hint.step;
  if (current?.hint.kind === "missing_candidate" && current.shown === 3) {
    const back = current.hint.missing.map((m) => `${m.digit} in ${m.name}`).join(", ");
    if (!makeMove("hint", restoreChanges(current.hint, board.layers))) return;
    board.focusGrid();
    applied(`Put back ${back}. Undo takes ${back.includes(",") ? "them" : "it"} out again.`);
    return;
  }
  if (current?.hint.kind === "mistake" && current.shown === 3) {
    const wrong = current.hint.mistakes.map((m) => m.name);
    if (!makeMove("hint", eraseChanges(current.hint, board.layers))) return;
    board.focusGrid();
    const them = wrong.length === 1 ? "it" : "them";
    applied(`Removed the wrong digit${wrong.length === 1 ? "" : "s"} from ${wrong.join(", ")}. Undo puts ${them} back.`);
    return;
  }
  if (current?.hint.kind === "remove_first") {
    const removed = (current.hint.remove ?? []).map((r) => `${r.digit} from ${r.name}`).join(", ");
    if (!makeMove("hint", removalChanges(current.hint, board.layers))) return;
    board.focusGrid();
    applied(`Removed ${removed}. Undo brings ${removed.includes(",") ? "them" : "it"} back.`);
    return;
  }
  if (!current || current.shown < 3 || !step) return;
  // in words (the notation stays behind the card's Notation disclosure, which goes with the hint)
  const words = `Applied ${step.summary ?? step.technique}. Undo takes it back.`;
  if (!makeMove("hint", stepChanges(step, board.layers, tidy()))) return;
  board.focusGrid(); // Apply hides itself: play goes on on the board
  // the move cleared the hint (any change does); say what it did in the same live region
  applied(words);
}

/** What Apply did, in the hint's live region (in view: the card is shorter than the hint was). @param {string} words */
function applied(words) {
  text.textContent = words;
  text.hidden = false;
  text.dataset.level = "0";
  text.dataset.kind = "applied";
  bringIntoView();
}

/** Whether the verdict line names the player's mistakes (Check found them). */
const mistakesVerdict = () => /** @type {{status?: string} | null} */ (status.get("verdict"))?.status === "mistakes";

/**
 * The Apply button; the hint goes with any edit on the board (the page's afterChange clears it
 * too), and a mistake hint when Check names the mistakes (one place says them).
 */
export function wireHint() {
  applyButton.addEventListener("click", apply);
  board.addEventListener("sudoku-change", () => clearHint());
  status.subscribe((slot) => {
    if (slot === "verdict" && current?.hint.kind === "mistake" && mistakesVerdict()) clearHint();
  });
}

/**
 * Count a hint found, once for what it is about: its further levels, Apply, and the same step
 * found again after another edit are the same hint. @param {Hint} found @param {() => void} count
 */
function countOnce(found, count) {
  if (found.kind === "solved") return;
  const game = `${currentGameId() ?? ""}:${board.givens}`;
  if (counted.game !== game) counted = { game, subjects: new Set() };
  const subject = hintSubject(found);
  if (counted.subjects.has(subject)) return;
  const named = namedBy(found);
  const read = new Set(state.progress.history.read ?? []);
  if (named.length && named.every((key) => read.has(key))) return; // shown before this page load
  counted.subjects.add(subject);
  count();
}

/** One press of Hint. @param {() => void} count  a new hint was shown (one per step asked) */
export async function hint(count) {
  actionTaken();
  if (board.mode !== "play") {
    text.hidden = false;
    text.textContent = "Hints are for playing: switch to “Play” first.";
    text.dataset.level = "0";
    return;
  }
  const { args, key } = request();
  if (current && current.key === key) {
    const levels = levelCount(current.hint);
    if (current.shown < levels) current.shown += 1;
    show(current.hint, current.shown);
    return;
  }
  try {
    const found = await runEngine("hint", args, "Finding a hint");
    if (request().key !== key) return;
    current = { key, hint: found, shown: 1 };
    countOnce(found, count);
    show(found, 1);
  } catch (error) {
    if (error instanceof SolverError && error.type === "InvalidPuzzleError") await sayWhyNoHint(key);
    else showFailure(error, "hint");
  }
}

/**
 * The puzzle is not one proper puzzle (several solutions, none, clashing givens): say why in
 * the hint's place, in plain words, with the cells where two solutions differ outlined.
 * @param {string} key  the state the hint was asked for
 */
async function sayWhyNoHint(key) {
  try {
    const v = await runEngine("check", { grid: board.givens }, "Checking");
    if (request().key !== key) return;
    text.textContent = noHintWords(v);
    text.hidden = false;
    text.dataset.level = "0";
    text.dataset.kind = "none";
    applyButton.hidden = true;
    notation.hidden = true;
    askAbout(techniqueButton, null);
    board.highlight = v.givens && v.differences.length ? { cells: v.differences } : null;
    bringIntoView();
  } catch (error) {
    showFailure(error, "hint");
  }
}
