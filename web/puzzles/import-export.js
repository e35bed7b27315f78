// @ts-check
// Puzzles in and out: Paste puzzle… and Open file… (read by the engine, which knows every format
// and says where a text is wrong), a share link opened (#puzzle=…), Copy line, Share link, Save
// file and Print. What happened is said on the status line (app/status.js).

import { byId } from "../app/dom.js";
import { runEngine } from "../engine/engine-runner.js";
import { showGame, updateShareLink } from "../game/game-view.js";
import { EMPTY_GRID } from "../board/grid.js";
import { board, state } from "../app/page-state.js";
import { say } from "../app/status.js";
import { describeInfo } from "./puzzle-info.js";
import { gameFromLink } from "./share-link.js";
import { SolverError } from "../engine/solver-client.js";

/** Larger files are not puzzle files (the engine refuses text over 10,000 characters anyway). */
const MAX_FILE_BYTES = 64 * 1024;

/** @param {"ok" | "error"} outcome @param {string} text */
function sayIo(outcome, text) {
  say(text, outcome === "error" ? "error" : "info");
}

/**
 * Parse text with the engine; on success the board shows it, on failure the board is untouched.
 * @param {string} text @returns {Promise<{ok: true, givens: number} | {ok: false, message: string}>}
 */
async function importPuzzle(text) {
  try {
    const r = await runEngine("parse", { text }, "Reading the puzzle");
    showGame({ givens: r.grid, entries: EMPTY_GRID, mode: "play" }, { undo: "Opened the pasted puzzle as a new game." });
    state.solution = null;
    return { ok: true, givens: r.givens };
  } catch (error) {
    if (error instanceof SolverError && error.line != null && error.column != null) {
      const where = /\bline\b/i.test(error.message) ? "" : `Line ${error.line}, column ${error.column}: `;
      return { ok: false, message: `${where}${error.message}` };
    }
    if (error instanceof SolverError) return { ok: false, message: error.message };
    return { ok: false, message: String(error) };
  }
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

/**
 * Open the game in the URL's fragment, if there is one; true if it did. A bad link leaves the
 * game on the board as it is and says why it was not opened.
 * @returns {boolean}
 */
export function openLink() {
  const link = gameFromLink(location.hash);
  if (!link) return false;
  if (!link.ok) {
    sayIo("error", `The link was not opened: ${link.problem}. Your game is as it was.`);
    return false;
  }
  const game = link.game;
  showGame(game, { undo: "Opened the puzzle from the link as a new game." });
  sayIo("ok", game.info ? `Opened the puzzle from the link: ${describeInfo(game.info)}.` : "Opened the puzzle from the link.");
  // Once it is saved, the fragment has done its job (a reload must not undo later progress).
  if (state.saving) history.replaceState(null, "", location.pathname + location.search);
  return true;
}

/** Paste puzzle… (its dialog) and Open file…. */
export function wireImport() {
  const importDialog = /** @type {HTMLDialogElement} */ (byId("import-dialog"));
  const importText = /** @type {HTMLTextAreaElement} */ (byId("import-text"));
  const importError = byId("import-error");
  const fileInput = /** @type {HTMLInputElement} */ (byId("file"));
  byId("import").addEventListener("click", () => {
    importError.textContent = "";
    importDialog.showModal();
    importText.focus();
  });
  importDialog.addEventListener("close", () => {
    importError.textContent = "";
  });
  byId("import-submit").addEventListener("click", async (event) => {
    event.preventDefault();
    const text = importText.value;
    if (!text.trim()) {
      importError.textContent = "Paste a puzzle first.";
      return;
    }
    const result = await importPuzzle(text);
    if (result.ok) {
      importDialog.close();
      importText.value = "";
      sayIo("ok", `Imported a puzzle with ${result.givens} givens.`);
    } else {
      importError.textContent = result.message;
    }
  });

  byId("open-file").addEventListener("click", () => fileInput.click());
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      sayIo("error", `${file.name} is too large (${Math.ceil(file.size / 1024)} KB); a puzzle file is at most ${MAX_FILE_BYTES / 1024} KB.`);
      return;
    }
    const result = await importPuzzle(await file.text());
    if (result.ok) sayIo("ok", `Opened ${file.name}: a puzzle with ${result.givens} givens.`);
    else sayIo("error", `Could not read ${file.name}: ${result.message}`);
  });
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
