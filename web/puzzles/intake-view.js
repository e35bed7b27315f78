// @ts-check
// The one intake of every puzzle that comes in: Paste puzzle… (the dialog), Open file…, a share
// link in the address (at start and on hashchange), Ctrl+V (⌘V) on the board or the page, and
// this page's own share URL pasted anywhere text is accepted. Each is read (intake.js
// readPasted: this page's link, an 81-cell line; other text, other apps' links and files
// included, goes to the engine's `read`, which says where it is wrong or which rules a variant
// has, and gives the player's digits and marks where the format has them), then checked
// (intake.js judge: the rules, then the engine's `check`) and opened as intake.js decides:
// refused (no givens), played (unique),
// or in Create mode (everything else; never a timed game). A puzzle whose givens are a saved
// game's reopens that game rather than adding a copy.
//
// A setter's draft: a text pasted or opened in Create mode while the person is making a puzzle
// (they chose Create: the Mode radio, the welcome's "Enter a puzzle"; they typed in Create mode;
// or they pasted a draft) opens in Create mode as givens to edit, whatever its verdict (Create
// mode's live check gives it), never timed. Otherwise Create mode is no one's choice (the empty
// board the page starts with or Clear all leaves, a broken puzzle that came in): a unique puzzle
// pasted there is played as above, which is what a player pasting a puzzle wants.
//
// The engine may still be starting (a link opened at start): the puzzle is shown at once, in
// Play mode with its clock held (game-view.js holdClock) and "Checking the puzzle…" said, and
// the verdict is acted on when it comes. If the engine cannot start, the puzzle is played with
// a warning.

import { byId, typingIn } from "../app/dom.js";
import { board, state } from "../app/page-state.js";
import { revealStatus, say } from "../app/status.js";
import { EMPTY_GRID, filledCount } from "../board/grid.js";
import { SOLVE_SECONDS } from "../engine/engine-budgets.js";
import { runEngine } from "../engine/engine-runner.js";
import { CancelledError, SolverError } from "../engine/solver-client.js";
import { currentGameId, openLibrary } from "../game/autosave.js";
import { gameOf } from "../game/game-record.js";
import { gameEvents, holdClock, releaseClock, showGame, switchMode } from "../game/game-view.js";
import {
  asSentence, formatOf, gameFromRead, givensText, intakeMessage, intakeMode, judge, notOpenedText, progressText, readPasted, savedGameFor,
} from "./intake.js";
import { checkGivens, engineState, knownVerdict } from "./puzzle-check.js";
import { describeInfo } from "./puzzle-info.js";
import { gameFromLink } from "./share-link.js";

/** @typedef {import("../app/storage.js").Game} Game */
/** @typedef {import("../game/game-record.js").GameRecord} GameRecord */
/** @typedef {import("./intake.js").Source} Source */
/** @typedef {import("./intake.js").Finding} Finding */
/** @typedef {import("../engine/protocol.js").Verdict} Verdict */
/**
 * What became of a text or game that came in: opened, or not (`unreadable`: not a puzzle text;
 * `refused`: a puzzle with nothing to open; `variant`: a puzzle with extra rules), with the
 * reason in words.
 * @typedef {{ok: true} | {ok: false, why: "unreadable" | "refused" | "variant", message: string}} IntakeResult
 */
/** @typedef {{stopBackground: () => void, scheduleBackground: () => void}} BackgroundHooks */

/** Larger files are not puzzle files (the engine refuses text over 10,000 characters anyway). */
const MAX_FILE_BYTES = 64 * 1024;
/** How long a paste or a file waits for the check before the puzzle is shown (then held) anyway. */
const WAIT_FOR_CHECK_MS = 600;

/** @type {BackgroundHooks} */
let background = { stopBackground: () => {}, scheduleBackground: () => {} };
/** The check of the puzzle opened last (a newer one cancels it). @type {AbortController | null} */
let checking = null;
/** The person is making a puzzle of the game on the board (another game shown ends it). */
let drafting = false;

/** True when a text that comes in now is a setter's draft, to open in Create mode. */
const draftWanted = () => board.mode === "enter" && drafting;

/** The saved games, newest first (none while the library is not open). @returns {Promise<readonly GameRecord[]>} */
async function savedGames() {
  const library = openLibrary();
  if (!library) return [];
  const listed = await library.list();
  return listed.ok ? listed.games : [];
}

