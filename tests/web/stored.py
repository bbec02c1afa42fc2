"""Games played through the desk into a real SQLite store, and the web companion
serving them: what the web tests read."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.desk.service import Desk, Seat, Table
from bot.store import Store
from bot.web.links import Opens, fresh, sign
from bot.web.reader import Reader
from bot.web.server import make_app
from engine.state import Phase
from tests.bot.helpers import greedy_crew
from tests.bot.stored_games import fresh_desk

CLOCK = 1_800_000_000.0  # the desk's and the server's clock stand still
SECRET = b"web test secret, thirty-two bytes"
SEED = 54
CREW, ALIEN, STRANGER = 10, 20, 30
LARVA = "0-P12"  # nine grids and more from every human of SEED
# The alien's own choices, the same declarations (C.7.3): the crew cannot tell these apart.
HIDDEN = {
    "east": ("Clever", ["move alien1 0-P10", "pass"]),
    "west": ("Venom", ["move alien1 0-O12", "wait alien1", "pass"]),
}


@dataclass
class Served:
    store: Store
    desk: Desk
    table: Table
    client: TestClient

    def link(self, opens: Opens, user: int, game: int | None = None) -> str:
        game_id = self.table.id if game is None else game
        return f"/g/{sign(SECRET, fresh(game_id, user, opens, CLOCK))}"

    async def get(self, path: str) -> tuple[int, bytes]:
        response = await self.client.get(path)
        return response.status, await response.read()


async def started(desk: Desk, channel: int = 1, seed: int = SEED) -> Table:
    table = await desk.create(channel, 1, "twins", CREW, seed=seed)
    await desk.join(table, ALIEN, Seat.ALIEN)
    await desk.join(table, CREW, Seat.CREW)
    await desk.start(table, CREW, False)
    return table


async def play(desk: Desk, table: Table, moves: Sequence[tuple[int, str]]) -> None:
    for user, text in moves:
        await desk.play(table, user, text, in_dm=True)


def twin_moves(hidden: str, crew_phases: int = 1) -> list[tuple[int, str]]:
    """Set-up, the alien's first phase as ``hidden`` plays it, then the crew passes."""
    ability, orders = HIDDEN[hidden]
    moves = [(ALIEN, f"ability {ability}"), (CREW, "quick"), (ALIEN, f"larva {LARVA}")]
    moves += [(ALIEN, "piperun alien1"), *((ALIEN, o) for o in orders)]
    return moves + [(CREW, "pass")] * crew_phases


@asynccontextmanager
async def served(
    path: Path,
    moves: Sequence[tuple[int, str]] = (),
    *,
    finished: bool = False,
    seed: int = SEED,
) -> AsyncIterator[Served]:
    """A store at ``path`` with one started game played through ``moves`` (or to its
    end), and the web companion serving it on a local port."""
    store, desk = await fresh_desk(path)
    client: TestClient | None = None
    try:
        desk.clock = lambda: CLOCK
        table = await started(desk, seed=seed)
        await play(desk, table, moves)
        if finished:
            await finish(desk, table)
        reader = Reader(store, desk.ship, desk.content)
        client = TestClient(TestServer(make_app(reader, SECRET, clock=lambda: CLOCK)))
        await client.start_server()
        yield Served(store, desk, table, client)
    finally:
        if client is not None:
            await client.close()
        await store.close()


async def finish(desk: Desk, table: Table, most: int = 300) -> None:
    """Play ``table``'s game to its end: quick set-ups, the alien passing and a greedy
    crew closing in and attacking (SEED's Larva dies on turn 2)."""
    await play(desk, table, [(ALIEN, "quick"), (CREW, "quick")])
    for _ in range(most):
        game = table.game
        assert game is not None
        if game.state.phase is Phase.OVER:
            return
        if game.state.phase is Phase.ALIEN:
            await desk.play(table, ALIEN, "pass", in_dm=True)
        else:
            await desk.play(table, CREW, greedy_crew(game), in_dm=True)
    raise AssertionError("the game did not end")
