// The page's side of the one boundary: every call to the rules is a JSON request to the worker, answered as data.

export class Rules {
  // name tells the worker what to do first: "rules" boots Pyodide, "rules-snapshot" tries the stored snapshot.
  constructor(onProgress, name = "rules") {
    this.pending = new Map();
    this.nextId = 1;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if (data.id !== undefined) {
          const resolveCall = this.pending.get(data.id);
          this.pending.delete(data.id);
          resolveCall(JSON.parse(data.reply));
        } else if (data.type === "progress") {
          onProgress(data);
        } else if (data.type === "ready") {
          resolve(data);
        } else if (data.type === "failed") {
          reject(new Error(data.text));
        }
      };
      this.worker.onerror = (event) => reject(new Error(event.message || "the rules worker could not start"));
    });
  }

  // Ends the worker at once, whatever it is computing; every call still waiting is answered with `reply`.
  terminate(reply) {
    this.worker.terminate();
    for (const resolveCall of this.pending.values()) resolveCall(reply);
    this.pending.clear();
  }

  // Resolves with the reply object: {ok: true, ...} or {ok: false, error: {field, label, message, text}}.
  // Messages come back in this.lang ("en" or "ru").
  call(request) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, request: JSON.stringify({ ...request, lang: this.lang || "en" }) });
    });
  }
}
