"""``quicksilver replay GAME_ID``: a finished game's animation or one phase's picture.

Works on any finished game in the database, the bot's or a terminal table's: the game
is rebuilt from its command log and drawn from the referee's replay view.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.desk.replay_log import GameReplay, ReplayRefused, load_replay
from bot.present.replay import digest
from bot.store import open_store


async def _load(db: Path, game_id: int) -> GameReplay:
    store = await open_store(db)
    try:
        return await load_replay(store, game_id)
    finally:
        await store.close()


def run_replay(game_id: int, db: Path, out: Path, phase: int | None) -> int:
    """Write the GIF of the whole game, or with ``phase`` that phase's PNG; print what
    was written. A clear message and exit code 1 when there is nothing to replay."""
    if not db.exists():
        print(f"error: there is no database at {db}", file=sys.stderr)
        return 1
    try:
        replay = asyncio.run(_load(db, game_id))
    except ReplayRefused as refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return 1
    total = len(replay.steps)
    if phase is None:
        data = replay.gif()
        out.write_bytes(data)
        phases = "1 phase" if total == 1 else f"{total} phases"
        print(f"wrote {out}: {phases}, {len(data) / 1024:.0f} KiB")
        return 0
    if not 1 <= phase <= total:
        print(f"error: game {game_id} has phases 1 to {total}, not {phase}", file=sys.stderr)
        return 1
    out.write_bytes(replay.png(phase))
    for line in digest(replay, phase):
        print(line.replace("**", ""))
    print(f"wrote {out}")
    return 0
