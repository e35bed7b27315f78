// Writes PYODIDE_DIR/sudoku-core.snapshot: Pyodide's memory snapshot of an interpreter that has
// booted and imported every module of sudoku-core (run by build.py at build time, in Node).
// Usage: node tools/make-snapshot.mjs PYODIDE_DIR
//        node tools/make-snapshot.mjs PYODIDE_DIR --list-imports SCAN.py
//
// --list-imports writes no snapshot: it boots Python the ordinary way (the worker's way when it
// cannot restore the snapshot: the lockfile, the engine's wheel loaded by name), imports every
// module of the wheel as below, then runs SCAN.py's `main` (tools/buildpy/stdlib_scan.py) and
// prints its JSON result, the stdlib files this interpreter can import. The build keeps only
// those in python_stdlib.zip, then makes the snapshot against the trimmed zip: the snapshot
// holds zipimport's table of the zip's members and their offsets, so it must be the site's zip.
//
// Why: booting Python in WebAssembly (`loadPyodide`) costs 4-6 s of CPU in Chromium on every
// visit, most of it the interpreter's own start-up and imports; restoring this snapshot
// (`loadPyodide({_loadSnapshot})`, Pyodide's memory-snapshot API) takes about 0.5 s, and the
// engine's import and wheel unpacking are already done in it. The worker (web/engine/solver-worker.js)
// uses it when the build lists it, after its sha256 check like every file that executes, and
// falls back to the ordinary boot when it cannot be restored.
//
// What the snapshot holds, and what it must not:
// - the wasm linear memory only. Files (the stdlib zip, site-packages) live in Emscripten's JS
//   file system and are not in it: the stdlib is installed again at every boot by Pyodide, and
//   every module of sudoku_core is imported here, so nothing of the wheel is read later.
// - no JS objects: `loadPackage` leaves some (the snapshot then fails), so the wheel is unpacked
//   by Python's zipfile instead.
// - no secret randomness: the global `random` is seeded with 0 here and with os.urandom again
//   after each restore (the engine's seeds come from SystemRandom anyway); PYTHONHASHSEED is 0 so
//   that two builds give nearly the same bytes.
// - no garbage: the heap's free memory is zeroed before the snapshot is taken (zeroFreeMemory).
// Stored gzip-compressed (31 MB of memory, 6 MB on disk); the worker inflates it with
// DecompressionStream. The file name has no ".gz" so that no server adds Content-Encoding to it.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const SNAPSHOT_NAME = "sudoku-core.snapshot";
const ENGINE_PACKAGE = "sudoku-core";

/**
 * Python run in the interpreter before the snapshot is taken: the wheel is unpacked (UNPACK_WHEEL,
 * for the snapshot only), then every module of the site's wheel is imported (IMPORT_ENGINE). The
 * site's wheel has no command line, benchmarks or puzzle banks (tools/buildpy/wheel.py);
 * CLI_ONLY keeps the banks out of a snapshot made from the whole wheel too (they need sqlite3 and
 * processes, which Pyodide's core runtime does not ship).
 */
const UNPACK_WHEEL = `
import site, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall(site.getsitepackages()[0])
`;
const IMPORT_ENGINE = `
import importlib, pkgutil, random, site, zipfile
import sudoku_core
CLI_ONLY = ("sudoku_core.bank", "sudoku_core.cli.bank")
for module in pkgutil.walk_packages(sudoku_core.__path__, "sudoku_core."):
    if not module.name.startswith(CLI_ONLY):
        importlib.import_module(module.name)
import sudoku_core.bridge
random.seed(0)
`;

/**
 * Overwrites the interpreter's free memory with zeros, so that it compresses to almost nothing.
 *
 * Why: importing the engine leaves garbage in the heap's free blocks (source text, the compiler's
 * trees, the unpacked wheel's buffers), and gzip stores it. Zero-filled bytes objects of 400
 * bytes are allocated 64 KB at a time (this Pyodide's Python allocates from C's malloc) until
 * the heap's break moves: by then malloc has handed out every free block that could hold them,
 * so the whole free heap is zeros; then they are freed. Past that point they would only write
 * object headers into memory that was still zero, and push the heap to grow (31 MB -> 38 MB).
 * Measured on the page's wheel: 7.06 MB written without it, 6.04 MB with it (gzip level 6; 6.00
 * MB at level 9), the memory's size unchanged.
 * @param {any} pyodide
 */
