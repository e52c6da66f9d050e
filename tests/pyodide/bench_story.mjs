// Times Citadel of Blood's whole simulated story (tests/bench_story.py) inside the pinned Pyodide under Node.js,
// against the built wheel the page ships: each story asked part after part, as the page asks it, its CPU time
// counted by Node.js's own clock (process.cpuUsage: another process on a shared machine does not count).
//   node tests/pyodide/bench_story.mjs RUNTIME_DIR PYRULES_WHEEL_DIR
// Prints one JSON line a story: {what, seconds, parts, fights, actions}; tests/bench_story.py reads them.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtime, pyrulesWheels] = process.argv.slice(2);
if (!runtime || !pyrulesWheels) {
  console.error("usage: node tests/pyodide/bench_story.mjs RUNTIME_DIR PYRULES_WHEEL_DIR");
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
  pyodide.FS.mkdirTree("/work/tests/fixtures");
  for (const path of ["bench_story.py", "fixtures/citadel-plain.json", "fixtures/citadel-hellgate.json"]) {
    pyodide.FS.writeFile(`/work/tests/${path}`, new Uint8Array(readFileSync(join(tests, path))));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/work/tests')");
  const bench = pyodide.pyimport("bench_story");
  const cpu = () => { const used = process.cpuUsage(); return (used.user + used.system) / 1e6; };
  for (const item of bench.texts()) {
    const [what, text] = item.toJs();
    item.destroy();
    const started = cpu();
    const found = bench.whole(text).toJs({ dict_converter: Object.fromEntries });
    console.log(JSON.stringify({ what, seconds: cpu() - started, ...found }));
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(String(error && error.stack ? error.stack : error).slice(0, 4000));
  process.exit(1);
});
