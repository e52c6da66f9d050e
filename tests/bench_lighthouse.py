"""Lighthouse's own scores for the built site, as `python3 build.py bench` reports them: Lighthouse (pinned, installed
on first use into build/lighthouse from the npm registry: it is 190 MB, so the tests and CI do not install it) runs
its mobile profile (simulated slow 4G and a 4× slower CPU) against dist/ served as production serves it, in Debian's
Chromium, a few times; the table gives each category's median and spread, and the metrics behind performance.

    python3 tests/bench_lighthouse.py [--runs N] [--update-readme]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools import environment, paths  # noqa: E402
from tools.server import make_server  # noqa: E402

VERSION = "12.8.2"
CATEGORIES = {"performance": "Performance", "accessibility": "Accessibility", "best-practices": "Best practices"}
METRICS = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT",
           "cumulative-layout-shift": "CLS", "speed-index": "Speed Index"}  # fmt: skip
TARGETS = "Targets: performance ≥ 0.97, accessibility 1.0, cumulative layout shift < 0.05."


def lighthouse() -> Path:
    """The pinned Lighthouse, installed once into build/lighthouse."""
    out = paths.BUILD / "lighthouse"
    stamp = out / ".complete"
    if not (stamp.exists() and stamp.read_text() == VERSION):
        out.mkdir(parents=True, exist_ok=True)
        package = {"name": "pyrules-bench-lighthouse", "private": True, "dependencies": {"lighthouse": VERSION}}
        (out / "package.json").write_text(json.dumps(package, indent=1))
        paths.run("npm", "install", "--no-audit", "--no-fund", "--silent", cwd=out)
        stamp.write_text(VERSION)
    return out / "node_modules" / ".bin" / "lighthouse"


def one_run(tool: Path, url: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        subprocess.run(
            [str(tool), url, f"--only-categories={','.join(CATEGORIES)}", "--form-factor=mobile", "--quiet",
             "--chrome-flags=--headless=new --no-sandbox", "--output=json", f"--output-path={report}"],
            check=True, env={**os.environ, "CHROME_PATH": environment.CHROMIUM}, timeout=300,
        )  # fmt: skip
        data = json.loads(report.read_text(encoding="utf-8"))
    scores = {key: data["categories"][key]["score"] for key in CATEGORIES}
    metrics = {key: data["audits"][key]["numericValue"] for key in METRICS}
    failed = sorted(key for key, audit in data["audits"].items()
                    if audit.get("scoreDisplayMode") == "binary" and audit.get("score") == 0)  # fmt: skip
    return {"scores": scores, "metrics": metrics, "failed": failed}


def spread(values: list[float], digits: int = 2) -> str:
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def table(runs: list[dict]) -> str:
    rows = ["| Measure | Median (spread) |", "|---|---|"]
    for key, name in CATEGORIES.items():
        rows.append(f"| {name} | {spread([r['scores'][key] for r in runs])} |")
    for key, name in METRICS.items():
        values = [r["metrics"][key] for r in runs]
        rows.append(f"| {name} | {spread(values, 3)} |" if key == "cumulative-layout-shift"
                    else f"| {name} | {spread(values, 0)} ms |")  # fmt: skip
    failed = sorted({audit for r in runs for audit in r["failed"]})
    rows.append(f"| Audits failed in any run | {', '.join(failed) if failed else 'none'} |")
    return "\n".join(rows) + f"\n\nLighthouse {VERSION}, mobile, {len(runs)} runs. {TARGETS}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--update-readme", action="store_true")
    args = parser.parse_args(argv)
    tool = lighthouse()
    server = make_server(paths.DIST)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        runs = []
        for i in range(args.runs):
            try:
                runs.append(one_run(tool, url))
            except subprocess.CalledProcessError as error:  # Lighthouse's own trace failures (NO_NAVSTART): once more
                print(f"bench lighthouse: run {i + 1}/{args.runs} failed ({error}): run again", flush=True)
                runs.append(one_run(tool, url))
            print(f"bench lighthouse: run {i + 1}/{args.runs}: {runs[-1]['scores']}", flush=True)
    finally:
        server.shutdown()
    text = table(runs)
    print(text)
    if args.update_readme:
        from bench import write_readme

        return write_readme(text, "bench-lighthouse")
    return 0


if __name__ == "__main__":
    sys.exit(main())
