// @ts-check
// The game library: every puzzle the player opens or makes is its own saved game, one record per
// game in IndexedDB (database "sudoku-studio", store "games", key `id`). The few lines of
// IndexedDB needed are here, each request wrapped in a promise; nothing here throws: storage may
// be missing (private mode, a cross-site frame: SecurityError), full, or hold records this page
// cannot read, and callers get {ok, problem}. Records that fail game-record's checks, or that a
// newer version wrote, are listed as kept and never written over.
// Writes are read-check-write in one transaction: a write based on an older revision (another
// tab wrote meanwhile) is merged with the stored game, never a blind overwrite. Deletes too: a
// game is deleted as it is stored at that moment (which the caller gets back, for its Undo), a
// record this page cannot read is never deleted, and putting a game back never overwrites one
// stored under its key since (the tab showing it wrote it again: that one is newer).

import { SCHEMA_VERSION, fitPlay, gameOf, mergeGames, newPlay, nextRev, readRecord, sameGame } from "./game-record.js";
import { STORE, openDatabase, takeEarlyLibrary } from "./library-start.js";
import { describeStorageError } from "../app/storage.js";

/** @typedef {import("./game-record.js").GameRecord} GameRecord */
/** @typedef {import("../app/storage.js").Game} Game */
/** @typedef {{ok: true, record: GameRecord, merged: boolean} | {ok: false, problem: string}} SaveResult */
/** @typedef {{ok: true, games: GameRecord[], kept: {id: string, newer: boolean, problem: string}[]} | {ok: false, problem: string}} ListResult */
/** `games`: the games deleted as they were stored, or those put back. @typedef {{ok: true, games: GameRecord[]} | {ok: false, problem: string}} RemoveResult */

/**
 * @template T
 * @param {IDBRequest<T>} request @returns {Promise<T>}
 */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** @param {IDBTransaction} tx @returns {Promise<void>} */
function committed(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException("The write was aborted.", "AbortError"));
    tx.onerror = () => reject(tx.error);
  });
}

