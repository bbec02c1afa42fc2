"""How fast line of sight and path finding run on the real ship.

Plain script: ``.venv/bin/python benchmarks/bench_geometry.py``. Prints queries per
second for ``has_los`` (random viewer and target on one deck, random door states) and
for ``cheapest_path`` (random start and goal anywhere, human and alien alternately).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from engine.board.geometry import Mover, cheapest_path, has_los, visible_grids
from engine.board.grid import Grid
from engine.board.ship import DoorState, Ship

SEED = 2024
LOS_QUERIES = 200_000
PATH_QUERIES = 2_000


def random_doors(ship: Ship, rng: random.Random) -> dict[str, DoorState]:
    """About a quarter of the doors closed, a few smashed."""
    states = [DoorState.OPEN] * 6 + [DoorState.CLOSED] * 2 + [DoorState.SMASHED]
    return {door_id: rng.choice(states) for door_id in ship.doors}


def rate(label: str, count: int, run: Callable[[], object]) -> None:
    began = time.perf_counter()
    run()
    elapsed = time.perf_counter() - began
    print(f"{label:<36} {count / elapsed:>12,.0f} /s   ({count:,} in {elapsed:.2f} s)")


def main() -> None:
    rng = random.Random(SEED)
    ship = read_floorplan(DEFAULT_SHIP_PATH)
    grids = sorted(ship.cells)
    by_deck: dict[int, list[Grid]] = {}
    for grid in grids:
        by_deck.setdefault(grid.deck, []).append(grid)
    doors = random_doors(ship, rng)

    began = time.perf_counter()
    for grid in grids:
        visible_grids(ship, grid, doors)
    print(f"{'LOS table, first use (whole ship)':<36} {time.perf_counter() - began:>12.3f} s")

    pairs = []
    for _ in range(LOS_QUERIES):
        deck = by_deck[rng.choice(list(by_deck))]
        pairs.append((rng.choice(deck), rng.choice(deck)))
    rate("has_los (same deck)", LOS_QUERIES, lambda: [has_los(ship, a, b, doors) for a, b in pairs])

    trips = [(rng.choice(grids), rng.choice(grids)) for _ in range(PATH_QUERIES)]
    movers = [Mover.HUMAN, Mover.ALIEN]
    rate(
        "cheapest_path (anywhere to anywhere)",
        PATH_QUERIES,
        lambda: [cheapest_path(ship, a, b, movers[i % 2], doors) for i, (a, b) in enumerate(trips)],
    )


if __name__ == "__main__":
    main()
