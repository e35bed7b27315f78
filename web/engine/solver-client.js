// @ts-check
// The page's side of the solver protocol (see protocol.js): one worker, one message listener,
// a map of pending requests by id. The page calls `request(op, args, {onProgress, signal})`
// and listens to "statechange"; it never sees the worker or Pyodide.
//
// Every request settles exactly once: with its result, or a SolverError (also when its arguments
// cannot be sent, when the worker's reply is malformed, or when it outlives its deadline).
//
// Recovery, in order of preference:
// - cancel: the worker stops the task between two slices and answers "cancelled"; a cancel that
//   crossed the request's terminal reply is answered "already-finished" (so a late cancel is
//   never mistaken for a stuck worker); any terminal reply for an id also clears its cancel;
// - a request past its deadline (`deadlineMs`, or its `max_seconds` budget plus a grace) is
//   rejected and cancelled at the worker, which then must answer like any cancel;
// - a dead worker (a request not acknowledged within `stallMs`; a healthy worker acknowledges
//   between two slices) or a stuck one (a cancel not answered within `cancelGraceMs`, or no word
//   at all for `hangMs` while it works: a running request's progress is its heartbeat, sent
//   between slices at least every 200 ms, so a worker that dies silently mid-count is noticed
//   within seconds; `hangMs` leaves room for one slow slice): write to Pyodide's interrupt buffer when the page is
//   cross-origin isolated, else (or if that does not help) terminate the worker and start a new
//   one; requests still pending are sent again (once);
// - a crashed worker (error event) is replaced the same way;
// - a boot that does not finish within `bootTimeoutMs` fails visibly; `retry()` starts again.
// Restarts are counted per `restartWindowMs`: more than `maxRestarts` within one window means
// something is wrong with the engine itself, and the client fails (Retry starts afresh).

/** @typedef {import("./protocol.js").ToWorker} ToWorker */
/** @typedef {import("./protocol.js").FromWorker} FromWorker */
/** @typedef {import("./protocol.js").ErrorInfo} ErrorInfo */
/** @typedef {import("./protocol.js").Ops} Ops */
/** @typedef {import("./protocol.js").OpName} OpName */

/** @typedef {import("./engine-start.js").EarlyWorker} EarlyWorker */
/**
 * @typedef {"starting" | "ready" | "failed"} ClientState
 * @typedef {"runtime" | "engine" | "ready" | "failed"} ClientStage
 * @typedef {{state: ClientState, stage: ClientStage, message: string, version: string | null, bootMs: number | null,
 *   bootStages?: Record<string, number>, bootStartedAt?: number, bootFrom?: string, bootVerified?: string, bootUnverified?: string, error: ErrorInfo | null, restarts: number, restarting: boolean}} ClientStatus
 *   restarting: this boot replaces a worker that crashed or got stuck (restarts counts them)
 * @typedef {{id: number, op: OpName, args: Record<string, unknown>, sends: number, sentAt: number, accepted: boolean,
 *   createdAt: number, deadlineMs: number,
 *   resolve: (result: unknown) => void, reject: (error: SolverError) => void,
 *   onProgress?: (progress: Record<string, unknown>) => void, cleanup: () => void}} Pending
 *   result and progress are the worker's plain data, typed by the op in `request`.
 */
/**
 * @template {OpName} K
 * @typedef {{onProgress?: (progress: Ops[K]["progress"]) => void, signal?: AbortSignal, deadlineMs?: number}} RequestOptions
 *   deadlineMs: how long the request may take once the engine is ready (default: its
 *   `max_seconds` budget plus DEADLINE_GRACE_MS, else the client's `deadlineMs`).
 */

/** What a request may take beyond its own `max_seconds` budget (slices, progress, the reply). */
export const DEADLINE_GRACE_MS = 30_000;
/**
 * A worker that is working says so at least every 200 ms (solver-worker.js: PROGRESS_MS, between
 * two 30 ms slices); this long without a word, it is taken for dead. Twice the cancel grace: a
 * slow slice on a slow device is not a dead worker.
 */
