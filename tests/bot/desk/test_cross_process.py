"""One game, two processes on one database: the process holding shard 0
serves the alien's DMs for a game another process owns. Every write is guarded by the
game's version, so each side sees the other's commands before its next one, and of two
writes racing from the same version exactly one lands; the other is refused with a
clear message and nothing is lost."""

from __future__ import annotations

import asyncio

import pytest

from bot.desk.service import STALE, Desk, Refusal, Seat
from bot.desk.shards import ShardSpec
from bot.store import Store, open_store
from engine.commands import Move, parse
from engine.game import Game
from engine.legal import legal_commands
from engine.state import Phase, Side

ALIEN, CREW, OTHER_CREW = 20, 10, 11
GUILD = 1 << 22  # on shard 1 of 2
SEED = 54


async def _two_desks(target: str) -> tuple[Desk, Desk]:
    owner = Desk(await open_store(target), shards=ShardSpec.parse("1/2"))
    dms = Desk(await open_store(target), shards=ShardSpec.parse("0/2"))
    for desk in (owner, dms):
        await desk.load()
    return owner, dms


async def _started(owner: Desk) -> int:
    table = await owner.create(5, GUILD, "ship", CREW, seed=SEED)
    await owner.join(table, ALIEN, Seat.ALIEN)
    await owner.join(table, CREW, Seat.CREW)
    await owner.join(table, OTHER_CREW, Seat.CREW)
    await owner.start(table, CREW, False)
    await owner.play(table, CREW, "quick")
    return table.id


async def _replayed(store: Store, game_id: int) -> Game:
    row = await store.game(game_id)
    assert row is not None
    lines = [(Side(c.side), parse(c.command)) for c in await store.commands(game_id)]
    return Game.replay(row.seed, lines)


async def _close(*desks: Desk) -> None:
    for desk in desks:
        await desk.store.close()


async def test_the_dm_process_serves_a_game_of_another_shard_and_the_owner_sees_it(
    store_target,
):
    owner, dms = await _two_desks(store_target)
    game_id = await _started(owner)
    assert game_id not in dms.tables  # not its shard: not indexed at start
    await dms.adopt_games_of(ALIEN)
    mirror = dms.pick_game(ALIEN, None, None)
    assert mirror.id == game_id and not dms.serves(mirror)
    await dms.play(mirror, ALIEN, "quick", in_dm=True)
    await dms.play(mirror, ALIEN, "pass", in_dm=True)
    table = owner.tables[game_id]
    await owner.loaded(table)  # the owner's copy was older: read again
    assert table.game is not None and table.game.state.phase is Phase.CREW
    game = table.game
    move = next(
        c
        for c in legal_commands(game.state, Side.CREW, game.ship, game.content)
        if isinstance(c, Move) and c.unit in table.units_of(CREW)
    )
    await owner.play(table, CREW, move)
    truth = await _replayed(owner.store, game_id)
    assert table.game.state == truth.state
    await dms.loaded(mirror)
    assert mirror.game is not None and mirror.game.state == truth.state
    await _close(owner, dms)


async def test_of_two_writes_racing_from_one_version_exactly_one_lands(store_target):
    """Two processes wrongly serving one game (say, a misconfigured second process) give
    orders at the same moment: one lands, the other is told so, and retrying works."""
    owner, rogue = await _two_desks(store_target)
    game_id = await _started(owner)
    await owner.play(owner.tables[game_id], ALIEN, "quick", in_dm=True)
    await owner.play(owner.tables[game_id], ALIEN, "pass", in_dm=True)
    await rogue.adopt_games_of(CREW)
    tables = [owner.tables[game_id], rogue.pick_game(CREW, None, None)]
    for table in tables:
        await (owner if table is tables[0] else rogue).loaded(table)
    units = [tables[0].units_of(CREW)[0], tables[0].units_of(OTHER_CREW)[0]]
    results = await asyncio.gather(
        owner.play(tables[0], CREW, f"end {units[0]}"),
        rogue.play(tables[1], OTHER_CREW, f"end {units[1]}"),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1 and str(refused[0]) == STALE
    stored = await owner.store.commands(game_id)
    assert sum(c.command.startswith("end") for c in stored) == 1
    loser = results.index(refused[0])
    desk, table = (owner, tables[0]) if loser == 0 else (rogue, tables[1])
    user = CREW if loser == 0 else OTHER_CREW
    await desk.play(table, user, f"end {units[loser]}")  # read again: the retry lands
    truth = await _replayed(owner.store, game_id)
    assert sum(c.command.startswith("end") for c in await owner.store.commands(game_id)) == 2
    assert table.game is not None and table.game.state == truth.state
    await _close(owner, rogue)


async def test_a_game_reset_by_another_process_is_gone_here_too(store_target):
    owner, dms = await _two_desks(store_target)
    game_id = await _started(owner)
    await dms.adopt_games_of(ALIEN)
    mirror = dms.pick_game(ALIEN, None, None)
    await owner.reset(owner.tables[game_id], 99)
    with pytest.raises(Refusal, match="no longer running"):
        await dms.play(mirror, ALIEN, "quick", in_dm=True)
    assert game_id not in dms.tables
    await _close(owner, dms)
