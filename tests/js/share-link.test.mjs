// The share link's codec (web/puzzles/share-link.js): the game in a URL fragment, with the
// player's corner and centre marks and colours written compactly, read back exactly, old links
// still read, and every bad field refused with its reason. Run by tests/test_web_modules.py.

import assert from "node:assert/strict";
import { test } from "node:test";

import { formatMarks, noMarks, parseMarks } from "../../web/board/cell-layers.js";
import { newPlay } from "../../web/game/game-record.js";
import { MAX_LINK_CHARS, MAX_MARK_CHARS, decodeMarks, encodeMarks, gameFromLink, shareLinkFor } from "../../web/puzzles/share-link.js";
import { seededRandom } from "../../web/puzzles/puzzle-pool.js";
import { describeInfo } from "../../web/puzzles/puzzle-info.js";

const PUZZLE = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
const EMPTY = ".".repeat(81);
const PAGE = "https://studio.example/sudoku/?boot-timeout=90000";

/** Random masks on about `share` of the cells. */
function randomMasks(seed, share) {
  const next = seededRandom(seed);
  return noMarks().map(() => (next() < share ? 1 + Math.floor(next() * 511) : 0));
}

const hashOf = (link) => new URL(link).hash;

test("marks round-trip exactly, three characters a marked cell", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const masks = randomMasks(seed, seed % 10 / 10);
    const text = encodeMarks(masks);
    assert.match(text, /^[A-Za-z0-9_-]*$/);
    assert.equal(text.length, 3 * masks.filter(Boolean).length);
    assert.deepEqual(decodeMarks(text), { ok: true, masks });
  }
  assert.equal(encodeMarks(noMarks()), "");
  assert.equal(encodeMarks(noMarks().fill(0x1ff)).length, MAX_MARK_CHARS);
});

test("a bad mark field says exactly what is wrong", () => {
  const problem = (text) => {
    const read = decodeMarks(text);
    assert.equal(read.ok, false, text);
    return read.problem;
  };
  assert.match(problem("AB"), /2 characters long; marks come in groups of 3/);
  assert.match(problem("AB*"), /character 3 is “\*”/);
  assert.match(problem("AB "), /character 3 is character U\+0020/);
  assert.match(problem("A".repeat(MAX_MARK_CHARS + 3)), /at most 243/);
  assert.match(problem(encodeMarks([0x1ff]) + encodeMarks([0x1ff])), /r1c1 is written twice/);
  assert.match(problem("AAA"), /r1c1 is written with no digit/); // cell 0, mask 0
  assert.match(problem("___"), /group 1 names cell 512; the grid has 81/);
});

test("a link with marks opens the same game: entries, corner, centre and colours", () => {
  const play = {
    ...newPlay(),
    corner: formatMarks(randomMasks(7, 0.3).map((m, c) => (PUZZLE[c] === "." ? m : 0))),
    centre: formatMarks(randomMasks(8, 0.5).map((m, c) => (PUZZLE[c] === "." ? m : 0))),
    colours: formatMarks(randomMasks(9, 0.2)),
  };
  const entries = "5" + EMPTY.slice(1);
  const link = shareLinkFor({ givens: PUZZLE, entries, mode: "play", info: null, play }, true, PAGE);
  assert.ok(!link.includes("boot-timeout"), "the page's own settings stay out of the link");
  assert.ok(hashOf(link).length < MAX_LINK_CHARS);
  const read = gameFromLink(hashOf(link));
  assert.equal(read.ok, true);
  assert.equal(read.game.entries, entries);
  for (const layer of ["corner", "centre", "colours"]) assert.equal(read.game.play[layer], play[layer], layer);
});

test("without progress a link carries neither digits nor marks", () => {
  const play = { ...newPlay(), corner: "2:12", centre: "3:45", colours: "0:1" };
  const link = shareLinkFor({ givens: PUZZLE, entries: "1" + EMPTY.slice(1), mode: "play", play }, false, PAGE);
  assert.deepEqual([...new URLSearchParams(hashOf(link).slice(1)).keys()], ["puzzle"]);
  const read = gameFromLink(hashOf(link));
  assert.equal(read.ok, true);
  assert.equal(read.game.play, undefined);
});

test("a full board of marks stays well under the link limit", () => {
  const full = formatMarks(noMarks().fill(0x1ff));
  const play = { ...newPlay(), corner: full, centre: full, colours: full };
  const link = shareLinkFor({ givens: EMPTY, entries: "1".repeat(81), mode: "play", play }, true, PAGE);
  assert.ok(hashOf(link).length < 1100, hashOf(link).length);
  assert.equal(gameFromLink(hashOf(link)).ok, true);
});

test("old links (no marks) still open, and corner and centre marks on a given are dropped", () => {
  const old = `#puzzle=${PUZZLE.replaceAll(".", "0")}&progress=${("5" + EMPTY.slice(1)).replaceAll(".", "0")}&seed=3000&symmetry=none&level=hard`;
  const read = gameFromLink(old);
  assert.equal(read.ok, true);
  assert.equal(read.game.entries[0], "5");
  assert.equal(read.game.play, undefined);
  assert.equal(read.game.info.level, "hard");
  const given = PUZZLE.indexOf("9"); // r1c3
  const masks = noMarks();
  masks[given] = 0b11;
  masks[0] = 0b100;
  const text = encodeMarks(masks);
  const marked = gameFromLink(`#puzzle=${PUZZLE}&corner=${text}&centre=${text}&colour=${text}`);
  assert.equal(marked.ok, true);
  assert.equal(marked.game.play.corner, "0:3");
  assert.equal(marked.game.play.centre, "0:3");
  assert.deepEqual(parseMarks(marked.game.play.colours), masks);
});

test("a bad mark field refuses the link, naming the layer", () => {
  const cases = [
    ["corner=AB", /its corner marks are not readable: they are 2 characters long/],
    ["centre=AB*", /its centre marks are not readable: character 3 is “\*”/],
    ["colour=AAA", /its colours are not readable: r1c1 is written with no digit/],
  ];
  for (const [field, reason] of cases) {
    const read = gameFromLink(`#puzzle=${PUZZLE}&${field}`);
    assert.equal(read.ok, false, field);
    assert.match(read.problem, reason);
  }
});

test("a graded puzzle without a seed shares its level, and a bare level link is read", () => {
  const info = { puzzle: PUZZLE, level: "hard", score: 1140, source: "graded" };
  const link = shareLinkFor({ givens: PUZZLE, entries: EMPTY, mode: "play", info }, true, PAGE);
  const params = new URLSearchParams(hashOf(link).slice(1));
  assert.equal(params.get("seed"), null);
  assert.equal(params.get("level"), "hard");
  const read = gameFromLink(hashOf(link));
  // a link's level and score are its word until this device grades the puzzle: said so
  assert.deepEqual(read.game.info, { puzzle: PUZZLE, level: "hard", score: 1140, source: "link", claimed: true });
  assert.equal(describeInfo(read.game.info), "Hard (score 1140) · claimed by the link, not yet checked");
  assert.equal(gameFromLink(`#puzzle=${PUZZLE}&level=impossible`).game.info, null);
});