export const HEARTBEAT_LOST_MS = 5_000;

/**
 * An error reply's `error` as the page can trust it: whatever the worker sent (null, a string,
 * an object without a message) becomes an ErrorInfo with a type and a message.
 * @param {unknown} raw @returns {ErrorInfo}
 */
export function toErrorInfo(raw) {
  if (raw && typeof raw === "object") {
    const e = /** @type {Record<string, unknown>} */ (raw);
    /** @type {ErrorInfo} */
    const info = {
      type: typeof e.type === "string" && e.type ? e.type : "EngineError",
      message: typeof e.message === "string" && e.message ? e.message : "the engine reported an error without a message",
    };
    if (typeof e.line === "number") info.line = e.line;
    if (typeof e.column === "number") info.column = e.column;
    return info;
  }
  if (typeof raw === "string" && raw) return { type: "EngineError", message: raw };
  return { type: "EngineError", message: "the engine reported an error without a message" };
}

/** A failed request: `type` is the Python exception's class name or one of protocol.js's. */
export class SolverError extends Error {
  /** @param {ErrorInfo} info */
  constructor(info) {
    super(info.message);
    this.name = "SolverError";
    this.type = info.type;
    this.line = info.line;
    this.column = info.column;
  }
}

/** A request the caller cancelled (its signal aborted). */
export class CancelledError extends SolverError {
  constructor() {
    super({ type: "Cancelled", message: "cancelled" });
    this.name = "CancelledError";
  }
}

export class SolverClient extends EventTarget {
  /** @type {Worker | null} */
  #worker = null;
  /** @type {Map<number, Pending>} */
  #pending = new Map();
  #nextId = 1;
  /** @type {ClientStatus} */
  #status = { state: "starting", stage: "runtime", message: "Starting", version: null, bootMs: null, error: null, restarts: 0, restarting: false };
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #bootTimer;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  #watchTimer;
  #lastHeard = 0;
  #interruptedAt = 0;
  /** @type {Int32Array | null} */
  #interrupt = null;
  /** ids cancelled by the page whose "cancelled" reply has not come yet, with the time asked */
  /** @type {Map<number, number>} */
  #cancelling = new Map();
  /** when each restart of the current window happened (performance.now()) */
  /** @type {number[]} */
  #restartTimes = [];
  #readyAt = 0;
  #options;

