// @ts-check
// Module worker: boots Pyodide and sudoku-core from this site (never a CDN), then runs bridge
// operations one at a time, each in short slices so that cancel and new requests get through.
// Protocol: protocol.js. The page never talks to Pyodide; this file is the only one that does.
//
// One file of ~600 lines on purpose: a module worker's every import is one more request, made in
// turn before its boot can begin (and checked by the manifest like every file that executes), on
// every visit, first ones included. Its three parts are marked: the start-up checks (manifest,
// lockfile, the runtime's size, every executing file's sha256), the memory snapshot, and the
// request loop.

// Pyodide is imported only once its files have passed their sha256 check (verifyFiles, below).

/** Milliseconds of Python work per slice before the worker reads its messages again. */
const SLICE_MS = 30;
/** A running request reports progress (and so proves the worker alive) at least this often
 * (protocol.js: ProgressMessage). Defined here, not imported: the worker's only import would be
 * one more request before its boot could start, on every visit. */
const PROGRESS_MS = 200;

/** @typedef {import("./protocol.js").ToWorker} ToWorker */
/** @typedef {import("./protocol.js").FromWorker} FromWorker */
/** @typedef {import("./protocol.js").ErrorInfo} ErrorInfo */
/** @typedef {import("./protocol.js").RequestMessage} RequestMessage */
/** @typedef {import("../pyodide/pyodide.mjs").PyodideAPI} PyodideAPI */
/**
 * The little of sudoku_core.bridge we use (a PyProxy).
 * @typedef {{run_slice(sliceMs: number): string, close(): void, destroy?(): void}} Task
 * @typedef {{start(op: string, argsJson: string): Task, call(op: string, argsJson: string): string}} Bridge
 */
/**
 * What `task.run_slice` (and `bridge.call`) answer, as JSON text: see sudoku_core/bridge.py.
 * @typedef {{done: false, progress: Record<string, unknown>} | {done: true, ok: true, result: unknown}
 *   | {done: true, ok: false, error: ErrorInfo}} StepReply
 */

const SITE_URL = new URL("../", import.meta.url).href;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const MANIFEST_URL = new URL("../build-manifest.json", import.meta.url).href;
const ENGINE_PACKAGE = "sudoku-core";
/** How long the small files of the start-up may take before the server is said to stall. */
const SMALL_FILE_MS = 5_000;
/** After this, "upload the site again" is the way out of every damaged-file fault below. */
const REUPLOAD = "build the site and copy it to the server again";

/** @param {FromWorker} message */
const send = (message) => postMessage(message);

/** @param {unknown} error @param {string} fallbackType @returns {ErrorInfo} */
function errorInfo(error, fallbackType) {
  if (error && typeof error === "object") {
    const e = /** @type {{type?: unknown, name?: unknown, message?: unknown}} */ (error);
    // A PythonError has .type (the exception class) and a message ending with the traceback.
    const type = typeof e.type === "string" ? e.type : fallbackType;
    let message = typeof e.message === "string" ? e.message : String(error);
    if (typeof e.type === "string") {
      const lines = message.trim().split("\n");
      message = lines[lines.length - 1] || message;
    }
    return { type, message };
  }
  return { type: fallbackType, message: String(error) };
}

/** A start-up failure with its own message (shown to the person as is). @param {string} message */
const bootError = (message) => Object.assign(new Error(message), { type: "BootError" });

/**
 * Fetch `url` and read its body with `read`, all within `ms`: a server that stalls, fails or
 * answers an error status gives a BootError naming `what` (never a hang or "Failed to fetch").
 * @template T
 * @param {string} url @param {string} what @param {number} ms
 * @param {(response: Response) => Promise<T>} read @param {RequestInit} [init]
 * @returns {Promise<T>}
 */
