// The rules' worker, started the moment the page begins loading: Pyodide's start is the longest wait of a first
// visit, so nothing the page builds (its other modules, its forms) delays it. rules.js takes the worker over; the
// messages it sends before then wait in a queue. Loaded as its own small module, `async`, ahead of app.js.
if (!window.pyrulesBootTaken) { // rules.js, run first, has not started a worker of its own
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "rules" });
  // a later visit when a service worker controls the page; no compiled code yet (the first worker compiles it)
  worker.postMessage({ start: { cached: Boolean(navigator.serviceWorker?.controller), code: null } });
  /** @type {Event[]} */
  const queue = [];
  worker.onmessage = (event) => queue.push(event);
  worker.onerror = (event) => {
    event.preventDefault(); // rules.js says it in the start-up alert
    queue.push(event);
  };
  window.pyrulesBoot = { worker, queue, created: performance.timeOrigin + performance.now() };
}
