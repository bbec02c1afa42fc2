"""The knowledge audit over many positions: does what a side may do betray a secret?

    .venv/bin/python benchmarks/secrecy_audit.py [--games 60] [--every 3] [--twins 2]

Plays seeded games (half with random legal players, half with the game-controlled
players) and, every few commands, compares the acting side's legal commands and the
refusal texts of a sample of commands with those in twins of the position that differ
only in the other side's secrets (``engine.secrecy``). Prints
``pairs N, differences D`` (D must be 0) and the first differences found.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.game import Game
from engine.secrecy import Difference, audit_playout, describe


def _audit(job: tuple[int, bool, int, int, int]) -> tuple[int, list[Difference]]:
    seed, ai, every, twins, turns = job
    return audit_playout(seed, ai=ai, every=every, twins=twins, last_turn=turns)


def run(games: int, every: int, twins: int, turns: int) -> tuple[int, list[Difference]]:
    Game.new(0)  # build the ship's sight tables before the workers fork
    jobs = [(seed, seed % 2 == 0, every, twins, turns) for seed in range(1, games + 1)]
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        results = pool.map(_audit, jobs)
    pairs = sum(n for n, _ in results)
    return pairs, [d for _, diffs in results for d in diffs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--twins", type=int, default=2)
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args()
    start = time.perf_counter()
    pairs, found = run(args.games, args.every, args.twins, args.turns)
    print(f"pairs {pairs}, differences {len(found)}")
    for difference in found[:10]:
        print(describe(difference))
    print(f"({args.games} games in {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
