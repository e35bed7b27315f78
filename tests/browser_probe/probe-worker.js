// @ts-check
// Test-only module worker: load the site's Pyodide and sudoku-core exactly as the app's worker
// will (explicit indexURL, packages by name through the site's lockfile), then report.
import { loadPyodide } from "./pyodide/pyodide.mjs";

/** @type {string[]} */
const messages = [];

async function probe() {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  await pyodide.loadPackage(["sudoku-core"], {
    messageCallback: (/** @type {string} */ m) => messages.push(m),
    errorCallback: (/** @type {string} */ m) => messages.push(`ERROR ${m}`),
  });
  // loadPackage does not reject when a wheel fails its hash check: the import tells.
  const version = pyodide.pyimport("sudoku_core").__version__;
  return { state: "ready", version, messages, boot_ms: performance.now() - started };
}

probe().then(
  (report) => postMessage(report),
  (error) => postMessage({ state: "failed", error: String(error), messages }),
);
