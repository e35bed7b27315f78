// @ts-check
// The page's one status model (no DOM): what the page says about the game, and for how long.
//
// Every message belongs to the state of the game that produced it. The model counts the game's
// states (its *revision*: one more at every edit, undo, redo, mode change or new game); a message
// said at revision r is shown while the revision is r and is gone as soon as the game changes, so
// a line about a cell that is no longer there, or about the puzzle before the one on the board,
// can never stay on screen. The page has a few *slots* (the status line, the verdict, the offer
// to bring back the game before); each slot holds one message, the newer replacing the older, so
// two messages never contradict each other. Slot values are plain data the views draw.
//
// A notice about an action done ("Copied the puzzle line.", "A new Hard puzzle, ready at once.")
// is said `untilAction`: it also gives way at the player's next action (a button, a hint), so
// old news does not pile up above what the player asked next. What still holds (a warning, an
// error, the mistakes Check found) stays until the game changes.
//
// Views subscribe and redraw on every change; `changed()` is called by the one place that knows
// the game changed (game-view.js), before whatever follows from the change is said.

/** @typedef {"info" | "success" | "warning" | "error"} Tone */
/** @typedef {"status" | "verdict" | "offer"} Slot */
/**
 * @template [T=unknown]
 * @typedef {{value: T, revision: number, untilAction: boolean}} Entry
 */

export const TONES = /** @type {const} */ (["info", "success", "warning", "error"]);
export const SLOTS = /** @type {const} */ (["status", "verdict", "offer"]);

export class StatusModel {
  /** The game's state number: one more at each change. */
  revision = 0;
  /** @type {Map<Slot, Entry>} */
  #entries = new Map();
  /** @type {Set<(slot: Slot | null) => void>} */
  #listeners = new Set();

  /**
   * Say something in a slot, for the game as it is now (replacing what the slot held).
   * A null or empty value clears the slot. `untilAction`: a notice that also goes at the
   * player's next action (`acted`).
   * @param {Slot} slot @param {unknown} value @param {{untilAction?: boolean}} [options]
   */
  set(slot, value, options = {}) {
    if (value === null || value === undefined || value === "") this.#entries.delete(slot);
    else this.#entries.set(slot, { value, revision: this.revision, untilAction: options.untilAction === true });
    this.#emit(slot);
  }

  /** The player did something (pressed a button, asked a hint): the notices said before go. */
  acted() {
    const notices = [...this.#entries].filter(([, entry]) => entry.untilAction);
    for (const [slot] of notices) {
      this.#entries.delete(slot);
      this.#emit(slot);
    }
  }

  /** Clear one slot. @param {Slot} slot */
  clear(slot) {
    if (!this.#entries.has(slot)) return;
    this.#entries.delete(slot);
    this.#emit(slot);
  }

  /**
   * What a slot holds for the game as it is now, or null (said about an earlier state).
   * @param {Slot} slot @returns {unknown}
   */
  get(slot) {
    const entry = this.#entries.get(slot);
    return entry && entry.revision === this.revision ? entry.value : null;
  }

  /** The game changed: everything said about the state before goes. */
  changed() {
    this.revision += 1;
    const stale = [...this.#entries].filter(([, entry]) => entry.revision < this.revision);
    for (const [slot] of stale) this.#entries.delete(slot);
    this.#emit(null);
  }

  /**
   * Call `listener` after every change (`slot`: the slot that changed, or null for all).
   * @param {(slot: Slot | null) => void} listener @returns {() => void} unsubscribe
   */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** @param {Slot | null} slot */
  #emit(slot) {
    for (const listener of this.#listeners) listener(slot);
  }
}

/**
 * A status line's value: its text and tone, and whether it is only a pointer for the next
 * selection ("Select a cell first."), which a selection answers and so clears.
 * @typedef {{text: string, tone: Tone, untilSelect: boolean}} StatusLine
 */

/** Tones of a notice about an action done, which the next action replaces (errors and warnings stay). */
export const NOTICE_TONES = /** @type {readonly Tone[]} */ (["info", "success"]);

/**
 * A status line from what callers pass (a bare string is "info").
 * @param {string} text @param {Tone} [tone] @param {{untilSelect?: boolean}} [options]
 * @returns {StatusLine | null}
 */
export function statusLine(text, tone = "info", options = {}) {
  return text ? { text, tone: TONES.includes(tone) ? tone : "info", untilSelect: options.untilSelect === true } : null;
}
