// The page's status model (web/app/status-model.js, no DOM) under Node's own test runner: a
// message belongs to the game's state that produced it, the newer replaces the older in its slot,
// and views hear every change. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { StatusModel, statusLine } from "../../web/app/status-model.js";

test("a message lasts while the game is as it was when it was said", () => {
  const status = new StatusModel();
  status.set("status", statusLine("Revealed r5c1: 2."));
  assert.deepEqual(status.get("status"), { text: "Revealed r5c1: 2.", tone: "info", untilSelect: false });
  status.changed(); // a move, an undo, another game: the line is about the state before
  assert.equal(status.get("status"), null);
  status.set("status", statusLine("Undid 2 moves.", "info"));
  assert.equal(/** @type {{text: string}} */ (status.get("status")).text, "Undid 2 moves.");
});

test("the verdict and its flagged cells go with the state that produced them (no stale mistake)", () => {
  const status = new StatusModel();
  status.set("verdict", { status: "mistakes", text: "1 of your digits does not match the solution: r1c8.", flagged: [7] });
  status.set("status", statusLine("Checking done."));
  status.changed(); // "Undo to last correct" is a change of the game
  assert.equal(status.get("verdict"), null);
  assert.equal(status.get("status"), null);
});

test("one message a slot: the newer replaces the older, and empty clears", () => {
  const status = new StatusModel();
  status.set("status", statusLine("Opened the puzzle from the link."));
  status.set("status", statusLine("A new Hard puzzle, ready at once."));
  assert.equal(/** @type {{text: string}} */ (status.get("status")).text, "A new Hard puzzle, ready at once.");
  status.set("status", statusLine(""));
  assert.equal(status.get("status"), null);
  status.set("offer", { text: "Cleared the board." });
  status.clear("offer");
  assert.equal(status.get("offer"), null);
});

test("views hear which slot changed, or null when the game changed", () => {
  const status = new StatusModel();
  const heard = [];
  const stop = status.subscribe((slot) => heard.push(slot));
  status.set("verdict", { text: "Unique." });
  status.changed();
  status.clear("status"); // nothing there: nothing to tell
  stop();
  status.set("status", statusLine("unheard"));
  assert.deepEqual(heard, ["verdict", null]);
});

test("a tone is one of four, a bare string is information, and a pointer can ask to go at the next selection", () => {
  assert.equal(statusLine("x", "error").tone, "error");
  assert.equal(statusLine("x", /** @type {any} */ ("loud")).tone, "info");
  assert.equal(statusLine("Select a cell first.", "info", { untilSelect: true }).untilSelect, true);
  assert.equal(statusLine(""), null);
});

test("a notice of an action done gives way at the next action; what still holds stays", () => {
  const status = new StatusModel();
  /** @type {(string | null)[]} */
  const heard = [];
  status.subscribe((slot) => heard.push(slot));
  status.set("verdict", { status: "generated", text: "A new Hard puzzle, ready at once." }, { untilAction: true });
  status.set("status", statusLine("Copied the puzzle line."), { untilAction: true });
  heard.length = 0;
  status.acted(); // the player asks a hint, or counts solutions
  assert.equal(status.get("verdict"), null);
  assert.equal(status.get("status"), null);
  assert.deepEqual(heard.sort(), ["status", "verdict"]);
  // a warning, and the mistakes Check found, still hold after another action
  status.set("status", statusLine("Storage is full: this game is not saved.", "warning"));
  status.set("verdict", { status: "mistakes", text: "1 of your digits does not match the solution: r1c8." });
  status.acted();
  assert.equal(/** @type {{text: string}} */ (status.get("status")).text, "Storage is full: this game is not saved.");
  assert.equal(/** @type {{status: string}} */ (status.get("verdict")).status, "mistakes");
  status.changed(); // and go with the state they were about, as every message does
  assert.equal(status.get("status"), null);
});
