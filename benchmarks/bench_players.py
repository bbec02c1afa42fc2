"""Strength of the game-controlled players over many seeded games.

    .venv/bin/python benchmarks/bench_players.py [GAMES] [TURN_CAP]

For each pairing (AI alien vs random crew, AI crew vs random alien, AI vs AI) it
prints the F.1 outcome split (human victory bands, draw, alien victory bands),
games ended vs capped, average turns and games per second. A capped game is scored
as the position stands at the cap (F.1 applied to it) and counted as capped.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from engine.content_models import Outcome
from engine.players import alien_ai, crew_ai, play_game
from engine.players.base import Player
from engine.score import score

HUMAN = {Outcome.DECISIVE_HUMAN, Outcome.MARGINAL_HUMAN}
ALIEN = {Outcome.DECISIVE_ALIEN, Outcome.MARGINAL_ALIEN}
PAIRINGS: list[tuple[str, Player | None, Player | None]] = [
    ("AI alien vs random crew", None, alien_ai),
    ("AI crew vs random alien", crew_ai, None),
    ("AI crew vs AI alien", crew_ai, alien_ai),
]


def run(games: int, cap: int) -> None:
    for name, crew, alien in PAIRINGS:
        start = time.perf_counter()
        sides: Counter[str] = Counter()
        ended = turns = 0
        endings: Counter[str] = Counter()
        for seed in range(1, games + 1):
            game = play_game(seed, crew, alien, turn_cap=cap)
            outcome = score(game.state, game.content).outcome
            sides["human" if outcome in HUMAN else "alien" if outcome in ALIEN else "draw"] += 1
            ended += game.state.result is not None
            turns += game.state.turn
            endings[(game.state.result or "capped").split(" (")[0]] += 1
        took = time.perf_counter() - start
        pct = {k: 100 * sides[k] / games for k in ("human", "draw", "alien")}
        print(
            f"{name}: human {pct['human']:.0f}% · draw {pct['draw']:.0f}% · "
            f"alien {pct['alien']:.0f}% | ended {ended}/{games}, capped {games - ended} | "
            f"avg turns {turns / games:.1f} | {games / took:.2f} games/s"
        )
        for reason, count in endings.most_common():
            print(f"    {count:4d}  {reason}")


if __name__ == "__main__":
    run(
        int(sys.argv[1]) if len(sys.argv) > 1 else 100,
        int(sys.argv[2]) if len(sys.argv) > 2 else 80,
    )
