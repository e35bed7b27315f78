// @ts-check
/**
 * Run a Python script inside the built site's Pyodide, in Node, the way the page's worker will:
 * the site's runtime files, the site's lockfile, packages loaded by name with no network.
 *
 *   node tests/pyodide_runner.mjs --pyodide site/pyodide --script tests/pyodide_checks.py
 *        [--input-json '{"k": 1}'] [--mount /host/dir:/fs/dir]... [--boots N] [--timeout-ms MS]
 *        [--snapshot] [--env NAME=VALUE]...
 *
 * The script defines `main(data: dict) -> object`; it is called with the parsed --input-json and
 * its JSON-able result is reported. stdout carries exactly one line, the JSON report:
 *   {ok, boot_ms: [...], packages_ms, python, sudoku_core, messages, result} or {ok: false, error}.
 * Python's own print() goes to stderr. Exit code 0 only when ok.
 *
 * --snapshot boots as the page's worker does when the build has one: by restoring the engine's
 * memory snapshot (pyodide/sudoku-core.snapshot, tools/make-snapshot.mjs) instead of booting
 * Python and loading packages, then reseeding `random`; the report's `random_draws` has one
 * `random.random()` per boot (the snapshots must not share their randomness).
 *
 * --env sets an environment variable before Python starts (loadPyodide's `env`), for settings
 * read only at start-up such as PYTHONMALLOC=mimalloc (`python build.py bench --pyodide-env`).
 * A snapshot's interpreter has already started: its allocator is the one the snapshot was made with.
 *
 * A watchdog ends the process: loadPyodide can hang forever when the wasm fails to load.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";

/** @typedef {{ok: true, boot_ms: number[], random_draws: number[], packages_ms: number, python: string,
 *   sudoku_core: string, messages: string[], result: unknown}} Report */
/** @typedef {{ok: false, error: string, messages: string[]}} Failure */

const PACKAGES = ["sudoku-core"];

/** @param {Report | Failure} report */
function emit(report) {
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

const { values } = parseArgs({
  options: {
    pyodide: { type: "string" },
    script: { type: "string" },
    "input-json": { type: "string", default: "{}" },
    mount: { type: "string", multiple: true, default: [] },
    boots: { type: "string", default: "1" },
    "timeout-ms": { type: "string", default: "300000" },
    snapshot: { type: "boolean", default: false },
    env: { type: "string", multiple: true, default: [] },
  },
});

/** @type {string[]} */
const messages = [];

/** @type {Record<string, string>} */
const env = Object.fromEntries(
  (values.env ?? []).map((spec) => [spec.slice(0, spec.indexOf("=")), spec.slice(spec.indexOf("=") + 1)]),
);

const watchdog = setTimeout(() => {
  emit({ ok: false, error: `timed out after ${values["timeout-ms"]} ms`, messages });
  process.exit(3);
}, Number(values["timeout-ms"]));

/**
 * Boot the runtime and load our packages through the site's lockfile; time both.
 * @param {string} indexDir absolute path of site/pyodide/
 */
async function boot(indexDir) {
  const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
  const started = performance.now();
  if (values.snapshot) {
    const memory = gunzipSync(await readFile(path.join(indexDir, "sudoku-core.snapshot")));
    const pyodide = await loadPyodide({
      indexURL: indexDir + path.sep,
      _loadSnapshot: memory,
      env,
      stdout: (/** @type {string} */ line) => process.stderr.write(`[py] ${line}\n`),
      stderr: (/** @type {string} */ line) => process.stderr.write(`[py:err] ${line}\n`),
    });
    pyodide.runPython("import random; random.seed()"); // as web/engine/solver-worker.js does
    return { pyodide, boot_ms: performance.now() - started, packages_ms: 0 };
  }
  const pyodide = await loadPyodide({
    indexURL: indexDir + path.sep,
    lockFileURL: path.join(indexDir, "pyodide-lock.json"),
    packageCacheDir: indexDir + path.sep,
    env,
    stdout: (/** @type {string} */ line) => process.stderr.write(`[py] ${line}\n`),
    stderr: (/** @type {string} */ line) => process.stderr.write(`[py:err] ${line}\n`),
  });
  const booted = performance.now();
  await pyodide.loadPackage(PACKAGES, {
    messageCallback: (/** @type {string} */ m) => messages.push(m),
    errorCallback: (/** @type {string} */ m) => messages.push(`ERROR ${m}`),
  });
  return { pyodide, boot_ms: performance.now() - started, packages_ms: performance.now() - booted };
}

/**
 * Call the script's main(data) and return its result as plain JSON (converted in Python, so no
 * proxies cross the boundary).
 * @param {any} pyodide
 * @param {string} source
 * @param {string} inputJson
 */
function runScript(pyodide, source, inputJson) {
  const json = pyodide.pyimport("json");
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(source, { globals: namespace });
  const main = namespace.get("main");
  if (main === undefined) throw new Error("the script defines no main(data)");
  return JSON.parse(json.dumps(main(json.loads(inputJson))));
}

async function run() {
  if (!values.pyodide || !values.script) throw new Error("--pyodide and --script are required");
  const indexDir = path.resolve(values.pyodide);
  const source = await readFile(values.script, "utf8");
  const bootTimes = [];
  const randomDraws = [];
  let session;
  for (let i = 0; i < Math.max(1, Number(values.boots)); i++) {
    session = await boot(indexDir);
    bootTimes.push(session.boot_ms);
    randomDraws.push(session.pyodide.runPython("import random; random.random()"));
  }
  if (!session) throw new Error("no boot");
  const { pyodide } = session;
  for (const spec of values.mount ?? []) {
    const split = spec.lastIndexOf(":");
    const [hostDir, fsDir] = [spec.slice(0, split), spec.slice(split + 1)];
    pyodide.FS.mkdirTree(fsDir);
    pyodide.mountNodeFS(fsDir, path.resolve(hostDir));
  }
  const sys = pyodide.pyimport("sys");
  let version = "not importable";
  try {
    version = pyodide.pyimport("sudoku_core").__version__;
  } catch (error) {
    messages.push(`ERROR import sudoku_core: ${error}`);
  }
  const result = runScript(pyodide, source, values["input-json"] ?? "{}");
  emit({
    ok: true,
    boot_ms: bootTimes,
    random_draws: randomDraws,
    packages_ms: session.packages_ms,
    python: sys.version,
    sudoku_core: version,
    messages,
    result,
  });
}

try {
  await run();
  clearTimeout(watchdog);
} catch (error) {
  clearTimeout(watchdog);
  emit({ ok: false, error: String(error instanceof Error ? error.stack : error), messages });
  process.exitCode = 1;
}
