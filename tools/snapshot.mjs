// Makes the rules' start-up snapshot at build time (build.py): the pinned Pyodide under Node.js, the rules' archive
// unpacked, everything a request may import imported, Python's free memory zeroed (free_memory.mjs), then Pyodide's
// memory snapshot (makeMemorySnapshot) written raw to a file. The rules' worker (web/worker/worker.js) starts from it
// with _loadSnapshot in every engine.
//   node tools/snapshot.mjs RUNTIME_DIR RULES_ARCHIVE OUT_FILE STDLIB_ZIP
// made with the standard library the app ships (STDLIB_ZIP): a snapshot keeps the zip's directory as it read it, so it
// must be the very zip the worker will mount. Which files of the runtime's own zip that one holds:
//   node tools/snapshot.mjs --used RUNTIME_DIR RULES_ARCHIVE EXAMPLES_JSON [LATER_PACK...]
// prints them (tools/stdlib_used.py, run on the whole python_stdlib.zip, playing the systems' example fights that
// EXAMPLES_JSON holds: tools/snapshot.py writes them from the source, the page's pack has none), the rules' later
// packs (tools/package.py LATER_PACKS, which the worker unpacks on first need) unpacked too: their modules' imports
// count.
// A snapshot holds Python's memory, not its file system: a module not imported here cannot be imported from it
// (the rules' files are not unpacked there). Hash randomization is off while a snapshot is made; the `random`
// module's state is frozen in it. Neither reaches a fight: the rules' numbers come from a counter-based generator
// seeded by the page (pyrules.rng), never from `random` or from a hash's order.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { unpackRules } from "../web/worker/pages.js";
import { zeroFreeMemory } from "./free_memory.mjs";

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

const used = process.argv[2] === "--used";
const given = process.argv.slice(used ? 3 : 2);
const [runtime, archive, out, stdlib] = given;
const later = used ? given.slice(3) : []; // --used: the later packs
const examples = used ? out : undefined; // --used: the systems' example fights (JSON), which the page's pack leaves out
if (!runtime || !archive || (used ? !examples : !out || !stdlib)) {
  console.error("usage: node tools/snapshot.mjs RUNTIME_DIR RULES_ARCHIVE OUT_FILE STDLIB_ZIP\n"
    + "       node tools/snapshot.mjs --used RUNTIME_DIR RULES_ARCHIVE EXAMPLES_JSON [LATER_PACK...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(runtime), "pyodide.mjs")).href);
const indexURL = resolve(runtime) + "/";
const options = used ? {} : { stdLibURL: resolve(stdlib), _makeSnapshot: true };
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, fullStdLib: false, ...options });
const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
unpackRules(pyodide, readFileSync(archive), extractDir); // as the worker's ordinary start does
if (used) { // and, where only the standard library used is asked, the later packs (the snapshot holds none)
  for (const pack of later) unpackRules(pyodide, readFileSync(pack), extractDir);
}
pyodide.runPython(IMPORTS);
if (used) {
  pyodide.FS.writeFile("/examples.json", readFileSync(examples)); // where stdlib_used.py reads them
  const listed = pyodide.runPython(readFileSync(new URL("stdlib_used.py", import.meta.url), "utf8"));
  process.stdout.write(listed);
  process.exit(0);
}
zeroFreeMemory(pyodide._module); // the imports' leftovers, not shipped (free_memory.mjs)
const memory = pyodide.makeMemorySnapshot();
writeFileSync(out, memory);
