// The rules' worker's downloads while it starts (worker.js): Pyodide fetches its runtime's files through the worker's
// global fetch, which patchFetch replaces until the rules are ready.
// - A runtime file that cannot be downloaded ends the start at once, in every engine: Pyodide's own fall-back after a
//   failed download can leave it waiting with no error at all (seen in WebKit).
// - A runtime file may be read from the service worker's cache instead (the `cached` hook: a later visit).
// - The runtime's files are downloaded once per worker: a start from the snapshot given up hands them to the ordinary
//   start after it (each gets a copy of the one response). Forgotten once undone.
// - Each one is counted as it comes (the start-up bar; the network's rate, which the snapshot's budget judges).

/** The browser's own fetch: the patch's downloads, and the worker's own past it. */
export const download = self.fetch.bind(self);

// A host that compresses in transit (docs/hosting.md) sends a runtime file encoded: its Content-Length is the bytes
// sent, its body the bytes decoded, about ENCODED times as many.
const ENCODED = 3;

/** @param {unknown} error */
export const message = (error) => String(/** @type {any} */ (error)?.message || error);

/**
 * @typedef {object} Downloads
 * @property {string} base the runtime's files' URLs begin with it: only theirs are shared, cached and counted
 * @property {(url: string) => boolean} skip a file not read (the wasm, when compiled code was given): an empty answer
 * @property {(url: string) => Promise<Response | undefined>} cached the file's copy in the service worker's cache, if
 *   it is read from there
 * @property {(text: string) => void} fail the start has failed
 * @property {(size: number) => void} expect a download of this size (as sent) begins
 * @property {(sent: number, known: number) => void} arrived bytes of the downloads came, `known` of them of one whose
 *   size was expected
 */

/**
 * Replaces the worker's fetch for its start.
 * @param {Downloads} hooks
 * @returns {() => void} its undo: the plain fetch again, the downloads forgotten
 */
export function patchFetch({ base, skip, cached, fail, expect, arrived }) {
  /** @type {Map<string, Promise<Response>>} */
  const shared = new Map();
  /** @param {RequestInfo | URL} input @param {RequestInit} [init] */
  async function watched(input, init) {
    const name = String(input instanceof Request ? input.url : input).split("/").pop();
    try {
      const response = await download(input, init);
      if (!response.ok) fail(`${name} could not be downloaded (HTTP ${response.status})`);
      return response;
    } catch (error) {
      fail(`${name} could not be downloaded (${message(error)})`);
      throw error;
    }
  }
  /**
   * Reads a copy of a response as it comes, its bytes as sent said to `arrived` (its size to `expect`).
   * @param {Response} copy
   */
  async function count(copy) {
    const size = Number(copy.headers.get("Content-Length")) || 0;
    const scale = copy.headers.get("Content-Encoding") ? 1 / ENCODED : 1;
    expect(size);
    let left = size;
    const reader = copy.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      const sent = part.value.byteLength * scale;
      const known = Math.min(left, sent);
      left -= known;
      arrived(sent, known);
    }
    arrived(0, left); // an encoded file's bytes its estimate left out
  }
  const plain = self.fetch;
  self.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(base)) return watched(input, init);
    if (skip(url)) return new Response(null);
    let response = shared.get(url);
    if (!response) {
      response = cached(url).then((hit) => hit ?? watched(input, init)).then((whole) => {
        count(whole.clone()).catch(() => {}); // a failed download is said by `watched`
        return whole;
      });
      shared.set(url, response);
    }
    return (await response).clone(); // a copy of the browser's own response: its compiled code may still be cached
  };
  return () => {
    self.fetch = plain;
    shared.clear();
  };
}
