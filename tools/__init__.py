"""What build.py calls, one concern a module, each importing only the ones below it and never build.py: paths (the
folders, log and run), runtime (the pinned Pyodide), environment (the npm tools, .venv, the browsers), snapshot (the
start-up snapshot and its memory form), words (the page's words from the rules), package (the page's copy of the
wheel), icons, site (dist/ assembled), server (dist/ served as production serves it) and steps (test, bench and
screenshots). build.py stays the command line."""
