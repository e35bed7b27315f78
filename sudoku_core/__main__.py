"""``python -m sudoku_core``: see :mod:`sudoku_core.cli`."""

import sys

from sudoku_core.cli import main

if __name__ == "__main__":
    sys.exit(main())
