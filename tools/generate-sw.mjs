// Writes site/sw.js, the service worker, with Workbox's generateSW (run by build.py at build time).
// Usage: node tools/generate-sw.mjs SITE_DIR
//
// It precaches every file of the built site (Pyodide's runtime and wheels included), each with
// the sha256 of build-manifest.json as its subresource integrity: Workbox fetches every file with
// that `integrity`, so a file that does not match the build is never cached and the new version
// never installs. Workbox's runtime is inlined into sw.js (no CDN, no second file).
import { readFileSync } from "node:fs";
import path from "node:path";
import { generateSW } from "workbox-build";

const site = path.resolve(process.argv[2] ?? "site");
const manifest = JSON.parse(readFileSync(path.join(site, "build-manifest.json"), "utf8"));
/** @type {Record<string, {size: number, sha256: string}>} */
const files = manifest.files;
const integrity = (/** @type {string} */ hex) => `sha256-${Buffer.from(hex, "hex").toString("base64")}`;

const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js", "_headers"], // _headers: the host's instructions (build.py), not served
  swDest: path.join(site, "sw.js"),
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  cacheId: "sudoku-studio",
  // The page asks the waiting worker to take over (SKIP_WAITING) only when the person agrees.
  skipWaiting: false,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // The wasm is ~10 MB; the default limit (2 MB) would leave the engine out.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  // ?boot-timeout=, ?engine-seconds= and the like still find index.html offline.
  ignoreURLParametersMatching: [/.*/],
  manifestTransforms: [
    async (entries) => {
      const warnings = [];
      const manifest = entries.map((entry) => {
        const file = files[entry.url];
        if (entry.url === "build-manifest.json") return entry;
        if (!file) {
          warnings.push(`${entry.url} is not in build-manifest.json`);
          return entry;
        }
        return { ...entry, integrity: integrity(file.sha256) };
      });
      return { manifest, warnings };
    },
  ],
});
for (const warning of warnings) console.error(`warning: ${warning}`);
if (warnings.length) process.exit(1);
console.log(JSON.stringify({ count, size }));
