"""Times people type: time zones from zoneinfo + tzdata, strict dates and
spans, quiet hours across midnight and daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from bot.desk import when

BERLIN = when.zone("Europe/Berlin")
NOW = datetime(2026, 1, 5, 12, 0, tzinfo=UTC).timestamp()  # a Monday noon, UTC


def test_zones_are_read_in_any_case_and_a_typo_gets_the_nearest_names():
    assert when.zone("europe/berlin").key == "Europe/Berlin"
    assert when.zone("UTC").key == "UTC"
    with pytest.raises(when.WhenError, match="Did you mean Europe/Berlin"):
        when.zone("Europe/Berln")
    with pytest.raises(when.WhenError, match="not a time zone I know"):
        when.zone("Mars/Olympus_Mons")


def test_zone_names_for_autocomplete_put_prefix_matches_first():
    names = when.zone_names("berl")
    assert names[0] == "Europe/Berlin" and len(when.zone_names("")) == 25


def test_spans_read_weeks_days_hours_minutes_and_nothing_else():
    assert when.parse_span("3d") == 3 * 86400
    assert when.parse_span("12h") == 12 * 3600
    assert when.parse_span("2d12h") == 2.5 * 86400
    assert when.parse_span("1w") == 7 * 86400
    for bad in ("3 days", "d3", "12", "3d!", ""):
        with pytest.raises(when.WhenError, match="span of time"):
            when.parse_span(bad)


def test_until_reads_iso_dates_in_the_persons_zone_and_spans_from_now():
    day = when.parse_until("2026-01-10", NOW, BERLIN)
    assert datetime.fromtimestamp(day, BERLIN).isoformat() == "2026-01-10T00:00:00+01:00"
    evening = when.parse_until("2026-01-10 18:30", NOW, BERLIN)
    assert datetime.fromtimestamp(evening, UTC).hour == 17  # 18:30 in Berlin is 17:30 UTC
    assert when.parse_until("2026-01-10T18:30+00:00", NOW, BERLIN) == evening + 3600
    assert when.parse_until("3d", NOW, BERLIN) == NOW + 3 * 86400


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("2025-12-31", "already past"),
        ("1h", None),
        ("2027-01-05", "more than 30 days"),
        ("365d", "more than 30 days"),
        ("next friday", "not a date I can read"),
        ("2026-02-30", "not a date I can read"),
        ("", "Say until when"),
    ],
)
def test_until_refuses_the_past_too_far_and_unreadable_dates(text, refusal):
    if refusal is None:
        assert when.parse_until(text, NOW, BERLIN) == NOW + 3600
        return
    with pytest.raises(when.WhenError, match=refusal):
        when.parse_until(text, NOW, BERLIN)


def test_quiet_hours_parse_and_run_across_midnight():
    quiet = when.parse_quiet("23:00-07:00")
    assert quiet == (23 * 60, 7 * 60)
    assert when.parse_quiet("off") is None
    for bad, why in (("23:00", "span of quiet hours"), ("25:00-07:00", "time of day")):
        with pytest.raises(when.WhenError, match=why):
            when.parse_quiet(bad)
    with pytest.raises(when.WhenError, match="different times"):
        when.parse_quiet("7-7")
    at = datetime(2026, 1, 5, 23, 30, tzinfo=BERLIN).timestamp()
    assert when.is_quiet(quiet, BERLIN, at)
    end = when.quiet_end(quiet, BERLIN, at)
    assert datetime.fromtimestamp(end, BERLIN).isoformat() == "2026-01-06T07:00:00+01:00"
    assert not when.is_quiet(quiet, BERLIN, end)


def test_quiet_end_follows_the_local_clock_across_daylight_saving():
    """Berlin springs forward on 2026-03-29: the night is an hour shorter in UTC."""
    quiet = (23 * 60, 7 * 60)
    night = datetime(2026, 3, 28, 23, 30, tzinfo=BERLIN).timestamp()
    end = when.quiet_end(quiet, BERLIN, night)
    assert datetime.fromtimestamp(end, BERLIN).isoformat() == "2026-03-29T07:00:00+02:00"
    assert end - night == 6.5 * 3600


def test_quiet_hours_ending_in_the_repeated_hour_of_autumn_end_then_not_a_day_later():
    """Berlin falls back on 2026-10-25: 02:00-03:00 comes twice. Quiet hours ending at
    02:30, asked during the second 02:15, end at the second 02:30, 15 minutes later."""
    quiet = (23 * 60, 2 * 60 + 30)
    second = datetime(2026, 10, 25, 2, 15, tzinfo=BERLIN, fold=1).timestamp()
    assert when.is_quiet(quiet, BERLIN, second)
    end = when.quiet_end(quiet, BERLIN, second)
    assert end - second == 15 * 60
    assert datetime.fromtimestamp(end, BERLIN).isoformat() == "2026-10-25T02:30:00+01:00"
    first = datetime(2026, 10, 25, 2, 15, tzinfo=BERLIN).timestamp()  # summer time still
    assert when.quiet_end(quiet, BERLIN, first) - first == 15 * 60


def test_until_a_date_a_clock_cannot_hold_is_refused_east_and_west_of_utc():
    """Year 1 east of UTC, year 9999 west of it: no moment a clock holds (it used to raise)."""
    for text, zone in (
        ("0001-01-01", "Europe/Berlin"),
        ("0001-01-01 00:00", "Asia/Tokyo"),
        ("9999-12-31 23:59", "America/Los_Angeles"),
    ):
        with pytest.raises(when.WhenError):
            when.parse_until(text, NOW, when.zone(zone))


@pytest.mark.parametrize("text", ["²d", "٣d", "٢٠٢٦-٠٣-١٤", "2026-03-1٤"])
def test_until_takes_only_ascii_digits(text):
    with pytest.raises(when.WhenError):
        when.parse_until(text, NOW, when.zone("UTC"))


@given(
    hs.integers(0, 1439),
    hs.integers(0, 1439),
    hs.floats(NOW, NOW + 400 * 86400),
    hs.sampled_from(["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"]),
)
def test_a_held_ping_is_released_within_a_day_at_a_moment_that_is_not_quiet(start, end, now, name):
    if start == end:
        return
    tz = when.zone(name)
    if not when.is_quiet((start, end), tz, now):
        return
    release = when.quiet_end((start, end), tz, now)
    quiet_minutes = (end - start) % 1440  # how long the quiet hours last on the clock
    assert now < release <= now + (quiet_minutes + 60) * 60  # + an hour of clock change
    assert not when.is_quiet((start, end), tz, release)