async function fetchWithin(url, what, ms, read, init = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (!response.ok) {
      const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
      throw bootError(`${what} could not be loaded (${status}): ${REUPLOAD}`);
    }
    return await read(response);
  } catch (error) {
    if (controller.signal.aborted) throw bootError(`${what} did not arrive within ${ms / 1000} s (the server stalls)`);
    if (error instanceof Error && "type" in error) throw error;
    throw bootError(`${what} could not be downloaded (${errorInfo(error, "Error").message})`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * @typedef {{files: Record<string, {size?: number, sha256?: string}>, packages?: Record<string, string>}} Manifest
 */

/**
 * The build's manifest (every file's size and sha256, the package versions), or null when the
 * site has none (HTTP 404 or 410: a copy made without it); then the checks that need it are
 * skipped, and the page says so. A manifest that is there but cannot be read (another error
 * status, a network failure, not JSON, no `files`) is a fault: were it skipped, cutting the file
 * short would turn off every check below.
 * @returns {Promise<Manifest | null>}
 */
async function readManifest() {
  const what = "build-manifest.json";
  /** @type {string} */
  let text;
  try {
    text = await fetchWithin(MANIFEST_URL, what, SMALL_FILE_MS, (r) => r.text(), { cache: "no-cache" });
  } catch (error) {
    if (/\(HTTP (404|410)\b/.test(String(/** @type {Error} */ (error).message))) return null;
    throw error;
  }
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw bootError(`${what} is damaged: not valid JSON (${errorInfo(error, "SyntaxError").message}): ${REUPLOAD}`);
  }
  const files = data && typeof data === "object" ? /** @type {{files?: unknown}} */ (data).files : undefined;
  if (!files || typeof files !== "object" || Array.isArray(files)) {
    throw bootError(`${what} is damaged: it lists no files: ${REUPLOAD}`);
  }
  return /** @type {Manifest} */ (data);
}

/** A sha256 as the build writes it. */
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * The files the engine loads, each of which the manifest must give a sha256 (a file left out
 * would otherwise run unchecked): this worker, Pyodide's loader, runtime, stdlib and package
 * list, and the engine's wheel (named by the lockfile).
 * @param {{packages?: Record<string, {file_name?: string}>}} lock
 */
function loadedFiles(lock) {
  const wheel = lock.packages?.[ENGINE_PACKAGE]?.file_name;
  return [
    "engine/solver-worker.js",
    "pyodide/pyodide-lock.json",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/pyodide.mjs",
    "pyodide/python_stdlib.zip",
    ...(wheel ? [`pyodide/${wheel}`] : []),
  ];
}

/**
 * Every file the engine loads, and every executing file the manifest lists, has a sha256 there:
 * else the boot fails naming them (the first two, then how many more).
 * @param {Manifest} manifest @param {{packages?: Record<string, {file_name?: string}>}} lock
 */
function checkManifestCovers(manifest, lock) {
  const listed = Object.keys(manifest.files).filter((name) => EXECUTED.test(name));
  const missing = [...new Set([...loadedFiles(lock), ...listed])].sort().filter((name) => !SHA256.test(String(manifest.files[name]?.sha256 ?? "")));
  if (!missing.length) return;
  const named = missing.length <= 2 ? missing.join(" and ") : `${missing.slice(0, 2).join(", ")} and ${missing.length - 2} more`;
  throw bootError(`build-manifest.json is damaged: no sha256 for ${named}: ${REUPLOAD}`);
}

/** The runtime's package list, checked before Pyodide reads it (a 404 page is not JSON). */
async function readLockfile() {
  const what = "the runtime's package list (pyodide/pyodide-lock.json)";
  const text = await fetchWithin(INDEX_URL + "pyodide-lock.json", what, SMALL_FILE_MS, (r) => r.text());
  try {
    return /** @type {{packages?: Record<string, {file_name?: string, sha256?: string}>}} */ (JSON.parse(text));
  } catch (error) {
    throw bootError(`${what} is not valid JSON (${errorInfo(error, "SyntaxError").message}): ${REUPLOAD}`);
  }
}

/**
 * The runtime's wasm has the size the build gave it (a truncated copy fails to compile, and
 * Pyodide then only logs a warning and never finishes). Skipped when the server compresses it
 * or the manifest does not say.
 * @param {{files?: Record<string, {size?: number}>} | null} manifest
 */
async function checkRuntimeSize(manifest) {
  const expected = manifest?.files?.["pyodide/pyodide.asm.wasm"]?.size;
  const what = "the Python runtime (pyodide/pyodide.asm.wasm)";
  /** @type {Headers} */
  let headers;
  try {
    headers = await fetchWithin(INDEX_URL + "pyodide.asm.wasm", what, SMALL_FILE_MS, async (r) => r.headers, { method: "HEAD" });
  } catch (error) {
    // A missing file or a stalled server is a fault; a host that refuses HEAD (405, 403, 501)
    // or a network error is not: skip the check and let the download itself say.
    if (/HTTP (404|410)|did not arrive/.test(String(/** @type {Error} */ (error).message))) throw error;
    return;
  }
  const length = Number(headers.get("Content-Length") ?? Number.NaN);
  if (typeof expected !== "number" || headers.get("Content-Encoding") || !Number.isFinite(length)) return;
  if (length !== expected) {
    throw bootError(`${what} is ${length.toLocaleString("en")} bytes, not the ${expected.toLocaleString("en")} this build made (a truncated copy): ${REUPLOAD}`);
  }
}

/**
 * Rejects when the runtime's wasm fails to compile: Pyodide only logs that (console.warn) and
 * its start-up then never ends. `stop()` puts console.warn back.
 */
function watchCompileErrors() {
  const original = console.warn;
  /** @type {(error: Error) => void} */
  let fail = () => {};
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  console.warn = (...args) => {
    original.apply(console, args);
    const fault = args.find((a) => a instanceof Error && /CompileError|LinkError/.test(a.name)) ?? args.find((a) => /CompileError/.test(String(a)));
    if (fault) fail(bootError(`the Python runtime (pyodide/pyodide.asm.wasm) is damaged and cannot be compiled (${String(fault).slice(0, 200)}): ${REUPLOAD}`));
  };
  return { failed, stop: () => void (console.warn = original) };
}

/**
 * Why the engine's wheel did not load: missing, or failing its sha256 (the browser only says
 * "Failed to fetch" for an integrity mismatch). Null when the wheel looks fine.
 * @param {{packages?: Record<string, {file_name?: string, sha256?: string}>}} lock
 * @returns {Promise<string | null>}
 */
async function diagnoseWheel(lock) {
  const entry = lock.packages?.[ENGINE_PACKAGE];
  if (!entry?.file_name) return `${ENGINE_PACKAGE} is missing from pyodide/pyodide-lock.json: ${REUPLOAD}`;
  const name = entry.file_name;
  let bytes;
  try {
    bytes = await fetchWithin(INDEX_URL + name, `${ENGINE_PACKAGE}'s wheel (pyodide/${name})`, 30_000, (r) => r.arrayBuffer(), { cache: "no-cache" });
  } catch (error) {
    return errorInfo(error, "BootError").message;
  }
  if (!entry.sha256 || !globalThis.crypto?.subtle) return null;
  const actual = await sha256Hex(bytes);
  if (actual === entry.sha256) return null;
  return `${ENGINE_PACKAGE}'s wheel (pyodide/${name}) failed its integrity check: sha256 ${actual.slice(0, 12)}… instead of ${entry.sha256.slice(0, 12)}… (a corrupt or stale copy): ${REUPLOAD}`;
}

/** The files that run: scripts, the wasm, the stdlib, the wheels, the engine's memory snapshot
 * and the list that names them. */
const EXECUTED = /(\.(m?js|wasm|zip|whl|snapshot)|^pyodide\/pyodide-lock\.json)$/;
/**
 * The page is served by this build's service worker, whose precache fetched every file with its
 * sha256 as subresource integrity (tools/generate-sw.mjs): the files are not hashed again here.
 */
const PRECACHED = globalThis.name === "sudoku-solver (precached)";
/** Pyodide's memory after booting and importing sudoku_core (tools/make-snapshot.mjs). */
const SNAPSHOT = "pyodide/sudoku-core.snapshot";
/** A verification download stalling this long is a fault (the wasm is ~10 MB). */
const VERIFY_FILE_MS = 30_000;

/** @param {ArrayBuffer} bytes @returns {Promise<string>} */
async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A file's name as the person reads it in the failure message.
 * @param {string} name the path in the manifest @param {{packages?: Record<string, {file_name?: string}>}} lock
 */
function describeFile(name, lock) {
  if (name === "pyodide/pyodide-lock.json") return "the runtime's package list (pyodide/pyodide-lock.json)";
  if (name === "pyodide/pyodide.asm.wasm") return "the Python runtime (pyodide/pyodide.asm.wasm)";
  if (name === SNAPSHOT) return `the engine's snapshot (${SNAPSHOT})`;
  if (name.endsWith(".whl")) {
    const file = name.slice(name.lastIndexOf("/") + 1);
    const owner = Object.entries(lock.packages ?? {}).find(([, entry]) => entry.file_name === file)?.[0];
    if (owner) return `${owner}'s wheel (${name})`;
  }
  return name;
}

/**
 * Every file that executes (the runtime, stdlib, lockfile, wheels, the engine's snapshot and our
 * scripts) has the sha256 this build gave it, checked before Pyodide is imported: a tampered,
 * corrupt or stale copy fails by name within seconds (IntegrityError), instead of running or
 * hanging. Skipped when the page is served by the service worker (PRECACHED: its cache holds only
 * files that passed the same check), and left to the checks below when the site has no manifest
 * or no SubtleCrypto (an http:// address other than localhost).
 * @param {{files?: Record<string, {size?: number, sha256?: string}>} | null} manifest
 * @param {{packages?: Record<string, {file_name?: string}>}} lock
 * @param {(name: string, bytes: ArrayBuffer) => void} onChecked  each file that matched, at once
 */
async function verifyFiles(manifest, lock, onChecked) {
  if (!manifest?.files || !globalThis.crypto?.subtle || PRECACHED) return;
  const names = Object.keys(manifest.files).filter((name) => EXECUTED.test(name)).sort();
  const faults = await Promise.all(
    names.map(async (name) => {
      const expected = manifest.files?.[name]?.sha256;
      if (!expected) return null;
      const what = describeFile(name, lock);
      const bytes = await fetchWithin(SITE_URL + name, what, VERIFY_FILE_MS, (r) => r.arrayBuffer());
      const actual = await sha256Hex(bytes);
      if (actual === expected) {
        onChecked(name, bytes);
        return null;
      }
      return `${what} failed its integrity check: sha256 ${actual.slice(0, 12)}… instead of ${expected.slice(0, 12)}… (a tampered, corrupt or stale copy): ${REUPLOAD}`;
    }),
  );
  const fault = faults.find((f) => f !== null);
  if (fault) throw Object.assign(new Error(fault), { type: "IntegrityError" });
}

// --- the engine's memory snapshot ---------------------------------------------------------------

/**
 * The snapshot inflated on an earlier visit is kept here (Cache Storage, this origin only), under
 * its packed file's sha256: inflating 6.6 MB into 31 MB costs ~0.3 s of every visit otherwise.
 * It was written only from bytes that had passed their check, and a new build's snapshot has
 * another key (the older one is deleted when the new one is kept).
 */
const MEMORY_CACHE = "sudoku-studio-engine-memory";

/** @param {{files?: Record<string, {sha256?: string}>} | null} manifest @returns {string | null} */
function memoryKey(manifest) {
  const sha = manifest?.files?.[SNAPSHOT]?.sha256;
  return sha ? `${SITE_URL}${SNAPSHOT}?sha256=${sha}` : null;
}

/** The memory kept for this build's snapshot, or null. @param {string | null} key */
async function keptMemory(key) {
  if (!key || !globalThis.caches) return null;
  try {
    const hit = await (await caches.open(MEMORY_CACHE)).match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // no storage (a private window, a cross-site frame): inflate instead
  }
}

/** Keep the memory that was just restored, for the next visit. @param {string} key @param {Uint8Array} memory */
async function keepMemory(key, memory) {
  try {
    const cache = await caches.open(MEMORY_CACHE);
    for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
    await cache.put(key, new Response(new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (memory)])));
  } catch {
    // full or unavailable storage: the next visit inflates again
  }
}

