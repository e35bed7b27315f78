// @ts-check
// Puzzles out: Copy line, Share link, Save file and Print. What happened is said on the status
// line (app/status.js). Puzzles in (Paste puzzle…, Open file…, links, Ctrl+V) are intake-view.js's.
//
// "Include my digits and marks" decides what the share link, Save file (save-file.js) and Print
// carry. Unticked, Print shows a clean copy: a second board, made on first need, holding the
// givens only, which the print style shows instead of the player's board (html[data-print-clean]).

import { byId, saveTextFile } from "../app/dom.js";
import { currentGame, gameEvents, updateShareLink } from "../game/game-view.js";
import { board } from "../app/page-state.js";
import { say } from "../app/status.js";

/** What Save file and Print keep, for the note under them. @param {boolean} withProgress */
const saveNote = (withProgress) =>
  withProgress
    ? "Save file keeps your digits and marks as a link to this page (Open file… reads it back; a browser opens it here); with none, the puzzle line every app reads. Print shows them too."
    : "Save file and Print: the givens only (the puzzle line every app reads; a clean copy to solve on paper).";

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

/** The clean copy Print shows when progress is left out (made on first need). @type {import("../board/sudoku-board.js").SudokuBoardElement | null} */
let cleanBoard = null;

/** Print with or without the player's digits and marks, as the box says; the clean copy follows the givens. @param {boolean} withProgress */
function followPrint(withProgress) {
  document.documentElement.toggleAttribute("data-print-clean", !withProgress);
  if (withProgress) return;
  if (!cleanBoard) {
    cleanBoard = /** @type {import("../board/sudoku-board.js").SudokuBoardElement} */ (document.createElement("sudoku-board"));
    cleanBoard.id = "print-board";
    cleanBoard.className = "print-only print-board";
    cleanBoard.setAttribute("label", "Sudoku, givens only");
    cleanBoard.setAttribute("mode", "play");
    cleanBoard.setAttribute("conflicts", "off");
    board.after(cleanBoard);
  }
  if (cleanBoard.givens !== board.givens) cleanBoard.givens = board.givens;
}

/** Copy line, Share link (and its "include my progress" box), Save file, Print. */
export function wireExport() {
  const exportLine = byId("export-line");
  const shareLink = byId("share-link");
  const shareProgress = /** @type {HTMLInputElement} */ (byId("share-progress"));
  const note = byId("save-note");
  const follow = () => {
    note.textContent = saveNote(shareProgress.checked);
    followPrint(shareProgress.checked);
  };
  byId("copy").addEventListener("click", () => void copy(board.givens, exportLine, "puzzle line"));
  byId("share").addEventListener("click", () => {
    const link = updateShareLink();
    if (link) void copy(link, shareLink, "share link");
  });
  shareProgress.addEventListener("change", () => {
    updateShareLink();
    follow();
  });
  gameEvents.addEventListener("change", () => followPrint(shareProgress.checked));
  follow();
  byId("save-file").addEventListener("click", async () => {
    const { savedFile } = await import("./save-file.js"); // on first use: the page starts without it
    const file = savedFile(currentGame(), shareProgress.checked, location.href, new Date());
    saveTextFile(file.text, file.name);
    const holds = file.holds === "link" ? "your game as a link to this page (Open file… brings it back)" : "the puzzle line";
    sayIo("ok", `Saved ${file.name}: ${holds}.`);
  });
  byId("print").addEventListener("click", () => window.print());
}
