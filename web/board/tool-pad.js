// @ts-check
// The pad under the board, for touch as much as for the mouse: the four tools (digit, corner,
// centre, colour: what a number writes), the number pad (colour swatches with the colour tool)
// and its clear key. The board's own Z/X/C/V/Space keys change the same tool; both show it.

import { COLOUR_NAMES, TOOLS } from "./cell-layers.js";
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

/** Show the board's tool on the pad. @param {boolean} [say] announce it */
export function showTool(say = false) {
  const tool = toTool(board.getAttribute("tool") ?? "digit");
  for (const button of toolButtons) button.setAttribute("aria-pressed", String(button.dataset.tool === tool));
  numpad.dataset.tool = tool;
  for (const button of digitButtons) {
    const digit = Number(button.dataset.digit);
    if (!digit) continue;
    if (tool === "colour") button.setAttribute("aria-label", `Colour ${digit}: ${COLOUR_NAMES[digit - 1]}`);
    else if (tool === "digit") button.removeAttribute("aria-label");
    else button.setAttribute("aria-label", `${tool === "corner" ? "Corner" : "Centre"} mark ${digit}`);
  }
  if (say) announcer.textContent = `Writing ${TOOL_WORDS[tool]}.`;
}

/** @param {Tool} tool */
export function setTool(tool) {
  board.setAttribute("tool", tool);
  showTool(true);
}

/** @param {(text: string) => void} say  the board's message line */
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
      say("Select a cell first.");
      return;
    }
    board.input(button.dataset.digit ?? "");
  });
  board.addEventListener("sudoku-tool", () => showTool(true));
  showTool();
}
