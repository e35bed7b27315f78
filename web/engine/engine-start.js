// @ts-check
// Starts the engine's worker as early as the page can, on visits served by the service worker.
// This module has no imports and index.html loads it `async` (it runs as soon as it arrives, not
// after the page is parsed), so the worker boots while the page's other modules are still
// loading (engine-runner.js, deep in app.js's graph, would start it 0.2-0.3 s later). The page's SolverClient adopts it with whatever it said meanwhile
// (takeEarlyWorker); a restart after a crash makes a new worker as before.
//
// Not on a visit from the network (the first one): the worker's first act is to download and
// check ~20 MB, which would compete with the page's own scripts for the connection and delay the
// board on a slow network. Served by the service worker, every file comes from its cache.

/**
 * The worker learns from its name whether its files come from this build's service worker
 * precache, which fetched each one with the build's sha256 as integrity (solver-worker.js then
 * does not hash them again). Not a query string: the precache answers with its stored response,
 * whose URL has none, so the worker would never see it.
 */
const PRECACHED = Boolean(globalThis.navigator?.serviceWorker?.controller);
export const WORKER_NAME = PRECACHED ? "sudoku-solver (precached)" : "sudoku-solver";

/** The worker's script, the URL SolverClient uses by default too. */
export const WORKER_URL = new URL("./solver-worker.js", import.meta.url);

/**
 * A worker started here, and what it sent before anyone listened (replayed in order).
 * @typedef {{worker: Worker, heard: Event[], release: () => void}} EarlyWorker
 */

/** @returns {EarlyWorker | null} */
function start() {
  try {
    const worker = new Worker(WORKER_URL, { type: "module", name: WORKER_NAME });
    /** @type {Event[]} */
    const heard = [];
    /** @param {Event} event */
    const keep = (event) => {
      heard.push(event);
      if (event.type === "error") event.preventDefault(); // reported when replayed
    };
    const types = ["message", "error", "messageerror"];
    for (const type of types) worker.addEventListener(type, keep);
    return { worker, heard, release: () => types.forEach((type) => worker.removeEventListener(type, keep)) };
  } catch {
    return null; // no module workers here: SolverClient tries again and says why
  }
}

/** @type {EarlyWorker | null} */
let early = PRECACHED ? start() : null;

/** The worker started at load, once (the first caller takes it), or null. */
export function takeEarlyWorker() {
  const taken = early;
  early = null;
  return taken;
}
