// @ts-check
// The Share panel's other formats: a format to Copy or Save, and Open in SudokuPad / f-puzzles /
// sudokuwiki. The engine writes the text (`export`); a link is opened in a new tab only when the
// player asks, so the page itself still fetches nothing from another site.

import { byId, saveTextFile } from "../app/dom.js";
import { EMPTY_GRID } from "../board/grid.js";
import { say } from "../app/status.js";
import { runEngine } from "../engine/engine-runner.js";
import { currentGame } from "../game/game-view.js";
import { EXPORT_FORMATS, exportArgs, exportNote, isExportFormat } from "./export-formats.js";

/** @typedef {import("./export-formats.js").ExportFormat} ExportFormat */

/** The game in a format, written by the engine; null (and said why) if it could not be. @param {ExportFormat} to @param {boolean} withProgress */
async function written(to, withProgress) {
  if (currentGame().givens === EMPTY_GRID) {
    say("No givens yet: there is no puzzle to write.", "warning");
    return null;
  }
  try {
    const result = await runEngine("export", exportArgs(currentGame(), to, withProgress), `Writing the ${EXPORT_FORMATS[to].name}`);
    return result.text;
  } catch (error) {
    say(`Could not write the ${EXPORT_FORMATS[to].name}: ${error instanceof Error ? error.message : String(error)}`, "error");
    return null;
  }
}

/** Copy, Save and Open in, in the Share panel. */
export function wireOtherFormats() {
  const select = /** @type {HTMLSelectElement} */ (byId("export-format"));
  const note = byId("export-note");
  const withProgress = /** @type {HTMLInputElement} */ (byId("share-progress"));
  const chosen = () => (isExportFormat(select.value) ? select.value : "fpuzzles");
  const showNote = () => {
    note.textContent = exportNote(chosen(), withProgress.checked);
  };
  select.addEventListener("change", showNote);
  withProgress.addEventListener("change", showNote);
  showNote();

  byId("export-copy").addEventListener("click", async () => {
    const to = chosen();
    const text = await written(to, withProgress.checked);
    if (text === null) return;
    try {
      await navigator.clipboard.writeText(text);
      say(`Copied the ${EXPORT_FORMATS[to].name}.`, "info");
    } catch {
      note.textContent = text;
      getSelection()?.selectAllChildren(note);
      say(`The ${EXPORT_FORMATS[to].name} is selected in the Share panel: press Ctrl+C (⌘C) to copy it.`, "info");
    }
  });
  byId("export-save").addEventListener("click", async () => {
    const to = chosen();
    const text = await written(to, withProgress.checked);
    if (text === null) return;
    saveTextFile(text, EXPORT_FORMATS[to].file);
    say(`Saved ${EXPORT_FORMATS[to].file}.`, "info");
  });
  for (const button of document.querySelectorAll("button[data-open-in]")) {
    button.addEventListener("click", async () => {
      const to = /** @type {HTMLElement} */ (button).dataset.openIn ?? "";
      if (!isExportFormat(to)) return;
      const tab = window.open("", "_blank"); // opened now, while the click still counts, and sent on below
      const url = await written(to, true);
      if (url === null) {
        tab?.close();
        return;
      }
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
        say(`Opened the game in a new tab: ${EXPORT_FORMATS[to].name}.`, "info");
      } else {
        note.textContent = url;
        say(`The browser did not open a new tab: the ${EXPORT_FORMATS[to].name} is in the Share panel to copy.`, "warning");
      }
    });
  }
}
