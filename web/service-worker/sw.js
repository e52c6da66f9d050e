// Offline play: precaches everything the app needs, the Pyodide runtime included, in one cache named by the
// content hash of the whole deployment. A new deployment installs beside the old one and waits; the page offers
// the update and the player chooses when (a fight in progress is never interrupted; it is saved in any case).
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__VERSION__";
const CACHE = `pyrules-app-${VERSION}`;
const PRECACHE = __PRECACHE__;

worker.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of PRECACHE) await cache.add(url);
  })());
});

worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE) await caches.delete(key); // an older deployment's (the start-up snapshot is one of its files)
    }
    await worker.clients.claim();
  })());
});

worker.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") worker.skipWaiting();
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== worker.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Every page of the app is the one page: a navigation gets the cached shell.
    const hit = request.mode === "navigate"
      ? await cache.match("./")
      : await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    // Not in the cache (a runtime file the rules' worker found damaged there and dropped): from the network, past the
    // HTTP cache, and kept again.
    const response = await fetch(request, { cache: "reload" });
    if (response.ok) event.waitUntil(cache.put(request, response.clone()));
    return response;
  })());
});
