// The part of Pyodide's API that web/engine/solver-worker.js uses, for TypeScript's checker only (never
// shipped). The runtime itself is copied into site/pyodide/ by build.py, so web/ has no
// pyodide/pyodide.mjs to read types from; tsconfig.worker.json's rootDirs lays this folder over
// web/, so `import ... from "./pyodide/pyodide.mjs"` finds these declarations. The signatures are
// those of the pinned release's pyodide.d.ts (PyodideConfig, PyodideAPI), cut down to what we call.

/** Options of loadPyodide that the worker passes. */
export interface PyodideConfig {
  indexURL?: string;
  stdout?: (msg: string) => void;
  stderr?: (msg: string) => void;
  /** The lockfile, already read (else loadPyodide fetches `${indexURL}pyodide-lock.json`). */
  lockFileContents?: object | string;
  /** Where the lockfile's relative wheel names live; needed with lockFileContents. */
  packageBaseUrl?: string;
  /** Restore this memory snapshot (made with `_makeSnapshot` and `makeMemorySnapshot`) instead
   * of running the interpreter's start-up. Underscored: an experimental API of the release. A
   * promise is awaited only before the wasm is instantiated (its download has begun). */
  _loadSnapshot?: Uint8Array | ArrayBuffer | PromiseLike<Uint8Array | ArrayBuffer>;
}

/** Any Python object seen from JavaScript; the worker names the shapes it relies on itself. */
export type PyProxy = object;

export interface PyodideAPI {
  /** Pyodide's version string. */
  version: string;
  loadPackage(
    names: string | string[],
    options?: {
      messageCallback?: (message: string) => void;
      errorCallback?: (message: string) => void;
      checkIntegrity?: boolean;
    },
  ): Promise<unknown[]>;
  /** Run Python code in the global namespace; returns its last expression's value. */
  runPython(code: string): unknown;
  /** Import a Python module and return it (a PyProxy). */
  pyimport(moduleName: string): PyProxy;
  /** Write 2 (SIGINT) into the buffer to raise KeyboardInterrupt in running Python code. */
  setInterruptBuffer(buffer: Int32Array): void;
}

export declare function loadPyodide(options?: PyodideConfig): Promise<PyodideAPI>;
