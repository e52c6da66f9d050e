"""tests/memory.py, the benchmark's memory measure: its parsing of /proc text and its walk of the process tree, on
fake /proc files (the same code reads the real ones)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import memory  # noqa: E402

needs_threads = pytest.mark.skipif(sys.platform == "emscripten", reason="a sampler thread, and /proc")

ROLLUP = """55fee2568000-7ffce34b0000 ---p 00000000 00:00 0                          [rollup]
Rss:                1636 kB
Pss:                 453 kB
Pss_Dirty:           116 kB
"""


def stat(pid, name, ppid):
    return f"{pid} ({name}) S {ppid} {pid} {pid} 0 -1 4194560 0 0 0 0"


def test_pss_is_read_in_bytes_from_the_pss_line_not_rss():
    assert memory.parse_pss(ROLLUP) == 453 * 1024
    with pytest.raises(ValueError):
        memory.parse_pss("Rss: 10 kB\n")


def test_the_parent_is_read_after_a_command_name_with_spaces_and_parentheses():
    assert memory.parse_ppid(stat(7, "Web Content", 3)) == 3
    assert memory.parse_ppid(stat(8, "a) S 99 (b", 4)) == 4


def test_descendants_are_the_whole_subtree_and_nothing_beside_it():
    parents = {1: 0, 10: 1, 11: 10, 12: 11, 13: 10, 20: 1, 21: 20}
    assert memory.descendants(10, parents) == {10, 11, 12, 13}
    assert memory.descendants(12, parents) == {12}


def fake_proc(tmp_path, processes):
    for pid, (ppid, pss_kb) in processes.items():
        folder = tmp_path / str(pid)
        folder.mkdir()
        (folder / "stat").write_text(stat(pid, "proc", ppid))
        if pss_kb is not None:
            (folder / "smaps_rollup").write_text(f"Rss: {2 * pss_kb} kB\nPss: {pss_kb} kB\n")
    (tmp_path / "self").mkdir()  # not a pid: skipped
    return tmp_path


def test_tree_pss_sums_the_root_and_its_descendants_and_skips_what_cannot_be_read(tmp_path):
    # 5 is the browser, 6 and 7 its children, 8 a grandchild whose smaps_rollup is gone; 9 is another program.
    proc = fake_proc(tmp_path, {5: (1, 100), 6: (5, 20), 7: (5, 30), 8: (7, None), 9: (1, 1000)})
    assert memory.tree_pss(5, proc) == 150 * 1024
    assert memory.tree_pss(7, proc) == 30 * 1024


@needs_threads
def test_peak_keeps_the_largest_sample_taken_while_the_block_runs():
    values = iter([10, 50, 20] + [5] * 10_000)
    with memory.Peak(interval=0.001, measure=lambda: next(values)) as peak:
        while len(peak.samples) < 4:
            pass
    assert peak.max_bytes == 50
    assert peak.samples[0] == (pytest.approx(0, abs=1), 10)


@needs_threads
def test_peak_of_this_process_is_a_plausible_number_of_bytes():
    import os

    with memory.Peak(os.getpid(), interval=0.01) as peak:
        pass
    assert 1 << 20 < peak.max_bytes < 1 << 34
