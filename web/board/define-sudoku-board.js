// @ts-check
// Registers <sudoku-board>, guarded so that a second import (or another copy) is harmless.
import { SudokuBoardElement } from "./sudoku-board.js";

if (!customElements.get("sudoku-board")) {
  customElements.define("sudoku-board", SudokuBoardElement);
}

export { SudokuBoardElement };
