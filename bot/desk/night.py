"""A clock that sleeps (the README's "Ratings and deadlines"): decisions only, no store.

A deadline never passes inside the quiet hours of a person it waits on: when it comes
due while one of them is quiet, it moves to the moment nobody it waits on is quiet any
more, plus :data:`LAST_CALL_HOURS`, so whoever wakes has the last call's time to play
(the move is capped by the game's away cap, counted per person and phase). Each person
gets a last call :data:`LAST_CALL_HOURS` before the deadline; one that would fall in
their quiet hours goes out :data:`BEFORE_QUIET_MINUTES` before they begin, and a
deadline inside their quiet hours (which will move for them) is called when they end.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.desk import notices, when
from bot.store.people import Settings

LAST_CALL_HOURS = 2.0
BEFORE_QUIET_MINUTES = 15


def asleep(settings: Settings, at: float) -> bool:
    """Whether ``at`` falls in the person's quiet hours."""
    return when.is_quiet(notices.quiet_of(settings), notices.zone_of(settings), at)


def wake_up(sleepers: Sequence[Settings], now: float) -> float:
    """The first moment from ``now`` at which none of ``sleepers`` is quiet (several
    people's quiet hours may follow each other: each end is tried in turn); if their
    quiet hours cover the whole day, the latest end found."""
    at = now
    for _ in range(len(sleepers) + 1):
        ends = [
            when.quiet_end(quiet, notices.zone_of(s), at)
            for s in sleepers
            if (quiet := notices.quiet_of(s)) is not None and asleep(s, at)
        ]
        if not ends:
            break
        at = max(ends)
    return at


def moved_deadline(sleepers: Sequence[Settings], now: float) -> float:
    """Where a deadline passing at ``now`` moves for ``sleepers`` (at least one quiet):
    when they are all awake, plus the last call's lead."""
    return wake_up(sleepers, now) + LAST_CALL_HOURS * 3600


def last_call_at(settings: Settings, deadline: float) -> float:
    """When the person's last call before ``deadline`` goes out."""
    quiet, tz = notices.quiet_of(settings), notices.zone_of(settings)
    if quiet is None:
        return deadline - LAST_CALL_HOURS * 3600
    if when.is_quiet(quiet, tz, deadline):  # it will move for them: called when they wake
        return when.quiet_end(quiet, tz, deadline)
    at = deadline - LAST_CALL_HOURS * 3600
    if when.is_quiet(quiet, tz, at):
        return when.quiet_start(quiet, tz, at) - BEFORE_QUIET_MINUTES * 60
    return at
