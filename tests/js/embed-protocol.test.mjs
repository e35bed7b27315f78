// The embed API's checks (web/embed/embed-protocol.js) under Node's own test runner: what a host sends
// is untrusted input, so nothing may throw, sizes are bounded before any work, and every refusal
// says why. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CONTROLS, DEFAULT_CONTROLS, MAX_MESSAGE_CHARS, embedOptions, originOf, plainSize, readControls, readLoad, readRequest, shown,
} from "../../web/embed/embed-protocol.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const SOLUTION = "519748632783652419426139875357986241264317598198524367975863124832491756641275983";
const EMPTY = ".".repeat(81);
const base = { api: "sudoku-studio", version: 1 };

/** The player's part of a solution: every empty cell of the puzzle filled. */
const solvedEntries = [...PUZZLE].map((g, c) => (g === "." ? SOLUTION[c] : ".")).join("");

/** Progress as a change message carries it (no history: cells typed in by a share link). @param {string} entries @param {boolean} solved */
const progressOf = (entries, solved = false) => ({
  schema: 2, givens: PUZZLE, entries, mode: "play", info: null,
  play: { corner: "", centre: "", colours: "", history: { moves: [], at: 0 }, ms: 0, hints: 0, reveals: 0, undos: 0, solved },
});

test("originOf: an http(s) origin and nothing more", () => {
  assert.equal(originOf("https://your.site"), "https://your.site");
  assert.equal(originOf("https://your.site/"), "https://your.site");
  assert.equal(originOf("http://localhost:8000"), "http://localhost:8000");
  for (const bad of ["https://your.site/page", "https://a:b@your.site", "https://your.site?x", "https://your.site#x",
    "file:///tmp", "javascript:alert(1)", "your.site", "", "*", "null", `https://${"a".repeat(400)}.site`]) {
    assert.equal(originOf(bad), null, bad);
  }
  assert.equal(originOf(/** @type {any} */ (7)), null);
});

test("embedOptions: a named host that is no origin turns the API and every post off, and says why", () => {
  const good = embedOptions("?embed&host=https%3A%2F%2Fyour.site&controls=check,undo");
  assert.deepEqual(good, { embed: true, host: "https://your.site", hostProblem: "", controls: ["undo", "check"], problems: [] });
  const bad = embedOptions("?embed&host=your.site");
  assert.equal(bad.host, null);
  assert.match(bad.hostProblem, /“your\.site”, which is not an origin.*sends nothing/);
  const none = embedOptions("?embed");
  assert.deepEqual([none.host, none.hostProblem, none.controls], [null, "", DEFAULT_CONTROLS]);
  assert.match(embedOptions("?embed&controls=undo,shuffle").problems[0], /unknown control “shuffle”/);
});

test("readControls: layout order, unknown names listed (at most 5), too many names refused, never throws", () => {
  assert.deepEqual(readControls(["hint", " undo ", "hint", ""]), { controls: ["undo", "hint"], problem: "" });
  const odd = readControls([{ toString: 1 }, 10n, Symbol.iterator, null, 3, "solve"]);
  assert.deepEqual(odd.controls, ["solve"]);
  assert.match(odd.problem, /^unknown controls an object, a bigint, a symbol, null, 3; known: /);
  const many = readControls(["a", "b", "c", "d", "e", "f", "g", "undo"]);
  assert.match(many.problem, /“e” and 2 more; known/);
  assert.doesNotMatch(many.problem, /“f”/);
  const flood = readControls(Array.from({ length: 100_000 }, (_, i) => `x${i}`));
  assert.deepEqual(flood.controls, []);
  assert.match(flood.problem, /100,000 control names; at most 20/);
  assert.ok(flood.problem.length < 200, flood.problem);
  assert.deepEqual(readControls([...CONTROLS]).controls, [...CONTROLS]);
});

