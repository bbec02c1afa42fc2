"""How big and how slow the replay animation of a long game is.

Plain script: ``.venv/bin/python benchmarks/bench_replay.py [TURNS]``. Plays a game of
TURNS turns (default 40: random play on both sides, seed 22, which
lasts that long), then times what the bot does at the end of a game: replay the command
log phase by phase (engine.records.replay) and encode the GIF of every phase (render.animation).
Prints ``replay animation 40 turns: X MiB, Y s`` and checks the size against Discord's
default upload limit (10 MiB).
"""

from __future__ import annotations

import sys
import time

from engine.players.base import play_game
from engine.records.replay import phase_steps
from render.animation import UPLOAD_LIMIT, animate_gif

SEED = 22


def main(turns: int = 40) -> int:
    game = play_game(SEED, None, None, turn_cap=turns)
    started = time.perf_counter()
    steps = phase_steps(game)
    data = animate_gif([s.view.board for s in steps], game.ship)
    seconds = time.perf_counter() - started
    played = max(s.turn for s in steps)
    print(f"replay animation {played} turns: {len(data) / 2**20:.2f} MiB, {seconds:.1f} s")
    print(f"  {len(steps)} frames (one per phase), limit {UPLOAD_LIMIT / 2**20:.0f} MiB")
    return 0 if len(data) < UPLOAD_LIMIT else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 40))
