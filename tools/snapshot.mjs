// Makes the rules' start-up snapshot at build time (build.py): the pinned Pyodide under Node.js, the rules' archive
// unpacked, everything a request may import imported, then Pyodide's memory snapshot (makeMemorySnapshot) written
// raw to a file. The rules' worker (web/worker.js) starts from it with _loadSnapshot in every engine.
//   node tools/snapshot.mjs RUNTIME_DIR RULES_ARCHIVE OUT_FILE
// A snapshot holds Python's memory, not its file system: a module not imported here cannot be imported from it
// (the rules' files are not unpacked there). Hash randomization is off while a snapshot is made; the `random`
// module's state is frozen in it. Neither reaches a fight: the rules' numbers come from a counter-based generator
// seeded by the page (pyrules.rng), never from `random` or from a hash's order.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// Every module of the rules (the command line's __main__ aside), their data read as they import, and the first
// answer given once (tests/unit/test_snapshot_imports.py runs this on CPython and checks that nothing is left out).
const IMPORTS = `
import importlib, json, pkgutil, pyrules, pyrules.api, pyrules.systems
pyrules.systems.preload()
for module in pkgutil.walk_packages(pyrules.__path__, "pyrules."):
    if module.name != "pyrules.__main__":
        importlib.import_module(module.name)
pyrules.api.call(json.dumps({"op": "hello", "describe": True}))
`;

const [runtime, archive, out] = process.argv.slice(2);
if (!runtime || !archive || !out) {
  console.error("usage: node tools/snapshot.mjs RUNTIME_DIR RULES_ARCHIVE OUT_FILE");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(runtime), "pyodide.mjs")).href);
const indexURL = resolve(runtime) + "/";
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, fullStdLib: false, _makeSnapshot: true });
const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "gztar", { extractDir });
pyodide.runPython(IMPORTS);
const memory = pyodide.makeMemorySnapshot();
writeFileSync(out, memory);
