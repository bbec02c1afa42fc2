"""The clock with many games and many people: one tick of the bot's clock
(:func:`bot.client.timers.tick`: deadlines, the side the game plays, each person's
reminders and held pings, stand-ins, seat calls) with 10,000 running games and 5,000
people with their own settings (time zones, quiet hours, DMs, absences), through the
in-memory Discord the tests use.

    .venv/bin/python benchmarks/bench_clock.py [--games 10000] [--users 5000] [--ticks 30]

Each tick is a minute later than the last; every minute some reminders come due (as
many as an even spread of every wait's cadence gives) and some pings held through quiet
hours are released, so a tick sends what a real minute would. Prints:

    clock tick with 10,000 games and 5,000 users: N ms        (median; target under 50 ms)
      deciding what is due (the desk's part): N ms; a tick with nothing due: N ms

Then a week of a seeded server (``--week-games`` games whose players, in five time zones,
most with quiet hours, never play: every phase ends at its deadline), ticked every five
minutes, once with the clock as it was (deadlines pass in quiet hours, no last calls)
and once as it is (README, "Ratings and deadlines"). Prints for each:

    a week, clock as it was: N deadlines passed, N inside someone's quiet hours, N last calls
    a week, clock that sleeps: N deadlines passed, 0 inside someone's quiet hours, N last calls
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest.mock import patch

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import store as st
from bot.client.app import QuicksilverBot
from bot.desk import night
from bot.desk.deadlines import Deadlines
from bot.desk.outbox import Outbox
from bot.store import GameRow, PlayerRow, waits
from bot.store import people as pp
from tests.bot import helpers

START = 1_767_614_400.0  # 2026-01-05 12:00 UTC
ZONES = ("Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC", "Australia/Sydney")
REAL_PEOPLE = 40  # people who are real users of the in-memory Discord


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def people(ids: list[int], rng: random.Random) -> list[st.Statement]:
    """Every person's settings: zones, quiet hours for a third, DMs for a quarter, a few
    away (waiting for them, or a substitute may take their seat)."""
    out = []
    for user in ids:
        quiet = rng.random() < 1 / 3
        away = rng.random() < 0.05
        out.append(
            pp.put_settings(
                pp.Settings(
                    user,
                    notify="dm" if rng.random() < 0.25 else "channel",
                    remind_hours=rng.choice([None, 4.0, 8.0, 12.0]),
                    time_zone=rng.choice(ZONES),
                    quiet_from=22 * 60 if quiet else None,
                    quiet_to=7 * 60 if quiet else None,
                    away_since=START - 3600 if away else None,
                    away_until=START + 5 * 86400 if away else None,
                    away_mode=rng.choice(["wait", "sub"]),
                )
            )
        )
    return out


def games(
    count: int,
    real: list[int],
    synthetic: list[int],
    guild: int,
    channels: list[int],
    window: float,
    rng: random.Random,
) -> list[st.Statement]:
    """Running games (none is loaded by the tick: nothing of theirs is due but pings), each
    with an alien and one or two crew players, and whom each waits on. Every wait gets
    its next reminder somewhere in the next six hours (an even spread of a 6 h cadence);
    those due within the measured ``window`` are the games with real channels and
    people, so every ping due is really sent."""
    out: list[st.Statement] = []
    for game_id in range(1, count + 1):
        shown = game_id <= len(channels)
        channel = channels[game_id - 1] if shown else 10**12 + game_id
        phase = rng.choice(["3a", "3c", "5c", "7a"])
        deadline = START + rng.uniform(3600, 40 * 3600)
        row = GameRow(
            game_id, channel, guild, f"g{game_id}", game_id, "playing", real[0], START - 86400
        ).with_(
            phase_key=phase,
            phase_since=START - rng.uniform(0, 20 * 3600),
            deadline_hours=48.0,
            deadline_at=deadline,
            remind_hours=6.0,
        )
        out.append(st.insert_game(row))
        seated = rng.sample(real if shown else synthetic, 3 if rng.random() < 0.3 else 2)
        for index, user in enumerate(seated):
            side = "alien" if index == 0 else "crew"
            out.append(st.put_player(game_id, PlayerRow(user, side, (), True, 0.0)))
            out.append(pp.open_seating(game_id, user, side, START - 86400, "joined"))
        waiting = seated[:1] if phase.endswith("a") else seated[1:]
        for user in waiting:
            due = START + (rng.uniform(0, window) if shown else rng.uniform(window + 60, 6 * 3600))
            side = "alien" if user == seated[0] else "crew"
            # A running server has planned each wait's last call (none falls in the window).
            call = row.deadline_at - night.LAST_CALL_HOURS * 3600
            wait = waits.Wait(
                game_id,
                user,
                side,
                0,
                row.phase_since,
                remind_at=due,
                last_call_for=row.deadline_at,
                last_call_at=call if call > START + window else None,
            )
            out.append(waits.put_wait(wait))
            if rng.random() < 0.05:
                release = START + (rng.uniform(0, window) if shown else 7 * 3600)
                out.append(pp.hold_ping(user, game_id, "turn", START - 3600, release))
    return out


async def measure(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        clock = Clock()
        bot = QuicksilverBot(Path(tmp) / "clock.sqlite3", background=False, clock=clock)
        async with simcord.run(bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1) as env:
            window = (args.ticks + 1) * 60.0
            # as many games with real channels as a 6 h cadence makes due in the window
            shown = max(1, round(args.games * window / (6 * 3600)))
            guild = env.create_guild()
            channels = [guild.create_text_channel(f"g{i}").id for i in range(1, shown + 1)]
            real = [guild.add_member(env.create_user(f"p{i}")).id for i in range(REAL_PEOPLE)]
            synthetic = list(range(1_000_000, 1_000_000 + args.users - REAL_PEOPLE))
            rng = random.Random(24)
            built = time.perf_counter()
            async with bot.desk.store.loading() as load:
                await load(people([*real, *synthetic], rng))
                await load(games(args.games, real, synthetic, guild.id, channels, window, rng))
            await bot.desk.load()
            print(
                f"built {args.games:,} games and {args.users:,} people in "
                f"{time.perf_counter() - built:.1f} s"
            )
            ticks, decide, idle = [], [], []
            for minute in range(1, args.ticks + 1):
                clock.now = START + minute * 60
                began = time.perf_counter()
                await bot.tick(clock.now)
                ticks.append(time.perf_counter() - began)
            for minute in range(args.ticks + 1, 2 * args.ticks + 1):
                clock.now = START + minute * 60
                began = time.perf_counter()
                await bot.desk.clock_notices(clock.now)
                await bot.desk.stand_in_games(clock.now)
                await bot.desk.calls_due(clock.now)
                decide.append(time.perf_counter() - began)
            clock.now = START - 86400  # nothing is due a day before
            for _ in range(args.ticks):
                began = time.perf_counter()
                await bot.tick(clock.now)
                idle.append(time.perf_counter() - began)
            sent = sum(len(env.backend.messages.get(c, {})) for c in channels)
        await bot.close()  # its store's thread must not outlive the run
    ms = statistics.median
    print(
        f"clock tick with {args.games:,} games and {args.users:,} users: "
        f"{ms(ticks) * 1000:.1f} ms (median of {len(ticks)}, max {max(ticks) * 1000:.1f}; "
        f"{sent} channel pings sent)"
    )
    print(
        f"  deciding what is due (the desk's part): {ms(decide) * 1000:.1f} ms; "
        f"a tick with nothing due: {ms(idle) * 1000:.1f} ms"
    )


QUIET = ("22:00-07:00", "23:30-06:30", "00:00-09:00", "01:00-08:00", "off")
WEEK_DEADLINES = (6.0, 8.0, 12.0, 24.0)


async def week(games_count: int, sleeps: bool) -> tuple[int, int, int]:
    """A seeded server's week of silent players: (deadlines passed, of them inside the
    quiet hours of someone late, last calls sent)."""
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        if not sleeps:  # the clock as it was: no move for quiet hours, no last calls
            stack.enter_context(patch.object(Deadlines, "_sleep", _no_sleep))
            stack.enter_context(patch.object(Outbox, "_plan_last_calls", _no_calls))
        clock = Clock()
        bot = QuicksilverBot(Path(tmp) / "week.sqlite3", background=False, clock=clock)
        async with simcord.run(bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1) as env:
            rng = random.Random(39)
            guild = env.create_guild()
            worlds = []
            for number in range(games_count):
                world = helpers.make_world(
                    env, f"ship{number}", crew=rng.choice([1, 2]), guild=guild
                )
                for who in [world.alien, *world.crew]:
                    quiet = rng.choice(QUIET)
                    await who.slash(
                        world.channel, "me settings", timezone=rng.choice(ZONES), quiet=quiet
                    )
                clock.now = START + rng.uniform(0, 86400)
                await helpers.seat_and_start(world, seed=1000 + number)
                await world.mod.slash(
                    world.channel, "game deadline", hours=rng.choice(WEEK_DEADLINES)
                )
                worlds.append(world)
            began = clock.now
            for step in range(1, 7 * 24 * 12 + 1):
                clock.now = began + step * 300
                await bot.tick(clock.now)
            marks = await bot.desk.store._fetch(
                "SELECT game_id, phase_seq, user_id, at FROM phase_marks WHERE mark = 'missed'", ()
            )
            settings = await pp.settings_of(bot.desk.store, {int(m["user_id"]) for m in marks})
            deadlines: dict[tuple[int, int], bool] = {}
            for m in marks:
                key = (int(m["game_id"]), int(m["phase_seq"]))
                asleep = night.asleep(settings[int(m["user_id"])], float(m["at"]))
                deadlines[key] = deadlines.get(key, False) or asleep
            expired, quiet = len(deadlines), sum(deadlines.values())
            calls = sum(
                "⌛ Last call" in m.content
                for w in worlds
                for m in [*w.messages(), *(d for a in [w.alien, *w.crew] for d in _dms(a))]
            )
        await bot.close()
    return expired, quiet, calls


def _dms(actor: Any) -> list[Any]:
    channel = actor.user.dm_channel
    return list(channel.history()) if channel is not None else []


async def _no_sleep(*_: object) -> None:
    return None


async def _no_calls(*_: object) -> None:
    return None


async def weeks(games_count: int) -> None:
    for name, sleeps in (("clock as it was", False), ("clock that sleeps", True)):
        expired, quiet, calls = await week(games_count, sleeps)
        print(
            f"a week, {name}: {expired} deadlines passed, {quiet} inside someone's quiet "
            f"hours, {calls} last calls sent"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--users", type=int, default=5_000)
    parser.add_argument("--ticks", type=int, default=30)
    parser.add_argument("--week-games", type=int, default=12)
    parser.add_argument("--week-only", action="store_true", help="skip the tick timings")
    args = parser.parse_args()
    if not args.week_only:
        asyncio.run(measure(args))
    asyncio.run(weeks(args.week_games))


if __name__ == "__main__":
    main()
