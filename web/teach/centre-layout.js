// @ts-check
// Centre marks where a drawing needs them: the overlay draws a candidate as a disc at its
// digit's place in the cell's 3x3 mini-grid, so while a hint or a path step draws candidates (or
// the path's board is shown), the board lays its centre marks out the same way
// (`centre-layout="grid"`): each disc then sits on the mark it means, not on a string of other
// digits. The setting "Show centre marks in 3x3 positions" keeps that layout at all times (as
// HoDoKu and sudoku.coach draw candidates). One observer decides it for every module that draws
// on the board (hint-view.js, path-view.js), so none of them has to remember the layout. No
// DOM at import: Node tests import `centreLayout` (tests/js/centre-layout.test.mjs).

/** @typedef {import("../board/highlight.js").Highlight} Highlight */

/**
 * The board's centre-layout: "grid" while the drawing has candidates (discs, or links between
 * them) or the path's board is shown, or always with the setting; null for the board's default.
 * @param {Highlight | null} highlight @param {boolean} previewing @param {boolean} always
 * @returns {"grid" | null}
 */
export function centreLayout(highlight, previewing, always) {
  const candidates = Boolean(highlight && (highlight.candidates.length || highlight.links.length));
  return always || previewing || candidates ? "grid" : null;
}

/**
 * Keep the board's centre-layout up to date as its drawing, its preview and the setting change.
 * @param {import("../board/sudoku-board.js").SudokuBoardElement} board
 * @param {() => boolean} always  the setting now
 * @param {EventTarget} settingsChanges  fires "change" when a setting changed
 */
export function wireCentreLayout(board, always, settingsChanges) {
  const update = () => {
    const layout = centreLayout(board.highlight, board.preview !== null, always());
    if (board.getAttribute("centre-layout") === layout) return;
    if (layout) board.setAttribute("centre-layout", layout);
    else board.removeAttribute("centre-layout");
  };
  new MutationObserver(update).observe(board, { attributes: true, attributeFilter: ["highlight", "preview-entries"] });
  settingsChanges.addEventListener("change", update);
  update();
}
