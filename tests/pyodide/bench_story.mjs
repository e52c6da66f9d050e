// Times Citadel of Blood's whole simulated story (tests/bench_story.py) inside the pinned Pyodide under Node.js,
// against the built wheel the page ships: each story asked part after part, as the page asks it, its CPU time
// counted by Node.js's own clock (process.cpuUsage: another process on a shared machine does not count).
//   node tests/pyodide/bench_story.mjs RUNTIME_DIR PYRULES_WHEEL_DIR
// Prints one JSON line a story: {what, seconds, parts, fights, actions}; tests/bench_story.py reads them.
import { pyodideWithWheel } from "./with_wheel.mjs";

const [runtime, pyrulesWheels] = process.argv.slice(2);
if (!runtime || !pyrulesWheels) {
  console.error("usage: node tests/pyodide/bench_story.mjs RUNTIME_DIR PYRULES_WHEEL_DIR");
  process.exit(2);
}
async function main() {
  const files = ["bench_story.py", "fixtures/citadel-plain.json", "fixtures/citadel-hellgate.json"];
  const pyodide = await pyodideWithWheel(runtime, pyrulesWheels, files);
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
