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
import { embedOptions, message, readRequest } from "./embed-protocol.js";
import { SCHEMA_VERSION } from "../game/game-record.js";
import { currentGame, gameEvents, showGame } from "../game/game-view.js";
import { say } from "../app/status.js";
import { changeSettings } from "../app/settings.js";

/** @typedef {import("./embed-protocol.js").Control} Control */

/** This page's embed options, read once from its address. */
export const embed = embedOptions(location.search);

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
  document.body.dataset.embedTimer = String(controls.includes("timer"));
  document.body.dataset.embedControls = controls.join(" ");
}

/** Embed mode's layout, before the first game is shown. */
export function layoutEmbed() {
  document.documentElement.dataset.embed = "true"; // embed-mode.js set it already; CSS keys on it
  showControls(embed.controls);
  if (embed.hostProblem) {
    showProblem(embed.hostProblem);
    return; // nothing is posted: the page that framed this one is not the page the address meant
  }
  if ("ResizeObserver" in globalThis) new ResizeObserver(reportHeight).observe(document.body);
  reportHeight();
}

/** A problem with the frame's own address, above the board (it lasts: nothing fixes it but a new address). @param {string} text */
function showProblem(text) {
  const note = document.createElement("p");
  note.id = "embed-problem";
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
    if (!read.ignore) tell("error", { code: read.code, message: read.message, request: read.request, id: read.id });
    return;
  }
  const request = read.request;
  if (request.type === "get-state") {
    tell("state", { id: request.id, progress: progress() });
  } else if (request.type === "load") {
    solvedSent = request.game.play?.solved ? request.game.givens : "";
    loadAnswered = request.id; // the change showGame makes answers the load
    showGame(request.game);
    say("");
  } else {
    if (request.controls) showControls(request.controls);
    if (request.mistakes) changeSettings({ mistakes: request.mistakes });
    tell("options", { id: request.id, controls: (document.body.dataset.embedControls ?? "").split(" ").filter(Boolean) });
  }
}
