"""``/me forget`` in the store (the README's "Ratings and deadlines"): one transaction
removes a person's settings (absences and notes with them) and pings, and puts an
anonymous number in place of their Discord id wherever a record names them, so every
game still replays (the commands keep their sides; only who typed them changes).

The anonymous number is the ``forgotten`` row's id, negated: a Discord id is positive,
so the two never meet. The public log (the game's replay and the crew's take-backs, whose
``public_lines.user_id`` is replaced like any other) names them ``anonymous #n``
(:func:`bot.present.texts.mention`).
"""

from __future__ import annotations

from bot.store.base import Store
from bot.store.statements import Statement

# Every column that names a person in a record.
NAMED = (
    ("players", "user_id"),
    ("commands", "user_id"),
    ("seatings", "user_id"),
    ("phase_marks", "user_id"),
    ("waits", "user_id"),
    ("seat_calls", "user_id"),
    ("seat_calls", "candidate"),
    ("seat_calls", "approved_by"),
    ("games", "created_by"),
    ("mod_actions", "user_id"),
    ("ratings", "user_id"),
    ("rating_changes", "user_id"),
    ("public_lines", "user_id"),
)
REMOVED = ("user_settings", "held_pings")


def _statements(user_id: int, number: int) -> list[Statement]:
    anonymous = -number
    out: list[Statement] = [(f"DELETE FROM {t} WHERE user_id = ?", (user_id,)) for t in REMOVED]
    out += [
        (f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (anonymous, user_id))
        for table, column in NAMED
    ]
    return out


async def forget(store: Store, user_id: int, at: float) -> int:
    """Forget ``user_id``; their anonymous id (negative)."""
    number = await store._write(
        [("INSERT INTO forgotten (at) VALUES (?) RETURNING id", (at,))],
        None,
        lambda n: _statements(user_id, n),
    )
    assert number is not None
    store.settings_written += 1  # the absences read from user_settings are read again
    return -number
