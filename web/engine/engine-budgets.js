// @ts-check
// How long each kind of engine request may run before it gives up (the person may then keep
// trying), and how long the engine may take to start. `?engine-seconds=N` overrides every request
// budget and `?boot-timeout=ms` the boot's: for slow devices, and for tests.

const params = new URLSearchParams(location.search);

/**
 * A number from the page's query string, clamped to `max`; `fallback` when absent, not a
 * number or below `min`.
 * @param {string} name @param {number} fallback @param {number} min @param {number} max
 */
function numberParam(name, fallback, min, max) {
  const value = Number(params.get(name) ?? Number.NaN);
  return Number.isFinite(value) && value >= min ? Math.min(value, max) : fallback;
}

/** Solve, check, reveal; the check of a puzzle that comes in, or of one asked to be played. */
export const SOLVE_SECONDS = numberParam("engine-seconds", 10, 0.1, 3600);
/** Create mode's live check, as the givens are typed (background work: short, and asked again on Play). */
export const LIVE_CHECK_SECONDS = numberParam("engine-seconds", 2, 0.1, 3600);
/** Counting solutions (a sparse grid may have millions). */
export const COUNT_SECONDS = numberParam("engine-seconds", 120, 0.1, 3600);
export const BOOT_TIMEOUT_MS = numberParam("boot-timeout", 60_000, 1000, 600_000);
/** New puzzle without a difficulty (`generate`). */
export const GENERATE_SECONDS = numberParam("engine-seconds", 30, 0.1, 3600);
/** New puzzle of a difficulty (`generate_graded`), on demand or in the background. */
export const GRADED_SECONDS = numberParam("engine-seconds", 60, 0.1, 3600);
