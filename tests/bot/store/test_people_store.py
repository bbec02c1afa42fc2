"""The player as a person in the store, on both backends: settings, waits and
their reminders, held pings, seatings, marks and results (seeded games left out of the
record), open-seat calls posted once; the migration keeps games under way."""

from __future__ import annotations

import asyncio
import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as hs

from bot import store as st
from bot.desk import records
from bot.store import Store, forgetting, open_store, waits
from bot.store import people as pp
from bot.store.schema import migrations

BIG = 1_234_567_890_123_456_789  # Discord ids are 64-bit


async def test_settings_read_back_and_a_user_without_a_row_has_the_defaults(store_target):
    store = await open_store(store_target)
    mine = pp.Settings(
        BIG,
        notify="dm",
        notify_when="phase",
        remind_hours=6.0,
        time_zone="Europe/Berlin",
        quiet_from=23 * 60,
        quiet_to=7 * 60,
        away_since=10.0,
        away_until=99.5,
        away_mode="computer",
        away_note="hiking",
        away_public=True,
    )
    await store.commit([pp.put_settings(mine)])
    assert await pp.settings(store, BIG) == mine
    assert await pp.settings(store, 5) == pp.Settings(5)
    await store.commit([pp.put_settings(mine.with_(remind_hours=None, away_until=None))])
    found = await pp.settings_of(store, [BIG, 5])
    assert found[BIG].remind_hours is None and found[BIG].away_until is None
    assert found[5] == pp.Settings(5)
    await store.close()


async def _playing(store: Store, channel: int, **changes: object):
    row = await store.create_game(channel, 1, f"c{channel}", 3, 9, 0.0)
    row = row.with_(status="playing", **changes)
    await store.commit([st.update_game(row)])
    return row


async def test_reminders_come_due_from_open_waits(store_target):
    """(A paused game's are skipped by the desk, which holds the games' rows:
    tests/bot/client/people/test_grace_pause.py.)"""
    store = await open_store(store_target)
    running = await _playing(store, 1)
    paused = await _playing(store, 2, paused_at=5.0)
    await store.commit(
        [
            waits.put_wait(waits.Wait(running.id, BIG, "alien", 0, 0.0, remind_at=100.0)),
            waits.put_wait(waits.Wait(running.id, 7, "crew", 0, 0.0, remind_at=50.0, done_at=40.0)),
            waits.put_wait(waits.Wait(paused.id, 8, "crew", 0, 0.0, remind_at=50.0)),
        ]
    )
    assert [w.user_id for w in await waits.reminders_due(store, 99.0)] == [8]
    due = await waits.reminders_due(store, 100.0)
    assert [(w.game_id, w.user_id) for w in due] == [(paused.id, 8), (running.id, BIG)]
    await store.commit([waits.set_remind_at(running.id, BIG, 200.0, 1)])
    assert [w.user_id for w in await waits.reminders_due(store, 150.0)] == [8]
    assert await waits.open_waits_in(store, [running.id, paused.id]) == {
        (running.id, BIG),
        (paused.id, 8),
    }
    await store.close()


async def test_a_last_call_is_planned_once_per_deadline_and_sent_once(store_target):
    """A clock that sleeps (README, "Ratings and deadlines"): the open waits of running
    games are planned once (a game without a deadline too: nothing is owed); a planned
    call comes due once; a moved deadline has its waits planned again."""
    store = await open_store(store_target)
    running = await _playing(store, 1, deadline_at=1000.0)
    endless = await _playing(store, 2)
    await store.commit(
        [
            waits.put_wait(waits.Wait(running.id, BIG, "alien", 0, 0.0)),
            waits.put_wait(waits.Wait(running.id, 7, "crew", 0, 0.0, done_at=40.0)),
            waits.put_wait(waits.Wait(endless.id, 8, "crew", 0, 0.0)),
        ]
    )
    found = {(w.user_id, d) for w, d in await waits.last_calls_to_plan(store)}
    assert found == {(BIG, 1000.0), (8, None)}
    await store.commit(
        [
            waits.plan_last_call(running.id, BIG, 1000.0, 800.0),
            waits.plan_last_call(endless.id, 8, 0.0, None),
        ]
    )
    assert await waits.last_calls_to_plan(store) == []
    assert await waits.last_calls_due(store, 799.0) == []
    [due] = await waits.last_calls_due(store, 800.0)
    assert (due.user_id, due.last_call_for, due.last_call_at) == (BIG, 1000.0, 800.0)
    await store.commit(
        [waits.last_call_sent(running.id, BIG), waits.add_slept(running.id, BIG, 60.0)]
    )
    assert await waits.last_calls_due(store, 5000.0) == []
    await store.commit(
        [st.update_game(running.with_(deadline_at=1500.0)), waits.replan_last_calls(running.id)]
    )
    [(wait, deadline)] = await waits.last_calls_to_plan(store)
    assert (wait.user_id, wait.slept, deadline) == (BIG, 60.0, 1500.0)
    await store.close()


