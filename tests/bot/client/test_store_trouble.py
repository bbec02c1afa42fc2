"""A store in trouble, through the bot: a full disk refuses commands whole
and the game stays as the store has it; a damaged record stops the game, tells the
channel and its moderators, and a moderator's rollback brings it back."""

from __future__ import annotations

import contextlib
import sqlite3

import pytest

from engine import commands as c
from engine.game import Game
from engine.state import Phase, Side
from tests.bot import helpers
from tests.bot.helpers import (
    any_move,
    make_world,
    mirror,
    phase_of,
    roll_back,
    seat_and_start,
    stored_commands,
)

NOT_TAKEN = "⚠️ Your command was not taken"


@pytest.fixture
def db_path(tmp_path):
    """A store of 512-byte pages: a disk filled to its last page runs out within a few
    commands (its pages are SQLite's own limit: ``max_page_count``)."""
    path = tmp_path / "small-pages.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA page_size = 512")
        db.execute("VACUUM")
    return path


def _said(result) -> str:
    return "\n".join(
        [result.response.content if result.response else ""] + [f.content for f in result.followups]
    )


async def _disk_full(world, full: bool) -> None:
    """The store's own connection may grow no further than it is now, its free pages
    given back first (or it may grow again)."""
    store = world.bot.desk.store
    if full:
        await store._fetch("VACUUM")
    pages = (await store._fetch("PRAGMA page_count"))[0][0]
    await store._fetch(f"PRAGMA max_page_count = {pages if full else 2**30}")


def _consistent(world) -> None:
    """Memory holds exactly what the store holds: the stored log replays to it."""
    table = world.table()
    assert table.game.state == mirror(world).state
    assert table.length == len(stored_commands(world))


async def test_a_full_disk_refuses_commands_whole_and_the_next_one_after_space_returns(
    simcord_env,
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    await _disk_full(world, True)
    refused = None
    for _ in range(40):  # moves until one needs a page the disk no longer has
        said = _said(
            await player.slash(world.channel, "game do", command=any_move(mirror(world)).notation())
        )
        _consistent(world)
        if said.startswith(NOT_TAKEN):
            refused = said
            break
    assert refused is not None and "Reference: " in refused
    length = world.table().length
    assert _said(await player.slash(world.channel, "game pass")).startswith(NOT_TAKEN)
    _consistent(world)
    assert phase_of(world) is Phase.CREW and world.table().length == length
    await _disk_full(world, False)
    assert NOT_TAKEN not in _said(await player.slash(world.channel, "game pass"))
    _consistent(world)
    assert phase_of(world) is Phase.ALIEN


def _damage(world, seq: int, text: str = "fly hyun 9-Z99") -> None:
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db, db:
        db.execute(
            "UPDATE commands SET command = ? WHERE game_id = ? AND seq = ?",
            (text, world.table().id, seq),
        )


def _rows(world) -> dict[str, list[tuple[object, ...]]]:
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db:
        return {
            t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
            for t in (
                *("games", "players", "commands", "snapshots", "snapshot_states"),
                *("public_lines", "mod_actions"),
            )
        }


async def _crew_moves(world, count: int) -> None:
    for _ in range(count):
        move = any_move(mirror(world))
        await world.owner_of(move.unit).slash(world.channel, "game do", command=move.notation())


async def test_a_damaged_record_stops_the_game_until_a_moderator_rolls_back(simcord_env, db_path):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    await _crew_moves(world, 2)
    damaged = len(stored_commands(world)) - 1
    _damage(world, damaged)  # the crew phase's second move no longer parses
    await helpers.restart(simcord_env, db_path)
    rows = _rows(world)
    move = any_move(mirror_before(world, damaged))
    said = _said(await world.crew[0].slash(world.channel, "game do", command=move.notation()))
    notice = "record is damaged in turn 1, crew phase; nothing more will be written"
    assert said.startswith("⚠️") and notice in said
    assert _rows(world) == rows  # nothing more written
    told = [t for t in world.texts() if notice in t]
    assert len(told) == 1 and "moderators" in told[0]
    await world.crew[0].slash(world.channel, "game status")
    assert len([t for t in world.texts() if notice in t]) == 1  # told once
    rolled = _said(await roll_back(world, 1, "crew"))
    assert "Rolled back to turn 1, crew phase" in rolled
    await _crew_moves(world, 1)
    assert stored_commands(world)[-1][1].startswith("move")
    _consistent(world)


def mirror_before(world, seq: int) -> Game:
    """The game as its record stood before command ``seq``."""
    lines = [(Side(s), c.parse(x)) for s, x, _ in stored_commands(world)[:seq]]
    return Game.replay(world.table().row.seed, lines)


async def test_damage_behind_the_newest_snapshot_is_found_by_the_clock_and_told(
    simcord_env, db_path
):
    """A game loads from its newest snapshot; the clock's full replay finds the damage
    before it, tells the channel (the moderator role by name), and the game stops."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    refs = world.guild.create_role("Referees")
    await world.mod.slash(world.channel, "mod role", role=refs)
    await world.alien.user.slash("alien pass")
    await _crew_moves(world, 1)
    alien_pass = next(i for i, (_, x, _) in enumerate(stored_commands(world)) if x == "pass")
    _damage(world, alien_pass, "pass pass pass")
    await helpers.restart(simcord_env, db_path)
    assert "Turn 1" in _said(await world.crew[0].slash(world.channel, "game status"))
    await world.bot.tick()
    told = [t for t in world.texts() if "record is damaged" in t]
    assert len(told) == 1 and told[0].startswith(f"<@&{refs.id}>")
    said = _said(await world.crew[0].slash(world.channel, "game pass"))
    assert "record is damaged" in said
