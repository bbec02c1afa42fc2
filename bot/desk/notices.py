"""How and when a person is told (the README's "People across games"): decisions only,
no discord here.

Each person chooses how a game reaches them (a ping in the game's channel, a DM, or
nothing) and may keep quiet hours in their own time zone. :func:`route` decides one
ping: send it now (by channel or DM), hold it until the quiet hours end, or drop it
(they asked for nothing, or they are away: ``/me back`` shows what waits). Held pings
are rows (``held_pings``), so a restart loses none; when they come due they are folded:
one channel message per game, or one DM for all of a person's games.
"""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo

from bot.desk import when
from bot.store.people import Settings

CHANNEL, DM, NONE, HOLD = "channel", "dm", "none", "hold"
SENT = (CHANNEL, DM)  # routes that reach the person now

# What a ping is about, most urgent first (a folded ping names the first it holds).
KINDS = ("grace", "last_call", "turn", "reminder", "phase")


@dataclass(frozen=True, slots=True)
class Route:
    how: str  # channel | dm | none | hold
    release_at: float | None = None  # hold: when the quiet hours end


def quiet_of(settings: Settings) -> tuple[int, int] | None:
    if settings.quiet_from is None or settings.quiet_to is None:
        return None
    return settings.quiet_from, settings.quiet_to


def zone_of(settings: Settings) -> ZoneInfo:
    """The person's zone; a stored name this machine no longer knows reads as UTC."""
    try:
        return when.zone(settings.time_zone)
    except when.WhenError:
        return ZoneInfo("UTC")


def route(settings: Settings, now: float) -> Route:
    """How a ping reaches ``settings``' person now."""
    if settings.notify == NONE or settings.away_at(now):
        return Route(NONE)
    quiet, tz = quiet_of(settings), zone_of(settings)
    if quiet is not None and when.is_quiet(quiet, tz, now):
        return Route(HOLD, when.quiet_end(quiet, tz, now))
    return Route(settings.notify)


def cadence_hours(settings: Settings, game_hours: float) -> float:
    """Hours between a person's reminders: their own, else the game's (0: none)."""
    return game_hours if settings.remind_hours is None else settings.remind_hours


@dataclass(frozen=True, slots=True)
class GameNote:
    """One game in a ping: where it is and what it waits for."""

    game_id: int
    guild_id: int | None
    channel_id: int
    channel_name: str
    phase_key: str
    deadline_at: float | None
    kind: str  # the most urgent of the folded kinds (KINDS)


@dataclass(frozen=True, slots=True)
class Notice:
    """A ping to send: to one person, about one game (channel) or several (DM)."""

    user_id: int
    how: str  # channel | dm
    games: tuple[GameNote, ...]
    held: bool = False  # held through quiet hours


def first_kind(kinds: set[str]) -> str:
    return next(k for k in KINDS if k in kinds)
