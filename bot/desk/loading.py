"""Games in and out of memory: the start-up index, loading a game on demand from its
newest phase snapshot, checking snapshots against replay, and dropping idle games.

Replay from the start stays the ground truth. A snapshot is used only if its schema,
digest and shape are right, it is the phase the row says, and the commands after it
replay cleanly; otherwise the game is replayed from its opening (set-up from its seed,
or the scenario a tutorial or an imported script began at), the snapshots are written
again from that replay, and the event is logged. :func:`verify` replays a game loaded
from a snapshot in full and compares, so no snapshot is trusted blindly for long.

A stored command that no longer replays (it does not parse, names no side, or the rules
refuse it) marks the game's record damaged there (``Table.damaged_at``): the game stays
in memory as it stood before that command, and nothing more is written to it until a
moderator rolls it back to before the damage.
"""

from __future__ import annotations

import logging

from bot import store as st
from bot.desk.tables import Table
from bot.present.events import log_lines
from bot.store import CommandRow, SnapshotRow, Store
from engine.board.ship import Ship
from engine.commands import parse
from engine.content import Content
from engine.errors import GameError
from engine.events import Event
from engine.game import Entry, Game
from engine.records import snapshot
from engine.records.scenario import opening_game
from engine.state import GameState, Side

log = logging.getLogger("quicksilver.bot")


def replay_phase(game: Game) -> list[tuple[int, Entry, list[Event]]]:
    """(seq, entry, events) of every command in the game's log since its phase began
    (the log restarts at each phase), replayed from the log's start: the phase's events
    as data, whatever happened to the process since (replay is the ground truth)."""
    again = Game(game.seed, game.ship, game.content, game.start_state())
    return [
        (seq, entry, again.play(entry.side, entry.command))
        for seq, entry in enumerate(game.log, start=game.base)
    ]


def phase_of(state: GameState) -> tuple[int, str]:
    """(turn, phase) as a snapshot row records them."""
    return state.turn, state.phase.value


def snapshot_row(state: GameState, length: int, at: float) -> SnapshotRow:
    turn, phase = phase_of(state)
    return SnapshotRow(length, turn, phase, None, at, snapshot.dump(state))


async def index(store: Store) -> list[Table]:
    """Every channel's current game, rows and seats only: two queries, no replay."""
    players = await store.current_players()
    return [
        Table(row, {p.user_id: p for p in players.get(row.id, [])})
        for row in await store.current_games()
    ]


async def load(store: Store, table: Table, ship: Ship, content: Content) -> None:
    """Put ``table``'s game in memory: its newest snapshot plus the commands after it,
    or a full replay when there is no usable snapshot. Writes only rebuilt snapshots
    (and nothing when the record turns out damaged)."""
    table.damaged_at = None
    if table.row.status == "lobby":
        table.game = None
        return
    newest = await store.snapshots(table.id, newest=True)
    snap = newest[0] if newest else None
    if snap is not None and snap.state is not None:
        try:
            _resume(table, snap, await store.commands(table.id, snap.seq), ship, content)
            return
        except (snapshot.SnapshotError, GameError, ValueError) as err:
            log.warning(
                "game %d: snapshot at %d not used (%s); replaying",
                table.id,
                snap.seq,
                type(err).__name__,
            )
    await _replay_all(store, table, ship, content, snap)


def _resume(
    table: Table, snap: SnapshotRow, rows: list[CommandRow], ship: Ship, content: Content
) -> None:
    assert snap.state is not None
    state = snapshot.load(snap.state)
    if phase_of(state) != (snap.turn, snap.phase):
        raise snapshot.SnapshotError(f"it holds {phase_of(state)}, the row says {snap.turn}")
    game = Game.resume(table.row.seed, state, snap.seq, ship, content, packed=snap.state)
    for row in rows:
        game.play(Side(row.side), row.command)
    table.game, table.recent, table.phase_seq = game, rows, snap.seq
    table.verified = False


