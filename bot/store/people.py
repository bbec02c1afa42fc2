"""The player as a person across games (the README's "People across games"): their
settings, pings held through quiet hours, who sat where, how each phase went for each
player, how each game ended, and open-seat calls. Whom each game waits on, and who is
away with the computer playing for them, is :mod:`bot.store.waits`.

Rows, the writes as statements (run by ``Store.commit`` like every other) and the reads,
in the SQL both backends share. The records (:class:`RecordRows`) are data, per game and
per user, so later work (ratings) can read them without counters to trust.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from bot.store.base import Store
from bot.store.rows import Row
from bot.store.statements import Statement, placeholders

NOTIFY = ("channel", "dm", "none")
NOTIFY_WHEN = ("waiting", "phase")
AWAY_MODES = ("wait", "computer", "expert", "sub")
SEAT_ALERTS = ("off", "alien", "crew", "any")
STAND_IN_MODES = ("computer", "expert")  # the computer plays: `normal` level, or `expert`
STOOD_IN = "stand_in"  # a phase's mark when the computer played it for the away player
MARKS = ("on_time", "grace", "missed", "away", STOOD_IN)


@dataclass(frozen=True, slots=True)
class Settings:
    """One user's own settings; a user without a row has these defaults."""

    user_id: int
    notify: str = "channel"  # channel | dm | none
    notify_when: str = "waiting"  # waiting | phase: also when my side's phase starts
    remind_hours: float | None = None  # None: the game's cadence; 0: never
    time_zone: str = "UTC"
    quiet_from: int | None = None  # minutes after local midnight
    quiet_to: int | None = None
    away_since: float | None = None
    away_until: float | None = None
    away_mode: str = "wait"  # wait | computer | expert | sub
    away_note: str = ""
    away_public: bool = False
    language: str = ""  # "": the language of their last interaction (README, "Languages")
    seat_alert: str = "off"  # off | alien | crew | any: new lobbies with that seat free
    stats_hidden: bool = False  # left off the leaderboards

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def away_at(self, now: float) -> bool:
        return self.away_until is not None and (self.away_since or 0.0) <= now < self.away_until


SETTINGS_COLUMNS = tuple(f.name for f in fields(Settings))


@dataclass(frozen=True, slots=True)
class HeldPing:
    id: int
    user_id: int
    game_id: int
    kind: str  # turn | phase | reminder | grace | last_call
    held_at: float
    release_at: float


@dataclass(frozen=True, slots=True)
class SeatCall:
    id: int
    game_id: int
    user_id: int  # whose seat
    side: str
    reason: str  # asked | missed | away | mod
    opened_at: float
    status: str = "open"  # open | claimed | filled | withdrawn
    candidate: int | None = None
    message_id: int | None = None
    closed_at: float | None = None
    approved_by: int | None = None

    def with_(self, **changes: Any) -> SeatCall:
        return replace(self, **changes)

    def with_closed(self, status: str, at: float) -> SeatCall:
        return replace(self, status=status, closed_at=at)

    @property
    def live(self) -> bool:
        return self.status in ("open", "claimed")


CALL_COLUMNS = tuple(f.name for f in fields(SeatCall))


@dataclass(frozen=True, slots=True)
class MyGame:
    """One current game of a user, as ``/me games`` lists it (no game loaded)."""

    game_id: int
    guild_id: int | None
    channel_id: int
    channel_name: str
    status: str
    phase_key: str
    seat: str
    deadline_at: float | None
    paused: bool
    waiting: tuple[int, ...]  # users the game waits on now
    since: float | None  # since when it waits on this user (None: it does not)


@dataclass(frozen=True, slots=True)
class RecordRows:
    """What the store holds about one user's games, seeded games left out."""

    seatings: list[tuple[int, str, str, str | None, str | None, str | None]]
    # (game, side, came, went, winner, band) per seating; winner None: not finished
    marks: dict[str, tuple[int, int]]  # mark -> (phases, graces used)