test("shown and plainSize: any value, no throw", () => {
  assert.equal(shown("x".repeat(100)), `“${"x".repeat(40)}”`);
  assert.equal(shown(2), "2");
  assert.equal(shown({ toString: 1 }), "an object");
  assert.equal(shown(1n), "a bigint");
  assert.equal(shown([1]), "a list");
  const cycle = /** @type {Record<string, unknown>} */ ({});
  cycle.self = cycle;
  assert.equal(plainSize(cycle, 1000), -1);
  for (const odd of [1n, new Map(), new Date(0), undefined, Number.NaN, [1, , 3], { x: Infinity }]) assert.equal(plainSize(odd, 1000), -1);
  const game = progressOf(EMPTY);
  const size = plainSize(game, MAX_MESSAGE_CHARS);
  assert.ok(size >= JSON.stringify(game).length * 0.8 && size <= JSON.stringify(game).length * 1.5, String(size));
  // bounded work: a huge list or text stops the count just past the limit. The list of 50
  // million numbers is read through a proxy that counts the items read (filling a real one took
  // 10-30 s and 400 MB), so the work itself is what is bounded, whatever plainSize reads it with.
  let reads = 0;
  const huge = new Proxy(new Array(50_000_000), {
    get: (list, key) => (typeof key === "string" && /^\d+$/.test(key) ? (reads++, 0) : Reflect.get(list, key)),
  });
  assert.ok(plainSize(huge, 1000) <= 1100);
  assert.ok(reads > 0 && reads <= 1100, `${reads} items read`);
  assert.ok(plainSize({ text: "x".repeat(2_000_000) }, 1000) > 1000);
});

test("readRequest: other APIs ignored; version, type and id read without throwing", () => {
  for (const other of [null, 3, "load", [], { type: "load" }, { api: "other", version: 1, type: "load" }]) {
    assert.deepEqual(readRequest(other), { ok: false, ignore: true });
  }
  const version = readRequest({ ...base, version: 10n, type: "load", id: 4 });
  assert.deepEqual(version, {
    ok: false, ignore: false, code: "unsupported-version", request: "load", id: "4",
    message: "this frame speaks version 1 of the embed API, not a bigint",
  });
  const cyclic = /** @type {Record<string, unknown>} */ ({ ...base, type: "load" });
  cyclic.version = cyclic;
  assert.equal(/** @type {any} */ (readRequest(cyclic)).code, "unsupported-version");
  const unknown = /** @type {any} */ (readRequest({ ...base, type: { toString: 1 } }));
  assert.equal(unknown.code, "unknown-type");
  assert.match(unknown.message, /unknown message type an object/);
  assert.deepEqual(readRequest({ ...base, type: "get-state", id: "x".repeat(500) }), { ok: true, request: { type: "get-state", id: "x".repeat(200) } });
  assert.deepEqual(readRequest({ ...base, type: "get-state", id: { a: 1 } }), { ok: true, request: { type: "get-state", id: null } });
});

test("readRequest load: sizes first, then the puzzle and its progress", () => {
  const ok = /** @type {any} */ (readRequest({ ...base, type: "load", puzzle: PUZZLE.replaceAll(".", "0"), id: "a" }));
  assert.equal(ok.ok, true);
  assert.deepEqual(ok.request.game, { givens: PUZZLE, entries: EMPTY, mode: "play" });
  const long = /** @type {any} */ (readRequest({ ...base, type: "load", puzzle: "1".repeat(5_000_000) }));
  assert.deepEqual([long.code, long.message], ["bad-puzzle", "the puzzle is 5,000,000 characters long; a puzzle is 81"]);
  const huge = /** @type {any} */ (readRequest({ ...base, type: "load", puzzle: PUZZLE, progress: { ...progressOf(EMPTY), pad: "x".repeat(MAX_MESSAGE_CHARS) } }));
  assert.deepEqual([huge.code, huge.request], ["bad-message", "load"]);
  const big = /** @type {any} */ (readRequest({ ...base, type: "load", puzzle: PUZZLE, progress: { ...progressOf(EMPTY), n: 1n } }));
  assert.match(big.message, /not plain data/);
  const odd = /** @type {any} */ (readRequest({ ...base, type: "load", puzzle: PUZZLE, progress: { ...progressOf(EMPTY), play: { toString: 1 } } }));
  assert.equal(odd.code, "bad-progress");
  const newer = /** @type {any} */ (readRequest({ ...base, type: "load", puzzle: PUZZLE, progress: { ...progressOf(EMPTY), schema: 3 } }));
  assert.match(newer.message, /newer version/);
});