/**
 * A listed game read again in full (the list does not replay histories), to put on the board;
 * null when there is none, or it cannot be read (then the puzzle opens as a new game).
 * @param {GameRecord | null} listed @returns {Promise<GameRecord | null>}
 */
async function readInFull(listed) {
  const library = openLibrary();
  if (!listed || !library) return listed;
  const got = await library.get(listed.id);
  return got.ok ? got.record : null;
}

/**
 * The finding from an engine request that failed: unchecked when the engine is gone, else the
 * failure in words (Create mode: not known to be a proper puzzle).
 * @param {string} givens @param {unknown} error @returns {Finding}
 */
function failedCheck(givens, error) {
  const f = judge(givens, { engine: engineState() });
  if (f.status !== "pending") return f; // too few givens, or no engine (unchecked)
  const why = error instanceof CancelledError ? "it was cancelled" : error instanceof SolverError ? error.message : String(error);
  return { ...f, status: "gave_up", text: `The check did not answer (${why}).` };
}

/**
 * Open a game that came in, as its check decides.
 * @param {Game} game  its givens, and progress when a link carried some
 * @param {Source} source
 * @param {{records?: readonly GameRecord[], waitMs?: number, draft?: boolean}} [options]  records:
 *   the saved games, when the caller has them; waitMs: how long to wait for the check before
 *   showing the puzzle with its clock held (a link: 0, the board first); draft: a setter's draft,
 *   opened in Create mode whatever its check
 * @returns {Promise<IntakeResult>}
 */
export async function openGame(game, source, options = {}) {
  checking?.abort();
  checking = null;
  const givens = game.givens;
  const known = judge(givens, { verdict: knownVerdict(givens, SOLVE_SECONDS), engine: engineState() });
  if (intakeMode(known) === "refuse") return { ok: false, why: "refused", message: known.text };
  const records = options.records ?? (await savedGames());
  if (options.draft) return openDraft(game, source, records);
  const saved = await readInFull(savedGameFor(game, records));
  /** @type {Promise<Finding> | null} */
  let verdict = null;
  /** @type {AbortController | null} */
  let controller = null;
  if (known.status === "pending" || known.status === "few") {
    controller = new AbortController();
    checking = controller;
    background.stopBackground(); // the person's puzzle first
    const signal = controller.signal;
    verdict = checkGivens(givens, SOLVE_SECONDS, signal).then(
      (v) => judge(givens, { verdict: v, engine: engineState() }),
      (error) => failedCheck(givens, error),
    );
  }
  let f = known;
  const waitMs = options.waitMs ?? WAIT_FOR_CHECK_MS;
  if (verdict && known.status === "pending" && waitMs > 0) {
    const early = await Promise.race([verdict, sleep(waitMs)]);
    if (early) f = early;
  }
  const hold = intakeMode(f) === "check" ? holdClock(givens) : null;
  const id = show(game, saved, f, source);
  if (verdict && f === known) void followUp(verdict, { givens, id, source, reopened: saved !== null, controller, hold });
  else if (verdict) background.scheduleBackground();
  return { ok: true };
}

/** @param {number} ms @returns {Promise<null>} */
const sleep = (ms) => new Promise((resolve) => setTimeout(() => resolve(null), ms));

/**
 * A setter's draft, in Create mode as givens to edit: not checked here (Create mode's live
 * verdict follows), never timed. The game before stays in Recent games, and the undo line
 * offers it back; a saved draft of the same givens is reopened rather than copied, a played game
 * of them is not (its clock and level are a game's, not a draft's).
 * @param {Game} game @param {Source} source @param {readonly GameRecord[]} records
 * @returns {Promise<IntakeResult>}
 */
async function openDraft(game, source, records) {
  const saved = await readInFull(savedGameFor(game, records.filter((record) => record.mode === "enter")));
  if (saved && saved.id === currentGameId()) {
    switchMode("enter");
  } else if (saved) {
    showGame({ ...gameOf(saved), info: saved.info ?? game.info ?? null, mode: "enter" }, { record: saved, undo: "Reopened your draft of this puzzle." });
  } else {
    showGame({ ...game, mode: "enter" }, { undo: "Opened the puzzle in Create mode." });
  }
  drafting = true; // still the setter's: the next paste is a draft too
  say(draftText(source, filledCount(game.givens), saved !== null));
  return { ok: true };
}

