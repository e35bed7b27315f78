"""What `python build.py` runs: the Python package `tools.buildpy` (each concern of the command in
its own module) and the Node scripts beside it (tools/*.mjs), which need Pyodide or npm tools."""
