"""WebKit's screen (drivers.Xvfb) outlives each test's browser. An X server resets when its last client leaves, and
refuses the clients that come during the reset: each test's MiniBrowser is the screen's only client, so the next
test's could find no screen, and WebKitWebDriver then waited for it without end (a CI run ended so)."""

from __future__ import annotations

import subprocess

import drivers
import pytest
from conftest import ENGINES

pytestmark = pytest.mark.skipif("webkit" not in ENGINES, reason="the screen is WebKit's")


def test_the_screen_is_not_reset_when_its_last_client_leaves():
    screen = drivers.Xvfb()
    try:
        root = ["xprop", "-display", screen.display, "-root"]
        subprocess.run([*root, "-f", "PYRULES_MARK", "8s", "-set", "PYRULES_MARK", "kept"], check=True, timeout=60)
        # that xprop was the screen's only client, and has left: a reset deletes the root window's properties
        shown = subprocess.run([*root, "PYRULES_MARK"], capture_output=True, text=True, check=True, timeout=60)
        assert shown.stdout.strip() == 'PYRULES_MARK(STRING) = "kept"'
    finally:
        screen.close()
