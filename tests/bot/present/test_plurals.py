"""A count of one is singular wherever a number meets a noun (README: a record of "1
game", never "1 games"): people's records, absences, replays, and the operator's
own reports (a store copied, ratings rebuilt)."""

from __future__ import annotations

from bot.desk.ratings import Report as RatingsReport
from bot.desk.records import Record
from bot.present import locale
from bot.present.people import away_reply, record_line, record_text
from bot.store.copy import Report as CopyReport
from bot.store.people import Settings


def test_a_record_of_one_game_says_one_game():
    one = Record(games={"alien": 1, "crew": 0}, finished=1, won=1, subs_in=1)
    assert record_line(one).startswith("1 game, won 1")
    assert "took over 1 seat," in "\n".join(record_text(one, "Ann"))
    two = Record(games={"alien": 1, "crew": 1}, finished=2, won=1, lost=1, subs_in=2)
    assert record_line(two).startswith("2 games, won 1")
    assert "took over 2 seats," in "\n".join(record_text(two, "Ann"))
    with locale.speaking("fr"):
        assert record_line(one).startswith("1 partie, gagnées 1")
        assert record_line(two).startswith("2 parties, gagnées 1")


def test_an_absence_in_one_game_says_one_channel():
    away = Settings(1, away_since=0.0, away_until=3600.0 * 24)
    said = "\n".join(away_reply(away, 1, 1))
    assert "I told the channel of your 1 game." in said
    assert "I opened 1 seat call for a substitute." in said
    assert "I told the channels of your 3 games." in "\n".join(away_reply(away, 3, 0))


def test_the_operators_reports_count_one_as_one():
    copied = CopyReport(counts={"games": 1, "commands": 1})
    assert copied.summary().startswith("copied 1 game, 1 command;")
    assert (
        CopyReport(counts={"games": 2, "commands": 5})
        .summary()
        .startswith("copied 2 games, 5 commands;")
    )
    rebuilt = RatingsReport(taken=1, rated=1, kept_out={}, rebuilt="asked")
    assert rebuilt.summary().startswith("rebuilt the ratings from 1 finished game:")
    assert (
        RatingsReport(taken=2, rated=2, kept_out={}).summary().startswith("took 2 finished games:")
    )
