// @ts-check
// The pool behind an instant "New puzzle" with a difficulty: puzzles shipped, pre-graded, in
// puzzle-pool.json (see docs/web.md), plus fresh ones the engine made in the background. What was
// handed out, the fresh puzzles and what is owed are kept in localStorage (when it works) under
// `sudoku-studio.pool`, so a reload neither repeats a puzzle nor forgets a fresh one.
// No engine here: pool-refill.js asks `wanted()` what to make when the engine is idle (with a
// seed from `newSeed()`), and gives it back with `addFresh()`.
//
// Every visitor gets the shipped puzzles in an order of their own: a random `order` number, drawn
// on the first visit and kept with the rest, shuffles each level's list (the same shuffle on every
// visit, so nothing comes twice), and the background makes fresh puzzles from random seeds. Each
// puzzle keeps its seed, shown with it, so it can still be made again. The randomness can be
// given (`options.random`) for tests.

import { filledCount, findConflicts, isGrid } from "../board/grid.js";
import { MIN_CLUES, isLevel, isSeed, isSymmetry } from "./puzzle-info.js";
import { loadRecord, saveRecord } from "../app/storage.js";

/** @typedef {import("./puzzle-info.js").Level} Level */
/** @typedef {import("./puzzle-info.js").Symmetry} Symmetry */
/**
 * A graded puzzle: generate_graded(difficulty=level, seed, symmetry) makes it again.
 * @typedef {{seed: number, level: Level, score: number, givens: number, symmetry: Symmetry, puzzle: string}} PoolEntry
 */
/**
 * What is remembered: puzzles handed out (shipped ones), fresh ones not yet handed out, how many
 * fresh ones are owed per "level:symmetry" (one per puzzle handed out or made on demand), and the
 * number that orders this visitor's shipped puzzles.
 * @typedef {{v: 1, used: string[], fresh: PoolEntry[], owed: Record<string, number>, order: number}} PoolRecord
 */

export const POOL_KEY = "sudoku-studio.pool";
/** At most this many fresh puzzles are kept (and owed) per level and symmetry. */
const FRESH_PER_KIND = 3;
/** Puzzles handed out that are remembered (older ones may come again after that many). */
const USED_MAX = 500;

/** @param {Level} level @param {Symmetry} symmetry */
const kind = (level, symmetry) => `${level}:${symmetry}`;

/** A number in [0, 1) from the browser's cryptographic source (Math.random where there is none). */
function systemRandom() {
  const crypto = globalThis.crypto;
  if (!crypto?.getRandomValues) return Math.random();
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
}

/** A 32-bit seed from `random`. @param {() => number} random */
const seedFrom = (random) => Math.floor(random() * 2 ** 32) >>> 0;

