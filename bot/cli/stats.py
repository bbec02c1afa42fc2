"""``quicksilver stats rebuild [--db TARGET]``: recompute every rating from the stored
games, in the order they ended (the rules: :mod:`bot.desk.ratings`).

The bot keeps the ratings up to date as games end and rebuilds them by itself when they
no longer follow from the games; this is the operator's way to do it now, after a
moderator deleted games, a rule change, or to check a store.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.cli.db import _name, default_target
from bot.desk import ratings
from bot.store import open_store


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    stats = commands.add_parser("stats", help="the ratings: rebuild them from the stored games")
    stats_sub = stats.add_subparsers(dest="stats_command", required=True)
    rebuild = stats_sub.add_parser(
        "rebuild", help="recompute every rating from the stored games, in the order they ended"
    )
    where = "an SQLite file or a postgresql:// URL"
    rebuild.add_argument("--db", default=None, help=f"{where} (default: $QUICKSILVER_DB)")
    rebuild.set_defaults(run=_cmd_rebuild)


def _cmd_rebuild(args: argparse.Namespace) -> int:
    return run_rebuild(args.db or default_target())


def run_rebuild(target: str) -> int:
    """Rebuild the ratings of the store at ``target``; print what was taken."""
    try:
        summary = asyncio.run(_rebuild(target))
    except Exception as err:  # unreachable server, bad URL, a failed migration…
        print(f"error: cannot rebuild the ratings of {_name(target)}: {err}", file=sys.stderr)
        return 1
    print(f"{_name(target)}: {summary}")
    return 0


async def _rebuild(target: str) -> str:
    store = await open_store(target)
    try:
        return (await ratings.rebuild(store)).summary()
    finally:
        await store.close()
