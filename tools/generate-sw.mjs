// Writes site/sw.js, the service worker (run by build.py at build time).
// Usage: node tools/generate-sw.mjs SITE_DIR
//
// It precaches every file of the built site (Pyodide's runtime and wheels included), each with
// the sha256 of build-manifest.json as its subresource integrity: Workbox fetches every file with
// that `integrity`, so a file that does not match the build is never cached and the new version
// never installs. The precompressed copies (x.js.br, x.js.gz) are left out: they are the same
// bytes encoded for the wire, which the browser decodes before anything sees them.
//
// The worker's code is tools/service-worker.js: Workbox's precaching with one plugin (why:
// there). workbox-build's getManifest makes the list (sizes, revisions), and rollup bundles the
// code with Workbox's runtime inlined, minified as Workbox's own generateSW does.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import terser from "@rollup/plugin-terser";
import { rollup } from "rollup";
import { getManifest } from "workbox-build";

const site = path.resolve(process.argv[2] ?? "site");
const source = fileURLToPath(new URL("./service-worker.js", import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(site, "build-manifest.json"), "utf8"));
/** @type {Record<string, {size: number, sha256: string}>} */
const files = manifest.files;
const integrity = (/** @type {string} */ hex) => `sha256-${Buffer.from(hex, "hex").toString("base64")}`;

const { manifestEntries, count, size, warnings } = await getManifest({
  globDirectory: site,
  globPatterns: ["**/*"],
  // _headers: the host's instructions (build.py), not served; *.br, *.gz: precompressed copies
  globIgnores: ["sw.js", "_headers", "**/*.br", "**/*.gz"],
  // The wasm is ~10 MB; the default limit (2 MB) would leave the engine out.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
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

const bundle = await rollup({
  input: source,
  plugins: [
    nodeResolve(),
    replace({
      preventAssignment: true,
      values: {
        "process.env.NODE_ENV": JSON.stringify("production"),
        "self.__WB_MANIFEST": JSON.stringify(manifestEntries),
      },
    }),
    // Workbox's generateSW settings: private members (_x, x_) renamed too.
    terser({ mangle: { toplevel: true, properties: { regex: /(^_|_$)/ } } }),
  ],
});
const { output } = await bundle.generate({ format: "es" });
await bundle.close();
writeFileSync(path.join(site, "sw.js"), output[0].code);
console.log(JSON.stringify({ count, size }));