# --- settings ------------------------------------------------------------------------
def put_settings(settings: Settings) -> Statement:
    names = ", ".join(SETTINGS_COLUMNS)
    marks = ", ".join("?" for _ in SETTINGS_COLUMNS)
    sets = ", ".join(f"{c} = excluded.{c}" for c in SETTINGS_COLUMNS if c != "user_id")
    values = [getattr(settings, c) for c in SETTINGS_COLUMNS]
    values[SETTINGS_COLUMNS.index("away_public")] = int(settings.away_public)
    values[SETTINGS_COLUMNS.index("stats_hidden")] = int(settings.stats_hidden)
    return (
        f"INSERT INTO user_settings ({names}) VALUES ({marks}) "
        f"ON CONFLICT (user_id) DO UPDATE SET {sets}",
        tuple(values),
    )


def _settings(row: Row) -> Settings:
    values = {c: row[c] for c in SETTINGS_COLUMNS}
    values["away_public"] = bool(values["away_public"])
    values["stats_hidden"] = bool(values["stats_hidden"])
    return Settings(**values)


async def settings(store: Store, user_id: int) -> Settings:
    found = await settings_of(store, [user_id])
    return found[user_id]


async def settings_of(store: Store, user_ids: Iterable[int]) -> dict[int, Settings]:
    """Each user's settings (the defaults for a user without a row)."""
    wanted = sorted(set(user_ids))
    found = {u: Settings(u) for u in wanted}
    if wanted:
        rows = await store._fetch(
            f"SELECT * FROM user_settings WHERE user_id IN ({placeholders(wanted)})", wanted
        )
        found |= {int(r["user_id"]): _settings(r) for r in rows}
    return found


async def seat_alerts_for(store: Store, alerts: Sequence[str]) -> list[int]:
    """Users whose ``seat_alert`` is one of ``alerts`` (an indexed read)."""
    rows = await store._fetch(
        f"SELECT user_id FROM user_settings WHERE seat_alert IN ({placeholders(alerts)}) "
        "ORDER BY user_id",
        alerts,
    )
    return [int(r["user_id"]) for r in rows]


# --- held pings -----------------------------------------------------------------------
def hold_ping(user_id: int, game_id: int, kind: str, at: float, release_at: float) -> Statement:
    return (
        "INSERT INTO held_pings (user_id, game_id, kind, held_at, release_at) "
        "VALUES (?, ?, ?, ?, ?)",
        (user_id, game_id, kind, at, release_at),
    )


def rehold(ids: Sequence[int], release_at: float) -> Statement:
    return (
        f"UPDATE held_pings SET release_at = ? WHERE id IN ({placeholders(ids)})",
        (release_at, *ids),
    )


def drop_held(ids: Sequence[int]) -> Statement:
    return (f"DELETE FROM held_pings WHERE id IN ({placeholders(ids)})", tuple(ids))


async def held_due(store: Store, now: float) -> list[HeldPing]:
    rows = await store._fetch(
        "SELECT * FROM held_pings WHERE release_at <= ? ORDER BY user_id, game_id, id", (now,)
    )
    return [
        HeldPing(
            int(r["id"]),
            int(r["user_id"]),
            int(r["game_id"]),
            str(r["kind"]),
            float(r["held_at"]),
            float(r["release_at"]),
        )
        for r in rows
    ]


# --- seatings, marks, results ------------------------------------------------------------
def open_seating(game_id: int, user_id: int, side: str, at: float, came: str) -> Statement:
    return (
        "INSERT INTO seatings (game_id, user_id, side, sat_at, came) VALUES (?, ?, ?, ?, ?)",
        (game_id, user_id, side, at, came),
    )


def close_seating(game_id: int, user_id: int, at: float, went: str) -> Statement:
    return (
        "UPDATE seatings SET left_at = ?, went = ? WHERE game_id = ? AND user_id = ? "
        "AND went IS NULL",
        (at, went, game_id, user_id),
    )


