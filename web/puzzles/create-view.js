// @ts-check
// Create mode: the verdict on the givens as they are typed (#create-verdict in #create-bar), and
// the one way from Create into play ("Play this puzzle", the Mode radio's Play, "Play anyway").
//
// After every change in Create mode the rules' finding shows at once (intake.js: no givens,
// clashing givens, a complete grid, too few givens to be unique); about 300 ms after the typing
// stops, the engine's `check` runs with a small budget, then `grade` for a unique puzzle whose
// level is not known. Both are background work: a newer change, leaving Create mode or any
// request of the person's (engine-runner's personRequests "start") cancels them, and other
// background work (the pool) stops while they run and is scheduled again after. Play goes
// through the gate (intake.js playGate): a unique puzzle is played; one that is not stays in
// Create mode, says why and offers "Play anyway", which needs that explicit click; a verdict not
// in yet is asked at once, as the person's request (with the full budget).

import { board } from "../app/page-state.js";
import { say } from "../app/status.js";
import { SOLVE_SECONDS, LIVE_CHECK_SECONDS } from "../engine/engine-budgets.js";
import { client, personRequests, runEngine } from "../engine/engine-runner.js";
import { CancelledError, SolverError } from "../engine/solver-client.js";
import { gameEvents, switchMode } from "../game/game-view.js";
import { awaitsEngine, judge, notPlayedText, playGate } from "./intake.js";
import { checkGivens, engineState, gradeGivens, knownGrade, knownVerdict, rememberVerdict, verdictEvents } from "./puzzle-check.js";

/** @typedef {import("./intake.js").Finding} Finding */
/** @typedef {{stopBackground: () => void, scheduleBackground: () => void}} BackgroundHooks */

/** How long after the last keystroke the engine is asked. */
const DEBOUNCE_MS = 300;
const EMPTY_TEXT = "Type the givens: the verdict follows as you type.";

/**
 * The live work: the givens it is for, its timer (before it starts) and its request (while it
 * runs); `askedToPlay`: the givens for which Play was asked and refused (Play anyway is then
 * offered even for an empty grid).
 */
const live = {
  givens: "",
  timer: /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined),
  controller: /** @type {AbortController | null} */ (null),
  askedToPlay: "",
  /** the givens whose Play the person is waiting for (the gate's check runs) */
  playing: "",
  /** puzzles the engine could not grade (not asked again) */
  ungraded: /** @type {Set<string>} */ (new Set()),
};

/** @type {BackgroundHooks} */
let background = { stopBackground: () => {}, scheduleBackground: () => {} };
/** @type {{bar: HTMLElement, verdict: HTMLElement, play: HTMLButtonElement, anyway: HTMLButtonElement} | null} */
let view = null;

/**
 * The finding on the board's givens, with whatever the engine has said about them (for Play: a
 * check that gave up counts only if it had Play's full budget).
 * @param {number} [seconds]
 */
function finding(seconds = 0) {
  const givens = board.givens;
  return judge(givens, { verdict: knownVerdict(givens, seconds), engine: engineState(), grade: knownGrade(givens) });
}

/** Create mode's bar, the gate, and the live check. @param {BackgroundHooks} hooks */
export function wireCreate(hooks) {
  background = hooks;
  const get = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  view = {
    bar: get("create-bar"), verdict: get("create-verdict"),
    play: /** @type {HTMLButtonElement} */ (get("create-play")), anyway: /** @type {HTMLButtonElement} */ (get("create-anyway")),
  };
  new ResizeObserver(markScrolling).observe(view.verdict); // a phone turned: its lines change
  view.play.addEventListener("click", () => void askToPlay());
  view.anyway.addEventListener("click", playAnyway);
  gameEvents.addEventListener("change", update);
  gameEvents.addEventListener("info", update); // the background grading found the level
  verdictEvents.addEventListener("verdict", update); // e.g. the check of a puzzle that came in
  client.addEventListener("statechange", update); // ready: check now; failed: say it is unchecked
  personRequests.addEventListener("start", () => {
    if (live.controller) stopLive(); // the person's request goes first...
  });
  personRequests.addEventListener("idle", update); // ...and the live check comes back after it
  update();
}

/** The board changed (or the engine, or the grade): show the finding, and ask what is missing. */
function update() {
  if (board.mode !== "enter") {
    stopLive();
    return;
  }
  const givens = board.givens;
  const f = finding();
  draw(f);
  if (live.givens === givens && (live.controller || live.timer !== undefined)) return; // already on its way
  stopLive();
  if (live.playing === givens) return; // the gate's own check is running
  const wantCheck = awaitsEngine(f) && engineState() !== "failed";
  const wantGrade = f.status === "unique" && !knownGrade(givens) && !live.ungraded.has(givens);
  if (!wantCheck && !wantGrade) return;
  live.givens = givens;
  live.timer = setTimeout(() => void runLive(givens, wantCheck), DEBOUNCE_MS);
}

/** Cancel the live work (its answer, if it comes, is not used). */
function stopLive() {
  clearTimeout(live.timer);
  live.timer = undefined;
  live.controller?.abort();
  live.controller = null;
  live.givens = "";
}

