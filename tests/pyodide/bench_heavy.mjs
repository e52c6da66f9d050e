// Times the heavy requests (tests/unit/heavy.py) inside the pinned Pyodide under Node.js, against the built wheel the
// page ships, as the rules' worker calls them: pyrules.api.call with the request's JS string, its reply back as one,
// each timed by JavaScript's clock (the conversions of a megabyte's text both ways included).
//   node tests/pyodide/bench_heavy.mjs RUNTIME_DIR PYRULES_WHEEL_DIR [RUNS]
// Prints a JSON line of the versions, {python, node}, then one a request and run: {run, what, op, size, seconds, said};
// tests/bench_heavy.py reads them.
import { pyodideWithWheel } from "./with_wheel.mjs";

const [runtime, pyrulesWheels, runs = "1"] = process.argv.slice(2);
if (!runtime || !pyrulesWheels) {
  console.error("usage: node tests/pyodide/bench_heavy.mjs RUNTIME_DIR PYRULES_WHEEL_DIR [RUNS]");
  process.exit(2);
}
async function main() {
  const pyodide = await pyodideWithWheel(runtime, pyrulesWheels, ["bench_heavy.py", "unit/heavy.py"]);
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
