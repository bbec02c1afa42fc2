"""Migration 10 on both backends: a store written by the version-9 code (each phase row
with its map message id, the newest one holding the state's plain text) migrates to
small phase rows and one compressed state a game, and its games still load from their
snapshots and replay to the same state; what the bot writes afterwards is compressed."""

from __future__ import annotations

import pytest

from bot import store as st
from bot.desk import loading
from bot.desk.service import Desk, Seat
from bot.present.events import log_lines
from bot.store import CommandRow, GameRow, PlayerRow, Store, open_store
from bot.store import base as store_base
from bot.store import postgres as store_postgres
from bot.store import sqlite as store_sqlite
from bot.store.packing import unpack
from bot.store.rows import GAME_COLUMNS
from engine.commands import parse
from engine.dice import Rng
from engine.game import Game
from engine.random_player import choose
from engine.records import snapshot
from engine.setup import waiting_on
from engine.state import Phase, Side

ALIEN, CREW = 20, 10
COMMANDS = 90

# What the version-9 code wrote at each phase start (bot.store.statements of that time).
V9_PUT_SNAPSHOT = (
    "INSERT INTO snapshots (game_id, seq, turn, phase, map_message_id, at, state) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)
V9_DROP_STATES = "UPDATE snapshots SET state = NULL WHERE game_id = ? AND seq < ?"
NEWER_COLUMNS = {"hints_sides", "min_reliability"}  # games columns after version 9
V9_PUBLIC_LINE = "INSERT INTO public_lines (game_id, seq, summary, text) VALUES (?, ?, 1, ?)"


def acting(game: Game) -> Side:
    if game.state.phase is Phase.SETUP:
        return waiting_on(game.state)[0]
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def version_9_game(game_id: int, seed: int) -> tuple[list[st.Statement], list[tuple]]:
    """A game of random players as the version-9 code stored it, and its phase rows
    (seq, turn, phase, at, state text or None) as that code left them."""
    game, player = Game.new(seed), Rng(seed)
    row = GameRow(game_id, 100 + game_id, 1, f"c{game_id}", seed, "playing", CREW, 0.0)
    v9_columns = [c for c in GAME_COLUMNS if c not in NEWER_COLUMNS]  # games at version 9
    value = dict(zip(GAME_COLUMNS, st.insert_game(row)[1], strict=True))
    v9_game = (
        f"INSERT INTO games ({', '.join(v9_columns)}) "
        f"VALUES ({', '.join('?' for _ in v9_columns)})",
        tuple(value[c] for c in v9_columns),
    )
    statements = [
        v9_game,
        st.put_player(game_id, PlayerRow(ALIEN, Seat.ALIEN.value, (), True, 0.0)),
        st.put_player(game_id, PlayerRow(CREW, Seat.CREW.value, (), True, 1.0)),
    ]
    phases: list[tuple] = []
    while game.length < COMMANDS and game.state.phase is not Phase.OVER:
        side = acting(game)
        command = choose(game.state, side, game.ship, game.content, player, patient=True)
        assert command is not None
        seq, stamp = game.length, (game.state.turn, game.state.phase)
        user = ALIEN if side is Side.ALIEN else CREW
        events = game.play(side, command)
        statements.append(
            st.append_command(game_id, CommandRow(seq, side.value, command.notation(), user, 1.0))
        )
        statements += [(V9_PUBLIC_LINE, (game_id, seq, line)) for line in log_lines(events)]
        if (game.state.turn, game.state.phase) != stamp:
            at = float(game.length)
            text = snapshot.dump(game.state)
            phases = [(s, t, p, a, None) for s, t, p, a, _ in phases]
            phases.append((game.length, game.state.turn, game.state.phase.value, at, text))
            statements.append((V9_DROP_STATES, (game_id, game.length)))
            statements.append(
                (
                    V9_PUT_SNAPSHOT,
                    (game_id, game.length, *phases[-1][1:3], 7_000_000 + game.length, at, text),
                )
            )
            game.rebase(text)
    return statements, phases


@pytest.fixture
def version_9(monkeypatch: pytest.MonkeyPatch):
    """While in force, stores are opened (and migrated) up to version 9 only."""
    real = store_base.migrations

    def up_to_9(backend: str) -> list[tuple[int, str]]:
        return [(n, sql) for n, sql in real(backend) if n <= 9]

    for module in (store_base, store_sqlite, store_postgres):
        monkeypatch.setattr(module, "migrations", up_to_9)
    return monkeypatch


async def test_a_version_9_store_migrates_and_its_games_still_replay(store_target, version_9):
    old = await open_store(store_target)
    assert await old.schema_version() == 9
    written = {}
    for game_id, seed in ((1, 5), (2, 11)):
        statements, phases = version_9_game(game_id, seed)
        await old.commit(statements)
        written[game_id] = phases
        assert len(phases) > 3  # several phases, only the newest with its state
    await old.close()
    version_9.undo()

    store = await open_store(store_target)
    assert await store.schema_version() == store_base.migrations(store.backend)[-1][0]
    assert "map_message_id" not in await store.columns("snapshots")
    assert "state" not in await store.columns("snapshots")
    for game_id, phases in written.items():
        rows = await store.snapshots(game_id)
        assert [(r.seq, r.turn, r.phase, r.at, r.state) for r in rows] == phases
    desk = Desk(store)
    await desk.load()
    for game_id in written:
        table = await desk.loaded(desk.tables[game_id])
        assert table.phase_seq == written[game_id][-1][0]  # resumed at the migrated state
        assert not table.verified
    assert await desk.verify_some(5) == 2  # each checked against its full replay
    for game_id in written:
        table = desk.tables[game_id]
        assert table.verified
        rows = await store.commands(game_id)
        full = Game.replay(table.row.seed, [(Side(r.side), parse(r.command)) for r in rows])
        assert table.game is not None and table.game.state == full.state
    await store.close()


async def test_a_migrated_game_plays_on_and_its_next_state_is_kept_compressed(
    store_target, version_9
):
    old = await open_store(store_target)
    statements, phases = version_9_game(1, 5)
    await old.commit(statements)
    await old.close()
    version_9.undo()
    store = await open_store(store_target)
    desk = Desk(store)
    await desk.load()
    table = await desk.loaded(desk.tables[1])
    player = Rng(99)
    while table.phase_seq == phases[-1][0]:
        game = table.game
        assert game is not None
        side = acting(game)
        command = choose(game.state, side, game.ship, game.content, player, patient=True)
        assert command is not None
        await desk.play(table, ALIEN if side is Side.ALIEN else CREW, command, in_dm=True)
    kept = await store._fetch("SELECT seq, state FROM snapshot_states WHERE game_id = 1")
    assert [r["seq"] for r in kept] == [table.phase_seq]
    packed = bytes(kept[0]["state"])
    assert not packed.startswith(b"quicksilver-state")  # compressed, and much smaller
    text = unpack(packed)
    assert text is not None and len(packed) * 3 < len(text)
    assert snapshot.load(text) == table.game.state
    await store.close()
    store = await open_store(store_target)
    assert await _loaded_again(store) == table.game.state
    await store.close()


async def _loaded_again(store: Store):
    """Game 1 as a fresh process loads it (from its newest snapshot)."""
    desk = Desk(store)
    await desk.load()
    table = desk.tables[1]
    await loading.load(store, table, desk.ship, desk.content)
    assert not table.verified  # from the snapshot, not a replay
    assert table.game is not None
    return table.game.state
