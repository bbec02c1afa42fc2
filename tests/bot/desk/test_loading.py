"""Start without replaying; games load on demand from validated snapshots; replay stays
the ground truth; idle games leave memory and come back unchanged."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path

import pytest

from bot.desk import loading
from bot.desk.public_log import Told
from bot.desk.service import Refusal
from bot.store.packing import pack, unpack
from engine.game import Game
from engine.legal import legal_commands
from engine.records import snapshot
from engine.state import Phase, Side
from engine.views import Viewer, events_for
from tests.bot.stored_games import ALIEN, CREW, fresh_desk, play_games, replayed


async def _stored(tmp_path, games=3, commands=40):
    path = tmp_path / "g.sqlite3"
    store, desk = await fresh_desk(path)
    await play_games(desk, games, commands)
    states = {t.id: t.game.state.clone() for t in desk.tables.values()}
    await store.close()
    return path, states


def _snapshot_states(path, game_id):
    """(seq, state text or None) of each phase start of the game, oldest first."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT s.seq, k.state FROM snapshots AS s LEFT JOIN snapshot_states AS k "
            "ON k.game_id = s.game_id AND k.seq = s.seq WHERE s.game_id = ? ORDER BY s.seq",
            (game_id,),
        ).fetchall()
    return [(seq, unpack(state)) for seq, state in rows]


def _put_state(path, game_id, seq, text):
    """The stored state at that phase start replaced by ``text`` (packed as the store
    packs it)."""
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE snapshot_states SET state = ? WHERE game_id = ? AND seq = ?",
            (pack(text), game_id, seq),
        )


async def test_start_indexes_games_without_replaying_and_loads_on_first_use(tmp_path):
    path, states = await _stored(tmp_path)
    store, desk = await fresh_desk(path)
    assert len(desk.tables) == 3 and not any(t.loaded for t in desk.tables.values())
    for table in desk.tables.values():
        await desk.loaded(table)
        assert table.game.state == states[table.id] == replayed(path, table.id).state
        assert table.game.base == table.phase_seq > 0  # resumed at its newest phase start
        assert len(table.game.log) == table.length - table.phase_seq
    await store.close()


async def test_only_the_newest_phase_start_keeps_a_state(tmp_path):
    path, _ = await _stored(tmp_path, games=1)
    rows = _snapshot_states(path, 1)
    assert len(rows) > 2
    assert [seq for seq, state in rows if state is not None] == [rows[-1][0]]


async def test_requests_during_a_load_wait_for_it_and_it_runs_once(tmp_path, monkeypatch):
    path, states = await _stored(tmp_path, games=1)
    store, desk = await fresh_desk(path)
    table = desk.tables[1]
    loads = []
    real_load = loading.load

    async def counted(*args):
        loads.append(args[1].id)
        await real_load(*args)

    monkeypatch.setattr(loading, "load", counted)
    found = await asyncio.gather(*(desk.loaded(table) for _ in range(5)))
    assert loads == [1] and all(t.game.state == states[1] for t in found)
    await store.close()


