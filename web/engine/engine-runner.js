// @ts-check
// The engine as the page shows it: its status in the masthead (starting, ready, failed + Retry),
// which engine buttons work and why not, and the person's requests, one at a time, with the work
// area (progress text + Cancel) shown while one runs. Sudoku work goes through SolverClient: the
// page never knows about Pyodide.

import { byId } from "../app/dom.js";
import { BOOT_TIMEOUT_MS } from "./engine-budgets.js";
import { WORKER_NAME, WORKER_URL, takeEarlyWorker } from "./engine-start.js";
import { setBusy, state } from "../app/page-state.js";
import { SolverClient } from "./solver-client.js";

/** @typedef {import("./protocol.js").Ops} Ops */
/** @typedef {import("./protocol.js").OpName} OpName */

const engineBox = byId("engine");
const engineText = byId("engine-text");
const engineAbout = byId("engine-about");
const retryButton = /** @type {HTMLButtonElement} */ (byId("retry"));
const engineReason = byId("engine-reason");
const engineButtons = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll("button[data-engine]")]);
const newButton = /** @type {HTMLButtonElement} */ (byId("new-puzzle"));
const work = byId("work");
const workText = byId("work-text");
const workProgress = /** @type {HTMLProgressElement} */ (byId("work-progress"));
export const cancelButton = /** @type {HTMLButtonElement} */ (byId("cancel"));

// The scripts run: index.html's help for pages that cannot run them (file://, a sandbox) goes.
const noModule = document.getElementById("no-module");
if (noModule) noModule.hidden = true;

// The worker index.html started early (engine-start.js) is this client's first one.
export const client = new SolverClient({
  bootTimeoutMs: BOOT_TIMEOUT_MS,
  workerUrl: WORKER_URL,
  workerName: WORKER_NAME,
  adopt: takeEarlyWorker,
});

/**
 * Dispatches "start" before each of the person's requests (background work must stop first, so
 * it never delays one) and "idle" when the engine is free again (background work may resume).
 */
export const personRequests = new EventTarget();

/** The masthead's engine status (data-state, data-stage... for tests) and the buttons. */
export function updateEngineUi() {
  const status = client.status;
  engineBox.dataset.state = status.state;
  engineBox.dataset.stage = status.stage;
  engineBox.dataset.restarts = String(status.restarts);
  engineBox.dataset.restarting = String(status.restarting);
  retryButton.hidden = status.state !== "failed";
  if (status.state === "ready") {
    // The bar says "Engine ready" and leaves its room to the puzzle's name; the version, and files
    // that ran unchecked (said, not only marked for tests), are the status's title and the footer's.
    const unchecked = status.bootUnverified ? `; its files were not checked: ${status.bootUnverified}` : "";
    engineText.textContent = "Engine ready";
    engineBox.title = `Engine ready (sudoku-core ${status.version}${unchecked})`;
    engineAbout.textContent = `Runs offline: the solver is Python (sudoku-core ${status.version}) in your browser.${
      status.bootUnverified ? ` Its files were not checked: ${status.bootUnverified}.` : ""}`;
    if (status.bootMs !== null) engineBox.dataset.bootMs = String(status.bootMs);
    if (status.bootStages) engineBox.dataset.bootStages = JSON.stringify(status.bootStages); // for the bench
    // when the worker's boot began, in ms from this page's navigation (the bench prints it)
    if (status.bootStartedAt) engineBox.dataset.bootBegan = String(Math.round(status.bootStartedAt - performance.timeOrigin));
    if (status.bootFrom) engineBox.dataset.bootFrom = status.bootFrom; // snapshot | wheel
    if (status.bootVerified) engineBox.dataset.bootVerified = status.bootVerified; // sha256 | precache | skipped
  } else {
    if (status.state === "failed") engineText.textContent = `The engine could not start: ${status.message}`;
    else if (status.restarting) engineText.textContent = `The engine stopped; restarting it. ${status.message}…`;
    else engineText.textContent = `${status.message}…`;
    engineBox.title = engineText.textContent; // the whole text, where a narrow bar cuts it short
  }
  updateButtons();
}

/** Engine buttons work only when the engine is ready and idle; otherwise they say why not. */
function updateButtons() {
  const status = client.status;
  let reason = "";
  if (status.state === "failed") reason = `The engine is not available (${status.message}): press Retry in the top bar. You can still play.`;
  else if (status.state !== "ready") reason = "The engine is loading; you can already play.";
  else if (state.busy) reason = "The engine is busy; Cancel to stop it.";
  for (const button of engineButtons) {
    button.disabled = reason !== "";
    if (reason) button.title = reason;
    else button.removeAttribute("title");
    button.setAttribute("aria-describedby", "engine-reason");
  }
  engineReason.textContent = reason;
  // shown on the page only when the engine failed (it stays the buttons' description meanwhile:
  // a line that came and went as the engine started would move the page under the player's eyes)
  engineReason.hidden = status.state !== "failed";
  newButton.disabled = state.busy !== null;
  if (state.busy) newButton.title = "The engine is busy; Cancel to stop it.";
  else newButton.removeAttribute("title");
}

/** Retry (after a failed boot) and Cancel (the running request). */
export function wireEngineControls() {
  retryButton.addEventListener("click", () => client.retry());
  cancelButton.addEventListener("click", () => state.busy?.abort());
}

/**
 * Run one engine request with the work area (progress + Cancel) shown.
 * @template {OpName} K
 * @param {K} op @param {Ops[K]["args"]} args @param {string} label
 * @param {(progress: Ops[K]["progress"]) => string} [describeProgress]
 * @returns {Promise<Ops[K]["result"]>}
 */
export async function runEngine(op, args, label, describeProgress) {
  state.busy?.abort();
  personRequests.dispatchEvent(new Event("start")); // background work stops between two slices
  const controller = new AbortController();
  setBusy(controller);
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
      setBusy(null);
      work.hidden = true;
      work.dataset.state = controller.signal.aborted ? "cancelled" : "idle";
      updateButtons();
      personRequests.dispatchEvent(new Event("idle"));
    }
  }
}

/**
 * runEngine, with the keyboard focus on Cancel while it works (the dialog that asked has closed).
 * @template {OpName} K
 * @param {K} op @param {Ops[K]["args"]} args @param {string} label
 * @param {(progress: Ops[K]["progress"]) => string} describeProgress
 * @returns {Promise<Ops[K]["result"]>}
 */
export function startEngine(op, args, label, describeProgress) {
  const running = runEngine(op, args, label, describeProgress);
  cancelButton.focus();
  return running;
}
