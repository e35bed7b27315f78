// @ts-check
// Embed mode (`?embed`), the frame side: the compact layout (board, pad and the actions named in
// `?controls=`, no site chrome), its height reported to the host page, and the host API over
// postMessage (embed-protocol.js; docs/embed.md).
//
// The API is on only when the host page's origin is named (`?host=` and the origin): messages
// from any other origin or window are ignored, and every reply goes to that origin only, never
// to "*". Without a host the frame still reports its height (to any parent: a number says
// nothing about the game), so a plain <iframe> can be sized too. A host that is named but is no
// origin turns everything off: the frame posts nothing, not even its height to "*" (the address
// meant to name one page), and says why on its own page.
//
// With a host, the frame keeps no games of its own (a cross-site frame has no storage anyway):
// every change goes to the host as a `change`, and the host gives it back with `load`.

import { byId } from "../app/dom.js";
import { embedOptions, message, readLoad, readRequest } from "./embed-protocol.js";
import { SCHEMA_VERSION } from "../game/game-record.js";
import { currentGame, gameEvents, showGame } from "../game/game-view.js";
import { say } from "../app/status.js";
import { changeSettings } from "../app/settings.js";
import { dailyArgs, dayLabel } from "../puzzles/daily.js";
import { LEVEL_NAMES } from "../puzzles/puzzle-info.js";
import { runEngine } from "../engine/engine-runner.js";
import { knowSolution } from "../app/page-state.js";
import { clearVerdict, showFailure, showVerdict } from "../engine/verdict-view.js";

/** @typedef {import("./embed-protocol.js").Control} Control */

/** This page's embed options, read once from its address. */
export const embed = embedOptions(location.search);

/** The most actions a row holds (Undo, Redo, Check, Hint fit one row at 390 px). */
const ROW_MOST = 4;
/** Each action's button (the timer is its bar: the clock and Pause). */
const BUTTONS = /** @type {const} */ ({
  undo: "undo-move", redo: "redo-move", check: "check", hint: "hint", reveal: "reveal",
  candidates: "fill-candidates", clear: "clear-entries", solve: "solve",
});

/** The host's origin once the API is on (null: replies would have nowhere safe to go). */
let host = /** @type {string | null} */ (null);
let changeQueued = false;
/** The id of the `load` the next `change` answers (null: none, or it had no id). */
let loadAnswered = /** @type {string | null} */ (null);
/** The puzzle whose `solved` was sent (once per game). */
let solvedSent = "";
let lastHeight = -1;
/** Counts the loads: a daily puzzle still being made when another load came is not shown. */
let loads = 0;

/**
 * Show only the chosen actions, in the one row under the pad (buttons that live among the full
 * page's controls move there; their handlers stay). @param {readonly Control[]} controls
 */
export function showControls(controls) {
  const row = /** @type {HTMLElement} */ (document.querySelector(".controls .actions"));
  for (const [name, id] of Object.entries(BUTTONS)) {
    const button = byId(id);
    const shown = controls.includes(/** @type {Control} */ (name));
    button.hidden = !shown;
    if (shown) row.append(button); // appended in CONTROLS order: the row reads as the list
  }
  /** @type {HTMLElement} */ (byId("assist").parentElement).hidden = true; // the chosen actions are all in the row
  layoutActions();
  document.body.dataset.embedTimer = String(controls.includes("timer"));
  document.body.dataset.embedControls = controls.join(" ");
}

/**
 * The actions in even rows: as many a row as fit (each as wide as its longest word needs, at
 * most ROW_MOST), the rows as even as can be (4 that do not fit in one: two and two, not three
 * and one). Again whenever the frame's width changes.
 */
