// @ts-check
// Module worker: boots Pyodide and sudoku-core from this site (never a CDN), then runs bridge
// operations one at a time, each in short slices so that cancel and new requests get through.
// Protocol: protocol.js. The page never talks to Pyodide; this file is the only one that does.

import { loadPyodide } from "./pyodide/pyodide.mjs";
import { PROGRESS_MS, SLICE_MS } from "./protocol.js";

/** @typedef {import("./protocol.js").ToWorker} ToWorker */
/** @typedef {import("./protocol.js").FromWorker} FromWorker */
/** @typedef {import("./protocol.js").ErrorInfo} ErrorInfo */
/** @typedef {import("./protocol.js").RequestMessage} RequestMessage */
/** @typedef {import("./pyodide/pyodide.mjs").PyodideAPI} PyodideAPI */
/**
 * The little of sudoku_core.bridge we use (a PyProxy).
 * @typedef {{step(sliceMs: number): string, close(): void, destroy?(): void}} Task
 * @typedef {{start(op: string, argsJson: string): Task, call(op: string, argsJson: string): string}} Bridge
 */
/**
 * What `task.step` (and `bridge.call`) answer, as JSON text: see sudoku_core/bridge.py.
 * @typedef {{done: false, progress: Record<string, unknown>} | {done: true, ok: true, result: unknown}
 *   | {done: true, ok: false, error: ErrorInfo}} StepReply
 */

const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const MANIFEST_URL = new URL("./build-manifest.json", import.meta.url).href;
const ENGINE_PACKAGE = "sudoku-core";

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

/** Pyodide's stdout/stderr are not part of the UI; keep them for the failure message. */
const bootLog = /** @type {string[]} */ ([]);

/** @type {PyodideAPI | null} */
let pyodide = null;

/** @returns {Promise<Bridge>} */
async function boot() {
  const started = performance.now();
  send({ type: "stage", stage: "runtime", message: "Loading the Python runtime" });
  const runtime = await loadPyodide({
    indexURL: INDEX_URL,
    stdout: (/** @type {string} */ line) => bootLog.push(line),
    stderr: (/** @type {string} */ line) => bootLog.push(line),
  });
  pyodide = runtime;
  send({ type: "stage", stage: "engine", message: "Loading the Sudoku engine" });
  await runtime.loadPackage([ENGINE_PACKAGE], {
    messageCallback: (/** @type {string} */ line) => bootLog.push(line),
    errorCallback: (/** @type {string} */ line) => bootLog.push(`error: ${line}`),
  });
  // loadPackage does not reject when a wheel is missing or fails its hash check: import to know.
  /** @type {Bridge} */
  let bridge;
  try {
    bridge = /** @type {Bridge} */ (runtime.pyimport("sudoku_core.bridge"));
  } catch (error) {
    const errors = bootLog.filter((l) => l.startsWith("error: ")).map((l) => l.slice(7));
    const info = errorInfo(error, "ImportError");
    const said = errors.map((e) => e.trim().replace(/[:;]$/, "")).filter(Boolean).join(" ");
    throw Object.assign(new Error(said ? `${said} (${info.message})` : info.message), {
      type: info.type,
    });
  }
  const reply = /** @type {StepReply} */ (JSON.parse(bridge.call("version", "{}")));
  if (!reply.done) throw new Error("the version operation did not finish"); // call() runs to the end
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), { type: reply.error.type });
  const version = String(/** @type {{version: unknown}} */ (reply.result).version);
  const expected = await expectedVersion();
  if (expected && expected !== version) {
    throw Object.assign(new Error(`engine ${version} does not match this build's ${expected} (a stale cache?)`), {
      type: "BootError",
    });
  }
  send({ type: "ready", version, pyodide: String(runtime.version), bootMs: Math.round(performance.now() - started) });
  return bridge;
}

/** The engine version the site was built with (build-manifest.json), or null if unknown. */
async function expectedVersion() {
  try {
    const response = await fetch(MANIFEST_URL, { cache: "no-cache" });
    if (!response.ok) return null;
    const manifest = await response.json();
    const version = manifest?.packages?.[ENGINE_PACKAGE];
    return typeof version === "string" ? version : null;
  } catch {
    return null;
  }
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
      const reply = /** @type {StepReply} */ (JSON.parse(task.step(SLICE_MS)));
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
