// Baseline: the same pinned runtime, booted the same way (a module worker), with nothing of the app.
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = () => { window.bareReady = performance.now(); };
