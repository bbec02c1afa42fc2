"""Times people type and live by: time zones, quiet hours, "until" dates and durations.

Time zones come from the standard library's :mod:`zoneinfo` with the ``tzdata`` package
(so a machine without a system zone database works the same). Dates are read strictly:
an ISO date (``2026-03-14``), an ISO date and time (``2026-03-14 18:00`` or with a ``T``,
in the person's own time zone unless it carries an offset), or a span from now
(``3d``, ``12h``, ``1w``, ``2d12h``, ``90m``). Anything else is refused with what was
expected, and nothing changes. Every error here is a :class:`WhenError` whose text is
for the person.
"""

from __future__ import annotations

import difflib
import functools
import re
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

MAX_AWAY_DAYS = 30  # the longest absence one /me away declares
DAY = 86400.0
_SPAN = re.compile(r"([0-9]+(?:\.[0-9]+)?) *([wdhm])")
_UNITS = {"w": 7 * DAY, "d": DAY, "h": 3600.0, "m": 60.0}
_CLOCK = re.compile(r"([0-9]{1,2})(?::([0-9]{2}))?")

SPAN_HELP = "a span like `3d`, `12h`, `1w` or `2d12h`"
UNTIL_HELP = (
    "a date like `2026-03-14`, a date and time like `2026-03-14 18:00` (your time zone), "
    f"or {SPAN_HELP}"
)


class WhenError(ValueError):
    """A time, date or zone a person typed that cannot be read; the text says why."""


@functools.cache
def _zone_names() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones()}


def zone(name: str) -> ZoneInfo:
    """The time zone called ``name`` (any case), or a refusal with the nearest names."""
    wanted = name.strip()
    known = _zone_names().get(wanted.lower())
    if known is None or wanted.lower() in ("localtime", "factory"):
        close = difflib.get_close_matches(wanted, list(_zone_names().values()), n=3, cutoff=0.6)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        raise WhenError(
            f"'{wanted}' is not a time zone I know.{hint} Time zones are named like "
            "`Europe/Berlin`, `America/New_York` or `UTC`."
        )
    try:
        return ZoneInfo(known)
    except ZoneInfoNotFoundError:  # pragma: no cover - listed names exist
        raise WhenError(f"The time zone '{known}' has no data here.") from None


def zone_names(needle: str, limit: int = 25) -> list[str]:
    """Time-zone names containing ``needle`` (any case), shortest first: autocomplete."""
    text = needle.strip().lower().replace(" ", "_")
    found = [name for key, name in _zone_names().items() if text in key]
    found.sort(key=lambda n: (not n.lower().startswith(text), "/" not in n, len(n), n))
    return found[:limit]


def parse_span(text: str) -> float:
    """Seconds in a span like ``3d``, ``12h``, ``1w``, ``2d12h`` or ``90m``."""
    compact = text.strip().lower().replace(" ", "")
    parts = _SPAN.findall(compact)
    if not compact or "".join(n + u for n, u in parts) != compact:
        raise WhenError(f"'{text.strip()}' is not a span of time: write {SPAN_HELP}.")
    return sum(float(n) * _UNITS[u] for n, u in parts)


def parse_until(text: str, now: float, tz: ZoneInfo, *, max_days: int = MAX_AWAY_DAYS) -> float:
    """The moment ``text`` names, strictly after ``now`` and at most ``max_days`` ahead.
    A date alone means the start of that day in the person's time zone."""
    raw = text.strip()
    if not raw:
        raise WhenError(f"Say until when: {UNTIL_HELP}.")
    if not raw.isascii():  # digits are 0-9 only: ²٣ and their kind are refused
        raise WhenError(f"'{raw}' is not a date I can read: write {UNTIL_HELP}.")
    if raw[0] in "0123456789" and raw[-1].lower() in _UNITS and "-" not in raw:
        at = now + parse_span(raw)
    else:
        at = _parse_iso(raw, tz)
    if at <= now:
        raise WhenError(f"{_shown(at, tz, raw)} is already past: give a moment in the future.")
    if at - now > max_days * DAY:
        raise WhenError(
            f"That is more than {max_days} days away: declare at most {max_days} days at a "
            "time (you can extend it later with another `/me away`)."
        )
    return at


