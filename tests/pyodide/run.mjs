// Runs the unit suite (tests/unit, the doctests in pyrules and README.md) inside real Pyodide under Node.js,
// against the built wheel, with the same pinned runtime the app ships.
//   node tests/pyodide/run.mjs RUNTIME_DIR TEST_WHEELS_DIR PYRULES_WHEEL_DIR [pytest args...]
// Exit status: pytest's own (0 passed; 5, "no tests ran", is reported as a failure by build.py).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtime, testWheels, pyrulesWheels, ...pytestArgs] = process.argv.slice(2);
if (!runtime || !testWheels || !pyrulesWheels) {
  console.error("usage: node tests/pyodide/run.mjs RUNTIME_DIR TEST_WHEELS_DIR PYRULES_WHEEL_DIR [pytest args...]");
  process.exit(2);
}
async function main() {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const { loadPyodide } = await import(pathToFileURL(join(resolve(runtime), "pyodide.mjs")).href);
  const indexURL = resolve(runtime) + "/";
  const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL });

  const wheels = [testWheels, pyrulesWheels].flatMap((dir) =>
    readdirSync(dir).filter((name) => name.endsWith(".whl")).map((name) => join(dir, name)));
  if (!wheels.some((path) => path.includes("pyrules-"))) {
    console.error(`no pyrules wheel in ${pyrulesWheels}`);
    process.exit(2);
  }
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const path of wheels) pyodide.unpackArchive(new Uint8Array(readFileSync(path)), "wheel", { extractDir });

  // The tests, README.md and pyproject.toml (pytest's settings) go into Pyodide's in-memory file system, so that the
  // package under test is the installed wheel, not the source tree.
  function copy(source, target) {
    if (statSync(source).isDirectory()) {
      pyodide.FS.mkdirTree(target);
      for (const name of readdirSync(source)) {
        if (name !== "__pycache__" && name !== ".hypothesis") copy(join(source, name), `${target}/${name}`);
      }
    } else {
      pyodide.FS.writeFile(target, new Uint8Array(readFileSync(source)));
    }
  }
  copy(join(repo, "tests"), "/work/tests");
  copy(join(repo, "README.md"), "/work/README.md");
  copy(join(repo, "pyproject.toml"), "/work/pyproject.toml");
  pyodide.FS.chdir("/work");

  const args = pytestArgs.length ? pytestArgs : ["-q", "tests/unit", "README.md", "--pyargs", "pyrules"];
  pyodide.globals.set("pytest_args", pyodide.toPy(args));
  const code = pyodide.runPython(`
  import sys, platform, pytest, pyrules
  print(f"Python {platform.python_version()} on {sys.platform}; pyrules from {pyrules.__file__}", flush=True)
  int(pytest.main(list(pytest_args)))
  `);
  return code;
}

// Report failures briefly: Node would otherwise print a whole line of Pyodide's minified source.
main().then((code) => process.exit(code), (error) => {
  console.error(String(error && error.stack ? error.stack : error).slice(0, 4000));
  process.exit(1);
});
