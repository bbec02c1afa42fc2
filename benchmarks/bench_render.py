"""How much a map render costs beyond merely encoding a PNG of its size.

Plain script: ``.venv/bin/python benchmarks/bench_render.py``. Times, interleaved so
both see the same machine load:

- ``render_png`` of the busy sample view (static ship layer already cached);
- the floor: Pillow PNG-encoding a blank canvas of the same size, mode and palette,
  at the deflate level a render uses for the rows it changes (render.png);
- for comparison, Pillow PNG-encoding the finished map itself at that level: what a
  render would cost if it compressed the whole picture every time.

Prints per-call minimum and median times and the ratio render / floor (target <= 1.5).
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from render.board import render_board, render_png
from render.png import DYNAMIC_LEVEL
from render.samples import sample_view
from render.static_layer import static_layer

ROUNDS = 200
TARGET = 1.5


def pillow_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=DYNAMIC_LEVEL)
    return out.getvalue()


def interleaved(runs: dict[str, Callable[[], object]]) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(ROUNDS):
        for name, run in runs.items():
            began = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - began)
    return times


def main() -> None:
    ship = read_floorplan(DEFAULT_SHIP_PATH)
    view = sample_view(ship)

    began = time.perf_counter()
    render_png(view, ship)
    print(f"{'first render (draws the static ship)':<44} {time.perf_counter() - began:>8.3f} s")

    busy = render_board(view, ship)
    blank = Image.new(busy.mode, busy.size)
    blank.putpalette(static_layer(ship).image.getpalette() or [])
    runs: dict[str, Callable[[], object]] = {
        "render_png, busy sample view": lambda: render_png(view, ship),
        "floor: Pillow PNG of a blank canvas": lambda: pillow_png(blank),
        "(Pillow PNG of the whole finished map)": lambda: pillow_png(busy),
    }
    sizes = [len(render_png(view, ship)), len(pillow_png(blank)), len(pillow_png(busy))]
    times = interleaved(runs)

    print(f"image {busy.width}x{busy.height} {busy.mode}, deflate level {DYNAMIC_LEVEL}")
    print(f"{'':<44} {'min ms':>8} {'median ms':>10} {'bytes':>10}")
    for (name, samples), size in zip(times.items(), sizes, strict=True):
        low, mid = min(samples) * 1000, statistics.median(samples) * 1000
        print(f"{name:<44} {low:>8.2f} {mid:>10.2f} {size:>10,}")
    render, floor = (
        times["render_png, busy sample view"],
        times["floor: Pillow PNG of a blank canvas"],
    )
    ratio = statistics.median(render) / statistics.median(floor)
    best = min(render) / min(floor)
    verdict = "ok" if ratio <= TARGET else "OVER TARGET"
    print(f"{'ratio render / floor (medians; minimums)':<44} {ratio:>8.2f} {best:>10.2f}")
    print(f"target <= {TARGET}: {verdict}")


if __name__ == "__main__":
    main()
