"""Never silent, never corrupt (issue 20): the long runs of the suite's two guards.

    .venv/bin/python benchmarks/bench_reliability.py [--fuzz N] [--seed S] [--no-matrix]

``fuzz: N inputs, 0 crashes`` feeds N random and garbled command strings to random
positions of both sides (:mod:`tests.fuzzing`, the property ``make test`` runs a few
hundred times): each must be refused with the engine's own error, changing nothing, or
played, keeping every invariant. ``permission matrix: N cells, 0 wrong`` runs the
matrix generated from the command tree (:mod:`tests.bot.matrix`) through the in-memory
Discord: every slash command, button and panel action by seven kinds of people, every
refusal leaving the store's rows as they were. Either line with a non-zero count lists
what went wrong and exits 1.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client.app import QuicksilverBot
from tests import fuzzing
from tests.bot import helpers, matrix


def fuzz(count: int, seed: int) -> int:
    began = time.perf_counter()
    played, crashes = fuzzing.run(count, seed)
    seconds = time.perf_counter() - began
    print(
        f"fuzz: {count:,} inputs, {len(crashes)} crashes "
        f"({played:,} played, {count - played - len(crashes):,} refused; "
        f"{count / seconds:,.0f} inputs/s, seed {seed})"
    )
    for crash in crashes[:20]:
        print(f"  {crash}")
    return len(crashes)


async def permission_matrix() -> int:
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        bot = QuicksilverBot(Path(tmp) / "matrix.sqlite3", background=False)
        try:
            async with simcord.run(
                bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1, check_errors=False
            ) as env:
                cells = await matrix.Matrix(env, Path(tmp)).run(env.bot.tree)
        finally:
            for started in (bot, *helpers.STARTED):
                await started.close()  # simcord detaches bots without closing their stores
    wrong = [c for c in cells if c.wrong]
    missing = matrix.missing(bot.tree)
    seconds = time.perf_counter() - began
    bad = len(wrong) + len(missing)
    print(f"permission matrix: {len(cells)} cells, {bad} wrong ({seconds:.0f} s)")
    for cell in wrong[:20]:
        print(f"  {cell.row} × {cell.actor}: expected {cell.expected}, found {cell.found}")
    for name in missing:
        print(f"  {name}: no row in tests/bot/matrix.py")
    return bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuzz", type=int, default=20_000, metavar="N", help="inputs to fuzz")
    parser.add_argument("--seed", type=int, default=20, help="the fuzzer's seed")
    parser.add_argument("--no-matrix", action="store_true", help="fuzz only")
    args = parser.parse_args(argv)
    bad = fuzz(args.fuzz, args.seed)
    if not args.no_matrix:
        bad += asyncio.run(permission_matrix())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