function layoutActions() {
  const row = /** @type {HTMLElement} */ (document.querySelector(".controls .actions"));
  const buttons = /** @type {HTMLElement[]} */ ([...row.children].filter((b) => b instanceof HTMLButtonElement && !b.hidden));
  if (!buttons.length || !row.clientWidth) return;
  const widest = Math.max(
    ...buttons.map((button) => {
      button.style.width = "min-content";
      const width = button.getBoundingClientRect().width;
      button.style.width = "";
      return width;
    }),
  );
  const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
  const fit = Math.max(1, Math.min(ROW_MOST, Math.floor((row.clientWidth + gap) / (widest + gap))));
  const perRow = Math.ceil(buttons.length / Math.ceil(buttons.length / fit));
  row.style.gridTemplateColumns = `repeat(${perRow}, minmax(0, 1fr))`;
}

/** Embed mode's layout, before the first game is shown. */
export function layoutEmbed() {
  document.documentElement.dataset.embed = "true"; // embed-mode.js set it already; CSS keys on it
  showControls(embed.controls);
  if (embed.hostProblem) {
    showProblem(embed.hostProblem);
    return; // nothing is posted: the page that framed this one is not the page the address meant
  }
  addEventListener("resize", layoutActions);
  if ("ResizeObserver" in globalThis) new ResizeObserver(reportHeight).observe(document.body);
  reportHeight();
}

/**
 * A problem above the board: the frame's own address (it lasts: nothing fixes it but a new
 * address), or a load that named no puzzle the frame can show (until the next load is shown).
 * @param {string} text @param {string} [id]
 */
function showProblem(text, id = "embed-problem") {
  document.getElementById(id)?.remove();
  const note = document.createElement("p");
  note.id = id;
  note.className = "status";
  note.dataset.tone = "error";
  note.setAttribute("role", "alert");
  note.textContent = text;
  document.querySelector(".stage")?.prepend(note);
}

/** The content's height, to the host (or any parent, without a host API). */
function reportHeight() {
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  if (height === lastHeight || window.parent === window || framedByAnother()) return;
  lastHeight = height;
  document.body.dataset.embedHeight = String(height);
  window.parent.postMessage(message("resize", { height }), embed.host ?? "*");
}

/**
 * True when the page that frames this one is not the named host, as far as the browser says
 * (Chromium's `location.ancestorOrigins`): then nothing is sent (the browser would drop it, and
 * complain on the console) and nothing is heard.
 */
const framedByAnother = () => {
  const parentOrigin = location.ancestorOrigins?.[0];
  return Boolean(embed.host && parentOrigin && parentOrigin !== "null" && parentOrigin !== embed.host);
};

/** @param {string} type @param {Record<string, unknown>} [fields] */
function tell(type, fields) {
  if (host && window.parent !== window && !framedByAnother()) window.parent.postMessage(message(type, fields), host);
}

/** The game now, as a host keeps it (and gives back with `load`), with its format's version. */
const progress = () => ({ schema: SCHEMA_VERSION, ...currentGame() });

/**
 * Start the host API (after the start-up: the board is there). Sends `ready`, then a `change`
 * after every change to the game and `solved` once when the player completes it.
 */
export function startEmbedApi() {
  if (!embed.host) return;
  host = embed.host;
  window.addEventListener("message", (event) => {
    if (event.origin !== host || event.source !== window.parent) return; // not our host: ignored
    answer(event.data);
  });
  gameEvents.addEventListener("change", () => {
    if (changeQueued) return;
    changeQueued = true; // one message for the several changes of one action
    setTimeout(sendChange, 0);
  });
  tell("ready", { controls: [...embed.controls] });
  for (const problem of embed.problems) tell("error", { code: "bad-options", message: `The frame's address: ${problem}.`, request: null, id: null });
}

function sendChange() {
  changeQueued = false;
  const game = progress();
  tell("change", loadAnswered === null ? { progress: game } : { progress: game, id: loadAnswered });
  loadAnswered = null;
  if (game.play?.solved && solvedSent !== game.givens) {
    solvedSent = game.givens;
    tell("solved", { progress: game });
  }
}