/**
 * "Pasted into Create mode: a puzzle with 27 givens." and the like.
 * @param {Source} source @param {number} n @param {boolean} reopened  the saved draft is back
 */
function draftText(source, n, reopened) {
  const into = {
    clipboard: "Pasted into Create mode",
    paste: "Imported into Create mode",
    file: `Opened ${source.kind === "file" ? source.name : ""} in Create mode`,
    link: "Opened the link in Create mode",
  }[source.kind];
  const first = source.of && source.of > 1 ? `the first of ${source.of} puzzles, ` : "";
  const puzzle = `a puzzle with ${givensText(n)}${source.progress ? `, ${source.progress}` : ""}`;
  return `${into}: ${source.from ? `${source.from}, ` : ""}${first}${puzzle}${reopened ? " (your draft of it, as you left it)" : ""}.`;
}

/**
 * Put the game on the board as the finding says (a pending check: Play mode, its clock held by
 * the caller) and say what was found; returns the id of the game on the board.
 * @param {Game} game @param {GameRecord | null} saved @param {Finding} f @param {Source} source
 */
function show(game, saved, f, source) {
  const mode = intakeMode(f) === "enter" ? "enter" : "play";
  if (saved && saved.id === currentGameId()) {
    switchMode(mode); // it is the game on the board: as it is, in the mode the finding says
  } else if (saved) {
    showGame({ ...gameOf(saved), info: saved.info ?? game.info ?? null, mode }, { record: saved, undo: "Reopened your game of this puzzle." });
  } else {
    showGame({ ...game, mode }, { undo: "Opened the puzzle as a new game." });
  }
  const message = intakeMessage(source, f, { reopened: saved !== null });
  say(message.text, message.tone);
  return currentGameId();
}

/**
 * The check of a puzzle already shown (held): when it answers, the clock may run, or the game
 * goes to Create mode, and the finding is said; not if the player has moved on to another game.
 * @param {Promise<Finding>} verdict
 * @param {{givens: string, id: string, source: Source, reopened: boolean, controller: AbortController | null,
 *   hold: import("../game/game-view.js").ClockHold | null}} opened
 */
async function followUp(verdict, opened) {
  const f = await verdict;
  if (checking === opened.controller) checking = null;
  const here = currentGameId() === opened.id && board.givens === opened.givens;
  if (here && !opened.controller?.signal.aborted) {
    if (intakeMode(f) === "enter") switchMode("enter");
    const message = intakeMessage(opened.source, f, { reopened: opened.reopened });
    say(message.text, message.tone);
  }
  if (opened.hold) releaseClock(opened.hold);
  background.scheduleBackground();
}

/**
 * Read a text that came in (the Paste dialog, a file, Ctrl+V) and open it.
 * @param {string} text @param {Source} source  paste, clipboard or file (this page's share URL
 *   is read as its link)
 * @returns {Promise<IntakeResult>}
 */
export async function openText(text, source) {
  const draft = draftWanted(); // as it is when the text came (the engine's read takes a moment)
  const pasted = readPasted(text, location.href);
  switch (pasted.kind) {
    case "link": {
      if (!pasted.link.ok) return { ok: false, why: "unreadable", message: `That link holds no puzzle this page can open: ${pasted.link.problem}.` };
      const game = pasted.link.game;
      if (draft) return openGame(game, { ...source, from: "the link" }, { draft });
      return openGame(game, { kind: "link", info: game.info ? describeInfo(game.info) : undefined });
    }
    case "grid":
      return openGame({ givens: pasted.grid, entries: EMPTY_GRID, mode: "play" }, { ...source, of: pasted.of }, { draft });
    default:
      break;
  }
  try {
    const read = await runEngine("read", { text }, "Reading the puzzle");
    const game = gameFromRead(read);
    return openGame(game, { ...source, from: formatOf(read), progress: progressText(game) }, { draft });
  } catch (error) {
    if (error instanceof SolverError && error.type === "NotClassicError") return { ok: false, why: "variant", message: error.message };
    if (error instanceof SolverError && error.line != null && error.column != null) {
      const where = /\bline\b/i.test(error.message) ? "" : ` (line ${error.line}, column ${error.column})`;
      return { ok: false, why: "unreadable", message: `${error.message}${where}` };
    }
    if (error instanceof SolverError) return { ok: false, why: "unreadable", message: error.message };
    return { ok: false, why: "unreadable", message: String(error) };
  }
}