async def test_seat_alerts_min_reliability_and_the_stats_opt_out_read_back(store_target):
    """Finding a game and leaving for good (README, "Ratings and deadlines"), schema 15."""
    store = await open_store(store_target)
    await store.commit(
        [
            pp.put_settings(pp.Settings(BIG, seat_alert="alien", stats_hidden=True)),
            pp.put_settings(pp.Settings(5, seat_alert="any")),
            pp.put_settings(pp.Settings(6)),
        ]
    )
    assert await pp.settings(store, BIG) == pp.Settings(BIG, seat_alert="alien", stats_hidden=True)
    assert await pp.seat_alerts_for(store, ["alien", "any"]) == [5, BIG]
    assert await pp.seat_alerts_for(store, ["crew"]) == []
    row = await store.create_game(1, 2, "c1", 3, 9, 0.0, min_reliability=80)
    assert row.min_reliability == 80 and (await store.game(row.id)) == row
    await store.close()


async def test_forgetting_replaces_the_id_everywhere_and_numbers_each_person(store_target):
    store = await open_store(store_target)
    running = await _playing(store, 1)
    await store.commit(
        [
            pp.put_settings(pp.Settings(BIG, away_note="hiking")),
            st.put_player(running.id, st.PlayerRow(BIG, "crew", (), True, 0.0)),
            st.put_player(running.id, st.PlayerRow(7, "alien", (), True, 0.0)),
            pp.open_seating(running.id, BIG, "crew", 0.0, "joined"),
            pp.put_mark(running.id, 0, BIG, "crew", "missed", 0, 1.0),
            pp.hold_ping(BIG, running.id, "turn", 0.0, 9.0),
            st.add_takeback(running.id, 0, BIG, "move"),
            st.add_takeback(running.id, 1, 7, "search"),
        ]
    )
    assert await forgetting.forget(store, BIG, 5.0) == -1
    assert await forgetting.forget(store, 7, 6.0) == -2
    assert await pp.settings(store, BIG) == pp.Settings(BIG)
    assert await pp.held_due(store, 10.0) == []
    seats = await store._fetch("SELECT user_id FROM players ORDER BY user_id")
    assert [int(r["user_id"]) for r in seats] == [-2, -1]
    assert (await pp.record_rows(store, -1)).marks == {"missed": (1, 0)}
    assert await store.takebacks(running.id) == [
        st.Takeback(0, -1, "move"),
        st.Takeback(1, -2, "search"),
    ]
    await store.close()


async def test_held_pings_come_due_at_their_release_and_go_once_dropped(store_target):
    store = await open_store(store_target)
    game = await _playing(store, 1)
    await store.commit(
        [
            pp.hold_ping(BIG, game.id, "turn", 10.0, 500.0),
            pp.hold_ping(BIG, game.id, "reminder", 20.0, 400.0),
        ]
    )
    assert await pp.held_due(store, 399.0) == []
    due = await pp.held_due(store, 500.0)
    assert [h.kind for h in due] == ["turn", "reminder"]
    await store.commit([pp.drop_held([h.id for h in due])])
    assert await pp.held_due(store, 10_000.0) == []
    await store.close()


async def test_the_record_counts_seatings_marks_and_results_and_leaves_seeded_games_out(
    store_target,
):
    store = await open_store(store_target)
    won = await _playing(store, 1)
    subbed = await _playing(store, 2)
    seeded = await _playing(store, 3)
    await store.commit(
        [
            ("UPDATE games SET seeded = 1 WHERE id = ?", (seeded.id,)),
            pp.open_seating(won.id, BIG, "crew", 1.0, "joined"),
            pp.open_seating(subbed.id, BIG, "alien", 1.0, "joined"),
            pp.close_seating(subbed.id, BIG, 2.0, "sub"),
            pp.open_seating(seeded.id, BIG, "crew", 1.0, "joined"),
            pp.put_result(won.id, 9.0, 4, 17, "decisive-human", "crew"),
            pp.put_result(subbed.id, 9.0, 4, 2, "decisive-alien", "alien"),
            pp.put_result(seeded.id, 9.0, 4, 2, "decisive-alien", "alien"),
            pp.put_mark(won.id, 0, BIG, "crew", "on_time", 0, 1.0),
            pp.put_mark(won.id, 5, BIG, "crew", "grace", 1, 2.0),
            pp.put_mark(subbed.id, 0, BIG, "alien", "missed", 1, 2.0),
            pp.put_mark(seeded.id, 0, BIG, "crew", "missed", 0, 2.0),
        ]
    )
    record = records.build(await pp.record_rows(store, BIG))
    assert record.games == {"alien": 1, "crew": 1}
    assert (record.finished, record.won, record.decisive_wins, record.lost) == (1, 1, 1, 0)
    assert (record.on_time, record.grace, record.missed, record.graces_used) == (1, 1, 1, 2)
    assert (record.subs_in, record.subs_out) == (0, 1)
    assert record.reliability() == 33
    assert await pp.sides_sat(store, subbed.id, BIG) == {"alien"}
    await store.close()


