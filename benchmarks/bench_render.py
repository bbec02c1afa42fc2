"""How much a map render costs beyond merely encoding a PNG of its size.

Plain script: ``.venv/bin/python benchmarks/bench_render.py``. Prints the mean time
of ``render_png`` for the busy sample view (the static ship layer already cached),
the mean time to PNG-encode a blank canvas of the same size, mode and palette with
the same encoder settings (the floor no renderer beats), and their ratio. Target:
ratio <= 1.5.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from engine.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from render.board import PNG_OPTIONS, render_board, render_png
from render.samples import sample_view
from render.static_layer import static_layer

ROUNDS = 7
PER_ROUND = 10
TARGET = 1.5


def timed(run: Callable[[], object]) -> float:
    """The median over rounds of the mean time per call, in seconds."""
    means = []
    for _ in range(ROUNDS):
        began = time.perf_counter()
        for _ in range(PER_ROUND):
            run()
        means.append((time.perf_counter() - began) / PER_ROUND)
    return statistics.median(means)


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", **PNG_OPTIONS)
    return out.getvalue()


def main() -> None:
    ship = read_floorplan(DEFAULT_SHIP_PATH)
    view = sample_view(ship)

    began = time.perf_counter()
    render_png(view, ship)
    print(f"{'first render (draws the static ship)':<40} {time.perf_counter() - began:>8.3f} s")

    busy = render_board(view, ship)
    blank = Image.new(busy.mode, busy.size)
    blank.putpalette(static_layer(ship).image.getpalette() or [])

    render_s = timed(lambda: render_png(view, ship))
    floor_s = timed(lambda: encode(blank))
    ratio = render_s / floor_s
    size = f"{busy.width}x{busy.height} {busy.mode}"
    print(f"{'image':<40} {size:>12}   PNG options {PNG_OPTIONS}")
    print(f"{'render_png, busy sample view':<40} {render_s * 1000:>8.2f} ms   ({len(render_png(view, ship)):,} bytes)")
    print(f"{'PNG-encode a blank canvas (the floor)':<40} {floor_s * 1000:>8.2f} ms   ({len(encode(blank)):,} bytes)")
    verdict = "ok" if ratio <= TARGET else "OVER TARGET"
    print(f"{'ratio render / floor':<40} {ratio:>8.2f}      (target <= {TARGET}: {verdict})")


if __name__ == "__main__":
    main()
