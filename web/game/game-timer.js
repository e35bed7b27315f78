// @ts-check
// The game's clock: the time played, saved with the game. It runs only while the game can be
// played (a puzzle in Play mode, not yet completed), the tab is visible, the player has not
// paused and is not practising a technique; while paused by the player the board shows nothing
// (no peeking). Hidden in settings,
// it still counts (the completion shows the time).

import { byId } from "../app/dom.js";
import { board } from "../app/page-state.js";
import { formatTime } from "./game-summary.js";

const box = byId("timer-box");
const text = byId("timer");
const pauseButton = /** @type {HTMLButtonElement} */ (byId("pause"));
const pausedPanel = byId("paused");
const SAVE_EVERY_MS = 15_000;

/** Time played before `since`. */
let banked = 0;
/** performance.now() when the clock last started, or null while stopped. */
let since = /** @type {number | null} */ (null);
let pausedByPlayer = false;
let playable = false;
/** True while the player is away from the game on the same page (Practise a technique). */
let away = false;
let lastSaved = 0;
/** @type {() => void} */
let save = () => {};

/** The time played so far, in whole milliseconds. */
export const elapsedMs = () => Math.round(banked + (since === null ? 0 : performance.now() - since));

/** True while the player has paused (the board is hidden). */
export const isPaused = () => pausedByPlayer && playable;

/**
 * Start counting from `ms` for the game just put on the board (paused or not).
 * @param {number} ms @param {boolean} [paused]
 */
export function setElapsed(ms, paused = false) {
  banked = ms;
  since = null;
  pausedByPlayer = paused;
  lastSaved = ms;
  update();
}

/** Whether the game on the board can be timed now (play mode, givens, not completed). @param {boolean} can */
export function setPlayable(can) {
  if (can === playable) return;
  playable = can;
  update();
}

/** Pause or resume (the pause button, the P key). @param {boolean} [paused] */
export function togglePause(paused = !pausedByPlayer) {
  if (!playable && paused) return;
  pausedByPlayer = paused;
  update();
  if (!paused) board.focusGrid();
}

/**
 * Stop the clock while the player practises elsewhere on the page (the board stays shown: it is
 * not a pause), and let it run again after. @param {boolean} on
 */
export function setAway(on) {
  away = on;
  update();
}

/** Show or hide the clock (a setting; it counts either way). @param {boolean} shown */
export function showTimer(shown) {
  box.hidden = !shown;
}

function running() {
  return playable && !pausedByPlayer && !away && document.visibilityState === "visible";
}

function update() {
  const run = running();
  if (run && since === null) since = performance.now();
  else if (!run && since !== null) {
    banked += performance.now() - since;
    since = null;
    saveNow();
  }
  const paused = isPaused();
  board.toggleAttribute("paused", paused);
  document.body.dataset.paused = String(paused); // style.css hides the hint too: no peeking
  pausedPanel.hidden = !paused;
  pauseButton.disabled = !playable;
  pauseButton.setAttribute("aria-pressed", String(paused));
  pauseButton.textContent = paused ? "Resume" : "Pause";
  box.dataset.state = run ? "running" : paused ? "paused" : "stopped";
  draw();
}

function saveNow() {
  lastSaved = elapsedMs();
  save();
}

function draw() {
  const ms = elapsedMs();
  const shown = formatTime(ms);
  if (text.textContent !== shown) text.textContent = shown;
  text.dataset.ms = String(ms);
  if (since !== null && ms - lastSaved >= SAVE_EVERY_MS) saveNow();
}

/**
 * Start the clock's wiring: `onSave` writes the game (called when it stops and every 15 s).
 * @param {() => void} onSave
 */
export function wireTimer(onSave) {
  save = onSave;
  pauseButton.addEventListener("click", () => togglePause());
  byId("resume").addEventListener("click", () => togglePause(false));
  document.addEventListener("visibilitychange", update);
  window.addEventListener("pagehide", () => {
    if (since !== null) saveNow();
  });
  setInterval(draw, 250);
  update();
}
