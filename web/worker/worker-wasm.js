// The runtime's compiled code, shared between the rules' workers (worker.js). Pyodide instantiates its wasm with
// WebAssembly.instantiateStreaming (in a browser, always): patchInstantiate has it instantiate the code an older worker
// gave instead (should that fail, the wasm is downloaded and compiled as usual), and keeps the code compiled here, for
// newer workers. The engines share a WebAssembly.Module between workers: a worker given one neither downloads nor
// compiles the wasm again, nor holds a second copy of its machine code.
import { message } from "./worker-fetch.js";

/**
 * @typedef {object} Code
 * @property {WebAssembly.Module | null} given the code an older worker gave (its fetch skips the wasm while it is
 *   here); null once it would not instantiate
 * @property {WebAssembly.Module | null} mine the code compiled here
 */

/**
 * Replaces WebAssembly.instantiateStreaming for the worker's start.
 * @param {Code} code
 * @param {{wasm: string, marks: Record<string, number | boolean | string>, fail: (text: string) => void,
 *   compiled: () => void}} hooks the wasm's URL; the timing marks (`code`, `codeNote`); the start has failed; this
 *   worker compiled the code
 * @returns {() => void} its undo
 */
export function patchInstantiate(code, { wasm, marks, fail, compiled }) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  /**
   * @param {WebAssembly.Imports | undefined} imports
   * @returns {Promise<WebAssembly.WebAssemblyInstantiatedSource | null>}
   */
  async function fromGiven(imports) {
    const { given } = code;
    if (!given) return null;
    try {
      const instance = await instantiate(given, imports);
      marks.code = "shared";
      return { instance, module: given };
    } catch (error) {
      marks.codeNote = `not used: ${message(error)}`;
      code.given = null;
      return null;
    }
  }
  /**
   * @param {Response | PromiseLike<Response>} source
   * @param {WebAssembly.Imports} [imports]
   */
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const placeholder = code.given !== null; // the worker's fetch gave an empty response for the wasm
    const shared = await fromGiven(imports);
    if (shared) return shared;
    let made;
    try {
      made = await instantiateStreaming(placeholder ? fetch(wasm) : source, imports);
    } catch (error) { // Pyodide would only warn, and wait forever: the start has failed
      fail(`pyodide.asm.wasm could not be compiled (${message(error)})`);
      throw error;
    }
    marks.code = "compiled";
    code.mine = made.module;
    compiled();
    return made;
  };
  return () => {
    WebAssembly.instantiateStreaming = instantiateStreaming;
  };
}
