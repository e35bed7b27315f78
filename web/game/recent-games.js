// @ts-check
// Recent games: the game library as a short list, the most recently played first. Each game is
// two lines (game-summary.js): its level or givens and how far it got (solved, cells filled,
// being created), then the time played and when it was last played; the game on the board is
// marked (aria-current, "on the board"). Pressing one puts that game on the board (the one there
// stays saved, and Undo returns to it).
//
// Delete (the × of each game) and Clear finished (every solved game) delete at once and offer
// Undo in a line above the list, where the player is looking; it lasts until the next delete or
// for 30 s (longer while it has the focus). Not the page's status line: that one sits at the top
// of the sheet (a scroll away on a phone) and its messages go at the board's next move, which has
// nothing to do with a game deleted from the list; and a confirmation for each delete would be
// friction for what Undo makes safe. The game on the board has no Delete (nor is it cleared):
// deleting it would leave the board showing a game that is not saved, and its next move would
// save it again. Other tabs hear every delete (autosave.js) and redraw their lists.
//
// Records the page cannot read (a newer version's, damaged ones) are counted in a note and kept
// untouched. The elements are looked up on first use, not at import.

import { currentGameId, forgetGames, openLibrary, tellOtherTabs } from "./autosave.js";
import { byId } from "../app/dom.js";
import { summarizeGame } from "./game-summary.js";

/** @typedef {import("./game-record.js").GameRecord} GameRecord */
/** @typedef {import("./game-summary.js").GameSummary} GameSummary */

/** How many games the list shows until "Show all" (the library keeps every one). */
const SHOWN = 8;
/** How long Undo is offered after a delete (ms), unless the focus is on it. */
const UNDO_MS = 30_000;

/** @type {(record: GameRecord) => void} */
let open = () => {};
let refreshing = false;
let again = false;
let showAll = false;
/** Every game of the last list (Clear finished looks at all of them, shown or not). @type {GameRecord[]} */
let listed = [];
/** The library has been listed (gamesSaved updates that list). */
let listedOnce = false;
/** Records this tab wrote while the library was being read. @type {GameRecord[]} */
let savedMeanwhile = [];
/** The games the Undo of the last delete puts back. @type {GameRecord[]} */
let undoable = [];
/** @type {ReturnType<typeof setTimeout> | undefined} */
let undoTimer;

/** @param {(record: GameRecord) => void} onOpen  puts a saved game on the board */
export function wireRecentGames(onOpen) {
  open = onOpen;
  byId("clear-finished").addEventListener("click", () => void clearFinished());
  byId("recent-more").addEventListener("click", () => {
    showAll = !showAll;
    void refreshRecentGames();
  });
  const undoLine = byId("recent-undo");
  byId("recent-undo-button").addEventListener("click", () => void undoDelete());
  undoLine.addEventListener("focusout", (event) => {
    if (!(event.relatedTarget instanceof Node && undoLine.contains(event.relatedTarget))) startUndoTimer();
  });
}

/**
 * This tab wrote these games: listed ones move to the top of the list as written, without reading
 * the library again (a move's save then costs the same however many games are kept). A game new
 * to the list, other tabs' writes and deletes read it all again.
 * @param {readonly GameRecord[]} records
 */
export function gamesSaved(records) {
  if (!records.length) return;
  if (refreshing) {
    savedMeanwhile.push(...records); // put in the list the read brings (it may predate them)
    return;
  }
  if (!listedOnce || records.some((r) => !listed.some((g) => g.id === r.id))) {
    void refreshRecentGames();
    return;
  }
  putOnTop(records);
  draw(listed);
}

/** This tab's written records at the top of `listed`, each in place of its older copy. @param {readonly GameRecord[]} records */
function putOnTop(records) {
  const latest = new Map(records.map((r) => [r.id, r])); // the last written of each game
  const stale = (/** @type {GameRecord} */ g) => (latest.get(g.id)?.rev ?? -1) >= g.rev;
  const kept = listed.filter((g) => !latest.has(g.id) || !stale(g));
  const newer = [...latest.values()].filter((r) => !kept.some((g) => g.id === r.id)).reverse();
  listed = [...newer, ...kept];
}

/**
 * Another game is on the board: the list marks it, from the games listed (a game new to the
 * library joins the list when it is first saved, gamesSaved).
 */
export function showCurrentGame() {
  if (listedOnce && !refreshing) draw(listed);
}

/** Read the library again and redraw the list (coalesced: one read at a time). */
export async function refreshRecentGames() {
  const library = openLibrary();
  if (!library) return;
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = true;
  do {
    again = false;
    const read = await library.list();
    if (!read.ok) break;
    listed = read.games;
    listedOnce = true;
    if (!again && savedMeanwhile.length) putOnTop(savedMeanwhile.splice(0));
    draw(listed);
    const newer = read.kept.filter((k) => k.newer).length;
    const damaged = read.kept.length - newer;
    const parts = [];
    if (newer) parts.push(`${newer} saved game${newer === 1 ? " was" : "s were"} made by a newer version of the studio`);
    if (damaged) parts.push(`${damaged} saved game${damaged === 1 ? " is" : "s are"} damaged (${read.kept.find((k) => !k.newer)?.problem})`);
    const note = byId("recent-note");
    note.textContent = parts.length ? `${parts.join("; ")}: kept unchanged, not shown.` : "";
    note.dataset.kept = String(read.kept.length);
  } while (again);
  refreshing = false;
}

