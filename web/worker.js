// The rules' home: a module Web Worker that boots Pyodide, installs the pyrules wheel and answers JSON calls.
// Messages in:  {id, request}           request is a JSON text for pyrules.api.call
// Messages out: {type: "progress", stage, stages, text} | {type: "ready", hello, timing} | {type: "failed", text}
//               {id, reply}             reply is the JSON text pyrules.api.call returned
import { loadPyodide } from "./pyodide/pyodide.mjs";

const WHEEL = "__WHEEL__";
const STAGES = 3;
let call = null;
const waiting = [];
const marks = { workerStart: performance.timeOrigin + performance.now() };

function progress(stage, text) {
  self.postMessage({ type: "progress", stage, stages: STAGES, text });
}

function answer({ id, request }) {
  let reply;
  try {
    reply = call(request);
  } catch (error) {
    const text = `internal error in the rules worker: ${error}`;
    reply = JSON.stringify({ ok: false, internal: true, error: { field: "", label: "", message: text, text } });
  }
  self.postMessage({ id, reply });
}

self.onmessage = (event) => (call ? answer(event.data) : waiting.push(event.data));

async function boot() {
  progress(0, "Loading Python (Pyodide)…");
  const base = new URL("./pyodide/", import.meta.url).href;
  // The wheel downloads while Pyodide starts.
  const wheel = fetch(new URL(WHEEL, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`the rules package ${WHEEL} could not be loaded (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
  const pyodide = await loadPyodide({ indexURL: base, packageBaseUrl: base, fullStdLib: false });
  marks.pyodideReady = performance.timeOrigin + performance.now();
  progress(1, "Installing the rules…");
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir });
  progress(2, "Starting the rules…");
  call = pyodide.pyimport("pyrules.api").call;
  const hello = JSON.parse(call('{"op": "hello"}'));
  marks.rulesReady = performance.timeOrigin + performance.now();
  self.postMessage({ type: "ready", hello, timing: marks });
  waiting.splice(0).forEach(answer);
}

boot().catch((error) => self.postMessage({ type: "failed", text: String(error && error.message ? error.message : error) }));
