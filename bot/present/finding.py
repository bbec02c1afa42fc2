"""Words for finding a game (the README's "Ratings and deadlines"): ``/game open``'s list
of a server's lobbies and the alert a person who opted in gets of a new one. Built from
the lobbies' rows and seats only (a lobby has no secrets yet)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.desk.finding import open_seats
from bot.desk.tables import Seat, Table
from bot.present.people import jump

SHOWN_AT_MOST = 10  # lobbies listed (and given a button) in one answer: one phone screen


def lobby_line(table: Table) -> str:
    """``#deck-2 — game 12: alien seat free; crew: 1 seated · asks 80% on time``."""
    seats = open_seats(table)
    crew = len(table.seated(Seat.CREW))
    bits = []
    if Seat.ALIEN.value in seats:
        bits.append("alien seat free")
    if Seat.CREW.value in seats:
        bits.append(f"crew: {crew} seated" if crew else "crew seats free")
    line = f"**#{table.row.channel_name}** — game {table.id}: {'; '.join(bits)}"
    if table.row.min_reliability:
        line += f" · asks {table.row.min_reliability}% on time"
    return line


def open_text(lobbies: Sequence[Table]) -> list[str]:
    if not lobbies:
        return [
            "🪑 No open lobby on this server right now. Open one with `/game create`; "
            "`/me settings seats:` tells you when one opens."
        ]
    lines = ["🪑 **Open lobbies on this server**"]
    lines += [f"• {lobby_line(t)}" for t in lobbies[:SHOWN_AT_MOST]]
    if len(lobbies) > SHOWN_AT_MOST:
        lines.append(f"…and {len(lobbies) - SHOWN_AT_MOST} more.")
    lines.append("Tap a lobby to go there (this channel's: join right here).")
    return lines


def alert_text(table: Table, guild_name: str) -> list[str]:
    return [
        f"🪑 A new lobby on **{guild_name}** has a seat for you: {lobby_line(table)}. "
        f"{jump(table.row.guild_id, table.channel_id)}",
        "(`/me settings seats:off` stops these.)",
    ]
