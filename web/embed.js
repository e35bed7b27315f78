// @ts-check
// embed.js: the studio on another site's page with one <script> and one element (docs/embed.md).
//
//   <script src="(the studio's address)/embed.js" defer></script>
//   <div data-sudoku-puzzle="..9748...7........" data-sudoku-controls="check,hint,undo"
//        data-sudoku-keep="puzzle-of-the-day" data-sudoku-transparent></div>
//   <div data-sudoku-daily="hard"></div>   (today's Hard daily puzzle; "2026-11-26:hard" for a day)
//
// or from a script: `const studio = SudokuEmbed.mount(element, {puzzle | daily, controls, keep, transparent})`.
// It makes the frame (the studio's `?embed` page, its address taken from this script's own),
// passes the puzzle, sizes the frame to its content, and relays the frame's messages as events on
// the element: sudoku-embed-ready, -change, -solved, -error (the message in `detail`). With `keep`
// (a name), the progress of each `change` is kept in this page's localStorage under that name and
// given back when the page is loaded again: a cross-site frame has no storage of its own.
//
// A classic script, not a module: a module from another origin would need CORS headers, and this
// one must work from a plain <script src>. Messages are accepted only from the frame it made, from
// the studio's origin; requests go to that origin only.
(() => {
  const API = "sudoku-studio";
  const VERSION = 1;
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  /** The studio's folder: where this script came from. */
  const studioBase = new URL(".", script?.src || location.href);

  /**
   * @typedef {{puzzle?: string, daily?: string, progress?: unknown, controls?: string | string[], keep?: string,
   *   title?: string, transparent?: boolean}} MountOptions
   * @typedef {{frame: HTMLIFrameElement, load: (puzzle: string, progress?: unknown) => string,
   *   loadDaily: (daily: string, progress?: unknown) => string,
   *   getState: () => Promise<unknown>, setOptions: (options: {controls?: string | string[], mistakes?: string}) => Promise<unknown>,
   *   remove: () => void}} Studio
   */

  /** @param {string} key */
  const readKept = (key) => {
    try {
      const text = localStorage.getItem(key);
      return text === null ? undefined : JSON.parse(text);
    } catch {
      return undefined; // no storage on this page, or unreadable: start afresh
    }
  };

  /** @param {string} key @param {unknown} value */
  const keep = (key, value) => {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // no storage on this page: the progress lasts while the page is open
    }
  };

  /** How long getState/setOptions wait for the frame's answer (it may still be starting). */
  const ANSWER_MS = 30_000;
  /** The tallest frame a `resize` may ask for, in CSS pixels (a number from the frame, checked). */
  const MAX_HEIGHT = 20_000;
  /**
   * The frame's sandbox: scripts, its own origin (its storage, service worker and module
   * scripts, same as unsandboxed) and forms (its dialogs close with `<form method="dialog">`,
   * which a sandbox without allow-forms refuses). No popups, top navigation, downloads or
   * modals: the embedded studio needs none of them.
   */
  const SANDBOX = "allow-scripts allow-same-origin allow-forms";

  /** The puzzle text as the frame reads it (0, - and _ are empty cells). @param {unknown} puzzle */
  const gridOf = (puzzle) => (typeof puzzle === "string" ? puzzle.trim().replace(/[0_-]/g, ".") : "");

  /** The studio in each element (a second mount replaces the first). @type {WeakMap<HTMLElement, Studio>} */
  const mounted = new WeakMap();

  /**
   * Put the studio in `element` (its only child). @param {HTMLElement} element @param {MountOptions} [options]
   * @returns {Studio}
   */
  function mount(element, options = {}) {
    mounted.get(element)?.remove();
    const controls = Array.isArray(options.controls) ? options.controls.join(",") : options.controls;
    // self.origin: this document's real origin ("null" for a file: page or a sandboxed host,
    // where location.origin would name the URL's)
    const hostOrigin = self.origin;
    const hosted = hostOrigin !== "null"; // an opaque origin cannot be named: no API, only the height
    let query = "?embed";
    if (hosted) query += `&host=${encodeURIComponent(hostOrigin)}`;
    if (controls !== undefined) query += `&controls=${encodeURIComponent(controls)}`;
    if (options.transparent) query += "&transparent";
    const src = new URL(`./${query}`, studioBase);
    const frame = document.createElement("iframe");
    frame.src = src.href;
    frame.title = options.title ?? "Sudoku";
    frame.setAttribute("sandbox", SANDBOX);
    frame.referrerPolicy = "no-referrer"; // the host's address is none of the studio's business
    // no background of its own (the frame's page paints its own, or none with `transparent`):
    // what is behind a transparent frame is the host's page
    frame.style.display = "block";
    frame.style.width = "100%";
    frame.style.border = "0";
    frame.style.height = "40rem"; // until the frame says its height
    element.replaceChildren(frame);
    if (!hosted) console.warn("embed.js: a page opened from a file has no origin, so the studio cannot talk to it; serve the page over http(s).");

    let ready = false;
    /** @type {Record<string, unknown>[]} */
    let queued = [];
    let nextId = 1;
    /** Requests waiting for their answer, by id. @type {Map<string, {resolve: (value: unknown) => void, reject: (error: Error) => void, timer: number}>} */
    const pending = new Map();
    /**
     * What the last `load` sent (a puzzle, or a daily puzzle's name), its id, and the givens its
     * changes carry (a daily puzzle's are learnt from the change that answers it): when kept
     * progress is refused, the puzzle is loaded bare.
     * @type {{puzzle?: string, daily?: string, progress: unknown, id: string, givens: string} | null}
     */
    let lastLoad = null;
    /** The progress of the last `change` for that puzzle: a frame that starts again (reloaded) gets it back. */
    let latest = /** @type {unknown} */ (undefined);
    /** The id of a bare load made because kept progress was refused: its own change is not kept. */
    let fallbackId = "";
    /** Every option the frame accepted so far: a frame that starts again gets them again. */
    let optionsSet = /** @type {Record<string, unknown> | null} */ (null);

    const newId = () => `embed-${nextId++}`;
    /** @param {string} type @param {Record<string, unknown>} [fields] */
    const send = (type, fields = {}) => {
      const message = { api: API, version: VERSION, type, ...fields };
      if (!ready) queued.push(message);
      else frame.contentWindow?.postMessage(message, src.origin);
    };
    /** @param {string} id @param {Error | null} error @param {unknown} [value] */
    const settle = (id, error, value) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      clearTimeout(waiting.timer);
      if (error) waiting.reject(error);
      else waiting.resolve(value);
    };
    /** @param {string} type @param {Record<string, unknown>} [fields] @returns {Promise<unknown>} */
    const ask = (type, fields = {}) => new Promise((resolve, reject) => {
      const id = newId();
      const timer = window.setTimeout(() => settle(id, new Error(`embed.js: no answer to ${type} in ${ANSWER_MS / 1000} s`)), ANSWER_MS);
      pending.set(id, { resolve, reject, timer });
      send(type, { ...fields, id });
    });
    /** @param {{puzzle?: string, daily?: string}} what @param {unknown} [progress] */
    const loadWhat = (what, progress) => {
      const id = newId();
      lastLoad = { ...what, progress, id, givens: what.daily === undefined ? gridOf(what.puzzle) : "" };
      latest = undefined;
      send("load", progress === undefined ? { ...what, id } : { ...what, progress, id });
      return id;
    };
    /** @param {string} puzzle @param {unknown} [progress] */
    const load = (puzzle, progress) => loadWhat({ puzzle }, progress);
    /** A daily puzzle by name ("hard", "2026-11-26:hard", "": today's Medium). @param {string} daily @param {unknown} [progress] */
    const loadDaily = (daily, progress) => loadWhat({ daily }, progress);
    /** What a load names: its puzzle or daily puzzle (both when a page named both: the frame refuses that). @param {MountOptions} named */
    const named = ({ puzzle, daily }) => ({ ...(puzzle === undefined ? {} : { puzzle }), ...(daily === undefined ? {} : { daily }) });

    /** @param {MessageEvent} event */
    const listener = (event) => {
      if (event.source !== frame.contentWindow || event.origin !== src.origin) return;
      const data = event.data;
      if (!data || typeof data !== "object" || data.api !== API) return;
      if (data.type === "resize") {
        const height = data.height;
        if (typeof height === "number" && Number.isFinite(height) && height > 0 && height <= MAX_HEIGHT) {
          frame.style.height = `${Math.ceil(height)}px`;
        }
        return;
      }
      if (data.type === "ready") {
        // the first start (requests queued until now go out below), or the frame started again:
        // what was asked of the frame before is lost
        if (ready) for (const id of [...pending.keys()]) settle(id, new Error("embed.js: the frame started again before it answered"));
        ready = true;
        // the last load, else the options' puzzle or daily puzzle (a daily one even as ""), else the element's
        const what = named(lastLoad ?? (options.puzzle !== undefined || options.daily !== undefined ? options
          : { puzzle: element.dataset.sudokuPuzzle, daily: element.dataset.sudokuDaily }));
        const progress = latest ?? lastLoad?.progress ?? options.progress ?? (options.keep ? readKept(options.keep) : undefined);
        const waiting = queued;
        queued = [];
        if ((what.puzzle || what.daily !== undefined) && !waiting.some((m) => m.type === "load")) loadWhat(what, progress);
        if (optionsSet && !waiting.some((m) => m.type === "set-options")) send("set-options", optionsSet);
        for (const message of waiting) frame.contentWindow?.postMessage(message, src.origin);
      } else if (data.type === "change") {
        // only the puzzle last loaded: a change still on its way from the one before is old news
        const progress = data.progress;
        if (!lastLoad || !progress || typeof progress.givens !== "string") return;
        // a daily puzzle's givens are known once the change answering its load arrives
        if (!lastLoad.givens && data.id === lastLoad.id) lastLoad.givens = progress.givens;
        if (progress.givens !== lastLoad.givens) return;
        latest = progress;
        if (fallbackId && data.id === fallbackId) {
          fallbackId = ""; // the bare puzzle, not a move: the refused progress stays kept
        } else if (options.keep) {
          keep(options.keep, progress);
        }
      } else if (data.type === "state" || data.type === "options") {
        settle(String(data.id), null, data.type === "state" ? data.progress : data);
      } else if (data.type === "error") {
        if (data.id !== null && data.id !== undefined) settle(String(data.id), Object.assign(new Error(`${data.code}: ${data.message}`), { detail: data }));
        const refusedLoad = lastLoad !== null && data.id === lastLoad.id;
        if (data.code === "bad-progress" && lastLoad && refusedLoad && lastLoad.progress !== undefined) {
          // the kept progress no longer fits (another puzzle, or yesterday's daily puzzle): the
          // puzzle from the start, the kept copy untouched until the player moves (and a copy of
          // it under another name, for the page to look at)
          if (options.keep) keep(`${options.keep}:refused`, lastLoad.progress);
          fallbackId = loadWhat(named(lastLoad));
        } else if (refusedLoad) {
          // the page's own puzzle or daily puzzle was refused: its author looks at the console
          console.error(`embed.js: the studio refused the puzzle (${data.code}): ${data.message}`);
        }
      }
      element.dispatchEvent(new CustomEvent(`sudoku-embed-${data.type}`, { detail: data, bubbles: true }));
    };
    window.addEventListener("message", listener);

    /** @type {Studio} */
    const studio = {
      frame,
      load,
      loadDaily,
      getState: () => ask("get-state"),
      // the options the frame accepted are sent again when it starts again (a refused one is not)
      setOptions: (changes) => ask("set-options", changes).then((answer) => {
        optionsSet = { ...optionsSet, ...changes };
        return answer;
      }),
      remove: () => {
        window.removeEventListener("message", listener);
        for (const id of [...pending.keys()]) settle(id, new Error("embed.js: the studio was removed"));
        frame.remove();
        mounted.delete(element);
      },
    };
    mounted.set(element, studio);
    return studio;
  }

  /** Every element with data-sudoku-puzzle or data-sudoku-daily that has no studio yet. */
  function mountAll() {
    for (const element of document.querySelectorAll("[data-sudoku-puzzle], [data-sudoku-daily]")) {
      const el = /** @type {HTMLElement} */ (element);
      if (el.dataset.sudokuMounted) continue;
      el.dataset.sudokuMounted = "true";
      mount(el, {
        // both named: both are sent, and the frame refuses the load with a reason
        puzzle: el.dataset.sudokuPuzzle, daily: el.dataset.sudokuDaily,
        controls: el.dataset.sudokuControls, keep: el.dataset.sudokuKeep, title: el.dataset.sudokuTitle,
        // present and not "false": data-sudoku-transparent, ="", ="true"
        transparent: el.dataset.sudokuTransparent !== undefined && el.dataset.sudokuTransparent !== "false",
      });
    }
  }

  /** @type {any} */ (window).SudokuEmbed = { mount, mountAll };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
})();
