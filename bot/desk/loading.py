"""Games in and out of memory: the start-up index, loading a game on demand from its
newest phase snapshot, checking snapshots against replay, and dropping idle games.

Replay from the start stays the ground truth. A snapshot is used only if its schema,
digest and shape are right, it is the phase the row says, and the commands after it
replay cleanly; otherwise the game is replayed from its opening (set-up from its seed,
or the scenario a tutorial or an imported script began at), the snapshots are written
again from that replay, and the event is logged. :func:`verify` replays a game loaded
from a snapshot in full and compares, so no snapshot is trusted blindly for long.

A record is damaged where it no longer replays: a stored command that does not parse,
names no side, or that the rules refuse; a command missing from the log (the next one's
number skips it); or an opening (a tutorial's or an imported script's scenario) that no
longer reads (:data:`OPENING`). The game's record is then marked damaged there
(``Table.damaged_at``): the game stays in memory as it stood before the damage (for a
damaged opening, as its newest snapshot holds it, if any), and nothing more is written
to it until a moderator rolls it back (:meth:`bot.desk.moderation.Moderation.rollback`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator

from bot.desk import incidents
from bot.desk.tables import OPENING, Table
from bot.store import (
    CommandRow,
    SnapshotRow,
    Statement,
    Store,
    set_snapshot_state,
)
from bot.store.failures import WriteFailed
from engine.board.ship import Ship
from engine.commands import parse
from engine.content import Content
from engine.errors import GameError
from engine.events import Event
from engine.game import Entry, Game
from engine.records import snapshot
from engine.records.scenario import opening_game
from engine.state import GameState, Phase, Side

log = logging.getLogger("quicksilver.bot")


class Damaged(Exception):
    """Where a record stops replaying: the 0-based number of the first command that
    does not replay or is missing, or :data:`OPENING`; ``why`` names what failed, never
    its text (it could name a hidden grid)."""

    def __init__(self, seq: int, why: str) -> None:
        super().__init__(f"damaged at {seq}: {why}")
        self.seq, self.why = seq, why


def opening_of(seed: int, opening: str, ship: Ship, content: Content) -> Game:
    """The game where a record begins, or :class:`Damaged` at :data:`OPENING`."""
    try:
        return opening_game(seed, opening, ship, content)
    except Exception as err:  # a damaged record may hold anything
        raise Damaged(OPENING, getattr(err, "rule", None) or type(err).__name__) from None


def play_row(game: Game, row: CommandRow) -> list[Event]:
    """Play the stored command ``row`` on ``game``, which must be at ``row.seq`` (else
    a command is missing); :class:`Damaged` there if it does not replay."""
    if row.seq != game.length:
        raise Damaged(game.length, "a missing command")
    try:
        return game.play(Side(row.side), parse(row.command))
    except (GameError, ValueError) as err:
        raise Damaged(row.seq, getattr(err, "rule", None) or type(err).__name__) from None


def play_marked(
    game: Game, rows: Iterable[CommandRow]
) -> Iterator[tuple[CommandRow, tuple[int, Phase], list[Event]]]:
    """Play the stored ``rows`` on ``game`` in turn, each with the (turn, phase) it was
    played in and its events; :class:`Damaged` where one does not replay (those before
    it are given first)."""
    for row in rows:
        mark = (game.state.turn, game.state.phase)
        yield row, mark, play_row(game, row)


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
    return SnapshotRow(length, turn, phase, at, snapshot.dump(state))


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
            # from the command before the snapshot: one missing there is seen too
            rows = await store.commands(table.id, max(snap.seq - 1, 0))
            if snap.seq > 0 and (not rows or rows[0].seq != snap.seq - 1):
                raise snapshot.SnapshotError("the command before it is missing")
            _resume(table, snap, [r for r in rows if r.seq >= snap.seq], ship, content)
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
        if row.seq != game.length:
            raise snapshot.SnapshotError("a command after it is missing")
        game.play(Side(row.side), row.command)
    table.game, table.recent, table.phase_seq = game, rows, snap.seq
    table.verified = False


def _damaged(table: Table, damage: Damaged, game: Game | None = None) -> None:
    """Mark ``table`` damaged where ``game`` (the replay so far; none at the opening)
    stopped; people are told its phase, never the command's number."""
    # the refusal's text may name a hidden grid: the log says only what failed
    log.error(
        "game %d: its record is damaged at %s (%s); nothing more will be written to it "
        "until a moderator rolls it back",
        table.id,
        "its opening" if damage.seq == OPENING else f"command {damage.seq}",
        damage.why,
    )
    table.damaged_at = damage.seq
    if game is not None:
        table.damaged_in = f"turn {game.state.turn}, {game.state.phase.value} phase"


