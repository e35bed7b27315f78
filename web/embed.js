// @ts-check
// embed.js: the studio on another site's page with one <script> and one element (docs/embed.md).
//
//   <script src="(the studio's address)/embed.js" defer></script>
//   <div data-sudoku-puzzle="..9748...7........" data-sudoku-controls="check,hint,undo"
//        data-sudoku-keep="puzzle-of-the-day"></div>
//
// or from a script: `const studio = SudokuEmbed.mount(element, {puzzle, controls, keep})`.
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
   * @typedef {{puzzle?: string, progress?: unknown, controls?: string | string[], keep?: string,
   *   title?: string}} MountOptions
   * @typedef {{frame: HTMLIFrameElement, load: (puzzle: string, progress?: unknown) => void,
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

  /** The studio in each element (a second mount replaces the first). @type {WeakMap<HTMLElement, Studio>} */
  const mounted = new WeakMap();

  /**
   * Put the studio in `element` (its only child). @param {HTMLElement} element @param {MountOptions} [options]
   * @returns {Studio}
   */
  function mount(element, options = {}) {
    mounted.get(element)?.remove();
    const controls = Array.isArray(options.controls) ? options.controls.join(",") : options.controls;
    const hostOrigin = location.origin;
    const hosted = hostOrigin !== "null"; // a file:// page has no origin to name: no API, only the height
    let query = "?embed";
    if (hosted) query += `&host=${encodeURIComponent(hostOrigin)}`;
    if (controls !== undefined) query += `&controls=${encodeURIComponent(controls)}`;
    const src = new URL(`./${query}`, studioBase);
    const frame = document.createElement("iframe");
    frame.src = src.href;
    frame.title = options.title ?? "Sudoku";
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
    /** @type {Map<string, (value: unknown) => void>} */
    const pending = new Map();
    /** What the last `load` sent: when the kept progress is refused, the puzzle is loaded bare. */
    let lastLoad = /** @type {{puzzle: string, progress: unknown} | null} */ (null);
    /** The progress of the last `change`: a frame that starts again (reloaded) gets it back. */
    let latest = /** @type {unknown} */ (undefined);

    /** @param {string} type @param {Record<string, unknown>} [fields] */
    const send = (type, fields = {}) => {
      const message = { api: API, version: VERSION, type, ...fields };
      if (!ready) queued.push(message);
      else frame.contentWindow?.postMessage(message, src.origin);
    };
    /** @param {string} type @param {Record<string, unknown>} [fields] */
    const ask = (type, fields = {}) => new Promise((resolve) => {
      const id = `embed-${nextId++}`;
      pending.set(id, resolve);
      send(type, { ...fields, id });
    });
    /** @param {string} puzzle @param {unknown} [progress] */
    const load = (puzzle, progress) => {
      lastLoad = { puzzle, progress };
      latest = undefined;
      send("load", progress === undefined ? { puzzle } : { puzzle, progress });
    };

    /** @param {MessageEvent} event */
    const listener = (event) => {
      if (event.source !== frame.contentWindow || event.origin !== src.origin) return;
      const data = event.data;
      if (!data || typeof data !== "object" || data.api !== API) return;
      if (data.type === "resize" && typeof data.height === "number" && data.height > 0) {
        frame.style.height = `${Math.ceil(data.height)}px`;
        return;
      }
      if (data.type === "ready") {
        // the first start, or the frame started again: the puzzle, with the latest progress known
        ready = true;
        const puzzle = lastLoad?.puzzle ?? options.puzzle ?? element.dataset.sudokuPuzzle;
        const progress = latest ?? lastLoad?.progress ?? options.progress ?? (options.keep ? readKept(options.keep) : undefined);
        if (puzzle && !queued.some((m) => m.type === "load")) load(puzzle, progress);
        const waiting = queued;
        queued = [];
        for (const message of waiting) frame.contentWindow?.postMessage(message, src.origin);
      } else if (data.type === "change") {
        latest = data.progress;
        if (options.keep) keep(options.keep, data.progress);
      } else if ((data.type === "state" || data.type === "options") && pending.has(data.id)) {
        pending.get(data.id)?.(data.type === "state" ? data.progress : data);
        pending.delete(data.id);
      } else if (data.type === "error" && data.request === "load" && data.code === "bad-progress" && lastLoad && lastLoad.progress !== undefined) {
        load(lastLoad.puzzle); // the kept progress no longer fits: the puzzle from the start
      }
      element.dispatchEvent(new CustomEvent(`sudoku-embed-${data.type}`, { detail: data, bubbles: true }));
    };
    window.addEventListener("message", listener);

    /** @type {Studio} */
    const studio = {
      frame,
      load,
      getState: () => ask("get-state"),
      setOptions: (changes) => ask("set-options", changes),
      remove: () => {
        window.removeEventListener("message", listener);
        frame.remove();
        mounted.delete(element);
      },
    };
    mounted.set(element, studio);
    return studio;
  }

  /** Every element with data-sudoku-puzzle that has no studio yet. */
  function mountAll() {
    for (const element of document.querySelectorAll("[data-sudoku-puzzle]")) {
      const el = /** @type {HTMLElement} */ (element);
      if (el.dataset.sudokuMounted) continue;
      el.dataset.sudokuMounted = "true";
      mount(el, { controls: el.dataset.sudokuControls, keep: el.dataset.sudokuKeep, title: el.dataset.sudokuTitle });
    }
  }

  /** @type {any} */ (window).SudokuEmbed = { mount, mountAll };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
})();