function zeroFreeMemory(pyodide) {
  const heapSize = () => pyodide._module.HEAP8.buffer.byteLength;
  const brk = () => pyodide._module._sbrk(0);
  const [size, start] = [heapSize(), brk()];
  pyodide.runPython("import gc\ngc.collect()\n_zeros = []");
  while (brk() === start && heapSize() === size) {
    pyodide.runPython("_zeros.append([bytes(400) for _ in range(160)])");
  }
  pyodide.runPython("del _zeros\ngc.collect()");
  // not a failure (the snapshot restores all the same), but the page would restore more memory
  if (heapSize() !== size) process.stderr.write(`warning: the heap grew while its free memory was zeroed (${size} -> ${heapSize()} bytes)\n`);
}

const [dirArg, mode, scanScript] = process.argv.slice(2);
const dir = path.resolve(dirArg ?? "site/pyodide");
const lock = JSON.parse(await readFile(path.join(dir, "pyodide-lock.json"), "utf8"));
const wheel = lock.packages?.[ENGINE_PACKAGE]?.file_name;
if (!wheel) throw new Error(`${ENGINE_PACKAGE} is not in ${dir}/pyodide-lock.json`);

const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const messages = /** @type {string[]} */ ([]);
const output = {
  stdout: (/** @type {string} */ line) => messages.push(line),
  stderr: (/** @type {string} */ line) => messages.push(line),
};

/**
 * Run Python, and on failure say what it printed first.
 * @param {any} pyodide @param {string} code @param {any} [globals] the namespace (default: __main__'s)
 */
function runPython(pyodide, code, globals = undefined) {
  try {
    return pyodide.runPython(code, globals ? { globals } : {});
  } catch (error) {
    process.stderr.write(messages.join("\n"));
    throw error;
  }
}

if (mode === "--list-imports") {
  if (!scanScript) throw new Error("--list-imports needs the scan script (tools/buildpy/stdlib_scan.py)");
  const pyodide = await loadPyodide({
    indexURL: dir + path.sep,
    lockFileURL: path.join(dir, "pyodide-lock.json"),
    packageCacheDir: dir + path.sep,
    env: { PYTHONHASHSEED: "0" },
    ...output,
  });
  await pyodide.loadPackage([ENGINE_PACKAGE], { messageCallback: output.stdout, errorCallback: output.stderr });
  runPython(pyodide, IMPORT_ENGINE);
  // recorded before the scan's own imports (ast and what it needs) join them
  const sysModules = runPython(pyodide, "import sys\nsorted(sys.modules)").toJs();
  const namespace = pyodide.globals.get("dict")();
  runPython(pyodide, await readFile(scanScript, "utf8"), namespace);
  const request = JSON.stringify({ sys_modules: sysModules, wheel_packages: [ENGINE_PACKAGE.replaceAll("-", "_")] });
  const reply = runPython(pyodide, `import json\njson.dumps(main(json.loads(${JSON.stringify(request)})))`, namespace);
  process.stdout.write(`${reply}\n`);
} else if (mode !== undefined) {
  throw new Error(`unknown option ${mode}: the options are --list-imports SCAN.py`);
} else {
  const pyodide = await loadPyodide({ indexURL: dir + path.sep, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" }, ...output });
  pyodide.FS.writeFile("/tmp/engine.whl", await readFile(path.join(dir, wheel)));
  runPython(pyodide, UNPACK_WHEEL + IMPORT_ENGINE);
  pyodide.FS.unlink("/tmp/engine.whl");
  zeroFreeMemory(pyodide);
  const memory = pyodide.makeMemorySnapshot();
  const packed = gzipSync(memory, { level: 9 });
  await writeFile(path.join(dir, SNAPSHOT_NAME), packed);
  process.stdout.write(`${SNAPSHOT_NAME}: ${memory.length} bytes of memory, ${packed.length} written\n`);
}
