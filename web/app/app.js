// @ts-check
// The page's wiring, and nothing else: which module answers which control, and the start-up.
// Each concern lives in its own module:
//   game-view.js          the game on the board: mode, conflicts, mistakes, completion, exports
//   play-history.js       undo and redo of every move (cell-layers.js, move-history.js)
//   tool-pad.js           the tools and number pad; shortcuts.js: the page's keys and their list
//   game-timer.js         the time played, pause; settings.js: the settings dialog
//   hint-view.js          Hint in three steps; completion-view.js: the solved moment
//   technique-help.js     "What is a Naked Pair?": the technique explanations' dialog
//   path-view.js          Path: the solving path step by step, and why this grade
//   autosave.js           saving it in the game library (game-library.js), other tabs, retries
//   recent-games.js       Recent games; undo-line.js: bring back the game a new one replaced
//   statistics-recorder.js  every game played, into the statistics; statistics-view.js shows them
//   verdict-view.js       the verdict line and "Keep trying"
//   engine-runner.js      the engine's status, its buttons' state, one request at a time with Cancel
//   engine-actions.js     Solve, Check, Reveal cell, Count solutions
//   new-puzzle-dialog.js  New puzzle…: the dialog, the pool, generation
//   pool-refill.js        background work: grading, refilling the pool
//   intake-view.js        every puzzle that comes in (paste, file, link, Ctrl+V): checked, then opened
//   create-view.js        Create mode: the verdict as the givens are typed, and the Play gate
//   import-export.js      copy, share link, save, print; export-view.js: other apps' formats
//   setter-view.js        Create mode's tools for setters; booklet-view.js: Booklet…
//   offline.js            the service worker: offline after one visit, "A new version is ready"
//   embed-frame.js        embed mode (?embed): the compact layout, its height, the host API
// The modules no board needs at its start (Path, New puzzle…, the background work, the service
// worker, embed mode, the daily puzzle, drills, other formats, setters' tools, booklets) are not
// among the imports below: they load once the board is ready (or on the first click that needs
// one), so a first visit fetches and runs only what the board needs before it takes input. The
// build's import map checks them like the others.
// Sudoku work goes to the engine through SolverClient (the page never knows about Pyodide);
// manual play needs no engine at all.

import "../board/define-sudoku-board.js";
import { autoCandidates, diffLayers, layersOf } from "../board/cell-layers.js";
import { wireCompletion } from "../game/completion-view.js";
import { byId } from "./dom.js";
import { wireEngineActions } from "../engine/engine-actions.js";
import { client, personRequests, updateEngineUi, wireEngineControls } from "../engine/engine-runner.js";
import { autosave, currentGameId, gameToOpen, otherTabs, savingOff, startSaving, tabGameId } from "../game/autosave.js";
import {
  afterMove, applyMergedGame, currentGame, gameEvents, repairedNote, returnTo, settingsApplied, showGame, wireModeRadios,
} from "../game/game-view.js";
import { newGameId } from "../game/game-library.js";
import { gameOf, sameGame } from "../game/game-record.js";
import { OPENED_BEFORE } from "../game/library-start.js";
import { isPaused, setAway, showTimer, togglePause, wireTimer } from "../game/game-timer.js";
import { EMPTY_GRID, cellName } from "../board/grid.js";
import { wireCentreLayout } from "../teach/centre-layout.js";
import { hint, wireHint } from "../teach/hint-view.js";
import { wireTechniqueHelp } from "../teach/technique-help.js";
import { makeMove, recordMove, redo, undo, wireHistory } from "../game/play-history.js";
import { settings, settingsChanges, wireSettings } from "./settings.js";
import { wireShortcuts } from "./shortcuts.js";
import { wireToolPad } from "../board/tool-pad.js";
import { wireExport } from "../puzzles/import-export.js";
import { openLink, wireIntake } from "../puzzles/intake-view.js";
import { askToPlay, wireCreate } from "../puzzles/create-view.js";
import { board, countHelp, setSaving } from "./page-state.js";
import { DAILY_PARAM, dailyOfAddress, dayKey } from "../puzzles/daily.js";
import { gamesSaved, refreshRecentGames, wireRecentGames } from "../game/recent-games.js";
import { wireStatisticsRecorder } from "../game/statistics-recorder.js";
import { forgetOldSave, loadGame } from "./storage.js";
import { wireUndo } from "../game/undo-line.js";
import { wireVerdict } from "../engine/verdict-view.js";
import { say, selectionMade, status, wireStatusLine } from "./status.js";
import { showPanel, wireMenu, wirePanels } from "./panels.js";
import { hideWelcome, showWelcome, wireWelcome } from "./welcome.js";

