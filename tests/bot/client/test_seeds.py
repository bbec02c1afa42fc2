"""A live game's seed is secret: every hidden marker and die follows from it.

It comes from the operating system's secure randomness, no player chooses it, and no
message, reply or log line shows it until the game is over. A moderator may still open
a reproducible game: announced to everyone as predictable, and stored as ``seeded``.
"""

from __future__ import annotations

import logging
import sqlite3
from itertools import pairwise

from bot.desk import keeper
from bot.desk.computer_seat import computer_seed
from tests.bot.helpers import World, make_world, seat_and_start

REFUSED = "⚠️"
# A seed no message would show by chance: 19 digits, none of them a grid or a count.
SECRET = 7_146_218_350_925_713_449


def _stored(world: World, column: str) -> object:
    with sqlite3.connect(world.bot.database) as db:
        query = f"SELECT {column} FROM games WHERE id = ?"
        return db.execute(query, (world.table().id,)).fetchone()[0]


async def test_a_live_games_seed_comes_from_the_secrets_module(simcord_env, monkeypatch):
    drawn: list[int] = []

    def randbelow(limit: int) -> int:
        drawn.append(limit)
        return SECRET - 1

    monkeypatch.setattr(keeper.secrets, "randbelow", randbelow)
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = keeper.secret_seed  # the desk's own source, as deployed
    created = await world.crew[0].slash(world.channel, "game create")
    assert REFUSED not in created.response.content
    assert drawn == [2**63 - 1]  # 63 bits: too many to find by replaying the public dice
    assert world.table().row.seed == SECRET
    assert (world.table().row.seeded, _stored(world, "seeded")) == (False, 0)


async def test_a_player_cannot_choose_the_seed(simcord_env):
    world = make_world(simcord_env, crew=1)
    refused = await world.crew[0].slash(world.channel, "game create", seed=5)
    assert refused.response.content.startswith(f"{REFUSED} Only moderators can choose a seed")
    assert world.bot.desk.table_in(world.channel.id) is None


async def test_a_moderators_seeded_game_is_announced_and_stored_as_seeded(simcord_env):
    world = make_world(simcord_env, crew=1)
    created = await world.mod.slash(world.channel, "game create", seed=5)
    assert "Seeded: secrets are predictable" in created.response.content  # the public lobby
    assert world.table().row.seed == 5 and world.table().row.seeded
    assert _stored(world, "seeded") == 1
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    assert any("Seeded game: secrets are predictable" in t for t in world.texts())
    status = await world.alien.slash(world.channel, "game status")
    assert "Seeded: secrets are predictable" in status.response.content


async def test_the_seed_is_shown_nowhere_while_the_game_is_played(simcord_env, caplog):
    caplog.set_level(logging.DEBUG)
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world, seed=SECRET)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    replies = [
        await world.crew[0].slash(world.channel, "game status"),
        await world.crew[0].slash(world.channel, "game log", count=100),
        await world.crew[0].slash(world.channel, "game hand"),
        await world.alien.user.slash("game status"),
    ]
    shown = [r.response.content for r in replies if r.response is not None]
    shown += world.texts() + world.dm_texts(world.alien) + world.dm_texts(world.crew[0])
    shown += [record.getMessage() for record in caplog.records]
    assert [t for t in shown if str(SECRET) in t] == []
    assert not world.bot.desk.table_in(world.channel.id).row.seeded  # type: ignore[union-attr]


def test_the_games_own_players_draw_dice_no_player_can_work_out() -> None:
    """The game-played side's choices come from the secret seed through a hash: no
    arithmetic pattern links one decision's dice to the next, nor to the game's seed."""
    seeds = [computer_seed(SECRET, f"3a:alien:{count}") for count in range(50)]
    steps = {b - a for a, b in pairwise(seeds)}
    assert len(steps) == len(seeds) - 1  # no constant stride between decisions
    assert len(set(seeds)) == len(seeds)
    moment = "7c:crew:2"
    assert computer_seed(SECRET, moment) == computer_seed(SECRET, moment)  # a restart: the same
    assert computer_seed(SECRET + 1, moment) - computer_seed(SECRET, moment) != 1_000_003