async def _corrupt(path, game_id, change):
    seq, text = _snapshot_states(path, game_id)[-1]
    if change == "schema":
        text = text.replace(snapshot.schema(), "0" * 16, 1)
    elif change == "garbage":
        text = text[: len(text) // 2]
    _put_state(path, game_id, seq, text)
    return seq


async def test_a_stale_or_corrupt_snapshot_is_rebuilt_by_replay_and_logged(tmp_path, caplog):
    path, states = await _stored(tmp_path, games=2)
    await _corrupt(path, 1, "schema")
    seq = await _corrupt(path, 2, "garbage")
    store, desk = await fresh_desk(path)
    with caplog.at_level(logging.WARNING, logger="quicksilver.bot"):
        for table in desk.tables.values():
            await desk.loaded(table)
            assert table.game.state == states[table.id] == replayed(path, table.id).state
    assert sum("not used" in r.message for r in caplog.records) == 2
    assert sum("rebuilt from replay" in r.message for r in caplog.records) == 2
    rebuilt = dict(_snapshot_states(path, 2))[seq]
    assert snapshot.load(rebuilt) is not None  # the row is sound again
    await store.close()


POOLED_ENERGY = Path(__file__).parents[2] / "fixtures" / "snapshots" / "pooled_energy.txt"


async def test_c101_a_snapshot_from_before_energy_per_unit_is_rebuilt_by_replay(tmp_path, caplog):
    """The energy stores moved from the game onto each alien (C.10.1), which
    changed the snapshot schema. A real snapshot written before (the newest phase start
    of this same stored game, saved by the code of that time) is refused by its schema,
    and the game is rebuilt by replay, the ground truth, and its row written anew."""
    old = POOLED_ENERGY.read_text()
    pool = json.loads(old.split("\n", 1)[1])["energy"]  # one pool for the whole side
    with pytest.raises(snapshot.SnapshotError, match="schema"):
        snapshot.load(old)
    path, states = await _stored(tmp_path, games=1)
    seq, _ = _snapshot_states(path, 1)[-1]
    _put_state(path, 1, seq, old)
    store, desk = await fresh_desk(path)
    with caplog.at_level(logging.WARNING, logger="quicksilver.bot"):
        table = await desk.loaded(desk.tables[1])
    assert table.game.state == states[1] == replayed(path, 1).state
    # the pool's stores and the one the Larva has started with since (B.1.3)
    start = table.game.content.alien_stats.start_energy
    assert sum(a.energy for a in table.game.state.aliens.values()) == pool + start
    assert any("not used (SnapshotError)" in r.message for r in caplog.records)
    assert snapshot.load(dict(_snapshot_states(path, 1))[seq]) == replayed_at(path, seq)
    await store.close()


async def test_a_snapshot_that_disagrees_with_replay_is_found_and_replaced(tmp_path, caplog):
    """A well-formed snapshot holding the wrong state (a bug in an older version, say)
    is used at first, then the clock's verification replays the game and replaces it."""
    path, states = await _stored(tmp_path, games=1)
    seq, text = _snapshot_states(path, 1)[-1]
    wrong = snapshot.load(text)
    wrong.autopsies += 3
    _put_state(path, 1, seq, snapshot.dump(wrong))
    store, desk = await fresh_desk(path)
    table = await desk.loaded(desk.tables[1])
    assert not table.verified
    with caplog.at_level(logging.ERROR, logger="quicksilver.bot"):
        assert await desk.verify_some(5) == 1
    assert any("disagrees with its replay" in r.message for r in caplog.records)
    assert table.verified and table.game.state == states[1] == replayed(path, 1).state
    assert snapshot.load(dict(_snapshot_states(path, 1))[seq]) == replayed_at(path, seq)
    await store.close()


def replayed_at(path, length):
    game = replayed(path, 1)
    game.truncate(length)
    return game.state


async def test_idle_games_leave_memory_and_reload_unchanged(tmp_path):
    path, states = await _stored(tmp_path, games=2)
    now = [1000.0]
    store, desk = await fresh_desk(path)
    desk.clock = lambda: now[0]
    for table in desk.tables.values():
        await desk.loaded(table)
    now[0] += 29 * 60
    assert desk.evict_idle(now[0]) == 0
    await desk.loaded(desk.tables[1])  # used again: stays
    now[0] += 2 * 60
    assert desk.evict_idle(now[0]) == 1
    assert not desk.tables[2].loaded and desk.tables[1].loaded
    table = await desk.loaded(desk.tables[2])
    assert table.game.state == states[2]
    await store.close()


async def test_a_game_in_use_is_never_evicted(tmp_path):
    path, _ = await _stored(tmp_path, games=1)
    store, desk = await fresh_desk(path)
    table = await desk.loaded(desk.tables[1])
    async with table.channel_lock:
        assert desk.evict_idle(table.used_at + 10 * 3600) == 0
    assert desk.evict_idle(table.used_at + 10 * 3600) == 1
    await store.close()


def _undoable_move(game):
    for command in legal_commands(game.state, Side.CREW, game.ship, game.content):
        if command.verb != "move":
            continue
        trial = Game(game.seed, game.ship, game.content, game.state.clone())
        trial.play(Side.CREW, command)
        if trial.can_undo(Side.CREW) is None and trial.state.phase is Phase.CREW:
            return command
    raise AssertionError("no undoable crew move")


async def test_undo_after_a_reload_replays_only_the_phase(tmp_path):
    """A crew move, a restart, then undo: the game resumed from its phase snapshot takes
    the move back; a second undo would reach past the phase start and is refused."""
    path, _ = await _stored(tmp_path, games=1, commands=40)
    store, desk = await fresh_desk(path)
    table = await desk.loaded(desk.tables[1])
    while table.game.state.phase is not Phase.CREW:
        await desk.play(table, ALIEN, "pass", in_dm=True)
    await desk.play(table, CREW, "pass")
    for alien in table.game.state.pipe_runners():  # a move that may tally it is final (C.7.2)
        await desk.play(table, ALIEN, f"surface {alien.id}", in_dm=True)
    await desk.play(table, ALIEN, "pass", in_dm=True)
    before = table.game.state.clone()
    await desk.play(table, CREW, _undoable_move(table.game))
    await store.close()
    store, desk = await fresh_desk(path)
    table = await desk.loaded(desk.tables[1])
    assert len(table.game.log) == 1  # only this phase is in memory
    await desk.undo(table, CREW)
    assert table.game.state == before == replayed(path, 1).state
    with pytest.raises(Refusal, match="phase"):
        await desk.undo(table, CREW)
    await store.close()


async def test_a_game_whose_newest_state_is_gone_gets_it_back_and_its_log_is_its_replay(
    tmp_path,
):
    path, states = await _stored(tmp_path, games=1)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM snapshot_states")
    store, desk = await fresh_desk(path)
    table = await desk.loaded(desk.tables[1])
    assert table.game.state == states[1]
    told = [(t.seq, t.events) for t in await desk.public_log(table) if isinstance(t, Told)]
    game = replayed(path, 1)
    now = (game.state.turn, game.state.phase)
    public = [
        (seq, tuple(events_for(step, Viewer.SPECTATOR)))
        for seq, (entry, step) in enumerate(zip(game.log, game.events(), strict=True))
        if not (entry.side is Side.ALIEN and (entry.turn, entry.phase) == now)  # (C.7.3)
    ]
    assert told == [(seq, events) for seq, events in public if events]
    assert _snapshot_states(path, 1)[-1][1] is not None  # the newest state written again
    await store.close()
