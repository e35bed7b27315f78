// @ts-check
// Offline play and updates: registers sw.js (made by build.py with Workbox's generateSW), which
// precaches every file of this build, each checked against the build's sha256. After one visit
// the page, the engine and its runtime load with no network.
//
// A new build never replaces the running one by itself: its worker installs in the background
// and waits; the page then shows "A new version is ready" with a button, and only that button
// asks the waiting worker to take over (SKIP_WAITING), after which the page reloads once (the
// game is saved as it is played, so it comes back). Workbox removes the old build's files from
// the cache when the new worker activates.
//
// Plain registration rather than workbox-window: this is all of the update flow we need, and it
// keeps the page free of a second vendored library (and its typings for tsc).
//
// Test hooks on #update: data-offline = starting | ready (this build is cached: offline works)
// | unsupported (no service workers: file://, some private modes) | unavailable (registration
// refused, e.g. a third-party frame) ; data-state = none | available | updating.

import { byId } from "./dom.js";

const box = byId("update");
const text = byId("update-text");
const apply = /** @type {HTMLButtonElement} */ (byId("update-apply"));

/** @param {string} state */
const setOffline = (state) => void (box.dataset.offline = state);

/**
 * Say a new version is ready; its button does `take` (only on the person's word).
 * @param {() => void} take @param {string} [working]  the text while it works
 */
function offerUpdate(take, working = "") {
  box.dataset.state = "available";
  box.hidden = false;
  text.textContent = "A new version is ready.";
  apply.disabled = false;
  apply.onclick = () => {
    box.dataset.state = "updating";
    apply.disabled = true;
    if (working) text.textContent = working;
    take();
  };
}

/** Show the offer for a worker that is installed and waiting. @param {ServiceWorker} waiting */
const offer = (waiting) => offerUpdate(() => waiting.postMessage({ type: "SKIP_WAITING" }), "Updating…");

/** The new build took over from another tab: this page reloads on the person's word. */
const offerReload = () => offerUpdate(() => location.reload());

/** Register the service worker and wire the update offer; never throws (offline is a bonus). */
export async function wireOffline() {
  const container = navigator.serviceWorker;
  if (!container) {
    setOffline("unsupported");
    return;
  }
  /** @type {ServiceWorkerRegistration | undefined} */
  let registration;
  try {
    registration = await container.register(new URL("../sw.js", import.meta.url), { updateViaCache: "none" });
  } catch {
    setOffline("unavailable");
    return;
  }
  if (!registration) {
    setOffline("unsupported"); // a test harness that blocks service workers
    return;
  }
  const reg = registration;
  let hadController = Boolean(container.controller);
  container.addEventListener("controllerchange", () => {
    // The first install claims this page (nothing to reload). A later change is the person's
    // "Update now" here (load the new build once), or in another tab: then this page's files
    // are already the new build's, so offer the reload rather than do it mid-game.
    if (hadController && box.dataset.state === "updating") location.reload();
    else if (hadController) offerReload();
    hadController = true;
  });
  /** @param {ServiceWorker} worker */
  const watch = (worker) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) offer(worker);
    });
  };
  if (reg.waiting && container.controller) offer(reg.waiting);
  if (reg.installing) watch(reg.installing);
  reg.addEventListener("updatefound", () => {
    if (reg.installing) watch(reg.installing);
  });
  // Look for a new build when the page comes back into view (a tab left open for days).
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reg.update().catch(() => {});
  });
  await container.ready;
  setOffline("ready");
}
