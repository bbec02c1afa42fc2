"""PNG encoding that compresses again only the rows a render changed.

A map is mostly the static ship, and compressing a detailed picture costs
about twice as much as compressing a blank one: most of a render's time would
go into deflating pixels that are the same every time. So the paletted picture
is cut into bands of rows; the static layer's bands are deflated once, hard,
and kept; a render deflates only the bands its pieces touch and splices all the
bands into one zlib stream. Each band is an independent deflate segment ending
in a full flush, so the splice is a valid stream (RFC 1950/1951), and the PNG
(RFC 2083: palette, 8 bits, filter type 0 on every row) is ordinary.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from PIL import Image

BAND_ROWS = 46  # about one grid row: fewer, larger bands deflate faster
STATIC_LEVEL = 9  # once per ship: worth the smallest file
DYNAMIC_LEVEL = 1  # per render: fastest
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, no preset dictionary
_ADLER_BASE = 65521


@dataclass(frozen=True, slots=True)
class Band:
    """Rows ``start``..``stop`` of a picture, filtered (a 0 byte before each
    row) and deflated, with the Adler-32 and length of the filtered bytes."""

    start: int
    stop: int
    adler: int
    length: int
    deflated: bytes


def _band(image: Image.Image, start: int, stop: int, level: int) -> Band:
    # A column of zeros on the left puts PNG's filter-type byte before each row.
    filtered = Image.new("P", (image.width + 1, stop - start), 0)
    filtered.paste(image.crop((0, start, image.width, stop)), (1, 0))
    rows = filtered.tobytes()
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    deflated = compressor.compress(rows) + compressor.flush(zlib.Z_FULL_FLUSH)
    return Band(start, stop, zlib.adler32(rows), len(rows), deflated)


def _spans(height: int) -> list[tuple[int, int]]:
    return [(y, min(y + BAND_ROWS, height)) for y in range(0, height, BAND_ROWS)]


def static_bands(image: Image.Image) -> tuple[Band, ...]:
    """Every band of a static picture, deflated at STATIC_LEVEL."""
    return tuple(_band(image, a, b, STATIC_LEVEL) for a, b in _spans(image.height))


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """zlib's adler32_combine: the checksum of two byte strings joined."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += (first >> 16) + (second >> 16) + _ADLER_BASE - rem
    return (sum1 % _ADLER_BASE) | ((sum2 % _ADLER_BASE) << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode(
    image: Image.Image,
    palette: bytes,
    cached: tuple[Band, ...],
    dirty: Iterable[tuple[int, int]],
) -> bytes:
    """PNG bytes of the "P" picture ``image`` (``palette``: its RGB triplets
    as bytes): the ``cached`` bands of the
    static picture it was copied from, except those overlapping a ``dirty``
    row span ``(y0, y1)``, which are deflated afresh from ``image``."""
    spans = list(dirty)
    parts = [_ZLIB_HEADER]
    adler = 1
    for band in cached:
        if any(y0 < band.stop and band.start < y1 for y0, y1 in spans):
            band = _band(image, band.start, band.stop, DYNAMIC_LEVEL)
        parts.append(band.deflated)
        adler = _adler32_combine(adler, band.adler, band.length)
    parts.append(zlib.compressobj(DYNAMIC_LEVEL, zlib.DEFLATED, -15).flush())
    parts.append(struct.pack(">I", adler))
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", b"".join(parts)),
            _chunk(b"IEND", b""),
        )
    )
