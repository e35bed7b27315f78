// @ts-check
// The player's record per technique drilled (no DOM): answers, right answers, the current streak
// and the best one, kept in localStorage under `sudoku-studio.drills` by drill-view.js. What is
// read back is untrusted: `readStats` keeps only entries of the right shape (counts that are
// whole numbers, right answers and streaks no more than the answers), under names the caller
// knows, and drops the rest. "Mixed" practises the weakest techniques: `weakest` ranks them by
// the share of right answers with one right and one wrong added (so a technique never tried
// counts as half known, below one always answered right), and picks among the weakest few.

export const STATS_KEY = "sudoku-studio.drills";
export const STATS_VERSION = 1;
const MAX_COUNT = 1e9;

/** @typedef {{tries: number, right: number, streak: number, best: number}} TechniqueStats */
/** @typedef {Record<string, TechniqueStats>} DrillStats */

/** @param {unknown} n */
const isCount = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) <= MAX_COUNT;

/**
 * The stats from stored data (`{v: 1, techniques: {name: {tries, right, streak, best}}}`): what is
 * sound, for the techniques `known` (all names when not given).
 * @param {unknown} data @param {string[]} [known] @returns {DrillStats}
 */
export function readStats(data, known) {
  /** @type {DrillStats} */
  const stats = {};
  if (typeof data !== "object" || data === null) return stats;
  const record = /** @type {Record<string, unknown>} */ (data);
  if (record.v !== STATS_VERSION || typeof record.techniques !== "object" || record.techniques === null) return stats;
  for (const [name, value] of Object.entries(record.techniques)) {
    if (known && !known.includes(name)) continue;
    if (typeof value !== "object" || value === null) continue;
    const { tries, right, streak, best } = /** @type {Record<string, unknown>} */ (value);
    if (![tries, right, streak, best].every(isCount)) continue;
    const t = /** @type {number} */ (tries);
    const r = /** @type {number} */ (right);
    const s = /** @type {number} */ (streak);
    const b = /** @type {number} */ (best);
    if (r > t || s > r || b > r || s > b) continue;
    stats[name] = { tries: t, right: r, streak: s, best: b };
  }
  return stats;
}

/** The stats as stored. @param {DrillStats} stats */
export const storedStats = (stats) => ({ v: STATS_VERSION, techniques: stats });

/**
 * The stats after an answer.
 * @param {DrillStats} stats @param {string} technique @param {boolean} right @returns {DrillStats}
 */
export function recordAnswer(stats, technique, right) {
  const before = stats[technique] ?? { tries: 0, right: 0, streak: 0, best: 0 };
  const streak = right ? before.streak + 1 : 0;
  const after = {
    tries: Math.min(before.tries + 1, MAX_COUNT),
    right: Math.min(before.right + (right ? 1 : 0), MAX_COUNT),
    streak: Math.min(streak, MAX_COUNT),
    best: Math.min(Math.max(before.best, streak), MAX_COUNT),
  };
  return { ...stats, [technique]: after };
}

/** How well a technique is known, 0..1 (see the header). @param {TechniqueStats | undefined} s */
export const knowledge = (s) => ((s?.right ?? 0) + 1) / ((s?.tries ?? 0) + 2);

/**
 * A technique for a mixed drill: one of the `few` weakest of `techniques` (by `knowledge`, ties
 * in the given order), chosen with `random`, and not `last` when there is another.
 * @param {DrillStats} stats @param {string[]} techniques @param {() => number} random
 * @param {string} [last] @param {number} [few]
 */
export function weakest(stats, techniques, random, last = "", few = 3) {
  const ranked = techniques
    .map((name, index) => ({ name, index, k: knowledge(stats[name]) }))
    .sort((a, b) => a.k - b.k || a.index - b.index)
    .map((item) => item.name);
  const others = ranked.filter((name) => name !== last);
  const pool = (others.length ? others : ranked).slice(0, few);
  return pool[Math.floor(random() * pool.length)] ?? "";
}

/**
 * A technique's record in words: "Streak 3 (best 5) · 7 of 9 right (78%)", or "Not tried yet".
 * @param {TechniqueStats | undefined} s
 */
export function statsWords(s) {
  if (!s || !s.tries) return "Not tried yet.";
  const rate = Math.round((100 * s.right) / s.tries);
  return `Streak ${s.streak} (best ${s.best}) · ${s.right} of ${s.tries} right (${rate}%).`;
}