async def _replay_all(
    store: Store, table: Table, ship: Ship, content: Content, newest: SnapshotRow | None
) -> None:
    """Replay the whole log; write the snapshot states (and, for a game stored before
    public lines were kept, those lines) that this replay shows to be missing or wrong.
    Memory keeps the log from the newest phase start on."""
    rows = await store.commands(table.id)
    game = opening_game(table.row.seed, table.row.opening, ship, content)
    phase_seq = newest.seq if newest is not None else 0
    starts = {s.seq: s for s in await store.snapshots(table.id)}
    fixes: list[st.Statement] = []
    lines: list[st.Statement] = []
    for index, row in enumerate(rows):
        if game.length in starts:
            fixes += _fix(table.id, starts[game.length], game, phase_seq)
        try:
            events = game.play(Side(row.side), parse(row.command))
        except (GameError, ValueError) as err:
            # the refusal's text may name a hidden grid: the log says only what failed
            rule = getattr(err, "rule", None) or type(err).__name__
            log.error(
                "game %d: its record is damaged at command %d (%s); nothing more will be "
                "written to it until a moderator rolls it back",
                table.id,
                row.seq,
                rule,
            )
            table.damaged_at, rows = row.seq, rows[:index]
            table.damaged_in = f"turn {game.state.turn}, {game.state.phase.value} phase"
            break
        lines += st.add_public_lines(table.id, row.seq, log_lines(events))
    if game.length in starts:
        fixes += _fix(table.id, starts[game.length], game, phase_seq)
    if fixes:
        log.warning("game %d: %d snapshot(s) rebuilt from replay", table.id, len(fixes))
    if rows and not await store.has_public_lines(table.id):
        fixes += lines
    if table.damaged_at is None:
        await store.commit(fixes)
    phase_seq = game.base
    table.game, table.recent, table.phase_seq = game, rows[phase_seq:], phase_seq
    table.verified = True


def _fix(game_id: int, start: SnapshotRow, game: Game, phase_seq: int) -> list[st.Statement]:
    """At a phase start during replay: only the newest phase start keeps a state (written
    if the row holds another); the log restarts there. Older rows keep none."""
    if start.seq != phase_seq:
        return [] if start.state is None else [st.set_snapshot_state(game_id, start.seq, None)]
    text = snapshot.dump(game.state)
    game.rebase(text)
    return [] if start.state == text else [st.set_snapshot_state(game_id, start.seq, text)]


async def verify(store: Store, table: Table, ship: Ship, content: Content) -> bool:
    """Replay ``table``'s game from its opening and compare it with the game in memory (which
    came from a snapshot). On a difference, log it and reload from the replay. Call with
    the desk's lock held. True when they agreed."""
    game = table.game
    if game is None:
        return True
    full = await _replayed(store, table, game.length, ship, content)
    if full is not None and full.state == game.state:
        table.verified = True
        return True
    log.error("game %d: its snapshot disagrees with its replay; rebuilding", table.id)
    table.unload()
    newest = await store.snapshots(table.id, newest=True)
    await _replay_all(store, table, ship, content, newest[0] if newest else None)
    return False


async def _replayed(
    store: Store, table: Table, length: int, ship: Ship, content: Content
) -> Game | None:
    """The game's first ``length`` stored commands replayed from its seed; None when the
    record does not replay (it is damaged: the full replay then says where)."""
    full = opening_game(table.row.seed, table.row.opening, ship, content)
    try:
        for row in await store.commands(table.id, 0):
            if row.seq >= length:
                break
            full.play(Side(row.side), row.command)
    except (GameError, ValueError):
        return None
    return full


def idle(tables: list[Table], now: float, idle_seconds: float) -> list[Table]:
    """Loaded games nobody has needed for ``idle_seconds``, and nobody is using now."""
    return [
        t
        for t in tables
        if t.loaded
        and t.row.status != "lobby"
        and now - t.used_at >= idle_seconds
        and not t.lock.locked()
        and not t.channel_lock.locked()
    ]
