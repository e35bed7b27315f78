// @ts-check
// Recent games: the game library as a list of buttons, the most recently saved first, each named
// by its puzzle (level and seed when known, else its number of givens), its progress and when it
// was last played; the game on the board is marked (aria-current). Pressing one puts that game on
// the board (the one there stays saved, and Undo returns to it). Records the page cannot read
// (a newer version's, damaged ones) are counted in a note and kept untouched.

import { currentGameId, openLibrary } from "./autosave.js";
import { byId } from "../app/dom.js";
import { combine, filledCount } from "../board/grid.js";
import { LEVEL_NAMES } from "../puzzles/puzzle-info.js";

/** @typedef {import("./game-record.js").GameRecord} GameRecord */

/** How many games the list shows (the library keeps every one). */
const SHOWN = 20;

const list = byId("recent-list");
const note = byId("recent-note");

/** @type {(record: GameRecord) => void} */
let open = () => {};
let refreshing = false;
let again = false;

/** What a person calls this game. @param {GameRecord} record */
export function gameName(record) {
  const info = record.info;
  const givens = filledCount(record.givens);
  const title = info?.level ? `${LEVEL_NAMES[info.level]}, seed ${info.seed}`
    : info ? `Seed ${info.seed}`
    : givens ? `Puzzle with ${givens} given${givens === 1 ? "" : "s"}` : "Empty grid";
  const open = 81 - givens;
  const filled = filledCount(combine(record.givens, record.entries)) - givens;
  const progress = record.mode === "enter" ? "being entered"
    : filled === open ? "all cells filled" : `${filled} of ${open} cells filled`;
  const when = new Date(record.savedAt);
  const date = Number.isNaN(when.getTime()) ? "" : `, ${when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`;
  return `${title}, ${progress}${date}`;
}

/** @param {(record: GameRecord) => void} onOpen  puts a saved game on the board */
export function wireRecentGames(onOpen) {
  open = onOpen;
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
    const listed = await library.list();
    if (!listed.ok) break;
    draw(listed.games.slice(0, SHOWN));
    const newer = listed.kept.filter((k) => k.newer).length;
    const damaged = listed.kept.length - newer;
    const parts = [];
    if (newer) parts.push(`${newer} saved game${newer === 1 ? " was" : "s were"} made by a newer version of the studio`);
    if (damaged) parts.push(`${damaged} saved game${damaged === 1 ? " is" : "s are"} damaged (${listed.kept.find((k) => !k.newer)?.problem})`);
    note.textContent = parts.length ? `${parts.join("; ")}: kept unchanged, not shown.` : "";
    note.dataset.kept = String(listed.kept.length);
  } while (again);
  refreshing = false;
}

/** @param {GameRecord[]} games */
function draw(games) {
  const current = currentGameId();
  const items = games.map((record) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = gameName(record);
    button.dataset.game = record.id;
    if (record.id === current) {
      button.setAttribute("aria-current", "true");
      button.textContent += " (on the board)";
    }
    button.addEventListener("click", () => open(record));
    item.append(button);
    return item;
  });
  list.replaceChildren(...items);
  list.dataset.count = String(games.length);
}
