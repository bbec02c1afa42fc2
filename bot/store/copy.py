"""``quicksilver db copy``: a whole store into another, empty one (SQLite to PostgreSQL
and back), then proof that nothing changed on the way.

Every table is copied row for row, ids and versions included, in one transaction on the
destination (a failed copy leaves it empty). Games are read a page at a time, so a big
store never sits in memory whole. The check afterwards compares every table's rows and
counts, and replays every game from its opening (its seed, or a scenario) and its stored
commands on both sides: a game is ground truth as its replay (see README), so the copy
is right when every replay ends in the same state.
"""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from bot.store.base import Store
from bot.store.statements import Statement
from engine.board.floorplan import default_ship
from engine.commands import parse
from engine.content import load_content
from engine.records import snapshot
from engine.records.scenario import opening_game
from engine.state import Side

# Copied tables, parents first, with the columns that order their rows.
COPIED = {
    "games": "id",
    "players": "game_id, user_id",
    "commands": "game_id, seq",
    "snapshots": "game_id, seq",
    "snapshot_states": "game_id",
    "public_lines": "id",
    "guild_settings": "guild_id",
    "mod_actions": "id",
    # the player as a person (bot.store.people)
    "waits": "game_id, user_id",
    "held_pings": "id",
    "seatings": "id",
    "phase_marks": "game_id, phase_seq, user_id",
    "game_results": "game_id",
    "seat_calls": "id",
    "user_settings": "user_id",
    "game_claims": "game_id",
    "forgotten": "id",  # /me forget's anonymous numbers (bot.store.forgetting)
}
GAME_KEY = {"games": "id", "players": "game_id", "commands": "game_id"}
GAME_KEY |= {"snapshots": "game_id", "snapshot_states": "game_id", "public_lines": "game_id"}
GAME_KEY |= {t: "game_id" for t in ("waits", "held_pings", "seatings", "phase_marks")}
GAME_KEY |= {"game_results": "game_id", "seat_calls": "game_id", "game_claims": "game_id"}
# ids the database hands out
IDENTITIES: tuple[str, ...] = ("games", "public_lines", "mod_actions", "held_pings")
IDENTITIES += ("seatings", "seat_calls", "forgotten")
LEFT_OUT = {
    "shard_leases": "which running process serves which shard, not data",
    "schema_migrations": "each database's own record of its migrations",
    "bot_meta": "facts about one deployment (the slash commands it synced), not game data",
    # the ratings (bot.desk.ratings): derived from the games, so `db copy`
    # rebuilds them on the destination from the copied games instead
    "rating_games": "derived: rebuilt from the copied games (quicksilver stats rebuild)",
    "ratings": "derived: rebuilt from the copied games (quicksilver stats rebuild)",
    "rating_changes": "derived: rebuilt from the copied games (quicksilver stats rebuild)",
}
PAGE = 500  # games per read
Rows = list[tuple[Any, ...]]
Start = tuple[int, str]  # a game's seed and opening (engine.records.scenario.opening_game)


def _s(n: int) -> str:
    """The plural's ending for a count of ``n``."""
    return "" if n == 1 else "s"


class CopyError(Exception):
    """The copy cannot be made (or was not faithful); the message says why."""


@dataclass
class Report:
    """What a copy moved, and what its check found different (nothing, when right)."""

    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        games, commands = self.counts.get("games", 0), self.counts.get("commands", 0)
        head = f"copied {games:,} game{_s(games)}, {commands:,} command{_s(commands)}"
        if not self.problems:
            return f"{head}; every game replays identically"
        shown = "\n  ".join(self.problems[:20])
        more = f"\n  … and {len(self.problems) - 20} more" if len(self.problems) > 20 else ""
        return f"{head}; {len(self.problems)} difference{_s(len(self.problems))}:\n  {shown}{more}"


async def copy_store(src: Store, dst: Store) -> Report:
    """Copy every table of ``src`` into the empty ``dst`` in one transaction on ``dst``,
    then check it (:func:`verify`). The copy and its check read one snapshot of ``src``
    (:meth:`Store.reading`), so a store being written meanwhile copies consistently. If
    the copy fails, or its check finds a difference, ``dst`` is emptied again, so a
    retry can run."""
    async with src.reading():
        columns = await _check_schemas(src, dst)
        held = {t: n for t in COPIED if (n := await _count(dst, t))}
        if held:
            listed = ", ".join(f"{t} {n:,}" for t, n in held.items())
            raise CopyError(
                f"the destination already holds rows ({listed}): copy only into a new, "
                "empty database; nothing was changed"
            )
        try:
            async with dst.loading() as load:
                async for table, _, rows in _pages(src, columns):
                    await load([_insert(table, columns[table], row) for row in rows])
                await load(dst.identity_catch_up(IDENTITIES))
            report = await _verify(src, dst, columns)
        except BaseException:
            await empty(dst)
            raise
    if report.problems:
        await empty(dst)
    return report


async def empty(dst: Store) -> None:
    """Delete every copied row of ``dst`` (children first), in one transaction: what a
    copy wrote into a destination that was empty before it."""
    async with dst.loading() as load:
        for table in reversed(COPIED):
            await load([(f"DELETE FROM {table}", ())])


async def verify(src: Store, dst: Store) -> Report:
    """Compare ``dst`` with ``src``: row counts and rows of every copied table, and the
    state every game's replay ends in (``src`` read as one snapshot)."""
    async with src.reading():
        return await _verify(src, dst, await _check_schemas(src, dst))


