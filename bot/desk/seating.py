"""The one rule for every path that seats a person at a game: a lobby's join, an
approved substitute, a moderator's ``/mod replace``.

One seat a person, and never a playing seat after sitting at the other side of the same
game: whoever sat there knows that side's secrets (C.3), so the former alien player may
never join the crew, nor a former crew player take the alien's seat. A lobby has no
secrets yet (seatings begin at the start), so there only the first half can bite.
"""

from __future__ import annotations

from bot.desk.tables import Seat, Table
from bot.store import Store
from bot.store import people as pp

PLAYING = (Seat.ALIEN, Seat.CREW)


async def seat_refusal(store: Store, table: Table, user_id: int, seat: str) -> str | None:
    """Why ``user_id`` may not sit at ``seat`` (alien or crew) of ``table``'s game, or
    None. Said of them by mention, so it reads the same to them and to a moderator."""
    if table.seat_of(user_id) in PLAYING:
        return f"<@{user_id}> already plays in this game: one seat a person."
    other = Seat.ALIEN.value if seat == Seat.CREW.value else Seat.CREW.value
    if other in await pp.sides_sat(store, table.id, user_id):
        return (
            f"<@{user_id}> sat at the {other} side of this game and knows its secrets: "
            f"nobody who did may take the {seat} side's seat."
        )
    return None