/** A new game's key: random, so two tabs never pick the same one. */
export function newGameId() {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export class GameLibrary {
  /** @type {IDBDatabase} */
  #db;
  /**
   * The records read when the page opened the library (library-start.js), for the first list()
   * if no tab wrote since (this tab's write drops them); null once used or dropped.
   * @type {import("./library-start.js").EarlyLibrary | null}
   */
  #early;

  /** @param {IDBDatabase} db @param {import("./library-start.js").EarlyLibrary | null} [early] */
  constructor(db, early = null) {
    this.#db = db;
    this.#early = early;
  }

  /** The records read at load, if still true (once: later lists read the store). */
  async #earlyRecords() {
    const early = this.#early;
    this.#early = null;
    if (!early) return null;
    try {
      const values = await early.records;
      return early.changed() ? null : values;
    } catch {
      return null; // read again: its error, if it lasts, is said then
    } finally {
      early.stop();
    }
  }

  /**
   * Open (or create) the library: the connection library-start.js opened at load if there is
   * one, else a new one.
   * @returns {Promise<{ok: true, library: GameLibrary} | {ok: false, problem: string}>}
   */
  static async open() {
    try {
      const early = takeEarlyLibrary();
      if (early) {
        const opened = await early;
        return { ok: true, library: new GameLibrary(opened.db, opened) };
      }
      return { ok: true, library: new GameLibrary(await openDatabase()) };
    } catch (error) {
      return { ok: false, problem: describeStorageError(error) };
    }
  }

  /** The records as stored now (or as read at load, when no tab has written since). */
  async #records() {
    return (await this.#earlyRecords()) ?? done(this.#db.transaction(STORE, "readonly").objectStore(STORE).getAll());
  }

  /**
   * Every game, the most recently saved first, and the records kept unread. For showing: each is
   * read without replaying its history (readRecord's `deep: false`); `get` reads one to open it.
   * @returns {Promise<ListResult>}
   */
  async list() {
    try {
      const values = await this.#records();
      /** @type {GameRecord[]} */
      const games = [];
      /** @type {{id: string, newer: boolean, problem: string}[]} */
      const kept = [];
      for (const value of values) {
        const read = readRecord(value, { deep: false });
        if (read.ok) games.push(read.record);
        else kept.push({ id: String(/** @type {{id?: unknown}} */ (value)?.id ?? ""), newer: read.newer, problem: read.problem });
      }
      games.sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));
      return { ok: true, games, kept };
    } catch (error) {
      return { ok: false, problem: describeStorageError(error) };
    }
  }

  /**
   * Save this tab's game under `id`. `base` is the record this tab last read or wrote (null for
   * a game not saved yet): when the stored revision is newer, the two are merged cell by cell and
   * the merge is written (and returned, `merged: true`, for the board). A stored record this page
   * cannot read is left untouched (the write fails and says why).
   * @param {string} id @param {Game} game @param {GameRecord | null} base
   * @returns {Promise<SaveResult>}
   */
  async save(id, game, base) {
    this.#dropEarly();
    try {
      const tx = this.#db.transaction(STORE, "readwrite");
      const store = tx.objectStore(STORE);
      const stored = await done(store.get(id));
      /** @type {GameRecord | null} */
      let current = null;
      if (stored !== undefined) {
        const read = readRecord(stored);
        if (!read.ok) {
          tx.abort();
          return { ok: false, problem: `the saved game cannot be updated: ${read.problem}; it is kept as it is` };
        }
        current = read.record;
      }
      // within every limit the reader checks, or the next read would refuse what was written
      /** @type {Game} */
      let next = { ...game, play: fitPlay(game.play ?? newPlay()) };
      let merged = false;
      if (current && (!base || current.rev !== base.rev)) {
        next = mergeGames(base ? gameOf(base) : gameOf(current), next, gameOf(current));
        next = { ...next, play: fitPlay(next.play ?? newPlay()) };
        merged = !sameGame(next, game);
      }
      if (current && sameGame(next, gameOf(current))) {
        await committed(tx);
        return { ok: true, record: current, merged };
      }
      const now = new Date().toISOString();
      /** @type {GameRecord} */
      const record = {
        schema: SCHEMA_VERSION, id, givens: next.givens, entries: next.entries, mode: next.mode, play: next.play ?? newPlay(),
        rev: nextRev(current?.rev ?? 0), createdAt: current?.createdAt ?? now, savedAt: now,
      };
      if (next.info && next.info.puzzle === next.givens) record.info = next.info;
      store.put(record);
      await committed(tx);
      return { ok: true, record, merged };
    } catch (error) {
      return { ok: false, problem: describeStorageError(error) };
    }
  }

  /**
   * Delete games, each as it is stored now, in one transaction: those with the given keys, and
   * with `solved` only the solved ones among them. A key that holds no game (another tab deleted
   * it) is skipped; one that holds a record this page cannot read is kept, and nothing is deleted.
   * @param {readonly string[]} ids @param {{solved?: boolean}} [options]
   * @returns {Promise<RemoveResult>}
   */
  remove(ids, options = {}) {
    return this.#change(async (store) => {
      /** @type {GameRecord[]} */
      const removed = [];
      for (const id of ids) {
        const stored = await done(store.get(id));
        if (stored === undefined) continue;
        const read = readRecord(stored);
        if (!read.ok) return { ok: false, problem: `a saved game cannot be deleted: ${read.problem}; it is kept as it is` };
        if (options.solved && !read.record.play.solved) continue;
        store.delete(id);
        removed.push(read.record);
      }
      return { ok: true, games: removed };
    });
  }

  /**
   * Put deleted games back (Undo), in one transaction; a key written again since is left as it
   * is. Returns the games put back.
   * @param {readonly GameRecord[]} records @returns {Promise<RemoveResult>}
   */
  restore(records) {
    return this.#change(async (store) => {
      /** @type {GameRecord[]} */
      const restored = [];
      for (const record of records) {
        if ((await done(store.getKey(record.id))) !== undefined) continue;
        store.put(record);
        restored.push(record);
      }
      return { ok: true, games: restored };
    });
  }

  /**
   * Read, check and write in one readwrite transaction: committed when `work` says ok, else
   * aborted (nothing it did is kept).
   * @param {(store: IDBObjectStore) => Promise<RemoveResult>} work @returns {Promise<RemoveResult>}
   */
  async #change(work) {
    this.#dropEarly();
    try {
      const tx = this.#db.transaction(STORE, "readwrite");
      const result = await work(tx.objectStore(STORE));
      if (!result.ok) {
        tx.abort();
        return result;
      }
      await committed(tx);
      return result;
    } catch (error) {
      return { ok: false, problem: describeStorageError(error) };
    }
  }

  /** A write is coming: the next list must read the store, not the records read at load. */
  #dropEarly() {
    this.#early?.stop();
    this.#early = null;
  }

  /**
   * One game, checked; null when there is none. `repaired` says what was put within a limit or
   * dropped as damaged and optional as it was read ("" when nothing): the page tells the player.
   * @param {string} id @returns {Promise<{ok: true, record: GameRecord | null, repaired: string} | {ok: false, problem: string}>}
   */
  async get(id) {
    try {
      const value = await done(this.#db.transaction(STORE, "readonly").objectStore(STORE).get(id));
      if (value === undefined) return { ok: true, record: null, repaired: "" };
      const read = readRecord(value);
      return read.ok ? { ok: true, record: read.record, repaired: read.repaired } : { ok: false, problem: read.problem };
    } catch (error) {
      return { ok: false, problem: describeStorageError(error) };
    }
  }
}