/**
 * The snapshot's memory from its gzip bytes, or null (and the boot log says why) when they do
 * not inflate. @param {ArrayBuffer} packed @returns {Promise<Uint8Array | null>}
 */
async function inflate(packed) {
  if (typeof DecompressionStream !== "function") return null;
  try {
    const inflated = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(inflated).arrayBuffer());
  } catch (error) {
    bootLog.push(`the engine's snapshot was not used: ${errorInfo(error, "Error").message}`);
    return null;
  }
}

/**
 * The engine's memory snapshot (tools/make-snapshot.mjs says what it holds): kept from an earlier
 * visit, or inflated now (`inflating`, started as soon as its bytes passed their check; else
 * fetched here). Null when this build has none or it cannot be read: Python boots instead.
 * @param {{files?: Record<string, unknown>} | null} manifest
 * @param {Promise<Uint8Array | null>} kept @param {Promise<Uint8Array | null> | null} inflating
 * @returns {Promise<{memory: Uint8Array, kept: boolean} | null>}
 */
async function readSnapshot(manifest, kept, inflating) {
  if (!manifest?.files?.[SNAPSHOT]) return null;
  const hit = await kept;
  if (hit) return { memory: hit, kept: true };
  try {
    const memory = await (inflating
      ?? inflate(await fetchWithin(SITE_URL + SNAPSHOT, "the engine's snapshot", VERIFY_FILE_MS, (r) => r.arrayBuffer())));
    return memory ? { memory, kept: false } : null;
  } catch (error) {
    bootLog.push(`the engine's snapshot was not used: ${errorInfo(error, "Error").message}`);
    return null;
  }
}

