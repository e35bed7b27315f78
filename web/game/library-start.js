// @ts-check
// Opens the game library (IndexedDB) and reads its records as early as the page can: this module
// imports nothing and index.html loads it `async`, so it runs while the page's other modules are
// still loading. Opening IndexedDB took ~100 ms of every visit (first and repeat, headless
// Chromium) and came after app.js's whole module graph; overlapped, the board is ready as soon
// as the modules are. GameLibrary.open adopts the connection (takeEarlyLibrary) and its first
// list() the records read here, unless this tab wrote since or another tab said it did (the
// same messages autosave.js listens to, heard from before the read): then it reads again.
// Nothing is written here.
//
// Not in embed mode (`?embed`): a frame whose host keeps the games opens no storage at all.

export const DB_NAME = "sudoku-studio";
export const DB_VERSION = 1;
export const STORE = "games";
/** How tabs tell each other about a write (autosave.js): a BroadcastChannel, else this key's `storage` event. */
export const CHANNEL = "sudoku-studio.games";
export const PING_KEY = "sudoku-studio.ping";
/**
 * Set (in localStorage) once the library has been opened in this browser: until then it holds no
 * game, and the page need not wait for IndexedDB to show its board. Opening it the first time
 * creates the database on disk: 300-400 ms into a first visit in a new Chromium profile, the
 * board waited 90-120 ms for it after its modules had run.
 */
export const OPENED_KEY = "sudoku-studio.library-opened";

/**
 * Whether this browser has opened the library before (false when storage is refused, too). A
 * browser from before the mark existed has other keys of the studio's: they say so as well.
 */
export function openedBefore() {
  try {
    const store = globalThis.localStorage;
    if (store.getItem(OPENED_KEY) !== null) return true;
    for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith("sudoku-studio.")) return true;
    return false;
  } catch {
    return false;
  }
}

/**
 * Open (or create) the library's database. Rejects when storage is missing or refused (private
 * mode, a cross-site frame: the getter itself may throw SecurityError).
 * @returns {Promise<IDBDatabase>}
 */
export function openDatabase() {
  return new Promise((resolve, reject) => {
    const factory = globalThis.indexedDB;
    if (!factory) throw new Error("storage is not available");
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: "id" });
    };
    request.onsuccess = () => {
      const db = request.result;
      try {
        globalThis.localStorage.setItem(OPENED_KEY, "1");
      } catch {
        // no localStorage: every visit waits for the library, as before
      }
      // a newer page in another tab wants to upgrade: let it (this tab keeps playing, unsaved)
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  });
}

/**
 * The database; its records as they were once it opened (unchecked: game-library reads them);
 * whether another tab has written since the read began; stop() ends that watch.
 * @typedef {{db: IDBDatabase, records: Promise<unknown[]>, changed: () => boolean, stop: () => void}} EarlyLibrary
 */

/** Listen for other tabs' writes from now on (as autosave.js hears them). */
function watchOtherTabs() {
  let changed = false;
  const heard = () => void (changed = true);
  /** @param {StorageEvent} event */
  const pinged = (event) => {
    if (event.key === PING_KEY) heard();
  };
  /** @type {BroadcastChannel | null} */
  let channel = null;
  if (typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANNEL);
    channel.addEventListener("message", heard);
  } else {
    globalThis.addEventListener("storage", pinged);
  }
  return {
    changed: () => changed,
    stop: () => {
      channel?.close();
      globalThis.removeEventListener("storage", pinged);
    },
  };
}

/** @returns {Promise<EarlyLibrary>} */
async function start() {
  const watch = watchOtherTabs(); // before the read: a write it misses is heard
  try {
    const db = await openDatabase();
    /** @type {Promise<unknown[]>} */
    const records = new Promise((resolve, reject) => {
      const request = db.transaction(STORE, "readonly").objectStore(STORE).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    records.then(
      () => void (document.documentElement.dataset.library = "read"), // a hook for the tests
      () => {}, // handled by whoever takes it (then it reads again)
    );
    return { db, records, ...watch };
  } catch (error) {
    watch.stop();
    throw error;
  }
}

/** Whether the library had been opened in this browser before this page loaded. */
export const OPENED_BEFORE = openedBefore();

/**
 * A first visit with no link shows the welcome over the empty board from its first paint: this
 * module marks <html data-welcome="first-visit"> and app/style.css shows #welcome until app.js is
 * ready and decides (welcome.js). index.html loads this module with `blocking="render"`, so the
 * mark is there before anything is painted; the welcome is what such a visit paints first and
 * largest, and it no longer waits for app.js's modules (Lighthouse's mobile LCP).
 */
function welcomeFirstVisit() {
  document.documentElement.dataset.welcome = "first-visit";
}

/** @type {Promise<EarlyLibrary> | null} */
let early = null;
if (!new URLSearchParams(globalThis.location?.search ?? "").has("embed")) {
  early = start();
  early.catch(() => {}); // handled by GameLibrary.open, which says why
  if (!OPENED_BEFORE && !globalThis.location?.hash) welcomeFirstVisit();
}

/** The library opened at load, once (the first caller takes it), or null. */
export function takeEarlyLibrary() {
  const taken = early;
  early = null;
  return taken;
}
