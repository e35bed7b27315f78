"""sudoku_core: a fast, pure-Python Sudoku engine (skeleton; the engine lands next)."""

from sudoku_core._version import __version__

__all__ = ["__version__"]