test("readLoad: solved only on a complete grid with no conflicts", () => {
  const done = readLoad(PUZZLE, progressOf(solvedEntries, true));
  assert.equal(done.ok, true);
  const short = /** @type {any} */ (readLoad(PUZZLE, progressOf("." + solvedEntries.slice(1), true)));
  assert.deepEqual([short.code, short.message], ["bad-progress", "the progress cannot be used: it is marked solved, but 1 cell is empty"]);
  // two cells swapped in row 1: full, but a digit twice in two columns
  const swapped = solvedEntries[1] + solvedEntries[0] + solvedEntries.slice(2);
  const clash = /** @type {any} */ (readLoad(PUZZLE, progressOf(swapped, true)));
  assert.match(clash.message, /marked solved, but \d appears twice in column/);
  // not marked solved: a full grid is fine (Solve filled it; the player did not)
  assert.equal(readLoad(PUZZLE, progressOf(solvedEntries, false)).ok, true);
  // progress from before it carried a schema is read as the current format
  const { schema: _, ...old } = progressOf(EMPTY);
  assert.equal(readLoad(PUZZLE, old).ok, true);
});

test("readRequest set-options: bounded lists, few names echoed, mistakes checked", () => {
  const ok = /** @type {any} */ (readRequest({ ...base, type: "set-options", controls: "solve, undo", mistakes: "solution", id: 1 }));
  assert.deepEqual(ok.request, { type: "set-options", id: "1", controls: ["undo", "solve"], mistakes: "solution" });
  const flood = /** @type {any} */ (readRequest({ ...base, type: "set-options", controls: Array.from({ length: 100_000 }, (_, i) => `n${i}`) }));
  assert.equal(flood.code, "bad-options");
  assert.ok(flood.message.length < 200, flood.message);
  const text = /** @type {any} */ (readRequest({ ...base, type: "set-options", controls: "x,".repeat(100_000) }));
  assert.match(text.message, /characters long; at most 400/);
  const wrong = /** @type {any} */ (readRequest({ ...base, type: "set-options", controls: 7 }));
  assert.match(wrong.message, /controls is a list/);
  const mistakes = /** @type {any} */ (readRequest({ ...base, type: "set-options", mistakes: { toString: 1 } }));
  assert.match(mistakes.message, /mistakes is one of off, conflicts, solution/);
});

test("readRequest load with daily: the day and level read against the visitor's today, bad names refused", () => {
  const today = "2026-11-26";
  const ok = /** @type {any} */ (readRequest({ ...base, type: "load", daily: "hard", id: "d" }, today));
  assert.deepEqual(ok.request, { type: "load-daily", id: "d", day: today, level: "hard", progress: null });
  const kept = /** @type {any} */ (readRequest({ ...base, type: "load", daily: "2026-11-01:easy", progress: progressOf(EMPTY) }, today));
  assert.deepEqual([kept.request.day, kept.request.level, kept.request.progress.entries], ["2026-11-01", "easy", EMPTY]);
  const bad = /** @type {any} */ (readRequest({ ...base, type: "load", daily: "harder", id: 2 }, today));
  assert.deepEqual([bad.code, bad.request, bad.id], ["bad-daily", "load", "2"]);
  assert.match(bad.message, /^no daily puzzle for “harder”: “harder” is not a level/);
  const future = /** @type {any} */ (readRequest({ ...base, type: "load", daily: "2027-01-01" }, today));
  assert.match(future.message, /not out yet/);
  const odd = /** @type {any} */ (readRequest({ ...base, type: "load", daily: { toString: 1 } }, today));
  assert.match(odd.message, /no daily puzzle for an object: it is not a text/);
  const both = /** @type {any} */ (readRequest({ ...base, type: "load", daily: "hard", puzzle: PUZZLE }, today));
  assert.deepEqual([both.code, both.message], ["bad-message", "a load names a puzzle or a daily puzzle, not both"]);
  // progress sizes are checked before the daily puzzle is made, its shape too
  const big = /** @type {any} */ (readRequest({ ...base, type: "load", daily: "hard", progress: { n: 1n } }, today));
  assert.equal(big.code, "bad-message");
  const list = /** @type {any} */ (readRequest({ ...base, type: "load", daily: "hard", progress: [1] }, today));
  assert.equal(list.code, "bad-progress");
  // without a today given, the visitor's own
  assert.equal(/** @type {any} */ (readRequest({ ...base, type: "load", daily: "easy" })).request.type, "load-daily");
});
