"""Soak: many games played by the game-controlled players, checked after every command.

    .venv/bin/python benchmarks/soak.py [--games 2000] [--turns 60] [--workers N]
                                        [--players ai|random]

With ``--players ai`` (the default) both sides use ``bot.cli.local_table.opponent_move``, the
local table's opponent (the AI players of ``engine.players``); ``random`` uses the
random legal player (``engine.random_player.choose``), far faster. After every command
``check_invariants`` runs; any violation is printed with its seed and counted (it must
be zero). Prints games/s, commands/s, the longest game and how the games ended.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cli.local_table import acting_side, opponent_move
from engine.dice import Rng
from engine.game import Game
from engine.invariants import check_invariants
from engine.random_player import choose
from engine.state import Phase


@dataclass(frozen=True, slots=True)
class Result:
    seed: int
    commands: int
    turns: int
    ending: str
    violations: tuple[str, ...]


def play_one(job: tuple[int, int, str]) -> Result:
    seed, last_turn, players = job
    game = Game.new(seed)
    rng = Rng(seed ^ 0x50A4)
    violations: list[str] = []
    ending = f"turn cap ({last_turn})"
    while game.state.phase is not Phase.OVER and game.state.turn <= last_turn:
        side = acting_side(game)
        if players == "random":
            command = choose(game.state, side, game.ship, game.content, rng)
        else:
            command = opponent_move(game, side, rng)
        if command is None:
            ending = f"stuck: {side.value} had no legal command"
            break
        game.play(side, command)
        problems = check_invariants(game.state, game.ship, game.content)
        violations += [f"seed {seed} after {side.value}: {command}: {p}" for p in problems]
    if game.state.phase is Phase.OVER:
        ending = game.state.result or "over"
    return Result(seed, len(game.log), game.state.turn, ending, tuple(violations))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--turns", type=int, default=60, help="turn cap per game")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--players", choices=["ai", "random"], default="ai")
    args = parser.parse_args(argv)

    Game.new(0)  # build the ship's tables once, before the workers fork
    jobs = [(args.first_seed + n, args.turns, args.players) for n in range(args.games)]
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        results = pool.map(play_one, jobs, chunksize=4)
    elapsed = time.perf_counter() - start

    commands = sum(r.commands for r in results)
    violations = [v for r in results for v in r.violations]
    longest = max(results, key=lambda r: (r.commands, r.turns))
    endings = Counter(r.ending for r in results)
    print(
        f"soak: {len(results)} games, {args.players} players, {args.workers} workers, "
        f"{elapsed:.1f} s"
    )
    print(f"  games/s            {len(results) / elapsed:.2f}")
    print(f"  commands/s         {commands / elapsed:.0f} ({commands} commands)")
    print(f"  invariant errors   {len(violations)}")
    print(
        f"  longest game       seed {longest.seed}: {longest.commands} commands, "
        f"{longest.turns} turns ({longest.ending})"
    )
    print("  endings:")
    for ending, count in endings.most_common():
        print(f"    {count:6d}  {ending}")
    for line in violations[:20]:
        print(f"  VIOLATION {line}")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
