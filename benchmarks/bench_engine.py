"""Engine speed: commands applied per second, replay speed, random games per second.

.venv/bin/python benchmarks/bench_engine.py [GAMES]
"""

from __future__ import annotations

import sys
import time

from engine.dice import Rng
from engine.game import Game
from engine.random_player import choose
from engine.state import Phase, Side

TURN_CAP = 60


def random_game(seed: int) -> Game:
    game = Game.new(seed)
    game.play("crew", "quick")
    game.play("alien", "quick")
    player = Rng(seed ^ 0x5EED)
    while game.state.phase is not Phase.OVER and game.state.turn <= TURN_CAP:
        side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
        command = choose(game.state, side, game.ship, game.content, player)
        assert command is not None
        game.play(side, command)
    return game


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    Game.new(0)  # load the ship, content and sight tables once, outside the timings
    start = time.perf_counter()
    played = [random_game(seed) for seed in range(games)]
    elapsed = time.perf_counter() - start
    commands = sum(len(g.log) for g in played)
    ended = sum(g.state.phase is Phase.OVER for g in played)
    print(
        f"random games:     {games / elapsed:8.2f} games/s ({ended}/{games} ended before the cap)"
    )
    print(f"  incl. choosing: {commands / elapsed:8.0f} commands/s")

    logs = [[(e.side, e.command) for e in g.log] for g in played]
    start = time.perf_counter()
    for game, log in zip(played, logs, strict=True):
        Game.replay(game.seed, log)
    replay = time.perf_counter() - start
    print(f"replay:           {commands / replay:8.0f} commands/s applied")
    longest = max(len(log) for log in logs)
    per_game_ms = replay / commands * longest * 1e3
    print(f"  longest game:   {longest} commands, replayed in {per_game_ms:.0f} ms")
    print(f"  choosing costs: {(elapsed - replay) / replay:.1f}x the applying (ratio)")


if __name__ == "__main__":
    main()