/** Pyodide's loader, imported only once its files are known to be this build's. */
const importPyodide = () => import("../pyodide/pyodide.mjs");

/** Pyodide's stdout/stderr are not part of the UI; keep them for the failure message. */
const bootLog = /** @type {string[]} */ ([]);

/** @type {PyodideAPI | null} */
let pyodide = null;

/** @returns {Promise<Bridge>} */
async function boot() {
  const started = performance.now();
  /** Milliseconds from the boot's start to the end of each of its stages (the bench prints them). */
  const stages = /** @type {Record<string, number>} */ ({});
  const stageDone = (/** @type {string} */ name) => void (stages[name] = Math.round(performance.now() - started));
  send({ type: "stage", stage: "runtime", message: "Loading the Python runtime" });
  // Each damaged or missing file fails here, within seconds and by name, before Pyodide would
  // hang on it or report it as something else.
  // Read together, their faults said in this order. Served from the precache, Pyodide's module
  // is imported meanwhile and the wasm's size not asked (the precache fetched both with their
  // sha256): on a repeat visit this stage took 37 ms of one request after another.
  const loading = PRECACHED ? importPyodide() : null;
  loading?.catch(() => {}); // its fault, if any, is said when awaited below
  const lockRead = readLockfile();
  lockRead.catch(() => {}); // said after the manifest's, as before
  const manifest = await readManifest();
  const lock = await lockRead;
  if (manifest) checkManifestCovers(manifest, lock);
  if (!PRECACHED) await checkRuntimeSize(manifest);
  stageDone("lists");
  const key = memoryKey(manifest);
  const kept = keptMemory(key); // read meanwhile
  /** @type {Promise<Uint8Array | null> | null} */
  let inflating = null;
  await verifyFiles(manifest, lock, (name, bytes) => {
    // inflated while the other files are checked, unless an earlier visit kept it
    if (name === SNAPSHOT) inflating = kept.then((hit) => (hit ? null : inflate(bytes)));
  });
  stageDone("verify");
  const { loadPyodide } = await (loading ?? importPyodide());
  // The snapshot is read (from the copy kept by an earlier visit, or inflated) while the runtime
  // loads: loadPyodide imports its script and asks for the wasm and the stdlib first, and awaits
  // the memory only before it instantiates the wasm. One after the other, a repeat visit waited
  // 90-130 ms for the kept memory before the wasm's download even began.
  const reading = readSnapshot(manifest, kept, inflating);
  void reading.then(() => stageDone("snapshot"));
  /** @param {Promise<Uint8Array> | null} memory @returns {Promise<PyodideAPI>} */
  const start = async (memory) => {
    const compile = watchCompileErrors();
    try {
      return await Promise.race([
        loadPyodide({
          indexURL: INDEX_URL,
          // the lockfile read and checked above, not fetched again (the wheels are loaded by it)
          lockFileContents: lock,
          packageBaseUrl: INDEX_URL,
          stdout: (/** @type {string} */ line) => bootLog.push(line),
          stderr: (/** @type {string} */ line) => bootLog.push(line),
          ...(memory ? { _loadSnapshot: memory } : {}),
        }),
        compile.failed,
      ]);
    } finally {
      compile.stop();
    }
  };
  /** @type {PyodideAPI | null} */
  let restored = null;
  // Only when it can be read: without DecompressionStream (Safari before 16.4) there is neither
  // an inflated snapshot nor a kept one, and a doomed restore would download the runtime twice.
  if (manifest?.files?.[SNAPSHOT] && typeof DecompressionStream === "function") {
    try {
      const memory = reading.then((read) => read?.memory ?? Promise.reject(new Error("it could not be read")));
      memory.catch(() => {}); // said below, if loadPyodide got as far as awaiting it
      restored = await start(memory);
      // the snapshot's `random` was seeded with 0 at build time: every visit gets its own seed
      restored.runPython("import random; random.seed()");
    } catch (error) {
      if (error instanceof Error && "type" in error) throw error; // a damaged runtime: said by name
      if ((await reading)?.kept) void globalThis.caches?.delete(MEMORY_CACHE).catch(() => false); // not again
      bootLog.push(`the engine's snapshot could not be restored, booting instead: ${errorInfo(error, "Error").message}`);
      restored = null;
    }
  }
  const runtime = restored ?? (await start(null));
  const snapshot = await reading;
  pyodide = runtime;
  stageDone("runtime");
  send({ type: "stage", stage: "engine", message: "Loading the Sudoku engine" });
  if (!restored) {
    // the snapshot has the engine imported already; else its wheel is installed now
    await runtime.loadPackage([ENGINE_PACKAGE], {
      messageCallback: (/** @type {string} */ line) => bootLog.push(line),
      errorCallback: (/** @type {string} */ line) => bootLog.push(`error: ${line}`),
    });
  }
  stageDone("wheel");
  // loadPackage does not reject when a wheel is missing or fails its hash check: import to know.
  /** @type {Bridge} */
  let bridge;
  try {
    bridge = /** @type {Bridge} */ (runtime.pyimport("sudoku_core.bridge"));
  } catch (error) {
    const wheelFault = await diagnoseWheel(lock);
    if (wheelFault) throw bootError(wheelFault);
    const errors = bootLog.filter((l) => l.startsWith("error: ")).map((l) => l.slice(7));
    const info = errorInfo(error, "ImportError");
    const said = errors.map((e) => e.trim().replace(/[:;]$/, "")).filter(Boolean).join(" ");
    throw Object.assign(new Error(said ? `${said} (${info.message})` : info.message), {
      type: info.type,
    });
  }
  stageDone("import");
  const reply = /** @type {StepReply} */ (JSON.parse(bridge.call("version", "{}")));
  if (!reply.done) throw new Error("the version operation did not finish"); // call() runs to the end
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), { type: reply.error.type });
  const version = String(/** @type {{version: unknown}} */ (reply.result).version);
  const built = manifest?.packages?.[ENGINE_PACKAGE];
  const expected = typeof built === "string" ? built : null;
  if (expected && expected !== version) {
    throw Object.assign(new Error(`engine ${version} does not match this build's ${expected} (a stale cache?)`), {
      type: "BootError",
    });
  }
  if (restored && snapshot && !snapshot.kept && key) void keepMemory(key, snapshot.memory);
  send({ type: "ready", version, pyodide: String(runtime.version), bootMs: Math.round(performance.now() - started), stages,
    startedAt: performance.timeOrigin + started, from: restored ? (snapshot?.kept ? "kept-snapshot" : "snapshot") : "wheel",
    ...verification(manifest) });
  return bridge;
}