async def test_an_open_call_is_posted_once(store_target):
    store = await open_store(store_target)
    game = await _playing(store, 1)
    call_id = await pp.insert_call(store, game.id, BIG, "crew", "asked", 3.0)
    assert [c.id for c in await pp.calls_to_post(store)] == [call_id]
    assert await pp.claim_post(store, call_id)
    assert not await pp.claim_post(store, call_id)
    assert await pp.calls_to_post(store) == []
    call = await pp.call(store, call_id)
    assert call is not None and call.live and call.message_id == 0
    await store.commit([pp.update_call(call.with_(status="claimed", candidate=BIG + 1))])
    assert [c.candidate for c in await pp.live_calls(store, game.id)] == [BIG + 1]
    await store.close()


def test_the_migration_keeps_the_seats_of_games_under_way(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        for number, sql in migrations("sqlite"):
            if number >= 6:  # 0006_people fills seatings from players
                break
            db.executescript(sql)
            db.execute(f"PRAGMA user_version = {number}")
        for game, status in ((1, "playing"), (2, "lobby")):
            db.execute(
                "INSERT INTO games (id, channel_id, seed, status, created_by, created_at) "
                "VALUES (?, ?, 3, ?, 9, 0)",
                (game, game, status),
            )
            for user, seat in ((10, "alien"), (11, "crew"), (12, "spectator")):
                db.execute(
                    "INSERT INTO players (game_id, user_id, seat, joined_at) VALUES (?, ?, ?, 5)",
                    (game, user, seat),
                )

    async def migrated() -> list[tuple[int, int, str]]:
        store = await open_store(path)
        rows = await store._fetch("SELECT game_id, user_id, side FROM seatings ORDER BY user_id")
        await store.close()
        return [(r[0], r[1], r[2]) for r in rows]

    assert asyncio.run(migrated()) == [(1, 10, "alien"), (1, 11, "crew")]


ABSENCES = hs.lists(
    hs.tuples(
        hs.integers(1, 4),  # who
        hs.sampled_from(pp.AWAY_MODES),
        hs.none() | hs.floats(0, 100),  # away since
        hs.none() | hs.floats(0, 200),  # away until
        hs.floats(0, 250),  # asked at
    ),
    max_size=12,
)


@settings(max_examples=25)
@given(changes=ABSENCES)
def test_who_is_away_with_a_stand_in_reads_alike_from_memory_and_from_the_store(
    tmp_path_factory, changes
):
    """A process that alone writes people's settings answers from what it read after its
    last write of settings; a settings write makes it read them again."""

    async def check() -> None:
        store = await open_store(tmp_path_factory.mktemp("away") / "s.sqlite3")
        users = [1, 2, 3, 4]
        for user, mode, since, until, now in changes:
            settings_now = pp.Settings(user, away_mode=mode, away_since=since, away_until=until)
            await store.commit([pp.put_settings(settings_now)])
            for at in (now, now + 50.0):
                asked = await waits.away_stand_ins(store, users, at)
                assert await waits.away_stand_ins(store, users, at, sole_writer=True) == asked
        await store.close()

    asyncio.run(check())


async def test_a_settings_write_of_another_process_is_seen_only_by_asking_the_store(tmp_path):
    """Why only a process holding every shard answers from memory: another process's
    write is not seen (this store object did not write it)."""
    path = tmp_path / "s.sqlite3"
    mine, other = await open_store(path), await open_store(path)
    assert await waits.away_stand_ins(mine, [7], 5.0, sole_writer=True) == []
    away = pp.Settings(7, away_mode="computer", away_since=0.0, away_until=10.0)
    await other.commit([pp.put_settings(away)])
    assert await waits.away_stand_ins(mine, [7], 5.0) == [7]
    assert await waits.away_stand_ins(mine, [7], 5.0, sole_writer=True) == []
    await mine.commit([pp.put_settings(pp.Settings(8))])  # any write of settings here
    assert await waits.away_stand_ins(mine, [7], 5.0, sole_writer=True) == [7]
    await mine.close()
    await other.close()
