"""How much a map render costs beyond merely encoding a PNG of its size.

Plain script: ``.venv/bin/python benchmarks/bench_render.py``. Times, interleaved so
both see the same machine load:

- ``render_png`` of the busy sample view (static ship layer already cached);
- the floor: Pillow PNG-encoding a blank canvas of the same size, mode and palette,
  at the deflate level a render uses for the rows it changes (render.png);
- for comparison, Pillow PNG-encoding the finished map itself at that level: what a
  render would cost if it compressed the whole picture every time.

Prints per-call minimum and median times and the ratio render / floor (target <= 1.5).

Then the phone (issue 23): it draws the close-up around the sample's acting unit and
a deck's close-up (render.zoom), times them, and writes, to judge by looking, the
close-up and the full map each scaled to a 400-pixel phone column (``--out DIR``,
default the system's temporary directory), printing the grid pitch and the smallest
text of each as a phone shows them.
"""

from __future__ import annotations

import argparse
import io
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from engine.board.ship import Ship
from engine.board_view import BoardView
from render import style
from render.board import render_board, render_png
from render.png import DYNAMIC_LEVEL
from render.samples import sample_view
from render.static_layer import static_layer
from render.zoom import close_up, deck_window, focus_window

ROUNDS = 200
CLOSE_UP_ROUNDS = 20
TARGET = 1.5
PHONE = 400  # pixels: the column a phone gives a picture in Discord


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()), help="folder")
    out = parser.parse_args().out
    ship = read_floorplan(DEFAULT_SHIP_PATH)
    view = sample_view(ship)
    full_map(ship, view)
    phone(ship, view, out)


def full_map(ship: Ship, view: BoardView) -> None:

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


def phone(ship: Ship, view: BoardView, out: Path) -> None:
    """The close-up and the full map as a phone column shows them."""
    acting = next(u for u in view.units if u.active)
    title = f"{acting.label} at {acting.grid} · {view.title}"
    window = focus_window(ship, acting.grid)
    times = []
    for _ in range(CLOSE_UP_ROUNDS):
        began = time.perf_counter()
        focus = close_up(view, ship, window, title)
        focus.png()
        times.append(time.perf_counter() - began)
    deck_times = []
    for _ in range(CLOSE_UP_ROUNDS // 4):
        began = time.perf_counter()
        close_up(view, ship, deck_window(ship, acting.grid.deck), "deck").png()
        deck_times.append(time.perf_counter() - began)
    whole = render_board(view, ship).convert("RGB")
    out.mkdir(parents=True, exist_ok=True)
    paths = {
        "focus": out / "quicksilver-close-up.png",
        "focus400": out / "quicksilver-close-up-400px.png",
        "map400": out / "quicksilver-map-400px.png",
    }
    paths["focus"].write_bytes(focus.png())
    _column(focus.image).save(paths["focus400"])
    _column(whole).save(paths["map400"])
    shrink_map, shrink_focus = PHONE / whole.width, PHONE / focus.image.width
    rooms = [lb for lb in focus.labels[1:] if lb.text in {r.name for r in ship.regions.values()}]
    counters = [lb for lb in focus.labels[1:] if lb not in rooms]
    print()
    print(
        f"close-up around {acting.label}: {focus.image.width}x{focus.image.height} px, "
        f"{focus.pitch} px a grid ({focus.pitch / style.CELL:.1f}x the map's {style.CELL})"
    )
    print(f"{'close-up (focus), median ms':<44} {statistics.median(times) * 1000:>8.2f}")
    print(f"{'close-up (whole deck), median ms':<44} {statistics.median(deck_times) * 1000:>8.2f}")
    print(f"on a {PHONE} px phone column:")
    print(
        f"  full map   {whole.width}x{whole.height}: {style.CELL * shrink_map:.1f} px a grid, "
        f"room names from {min(style.ROOM_NAME_SIZES) * shrink_map:.1f} px"
    )
    print(
        f"  close-up   {focus.pitch * shrink_focus:.1f} px a grid, room names from "
        f"{min(lb.size for lb in rooms) * shrink_focus:.1f} px, counter names from "
        f"{min(lb.size for lb in counters) * shrink_focus:.1f} px, every name whole"
    )
    for name, path in paths.items():
        print(f"  wrote {path} ({name})")


def _column(image: Image.Image) -> Image.Image:
    """``image`` as a phone column shows it: :data:`PHONE` pixels wide."""
    rgb = image.convert("RGB")
    return rgb.resize((PHONE, round(rgb.height * PHONE / rgb.width)), Image.Resampling.LANCZOS)


if __name__ == "__main__":
    main()