/**
 * How the executing files were checked, and when they were not, why (the page says it).
 * @param {Manifest | null} manifest
 * @returns {{verified: "precache" | "sha256" | "skipped", unverified?: string}}
 */
function verification(manifest) {
  if (PRECACHED) return { verified: "precache" };
  if (!manifest) return { verified: "skipped", unverified: "the site has no build-manifest.json" };
  if (!globalThis.crypto?.subtle) return { verified: "skipped", unverified: "this address cannot hash them (http:// other than localhost)" };
  return { verified: "sha256" };
}

const ready = boot();
ready.catch((error) => send({ type: "failed", error: errorInfo(error, "BootError") }));

// --- requests ---------------------------------------------------------------------------------

/** @type {RequestMessage[]} */
const queue = [];
/** The running request, once cancelled (checked between slices). @type {Set<number>} */
const cancelled = new Set();
/** @type {number | null} */
let running = null;
let pumping = false;
/** @type {Int32Array | null} */
let interrupt = null;

/** Yield to the event loop (faster than setTimeout, which clamps to 4 ms). */
const channel = new MessageChannel();
/** @type {(() => void)[]} */
const wakers = [];
channel.port1.onmessage = () => wakers.shift()?.();
const yieldToEvents = () =>
  new Promise((resolve) => {
    wakers.push(() => resolve(undefined));
    channel.port2.postMessage(null);
  });

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    /** @type {Bridge} */
    let bridge;
    try {
      bridge = await ready;
    } catch (error) {
      for (const job of queue.splice(0)) {
        send({ type: "error", id: job.id, error: { type: "EngineUnavailable", message: errorInfo(error, "BootError").message } });
      }
      return;
    }
    while (queue.length) {
      const job = /** @type {RequestMessage} */ (queue.shift());
      running = job.id;
      await run(bridge, job);
      running = null;
      cancelled.delete(job.id);
    }
  } finally {
    pumping = false;
  }
}

