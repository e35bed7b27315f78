// The site's service worker, before bundling: tools/generate-sw.mjs puts the precache list in
// place of self.__WB_MANIFEST and bundles Workbox's runtime into site/sw.js (no CDN, no second
// file). The page registers it (web/app/offline.js) and asks it to take over (SKIP_WAITING) only
// when the person agrees.
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";

setCacheNameDetails({ prefix: "sudoku-studio" });

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});
clientsClaim();

// Workbox asks for each file of a versioned precache list with `cache: "reload"`, past the HTTP
// cache: on a first visit every file then came twice, once for the page and its engine and once
// for the precache (41.8 MB instead of 21.0 MB). Asked with `cache: "no-cache"` instead, a file
// the page already has is revalidated (a 304: its ETag or date says it is the same) and one it
// has not is downloaded once. Nothing stale can be kept: "no-cache" always asks the server, and
// each file is still checked against its sha256 (`integrity`) before it is cached.
addPlugins([
  {
    requestWillFetch: async ({ request }) =>
      request.cache === "reload" ? new Request(request, { cache: "no-cache" }) : request,
  },
]);

// ?boot-timeout=, ?engine-seconds= and the like still find index.html offline.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();
