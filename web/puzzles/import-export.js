// @ts-check
// Puzzles out: Copy line, Share link, Save file and Print. What happened is said on the status
// line (app/status.js). Puzzles in (Paste puzzle…, Open file…, links, Ctrl+V) are intake-view.js's.

import { byId } from "../app/dom.js";
import { updateShareLink } from "../game/game-view.js";
import { board } from "../app/page-state.js";
import { say } from "../app/status.js";

/** @param {"ok" | "error"} outcome @param {string} text */
function sayIo(outcome, text) {
  say(text, outcome === "error" ? "error" : "info");
}

/** @param {string} text @param {HTMLElement} field  where the value is shown @param {string} what */
async function copy(text, field, what) {
  try {
    await navigator.clipboard.writeText(text);
    sayIo("ok", `Copied the ${what}.`);
  } catch {
    field.tabIndex = -1;
    field.focus();
    getSelection()?.selectAllChildren(field);
    sayIo("ok", `The ${what} is selected in the Share panel: press Ctrl+C (⌘C) to copy it.`);
  }
}

/** Copy line, Share link (and its "include my progress" box), Save file, Print. */
export function wireExport() {
  const exportLine = byId("export-line");
  const shareLink = byId("share-link");
  const shareProgress = /** @type {HTMLInputElement} */ (byId("share-progress"));
  byId("copy").addEventListener("click", () => void copy(board.givens, exportLine, "puzzle line"));
  byId("share").addEventListener("click", () => void copy(updateShareLink(), shareLink, "share link"));
  shareProgress.addEventListener("change", () => void updateShareLink());
  byId("save-file").addEventListener("click", () => {
    const blob = new Blob([`${board.givens}\n`], { type: "text/plain" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "sudoku.txt";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    sayIo("ok", "Saved sudoku.txt.");
  });
  byId("print").addEventListener("click", () => window.print());
}
