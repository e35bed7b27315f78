// @ts-check
// The moves not yet in the game library when the page goes away. An IndexedDB write is
// asynchronous: a reload or a closed tab right after a move aborts it, and the move was lost
// (3 reloads in 12 at 0 ms). So when the page is hidden or left (`visibilitychange`, `pagehide`)
// autosave.js writes what it has not saved yet here, in localStorage, which is synchronous; the
// next page that opens the library saves it (the library merges it like any other tab's write)
// and removes it. Each tab has its own key, so two tabs never write over each other's.
// Nothing here throws: without localStorage there is simply no journal.

/** @typedef {import("./game-record.js").GameRecord} GameRecord */
/** @typedef {import("../app/storage.js").Game} Game */
/** A game not saved yet: its key, its state, and the record it is based on (for the merge). @typedef {{id: string, game: Game, base: GameRecord | null}} Unsaved */

const PREFIX = "sudoku-studio.unsaved.";
/** This tab's key: random, so another tab's journal is never this one's. */
const KEY = PREFIX + Math.random().toString(36).slice(2, 10);

let written = false;

/**
 * Keep `games` (synchronously) until a page saves them; an empty list removes this tab's journal.
 * @param {readonly Unsaved[]} games
 */
export function journal(games) {
  try {
    if (games.length) {
      globalThis.localStorage.setItem(KEY, JSON.stringify({ games }));
      written = true;
    } else if (written) {
      globalThis.localStorage.removeItem(KEY);
      written = false;
    }
  } catch {
    // full or refused storage: the writes under way may still finish
  }
}

/**
 * Every journal left by a page that went away (this tab's earlier page included), removed as
 * they are read: untrusted, so only their shape is checked here; the library checks each game
 * as it merges it.
 * @returns {Unsaved[]}
 */
export function takeJournals() {
  /** @type {Unsaved[]} */
  const games = [];
  try {
    const store = globalThis.localStorage;
    const keys = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX) && key !== KEY) keys.push(key);
    }
    for (const key of keys) {
      const text = store.getItem(key);
      store.removeItem(key);
      games.push(...unsavedIn(text));
    }
  } catch {
    // no storage: no journal
  }
  return games;
}

/** @param {string | null} text @returns {Unsaved[]} */
function unsavedIn(text) {
  try {
    const data = /** @type {{games?: unknown}} */ (JSON.parse(text ?? "null"));
    if (!data || !Array.isArray(data.games)) return [];
    return data.games.filter(
      (g) => g && typeof g === "object" && typeof g.id === "string" && g.id && g.game && typeof g.game === "object"
        && typeof g.game.givens === "string" && typeof g.game.entries === "string" && (g.base === null || typeof g.base === "object"),
    );
  } catch {
    return [];
  }
}