// --- the parts loaded after the board ---------------------------------------------------------

/**
 * A module loaded once, on its first use or soon after the board is ready, then `wire`d; a
 * failure (a file missing from a partial upload, or refused by the import map's integrity
 * check) is said on the board, and the next use tries again.
 * @template T
 * @param {string} what  the part of the page, for the message
 * @param {() => Promise<T>} load  a dynamic import of the module by its literal path (the build's
 *   tests check that every path the page names is in the site)
 * @param {(module: T) => void} [wire]
 * @returns {{get: () => Promise<T | null>, loaded: () => T | null}}
 */
function later(what, load, wire) {
  /** @type {Promise<T | null> | null} */
  let loading = null;
  /** @type {T | null} */
  let module = null;
  const get = () => (loading ??= load().then((m) => {
    wire?.(m); // a fault here is said below, like a failed load
    return m;
  }).then(
    (m) => (module = m),
    (/** @type {unknown} */ error) => {
      loading = null;
      say(`${what} could not be loaded (${error instanceof Error ? error.message : String(error)}); reload the page to try again.`);
      return null;
    },
  ));
  return { get, loaded: () => module };
}

const pathView = later("The solving path", () => import("../teach/path-view.js"), (m) => m.wirePath((steps) => {
  countHint();
  say(`Applied ${steps} step${steps === 1 ? "" : "s"} of the path. Undo takes ${steps === 1 ? "it" : "them"} back.`);
}));
const newPuzzleDialog = later("The New puzzle dialog", () => import("../puzzles/new-puzzle-dialog.js"), (m) => m.wireNewPuzzleDialog());
const refill = later("The background work", () => import("../puzzles/pool-refill.js"));
const dailyView = later("The daily puzzle", () => import("../puzzles/daily-view.js"), (m) => m.wireDaily());
const drillView = later("Practise a technique", () => import("../train/drill-view.js"), (m) => m.wireDrills({ away: setAway }));
const reviewView = later("The review of your solve", () => import("../teach/review-view.js"), (m) => m.wireReview({ away: setAway }));
const statisticsView = later("Statistics", () => import("../game/statistics-view.js"), (m) => m.wireStatistics());
const offline = later("Offline play", () => import("./offline.js"));
const embedFrame = later("Embed mode", () => import("../embed/embed-frame.js"));
const otherFormats = later("The other apps' formats", () => import("../puzzles/export-view.js"), (m) => m.wireOtherFormats());
const setterTools = later("The setters' tools", () => import("../puzzles/setter-view.js"), (m) => m.wireSetter());
const bookletView = later("Booklet…", () => import("../puzzles/booklet-view.js"), (m) => m.wireBooklet());

/**
 * Clicks inside `element` on controls a later part wires: one that comes before the part has
 * loaded is held and given again once it has (a failed load is said by later()).
 * @param {Element | null} element @param {{get: () => Promise<unknown>, loaded: () => unknown}} part
 */
function clickWhenLoaded(element, part) {
  element?.addEventListener("click", (event) => {
    if (part.loaded()) return;
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.closest("button")) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    void part.get().then((m) => {
      if (m) target.click();
    });
  }, { capture: true });
}

/** Called by ready(): the board takes input. */
let boardIsReady = () => {};
/** Resolves once the board takes input; what it does not need loads after that. */
const boardReady = new Promise((resolve) => void (boardIsReady = () => resolve(undefined)));

/** Background work after `delay` ms (pool-refill.js, loaded after the board). @param {number} [delay] */
const scheduleBackground = (delay) => {
  const m = refill.loaded();
  if (m) m.scheduleBackground(delay); // loaded: at once, in the order asked (as stopBackground)
  else void boardReady.then(refill.get).then((loaded) => loaded?.scheduleBackground(delay));
};
/** Stop background work now (none runs before its module has loaded; a schedule still queued is
 * answered in the order asked). */
const stopBackground = () => {
  const m = refill.loaded();
  if (m) m.stopBackground();
  else void boardReady.then(refill.get).then((loaded) => loaded?.stopBackground());
};

// --- the engine -------------------------------------------------------------------------------

client.addEventListener("statechange", () => {
  updateEngineUi();
  if (client.ready) scheduleBackground();
});
// The person's request goes first: background work stops before it and may resume after it.
personRequests.addEventListener("start", () => stopBackground());
personRequests.addEventListener("idle", () => scheduleBackground());
gameEvents.addEventListener("shown", () => scheduleBackground());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") scheduleBackground();
});
wireStatusLine(byId("status"));
wireVerdict();
wireEngineControls();
wireEngineActions();

