"""Memory of a browser measured from the outside, the same way in every engine: the PSS (proportional set size: each
page shared by n processes counted 1/n in each) summed over a root process and all its descendants, read from
/proc (Linux). PSS, unlike RSS, does not count the shared libraries and shared memory of a multi-process browser
once per process, so the sum is what the whole browser costs.

    with Peak(browser_pid) as peak:
        ...  # the scenario
    peak.max_bytes  # the largest sum seen (sampled every `interval` seconds, and once at the start and the end)

No dependency beyond the standard library; the pure parts (parsing /proc text, walking the tree) take the text as
arguments so that they can be tested without a browser.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

PROC = Path("/proc")


def parse_pss(smaps_rollup: str) -> int:
    """Bytes of the `Pss:` line of a /proc/<pid>/smaps_rollup text (the kernel writes it in kB)."""
    for line in smaps_rollup.splitlines():
        if line.startswith("Pss:"):
            value, unit = line.split()[1:3]
            if unit != "kB":
                raise ValueError(f"unexpected unit in {line!r}")
            return int(value) * 1024
    raise ValueError("no Pss: line")


def parse_ppid(stat: str) -> int:
    """The parent's pid from a /proc/<pid>/stat text. The command name (field 2) is in parentheses and may itself
    hold spaces and parentheses, so the fields are counted after its last closing parenthesis."""
    return int(stat[stat.rindex(")") + 2 :].split()[1])


def descendants(root: int, parents: dict[int, int]) -> set[int]:
    """The root and every process below it, given each process's parent."""
    children: dict[int, list[int]] = {}
    for pid, ppid in parents.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = {root}, [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:  # the process ended meanwhile, or is not ours to read
        return None


def process_parents(proc: Path = PROC) -> dict[int, int]:
    parents = {}
    for entry in proc.iterdir():
        if entry.name.isdigit() and (stat := _read(entry / "stat")) is not None:
            parents[int(entry.name)] = parse_ppid(stat)
    return parents


def tree_pss(root: int, proc: Path = PROC) -> int:
    """PSS in bytes of the root process and all its descendants, now (a process that ends meanwhile counts 0)."""
    total = 0
    for pid in descendants(root, process_parents(proc)):
        text = _read(proc / str(pid) / "smaps_rollup")
        if text is not None:
            total += parse_pss(text)
    return total


class Peak:
    """Samples `measure()` (by default the PSS of the tree under `root`) on a thread until the block ends; `max_bytes`
    is the largest value seen, `samples` every (seconds since the start, bytes)."""

    def __init__(self, root: int = 0, interval: float = 0.1, measure: Callable[[], int] | None = None):
        self.measure = measure or (lambda: tree_pss(root))
        self.interval = interval
        self.samples: list[tuple[float, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._start = 0.0

    @property
    def max_bytes(self) -> int:
        return max((value for _, value in self.samples), default=0)

    def _sample(self) -> None:
        self.samples.append((time.monotonic() - self._start, self.measure()))

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._sample()

    def __enter__(self) -> Peak:
        self._start = time.monotonic()
        self._sample()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()


def mib(values: Iterable[int] | int) -> str:
    """Bytes as MiB, one decimal (a list of them joined by commas)."""
    items = [values] if isinstance(values, int) else list(values)
    return ", ".join(f"{value / 2**20:.1f}" for value in items)
