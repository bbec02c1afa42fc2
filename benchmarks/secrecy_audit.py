"""The knowledge audit over many positions: does anything a side receives betray a secret?

    .venv/bin/python benchmarks/secrecy_audit.py [--games 60] [--every 3] [--twins 2]
                                                 [--advisor-seeds 8] [--quick] [--variant ID …]

Four audits, each printed as one line (README, "Secrets"):

- ``pairs N, differences D``: seeded games (half with random legal players, half with the
  game-controlled ones); every few commands the acting side's legal commands and the
  refusal texts of a sample of commands are compared with those in twins of the
  position that differ only in the other side's secrets (``engine.secrecy``);
- ``command-count twins: N pairs, D differences``: the hidden alien's two phases played
  through the bot on the in-memory Discord, its declarations split into commands
  otherwise (and once ending on another deck), the crew giving orders, pressing Undo
  and Suggest and reading every id meanwhile; every pair of variants compared byte for
  byte in all the crew and a spectator receive (``tests/bot/client/split_twins.py``);
- ``advisor twins at play budget: N pairs, D differences``: the advisor and the expert
  players over positions where the crew's belief is narrow, the hidden alien moved
  within the belief, the crew's secrets dealt anew (``engine.players.expert.audit``);
- ``planted leaks caught: K of K``: each leak of ``tests/bot/client/planted_leaks.py``
  planted in turn, and the secrecy test meant to see it played.

D must be 0 and K of K. The first differences found are printed after the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest

from engine.game import Game
from engine.players.expert import audit
from engine.secrecy import Difference, audit_playout, describe
from engine.variants import VariantError, header, known
from tests.bot.client import planted_leaks, split_twins
from tests.bot.twins import difference

Job = tuple[int, bool, int, int, int, frozenset[str]]


def _audit(job: Job) -> tuple[int, list[Difference]]:
    seed, ai, every, twins, turns, variants = job
    return audit_playout(seed, ai=ai, every=every, twins=twins, last_turn=turns, variants=variants)


def knowledge(
    games: int, every: int, twins: int, turns: int, variants: frozenset[str] = frozenset()
) -> tuple[int, list[Difference]]:
    Game.new(0)  # build the ship's sight tables before the workers fork
    jobs = [(seed, seed % 2 == 0, every, twins, turns, variants) for seed in range(1, games + 1)]
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        results = pool.map(_audit, jobs)
    pairs = sum(n for n, _ in results)
    return pairs, [d for _, diffs in results for d in diffs]


async def command_count_twins() -> tuple[int, list[str]]:
    """Every pair of the split variants, through the bot: (pairs, differences)."""
    seen: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as monkeypatch:
        tap = split_twins.installed(monkeypatch)
        for name in split_twins.SPLITS:
            seen[name], _ = await split_twins.watched(Path(tmp), tap, name)
    found = []
    pairs = list(itertools.combinations(seen, 2))
    for first, second in pairs:
        where = difference(seen[first], seen[second])
        if where:
            found.append(f"{first} / {second}: {where}")
    return len(pairs), found


def advisor_twins(seeds: int) -> list[audit.Pair]:
    Game.new(0)
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        results = pool.map(audit.pairs, range(1, seeds + 1))
    return [pair for found in results for pair in found]


async def planted() -> tuple[int, list[str]]:
    """(leaks caught, the names of those missed)."""
    missed = []
    with tempfile.TemporaryDirectory() as tmp:
        for number, plant in enumerate(planted_leaks.PLANTS):
            where = Path(tmp) / str(number)
            where.mkdir()
            if not await planted_leaks.caught(plant, where):
                missed.append(plant.name)
    return len(planted_leaks.PLANTS) - len(missed), missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--twins", type=int, default=2)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--advisor-seeds", type=int, default=8)
    parser.add_argument("--quick", action="store_true", help="a few games of each audit")
    parser.add_argument(
        "--variant", action="append", default=[], help="play the audited games with it"
    )
    args = parser.parse_args()
    try:
        chosen = known(args.variant)  # one not playable yet is audited too, before it is
    except VariantError as err:
        parser.error(err.describe())
    if args.quick:
        args.games, args.advisor_seeds = 6, 2
    start = time.perf_counter()
    pairs, found = knowledge(args.games, args.every, args.twins, args.turns, chosen)
    print(f"variants: {header(chosen).removeprefix('variants ') or 'none'}")
    print(f"pairs {pairs}, differences {len(found)}")
    count_pairs, count_found = asyncio.run(command_count_twins())
    print(f"command-count twins: {count_pairs} pairs, {len(count_found)} differences")
    advisor = advisor_twins(args.advisor_seeds)
    wrong = [pair for pair in advisor if pair.differs]
    print(f"advisor twins at play budget: {len(advisor)} pairs, {len(wrong)} differences")
    caught, missed = asyncio.run(planted())
    print(f"planted leaks caught: {caught} of {len(planted_leaks.PLANTS)}")
    for difference_found in found[:10]:
        print(describe(difference_found))
    for line in count_found[:3]:
        print(line)
    for pair in wrong[:3]:
        print(f"{pair.who}, seed {pair.seed}:\n  one twin: {pair.here}\n  the other: {pair.there}")
    for name in missed:
        print(f"not caught: {name}")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
