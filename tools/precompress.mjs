// Writes brotli copies of files (run by build.py: tools/buildpy/precompress.py decides which).
// Usage: node tools/precompress.mjs JOBS.json   where JOBS.json is [[source, destination], ...]
//
// Brotli at its highest quality (11), with the file's size as a hint and the default window
// (measured on pyodide.asm.wasm: 2,741,061 bytes; a 16 MB window gave 2,766,607). Node's zlib has
// brotli built in, and Node is already needed by the build; Python's stdlib has no brotli.
// Each copy is written under a temporary name and renamed, so a stopped run leaves no half file.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const jobs = /** @type {[string, string][]} */ (JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")));
let written = 0;
for (const [source, destination] of jobs) {
  const data = readFileSync(source);
  const packed = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${destination}.part`, packed);
  renameSync(`${destination}.part`, destination);
  written += packed.length;
}
process.stdout.write(`${jobs.length} brotli copies, ${written} bytes\n`);
