"""What the pictures cost, and how they read on a phone.

Plain script: ``.venv/bin/python benchmarks/bench_render.py [--out DIR]``. Every time
is printed as wall time and CPU time (the machine may be busy), min and median, and
the runs being compared are interleaved so that both see the same load.

1. The map: ``render_png`` of the busy sample view (static ship layer cached) against
   the floor, Pillow PNG-encoding a blank canvas of the same size, mode and palette at
   the deflate level a render uses (render.png); target ratio <= 1.5.
2. The first map after a restart, each in a fresh process (median of three): the
   phase card and the whole map, cold and after ``render.warm.warm_up`` (what the bot
   runs at start-up, off its event loop); target < 100 ms after the warm-up.
3. Close-ups (render.zoom): each deck, the focus round the acting unit, against the same
   floor; target for a deck <= 2x the floor.
4. The phase card (render.card) of the sample phase (render.samples.sample_events).
5. On a 400-pixel phone column: for the phase card, a deck close-up and the whole map,
   the pixels of a grid and the cap height of the smallest letters of each kind (unit
   names, room names, grid labels), and whether every name is whole. It writes each
   picture scaled to 400 pixels to ``--out`` (default: the system's temporary
   directory), to look at.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.board.floorplan import default_ship
from engine.board.ship import Ship
from engine.board_view import BoardView, UnitSide
from engine.content import load_content
from engine.events import Event
from render import style
from render.board import render_board, render_png
from render.card import PhaseCard, phase_card
from render.card_layout import PHONE, PHONE_GRID, PHONE_LETTERS
from render.deck_layer import PITCH, ZOOM
from render.fonts import cap_height, line_height, text_width
from render.labels import Label
from render.looks import CounterLook
from render.pieces import counter_name, map_name
from render.png import DYNAMIC_LEVEL
from render.samples import sample_events, sample_view
from render.static_layer import static_layer
from render.warm import warm_up
from render.zoom import CloseUp, close_up, deck_window, focus_window

ROUNDS = 200
CLOSE_UP_ROUNDS = 30
RESTARTS = 3
MAP_TARGET = 1.5
DECK_TARGET = 2.0
FIRST_TARGET = 0.100  # seconds

Timed = tuple[list[float], list[float]]  # wall and CPU seconds, one per run


def pillow_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=DYNAMIC_LEVEL)
    return out.getvalue()


def interleaved(runs: dict[str, Callable[[], object]], rounds: int) -> dict[str, Timed]:
    times: dict[str, Timed] = {name: ([], []) for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            wall, cpu = time.perf_counter(), time.process_time()
            run()
            times[name][0].append(time.perf_counter() - wall)
            times[name][1].append(time.process_time() - cpu)
    return times


def ms(samples: list[float]) -> str:
    return f"{min(samples) * 1000:>7.2f} {statistics.median(samples) * 1000:>7.2f}"


def table(times: dict[str, Timed], sizes: dict[str, int] | None = None) -> None:
    print(f"{'':<46} {'wall ms min  med':>16} {'CPU ms min  med':>16} {'bytes':>9}")
    for name, (wall, cpu) in times.items():
        size = f"{sizes[name]:>9,}" if sizes and name in sizes else ""
        print(f"{name:<46} {ms(wall):>16} {ms(cpu):>16} {size}")


def ratio(times: dict[str, Timed], name: str, floor: str) -> tuple[float, float]:
    """Median wall and median CPU time of ``name`` over ``floor``'s."""
    (wall, cpu), (floor_wall, floor_cpu) = times[name], times[floor]
    return (
        statistics.median(wall) / statistics.median(floor_wall),
        statistics.median(cpu) / statistics.median(floor_cpu),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()), help="folder")
    parser.add_argument("--first", choices=["cold", "warm"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.first:
        print(json.dumps(first_pictures(args.first == "warm")))
        return
    ship = default_ship()
    view, events = sample_view(ship), sample_events(ship)
    restart()
    floor = blank_floor(ship, view)
    full_map(ship, view, floor)
    close_ups(ship, view, floor)
    card(ship, view, events, floor)
    phone(ship, view, events, args.out)


def blank_floor(ship: Ship, view: BoardView) -> Callable[[], object]:
    busy = render_board(view, ship)
    blank = Image.new(busy.mode, busy.size)
    blank.putpalette(static_layer(ship).image.getpalette() or [])
    return lambda: pillow_png(blank)


FLOOR = "floor: Pillow PNG of a blank map canvas"


def full_map(ship: Ship, view: BoardView, floor: Callable[[], object]) -> None:
    busy = render_board(view, ship)
    runs: dict[str, Callable[[], object]] = {
        "render_png, busy sample view": lambda: render_png(view, ship),
        FLOOR: floor,
        "(Pillow PNG of the whole finished map)": lambda: pillow_png(busy),
    }
    sizes = {
        "render_png, busy sample view": len(render_png(view, ship)),
        "(Pillow PNG of the whole finished map)": len(pillow_png(busy)),
    }
    print(f"\n== the map: {busy.width}x{busy.height} {busy.mode}, deflate level {DYNAMIC_LEVEL}")
    times = interleaved(runs, ROUNDS)
    table(times, sizes)
    wall, cpu = ratio(times, "render_png, busy sample view", FLOOR)
    verdict = "ok" if wall <= MAP_TARGET else "OVER TARGET"
    print(f"map render / floor: {wall:.2f} wall, {cpu:.2f} CPU (target <= {MAP_TARGET}): {verdict}")


# --- the first picture after a restart -----------------------------------------------------


def first_pictures(warm: bool) -> dict[str, float]:
    """In this fresh process: the first phase card and map, after ``warm_up`` or not."""
    ship = default_ship()
    view, events = sample_view(ship), sample_events(ship)
    found: dict[str, float] = {}
    if warm:
        wall, cpu = time.perf_counter(), time.process_time()
        warm_up(ship)
        found["warm_up"], found["warm_up_cpu"] = (
            time.perf_counter() - wall,
            time.process_time() - cpu,
        )
    for name, run in (
        ("card", lambda: phase_card(view, ship, events).png()),
        ("map", lambda: render_png(view, ship)),
    ):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        found[name], found[f"{name}_cpu"] = time.perf_counter() - wall, time.process_time() - cpu
    return found


def restart() -> None:
    print(
        "== the first picture after a restart (a fresh process each; median of "
        f"{RESTARTS}; the phase card first, then the map)"
    )
    for mode in ("cold", "warm"):
        runs = []
        for _ in range(RESTARTS):
            done = subprocess.run(
                [sys.executable, __file__, "--first", mode],
                capture_output=True,
                text=True,
                check=True,
            )
            runs.append(json.loads(done.stdout))
        med = {k: statistics.median(r[k] for r in runs) * 1000 for k in runs[0]}
        line = (
            f"first phase card {med['card']:7.1f} ms wall {med['card_cpu']:7.1f} CPU; "
            f"first map {med['map']:6.1f} ms wall {med['map_cpu']:6.1f} CPU"
        )
        if mode == "cold":
            print(f"  cold (nothing drawn yet):      {line}")
        else:
            verdict = "ok" if med["card"] / 1000 < FIRST_TARGET else "OVER TARGET"
            print(f"  after warm_up (at start-up):   {line}")
            print(
                f"  warm_up itself, off the hot path: {med['warm_up']:.0f} ms wall "
                f"{med['warm_up_cpu']:.0f} CPU; target < {FIRST_TARGET * 1000:.0f} ms "
                f"after it: {verdict}"
            )


# --- close-ups and the card ------------------------------------------------------------------


def close_ups(ship: Ship, view: BoardView, floor: Callable[[], object]) -> None:
    """Each deck as the sample's referee sees it (the alien's route across deck 00) and
    as the crew does (no route, no hidden alien)."""
    acting = next(u for u in view.units if u.active)
    crew = replace(view, viewer="crew", units=tuple(u for u in view.units if not u.hidden), path=())
    runs: dict[str, Callable[[], object]] = {FLOOR: floor}
    for seen in (view, crew):
        for deck in sorted(ship.decks, reverse=True):
            window = deck_window(ship, deck)
            name = f"deck {deck} close-up, {seen.viewer} (PNG)"
            runs[name] = lambda w=window, v=seen: close_up(v, ship, w, "D").png()
    focus = focus_window(ship, acting.grid)
    runs[f"focus round {acting.label} (PNG)"] = lambda: close_up(view, ship, focus, "F").png()
    sample = close_up(view, ship, deck_window(ship, acting.grid.deck), "D")
    print(
        f"\n== close-ups: a deck {sample.image.width}x{sample.image.height} {sample.image.mode}, "
        f"{sample.pitch} px a grid; the sample view ({view.viewer}'s, with the alien's path)"
    )
    times = interleaved(runs, CLOSE_UP_ROUNDS)
    table(times)
    for name in runs:
        if name.startswith("deck"):
            wall, cpu = ratio(times, name, FLOOR)
            verdict = "ok" if wall <= DECK_TARGET else "OVER TARGET"
            print(
                f"{name} / floor: {wall:.2f} wall, {cpu:.2f} CPU "
                f"(target <= {DECK_TARGET}): {verdict}"
            )


def card(ship: Ship, view: BoardView, events: Iterable[Event], floor: Callable[[], object]) -> None:
    phase = tuple(events)
    picture = phase_card(view, ship, phase)
    runs: dict[str, Callable[[], object]] = {
        FLOOR: floor,
        "phase card (PNG)": lambda: phase_card(view, ship, phase).png(),
    }
    print(
        f"\n== the phase card: {picture.image.width}x{picture.image.height}, "
        f"{len(picture.layout.panels)} close-ups, {len(picture.png()):,} bytes"
    )
    times = interleaved(runs, CLOSE_UP_ROUNDS)
    table(times)
    wall, cpu = ratio(times, "phase card (PNG)", FLOOR)
    print(f"phase card / floor: {wall:.2f} wall, {cpu:.2f} CPU")


# --- on a phone ----------------------------------------------------------------------------


def phone(ship: Ship, view: BoardView, events: Iterable[Event], out: Path) -> None:
    """Each picture as a 400-pixel phone column shows it."""
    acting = next(u for u in view.units if u.active)
    picture = phase_card(view, ship, tuple(events))
    deck = close_up(view, ship, deck_window(ship, acting.grid.deck), "Deck")
    whole = render_board(view, ship).convert("RGB")
    print(f"\n== on a {PHONE} px phone column (cap height: a capital letter's height)")
    print(
        f"{'':<22} {'size there':>11} {'grid':>7} {'unit names':>11} {'room names':>11} "
        f"{'grid labels':>12}  names whole"
    )
    _row("phase card", picture.image, PITCH, *_card_letters(picture))
    _row("deck close-up", deck.image, deck.pitch, *_close_up_letters(deck))
    _row("whole map", whole, style.CELL, *_map_letters(view))
    longest = max((h.name for h in load_content().humans), key=lambda n: text_width(n, 20))
    size = PITCH - 2 * style.COUNTER_INSET * ZOOM
    letters = counter_name(CounterLook(longest, UnitSide.CREW, injured=True), size, ZOOM)[0]
    k = PHONE / picture.image.width
    print(
        f"the roster's widest name, {longest}, on a card's counter: capitals "
        f"{cap_height(letters) * k:.1f} px (target >= {PHONE_LETTERS}); "
        f"a card's grid {PITCH * k:.1f} px (target >= {PHONE_GRID})"
    )
    out.mkdir(parents=True, exist_ok=True)
    for name, image in (("phase-card", picture.image), ("deck", deck.image), ("map", whole)):
        path = out / f"quicksilver-{name}-{PHONE}px.png"
        _column(image).save(path)
        print(f"  wrote {path}")


def _row(
    name: str, image: Image.Image, pitch: int, units: int, rooms: int, coords: int, whole: str
) -> None:
    k = PHONE / image.width
    size = f"{PHONE}x{round(image.height * k)}"
    cells = [f"{cap_height(s) * k:.1f} px" for s in (units, rooms, coords)]
    print(
        f"{name:<22} {size:>11} {pitch * k:>5.1f}px {cells[0]:>11} {cells[1]:>11} "
        f"{cells[2]:>12}  {whole}"
    )


def _whole(labels: Iterable[Label]) -> bool:
    """Every label written in full, and inside its box at its size."""
    return all(
        " ".join(label.lines) == label.text
        and all(text_width(line, label.size) <= label.box[2] - label.box[0] for line in label.lines)
        and len(label.lines) * line_height(label.size) <= label.box[3] - label.box[1] + 1
        for label in labels
    )


def _card_letters(picture: PhaseCard) -> tuple[int, int, int, str]:
    panels = [part.panel for part in picture.layout.panels]
    units = [t.name for p in panels for t in p.tokens]
    rooms = [r.label for p in panels for r in p.rooms]
    coords = [c for p in panels for c in p.coordinates]
    return _smallest(units, rooms, coords)


def _close_up_letters(picture: CloseUp) -> tuple[int, int, int, str]:
    panel = picture.panel
    units = [t.name for t in panel.tokens]
    return _smallest(units, [r.label for r in panel.rooms], list(panel.coordinates))


def _map_letters(view: BoardView) -> tuple[int, int, int, str]:
    """The map's counters write a name on one line or two (render.pieces.map_name)."""
    size = style.CELL - 2 * style.COUNTER_INSET
    looks = [CounterLook.of(u) for u in view.units]
    names = [map_name(look, size) for look in looks]
    whole = all(
        "".join(lines).replace("-", "") == look.label.replace("-", "").replace(" ", "")
        or " ".join(lines) == look.label
        for look, (_, lines) in zip(looks, names, strict=True)
    )
    return (
        min(s for s, _ in names),
        min(style.ROOM_NAME_SIZES),
        style.COORD_SIZE,
        "yes" if whole else "NO",
    )


def _smallest(
    units: list[Label], rooms: list[Label], coords: list[Label]
) -> tuple[int, int, int, str]:
    whole = "yes" if _whole([*units, *rooms]) else "NO"
    return (
        min((lb.size for lb in units), default=0),
        min((lb.size for lb in rooms), default=0),
        min((lb.size for lb in coords), default=0),
        whole,
    )


def _column(image: Image.Image) -> Image.Image:
    """``image`` as a phone column shows it: :data:`PHONE` pixels wide."""
    rgb = image.convert("RGB")
    return rgb.resize((PHONE, round(rgb.height * PHONE / rgb.width)), Image.Resampling.LANCZOS)


if __name__ == "__main__":
    main()
