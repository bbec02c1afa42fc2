"""Speed ratios that must hold, measured against floors timed beside them (CI).

.venv/bin/python benchmarks/bench_ratios.py [--check] [--rounds N]

Absolute times say more about the machine and its load than about the code, so CI
guards ratios instead, each against a floor timed in the same process, interleaved
with it, in process CPU time (``time.process_time``), the best (least) of ``--rounds``
rounds of each:

- ``replay``: replaying the 16 level-game scripts (``Game.replay`` from their seeds, the
  corpus of ``bench_engine.py``), per command, against one run of :func:`reference`, a
  fixed pure-Python loop of the kind the engine runs (dicts, lists, attributes, calls).
- ``render``: ``render_png`` of the busy sample view (static ship layer already built)
  against Pillow PNG-encoding a blank canvas of the same size, mode and palette at the
  deflate level a render uses (the floor ``bench_render.py`` compares with).
- ``close-up``: deck 0's close-up as the referee sees the sample view, the alien's route
  across it (the most rows deflated again), against the same floor.

Prints each ratio beside its threshold; ``--check`` exits 1 when one is above it. The
thresholds leave generous room over the ratios measured on a busy 2-core machine (see
``THRESHOLDS``), so only a real loss of speed trips them.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_engine import level_corpus
from engine.board.floorplan import default_ship
from engine.board.ship import Ship
from engine.board_view import BoardView
from engine.game import Game
from render.board import render_board, render_png
from render.png import DYNAMIC_LEVEL
from render.samples import sample_view
from render.static_layer import static_layer
from render.zoom import close_up, deck_window

# Measured on a 2-core machine at load 3.5 to 8 (CPU, best of 7 rounds, several runs):
# replay 0.29-0.32 reference loops a command (0.79-0.86 for the engine before the replay
# without copies, the cached routes and search tables: this guard refuses that); render
# 0.94-1.03 blank PNGs with zlib's deflate, 0.53-0.58 with zlib-ng's (render.png); deck
# 0's close-up with the alien's long route 1.66-1.68 (2.65 with zlib's). Each threshold is
# about twice the worst ratio seen.
THRESHOLDS = {"replay": 0.6, "render": 1.2, "close-up": 3.4}


@dataclass(frozen=True)
class Record:
    """A small mutable record, like the engine's units."""

    id: int
    grid: tuple[int, int, int]


def reference() -> int:
    """A fixed pure-Python workload: build records, index them, filter, sort, look up.
    It never changes, so the replay's ratio to it follows the engine's code alone."""
    records = [Record(i, (i % 3, i % 26, i % 12)) for i in range(60)]
    by_id = {r.id: r for r in records}
    total = 0
    for r in records:
        near = [o for o in records if o.grid[0] == r.grid[0] and o.id != r.id]
        total += len(near) + by_id[(r.id * 7) % 60].grid[1]
    ordered = sorted(records, key=lambda r: (r.grid, -r.id))
    return total + ordered[0].id


def best_of(rounds: int, runs: dict[str, Callable[[], object]]) -> dict[str, float]:
    """The least CPU seconds of each run over ``rounds`` interleaved rounds."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, run in runs.items():
            began = time.process_time()
            run()
            best[name] = min(best[name], time.process_time() - began)
    return best


def replay_ratio(rounds: int) -> tuple[float, str]:
    corpus = level_corpus()
    reps = 200  # reference loops per round: about as long as one replay of the corpus
    times = best_of(
        rounds,
        {
            "replay": corpus.replay,
            "reference": lambda: [reference() for _ in range(reps)],
        },
    )
    per_command = times["replay"] / corpus.commands
    per_reference = times["reference"] / reps
    detail = (
        f"{per_command * 1e6:.0f} us a command ({corpus.commands:,} commands), "
        f"reference {per_reference * 1e6:.0f} us"
    )
    return per_command / per_reference, detail


def blank_png(ship: Ship, view: BoardView) -> Callable[[], bytes]:
    """The floor: Pillow's PNG of a blank canvas the size of the map, on its palette."""
    busy = render_board(view, ship)
    blank = Image.new(busy.mode, busy.size)
    blank.putpalette(static_layer(ship).image.getpalette() or [])

    def floor() -> bytes:
        out = io.BytesIO()
        blank.save(out, "PNG", compress_level=DYNAMIC_LEVEL)
        return out.getvalue()

    return floor


def render_ratio(rounds: int) -> tuple[float, str]:
    ship = default_ship()
    view = sample_view(ship)
    render_png(view, ship)  # the static ship layer, built once
    busy = render_board(view, ship)
    floor = blank_png(ship, view)
    times = best_of(rounds * 4, {"render": lambda: render_png(view, ship), "floor": floor})
    detail = (
        f"render {times['render'] * 1e3:.1f} ms, blank PNG {times['floor'] * 1e3:.1f} ms "
        f"({busy.width}x{busy.height})"
    )
    return times["render"] / times["floor"], detail


def close_up_ratio(rounds: int) -> tuple[float, str]:
    """Deck 0's close-up as the referee sees the sample (the alien's route crosses the
    deck: the most rows drawn again) against the same floor as the map's."""
    ship = default_ship()
    view = sample_view(ship)
    window = deck_window(ship, 0)
    close_up(view, ship, window, "Deck").png()  # the deck's kept body, built once
    runs = {
        "close-up": lambda: close_up(view, ship, window, "Deck").png(),
        "floor": blank_png(ship, view),
    }
    times = best_of(rounds * 4, runs)
    detail = f"close-up {times['close-up'] * 1e3:.1f} ms, blank PNG {times['floor'] * 1e3:.1f} ms"
    return times["close-up"] / times["floor"], detail


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a ratio is too high")
    parser.add_argument("--rounds", type=int, default=7, help="rounds; the best counts")
    args = parser.parse_args()
    Game.new(0)  # load the ship, content and tables outside the timings
    failed = []
    measures = (("replay", replay_ratio), ("render", render_ratio), ("close-up", close_up_ratio))
    for name, measure in measures:
        ratio, detail = measure(args.rounds)
        limit = THRESHOLDS[name]
        verdict = "ok" if ratio <= limit else "TOO SLOW"
        print(f"{name}: ratio {ratio:.2f} (threshold {limit:.2f}) {verdict}; {detail}")
        if ratio > limit:
            failed.append(name)
    if args.check and failed:
        print(f"bench_ratios --check: {', '.join(failed)} above the threshold", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
