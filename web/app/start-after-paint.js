// @ts-check
// Starts app.js once the page's first frame is painted, on a visit from the network (the first
// one; a visit served by the service worker starts it at once). On a first visit that frame is the
// welcome over the empty board (app/style.css, game/library-start.js): it needs no module of
// app.js's, so none is asked for before it. Asked for with the page (the build's module preloads
// in <head>), the ~55 modules of app.js's graph came in before the first paint and were run
// before it as often as not: Lighthouse's phone (slow 4G, 6 connections) counted all of them
// before its largest paint (2.9 s), and a busy machine painted the welcome only after the
// board's start (1.3 s into a visit, 0.2 s on the same machine otherwise).
//
// index.html keeps app.js's <script> in <template id="app-start">, with the module preloads the
// build writes for it (tools/buildpy/page_pins.py); this module copies them into <head>: the
// script runs the graph (load-guard.js hears its failure, as for any module script of the page),
// the preloads fetch the whole graph at once instead of level by level. No imports: it runs as
// soon as the page is parsed.
{
  // Preloads put in at most this many a task: each costs the main thread 0.2-0.5 ms here (its
  // fetch, checked against the import map), ~4x that on a phone; 55 in one go made a long task.
  const PRELOADS_A_TASK = 4;
  const precached = Boolean(globalThis.navigator?.serviceWorker?.controller);
  const start = () => {
    const template = document.getElementById("app-start");
    if (!(template instanceof HTMLTemplateElement)) return;
    const nodes = [...template.content.children];
    for (const node of nodes) {
      if (node.localName !== "script") continue;
      // a <script> copied from a template would not run: a new one does
      const script = document.createElement("script");
      script.type = "module";
      script.src = new URL(node.getAttribute("src") ?? "", document.baseURI).href;
      document.head.append(script);
    }
    const preloads = nodes.filter((node) => node.localName !== "script");
    const next = () => {
      // a visit served by the service worker takes them from its cache: all at once, the board sooner
      const count = precached ? preloads.length : PRELOADS_A_TASK;
      document.head.append(...preloads.splice(0, count).map((node) => document.importNode(node, true)));
      if (preloads.length) setTimeout(next, 0);
    };
    next();
  };
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (precached || document.documentElement.dataset.embed === "true" || document.visibilityState !== "visible") {
    // at once: a visit served by the service worker (a repeat visit) fetches nothing from the
    // network, and what it paints first that matters is the player's game, which app.js shows; an
    // embed (embed-mode.js ran before this module) may be out of its host's view, where a frame
    // gets no animation frames; a tab opened in the background paints nothing until it is shown
    once();
  } else {
    // a task queued by a frame's callback runs once that frame is painted
    requestAnimationFrame(() => setTimeout(once, 0));
    document.addEventListener("visibilitychange", once, { once: true }); // hidden before its frame
    // no frame for 3 s: start anyway (a machine so busy is slow to paint, and the paint still
    // goes first; a page that never gets a frame must start all the same)
    setTimeout(once, 3000);
  }
}
