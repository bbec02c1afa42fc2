"""Whom each game waits on (the README's "People across games"): a wait a person and
phase, its reminders, graces, the deadline's moves for quiet hours and its last call,
and who is away with the computer playing for them (the stand-ins).

Rows, the writes as statements (run by ``Store.commit`` like every other) and the reads,
in the SQL both backends share.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, fields

from bot.store.base import Store
from bot.store.rows import Row
from bot.store.statements import Statement, placeholders


@dataclass(frozen=True, slots=True)
class Wait:
    """The game ``game_id`` waits on ``user_id`` (until ``done_at``)."""

    game_id: int
    user_id: int
    side: str
    phase_seq: int
    since: float
    remind_at: float | None = None
    reminders: int = 0
    graces: int = 0
    excused: bool = False
    done_at: float | None = None
    stood_in: bool = False  # the computer played (some of) this phase for the away player
    slept: float = 0.0  # seconds the deadline moved this phase for their quiet hours
    last_call_for: float | None = None  # the deadline their last call was planned for
    last_call_at: float | None = None  # when it goes out; None: sent, or none to send


WAIT_COLUMNS = tuple(f.name for f in fields(Wait))


# --- waits ---------------------------------------------------------------------------
def put_wait(wait: Wait) -> Statement:
    names = ", ".join(WAIT_COLUMNS)
    marks = ", ".join("?" for _ in WAIT_COLUMNS)
    values = [getattr(wait, c) for c in WAIT_COLUMNS]
    values[WAIT_COLUMNS.index("excused")] = int(wait.excused)
    values[WAIT_COLUMNS.index("stood_in")] = int(wait.stood_in)
    return (f"INSERT INTO waits ({names}) VALUES ({marks})", tuple(values))


def delete_waits(game_id: int) -> Statement:
    return ("DELETE FROM waits WHERE game_id = ?", (game_id,))


def delete_wait(game_id: int, user_id: int) -> Statement:
    return ("DELETE FROM waits WHERE game_id = ? AND user_id = ?", (game_id, user_id))


def waits_done_except(game_id: int, waiting: Sequence[int], at: float) -> Statement:
    """Every open wait of the game but those of ``waiting`` is done at ``at``."""
    keep = f" AND user_id NOT IN ({placeholders(waiting)})" if waiting else ""
    return (
        f"UPDATE waits SET done_at = ? WHERE game_id = ? AND done_at IS NULL{keep}",
        (at, game_id, *waiting),
    )


def waits_reopen(game_id: int, waiting: Sequence[int]) -> list[Statement]:
    """Those of ``waiting`` whose wait was done are waited on again (an undo)."""
    if not waiting:
        return []
    return [
        (
            "UPDATE waits SET done_at = NULL WHERE game_id = ? "
            f"AND user_id IN ({placeholders(waiting)})",
            (game_id, *waiting),
        )
    ]


def set_remind_at(game_id: int, user_id: int, at: float | None, reminders: int) -> Statement:
    return (
        "UPDATE waits SET remind_at = ?, reminders = ? WHERE game_id = ? AND user_id = ?",
        (at, reminders, game_id, user_id),
    )


def charge_grace(game_id: int, user_id: int) -> Statement:
    return (
        "UPDATE waits SET graces = graces + 1 WHERE game_id = ? AND user_id = ?",
        (game_id, user_id),
    )


def excuse_wait(game_id: int, user_id: int, *, stood_in: bool = False) -> Statement:
    """The wait is excused (its player is away); ``stood_in``: the computer played for
    them, so the phase's mark is ``stand_in``, not theirs in the ratings."""
    also = ", stood_in = 1" if stood_in else ""
    return (
        f"UPDATE waits SET excused = 1{also} WHERE game_id = ? AND user_id = ?",
        (game_id, user_id),
    )


def hand_wait(game_id: int, old: int, new: int) -> Statement:
    """A substitute inherits the seat's wait (its phase, its reminders)."""
    return ("UPDATE waits SET user_id = ? WHERE game_id = ? AND user_id = ?", (new, game_id, old))


def shift_reminders(game_id: int, seconds: float) -> Statement:
    """A resumed pause: the reminders move on by the time the game stood still."""
    return (
        "UPDATE waits SET remind_at = remind_at + ? WHERE game_id = ? AND remind_at IS NOT NULL",
        (seconds, game_id),
    )


def add_slept(game_id: int, user_id: int, seconds: float) -> Statement:
    return (
        "UPDATE waits SET slept = slept + ? WHERE game_id = ? AND user_id = ?",
        (seconds, game_id, user_id),
    )


def plan_last_call(game_id: int, user_id: int, deadline: float, at: float | None) -> Statement:
    """The last call before ``deadline`` (0: the game has none) goes out at ``at`` (None:
    none is owed)."""
    return (
        "UPDATE waits SET last_call_for = ?, last_call_at = ? WHERE game_id = ? AND user_id = ?",
        (deadline, at, game_id, user_id),
    )


def last_call_sent(game_id: int, user_id: int) -> Statement:
    return (
        "UPDATE waits SET last_call_at = NULL WHERE game_id = ? AND user_id = ?",
        (game_id, user_id),
    )


def replan_last_calls(game_id: int) -> Statement:
    """The game's deadline moved: each open wait's last call is planned afresh."""
    return (
        "UPDATE waits SET last_call_for = NULL, last_call_at = NULL WHERE game_id = ?",
        (game_id,),
    )