/**
 * The live check (then the grade) of `givens`, as background work.
 * @param {string} givens @param {boolean} check
 */
async function runLive(givens, check) {
  live.timer = undefined;
  if (board.givens !== givens || board.mode !== "enter") return;
  const controller = new AbortController();
  live.controller = controller;
  background.stopBackground();
  try {
    const verdict = knownVerdict(givens) ?? (check ? await checkGivens(givens, LIVE_CHECK_SECONDS, controller.signal) : null);
    if (controller.signal.aborted) return;
    if (verdict?.status !== "unique" || knownGrade(givens)) return;
    drawIf(givens, finding()); // unique: said at once, the level follows
    try {
      await gradeGivens(givens, controller.signal);
    } catch (error) {
      if (error instanceof SolverError && !(error instanceof CancelledError)) live.ungraded.add(givens);
      throw error;
    }
  } catch (error) {
    if (!(error instanceof SolverError)) throw error; // a bug, not the engine's answer
    // cancelled: a newer change asks again; the engine failed: statechange says it is unchecked
  } finally {
    if (live.controller === controller) {
      live.controller = null;
      live.givens = "";
      if (!controller.signal.aborted) {
        drawIf(givens, finding());
        background.scheduleBackground();
      }
    }
  }
}

/** Draw a finding if the board still holds those givens in Create mode. @param {string} givens @param {Finding} f */
function drawIf(givens, f) {
  if (board.givens === givens && board.mode === "enter") draw(f);
}

/** The bar: the verdict, its status for tests and styles, the buttons, the flagged cells. @param {Finding} f */
function draw(f) {
  if (!view) return;
  const text = f.status === "empty" ? EMPTY_TEXT : f.status === "pending" ? "Checking…" : f.text;
  if (view.verdict.textContent !== text) {
    view.verdict.textContent = text; // unchanged text is not announced again
    markScrolling();
  }
  view.verdict.dataset.status = f.status;
  view.bar.dataset.state = f.status === "empty" ? "idle" : awaitsEngine(f) && engineState() !== "failed" ? "checking" : "done";
  const gate = playGate(f);
  view.play.disabled = gate === "refuse" || gate === "anyway"; // not unique: "Play anyway" is the way
  view.anyway.hidden = !(gate === "anyway" && (f.status !== "empty" || live.askedToPlay === board.givens));
  if (f.flagged.length && board.flagged.join(" ") !== f.flagged.join(" ")) board.flagged = f.flagged;
}

/**
 * A verdict longer than its box (on a phone it shows three lines, and scrolls) is a Tab stop, so
 * that the keyboard can scroll it too; else it is none.
 */
function markScrolling() {
  if (!view) return;
  const verdict = view.verdict;
  if (verdict.scrollHeight > verdict.clientHeight + 1) verdict.tabIndex = 0;
  else verdict.removeAttribute("tabindex");
}

/**
 * Play, as asked by the Mode radio or "Play this puzzle": through the gate. A verdict not in
 * yet is asked now, as the person's request, with the full budget.
 */
export async function askToPlay() {
  if (board.mode !== "enter") return;
  const givens = board.givens;
  let f = finding(SOLVE_SECONDS);
  if (playGate(f) === "wait") {
    stopLive();
    live.playing = givens;
    draw(f);
    try {
      const verdict = await runEngine("check", { grid: givens, max_seconds: SOLVE_SECONDS }, "Checking the puzzle");
      rememberVerdict(givens, verdict, SOLVE_SECONDS);
      f = judge(givens, { verdict, engine: engineState(), grade: knownGrade(givens) });
    } catch (error) {
      if (error instanceof CancelledError) {
        say("Cancelled: the puzzle was not checked, and is still in Create mode.");
        return;
      }
      if (!(error instanceof SolverError)) throw error;
      // the engine could not answer: unchecked (played with a warning) when it is gone, else say why
      f = engineState() === "failed" ? finding() : { ...f, status: "gave_up", text: `The check failed: ${error.message}.` };
    } finally {
      live.playing = "";
    }
    if (board.givens !== givens || board.mode !== "enter") return; // changed meanwhile: Play again decides
  }
  const gate = playGate(f);
  if (gate === "play") {
    switchMode("play");
    if (f.status === "unchecked") say("Playing it unchecked: the engine is not available, so it may not be a proper puzzle.", "warning");
    else say(`Playing a unique puzzle with ${f.givens} givens.`, "success");
    return;
  }
  live.askedToPlay = givens;
  draw(f);
  say(notPlayedText(f), "warning");
  if (gate === "anyway") view?.anyway.focus();
}

/** "Play anyway": the explicit choice to play a puzzle that is not unique (or not known to be). */
function playAnyway() {
  const f = finding();
  live.askedToPlay = "";
  switchMode("play");
  const why = f.status === "gave_up" ? "it was not checked to the end" : f.status === "empty" ? "a grid with no givens" : "it has no single solution";
  say(`Playing it as it is (${why}): Check and Hint need a puzzle with exactly one solution.`);
}
