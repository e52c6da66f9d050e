import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL: base, packageBaseUrl: base, fullStdLib: false });
pyodide.runPython("1 + 1");
self.postMessage("ready");
