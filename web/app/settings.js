// @ts-check
// The player's settings: kept in this browser only (localStorage), never in share links or saved
// games. What is read back is untrusted: each setting is checked on its own and falls back to its
// default. Where storage is not allowed (a cross-site frame) they last until the page closes.

import { byId } from "./dom.js";
import { describeStorageError } from "./storage.js";

const KEY = "sudoku-studio.settings";

/** @typedef {"off" | "conflicts" | "solution"} MistakeMode */
/**
 * @typedef {{clearPeerMarks: boolean, autoCandidates: boolean, marksComplete: boolean, centreGrid: boolean,
 *   showTimer: boolean, mistakes: MistakeMode}} Settings
 *   clearPeerMarks: a placed digit leaves its peers' marks; autoCandidates: centre marks kept as the
 *   candidates while playing; marksComplete: the player's centre marks are their cells' complete
 *   candidate lists (a hint may say a needed one was removed; teach/marks-meaning.js); centreGrid:
 *   centre marks always in their 3x3 places (teach/centre-layout.js); mistakes: what is marked as
 *   you play (Check works in every mode).
 */

/** @type {Settings} */
export const DEFAULT_SETTINGS = {
  clearPeerMarks: true, autoCandidates: false, marksComplete: false, centreGrid: false, showTimer: true, mistakes: "conflicts",
};
const MISTAKE_MODES = ["off", "conflicts", "solution"];

/** Settings from stored text, each one checked. @param {unknown} data @returns {Settings} */
export function toSettings(data) {
  const out = { ...DEFAULT_SETTINGS };
  if (!data || typeof data !== "object") return out;
  const v = /** @type {Record<string, unknown>} */ (data);
  for (const name of /** @type {const} */ (["clearPeerMarks", "autoCandidates", "marksComplete", "centreGrid", "showTimer"])) {
    if (typeof v[name] === "boolean") out[name] = /** @type {boolean} */ (v[name]);
  }
  if (typeof v.mistakes === "string" && MISTAKE_MODES.includes(v.mistakes)) out.mistakes = /** @type {MistakeMode} */ (v.mistakes);
  return out;
}

/** @returns {{settings: Settings, problem: string}} */
function load() {
  try {
    const text = globalThis.localStorage.getItem(KEY);
    if (text === null) return { settings: { ...DEFAULT_SETTINGS }, problem: "" };
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      // unreadable: the defaults, and the next change writes over it
    }
    return { settings: toSettings(data), problem: "" };
  } catch (error) {
    return { settings: { ...DEFAULT_SETTINGS }, problem: describeStorageError(error) };
  }
}

const loaded = load();
/** The settings now (read by the page; changed only by `changeSettings`). */
export const settings = loaded.settings;
let storageProblem = loaded.problem;
/** Fires "change" after a setting changed. */
export const settingsChanges = new EventTarget();

/** @param {Partial<Settings>} changes */
export function changeSettings(changes) {
  Object.assign(settings, toSettings({ ...settings, ...changes }));
  try {
    globalThis.localStorage.setItem(KEY, JSON.stringify(settings));
    storageProblem = "";
  } catch (error) {
    storageProblem = describeStorageError(error);
  }
  showStorageNote();
  settingsChanges.dispatchEvent(new Event("change"));
}

const dialog = /** @type {HTMLDialogElement} */ (byId("settings-dialog"));
const note = byId("settings-note");
const peerMarks = /** @type {HTMLInputElement} */ (byId("setting-peer-marks"));
const autoCandidates = /** @type {HTMLInputElement} */ (byId("setting-auto-candidates"));
const marksComplete = /** @type {HTMLInputElement} */ (byId("setting-marks-complete"));
const centreGrid = /** @type {HTMLInputElement} */ (byId("setting-centre-grid"));
const showTimer = /** @type {HTMLInputElement} */ (byId("setting-timer"));
const mistakeRadios = /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="mistakes"]'));

function showStorageNote() {
  note.textContent = storageProblem ? `These settings last until you close the page: ${storageProblem}.` : "";
}

/** The form shows the settings now. */
function fillForm() {
  peerMarks.checked = settings.clearPeerMarks;
  autoCandidates.checked = settings.autoCandidates;
  marksComplete.checked = settings.marksComplete;
  centreGrid.checked = settings.centreGrid;
  showTimer.checked = settings.showTimer;
  for (const radio of mistakeRadios) radio.checked = radio.value === settings.mistakes;
  showStorageNote();
}

/** Open the settings dialog. */
export function openSettings() {
  fillForm();
  dialog.showModal();
}

/** The Settings button and dialog: each control applies at once. */
export function wireSettings() {
  byId("settings").addEventListener("click", openSettings);
  byId("settings-close").addEventListener("click", () => dialog.close());
  peerMarks.addEventListener("change", () => changeSettings({ clearPeerMarks: peerMarks.checked }));
  autoCandidates.addEventListener("change", () => changeSettings({ autoCandidates: autoCandidates.checked }));
  marksComplete.addEventListener("change", () => changeSettings({ marksComplete: marksComplete.checked }));
  centreGrid.addEventListener("change", () => changeSettings({ centreGrid: centreGrid.checked }));
  showTimer.addEventListener("change", () => changeSettings({ showTimer: showTimer.checked }));
  for (const radio of mistakeRadios) {
    radio.addEventListener("change", () => {
      if (radio.checked) changeSettings({ mistakes: toSettings({ mistakes: radio.value }).mistakes });
    });
  }
}
