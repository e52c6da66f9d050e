"""The PWA icons: a die showing five, drawn here so that no binary file needs keeping in the repository."""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import struct
import zlib
from pathlib import Path

RED, CREAM = (0x8A, 0x2B, 0x1B), (0xFA, 0xF6, 0xEE)


def _box_distance(x: float, y: float, half: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded square centred on the origin."""
    qx, qy = abs(x) - (half - radius), abs(y) - (half - radius)
    outside = (max(qx, 0.0) ** 2 + max(qy, 0.0) ** 2) ** 0.5
    return outside + min(max(qx, qy), 0.0) - radius


def icon_png(size: int) -> bytes:
    """An indexed PNG, opaque: a red square to its edges with the die inside the middle 80 % (the safe zone a mask may
    crop to), so that one picture serves as the app's icon as it is and under any mask (purpose "any" and
    "maskable"), and iOS, which fills transparent corners with black, shows it whole. The die's edge and pips are
    blended in 4 shades (2 bits a pixel): at the sizes an icon is shown the edge reads smooth, and the two files are
    1 KB smaller than with 16 shades (the site's byte budget)."""
    die_half = size * 0.28  # its farthest corner 37 % of the size from the middle: inside the safe zone
    pip = die_half * 0.17
    pips = [(0.0, 0.0)] + [(sx * die_half * 0.5, sy * die_half * 0.5) for sx in (-1, 1) for sy in (-1, 1)]
    steps = 3
    palette: dict[int, int] = {}  # the die's share in steps -> index
    rows = []
    for j in range(size):
        row = bytearray(b"\0")
        y = j + 0.5 - size / 2
        for i in range(size):
            x = i + 0.5 - size / 2
            die = min(max(0.5 - _box_distance(x, y, die_half, die_half * 0.22), 0.0), 1.0)
            if die > 0:
                nearest = min(((x - px) ** 2 + (y - py) ** 2) ** 0.5 for px, py in pips)
                die *= 1.0 - min(max(pip + 0.5 - nearest, 0.0), 1.0)
            row.append(palette.setdefault(round(die * steps), len(palette)))
        rows.append(bytes(row))
    colors = bytearray()
    for die_step in palette:
        share = die_step / steps
        colors += bytes(round(r * (1 - share) + c * share) for r, c in zip(RED, CREAM))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 3, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"PLTE", bytes(colors))
        + chunk(b"IDAT", _deflated(b"".join(rows)))
        + chunk(b"IEND", b"")
    )


def _deflated(data: bytes) -> bytes:
    """``data`` as a zlib stream: by Zopfli where the tooling's environment has it (the three icons 1.2 KB smaller
    than zlib -9, the same pixels: only the compressor differs), else by zlib -9."""
    try:
        from zopfli.zlib import compress
    except ImportError:
        return zlib.compress(data, 9)
    return bytes(compress(data, numiterations=15))


def _smallest(png: bytes) -> bytes:
    """The same pixels in the fewest bytes ZopfliPNG finds (the 4 colours at 2 bits a pixel, the best filter per row:
    a few hundred bytes smaller), where the tooling's environment has it; else as drawn."""
    try:
        from zopfli.png import optimize
    except ImportError:
        return png
    return bytes(optimize(png))


def icons(build: Path) -> dict[str, bytes]:
    """The PWA icons, drawn once per build (cached in build/ by the code that draws them and the compressor it has:
    icons a build outside the tooling's environment drew are drawn again inside it, by Zopfli)."""
    out = build / "icons"
    compressor = "zopfli" if importlib.util.find_spec("zopfli") else "zlib"
    source = hashlib.sha256(Path(__file__).read_bytes() + compressor.encode()).hexdigest()[:16]  # redrawn on change
    wanted = {"icon-192.png": 192, "icon-512.png": 512}
    if (out / ".source").exists() and (out / ".source").read_text() == source:
        return {name: (out / name).read_bytes() for name in wanted}
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name, size in wanted.items():
        (out / name).write_bytes(_smallest(icon_png(size)))
    (out / ".source").write_text(source)
    return {name: (out / name).read_bytes() for name in wanted}