// --- the board and manual play ----------------------------------------------------------------

board.addEventListener("sudoku-change", (event) => {
  const { kind, changes } = /** @type {CustomEvent<import("../board/sudoku-board.js").ChangeDetail>} */ (event).detail;
  recordMove(kind, changes);
  afterMove(); // what was said about the game before this move goes (app/status.js)
});
board.addEventListener("sudoku-reject", (event) => {
  const { cell } = /** @type {CustomEvent<import("../board/sudoku-board.js").RejectDetail>} */ (event).detail;
  say(`${cellName(cell)} is a given; switch to Create mode to change it.`, "info", { untilSelect: true });
});
board.addEventListener("sudoku-select", selectionMade);
wireModeRadios(() => {
  hideWelcome(); // Play chosen: the board is claimed (an empty one is offered "Play anyway")
  void askToPlay();
});

wireToolPad(say);
wireHistory(afterMove);

byId("clear-entries").addEventListener("click", () => {
  const layers = board.layers;
  if (makeMove("clear", diffLayers(layers, layersOf(layers.givens, EMPTY_GRID)))) {
    say("Cleared your digits, marks and colours. Undo brings them back.");
  }
});
byId("fill-candidates").addEventListener("click", fillCandidates);
byId("clear-all").addEventListener("click", () => {
  showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: "enter" }, { undo: "Cleared the board for a new puzzle." });
  say("Cleared. Type the givens of a puzzle, or paste one (Games panel).");
});

/** Every empty cell's candidates as centre marks, in one undoable move. */
function fillCandidates() {
  if (makeMove("candidates", autoCandidates(board.layers))) say("Filled every empty cell's candidates as centre marks.");
  else say("The centre marks already hold every cell's candidates.");
}

/** A hint shown (once per step asked, whatever its levels), or a path applied: one more hint used. */
function countHint() {
  countHelp("hints");
  autosave();
}

/** Help reads the board: not while it is hidden. */
function whenNotPaused(/** @type {() => void} */ action) {
  if (isPaused()) say("The game is paused: Resume first.");
  else action();
}

const hintButton = /** @type {HTMLButtonElement} */ (byId("hint"));
const askHint = () => whenNotPaused(() => {
  if (hintButton.hidden) return; // an embed without Hint
  if (hintButton.disabled) say("Hints need the engine; it is not ready yet.");
  else {
    pathView.loaded()?.closePath(); // the hint is for the player's board, not the path's preview
    void hint(countHint);
  }
});
hintButton.addEventListener("click", askHint);
wireHint();
const pathButton = /** @type {HTMLButtonElement} */ (byId("path"));
pathButton.addEventListener("click", () => whenNotPaused(() => {
  if (!pathButton.disabled) void pathView.get().then((m) => m?.showSolvingPath());
  showPanel("learn");
}));
byId("drill-open").addEventListener("click", () => void drillView.get().then((m) => m?.openDrills()));
byId("review-open").addEventListener("click", () => void reviewView.get().then((m) => m?.openReview()));
wireShortcuts({ undo, redo, hint: askHint, pause: () => togglePause() });
wireTechniqueHelp();
wireTimer(autosave);
wireCompletion({
  newPuzzle: () => byId("new-puzzle").click(),
  playLevel: (level) => void newPuzzleDialog.get().then((m) => m?.playLevel(level)),
  askLevel: (puzzle) => void boardReady.then(refill.get).then((m) => m?.levelWanted(puzzle)),
  review: () => void reviewView.get().then((m) => m?.openReview()),
});

wirePanels();
wireMenu(byId("assist"), byId("assist-menu"));

// --- settings ------------------------------------------------------------------------------------

/** The settings on the board and the page. */
function applySettings() {
  if (settings.clearPeerMarks) board.removeAttribute("peer-marks");
  else board.setAttribute("peer-marks", "keep");
  board.toggleAttribute("auto-candidates", settings.autoCandidates);
  showTimer(settings.showTimer);
  settingsApplied(); // the mistake marks and the conflicts line follow the settings
}
wireSettings();
wireCentreLayout(board, () => settings.centreGrid, settingsChanges);
let autoWas = settings.autoCandidates;
settingsChanges.addEventListener("change", () => {
  applySettings();
  if (settings.autoCandidates && !autoWas && board.mode === "play") fillCandidates();
  autoWas = settings.autoCandidates;
  scheduleBackground(0);
});
wireUndo();