/** @param {Bridge} bridge @param {RequestMessage} job */
async function run(bridge, job) {
  /** @type {Task | null} */
  let task = null;
  let lastProgress = performance.now();
  try {
    task = bridge.start(job.op, JSON.stringify(job.args ?? {}));
    for (;;) {
      if (cancelled.has(job.id)) {
        send({ type: "cancelled", id: job.id });
        return;
      }
      if (interrupt) Atomics.store(interrupt, 0, 0);
      const reply = /** @type {StepReply} */ (JSON.parse(task.run_slice(SLICE_MS)));
      if (reply.done) {
        if (reply.ok) send({ type: "result", id: job.id, result: reply.result });
        else send({ type: "error", id: job.id, error: reply.error });
        return;
      }
      const now = performance.now();
      if (now - lastProgress >= PROGRESS_MS) {
        lastProgress = now;
        send({ type: "progress", id: job.id, progress: reply.progress });
      }
      await yieldToEvents();
    }
  } catch (error) {
    const info = errorInfo(error, "PythonError");
    if (info.type === "KeyboardInterrupt" || cancelled.has(job.id)) send({ type: "cancelled", id: job.id });
    else send({ type: "error", id: job.id, error: info });
  } finally {
    if (task) {
      try {
        task.close();
      } catch {
        // an interrupted generator may refuse to close; it is dropped anyway
      }
      task.destroy?.();
    }
  }
}