/** @param {string} className @param {string} [text] */
function span(className, text = "") {
  const el = document.createElement("span");
  el.className = className;
  el.textContent = text;
  return el;
}

/** @param {GameRecord} record @param {GameSummary} summary @param {boolean} current */
function item(record, summary, current) {
  const li = document.createElement("li");
  li.className = "recent-item";
  li.dataset.state = summary.state;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "recent-open";
  button.dataset.game = record.id;
  const top = span("recent-line");
  // the spaces between the parts make the text read as the name below (the tick of a solved
  // game is drawn by style.css, not said)
  top.append(span("recent-title", summary.title), " ", span("recent-progress", summary.progress));
  const details = [summary.played && `${summary.played} played`, summary.when, current ? "on the board" : ""].filter(Boolean);
  button.append(top, " ", span("recent-line recent-meta", details.join(" · ")));
  // one sentence for the ear: the two lines' parts, with commas
  const name = [summary.title, summary.progress, ...details].join(", ");
  button.setAttribute("aria-label", name);
  if (current) button.setAttribute("aria-current", "true");
  button.addEventListener("click", () => open(record));
  li.append(button);
  if (current) {
    li.append(span("recent-delete-space"));
  } else {
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "recent-delete quiet";
    remove.textContent = "×";
    remove.title = "Delete this game";
    remove.setAttribute("aria-label", `Delete ${summary.title}${summary.when ? `, ${summary.when}` : ""}`);
    remove.addEventListener("click", () => void deleteGames([record.id], `“${summary.title}”`));
    li.append(remove);
  }
  return li;
}

/** @param {GameRecord[]} games */
function draw(games) {
  const current = currentGameId();
  const now = new Date();
  const shown = showAll ? games : games.slice(0, SHOWN);
  const list = byId("recent-list");
  list.replaceChildren(...shown.map((record) => item(record, summarizeGame(record, now), record.id === current)));
  list.dataset.count = String(shown.length);
  list.dataset.total = String(games.length);
  const more = byId("recent-more");
  more.hidden = games.length <= SHOWN;
  more.textContent = showAll ? "Show fewer" : `Show all ${games.length}`;
  const finished = games.filter((g) => g.play.solved && g.id !== current).length;
  const clear = /** @type {HTMLButtonElement} */ (byId("clear-finished"));
  clear.hidden = finished === 0;
  clear.dataset.count = String(finished);
}

/**
 * Delete games (never the one on the board), then offer Undo.
 * @param {string[]} ids @param {string} what  for the undo line: “Hard, 24 givens” or "3 finished games"
 * @param {{solved?: boolean}} [options]  only those solved (checked again in the transaction)
 */
async function deleteGames(ids, what, options = {}) {
  const library = openLibrary();
  const current = currentGameId();
  const wanted = ids.filter((id) => id !== current);
  if (!library || !wanted.length) return;
  const result = await library.remove(wanted, options);
  if (!result.ok) {
    offer(`Not deleted: ${result.problem}.`, []);
    return;
  }
  const gone = result.games.map((g) => g.id);
  forgetGames(gone);
  if (gone.length) tellOtherTabs({ deleted: gone });
  const count = result.games.length;
  offer(count ? `Deleted ${options.solved ? `${count} finished game${count === 1 ? "" : "s"}` : what}.` : "Nothing to delete: another tab did it already.", result.games);
  await refreshRecentGames();
  if (count) byId("recent-undo-button").focus(); // scrolls the sheet to it (only the sheet scrolls)
}

/** Clear finished: every solved game but the one on the board. */
async function clearFinished() {
  const current = currentGameId();
  await deleteGames(listed.filter((g) => g.play.solved && g.id !== current).map((g) => g.id), "", { solved: true });
}

/** Put back the games of the last delete. */
async function undoDelete() {
  const library = openLibrary();
  const games = undoable;
  if (!library || !games.length) return;
  const result = await library.restore(games);
  if (!result.ok) {
    offer(`Not put back: ${result.problem}.`, games);
    return;
  }
  if (result.games.length) tellOtherTabs({ restored: result.games.map((g) => g.id) });
  const count = games.length;
  offer(`Put back ${count === 1 ? "the game" : `${count} games`}.`, []);
  byId("recent-undo").dataset.state = "undone";
  await refreshRecentGames();
  const back = byId("recent-list").querySelector(`[data-game="${CSS.escape(games[0].id)}"]`);
  if (back instanceof HTMLElement) back.focus();
}

/**
 * Say what was deleted (or why not), with Undo when there is something to put back.
 * @param {string} text @param {GameRecord[]} games
 */
function offer(text, games) {
  undoable = games;
  const line = byId("recent-undo");
  line.hidden = false; // shown before its text changes, so that the change is announced
  byId("recent-undo-text").textContent = text;
  byId("recent-undo-button").hidden = games.length === 0;
  line.dataset.state = games.length ? "offered" : "said";
  startUndoTimer();
}

/** The undo line goes after a while, but not while it has the focus. */
function startUndoTimer() {
  clearTimeout(undoTimer);
  undoTimer = setTimeout(() => {
    const line = byId("recent-undo");
    if (line.contains(document.activeElement)) return; // focusout starts it again
    undoable = [];
    line.hidden = true;
    line.dataset.state = "none";
  }, UNDO_MS);
}