// --- saved games --------------------------------------------------------------------------------

wireStatisticsRecorder();
byId("stats-open").addEventListener("click", () => void statisticsView.get().then((m) => m?.openStatistics()));
byId("done-stats-open").addEventListener("click", () => {
  /** @type {HTMLDialogElement} */ (byId("done-dialog")).close();
  void statisticsView.get().then((m) => m?.openStatistics());
});
wireRecentGames((record) => {
  if (record.id !== currentGameId()) void returnTo(record.id, undefined, "Opened a game from Recent games.");
});
otherTabs.addEventListener("change", () => void refreshRecentGames());

// --- puzzles in and out -----------------------------------------------------------------------

byId("new-puzzle").addEventListener("click", () => void newPuzzleDialog.get().then((m) => m?.openNewPuzzleDialog()));
byId("welcome-daily").addEventListener("click", () => {
  hideWelcome();
  void dailyView.get().then((m) => m?.playToday());
});
wireWelcome({
  play: (level) => void newPuzzleDialog.get().then((m) => m?.playLevel(level)),
  create: () => {
    showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: "enter" });
    say("Type the givens; the verdict follows as you type. Play this puzzle when it is unique.");
    board.focusGrid();
  },
  paste: () => {
    showPanel("games");
    byId("import").click();
  },
  dismiss: () => board.focusGrid(),
});
board.addEventListener("sudoku-select", hideWelcome);
// a game chosen (or Clear all) once the page has started: the board is no longer unclaimed (at the
// start, ready() decides, so a first visit's welcome shown early is not hidden and shown again)
gameEvents.addEventListener("shown", () => {
  if (document.body.dataset.app === "ready") hideWelcome();
});
board.addEventListener("sudoku-change", hideWelcome);
wireIntake({ stopBackground, scheduleBackground: () => scheduleBackground() });
wireCreate({ stopBackground, scheduleBackground: () => scheduleBackground() });
wireExport();
byId("booklet").addEventListener("click", () => void bookletView.get().then((m) => m?.openBooklet()));
clickWhenLoaded(document.querySelector(".export-group"), otherFormats);
clickWhenLoaded(document.querySelector(".open-in"), otherFormats);
window.addEventListener("hashchange", () => void openLink());
/**
 * The address asks for a daily puzzle it names rightly (`?daily=…`): it takes the board's place,
 * so the last game is not shown first. One it names wrongly (no such level, a day not out yet)
 * leaves the player's last game on the board, and daily-view.js says why it is not given.
 */
const dailyAsked = dailyOfAddress(location.search, dayKey(new Date()))?.ok === true;
/** After a share link, which wins: the address's daily puzzle, or the reason there is none. */
const openDaily = () =>
  void (new URLSearchParams(location.search).has(DAILY_PARAM) && dailyView.get().then((m) => m?.openDailyLink()));

// --- start ------------------------------------------------------------------------------------

/**
 * The game from a share link, else the game this tab had before a reload, else the most recently
 * saved game, else an empty board to type a
 * puzzle into. The old single save slot moves into the game library first (kept when unreadable).
 */
async function start() {
  const tabGame = tabGameId(); // read before the empty board below takes its place
  // embed mode (marked on <html> by embed-mode.js, which also preloads embed-frame.js)
  const frame = document.documentElement.dataset.embed === "true" ? await embedFrame.get() : null;
  const embed = frame?.embed ?? { embed: false, host: null };
  if (frame?.embed.embed) frame.layoutEmbed();
  showGame({ givens: EMPTY_GRID, entries: EMPTY_GRID, mode: embed.embed ? "play" : "enter" });
  if (embed.embed && embed.host) {
    // the host keeps the games (a cross-site frame has no storage): nothing saved, nothing to say
    setSaving(false);
    const linked = await openLink();
    ready();
    if (!linked) openDaily();
    frame?.startEmbedApi();
    return;
  }
  const opening = startSaving({ read: currentGame, apply: applyMergedGame, saved: gamesSaved });
  const old = loadGame();
  // not for a reload (this tab had a game) nor a share link (its fragment stays until it is saved)
  if (!OPENED_BEFORE && tabGame === null && !location.hash && old.ok && !old.game && !old.note) {
    await startFresh(opening, tabGame);
    return;
  }
  const library = await opening;
  let note = old.ok ? old.note : "";
  /** @type {import("../game/game-record.js").GameRecord | null} */
  let latest = null;
  /** @type {import("../game/game-record.js").GameRecord[]} */
  let records = [];
  if (library) {
    if (old.ok && old.game) {
      const moved = await library.save(newGameId(), old.game, null);
      if (moved.ok) forgetOldSave();
      else note = `Your saved game could not be moved into the game library (${moved.problem}); it is kept as it is.`;
    }
    const listed = await library.list();
    if (listed.ok) {
      const chosen = gameToOpen(listed.games, tabGame);
      // read in full to be played (the list does not replay histories)
      const got = chosen ? await library.get(chosen.id) : null;
      if (got && !got.ok) note = `Your last game cannot be opened: ${got.problem}; it is kept as it is.`;
      else if (got?.repaired && !note) note = repairedNote(got.repaired);
      latest = got?.ok ? got.record : null;
      records = listed.games;
    }
  } else if (!old.ok) {
    savingOff(old.problem);
  }
  const linked = await openLink(records);
  if (!linked) {
    const said = status.get("status"); // why a link was not opened: it stays over the game shown instead
    if (latest && !dailyAsked) showGame(gameOf(latest), { record: latest });
    else if (!library && old.ok && old.game) showGame(old.game);
    if (note) say(note, "warning");
    else if (said) status.set("status", said);
  }
  void refreshRecentGames();
  ready();
  if (!linked) openDaily();
}