def _parse_iso(raw: str, tz: ZoneInfo) -> float:
    text = raw.replace(" ", "T", 1) if re.fullmatch(r"\S+ \S+", raw) else raw
    try:
        if "T" in text:
            moment = datetime.fromisoformat(text)
        else:
            day = date.fromisoformat(text)
            moment = datetime(day.year, day.month, day.day)
    except ValueError:
        raise WhenError(f"'{raw}' is not a date I can read: write {UNTIL_HELP}.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=tz)
    try:  # year 1 east of UTC, or year 9999 west of it, is outside what a clock holds
        return moment.timestamp()
    except (ValueError, OverflowError, OSError):
        raise WhenError(f"'{raw}' is too far from now: write {UNTIL_HELP}.") from None


def _shown(at: float, tz: ZoneInfo, raw: str) -> str:
    """A moment in the person's zone, or as they typed it if no clock can show it."""
    try:
        return datetime.fromtimestamp(at, tz).strftime("%Y-%m-%d %H:%M %Z")
    except (ValueError, OverflowError, OSError):
        return f"'{raw}'"


def parse_clock(text: str) -> int:
    """Minutes after midnight of ``HH:MM`` (or ``HH``), 00:00 to 23:59."""
    match = _CLOCK.fullmatch(text.strip())
    hours, minutes = (int(match[1]), int(match[2] or 0)) if match else (99, 99)
    if hours > 23 or minutes > 59:
        raise WhenError(f"'{text.strip()}' is not a time of day: write it like `23:00` or `7:30`.")
    return hours * 60 + minutes


def parse_quiet(text: str) -> tuple[int, int] | None:
    """Quiet hours ``23:00-07:00`` as (from, to) minutes; ``off`` is None."""
    raw = text.strip().lower()
    if raw in ("off", "none", "no", ""):
        return None
    start, sep, end = raw.partition("-")
    if not sep:
        raise WhenError(
            f"'{text.strip()}' is not a span of quiet hours: write it like `23:00-07:00`, or `off`."
        )
    quiet = parse_clock(start), parse_clock(end)
    if quiet[0] == quiet[1]:
        raise WhenError("Quiet hours must start and end at different times.")
    return quiet


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _minute_of_day(now: float, tz: ZoneInfo) -> int:
    local = datetime.fromtimestamp(now, tz)
    return local.hour * 60 + local.minute


def is_quiet(quiet: tuple[int, int] | None, tz: ZoneInfo, now: float) -> bool:
    """Whether ``now`` falls in the quiet hours (which may run past midnight)."""
    if quiet is None:
        return False
    start, end = quiet
    minute = _minute_of_day(now, tz)
    return start <= minute < end if start < end else minute >= start or minute < end


def quiet_end(quiet: tuple[int, int], tz: ZoneInfo, now: float) -> float:
    """The first moment after ``now`` when the local clock reads the quiet hours' end
    (the next day's, across daylight-saving changes, when today's has passed)."""
    local = datetime.fromtimestamp(now, tz)
    hours, minutes = divmod(quiet[1], 60)
    for days in range(3):
        day = local.date() + timedelta(days=days)
        # An autumn clock change shows the end twice (fold 0, then 1, an hour apart):
        # quiet hours that end inside the repeated hour end at its second showing when
        # the first has passed, not a day later.
        moments = [
            datetime(day.year, day.month, day.day, hours, minutes, tzinfo=tz, fold=fold).timestamp()
            for fold in (0, 1)
        ]
        later = [m for m in moments if m > now]
        if later:
            return min(later)
    raise AssertionError("a clock time recurs within two days")  # pragma: no cover


def quiet_start(quiet: tuple[int, int], tz: ZoneInfo, at: float) -> float:
    """The last moment at or before ``at`` when the local clock read the quiet hours'
    start (the day before's, when today's is still to come)."""
    local = datetime.fromtimestamp(at, tz)
    hours, minutes = divmod(quiet[0], 60)
    for days in range(3):
        day = local.date() - timedelta(days=days)
        moments = [
            datetime(day.year, day.month, day.day, hours, minutes, tzinfo=tz, fold=fold).timestamp()
            for fold in (0, 1)
        ]
        earlier = [m for m in moments if m <= at]
        if earlier:
            return max(earlier)
    raise AssertionError("a clock time recurs within two days")  # pragma: no cover


def local_text(at: float, tz: ZoneInfo) -> str:
    """``2026-03-14 18:00 CET``: a moment in a person's own zone."""
    return datetime.fromtimestamp(at, tz).strftime("%Y-%m-%d %H:%M %Z")
