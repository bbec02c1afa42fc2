"""A phase's deadline: when it passes, from the game's hours per phase; a paused game's
clock stands still and keeps the time left."""

from __future__ import annotations

from bot.store import GameRow


def arm_deadline(row: GameRow, now: float) -> GameRow:
    """``row`` with its phase deadline set from ``now`` (none: the game has no hours per
    phase); paused, it keeps the time left instead."""
    seconds = row.deadline_hours * 3600 if row.deadline_hours > 0 else None
    if row.paused:  # a paused game's clock stands still: it keeps the time left
        return row.with_(deadline_at=None, paused_left=seconds)
    return row.with_(deadline_at=now + seconds if seconds is not None else None)