async def last_calls_to_plan(store: Store) -> list[tuple[Wait, float | None]]:
    """Open waits of running games whose last call is not planned yet (new waits, and
    those of a game whose deadline moved), each with the game's deadline (None: it has
    none now). An index range of the unplanned rows: planning marks every one."""
    rows = await store._fetch(
        "SELECT w.*, g.deadline_at AS deadline FROM waits w JOIN games g ON g.id = w.game_id "
        "WHERE w.last_call_for IS NULL AND w.done_at IS NULL AND g.status = 'playing'",
    )
    return [(_wait(r), float(r["deadline"]) if r["deadline"] is not None else None) for r in rows]


async def last_calls_due(store: Store, now: float) -> list[Wait]:
    """Open waits whose last call is due (one index range)."""
    rows = await store._fetch(
        "SELECT * FROM waits WHERE last_call_at <= ? AND done_at IS NULL ORDER BY last_call_at",
        (now,),
    )
    return [_wait(r) for r in rows]


def _wait(row: Row) -> Wait:
    values = {c: row[c] for c in WAIT_COLUMNS}
    values["excused"] = bool(values["excused"])
    values["stood_in"] = bool(values["stood_in"])
    return Wait(**values)


async def waits_of_game(store: Store, game_id: int) -> list[Wait]:
    rows = await store._fetch(
        "SELECT * FROM waits WHERE game_id = ? ORDER BY since, user_id", (game_id,)
    )
    return [_wait(r) for r in rows]


async def open_waits_of_user(store: Store, user_id: int) -> list[Wait]:
    rows = await store._fetch(
        "SELECT * FROM waits WHERE user_id = ? AND done_at IS NULL ORDER BY game_id", (user_id,)
    )
    return [_wait(r) for r in rows]


async def reminders_due(store: Store, now: float) -> list[Wait]:
    """Open waits whose next reminder is due (one index range: the caller, who holds
    the games' rows, skips a paused game's)."""
    rows = await store._fetch(
        "SELECT * FROM waits WHERE remind_at <= ? AND done_at IS NULL ORDER BY remind_at",
        (now,),
    )
    return [_wait(r) for r in rows]


async def graces_used(store: Store, game_id: int, user_ids: Sequence[int]) -> dict[int, int]:
    """Graces each user used in the game so far (earlier phases and this one)."""
    if not user_ids:
        return {}
    used = dict.fromkeys(user_ids, 0)
    marks = placeholders(user_ids)
    for sql in (
        f"SELECT user_id, SUM(graces) AS n FROM phase_marks WHERE game_id = ? "
        f"AND user_id IN ({marks}) GROUP BY user_id",
        f"SELECT user_id, SUM(graces) AS n FROM waits WHERE game_id = ? "
        f"AND user_id IN ({marks}) GROUP BY user_id",
    ):
        for row in await store._fetch(sql, (game_id, *user_ids)):
            used[int(row["user_id"])] += int(row["n"] or 0)
    return used


async def open_waits_in(store: Store, game_ids: Sequence[int]) -> set[tuple[int, int]]:
    """(game, user) of every open wait of ``game_ids``."""
    if not game_ids:
        return set()
    rows = await store._fetch(
        f"SELECT game_id, user_id FROM waits WHERE done_at IS NULL "
        f"AND game_id IN ({placeholders(game_ids)})",
        game_ids,
    )
    return {(int(r["game_id"]), int(r["user_id"])) for r in rows}


async def stand_in_games(store: Store, now: float) -> list[int]:
    """Games waiting on someone away who asked the computer to play for them (the away
    first, by their index, then their waits, by theirs)."""
    away = await store._fetch(
        "SELECT user_id FROM user_settings WHERE away_until > ? "
        "AND away_mode IN ('computer', 'expert') "
        "AND away_since <= ?",
        (now, now),
    )
    users = [int(r["user_id"]) for r in away]
    if not users:
        return []
    rows = await store._fetch(
        f"SELECT DISTINCT game_id FROM waits WHERE user_id IN ({placeholders(users)}) "
        "AND done_at IS NULL ORDER BY game_id",
        users,
    )
    return [int(r["game_id"]) for r in rows]


async def away_stand_ins(
    store: Store, user_ids: Sequence[int], now: float, *, sole_writer: bool = False
) -> list[int]:
    """Those of ``user_ids`` away now with the computer playing for them. Asked after
    every command; ``sole_writer``: no other process writes people's settings (a bot
    holding every shard), so the absences read once serve until this store object
    writes settings again, and nobody away costs no query."""
    if not user_ids:
        return []
    if sole_writer:
        absences = await _absences(store)
        return [u for u in user_ids if u in absences and _within(absences[u], now)]
    rows = await store._fetch(
        f"SELECT user_id FROM user_settings WHERE user_id IN ({placeholders(user_ids)}) "
        "AND away_mode IN ('computer', 'expert') AND away_since <= ? AND away_until > ?",
        (*user_ids, now, now),
    )
    found = {int(r["user_id"]) for r in rows}
    return [u for u in user_ids if u in found]


_ABSENCES: weakref.WeakKeyDictionary[Store, tuple[int, dict[int, tuple[float, float]]]] = (
    weakref.WeakKeyDictionary()
)


async def _absences(store: Store) -> dict[int, tuple[float, float]]:
    """(since, until) of every absence with the computer playing, by user, as the store
    held them when this store object last wrote settings (read again after each)."""
    known = _ABSENCES.get(store)
    if known is None or known[0] != store.settings_written:
        written = store.settings_written
        rows = await store._fetch(
            "SELECT user_id, away_since, away_until FROM user_settings "
            "WHERE away_mode IN ('computer', 'expert') AND away_since IS NOT NULL "
            "AND away_until IS NOT NULL"
        )
        found = {int(r["user_id"]): (float(r["away_since"]), float(r["away_until"])) for r in rows}
        known = (written, found)
        _ABSENCES[store] = known
    return known[1]


def _within(absence: tuple[float, float], now: float) -> bool:
    since, until = absence
    return since <= now < until