/**
 * A message from the host: do it, or say why not (the board stays as it was). Nothing a host
 * sends may throw here: whatever the checks missed is answered as a `bad-message`.
 * @param {unknown} data
 */
function answer(data) {
  try {
    obey(data);
  } catch (error) {
    console.error("embed: a host's message failed", error);
    tell("error", { code: "bad-message", message: "the message could not be read", request: null, id: null });
  }
}

/** @param {unknown} data */
function obey(data) {
  const read = readRequest(data);
  if (!read.ok) {
    if (read.ignore) return;
    tell("error", { code: read.code, message: read.message, request: read.request, id: read.id });
    // a daily puzzle the frame cannot show: said on the board too (the host may not show events)
    if (read.code === "bad-daily") refuseLoad(`${read.message[0].toUpperCase()}${read.message.slice(1)}.`);
    return;
  }
  const request = read.request;
  if (request.type === "get-state") {
    tell("state", { id: request.id, progress: progress() });
  } else if (request.type === "load") {
    loads++;
    show(request.game, request.id);
  } else if (request.type === "load-daily") {
    void loadDaily(request);
  } else {
    if (request.controls) showControls(request.controls);
    if (request.mistakes) changeSettings({ mistakes: request.mistakes });
    tell("options", { id: request.id, controls: (document.body.dataset.embedControls ?? "").split(" ").filter(Boolean) });
  }
}

/** Show a game a load gave (the change showGame makes answers it). @param {import("../app/storage.js").Game} game @param {string | null} id */
function show(game, id) {
  solvedSent = game.play?.solved ? game.givens : "";
  loadAnswered = id;
  document.getElementById("embed-load-problem")?.remove();
  showGame(game);
  say("");
}

/**
 * No puzzle for a load: the board stays as it was (a refused request changes nothing), and the
 * reason stays above it until a load is shown (the host may show no events). @param {string} text
 */
function refuseLoad(text) {
  showProblem(text, "embed-load-problem");
}

/**
 * A day's puzzle of a level, made in the worker exactly as the page's Daily puzzle makes it
 * (daily.js dailyArgs), then the host's progress checked against it. A puzzle that missed its
 * level in the time allowed is not the day's puzzle: refused, never shown as it.
 * @param {Extract<import("./embed-protocol.js").Request, {type: "load-daily"}>} request
 */
async function loadDaily({ id, day, level, progress }) {
  const serial = ++loads;
  const name = `the ${LEVEL_NAMES[level]} daily puzzle of ${dayLabel(day)}`;
  const fail = (/** @type {string} */ code, /** @type {string} */ text) => {
    if (serial !== loads) return;
    tell("error", { code, message: text, request: "load", id });
    if (code !== "bad-progress") refuseLoad(`${text[0].toUpperCase()}${text.slice(1)}.`);
  };
  clearVerdict();
  let made;
  try {
    made = await runEngine("generate_graded", dailyArgs(day, level), `Making ${name}`, (p) => `Making ${name}… try ${p.tries ?? 1}`);
  } catch (error) {
    if (serial !== loads) return; // another load came meanwhile (and cancelled this one)
    showFailure(error, "new");
    fail("daily-failed", `${name} could not be made: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (serial !== loads) return;
  if (!made.target_met) {
    fail("daily-failed", `this device ran out of time making ${name}; reload to try again`);
    return;
  }
  const read = readLoad(made.puzzle, progress);
  if (!read.ok) {
    fail(read.code, read.message); // embed.js then loads the day's puzzle without it
    return;
  }
  /** @type {import("../puzzles/puzzle-info.js").PuzzleInfo} */
  const info = {
    puzzle: made.puzzle, seed: made.seed, symmetry: "none", difficulty: level, level: made.level, score: made.score,
    source: "generated", daily: day,
  };
  show({ ...read.game, info }, id);
  knowSolution(made.puzzle, made.solution);
  showVerdict("generated", "new", `${name[0].toUpperCase()}${name.slice(1)} (score ${made.score}, ${made.givens} clues).`);
}
