// @ts-check
// Autosave of the game on the board into the game library, and the footer line that says how
// saving goes. One write at a time; changes made meanwhile are written next (the latest wins
// within this tab). Tabs tell each other about every write (BroadcastChannel, else the `storage`
// event of a ping key), and a tab showing the same game merges the other's moves at once, so
// neither silently overwrites the other. A failed write is tried again later (1 s, 2 s, 4 s… up
// to a minute) and the footer says when saving resumes. When the library cannot even be opened (private mode, a cross-site frame), saving is
// off for the tab and the game stays in memory, as the footer says.
// Deletes are told too (`{deleted: ids}`, `{restored: ids}`): every tab's Recent games follows,
// and a tab whose board shows a game another tab deleted saves it again: the game on a board is
// never lost (nor can it be deleted in its own tab: recent-games.js offers no Delete for it).
// What is not written yet when the page is hidden or left goes to save-journal.js (synchronous),
// and the next page to open the library saves it: a move just before a reload or a closed tab
// is kept.
// In a frame (`?embed` without `host=`; a same-site page may frame the studio), nothing is
// written until the player acts in it (a key or a pointer pressed in the frame: events no
// script can make), and never which game the studio opens next: the tab's game (sessionStorage,
// which a same-origin frame shares with the page) and the library's "last game" stay the
// studio's own.

import { byId } from "../app/dom.js";
import { GameLibrary, newGameId } from "./game-library.js";
import { SCHEMA_VERSION, gameOf, newPlay, readRecord, sameGame } from "./game-record.js";
import { journal, takeJournals } from "./save-journal.js";
import { EMPTY_GRID } from "../board/grid.js";
import { CHANNEL, PING_KEY } from "./library-start.js";
import { setSaving } from "../app/page-state.js";

/** @typedef {import("./game-record.js").GameRecord} GameRecord */
/** @typedef {import("../app/storage.js").Game} Game */
/**
 * What the saver needs from the page: the game on the board, and a way to show a merged one.
 * `saved`: every change is written; the records written since the last call.
 * @typedef {{read: () => Game, apply: (game: Game) => void, saved: (records: GameRecord[]) => void}} SaverHooks
 */

const TAB_GAME_KEY = "sudoku-studio.tab-game";
/** The game the studio (never a frame) last saved: the one a new visit opens. */
const LAST_GAME_KEY = "sudoku-studio.last-game";
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

const saveStatus = byId("save-status");

/** @type {GameLibrary | null} */
let library = null;
/** @type {SaverHooks | null} */
let hooks = null;
/** The key of the game on the board (a new game gets a new key; the one before stays saved). */
let currentId = newGameId();
/** Per game, the record this tab last read or wrote: a write is based on it (merge, not overwrite). */
const known = /** @type {Map<string, GameRecord>} */ (new Map());
/** Per game, the latest state not yet written (in the order the games were left). */
const pending = /** @type {Map<string, Game>} */ (new Map());
let writing = false;
/** The write under way: a page left meanwhile keeps it in the journal (the write may be aborted). @type {{id: string, game: Game} | null} */
let inFlight = null;
/** Another tab wrote the game on the board since this tab last read or wrote it. */
let behind = false;
/** Saving is off for good in this tab (the library could not be opened). */
let off = false;
let retryMs = 0;
/** @type {ReturnType<typeof setTimeout> | null} */
let retryTimer = null;
/** @type {BroadcastChannel | null} */
let channel = null;
/** The player has pressed a key or a pointer in this page (a frame saves nothing before). */
let acted = false;

/** This page is an embedded frame (embed-mode.js marks <html> before any other module runs). */
const framed = () => document.documentElement.dataset.embed === "true";

/** The library, once open (null while opening, or when saving is off). */
export const openLibrary = () => library;

/** The key of the game on the board. */
export const currentGameId = () => currentId;

/**
 * Open the library and start saving; null (and the footer says why) when storage is off.
 * @param {SaverHooks} pageHooks @returns {Promise<GameLibrary | null>}
 */
export async function startSaving(pageHooks) {
  hooks = pageHooks;
  keepUnsavedOnLeaving();
  if (framed()) waitForThePlayer();
  const opened = await GameLibrary.open();
  if (!opened.ok) {
    savingOff(opened.problem);
    pending.clear();
    return null;
  }
  library = opened.library;
  if (!framed()) await saveJournals(library); // the studio's own moves: its next page saves them
  listenToOtherTabs();
  if (pending.size) void write();
  return library;
}

/**
 * A frame saves from the player's first key or pointer press in it on (trusted events only: a
 * framing page's script cannot make one).
 */
function waitForThePlayer() {
  /** @param {Event} event */
  const act = (event) => {
    if (!event.isTrusted) return;
    acted = true;
    for (const type of ["keydown", "pointerdown"]) document.removeEventListener(type, act, true);
  };
  for (const type of ["keydown", "pointerdown"]) document.addEventListener(type, act, true);
}

/** What is not written yet, with the record each is based on. */
function unsaved() {
  const games = [...pending].map(([id, game]) => ({ id, game, base: known.get(id) ?? null }));
  if (inFlight && !pending.has(inFlight.id)) games.unshift({ ...inFlight, base: known.get(inFlight.id) ?? null });
  return games;
}

