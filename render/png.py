"""PNG encoding that compresses again only the rows a render changed.

A map is mostly the static ship, and compressing a detailed picture costs
about twice as much as compressing a blank one: most of a render's time would
go into deflating pixels that are the same every time. So the paletted picture
is cut into bands of rows; the static layer's bands are deflated once, hard,
and kept; a render deflates only the bands its pieces touch and splices all the
bands into one zlib stream. Each band is an independent deflate segment ending
in a full flush, so the splice is a valid stream (RFC 1950/1951), and the PNG
(RFC 2083: palette, 8 bits, filter type 0 on every row) is ordinary.

Deflating is zlib-ng's (the ``zlib-ng`` package): the same streams as zlib's, made
three times as fast at level 1, and its Adler-32 ten times as fast; a map's render
spends most of its time here.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass

from PIL import Image
from zlib_ng import zlib_ng

BAND_ROWS = 46  # about one grid row: fewer, larger bands deflate faster
STATIC_LEVEL = 6  # once per ship: level 9 costs five times as long for 13% fewer bytes
DYNAMIC_LEVEL = 1  # per render: fastest
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, no preset dictionary
_ADLER_BASE = 65521

Span = tuple[int, int]  # rows y0 <= y < y1


@dataclass(frozen=True, slots=True)
class Band:
    """Rows ``start``..``stop`` of a picture, filtered (a 0 byte before each
    row) and deflated, with the Adler-32 and length of the filtered bytes."""

    start: int
    stop: int
    adler: int
    length: int
    deflated: bytes


def band(image: Image.Image, start: int, stop: int, level: int = DYNAMIC_LEVEL) -> Band:
    """Rows ``start``..``stop`` of the "P" picture ``image``, filtered and deflated."""
    # A column of zeros on the left puts PNG's filter-type byte before each row.
    filtered = Image.new("P", (image.width + 1, stop - start), 0)
    filtered.paste(image.crop((0, start, image.width, stop)), (1, 0))
    rows = filtered.tobytes()
    compressor = zlib_ng.compressobj(level, zlib_ng.DEFLATED, -15)
    deflated = compressor.compress(rows) + compressor.flush(zlib_ng.Z_FULL_FLUSH)
    return Band(start, stop, zlib_ng.adler32(rows), len(rows), deflated)


def shifted(bands: tuple[Band, ...], by: int) -> tuple[Band, ...]:
    """The same bands ``by`` rows lower: a static part pasted lower in a picture."""
    return tuple(Band(b.start + by, b.stop + by, b.adler, b.length, b.deflated) for b in bands)


def static_bands(image: Image.Image, rows: int = BAND_ROWS) -> tuple[Band, ...]:
    """Every band of a static picture, ``rows`` rows each, deflated at STATIC_LEVEL."""
    spans = [(y, min(y + rows, image.height)) for y in range(0, image.height, rows)]
    return tuple(band(image, a, b, STATIC_LEVEL) for a, b in spans)


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """zlib's adler32_combine: the checksum of two byte strings joined."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += (first >> 16) + (second >> 16) + _ADLER_BASE - rem
    return (sum1 % _ADLER_BASE) | ((sum2 % _ADLER_BASE) << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib_ng.crc32(kind + data))
    )


def encode(
    image: Image.Image,
    palette: bytes,
    cached: tuple[Band, ...] = (),
    dirty: Iterable[Span] = (),
) -> bytes:
    """PNG bytes of the "P" picture ``image`` (``palette``: its RGB triplets as bytes).

    ``cached``: bands of a static picture ``image`` was copied from, in order, each
    used as it is unless it overlaps a ``dirty`` row span ``(y0, y1)``; those bands,
    and the rows no cached band covers, are deflated afresh from ``image``, each run of
    them in one piece."""
    spans = list(dirty)
    parts: list[Band | Span] = []
    y = 0
    for kept in cached:
        if y < kept.start:
            parts.append((y, kept.start))
        changed = any(y0 < kept.stop and kept.start < y1 for y0, y1 in spans)
        parts.append((kept.start, kept.stop) if changed else kept)
        y = kept.stop
    if y < image.height:
        parts.append((y, image.height))
    bands: list[Band] = []
    fresh: Span | None = None
    for part in parts:
        if isinstance(part, Band):
            if fresh is not None:
                bands.append(band(image, *fresh))
                fresh = None
            bands.append(part)
        else:
            fresh = part if fresh is None else (fresh[0], part[1])
    if fresh is not None:
        bands.append(band(image, *fresh))
    return _png(image.width, image.height, palette, bands)


def _png(width: int, height: int, palette: bytes, bands: list[Band]) -> bytes:
    parts = [_ZLIB_HEADER]
    adler = 1
    for part in bands:
        parts.append(part.deflated)
        adler = _adler32_combine(adler, part.adler, part.length)
    parts.append(zlib_ng.compressobj(DYNAMIC_LEVEL, zlib_ng.DEFLATED, -15).flush())
    parts.append(struct.pack(">I", adler))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", b"".join(parts)),
            _chunk(b"IEND", b""),
        )
    )
