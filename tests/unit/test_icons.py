"""The PWA icons (tools/icons.py) are drawn, not kept: their pixels must not depend on which compressor the build has
(Zopfli in the tooling's environment, zlib elsewhere), and each must be a whole PNG of its size."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="tools/ is not in Pyodide")


def chunks(png: bytes) -> dict[bytes, bytes]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = {}, 8
    while at < len(png):
        (length,), tag = struct.unpack(">I", png[at : at + 4]), png[at + 4 : at + 8]
        data = png[at + 8 : at + 8 + length]
        assert struct.unpack(">I", png[at + 8 + length : at + 12 + length])[0] == zlib.crc32(tag + data)
        found[tag] = data
        at += 12 + length
    return found


@pytest.mark.parametrize("size", [192, 512])
def test_an_icon_has_the_same_pixels_whichever_compressor_wrote_it(size, monkeypatch):
    sys.path.insert(0, str(ROOT / "tools"))
    import icons

    built = chunks(icons.icon_png(size))
    monkeypatch.setitem(sys.modules, "zopfli.zlib", None)  # the build without the tooling: zlib -9
    plain = chunks(icons.icon_png(size))
    assert list(built) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]  # opaque: no transparency, for iOS
    assert struct.unpack(">II", built[b"IHDR"][:8]) == (size, size)
    rows = zlib.decompress(built[b"IDAT"])
    assert len(rows) == size * (size + 1)  # a filter byte and a palette index a pixel, every row
    assert rows == zlib.decompress(plain[b"IDAT"])
    assert len(built[b"IDAT"]) <= len(plain[b"IDAT"])