/**
 * When the page is hidden or left, what is not written yet goes to the journal (synchronously):
 * an IndexedDB write under way then may never commit. Once everything is written, the journal
 * goes (write(), below).
 */
function keepUnsavedOnLeaving() {
  const keep = () => {
    if (!off && (pending.size || inFlight)) journal(unsaved());
  };
  window.addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keep();
  });
}

/**
 * Save the games a page left in the journal before it went away, each merged with the library's
 * record like any other tab's write (a write that did commit after all merges to no change).
 * Checked as stored records are: a damaged entry is dropped, never written.
 * @param {GameLibrary} library
 */
async function saveJournals(library) {
  for (const { id, game, base } of takeJournals()) {
    const read = readRecord({ ...game, play: game.play ?? newPlay(), schema: SCHEMA_VERSION, id, rev: 1, createdAt: "", savedAt: "" });
    if (!read.ok) continue;
    const based = base ? readRecord(base) : null;
    const result = await library.save(id, gameOf(read.record), based?.ok ? based.record : null);
    if (result.ok) tellOtherTabs({ id, rev: result.record.rev });
  }
}

/**
 * From now on the board holds another game: `record` when returning to a saved one, else a new
 * game with its own key. Call it before the board changes: the game left is saved as it is.
 * @param {GameRecord | null} record
 */
export function switchGame(record) {
  if (record) known.set(record.id, record);
  currentId = record ? record.id : newGameId();
  if (framed()) return; // the tab's game is the studio's, not a frame's
  try {
    globalThis.sessionStorage.setItem(TAB_GAME_KEY, currentId); // a reload of this tab returns to it
  } catch {
    // no session storage: a reload shows the game last saved
  }
}

/** The game this tab showed before a reload, if it said (never in a frame). */
export function tabGameId() {
  try {
    return framed() ? null : globalThis.sessionStorage.getItem(TAB_GAME_KEY);
  } catch {
    return null;
  }
}

/**
 * The game a visit opens among `games` (the most recently saved first): this tab's before a
 * reload, else the one the studio last saved (a frame's game, saved later, is not it), else the
 * most recently saved. Null when there is none.
 * @param {readonly GameRecord[]} games @param {string | null} tabGame
 */
export function gameToOpen(games, tabGame) {
  /** @type {string | null} */
  let last = null;
  try {
    last = globalThis.localStorage.getItem(LAST_GAME_KEY);
  } catch {
    // no storage: the most recently saved
  }
  return games.find((g) => g.id === tabGame) ?? games.find((g) => g.id === last) ?? games[0] ?? null;
}

/** The studio saved game `id`: the one a new visit opens. @param {string} id */
function rememberLastGame(id) {
  if (framed()) return;
  try {
    globalThis.localStorage.setItem(LAST_GAME_KEY, id);
  } catch {
    // no storage: the most recently saved one is opened
  }
}

/**
 * The latest state of game `id` not written yet (writes failing and being retried), or null:
 * returning to that game must show it, not the older stored record.
 * @param {string} id @returns {Game | null}
 */
export const unsavedGame = (id) => pending.get(id) ?? null;

/** The game on the board changed: save it (now, or after the write under way). */
export function autosave() {
  if (!hooks || off || (framed() && !acted)) return;
  pending.delete(currentId); // re-inserted last: games are written in the order they were left
  pending.set(currentId, hooks.read());
  saveStatus.dataset.pending = "true";
  if (!library || writing || retryTimer !== null) return;
  void write();
}

/** The records written since hooks.saved was last called. @type {GameRecord[]} */
let written = [];

async function write() {
  if (!library || !hooks) return;
  writing = true;
  for (;;) {
    const next = pending.entries().next();
    if (next.done) {
      if (!behind) break;
      behind = false;
      await catchUp(library, hooks);
      continue;
    }
    const [id, game] = next.value;
    pending.delete(id);
    const base = known.get(id) ?? null;
    if (!base && game.givens === EMPTY_GRID && game.entries === EMPTY_GRID) continue; // an empty board is not a game yet
    inFlight = { id, game };
    const result = await library.save(id, game, base);
    inFlight = null;
    if (!result.ok) {
      if (!pending.has(id)) pending.set(id, game);
      writing = false;
      retryLater(result.problem);
      return;
    }
    if (retryMs > 0) savingResumed();
    if (id === currentId) rememberLastGame(id);
    if (result.record.rev !== base?.rev) tellOtherTabs({ id: result.record.id, rev: result.record.rev });
    known.set(id, baseAfterWrite(id, game, result.record));
    written.push(result.record);
  }
  writing = false;
  journal([]); // every change is written: a journal kept when the page was hidden goes
  saveStatus.dataset.pending = "false"; // every change is written (tests wait for this)
  const records = written;
  written = [];
  hooks.saved(records);
}

