"""Claims of stale games in the store (schema 13, ``game_claims``): the waiting side's
player asked for the win, the silent side was pinged and has until ``window_ends`` to
act (README, "Ratings and deadlines"). One claim a game at a time."""

from __future__ import annotations

from dataclasses import dataclass, fields

from bot.store.base import Store
from bot.store.statements import Statement


@dataclass(frozen=True, slots=True)
class Claim:
    game_id: int
    side: str  # the claiming side
    user_id: int  # who claimed
    phase_seq: int  # the game's length when claimed
    claimed_at: float
    window_ends: float


COLUMNS = tuple(f.name for f in fields(Claim))


def put_claim(claim: Claim) -> Statement:
    names = ", ".join(COLUMNS)
    marks = ", ".join("?" for _ in COLUMNS)
    return (
        f"INSERT INTO game_claims ({names}) VALUES ({marks})",
        tuple(getattr(claim, c) for c in COLUMNS),
    )


def drop_claim(game_id: int) -> Statement:
    return ("DELETE FROM game_claims WHERE game_id = ?", (game_id,))


async def claim_of(store: Store, game_id: int) -> Claim | None:
    rows = await store._fetch("SELECT * FROM game_claims WHERE game_id = ?", (game_id,))
    return Claim(**{c: rows[0][c] for c in COLUMNS}) if rows else None
