import { loadPyodide } from "../__PYODIDE__pyodide.mjs";

const base = new URL("../__PYODIDE__", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL: base, packageBaseUrl: base, fullStdLib: false });
pyodide.runPython("1 + 1");
self.postMessage("ready");
