// @ts-check
// The messages between solver-client.js (page) and solver-worker.js (worker). Only plain data
// crosses: strings, numbers, booleans, arrays and plain objects (grids as 81-char strings).
//
// page -> worker
/**
 * @typedef {{type: "request", id: number, op: string, args: Record<string, unknown>}} RequestMessage
 *   Start `op` (a sudoku_core.bridge operation); queued behind the boot and any earlier request.
 * @typedef {{type: "cancel", id: number}} CancelMessage
 *   Abandon request `id` (queued or running); answered by exactly one terminal reply for it.
 * @typedef {{type: "interrupt-buffer", buffer: SharedArrayBuffer}} InterruptBufferMessage
 *   Only when the page is cross-origin isolated: Pyodide's interrupt buffer (write 2 to interrupt).
 * @typedef {RequestMessage | CancelMessage | InterruptBufferMessage} ToWorker
 */
//
// worker -> page
/**
 * @typedef {"runtime" | "engine" | "ready" | "failed"} Stage
 * @typedef {{type: "stage", stage: "runtime" | "engine", message: string}} StageMessage
 *   Boot progress, in order: runtime (Pyodide), engine (sudoku-core wheel and import).
 * @typedef {{type: "ready", version: string, pyodide: string, bootMs: number}} ReadyMessage
 *   Sent once, after `import sudoku_core.bridge` worked and its `version` op answered.
 * @typedef {{type: "failed", error: ErrorInfo}} FailedMessage
 *   The boot failed; the worker answers every request with an error from now on.
 * @typedef {{type: "accepted", id: number}} AcceptedMessage
 *   The worker has received request `id` (proof of life; requests are acknowledged between slices).
 * @typedef {{type: "progress", id: number, progress: Record<string, unknown>}} ProgressMessage
 *   Sent at most every PROGRESS_MS while a request runs; also a heartbeat.
 * @typedef {{type: "result", id: number, result: Record<string, unknown>}} ResultMessage
 * @typedef {{type: "error", id: number, error: ErrorInfo}} ErrorMessage
 * @typedef {{type: "cancelled", id: number}} CancelledMessage
 * @typedef {StageMessage | ReadyMessage | FailedMessage | AcceptedMessage | ProgressMessage | ResultMessage | ErrorMessage | CancelledMessage} FromWorker
 *
 * @typedef {{type: string, message: string, line?: number, column?: number}} ErrorInfo
 *   `type` is the Python exception's class name (InvalidPuzzleError, BadRequestError, ...) or a
 *   name of ours: BootError, BootTimeout, WorkerCrashed, EngineUnavailable, PythonError.
 */

/** Milliseconds of Python work per slice before the worker reads its messages again. */
export const SLICE_MS = 30;
/** A running request reports progress (and so proves the worker alive) at least this often. */
export const PROGRESS_MS = 200;
