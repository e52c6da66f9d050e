// Declarations for the JavaScript type check (tsc --checkJs, see tsconfig.json): what build.py writes into web/ at
// build time, the Pyodide runtime module the worker imports, and the page's test hooks on window.

/** web/base/i18n.js, web/shell/link.js: the languages (pyrules/locales/languages.json), in the switch's order. */
declare const __LANGUAGES__: { code: string; name: string; forms: string[]; manifest: boolean; charset?: string }[];
/** web/service-worker/sw.js: the URLs the service worker precaches. */
declare const __PRECACHE__: string[];
/** web/worker/worker.js: the runtime's files it reads (their paths) and the first 9 bytes of each one's SHA-256, in base64. */
declare const __HASHES__: Record<string, string>;
/** web/worker/worker.js: the rules' later packs (tools/package.py LATER_PACKS), each file with its modules. */
declare const __LATER__: Record<string, string[]>;

/** The pinned Pyodide runtime (worker.js imports "./__PYODIDE__pyodide.mjs"): the part of its API the worker uses. */
declare module "*pyodide.mjs" {
  export interface PyodideInterface {
    runPython(code: string, options?: { globals?: unknown }): any;
    pyimport(name: "pyrules.api"): { call(request: string): string };
    toPy(value: object): { destroy(): void };
    FS: { writeFile(path: string, data: Uint8Array): void };
    makeMemorySnapshot(): Uint8Array<ArrayBuffer>;
  }
  export function loadPyodide(options: Record<string, unknown>): Promise<PyodideInterface>;
}

/** What the page exposes for the tests and the benchmark (tests/browser, tests/bench.py). */
interface Window {
  pyrulesTiming?: Record<string, unknown>;
  /** boot.js: the rules' worker, started as the page began loading, and the messages it sent since. */
  pyrulesBoot?: { worker: Worker; queue: Event[]; created: number };
  /** rules.js started the rules' worker itself (boot.js had not run yet): boot.js starts none. */
  pyrulesBootTaken?: boolean;
  /** rules.js BOOT_SILENCE, shortened by a test (ms) */
  pyrulesBootTimeout?: number;
  pyrulesServiceWorker?: ServiceWorkerRegistration;
}