async def _replay_all(
    store: Store,
    table: Table,
    ship: Ship,
    content: Content,
    newest: SnapshotRow | None,
) -> None:
    """Replay the whole log; write the snapshot states that this replay shows to be
    missing or wrong.
    Memory keeps the log from the newest phase start on."""
    rows = await store.commands(table.id)
    try:
        game = opening_of(table.row.seed, table.row.opening, ship, content)
    except Damaged as damage:
        _damaged(table, damage)
        await _hold_newest(store, table, ship, content, newest)
        return
    phase_seq = newest.seq if newest is not None else 0
    starts = {s.seq: s for s in await store.snapshots(table.id)}
    fixes: list[Statement] = []
    for index, row in enumerate(rows):
        if game.length in starts:
            fixes += _fix(table.id, starts[game.length], game, phase_seq)
        try:
            play_row(game, row)
        except Damaged as damage:
            _damaged(table, damage, game)
            rows = rows[:index]
            break
    if game.length in starts:
        fixes += _fix(table.id, starts[game.length], game, phase_seq)
    if table.damaged_at is None and any(seq > game.length for seq in starts):
        # a phase began after the log's last command: the commands before it are missing
        _damaged(table, Damaged(game.length, "a missing command"), game)
    if fixes:
        log.warning("game %d: %d snapshot(s) rebuilt from replay", table.id, len(fixes))
    if table.damaged_at is None:
        await _repair(store, table, fixes)
    phase_seq = game.base
    table.game, table.recent, table.phase_seq = game, rows[phase_seq:], phase_seq
    table.verified = True


async def _repair(store: Store, table: Table, fixes: list[Statement]) -> None:
    """Write what a replay rebuilt; a store that does not take it is logged, and the
    game plays on from memory (the next load rebuilds them again)."""
    try:
        await store.commit(fixes)
    except WriteFailed as failed:
        incidents.record(failed, f"rewriting game {table.id}'s snapshots")


async def _hold_newest(
    store: Store, table: Table, ship: Ship, content: Content, newest: SnapshotRow | None
) -> None:
    """A record whose opening no longer reads: memory holds the game as its newest
    snapshot (and the commands after it) have it, or no game at all."""
    table.game, table.recent, table.phase_seq = None, [], 0
    if newest is None or newest.state is None:
        return
    try:
        _resume(table, newest, await store.commands(table.id, newest.seq), ship, content)
    except (snapshot.SnapshotError, GameError, ValueError):
        table.game, table.recent, table.phase_seq = None, [], 0
    table.verified = True  # as far as it can be: nothing replays it


def _fix(game_id: int, start: SnapshotRow, game: Game, phase_seq: int) -> list[Statement]:
    """At a phase start during replay: only the newest phase start keeps a state (written
    if the row holds another); the log restarts there. Older rows keep none."""
    if start.seq != phase_seq:
        return [] if start.state is None else [set_snapshot_state(game_id, start.seq, None)]
    text = snapshot.dump(game.state)
    game.rebase(text)
    return [] if start.state == text else [set_snapshot_state(game_id, start.seq, text)]


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
    """The game's first ``length`` stored commands replayed from its opening; None when
    the record does not replay (it is damaged: the full replay then says where)."""
    try:
        full = opening_of(table.row.seed, table.row.opening, ship, content)
        for row in await store.commands(table.id, 0):
            if row.seq >= length:
                break
            play_row(full, row)
    except Damaged:
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