/**
 * Open the game in the address's fragment (#puzzle=…), if there is one; true if it did. A bad
 * link, or one whose puzzle is empty, leaves the game on the board as it is and says why.
 * @param {readonly GameRecord[]} [records]  the saved games, when the caller has listed them
 * @returns {Promise<boolean>}
 */
export async function openLink(records) {
  const link = gameFromLink(location.hash);
  if (!link) return false;
  if (!link.ok) {
    say(`The link was not opened: ${link.problem}. Your game is as it was.`, "error");
    return false;
  }
  const game = link.game;
  const opened = await openGame(game, { kind: "link", info: game.info ? describeInfo(game.info) : undefined }, { records, waitMs: 0 });
  if (!opened.ok) {
    say(`The link was not opened. ${asSentence(opened.message)} Your game is as it was.`, "error");
    return false;
  }
  // Once it is saved, the fragment has done its job (a reload must not undo later progress).
  if (state.saving) history.replaceState(null, "", location.pathname + location.search);
  return true;
}

/**
 * Paste puzzle… (its dialog), Open file…, Ctrl+V (⌘V) on the board or the page.
 * @param {BackgroundHooks} hooks  the page's background work (stopped while a puzzle is checked)
 */
export function wireIntake(hooks) {
  background = hooks;
  // Create chosen, after the click's own work (the welcome's puts a new empty game on the board),
  // or givens typed in Create mode: the person is making a puzzle
  const choosers = [byId("welcome-create"), ...document.querySelectorAll('input[name="mode"][value="enter"]')];
  for (const chooser of choosers) {
    chooser.addEventListener("click", () => setTimeout(() => (drafting = board.mode === "enter")));
  }
  board.addEventListener("sudoku-change", () => (drafting ||= board.mode === "enter"));
  gameEvents.addEventListener("shown", () => (drafting = false));
  const importDialog = /** @type {HTMLDialogElement} */ (byId("import-dialog"));
  const importText = /** @type {HTMLTextAreaElement} */ (byId("import-text"));
  const importError = byId("import-error");
  const fileInput = /** @type {HTMLInputElement} */ (byId("file"));
  byId("import").addEventListener("click", () => {
    importError.textContent = "";
    importDialog.showModal();
    importText.focus();
  });
  importDialog.addEventListener("close", () => {
    importError.textContent = "";
  });
  byId("import-submit").addEventListener("click", async (event) => {
    event.preventDefault();
    const text = importText.value;
    if (!text.trim()) {
      importError.textContent = "Paste a puzzle first.";
      return;
    }
    importError.textContent = "";
    const result = await openText(text, { kind: "paste" });
    if (result.ok) {
      importDialog.close();
      importText.value = "";
      revealStatus();
    } else {
      importError.textContent = asSentence(result.message);
    }
  });

  byId("open-file").addEventListener("click", () => fileInput.click());
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      say(`${file.name} is too large (${Math.ceil(file.size / 1024)} KB); a puzzle file is at most ${MAX_FILE_BYTES / 1024} KB.`, "error");
      revealStatus();
      return;
    }
    const result = await openText(await file.text(), { kind: "file", name: file.name });
    if (!result.ok) say(notOpenedText(result, file.name), "error");
    revealStatus();
  });

  // Ctrl+V / ⌘V wherever the page has no text field of its own in focus (the board, the page)
  document.addEventListener("paste", (event) => {
    if (event.defaultPrevented || typingIn(event.target) || document.querySelector("dialog[open]")) return;
    const text = event.clipboardData?.getData("text/plain") ?? "";
    event.preventDefault();
    if (!text.trim()) {
      say("The clipboard holds no text to read as a puzzle.", "error");
      revealStatus();
      return;
    }
    void openText(text, { kind: "clipboard" }).then((result) => {
      if (!result.ok) say(notOpenedText(result, "the pasted text"), "error");
      revealStatus();
    });
  });
}
