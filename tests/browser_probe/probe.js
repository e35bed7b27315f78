// @ts-check
// Test-only: start the probe worker and publish its one report as data-state + JSON text.
const worker = new Worker(new URL("./probe-worker.js", import.meta.url), { type: "module" });

/** @param {{state: string}} report */
function show(report) {
  const out = document.getElementById("report");
  if (out) out.textContent = JSON.stringify(report);
  document.body.dataset.state = report.state;
}

worker.addEventListener("message", (event) => show(event.data));
worker.addEventListener("error", (event) => show({ state: "failed", error: String(event.message) }));
