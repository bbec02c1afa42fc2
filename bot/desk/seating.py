"""Who sits where: the one rule for every path that seats a person at a game (a lobby's
join, an approved substitute, a moderator's ``/mod replace``), and how the crew's
members are dealt to the crew players.

One seat a person, and never a playing seat after sitting at the other side of the same
game: whoever sat there knows that side's secrets (C.3), so the former alien player may
never join the crew, nor a former crew player take the alien's seat. A lobby has no
secrets yet (seatings begin at the start), so there only the first half can bite.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.desk.tables import Seat, Table, crew_in_play
from bot.store import PlayerRow, Statement, Store, people, put_player
from engine.state import Phase

PLAYING = (Seat.ALIEN, Seat.CREW)


async def seat_refusal(store: Store, table: Table, user_id: int, seat: str) -> str | None:
    """Why ``user_id`` may not sit at ``seat`` (alien or crew) of ``table``'s game, or
    None. Said of them by mention, so it reads the same to them and to a moderator."""
    if table.seat_of(user_id) in PLAYING:
        return f"<@{user_id}> already plays in this game: one seat a person."
    other = Seat.ALIEN.value if seat == Seat.CREW.value else Seat.CREW.value
    if other in await people.sides_sat(store, table.id, user_id):
        return (
            f"<@{user_id}> sat at the {other} side of this game and knows its secrets: "
            f"nobody who did may take the {seat} side's seat."
        )
    return None


def deal(table: Table, units: Iterable[str]) -> list[Statement]:
    """Hand ``units`` round-robin to the crew players holding fewest (``table``'s seats
    change: call it on a draft); the statements that store the new seats."""
    crew = table.seated(Seat.CREW)
    if not crew:
        return []
    held = {p.user_id: list(p.units) for p in crew}
    for unit in units:
        fewest = min(crew, key=lambda p: (len(held[p.user_id]), p.joined_at, p.user_id))
        held[fewest.user_id].append(unit)
    statements = []
    for player in crew:
        updated = PlayerRow(
            player.user_id,
            player.seat,
            tuple(held[player.user_id]),
            player.dm_ok,
            player.joined_at,
        )
        table.players[player.user_id] = updated
        statements.append(put_player(table.id, updated))
    return statements


def deal_living(table: Table) -> list[Statement]:
    """A game that does not begin at set-up (an imported script's): its living crew
    dealt to the crew players."""
    if table.game is None or table.game.state.phase is Phase.SETUP:
        return []
    return deal(table, crew_in_play(table))