async def sides_sat(store: Store, game_id: int, user_id: int) -> set[str]:
    """The sides ``user_id`` ever sat at in this started game."""
    rows = await store._fetch(
        "SELECT DISTINCT side FROM seatings WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )
    return {str(r["side"]) for r in rows}


def put_mark(
    game_id: int, phase_seq: int, user_id: int, side: str, mark: str, graces: int, at: float
) -> Statement:
    return (
        "INSERT INTO phase_marks (game_id, phase_seq, user_id, side, mark, graces, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, phase_seq, user_id) DO UPDATE SET "
        "side = excluded.side, mark = excluded.mark, graces = excluded.graces, at = excluded.at",
        (game_id, phase_seq, user_id, side, mark, graces, at),
    )


def truncate_marks(game_id: int, length: int) -> Statement:
    """A rollback to game length ``length``: the phases from there on are played again."""
    return ("DELETE FROM phase_marks WHERE game_id = ? AND phase_seq >= ?", (game_id, length))


async def recent_marks(store: Store, game_id: int, user_id: int, count: int) -> list[str]:
    """The user's newest ``count`` marks in the game, newest first."""
    rows = await store._fetch(
        "SELECT mark FROM phase_marks WHERE game_id = ? AND user_id = ? "
        f"ORDER BY phase_seq DESC LIMIT {int(count)}",
        (game_id, user_id),
    )
    return [str(r["mark"]) for r in rows]


def put_result(
    game_id: int,
    at: float,
    turn: int,
    total: int,
    band: str,
    winner: str,
    *,
    how: str = "played",
    conceded: str = "",
) -> Statement:
    """A finished game's result; ``how`` it ended ('played' out, 'resigned', 'claimed')
    and the side that ``conceded`` (resigned, or was claimed against)."""
    return (
        "INSERT INTO game_results (game_id, ended_at, turn, total, band, winner, how, conceded) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
        "ended_at = excluded.ended_at, turn = excluded.turn, total = excluded.total, "
        "band = excluded.band, winner = excluded.winner, how = excluded.how, "
        "conceded = excluded.conceded",
        (game_id, at, turn, total, band, winner, how, conceded),
    )


async def result_of(store: Store, game_id: int) -> tuple[str, str, str] | None:
    """(band, how, conceded) of a finished game's result (None: no result)."""
    rows = await store._fetch(
        "SELECT band, how, conceded FROM game_results WHERE game_id = ?", (game_id,)
    )
    return (str(rows[0]["band"]), str(rows[0]["how"]), str(rows[0]["conceded"])) if rows else None


def drop_result(game_id: int) -> Statement:
    return ("DELETE FROM game_results WHERE game_id = ?", (game_id,))


async def record_rows(store: Store, user_id: int) -> RecordRows:
    """Everything ``/me record`` counts for ``user_id``, seeded games (games.seeded = 1)
    left out: they were set up by a moderator's choice of dice."""
    seatings = await store._fetch(
        "SELECT s.game_id, s.side, s.came, s.went, r.winner, r.band FROM seatings s "
        "JOIN games g ON g.id = s.game_id LEFT JOIN game_results r ON r.game_id = s.game_id "
        "WHERE s.user_id = ? AND g.seeded = 0 ORDER BY s.id",
        (user_id,),
    )
    marks = await store._fetch(
        "SELECT m.mark, COUNT(*) AS n, SUM(m.graces) AS graces FROM phase_marks m "
        "JOIN games g ON g.id = m.game_id WHERE m.user_id = ? AND g.seeded = 0 GROUP BY m.mark",
        (user_id,),
    )
    return RecordRows(
        [
            (
                int(r["game_id"]),
                str(r["side"]),
                str(r["came"]),
                r["went"],
                r["winner"],
                r["band"],
            )
            for r in seatings
        ],
        {str(r["mark"]): (int(r["n"]), int(r["graces"] or 0)) for r in marks},
    )


# --- open-seat calls -------------------------------------------------------------------
def open_call(game_id: int, user_id: int, side: str, reason: str, at: float) -> Statement:
    return (
        "INSERT INTO seat_calls (game_id, user_id, side, reason, opened_at) "
        "VALUES (?, ?, ?, ?, ?) RETURNING id",
        (game_id, user_id, side, reason, at),
    )


async def insert_call(
    store: Store, game_id: int, user_id: int, side: str, reason: str, at: float
) -> int:
    """A new open call's id."""
    call_id = await store._write([open_call(game_id, user_id, side, reason, at)], None)
    assert call_id is not None
    return call_id


async def claim_post(store: Store, call_id: int) -> bool:
    """Mark the call as being posted (message id 0) if nobody has: True for the winner."""
    claimed = await store._write(
        [
            (
                "UPDATE seat_calls SET message_id = 0 WHERE id = ? AND message_id IS NULL "
                "RETURNING id",
                (call_id,),
            )
        ],
        None,
    )
    return claimed is not None


def update_call(call: SeatCall) -> Statement:
    sets = ", ".join(f"{c} = ?" for c in CALL_COLUMNS if c != "id")
    values = tuple(getattr(call, c) for c in CALL_COLUMNS if c != "id")
    return (f"UPDATE seat_calls SET {sets} WHERE id = ?", (*values, call.id))


def _call(row: Row) -> SeatCall:
    return SeatCall(**{c: row[c] for c in CALL_COLUMNS})


async def call(store: Store, call_id: int) -> SeatCall | None:
    rows = await store._fetch("SELECT * FROM seat_calls WHERE id = ?", (call_id,))
    return _call(rows[0]) if rows else None


async def live_calls(store: Store, game_id: int) -> list[SeatCall]:
    """The game's calls still open or claimed."""
    rows = await store._fetch(
        "SELECT * FROM seat_calls WHERE game_id = ? AND status IN ('open', 'claimed') ORDER BY id",
        (game_id,),
    )
    return [_call(r) for r in rows]


async def has_live_call(store: Store, game_id: int, user_id: int) -> bool:
    """Whether ``user_id``'s seat at game ``game_id`` has a live call already."""
    return any(c.user_id == user_id for c in await live_calls(store, game_id))


async def calls_to_post(store: Store) -> list[SeatCall]:
    """Open calls not posted yet (opened by the clock or a DM)."""
    rows = await store._fetch(
        "SELECT * FROM seat_calls WHERE status = 'open' AND message_id IS NULL ORDER BY id"
    )
    return [_call(r) for r in rows]


async def away_calls_ended(store: Store, now: float) -> list[SeatCall]:
    """Calls opened for an absence that is over (the player is back)."""
    rows = await store._fetch(
        "SELECT c.* FROM seat_calls c LEFT JOIN user_settings u ON u.user_id = c.user_id "
        "WHERE c.status IN ('open', 'claimed') AND c.reason = 'away' "
        "AND (u.away_until IS NULL OR u.away_until <= ?) ORDER BY c.id",
        (now,),
    )
    return [_call(r) for r in rows]


# --- across games ---------------------------------------------------------------------
async def my_games(store: Store, user_id: int) -> list[MyGame]:
    """Every current game ``user_id`` sits at (as a player), any server, any shard, with
    whom each waits on: read from the store, no game loaded."""
    rows = await store._fetch(
        "SELECT g.id, g.guild_id, g.channel_id, g.channel_name, g.status, g.phase_key, "
        "g.deadline_at, g.paused_at, p.seat FROM games g JOIN players p ON p.game_id = g.id "
        "WHERE p.user_id = ? AND p.seat IN ('alien', 'crew') AND g.id IN (SELECT MAX(id) "
        "FROM games WHERE status IN ('lobby', 'playing', 'over') GROUP BY channel_id) "
        "ORDER BY g.id",
        (user_id,),
    )
    ids = [int(r["id"]) for r in rows]
    waits: dict[int, list[tuple[int, float]]] = {}
    if ids:
        for w in await store._fetch(
            f"SELECT game_id, user_id, since FROM waits WHERE game_id IN ({placeholders(ids)}) "
            "AND done_at IS NULL ORDER BY since, user_id",
            ids,
        ):
            waits.setdefault(int(w["game_id"]), []).append((int(w["user_id"]), float(w["since"])))
    found = []
    for r in rows:
        waiting = waits.get(int(r["id"]), []) if r["status"] == "playing" else []
        mine = [since for user, since in waiting if user == user_id]
        found.append(
            MyGame(
                int(r["id"]),
                r["guild_id"],
                int(r["channel_id"]),
                str(r["channel_name"]),
                str(r["status"]),
                str(r["phase_key"]),
                str(r["seat"]),
                r["deadline_at"],
                r["paused_at"] is not None,
                tuple(user for user, _ in waiting),
                mine[0] if mine else None,
            )
        )
    return found