/**
 * A small seeded generator (mulberry32): the same seed, the same numbers in [0, 1).
 * @param {number} seed @returns {() => number}
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of a text (FNV-1a), to give each kind its own shuffle. @param {string} text */
function hashText(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The shipped puzzles of one kind in this visitor's order: a Fisher-Yates shuffle seeded by the
 * visitor's `order` and the kind, so each level has its own order and it never changes.
 * @template {{level: Level, symmetry: Symmetry}} T
 * @param {readonly T[]} entries @param {number} order @param {Level} level @param {Symmetry} symmetry
 * @returns {T[]}
 */
export function shippedOrder(entries, order, level, symmetry) {
  const list = entries.filter((e) => e.level === level && e.symmetry === symmetry);
  const random = seededRandom((order ^ hashText(kind(level, symmetry))) >>> 0);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * A pool entry from storage or the shipped file is untrusted input: it must be a real puzzle of a
 * known level, not just the right shape (an entry of eighty-one 1s once passed as "Easy").
 * @param {unknown} value @returns {value is PoolEntry}
 */
function isEntry(value) {
  if (!value || typeof value !== "object") return false;
  const e = /** @type {Record<string, unknown>} */ (value);
  if (!(isSeed(e.seed) && isLevel(e.level) && Number.isSafeInteger(e.score) && Number(e.score) >= 0
    && isSymmetry(e.symmetry) && isGrid(e.puzzle))) return false;
  const puzzle = /** @type {string} */ (e.puzzle);
  const clues = filledCount(puzzle);
  return e.givens === clues && clues >= MIN_CLUES && findConflicts(puzzle).length === 0;
}

export class PuzzlePool {
  /** @type {PoolEntry[]} */
  #shipped = [];
  /** @type {() => number} */
  #random;
  /** @type {PoolRecord} */
  #record;
  /** False when storage could not even be read (then it is not written either). */
  #saving = true;
  /** Stored fresh puzzles that were damaged (not real puzzles) and were set aside. */
  dropped = 0;
  /**
   * The fresh puzzles read from storage and not yet made again here: what storage says about
   * them (unique, level, score, seed) is only a claim, so none is handed out before the engine
   * has made it again from its seed (uncheckedFresh, checkedFresh).
   * @type {Set<string>}
   */
  #unchecked = new Set();
  /** @type {Promise<void>} */
  loaded;

  /**
   * @param {URL | string} url the shipped pool (puzzle-pool.json)
   * @param {{random?: () => number}} [options]  the source of randomness (numbers in [0, 1))
   */
  constructor(url, options = {}) {
    this.#random = options.random ?? systemRandom;
    this.#record = { v: 1, used: [], fresh: [], owed: {}, order: seedFrom(this.#random) };
    this.#restore();
    this.loaded = this.#fetch(url);
  }

  /** A random seed for a fresh puzzle (the engine makes it again from that seed). */
  newSeed() {
    return seedFrom(this.#random);
  }

  /** How many puzzles of this level and symmetry can be handed out at once. @param {Level} level @param {Symmetry} symmetry */
  available(level, symmetry) {
    const used = new Set(this.#record.used);
    const shipped = this.#shipped.filter((e) => e.level === level && e.symmetry === symmetry && !used.has(e.puzzle));
    return shipped.length + this.#record.fresh.filter((e) => e.level === level && e.symmetry === symmetry && !this.#unchecked.has(e.puzzle)).length;
  }

  /**
   * The next puzzle of this level and symmetry (fresh ones first), now remembered as handed
   * out; or null when there is none left. Either way a fresh one is owed.
   * @param {Level} level @param {Symmetry} symmetry @returns {PoolEntry | null}
   */
  take(level, symmetry) {
    const record = this.#record;
    /** @type {PoolEntry | null} */
    let entry = null;
    const freshIndex = record.fresh.findIndex((e) => e.level === level && e.symmetry === symmetry && !this.#unchecked.has(e.puzzle));
    if (freshIndex >= 0) {
      entry = record.fresh.splice(freshIndex, 1)[0];
    } else {
      const used = new Set(record.used);
      entry = shippedOrder(this.#shipped, record.order, level, symmetry).find((e) => !used.has(e.puzzle)) ?? null;
      if (entry) record.used = [...record.used, entry.puzzle].slice(-USED_MAX);
    }
    this.owe(level, symmetry); // saves
    return entry;
  }

  /** Ask for one more fresh puzzle of this kind (up to a few). @param {Level} level @param {Symmetry} symmetry */
  owe(level, symmetry) {
    const key = kind(level, symmetry);
    const have = this.#record.fresh.filter((e) => kind(e.level, e.symmetry) === key).length;
    this.#record.owed[key] = Math.min((this.#record.owed[key] ?? 0) + 1, FRESH_PER_KIND - have);
    if (this.#record.owed[key] <= 0) delete this.#record.owed[key];
    this.#save();
  }

  /** The kind of puzzle to make next in the background, or null if none is owed. @returns {{level: Level, symmetry: Symmetry} | null} */
  wanted() {
    for (const [key, count] of Object.entries(this.#record.owed)) {
      const [level, symmetry] = key.split(":");
      if (count > 0 && isLevel(level) && isSymmetry(symmetry)) return { level, symmetry };
    }
    return null;
  }

  /** A puzzle made in the background: kept for later, and one fewer owed. @param {PoolEntry} entry */
  addFresh(entry) {
    const key = kind(entry.level, entry.symmetry);
    const owed = (this.#record.owed[key] ?? 0) - 1;
    if (owed > 0) this.#record.owed[key] = owed;
    else delete this.#record.owed[key];
    if (!this.#record.fresh.some((e) => e.puzzle === entry.puzzle)) this.#record.fresh.push(entry);
    this.#save();
  }

  /** A fresh puzzle read from storage that the engine has not made again yet, or null. @returns {PoolEntry | null} */
  uncheckedFresh() {
    return this.#record.fresh.find((e) => this.#unchecked.has(e.puzzle)) ?? null;
  }

  /**
   * The engine made `entry` again from its seed: `made` is what it made (null when it could not).
   * The same puzzle of the same level: kept, with the score found here; else it is dropped and
   * another is owed.
   * @param {PoolEntry} entry @param {{puzzle: string, level: Level, score: number} | null} made
   */
  checkedFresh(entry, made) {
    this.#unchecked.delete(entry.puzzle);
    const index = this.#record.fresh.indexOf(entry);
    if (index < 0) return;
    if (made && made.puzzle === entry.puzzle && made.level === entry.level) {
      this.#record.fresh[index] = { ...entry, score: made.score };
    } else {
      this.#record.fresh.splice(index, 1);
      this.dropped += 1;
      this.owe(entry.level, entry.symmetry);
    }
    this.#save();
  }

  /** Stop asking for this kind (e.g. the engine could not make one). @param {Level} level @param {Symmetry} symmetry */
  forgive(level, symmetry) {
    delete this.#record.owed[kind(level, symmetry)];
    this.#save();
  }

  /** @param {URL | string} url */
  async #fetch(url) {
    try {
      const response = await fetch(url);
      if (!response.ok) return;
      const data = await response.json();
      const puzzles = data && data.v === 1 && Array.isArray(data.puzzles) ? data.puzzles : [];
      this.#shipped = puzzles.filter(isEntry);
    } catch {
      // no pool (offline copy without it, bad JSON): every difficulty is generated on demand
    }
  }

  #restore() {
    const loaded = loadRecord(POOL_KEY);
    if (!loaded.ok) {
      this.#saving = false;
      return;
    }
    const data = /** @type {Partial<PoolRecord> | null} */ (loaded.data);
    if (!data || data.v !== 1) return; // the order drawn above is kept with the first puzzle taken
    const used = Array.isArray(data.used) ? data.used.filter(isGrid) : [];
    const stored = Array.isArray(data.fresh) ? data.fresh : [];
    const fresh = stored.filter(isEntry);
    this.dropped = stored.length - fresh.length;
    /** @type {Record<string, number>} */
    const owed = {};
    for (const [key, count] of Object.entries(data.owed && typeof data.owed === "object" ? data.owed : {})) {
      if (Number.isInteger(count) && count > 0) owed[key] = Math.min(count, FRESH_PER_KIND);
    }
    // a record from before the order was kept gets the one drawn above
    const order = Number.isSafeInteger(data.order) && Number(data.order) >= 0 ? Number(data.order) >>> 0 : this.#record.order;
    this.#record = { v: 1, used, fresh, owed, order };
    this.#unchecked = new Set(fresh.map((e) => e.puzzle));
  }

  #save() {
    // a failed write (storage full for a moment) is not the end: the next change writes it all
    if (this.#saving) saveRecord(POOL_KEY, this.#record);
  }
}