self.addEventListener("message", (event) => {
  const message = /** @type {ToWorker} */ (/** @type {MessageEvent} */ (event).data);
  if (!message || typeof message !== "object") return;
  switch (message.type) {
    case "request":
      send({ type: "accepted", id: message.id });
      queue.push(message);
      void pump();
      break;
    case "cancel": {
      const queued = queue.findIndex((job) => job.id === message.id);
      if (queued >= 0) {
        queue.splice(queued, 1); // answered now, not after the requests ahead of it
        send({ type: "cancelled", id: message.id });
      } else if (running === message.id) {
        cancelled.add(message.id); // seen between two slices
      } else {
        // its terminal reply has already gone: say so, or the page would wait for "cancelled"
        send({ type: "already-finished", id: message.id });
      }
      break;
    }
    case "interrupt-buffer": {
      // Only a shared buffer of at least one Int32 can interrupt; anything else is refused here
      // rather than breaking every later request (Atomics.store on it would throw).
      const raw = /** @type {unknown} */ (message.buffer);
      if (typeof SharedArrayBuffer !== "function" || !(raw instanceof SharedArrayBuffer) || raw.byteLength < 4) break;
      const buffer = new Int32Array(raw, 0, 1);
      interrupt = buffer;
      ready.then(() => pyodide?.setInterruptBuffer(buffer)).catch(() => {
        interrupt = null;
      });
      break;
    }
    default:
      break;
  }
});
