// @ts-check
// The pad under the board, for touch as much as for the mouse: the four tools (digit, corner,
// centre, colour: what a number writes), the number pad (colour swatches with the colour tool)
// and its clear key. The board's own Z/X/C/V/Space keys change the same tool; both show it.
// While playing, each digit key also shows how many of its digit are left to place (`data-left`,
// drawn in the key's corner; named "5, 3 left"), as players of other apps expect, with how many
// cells hold it (`data-count`) and whether it is all placed (`data-complete="true"`: 9 times, no
// conflict; named "5, all placed"), following the board's givens and entries however they change
// (a move, Undo, a load). In Create mode the keys are the digits alone: nothing is "left" there.
// The board's F1-F9 filter is said in the same live region as the tool.

import { COLOUR_NAMES, TOOLS } from "./cell-layers.js";
import { digitTally } from "./grid.js";
import { byId } from "../app/dom.js";
import { board } from "../app/page-state.js";

/** @typedef {import("./cell-layers.js").Tool} Tool */

const tools = byId("tools");
const numpad = byId("numpad");
const toolButtons = /** @type {NodeListOf<HTMLButtonElement>} */ (tools.querySelectorAll("button[data-tool]"));
const digitButtons = /** @type {NodeListOf<HTMLButtonElement>} */ (numpad.querySelectorAll("button[data-digit]"));
const announcer = byId("history-status");

/** What each tool writes, for the live region and the pad's labels. @type {Record<Tool, string>} */
const TOOL_WORDS = { digit: "digits", corner: "corner marks", centre: "centre marks", colour: "colours" };

/** @param {string} value @returns {Tool} */
const toTool = (value) => /** @type {Tool} */ (TOOLS.find((t) => t === value) ?? "digit");

/**
 * A digit key's name with a tool. With the digit tool it is the digit and, in play, how many are
 * left, said in words so that the count drawn by CSS (`::after`) never joins the name.
 * @param {Tool} tool @param {number} digit @param {{count: number, complete: boolean}} tally
 * @param {boolean} playing
 */
function digitKeyName(tool, digit, { count, complete }, playing) {
  if (tool === "colour") return `Colour ${digit}: ${COLOUR_NAMES[digit - 1]}`;
  if (tool === "corner" || tool === "centre") return `${tool === "corner" ? "Corner" : "Centre"} mark ${digit}`;
  if (complete) return `${digit}, all placed`;
  if (!playing) return String(digit);
  return count < 9 ? `${digit}, ${9 - count} left` : `${digit}, ${count} placed`; // 9 or more with a conflict
}

/** Show the board's tool and the digits' counts on the pad. @param {boolean} [say] announce the tool */
export function showTool(say = false) {
  const tool = toTool(board.getAttribute("tool") ?? "digit");
  for (const button of toolButtons) button.setAttribute("aria-pressed", String(button.dataset.tool === tool));
  numpad.dataset.tool = tool;
  const tally = digitTally(board.grid);
  const playing = board.getAttribute("mode") !== "enter";
  for (const button of digitButtons) {
    const digit = Number(button.dataset.digit);
    if (!digit) continue;
    const { count, complete } = tally[digit - 1];
    button.dataset.count = String(count);
    if (playing && count < 9) button.dataset.left = String(9 - count);
    else delete button.dataset.left;
    if (complete) button.dataset.complete = "true";
    else delete button.dataset.complete;
    const name = digitKeyName(tool, digit, tally[digit - 1], playing);
    button.setAttribute("aria-label", name);
    // the corner's count explained to a pointer too (the title adds nothing to a screen reader)
    if (tool === "digit" && playing) button.title = name.replace(", ", ": ").replace(/ left$/, " left to place");
    else button.removeAttribute("title");
  }
  if (say) announcer.textContent = `Writing ${TOOL_WORDS[tool]}.`;
}

/** @param {Tool} tool */
export function setTool(tool) {
  board.setAttribute("tool", tool);
  showTool(true);
}

/** @param {(text: string, tone?: import("../app/status.js").Tone, options?: {untilSelect?: boolean}) => void} say  the status line */
export function wireToolPad(say) {
  for (const button of toolButtons) button.addEventListener("click", () => setTool(toTool(button.dataset.tool ?? "")));
  // Keep the focus on the grid: pressing a pad key must not take it away from the selected cells.
  for (const pad of [tools, numpad]) {
    pad.addEventListener("pointerdown", (event) => {
      if (event.target instanceof Element && event.target.closest("button")) event.preventDefault();
    });
  }
  numpad.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    if (board.selected < 0) {
      say("Select a cell first.", "info", { untilSelect: true });
      return;
    }
    board.input(button.dataset.digit ?? "");
  });
  board.addEventListener("sudoku-tool", () => showTool(true));
  board.addEventListener("sudoku-filter", (event) => {
    const { digit } = /** @type {CustomEvent<import("./sudoku-board.js").FilterDetail>} */ (event).detail;
    announcer.textContent = digit ? `Showing where ${digit} can go.` : "Filter off.";
  });
  // Every way the digits, the tool or the mode change ends in these attributes: a move
  // (sudoku-change), Undo/Redo (applyChanges), a load, the page's own setTool, Play/Create.
  new MutationObserver(() => showTool()).observe(board, { attributes: true, attributeFilter: ["givens", "entries", "tool", "mode"] });
  showTool();
}