/**
 * The record the next write of game `id` is based on, after `game` was written as `record`.
 *
 * When the write merged another tab's moves in, the board shows them at once, unless this tab
 * has moved again meanwhile (or a change is already waiting: another tab's ping queues the board
 * as it is). Then the board is still based on what this tab wrote, not on the merge: were the
 * merge taken as the base, the other tab's moves would look like cells this tab had cleared, and
 * the next write would erase them. So the base is what was written, under an older revision,
 * and the next write merges again.
 * @param {string} id @param {Game} game @param {GameRecord} record @returns {GameRecord}
 */
function baseAfterWrite(id, game, record) {
  const stored = gameOf(record);
  if (sameGame(stored, game) || !hooks) return record;
  if (!pending.has(id)) {
    if (id !== currentId) return record; // a game left: nothing on the board is based on it
    if (sameGame(hooks.read(), game, false)) {
      hooks.apply(stored); // the merge brought another tab's moves: show them
      return record;
    }
  }
  return { ...record, givens: game.givens, entries: game.entries, mode: game.mode, play: game.play ?? record.play, rev: record.rev - 1 };
}

/**
 * Another tab wrote the game on the board, and this tab has no change of its own waiting: show
 * the stored game. Nothing is written, so the tabs do not answer each other's writes for ever
 * (each tab's clock would always be a few milliseconds ahead of the other's last write). When
 * the board has moved on from what this tab last read or wrote, it is queued instead: its write
 * merges the other tab's moves in.
 * @param {GameLibrary} library @param {SaverHooks} hooks
 */
async function catchUp(library, hooks) {
  const id = currentId;
  const got = await library.get(id);
  const base = known.get(id);
  if (!got.ok || !got.record || !base || got.record.rev <= base.rev) return; // the next write merges
  if (id !== currentId || pending.has(id)) return; // a move meanwhile: its write merges
  if (sameGame(hooks.read(), gameOf(base), false)) {
    known.set(id, got.record);
    hooks.apply(gameOf(got.record));
  } else {
    pending.set(id, hooks.read());
  }
}

/** @param {string} problem */
function retryLater(problem) {
  retryMs = retryMs ? Math.min(retryMs * 2, LAST_RETRY_MS) : FIRST_RETRY_MS;
  setSaving(false);
  saveStatus.dataset.state = "off";
  saveStatus.dataset.retry = String(retryMs / 1000);
  saveStatus.textContent = `Saving is off: ${problem}. Trying again in ${retryMs / 1000} s; your game stays in this tab meanwhile.`;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (!writing) void write();
  }, retryMs);
}

function savingResumed() {
  retryMs = 0;
  setSaving(true);
  saveStatus.dataset.state = "on";
  delete saveStatus.dataset.retry;
  saveStatus.textContent = "Saving resumed: your game is saved in this browser again.";
}

/** Storage cannot be used in this tab: stop trying, and say so in the footer. @param {string} problem */
export function savingOff(problem) {
  off = true;
  setSaving(false);
  saveStatus.dataset.state = "off";
  saveStatus.textContent = `Saving is off: ${problem}. Your game stays in this tab until you close it.`;
}

// --- other tabs ---------------------------------------------------------------------------------

/**
 * Tell the other tabs what changed in the library: a game written (`{id, rev}`), deleted or put
 * back (`{deleted: ids}`, `{restored: ids}`).
 * @param {{id: string, rev: number} | {deleted: string[]} | {restored: string[]}} message
 */
export function tellOtherTabs(message) {
  if (channel) {
    channel.postMessage(message);
    return;
  }
  try {
    globalThis.localStorage.setItem(PING_KEY, JSON.stringify({ ...message, at: Date.now() }));
  } catch {
    // no way to tell other tabs: they merge on their next write instead
  }
}

/**
 * Games were deleted here (the list's Delete, Clear finished): nothing of theirs is written any
 * more (a write waiting would bring them back).
 * @param {readonly string[]} ids
 */
export function forgetGames(ids) {
  for (const id of ids) {
    pending.delete(id);
    known.delete(id);
  }
}

/** @param {unknown} data */
function heard(data) {
  if (!data || typeof data !== "object" || !hooks) return;
  otherTabs.dispatchEvent(new Event("change"));
  const { deleted } = /** @type {{deleted?: unknown}} */ (data);
  if (Array.isArray(deleted)) {
    if (!deleted.includes(currentId)) return;
    known.delete(currentId); // gone from the library: saved again as a game of its own key
    autosave();
    return;
  }
  const { id, rev } = /** @type {{id?: unknown, rev?: unknown}} */ (data);
  const base = known.get(currentId);
  if (id !== currentId || typeof rev !== "number" || (base && rev <= base.rev)) return;
  behind = true; // read once the writes under way are done (see catchUp)
  if (!writing && retryTimer === null) void write();
}

function listenToOtherTabs() {
  if (typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANNEL);
    channel.addEventListener("message", (event) => heard(event.data));
    return;
  }
  window.addEventListener("storage", (event) => {
    if (event.key !== PING_KEY || !event.newValue) return;
    try {
      heard(JSON.parse(event.newValue));
    } catch {
      // not ours
    }
  });
}

/** Dispatches "change" when another tab saved a game (the recent games list refreshes). */
export const otherTabs = new EventTarget();
