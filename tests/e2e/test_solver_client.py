"""SolverClient against fake workers: every request settles exactly once, whatever the worker does.

The fake worker (a module served from a private copy of the site) answers as the test's `mode`
says; a blank page of that site imports solver-client.js, so no Pyodide boots here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from e2e.conftest import ServeFactory, Studio

pytestmark = pytest.mark.e2e

FAKE_WORKER = """// @ts-check
const mode = new URL(location.href).searchParams.get("mode");
postMessage({ type: "stage", stage: "runtime", message: "fake" });
postMessage({ type: "ready", version: "fake", pyodide: "fake", bootMs: 1 });
const ticking = new Map();
onmessage = (event) => {
  const m = event.data;
  if (m.type === "request") {
    postMessage({ type: "accepted", id: m.id });
    if (mode === "error-null") postMessage({ type: "error", id: m.id, error: null });
    else if (mode === "dies-mid-count") {
      // a few heartbeats, then silence for ever (as a worker whose thread died): no reply to anything
      let beats = 0;
      const beat = setInterval(() => {
        if (++beats > 3) clearInterval(beat);
        else postMessage({ type: "progress", id: m.id, progress: { nodes: beats } });
      }, 50);
      onmessage = null;
    } else if (mode === "progress-forever") {
      ticking.set(m.id, setInterval(() => postMessage({ type: "progress", id: m.id, progress: { nodes: 1 } }), 50));
    } else if (mode === "crash") setTimeout(() => { throw new Error("fake crash"); });
    else postMessage({ type: "result", id: m.id, result: { echo: m.args } });
  } else if (m.type === "cancel") {
    if (ticking.has(m.id)) {
      clearInterval(ticking.get(m.id));
      ticking.delete(m.id);
      postMessage({ type: "cancelled", id: m.id });
    } else postMessage({ type: "already-finished", id: m.id });
  }
};
"""

BLANK_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>client test</title>'
BLANK_PAGE += '<link rel="icon" href="icon.svg"></head><body></body></html>\n'

# Runs `scenario` (one of the keys below) on a new SolverClient over the fake worker; every
# settlement is bounded (a promise that never settles is reported as {unsettled: true}).
CLIENT_SCRIPT = """
async ([mode, options, scenario]) => {
  const { SolverClient } = await import(new URL("./engine/solver-client.js", location.href).href);
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  const settle = (promise) => Promise.race([
    promise.then(
      (r) => ({ ok: true, result: r }),
      (e) => ({ ok: false, name: e.name, type: e.type, message: e.message }),
    ),
    pause(8000).then(() => ({ unsettled: true })),
  ]);
  const client = new SolverClient({ workerUrl: new URL(`./fake-worker.js?mode=${mode}`, location.href), ...options });
  const until = async (test) => { for (let t = 0; !test() && t < 400; t++) await pause(25); return test(); };
  await until(() => client.ready);
  const out = { replies: [] };
  if (scenario === "uncloneable") {
    out.replies.push(await settle(client.request("check", { grid: () => 1 })));
    out.replies.push(await settle(client.request("check", { grid: "1" })));
  } else if (scenario === "twice") {
    out.replies.push(await settle(client.request("check", { grid: "1" })));
    out.replies.push(await settle(client.request("check", { grid: "2" })));
  } else if (scenario === "deadline") {
    out.replies.push(await settle(client.request("count_solutions", { grid: "1" }, { deadlineMs: 300 })));
  } else if (scenario === "silent") {
    const started = performance.now();
    void settle(client.request("count_solutions", { grid: "1" }));
    await until(() => client.status.restarts > 0);
    out.noticedMs = client.status.restarts > 0 ? performance.now() - started : null;
    return out;
  } else if (scenario === "crashes") {
    for (let i = 0; i < 3; i++) {
      await until(() => client.ready || client.status.state === "failed");
      out.replies.push(await settle(client.request("check", { grid: String(i) })));
      await pause(options.restartWindowMs > 1 ? 0 : 50);
    }
    await until(() => client.ready || client.status.state === "failed");
  }
  await until(() => client.outstanding === 0);
  out.outstanding = client.outstanding;
  out.status = client.status;
  return out;
}
"""


@pytest.fixture
def client_page(
    fresh: Callable[..., Studio], serve_site: ServeFactory, site_copy: Path
) -> Callable[..., dict[str, Any]]:
    """run(mode, scenario, **options) -> what CLIENT_SCRIPT saw."""
    (site_copy / "fake-worker.js").write_text(FAKE_WORKER)
    (site_copy / "client-test.html").write_text(BLANK_PAGE)
    url = serve_site(site=site_copy)
    studio = fresh(url, wait=False)
    studio.page.goto(url + "client-test.html")

    def run(mode: str, scenario: str, **options: Any) -> dict[str, Any]:
        result: dict[str, Any] = studio.page.evaluate(CLIENT_SCRIPT, [mode, options, scenario])
        return result

    return run


def test_uncloneable_arguments_reject_once_and_leave_nothing_pending(
    client_page: Callable[..., dict[str, Any]],
) -> None:
    out = client_page("echo", "uncloneable", stallMs=300)
    bad, good = out["replies"]
    assert bad["ok"] is False and bad["type"] == "BadRequest"
    assert "cannot be sent to the engine" in bad["message"]
    assert good == {"ok": True, "result": {"echo": {"grid": "1"}}}
    assert out["outstanding"] == 0
    assert out["status"]["restarts"] == 0 and out["status"]["state"] == "ready"


def test_an_error_reply_without_error_info_still_rejects(
    client_page: Callable[..., dict[str, Any]],
) -> None:
    out = client_page("error-null", "twice")
    for reply in out["replies"]:
        assert reply["ok"] is False, reply
        assert reply["type"] == "EngineError"
        assert reply["message"] == "the engine reported an error without a message"
    assert out["outstanding"] == 0 and out["status"]["restarts"] == 0


def test_a_request_that_only_sends_progress_meets_its_deadline(
    client_page: Callable[..., dict[str, Any]],
) -> None:
    out = client_page("progress-forever", "deadline")
    [reply] = out["replies"]
    assert reply["ok"] is False and reply["type"] == "DeadlineExceeded", reply
    assert reply["message"] == "count_solutions did not finish within 0.3 s"
    assert out["outstanding"] == 0, "the deadline's cancel was not answered"
    assert out["status"]["restarts"] == 0 and out["status"]["state"] == "ready"


@pytest.mark.allow_console_errors  # the fake worker's crashes
def test_restarts_are_counted_per_time_window(
    client_page: Callable[..., dict[str, Any]],
) -> None:
    # each request crashes its worker twice (sent again once, then rejected)
    out = client_page("crash", "crashes", maxRestarts=2, restartWindowMs=60_000)
    assert out["replies"][0]["type"] == "WorkerCrashed"
    assert all(reply["ok"] is False for reply in out["replies"])
    assert out["status"]["state"] == "failed"
    assert out["status"]["message"].startswith("The engine had to be restarted 3 times within 60 s")
    assert "fake crash" in out["status"]["message"]
    # the same crashes spread out over time: old restarts no longer count
    spread = client_page("crash", "crashes", maxRestarts=2, restartWindowMs=1)
    assert spread["status"]["restarts"] == 6
    assert spread["status"]["state"] == "ready"


def test_a_worker_that_dies_silently_mid_count_is_replaced_within_seconds(
    client_page: Callable[..., dict[str, Any]],
) -> None:
    """Its heartbeats (progress between slices) stop: noticed within seconds, not 30."""
    out = client_page("dies-mid-count", "silent")
    assert out["noticedMs"] is not None, "the silent worker was never replaced (within 10 s)"
    assert out["noticedMs"] < 7_000, out
