"""The set-up's apt-get on a busy machine: set-ups run side by side take turns (the one that waited installs nothing
another already installed), and one waits for another program's hold on apt's locks, but not for other failures.
A fake apt-get on PATH stands for Debian's."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT, TOOLING

pytestmark = [TOOLING, pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in Pyodide")]

# The fake apt-get: logs its arguments; fails with apt's lock message while the file `locked` holds a count above 0
# (counting it down), fails with another message if `broken` exists, and otherwise "installs" by creating `made`.
FAKE_APT = """#!/bin/sh
echo "$@" >> "{dir}/calls"
if [ -f "{dir}/broken" ]; then echo "E: Unable to locate package nosuch" >&2; exit 100; fi
left=$(cat "{dir}/locked" 2>/dev/null || echo 0)
if [ "$left" -gt 0 ]; then
  echo $((left - 1)) > "{dir}/locked"
  echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 1 (apt-get)" >&2; exit 100
fi
if [ "$1" = install ]; then touch "{dir}/made"; fi
"""


@pytest.fixture
def environment(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT))
    from tools import environment

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    apt = bin_dir / "apt-get"
    apt.write_text(FAKE_APT.format(dir=tmp_path))
    apt.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(environment, "APT_TURN", tmp_path / "turn.lock")
    monkeypatch.setattr(environment, "APT_LOCK_POLL", 0.0)
    monkeypatch.setattr(environment, "ENGINE_PACKAGES", {str(tmp_path / "made"): "made"})
    return environment


def calls(tmp_path) -> list[str]:
    return (tmp_path / "calls").read_text().splitlines() if (tmp_path / "calls").exists() else []


def test_a_missing_package_is_installed(environment, tmp_path):
    environment.ensure_engines([str(tmp_path / "made")])
    assert (tmp_path / "made").exists()
    assert calls(tmp_path) == ["update -qq", "install -y -qq made"]


def test_a_set_up_that_waited_its_turn_installs_nothing_the_other_installed(environment, tmp_path, monkeypatch):
    import fcntl

    real_flock = fcntl.flock

    def another_set_up_finished_while_waiting(file, operation):
        (tmp_path / "made").touch()
        real_flock(file, operation)

    monkeypatch.setattr(environment.fcntl, "flock", another_set_up_finished_while_waiting)
    environment.ensure_engines([str(tmp_path / "made")])
    assert calls(tmp_path) == []


def test_apts_lock_held_by_another_program_is_waited_for(environment, tmp_path):
    (tmp_path / "locked").write_text("3")
    environment.ensure_engines([str(tmp_path / "made")])
    assert (tmp_path / "made").exists()
    assert calls(tmp_path) == ["update -qq"] * 4 + ["install -y -qq made"]


def test_a_lock_held_past_the_wait_ends_the_set_up(environment, tmp_path, monkeypatch):
    (tmp_path / "locked").write_text("1000")
    monkeypatch.setattr(environment, "APT_LOCK_WAIT", -1.0)
    with pytest.raises(subprocess.CalledProcessError):
        environment.ensure_engines([str(tmp_path / "made")])
    assert calls(tmp_path) == ["update -qq"]


def test_any_other_failure_ends_the_set_up_at_once_with_apts_words(environment, tmp_path, capsys):
    (tmp_path / "broken").touch()
    with pytest.raises(subprocess.CalledProcessError):
        environment.ensure_engines([str(tmp_path / "made")])
    assert calls(tmp_path) == ["update -qq"]
    assert "Unable to locate package nosuch" in capsys.readouterr().err