  /**
   * @param {{workerUrl?: URL | string, workerName?: string, adopt?: () => EarlyWorker | null, bootTimeoutMs?: number, stallMs?: number, hangMs?: number,
   *   cancelGraceMs?: number, useInterrupt?: boolean, deadlineMs?: number, maxRestarts?: number,
   *   restartWindowMs?: number}} [options]
   */
  constructor(options = {}) {
    super();
    this.#options = {
      workerUrl: options.workerUrl ?? new URL("./solver-worker.js", import.meta.url),
      workerName: options.workerName ?? "sudoku-solver",
      adopt: options.adopt ?? (() => null),
      bootTimeoutMs: options.bootTimeoutMs ?? 60_000,
      stallMs: options.stallMs ?? 4_000,
      hangMs: options.hangMs ?? HEARTBEAT_LOST_MS,
      cancelGraceMs: options.cancelGraceMs ?? 2_500, // a slow slice (grading on a slow device) is not a stuck one
      useInterrupt: options.useInterrupt ?? globalThis.crossOriginIsolated === true,
      deadlineMs: options.deadlineMs ?? 600_000,
      maxRestarts: options.maxRestarts ?? 3,
      restartWindowMs: options.restartWindowMs ?? 60_000,
    };
    this.#spawn(false);
  }

  /** @returns {ClientStatus} */
  get status() {
    return { ...this.#status };
  }

  /** True when requests will be answered without a boot first. */
  get ready() {
    return this.#status.state === "ready";
  }

  /** Requests not yet settled plus cancels not yet answered by the worker (0: nothing in flight). */
  get outstanding() {
    return this.#pending.size + this.#cancelling.size;
  }

  /**
   * Run a bridge operation; resolves with its result, rejects with SolverError / CancelledError.
   * Requests made while the engine boots are queued; while it has failed they reject at once.
   * The result's and progress's shapes are the op's in protocol.js's `Ops` (the worker passes
   * the bridge's JSON through; this is where that plain data takes its type).
   * @template {OpName} K
   * @param {K} op @param {Ops[K]["args"]} args @param {RequestOptions<K>} [options]
   * @returns {Promise<Ops[K]["result"]>}
   */
  request(op, args, options = {}) {
    const { signal, onProgress, deadlineMs } = options;
    if (signal?.aborted) return Promise.reject(new CancelledError());
    if (this.#status.state === "failed") {
      return Promise.reject(new SolverError({ type: "EngineUnavailable", message: this.#status.message }));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#cancel(id);
      signal?.addEventListener("abort", onAbort, { once: true });
      /** @type {Pending} */
      const pending = {
        id, op, args, sends: 0, sentAt: 0, accepted: false, reject,
        createdAt: performance.now(), deadlineMs: deadlineMs ?? this.#deadlineFor(args),
        resolve: (result) => resolve(/** @type {Ops[K]["result"]} */ (result)),
        onProgress: onProgress && ((progress) => onProgress(/** @type {Ops[K]["progress"]} */ (progress))),
        cleanup: () => signal?.removeEventListener("abort", onAbort),
      };
      this.#pending.set(id, pending);
      this.#send(pending);
    });
  }

  /** After a failed boot: start again. */
  retry() {
    if (this.#status.state !== "failed") return;
    this.#status = { ...this.#status, restarts: 0 };
    this.#restartTimes = [];
    this.#spawn(false);
  }

  // --- internals ------------------------------------------------------------------------------

  /** A request's default deadline: its own budget plus a grace, else the client's. @param {unknown} args */
  #deadlineFor(args) {
    const budget = args && typeof args === "object" ? /** @type {Record<string, unknown>} */ (args).max_seconds : undefined;
    if (typeof budget === "number" && Number.isFinite(budget) && budget > 0) return budget * 1000 + DEADLINE_GRACE_MS;
    return this.#options.deadlineMs;
  }

  /** @param {Pending} pending */
  #send(pending) {
    if (!this.#worker) return;
    if (this.#pending.size === 1 || this.#status.state !== "ready") this.#lastHeard = performance.now();
    pending.sends += 1;
    pending.sentAt = performance.now();
    pending.accepted = false;
    try {
      this.#post({ type: "request", id: pending.id, op: pending.op, args: pending.args });
    } catch (error) {
      // e.g. a DataCloneError: a function or a DOM node among the arguments; nothing was sent
      this.#settle(pending.id);
      const why = error instanceof Error ? error.message : String(error);
      pending.reject(new SolverError({ type: "BadRequest", message: `the arguments of ${pending.op} cannot be sent to the engine: ${why}` }));
    }
  }

  /** @param {ToWorker} message */
  #post(message) {
    this.#worker?.postMessage(message);
  }

  /** Cancel at the worker a request already settled here; its answer is awaited. @param {number} id */
  #askCancel(id) {
    this.#cancelling.set(id, performance.now());
    try {
      this.#post({ type: "cancel", id });
    } catch {
      this.#cancelling.delete(id); // cannot happen with a number id; never leave a cancel waiting
    }
  }

  /** @param {number} id */
  #cancel(id) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#settle(id);
    pending.reject(new CancelledError());
    this.#askCancel(id);
  }

  /** @param {number} id */
  #settle(id) {
    const pending = this.#pending.get(id);
    if (!pending) return null;
    this.#pending.delete(id);
    pending.cleanup();
    return pending;
  }

  /** @param {Partial<ClientStatus>} change */
  #setStatus(change) {
    this.#status = { ...this.#status, ...change };
    this.dispatchEvent(new CustomEvent("statechange", { detail: this.status }));
  }

  /** @param {boolean} restarting */
  #spawn(restarting) {
    this.#stopWorker();
    this.#setStatus({ state: "starting", stage: "runtime", message: "Loading the Python runtime", error: null, restarting });
    // the first worker may have been started before this client existed (engine-start.js)
    const adopted = restarting ? null : this.#options.adopt();
    const worker = adopted?.worker ?? new Worker(this.#options.workerUrl, { type: "module", name: this.#options.workerName });
    this.#worker = worker;
    /** @type {Record<string, (event: Event) => void>} */
    const handlers = {
      message: (event) => this.#onMessage(worker, /** @type {FromWorker} */ (/** @type {MessageEvent} */ (event).data)),
      error: (event) => {
        event.preventDefault();
        this.#onCrash(worker, /** @type {ErrorEvent} */ (event).message || "the engine's worker failed to start");
      },
      messageerror: () => this.#onCrash(worker, "a message could not be read"),
    };
    for (const [type, handler] of Object.entries(handlers)) worker.addEventListener(type, handler);
    this.#interrupt = null;
    if (this.#options.useInterrupt && typeof SharedArrayBuffer === "function" && globalThis.crossOriginIsolated) {
      this.#interrupt = new Int32Array(new SharedArrayBuffer(4));
      this.#post({ type: "interrupt-buffer", buffer: /** @type {SharedArrayBuffer} */ (this.#interrupt.buffer) });
    }
    this.#bootTimer = setTimeout(() => {
      this.#fail({ type: "BootTimeout", message: `The engine did not start within ${Math.round(this.#options.bootTimeoutMs / 1000)} s.` });
    }, this.#options.bootTimeoutMs);
    this.#watchTimer = setInterval(() => this.#watch(), 250);
    // Requests that were pending on a previous worker go to this one (the worker queues them).
    for (const pending of this.#pending.values()) {
      if (pending.sends >= 2) {
        this.#settle(pending.id);
        pending.reject(new SolverError({ type: "WorkerCrashed", message: `the engine stopped twice while running ${pending.op}` }));
      } else {
        this.#send(pending);
      }
    }
    if (adopted) {
      // what it said before this client listened, in order, now that the boot timer runs
      adopted.release();
      for (const event of adopted.heard) handlers[event.type]?.(event);
    }
  }

  #stopWorker() {
    clearTimeout(this.#bootTimer);
    clearInterval(this.#watchTimer);
    this.#cancelling.clear();
    if (this.#worker) {
      this.#worker.terminate();
      this.#worker = null;
    }
  }

  /** @param {Worker} worker @param {FromWorker} message */
  #onMessage(worker, message) {
    if (worker !== this.#worker || !message || typeof message !== "object") return;
    this.#lastHeard = performance.now();
    this.#interruptedAt = 0;
    const id = /** @type {{id?: unknown}} */ (message).id;
    if (typeof id === "number" && ["result", "error", "cancelled", "already-finished"].includes(message.type)) {
      this.#cancelling.delete(id); // a terminal reply (or "already finished") answers any cancel of it
    }
    switch (message.type) {
      case "stage":
        this.#setStatus({ stage: message.stage, message: message.message });
        break;
      case "ready":
        if (this.#status.state !== "starting") break; // one "ready" per worker
        clearTimeout(this.#bootTimer);
        this.#readyAt = performance.now();
        this.#setStatus({
          state: "ready", stage: "ready", message: `Engine ready (sudoku-core ${message.version})`,
          version: message.version, bootMs: message.bootMs, bootStages: message.stages, bootStartedAt: message.startedAt, bootFrom: message.from, bootVerified: message.verified, bootUnverified: message.unverified, restarting: false,
        });
        break;
      case "failed":
        this.#fail(toErrorInfo(message.error));
        break;
      case "accepted": {
        const pending = this.#pending.get(message.id);
        if (pending) pending.accepted = true;
        break;
      }
      case "progress": {
        const progress = message.progress && typeof message.progress === "object" ? message.progress : {};
        try {
          this.#pending.get(message.id)?.onProgress?.(progress);
        } catch (error) {
          // the caller's own bug must not leave its request unsettled: it fails, once
          const why = error instanceof Error ? error.message : String(error);
          this.#settle(message.id)?.reject(new SolverError({ type: "ProgressHandlerError", message: why }));
          this.#askCancel(message.id);
        }
        break;
      }
      case "result":
        this.#settle(message.id)?.resolve(message.result);
        break;
      case "error":
        this.#settle(message.id)?.reject(new SolverError(toErrorInfo(message.error)));
        break;
      case "cancelled":
        // a request still pending here was not cancelled by the page: the watchdog interrupted it
        this.#cancelling.delete(message.id);
        this.#settle(message.id)?.reject(new SolverError({ type: "Interrupted", message: "the engine was stuck and had to be interrupted" }));
        break;
      default:
        break;
    }
  }

  /** @param {ErrorInfo} error */
  #fail(error) {
    this.#stopWorker();
    this.#setStatus({ state: "failed", stage: "failed", message: error.message, error, restarting: false });
    this.#failAll({ type: "EngineUnavailable", message: error.message });
  }

  /** @param {ErrorInfo} error */
  #failAll(error) {
    for (const id of [...this.#pending.keys()]) this.#settle(id)?.reject(new SolverError(error));
  }

  /** @param {Worker} worker @param {string} reason */
  #onCrash(worker, reason) {
    if (worker !== this.#worker) return;
    if (this.#status.state !== "ready") {
      this.#fail({ type: "BootError", message: reason });
      return;
    }
    this.#restart(reason);
  }

  /** @param {string} reason */
  #restart(reason) {
    const now = performance.now();
    const window = this.#options.restartWindowMs;
    this.#restartTimes = [...this.#restartTimes.filter((t) => now - t < window), now];
    this.#status = { ...this.#status, restarts: this.#status.restarts + 1 };
    if (this.#restartTimes.length > this.#options.maxRestarts) {
      const count = this.#restartTimes.length;
      const seconds = Math.round(window / 1000);
      this.#fail({ type: "WorkerCrashed", message: `The engine had to be restarted ${count} times within ${seconds} s (last: ${reason}).` });
      return;
    }
    this.#spawn(true);
  }

  /** Requests past their deadline are rejected and cancelled at the worker. @param {number} now */
  #expire(now) {
    for (const pending of [...this.#pending.values()]) {
      if (now - Math.max(pending.createdAt, this.#readyAt) <= pending.deadlineMs) continue;
      this.#settle(pending.id);
      const seconds = Math.round(pending.deadlineMs / 100) / 10;
      pending.reject(new SolverError({ type: "DeadlineExceeded", message: `${pending.op} did not finish within ${seconds} s` }));
      this.#askCancel(pending.id);
    }
  }

  /** Every 250 ms: is the worker dead (requests not acknowledged) or stuck (cancel ignored, silent)? */
  #watch() {
    if (this.#status.state !== "ready") return;
    const now = performance.now();
    this.#expire(now);
    if (this.#pending.size === 0 && this.#cancelling.size === 0) return;
    const unacknowledged = [...this.#pending.values()].some((p) => !p.accepted && now - p.sentAt > this.#options.stallMs);
    if (unacknowledged && now - this.#lastHeard > this.#options.stallMs) {
      this.#restart("the engine stopped answering");
      return;
    }
    const oldestCancel = Math.min(...this.#cancelling.values());
    const cancelOverdue = this.#cancelling.size > 0 && now - oldestCancel > this.#options.cancelGraceMs;
    const hung = this.#pending.size > 0 && now - this.#lastHeard > this.#options.hangMs;
    if (!cancelOverdue && !hung) return;
    if (this.#interrupt && !this.#interruptedAt) {
      this.#interruptedAt = now;
      Atomics.store(this.#interrupt, 0, 2); // SIGINT: KeyboardInterrupt in the running slice
      return;
    }
    if (this.#interrupt && now - this.#interruptedAt < this.#options.cancelGraceMs) return;
    this.#restart(cancelOverdue ? "a cancelled request did not stop" : "the engine stopped answering");
  }
}
