"""The installable app's PNG icons, drawn from icon.svg's shapes by a small PNG writer: no
browser, no network, the same bytes every build."""

from __future__ import annotations

import functools
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

# icon.svg in its own 90-unit square: a blue tile, a white 3x3 grid, a "5" in the middle box
# (drawn here as five bars: no font is needed, and the same source gives the same bytes).
ICON_BLUE = (0x1D, 0x4E, 0xD8)
ICON_WHITE = (0xFF, 0xFF, 0xFF)
_ICON_BARS = (  # (x0, y0, x1, y1) in icon units, white
    (7, 7, 83, 11), (7, 79, 83, 83), (7, 7, 11, 83), (79, 7, 83, 83),  # the frame
    (31, 9, 35, 81), (55, 9, 59, 81), (9, 31, 81, 35), (9, 55, 81, 59),  # the box lines
    (39, 38, 51, 41), (39, 38, 42, 47), (39, 44.5, 51, 47.5),  # the "5": top, left, middle
    (48, 44.5, 51, 53), (39, 50, 51, 53),  # right, bottom
)  # fmt: skip
# (file name, pixels, maskable): a maskable icon fills its square (the platform cuts the shape)
# with the drawing inside the central 80% safe zone.
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
)


def icon_pixel(x: float, y: float, *, maskable: bool) -> tuple[int, int, int, int]:
    """The RGBA colour of icon.svg at (x, y) in its 90-unit square.

    Examples:
        >>> [icon_pixel(x, y, maskable=False) for x, y in ((45, 20), (45, 33), (0.5, 0.5))]
        [(29, 78, 216, 255), (255, 255, 255, 255), (0, 0, 0, 0)]
    """
    if not maskable:
        radius = 12.0  # the tile's rounded corners: transparent outside them
        cx = min(max(x, radius), 90 - radius)
        cy = min(max(y, radius), 90 - radius)
        if (x - cx) ** 2 + (y - cy) ** 2 > radius**2:
            return (0, 0, 0, 0)
    else:  # the drawing scaled into the central 80%, the blue reaching the edges
        x, y = (x - 45) / 0.8 + 45, (y - 45) / 0.8 + 45
    for x0, y0, x1, y1 in _ICON_BARS:
        if x0 <= x < x1 and y0 <= y < y1:
            return (*ICON_WHITE, 255)
    return (*ICON_BLUE, 255)


def png_bytes(size: int, pixel: Callable[[float, float], tuple[int, int, int, int]]) -> bytes:
    """A size x size RGBA PNG; pixel(x, y) is sampled at each pixel's centre, in 90-unit space."""
    scale = 90 / size
    rows = bytearray()
    for row in range(size):
        rows.append(0)  # filter: none
        for col in range(size):
            rows.extend(pixel((col + 0.5) * scale, (row + 0.5) * scale))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def write_icons(site: Path) -> None:
    """The installable app's PNG icons (192, 512, maskable 512) beside icon.svg."""
    for name, size, maskable in ICONS:
        (site / name).write_bytes(png_bytes(size, functools.partial(icon_pixel, maskable=maskable)))
