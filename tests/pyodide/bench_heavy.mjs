// Times the heavy requests (tests/unit/heavy.py) inside the pinned Pyodide under Node.js, against the built wheel the
// page ships, as the rules' worker calls them: pyrules.api.call with the request's JS string, its reply back as one,
// each timed by JavaScript's clock (the conversions of a megabyte's text both ways included).
//   node tests/pyodide/bench_heavy.mjs RUNTIME_DIR PYRULES_WHEEL_DIR [RUNS]
// Prints a JSON line of the versions, {python, node}, then one a request and run: {run, what, op, size, seconds, said};
// tests/bench_heavy.py reads them.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtime, pyrulesWheels, runs = "1"] = process.argv.slice(2);
if (!runtime || !pyrulesWheels) {
  console.error("usage: node tests/pyodide/bench_heavy.mjs RUNTIME_DIR PYRULES_WHEEL_DIR [RUNS]");
  process.exit(2);
}
async function main() {
  const tests = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const { loadPyodide } = await import(pathToFileURL(join(resolve(runtime), "pyodide.mjs")).href);
  const indexURL = resolve(runtime) + "/";
  const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL });
  const wheel = readdirSync(pyrulesWheels).find((name) => name.startsWith("pyrules-") && name.endsWith(".whl"));
  if (!wheel) throw new Error(`no pyrules wheel in ${pyrulesWheels}`);
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(pyrulesWheels, wheel))), "wheel", { extractDir });
  pyodide.FS.mkdirTree("/work/tests/unit");
  for (const path of ["bench_heavy.py", "unit/heavy.py"]) {
    pyodide.FS.writeFile(`/work/tests/${path}`, new Uint8Array(readFileSync(join(tests, path))));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/work/tests')");
  const bench = pyodide.pyimport("bench_heavy");
  const call = pyodide.pyimport("pyrules.api").call;
  const python = pyodide.runPython("import platform; platform.python_version()");
  console.log(JSON.stringify({ python, node: process.version }));
  for (let run = 0; run < Number(runs); run++) {
    for (const item of bench.texts()) {
      const [what, op, text] = item.toJs();
      item.destroy();
      const started = performance.now();
      const reply = call(text);
      const seconds = (performance.now() - started) / 1000;
      console.log(JSON.stringify({ run, what, op, size: text.length, seconds, said: bench.said(reply) }));
    }
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(String(error && error.stack ? error.stack : error).slice(0, 4000));
  process.exit(1);
});
