// @ts-check
// "Booklet…" (Share panel): print N puzzles, 1, 2, 4 or 6 a page, of a chosen level mix from a
// seed on, each with its number, level, seed and link back to this page, then the answers. The
// engine's `booklet` makes them in the worker (progress and Cancel in the work area); the pages
// (booklet-pages.js) are written into #booklet, which only the print style shows
// (html[data-print="booklet"]), and the browser's print dialog opens: "Save as PDF" gives the
// booklet as a book.

import { byId } from "../app/dom.js";
import { say } from "../app/status.js";
import { CancelledError, SolverError } from "../engine/solver-client.js";
import { startEngine } from "../engine/engine-runner.js";
import { bookletLink, bookletSheets, caption, levelMix } from "./booklet-pages.js";

/** @typedef {import("../engine/protocol.js").BookletPuzzle} BookletPuzzle */
/** @typedef {import("./booklet-pages.js").Sheet} Sheet */

/** The most puzzles the page makes in one booklet (the engine takes up to 120). */
const MOST = 60;

/** Open the dialog (the Booklet… button: app.js loads this module on its first click). */
export function openBooklet() {
  byId("booklet-error").textContent = "";
  /** @type {HTMLDialogElement} */ (byId("booklet-dialog")).showModal();
}

/** Wire the booklet's dialog. */
export function wireBooklet() {
  const dialog = /** @type {HTMLDialogElement} */ (byId("booklet-dialog"));
  const form = /** @type {HTMLFormElement} */ (byId("booklet-form"));
  const error = byId("booklet-error");
  byId("booklet-cancel").addEventListener("click", () => dialog.close());
  // a shown error follows the form: it goes once the value is fixed (or names what is still wrong)
  form.addEventListener("input", () => {
    if (!error.textContent) return;
    const asked = readForm(form);
    error.textContent = "error" in asked ? asked.error : "";
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const asked = readForm(form);
    if ("error" in asked) {
      error.textContent = asked.error;
      return;
    }
    dialog.close();
    void makeBooklet(asked);
  });
  window.addEventListener("afterprint", () => {
    if (document.documentElement.dataset.print === "booklet") delete document.documentElement.dataset.print;
  });
}

/**
 * The form's choices, or what is wrong with them.
 * @param {HTMLFormElement} form
 * @returns {{count: number, perPage: number, levels: string, seed: number} | {error: string}}
 */
function readForm(form) {
  const value = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value.trim();
  const count = Number(value("count"));
  if (!Number.isInteger(count) || count < 1 || count > MOST) return { error: `The number of puzzles must be 1 to ${MOST}.` };
  const perPage = Number(value("per-page"));
  const chosen = [...form.querySelectorAll("input[name=level]:checked")].map((box) => /** @type {HTMLInputElement} */ (box).value);
  const levels = levelMix(chosen);
  if (typeof levels !== "string") return levels;
  const seedText = value("seed");
  const seed = seedText === "" ? Math.floor(Math.random() * 2 ** 31) : Number(seedText);
  if (!/^\d{0,10}$/.test(seedText) || !Number.isSafeInteger(seed) || seed >= 2 ** 32) return { error: "The first seed must be a whole number from 0 to 4294967295, or empty for a random one." };
  return { count, perPage, levels, seed };
}

/** @param {{count: number, perPage: number, levels: string, seed: number}} asked */
async function makeBooklet({ count, perPage, levels, seed }) {
  let puzzles;
  try {
    ({ puzzles } = await startEngine("booklet", { count, levels, seed }, "Making the booklet", (p) => `Making the booklet: ${p.made} of ${p.count} puzzles (${p.level} next)`));
  } catch (error) {
    if (error instanceof CancelledError) {
      say("Cancelled: no booklet was made.");
      return;
    }
    if (!(error instanceof SolverError)) throw error;
    say(`No booklet: ${error.message}`, "error");
    return;
  }
  const sheets = bookletSheets(puzzles, perPage);
  const title = `Sudoku · ${[...new Set(levels.split(","))].map((l) => l.charAt(0).toUpperCase() + l.slice(1)).join(", ")}`;
  writeBooklet(byId("booklet-pages"), sheets, title, location.href);
  const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const made = `Booklet of ${plural(puzzles.length, "puzzle")} from seed ${seed} (${plural(sheets.length, "page")} with the answers)`;
  say(`${made}: opening the print dialog…`, "info");
  document.documentElement.dataset.print = "booklet";
  window.print(); // returns when the print dialog has closed
  say(`${made} went to the print dialog. The same seed and levels make it again.`, "success");
}

/**
 * Write the sheets into `root` (the print style lays them out as pages).
 * @param {HTMLElement} root @param {Sheet[]} sheets @param {string} title @param {string} pageUrl
 */
export function writeBooklet(root, sheets, title, pageUrl) {
  const make = (/** @type {string} */ tag, /** @type {string} */ className = "", /** @type {string} */ text = "") => {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text) element.textContent = text;
    return element;
  };
  root.replaceChildren(
    ...sheets.map((sheet, index) => {
      const page = make("div", "booklet-sheet");
      const slots = make("div", "booklet-slots");
      slots.style.gridTemplateColumns = `repeat(${sheet.cols}, 1fr)`;
      slots.style.gridTemplateRows = `repeat(${sheet.rows}, 1fr)`;
      for (const puzzle of sheet.puzzles) {
        const slot = make("section", "booklet-slot");
        slot.dataset[sheet.answers ? "answer" : "puzzle"] = String(puzzle.number);
        slot.append(make("h2", "", caption(puzzle)), board(puzzle, sheet, make));
        if (!sheet.answers) {
          const link = make("p", "booklet-link");
          const anchor = /** @type {HTMLAnchorElement} */ (make("a", "", bookletLink(puzzle, pageUrl)));
          anchor.href = anchor.textContent ?? "";
          link.append(anchor);
          slot.append(link);
        }
        slots.append(slot);
      }
      page.append(make("h1", "", sheet.answers ? `${title} — answers` : title), slots, make("p", "booklet-page-number", String(index + 1)));
      return page;
    }),
  );
}

/**
 * One board: the puzzle's givens, or for an answer the solution with the givens in bold.
 * @param {BookletPuzzle} puzzle @param {Sheet} sheet
 * @param {(tag: string, className?: string, text?: string) => HTMLElement} make
 */
function board(puzzle, sheet, make) {
  const grid = make("div", "booklet-board");
  grid.style.width = `${sheet.gridMm}mm`;
  grid.style.fontSize = `${((sheet.gridMm / 9) * 0.62 * 72) / 25.4}pt`;
  const digits = sheet.answers ? puzzle.solution : puzzle.puzzle;
  for (let cell = 0; cell < 81; cell++) {
    const given = puzzle.puzzle[cell] !== "." && puzzle.puzzle[cell] !== "0";
    const digit = digits[cell];
    const span = make("span", given ? "given" : "", digit === "." || digit === "0" ? "" : digit);
    if (cell % 9 === 2 || cell % 9 === 5) span.classList.add("box-right");
    if (Math.floor(cell / 9) === 2 || Math.floor(cell / 9) === 5) span.classList.add("box-bottom");
    grid.append(span);
  }
  return grid;
}
