"""The engine's protocol under load: cancels at any moment never cost a worker restart."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from e2e.conftest import Studio

pytestmark = pytest.mark.e2e

PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."

# 200 requests on the page's own client (the one engine-runner.js made), mixed fast and slow,
# some awaited one by one and some piled up, cancelled at seeded random moments: in the same
# tick (a cancel that crosses its result), after a few ms, or not at all; every 10th is a Check
# clicked in the UI and at once cancelled with the Cancel button. Then it waits until nothing
# is in flight (every cancel answered) and reports what happened.
MIXED_SCRIPT = """
async ([seed, puzzle]) => {
  const base = location.href;
  const { client, personRequests } = await import(new URL("./engine/engine-runner.js", base).href);
  personRequests.dispatchEvent(new Event("start"));  // the pool's background work stops
  let s = seed >>> 0;
  const rand = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
  const ops = [
    ["check", { grid: puzzle }], ["parse", { text: puzzle }], ["conflicts", { grid: puzzle }],
    ["solve", { grid: puzzle }], ["count_solutions", { grid: ".".repeat(81), limit: 300 }],
    ["version", {}],
  ];
  const tally = { result: 0, cancelled: 0, other: [] };
  const runs = [];
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  const work = document.getElementById("work");
  for (let i = 0; i < 200; i++) {
    if (i % 10 === 9) {
      document.getElementById("check").click();
      document.getElementById("cancel").click();
      for (let t = 0; !work.hidden && t < 400; t++) await pause(5);
      continue;
    }
    const [op, args] = ops[Math.floor(rand() * ops.length)];
    const controller = new AbortController();
    const run = client.request(op, args, { signal: controller.signal }).then(
      () => { tally.result++; },
      (e) => { if (e.name === "CancelledError") tally.cancelled++; else tally.other.push(`${op}: ${e.message}`); },
    );
    const when = rand();
    if (when < 0.35) controller.abort();
    else if (when < 0.7) setTimeout(() => controller.abort(), Math.floor(rand() * 15));
    runs.push(run);
    if (rand() < 0.5) await run;
  }
  await Promise.all(runs);
  for (let t = 0; client.outstanding !== 0 && t < 600; t++) await pause(50);
  return { ...tally, outstanding: client.outstanding, status: client.status };
}
"""


def test_200_mixed_requests_with_random_cancels_restart_nothing(app: Studio) -> None:
    before = int(str(app.engine.get_attribute("data-restarts")))
    for seed in (10, 2026):
        outcome = app.page.evaluate(MIXED_SCRIPT, [seed, PUZZLE])
        assert outcome["other"] == [], outcome["other"]
        assert outcome["result"] + outcome["cancelled"] == 180
        assert outcome["result"] > 0 and outcome["cancelled"] > 0
        assert outcome["status"]["restarts"] == before, "the engine was restarted"
        assert outcome["status"]["state"] == "ready"
        assert outcome["outstanding"] == 0, "a cancel was never answered"
    expect(app.engine).to_have_attribute("data-restarts", str(before))
    expect(app.engine).to_have_attribute("data-state", "ready")


BAD_INTERRUPT_SCRIPT = """
async (puzzle) => {
  const worker = new Worker(new URL("./engine/solver-worker.js", location.href), { type: "module" });
  const replies = new Map();
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer in 90 s")), 90000);
    worker.onmessage = (event) => {
      const m = event.data;
      if (["result", "error", "cancelled"].includes(m.type)) replies.set(m.id, m);
      if (replies.size === 3) { clearTimeout(timer); resolve(); }
    };
  });
  // not a shared buffer, and too small for the one Int32 Pyodide reads
  worker.postMessage({ type: "interrupt-buffer", buffer: new Uint8Array(2) });
  worker.postMessage({ type: "interrupt-buffer", buffer: new ArrayBuffer(0) });
  worker.postMessage({ type: "request", id: 1, op: "version", args: {} });
  worker.postMessage({ type: "request", id: 2, op: "check", args: { grid: puzzle } });
  worker.postMessage({ type: "request", id: 3, op: "count_solutions", args: { grid: puzzle, limit: 2 } });
  await done;
  worker.terminate();
  return [...replies.values()].map((m) => m.type + (m.error ? ": " + m.error.message : ""));
}
"""


def test_a_bad_interrupt_buffer_is_refused_and_requests_still_work(app: Studio) -> None:
    replies = app.page.evaluate(BAD_INTERRUPT_SCRIPT, PUZZLE)
    assert replies == ["result", "result", "result"]