async def _verify(src: Store, dst: Store, columns: dict[str, list[str]]) -> Report:
    report = Report()
    for table in COPIED:
        ours, theirs = await _count(src, table), await _count(dst, table)
        report.counts[table] = theirs
        if ours != theirs:
            report.problems.append(
                f"{table}: {ours:,} row{_s(ours)} in the source, {theirs:,} copied"
            )
    replays = _Replays(columns), _Replays(columns)
    starts: dict[int, Start] = {}
    async for table, page, rows in _pages(src, columns):
        copied = await _read(dst, table, columns[table], page)
        if copied != rows:
            report.problems.append(f"{table}: rows differ ({page.name})")
        if table == "games":
            at = [columns["games"].index(name) for name in ("id", "seed", "opening")]
            starts = {row[at[0]]: (row[at[1]], row[at[2]]) for row in rows}
        elif table == "commands":
            before = replays[0].outcomes(starts, rows)
            after = replays[1].outcomes(starts, copied)
            for game_id in starts:
                if before[game_id] != after[game_id]:
                    report.problems.append(f"game {game_id} replays differently after the copy")
    return report


async def _check_schemas(src: Store, dst: Store) -> dict[str, list[str]]:
    """Each copied table's columns; refuses stores whose schemas differ, or tables this
    module does not know (a new migration must say how its table is copied)."""
    versions = await src.schema_version(), await dst.schema_version()
    if versions[0] != versions[1]:
        raise CopyError(f"schema versions differ: source {versions[0]}, destination {versions[1]}")
    unknown = set(await src.tables()) - set(COPIED) - set(LEFT_OUT)
    if unknown:
        raise CopyError(f"the copy does not know the table(s) {', '.join(sorted(unknown))}")
    columns = {}
    for table in COPIED:
        columns[table] = await src.columns(table)
        if sorted(columns[table]) != sorted(await dst.columns(table)):
            raise CopyError(f"table {table} has other columns in the destination")
    return columns


async def _count(store: Store, table: str) -> int:
    rows = await store._fetch(f"SELECT COUNT(*) AS n FROM {table}")
    return int(rows[0]["n"])


@dataclass(frozen=True)
class Page:
    """Which rows of a table one read takes: those of games ``first`` to ``last`` (by
    the ``key`` column), or the whole table (no key)."""

    key: str = ""
    first: int = 0
    last: int = 0

    @property
    def name(self) -> str:
        return f"games {self.first} to {self.last}" if self.key else "whole table"


async def _pages(
    store: Store, columns: dict[str, list[str]]
) -> AsyncIterator[tuple[str, Page, Rows]]:
    """Every copied table's rows, in order: the games' tables a page of games at a time
    (the page's games first), then the other tables whole."""
    last = 0
    while True:
        ids = await store._fetch(
            f"SELECT id FROM games WHERE id > ? ORDER BY id LIMIT {PAGE}", (last,)
        )
        if not ids:
            break
        first, last = int(ids[0]["id"]), int(ids[-1]["id"])
        for table, key in GAME_KEY.items():
            page = Page(key, first, last)
            yield table, page, await _read(store, table, columns[table], page)
    for table in COPIED:
        if table not in GAME_KEY:
            yield table, Page(), await _read(store, table, columns[table], Page())


async def _read(store: Store, table: str, columns: list[str], page: Page) -> Rows:
    where = f" WHERE {page.key} BETWEEN ? AND ?" if page.key else ""
    rows = await store._fetch(
        f"SELECT {', '.join(columns)} FROM {table}{where} ORDER BY {COPIED[table]}",
        (page.first, page.last) if page.key else (),
    )
    return [tuple(row[i] for i in range(len(columns))) for row in rows]


def _insert(table: str, columns: list[str], row: tuple[Any, ...]) -> Statement:
    names, marks = ", ".join(columns), ", ".join("?" for _ in columns)
    return (f"INSERT INTO {table} ({names}) VALUES ({marks})", row)


class _Replays:
    """Final states of replayed games (snapshot text, or why the replay failed); a game
    log seen before (the same seed and commands) is not replayed again."""

    def __init__(self, columns: dict[str, list[str]]) -> None:
        names = columns["commands"]
        self._at = names.index("game_id"), names.index("side"), names.index("command")
        self._seen: dict[bytes, str] = {}
        self._ship, self._content = default_ship(), load_content()

    def outcomes(self, starts: dict[int, Start], commands: Rows) -> dict[int, str]:
        """Each game's outcome, from its start (seed and opening) and its commands
        (rows in order)."""
        game_at, side_at, command_at = self._at
        logs: dict[int, list[tuple[str, str]]] = {game_id: [] for game_id in starts}
        for row in commands:
            logs.setdefault(row[game_at], []).append((str(row[side_at]), str(row[command_at])))
        return {game_id: self._outcome(starts.get(game_id), log) for game_id, log in logs.items()}

    def _outcome(self, start: Start | None, log: list[tuple[str, str]]) -> str:
        key = hashlib.sha256(repr((start, log)).encode()).digest()
        if key not in self._seen:
            self._seen[key] = self._replay(start, log)
        return self._seen[key]

    def _replay(self, start: Start | None, log: list[tuple[str, str]]) -> str:
        if start is None:
            return "commands of no game"
        try:
            game = opening_game(*start, self._ship, self._content)
            for side, command in log:
                game.play(Side(side), parse(command))
        except Exception as err:  # a failed replay is an outcome to compare, not a crash
            return f"does not replay: {err}"
        return snapshot.dump(game.state)
