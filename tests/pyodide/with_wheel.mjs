// The pinned Pyodide under Node.js with the built wheel the page ships unpacked, and some of the repository's tests/
// files copied into its file system under /work/tests (on its import path): what the benches inside Pyodide
// (bench_heavy.mjs, bench_story.mjs) start from.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * @param {string} runtime the runtime's folder
 * @param {string} pyrulesWheels the folder of the built pyrules wheel
 * @param {string[]} files paths under tests/ to copy
 */
export async function pyodideWithWheel(runtime, pyrulesWheels, files) {
  const tests = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const { loadPyodide } = await import(pathToFileURL(join(resolve(runtime), "pyodide.mjs")).href);
  const indexURL = resolve(runtime) + "/";
  const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL });
  const wheel = readdirSync(pyrulesWheels).find((name) => name.startsWith("pyrules-") && name.endsWith(".whl"));
  if (!wheel) throw new Error(`no pyrules wheel in ${pyrulesWheels}`);
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(pyrulesWheels, wheel))), "wheel", { extractDir });
  for (const path of files) {
    pyodide.FS.mkdirTree(dirname(`/work/tests/${path}`));
    pyodide.FS.writeFile(`/work/tests/${path}`, new Uint8Array(readFileSync(join(tests, path))));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/work/tests')");
  return pyodide;
}
