// When the board lays its centre marks out in 3x3 places (web/teach/centre-layout.js's pure
// rule): while a drawing has candidates or links, while the path's board is shown, or always
// with the setting. Run by tests/test_web_modules.py (`node --test`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { cleanHighlight } from "../../web/board/highlight.js";
import { centreLayout } from "../../web/teach/centre-layout.js";

test("candidates or links in the drawing, a preview, or the setting: the grid layout", () => {
  const houses = cleanHighlight({ houses: ["row 1"] });
  const discs = cleanHighlight({ houses: ["row 1"], candidates: [{ cell: 0, digit: 5, role: "pattern" }] });
  const links = cleanHighlight({ links: [{ from: [0, 5], to: [8, 5], strong: true }] });
  assert.equal(centreLayout(null, false, false), null);
  assert.equal(centreLayout(houses, false, false), null); // a nudge names no digit: marks stay as they are
  assert.equal(centreLayout(discs, false, false), "grid");
  assert.equal(centreLayout(links, false, false), "grid");
  assert.equal(centreLayout(null, true, false), "grid");
  assert.equal(centreLayout(null, false, true), "grid");
});