/**
 * A browser that has never opened the game library (a first visit) has no saved game to wait
 * for: the board takes input at once (a share link's puzzle, else an empty board), and the
 * library, still being created, saves the moves made meanwhile once it is open. Should it hold
 * games after all (the browser lost only the mark that says it was opened), the latest one is
 * shown then, unless the board has changed since.
 * @param {Promise<import("../game/game-library.js").GameLibrary | null>} opening
 * @param {string | null} tabGame
 */
async function startFresh(opening, tabGame) {
  const linked = await openLink([]); // a first visit: no saved game to reopen
  const shown = currentGame();
  ready();
  if (!linked) openDaily();
  const library = await opening;
  const listed = library ? await library.list() : null;
  const chosen = listed?.ok ? gameToOpen(listed.games, tabGame) : null;
  const got = chosen && library ? await library.get(chosen.id) : null; // in full, to be played
  const latest = got?.ok ? got.record : null;
  if (latest && !linked && !dailyAsked && sameGame(currentGame(), shown, false)) {
    const said = status.get("status");
    showGame(gameOf(latest), { record: latest });
    if (said) status.set("status", said);
  }
  void refreshRecentGames();
}

/**
 * A game paused when its tab reloads comes back paused (the board hidden, no peeking): the
 * tab keeps which game it was (sessionStorage, the tab's own), and only that game, shown again
 * in that tab, is paused. Another tab, or another game, starts running as ever.
 */
const TAB_PAUSED_KEY = "sudoku-studio.tab-paused";
window.addEventListener("pagehide", () => {
  try {
    if (isPaused()) sessionStorage.setItem(TAB_PAUSED_KEY, currentGameId() ?? "");
    else sessionStorage.removeItem(TAB_PAUSED_KEY);
  } catch {
    // no session storage: the game comes back running, as it did
  }
});

function pauseAsBefore() {
  try {
    const paused = sessionStorage.getItem(TAB_PAUSED_KEY);
    sessionStorage.removeItem(TAB_PAUSED_KEY);
    if (paused && paused === currentGameId() && document.documentElement.dataset.embed !== "true") togglePause(true);
  } catch {
    // no session storage: nothing was kept
  }
}

function ready() {
  pauseAsBefore();
  updateEngineUi();
  applySettings();
  document.body.dataset.app = "ready";
  const embedded = document.documentElement.dataset.embed === "true";
  if (!embedded && !dailyAsked && board.givens === EMPTY_GRID && board.entries === EMPTY_GRID) showWelcome();
  else hideWelcome(); // library-start.js may have shown it before a saved game turned up
  boardIsReady();
}

// in a task of its own: the modules' evaluation before it (the board's element, the wiring) is one
// task already, and the two together were the longest of a phone's start
setTimeout(() => void start(), 0);
// The service worker is registered after the board, or after 3 s whatever happened: it is the
// way out of a broken or stale build ("A new version is ready"), so it must not wait on a start
// that hangs.
void Promise.race([boardReady, new Promise((resolve) => setTimeout(resolve, 3000))]).then(() => {
  // what the board did not need, loaded now: the first click on Path or New puzzle… finds it
  // (each also loads on its first use, if that comes sooner)
  void offline.get().then((m) => m?.wireOffline());
  void pathView.get();
  void newPuzzleDialog.get();
  void dailyView.get();
  void otherFormats.get();
  void setterTools.get();
});
