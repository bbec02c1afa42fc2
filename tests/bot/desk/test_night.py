"""A clock that sleeps (README, "Ratings and deadlines"), its decisions alone: where a
deadline moves for the quiet people it waits on, and when each last call goes out."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as hs

from bot.desk import night, when
from bot.store.people import Settings

NOW = datetime(2026, 1, 5, 12, 0, tzinfo=UTC).timestamp()
ZONES = ("UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney")
MINUTE = hs.integers(0, 24 * 60 - 1)


@hs.composite
def sleepers(draw: hs.DrawFn) -> Settings:
    start, end = draw(MINUTE), draw(MINUTE)
    if start == end:
        end = (end + 60) % (24 * 60)
    return Settings(
        draw(hs.integers(1, 99)),
        time_zone=draw(hs.sampled_from(ZONES)),
        quiet_from=start,
        quiet_to=end,
    )


MOMENT = hs.floats(NOW, NOW + 400 * 86400)  # through both daylight-saving changes


@given(hs.lists(sleepers(), min_size=1, max_size=3), MOMENT)
def test_a_moved_deadline_falls_when_every_quiet_person_is_awake(people, at):
    """Unless their quiet hours together cover the whole day (then nothing can)."""
    woken = night.wake_up(people, at)
    assert at <= woken < at + 86400 * len(people)
    day = [at + minute * 60 for minute in range(24 * 60 + 1)]  # quiet hours are in minutes
    free = any(not any(night.asleep(p, t) for p in people) for t in day)
    assert not free or not any(night.asleep(p, woken) for p in people)
    if len(people) == 1:
        assert free and woken - at < 86400


@given(sleepers(), MOMENT)
def test_a_last_call_never_falls_in_quiet_hours_and_comes_before_the_deadline_or_at_waking(
    person, deadline
):
    at = night.last_call_at(person, deadline)
    assert not night.asleep(person, at)
    if night.asleep(person, deadline):  # the deadline will move to their waking
        assert at == when.quiet_end(
            (person.quiet_from, person.quiet_to), when.zone(person.time_zone), deadline
        )
    else:
        assert deadline - at >= night.LAST_CALL_HOURS * 3600


def test_without_quiet_hours_the_last_call_is_the_lead_before_the_deadline():
    assert night.last_call_at(Settings(1), NOW) == NOW - night.LAST_CALL_HOURS * 3600
