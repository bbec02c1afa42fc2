"""Each kind of damaged record stops its game, is told once, and a rollback repairs it
(README, "Never silent"): a command that no longer replays (tests/bot/client/
test_store_trouble.py), a command row missing from the log, and an opening that no
longer reads (a tutorial's, rebuilt from its lesson; an imported game's cannot be, and
the moderators are told how to bring it back). The clock's check never raises on a
damaged game, tick after tick."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from bot.desk import tables
from bot.desk.service import Desk, Refusal, Seat, Table
from bot.present.events import script_line
from bot.store import Store
from engine.state import Phase, Side
from tests.bot.desk.test_openings import CREW_TURN, OPENING
from tests.bot.stored_games import ALIEN, CREW, fresh_desk
from tests.faults import unreplayable

MOD = 30


def _sql(path: Path, statement: str, *params: object) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(statement, params)


async def _told(path: Path, table_id: int) -> tuple[Store, Desk, Table, list[int]]:
    """A fresh process on the store, its game loaded, and what it told (game ids)."""
    store, desk = await fresh_desk(path)
    told: list[int] = []

    async def tell(table: Table) -> None:
        told.append(table.id)

    desk.on_damage = tell
    table = desk.tables[table_id]
    await desk.loaded(table)
    for _ in range(3):  # the clock's checks, tick after tick: never a raise
        await desk.verify_some(20)
    return store, desk, table, told


async def _crew_phase(path: Path) -> tuple[Store, Desk, Table]:
    store, desk = await fresh_desk(path)
    table = await desk.create(1, 1, "qs", CREW, seed=54)
    await desk.join(table, ALIEN, Seat.ALIEN)
    await desk.join(table, CREW, Seat.CREW)
    await desk.start(table, CREW, False)
    await desk.play(table, CREW, "quick")
    await desk.play(table, ALIEN, "quick", in_dm=True)
    await desk.play(table, ALIEN, "pass", in_dm=True)
    return store, desk, table


@pytest.mark.parametrize("where", ["inside the phase", "at the log's end"])
async def test_a_missing_command_row_stops_the_game_is_told_once_and_rollback_repairs(
    tmp_path, where
):
    path = tmp_path / "missing.sqlite3"
    store, desk, table = await _crew_phase(path)
    for unit in table.units_of(CREW)[:2]:  # two commands of the crew phase
        await desk.play(table, CREW, f"end {unit}")
    if where == "at the log's end":
        await desk.play(table, CREW, "pass")  # the alien phase's snapshot follows it
    missing = table.length - 1 if where == "at the log's end" else table.length - 2
    game_id = table.id
    await store.close()
    _sql(path, "DELETE FROM commands WHERE game_id = ? AND seq = ?", game_id, missing)

    store, desk, table, told = await _told(path, game_id)
    assert table.damaged_at == missing and told == [game_id]
    with pytest.raises(Refusal) as stopped:
        await desk.play(table, CREW, "pass")
    said = str(stopped.value)  # named by its phase, never by a number that counts the alien's
    assert "damaged in turn 1, crew phase" in said and str(missing + 1) not in said
    await desk.rollback(table, 1, Phase.CREW, MOD)
    assert table.damaged_at is None and table.game.state.phase is Phase.CREW
    await desk.play(table, CREW, "pass")  # the game goes on
    assert table.game.state.phase is Phase.ALIEN
    assert await unreplayable(desk, table) == []
    await store.close()


async def test_a_tutorials_damaged_opening_is_told_once_and_rebuilt_by_rollback(tmp_path):
    path = tmp_path / "lesson.sqlite3"
    store, desk = await fresh_desk(path)
    table, _, _ = await desk.open_tutorial(50, 1, "lesson", CREW, Side.CREW)
    await desk.play(table, CREW, "move hyun 2-K6")
    game_id, opening = table.id, table.row.opening
    turn, phase = table.game.state.turn, table.game.state.phase
    await store.close()
    _sql(path, "UPDATE games SET opening = ? WHERE id = ?", "scenario\nturn ² crew\nend", game_id)

    store, desk, table, told = await _told(path, game_id)
    assert table.damaged_at == tables.OPENING and told == [game_id]  # once, not each tick
    with pytest.raises(Refusal) as stopped:
        await desk.play(table, CREW, "move hyun 2-K6")
    assert "damaged at its opening" in str(stopped.value)
    await desk.rollback(table, turn, phase, MOD)
    assert table.damaged_at is None and table.row.opening == opening
    assert table.length == 0  # back at the lesson's first step, its scripted dice kept
    await desk.play(table, CREW, "move hyun 2-K6")
    assert await unreplayable(desk, table) == []
    await store.close()


async def test_an_imported_games_damaged_opening_is_told_once_and_says_how_to_bring_it_back(
    tmp_path,
):
    path = tmp_path / "imported.sqlite3"
    store, desk = await fresh_desk(path)
    script = OPENING + "".join(f"crew: {c}\n" for c in CREW_TURN)
    table, _ = await desk.import_game(5, 1, "imported", MOD, script, say=script_line)
    await desk.join(table, ALIEN, Seat.ALIEN)
    await desk.join(table, CREW, Seat.CREW)
    await desk.start(table, CREW, False)
    game_id = table.id
    await store.close()
    _sql(path, "UPDATE games SET opening = 'scenario\nseed x\nend' WHERE id = ?", game_id)

    store, desk, table, told = await _told(path, game_id)
    assert table.damaged_at == tables.OPENING and told == [game_id]
    with pytest.raises(Refusal) as refused:
        await desk.rollback(table, 2, Phase.ALIEN, MOD)
    assert "`/mod abort` it and `/mod import` the script again" in str(refused.value)
    await store.close()
