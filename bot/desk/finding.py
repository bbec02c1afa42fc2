"""Finding a game (the README's "Ratings and deadlines"): a server's open lobbies, who
hears of a new one, and a lobby's minimum reliability. Decisions only, no discord.

- A lobby is open while it has a seat for a person: the alien's (not taken, not the
  game's) or the crew's (crew seats take several players, so it stays open until the
  game's own crew side is given to the computer).
- A person who opted in (``/me settings seats:``) hears of a new lobby in a server they
  are a member of (the client checks membership and whether they may see its channel)
  when it has a seat for the side they like, unless they asked for no pings, are away,
  are in their quiet hours (a lobby is a passing chance: it is in ``/game open`` when
  they wake), created it or sit at it.
- A lobby's minimum reliability refuses a player whose share of phases acted on time
  (``/me record``) is below it; a newcomer, with no phase judged yet, is seated.
"""

from __future__ import annotations

from bot.desk import notices, records
from bot.desk.keeper import Keeper
from bot.desk.tables import Seat, Table
from bot.store import Store, people


def open_seats(table: Table) -> list[str]:
    """The sides a person may still join ("alien", "crew")."""
    computer = table.computer.value if table.computer is not None else None
    seats = []
    if table.alien_player() is None and computer != Seat.ALIEN.value:
        seats.append(Seat.ALIEN.value)
    if computer != Seat.CREW.value:
        seats.append(Seat.CREW.value)
    return seats


def open_lobbies(keeper: Keeper, guild_id: int) -> list[Table]:
    """The server's lobbies with a seat for a person, oldest first."""
    found = [
        t
        for t in keeper.tables.values()
        if t.row.guild_id == guild_id and t.status == "lobby" and t.row.kind == "" and open_seats(t)
    ]
    return sorted(found, key=lambda t: t.row.created_at)


async def seat_alerts(keeper: Keeper, table: Table) -> list[int]:
    """Who opted in to hear of ``table``, a new lobby (membership is the client's to
    check)."""
    seats = open_seats(table)
    if not seats:
        return []
    now = keeper.clock()
    listening = await people.seat_alerts_for(keeper.store, [*seats, "any"])
    users = [u for u in listening if u not in table.players]
    settings = await people.settings_of(keeper.store, users)
    return sorted(
        u
        for u in users
        if u != table.row.created_by and notices.route(settings[u], now).how in notices.SENT
    )


async def reliability_refusal(store: Store, table: Table, user_id: int) -> str | None:
    """Why ``user_id`` may not sit at ``table`` for its minimum reliability (None: they may)."""
    least = table.row.min_reliability
    if least <= 0:
        return None
    share = records.build(await people.record_rows(store, user_id)).reliability()
    if share is None or share >= least:
        return None
    return (
        f"This lobby asks for players who acted on time in at least {least}% of their "
        f"phases, and your record says {share}% (`/me record`). Other lobbies may have a "
        "seat for you: `/game open`."
    )
